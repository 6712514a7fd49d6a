/**
 * Sign-in hardening (DESIGN.md "Tenancy and credentials", sign-in) over real HTTP: failed attempts limited per
 * account and per client address on /login and GraphQL signIn (429 + Retry-After), the same work for unknown
 * emails (timing medians), the password rules of signUp, and signOut / /logout ending the session server-side.
 *
 * TRUST_PROXY=loopback lets each test come from its own X-Forwarded-For address, so the per-address budget of
 * one test never spills into another.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ApiResponse, TestServer } from '../../helpers/server';
import { useTestServer } from '../../helpers/harness';
import { createProgram } from '../../helpers/factories';
import { SIGN_OUT } from '../../helpers/graphql-documents';

const uniq = () => randomBytes(4).toString('hex');
const PASSWORD = 'violet tractor umbrella';
const WRONG = 'not the right password';

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { token user { id } } }`;
const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { token user { id } } }`;

const server = useTestServer({ trustProxy: 'loopback' });

type Gql = ApiResponse<{ data?: any; errors?: any[] }>;
const codeOf = (res: Gql) => res.body.errors?.[0]?.extensions?.code;

let addressSeq = 0;
/** A fresh client address (TEST-NET-2), believed because the test server trusts loopback proxies. */
const newAddress = () => `198.51.100.${++addressSeq}`;

function gql(s: TestServer, query: string, variables: Record<string, unknown>, opts: { ip?: string; token?: string } = {}): Promise<Gql> {
  return s.request('POST', '/graphql', { token: opts.token, body: { query, variables }, headers: opts.ip ? { 'x-forwarded-for': opts.ip } : {} });
}
const signIn = (email: string, password: string, ip: string, s = server) => gql(s, SIGN_IN, { input: { email, password } }, { ip });

async function signUp(s = server, email = `user-${uniq()}@example.com`) {
  const res = await gql(s, SIGN_UP, { input: { email, password: PASSWORD, name: 'Some One' } });
  expect(res.body.errors).toBeUndefined();
  return { email, token: res.body.data!.signUp.token as string, userId: res.body.data!.signUp.user.id as string };
}

function expectRateLimited(res: Gql) {
  expect(res.status).toBe(429);
  expect(codeOf(res)).toBe('RATE_LIMITED');
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(900);
  expect(res.body.data ?? null).toBeNull();
}

// ---------------------------------------------------------------------------------------------------------
// Pages: a cookie jar and requests without following redirects

