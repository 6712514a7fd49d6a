/**
 * Stripe ingestion (DESIGN.md "Billing provider ingestion (Stripe)"): integrations over GraphQL, the endpoint
 * POST /integrations/stripe/:id verifying Stripe-Signature over the raw bytes, each event recorded once per
 * integration (repeats and concurrent duplicates change nothing), attribution of customers from Checkout
 * Sessions, customers and subscriptions, paid invoices as sales (JPY whole, trials nothing) and subscription
 * statuses. Payloads are Stripe's own fixtures (test/fixtures/stripe), signed as Stripe signs them; over HTTP
 * against real PostgreSQL.
 */
import Stripe from 'stripe';
import { createAffiliate } from '../../helpers/factories';
import type { TestServer } from '../../helpers/server';
import { useTestServer, withTestServer } from '../../helpers/harness';
import { uniq } from '../../helpers/spec-client';
import { restClient } from '../../helpers/rest-client';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import chargeFixture from '../../fixtures/stripe/charge.json';
import customerFixture from '../../fixtures/stripe/customer.json';
import discountFixture from '../../fixtures/stripe/discount.json';
import promotionCodeFixture from '../../fixtures/stripe/promotion_code.json';
import eventFixture from '../../fixtures/stripe/event.json';
import invoiceFixture from '../../fixtures/stripe/invoice.json';
import invoicePaymentFixture from '../../fixtures/stripe/invoice_payment.json';
import refundFixture from '../../fixtures/stripe/refund.json';
import subscriptionFixture from '../../fixtures/stripe/subscription.json';
import { CREATE, EVENTS, OTHER_SECRET, SECRET, invoice, session, stripeEvent, stripeHarness, type Connected } from './stripe-harness';

const fileServer = useTestServer();
/** The server the helpers talk to: the file's, or for one test a server that knows a Stripe API key. */
let server: TestServer = fileServer;
const { sql } = restClient(() => server);
const { connect, deliver, eventsOf, referralsOf, salesOf, programCode } = stripeHarness(() => server);

describe('integrations', () => {
  test('the owner connects Stripe: the answer has the URL to paste, never the secret; API keys list, not create; bad secrets are refused', async () => {
    const c = await connect();
    expect(c.integration).toMatchObject({ provider: 'stripe' });
    expect(c.integration.webhookUrl).toBe(`${new URL(c.integration.webhookUrl).origin}/integrations/stripe/${c.integration.id}`);
    const listed = await server.graphql('{ billingIntegrations { id provider webhookUrl } }', {}, c.p.key);
    expect(listed.body.data.billingIntegrations).toEqual([{ id: c.integration.id, provider: 'stripe', webhookUrl: c.integration.webhookUrl }]);
    expect((await server.graphql('{ billingIntegrations { signingSecret } }', {}, c.p.key)).body.errors?.[0]?.message).toMatch(/signingSecret/);
    const byKey = await server.graphql(CREATE, { i: { provider: 'stripe', signingSecret: SECRET } }, c.p.key);
    expect(byKey.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bad = await server.graphql(CREATE, { p: c.p.programId, i: { provider: 'stripe', signingSecret: 'sk_live_nope' } }, c.p.session);
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });

  test('deleting an integration makes its URL answer 404', async () => {
    const c = await connect();
    const del = await server.graphql(
      'mutation($id: ID!, $p: ID) { deleteBillingIntegration(programId: $p, id: $id) { id } }',
      { id: c.integration.id, p: c.p.programId },
      c.p.session,
    );
    expect(del.body.errors).toBeUndefined();
    expect((await deliver(c, stripeEvent('customer.created', { ...customerFixture }))).status).toBe(404);
  });
});

describe('signatures', () => {
  test('a missing, forged, tampered, stale or foreign signature is 400 and records nothing; the next genuine delivery works', async () => {
    const c = await connect();
    const other = await connect({}, OTHER_SECRET);
    const a = await createAffiliate(server, c.p.key);
    const event = stripeEvent('checkout.session.completed', session(`cus_${uniq()}`, { client_reference_id: a.id }));
    const refusals = [
      await deliver(c, event, { signature: null }),
      await deliver(c, event, { signature: 't=1,v1=deadbeef' }),
      await deliver(c, event, { payload: JSON.stringify({ ...event, type: 'customer.deleted' }) }),
      await deliver(c, event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await deliver(c, event, { secret: OTHER_SECRET }),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/signature/i);
    }
    // The other program's integration does not take this program's secret either.
    expect((await deliver(other, event, { secret: SECRET })).status).toBe(400);
    expect((await eventsOf(c)).totalCount).toBe(0);
    expect((await eventsOf(other)).totalCount).toBe(0);

    // A header with several v1 signatures (a rolled secret) passes when one matches.
    const good = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: SECRET });
    const rolled = `${good},v1=${'0'.repeat(64)}`;
    const res = await deliver(c, event, { signature: rolled });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('recorded');
    expect((await eventsOf(c)).totalCount).toBe(1);
  });
});

