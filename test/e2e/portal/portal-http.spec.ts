/**
 * The affiliates' own portal over HTTP (DESIGN.md "The affiliates' own portal"): applying, sign-in by emailed
 * link, the session, what a signed-in affiliate sees and does, embedding links, framing, and the portal
 * session's place in the policy. The browser test (portal-browser.spec.ts) covers the pages in Chromium.
 */
import { createProgram, type ProgramFixture } from '../../helpers/factories';
import { useTestServer } from '../../helpers/harness';
import { PortalVisitor, signInLinkOf } from '../../helpers/portal-client';
import { restClient } from '../../helpers/rest-client';

const server = useTestServer({ trustProxy: 'loopback' });
const api = restClient(() => server);
const visitor = () => new PortalVisitor(() => server);

let n = 0;
const freshEmail = (who = 'aff') => `${who}-${Date.now().toString(36)}-${++n}@example.com`;

async function slugOf(p: ProgramFixture): Promise<string> {
  return (await api.sql<{ portal_slug: string }>('select portal_slug from programs where id = ?', [p.programId]))[0].portal_slug;
}

/** The emails of one recipient, oldest first. */
const mailsTo = async (p: ProgramFixture, to: string) => (await api.emailsOf(p.programId)).filter((e) => e.to === to);

/** Applies through the portal's form; the answer. */
async function apply(v: PortalVisitor, slug: string, form: Record<string, string>) {
  return v.post(`/portal/${slug}/sign-up`, { firstName: 'Grace', lastName: 'Hopper', email: freshEmail(), website: '', ...form });
}

/** Signs `v` in with the newest sign-in link emailed to `email`. */
async function signInByEmail(v: PortalVisitor, p: ProgramFixture, slug: string, email: string) {
  const res = await v.post(`/portal/${slug}/sign-in`, { email });
  expect(res.status).toBe(303);
  const mails = await mailsTo(p, email);
  const link = new URL(signInLinkOf(mails[mails.length - 1].text)).pathname;
  const confirm = await v.get(link);
  expect(confirm.status).toBe(200);
  const done = await v.post(link);
  expect(done.status).toBe(303);
  expect(done.location).toBe(`/portal/${slug}/home`);
  return link;
}

