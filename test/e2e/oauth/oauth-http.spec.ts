/**
 * OAuth partner flow (spec section 5, DESIGN.md "Tenancy and credentials") and the dashboard pages, over plain
 * HTTP against the real app on a real PostgreSQL: consent page refusals, sign-in round trip, CSRF, codes
 * (RFC 6749 / RFC 7636 / RFC 9700), the token endpoint, partner scope on /api/v1, revocation (pages and
 * GraphQL), API keys through the pages, cookies and framing headers, and the development partner.
 *
 * Every page request uses fetch with redirect: 'manual' so that redirects (and the absence of one) are seen.
 */
import { createHash, randomBytes } from 'node:crypto';
import { startTestServer, type TestServer } from '../../helpers/server';
import { createAffiliate, createProgram, type ProgramFixture } from '../../helpers/factories';
import { startReceiver } from '../../helpers/webhook-receiver';
import { PartnerRegistry } from '../../../src/modules/oauth/partners';
import { loadConfig } from '../../../src/config/config';

const PASSWORD = 'correct horse battery';
const CONSENT = '/connect/zapier/choose-affiliate-program';
const CB = 'https://zapier.example/oauth/callback';
const CB_WITH_QUERY = 'https://zapier.example/oauth/cb2?tenant=1';
const MAKE_CB = 'https://make.example/oauth/callback';
const ZAPIER = { name: 'zapier', clientId: 'zap-client', clientSecret: 'zap-secret', redirectUris: [CB, CB_WITH_QUERY] };
/** A second partner; its secret needs form-urlencoding in HTTP Basic (RFC 6749 §2.3.1 / Appendix B). */
const MAKE = { name: 'make', clientId: 'make client', clientSecret: 'm@ke secret+/:%&=', redirectUris: [MAKE_CB, CB] };

const uniq = () => randomBytes(4).toString('hex');
const b64url = (b: Buffer) => b.toString('base64url');

