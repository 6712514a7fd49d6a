/**
 * The OAuth partner pages and the dashboard over plain HTTP (test/e2e/oauth/oauth-http): a cookie jar, fetch
 * without following redirects (so that redirects, and the absence of one, are seen), the forms' hidden fields
 * and CSRF tokens, the consent flow to a code, the partners' token endpoint, and a connected partner token.
 *
 *   const server = useTestServer({ oauthPartners: [ZAPIER, MAKE], trustProxy: 'loopback' });
 *   const { signIn, issueCode, token } = oauthPages(() => server);
 */
import { createHash } from 'node:crypto';
import { createProgram, type ProgramFixture } from './factories';
import { SIGN_IN } from './graphql-documents';
import { dataOf } from './graphql/typed-document';
import type { TestServer } from './server';
import { uniq } from './spec-client';
import { testSql } from '../tenancy/tenancy-check.cjs';

export const PASSWORD = 'correct horse battery';
export const CONSENT = '/connect/zapier/choose-affiliate-program';
export const CB = 'https://zapier.example/oauth/callback';
export const CB_WITH_QUERY = 'https://zapier.example/oauth/cb2?tenant=1';
export const MAKE_CB = 'https://make.example/oauth/callback';
export const ZAPIER = { name: 'zapier', clientId: 'zap-client', clientSecret: 'zap-secret', redirectUris: [CB, CB_WITH_QUERY] };
/** A second partner; its secret needs form-urlencoding in HTTP Basic (RFC 6749 §2.3.1 / Appendix B). */
export const MAKE = { name: 'make', clientId: 'make client', clientSecret: 'm@ke secret+/:%&=', redirectUris: [MAKE_CB, CB] };

export const b64url = (b: Buffer) => b.toString('base64url');