describe('a program has a portal', () => {
  let p: ProgramFixture;
  let slug: string;
  beforeAll(async () => {
    p = await createProgram(server, { name: 'Acme Rockets' });
    slug = await slugOf(p);
  });

  test('at /portal/<portalSlug>, the slug made from the name, with the sign-up and sign-in forms', async () => {
    expect(slug).toMatch(/^acme-rockets(-\d+)?$/);
    const page = await visitor().get(`/portal/${slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Join the Acme Rockets affiliate program');
    expect(page.html).toContain(`action="/portal/${slug}/sign-up"`);
    expect(page.html).toContain(`action="/portal/${slug}/sign-in"`);
    // Letters in either case find it.
    expect((await visitor().get(`/portal/${slug.toUpperCase()}`)).status).toBe(200);
  });

  test('an unknown slug, or a portal turned off, is 404', async () => {
    expect((await visitor().get('/portal/no-such-portal-here')).status).toBe(404);
    const q = await createProgram(server);
    const qSlug = await slugOf(q);
    await api.sql('update programs set portal_enabled = false where id = ?', [q.programId]);
    const page = await visitor().get(`/portal/${qSlug}`);
    expect(page.status).toBe(404);
    expect(page.html).toContain('No such portal');
  });

  test('portal pages use our own stylesheet and script, and may be framed by the base-URL origins only', async () => {
    const page = await visitor().get(`/portal/${slug}`);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self' https://shop.example.com https://example.org");
    expect(csp).toContain("style-src 'self'");
    expect(page.headers.get('x-frame-options')).toBeNull();
    const css = /href="(\/assets\/pico\.min\.css\?v=[0-9a-f]+)"/.exec(page.html)![1];
    const sheet = await fetch(new URL(css, server.url));
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toMatch(/^text\/css/);
    expect(sheet.headers.get('cache-control')).toContain('immutable');
    expect(page.html).not.toMatch(/(src|href)="https?:/);
    // Every other page still cannot be framed at all.
    const login = await fetch(new URL('/login', server.url));
    expect(login.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(login.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('applying', () => {
  test('with auto-approve: an active affiliate with a link made from the email, affiliate.created, and a welcome email that signs in', async () => {
    const p = await createProgram(server);
    const slug = await slugOf(p);
    const email = freshEmail('grace');
    const res = await apply(visitor(), slug, { email });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/portal/${slug}/check-email`);
    const a = (await api.endpoint('/affiliates').get(p, { email })).body;
    expect(a).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email, affiliateStatus: 'active' });
    expect(a.affiliateLinks[0]).toMatch(/^grace-/);
    expect((await api.events(p.programId, 'affiliate.created')).map((e) => e.data.id)).toContain(a.id);
    const welcome = (await mailsTo(p, email)).find((m) => m.kind === 'affiliate_welcome')!;
    expect(welcome.text).toContain(`/portal/${slug}`);
    const v = visitor();
    const link = new URL(signInLinkOf(welcome.text)).pathname;
    expect((await v.post(link)).status).toBe(303);
    expect((await v.get(`/portal/${slug}/home`)).html).toContain('Hello, Grace');
  });

  test('without auto-approve: pending, and signed in it says the application is under review', async () => {
    const p = await createProgram(server, { autoApproveAffiliates: false });
    const slug = await slugOf(p);
    const email = freshEmail('pending');
    expect((await apply(visitor(), slug, { email })).status).toBe(303);
    const a = (await api.endpoint('/affiliates').get(p, { email })).body;
    expect(a.affiliateStatus).toBe('pending');
    const v = visitor();
    await signInByEmail(v, p, slug, email);
    const home = await v.get(`/portal/${slug}/home`);
    expect(home.html).toContain('Your application is under review');
  });

  test('missing or wrong fields are named next to them, and nothing is created', async () => {
    const p = await createProgram(server, { portalTerms: 'Be nice.' });
    const slug = await slugOf(p);
    const res = await visitor().post(`/portal/${slug}/sign-up`, { firstName: '', lastName: 'X', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.html).toContain('Enter your first name');
    expect(res.html).toContain('Enter an email address');
    expect(res.html).toContain('Accept the terms to apply');
    expect(res.html).toContain('value="X"');
    expect(await api.rowCount('affiliates', p.programId)).toBe(0);
    const ok = await apply(visitor(), slug, { acceptTerms: 'yes' });
    expect(ok.status).toBe(303);
    expect(await api.rowCount('affiliates', p.programId)).toBe(1);
  });

  test('a filled honeypot looks like success and creates nothing', async () => {
    const p = await createProgram(server);
    const slug = await slugOf(p);
    const res = await apply(visitor(), slug, { website: 'https://spam.example' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/portal/${slug}/check-email`);
    expect(await api.rowCount('affiliates', p.programId)).toBe(0);
  });

  test('an email that already has an account gets a sign-in link instead, and the page says the same', async () => {
    const p = await createProgram(server);
    const slug = await slugOf(p);
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const res = await apply(visitor(), slug, { email: a.email });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/portal/${slug}/check-email`);
    expect(await api.rowCount('affiliates', p.programId)).toBe(1);
    expect((await mailsTo(p, a.email)).map((m) => m.kind)).toContain('affiliate_sign_in');
  });

  test('closed applications are refused; the affiliate limit holds', async () => {
    const closed = await createProgram(server, { portalSignupOpen: false });
    const cSlug = await slugOf(closed);
    expect((await visitor().get(`/portal/${cSlug}`)).html).toContain('not taking new applications');
    expect((await apply(visitor(), cSlug, {})).status).toBe(403);
    const full = await createProgram(server, { affiliateLimit: 1 });
    const fSlug = await slugOf(full);
    const member = await api.createAffiliate(full, { sendWelcomeEmail: false });
    // Full: a new email and a known one get the same refusal (the page tells no one who is an affiliate).
    const unknown = await apply(visitor(), fSlug, {});
    const known = await apply(visitor(), fSlug, { email: member.email });
    expect([unknown.status, known.status]).toEqual([400, 400]);
    expect(unknown.html).toContain('is not taking more affiliates');
    expect(known.html.replace(/value="[^"]*"/g, '')).toBe(unknown.html.replace(/value="[^"]*"/g, ''));
    expect(await api.rowCount('affiliates', full.programId)).toBe(1);
  });

  test('a rejected applicant who applies again gets the same page and no email', async () => {
    const p = await createProgram(server);
    const slug = await slugOf(p);
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    await api.endpoint('/affiliates').put(p, { affiliateId: a.id, affiliateStatus: 'rejected' });
    const before = (await mailsTo(p, a.email)).length;
    const res = await apply(visitor(), slug, { email: a.email });
    expect([res.status, res.location]).toEqual([303, `/portal/${slug}/check-email`]);
    expect((await mailsTo(p, a.email)).length).toBe(before);
  });

  test('a name that is a web address is refused: it would go into an email to an unverified address', async () => {
    const p = await createProgram(server);
    const res = await apply(visitor(), await slugOf(p), { firstName: 'Claim your refund at https://evil.example' });
    expect(res.status).toBe(400);
    expect(res.html).toContain('cannot contain a web address');
    expect(await api.rowCount('affiliates', p.programId)).toBe(0);
  });

  test('a POST that is not a form answers 400, not 500', async () => {
    const p = await createProgram(server);
    const slug = await slugOf(p);
    for (const path of ['sign-up', 'sign-in']) {
      const empty = await fetch(new URL(`/portal/${slug}/${path}`, server.url), { method: 'POST' });
      expect(empty.status).toBe(400);
      const json = await fetch(new URL(`/portal/${slug}/${path}`, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"x@example.com"}',
      });
      expect(json.status).toBe(400);
    }
  });

  test('at most 5 applications an hour from one address', async () => {
    const p = await createProgram(server);
    const slug = await slugOf(p);
    const v = new PortalVisitor(() => server, '198.51.100.77');
    for (let i = 0; i < 5; i++) expect((await apply(v, slug, {})).status).toBe(303);
    const sixth = await apply(v, slug, {});
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await api.rowCount('affiliates', p.programId)).toBe(5);
  });

  test('a form posted from another site is refused', async () => {
    const p = await createProgram(server);
    const res = await visitor().post(
      `/portal/${await slugOf(p)}/sign-up`,
      { firstName: 'A', lastName: 'B', email: freshEmail() },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(await api.rowCount('affiliates', p.programId)).toBe(0);
  });
});

