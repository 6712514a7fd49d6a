/**
 * What a signed-in affiliate sees and does in its portal, over HTTP: figures after a real click, referral and
 * sale; customers' emails masked; a new link of its own; payout details; none of another affiliate's data; the
 * embedding link (single use, 5 minutes).
 */
import { clickIdOf, restClient, visitor as from } from '../../helpers/rest-client';
import { createProgram, type ProgramFixture } from '../../helpers/factories';
import { useTestServer } from '../../helpers/harness';
import { PortalVisitor, signInLinkOf } from '../../helpers/portal-client';

const server = useTestServer({ trustProxy: 'loopback' });
const api = restClient(() => server);

let p: ProgramFixture;
let slug: string;
beforeAll(async () => {
  p = await createProgram(server, { name: 'Rocket Shop', defaultCommissionRate: 25 });
  slug = (await api.sql<{ portal_slug: string }>('select portal_slug from programs where id = ?', [p.programId]))[0].portal_slug;
});

/** A browser signed in as the affiliate with this email, through an emailed link. */
async function signedIn(email: string): Promise<PortalVisitor> {
  const v = new PortalVisitor(() => server);
  expect((await v.post(`/portal/${slug}/sign-in`, { email })).status).toBe(303);
  const mails = (await api.emailsOf(p.programId)).filter((m) => m.to === email && m.kind === 'affiliate_sign_in');
  const link = new URL(signInLinkOf(mails[mails.length - 1].text)).pathname;
  expect((await v.post(link)).status).toBe(303);
  return v;
}

