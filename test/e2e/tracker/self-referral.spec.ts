/**
 * Self-referrals (DESIGN.md "Attribution on the merchant's site"): a referral whose email is its affiliate's own
 * (case-insensitive, +tags ignored), or whose click came from an address the affiliate is known at (that of the
 * click behind one of its earlier self-referrals), is flagged `selfReferral` on REST, GraphQL and its event; the
 * commissions of its sales stay pending (no approval round picks them up) until the owner approves them
 * (approveCommission) or a refund reverses them. Addresses compare by bucket (IPv6 by /64, IPv4-mapped as IPv4);
 * a sale named by a click id follows the same rule. Any other referral behaves as before.
 */
import type { ProgramFixture } from '../../helpers/factories';
import { person, restClient, visitor } from '../../helpers/rest-client';
import { useAffiliate, useProgram, useTestServer } from '../../helpers/harness';
import { personEmail, slug } from '../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../helpers/assertions';

// Visitors' addresses come from X-Forwarded-For (the test client is loopback, which is trusted here).
const server = useTestServer({ trustProxy: 'loopback', clicksPerMinute: 100_000 });

const api = restClient(() => server);
const { seen, call, program, sql, createAffiliate, createLink, createReferral, saleFor, saleById, gql, gqlData, events } = api;

const COMMISSION = 'query($id: SafeInt!) { sale(id: $id) { commission { status holdUntil approvedAt amount } } }';
const APPROVE = 'mutation($s: SafeInt!) { approveCommission(saleId: $s) { saleId status approvedAt } }';
const APPROVE_AS_OWNER = 'mutation($p: ID, $s: SafeInt!) { approveCommission(programId: $p, saleId: $s) { saleId status approvedAt amount } }';

/** A click from the visitor's browser (tracker.js's call) on `ref`, from `ip`; its id. */
async function siteClick(p: ProgramFixture, ref: string, ip: string, ua = 'Mozilla/5.0 (Self)'): Promise<number> {
  const res = await call('POST', '/public/clicks', { query: { key: p.publishableKey }, body: { ref }, headers: visitor(ip, ua) });
  expect(res.status).toBe(200);
  return res.body.clickId;
}

const commissionOf = async (p: ProgramFixture, saleId: number) => (await gqlData(p, COMMISSION, { id: saleId })).sale.commission;

