/**
 * Stripe's objects checked at the edge like API input (issue 27): a well-signed but malformed event is answered
 * 400 VALIDATION_FAILED with its reason and changes nothing (amounts out of bounds, currencies that are not
 * three lowercase ASCII letters, ids that are not bounded ASCII, a subscription naming no customer, a refund
 * that is not positive); a signature dated in the future is refused as one too old is; names and emails keep
 * the API's limits; refunds count only in their sale's currency, and per program and payment whichever of the
 * program's integrations reported them. Over HTTP against real PostgreSQL.
 */
import type { Client } from 'pg';
import { createAffiliate } from '../../helpers/factories';
import { dataDigest } from '../../helpers/db-digest';
import { useTestServer } from '../../helpers/harness';
import { uniq } from '../../helpers/spec-client';
import { restClient } from '../../helpers/rest-client';
import chargeFixture from '../../fixtures/stripe/charge.json';
import customerFixture from '../../fixtures/stripe/customer.json';
import invoicePaymentFixture from '../../fixtures/stripe/invoice_payment.json';
import refundFixture from '../../fixtures/stripe/refund.json';
import subscriptionFixture from '../../fixtures/stripe/subscription.json';
import { invoice, session, stripeEvent, stripeHarness, type Connected } from './stripe-harness';

const server = useTestServer();
const { sql } = restClient(() => server);
const { connect, addIntegration, deliver, eventsOf, referralsOf, salesOf } = stripeHarness(() => server);

/** A digest of every row of the program (test/helpers/db-digest), read through the test's SQL helper. */
const digest = (c: Connected) => dataDigest({ query: async (q: string) => ({ rows: await sql(q) }) } as unknown as Client, c.p.programId);

const COMMISSION = `query($id: SafeInt!) { sale(id: $id) { refunded totalEarned commissionEarned } }`;
const saleView = async (c: Connected, id: number) => (await server.graphql(COMMISSION, { id }, c.p.key)).body.data.sale;

/** Links payment intent `pi` to the invoice it paid, as invoice_payment.paid does. */
const paymentLink = (invoiceId: string, pi: string, amount = 10000) =>
  stripeEvent('invoice_payment.paid', {
    ...invoicePaymentFixture,
    id: `inpay_${uniq()}`,
    invoice: invoiceId,
    amount_paid: amount,
    currency: 'usd',
    status: 'paid',
    payment: { type: 'payment_intent', payment_intent: pi },
  });
const refundEvent = (pi: string, amount: number, extra: Record<string, unknown> = {}) =>
  stripeEvent('refund.created', {
    ...refundFixture,
    id: `re_${uniq()}`,
    amount,
    currency: 'usd',
    charge: `ch_${uniq()}`,
    payment_intent: pi,
    status: 'succeeded',
    ...extra,
  });

/**
 * A referred customer whose invoice of 100.00 USD was paid by payment intent `pi`, delivered to `c`: the
 * customer, the invoice and its sale (commission 20 % = 20.00).
 */
async function paidSale(c: Connected, pi = `pi_${uniq()}`) {
  const a = await createAffiliate(server, c.p.key);
  const customer = `cus_${uniq()}`;
  expect((await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })))).body.outcome).toBe('recorded');
  const inv = invoice(customer, 10000);
  expect((await deliver(c, stripeEvent('invoice.paid', inv))).body.outcome).toBe('recorded');
  expect((await deliver(c, paymentLink(inv.id, pi))).body.outcome).toBe('recorded');
  const [sale] = (await server.api('GET', '/sales', { token: c.p.key, query: { saleExternalId: inv.id } })).body;
  expect(sale).toMatchObject({ totalEarned: 100, commissionEarned: 20, refunded: false });
  return { customer, invoice: inv, pi, sale: sale as { id: number } };
}

