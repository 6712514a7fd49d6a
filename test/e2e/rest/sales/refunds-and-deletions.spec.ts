/**
 * Spec 4.6 (sales) over HTTP against the real app on a real PostgreSQL.
 * PATCH /sales refunds in every state (with payouts driven
 * through GraphQL), and what deleting referrals, affiliates, links, codes and coupons does to recorded sales.
 */
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import type { ProgramFixture } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { personEmail, slug } from '../../../helpers/spec-client';
import { expectError, ISO_RE, testNoServerErrors, UUID_RE } from '../../../helpers/assertions';
import { expectSale } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const {
  seen,
  call,
  program,
  sql,
  rowCount,
  events,
  eventCount,
  createAffiliate,
  affiliateById,
  createLink,
  linkBySlug,
  createReferral,
  recordSale,
  saleFor,
  saleById,
  createCoupon,
  createCode,
  totals,
  commissionOf,
  createPayoutBatch,
  markPayoutBatchPaid,
  markCommissionPaid,
} = api;
const sales = api.endpoint('/sales');

describe('PATCH /sales (refund)', () => {
  let aSlug: string;

  const p = useProgram(() => program());
  const a = useAffiliate(() => createAffiliate(p));
  beforeAll(async () => {
    aSlug = a.affiliateLinks[0];
  });

  test('refunds: 200 {alreadyRefunded: false, sale}; a reversal cancels the commission; counters and totals follow; sale.refunded equals the sale', async () => {
    await saleFor(p, a.id, { totalEarned: 10 });
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const before = await totals(p, a.id, aSlug);
    const res = await sales.patch(p, { saleId: s.id });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['alreadyRefunded', 'sale']);
    expect(res.body.alreadyRefunded).toBe(false);
    expectSale(res.body.sale, {
      ...s,
      refunded: true,
      refundedAt: expect.stringMatching(ISO_RE),
      updatedAt: expect.any(String),
      commissionEarned: 0,
      commissionStatus: 'reversed',
      totalEarned: 100,
      commissionRate: 20,
    });
    expect(await totals(p, a.id, aSlug)).toEqual({
      sales: before.sales - 1,
      totalRevenue: before.totalRevenue - 100,
      totalCommissionEarned: before.totalCommissionEarned - 20,
    });
    const c = await commissionOf(p, s.id);
    expect(c).toEqual(expect.objectContaining({ status: 'reversed', amount: 0 }));
    expect(c?.entries).toEqual([
      { kind: 'earned', amount: 20 },
      { kind: 'reversal', amount: -20 },
    ]);
    expect((await events(p.programId, 'sale.refunded', s.id)).map((e) => e.data)).toEqual([res.body.sale]);
    expect(await saleById(p, s.id)).toEqual(res.body.sale);
  });

  test('a second refund: 200 with alreadyRefunded true and the same sale; no second reversal, event or counter move', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 60 });
    const first = await sales.patch(p, { saleId: s.id });
    const after = await totals(p, a.id, aSlug);
    const again = await sales.patch(p, { saleId: s.id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ alreadyRefunded: true, sale: first.body.sale });
    expect((await commissionOf(p, s.id))?.entries).toHaveLength(2);
    expect(await events(p.programId, 'sale.refunded', s.id)).toHaveLength(1);
    expect(await totals(p, a.id, aSlug)).toEqual(after);
  });

  test('saleId as a string of digits', async () => {
    const s = await saleFor(p, a.id);
    const res = await sales.patch(p, { saleId: String(s.id) });
    expect(res.status).toBe(200);
    expect(res.body.sale.refunded).toBe(true);
  });

  test('no such sale: 404 NOT_FOUND', async () => {
    const s = await saleFor(p, a.id);
    expectError(await sales.patch(p, { saleId: s.id + 100000 }), 404, 'NOT_FOUND');
  });

  test('saleId missing or invalid, or an unlisted field: 400', async () => {
    const s = await saleFor(p, a.id);
    for (const body of [{}, { saleId: null }, { saleId: 'abc' }, { saleId: 0 }, { saleId: -1 }, { saleId: 2.5 }, { saleId: s.id, reason: 'x' }, { id: s.id }]) {
      const res = await sales.patch(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await saleById(p, s.id)).refunded).toBe(false);
  });

  test('a corrected commission is reversed by what it amounts to now', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    await sales.put(p, { saleId: s.id, commissionEarned: 7 });
    const before = await totals(p, a.id, aSlug);
    const res = await sales.patch(p, { saleId: s.id });
    expect(res.body.sale.commissionEarned).toBe(0);
    expect((await commissionOf(p, s.id))?.entries).toEqual([
      { kind: 'earned', amount: 20 },
      { kind: 'correction', amount: -13 },
      { kind: 'reversal', amount: -7 },
    ]);
    expect((await totals(p, a.id, aSlug)).totalCommissionEarned).toBeCloseTo(before.totalCommissionEarned - 7, 6);
  });

  test('a negative (adjustment) sale refunds too: its negative commission is reversed upward', async () => {
    const b = await createAffiliate(p);
    const bSlug = b.affiliateLinks[0];
    await saleFor(p, b.id, { totalEarned: 100 });
    const s = await saleFor(p, b.id, { totalEarned: -50 });
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 2, totalRevenue: 50, totalCommissionEarned: 10 });
    await sales.patch(p, { saleId: s.id });
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 1, totalRevenue: 100, totalCommissionEarned: 20 });
  });

  test('a pending commission (holding period) can be refunded', async () => {
    const q = await program({ commissionHoldDays: 7 });
    const qa = await createAffiliate(q);
    const s = await saleFor(q, qa.id);
    const res = await sales.patch(q, { saleId: s.id });
    expect(res.status).toBe(200);
    expectSale(res.body.sale, { refunded: true, commissionStatus: 'reversed', commissionEarned: 0 });
  });

  describe('refusals: 400 {error, code: REFUND_NOT_ALLOWED, reason}; nothing changes', () => {
    async function expectRefusal(q: ProgramFixture, saleId: number, reason: string, affiliateId: string, linkSlug: string) {
      const sale = await saleById(q, saleId);
      const c = await commissionOf(q, saleId);
      const before = await totals(q, affiliateId, linkSlug);
      const beforeEvents = await eventCount(q.programId, 'sale.');
      const res = await sales.patch(q, { saleId });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error: expect.any(String), code: 'REFUND_NOT_ALLOWED', reason } });
      expect(await saleById(q, saleId)).toEqual(sale);
      expect(await commissionOf(q, saleId))?.toEqual(c);
      expect(await totals(q, affiliateId, linkSlug)).toEqual(before);
      expect(await eventCount(q.programId, 'sale.')).toBe(beforeEvents);
    }

    test('refund_window_expired: a program with a 0-day window', async () => {
      const q = await program({ refundWindowDays: 0 });
      const qa = await createAffiliate(q);
      const s = await saleFor(q, qa.id);
      await new Promise((r) => setTimeout(r, 5));
      await expectRefusal(q, s.id, 'refund_window_expired', qa.id, qa.affiliateLinks[0]);
    });

    test('refund_window_expired: a sale older than the default 30 days; a 29-day-old one is still refundable', async () => {
      const old = await saleFor(p, a.id);
      await sql(`update sales set created_at = now() - interval '31 days' where id = ?`, [old.id]);
      await expectRefusal(p, old.id, 'refund_window_expired', a.id, aSlug);
      const recent = await saleFor(p, a.id);
      await sql(`update sales set created_at = now() - interval '29 days' where id = ?`, [recent.id]);
      expect((await sales.patch(p, { saleId: recent.id })).status).toBe(200);
    });

    test("refund_window_expired respects the program's window (10 days)", async () => {
      const q = await program({ refundWindowDays: 10 });
      const qa = await createAffiliate(q);
      const s = await saleFor(q, qa.id);
      await sql(`update sales set created_at = now() - interval '11 days' where id = ?`, [s.id]);
      await expectRefusal(q, s.id, 'refund_window_expired', qa.id, qa.affiliateLinks[0]);
      const t = await saleFor(q, qa.id);
      await sql(`update sales set created_at = now() - interval '9 days' where id = ?`, [t.id]);
      expect((await sales.patch(q, { saleId: t.id })).status).toBe(200);
    });

    test('in_payout_batch', async () => {
      const s = await saleFor(p, a.id);
      await createPayoutBatch(p, [s.id]);
      expect((await commissionOf(p, s.id))?.payoutBatchId).toMatch(UUID_RE);
      await expectRefusal(p, s.id, 'in_payout_batch', a.id, aSlug);
    });

    test('already_paid_out (its batch was marked paid)', async () => {
      const s = await saleFor(p, a.id);
      const batch = await createPayoutBatch(p, [s.id]);
      await markPayoutBatchPaid(p, batch);
      expect((await saleById(p, s.id)).commissionStatus).toBe('paid');
      await expectRefusal(p, s.id, 'already_paid_out', a.id, aSlug);
    });

    test('manually_marked_paid', async () => {
      const s = await saleFor(p, a.id);
      await markCommissionPaid(p, s.id);
      expect((await saleById(p, s.id)).commissionStatus).toBe('paid');
      await expectRefusal(p, s.id, 'manually_marked_paid', a.id, aSlug);
    });

    test('a refunded sale stays "already refunded" even once its window has passed', async () => {
      const s = await saleFor(p, a.id);
      await sales.patch(p, { saleId: s.id });
      await sql(`update sales set created_at = now() - interval '400 days' where id = ?`, [s.id]);
      const res = await sales.patch(p, { saleId: s.id });
      expect(res.status).toBe(200);
      expect(res.body.alreadyRefunded).toBe(true);
    });
  });

  test('20 concurrent refunds of one sale: exactly one reversal, one sale.refunded event, one counter move', async () => {
    const b = await createAffiliate(p);
    const bSlug = b.affiliateLinks[0];
    await saleFor(p, b.id, { totalEarned: 30 });
    const s = await saleFor(p, b.id, { totalEarned: 100 });
    const results = await Promise.all(Array.from({ length: 20 }, () => sales.patch(p, { saleId: s.id })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.alreadyRefunded === false)).toHaveLength(1);
    expect(results.filter((r) => r.body.alreadyRefunded === true)).toHaveLength(19);
    const [row] = await sql<{ n: string }>(
      `select count(*) as n from commission_entries e join commissions c on c.id = e.commission_id where c.program_id = ? and c.sale_id = ? and e.kind = 'reversal'`,
      [p.programId, s.id],
    );
    expect(Number(row.n)).toBe(1);
    expect(await events(p.programId, 'sale.refunded', s.id)).toHaveLength(1);
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 1, totalRevenue: 30, totalCommissionEarned: 6 });
    for (const r of results) expect(r.body.sale).toEqual(expect.objectContaining({ id: s.id, refunded: true, commissionEarned: 0 }));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("DELETE /referrals deletes the referral's sales", () => {
  test('its sales are gone with their commissions; other sales stay', async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const r = await createReferral(p, { affiliateId: a.id });
    const mine1 = await recordSale(p, { referralId: r.id, totalEarned: 10 });
    const mine2 = await recordSale(p, { email: r.email, totalEarned: 20 });
    const other = await saleFor(p, a.id, { totalEarned: 30 });
    expect(mine2.referralId).toBe(r.id);
    const res = await call('DELETE', '/referrals', { token: p.key, body: { referralId: r.id } });
    expect(res.status).toBe(200);
    expect(await saleById(p, mine1.id)).toBeNull();
    expect(await saleById(p, mine2.id)).toBeNull();
    expect((await sales.get(p, { referralId: r.id })).body).toEqual([]);
    expect(await saleById(p, other.id)).toEqual(other);
    expect(await rowCount('commissions', p.programId)).toBe(1);
  });

  test("the deleted sales no longer count on the link and the affiliate's total", async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const aSlug = a.affiliateLinks[0];
    const r = await createReferral(p, { affiliateId: a.id });
    await recordSale(p, { referralId: r.id, totalEarned: 10 });
    await saleFor(p, a.id, { totalEarned: 30 });
    expect(await totals(p, a.id, aSlug)).toEqual({ sales: 2, totalRevenue: 40, totalCommissionEarned: 8 });
    await call('DELETE', '/referrals', { token: p.key, body: { referralId: r.id } });
    expect(await totals(p, a.id, aSlug)).toEqual({ sales: 1, totalRevenue: 30, totalCommissionEarned: 6 });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('sales and the other resources', () => {
  test("DELETE /affiliates deletes the affiliate's sales and commissions (spec 4.1)", async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const b = await createAffiliate(p);
    const s = await saleFor(p, a.id);
    const keep = await saleFor(p, b.id);
    expect((await call('DELETE', '/affiliates', { token: p.key, body: { affiliateId: a.id } })).status).toBe(200);
    expect(await saleById(p, s.id)).toBeNull();
    expect((await sales.get(p, { affiliateId: a.id })).body).toEqual([]);
    expect(await saleById(p, keep.id)).toEqual(keep);
    expect(await rowCount('commissions', p.programId)).toBe(1);
  });

  test("DELETE /links keeps the link's sales with linkId cleared; they can still be refunded (spec 4.3)", async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const extra = slug('gone');
    await createLink(p, { link: extra, affiliateId: a.id });
    const s = await saleFor(p, a.id, { referralId: extra });
    expect((await call('DELETE', '/links', { token: p.key, body: { link: extra } })).status).toBe(200);
    const after = await saleById(p, s.id);
    expect(after).toEqual({ ...s, linkId: null, updatedAt: expect.any(String) });
    const res = await sales.patch(p, { saleId: s.id });
    expect(res.status).toBe(200);
    expectSale(res.body.sale, { refunded: true, linkId: null, commissionEarned: 0 });
    expect((await affiliateById(p, a.id)).totalCommissionEarned).toBe(0);
  });

  test('DELETE /promotional-codes and /coupons: recorded sales keep their promoCode; later use of the code is refused (spec 4.5)', async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const coupon = await createCoupon(p);
    const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
    const s = await recordSale(p, { promoCode: code.code, name: 'Buyer', email: personEmail(), totalEarned: 10 });
    expect((await events(p.programId, 'sale.created', s.id)).map((e) => e.data)).toEqual([s]);
    expect((await call('DELETE', '/promotional-codes', { token: p.key, body: { promotionalCodeId: code.id } })).status).toBe(200);
    expect(await saleById(p, s.id)).toEqual(expect.objectContaining({ id: s.id, promoCode: code.code, affiliateId: a.id, commissionEarned: 2 }));
    expectError(await sales.post(p, { promoCode: code.code, name: 'Late', email: personEmail(), totalEarned: 10 }), 400, 'VALIDATION_FAILED');

    const code2 = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
    const s2 = await recordSale(p, { promoCode: code2.code, name: 'Buyer', email: personEmail(), totalEarned: 10 });
    expect((await call('DELETE', '/coupons', { token: p.key, body: { couponId: coupon.id } })).status).toBe(200);
    expect((await saleById(p, s2.id)).promoCode).toBe(code2.code);
    expectError(await sales.post(p, { promoCode: code2.code, name: 'Late', email: personEmail(), totalEarned: 10 }), 400, 'VALIDATION_FAILED');
  });

  test('PUT /links (rename) keeps the sales on the link with their counters', async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const old = a.affiliateLinks[0];
    const s = await saleFor(p, a.id, { totalEarned: 70 });
    const renamed = slug('renamed');
    expect((await call('PUT', '/links', { token: p.key, body: { link: old, newLink: renamed } })).status).toBe(200);
    const link = await linkBySlug(p, renamed);
    expect({ sales: link.sales, totalRevenue: link.totalRevenue, id: link.id }).toEqual({ sales: 1, totalRevenue: 70, id: s.linkId });
    expect((await saleById(p, s.id)).linkId).toBe(link.id);
  });

  test("concurrent corrections and refunds keep the affiliate's total equal to the sum of its commissions", async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const made: any[] = [];
    for (let i = 0; i < 8; i++) made.push(await saleFor(p, a.id, { totalEarned: 10 * (i + 1) }));
    await Promise.all(
      made.flatMap((s, i) => [
        sales.put(p, { saleId: s.id, commissionEarned: i + 0.5 }),
        sales.patch(p, { saleId: s.id }),
        sales.put(p, { saleId: s.id, totalEarned: 100 + i }),
      ]),
    );
    const list = (await sales.get(p, { affiliateId: a.id })).body;
    const sum = list.reduce((n: number, s: any) => n + s.commissionEarned, 0);
    expect((await affiliateById(p, a.id)).totalCommissionEarned).toBeCloseTo(sum, 6);
    for (const s of list) {
      expect(s.refunded).toBe(true);
      expect(s.commissionEarned).toBe(0);
      const entries = (await commissionOf(p, s.id))?.entries ?? [];
      expect(entries.filter((e) => e.kind === 'reversal')).toHaveLength(1);
      expect(entries.reduce((n, e) => n + e.amount, 0)).toBeCloseTo(0, 6);
    }
    const link = await linkBySlug(p, a.affiliateLinks[0]);
    expect({ sales: link.sales, totalRevenue: link.totalRevenue }).toEqual({ sales: 0, totalRevenue: 0 });
  });
});

testNoServerErrors(seen);
