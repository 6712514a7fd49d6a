/**
 * Settling payouts through REST (DESIGN.md "Payouts"): POST /payout-batches/{id}/mark-paid pays the PayPal, Wise and
 * manual payouts of a batch with the reference (Stripe Connect ones wait, and keep the batch open), POST
 * /payouts/{id}/mark-paid and /mark-failed settle one; a commission is paid when its payout is, a failed payout frees
 * its commissions for a later batch; and the spec's refund rules for those sales (in_payout_batch, already_paid_out,
 * refundable again once the payout failed). Sending a batch needs STRIPE_API_KEY only when Stripe payouts wait.
 */
import { randomUUID } from 'node:crypto';
import { expectError, expectValidation, ISO_RE, testNoServerErrors } from '../../helpers/assertions';
import { useTestServer } from '../../helpers/harness';
import { MANUAL, PAYPAL, payoutClient, STRIPE, WISE, type RestBatch } from '../../helpers/payouts';
import type { ProgramFixture } from '../../helpers/factories';

// No STRIPE_API_KEY on this server: sending a batch with Stripe payouts is refused.
const server = useTestServer({ stripeApiKey: undefined });
const pay = payoutClient(() => server);
const { seen } = pay;

const PAYOUT = `query($id: ID!) { payout(id: $id) { id status commissions { saleId status payoutBatchId } } }`;

/** A program with four payees (PayPal, Wise, manual, Stripe), two sales each, batched with POST /payout-batches {}. */
async function fourWays() {
  const p = await pay.program();
  const who = {
    paypal: await pay.payee(p, PAYPAL('pp@example.com')),
    wise: await pay.payee(p, WISE('wise@example.com')),
    manual: await pay.payee(p, MANUAL),
    stripe: await pay.payee(p, STRIPE('acct_Settle1')),
  };
  const sales: Record<keyof typeof who, number[]> = { paypal: [], wise: [], manual: [], stripe: [] };
  for (const k of Object.keys(who) as Array<keyof typeof who>) for (const t of [100, 50]) sales[k].push((await pay.sale(p, who[k].id, t)).id);
  const batch = await pay.batch(p);
  const payout = (k: keyof typeof who) => pay.payoutOf(batch, who[k].id);
  return { p, who, sales, batch, payout };
}

