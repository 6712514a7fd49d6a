/**
 * Spec 4.2 (referrals) over HTTP against the real app on a real PostgreSQL.
 * the monthly referral limit, exact promo-code limits under concurrent
 * referrals, and one program's key never reading, changing or crediting another program's referrals.
 */
import { useTestServer } from '../../../helpers/harness';
import type { ProgramFixture } from '../../../helpers/factories';
import { person, restClient } from '../../../helpers/rest-client';
import { uniq } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';

const server = useTestServer();

const api = restClient(() => server);
const {
  seen,
  program,
  twoPrograms,
  sql,
  rowCount,
  events,
  eventCount,
  createAffiliate,
  createReferral,
  createCoupon,
  createCode,
  redemptions,
  referralCounters,
} = api;
const referrals = api.endpoint('/referrals');

describe('monthly referral limit', () => {
  test('with monthlyReferralLimit 2 the third POST is 400 LIMIT_REACHED; nothing recorded, no counter, no event', async () => {
    const p = await program({ monthlyReferralLimit: 2 });
    const a = await createAffiliate(p);
    await createReferral(p, { affiliateId: a.id });
    await createReferral(p, { affiliateId: a.id });
    const before = await referralCounters(p, a.id);
    const beforeEvents = await eventCount(p.programId, 'referral.');
    const res = await referrals.post(p, { affiliateId: a.id, ...person() });
    expectError(res, 400, 'LIMIT_REACHED');
    expect(await rowCount('referrals', p.programId)).toBe(2);
    expect(await referralCounters(p, a.id)).toEqual(before);
    expect(await eventCount(p.programId, 'referral.')).toBe(beforeEvents);
    // Every way of naming the affiliate is limited the same way.
    expectError(await referrals.post(p, { affiliateEmail: a.email, ...person() }), 400, 'LIMIT_REACHED');
    expectError(await referrals.post(p, { affiliateId: a.affiliateLinks[0], ...person() }), 400, 'LIMIT_REACHED');
  });

  test('the limit is per program: another program is not affected', async () => {
    const limited = await program({ monthlyReferralLimit: 1 });
    const free = await program();
    const la = await createAffiliate(limited);
    const fa = await createAffiliate(free);
    await createReferral(limited, { affiliateId: la.id });
    expectError(await referrals.post(limited, { affiliateId: la.id, ...person() }), 400, 'LIMIT_REACHED');
    for (let i = 0; i < 3; i++) await createReferral(free, { affiliateId: fa.id });
    expect(await rowCount('referrals', free.programId)).toBe(3);
  });

  test('referrals of earlier months do not count against this month', async () => {
    const p = await program({ monthlyReferralLimit: 1 });
    const a = await createAffiliate(p);
    const old = await createReferral(p, { affiliateId: a.id });
    await sql(`update referrals set created_at = date_trunc('month', now()) - interval '1 day' where id = ?`, [old.id]);
    const r = await createReferral(p, { affiliateId: a.id });
    expect(r.id).not.toBe(old.id);
    expectError(await referrals.post(p, { affiliateId: a.id, ...person() }), 400, 'LIMIT_REACHED');
  });

  test('20 concurrent POSTs under monthlyReferralLimit 5: exactly 5 created, the rest 400 LIMIT_REACHED, counters 5', async () => {
    const p = await program({ monthlyReferralLimit: 5 });
    const a = await createAffiliate(p);
    const results = await Promise.all(Array.from({ length: 20 }, () => referrals.post(p, { affiliateId: a.id, ...person() })));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(5);
    for (const r of ok) expect(r.body).toEqual(expect.objectContaining({ affiliateId: a.id }));
    for (const r of refused) expect({ status: r.status, code: r.body?.code }).toEqual({ status: 400, code: 'LIMIT_REACHED' });
    expect(await rowCount('referrals', p.programId)).toBe(5);
    const c = await referralCounters(p, a.id);
    expect(c.numberOfReferredUsers).toBe(5);
    expect(c.links[a.affiliateLinks[0]]).toBe(5);
    expect(await events(p.programId, 'referral.created')).toHaveLength(5);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('promo code redemption under concurrency', () => {
  test('a code with maxRedemptions 3 and 25 concurrent POSTs: exactly 3 succeed; timesRedeemed 3 on the code and the coupon', async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const coupon = await createCoupon(p);
    const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id, maxRedemptions: 3 });
    const results = await Promise.all(Array.from({ length: 25 }, () => referrals.post(p, { promoCode: code.code, ...person() })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    for (const r of ok) expect(r.body).toEqual(expect.objectContaining({ affiliateId: a.id, promoCode: code.code }));
    for (const r of results.filter((x) => x.status !== 200))
      expect({ status: r.status, code: r.body?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await redemptions(p, code.code)).toEqual({ code: 3, coupon: 3 });
    expect(await rowCount('referrals', p.programId)).toBe(3);
    expect((await referralCounters(p, a.id)).numberOfReferredUsers).toBe(3);
  });

  test("a coupon with maxRedemptions 2 shared by 4 codes, 20 concurrent POSTs: exactly 2 succeed; the codes' counters add up to 2", async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const coupon = await createCoupon(p, { maxRedemptions: 2 });
    const codes: any[] = [];
    for (let i = 0; i < 4; i++) codes.push(await createCode(p, { couponId: coupon.id, affiliateId: a.id }));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => referrals.post(p, { promoCode: codes[i % 4].code, ...person() })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(400);
    const counts = await Promise.all(codes.map((c) => redemptions(p, c.code)));
    expect(counts.reduce((s, c) => s + c.code, 0)).toBe(2);
    for (const c of counts) expect(c.coupon).toBe(2);
    expect(await rowCount('referrals', p.programId)).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("two programs: B's key never touches A's referrals", () => {
  let A: ProgramFixture;
  let B: ProgramFixture;
  let aAff: any;
  let aSlug: string;
  let aClick: number;
  let aCode: any;
  let aRef: any;
  let bAff: any;

  beforeAll(async () => {
    ({ A, B, aSlug, aAff, bAff, aClick, aCode } = await twoPrograms());
    aRef = await createReferral(A, { affiliateId: aAff.id, referredUserExternalId: `ext-iso-${uniq()}` });
    await createReferral(B, { affiliateId: bAff.id });
  });

  test("GET: B never reads A's referral by id, email, affiliateId, affiliateEmail, externalId or in its list", async () => {
    expect((await referrals.get(B, { id: aRef.id })).body).toBeNull();
    expect((await referrals.get(B, { id: aRef.email })).body).toBeNull();
    expect((await referrals.get(B, { affiliateId: aAff.id })).body).toEqual([]);
    expect((await referrals.get(B, { affiliateEmail: aAff.email })).body).toEqual([]);
    expect((await referrals.get(B, { externalId: aRef.referredUserExternalId })).body).toEqual([]);
    const list = await referrals.get(B);
    expect(list.status).toBe(200);
    expect(list.body.map((r: any) => r.id)).not.toContain(aRef.id);
    expect(list.body).toHaveLength(1);
    // A still sees it.
    expect((await referrals.get(A, { id: aRef.id })).body).toEqual(aRef);
  });

  test("PUT: B cannot update A's referral (400) and nothing changes", async () => {
    const res = await referrals.put(B, { referralId: aRef.id, subscriptionStatus: 'canceled', name: 'Hijacked' });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect((await referrals.get(A, { id: aRef.id })).body).toEqual(aRef);
    expect(await events(A.programId, 'referral.updated', aRef.id)).toHaveLength(0);
    expect(await events(B.programId, 'referral.updated')).toHaveLength(0);
  });

  test("DELETE: B cannot delete A's referral by id or by email; 200 with nothing deleted", async () => {
    for (const referralId of [aRef.id, aRef.email]) {
      const res = await referrals.delete(B, { referralId });
      expect({ referralId, status: res.status, deleted: res.body?.deletedReferrals }).toEqual({ referralId, status: 200, deleted: [] });
    }
    expect((await referrals.get(A, { id: aRef.id })).body).toEqual(aRef);
    expect((await referralCounters(A, aAff.id)).numberOfReferredUsers).toBe(1);
    expect(await events(A.programId, 'referral.deleted')).toHaveLength(0);
    expect(await events(B.programId, 'referral.deleted')).toHaveLength(0);
  });

  test("POST: B cannot credit A's affiliate by UUID, slug, click id or affiliate email (200 null), nor by A's code (400)", async () => {
    const beforeA = await rowCount('referrals', A.programId);
    const beforeB = await rowCount('referrals', B.programId);
    const beforeCounters = await referralCounters(A, aAff.id);
    for (const ids of [{ affiliateId: aAff.id }, { affiliateId: aSlug }, { affiliateId: String(aClick) }, { affiliateEmail: aAff.email }]) {
      const res = await referrals.post(B, { ...ids, ...person() });
      expect({ ids, status: res.status, body: res.body }).toEqual({ ids, status: 200, body: null });
    }
    expectError(await referrals.post(B, { promoCode: aCode.code, ...person() }), 400, 'VALIDATION_FAILED');
    expect(await rowCount('referrals', A.programId)).toBe(beforeA);
    expect(await rowCount('referrals', B.programId)).toBe(beforeB);
    expect(await referralCounters(A, aAff.id)).toEqual(beforeCounters);
    expect(await redemptions(A, aCode.code)).toEqual({ code: 0, coupon: 0 });
    expect((await events(B.programId, 'referral.created')).every((e) => e.data.affiliateId !== aAff.id)).toBe(true);
  });

  test("B's events never include A's referrals", async () => {
    const rows = await sql<{ data: any }>(`select data from events where program_id = ? and type like 'referral.%'`, [B.programId]);
    expect(rows.length).toBeGreaterThan(0);
    for (const e of rows) expect(e.data.affiliateId).toBe(bAff.id);
  });
});

testNoServerErrors(seen);
