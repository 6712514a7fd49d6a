/**
 * OAuth partner flow (spec section 5, DESIGN.md "Tenancy and credentials") and the dashboard pages, over plain
 * HTTP against the real app on a real PostgreSQL: consent page refusals, sign-in round trip, CSRF, codes
 * (RFC 6749 / RFC 7636 / RFC 9700), the token endpoint, partner scope on /api/v1, revocation (pages and
 * GraphQL), API keys through the pages, cookies and framing headers, and the development partner.
 *
 * Every page request uses fetch with redirect: 'manual' so that redirects (and the absence of one) are seen.
 *
 * Here: the partners, the consent page (refusals, sign-in round trip, programs, codes, CSRF).
 */
import { useProgram, useTestServer, withTestServer } from '../../../helpers/harness';
import { createProgram } from '../../../helpers/factories';
import { uniq } from '../../../helpers/spec-client';
import {
  CB,
  CB_WITH_QUERY,
  CONSENT,
  consentPath,
  csrfOf,
  expectErrorPage,
  hiddenFields,
  Jar,
  MAKE,
  MAKE_CB,
  oauthPages,
  PASSWORD,
  sha256hex,
  ZAPIER,
} from '../../../helpers/oauth-pages';
import { PartnerRegistry } from '../../../../src/modules/oauth/partners';
import { anonymousContext } from '../../../../src/modules/service-context';
import { loadConfig } from '../../../../src/config/config';

// Behind a TLS-terminating proxy on loopback, named by TRUST_PROXY (its X-Forwarded-Proto is believed).
const server = useTestServer({ oauthPartners: [ZAPIER, MAKE], trustProxy: 'loopback' });

const { send, signIn, consent, issueCode, sql, codeCount } = oauthPages(() => server);

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

  test.each(['null', '{}', '"zapier"', '[oops'])('OAUTH_PARTNERS=%s stops the start with the variable named', (value) => {
    expect(() => loadConfig({ NODE_ENV: 'production', OAUTH_PARTNERS: value })).toThrow('OAUTH_PARTNERS must be a JSON list');
  });

  test('no development partner in production', () => {
    const reg = new PartnerRegistry({ oauthPartners: [], env: 'production', port: 3000 });
    expect(reg.generated).toBeUndefined();
    expect(reg.get('zapier')).toBeUndefined();
  });

  test('outside production with no partners configured, a development zapier partner exists and completes the flow', async () => {
    await withTestServer({ oauthPartners: [] }, async (dev) => {
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
      const done = await go('POST', '/connect/zapier/choose-affiliate-program', jar, {
        ...hiddenFields(page.text, '/connect/zapier/choose-affiliate-program'),
        programId: owner.programId,
        action: 'connect',
      });
      expect(done.status).toBe(303);
      const loc = new URL(done.location!);
      expect(loc.origin + loc.pathname).toBe(redirectUri);
      expect(loc.searchParams.get('state')).toBe('dev-state');
      const t = await fetch(`${dev.url}/api/zapier/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code: loc.searchParams.get('code')!,
          client_id: gen!.clientId,
          client_secret: gen!.clientSecret,
          redirect_uri: redirectUri,
        }).toString(),
      });
      expect(t.status).toBe(200);
      const { access_token } = (await t.json()) as { access_token: string };
      const api = await dev.api('GET', '/affiliates', { token: access_token });
      expect(api.status).toBe(200);
    });
  });
});

describe('consent page: refusals never redirect', () => {
  let signedInJar: Jar;
  const owner = useProgram(server);
  beforeAll(async () => {
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
    const dupRedirect = await send(
      'GET',
      `${CONSENT}?state=s&redirect_uri=${encodeURIComponent(CB)}&redirect_uri=${encodeURIComponent('https://evil.example/')}`,
      { jar: signedInJar },
    );
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
    const ctx = {
      em,
      actor: {
        kind: 'session' as const,
        credentialId: 'x',
        userId: (await sql<{ owner_id: string }>('select owner_id from programs where id = ?', [owner.programId]))[0].owner_id,
      },
      requestId: 't',
      log: server.runtime.log,
      programs: new Map(),
    };
    const second = await server.runtime.services.programs.createProgram(ctx, {
      name: 'Beta <Boats> & "Co"',
      domain: 'beta.example',
      logoUrl: 'https://cdn.example/beta.png',
      baseUrls: ['https://beta.example'],
    });
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
      expect([...location.searchParams.keys()].sort()).toEqual(['code', 'iss', 'state']);
      expect(location.searchParams.get('state')).toBe(state);
      // the issuer of the partner's metadata (RFC 9207)
      expect(location.searchParams.get('iss')).toBe(`${server.url}/zapier`);
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
    expect(Object.fromEntries(r.location!.searchParams)).toEqual({ error: 'access_denied', state: r.state, iss: `${server.url}/zapier` });
    expect(await codeCount()).toBe(before);
  });

  test('a user with no program sees no program and can only cancel', async () => {
    const email = `noprog-${uniq()}@example.com`;
    const { services, orm, log } = server.runtime;
    await services.users.signUp(anonymousContext(orm.em.fork(), log), { email, password: PASSWORD, name: 'Nobody' });
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
    let jar: Jar;
    let fields: Record<string, string>;
    const owner = useProgram(server);
    beforeAll(async () => {
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
