/**
 * Spec 4.6 (sales) over HTTP against the real app on a real PostgreSQL.
 * the commission a sale earns (deductions, rate precedence,
 * one half-up rounding to the currency's minor unit, holding periods), a sale recorded once per externalId (also
 * under concurrency), and promo-code redemptions counted exactly (DESIGN.md "Money and commissions").
 */
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { restClient } from '../../../helpers/rest-client';
import { personEmail, uniq } from '../../../helpers/spec-client';
import { testNoServerErrors } from '../../../helpers/assertions';
import { expectSale } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const {
  seen,
  program,
  sql,
  rowCount,
  events,
  eventCount,
  createAffiliate,
  affiliateById,
  recordSale,
  saleFor,
  createCoupon,
  createCode,
  redemptions,
  totals,
  createPlan,
  commissionOf,
} = api;
const sales = api.endpoint('/sales');

describe('commission arithmetic', () => {
  const ALL = { totalEarned: 100, tax: 10, shipping: 5 };

  test.each([
    ['no deduction', { deductTax: false, deductShipping: false }, 20],
    ['tax only', { deductTax: true, deductShipping: false }, 18],
    ['shipping only', { deductTax: false, deductShipping: true }, 19],
    ['tax and shipping', { deductTax: true, deductShipping: true }, 17],
  ])('%s: 100 with tax 10 and shipping 5 at the default 20 %% earns the expected amount (%j → %d)', async (_name, settings, expected) => {
    const p = await program(settings);
    const a = await createAffiliate(p);
    const s = await saleFor(p, a.id, ALL);
    expectSale(s, { totalEarned: 100, tax: 10, shipping: 5, commissionRate: 20, commissionEarned: expected, commissionStatus: 'approved' });
    const c = await commissionOf(p, s.id);
    expect(c).toEqual(
      expect.objectContaining({ saleId: s.id, affiliateId: a.id, rate: 20, status: 'approved', amount: expected, payoutBatchId: null, paidManually: false }),
    );
    expect(c?.entries).toEqual([{ kind: 'earned', amount: expected }]);
    expect((await affiliateById(p, a.id)).totalCommissionEarned).toBe(expected);
  });

  test('a deduction with no tax or shipping sent deducts nothing', async () => {
    const p = await program({ deductTax: true, deductShipping: true });
    const a = await createAffiliate(p);
    expect((await saleFor(p, a.id, { totalEarned: 100 })).commissionEarned).toBe(20);
    expect((await saleFor(p, a.id, { totalEarned: 100, tax: 0, shipping: 0 })).commissionEarned).toBe(20);
    expect((await saleFor(p, a.id, { totalEarned: 100, tax: 25 })).commissionEarned).toBe(15);
  });

  describe('rate precedence: sale, affiliate, commission plan, program default', () => {
    let planId: string;
    const p = useProgram(() => program({ defaultCommissionRate: 10 }));
    beforeAll(async () => {
      planId = await createPlan(p, { commissionRate: 15 });
    });

    test('program default only', async () => {
      const a = await createAffiliate(p);
      expectSale(await saleFor(p, a.id, { totalEarned: 200 }), { commissionRate: 10, commissionEarned: 20 });
    });

    test('commission plan beats the program default', async () => {
      const a = await createAffiliate(p, { commissionPlanId: planId });
      expectSale(await saleFor(p, a.id, { totalEarned: 200 }), { commissionRate: 15, commissionEarned: 30 });
    });

    test("the affiliate's own rate beats its plan", async () => {
      const a = await createAffiliate(p, { commissionPlanId: planId, commissionRate: 25 });
      expectSale(await saleFor(p, a.id, { totalEarned: 200 }), { commissionRate: 25, commissionEarned: 50 });
    });

    test("the sale's commissionRate beats everything, for that sale only", async () => {
      const a = await createAffiliate(p, { commissionPlanId: planId, commissionRate: 25 });
      expectSale(await saleFor(p, a.id, { totalEarned: 200, commissionRate: 30 }), { commissionRate: 30, commissionEarned: 60 });
      expectSale(await saleFor(p, a.id, { totalEarned: 200 }), { commissionRate: 25, commissionEarned: 50 });
      const b = await createAffiliate(p);
      expectSale(await saleFor(p, b.id, { totalEarned: 200, commissionRate: 30 }), { commissionRate: 30, commissionEarned: 60 });
    });

    test('a rate of 0 is a rate, not "unset"', async () => {
      const a = await createAffiliate(p, { commissionRate: 25 });
      expectSale(await saleFor(p, a.id, { totalEarned: 200, commissionRate: 0 }), { commissionRate: 0, commissionEarned: 0 });
      const z = await createAffiliate(p, { commissionRate: 0, commissionPlanId: planId });
      expectSale(await saleFor(p, z.id, { totalEarned: 200 }), { commissionRate: 0, commissionEarned: 0 });
    });

    test('fractional rates', async () => {
      const a = await createAffiliate(p);
      expectSale(await saleFor(p, a.id, { totalEarned: 200, commissionRate: 12.3456 }), { commissionRate: 12.3456, commissionEarned: 24.69 });
    });

    test('the program default is 20 when not configured', async () => {
      const q = await program();
      const a = await createAffiliate(q);
      expectSale(await saleFor(q, a.id, { totalEarned: 200 }), { commissionRate: 20, commissionEarned: 40 });
    });
  });

  describe('exact decimals, one half-up rounding to the minor unit', () => {
    const p = useProgram(() => program({ deductTax: true, deductShipping: true }));
    const a = useAffiliate(() => createAffiliate(p));

    test.each([
      [100.05, 12.5, 12.51],
      [1, 12.5, 0.13],
      [-1, 12.5, -0.13],
      [0.1, 25, 0.03],
      [2.675, 100, 2.68],
      [1.005, 50, 0.5],
      [10.01, 50, 5.01],
      [-10.01, 50, -5.01],
      [33.33, 33.3333, 11.11],
      [0.01, 20, 0],
      [999999.99, 99.9999, 999998.99],
    ])('totalEarned %d at %d %% earns %d', async (totalEarned, commissionRate, expected) => {
      const s = await saleFor(p, a.id, { totalEarned, commissionRate });
      expect(s.commissionEarned).toBe(expected);
      expect(Object.is(s.commissionEarned, -0)).toBe(false);
      expect((await commissionOf(p, s.id))?.entries).toEqual([{ kind: 'earned', amount: expected }]);
    });

    test('deductions are exact: 0.3 − 0.1 − 0.1 at 100 % is 0.1', async () => {
      expect((await saleFor(p, a.id, { totalEarned: 0.3, tax: 0.1, shipping: 0.1, commissionRate: 100 })).commissionEarned).toBe(0.1);
    });

    test('rounded once, at the end: 10.005 with tax 0.004 at 50 % is 5.00 (not 5.01 from rounding the amounts first)', async () => {
      const s = await saleFor(p, a.id, { totalEarned: 10.005, tax: 0.004, commissionRate: 50 });
      expect(s.commissionEarned).toBe(5);
      // the stored amounts keep their precision; JSON rounds them half-up to cents
      expect(s.totalEarned).toBe(10.01);
      expect(s.tax).toBe(0);
      const c = await commissionOf(p, s.id);
      expect(c?.entries).toEqual([{ kind: 'earned', amount: 5 }]);
    });

    test('amounts are output rounded half-up to cents (1.005 → 1.01, 2.675 → 2.68)', async () => {
      const s = await saleFor(p, a.id, { totalEarned: 1.005, shipping: 2.675, commissionRate: 0 });
      expect({ totalEarned: s.totalEarned, shipping: s.shipping }).toEqual({ totalEarned: 1.01, shipping: 2.68 });
    });

    test('a negative total (adjustment) gives a negative commission and moves the totals down', async () => {
      const b = await createAffiliate(p);
      const bSlug = b.affiliateLinks[0];
      await saleFor(p, b.id, { totalEarned: 100 });
      const s = await saleFor(p, b.id, { totalEarned: -40 });
      expectSale(s, { totalEarned: -40, commissionEarned: -8, commissionRate: 20 });
      expect(await totals(p, b.id, bSlug)).toEqual({ sales: 2, totalRevenue: 60, totalCommissionEarned: 12 });
    });

    test('a deduction larger than the total gives a negative commission', async () => {
      expect((await saleFor(p, a.id, { totalEarned: 10, tax: 15, commissionRate: 10 })).commissionEarned).toBe(-0.5);
    });
  });

  test('JPY program: amounts and commissions rounded to whole yen, half-up', async () => {
    const p = await program({ currency: 'JPY', defaultCommissionRate: 5 });
    const a = await createAffiliate(p);
    const s1 = await saleFor(p, a.id, { totalEarned: 1005 });
    expectSale(s1, { currency: 'JPY', totalEarned: 1005, commissionEarned: 50, commissionRate: 5 });
    const s2 = await saleFor(p, a.id, { totalEarned: 1010 });
    expect(s2.commissionEarned).toBe(51);
    const s3 = await saleFor(p, a.id, { totalEarned: -1010 });
    expect(s3.commissionEarned).toBe(-51);
    const s4 = await saleFor(p, a.id, { totalEarned: 1234.5, tax: 10.5, commissionRate: 10 });
    expect({ totalEarned: s4.totalEarned, tax: s4.tax, commissionEarned: s4.commissionEarned }).toEqual({ totalEarned: 1235, tax: 11, commissionEarned: 123 });
    expect((await affiliateById(p, a.id)).totalCommissionEarned).toBe(50 + 51 - 51 + 123);
  });

  test('a holding period makes the commission pending', async () => {
    const p = await program({ commissionHoldDays: 14 });
    const a = await createAffiliate(p);
    const s = await saleFor(p, a.id, { totalEarned: 50 });
    expectSale(s, { commissionStatus: 'pending', commissionEarned: 10 });
    expect((await commissionOf(p, s.id))?.status).toBe('pending');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('externalId: a sale is recorded once per program', () => {
  let aSlug: string;

  const p = useProgram(() => program());
  const a = useAffiliate(() => createAffiliate(p));
  beforeAll(async () => {
    aSlug = a.affiliateLinks[0];
  });

  test('a repeat returns the first sale with Idempotent-Replayed: true; no second sale, commission, counter or event', async () => {
    const externalId = `order-${uniq()}`;
    const first = await sales.post(p, { referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 100, externalId });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const afterFirst = await totals(p, a.id, aSlug);
    const salesAfterFirst = await rowCount('sales', p.programId);
    // the same externalId with another body: still the first sale
    for (const body of [
      { referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 100, externalId },
      { referralId: a.id, name: 'Someone Else', email: personEmail(), totalEarned: 999, commissionRate: 50, externalId },
    ]) {
      const again = await sales.post(p, body);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
    }
    expect(await rowCount('sales', p.programId)).toBe(salesAfterFirst);
    expect(await totals(p, a.id, aSlug)).toEqual(afterFirst);
    expect(await events(p.programId, 'sale.created', first.body.id)).toHaveLength(1);
    const list = await sales.get(p, { saleExternalId: externalId });
    expect(list.body).toEqual([first.body]);
  });

  test('the replay is the sale as it is now (after a refund)', async () => {
    const externalId = `order-${uniq()}`;
    const s = await saleFor(p, a.id, { externalId });
    const refunded = await sales.patch(p, { saleId: s.id });
    expect(refunded.status).toBe(200);
    const again = await sales.post(p, { referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 100, externalId });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(refunded.body.sale);
  });

  test('a repeat with a promo code does not redeem the code again', async () => {
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id });
    const externalId = `order-${uniq()}`;
    const body = { promoCode: code.code, name: 'Buyer', email: personEmail(), totalEarned: 10, externalId };
    await recordSale(p, body);
    const again = await sales.post(p, body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test('a repeat answers with the first sale even when the request would be refused or matched nobody now', async () => {
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id, maxRedemptions: 1 });
    const externalId = `order-${uniq()}`;
    const body = { promoCode: code.code, name: 'Buyer', email: personEmail(), totalEarned: 10, externalId };
    const first = await sales.post(p, body);
    expect(first.status).toBe(200);
    // The code is used up: a new sale with it is refused, the repeat is not.
    expect((await sales.post(p, { ...body, externalId: `order-${uniq()}` })).status).toBe(400);
    const again = await sales.post(p, body);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // An owner that resolves to nobody: still the first sale.
    const nobody = await sales.post(p, { referralId: 'no-such-affiliate-slug', name: 'Buyer', email: personEmail(), totalEarned: 10, externalId });
    expect(nobody.status).toBe(200);
    expect(nobody.body).toEqual(first.body);
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test('20 concurrent POSTs with one externalId: one sale, one commission, all 200 with the same sale, all but one replayed', async () => {
    const externalId = `race-${uniq()}`;
    const beforeTotals = await totals(p, a.id, aSlug);
    const beforeSales = await rowCount('sales', p.programId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sales.post(p, { referralId: a.id, name: `Racer ${i}`, email: personEmail('race'), totalEarned: 50, externalId })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const replayed = results.filter((r) => r.headers.get('idempotent-replayed') === 'true');
    expect(replayed).toHaveLength(19);
    const original = results.find((r) => r.headers.get('idempotent-replayed') !== 'true')!;
    for (const r of replayed) expect(r.body).toEqual(original.body);
    expect(await rowCount('sales', p.programId)).toBe(beforeSales + 1);
    const [row] = await sql<{ n: string }>(
      'select count(*) as n from commissions c join sales s on s.id = c.sale_id where s.program_id = ? and s.external_id = ?',
      [p.programId, externalId],
    );
    expect(Number(row.n)).toBe(1);
    expect((await commissionOf(p, original.body.id))?.entries).toEqual([{ kind: 'earned', amount: 10 }]);
    expect(await totals(p, a.id, aSlug)).toEqual({
      sales: beforeTotals.sales + 1,
      totalRevenue: beforeTotals.totalRevenue + 50,
      totalCommissionEarned: beforeTotals.totalCommissionEarned + 10,
    });
    expect(await events(p.programId, 'sale.created', original.body.id)).toHaveLength(1);
  });

  test('without externalId, two identical POSTs are two sales', async () => {
    const body = { referralId: a.id, name: 'Twice', email: personEmail(), totalEarned: 10 };
    const s1 = await recordSale(p, body);
    const s2 = await recordSale(p, body);
    expect(s1.id).not.toBe(s2.id);
  });

  test('externalInvoiceId is not unique', async () => {
    const inv = `inv-${uniq()}`;
    const s1 = await saleFor(p, a.id, { externalInvoiceId: inv });
    const s2 = await saleFor(p, a.id, { externalInvoiceId: inv });
    expect(s1.id).not.toBe(s2.id);
    expect((await sales.get(p, { saleExternalInvoiceId: inv })).body.map((s: any) => s.id)).toEqual([s1.id, s2.id]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('promo redemption on sales', () => {
  test('each sale with a code counts on the code and its coupon', async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id });
    for (let i = 0; i < 3; i++) await recordSale(p, { promoCode: code.code, name: 'Buyer', email: personEmail(), totalEarned: 10 });
    expect(await redemptions(p, code.code)).toEqual({ code: 3, coupon: 3 });
    const list = await sales.get(p, { affiliateId: a.id });
    expect(list.body.map((s: any) => s.promoCode)).toEqual([code.code, code.code, code.code]);
  });

  test('maxRedemptions 3 with 15 parallel sales: exactly 3 sales, 12 refusals, counters at 3', async () => {
    const p = await program();
    const a = await createAffiliate(p);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id, maxRedemptions: 3 });
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => sales.post(p, { promoCode: code.code, name: `Buyer ${i}`, email: personEmail('par'), totalEarned: 10 })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 400);
    expect({ ok: ok.length, refused: refused.length }).toEqual({ ok: 3, refused: 12 });
    for (const r of refused) expect(r.body.code).toBe('VALIDATION_FAILED');
    for (const r of ok) expectSale(r.body, { promoCode: code.code, affiliateId: a.id });
    expect(await rowCount('sales', p.programId)).toBe(3);
    expect(await rowCount('commissions', p.programId)).toBe(3);
    expect(await redemptions(p, code.code)).toEqual({ code: 3, coupon: 3 });
    expect(await totals(p, a.id, a.affiliateLinks[0])).toEqual({ sales: 3, totalRevenue: 30, totalCommissionEarned: 6 });
    expect(await eventCount(p.programId, 'sale.')).toBe(3);
  });
});

testNoServerErrors(seen);