describe('signing in by emailed link', () => {
  let p: ProgramFixture;
  let slug: string;
  beforeAll(async () => {
    p = await createProgram(server);
    slug = await slugOf(p);
  });

  test('the link asks first, signs in once, and sets an HttpOnly, SameSite=Lax cookie for this portal for 30 days', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const v = visitor();
    const link = await signInByEmail(v, p, slug, a.email);
    const cookie = v.setCookies.find((c) => c.startsWith('portal_session=pts_'))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain(`Path=/portal/${slug}`);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeGreaterThan(30 * 86400 - 60);
    expect((await v.get(`/portal/${slug}/home`)).status).toBe(200);
    // Used once: a second use, in this browser or another, is refused.
    const again = await visitor().post(link);
    expect(again.status).toBe(410);
    expect((await visitor().get(link)).status).toBe(410);
  });

  test('over HTTPS the cookie is Secure too, and still SameSite=Lax', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const v = visitor();
    await v.post(`/portal/${slug}/sign-in`, { email: a.email });
    const link = new URL(signInLinkOf((await mailsTo(p, a.email)).pop()!.text)).pathname;
    expect((await v.send('POST', link, {}, { 'x-forwarded-proto': 'https', origin: `https://${new URL(server.url).host}` })).status).toBe(303);
    expect(v.setCookies.find((c) => c.startsWith('portal_session='))).toMatch(/; SameSite=Lax; Secure(;|$)/);
  });

  test('an unknown email gets the same answer, and no email is sent', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const before = (await api.emailsOf(p.programId)).length;
    const unknown = await visitor().post(`/portal/${slug}/sign-in`, { email: 'nobody-here@example.com' });
    const known = await visitor().post(`/portal/${slug}/sign-in`, { email: a.email });
    expect([unknown.status, unknown.location]).toEqual([known.status, known.location]);
    expect((await api.emailsOf(p.programId)).length).toBe(before + 1);
    const page = await visitor().get(known.location!);
    expect(page.html).toContain('Check your email');
  });

  test('at most 5 links per email an hour; the sixth request answers the same and sends nothing', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    for (let i = 0; i < 6; i++) expect((await visitor().post(`/portal/${slug}/sign-in`, { email: a.email })).status).toBe(303);
    expect((await mailsTo(p, a.email)).filter((m) => m.kind === 'affiliate_sign_in')).toHaveLength(5);
  });

  test('an expired link is refused', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    await visitor().post(`/portal/${slug}/sign-in`, { email: a.email });
    const link = new URL(signInLinkOf((await mailsTo(p, a.email)).pop()!.text)).pathname;
    await api.sql(`update portal_sign_in_tokens set expires_at = now() - interval '1 second' where program_id = ? and affiliate_id = ?`, [p.programId, a.id]);
    expect((await visitor().post(link)).status).toBe(410);
  });

  test('a rejected affiliate gets no link, and its open session stops working', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const v = visitor();
    await signInByEmail(v, p, slug, a.email);
    expect((await api.endpoint('/affiliates').put(p, { affiliateId: a.id, affiliateStatus: 'rejected' })).status).toBe(200);
    const home = await v.get(`/portal/${slug}/home`);
    expect(home.status).toBe(303);
    expect(home.location).toBe(`/portal/${slug}`);
    const count = (await mailsTo(p, a.email)).length;
    await visitor().post(`/portal/${slug}/sign-in`, { email: a.email });
    expect((await mailsTo(p, a.email)).length).toBe(count);
  });

  test('a deleted affiliate cannot sign in: its session and links are gone with it', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const v = visitor();
    await signInByEmail(v, p, slug, a.email);
    expect((await api.endpoint('/affiliates').delete(p, { affiliateId: a.id })).status).toBe(200);
    expect((await v.get(`/portal/${slug}/home`)).status).toBe(303);
  });

  test('signing out ends the session: the old cookie opens nothing', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const v = visitor();
    await signInByEmail(v, p, slug, a.email);
    const token = v.sessionToken!;
    const out = await v.submit(`/portal/${slug}/home`, `/portal/${slug}/sign-out`);
    expect(out.status).toBe(303);
    expect(v.sessionToken).toBeUndefined();
    const replay = new PortalVisitor(() => server);
    replay.cookies.set('portal_session', token);
    expect((await replay.get(`/portal/${slug}/home`)).status).toBe(303);
  });

  test('a POST without the page’s CSRF token is refused', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const v = visitor();
    await signInByEmail(v, p, slug, a.email);
    const res = await v.post(`/portal/${slug}/links`, { link: 'no-token-link' });
    expect(res.status).toBe(403);
    expect((await api.endpoint('/links').get(p, { link: 'no-token-link' })).body).toEqual([]);
  });

  test('the portal session is no credential for /api/v1 or /graphql: 401', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const v = visitor();
    await signInByEmail(v, p, slug, a.email);
    const token = v.sessionToken!;
    expect((await server.api('GET', '/affiliates', { token })).status).toBe(401);
    expect((await server.request('POST', '/graphql', { token, body: { query: '{ affiliates { nodes { id } } }' } })).status).toBe(401);
    // Nor as a cookie: the APIs take bearer credentials only.
    const res = await fetch(new URL('/api/v1/affiliates', server.url), { headers: { cookie: `portal_session=${token}` } });
    expect(res.status).toBe(401);
  });
});