describe('attribution and sales', () => {
  let c: Connected;
  let affiliate: { id: string };
  beforeAll(async () => {
    c = await connect();
    affiliate = await createAffiliate(server, c.p.key);
  });

  test('a Checkout Session with client_reference_id makes its customer one referral, however often it arrives', async () => {
    const customer = `cus_${uniq()}`;
    const event = stripeEvent('checkout.session.completed', session(customer, { client_reference_id: affiliate.id }));
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(c, event)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.outcome === 'recorded')).toHaveLength(1);
    expect(results.filter((r) => r.body.duplicate)).toHaveLength(4);
    const [referral, ...rest] = await referralsOf(c, customer);
    expect(rest).toEqual([]);
    expect(referral).toMatchObject({ affiliateId: affiliate.id, referredUserExternalId: customer, name: 'Ada Buyer' });
    // Another session of the same customer (another event) adds nothing.
    const again = await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: affiliate.id })));
    expect(again.body).toMatchObject({ outcome: 'ignored' });
    expect(await referralsOf(c, customer)).toHaveLength(1);
  });

  test('metadata.affiliate_ref of a session, a customer (a link slug) or a subscription attributes the customer', async () => {
    const slugOwner = await createAffiliate(server, c.p.key);
    const [link] = (await server.api('GET', '/links', { token: c.p.key, query: { affiliateId: slugOwner.id } })).body;
    const viaSession = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(viaSession, { metadata: { affiliate_ref: affiliate.id } })));
    expect((await referralsOf(c, viaSession))[0].affiliateId).toBe(affiliate.id);

    const viaCustomer = `cus_${uniq()}`;
    const cus = { ...customerFixture, id: viaCustomer, name: 'Cy Customer', email: `cy-${uniq()}@example.com`, metadata: { affiliate_ref: link.link } };
    expect((await deliver(c, stripeEvent('customer.created', cus))).body.outcome).toBe('recorded');
    expect((await referralsOf(c, viaCustomer))[0]).toMatchObject({ affiliateId: slugOwner.id, name: 'Cy Customer', email: cus.email });

    // A subscription carries no name or email: the referral waits for its customer's, which a customer event brings.
    const viaSubscription = `cus_${uniq()}`;
    const sub = { ...subscriptionFixture, id: `sub_${uniq()}`, customer: viaSubscription, metadata: { affiliate_ref: affiliate.id } };
    expect((await deliver(c, stripeEvent('customer.subscription.created', sub))).body.outcome).toBe('recorded');
    expect((await referralsOf(c, viaSubscription))[0]).toMatchObject({ affiliateId: affiliate.id, email: `${viaSubscription}@customer.stripe.invalid` });
    const later = { ...customerFixture, id: viaSubscription, name: 'Sue Later', email: `sue-${uniq()}@example.com`, metadata: {} };
    await deliver(c, stripeEvent('customer.updated', later));
    expect((await referralsOf(c, viaSubscription))[0]).toMatchObject({ name: 'Sue Later', email: later.email });

    // No reference, or one that names nobody: nothing, said why.
    const none = await deliver(c, stripeEvent('customer.created', { ...customerFixture, id: `cus_${uniq()}`, metadata: {} }));
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/no affiliate reference/) });
    const nobody = await deliver(
      c,
      stripeEvent('customer.created', { ...customerFixture, id: `cus_${uniq()}`, email: 'x@example.com', metadata: { affiliate_ref: 'no-such-slug' } }),
    );
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/no affiliate matches/) });
  });

  test('invoice.paid records one sale (invoice.payment_succeeded of the same invoice adds none), with its tax; a trial or an unreferred customer records nothing', async () => {
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: affiliate.id })));
    const [referral] = await referralsOf(c, customer);
    const taxes = [
      {
        amount: 500,
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: 'txr_1' },
        taxability_reason: 'standard_rated',
        taxable_amount: 4499,
        type: 'tax_rate_details',
      },
    ];
    const inv = invoice(customer, 4999, { total_taxes: taxes });
    expect((await deliver(c, stripeEvent('invoice.paid', inv))).body.outcome).toBe('recorded');
    expect((await deliver(c, stripeEvent('invoice.payment_succeeded', inv))).body.outcome).toBe('ignored');
    const sales = await salesOf(c, referral.id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ totalEarned: 49.99, tax: 5, externalId: inv.id, externalInvoiceId: inv.id, affiliateId: affiliate.id });

    const trial = await deliver(c, stripeEvent('invoice.paid', invoice(customer, 0)));
    expect(trial.body.outcome).toBe('ignored');
    expect(await salesOf(c, referral.id)).toHaveLength(1);
    const stranger = await deliver(c, stripeEvent('invoice.paid', invoice(`cus_${uniq()}`, 1000)));
    expect(stranger.body).toMatchObject({ outcome: 'ignored' });
    expect(stranger.body.detail).toMatch(/not referred/);
  });

  test("a promotion code of the program on an invoice credits an unreferred customer to the code's affiliate, redeemed once", async () => {
    const { owner, code } = await programCode(c);

    // By the promotion code's id (the code's externalId), as an invoice's discount names it.
    const customer = `cus_${uniq()}`;
    const discount = { ...discountFixture, id: `di_${uniq()}`, customer, promotion_code: code.externalId };
    const first = await deliver(c, stripeEvent('invoice.paid', invoice(customer, 3000, { discounts: [discount] })));
    expect(first.body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/^promotion code /) });
    const [referral, ...more] = await referralsOf(c, customer);
    expect(more).toEqual([]);
    expect(referral).toMatchObject({ affiliateId: owner.id, promoCode: code.code });
    await deliver(c, stripeEvent('invoice.paid', invoice(customer, 3000, { discounts: [discount] })));
    expect(await salesOf(c, referral.id)).toHaveLength(2);
    expect((await server.api('GET', '/promotional-codes', { token: c.p.key, query: { id: code.id } })).body.timesRedeemed).toBe(1);

    // By its code, when the invoice carries the promotion code expanded; a code the program does not have credits nobody.
    const other = `cus_${uniq()}`;
    const expanded = {
      ...discountFixture,
      id: `di_${uniq()}`,
      customer: other,
      promotion_code: { ...promotionCodeFixture, id: 'promo_unknown', code: code.code.toLowerCase() },
    };
    expect((await deliver(c, stripeEvent('invoice.paid', invoice(other, 1000, { discounts: [expanded] })))).body.outcome).toBe('recorded');
    expect((await referralsOf(c, other))[0].affiliateId).toBe(owner.id);
    const stranger = `cus_${uniq()}`;
    const foreign = { ...discountFixture, id: `di_${uniq()}`, customer: stranger, promotion_code: 'promo_not_ours' };
    expect((await deliver(c, stripeEvent('invoice.paid', invoice(stranger, 1000, { discounts: [foreign] })))).body.outcome).toBe('ignored');
  });

  test('a zero-decimal currency stays whole: 5000 JPY is a sale of 5000', async () => {
    const jpy = await connect({ currency: 'JPY' });
    const a = await createAffiliate(server, jpy.p.key);
    const customer = `cus_${uniq()}`;
    await deliver(jpy, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id, currency: 'jpy' })));
    const [referral] = await referralsOf(jpy, customer);
    await deliver(jpy, stripeEvent('invoice.paid', invoice(customer, 5000, { currency: 'jpy' })));
    expect((await salesOf(jpy, referral.id))[0]).toMatchObject({ totalEarned: 5000, currency: 'JPY' });
  });

  test("subscription changes set the referral's subscriptionStatus; an unused event is recorded as ignored", async () => {
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: affiliate.id })));
    const sub = { ...subscriptionFixture, id: `sub_${uniq()}`, customer, metadata: {} };
    expect((await deliver(c, stripeEvent('customer.subscription.updated', { ...sub, status: 'past_due' }))).body.outcome).toBe('recorded');
    expect((await referralsOf(c, customer))[0].subscriptionStatus).toBe('past_due');
    await deliver(c, stripeEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }));
    expect((await referralsOf(c, customer))[0].subscriptionStatus).toBe('canceled');

    const unused = stripeEvent('plan.created', eventFixture.data.object);
    const res = await deliver(c, unused);
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'ignored', detail: 'plan.created is not used' } });
    const logged = await eventsOf(c, { type: 'plan.created' });
    expect(logged.nodes).toEqual([{ eventId: unused.id, type: 'plan.created', outcome: 'ignored', detail: 'plan.created is not used' }]);
  });
});

