/**
 * OAuth partner flow (spec section 5, DESIGN.md "Tenancy and credentials") and the dashboard pages, over plain
 * HTTP against the real app on a real PostgreSQL: consent page refusals, sign-in round trip, CSRF, codes
 * (RFC 6749 / RFC 7636 / RFC 9700), the token endpoint, partner scope on /api/v1, revocation (pages and
 * GraphQL), API keys through the pages, cookies and framing headers, and the development partner.
 *
 * Every page request uses fetch with redirect: 'manual' so that redirects (and the absence of one) are seen.
 *
 * Here: the dashboard pages, cookies and framing.
 */
import { useTestServer } from '../../../helpers/harness';
import { createAffiliate, createProgram } from '../../../helpers/factories';
import { startHook } from '../../../helpers/webhooks';
import { uniq } from '../../../helpers/spec-client';
import { CB, consentPath, expectErrorPage, hiddenFields, Jar, MAKE, oauthPages, unescapeHtml, ZAPIER } from '../../../helpers/oauth-pages';

// Behind a TLS-terminating proxy on loopback, named by TRUST_PROXY (its X-Forwarded-Proto is believed).
const server = useTestServer({ oauthPartners: [ZAPIER, MAKE], trustProxy: 'loopback' });

const { send, signIn, sql } = oauthPages(() => server);

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
    const receiver = await startHook();
    try {
      const p = await createProgram(server);
      const created = await server.api('POST', '/webhooks', { token: p.key, body: { url: receiver.url } });
      expect(created.status).toBe(200);
      await createAffiliate(server, p.key);
      await server.runtime.webhooks.runOnce();
      expect(receiver.ok()).toHaveLength(1);
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
  const attrs = (c: string) =>
    c
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase());

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

  test("pages cannot be framed: X-Frame-Options DENY and CSP frame-ancestors 'none'", async () => {
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
