/**
 * Making payout batches through HTTP (DESIGN.md "Payouts"): the program's minimumPayout (set with GraphQL
 * updateProgram by the owner's session), what amountsOwed shows, POST /payout-batches {} paying one payout per
 * affiliate owed at least the minimum and with payout details, exact sums, the payout details snapshotted when the
 * batch is made, and batches of named commissions or sales grouped per affiliate. Nothing owed: 400 naming no field.
 */
import { randomUUID } from 'node:crypto';
import { expectValidation, ISO_RE, testNoServerErrors, UUID_RE } from '../../helpers/assertions';
import { useTestServer } from '../../helpers/harness';
import { expectNothingOwed, MANUAL, PAYPAL, payoutClient, refOf, STRIPE, WISE } from '../../helpers/payouts';
import type { ProgramFixture } from '../../helpers/factories';

const server = useTestServer();
const pay = payoutClient(() => server);
const { seen } = pay;

const MINIMUM = `query($id: ID) { program(id: $id) { minimumPayout } }`;
const minimumOf = async (p: ProgramFixture) => (await pay.gqlData(p.session, MINIMUM, { id: p.programId })).program.minimumPayout;

describe('minimumPayout', () => {
  test('is 0 by default, set by the owner with updateProgram and read back', async () => {
    const p = await pay.program();
    expect(await minimumOf(p)).toBe(0);
    await pay.setMinimumPayout(p, 50);
    expect(await minimumOf(p)).toBe(50);
    await pay.setMinimumPayout(p, 0.125);
    expect(await minimumOf(p)).toBe(0.125);
  });

  test.each([
    ['negative', -1],
    ['with 7 decimals', 1.0000001],
    ['a string', '50'],
    ['a boolean', true],
  ])('%s is refused VALIDATION_FAILED and the setting stays', async (_what, value) => {
    const p = await pay.program();
    await pay.setMinimumPayout(p, 20);
    const res = await pay.updateProgram(p, { minimumPayout: value });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(res.body.data ?? null).toBeNull();
    expect(await minimumOf(p)).toBe(20);
  });

  test('an API key may not change it (program settings are the owner’s)', async () => {
    const p = await pay.program();
    const res = await pay.gql(p, `mutation($id: ID!) { updateProgram(id: $id, input: { minimumPayout: 5 }) { minimumPayout } }`, { id: p.programId });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await minimumOf(p)).toBe(0);
  });
});