describe('flagging', () => {
  const p = useProgram(() => program());
  const adaSlug = slug('ada');
  const ada = useAffiliate(() => createAffiliate(p, { email: `ada.lovelace-${slug('m')}@Example.com`, affiliateLink: adaSlug }));

  test.each([
    ['the same address', (e: string) => e],
    ['another case', (e: string) => e.toUpperCase()],
    ['a +tag', (e: string) => e.replace('@', '+signup-2@')],
    ['a +tag in another case, with spaces around', (e: string) => `  ${e.replace('@', '+X@').toUpperCase()}  `],
  ])("the affiliate's own email (%s): selfReferral true on REST, GraphQL and the event", async (_label, variant) => {
    const res = await createReferral(p, { affiliateId: ada.id, email: variant(ada.email) });
    expect(res.selfReferral).toBe(true);
    expect((await call('GET', '/referrals', { token: p.key, query: { id: res.id } })).body.selfReferral).toBe(true);
    expect((await gqlData(p, 'query($id: String!) { referral(id: $id) { selfReferral } }', { id: res.id })).referral.selfReferral).toBe(true);
    const [event] = await events(p.programId, 'referral.created', res.id);
    expect(event.data.selfReferral).toBe(true);
  });

  test('another mailbox is no self-referral: a different local part, domain, or a dot moved', async () => {
    const [local, domain] = ada.email.split('@');
    for (const email of [personEmail('grace'), `${local}x@${domain}`, `${local}@other-${domain}`, `${local.replace('.', '')}@${domain}`]) {
      const res = await createReferral(p, { affiliateId: ada.id, email });
      expect({ email, selfReferral: res.selfReferral }).toEqual({ email, selfReferral: false });
    }
  });

  test('a click from an address the affiliate is known at flags a referral under another email; another address does not', async () => {
    const home = '198.51.100.7';
    // Before ada gave herself away, a click from her address is just a click.
    const early = await siteClick(p, adaSlug, home, 'Mozilla/5.0 (Early)');
    expect((await createReferral(p, { affiliateId: String(early), email: personEmail('before') })).selfReferral).toBe(false);

    // Ada clicks her own link at home and signs up with her own email: a self-referral, and her address is known.
    const own = await siteClick(p, adaSlug, home, 'Mozilla/5.0 (Own)');
    const mine = await createReferral(p, { affiliateId: String(own), email: ada.email.replace('@', '+2@') });
    expect(mine).toMatchObject({ selfReferral: true, clickId: own, affiliateId: ada.id });

    // Later, from the same address (another browser, another of her links), under an invented email.
    const second = slug('ada-two');
    await createLink(p, { link: second, affiliateId: ada.id });
    const again = await siteClick(p, second, home, 'Mozilla/5.0 (Other Browser)');
    const disguised = await createReferral(p, { affiliateId: String(again), email: personEmail('invented') });
    expect(disguised).toMatchObject({ selfReferral: true, clickId: again });

    // A real visitor elsewhere is not.
    const elsewhere = await siteClick(p, adaSlug, '203.0.113.50', 'Mozilla/5.0 (Real Visitor)');
    expect((await createReferral(p, { affiliateId: String(elsewhere), email: personEmail('real') })).selfReferral).toBe(false);

    // The address is known for ada only: bob's visitor from there is no self-referral of bob's.
    const bobSlug = slug('bob');
    await createAffiliate(p, { affiliateLink: bobSlug });
    const bobs = await siteClick(p, bobSlug, home, 'Mozilla/5.0 (Bob Visitor)');
    expect((await createReferral(p, { affiliateId: String(bobs), email: personEmail('bobs') })).selfReferral).toBe(false);

    // A referral without a click is judged by its email alone.
    expect((await createReferral(p, { affiliateId: adaSlug, email: personEmail('noclick') })).selfReferral).toBe(false);
  });

  test.each([
    ['another address of the same IPv6 /64', '2001:db8:ada:7:1::10', '2001:db8:ada:7:9f3c::2', '2001:db8:ada:8::10'],
    ['the IPv4 address as IPv4-mapped IPv6', '198.51.100.9', '::ffff:198.51.100.9', '198.51.100.10'],
    ['the IPv4-mapped address as IPv4', '::ffff:198.51.100.19', '198.51.100.19', '::ffff:198.51.100.20'],
  ])('a click from %s is from the known address; the next bucket is not', async (_label, known, same, next) => {
    const q = await program();
    const s = slug('bucket');
    const bea = await createAffiliate(q, { affiliateLink: s });
    const own = await siteClick(q, s, known, 'Mozilla/5.0 (Own)');
    expect((await createReferral(q, { affiliateId: String(own), email: bea.email })).selfReferral).toBe(true);
    const again = await siteClick(q, s, same, 'Mozilla/5.0 (Other Browser)');
    expect((await createReferral(q, { affiliateId: String(again), email: personEmail('invented') })).selfReferral).toBe(true);
    const neighbour = await siteClick(q, s, next, 'Mozilla/5.0 (Neighbour)');
    expect((await createReferral(q, { affiliateId: String(neighbour), email: personEmail('neighbour') })).selfReferral).toBe(false);
  });

  test('a click from before address buckets were kept matches by its exact address only', async () => {
    const q = await program();
    const s = slug('old');
    const bea = await createAffiliate(q, { affiliateLink: s });
    const own = await siteClick(q, s, '2001:db8:b0:1::1', 'Mozilla/5.0 (Own)');
    await createReferral(q, { affiliateId: String(own), email: bea.email });
    await sql('update clicks set address_hash = null where program_id = ? and id = ?', [q.programId, own]);
    const sameBucket = await siteClick(q, s, '2001:db8:b0:1::2', 'Mozilla/5.0 (Other Browser)');
    expect((await createReferral(q, { affiliateId: String(sameBucket), email: personEmail() })).selfReferral).toBe(false);
    const sameAddress = await siteClick(q, s, '2001:db8:b0:1::1', 'Mozilla/5.0 (Third Browser)');
    expect((await createReferral(q, { affiliateId: String(sameAddress), email: personEmail() })).selfReferral).toBe(true);
  });

  test('server-reported clicks with the address count the same way', async () => {
    const q = await program();
    const s = slug('srv');
    const bea = await createAffiliate(q, { affiliateLink: s });
    const click = async (ip: string, ua: string) => (await call('POST', '/clicks', { token: q.key, body: { link: s, ip, userAgent: ua } })).body.id;
    await createReferral(q, { affiliateId: String(await click('192.0.2.77', 'UA one')), email: bea.email });
    expect((await createReferral(q, { affiliateId: String(await click('192.0.2.77', 'UA two')), email: personEmail() })).selfReferral).toBe(true);
    expect((await createReferral(q, { affiliateId: String(await click('192.0.2.78', 'UA three')), email: personEmail() })).selfReferral).toBe(false);
  });
});