class Jar {
  readonly cookies = new Map<string, string>();
  header = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  absorb(setCookies: string[]) {
    for (const c of setCookies) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i).trim(), pair.slice(i + 1).trim()];
      if (value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

async function page(method: string, path: string, jar: Jar, opts: { form?: Record<string, string>; ip?: string } = {}) {
  const headers: Record<string, string> = { cookie: jar.header() };
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  let body: string | undefined;
  if (opts.form) {
    body = new URLSearchParams(opts.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(server.url + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  const setCookies = res.headers.getSetCookie();
  jar.absorb(setCookies);
  return { status: res.status, headers: res.headers, text, setCookies, location: res.headers.get('location') };
}
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1];

async function loginPost(jar: Jar, email: string, password: string, ip: string) {
  const form = await page('GET', '/login', jar, { ip });
  return page('POST', '/login', jar, { ip, form: { csrf: csrfOf(form.text), email, password } });
}

// ---------------------------------------------------------------------------------------------------------

describe('failed sign-ins are limited per account (5 per 15 minutes)', () => {
  test('GraphQL signIn: five wrong passwords, then RATE_LIMITED (HTTP 429, Retry-After), also for the right password and from elsewhere', async () => {
    const u = await signUp();
    const ip = newAddress();
    for (let i = 0; i < 5; i++) expect(codeOf(await signIn(u.email, WRONG, ip))).toBe('UNAUTHENTICATED');
    expectRateLimited(await signIn(u.email, WRONG, ip));
    // Blocked before any password is checked: the right one is refused as well, from any address, in any case.
    expectRateLimited(await signIn(u.email, PASSWORD, ip));
    expectRateLimited(await signIn(u.email.toUpperCase(), PASSWORD, newAddress()));
    // Another account from the same address is not affected.
    const other = await signUp();
    expect((await signIn(other.email, PASSWORD, ip)).body.data?.signIn.user.id).toBe(other.userId);
  });

  test('an unknown email is limited the same way (the limit does not tell which emails exist)', async () => {
    const email = `nobody-${uniq()}@example.com`;
    const ip = newAddress();
    for (let i = 0; i < 5; i++) expect(codeOf(await signIn(email, WRONG, ip))).toBe('UNAUTHENTICATED');
    expectRateLimited(await signIn(email, WRONG, ip));
  });

  test('successes do not count as failures', async () => {
    const u = await signUp();
    const ip = newAddress();
    for (let i = 0; i < 8; i++) expect((await signIn(u.email, PASSWORD, ip)).body.data?.signIn.user.id).toBe(u.userId);
    for (let i = 0; i < 4; i++) expect(codeOf(await signIn(u.email, WRONG, ip))).toBe('UNAUTHENTICATED');
    expect((await signIn(u.email, PASSWORD, ip)).body.data?.signIn.user.id).toBe(u.userId);
  });

  test('/login: five wrong passwords, then 429 with Retry-After and the message on the form; the right password is refused too', async () => {
    const u = await signUp();
    const ip = newAddress();
    const jar = new Jar();
    for (let i = 0; i < 5; i++) {
      const res = await loginPost(jar, u.email, WRONG, ip);
      expect(res.status).toBe(401);
      expect(res.text).toContain('Email or password is incorrect');
    }
    const limited = await loginPost(jar, u.email, WRONG, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(limited.text).toMatch(/role="alert">Too many failed sign-in attempts\. Try again in \d+ minutes?\./);
    expect(limited.text).toContain('<form method="post" action="/login">');

    const right = await loginPost(jar, u.email, PASSWORD, ip);
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBeTruthy();
    expect(jar.cookies.has('sid')).toBe(false);
  });

  test('/login and GraphQL signIn share the budget', async () => {
    const u = await signUp();
    const ip = newAddress();
    const jar = new Jar();
    for (let i = 0; i < 3; i++) expect((await loginPost(jar, u.email, WRONG, ip)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect(codeOf(await signIn(u.email, WRONG, ip))).toBe('UNAUTHENTICATED');
    expect((await loginPost(jar, u.email, PASSWORD, ip)).status).toBe(429);
  });
});

describe('failed sign-ins are limited per client address (20 per 15 minutes)', () => {
  test('twenty failures over twenty emails block the address, for every email; other addresses go on', async () => {
    const u = await signUp();
    const ip = newAddress();
    for (let i = 0; i < 20; i++) expect(codeOf(await signIn(`guess-${i}-${uniq()}@example.com`, WRONG, ip))).toBe('UNAUTHENTICATED');
    expectRateLimited(await signIn(`guess-next-${uniq()}@example.com`, WRONG, ip));
    expectRateLimited(await signIn(u.email, PASSWORD, ip));
    const jar = new Jar();
    expect((await loginPost(jar, u.email, PASSWORD, ip)).status).toBe(429);
    // The account itself is not blocked: the refusals above were not counted against it.
    expect((await signIn(u.email, PASSWORD, newAddress())).body.data?.signIn.user.id).toBe(u.userId);
  });

  test("a success does not erase the address's failures", async () => {
    const u = await signUp();
    const ip = newAddress();
    for (let i = 0; i < 19; i++) expect(codeOf(await signIn(`guess-${i}-${uniq()}@example.com`, WRONG, ip))).toBe('UNAUTHENTICATED');
    expect((await signIn(u.email, PASSWORD, ip)).body.data?.signIn.user.id).toBe(u.userId);
    expect(codeOf(await signIn(`guess-19-${uniq()}@example.com`, WRONG, ip))).toBe('UNAUTHENTICATED');
    expectRateLimited(await signIn(u.email, PASSWORD, ip));
  });
});

describe('password rules of signUp', () => {
  const email = `grace.hopper.${uniq()}@example.com`;
  test.each([
    ['empty', ''],
    ['short', 'short77'],
    ['11 characters', 'k9#mQ2!vX7&'],
    ['a common password', 'password1234'],
    ['a common password in another case', 'QWERTYUIOP12'],
    ['one character repeated', 'aaaaaaaaaaaaaaaa'],
    ['the email', email],
    ['the email in another case', email.toUpperCase()],
    ['the local part of the email', email.split('@')[0]],
    ['over 1024 characters', 'x'.repeat(600) + 'y'.repeat(425)],
  ])('%s is VALIDATION_FAILED with a detail for password', async (_what, password) => {
    const res = await gql(server, SIGN_UP, { input: { email, password, name: 'Grace' } });
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].extensions.details).toEqual([{ field: 'password', message: expect.any(String) }]);
    expect(res.body.data ?? null).toBeNull();
  });

  test('a strong password is accepted, and signs in', async () => {
    const res = await gql(server, SIGN_UP, { input: { email, password: 'k9#mQ2!vX7&p', name: 'Grace' } });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.signUp.token).toMatch(/^ses_/);
    expect((await signIn(email, 'k9#mQ2!vX7&p', newAddress())).body.data?.signIn.user.id).toBe(res.body.data!.signUp.user.id);
  });
});

describe('ending a session', () => {
  const ME = '{ me { id } }';

  test('GraphQL signOut ends the bearer session: the token is then 401; other sessions of the user live on', async () => {
    const u = await signUp();
    const ip = newAddress();
    const second = (await signIn(u.email, PASSWORD, ip)).body.data!.signIn.token as string;
    expect((await gql(server, ME, {}, { token: u.token })).body.data?.me.id).toBe(u.userId);

    const out = await gql(server, SIGN_OUT, {}, { token: u.token });
    expect(out.body).toEqual({ data: { signOut: true } });

    const after = await gql(server, ME, {}, { token: u.token });
    expect(after.status).toBe(401);
    expect(codeOf(after)).toBe('UNAUTHENTICATED');
    expect((await gql(server, SIGN_OUT, {}, { token: u.token })).status).toBe(401);
    expect((await gql(server, ME, {}, { token: second })).body.data?.me.id).toBe(u.userId);
  });

  test('signOut needs a session: none is UNAUTHENTICATED, an API key is FORBIDDEN (and stays valid)', async () => {
    expect(codeOf(await gql(server, SIGN_OUT, {}))).toBe('UNAUTHENTICATED');
    const p = await createProgram(server);
    expect(codeOf(await gql(server, SIGN_OUT, {}, { token: p.key }))).toBe('FORBIDDEN');
    expect((await server.api('GET', '/affiliates', { token: p.key })).status).toBe(200);
  });

  test("/logout ends the cookie's session server-side: the old cookie and the token as a bearer are refused", async () => {
    const u = await signUp();
    const ip = newAddress();
    const jar = new Jar();
    const signedIn = await loginPost(jar, u.email, PASSWORD, ip);
    expect(signedIn.status).toBe(303);
    const sid = jar.cookies.get('sid')!;
    expect(sid).toBeTruthy();
    const dashboard = await page('GET', '/dashboard', jar);
    expect(dashboard.status).toBe(200);
    expect((await gql(server, ME, {}, { token: decodeURIComponent(sid) })).body.data?.me.id).toBe(u.userId);

    const out = await page('POST', '/logout', jar, { form: { csrf: csrfOf(dashboard.text) } });
    expect(out.status).toBe(303);
    expect(out.location).toBe('/login');
    expect(jar.cookies.has('sid')).toBe(false);

    // A copy of the cookie kept from before (a stolen one) no longer works.
    const replay = new Jar();
    replay.cookies.set('sid', sid);
    const again = await page('GET', '/dashboard', replay);
    expect(again.status).toBe(303);
    expect(again.location).toMatch(/^\/login/);
    expect((await gql(server, ME, {}, { token: decodeURIComponent(sid) })).status).toBe(401);
  });
});

describe('unknown and known emails take the same time', () => {
  // Its own server with high limits (AppConfig.signIn), so that thirty failures in a row are all answered.
  const timing = useTestServer({ signIn: { failuresPerAccount: 1000, failuresPerAddress: 1000, windowMs: 900_000 } });

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };

  test('median of 15 signIn calls: a known email with a wrong password vs an unknown email, within 0.67–1.5×', async () => {
    const u = await signUp(timing);
    const timed = async (email: string) => {
      const t0 = performance.now();
      const res = await signIn(email, WRONG, '', timing);
      const ms = performance.now() - t0;
      expect(codeOf(res)).toBe('UNAUTHENTICATED');
      return ms;
    };
    for (let i = 0; i < 3; i++) await timed(i % 2 ? u.email : `warmup-${uniq()}@example.com`); // JIT, pools, the dummy hash
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that load from other test files weighs on both series alike.
    for (let i = 0; i < 15; i++) {
      known.push(await timed(u.email));
      unknown.push(await timed(`nobody-${uniq()}@example.com`));
    }
    const ratio = median(unknown) / median(known);
    if (process.env.SIGN_IN_TIMING_LOG)
      process.stdout.write(`sign-in medians: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}\n`);
    expect(ratio).toBeGreaterThan(0.67);
    expect(ratio).toBeLessThan(1.5);
  });
});