describe('POST /payout-batches {} with minimumPayout 50', () => {
  let p: ProgramFixture;
  const who: Record<string, Awaited<ReturnType<typeof pay.payee>>> = {};
  const sales: Record<string, number[]> = {};
  beforeAll(async () => {
    p = await pay.program();
    await pay.setMinimumPayout(p, 50);
    // 10 % of each sale: above, at and just under the threshold; owed but without details; Stripe; owed to nobody.
    const plan: Array<[string, Parameters<typeof pay.payee>[1], number[]]> = [
      ['above', PAYPAL('above@example.com'), [400, 200]], // 60.00
      ['exactly', WISE('exactly@example.com'), [250, 250]], // 50.00
      ['under', MANUAL, [499.9]], // 49.99
      ['noDetails', null, [1000]], // 100.00, but no payout details
      ['stripe', STRIPE('acct_Thresh1'), [750]], // 75.00
    ];
    for (const [name, details, totals] of plan) {
      who[name] = await pay.payee(p, details);
      sales[name] = [];
      for (const t of totals) sales[name].push((await pay.sale(p, who[name].id, t)).id);
    }
  });

  test('amountsOwed shows what each affiliate is owed and whether a batch would pay it', async () => {
    expect(await pay.amountsOwed(p)).toEqual({
      [who.above.id]: { amount: 60, currency: 'USD', commissionCount: 2, payable: true },
      [who.exactly.id]: { amount: 50, currency: 'USD', commissionCount: 2, payable: true },
      [who.under.id]: { amount: 49.99, currency: 'USD', commissionCount: 1, payable: false },
      [who.noDetails.id]: { amount: 100, currency: 'USD', commissionCount: 1, payable: false },
      [who.stripe.id]: { amount: 75, currency: 'USD', commissionCount: 1, payable: true },
    });
  });

  test('201: one payout for each affiliate owed at least 50 with payout details (the minimum itself included)', async () => {
    const res = await pay.createBatch(p, {});
    expect(res.status).toBe(201);
    const b = res.body;
    expect(b).toEqual({
      id: expect.stringMatching(UUID_RE),
      status: 'open',
      currency: 'USD',
      total: 185,
      commissionCount: 5,
      createdAt: expect.stringMatching(ISO_RE),
      paidAt: null,
      payouts: expect.any(Array),
    });
    const byAffiliate = Object.fromEntries(b.payouts.map((x: any) => [x.affiliateId, x]));
    expect(Object.keys(byAffiliate).sort()).toEqual([who.above.id, who.exactly.id, who.stripe.id].sort());
    const base = { batchId: b.id, currency: 'USD', reference: null, failureReason: null, lastError: null, paidAt: null, failedAt: null };
    expect(byAffiliate[who.above.id]).toEqual({
      ...base,
      id: expect.stringMatching(UUID_RE),
      affiliateId: who.above.id,
      amount: 60,
      method: 'paypal',
      destination: 'above@example.com',
      status: 'processing',
      commissionCount: 2,
      createdAt: b.createdAt,
      affiliate: refOf(who.above),
      // Its two commissions, oldest first, in full: approved and in this batch.
      commissions: await pay.commissionsOf(p, sales.above),
    });
    expect(byAffiliate[who.above.id].commissions).toEqual([
      expect.objectContaining({ saleId: sales.above[0], amount: 40, base: 400, rate: 10, status: 'approved', payoutBatchId: b.id, paidAt: null }),
      expect.objectContaining({ saleId: sales.above[1], amount: 20, base: 200, rate: 10, status: 'approved', payoutBatchId: b.id, paidAt: null }),
    ]);
    for (const name of ['exactly', 'stripe'])
      expect({ name, affiliate: byAffiliate[who[name].id].affiliate, commissions: byAffiliate[who[name].id].commissions }).toEqual({
        name,
        affiliate: refOf(who[name]),
        commissions: await pay.commissionsOf(p, sales[name]),
      });
    expect(byAffiliate[who.exactly.id]).toMatchObject({
      amount: 50,
      method: 'wise',
      destination: 'exactly@example.com',
      status: 'processing',
      commissionCount: 2,
    });
    expect(byAffiliate[who.stripe.id]).toMatchObject({
      amount: 75,
      method: 'stripe_connect',
      destination: 'acct_Thresh1',
      status: 'pending',
      commissionCount: 1,
    });
    // The payouts are in the order they were made, each once.
    expect(new Set(b.payouts.map((x: any) => x.id)).size).toBe(3);
    expect((await pay.readBatch(p, b.id)).payouts).toEqual(b.payouts);

    for (const name of ['above', 'exactly', 'stripe'])
      for (const id of sales[name]) {
        expect(await pay.commissionOf(p, id)).toMatchObject({ status: 'approved', payoutBatchId: b.id });
        expect(await pay.commissionStatusOf(p, id)).toBe('approved');
      }
    // Under the minimum, or without payout details: left approved and out of any batch.
    for (const name of ['under', 'noDetails'])
      for (const id of sales[name]) expect(await pay.commissionOf(p, id)).toMatchObject({ status: 'approved', payoutBatchId: null });
  });

  test('afterwards amountsOwed shows only those left; nothing more is owed: 400 VALIDATION_FAILED, no empty batch', async () => {
    expect(Object.keys(await pay.amountsOwed(p)).sort()).toEqual([who.under.id, who.noDetails.id].sort());
    const before = await pay.batches.get(p);
    expectNothingOwed(await pay.createBatch(p, {}));
    // GraphQL says the same: no field named.
    const gql = await pay.gql(p, 'mutation { createPayoutBatch { id } }');
    expect(gql.body.errors?.map((e: any) => ({ code: e.extensions?.code, details: e.extensions?.details }))).toEqual([
      { code: 'VALIDATION_FAILED', details: undefined },
    ]);
    expect((await pay.batches.get(p)).body).toHaveLength(before.body.length);
  });

  test('the affiliate without details gets details: the next batch pays it; lowering the minimum pays the one under it', async () => {
    await pay.setDetails(p, who.noDetails.id, { payoutMethod: 'manual' });
    expect((await pay.amountsOwed(p))[who.noDetails.id].payable).toBe(true);
    const next = await pay.batch(p);
    expect(next.payouts.map((x) => [x.affiliateId, x.amount, x.method, x.destination])).toEqual([[who.noDetails.id, 100, 'manual', null]]);
    await pay.setMinimumPayout(p, 49.99);
    const last = await pay.batch(p);
    expect(last.payouts.map((x) => [x.affiliateId, x.amount])).toEqual([[who.under.id, 49.99]]);
    expect(await pay.amountsOwed(p)).toEqual({});
  });
});