describe('currencies, references and plans', () => {
  test('a three-decimal currency keeps its thousandths: 12345 KWD minor units are a sale of 12.345', async () => {
    const kwd = await connect({ currency: 'KWD' });
    const a = await createAffiliate(server, kwd.p.key);
    const customer = `cus_${uniq()}`;
    await deliver(kwd, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id, currency: 'kwd' })));
    const [referral] = await referralsOf(kwd, customer);
    expect((await deliver(kwd, stripeEvent('invoice.paid', invoice(customer, 12345, { currency: 'kwd' })))).body.outcome).toBe('recorded');
    expect((await salesOf(kwd, referral.id))[0]).toMatchObject({ totalEarned: 12.345, currency: 'KWD' });
    // An invoice in another currency than the program's records nothing, said why.
    const usd = await deliver(kwd, stripeEvent('invoice.paid', invoice(customer, 1000, { currency: 'usd' })));
    expect(usd.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/USD, the program in KWD/) });
  });

  test("a numeric click id as client_reference_id (what tracker.js hands to checkout) credits the click's affiliate", async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const [link] = (await server.api('GET', '/links', { token: c.p.key, query: { affiliateId: a.id } })).body;
    const click = await server.api('POST', '/clicks', { token: c.p.key, body: { link: link.link } });
    expect(click.status).toBe(200);
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: String(click.body.id) })));
    expect((await referralsOf(c, customer))[0]).toMatchObject({ affiliateId: a.id, linkId: link.id });
  });

  test("the affiliate's plan limits how long a Stripe customer earns: first_payment pays the first invoice only", async () => {
    const c = await connect();
    const plan = await server.graphql(
      'mutation($i: CreateCommissionPlanInput!) { createCommissionPlan(input: $i) { id } }',
      { i: { name: `Plan ${uniq()}`, commissionRate: 10, commissionDuration: 'first_payment' } },
      c.p.key,
    );
    expect(plan.body.errors).toBeUndefined();
    const a = await createAffiliate(server, c.p.key, { commissionPlanId: plan.body.data.createCommissionPlan.id });
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })));
    await deliver(c, stripeEvent('invoice.paid', invoice(customer, 10000)));
    await deliver(c, stripeEvent('invoice.paid', invoice(customer, 10000)));
    const [referral] = await referralsOf(c, customer);
    const sales = (await salesOf(c, referral.id)).sort((x: any, y: any) => x.id - y.id);
    expect(sales.map((x: any) => [x.totalEarned, x.commissionEarned, x.commissionLimitReached])).toEqual([
      [100, 10, false],
      [100, 0, true],
    ]);
  });
});

describe('events out of order', () => {
  test('an invoice paid before its checkout session names the affiliate is held, and becomes the sale when the session arrives', async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    const inv = invoice(customer, 2500, { customer_name: 'Early Bird', customer_email: `early-${uniq()}@example.com` });
    const early = await deliver(c, stripeEvent('invoice.paid', inv));
    expect(early.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/not referred .*held/) });
    // The same invoice again (invoice.payment_succeeded) is held once.
    await deliver(c, stripeEvent('invoice.payment_succeeded', inv));
    expect(await referralsOf(c, customer)).toEqual([]);

    const late = await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })));
    expect(late.body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/held invoice: sale \d+/) });
    const [referral] = await referralsOf(c, customer);
    const sales = await salesOf(c, referral.id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ externalId: inv.id, totalEarned: 25, commissionEarned: 5, affiliateId: a.id });
    // Released once: another event of the customer adds no sale.
    await deliver(c, stripeEvent('customer.updated', { ...customerFixture, id: customer, metadata: { affiliate_ref: a.id } }));
    expect(await salesOf(c, referral.id)).toHaveLength(1);
  });

  test("a held invoice older than Stripe's three-day retry horizon is not credited to a later attribution", async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('invoice.paid', invoice(customer, 2500)));
    await sql("update billing_held_invoices set received_at = now() - interval '4 days' where customer = ?", [customer]);
    const fresh = invoice(customer, 1500);
    await deliver(c, stripeEvent('invoice.paid', fresh));
    await deliver(
      c,
      stripeEvent('customer.created', { ...customerFixture, id: customer, email: `late-${uniq()}@example.com`, metadata: { affiliate_ref: a.id } }),
    );
    const [referral] = await referralsOf(c, customer);
    const sales = await salesOf(c, referral.id);
    expect(sales.map((x: any) => x.externalId)).toEqual([fresh.id]);
    expect(await sql('select 1 from billing_held_invoices where customer = ?', [customer])).toEqual([]);
  });

  test('a refund seen before its payment was linked to the invoice applies when the link arrives', async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })));
    const inv = invoice(customer, 10000);
    await deliver(c, stripeEvent('invoice.paid', inv));
    const pi = `pi_${uniq()}`;
    const refund = { ...refundFixture, id: `re_${uniq()}`, amount: 5000, charge: `ch_${uniq()}`, payment_intent: pi, status: 'succeeded' };
    const early = await deliver(c, stripeEvent('refund.created', refund));
    expect(early.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/no invoice known .* applies then/) });
    const payment = {
      ...invoicePaymentFixture,
      id: `inpay_${uniq()}`,
      invoice: inv.id,
      currency: 'usd',
      payment: { type: 'payment_intent', payment_intent: pi },
    };
    const linked = await deliver(c, stripeEvent('invoice_payment.paid', payment));
    expect(linked.body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/refunded 50 of 100/) });
    const [sale] = (await server.api('GET', '/sales', { token: c.p.key, query: { saleExternalId: inv.id } })).body;
    expect(sale).toMatchObject({ refunded: false, commissionEarned: 10 });
  });
});

