/**
 * One customer, one referrer (DESIGN.md "Names the spec leaves open"), over HTTP against the real app on a real
 * PostgreSQL: a customer is its referredUserExternalId within the program. Under first_click (default) a second
 * POST /referrals answers 200 with the existing referral and changes nothing; under last_click the referral moves
 * to the new affiliate with its counters and fires referral.updated. Concurrent duplicates make one referral, and
 * POST /sales {email} credits the customer's one referral. Databases with duplicates from before the rule:
 * one-referrer-migration.spec.ts.
 */
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import type { ProgramFixture } from '../../../helpers/factories';
import { person, restClient } from '../../../helpers/rest-client';
import { personEmail, slug } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';

const server = useTestServer();

const api = restClient(() => server);
const {
  seen,
  program,
  rowCount,
  events,
  eventCount,
  createAffiliate,
  affiliateById,
  createLink,
  linkBySlug,
  createReferral,
  createCoupon,
  createCode,
  redemptions,
  referralCounters,
  recordSale,
} = api;
const referrals = api.endpoint('/referrals');
const sales = api.endpoint('/sales');

/** The program's referral rows of one customer (superseded ones included). */
const rowsOf = (p: ProgramFixture, externalId: string) =>
  api.count('select count(*) as n from referrals where program_id = ? and referred_user_external_id = ?', [p.programId, externalId]);

/** numberOfReferredUsers of each affiliate, and their sum. */
async function referredUsers(p: ProgramFixture, affiliates: Array<{ id: string }>) {
  const each = await Promise.all(affiliates.map(async (a) => (await affiliateById(p, a.id)).numberOfReferredUsers as number));
  return { each, total: each.reduce((s, n) => s + n, 0) };
}

describe('first_click (the default): a second POST /referrals for the customer answers its referral and changes nothing', () => {
  const p = useProgram(() => program());
  const a1 = useAffiliate(() => createAffiliate(p));
  const a2 = useAffiliate(() => createAffiliate(p));

  test('another affiliate, other name and email: 200 with the same referral, no row, counter or event', async () => {
    const customer = person();
    const first = await createReferral(p, { affiliateId: a1.id, ...customer });
    const before = { a1: await referralCounters(p, a1.id), a2: await referralCounters(p, a2.id), events: await eventCount(p.programId, 'referral.') };
    const again = await referrals.post(p, { affiliateId: a2.id, ...person({ referredUserExternalId: customer.referredUserExternalId }) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    expect(await rowsOf(p, customer.referredUserExternalId)).toBe(1);
    expect(await referralCounters(p, a1.id)).toEqual(before.a1);
    expect(await referralCounters(p, a2.id)).toEqual(before.a2);
    expect(await eventCount(p.programId, 'referral.')).toBe(before.events);
    // The same affiliate again, by its slug or email: the same answer.
    expect((await referrals.post(p, { affiliateId: a1.affiliateLinks[0], ...customer })).body).toEqual(first);
    expect((await referrals.post(p, { affiliateEmail: a1.email, ...customer })).body).toEqual(first);
    expect((await referrals.get(p, { externalId: customer.referredUserExternalId })).body).toEqual([first]);
  });

  test('with a promotional code of another affiliate: the referral, the code not redeemed', async () => {
    const customer = person();
    const first = await createReferral(p, { affiliateId: a1.id, ...customer });
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a2.id });
    const again = await referrals.post(p, { promoCode: code.code, ...customer });
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: first });
    expect(await redemptions(p, code.code)).toEqual({ code: 0, coupon: 0 });
  });

  test('a pending affiliate named for a referred customer: the referral stays as it is', async () => {
    const customer = person();
    const first = await createReferral(p, { affiliateId: a1.id, ...customer });
    const later = await createAffiliate(p, { affiliateStatus: 'pending' });
    expect((await referrals.post(p, { affiliateId: later.id, ...customer })).body).toEqual(first);
  });

  test('POST /sales {email} after duplicates credits the one referral (its affiliate and link), whichever email the duplicate sent', async () => {
    const customer = person();
    const first = await createReferral(p, { affiliateId: a1.id, ...customer });
    const otherEmail = personEmail('dup');
    await referrals.post(p, { affiliateId: a2.id, ...customer, email: otherEmail });
    const sale = await recordSale(p, { email: customer.email, totalEarned: 40 });
    expect({ referralId: sale.referralId, affiliateId: sale.affiliateId, linkId: sale.linkId }).toEqual({
      referralId: first.id,
      affiliateId: a1.id,
      linkId: first.linkId,
    });
    // The duplicate made no referral of its email: a sale by it credits nobody.
    expect((await sales.post(p, { email: otherEmail, name: 'X', totalEarned: 10 })).body).toBeNull();
  });

  test('the monthly referral limit: a duplicate is answered when the limit is reached, and counts toward nothing', async () => {
    const q = await program({ monthlyReferralLimit: 2 });
    const a = await createAffiliate(q);
    const b = await createAffiliate(q);
    const customer = person();
    const first = await createReferral(q, { affiliateId: a.id, ...customer });
    // Duplicates do not use up the limit: a second customer still fits.
    for (let i = 0; i < 3; i++) expect((await referrals.post(q, { affiliateId: b.id, ...customer })).body).toEqual(first);
    await createReferral(q, { affiliateId: b.id });
    expectError(await referrals.post(q, { affiliateId: b.id, ...person() }), 400, 'LIMIT_REACHED');
    const again = await referrals.post(q, { affiliateId: b.id, ...customer });
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: first });
    expect(await rowCount('referrals', q.programId)).toBe(2);
  });

  test("PUT /referrals with another customer's referredUserExternalId: 400 DUPLICATE, nothing changed", async () => {
    const r1 = await createReferral(p, { affiliateId: a1.id });
    const r2 = await createReferral(p, { affiliateId: a2.id });
    const res = await referrals.put(p, { referralId: r2.id, referredUserExternalId: r1.referredUserExternalId });
    expectError(res, 400, 'DUPLICATE');
    expect(res.body.details).toEqual([expect.objectContaining({ field: 'referredUserExternalId' })]);
    expect((await referrals.get(p, { id: r2.id })).body).toEqual(r2);
  });
});

