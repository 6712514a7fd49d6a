/**
 * What may be done to a Stripe Connect payout, and what Stripe can take (DESIGN.md "Payouts"), against the fake Stripe
 * of test/helpers/fake-stripe.ts: once its transfer was asked for (processing) it is settled only by sending its batch
 * again, never by hand (POST /payouts/{id}/mark-paid|mark-failed, GraphQL markPayoutPaid/markPayoutFailed: 400
 * VALIDATION_FAILED), while one never sent (pending) still may be; its affiliate cannot be deleted meanwhile; and in
 * a currency Stripe takes with fewer decimals than we keep (IQD, LYD: three for us, two for Stripe), an amount with a
 * third decimal digit is refused, not rounded again. The usual outcomes: ./stripe-transfers.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import { expectValidation, ISO_RE, testNoServerErrors } from '../../helpers/assertions';
import { useFakeStripeServer } from '../../helpers/fake-stripe-server';
import { payoutClient, PAYPAL, STRIPE, type RestBatch } from '../../helpers/payouts';
import type { ProgramFixture } from '../../helpers/factories';

const KEY = 'sk_test_payoutRulesE2e';
const { fake, server } = useFakeStripeServer(KEY);
const pay = payoutClient(() => server);
const { seen } = pay;

/** Every attempt the `stripe` package makes for one request: the first and its two retries. */
const ATTEMPTS = 3;
const acct = () => `acct_1${randomBytes(6).toString('hex')}`;

const MARK_PAID = 'mutation($id: ID!, $r: String) { markPayoutPaid(id: $id, reference: $r) { id status reference } }';
const MARK_FAILED = 'mutation($id: ID!, $r: String!) { markPayoutFailed(id: $id, reason: $r) { id status failureReason } }';
const DELETE_AFFILIATE = 'mutation($id: String!) { deleteAffiliate(affiliateId: $id) { message deletedAffiliate { id email } } }';
const SEND_AGAIN = /send its batch again/;

/** A program with a Stripe Connect payee `a` (owed 10.00 by two sales) and a PayPal one, and a batch paying both. */
async function stripeBatch() {
  const p = await pay.program();
  const a = await pay.payee(p, STRIPE(acct()));
  const pp = await pay.payee(p, PAYPAL());
  const sales = [(await pay.sale(p, a.id, 60)).id, (await pay.sale(p, a.id, 40)).id];
  await pay.sale(p, pp.id, 100);
  const batch = await pay.batch(p);
  return { p, a, pp, sales, batch, pa: pay.payoutOf(batch, a.id) };
}

/** Every way of settling the payout by hand is refused VALIDATION_FAILED, telling to send the batch again; nothing changes. */
async function expectRefusedByHand(p: ProgramFixture, batchId: string, payoutId: string) {
  const before = await pay.readBatch(p, batchId);
  for (const res of [await pay.markPaid(p, payoutId, { reference: 'tr_byhand' }), await pay.markFailed(p, payoutId, 'gave up')]) {
    expectValidation(res, 'id');
    expect(res.body.error).toMatch(SEND_AGAIN);
  }
  for (const [query, r] of [
    [MARK_PAID, 'tr_byhand'],
    [MARK_FAILED, 'gave up'],
  ]) {
    const res = await pay.gql(p, query, { id: payoutId, r });
    expect({ code: res.body.errors?.[0]?.extensions?.code, data: res.body.data ?? null }).toEqual({ code: 'VALIDATION_FAILED', data: null });
    expect(res.body.errors?.[0]?.message).toMatch(SEND_AGAIN);
  }
  expect(await pay.readBatch(p, batchId)).toEqual(before);
  expect((await pay.eventsOf(p, 'payout.paid')).filter((e) => e.data.id === payoutId)).toEqual([]);
  expect((await pay.eventsOf(p, 'payout.failed')).filter((e) => e.data.id === payoutId)).toEqual([]);
}