describe('a well-signed but malformed event: 400 with the reason, nothing changed', () => {
  let c: Connected;
  let paid: Awaited<ReturnType<typeof paidSale>>;
  beforeAll(async () => {
    c = await connect();
    paid = await paidSale(c);
  });

  const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
  const inv = (extra: Record<string, unknown>) => stripeEvent('invoice.paid', invoice(paid.customer, 5000, extra));
  const sub = (extra: Record<string, unknown>) => ({
    ...subscriptionFixture,
    id: `sub_${uniq()}`,
    customer: paid.customer,
    metadata: {},
    status: 'canceled',
    ...extra,
  });
  const tax = (amount: number) => ({ amount, tax_behavior: 'exclusive', taxability_reason: 'standard_rated', taxable_amount: 0, type: 'tax_rate_details' });
  const cases: Array<[string, () => Record<string, unknown>, string]> = [
    ['an amount of 1e21 minor units', () => inv({ amount_paid: 1e21 }), 'data.object.amount_paid'],
    ['a negative amount paid', () => inv({ amount_paid: -100 }), 'data.object.amount_paid'],
    ['a fractional amount of minor units', () => inv({ amount_paid: 10.5 }), 'data.object.amount_paid'],
    ['an amount as a string', () => inv({ amount_paid: '5000' }), 'data.object.amount_paid'],
    ['a tax beyond the bound', () => inv({ total_taxes: [tax(1e15)] }), 'data.object.total_taxes[0].amount'],
    ['taxes that add up beyond the bound', () => inv({ total_taxes: [tax(999_999_999_999), tax(999_999_999_999)] }), 'data.object.total_taxes'],
    ['no currency', () => stripeEvent('invoice.paid', without(invoice(paid.customer, 5000), 'currency')), 'data.object.currency'],
    ['a numeric currency', () => inv({ currency: 840 }), 'data.object.currency'],
    ['"uſd" (U+017F, "USD" once upper-cased)', () => inv({ currency: 'u\u017Fd' }), 'data.object.currency'],
    ['an upper-case currency', () => inv({ currency: 'USD' }), 'data.object.currency'],
    ['a customer id holding U+0000', () => inv({ customer: 'cus_\u0000x' }), 'data.object.customer'],
    ['a customer id of 300 characters', () => inv({ customer: `cus_${'x'.repeat(296)}` }), 'data.object.customer'],
    ['an invoice without id', () => stripeEvent('invoice.paid', without(invoice(paid.customer, 5000), 'id')), 'data.object.id'],
    ['a subscription without customer', () => stripeEvent('customer.subscription.deleted', without(sub({}), 'customer')), 'data.object.customer'],
    ['a subscription whose customer is null', () => stripeEvent('customer.subscription.updated', sub({ customer: null })), 'data.object.customer'],
    ['a subscription event whose created is text', () => ({ ...stripeEvent('customer.subscription.updated', sub({})), created: 'yesterday' }), 'created'],
    ['a negative refund', () => refundEvent(paid.pi, -5000), 'data.object.amount'],
    ['a refund of nothing', () => refundEvent(paid.pi, 0), 'data.object.amount'],
    ['a refund in a numeric currency', () => refundEvent(paid.pi, 5000, { currency: 392 }), 'data.object.currency'],
    [
      'a charge refunded 1e21',
      () => stripeEvent('charge.refunded', { ...chargeFixture, id: `ch_${uniq()}`, payment_intent: paid.pi, amount_refunded: 1e21, refunds: undefined }),
      'data.object.amount_refunded',
    ],
    [
      'a customer name that is not text',
      () => stripeEvent('customer.updated', { ...customerFixture, id: paid.customer, name: { first: 'A' } }),
      'data.object.name',
    ],
    ['an event without id', () => without(stripeEvent('invoice.paid', invoice(paid.customer, 5000)), 'id'), 'id'],
    ['an unused event whose id holds U+0000', () => stripeEvent('plan.created', {}, 'evt_\u0000'), 'id'],
    ['an event whose data.object is text', () => ({ ...stripeEvent('invoice.paid', {}), data: { object: 'in_1' } }), 'data.object'],
  ];

  test.each(cases)('%s', async (_label, build, field) => {
    const before = await digest(c);
    const res = await deliver(c, build());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringMatching(/^Malformed Stripe event: .*\S/) });
    expect(res.body.details).toEqual(expect.arrayContaining([{ field, message: expect.stringContaining(field) }]));
    // Nothing of it stays, not even in the event log: Stripe's retry gets the same answer.
    expect(await digest(c)).toBe(before);
  });

  test('the sale and referral made before are untouched, and a well-formed event still works', async () => {
    expect(await saleView(c, paid.sale.id)).toMatchObject({ refunded: false, totalEarned: 100, commissionEarned: 20 });
    const [referral] = await referralsOf(c, paid.customer);
    // The subscriptions above named this customer, or none: it was never cancelled.
    expect(referral.subscriptionStatus).toBe('active');
    expect((await salesOf(c, referral.id)).map((s: any) => s.externalId)).toEqual([paid.invoice.id]);
    expect((await deliver(c, inv({ currency: 'usd' }))).body).toMatchObject({ outcome: 'recorded' });
  });
});