describe('last_click: the referral moves to the affiliate named now', () => {
  let a2Second: any;
  const p = useProgram(() => program({ attributionModel: 'last_click' }));
  const a1 = useAffiliate(() => createAffiliate(p));
  const a2 = useAffiliate(() => createAffiliate(p));
  beforeAll(async () => {
    a2Second = await createLink(p, { link: slug('a2-second'), affiliateId: a2.id });
  });

  test('moved with its link, counters of both affiliates and links adjusted, referral.updated; no new referral', async () => {
    const customer = person();
    const first = await createReferral(p, { affiliateId: a1.id, ...customer });
    const before = { a1: await referralCounters(p, a1.id), a2: await referralCounters(p, a2.id) };
    const moved = await referrals.post(p, { affiliateId: a2Second.link, ...person({ referredUserExternalId: customer.referredUserExternalId }) });
    expect(moved.status).toBe(200);
    // The customer's referral, its details kept: only who referred it changed.
    expect(moved.body).toEqual({ ...first, affiliateId: a2.id, linkId: a2Second.id, updatedAt: expect.any(String) });
    expect(Date.parse(moved.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
    expect(await rowsOf(p, customer.referredUserExternalId)).toBe(1);
    const after = { a1: await referralCounters(p, a1.id), a2: await referralCounters(p, a2.id) };
    expect(after.a1).toEqual({
      numberOfReferredUsers: before.a1.numberOfReferredUsers - 1,
      links: { [a1.affiliateLinks[0]]: before.a1.links[a1.affiliateLinks[0]] - 1 },
    });
    expect(after.a2.numberOfReferredUsers).toBe(before.a2.numberOfReferredUsers + 1);
    expect(after.a2.links[a2Second.link]).toBe(before.a2.links[a2Second.link] + 1);
    expect(after.a2.links[a2.affiliateLinks[0]]).toBe(before.a2.links[a2.affiliateLinks[0]]);
    const updated = await events(p.programId, 'referral.updated', first.id);
    expect(updated.map((e) => e.data)).toEqual([moved.body]);
    expect(await events(p.programId, 'referral.created', first.id)).toHaveLength(1);
    expect((await referrals.get(p, { id: first.id })).body).toEqual(moved.body);
  });

  test('naming its own affiliate again changes nothing (no event)', async () => {
    const customer = person();
    const first = await createReferral(p, { affiliateId: a1.id, ...customer });
    const beforeEvents = await eventCount(p.programId, 'referral.');
    expect((await referrals.post(p, { affiliateEmail: a1.email, ...customer })).body).toEqual(first);
    expect(await eventCount(p.programId, 'referral.')).toBe(beforeEvents);
  });

  test('an identifier that matches no affiliate: the referral, unchanged', async () => {
    const customer = person();
    const first = await createReferral(p, { affiliateId: a1.id, ...customer });
    expect((await referrals.post(p, { affiliateId: 'no-such-slug-here', ...customer })).body).toEqual(first);
  });

  test('by a promotional code of another affiliate: moved to it, the code redeemed once and named on the referral', async () => {
    const customer = person();
    await createReferral(p, { affiliateId: a1.id, ...customer });
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a2.id });
    const moved = await referrals.post(p, { promoCode: code.code, ...customer });
    expect(moved.status).toBe(200);
    // The code's affiliate with its first link, as a new referral by the code would be.
    const firstLink = await linkBySlug(p, a2.affiliateLinks[0]);
    expect(moved.body).toEqual(expect.objectContaining({ affiliateId: a2.id, linkId: firstLink.id, clickId: null, promoCode: code.code }));
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test('sales stay with the affiliate they were recorded for; later sales by email go to the new one; deleting the referral takes back each affiliate its own', async () => {
    const x = await createAffiliate(p);
    const y = await createAffiliate(p);
    const customer = person();
    const r = await createReferral(p, { affiliateId: x.id, ...customer });
    const before = await recordSale(p, { email: customer.email, totalEarned: 100, commissionRate: 10 });
    expect({ affiliateId: before.affiliateId, referralId: before.referralId, commissionEarned: before.commissionEarned }).toEqual({
      affiliateId: x.id,
      referralId: r.id,
      commissionEarned: 10,
    });
    await referrals.post(p, { affiliateId: y.id, ...customer });
    const after = await recordSale(p, { email: customer.email, totalEarned: 200, commissionRate: 10 });
    expect({ affiliateId: after.affiliateId, referralId: after.referralId }).toEqual({ affiliateId: y.id, referralId: r.id });
    expect((await sales.get(p, { id: String(before.id) })).body.affiliateId).toBe(x.id);
    expect((await affiliateById(p, x.id)).totalCommissionEarned).toBe(10);
    expect((await affiliateById(p, y.id)).totalCommissionEarned).toBe(20);
    expect((await referrals.delete(p, { referralId: r.id })).status).toBe(200);
    const [ax, ay] = [await affiliateById(p, x.id), await affiliateById(p, y.id)];
    expect([ax.totalCommissionEarned, ax.numberOfReferredUsers, ay.totalCommissionEarned, ay.numberOfReferredUsers]).toEqual([0, 0, 0, 0]);
  });
});

describe('concurrent POST /referrals for one customer under different affiliates: exactly one referral', () => {
  const N = 15;

  async function race(p: ProgramFixture) {
    const affiliates = await Promise.all(Array.from({ length: N }, () => createAffiliate(p)));
    const customer = person();
    const results = await Promise.all(affiliates.map((a) => referrals.post(p, { affiliateId: a.id, ...customer })));
    return { affiliates, customer, results };
  }

  test('first_click: every answer 200 with the same referral; one row, one referral.created, counted once', async () => {
    const p = await program();
    const { affiliates, customer, results } = await race(p);
    expect(results.map((r) => r.status)).toEqual(Array(N).fill(200));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(await rowsOf(p, customer.referredUserExternalId)).toBe(1);
    expect(await events(p.programId, 'referral.created')).toHaveLength(1);
    expect(await eventCount(p.programId, 'referral.updated')).toBe(0);
    const counted = await referredUsers(p, affiliates);
    expect(counted.total).toBe(1);
    expect(counted.each[affiliates.findIndex((a) => a.id === results[0].body.affiliateId)]).toBe(1);
    // Every answer is the referral as it is.
    const stored = (await referrals.get(p, { id: results[0].body.id })).body;
    for (const r of results) expect(r.body).toEqual(stored);
  });

  test('first_click under a monthly limit (creations take turns on the program): one referral, nobody refused', async () => {
    const p = await program({ monthlyReferralLimit: 3 });
    const { affiliates, customer, results } = await race(p);
    expect(results.map((r) => r.status)).toEqual(Array(N).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await rowsOf(p, customer.referredUserExternalId)).toBe(1);
    expect((await referredUsers(p, affiliates)).total).toBe(1);
  });

  test('last_click: one row; it ends with the affiliate of the last move, counted once in total', async () => {
    const p = await program({ attributionModel: 'last_click' });
    const { affiliates, customer, results } = await race(p);
    expect(results.map((r) => r.status)).toEqual(Array(N).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await rowsOf(p, customer.referredUserExternalId)).toBe(1);
    expect(await events(p.programId, 'referral.created')).toHaveLength(1);
    const stored = (await referrals.get(p, { id: results[0].body.id })).body;
    const moves = await events(p.programId, 'referral.updated');
    // Each move was to another affiliate; the last one is where the referral is.
    expect(moves.length).toBeLessThanOrEqual(N - 1);
    if (moves.length) expect(moves[moves.length - 1].data).toEqual(stored);
    const counted = await referredUsers(p, affiliates);
    expect(counted.total).toBe(1);
    expect(counted.each[affiliates.findIndex((a) => a.id === stored.affiliateId)]).toBe(1);
    const links = await Promise.all(affiliates.map(async (a) => (await referralCounters(p, a.id)).links[a.affiliateLinks[0]]));
    expect(links.reduce((s, n) => s + n, 0)).toBe(1);
  });
});

testNoServerErrors(seen);