export class Jar {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  absorb(setCookies: string[]) {
    for (const c of setCookies) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const maxAge = attrs.map((a) => a.trim()).find((a) => /^max-age=/i.test(a));
      if (value === '' || (maxAge && Number(maxAge.split('=')[1]) <= 0)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    const v = this.cookies.get(name);
    return v === undefined ? undefined : decodeURIComponent(v);
  }
  clone() {
    const j = new Jar();
    for (const [k, v] of this.cookies) j.cookies.set(k, v);
    return j;
  }
}

export interface PageRes {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  location: string | null;
  setCookies: string[];
}

export const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Hidden inputs of the first form whose action matches, as name → value. */
export function hiddenFields(html: string, action?: string): Record<string, string> {
  let scope = html;
  if (action) {
    const i = html.indexOf(`action="${action}"`);
    if (i < 0) throw new Error(`no form with action ${action} in:\n${html}`);
    scope = html.slice(i, html.indexOf('</form>', i));
  }
  const out: Record<string, string> = {};
  for (const m of scope.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[m[1]] = unescapeHtml(m[2]);
  return out;
}
export const csrfOf = (html: string) => {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no csrf field in:\n${html}`);
  return unescapeHtml(m[1]);
};

export function consentPath(q: Record<string, string | undefined>, partner = 'zapier') {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) u.append(k, v);
  return `/connect/${partner}/choose-affiliate-program?${u}`;
}

export const basic = (id: string, secret: string) => {
  // RFC 6749 §2.3.1: each part is application/x-www-form-urlencoded (Appendix B) before base64.
  const enc = (v: string) => new URLSearchParams({ v }).toString().slice(2);
  return { authorization: `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}` };
};

export const sha256hex = (v: string) => createHash('sha256').update(v).digest('hex');

export interface Connected {
  owner: ProgramFixture;
  jar: Jar;
  accessToken: string;
}

export const gqlCode = (res: { body: { errors?: any[] } }) => res.body.errors?.[0]?.extensions?.code;

export function expectErrorPage(res: PageRes, status: number) {
  expect({ status: res.status, location: res.location }).toEqual({ status, location: null });
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.text).toMatch(/role="alert"/);
  expect(res.text).not.toMatch(/name="programId"/);
}

// ---------------------------------------------------------------------------------------------------------

/** The page helpers bound to a test server: requests, sign-in, consent, codes, the token endpoint. */
export function oauthPages(server: () => TestServer) {
  async function send(
    method: string,
    path: string,
    opts: { jar?: Jar; form?: Record<string, string | undefined>; headers?: Record<string, string> } = {},
  ): Promise<PageRes> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const cookie = opts.jar?.header();
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (opts.form) {
      const f = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.form)) if (v !== undefined) f.append(k, v);
      body = f.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(server().url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const setCookies = res.headers.getSetCookie();
    opts.jar?.absorb(setCookies);
    return { status: res.status, headers: res.headers, text, json, location: res.headers.get('location'), setCookies };
  }

  /** Signs in through the pages: GET /login (csrf cookie + field), POST /login. */
  async function signIn(email: string, opts: { jar?: Jar; next?: string; headers?: Record<string, string> } = {}) {
    const jar = opts.jar ?? new Jar();
    const form = await send('GET', '/login', { jar, headers: opts.headers });
    expect(form.status).toBe(200);
    const res = await send('POST', '/login', { jar, headers: opts.headers, form: { csrf: csrfOf(form.text), next: opts.next, email, password: PASSWORD } });
    expect(res.status).toBe(303);
    expect(jar.get('sid')).toBeTruthy();
    return { jar, res };
  }

  /** Opens the consent page and submits it. Returns the redirect target. */
  async function consent(
    jar: Jar,
    opts: {
      programId?: string;
      action?: string;
      query?: Record<string, string | undefined>;
      partner?: string;
      override?: Record<string, string | undefined>;
    } = {},
  ) {
    const q = { state: `st-${uniq()}`, redirect_uri: CB, ...(opts.query ?? {}) };
    const page = await send('GET', consentPath(q, opts.partner), { jar });
    expect(page.status).toBe(200);
    const fields = hiddenFields(page.text, `/connect/${opts.partner ?? 'zapier'}/choose-affiliate-program`);
    const res = await send('POST', `/connect/${opts.partner ?? 'zapier'}/choose-affiliate-program`, {
      jar,
      form: { ...fields, programId: opts.programId, action: opts.action ?? 'connect', ...(opts.override ?? {}) },
    });
    return { page, res, state: q.state, location: res.location ? new URL(res.location) : null };
  }

  /** Runs the consent flow to a code. */
  async function issueCode(jar: Jar, programId: string, query: Record<string, string | undefined> = {}, partner = 'zapier') {
    const r = await consent(jar, { programId, query, partner });
    expect(r.res.status).toBe(303);
    const code = r.location?.searchParams.get('code');
    if (!code) throw new Error(`no code in redirect: ${r.res.status} ${r.res.location} ${r.res.text}`);
    return { code, state: r.state, location: r.location! };
  }

  async function token(form: Record<string, string | undefined>, opts: { partner?: string; headers?: Record<string, string> } = {}) {
    return send('POST', `/api/${opts.partner ?? 'zapier'}/token`, { form, headers: opts.headers });
  }

  async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
    return (await server().runtime.orm.em.fork().getConnection().execute(testSql(query), params)) as T[];
  }

  const codeCount = async () => Number((await sql<{ n: string }>('select count(*)::int as n from oauth_codes'))[0].n);

  /** An owner with a program, signed in, who connected zapier: a working partner token. */
  async function connected(settings: Record<string, unknown> = {}): Promise<Connected> {
    const owner = await createProgram(server(), settings);
    const { jar } = await signIn(owner.ownerEmail);
    const { code } = await issueCode(jar, owner.programId);
    const t = await token({ code, grant_type: 'authorization_code', redirect_uri: CB, client_id: ZAPIER.clientId, client_secret: ZAPIER.clientSecret });
    expect(t.status).toBe(200);
    return { owner, jar, accessToken: t.json.access_token };
  }

  const affiliatesWith = (accessToken: string) => server().api('GET', '/affiliates', { token: accessToken });

  async function graphqlSession(email: string) {
    const res = await server().graphql(SIGN_IN, { input: { email, password: PASSWORD } });
    expect(res.body.errors).toBeUndefined();
    return dataOf(res).signIn.token;
  }

  return { send, signIn, consent, issueCode, token, sql, codeCount, connected, affiliatesWith, graphqlSession };
}