describe('a subscription event that names no customer', () => {
  test("touches no referral (it cancelled the program's first referral, another customer's)", async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customers = [`cus_${uniq()}`, `cus_${uniq()}`];
    for (const customer of customers) await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })));
    const { customer: _none, ...sub } = { ...subscriptionFixture, id: `sub_${uniq()}`, metadata: {}, status: 'canceled' };
    const res = await deliver(c, stripeEvent('customer.subscription.deleted', sub));
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'data.object.customer' })] } });
    for (const customer of customers) expect((await referralsOf(c, customer))[0].subscriptionStatus).toBe('active');
    expect((await eventsOf(c, { type: 'customer.subscription.deleted' })).totalCount).toBe(0);
  });
});

describe('refunds: in the sale’s currency, positive', () => {
  test('a refund in another currency than its sale’s is answered 200 as ignored, said why, and never counts', async () => {
    const c = await connect();
    const { sale, pi } = await paidSale(c);
    // 5,000 JPY "refunded" a 100 USD sale in full.
    const yen = await deliver(c, refundEvent(pi, 5000, { currency: 'jpy' }));
    expect(yen).toMatchObject({ status: 200, body: { outcome: 'ignored', detail: expect.stringMatching(/JPY.*USD/) } });
    expect(await saleView(c, sale.id)).toMatchObject({ refunded: false, commissionEarned: 20 });
    const yenCharge = {
      ...chargeFixture,
      id: `ch_${uniq()}`,
      payment_intent: pi,
      currency: 'jpy',
      amount: 20000,
      amount_refunded: 20000,
      refunded: true,
      refunds: {
        ...chargeFixture.refunds,
        data: [{ ...refundFixture, id: `re_${uniq()}`, amount: 20000, currency: 'jpy', payment_intent: pi, status: 'succeeded' }],
      },
    };
    expect((await deliver(c, stripeEvent('charge.refunded', yenCharge))).body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/JPY.*USD/) });
    expect(await saleView(c, sale.id)).toMatchObject({ refunded: false, commissionEarned: 20 });
    // A quarter refunded in dollars: only it counts.
    expect((await deliver(c, refundEvent(pi, 2500))).body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/refunded 25 of 100/) });
    expect(await saleView(c, sale.id)).toMatchObject({ refunded: false, commissionEarned: 15 });
  });

  test('one charge seen again in another currency cannot raise what it was refunded', async () => {
    const c = await connect();
    const { sale, pi } = await paidSale(c);
    const charge = (currency: string, refunded: number) => ({
      ...chargeFixture,
      id: 'ch_same',
      payment_intent: pi,
      currency,
      amount: 10000,
      amount_refunded: refunded,
      refunded: refunded >= 10000,
      refunds: { ...chargeFixture.refunds, data: [] },
    });
    expect((await deliver(c, stripeEvent('charge.refunded', charge('usd', 2500)))).body.outcome).toBe('recorded');
    expect(await saleView(c, sale.id)).toMatchObject({ refunded: false, commissionEarned: 15 });
    // The same charge id, now "in JPY" and refunded further: its USD amount stays what it was.
    await deliver(c, stripeEvent('charge.refunded', charge('jpy', 9000)));
    expect(await sql('select currency, amount_refunded::int as n from billing_charges where program_id = ?', [c.p.programId])).toEqual([
      { currency: 'usd', n: 2500 },
    ]);
    // A later refund recomputes the sale from the most refunded of its charges and refunds: still 25 of 100.
    expect((await deliver(c, refundEvent(pi, 1))).status).toBe(200);
    expect(await saleView(c, sale.id)).toMatchObject({ refunded: false, commissionEarned: 15 });
  });

  test('a negative refund is refused (400) and does not shrink a later real one', async () => {
    const c = await connect();
    const { sale, pi } = await paidSale(c);
    expect((await deliver(c, refundEvent(pi, -5000))).status).toBe(400);
    expect((await deliver(c, stripeEvent('refund.created', { ...refundFixture, id: `re_${uniq()}`, amount: -1, payment_intent: pi }))).status).toBe(400);
    expect(await sql('select count(*)::int as n from billing_refunds where program_id = ?', [c.p.programId])).toEqual([{ n: 0 }]);
    expect((await deliver(c, refundEvent(pi, 5000))).body.outcome).toBe('recorded');
    expect(await saleView(c, sale.id)).toMatchObject({ refunded: false, commissionEarned: 10 });
  });
});