let server: TestServer;
beforeAll(async () => {
  // Behind a TLS-terminating proxy on loopback, named by TRUST_PROXY (its X-Forwarded-Proto is believed).
  server = await startTestServer({ oauthPartners: [ZAPIER, MAKE], trustProxy: 'loopback' });
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------------------
// HTTP helpers: a cookie jar and fetch without following redirects

class Jar {
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

interface PageRes {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  location: string | null;
  setCookies: string[];
}

async function send(method: string, path: string, opts: { jar?: Jar; form?: Record<string, string | undefined>; headers?: Record<string, string> } = {}): Promise<PageRes> {
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
  const res = await fetch(server.url + path, { method, headers, body, redirect: 'manual' });
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

const unescapeHtml = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Hidden inputs of the first form whose action matches, as name → value. */
function hiddenFields(html: string, action?: string): Record<string, string> {
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
const csrfOf = (html: string) => {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no csrf field in:\n${html}`);
  return unescapeHtml(m[1]);
};

function consentPath(q: Record<string, string | undefined>, partner = 'zapier') {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) u.append(k, v);
  return `/connect/${partner}/choose-affiliate-program?${u}`;
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
async function consent(jar: Jar, opts: { programId?: string; action?: string; query?: Record<string, string | undefined>; partner?: string; override?: Record<string, string | undefined> } = {}) {
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

const basic = (id: string, secret: string) => {
  // RFC 6749 §2.3.1: each part is application/x-www-form-urlencoded (Appendix B) before base64.
  const enc = (v: string) => new URLSearchParams({ v }).toString().slice(2);
  return { authorization: `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}` };
};

async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.runtime.orm.em.fork().getConnection().execute(query, params)) as T[];
}
const sha256hex = (v: string) => createHash('sha256').update(v).digest('hex');
const codeCount = async () => Number((await sql<{ n: string }>('select count(*)::int as n from oauth_codes'))[0].n);

interface Connected {
  owner: ProgramFixture;
  jar: Jar;
  accessToken: string;
}
/** An owner with a program, signed in, who connected zapier: a working partner token. */
async function connected(settings: Record<string, unknown> = {}): Promise<Connected> {
  const owner = await createProgram(server, settings);
  const { jar } = await signIn(owner.ownerEmail);
  const { code } = await issueCode(jar, owner.programId);
  const t = await token({ code, grant_type: 'authorization_code', redirect_uri: CB, client_id: ZAPIER.clientId, client_secret: ZAPIER.clientSecret });
  expect(t.status).toBe(200);
  return { owner, jar, accessToken: t.json.access_token };
}

const affiliatesWith = (accessToken: string) => server.api('GET', '/affiliates', { token: accessToken });

const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { token } }`;
const CONNECTIONS = `query($p: ID!) { connections(programId: $p) { id programId partner prefix createdAt lastUsedAt revokedAt } }`;
const REVOKE = `mutation($id: ID!) { revokeConnection(id: $id) { id partner revokedAt } }`;
async function graphqlSession(email: string) {
  const res = await server.graphql(SIGN_IN, { input: { email, password: PASSWORD } });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.signIn.token as string;
}
const gqlCode = (res: { body: { errors?: any[] } }) => res.body.errors?.[0]?.extensions?.code;

function expectErrorPage(res: PageRes, status: number) {
  expect({ status: res.status, location: res.location }).toEqual({ status, location: null });
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.text).toMatch(/role="alert"/);
  expect(res.text).not.toMatch(/name="programId"/);
}

// ---------------------------------------------------------------------------------------------------------

describe('partners (OAUTH_PARTNERS)', () => {
  test('configured partners are used as given and no development partner is added', () => {
    expect(server.runtime.partners.generated).toBeUndefined();
    expect(server.runtime.partners.get('zapier')).toEqual(ZAPIER);
    expect(server.runtime.partners.get('make')).toEqual(MAKE);
  });

  test('OAUTH_PARTNERS is read as a JSON list', () => {
    const cfg = loadConfig({ NODE_ENV: 'production', OAUTH_PARTNERS: JSON.stringify([ZAPIER]) });
    expect(cfg.oauthPartners).toEqual([ZAPIER]);
  });

  test('no development partner in production', () => {
    const reg = new PartnerRegistry({ oauthPartners: [], env: 'production', port: 3000 });
    expect(reg.generated).toBeUndefined();
    expect(reg.get('zapier')).toBeUndefined();
  });

  test('outside production with no partners configured, a development zapier partner exists and completes the flow', async () => {
    const dev = await startTestServer({ oauthPartners: [] });
    try {
      const gen = dev.runtime.partners.generated;
      expect(gen).toBeDefined();
      expect(gen!.name).toBe('zapier');
      expect(gen!.clientSecret.length).toBeGreaterThanOrEqual(16);
      expect(gen!.redirectUris.length).toBeGreaterThan(0);
      for (const u of gen!.redirectUris) expect(['localhost', '127.0.0.1', '[::1]']).toContain(new URL(u).hostname);
      const redirectUri = gen!.redirectUris[0];

      const owner = await createProgram(dev, { name: 'Dev shop' });
      const go = async (method: string, path: string, jar: Jar, form?: Record<string, string>) => {
        const res = await fetch(dev.url + path, {
          method,
          redirect: 'manual',
          headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          body: form ? new URLSearchParams(form).toString() : undefined,
        });
        jar.absorb(res.headers.getSetCookie());
        return { status: res.status, location: res.headers.get('location'), text: await res.text() };
      };
      const jar = new Jar();
      const path = `/connect/zapier/choose-affiliate-program?${new URLSearchParams({ state: 'dev-state', redirect_uri: redirectUri })}`;
      const first = await go('GET', path, jar);
      expect(first.status).toBe(303);
      expect(first.location).toBe(`/login?next=${encodeURIComponent(path)}`);
      const login = await go('GET', first.location!, jar);
      const signedIn = await go('POST', '/login', jar, { csrf: csrfOf(login.text), next: path, email: owner.ownerEmail, password: PASSWORD });
      expect(signedIn).toMatchObject({ status: 303, location: path });
      const page = await go('GET', path, jar);
      expect(page.status).toBe(200);
      const done = await go('POST', '/connect/zapier/choose-affiliate-program', jar, { ...hiddenFields(page.text, '/connect/zapier/choose-affiliate-program'), programId: owner.programId, action: 'connect' });
      expect(done.status).toBe(303);
      const loc = new URL(done.location!);
      expect(loc.origin + loc.pathname).toBe(redirectUri);
      expect(loc.searchParams.get('state')).toBe('dev-state');
      const t = await fetch(`${dev.url}/api/zapier/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ code: loc.searchParams.get('code')!, client_id: gen!.clientId, client_secret: gen!.clientSecret, redirect_uri: redirectUri }).toString(),
      });
      expect(t.status).toBe(200);
      const { access_token } = (await t.json()) as { access_token: string };
      const api = await dev.api('GET', '/affiliates', { token: access_token });
      expect(api.status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});

describe('consent page: refusals never redirect', () => {
  let signedInJar: Jar;
  beforeAll(async () => {
    const owner = await createProgram(server);
    signedInJar = (await signIn(owner.ownerEmail)).jar;
  });

  const cases: Array<[string, string, number, Record<string, string | undefined>]> = [
    ['an unknown partner', 'hubspot', 404, { state: 's', redirect_uri: CB }],
    ['a missing state', 'zapier', 400, { redirect_uri: CB }],
    ['an empty state', 'zapier', 400, { state: '', redirect_uri: CB }],
    ['a missing redirect_uri', 'zapier', 400, { state: 's' }],
    ['an unregistered host', 'zapier', 400, { state: 's', redirect_uri: 'https://evil.example/oauth/callback' }],
    ['a registered URI with a trailing slash', 'zapier', 400, { state: 's', redirect_uri: `${CB}/` }],
    ['a registered URI with a longer path', 'zapier', 400, { state: 's', redirect_uri: `${CB}/../../evil` }],
    ['a registered URI as a prefix', 'zapier', 400, { state: 's', redirect_uri: `${CB}x` }],
    ['a registered URI with an added query', 'zapier', 400, { state: 's', redirect_uri: `${CB}?next=https://evil.example` }],
    ['a registered URI with a fragment', 'zapier', 400, { state: 's', redirect_uri: `${CB}#x` }],
    ['a registered URI over http', 'zapier', 400, { state: 's', redirect_uri: CB.replace('https:', 'http:') }],
    ['a registered URI with an upper-case host', 'zapier', 400, { state: 's', redirect_uri: CB.replace('zapier.example', 'ZAPIER.example') }],
    ['a registered URI with an explicit port', 'zapier', 400, { state: 's', redirect_uri: CB.replace('zapier.example', 'zapier.example:443') }],
    ['a registered URI with user info', 'zapier', 400, { state: 's', redirect_uri: CB.replace('https://', 'https://evil.example@') }],
    ['a URI registered only for another partner', 'zapier', 400, { state: 's', redirect_uri: MAKE_CB }],
    ['a mismatched client_id', 'zapier', 400, { state: 's', redirect_uri: CB, client_id: 'someone-else' }],
  ];

  test.each(cases)('GET with %s is an error page (signed out)', async (_what, partner, status, q) => {
    const res = await send('GET', consentPath(q, partner));
    expectErrorPage(res, status);
  });

  test.each(cases)('GET with %s is an error page (signed in)', async (_what, partner, status, q) => {
    const res = await send('GET', consentPath(q, partner), { jar: signedInJar });
    expectErrorPage(res, status);
  });

  test('duplicated redirect_uri or state parameters are refused', async () => {
    const dupRedirect = await send('GET', `${CONSENT}?state=s&redirect_uri=${encodeURIComponent(CB)}&redirect_uri=${encodeURIComponent('https://evil.example/')}`, { jar: signedInJar });
    expectErrorPage(dupRedirect, 400);
    const dupState = await send('GET', `${CONSENT}?state=a&state=b&redirect_uri=${encodeURIComponent(CB)}`, { jar: signedInJar });
    expectErrorPage(dupState, 400);
  });

  test('POST (Connect) with an unregistered redirect_uri or no state is refused and issues no code', async () => {
    const owner = await createProgram(server);
    const { jar } = await signIn(owner.ownerEmail);
    const before = await codeCount();
    const badRedirect = await consent(jar, { programId: owner.programId, override: { redirect_uri: 'https://evil.example/cb' } });
    expectErrorPage(badRedirect.res, 400);
    const noState = await consent(jar, { programId: owner.programId, override: { state: undefined } });
    expectErrorPage(noState.res, 400);
    const cancelBadRedirect = await consent(jar, { programId: owner.programId, action: 'cancel', override: { redirect_uri: 'https://evil.example/cb' } });
    expectErrorPage(cancelBadRedirect.res, 400);
    const unknownPartner = await send('POST', '/connect/hubspot/choose-affiliate-program', {
      jar,
      form: { csrf: jar.get('csrf'), state: 's', redirect_uri: CB, programId: owner.programId, action: 'connect' },
    });
    expectErrorPage(unknownPartner, 404);
    expect(await codeCount()).toBe(before);
  });
});

describe('sign-in round trip and open redirects', () => {
  test('consent while signed out sends to /login with next, and sign-in comes back to the same consent URL', async () => {
    const owner = await createProgram(server, { name: `Round trip ${uniq()}` });
    const path = consentPath({ state: 'abc 123/?&=', redirect_uri: CB });
    const jar = new Jar();
    const first = await send('GET', path, { jar });
    expect(first.status).toBe(303);
    const loginUrl = new URL(first.location!, server.url);
    expect(loginUrl.pathname).toBe('/login');
    expect(loginUrl.searchParams.get('next')).toBe(path);
    const form = await send('GET', loginUrl.pathname + loginUrl.search, { jar });
    expect(form.status).toBe(200);
    expect(hiddenFields(form.text, '/login').next).toBe(path);
    const posted = await send('POST', '/login', { jar, form: { ...hiddenFields(form.text, '/login'), email: owner.ownerEmail, password: PASSWORD } });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(path);
    const page = await send('GET', posted.location!, { jar });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`value="${owner.programId}"`);
    expect(hiddenFields(page.text, CONSENT).state).toBe('abc 123/?&=');
  });

  test.each([
    ['protocol-relative', '//evil.example/x'],
    ['absolute https', 'https://evil.example/'],
    ['absolute http', 'http://evil.example'],
    ['backslash', '/\\evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['scheme-less host', 'evil.example'],
    ['tab-prefixed protocol-relative', '/\t/evil.example'],
  ])('next=%s after sign-in goes to /dashboard', async (_what, next) => {
    const owner = await createProgram(server);
    const jar = new Jar();
    const form = await send('GET', `/login?next=${encodeURIComponent(next)}`, { jar });
    expect(hiddenFields(form.text, '/login').next).toBe('/dashboard');
    const res = await send('POST', '/login', { jar, form: { csrf: csrfOf(form.text), next, email: owner.ownerEmail, password: PASSWORD } });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/dashboard');
  });

  test('a wrong password is a 401 page with an alert and sets no session', async () => {
    const owner = await createProgram(server);
    const jar = new Jar();
    const form = await send('GET', '/login', { jar });
    const res = await send('POST', '/login', { jar, form: { csrf: csrfOf(form.text), email: owner.ownerEmail, password: 'wrong password!' } });
    expect(res.status).toBe(401);
    expect(res.location).toBeNull();
    expect(res.text).toMatch(/role="alert"/);
    expect(res.setCookies.some((c) => c.startsWith('sid='))).toBe(false);
    expect(jar.get('sid')).toBeUndefined();
  });

  test('POST /login without the CSRF token is refused (403 page, no session)', async () => {
    const owner = await createProgram(server);
    const res = await send('POST', '/login', { form: { email: owner.ownerEmail, password: PASSWORD } });
    expectErrorPage(res, 403);
    expect(res.setCookies.some((c) => c.startsWith('sid='))).toBe(false);
  });
});

describe('consent page', () => {
  test('lists exactly the signed-in user’s programs with name, domain and logo, as labelled radios, with Connect and Cancel', async () => {
    const owner = await createProgram(server, { name: 'Acme Rockets', domain: 'acme.example', logoUrl: 'https://cdn.example/acme.png' });
    const em = server.runtime.orm.em.fork();
    const ctx = { em, actor: { kind: 'session' as const, credentialId: 'x', userId: (await sql<{ owner_id: string }>('select owner_id from programs where id = ?', [owner.programId]))[0].owner_id }, requestId: 't', log: server.runtime.log, programs: new Map() };
    const second = await server.runtime.services.programs.createProgram(ctx, { name: 'Beta <Boats> & "Co"', domain: 'beta.example', logoUrl: 'https://cdn.example/beta.png', baseUrls: ['https://beta.example'] });
    const stranger = await createProgram(server, { name: 'Stranger Things Shop', domain: 'stranger.example' });

    const { jar } = await signIn(owner.ownerEmail);
    const page = await send('GET', consentPath({ state: 's1', redirect_uri: CB }), { jar });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const radios = [...page.text.matchAll(/<input type="radio" name="programId" id="([^"]+)" value="([^"]+)"/g)].map((m) => ({ id: m[1], value: m[2] }));
    expect(radios.map((r) => r.value).sort()).toEqual([owner.programId, second.id].sort());
    for (const r of radios) expect(page.text).toMatch(new RegExp(`<label for="${r.id}">`));
    expect(page.text).toContain('Acme Rockets');
    expect(page.text).toContain('acme.example');
    expect(page.text).toContain('<img src="https://cdn.example/acme.png"');
    expect(page.text).toContain('Beta &lt;Boats&gt; &amp; &quot;Co&quot;');
    expect(page.text).not.toContain('Beta <Boats>');
    expect(page.text).toContain('beta.example');
    expect(page.text).toContain('<img src="https://cdn.example/beta.png"');
    expect(page.text).not.toContain(stranger.programId);
    expect(page.text).not.toContain('Stranger Things Shop');
    expect(page.text).toMatch(/<button type="submit" name="action" value="connect">Connect<\/button>/);
    expect(page.text).toMatch(/<button type="submit" name="action" value="cancel"[^>]*>Cancel<\/button>/);
    const fields = hiddenFields(page.text, CONSENT);
    expect(fields).toMatchObject({ state: 's1', redirect_uri: CB });
    expect(fields.csrf).toBe(jar.get('csrf'));
    expect(page.text).toMatch(/<html lang="en">/);
  });

  test('state is escaped on the page and returned byte for byte', async () => {
    const owner = await createProgram(server);
    const { jar } = await signIn(owner.ownerEmail);
    const state = `"><script>alert(1)</script> é &x=1 ${uniq()}`;
    const r = await consent(jar, { programId: owner.programId, query: { state } });
    expect(r.page.text).not.toContain('<script>alert(1)</script>');
    expect(r.res.status).toBe(303);
    expect(r.location!.searchParams.get('state')).toBe(state);
  });

  test('Connect redirects to redirect_uri?code=…&state=… with a fresh ≥128-bit code bound to partner, redirect URI, user and program, valid 10 minutes', async () => {
    const owner = await createProgram(server);
    const ownerId = (await sql<{ owner_id: string }>('select owner_id from programs where id = ?', [owner.programId]))[0].owner_id;
    const { jar } = await signIn(owner.ownerEmail);
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const before = Date.now();
      const { code, state, location } = await issueCode(jar, owner.programId);
      expect(location.origin + location.pathname).toBe(CB);
      expect([...location.searchParams.keys()].sort()).toEqual(['code', 'state']);
      expect(location.searchParams.get('state')).toBe(state);
      // entropy: the alphabet bounds the bits per character
      const bitsPerChar = /^[0-9a-f]+$/.test(code) ? 4 : /^[A-Za-z0-9_-]+$/.test(code) ? 6 : 0;
      expect(bitsPerChar).toBeGreaterThan(0);
      expect(code.length * bitsPerChar).toBeGreaterThanOrEqual(128);
      codes.add(code);
      const rows = await sql<{ program_id: string; user_id: string; partner: string; redirect_uri: string; expires_at: Date; used_at: Date | null }>(
        'select program_id, user_id, partner, redirect_uri, expires_at, used_at from oauth_codes where code_hash = ?',
        [sha256hex(code)],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ program_id: owner.programId, user_id: ownerId, partner: 'zapier', redirect_uri: CB, used_at: null });
      const ttl = new Date(rows[0].expires_at).getTime() - before;
      expect(ttl).toBeGreaterThan(9.5 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    }
    expect(codes.size).toBe(3);
  });

  test('a registered redirect URI with its own query keeps it, code and state added', async () => {
    const owner = await createProgram(server);
    const { jar } = await signIn(owner.ownerEmail);
    const { location, state } = await issueCode(jar, owner.programId, { redirect_uri: CB_WITH_QUERY });
    expect(location.origin + location.pathname).toBe('https://zapier.example/oauth/cb2');
    expect(location.searchParams.get('tenant')).toBe('1');
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('code')).toBeTruthy();
  });

  test('Cancel redirects with error=access_denied and the state, and issues no code', async () => {
    const owner = await createProgram(server);
    const { jar } = await signIn(owner.ownerEmail);
    const before = await codeCount();
    const r = await consent(jar, { programId: owner.programId, action: 'cancel' });
    expect(r.res.status).toBe(303);
    expect(r.location!.origin + r.location!.pathname).toBe(CB);
    expect(Object.fromEntries(r.location!.searchParams)).toEqual({ error: 'access_denied', state: r.state });
    expect(await codeCount()).toBe(before);
  });

  test('a user with no program sees no program and can only cancel', async () => {
    const email = `noprog-${uniq()}@example.com`;
    await server.runtime.services.users.signUp(server.runtime.orm.em.fork(), { email, password: PASSWORD, name: 'Nobody' });
    const { jar } = await signIn(email);
    const page = await send('GET', consentPath({ state: 's', redirect_uri: CB }), { jar });
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/name="programId"/);
    expect(page.text).not.toMatch(/value="connect"/);
    expect(page.text).toMatch(/value="cancel"/);
  });

  test('a user cannot connect another user’s program (400 page, no redirect, no code)', async () => {
    const victim = await createProgram(server);
    const attacker = await createProgram(server);
    const { jar } = await signIn(attacker.ownerEmail);
    const before = await codeCount();
    const r = await consent(jar, { programId: victim.programId });
    expectErrorPage(r.res, 400);
    const none = await consent(jar, { programId: undefined });
    expectErrorPage(none.res, 400);
    const garbage = await consent(jar, { programId: 'not-a-uuid' });
    expectErrorPage(garbage.res, 400);
    expect(await codeCount()).toBe(before);
  });

  describe('CSRF (double submit)', () => {
    let owner: ProgramFixture;
    let jar: Jar;
    let fields: Record<string, string>;
    beforeAll(async () => {
      owner = await createProgram(server);
      jar = (await signIn(owner.ownerEmail)).jar;
      const page = await send('GET', consentPath({ state: 'csrf-test', redirect_uri: CB }), { jar });
      fields = hiddenFields(page.text, CONSENT);
    });

    test('a cross-site POST (session cookie only, no CSRF cookie or field) is a 403 page and issues no code', async () => {
      const before = await codeCount();
      const sessionOnly = new Jar();
      sessionOnly.cookies.set('sid', jar.cookies.get('sid')!);
      const res = await send('POST', CONSENT, {
        jar: sessionOnly,
        headers: { origin: 'https://evil.example', referer: 'https://evil.example/attack.html' },
        form: { state: 'csrf-test', redirect_uri: CB, programId: owner.programId, action: 'connect' },
      });
      expectErrorPage(res, 403);
      expect(await codeCount()).toBe(before);
    });

    test('the field without the cookie is refused', async () => {
      const sessionOnly = new Jar();
      sessionOnly.cookies.set('sid', jar.cookies.get('sid')!);
      const res = await send('POST', CONSENT, { jar: sessionOnly, form: { ...fields, programId: owner.programId, action: 'connect' } });
      expectErrorPage(res, 403);
    });

    test('the cookie without the field is refused', async () => {
      const res = await send('POST', CONSENT, { jar, form: { ...fields, csrf: undefined, programId: owner.programId, action: 'connect' } });
      expectErrorPage(res, 403);
    });

    test('a field that does not match the cookie is refused (also one from another browser)', async () => {
      const other = await send('GET', '/login');
      const otherCsrf = csrfOf(other.text);
      expect(otherCsrf).not.toBe(fields.csrf);
      for (const csrf of [otherCsrf, fields.csrf.slice(0, -1) + (fields.csrf.endsWith('A') ? 'B' : 'A'), fields.csrf + 'x', '']) {
        const res = await send('POST', CONSENT, { jar, form: { ...fields, csrf, programId: owner.programId, action: 'connect' } });
        expectErrorPage(res, 403);
      }
    });

    test('cancel also needs the token (no redirect without it)', async () => {
      const res = await send('POST', CONSENT, { jar, form: { ...fields, csrf: undefined, action: 'cancel' } });
      expectErrorPage(res, 403);
    });

    test('with the matching token the same request works (the refusals above are about CSRF only)', async () => {
      const res = await send('POST', CONSENT, { jar, form: { ...fields, programId: owner.programId, action: 'connect' } });
      expect(res.status).toBe(303);
      expect(new URL(res.location!).searchParams.get('code')).toBeTruthy();
    });
  });
});

describe('token endpoint', () => {
  let owner: ProgramFixture;
  let jar: Jar;
  beforeAll(async () => {
    owner = await createProgram(server);
    jar = (await signIn(owner.ownerEmail)).jar;
  });
  const code = async (query: Record<string, string | undefined> = {}, partner = 'zapier') => (await issueCode(jar, owner.programId, query, partner)).code;

  test('a valid code gives {"access_token", "token_type": "Bearer"}, not cached, with no expiry and no refresh token', async () => {
    const res = await token({ code: await code() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer' });
    expect(res.json.access_token.length).toBeGreaterThanOrEqual(32);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect((await affiliatesWith(res.json.access_token)).status).toBe(200);
  });

  test('without code: 400 {"error": "Code is required"}', async () => {
    for (const form of [{}, { code: '' }, { grant_type: 'authorization_code', redirect_uri: CB }]) {
      const res = await token(form);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: 'Code is required' });
    }
    const noBody = await fetch(`${server.url}/api/zapier/token`, { method: 'POST', redirect: 'manual' });
    expect(noBody.status).toBe(400);
    expect(await noBody.json()).toEqual({ error: 'Code is required' });
  });

  test('an unknown code: 400 {"error": "Invalid code"}', async () => {
    for (const c of ['nope', b64url(randomBytes(32)), 'x'.repeat(5000)]) {
      const res = await token({ code: c });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: 'Invalid code' });
    }
  });

  test('a code at an unknown partner’s token endpoint is refused', async () => {
    const c = await code();
    const res = await token({ code: c }, { partner: 'hubspot' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Invalid code' });
  });

  test('a code is single use; a second use is refused and revokes the token issued from it', async () => {
    const c = await code();
    const first = await token({ code: c });
    expect(first.status).toBe(200);
    const accessToken = first.json.access_token;
    expect((await affiliatesWith(accessToken)).status).toBe(200);
    const second = await token({ code: c });
    expect(second.status).toBe(400);
    expect(second.json).toEqual({ error: 'Invalid code' });
    const after = await affiliatesWith(accessToken);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
    const third = await token({ code: c });
    expect(third.json).toEqual({ error: 'Invalid code' });
    const rows = await sql<{ revoked_at: Date | null }>('select revoked_at from oauth_tokens where token_hash = ?', [sha256hex(accessToken)]);
    expect(rows).toHaveLength(1);
    expect(rows[0].revoked_at).not.toBeNull();
  });

  test('concurrent redemptions of one code yield at most one token', async () => {
    const c = await code();
    const results = await Promise.all(Array.from({ length: 5 }, () => token({ code: c })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.json).toEqual({ error: 'Invalid code' });
  });

  test('a code is bound to its partner: another configured partner cannot redeem it', async () => {
    const c = await code();
    const asMake = await token({ code: c, client_id: MAKE.clientId, client_secret: MAKE.clientSecret, redirect_uri: CB }, { partner: 'make' });
    expect(asMake.status).toBe(400);
    expect(asMake.json).toEqual({ error: 'Invalid code' });
    const asMakeBasic = await token({ code: c, redirect_uri: CB }, { partner: 'make', headers: basic(MAKE.clientId, MAKE.clientSecret) });
    expect(asMakeBasic.status).toBe(400);
    expect(asMakeBasic.json).toEqual({ error: 'Invalid code' });
    // and a make code is not redeemable at zapier
    const makeCode = await code({ redirect_uri: CB }, 'make');
    const atZapier = await token({ code: makeCode, redirect_uri: CB });
    expect(atZapier.json).toEqual({ error: 'Invalid code' });
  });

  test('redirect_uri at the token endpoint must be the one the code was issued for', async () => {
    for (const wrong of [`${CB}/`, CB_WITH_QUERY, 'https://evil.example/oauth/callback', '']) {
      const c = await code();
      const res = await token({ code: c, redirect_uri: wrong });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: 'Invalid code' });
    }
    const c = await code({ redirect_uri: CB_WITH_QUERY });
    expect((await token({ code: c, redirect_uri: CB })).json).toEqual({ error: 'Invalid code' });
    const ok = await code({ redirect_uri: CB_WITH_QUERY });
    expect((await token({ code: ok, redirect_uri: CB_WITH_QUERY })).status).toBe(200);
  });

  test('client_id / client_secret in the form must match the partner', async () => {
    const cases: Array<Record<string, string>> = [
      { client_id: 'someone-else', client_secret: ZAPIER.clientSecret },
      { client_id: ZAPIER.clientId, client_secret: 'wrong-secret' },
      { client_id: ZAPIER.clientId, client_secret: '' },
      { client_secret: 'zap-secreT' },
      { client_id: MAKE.clientId, client_secret: MAKE.clientSecret },
    ];
    for (const creds of cases) {
      const res = await token({ code: await code(), ...creds });
      expect({ creds, status: res.status }).toEqual({ creds, status: 400 });
      expect(res.json?.access_token).toBeUndefined();
      expect(typeof res.json?.error).toBe('string');
    }
    const ok = await token({ code: await code(), client_id: ZAPIER.clientId, client_secret: ZAPIER.clientSecret, redirect_uri: CB, grant_type: 'authorization_code' });
    expect(ok.status).toBe(200);
  });

  test('HTTP Basic client credentials must match the partner', async () => {
    for (const [id, secret] of [['zap-client', 'wrong'], ['other', 'zap-secret'], ['zap-client', '']]) {
      const res = await token({ code: await code() }, { headers: basic(id, secret) });
      expect({ id, secret, status: res.status }).toEqual({ id, secret, status: 400 });
      expect(res.json?.access_token).toBeUndefined();
    }
    const ok = await token({ code: await code() }, { headers: basic(ZAPIER.clientId, ZAPIER.clientSecret) });
    expect(ok.status).toBe(200);
  });

  test('credentials sent both ways must all match: a wrong client_secret/client_id in the form is refused even with a right Basic header', async () => {
    for (const form of [{ client_secret: 'wrong' }, { client_id: 'someone-else' }]) {
      const res = await token({ code: await code(), ...form }, { headers: basic(ZAPIER.clientId, ZAPIER.clientSecret) });
      expect({ form, status: res.status }).toEqual({ form, status: 400 });
      expect(res.json?.access_token).toBeUndefined();
    }
  });

  test('HTTP Basic credentials are form-urlencoded before base64 (RFC 6749 §2.3.1): a secret with a space, +, :, % works', async () => {
    const c = await code({ redirect_uri: MAKE_CB }, 'make');
    const res = await token({ code: c, redirect_uri: MAKE_CB }, { partner: 'make', headers: basic(MAKE.clientId, MAKE.clientSecret) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer' });
  });

  test('a grant_type other than authorization_code issues nothing', async () => {
    for (const grant_type of ['client_credentials', 'refresh_token', 'password']) {
      const res = await token({ code: await code(), grant_type });
      expect(res.status).toBe(400);
      expect(res.json?.access_token).toBeUndefined();
    }
  });

  test('an expired code is 400 {"error": "Invalid code"}; one still inside its 10 minutes works', async () => {
    const expired = await code();
    const upd = await sql(`update oauth_codes set expires_at = now() - interval '1 second' where code_hash = ? returning code_hash`, [sha256hex(expired)]);
    expect(upd).toHaveLength(1);
    const res = await token({ code: expired });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Invalid code' });

    const nearlyExpired = await code();
    const upd2 = await sql(`update oauth_codes set expires_at = now() + interval '20 seconds', created_at = now() - interval '9 minutes' where code_hash = ? returning code_hash`, [sha256hex(nearlyExpired)]);
    expect(upd2).toHaveLength(1);
    expect((await token({ code: nearlyExpired })).status).toBe(200);
  });

  describe('PKCE (RFC 7636)', () => {
    const verifier = () => b64url(randomBytes(48));
    const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');

    test('the consent form carries the challenge through to the code', async () => {
      const v = verifier();
      const page = await send('GET', consentPath({ state: 'p', redirect_uri: CB, code_challenge: s256(v), code_challenge_method: 'S256' }), { jar });
      expect(hiddenFields(page.text, CONSENT)).toMatchObject({ code_challenge: s256(v), code_challenge_method: 'S256' });
    });

    test('S256: the right verifier works; a wrong or missing verifier is Invalid code', async () => {
      const v = verifier();
      const q = { code_challenge: s256(v), code_challenge_method: 'S256' };
      const missing = await token({ code: await code(q) });
      expect(missing.status).toBe(400);
      expect(missing.json).toEqual({ error: 'Invalid code' });
      const wrong = await token({ code: await code(q), code_verifier: verifier() });
      expect(wrong.json).toEqual({ error: 'Invalid code' });
      // the challenge itself is not a valid verifier under S256
      const challengeAsVerifier = await token({ code: await code(q), code_verifier: s256(v) });
      expect(challengeAsVerifier.json).toEqual({ error: 'Invalid code' });
      const right = await token({ code: await code(q), code_verifier: v });
      expect(right.status).toBe(200);
      expect((await affiliatesWith(right.json.access_token)).status).toBe(200);
    });

    // RFC 9700 §2.1.1: S256 only. With a registered redirect_uri, a refused PKCE request is the error
    // response of RFC 7636 §4.4.1 (invalid_request, with the state), and no code is issued.
    test.each([
      ['plain, explicitly', (v: string) => ({ code_challenge: v, code_challenge_method: 'plain' })],
      ['plain, by default (a challenge without a method)', (v: string) => ({ code_challenge: v })],
      ['an unsupported method', (v: string) => ({ code_challenge: s256(v), code_challenge_method: 'S512' })],
      ['a malformed challenge', () => ({ code_challenge: 'short', code_challenge_method: 'S256' })],
      ['a method without a challenge', () => ({ code_challenge_method: 'S256' })],
    ])('%s: redirected back with error=invalid_request and the state, no code', async (_what, pkce) => {
      const state = `st-${uniq()}`;
      for (const signedIn of [false, true]) {
        const res = await send('GET', consentPath({ state, redirect_uri: CB, ...pkce(verifier()) }), signedIn ? { jar } : {});
        expect(res.status).toBe(303);
        const back = new URL(res.location!);
        expect(`${back.origin}${back.pathname}`).toBe(CB);
        expect(back.searchParams.get('error')).toBe('invalid_request');
        expect(back.searchParams.get('state')).toBe(state);
        expect(back.searchParams.get('code')).toBeNull();
      }
    });

    test('PKCE downgrade (RFC 9700 §2.1.1): a code_verifier for a code issued without code_challenge is refused', async () => {
      const res = await token({ code: await code(), code_verifier: verifier() });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: 'Invalid code' });
    });
  });

  test('codes and tokens are stored hashed: neither raw string appears in oauth_codes or oauth_tokens', async () => {
    const c = await code();
    const res = await token({ code: c });
    const accessToken: string = res.json.access_token;
    const dump = JSON.stringify(await sql('select to_jsonb(c) as r from oauth_codes c')) + JSON.stringify(await sql('select to_jsonb(t) as r from oauth_tokens t'));
    expect(dump).not.toContain(c);
    expect(dump).not.toContain(accessToken);
    // at most a short, recognisable prefix of the token is kept
    const [row] = await sql<{ prefix: string }>('select prefix from oauth_tokens where token_hash = ?', [sha256hex(accessToken)]);
    expect(accessToken.startsWith(row.prefix)).toBe(true);
    expect(accessToken.length - row.prefix.length).toBeGreaterThanOrEqual(22);
    // nor anywhere else in the database's text columns that the app writes on this path
    const other = await sql<{ n: number }>(`select count(*)::int as n from events where data::text like ?`, [`%${accessToken}%`]);
    expect(other[0].n).toBe(0);
  });
});

describe('partner token on /api/v1 (scope: affiliates, links, referrals, sales)', () => {
  let c: Connected;
  let other: ProgramFixture;
  let second: { id: string };
  let secondAffiliate: any;
  let firstAffiliate: any;
  beforeAll(async () => {
    // the owner has two programs and connects the second one
    const owner = await createProgram(server, { name: 'First program' });
    const ownerId = (await sql<{ owner_id: string }>('select owner_id from programs where id = ?', [owner.programId]))[0].owner_id;
    const em = server.runtime.orm.em.fork();
    const ctx = { em, actor: { kind: 'session' as const, credentialId: 'x', userId: ownerId }, requestId: 't', log: server.runtime.log, programs: new Map() };
    second = await server.runtime.services.programs.createProgram(ctx, { name: 'Second program', baseUrls: ['https://second.example'] });
    const { key: secondKey } = await server.runtime.services.apiKeys.createApiKey(ctx, second.id, 'k');
    firstAffiliate = await createAffiliate(server, owner.key);
    secondAffiliate = await createAffiliate(server, secondKey);
    const { jar } = await signIn(owner.ownerEmail);
    const { code } = await issueCode(jar, second.id);
    const t = await token({ code });
    expect(t.status).toBe(200);
    c = { owner, jar, accessToken: t.json.access_token };
    other = await createProgram(server);
    await createAffiliate(server, other.key);
  });

  test('the token reads the chosen program only', async () => {
    const res = await affiliatesWith(c.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.map((a: any) => a.id)).toEqual([secondAffiliate.id]);
    expect(res.body.map((a: any) => a.id)).not.toContain(firstAffiliate.id);
  });

  test.each(['/affiliates', '/links', '/referrals', '/sales'])('GET %s → 200', async (path) => {
    const res = await server.api('GET', path, { token: c.accessToken });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  test('the token can act on affiliates (POST /affiliates) in the chosen program', async () => {
    const a = await createAffiliate(server, c.accessToken);
    expect(a.programId).toBe(second.id);
  });

  test.each([
    ['GET', '/coupons', undefined],
    ['POST', '/coupons', { name: 'x', percentOff: 10 }],
    ['GET', '/promotional-codes', undefined],
    ['POST', '/promotional-codes', { code: 'X' }],
    ['GET', '/webhooks', undefined],
    ['POST', '/webhooks', { url: 'https://hooks.example/x' }],
    ['GET', '/events', undefined],
  ])('%s %s → 403 FORBIDDEN', async (method, path, body) => {
    const res = await server.api(method, path, { token: c.accessToken, body });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  test('on GraphQL the partner token is held to the same scope: coupons are FORBIDDEN', async () => {
    const res = await server.graphql('{ coupons { nodes { id } } }', {}, c.accessToken);
    expect(res.body.data?.coupons ?? null).toBeNull();
    expect(gqlCode(res)).toBe('FORBIDDEN');
  });

  test('on GraphQL the partner token cannot revoke connections', async () => {
    const [row] = await sql<{ id: string }>('select id from oauth_tokens where token_hash = ?', [sha256hex(c.accessToken)]);
    const revoke = await server.graphql(REVOKE, { id: row.id }, c.accessToken);
    expect(revoke.body.data?.revokeConnection ?? null).toBeNull();
    expect(gqlCode(revoke)).toBe('FORBIDDEN');
    expect((await affiliatesWith(c.accessToken)).status).toBe(200);
  });

  test('on GraphQL the partner token cannot list the program’s connected apps (outside its scope)', async () => {
    const conns = await server.graphql(CONNECTIONS, { p: second.id }, c.accessToken);
    expect(conns.body.data?.connections ?? null).toBeNull();
    expect(gqlCode(conns)).toBe('FORBIDDEN');
  });

  test('an unknown or malformed oat_ token is 401', async () => {
    expect((await affiliatesWith(`oat_${b64url(randomBytes(32))}`)).status).toBe(401);
    expect((await affiliatesWith(c.accessToken.slice(0, -1))).status).toBe(401);
  });
});

describe('revocation', () => {
  test('the dashboard lists the connection; "Revoke access" makes the token 401 at once', async () => {
    const c = await connected();
    const page = await send('GET', `/dashboard/programs/${c.owner.programId}`, { jar: c.jar });
    expect(page.status).toBe(200);
    const [conn] = await sql<{ id: string }>('select id from oauth_tokens where token_hash = ?', [sha256hex(c.accessToken)]);
    const action = `/dashboard/programs/${c.owner.programId}/connections/${conn.id}/revoke`;
    expect(page.text).toContain(`action="${action}"`);
    expect(page.text).toMatch(/<button type="submit" aria-label="Revoke access of zapier">Revoke access<\/button>/);
    expect((await affiliatesWith(c.accessToken)).status).toBe(200);

    const res = await send('POST', action, { jar: c.jar, form: hiddenFields(page.text, action) });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/dashboard/programs/${c.owner.programId}`);
    const after = await affiliatesWith(c.accessToken);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
    const again = await send('GET', res.location!, { jar: c.jar });
    expect(again.text).not.toContain(`action="${action}"`);
    expect(again.text).toMatch(/Revoked/);
  });

  test('revoking without the CSRF token is refused and the token keeps working', async () => {
    const c = await connected();
    const [conn] = await sql<{ id: string }>('select id from oauth_tokens where token_hash = ?', [sha256hex(c.accessToken)]);
    const sessionOnly = new Jar();
    sessionOnly.cookies.set('sid', c.jar.cookies.get('sid')!);
    const res = await send('POST', `/dashboard/programs/${c.owner.programId}/connections/${conn.id}/revoke`, { jar: sessionOnly, headers: { origin: 'https://evil.example' }, form: {} });
    expectErrorPage(res, 403);
    expect((await affiliatesWith(c.accessToken)).status).toBe(200);
  });

  test('GraphQL connections(programId) lists it and revokeConnection(id) makes it 401 at once', async () => {
    const c = await connected();
    const session = await graphqlSession(c.owner.ownerEmail);
    const unused = await server.graphql(CONNECTIONS, { p: c.owner.programId }, session);
    expect(unused.body.data.connections).toEqual([expect.objectContaining({ partner: 'zapier', lastUsedAt: null, revokedAt: null })]);
    expect((await affiliatesWith(c.accessToken)).status).toBe(200);
    const list = await server.graphql(CONNECTIONS, { p: c.owner.programId }, session);
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.connections).toEqual([
      { id: expect.any(String), programId: c.owner.programId, partner: 'zapier', prefix: expect.any(String), createdAt: expect.any(String), lastUsedAt: expect.any(String), revokedAt: null },
    ]);
    const conn = list.body.data.connections[0];
    expect(c.accessToken.startsWith(conn.prefix)).toBe(true);
    expect(conn.prefix.length).toBeLessThan(c.accessToken.length);

    const revoked = await server.graphql(REVOKE, { id: conn.id }, session);
    expect(revoked.body.errors).toBeUndefined();
    expect(revoked.body.data.revokeConnection).toEqual({ id: conn.id, partner: 'zapier', revokedAt: expect.any(String) });
    expect((await affiliatesWith(c.accessToken)).status).toBe(401);
    const listed = await server.graphql(CONNECTIONS, { p: c.owner.programId }, session);
    expect(listed.body.data.connections[0].revokedAt).toEqual(expect.any(String));
  });

  test('another user cannot see or revoke a connection (pages and GraphQL), and an API key cannot revoke', async () => {
    const victim = await connected();
    const [conn] = await sql<{ id: string }>('select id from oauth_tokens where token_hash = ?', [sha256hex(victim.accessToken)]);
    const attacker = await createProgram(server);
    const { jar } = await signIn(attacker.ownerEmail);

    const view = await send('GET', `/dashboard/programs/${victim.owner.programId}`, { jar });
    expect(view.status).toBe(404);
    expect(view.text).not.toContain(conn.id);

    const own = await send('GET', `/dashboard/programs/${attacker.programId}`, { jar });
    const csrf = csrfOf(own.text);
    const viaVictimProgram = await send('POST', `/dashboard/programs/${victim.owner.programId}/connections/${conn.id}/revoke`, { jar, form: { csrf } });
    expect(viaVictimProgram.status).toBe(404);
    const viaOwnProgram = await send('POST', `/dashboard/programs/${attacker.programId}/connections/${conn.id}/revoke`, { jar, form: { csrf } });
    expect([303, 404]).toContain(viaOwnProgram.status);
    expect((await affiliatesWith(victim.accessToken)).status).toBe(200);

    const session = await graphqlSession(attacker.ownerEmail);
    const list = await server.graphql(CONNECTIONS, { p: victim.owner.programId }, session);
    expect(list.body.data?.connections ?? null).toBeNull();
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(gqlCode(list));
    const revoke = await server.graphql(REVOKE, { id: conn.id }, session);
    expect(revoke.body.data?.revokeConnection ?? null).toBeNull();
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(gqlCode(revoke));

    const byKey = await server.graphql(REVOKE, { id: conn.id }, victim.owner.key);
    expect(gqlCode(byKey)).toBe('FORBIDDEN');
    const anonymous = await server.graphql(REVOKE, { id: conn.id });
    expect(gqlCode(anonymous)).toBe('UNAUTHENTICATED');

    expect((await affiliatesWith(victim.accessToken)).status).toBe(200);
  });
});

describe('dashboard pages', () => {
  test('signed out, /dashboard and program pages send to /login with next', async () => {
    const res = await send('GET', '/dashboard');
    expect(res.status).toBe(303);
    expect(res.location).toBe('/login?next=%2Fdashboard');
    const p = await createProgram(server);
    const prog = await send('GET', `/dashboard/programs/${p.programId}`);
    expect(prog.status).toBe(303);
    expect(prog.location).toBe(`/login?next=${encodeURIComponent(`/dashboard/programs/${p.programId}`)}`);
    const post = await send('POST', `/dashboard/programs/${p.programId}/api-keys`, { form: { name: 'x' } });
    expect([303, 403]).toContain(post.status);
    if (post.status === 303) expect(post.location).toMatch(/^\/login/);
  });

  test('/dashboard lists the user’s own programs only, with links', async () => {
    const mine = await createProgram(server, { name: `Mine ${uniq()}`, domain: 'mine.example' });
    const theirs = await createProgram(server, { name: `Theirs ${uniq()}` });
    const { jar } = await signIn(mine.ownerEmail);
    const res = await send('GET', '/dashboard', { jar });
    expect(res.status).toBe(200);
    expect(res.text).toContain(`href="/dashboard/programs/${mine.programId}"`);
    expect(res.text).toContain('mine.example');
    expect(res.text).not.toContain(theirs.programId);
    // sign-out form with a CSRF token in the header
    expect(res.text).toMatch(/<form method="post" action="\/logout"><input type="hidden" name="csrf" value="[^"]+">/);
  });

  test('API keys: create through the page (shown once), it works; revoke through the page, it is 401', async () => {
    const p = await createProgram(server);
    const { jar } = await signIn(p.ownerEmail);
    const page = await send('GET', `/dashboard/programs/${p.programId}`, { jar });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<label for="key-name">/);
    const createAction = `/dashboard/programs/${p.programId}/api-keys`;
    const created = await send('POST', createAction, { jar, form: { ...hiddenFields(page.text, createAction), name: 'Zap <test>' } });
    expect(created.status).toBe(200);
    const m = /<code id="new-key">([^<]+)<\/code>/.exec(created.text);
    expect(m).not.toBeNull();
    const key = unescapeHtml(m![1]);
    expect(key).toMatch(/^apk_/);
    expect(created.text).toContain('Zap &lt;test&gt;');
    expect((await server.api('GET', '/affiliates', { token: key })).status).toBe(200);

    const reload = await send('GET', `/dashboard/programs/${p.programId}`, { jar });
    expect(reload.text).not.toContain(key);
    expect(reload.text).not.toContain('id="new-key"');
    const [row] = await sql<{ id: string; prefix: string }>('select id, prefix from api_keys where program_id = ? and name = ?', [p.programId, 'Zap <test>']);
    expect(JSON.stringify(await sql('select to_jsonb(k) from api_keys k where id = ?', [row.id]))).not.toContain(key);
    const revokeAction = `/dashboard/programs/${p.programId}/api-keys/${row.id}/revoke`;
    expect(reload.text).toContain(`action="${revokeAction}"`);
    expect(reload.text).toMatch(/aria-label="Revoke API key Zap &lt;test&gt;"/);
    const revoked = await send('POST', revokeAction, { jar, form: hiddenFields(reload.text, revokeAction) });
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe(`/dashboard/programs/${p.programId}`);
    expect((await server.api('GET', '/affiliates', { token: key })).status).toBe(401);
    // the fixture key is untouched
    expect((await server.api('GET', '/affiliates', { token: p.key })).status).toBe(200);
  });

  test('API key forms need the CSRF token; another user cannot create or revoke keys of a program', async () => {
    const p = await createProgram(server);
    const { jar } = await signIn(p.ownerEmail);
    const count = async () => Number((await sql<{ n: number }>('select count(*)::int as n from api_keys where program_id = ?', [p.programId]))[0].n);
    const before = await count();
    const sessionOnly = new Jar();
    sessionOnly.cookies.set('sid', jar.cookies.get('sid')!);
    const noCsrf = await send('POST', `/dashboard/programs/${p.programId}/api-keys`, { jar: sessionOnly, form: { name: 'evil' } });
    expectErrorPage(noCsrf, 403);
    expect(await count()).toBe(before);

    const [fixtureKey] = await sql<{ id: string }>('select id from api_keys where program_id = ?', [p.programId]);
    const noCsrfRevoke = await send('POST', `/dashboard/programs/${p.programId}/api-keys/${fixtureKey.id}/revoke`, { jar: sessionOnly, form: {} });
    expectErrorPage(noCsrfRevoke, 403);
    expect((await server.api('GET', '/affiliates', { token: p.key })).status).toBe(200);

    const attacker = await createProgram(server);
    const a = await signIn(attacker.ownerEmail);
    const csrf = a.jar.get('csrf')!;
    const create = await send('POST', `/dashboard/programs/${p.programId}/api-keys`, { jar: a.jar, form: { csrf, name: 'stolen' } });
    expect(create.status).toBe(404);
    expect(create.text).not.toMatch(/id="new-key"/);
    expect(await count()).toBe(before);
    await send('POST', `/dashboard/programs/${p.programId}/api-keys/${fixtureKey.id}/revoke`, { jar: a.jar, form: { csrf } });
    await send('POST', `/dashboard/programs/${attacker.programId}/api-keys/${fixtureKey.id}/revoke`, { jar: a.jar, form: { csrf } });
    expect((await server.api('GET', '/affiliates', { token: p.key })).status).toBe(200);
  });

  test('recent webhook deliveries are shown on the program page', async () => {
    const receiver = await startReceiver();
    try {
      const p = await createProgram(server);
      const created = await server.api('POST', '/webhooks', { token: p.key, body: { url: receiver.url } });
      expect(created.status).toBe(200);
      await createAffiliate(server, p.key);
      await server.runtime.webhooks.runOnce();
      expect(receiver.received).toHaveLength(1);
      const { jar } = await signIn(p.ownerEmail);
      const page = await send('GET', `/dashboard/programs/${p.programId}`, { jar });
      expect(page.text).toMatch(/<h2 id="hooks">Recent webhook deliveries<\/h2>/);
      const section = page.text.slice(page.text.indexOf('id="hooks"'));
      expect(section).toContain('affiliate.created');
      expect(section).toContain(receiver.url);
      expect(section).toMatch(/succeeded/);
      expect(section).toContain(`<td>200</td>`);
    } finally {
      await receiver.close();
    }
  });

  test('sign out ends the session (and needs the CSRF token)', async () => {
    const p = await createProgram(server);
    const { jar } = await signIn(p.ownerEmail);
    const dash = await send('GET', '/dashboard', { jar });
    const oldSid = jar.cookies.get('sid')!;

    const noCsrf = await send('POST', '/logout', { jar: jar.clone(), form: {} });
    expectErrorPage(noCsrf, 403);
    expect((await send('GET', '/dashboard', { jar })).status).toBe(200);

    const out = await send('POST', '/logout', { jar, form: hiddenFields(dash.text, '/logout') });
    expect(out.status).toBe(303);
    expect(out.location).toBe('/login');
    const cleared = out.setCookies.find((c) => c.startsWith('sid='));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // the old session value no longer works even if a client kept it
    const stale = new Jar();
    stale.cookies.set('sid', oldSid);
    const after = await send('GET', '/dashboard', { jar: stale });
    expect(after.status).toBe(303);
    expect(after.location).toMatch(/^\/login/);
  });
});

describe('cookies and framing', () => {
  const attrs = (c: string) => c.split(';').slice(1).map((a) => a.trim().toLowerCase());

  test('csrf and sid cookies are HttpOnly, SameSite, Path=/, and not Secure over plain HTTP', async () => {
    const p = await createProgram(server);
    const login = await send('GET', '/login');
    const csrfCookie = login.setCookies.find((c) => c.startsWith('csrf='))!;
    expect(csrfCookie).toBeDefined();
    expect(attrs(csrfCookie)).toEqual(expect.arrayContaining(['httponly', 'path=/']));
    expect(attrs(csrfCookie).some((a) => /^samesite=(strict|lax)$/.test(a))).toBe(true);
    const { res } = await signIn(p.ownerEmail);
    const sid = res.setCookies.find((c) => c.startsWith('sid='))!;
    expect(sid).toBeDefined();
    expect(attrs(sid)).toEqual(expect.arrayContaining(['httponly', 'path=/']));
    expect(attrs(sid).some((a) => /^samesite=(strict|lax)$/.test(a))).toBe(true);
    expect(attrs(sid)).not.toContain('secure');
    expect(attrs(csrfCookie)).not.toContain('secure');
  });

  test('behind an HTTPS proxy named by TRUST_PROXY (X-Forwarded-Proto: https) the cookies are Secure', async () => {
    const p = await createProgram(server);
    const headers = { 'x-forwarded-proto': 'https' };
    const login = await send('GET', '/login', { headers });
    const csrfCookie = login.setCookies.find((c) => c.startsWith('csrf='))!;
    expect(attrs(csrfCookie)).toContain('secure');
    const { res } = await signIn(p.ownerEmail, { headers });
    const sid = res.setCookies.find((c) => c.startsWith('sid='))!;
    expect(attrs(sid)).toEqual(expect.arrayContaining(['secure', 'httponly']));
    expect(attrs(sid).some((a) => /^samesite=(strict|lax)$/.test(a))).toBe(true);
  });

  test('pages cannot be framed: X-Frame-Options DENY and CSP frame-ancestors \'none\'', async () => {
    const p = await createProgram(server);
    const { jar } = await signIn(p.ownerEmail);
    const responses = [
      await send('GET', '/login'),
      await send('GET', consentPath({ state: 's', redirect_uri: CB }), { jar }),
      await send('GET', consentPath({ state: 's', redirect_uri: 'https://evil.example/' }), { jar }),
      await send('GET', consentPath({ state: 's', redirect_uri: CB }, 'hubspot')),
      await send('GET', '/dashboard', { jar }),
      await send('GET', `/dashboard/programs/${p.programId}`, { jar }),
    ];
    for (const r of responses) {
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(r.headers.get('cache-control')).toMatch(/no-store/);
    }
  });
});