describe('events out of order, concurrent or split', () => {
  /** A referred customer's paid invoice of 100.00 (commission 20 %): the invoice and its sale. */
  async function paidInvoice(c: Connected) {
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })));
    const inv = invoice(customer, 10000);
    await deliver(c, stripeEvent('invoice.paid', inv));
    return inv;
  }
  const link = (c: Connected, inv: { id: string }, pi: string, amount = 10000) =>
    deliver(
      c,
      stripeEvent('invoice_payment.paid', {
        ...invoicePaymentFixture,
        id: `inpay_${uniq()}`,
        invoice: inv.id,
        amount_paid: amount,
        currency: 'usd',
        payment: { type: 'payment_intent', payment_intent: pi },
      }),
    );
  const saleOf = async (c: Connected, inv: { id: string }) =>
    (await server.api('GET', '/sales', { token: c.p.key, query: { saleExternalId: inv.id } })).body[0];

  test('two refunds of one payment arriving at once are both counted', async () => {
    const c = await connect();
    const inv = await paidInvoice(c);
    const pi = `pi_${uniq()}`;
    await link(c, inv, pi);
    const refund = (id: string) =>
      stripeEvent('refund.created', { ...refundFixture, id, amount: 2000, charge: `ch_${uniq()}`, payment_intent: pi, status: 'succeeded' });
    const answers = await Promise.all([deliver(c, refund(`re_${uniq()}`)), deliver(c, refund(`re_${uniq()}`))]);
    expect(answers.map((a) => a.body.outcome)).toEqual(['recorded', 'recorded']);
    // 40.00 of 100.00 refunded: 60 % of the commission of 20.00 is left.
    expect(await saleOf(c, inv)).toMatchObject({ refunded: false, commissionEarned: 12 });
  });

  test('a charge.refunded that lists no refunds, seen before its payment is linked, refunds when the link arrives', async () => {
    const c = await connect();
    const inv = await paidInvoice(c);
    const pi = `pi_${uniq()}`;
    const ch = {
      ...chargeFixture,
      id: `ch_${uniq()}`,
      payment_intent: pi,
      amount: 10000,
      amount_refunded: 10000,
      refunded: true,
      refunds: undefined,
    };
    expect((await deliver(c, stripeEvent('charge.refunded', ch))).body.detail).toMatch(/no invoice known/);
    expect((await link(c, inv, pi)).body.detail).toMatch(/refunded in full/);
    expect(await saleOf(c, inv)).toMatchObject({ refunded: true, commissionEarned: 0 });
  });

  test('an invoice paid by two payments is refunded by the refunds of both', async () => {
    const c = await connect();
    const inv = await paidInvoice(c);
    const [pi1, pi2] = [`pi_${uniq()}`, `pi_${uniq()}`];
    await link(c, inv, pi1, 5000);
    await link(c, inv, pi2, 5000);
    const refund = (pi: string) =>
      stripeEvent('refund.created', { ...refundFixture, id: `re_${uniq()}`, amount: 5000, charge: `ch_${uniq()}`, payment_intent: pi, status: 'succeeded' });
    await deliver(c, refund(pi1));
    expect(await saleOf(c, inv)).toMatchObject({ refunded: false, commissionEarned: 10 });
    await deliver(c, refund(pi2));
    expect(await saleOf(c, inv)).toMatchObject({ refunded: true, commissionEarned: 0 });
  });

  test('an older subscription event arriving after a newer one changes nothing', async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })));
    const sub = { ...subscriptionFixture, id: `sub_${uniq()}`, customer, metadata: {} };
    const now = Math.floor(Date.now() / 1000);
    await deliver(c, { ...stripeEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }), created: now });
    const stale = await deliver(c, { ...stripeEvent('customer.subscription.updated', { ...sub, status: 'active' }), created: now - 60 });
    expect(stale.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/newer event/) });
    expect((await referralsOf(c, customer))[0].subscriptionStatus).toBe('canceled');
  });

  test("a client_reference_id that names no affiliate (the merchant's own id) leaves metadata.affiliate_ref to attribute", async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    const res = await deliver(
      c,
      stripeEvent('checkout.session.completed', session(customer, { client_reference_id: 'user_4711', metadata: { affiliate_ref: a.id } })),
    );
    expect(res.body.outcome).toBe('recorded');
    expect((await referralsOf(c, customer))[0].affiliateId).toBe(a.id);
  });

  test('billingEvents lists by receipt time: receivedAfter and receivedBefore split the log', async () => {
    const c = await connect();
    await deliver(c, stripeEvent('plan.created', eventFixture.data.object));
    await sql("update billing_events set received_at = now() - interval '2 days' where program_id = ?", [c.p.programId]);
    await deliver(c, stripeEvent('plan.updated', eventFixture.data.object));
    const cut = new Date(Date.now() - 86_400_000).toISOString();
    expect((await eventsOf(c, { receivedBefore: cut })).nodes.map((e: any) => e.type)).toEqual(['plan.created']);
    expect((await eventsOf(c, { receivedAfter: cut })).nodes.map((e: any) => e.type)).toEqual(['plan.updated']);
    const bad = await server.graphql(EVENTS, { p: c.p.programId, f: { receivedAfter: 'yesterday' } }, c.p.session);
    expect(bad.body.errors?.[0]?.extensions?.code).toMatch(/VALIDATION_FAILED|BAD_USER_INPUT/);
  });
});