describe('amountsOwed', () => {
  test('pages by affiliate id with first and after; bad paging is VALIDATION_FAILED', async () => {
    const p = await pay.program();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await pay.payee(p, i % 2 ? MANUAL : null);
      await pay.sale(p, a.id, 10 * (i + 1));
      ids.push(a.id);
    }
    const Q = `query($first: Int, $after: ID) { amountsOwed(first: $first, after: $after) { affiliateId amount payable } }`;
    const page1 = (await pay.gqlData(p, Q, { first: 2 })).amountsOwed;
    const page2 = (await pay.gqlData(p, Q, { first: 2, after: page1[1].affiliateId })).amountsOwed;
    const page3 = (await pay.gqlData(p, Q, { first: 2, after: page2[1].affiliateId })).amountsOwed;
    expect([page1.length, page2.length, page3.length]).toEqual([2, 2, 1]);
    const rows = [...page1, ...page2, ...page3];
    expect(rows.map((r: any) => r.affiliateId)).toEqual([...ids].sort());
    const expected = Object.fromEntries(ids.map((id, i) => [id, { amount: i + 1, payable: i % 2 === 1 }]));
    expect(Object.fromEntries(rows.map((r: any) => [r.affiliateId, { amount: r.amount, payable: r.payable }]))).toEqual(expected);
    for (const vars of [{ first: 0 }, { first: 501 }, { first: 1, after: 'not-an-id' }]) {
      const res = await pay.gql(p, Q, vars);
      expect({ vars, code: res.body.errors?.[0]?.extensions?.code }).toEqual({ vars, code: 'VALIDATION_FAILED' });
    }
  });

  test('one currency: commissions in a currency the program no longer uses are neither owed nor batched', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL());
    const usd = await pay.sale(p, a.id, 100);
    const changed = await pay.updateProgram(p, { currency: 'EUR' });
    expect(changed.body.data?.updateProgram.currency).toBe('EUR');
    expect(await pay.amountsOwed(p)).toEqual({});
    expectNothingOwed(await pay.createBatch(p, {}));
    await pay.sale(p, a.id, 50);
    const b = await pay.batch(p);
    expect(b).toMatchObject({ currency: 'EUR', total: 5, commissionCount: 1 });
    expect(b.payouts.map((x) => [x.amount, x.currency])).toEqual([[5, 'EUR']]);
    expect(await pay.commissionOf(p, usd.id)).toMatchObject({ payoutBatchId: null, status: 'approved' });
    expectValidation(await pay.createBatch(p, { saleIds: [usd.id] }), 'saleIds');
  });
});

describe('balances of zero or less are never paid', () => {
  test('minimum 0: a net zero and a net negative balance get no payout; a positive one does', async () => {
    const p = await pay.program();
    const zero = await pay.payee(p, PAYPAL());
    const negative = await pay.payee(p, MANUAL);
    const positive = await pay.payee(p, MANUAL);
    await pay.sale(p, zero.id, 100); // 10
    await pay.sale(p, zero.id, -100); // -10
    await pay.sale(p, negative.id, 50); // 5
    await pay.sale(p, negative.id, -150); // -15
    await pay.sale(p, positive.id, 30); // 3
    const owed = await pay.amountsOwed(p);
    expect(owed[zero.id]).toEqual({ amount: 0, currency: 'USD', commissionCount: 2, payable: false });
    expect(owed[negative.id]).toEqual({ amount: -10, currency: 'USD', commissionCount: 2, payable: false });
    expect(owed[positive.id].payable).toBe(true);
    const b = await pay.batch(p);
    expect(b.payouts.map((x) => [x.affiliateId, x.amount])).toEqual([[positive.id, 3]]);
    expect(b).toMatchObject({ total: 3, commissionCount: 1 });
    expectNothingOwed(await pay.createBatch(p, {}));
  });

  test('a balance above zero that rounds to 0.00 is not paid: no 0.00 payout', async () => {
    const p = await pay.program();
    const tiny = await pay.payee(p, PAYPAL());
    const real = await pay.payee(p, PAYPAL());
    await pay.sale(p, tiny.id, 1, 0.004);
    await pay.sale(p, real.id, 100);
    expect((await pay.amountsOwed(p))[tiny.id]).toMatchObject({ amount: 0, payable: false });
    const b = await pay.batch(p);
    const file = await pay.exportFile(p, b.id, 'paypal');
    expect({ payouts: b.payouts.map((x) => [x.affiliateId, x.amount]), exportStatus: file.status }).toEqual({ payouts: [[real.id, 10]], exportStatus: 200 });
  });
});