describe('an affiliate with a click, a referral and a sale', () => {
  let a: { id: string; email: string; affiliateLinks: string[] };
  let v: PortalVisitor;
  const customer = 'jane.customer@buyers.example';
  beforeAll(async () => {
    a = await api.createAffiliate(p, { sendWelcomeEmail: false, affiliateLink: 'rocket-ada' });
    const click = await api.visit(`/r/${p.programId}/rocket-ada`, from('192.0.2.10'));
    expect(click.status).toBe(302);
    await api.createReferral(p, { affiliateId: String(clickIdOf(click.location)), email: customer, referredUserExternalId: 'cus_portal_1' });
    await api.recordSale(p, { email: customer, totalEarned: 80, name: 'Jane' });
    v = await signedIn(a.email);
  });

  test('its figures: totals of the last 30 days and a chart, from the stats of this affiliate', async () => {
    const home = await v.get(`/portal/${slug}/home`);
    expect(home.status).toBe(200);
    const figure = (label: string) => new RegExp(`<strong>([^<]+)</strong>${label}<`).exec(home.html)?.[1];
    expect([figure('Clicks'), figure('Referrals'), figure('Sales'), figure('Revenue'), figure('Commission')]).toEqual(['1', '1', '1', '$80.00', '$20.00']);
    expect(home.html).toContain('<svg role="img"');
    // Since it joined, from the affiliate's own counters.
    expect([figure('Customers referred'), figure('Commission earned')]).toEqual(['1', '$20.00']);
  });

  test('its links with full URLs and the tracking URL, in fields a copy button targets', async () => {
    const home = await v.get(`/portal/${slug}/home`);
    expect(home.html).toContain('value="https://shop.example.com?ref=rocket-ada"');
    expect(home.html).toContain('value="https://example.org/landing?src=aff&amp;ref=rocket-ada"');
    expect(home.html).toContain(`value="${server.url}/r/${p.programId}/rocket-ada"`);
    expect(home.html).toMatch(/<button type="button" class="secondary" data-copy="link-0-0" hidden>Copy<\/button>/);
  });

  test("its referrals, with the customer's email masked", async () => {
    const page = await v.get(`/portal/${slug}/referrals`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('j***@buyers.example');
    expect(page.html).not.toContain(customer);
    expect(page.html).not.toContain('cus_portal_1');
  });

  test('its commissions with their status', async () => {
    const page = await v.get(`/portal/${slug}/commissions`);
    expect(page.html).toContain('$20.00');
    expect(page.html).toMatch(/<td>(Pending|Approved)<\/td>/);
  });

  test('its payouts: its share of a batch, processing then paid', async () => {
    expect((await v.get(`/portal/${slug}/payouts`)).html).toContain('No payouts yet');
    const sale = (await api.endpoint('/sales').get(p, { affiliateId: a.id })).body[0];
    await api.sql(`update commissions set status = 'approved', approved_at = now() where program_id = ? and sale_id = ?`, [p.programId, sale.id]);
    const batchId = await api.createPayoutBatch(p, [sale.id]);
    let page = await v.get(`/portal/${slug}/payouts`);
    expect(page.html).toContain('$20.00');
    expect(page.html).toContain('Processing');
    await api.markPayoutBatchPaid(p, batchId);
    page = await v.get(`/portal/${slug}/payouts`);
    expect(page.html).toMatch(/Paid \d{4}-\d\d-\d\d/);
  });

  test('a new link of its own: listed on the page and by the API as its link; a taken or malformed one is refused', async () => {
    const res = await v.submit(`/portal/${slug}/home`, `/portal/${slug}/links`, { link: 'ada-blog' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/portal/${slug}/home?notice=link-added`);
    const home = await v.get(res.location!);
    expect(home.html).toContain('Your new link is ready.');
    expect(home.html).toContain('value="https://shop.example.com?ref=ada-blog"');
    expect((await api.linkBySlug(p, 'ada-blog')).affiliateId).toBe(a.id);
    const taken = await v.submit(`/portal/${slug}/home`, `/portal/${slug}/links`, { link: 'ada-blog' });
    expect(taken.status).toBe(400);
    expect(taken.html).toContain('aria-invalid="true"');
    const bad = await v.submit(`/portal/${slug}/home`, `/portal/${slug}/links`, { link: 'no spaces please' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('The link may contain only letters, numbers and hyphens');
  });

  test('payout details: saved, emailed about, and read back by the API', async () => {
    const res = await v.submit(`/portal/${slug}/settings`, `/portal/${slug}/settings/payout`, {
      payoutMethod: 'paypal',
      payoutEmail: 'ada-pay@example.com',
      stripeAccountId: '',
    });
    expect(res.status).toBe(303);
    const row = (
      await api.sql('select payout_method, payout_email, stripe_account_id from affiliates where program_id = ? and id = ?', [p.programId, a.id])
    )[0];
    expect(row).toEqual({ payout_method: 'paypal', payout_email: 'ada-pay@example.com', stripe_account_id: null });
    expect((await api.emailsOf(p.programId)).filter((m) => m.to === a.email).map((m) => m.kind)).toContain('affiliate_payout_details_changed');
    const settings = await v.get(`/portal/${slug}/settings`);
    expect(settings.html).toContain('value="ada-pay@example.com"');
    expect(settings.html).toContain('<option value="paypal" selected>');
  });

  test('payout details that do not fit the method are refused next to their field, and nothing changes', async () => {
    const res = await v.submit(`/portal/${slug}/settings`, `/portal/${slug}/settings/payout`, {
      payoutMethod: 'stripe_connect',
      payoutEmail: '',
      stripeAccountId: 'not-an-account',
    });
    expect(res.status).toBe(400);
    expect(res.html).toContain('The Stripe account ID must be a Stripe account id such as acct_');
    const row = (await api.sql('select payout_method from affiliates where program_id = ? and id = ?', [p.programId, a.id]))[0];
    expect(row.payout_method).toBe('paypal');
  });

  test('a second affiliate sees none of the first one’s data', async () => {
    const b = await api.createAffiliate(p, { sendWelcomeEmail: false, affiliateLink: 'rocket-bob' });
    const w = await signedIn(b.email);
    const pages = await Promise.all(['home', 'referrals', 'commissions', 'payouts', 'settings'].map((x) => w.get(`/portal/${slug}/${x}`)));
    for (const page of pages) {
      expect(page.status).toBe(200);
      for (const secret of ['rocket-ada', 'ada-blog', 'j***@buyers.example', '$20.00', 'ada-pay@example.com', a.email]) expect(page.html).not.toContain(secret);
    }
    expect(pages[0].html).toContain('rocket-bob');
  });
});

describe('embedding: a single-use sign-in link from the API, valid 5 minutes', () => {
  test('signs the affiliate in at once, once; another program’s key cannot make one', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const made = await server.api('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId: a.id } });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(new RegExp(`^${server.url}/portal/${slug}/sign-in/[A-Za-z0-9_-]+$`));
    const minutes = (new Date(made.body.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.5);
    expect(minutes).toBeLessThanOrEqual(5);
    const path = new URL(made.body.url).pathname;
    const v = new PortalVisitor(() => server);
    const first = await v.get(path);
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/portal/${slug}/home`);
    expect((await v.get(first.location!)).status).toBe(200);
    expect((await new PortalVisitor(() => server).get(path)).status).toBe(410);
    // Over HTTPS (behind the trusted proxy) an embedding link's session lives in the merchant's frame: SameSite=None,
    // Secure and Partitioned, since a Lax cookie is never sent to a cross-site frame.
    const again = await server.api('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId: a.id } });
    const framed = new PortalVisitor(() => server);
    expect((await framed.send('GET', new URL(again.body.url).pathname, undefined, { 'x-forwarded-proto': 'https' })).status).toBe(303);
    expect(framed.setCookies.find((c) => c.startsWith('portal_session='))).toMatch(/; SameSite=None; Secure; Partitioned(;|$)/);
    const other = await createProgram(server);
    expect((await server.api('POST', '/affiliate-portal-links', { token: other.key, body: { affiliateId: a.id } })).status).toBe(404);
  });
});