describe('a Stripe Connect payout whose transfer was asked for (processing)', () => {
  test('while its transfer is in flight: not settled by hand (REST and GraphQL); the send then records the transfer', async () => {
    const { p, a, sales, batch, pa } = await stripeBatch();
    fake.hold();
    const sending = pay.send(p, batch.id);
    await fake.whenHeld(1);
    expect(pay.payoutOf(await pay.readBatch(p, batch.id), a.id)).toMatchObject({ status: 'processing', reference: null });
    await expectRefusedByHand(p, batch.id, pa.id);
    fake.release();
    const sent = await sending;
    expect(sent.status).toBe(200);
    const [transfer] = fake.transfers;
    expect(fake.transfers).toHaveLength(1);
    expect(pay.payoutOf(sent.body, a.id)).toEqual({
      ...pa,
      status: 'paid',
      reference: transfer.id,
      paidAt: expect.stringMatching(ISO_RE),
      commissions: pa.commissions.map((c) => ({ ...c, status: 'paid', paidAt: pay.payoutOf(sent.body, a.id).paidAt })),
    });
    expect((await pay.eventsOf(p, 'payout.paid')).map((e) => e.data)).toEqual([pay.payoutOf(sent.body, a.id)]);
    for (const id of sales) expect(await pay.commissionOf(p, id)).toMatchObject({ status: 'paid', payoutBatchId: batch.id });
  });

  test('left processing by a send that got no answer: refused by hand; the batch mark-paid leaves it; sending again pays it once', async () => {
    const { p, a, pp, sales, batch, pa } = await stripeBatch();
    fake.failNext('drop_before', { times: ATTEMPTS, destination: pa.destination! });
    const sent = await pay.send(p, batch.id);
    expect(sent.status).toBe(200);
    expect(pay.payoutOf(sent.body, a.id)).toMatchObject({ status: 'processing', lastError: expect.any(String), reference: null });
    await expectRefusedByHand(p, batch.id, pa.id);
    for (const id of sales) expect(await pay.commissionOf(p, id)).toMatchObject({ status: 'approved', payoutBatchId: batch.id });

    // Marking the batch paid pays the PayPal payout and leaves the Stripe one to its send: the batch stays open.
    const marked = await pay.markBatchPaid(p, batch.id, { reference: 'PP-1' });
    expect(marked.status).toBe(200);
    expect(marked.body.status).toBe('open');
    expect(pay.payoutOf(marked.body, pp.id)).toMatchObject({ status: 'paid', reference: 'PP-1' });
    expect(pay.payoutOf(marked.body, a.id)).toEqual(pay.payoutOf(sent.body, a.id));

    const again = await pay.send(p, batch.id);
    expect(again.status).toBe(200);
    expect(fake.transfers.map((t) => [t.destination, t.amount])).toEqual([[pa.destination, 1000]]);
    expect(pay.payoutOf(again.body, a.id)).toMatchObject({ status: 'paid', reference: fake.transfers[0].id, lastError: null });
    expect(again.body.status).toBe('paid');
    // Paid, it stays paid: a repeat by hand answers it as it is; failing it is refused.
    expect((await pay.markPaid(p, pa.id, { reference: 'other' })).body).toEqual(pay.payoutOf(again.body, a.id));
    expectValidation(await pay.markFailed(p, pa.id, 'too late'), 'id');
  });

  test('its affiliate cannot be deleted until the send settles it; then the payout stays, without the affiliate', async () => {
    const { p, a, batch, pa } = await stripeBatch();
    fake.failNext('drop_before', { times: ATTEMPTS, destination: pa.destination! });
    await pay.send(p, batch.id);
    const waiting = await pay.readBatch(p, batch.id);
    for (const key of [a.id, a.email]) expectValidation(await pay.deleteAffiliate(p, key), 'affiliateId');
    const gql = await pay.gql(p, DELETE_AFFILIATE, { id: a.id });
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(await pay.readBatch(p, batch.id)).toEqual(waiting);
    expect((await pay.call('GET', '/affiliates', { token: p.key, query: { id: a.id } })).body).toMatchObject({ id: a.id });

    const paid = pay.payoutOf((await pay.send(p, batch.id)).body, a.id);
    expect(paid.status).toBe('paid');
    expect((await pay.deleteAffiliate(p, a.id)).status).toBe(200);
    const [after] = await pay.listPayouts(p, { batchId: batch.id, method: 'stripe_connect' });
    expect(after).toEqual({ ...paid, affiliateId: null, affiliate: null, commissions: [] });
  });
});