describe('promotion codes as Stripe sends them', () => {
  test('customer.discount.created names the promotion code: the customer is credited, and its invoice (discounts as bare ids) is a sale', async () => {
    const c = await connect();
    const { owner, code } = await programCode(c);
    const customer = `cus_${uniq()}`;
    const discount = { ...discountFixture, id: `di_${uniq()}`, customer, promotion_code: code.externalId };
    const credited = await deliver(c, stripeEvent('customer.discount.created', discount));
    expect(credited.body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/^promotion code /) });
    expect((await referralsOf(c, customer))[0]).toMatchObject({ affiliateId: owner.id, promoCode: code.code });
    const paid = await deliver(c, stripeEvent('invoice.paid', invoice(customer, 2000, { discounts: [discount.id] })));
    expect(paid.body.outcome).toBe('recorded');
    expect(await salesOf(c, (await referralsOf(c, customer))[0].id)).toHaveLength(1);
    // A discount of a code the program does not have credits nobody.
    const stranger = `cus_${uniq()}`;
    const foreign = await deliver(
      c,
      stripeEvent('customer.discount.created', { ...discount, id: `di_${uniq()}`, customer: stranger, promotion_code: 'promo_other' }),
    );
    expect(foreign.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/none of the program's promotional codes/) });
    expect(await referralsOf(c, stranger)).toEqual([]);
  });

  test("a promotion code entered at checkout credits the session's customer; an invoice held before it becomes the sale", async () => {
    const c = await connect();
    const { owner, code } = await programCode(c);
    const customer = `cus_${uniq()}`;
    const inv = invoice(customer, 4000, { discounts: [`di_${uniq()}`] });
    expect((await deliver(c, stripeEvent('invoice.paid', inv))).body.detail).toMatch(/held/);
    const s = session(customer, { discounts: [{ coupon: null, promotion_code: code.externalId }] });
    const res = await deliver(c, stripeEvent('checkout.session.completed', s));
    expect(res.body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/held invoice: sale/) });
    const [referral] = await referralsOf(c, customer);
    expect(referral).toMatchObject({ affiliateId: owner.id, promoCode: code.code, email: s.customer_details.email });
    expect((await salesOf(c, referral.id)).map((x: any) => x.externalId)).toEqual([inv.id]);
    expect((await server.api('GET', '/promotional-codes', { token: c.p.key, query: { id: code.id } })).body.timesRedeemed).toBe(1);
  });

  test('a promotion code the program refuses (used up) credits nobody, and the invoice is still held for a later attribution', async () => {
    const c = await connect();
    const { code } = await programCode(c, { maxRedemptions: 1 });
    const first = `cus_${uniq()}`;
    await deliver(c, stripeEvent('customer.discount.created', { ...discountFixture, id: `di_${uniq()}`, customer: first, promotion_code: code.externalId }));
    expect(await referralsOf(c, first)).toHaveLength(1);

    const second = `cus_${uniq()}`;
    const discount = { ...discountFixture, id: `di_${uniq()}`, customer: second, promotion_code: code.externalId };
    const inv = invoice(second, 3000, { discounts: [discount] });
    const paid = await deliver(c, stripeEvent('invoice.paid', inv));
    expect(paid.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/held/) });
    const other = await createAffiliate(server, c.p.key);
    await deliver(c, stripeEvent('checkout.session.completed', session(second, { client_reference_id: other.id })));
    const [referral] = await referralsOf(c, second);
    expect(referral.affiliateId).toBe(other.id);
    expect((await salesOf(c, referral.id)).map((x: any) => x.externalId)).toEqual([inv.id]);
  });

  test("with STRIPE_API_KEY, an invoice's bare discount ids are read from Stripe's API for their promotion codes", async () => {
    const asked: string[] = [];
    let promotion: unknown = null;
    // held: answers wait until the test lets them go (or 10 s pass); `inFlight` counts those waiting.
    let held = false;
    let inFlight = 0;
    const release: Array<() => void> = [];
    const stripeApi = http.createServer(async (req, res) => {
      asked.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      if (held) {
        inFlight++;
        await new Promise<void>((resolve) => (release.push(resolve), setTimeout(resolve, 10_000).unref()));
        inFlight--;
      }
      const id = /^\/v1\/invoices\/([^/?]+)/.exec(req.url ?? '')?.[1];
      res.setHeader('content-type', 'application/json');
      if (!id || !promotion) {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such invoice' } }));
        return;
      }
      res.end(JSON.stringify({ ...invoiceFixture, id, discounts: [{ ...discountFixture, promotion_code: promotion }] }));
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    const stripeApiBase = `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`;
    try {
      await withTestServer({ stripeApiKey: 'rk_test_lookup', stripeApiBase }, async (keyed) => {
        server = keyed;
        try {
          const c = await connect();
          const { owner, code } = await programCode(c);
          promotion = { ...promotionCodeFixture, id: 'promo_from_api', code: code.code };
          const customer = `cus_${uniq()}`;
          const inv = invoice(customer, 3000, { discounts: [`di_${uniq()}`] });
          expect((await deliver(c, stripeEvent('invoice.paid', inv))).body.outcome).toBe('recorded');
          expect(asked).toEqual([`GET /v1/invoices/${inv.id}?expand[0]=discounts.promotion_code Bearer rk_test_lookup`]);
          expect((await referralsOf(c, customer))[0]).toMatchObject({ affiliateId: owner.id, promoCode: code.code });
          // Stripe not answering leaves the event as it came: the invoice is held.
          promotion = null;
          const other = `cus_${uniq()}`;
          expect((await deliver(c, stripeEvent('invoice.paid', invoice(other, 3000, { discounts: [`di_${uniq()}`] })))).body.detail).toMatch(/held/);

          // Stripe's API is asked outside the program's turn: three invoices' questions are in flight at once, and
          // meanwhile the program's other events and a repeat are answered.
          promotion = { ...promotionCodeFixture, id: 'promo_from_api', code: code.code };
          held = true;
          const burst = Array.from({ length: 3 }, () => invoice(`cus_${uniq()}`, 3000, { discounts: [`di_${uniq()}`] }));
          const answers = Promise.all(burst.map((i) => deliver(c, stripeEvent('invoice.paid', i))));
          for (const until = Date.now() + 5000; inFlight < 3 && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
          expect(inFlight).toBe(3);
          const repeat = stripeEvent('customer.created', { ...customerFixture, id: customer, metadata: {} });
          expect((await deliver(c, repeat)).body.outcome).toBe('ignored');
          expect((await deliver(c, repeat)).body).toEqual({ received: true, duplicate: true });
          expect(inFlight).toBe(3);
          held = false;
          release.splice(0).forEach((go) => go());
          expect((await answers).map((r) => r.body.outcome)).toEqual(['recorded', 'recorded', 'recorded']);
        } finally {
          server = fileServer;
        }
      });
    } finally {
      stripeApi.close();
    }
  });
});

describe('refunds', () => {
  const COMMISSION = `query($id: SafeInt!) { sale(id: $id) { refunded totalEarned commissionEarned commission { status amount entries { kind amount note } } } }`;
  const saleView = async (c: Connected, id: number) => (await server.graphql(COMMISSION, { id }, c.p.key)).body.data.sale;

  /** A referred customer whose invoice of 100.00 was paid by payment intent `pi`: its sale (commission 20 % = 20.00). */
  async function paidSale(c: Connected, pi: string) {
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })));
    const inv = invoice(customer, 10000);
    await deliver(c, stripeEvent('invoice.paid', inv));
    const payment = {
      ...invoicePaymentFixture,
      id: `inpay_${uniq()}`,
      invoice: inv.id,
      amount_paid: 10000,
      amount_requested: 10000,
      currency: 'usd',
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: pi },
    };
    expect((await deliver(c, stripeEvent('invoice_payment.paid', payment))).body.outcome).toBe('recorded');
    const [sale] = (await server.api('GET', '/sales', { token: c.p.key, query: { saleExternalId: inv.id } })).body;
    expect(sale.commissionEarned).toBe(20);
    return sale as { id: number };
  }
  const charge = (pi: string, id: string, amountRefunded: number, refunds: Array<{ id: string; amount: number }>) => ({
    ...chargeFixture,
    id,
    payment_intent: pi,
    amount: 10000,
    amount_captured: 10000,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= 10000,
    refunds: { ...chargeFixture.refunds, data: refunds.map((r) => ({ ...refundFixture, ...r, charge: id, payment_intent: pi, status: 'succeeded' })) },
  });

  test('partial refunds take the commission down in proportion, cumulatively, each refund once; the last one refunds in full', async () => {
    const c = await connect();
    const pi = `pi_${uniq()}`;
    const sale = await paidSale(c, pi);
    const ch = `ch_${uniq()}`;

    // Half refunded: half the commission, with a correction entry; the sale is not refunded.
    expect((await deliver(c, stripeEvent('charge.refunded', charge(pi, ch, 5000, [{ id: 're_a', amount: 5000 }])))).body.outcome).toBe('recorded');
    let view = await saleView(c, sale.id);
    expect(view).toMatchObject({ refunded: false, commissionEarned: 10, commission: { status: 'approved', amount: 10 } });
    expect(view.commission.entries.at(-1)).toMatchObject({ kind: 'correction', amount: -10 });

    // The same refund again (refund.created carries it too): nothing.
    const again = await deliver(
      c,
      stripeEvent('refund.created', { ...refundFixture, id: 're_a', amount: 5000, charge: ch, payment_intent: pi, status: 'succeeded' }),
    );
    expect(again.body.outcome).toBe('ignored');
    expect((await saleView(c, sale.id)).commissionEarned).toBe(10);

    // Another quarter, named by its charge only: three quarters refunded in all, a quarter of the commission left.
    const quarter = await deliver(
      c,
      stripeEvent('refund.created', { ...refundFixture, id: 're_b', amount: 2500, charge: ch, payment_intent: null, status: 'succeeded' }),
    );
    expect(quarter.body.outcome).toBe('recorded');
    expect((await saleView(c, sale.id)).commissionEarned).toBe(5);

    // The rest: a full refund, the commission reversed.
    await deliver(c, stripeEvent('charge.refunded', charge(pi, ch, 10000, [{ id: 're_c', amount: 2500 }])));
    view = await saleView(c, sale.id);
    expect(view).toMatchObject({ refunded: true, commissionEarned: 0, commission: { status: 'reversed', amount: 0 } });
    const events = (await server.api('GET', '/events', { token: c.p.key, query: { type: 'commission.reversed' } })).body;
    expect(events.filter((e: any) => e.data.saleId === sale.id)).toHaveLength(1);
  });

  test('a refund of a sale whose commission was marked paid is refused as PATCH /sales refuses it: logged, the commission kept', async () => {
    const c = await connect();
    const pi = `pi_${uniq()}`;
    const sale = await paidSale(c, pi);
    const paid = await server.graphql('mutation($id: SafeInt!) { markCommissionPaid(saleId: $id) { status } }', { id: sale.id }, c.p.key);
    expect(paid.body.errors).toBeUndefined();
    const res = await deliver(c, stripeEvent('charge.refunded', charge(pi, `ch_${uniq()}`, 10000, [{ id: `re_${uniq()}`, amount: 10000 }])));
    expect(res).toMatchObject({ status: 200, body: { outcome: 'ignored', detail: expect.stringMatching(/refund refused: /) } });
    expect(await saleView(c, sale.id)).toMatchObject({ refunded: false, commissionEarned: 20, commission: { status: 'paid' } });
    const patch = await server.api('PATCH', '/sales', { token: c.p.key, body: { saleId: sale.id } });
    expect(patch.body).toMatchObject({ code: 'REFUND_NOT_ALLOWED', reason: 'manually_marked_paid' });
  });

  test("a refund outside the program's refund window changes nothing and is logged as refused; one of an unknown payment is ignored", async () => {
    const c = await connect({ refundWindowDays: 0 });
    const pi = `pi_${uniq()}`;
    const sale = await paidSale(c, pi);
    const res = await deliver(c, stripeEvent('charge.refunded', charge(pi, `ch_${uniq()}`, 10000, [])));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/refused: .*refund window/) });
    expect(await saleView(c, sale.id)).toMatchObject({ refunded: false, commissionEarned: 20 });
    const unknown = await deliver(c, stripeEvent('charge.refunded', charge(`pi_${uniq()}`, `ch_${uniq()}`, 10000, [])));
    expect(unknown.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/no invoice known/) });
  });
});