describe('POST /payout-batches/{id}/mark-paid', () => {
  let f: Awaited<ReturnType<typeof fourWays>>;
  let paid: RestBatch;
  beforeAll(async () => {
    f = await fourWays();
  });

  test('before: every sale refuses a refund as in_payout_batch, and reads commissionStatus approved', async () => {
    for (const id of Object.values(f.sales).flat()) {
      expect(await pay.commissionStatusOf(f.p, id)).toBe('approved');
      expect((await pay.refund(f.p, id)).body).toEqual(expect.objectContaining({ code: 'REFUND_NOT_ALLOWED', reason: 'in_payout_batch' }));
    }
  });

  test('pays the PayPal, Wise and manual payouts with the reference; the Stripe one waits and the batch stays open', async () => {
    const res = await pay.markBatchPaid(f.p, f.batch.id, { reference: 'PAYPAL-BATCH-8HX2' });
    expect(res.status).toBe(200);
    paid = res.body;
    expect(paid).toEqual({ ...f.batch, payouts: expect.any(Array), status: 'open', paidAt: null });
    for (const k of ['paypal', 'wise', 'manual'] as const) {
      const before = f.payout(k);
      const after = pay.payoutOf(paid, f.who[k].id);
      // Its commissions, oldest first, paid with it (at the same moment).
      expect(before.commissions.map((c) => [c.saleId, c.status, c.paidAt])).toEqual(f.sales[k].map((id) => [id, 'approved', null]));
      expect(after).toEqual({
        ...before,
        status: 'paid',
        reference: 'PAYPAL-BATCH-8HX2',
        paidAt: expect.stringMatching(ISO_RE),
        commissions: before.commissions.map((c) => ({ ...c, status: 'paid', paidAt: after.paidAt })),
      });
      expect(after.commissions).toEqual(await pay.commissionsOf(f.p, f.sales[k]));
    }
    expect(pay.payoutOf(paid, f.who.stripe.id)).toEqual(f.payout('stripe'));
    expect(f.payout('stripe').status).toBe('pending');
    expect(await pay.readBatch(f.p, f.batch.id)).toEqual(paid);
  });

  test('their commissions are paid: the sales read paid and refuse a refund as already_paid_out; the Stripe ones still in_payout_batch', async () => {
    for (const k of ['paypal', 'wise', 'manual'] as const)
      for (const id of f.sales[k]) {
        expect(await pay.commissionOf(f.p, id)).toMatchObject({
          status: 'paid',
          paidManually: false,
          payoutBatchId: f.batch.id,
          paidAt: expect.stringMatching(ISO_RE),
        });
        expect(await pay.commissionStatusOf(f.p, id)).toBe('paid');
        const refused = await pay.refund(f.p, id);
        expectError(refused, 400, 'REFUND_NOT_ALLOWED');
        expect(refused.body.reason).toBe('already_paid_out');
        expectValidation(await pay.call('PUT', '/sales', { token: f.p.key, body: { saleId: id, commissionEarned: 1 } }), 'commissionEarned');
      }
    for (const id of f.sales.stripe) {
      expect(await pay.commissionOf(f.p, id)).toMatchObject({ status: 'approved', payoutBatchId: f.batch.id });
      expect((await pay.refund(f.p, id)).body.reason).toBe('in_payout_batch');
    }
    // Paying changes no sale: none refunded, totals as they were.
    expect((await pay.call('GET', '/sales', { token: f.p.key, query: { id: String(f.sales.paypal[0]) } })).body).toMatchObject({
      refunded: false,
      commissionEarned: 10,
    });
  });

  test('a repeat (another reference too) answers the batch unchanged', async () => {
    expect((await pay.markBatchPaid(f.p, f.batch.id, { reference: 'PAYPAL-BATCH-8HX2' })).body).toEqual(paid);
    expect((await pay.markBatchPaid(f.p, f.batch.id, { reference: 'SOMETHING-ELSE' })).body).toEqual(paid);
    expect((await pay.markBatchPaid(f.p, f.batch.id)).body).toEqual(paid);
  });

  test('the Stripe payout paid by hand with POST /payouts/{id}/mark-paid: the batch is paid, with paidAt; repeats change nothing', async () => {
    const stripe = f.payout('stripe');
    // Never sent (pending): it may still be paid by hand.
    expect(stripe.status).toBe('pending');
    const res = await pay.markPaid(f.p, stripe.id, { reference: 'tr_byhand_1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...stripe,
      status: 'paid',
      reference: 'tr_byhand_1',
      paidAt: expect.stringMatching(ISO_RE),
      commissions: stripe.commissions.map((c) => ({ ...c, status: 'paid', paidAt: res.body.paidAt })),
    });
    expect(res.body.commissions).toEqual(await pay.commissionsOf(f.p, f.sales.stripe));
    const settled = await pay.readBatch(f.p, f.batch.id);
    expect(settled).toEqual({ ...paid, status: 'paid', paidAt: expect.stringMatching(ISO_RE), payouts: expect.any(Array) });
    expect(settled.payouts.map((x) => x.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    expect(new Date(settled.paidAt!).getTime()).toBe(new Date(res.body.paidAt).getTime());
    for (const id of f.sales.stripe) expect((await pay.refund(f.p, id)).body.reason).toBe('already_paid_out');

    expect((await pay.markPaid(f.p, stripe.id, { reference: 'tr_other' })).body).toEqual(res.body);
    expect((await pay.markBatchPaid(f.p, f.batch.id)).body).toEqual(settled);
    expectValidation(await pay.markFailed(f.p, stripe.id, 'too late'), 'id');
    expect(await pay.readBatch(f.p, f.batch.id)).toEqual(settled);
  });
});

describe('POST /payouts/{id}/mark-failed', () => {
  test('frees the commissions (approved, in no batch); a new batch takes them; the failed payout cannot be paid', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL('unclaimed@example.com'));
    const b = await pay.payee(p, WISE());
    const aSales = [(await pay.sale(p, a.id, 100)).id, (await pay.sale(p, a.id, 20)).id];
    const bSale = (await pay.sale(p, b.id, 70)).id;
    const batch = await pay.batch(p);
    const pa = pay.payoutOf(batch, a.id);

    const res = await pay.markFailed(p, pa.id, 'Unclaimed: no PayPal account for this email');
    expect(res.status).toBe(200);
    const failed = res.body;
    // It keeps listing its commissions, now out of any batch.
    expect(failed).toEqual({
      ...pa,
      status: 'failed',
      failureReason: 'Unclaimed: no PayPal account for this email',
      failedAt: expect.stringMatching(ISO_RE),
      commissions: pa.commissions.map((c) => ({ ...c, payoutBatchId: null })),
    });
    expect(failed.commissions).toEqual(await pay.commissionsOf(p, aSales));
    for (const id of aSales) expect(await pay.commissionOf(p, id)).toMatchObject({ status: 'approved', payoutBatchId: null, paidAt: null });
    // The payout still lists what it was made of.
    const listed = (await pay.gqlData(p, PAYOUT, { id: pa.id })).payout;
    expect(listed.commissions.map((c: any) => c.saleId).sort()).toEqual([...aSales].sort());
    expect((await pay.readBatch(p, batch.id)).status).toBe('open');

    expect((await pay.markFailed(p, pa.id, 'another reason')).body).toEqual(failed);
    expectValidation(await pay.markPaid(p, pa.id, { reference: 'x' }), 'id');
    expect(await pay.commissionOf(p, aSales[0])).toMatchObject({ status: 'approved', payoutBatchId: null });

    // Once freed, the sale can be refunded again: the refund rules of the spec.
    expect((await pay.refund(p, aSales[1])).status).toBe(200);

    // The batch settles once the other payout is paid: paid, one payout paid and one failed.
    const batchPaid = await pay.markBatchPaid(p, batch.id, { reference: 'W-1' });
    expect(batchPaid.body).toMatchObject({ status: 'paid', paidAt: expect.stringMatching(ISO_RE) });
    expect(batchPaid.body.payouts.map((x: any) => [x.affiliateId, x.status, x.reference]).sort()).toEqual(
      [
        [a.id, 'failed', null],
        [b.id, 'paid', 'W-1'],
      ].sort(),
    );
    expect(await pay.commissionOf(p, bSale)).toMatchObject({ status: 'paid' });
    expectValidation(await pay.markFailed(p, pay.payoutOf(batchPaid.body, b.id).id, 'bank refused'), 'id');

    // A new batch picks the freed commission that was not refunded.
    const next = await pay.batch(p);
    expect(next.payouts.map((x) => [x.affiliateId, x.amount, x.commissionCount, x.method])).toEqual([[a.id, 10, 1, 'paypal']]);
    expect(await pay.commissionOf(p, aSales[0])).toMatchObject({ status: 'approved', payoutBatchId: next.id });
    expect((await pay.refund(p, aSales[0])).body.reason).toBe('in_payout_batch');
  });

  test('every payout failed: the batch is failed', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL());
    const b = await pay.payee(p, STRIPE());
    await pay.sale(p, a.id, 100);
    await pay.sale(p, b.id, 100);
    const batch = await pay.batch(p);
    expect((await pay.markFailed(p, pay.payoutOf(batch, a.id).id, 'returned')).status).toBe(200);
    expect((await pay.readBatch(p, batch.id)).status).toBe('open');
    expect((await pay.markFailed(p, pay.payoutOf(batch, b.id).id, 'account closed')).status).toBe(200);
    const settled = await pay.readBatch(p, batch.id);
    expect(settled).toMatchObject({ status: 'failed', total: 20, commissionCount: 2 });
    expect(settled.payouts.map((x) => x.status)).toEqual(['failed', 'failed']);
    expect((await pay.batches.get(p, { status: 'failed' })).body.map((x: RestBatch) => x.id)).toEqual([batch.id]);
    expect((await pay.markBatchPaid(p, batch.id)).body).toEqual(settled);
    expect((await pay.amountsOwed(p))[a.id]).toMatchObject({ amount: 10, payable: true });
  });

  test.each([
    ['no reason', undefined],
    ['a blank reason', '   '],
    ['a reason over 500 characters', 'x'.repeat(501)],
    ['a reason that is not text', 42],
  ])('%s: 400 naming reason, nothing changes', async (_what, reason) => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    await pay.sale(p, a.id, 10);
    const batch = await pay.batch(p);
    const res = await pay.call('POST', `/payouts/${batch.payouts[0].id}/mark-failed`, { token: p.key, body: reason === undefined ? {} : { reason } });
    expectValidation(res, 'reason');
    expect(await pay.readBatch(p, batch.id)).toEqual(batch);
  });

  test('a reference over 200 characters, or not text: 400 naming reference, nothing paid', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    await pay.sale(p, a.id, 10);
    const batch = await pay.batch(p);
    for (const reference of ['r'.repeat(201), 7, ['x']]) {
      expectValidation(await pay.markBatchPaid(p, batch.id, { reference }), 'reference');
      expectValidation(await pay.markPaid(p, batch.payouts[0].id, { reference }), 'reference');
    }
    expectValidation(await pay.markBatchPaid(p, batch.id, { reference: 'ok', extra: 1 }));
    expect(await pay.readBatch(p, batch.id)).toEqual(batch);
  });

  test("unknown or malformed ids: 404; nothing of the program's changes", async () => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    await pay.sale(p, a.id, 10);
    const batch = await pay.batch(p);
    for (const id of [randomUUID(), 'nope', batch.id]) {
      expectError(await pay.markPaid(p, id), 404, 'NOT_FOUND');
      expectError(await pay.markFailed(p, id, 'why'), 404, 'NOT_FOUND');
    }
    for (const id of [randomUUID(), 'nope', batch.payouts[0].id]) {
      expectError(await pay.markBatchPaid(p, id), 404, 'NOT_FOUND');
      expectError(await pay.send(p, id), 404, 'NOT_FOUND');
    }
    expect(await pay.readBatch(p, batch.id)).toEqual(batch);
  });
});