describe('names and emails from Stripe keep the API’s limits', () => {
  let c: Connected;
  let ref: string;
  beforeAll(async () => {
    c = await connect();
    ref = (await createAffiliate(server, c.p.key)).id;
  });
  const customer = (fields: Record<string, unknown>) => ({ ...customerFixture, id: `cus_${uniq()}`, metadata: { affiliate_ref: ref }, ...fields });

  test('a 900 KB name keeps the customer: referred, the name cut to 200 characters', async () => {
    const cus = customer({ name: 'N'.repeat(900_000), email: `long-${uniq()}@example.com` });
    const res = await deliver(c, stripeEvent('customer.created', cus));
    expect(res).toMatchObject({ status: 200, body: { outcome: 'recorded' } });
    const [referral] = await referralsOf(c, cus.id);
    // Compared by shape: a failure should not print 900 KB.
    expect({ length: referral.name.length, onlyN: /^N+$/.test(referral.name), email: referral.email }).toEqual({ length: 200, onlyN: true, email: cus.email });
  });

  test('a long name of characters outside the BMP is cut whole (no half of a surrogate pair)', async () => {
    const cus = customer({ name: `  ${'\u{1F600}'.repeat(300)}`, email: `emoji-${uniq()}@example.com` });
    expect((await deliver(c, stripeEvent('customer.created', cus))).body.outcome).toBe('recorded');
    expect((await referralsOf(c, cus.id))[0].name).toBe('\u{1F600}'.repeat(200));
  });

  test('an email that is not valid is dropped, not stored: the referral waits for a valid one', async () => {
    for (const email of ['not an email', `${'a'.repeat(300)}@example.com`, 'x\u0000@example.com']) {
      const cus = customer({ name: 'Val Id', email });
      expect((await deliver(c, stripeEvent('customer.created', cus))).body.outcome).toBe('recorded');
      expect((await referralsOf(c, cus.id))[0]).toMatchObject({ name: 'Val Id', email: `${cus.id}@customer.stripe.invalid` });
    }
  });

  test("an invoice's long customer name and invalid email do not reach its sale; the sale is kept", async () => {
    const cus = customer({ name: 'Ina Voice', email: `ina-${uniq()}@example.com` });
    await deliver(c, stripeEvent('customer.created', cus));
    const inv = invoice(cus.id, 4200, { customer_name: 'I'.repeat(5000), customer_email: 'nobody at example' });
    expect((await deliver(c, stripeEvent('invoice.paid', inv))).body.outcome).toBe('recorded');
    const [referral] = await referralsOf(c, cus.id);
    const [sale] = await salesOf(c, referral.id);
    expect(sale).toMatchObject({ totalEarned: 42, name: 'I'.repeat(200), email: cus.email });
  });
});

describe('two integrations of one program (two webhook endpoints at Stripe)', () => {
  test('refunds are summed per program and payment, whichever integration reported them', async () => {
    const a = await connect();
    const b = await addIntegration(a.p);
    const { sale, pi } = await paidSale(a);
    expect((await deliver(a, refundEvent(pi, 5000))).body.outcome).toBe('recorded');
    expect(await saleView(a, sale.id)).toMatchObject({ commissionEarned: 10 });
    // 25 more, reported by the other endpoint: 75 refunded in all, a quarter of the commission left.
    const second = refundEvent(pi, 2500);
    expect((await deliver(b, second)).body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/refunded 75 of 100/) });
    expect(await saleView(a, sale.id)).toMatchObject({ refunded: false, commissionEarned: 5 });
    // The same refund through both endpoints counts once; the charge's cumulative amount agrees.
    expect((await deliver(a, second)).body.outcome).toBe('ignored');
    const ch = {
      ...chargeFixture,
      id: `ch_${uniq()}`,
      payment_intent: pi,
      amount: 10000,
      amount_refunded: 7500,
      refunds: undefined,
    };
    await deliver(b, stripeEvent('charge.refunded', ch));
    expect(await saleView(a, sale.id)).toMatchObject({ refunded: false, commissionEarned: 5 });
  });

  test('a refund one endpoint saw before the other linked its payment applies when the link arrives', async () => {
    const a = await connect();
    const b = await addIntegration(a.p);
    const aff = await createAffiliate(server, a.p.key);
    const customer = `cus_${uniq()}`;
    await deliver(a, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: aff.id })));
    const inv = invoice(customer, 10000);
    await deliver(a, stripeEvent('invoice.paid', inv));
    const pi = `pi_${uniq()}`;
    expect((await deliver(b, refundEvent(pi, 4000))).body.detail).toMatch(/no invoice known/);
    expect((await deliver(a, paymentLink(inv.id, pi))).body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/refunded 40 of 100/) });
  });
});