describe('one payout per affiliate, with exact sums', () => {
  test('sums are taken exactly and rounded once, half-up: 3 × 0.005 → 0.02, 3 × 33.333333 → 100.00, 33.33 % of 99.99 and 10.01 → 36.67', async () => {
    const p = await pay.program({ defaultCommissionRate: 33.33 });
    const halves = await pay.payee(p, PAYPAL());
    const thirds = await pay.payee(p, WISE());
    const rated = await pay.payee(p, MANUAL);
    for (let i = 0; i < 3; i++) await pay.sale(p, halves.id, 1, 0.005);
    for (let i = 0; i < 3; i++) await pay.sale(p, thirds.id, 100, 33.333333);
    const s1 = await pay.sale(p, rated.id, 99.99);
    const s2 = await pay.sale(p, rated.id, 10.01);
    expect([s1.commissionEarned, s2.commissionEarned]).toEqual([33.33, 3.34]);
    const owed = await pay.amountsOwed(p);
    expect([owed[halves.id].amount, owed[thirds.id].amount, owed[rated.id].amount]).toEqual([0.02, 100, 36.67]);

    const b = await pay.batch(p);
    expect(pay.payoutOf(b, halves.id)).toMatchObject({ amount: 0.02, commissionCount: 3, method: 'paypal' });
    expect(pay.payoutOf(b, thirds.id)).toMatchObject({ amount: 100, commissionCount: 3, method: 'wise' });
    expect(pay.payoutOf(b, rated.id)).toMatchObject({ amount: 36.67, commissionCount: 2, method: 'manual' });
    expect(b.commissionCount).toBe(8);
    expect(b.payouts).toHaveLength(3);
  });

  test('the batch total is the sum of its payouts as they are paid', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL());
    const c = await pay.payee(p, PAYPAL());
    await pay.sale(p, a.id, 10, 1.005); // pays 1.01
    await pay.sale(p, c.id, 10, 2.005); // pays 2.01
    const b = await pay.batch(p);
    expect(b.payouts.map((x) => x.amount).sort()).toEqual([1.01, 2.01]);
    // What leaves the bank: the two payouts, 3.02 (not 3.01, the exact 3.01 rounded once).
    expect(b.total).toBe(3.02);
  });

  test('many commissions of many affiliates: each payout sums its own, the total sums the payouts', async () => {
    const p = await pay.program({ defaultCommissionRate: 12.5 });
    const expected: Record<string, { cents: number; n: number }> = {};
    for (let i = 0; i < 6; i++) {
      const a = await pay.payee(p, i % 2 ? PAYPAL() : WISE());
      expected[a.id] = { cents: 0, n: 0 };
      for (let j = 0; j <= i; j++) {
        const s = await pay.sale(p, a.id, 8 * (i + 1) + j * 0.08); // 12.5 % of it: whole cents
        expected[a.id].cents += Math.round(s.commissionEarned * 100);
        expected[a.id].n += 1;
      }
    }
    const b = await pay.batch(p);
    expect(Object.fromEntries(b.payouts.map((x) => [x.affiliateId, { cents: Math.round(x.amount * 100), n: x.commissionCount }]))).toEqual(expected);
    const cents = Object.values(expected).reduce((s, e) => s + e.cents, 0);
    expect(Math.round(b.total * 100)).toBe(cents);
    expect(b.commissionCount).toBe(21);
  });
});