describe('the refund rules in their order', () => {
  test('past the refund window: paid out → already_paid_out, waiting → in_payout_batch, failed → refund_window_expired', async () => {
    const p = await pay.program({ refundWindowDays: 0 });
    const a = await pay.payee(p, PAYPAL());
    const c = await pay.payee(p, MANUAL);
    const d = await pay.payee(p, WISE());
    const [sa, sc, sd] = [await pay.sale(p, a.id, 10), await pay.sale(p, c.id, 10), await pay.sale(p, d.id, 10)];
    const b = await pay.batch(p);
    await pay.markPaid(p, pay.payoutOf(b, a.id).id);
    await pay.markFailed(p, pay.payoutOf(b, d.id).id, 'bounced');
    const reasons = [];
    for (const s of [sa, sc, sd]) {
      const res = await pay.refund(p, s.id);
      expectError(res, 400, 'REFUND_NOT_ALLOWED');
      reasons.push(res.body.reason);
    }
    expect(reasons).toEqual(['already_paid_out', 'in_payout_batch', 'refund_window_expired']);
  });

  test('a refunded sale stays refunded: a repeat answers alreadyRefunded, whatever batches came after', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    const refunded = await pay.sale(p, a.id, 10);
    await pay.sale(p, a.id, 20);
    expect((await pay.refund(p, refunded.id)).status).toBe(200);
    const b = await pay.batch(p);
    expect(b).toMatchObject({ total: 2, commissionCount: 1 });
    await pay.markBatchPaid(p, b.id);
    const again = await pay.refund(p, refunded.id);
    expect(again.status).toBe(200);
    expect(again.body.alreadyRefunded).toBe(true);
    expect(await pay.commissionOf(p, refunded.id)).toMatchObject({ status: 'reversed', payoutBatchId: null });
  });
});

describe('POST /payout-batches/{id}/send on a server without STRIPE_API_KEY', () => {
  let p: ProgramFixture;
  beforeAll(async () => {
    p = await pay.program();
  });

  test('a batch without Stripe payouts: 200, the batch as it was', async () => {
    const a = await pay.payee(p, PAYPAL());
    await pay.sale(p, a.id, 10);
    const batch = await pay.batch(p);
    const res = await pay.send(p, batch.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(batch);
    expect(await pay.readBatch(p, batch.id)).toEqual(batch);
  });

  test('a batch with a stripe_connect payout: 400 VALIDATION_FAILED, the payout still pending, no event', async () => {
    const a = await pay.payee(p, STRIPE('acct_NoKey1'));
    await pay.sale(p, a.id, 10);
    const batch = await pay.batch(p);
    expectValidation(await pay.send(p, batch.id));
    expect(await pay.readBatch(p, batch.id)).toEqual(batch);
    expect(batch.payouts[0]).toMatchObject({ status: 'pending', method: 'stripe_connect' });
    expect(await pay.eventsOf(p, 'payout.paid')).toEqual([]);
    expect(await pay.eventsOf(p, 'payout.failed')).toEqual([]);
  });
});

testNoServerErrors(seen);
