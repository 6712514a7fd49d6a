/**
 * The dashboard pages' CSRF token (DESIGN.md "Tenancy and credentials": a CSRF token on every form): a page sets
 * at most one csrf cookie, and it is the token every form of that page carries; the cookie is persistent (Max-Age)
 * and lives as long as the session cookie, so after a browser restart (which drops cookies without Max-Age or
 * Expires) the first form submitted is accepted, not a 403. Over HTTP, with a cookie jar that behaves like a
 * browser's: the last Set-Cookie of a name wins, and a restart keeps only persistent cookies.
 */
import { hiddenFields, oauthPages, unescapeHtml, PASSWORD, type PageRes } from '../../helpers/oauth-pages';
import { useProgram, useTestServer } from '../../helpers/harness';

const server = useTestServer();
const p = useProgram(server);

const { send } = oauthPages(() => server);
const programPath = () => `/dashboard/programs/${p.programId}`;
const SESSION_SECONDS = 30 * 86400;

interface Cookie {
  value: string;
  /** Seconds it lives; null: until the browser closes. */
  maxAge: number | null;
}

/** A browser's cookie store for one origin: the last Set-Cookie of a name wins; a restart drops session cookies. */
class BrowserJar {
  readonly cookies = new Map<string, Cookie>();
  absorb(res: PageRes) {
    for (const c of res.setCookies) {
      const [pair, ...attrs] = c.split(';').map((s) => s.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const maxAge = attrs.find((a) => /^max-age=/i.test(a));
      const expires = attrs.find((a) => /^expires=/i.test(a));
      const seconds = maxAge ? Number(maxAge.split('=')[1]) : expires ? Math.floor((Date.parse(expires.slice(8)) - Date.now()) / 1000) : null;
      if (seconds !== null && seconds <= 0) this.cookies.delete(name);
      else this.cookies.set(name, { value, maxAge: seconds });
    }
  }
  restart() {
    for (const [name, c] of this.cookies) if (c.maxAge === null) this.cookies.delete(name);
  }
  header() {
    return [...this.cookies].map(([k, c]) => `${k}=${c.value}`).join('; ');
  }
  async send(method: string, path: string, form?: Record<string, string | undefined>) {
    const cookie = this.header();
    const res = await send(method, path, { form, headers: cookie ? { cookie } : {} });
    this.absorb(res);
    return res;
  }
}

const csrfCookiesOf = (res: PageRes) => res.setCookies.filter((c) => c.startsWith('csrf='));
const valueOf = (setCookie: string) => decodeURIComponent(setCookie.split(';')[0].slice('csrf='.length));
const maxAgeOf = (setCookie: string) => Number(/;\s*max-age=(\d+)/i.exec(setCookie)?.[1] ?? NaN);
/** Every csrf field of every form of the page. */
const formTokens = (html: string) => [...html.matchAll(/name="csrf" value="([^"]*)"/g)].map((m) => unescapeHtml(m[1]));

/** At most one csrf cookie set, and when one is, every form of the page carries it; the page has forms. */
function expectOneToken(res: PageRes): string {
  expect(res.status).toBe(200);
  const set = csrfCookiesOf(res);
  expect(set.length).toBeLessThanOrEqual(1);
  const tokens = new Set(formTokens(res.text));
  expect(tokens.size).toBe(1);
  const [token] = tokens;
  if (set.length) expect(valueOf(set[0])).toBe(token);
  return token;
}

async function signIn(jar: BrowserJar) {
  const form = await jar.send('GET', '/login');
  const token = expectOneToken(form);
  expect(csrfCookiesOf(form)).toHaveLength(1);
  const res = await jar.send('POST', '/login', { csrf: token, email: p.ownerEmail, password: PASSWORD });
  expect(res.status).toBe(303);
  return { form, res };
}

test('a fresh client: the sign-in page sets one persistent csrf cookie, the one its form carries; sign-in replaces it with one lasting as long as the session', async () => {
  const jar = new BrowserJar();
  const { form, res } = await signIn(jar);
  const [cookie] = csrfCookiesOf(form);
  expect(cookie).toMatch(/;\s*max-age=\d+/i);
  expect(cookie).toMatch(/SameSite=Strict/);
  expect(cookie).toMatch(/HttpOnly/);

  const sid = res.setCookies.find((c) => c.startsWith('sid='))!;
  const csrf = csrfCookiesOf(res);
  expect(csrf).toHaveLength(1);
  // A new token (one known before sign-in is not carried into the session), for as long as the session.
  expect(valueOf(csrf[0])).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  expect(valueOf(csrf[0])).not.toBe(valueOf(cookie));
  expect(Math.abs(maxAgeOf(csrf[0]) - maxAgeOf(sid))).toBeLessThanOrEqual(1);
  expect(maxAgeOf(sid)).toBeGreaterThan(SESSION_SECONDS - 60);
});

test('signed in, the browser restarts: the first dashboard form submitted is accepted', async () => {
  const jar = new BrowserJar();
  await signIn(jar);
  jar.restart();
  expect([...jar.cookies.keys()].sort()).toEqual(['csrf', 'sid']);

  const page = await jar.send('GET', programPath());
  const token = expectOneToken(page);
  expect(token).toBe(jar.cookies.get('csrf')!.value);
  const created = await jar.send('POST', `${programPath()}/api-keys`, { ...hiddenFields(page.text, `${programPath()}/api-keys`), name: 'after a restart' });
  expect(created.status).toBe(200);
  expect(created.text).toContain('id="new-key"');
});

test('a session whose csrf cookie is gone (one that ended with the browser): the page sets exactly one, the one in every form, lasting as the session', async () => {
  const jar = new BrowserJar();
  const { res } = await signIn(jar);
  const sidMaxAge = maxAgeOf(res.setCookies.find((c) => c.startsWith('sid='))!);
  jar.cookies.delete('csrf');

  for (const path of [programPath(), '/dashboard']) {
    jar.cookies.delete('csrf');
    const page = await jar.send('GET', path);
    const token = expectOneToken(page);
    const set = csrfCookiesOf(page);
    expect(set).toHaveLength(1);
    expect(valueOf(set[0])).toBe(token);
    expect(Math.abs(maxAgeOf(set[0]) - sidMaxAge)).toBeLessThanOrEqual(2);
  }
  // The page's first form (here: rotate the publishable key), submitted with the cookie it came with: accepted.
  jar.cookies.delete('csrf');
  const page = await jar.send('GET', programPath());
  const rotate = `${programPath()}/publishable-key/rotate`;
  const res2 = await jar.send('POST', rotate, hiddenFields(page.text, rotate));
  expect(res2.status).toBe(200);
  expect(res2.text).toContain('role="status"');
  // And sign out, whose form is in every page's header.
  jar.restart();
  const again = await jar.send('GET', '/dashboard');
  const out = await jar.send('POST', '/logout', hiddenFields(again.text, '/logout'));
  expect({ status: out.status, location: out.location }).toEqual({ status: 303, location: '/login' });
  // Signing out ends the csrf cookie with the session's; the sign-in page then hands out a new one.
  expect(csrfCookiesOf(out).map(maxAgeOf)).toEqual([0]);
  const login = await jar.send('GET', '/login');
  expect(csrfCookiesOf(login)).toHaveLength(1);
});

test('a page whose csrf cookie is there sets none, and its forms carry that one; a wrong token is still 403', async () => {
  const jar = new BrowserJar();
  await signIn(jar);
  const page = await jar.send('GET', programPath());
  expect(csrfCookiesOf(page)).toEqual([]);
  expect(expectOneToken(page)).toBe(jar.cookies.get('csrf')!.value);
  const refused = await jar.send('POST', `${programPath()}/api-keys`, { csrf: 'x'.repeat(32), name: 'nope' });
  expect(refused.status).toBe(403);
});

test('the consent page too (the development partner zapier): one token, the cookie it sets', async () => {
  const jar = new BrowserJar();
  await signIn(jar);
  jar.cookies.delete('csrf');
  const consent = await jar.send('GET', '/connect/zapier/choose-affiliate-program?state=s1&redirect_uri=http%3A%2F%2Flocalhost%3A8976%2Fcallback');
  expect(consent.status).toBe(200);
  expectOneToken(consent);
  expect(csrfCookiesOf(consent)).toHaveLength(1);
});