describe('payout details are taken when the batch is made', () => {
  test('changing them afterwards does not change the payout; the next batch uses the new ones', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL('before@example.com'));
    await pay.sale(p, a.id, 100);
    const first = await pay.batch(p);
    await pay.setDetails(p, a.id, { payoutMethod: 'stripe_connect', stripeAccountId: 'acct_After1' });
    const reread = await pay.readBatch(p, first.id);
    expect(reread).toEqual(first);
    expect(pay.payoutOf(reread, a.id)).toMatchObject({ method: 'paypal', destination: 'before@example.com', status: 'processing' });
    const listed = await pay.listPayouts(p, { affiliateId: a.id });
    expect(listed.map((x) => [x.method, x.destination])).toEqual([['paypal', 'before@example.com']]);

    await pay.sale(p, a.id, 50);
    const second = await pay.batch(p);
    expect(pay.payoutOf(second, a.id)).toMatchObject({ method: 'stripe_connect', destination: 'acct_After1', status: 'pending', amount: 5 });
    // Clearing the details does not touch the payouts either.
    await pay.setDetails(p, a.id, { payoutMethod: null });
    expect((await pay.readBatch(p, second.id)).payouts[0]).toMatchObject({ method: 'stripe_connect', destination: 'acct_After1' });
  });
});

describe('named commissions or sales', () => {
  test('commissionIds: grouped per affiliate, whatever the minimum; without payout details it is paid manual', async () => {
    const p = await pay.program();
    await pay.setMinimumPayout(p, 1000);
    const a = await pay.payee(p, WISE('named@example.com'));
    const bare = await pay.payee(p, null);
    const a1 = await pay.sale(p, a.id, 10);
    const a2 = await pay.sale(p, a.id, 20);
    const b1 = await pay.sale(p, bare.id, 30);
    const left = await pay.sale(p, a.id, 40);
    const ids = await Promise.all([a1, a2, b1].map(async (s) => (await pay.commissionOf(p, s.id)).id));
    const b = await pay.batch(p, { commissionIds: ids });
    expect(b).toMatchObject({ total: 6, commissionCount: 3, status: 'open' });
    expect(pay.payoutOf(b, a.id)).toMatchObject({ amount: 3, commissionCount: 2, method: 'wise', destination: 'named@example.com', status: 'processing' });
    expect(pay.payoutOf(b, bare.id)).toMatchObject({ amount: 3, commissionCount: 1, method: 'manual', destination: null, status: 'processing' });
    expect(b.payouts).toHaveLength(2);
    expect(await pay.commissionOf(p, left.id)).toMatchObject({ payoutBatchId: null, status: 'approved' });
  });

  test('saleIds: the same; one already batched → 400 and nothing changes', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    const c = await pay.payee(p, PAYPAL());
    const s1 = await pay.sale(p, a.id, 10);
    const s2 = await pay.sale(p, c.id, 10);
    const s3 = await pay.sale(p, c.id, 15);
    const b = await pay.batch(p, { saleIds: [s1.id, s3.id] });
    expect(b.payouts.map((x) => [x.affiliateId, x.amount, x.commissionCount]).sort()).toEqual(
      [
        [a.id, 1, 1],
        [c.id, 1.5, 1],
      ].sort(),
    );
    expectValidation(await pay.createBatch(p, { saleIds: [s2.id, s3.id] }), 'saleIds');
    expect(await pay.commissionOf(p, s2.id)).toMatchObject({ payoutBatchId: null });
    expect((await pay.batches.get(p)).body).toHaveLength(1);
  });

  test('both commissionIds and saleIds: 400; unknown ids: 400; no batch made', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    const s = await pay.sale(p, a.id, 10);
    const c = await pay.commissionOf(p, s.id);
    expectValidation(await pay.createBatch(p, { commissionIds: [c.id], saleIds: [s.id] }));
    expectValidation(await pay.createBatch(p, { commissionIds: [randomUUID()] }), 'commissionIds');
    expectValidation(await pay.createBatch(p, { saleIds: [999_999_999] }), 'saleIds');
    expectValidation(await pay.createBatch(p, { saleIds: 'all' }), 'saleIds');
    expectValidation(await pay.createBatch(p, { everything: true }));
    expect((await pay.batches.get(p)).body).toEqual([]);
    expect(await pay.commissionOf(p, s.id)).toMatchObject({ payoutBatchId: null, status: 'approved' });
  });
});

testNoServerErrors(seen);