describe("a self-referral's commissions wait for the owner", () => {
  let selfRef: any;
  const p = useProgram(() => program());
  const ada = useAffiliate(() => createAffiliate(p));
  beforeAll(async () => {
    selfRef = await createReferral(p, { affiliateId: ada.id, email: ada.email.toUpperCase() });
    expect(selfRef.selfReferral).toBe(true);
  });

  test('a sale of a non-self-referral is approved at once, as before', async () => {
    const other = await createReferral(p, { affiliateId: ada.id });
    const sale = await saleFor(p, other.id);
    expect(sale.commissionStatus).toBe('approved');
  });

  test('pending with no hold; no approval round moves it; not payable, not markable paid', async () => {
    const sale = await saleFor(p, selfRef.id, { totalEarned: 50 });
    expect(sale).toMatchObject({ referralId: selfRef.id, commissionStatus: 'pending', commissionEarned: 10 });
    expect(await commissionOf(p, sale.id)).toEqual({ status: 'pending', holdUntil: null, approvedAt: null, amount: 10 });
    // Through the customer's email too (the sale finds the referral by email).
    const byEmail = await api.recordSale(p, { email: selfRef.email, name: 'Ada', totalEarned: 20 });
    expect(byEmail.commissionStatus).toBe('pending');

    expect(await server.runtime.approvals.runOnce()).toBe(0);
    const listed = await gqlData(p, '{ commissions(status: pending) { nodes { saleId } } }');
    expect(listed.commissions.nodes.map((n: any) => n.saleId)).toEqual(expect.arrayContaining([sale.id, byEmail.id]));
    expect((await saleById(p, sale.id)).commissionStatus).toBe('pending');
    expect((await gql(p, 'mutation($s: SafeInt!) { createPayoutBatch(saleIds: [$s]) { id } }', { s: sale.id })).body.errors?.[0]?.extensions?.code).toBe(
      'VALIDATION_FAILED',
    );
    const paid = await gql(p, 'mutation($s: SafeInt!) { markCommissionPaid(saleId: $s) { status } }', { s: sale.id });
    expect(paid.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect((await commissionOf(p, sale.id)).status).toBe('pending');
    expect(
      await events(
        p.programId,
        'commission.approved',
        (await gqlData(p, 'query($id: SafeInt!) { sale(id: $id) { commission { id } } }', { id: sale.id })).sale.commission.id,
      ),
    ).toEqual([]);
  });

  test("a sale named by the self-referral's click id, or by the affiliate with the affiliate's own email, is held too", async () => {
    const q = await program();
    const slugOf = slug('self-click');
    const bea = await createAffiliate(q, { affiliateLink: slugOf });
    const clickId = await siteClick(q, slugOf, '192.0.2.90');
    expect((await createReferral(q, { affiliateId: String(clickId), email: bea.email })).selfReferral).toBe(true);
    const byClick = await api.recordSale(q, { referralId: String(clickId), name: 'Bea', email: personEmail(), totalEarned: 40 });
    expect(byClick.commissionStatus).toBe('pending');
    const byAffiliate = await api.recordSale(q, { referralId: bea.id, name: 'Bea', email: bea.email.replace('@', '+shop@'), totalEarned: 40 });
    expect(byAffiliate.commissionStatus).toBe('pending');
    // The affiliate named with a customer's email is an ordinary sale.
    expect((await api.recordSale(q, { referralId: bea.id, name: 'Cy', email: personEmail(), totalEarned: 40 })).commissionStatus).toBe('approved');
  });

  test('a sale named by a click from an address the affiliate is known at is held, like a referral through it', async () => {
    const q = await program();
    const s = slug('known-address');
    const bea = await createAffiliate(q, { affiliateLink: s });
    const own = await siteClick(q, s, '2001:db8:5a1e:1::7');
    expect((await createReferral(q, { affiliateId: String(own), email: bea.email })).selfReferral).toBe(true);
    // Another click from the same /64, never made a referral: the sale names it directly, under a customer's email.
    const later = await siteClick(q, s, '2001:db8:5a1e:1::8', 'Mozilla/5.0 (Other Browser)');
    const held = await api.recordSale(q, { referralId: String(later), name: 'Someone', email: personEmail(), totalEarned: 40 });
    expect(held).toMatchObject({ referralId: null, commissionStatus: 'pending' });
    expect(await commissionOf(q, held.id)).toMatchObject({ status: 'pending', holdUntil: null });
    expect((await gqlData(q, APPROVE_AS_OWNER, { s: held.id })).approveCommission.status).toBe('approved');
    // A click from elsewhere is an ordinary sale.
    const elsewhere = await siteClick(q, s, '203.0.113.77');
    expect((await api.recordSale(q, { referralId: String(elsewhere), name: 'Cy', email: personEmail(), totalEarned: 40 })).commissionStatus).toBe('approved');
  });

  test("a referral whose email is changed to the affiliate's own becomes a self-referral", async () => {
    const q = await program();
    const cy = await createAffiliate(q);
    const r = await createReferral(q, { affiliateId: cy.id });
    expect(r.selfReferral).toBe(false);
    const put = await call('PUT', '/referrals', { token: q.key, body: { referralId: r.id, email: cy.email.toUpperCase() } });
    expect(put.status).toBe(200);
    expect(put.body.selfReferral).toBe(true);
    expect((await saleFor(q, r.id)).commissionStatus).toBe('pending');
  });

  test('held in a program with a holding period too: it does not end with the hold', async () => {
    const h = await program({ commissionHoldDays: 2 });
    const ha = await createAffiliate(h);
    const r = await createReferral(h, { affiliateId: ha.id, email: ha.email });
    const sale = await saleFor(h, r.id);
    expect(await commissionOf(h, sale.id)).toMatchObject({ status: 'pending', holdUntil: null });
    const normal = await saleFor(h, (await createReferral(h, { affiliateId: ha.id })).id);
    expect((await commissionOf(h, normal.id)).holdUntil).not.toBeNull();
    await sql(`update commissions set hold_until = now() - interval '1 minute' where program_id = ? and hold_until is not null`, [h.programId]);
    expect(await server.runtime.approvals.runOnce()).toBe(1);
    expect((await commissionOf(h, normal.id)).status).toBe('approved');
    expect((await commissionOf(h, sale.id)).status).toBe('pending');
  });

  test('the owner approves it (approveCommission, its session or API key; another program cannot): approved now, commission.approved, then payable', async () => {
    const sale = await saleFor(p, selfRef.id, { totalEarned: 80 });
    const other = await program();
    const foreign = await gql(other.session, APPROVE_AS_OWNER, { p: p.programId, s: sale.id });
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(other, APPROVE, { s: sale.id })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await commissionOf(p, sale.id)).status).toBe('pending');

    const approved = await gqlData(p, APPROVE_AS_OWNER, { s: sale.id });
    expect(approved.approveCommission).toEqual({ saleId: sale.id, status: 'approved', approvedAt: expect.any(String), amount: 16 });
    expect((await saleById(p, sale.id)).commissionStatus).toBe('approved');
    const c = await gqlData(p, 'query($id: SafeInt!) { sale(id: $id) { commission { id } } }', { id: sale.id });
    const evs = await events(p.programId, 'commission.approved', c.sale.commission.id);
    expect(evs).toHaveLength(1);
    expect(evs[0].data).toMatchObject({ saleId: sale.id, status: 'approved' });
    // Approving again changes nothing and sends nothing more.
    expect((await gqlData(p.session, APPROVE_AS_OWNER, { p: p.programId, s: sale.id })).approveCommission.status).toBe('approved');
    expect(await events(p.programId, 'commission.approved', c.sale.commission.id)).toHaveLength(1);
    const batch = await gql(p, 'mutation($s: SafeInt!) { createPayoutBatch(saleIds: [$s]) { id commissionCount } }', { s: sale.id });
    expect(batch.body.data.createPayoutBatch.commissionCount).toBe(1);
  });

  test('or a refund reverses it; a reversed one cannot be approved', async () => {
    const sale = await saleFor(p, selfRef.id, { totalEarned: 30 });
    const refund = await call('PATCH', '/sales', { token: p.key, body: { saleId: sale.id } });
    expect(refund.status).toBe(200);
    expect(refund.body.sale.commissionStatus).toBe('reversed');
    const again = await gql(p.session, APPROVE_AS_OWNER, { p: p.programId, s: sale.id });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect((await commissionOf(p, sale.id)).status).toBe('reversed');
  });

  test('approveCommission ends a holding period early too; an unknown sale is NOT_FOUND', async () => {
    const h = await program({ commissionHoldDays: 10 });
    const sale = await saleFor(h, (await createAffiliate(h)).id);
    expect((await commissionOf(h, sale.id)).status).toBe('pending');
    expect((await gqlData(h.session, APPROVE_AS_OWNER, { p: h.programId, s: sale.id })).approveCommission.status).toBe('approved');
    expect((await gql(h.session, APPROVE_AS_OWNER, { p: h.programId, s: 987654321 })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

test('a referral that is not a self-referral reads false everywhere (REST list and GraphQL)', async () => {
  const p = await program();
  const a = await createAffiliate(p);
  const r = await createReferral(p, { affiliateId: a.id, ...person() });
  const list = (await call('GET', '/referrals', { token: p.key })).body;
  expect(list.map((x: any) => [x.id, x.selfReferral])).toEqual([[r.id, false]]);
  expectError(await call('POST', '/referrals', { token: p.publishableKey, body: { affiliateId: a.id, ...person() } }), 401, 'UNAUTHENTICATED');
});

testNoServerErrors(seen, 30);
