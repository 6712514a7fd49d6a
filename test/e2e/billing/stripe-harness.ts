/**
 * What the Stripe ingestion specs share: connecting a program to Stripe over GraphQL, Stripe's events built from
 * its own fixtures (test/fixtures/stripe) and delivered as Stripe delivers them (signed with
 * `Stripe.webhooks.generateTestHeaderString`), and reading back what they made over the API.
 */
import Stripe from 'stripe';
import { createAffiliate, createProgram, type ProgramFixture } from '../../helpers/factories';
import type { TestServer } from '../../helpers/server';
import { uniq } from '../../helpers/spec-client';
import { checkAgainstDocument } from '../../helpers/openapi-check';
import checkoutSession from '../../fixtures/stripe/checkout.session.json';
import eventFixture from '../../fixtures/stripe/event.json';
import invoiceFixture from '../../fixtures/stripe/invoice.json';

export const SECRET = 'whsec_test_0123456789abcdefghijklmnop';
export const OTHER_SECRET = 'whsec_test_zyxwvutsrqponmlkjihgfedcba';

export const CREATE = `mutation($p: ID, $i: CreateBillingIntegrationInput!) { createBillingIntegration(programId: $p, input: $i) { id provider webhookUrl createdAt } }`;
export const EVENTS = `query($p: ID, $f: BillingEventFilterInput) { billingEvents(programId: $p, filter: $f, first: 100) { totalCount nodes { eventId type outcome detail } } }`;

export interface Connected {
  p: ProgramFixture;
  integration: { id: string; webhookUrl: string };
  path: string;
}

export interface DeliverOptions {
  secret?: string;
  timestamp?: number;
  signature?: string | null;
  payload?: string;
  path?: string;
}

/** A Stripe event of `type` carrying `object` (Stripe's event envelope, this account's API version). */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${uniq().replace(/[^A-Za-z0-9]/g, '')}`) {
  return { ...eventFixture, id, type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object } };
}

/** A completed Checkout Session of `customer` with a buyer's name and email. */
export const session = (customer: string, extra: Record<string, unknown> = {}) => ({
  ...checkoutSession,
  id: `cs_test_${uniq()}`,
  customer,
  customer_details: { ...checkoutSession.customer_details, name: 'Ada Buyer', email: `ada-${uniq()}@example.com` },
  ...extra,
});

/** A paid invoice of `customer` for `amountPaid` minor units. */
export const invoice = (customer: string, amountPaid: number, extra: Record<string, unknown> = {}) => ({
  ...invoiceFixture,
  id: `in_${uniq().replace(/[^A-Za-z0-9]/g, '')}`,
  customer,
  amount_paid: amountPaid,
  amount_due: amountPaid,
  total: amountPaid,
  status: 'paid',
  ...extra,
});

/** The helpers bound to the spec's server (read on every call: a spec may swap it for another). */
export function stripeHarness(server: () => TestServer) {
  async function connect(settings: Record<string, unknown> = {}, secret = SECRET): Promise<Connected> {
    const p = await createProgram(server(), settings);
    return addIntegration(p, secret);
  }

  /** Another integration (another webhook endpoint at Stripe) of a program. */
  async function addIntegration(p: ProgramFixture, secret = SECRET): Promise<Connected> {
    const res = await server().graphql(CREATE, { p: p.programId, i: { provider: 'stripe', signingSecret: secret } }, p.session);
    expect(res.body.errors).toBeUndefined();
    const integration = res.body.data.createBillingIntegration;
    return { p, integration, path: new URL(integration.webhookUrl).pathname };
  }

  /** Delivers an event as Stripe does: the JSON bytes, signed with `secret` (now, unless `timestamp` says otherwise). */
  function deliver(c: Connected, event: unknown, opts: DeliverOptions = {}) {
    const payload = opts.payload ?? JSON.stringify(event);
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: opts.secret ?? SECRET, timestamp: opts.timestamp });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signature = opts.signature === undefined ? signed : opts.signature;
    if (signature !== null) headers['stripe-signature'] = signature;
    const url = new URL(`${server().url}${opts.path ?? c.path}`);
    return fetch(url, { method: 'POST', headers, body: payload }).then(async (r) => {
      const text = await r.text();
      // Each answer is what the OpenAPI document says of the endpoint.
      await checkAgainstDocument(server().url, 'POST', url, { status: r.status, headers: r.headers, text });
      return { status: r.status, body: JSON.parse(text) as any };
    });
  }

  const eventsOf = async (c: Connected, filter: Record<string, unknown> = {}) => {
    const res = await server().graphql(EVENTS, { p: c.p.programId, f: filter }, c.p.session);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.billingEvents;
  };
  const referralsOf = async (c: Connected, customer: string) =>
    (await server().api('GET', '/referrals', { token: c.p.key, query: { externalId: customer } })).body as any[];
  const salesOf = async (c: Connected, referralId: string) => (await server().api('GET', '/sales', { token: c.p.key, query: { referralId } })).body as any[];

  /** A promotional code of the program with an affiliate, its externalId a Stripe promotion code id. */
  async function programCode(c: Connected, extra: Record<string, unknown> = {}) {
    const owner = await createAffiliate(server(), c.p.key);
    const coupon = (await server().api('POST', '/coupons', { token: c.p.key, body: { name: `Coupon ${uniq()}`, percentOff: 10 } })).body;
    const tag = uniq()
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase();
    const made = await server().api('POST', '/promotional-codes', {
      token: c.p.key,
      body: { couponId: coupon.id, code: `PC${tag}`, affiliateId: owner.id, externalId: `promo_${tag}`, ...extra },
    });
    expect(made.status).toBe(200);
    return { owner, code: made.body as { id: string; code: string; externalId: string } };
  }

  return { connect, addIntegration, deliver, eventsOf, referralsOf, salesOf, programCode };
}