describe('signature timestamps', () => {
  test('a signature dated more than 5 minutes ahead is refused as one 5 minutes old is; a little clock skew passes', async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    const event = stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id }));
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 600, now + 3600 * 24 * 365]) {
      const res = await deliver(c, event, { timestamp });
      expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', error: expect.stringMatching(/signature.*future/i) } });
    }
    expect((await eventsOf(c)).totalCount).toBe(0);
    expect(await referralsOf(c, customer)).toEqual([]);
    expect((await deliver(c, event, { timestamp: now + 60 })).body.outcome).toBe('recorded');
  });
});

describe('Migration20261127100000_billing_payments_per_program on rows kept per integration', () => {
  const MIGRATION = 'Migration20261127100000_billing_payments_per_program';

  test("two integrations' rows of one payment merge (a charge keeps the most refunded), a negative refund goes, and the sums then hold", async () => {
    const a = await connect();
    const b = await addIntegration(a.p);
    const { sale, pi, invoice: inv } = await paidSale(a);
    const migrator = server.runtime.orm.getMigrator();
    await migrator.down(MIGRATION);
    try {
      // What the per-integration tables held: the link, a charge and a refund seen by both endpoints, a negative refund.
      const [ia, ib] = [a.integration.id, b.integration.id];
      const ch = `ch_${uniq()}`;
      const re = `re_${uniq()}`;
      await sql('insert into billing_payments (program_id, integration_id, payment_intent, invoice_id) values (?, ?, ?, ?) on conflict do nothing', [
        a.p.programId,
        ib,
        pi,
        inv.id,
      ]);
      for (const [integration, refunded] of [
        [ia, 3000],
        [ib, 5000],
      ] as const)
        await sql('insert into billing_charges (program_id, integration_id, charge_id, payment_intent, amount_refunded) values (?, ?, ?, ?, ?)', [
          a.p.programId,
          integration,
          ch,
          pi,
          refunded,
        ]);
      for (const [integration, id, amount] of [
        [ia, re, 2000],
        [ib, re, 2000],
        [ia, `re_${uniq()}`, -1000],
      ] as const)
        await sql('insert into billing_refunds (program_id, integration_id, refund_id, payment_intent, amount) values (?, ?, ?, ?, ?)', [
          a.p.programId,
          integration,
          id,
          pi,
          amount,
        ]);
    } finally {
      await migrator.up(MIGRATION);
    }
    const rows = async (table: string, cols: string) => sql(`select ${cols} from ${table} where program_id = ? order by 1`, [a.p.programId]);
    expect(await rows('billing_payments', 'payment_intent, invoice_id')).toEqual([{ payment_intent: pi, invoice_id: inv.id }]);
    expect(await rows('billing_charges', 'payment_intent, amount_refunded::int as amount_refunded, currency')).toEqual([
      { payment_intent: pi, amount_refunded: 5000, currency: null },
    ]);
    expect(await rows('billing_refunds', 'amount::int as amount, currency')).toEqual([{ amount: 2000, currency: null }]);
    // 10.00 more through the other endpoint: the charge's 50.00 stays the most refunded, now applied.
    expect((await deliver(b, refundEvent(pi, 1000))).body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/refunded 50 of 100/) });
    expect(await saleView(a, sale.id)).toMatchObject({ refunded: false, commissionEarned: 10 });
  });
});