describe("unsubscribing by an email's link, without signing in", () => {
  test('the page asks first; the one-click POST turns the kind off; a wrong token changes nothing; it works with the portal off', async () => {
    const p = await createProgram(server);
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const row = (await api.sql('select email_token from affiliates where program_id = ? and id = ?', [p.programId, a.id]))[0];
    const url = new URL(
      server.runtime.services.emailPreferences.unsubscribeUrl({ id: a.id, programId: p.programId, emailToken: row.email_token }, 'new_commission'),
    );
    // Under the program's id, not the portal's slug: a renamed portal keeps the links of emails sent before.
    expect(url.pathname).toBe(`/portal/${p.programId}/unsubscribe`);
    const flag = async () =>
      (await api.sql('select notify_new_commission from affiliates where program_id = ? and id = ?', [p.programId, a.id]))[0].notify_new_commission;

    const ask = await visitor().get(url.pathname + url.search);
    expect(ask.status).toBe(200);
    expect(ask.html).toContain('Stop new commission emails?');
    expect(await flag()).toBe(true);

    const forged = new URL(url);
    forged.searchParams.set('t', '0'.repeat(32));
    expect(
      (await visitor().send('POST', forged.pathname + forged.search, { 'List-Unsubscribe': 'One-Click' }, { origin: 'https://mail.example' })).status,
    ).toBe(400);
    expect(await flag()).toBe(true);

    await api.sql(`update programs set portal_enabled = false, portal_slug = 'renamed-' || portal_slug where id = ?`, [p.programId]);
    // As a mail client sends it: from no page of ours.
    const done = await visitor().send('POST', url.pathname + url.search, { 'List-Unsubscribe': 'One-Click' }, { origin: 'https://mail.example' });
    expect(done.status).toBe(200);
    expect(await flag()).toBe(false);
    expect((await visitor().get(`/portal/${await slugOf(p)}`)).status).toBe(404);
  });

  test('a slug cannot look like a program id', async () => {
    const p = await createProgram(server);
    const res = await server.graphql(
      'mutation($id: ID!, $s: String) { updateProgram(id: $id, input: { portalSlug: $s }) { portalSlug } }',
      { id: p.programId, s: p.programId },
      p.session,
    );
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });
});