describe('a Stripe Connect payout never sent (pending)', () => {
  test('may be marked paid or failed by hand, with GraphQL as with REST', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, STRIPE(acct()));
    const b = await pay.payee(p, STRIPE(acct()));
    for (const who of [a, b]) await pay.sale(p, who.id, 100);
    const batch = await pay.batch(p);
    const [pa, pb] = [pay.payoutOf(batch, a.id), pay.payoutOf(batch, b.id)];
    expect([pa.status, pb.status]).toEqual(['pending', 'pending']);
    expect((await pay.gqlData(p, MARK_PAID, { id: pa.id, r: 'tr_elsewhere' })).markPayoutPaid).toEqual({
      id: pa.id,
      status: 'paid',
      reference: 'tr_elsewhere',
    });
    expect((await pay.gqlData(p, MARK_FAILED, { id: pb.id, r: 'account closed' })).markPayoutFailed).toEqual({
      id: pb.id,
      status: 'failed',
      failureReason: 'account closed',
    });
    expect((await pay.readBatch(p, batch.id)).status).toBe('paid');
    // Sending the settled batch asks Stripe nothing.
    expect((await pay.send(p, batch.id)).status).toBe(200);
    expect(fake.requests).toEqual([]);
  });
});

describe('currencies Stripe takes with fewer decimals than we keep', () => {
  test.each(['IQD', 'LYD'])(
    '%s: an amount with a third decimal digit is refused (failed, commissions freed); one without is sent in cents',
    async (currency) => {
      const p = await pay.program({ currency });
      const odd = await pay.payee(p, STRIPE(acct()));
      const even = await pay.payee(p, STRIPE(acct()));
      const oddSale = await pay.sale(p, odd.id, 100, 12.345);
      await pay.sale(p, even.id, 100, 12.34);
      const batch: RestBatch = await pay.batch(p);
      expect(batch.currency).toBe(currency);
      expect([pay.payoutOf(batch, odd.id).amount, pay.payoutOf(batch, even.id).amount]).toEqual([12.345, 12.34]);

      const sent = await pay.send(p, batch.id);
      expect(sent.status).toBe(200);
      // Only the even one reaches Stripe: 1234 hundredths.
      expect(fake.transferRequests().map((r) => [r.body.destination, r.body.amount, r.body.currency])).toEqual([
        [pay.payoutOf(batch, even.id).destination, '1234', currency.toLowerCase()],
      ]);
      expect(pay.payoutOf(sent.body, even.id)).toMatchObject({ status: 'paid', amount: 12.34, reference: fake.transfers[0].id });
      const failed = pay.payoutOf(sent.body, odd.id);
      expect(failed).toMatchObject({ status: 'failed', amount: 12.345, reference: null, failedAt: expect.stringMatching(ISO_RE) });
      expect(failed.failureReason).toMatch(new RegExp(`^Stripe takes ${currency} with fewer decimals than this amount has`));
      expect((await pay.eventsOf(p, 'payout.failed')).map((e) => e.data)).toEqual([failed]);
      expect(await pay.commissionOf(p, oddSale.id)).toMatchObject({ status: 'approved', payoutBatchId: null, amount: 12.345 });
      expect(sent.body.status).toBe('paid');
      // Sending again asks Stripe nothing more.
      const posts = fake.transferRequests().length;
      expect((await pay.send(p, batch.id)).body).toEqual(sent.body);
      expect(fake.transferRequests()).toHaveLength(posts);
    },
  );

  test('KWD, three decimals for both: 12.345 is sent as 12345 thousandths', async () => {
    const p = await pay.program({ currency: 'KWD' });
    const a = await pay.payee(p, STRIPE(acct()));
    await pay.sale(p, a.id, 100, 12.345);
    const batch = await pay.batch(p);
    const sent = await pay.send(p, batch.id);
    expect(fake.transferRequests().map((r) => [r.body.amount, r.body.currency])).toEqual([['12345', 'kwd']]);
    expect(pay.payoutOf(sent.body, a.id)).toMatchObject({ status: 'paid', amount: 12.345, reference: fake.transfers[0].id });
  });
});

testNoServerErrors(seen);