describe('concurrency, refusals and what events carry', () => {
  /** An invoice's parent as a subscription's invoice carries it, with the subscription's metadata.affiliate_ref. */
  const subscriptionParent = (ref: string) => ({
    ...invoiceFixture.parent,
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { metadata: { affiliate_ref: ref }, subscription: `sub_${uniq()}` },
  });

  test('attributions, promotion-code credits, held invoices and sales of one affiliate delivered at once: all 200, none lost', async () => {
    const c = await connect();
    const { owner, code } = await programCode(c);
    const referred = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const customer = `cus_${uniq()}`;
        await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: owner.id })));
        return customer;
      }),
    );
    const byCode = Array.from({ length: 3 }, () => `cus_${uniq()}`);
    // Paid invoices held for customers whose checkout session comes in the same burst.
    const held = Array.from({ length: 3 }, () => `cus_${uniq()}`);
    for (const customer of held) await deliver(c, stripeEvent('invoice.paid', invoice(customer, 1000)));
    const discount = (customer: string) => ({ ...discountFixture, id: `di_${uniq()}`, customer, promotion_code: code.externalId });
    const burst = [
      ...referred.map((customer) => stripeEvent('invoice.paid', invoice(customer, 1000))),
      ...byCode.map((customer) => stripeEvent('invoice.paid', invoice(customer, 1000, { discounts: [discount(customer)] }))),
      ...held.map((customer) => stripeEvent('checkout.session.completed', session(customer, { client_reference_id: owner.id }))),
    ];
    const results = await Promise.all(burst.map((e) => deliver(c, e)));
    expect(results.map((r) => r.status)).toEqual(burst.map(() => 200));
    expect(results.map((r) => r.body.outcome)).toEqual(burst.map(() => 'recorded'));
    const sales = (await server.api('GET', '/sales', { token: c.p.key, query: { affiliateId: owner.id } })).body as any[];
    expect(sales).toHaveLength(9);
    const affiliate = (await server.api('GET', '/affiliates', { token: c.p.key, query: { id: owner.id } })).body;
    // Nine customers, nine sales of 10.00 at 20 %: the affiliate's counters agree with its rows.
    expect(affiliate).toMatchObject({ totalCommissionEarned: 18, numberOfReferredUsers: 9 });
  });

  test('a refund the program refuses does not take the sale, the payment link or the bookkeeping of its event with it', async () => {
    const c = await connect({ refundWindowDays: 0 });
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })));
    const inv = invoice(customer, 10000);
    const pi = `pi_${uniq()}`;
    const payment = {
      ...invoicePaymentFixture,
      id: `inpay_${uniq()}`,
      invoice: inv.id,
      amount_paid: 10000,
      currency: 'usd',
      payment: { type: 'payment_intent', payment_intent: pi },
    };
    // Out of order: the payment's link and its refund arrive before the invoice.
    expect((await deliver(c, stripeEvent('invoice_payment.paid', payment))).body.outcome).toBe('recorded');
    const refund = { ...refundFixture, id: `re_${uniq()}`, amount: 4000, charge: `ch_${uniq()}`, payment_intent: pi, status: 'succeeded' };
    expect((await deliver(c, stripeEvent('refund.created', refund))).body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/no sale/) });
    const paid = await deliver(c, stripeEvent('invoice.paid', inv));
    expect(paid.body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/^sale \d+ .*refund refused: .*refund window/) });
    const [sale] = (await server.api('GET', '/sales', { token: c.p.key, query: { saleExternalId: inv.id } })).body;
    expect(sale).toMatchObject({ totalEarned: 100, commissionEarned: 20, refunded: false });
  });

  test('a name holding U+0000 (typed by a buyer) is stored without it: 200, the customer referred', async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    const cus = { ...customerFixture, id: customer, name: 'Nul\u0000Buyer', email: `nul-${uniq()}@example.com`, metadata: { affiliate_ref: a.id } };
    const res = await deliver(c, stripeEvent('customer.created', cus));
    expect(res).toMatchObject({ status: 200, body: { outcome: 'recorded' } });
    expect((await referralsOf(c, customer))[0]).toMatchObject({ name: 'NulBuyer', email: cus.email });
  });

  test("every zero-decimal currency keeps its commission whole (XOF), JPY's refunds too", async () => {
    for (const [currency, paid, commission] of [
      ['XOF', 4999, 1000],
      ['JPY', 999, 200],
    ] as const) {
      const c = await connect({ currency });
      const a = await createAffiliate(server, c.p.key);
      const customer = `cus_${uniq()}`;
      await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id, currency: currency.toLowerCase() })));
      const inv = invoice(customer, paid, { currency: currency.toLowerCase() });
      await deliver(c, stripeEvent('invoice.paid', inv));
      const [sale] = (await server.api('GET', '/sales', { token: c.p.key, query: { saleExternalId: inv.id } })).body;
      expect([currency, sale.totalEarned, sale.commissionEarned]).toEqual([currency, paid, commission]);
      if (currency !== 'JPY') continue;
      // A third refunded (333 of 999): 200 − 200 × 333/999 = 133.33…, whole yen.
      const pi = `pi_${uniq()}`;
      const link = {
        ...invoicePaymentFixture,
        id: `inpay_${uniq()}`,
        invoice: inv.id,
        amount_paid: paid,
        currency: 'jpy',
        payment: { type: 'payment_intent', payment_intent: pi },
      };
      await deliver(c, stripeEvent('invoice_payment.paid', link));
      const refund = { ...refundFixture, id: `re_${uniq()}`, amount: 333, currency: 'jpy', charge: `ch_${uniq()}`, payment_intent: pi, status: 'succeeded' };
      expect((await deliver(c, stripeEvent('refund.created', refund))).body.outcome).toBe('recorded');
      const [after] = (await server.api('GET', '/sales', { token: c.p.key, query: { saleExternalId: inv.id } })).body;
      expect(after.commissionEarned).toBe(133);
    }
  });

  test("an invoice carrying its subscription's metadata.affiliate_ref attributes the customer and is its sale", async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    const parent = subscriptionParent(a.id);
    const inv = invoice(customer, 2000, { parent, customer_name: 'Sub Scriber', customer_email: `sub-${uniq()}@example.com` });
    const res = await deliver(c, stripeEvent('invoice.paid', inv));
    expect(res.body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/^referral .*; sale \d+/) });
    const [referral] = await referralsOf(c, customer);
    expect(referral).toMatchObject({ affiliateId: a.id, name: 'Sub Scriber', email: inv.customer_email });
    expect((await salesOf(c, referral.id)).map((s: any) => s.externalId)).toEqual([inv.id]);
  });

  test('an attribution the program refuses (its monthly referral limit) leaves the invoice held and the subscription status kept', async () => {
    const c = await connect({ monthlyReferralLimit: 1 });
    const a = await createAffiliate(server, c.p.key);
    await deliver(c, stripeEvent('checkout.session.completed', session(`cus_${uniq()}`, { client_reference_id: a.id })));
    const customer = `cus_${uniq()}`;
    const parent = subscriptionParent(a.id);
    const held = await deliver(c, stripeEvent('invoice.paid', invoice(customer, 2000, { parent })));
    expect(held.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/held/) });
    expect(await sql('select count(*)::int as n from billing_held_invoices where program_id = ? and customer = ?', [c.p.programId, customer])).toEqual([
      { n: 1 },
    ]);
    const sub = { ...subscriptionFixture, id: `sub_${uniq()}`, customer, metadata: { affiliate_ref: a.id }, status: 'past_due' };
    const refused = await deliver(c, stripeEvent('customer.subscription.updated', sub));
    expect(refused.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/attribution refused: .*limit/) });
    expect(await sql('select status from billing_subscriptions where program_id = ? and subscription_id = ?', [c.p.programId, sub.id])).toEqual([
      { status: 'past_due' },
    ]);
  });

  test('a subscription status that arrives before the checkout session is the referral’s once it is made; its status follows', async () => {
    const c = await connect();
    const a = await createAffiliate(server, c.p.key);
    const customer = `cus_${uniq()}`;
    const sub = { ...subscriptionFixture, id: `sub_${uniq()}`, customer, metadata: {}, status: 'trialing' };
    const early = await deliver(c, stripeEvent('customer.subscription.created', sub));
    expect(early.body).toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/not referred .*trialing/) });
    const made = await deliver(c, stripeEvent('checkout.session.completed', session(customer, { client_reference_id: a.id })));
    expect(made.body).toMatchObject({ outcome: 'recorded', detail: expect.stringMatching(/subscription trialing/) });
    expect((await referralsOf(c, customer))[0]).toMatchObject({ subscriptionStatus: 'trialing' });
    const canceled = await deliver(c, stripeEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }));
    expect(canceled.body.outcome).toBe('recorded');
    const [referral] = await referralsOf(c, customer);
    expect(referral.subscriptionStatus).toBe('canceled');
    // The referral's status follows its subscription (DESIGN.md): a canceled subscription is no active customer.
    const active = (await referralsOf(c, customer))[0].status;
    expect(active).not.toBe('active');
  });

  test("deleteBillingIntegration(id) alone, by the owner's session; another owner's session finds nothing", async () => {
    const c = await connect();
    const other = await connect();
    const DELETE = 'mutation($id: ID!) { deleteBillingIntegration(id: $id) { id } }';
    const foreign = await server.graphql(DELETE, { id: c.integration.id }, other.p.session);
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await server.graphql(DELETE, { id: c.integration.id }, c.p.key)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const del = await server.graphql(DELETE, { id: c.integration.id }, c.p.session);
    expect(del.body).toEqual({ data: { deleteBillingIntegration: { id: c.integration.id } } });
    const gone = await deliver(c, stripeEvent('customer.created', { ...customerFixture }));
    expect(gone).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});
