import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageWindow } from '../../common/pagination';
import { ListQuery } from '../../db/list-query';
import { detachedRows, insertEntity } from '../../db/rows';
import { execute } from '../../db/sql';
import { BillingIntegration } from './billing-integration.entity';

/** The SQL of billing integrations and the events they received; every statement names its program. */

export function integrationsOf(em: EntityManager, programId: string): Promise<BillingIntegration[]> {
  return detachedRows(em, BillingIntegration, 'select * from billing_integrations where program_id = ? order by id', [programId]);
}

export async function integrationById(em: EntityManager, programId: string, id: string): Promise<BillingIntegration | null> {
  return (await detachedRows(em, BillingIntegration, 'select * from billing_integrations where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** An integration of one of the user's programs, named by its id alone (as deleteBillingIntegration(id) names it). */
export async function integrationOfOwner(em: EntityManager, ownerId: string, id: string): Promise<BillingIntegration | null> {
  const sql = 'select * from billing_integrations where program_id in (select id from programs where owner_id = ?) and id = ?';
  return (await detachedRows(em, BillingIntegration, sql, [ownerId, id]))[0] ?? null;
}

/** The integration a provider's delivery names in its URL: the URL carries no program, so this looks across programs by id. */
export async function integrationForDelivery(em: EntityManager, id: string): Promise<BillingIntegration | null> {
  const rows = await detachedRows(
    em,
    BillingIntegration,
    "/* all programs: a billing provider's delivery names its integration by id alone */ select * from billing_integrations where id = ?",
    [id],
  );
  return rows[0] ?? null;
}

export const insertIntegration = (em: EntityManager, fields: Pick<BillingIntegration, 'programId' | 'provider' | 'signingSecret'>) =>
  insertEntity(em, BillingIntegration, fields);

/** Deletes an integration and, with it, its event log. */
export async function deleteIntegrationRow(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(em, 'delete from billing_integrations where program_id = ? and id = ?', [programId, id]);
}

/**
 * Claims an event for this integration: true when this transaction is the first to see its id (a concurrent
 * duplicate waits on the unique key and then finds it taken), false for a repeat.
 */
export async function claimBillingEvent(
  em: EntityManager,
  e: { programId: string; integrationId: string; eventId: string; type: string; outcome: 'recorded' | 'ignored'; detail: string },
): Promise<boolean> {
  const rows = await execute<unknown[]>(
    em,
    `insert into billing_events (program_id, integration_id, event_id, type, outcome, detail) values (?, ?, ?, ?, ?, ?)
     on conflict (program_id, integration_id, event_id) do nothing returning id`,
    [e.programId, e.integrationId, e.eventId, e.type, e.outcome, e.detail],
  );
  return rows.length > 0;
}

/** Sets what a claimed event did. */
export async function settleBillingEvent(em: EntityManager, programId: string, integrationId: string, eventId: string, outcome: string, detail: string) {
  await execute(em, 'update billing_events set outcome = ?, detail = ? where program_id = ? and integration_id = ? and event_id = ?', [
    outcome,
    detail,
    programId,
    integrationId,
    eventId,
  ]);
}

export interface BillingEventRow {
  id: string;
  integration_id: string;
  event_id: string;
  type: string;
  outcome: string;
  detail: string;
  received_at: string;
}

/** Which received events a list keeps. */
export interface BillingEventsFilter {
  integrationId?: string | null;
  outcome?: string | null;
  type?: string | null;
  receivedAfter?: Date | string | null;
  receivedBefore?: Date | string | null;
}

/** A page of the program's received events, newest first. */
export async function billingEventsPage(
  em: EntityManager,
  programId: string,
  filter: BillingEventsFilter,
  window: PageWindow<number>,
): Promise<{ rows: BillingEventRow[]; q: ListQuery }> {
  const q = new ListQuery('billing_events b', 'b.program_id', programId)
    .filter(filter.integrationId, 'b.integration_id = ?')
    .filter(filter.outcome, 'b.outcome = ?')
    .filter(filter.type, 'b.type = ?')
    .createdBetween('b.received_at', filter.receivedAfter, filter.receivedBefore)
    .page('b.id', window, null, 'desc');
  return { rows: await execute<BillingEventRow[]>(em, q.sql('b.id, b.integration_id, b.event_id, b.type, b.outcome, b.detail, b.received_at'), q.params), q };
}

/** An integration of a program: the scope of its event log, its subscriptions' order and its held invoices (payments are the program's). */
export type Scope = { programId: string; integrationId: string };

/*
 * What the program knows of its Stripe payments (which invoice a payment paid, a charge's payment and refunded
 * amount, each refund once) is kept per program, whichever of its integrations reported it: two webhook
 * endpoints of one account each see part of the events, and a payment's refunds must be summed over both.
 * Stripe's payment, charge and refund ids are unique across accounts.
 */

/** Remembers which invoice a payment intent paid (from invoice_payment objects): refunds name the payment, not the invoice. */
export async function rememberInvoicePayment(em: EntityManager, programId: string, paymentIntent: string, invoiceId: string): Promise<void> {
  await execute(
    em,
    `insert into billing_payments (program_id, payment_intent, invoice_id) values (?, ?, ?)
     on conflict (program_id, payment_intent) do update set invoice_id = excluded.invoice_id`,
    [programId, paymentIntent, invoiceId],
  );
}

export async function invoiceOfPayment(em: EntityManager, programId: string, paymentIntent: string): Promise<string | null> {
  const rows = await execute<Array<{ invoice_id: string }>>(em, 'select invoice_id from billing_payments where program_id = ? and payment_intent = ?', [
    programId,
    paymentIntent,
  ]);
  return rows[0]?.invoice_id ?? null;
}

/** A charge as a charge.refunded event shows it: its payment intent, and how much of it was refunded (minor units of `currency`). */
export interface ChargeSeen {
  chargeId: string;
  paymentIntent: string;
  amountRefunded: number;
  currency: string;
}

/**
 * Remembers a charge's payment intent (a refund may name only its charge) and the most it was seen refunded, in
 * the currency it was first seen in: an event naming the charge in another currency cannot raise its amount.
 */
export async function rememberCharge(em: EntityManager, programId: string, c: ChargeSeen): Promise<void> {
  await execute(
    em,
    `insert into billing_charges (program_id, charge_id, payment_intent, amount_refunded, currency) values (?, ?, ?, ?, ?)
     on conflict (program_id, charge_id) do update
       set amount_refunded = case when billing_charges.currency is null or billing_charges.currency = excluded.currency
                                  then greatest(billing_charges.amount_refunded, excluded.amount_refunded)
                                  else billing_charges.amount_refunded end,
           currency = coalesce(billing_charges.currency, excluded.currency)`,
    [programId, c.chargeId, c.paymentIntent, c.amountRefunded, c.currency],
  );
}

export async function paymentOfCharge(em: EntityManager, programId: string, chargeId: string): Promise<string | null> {
  const rows = await execute<Array<{ payment_intent: string }>>(em, 'select payment_intent from billing_charges where program_id = ? and charge_id = ?', [
    programId,
    chargeId,
  ]);
  return rows[0]?.payment_intent ?? null;
}

/** A refund of a payment: a positive amount in minor units of `currency`. */
export interface RefundSeen {
  refundId: string;
  paymentIntent: string;
  amount: number;
  currency: string;
}

/** Remembers a refund once (charge.refunded and refund.created both carry it, and each integration may). */
export async function addRefund(em: EntityManager, programId: string, r: RefundSeen): Promise<void> {
  await execute(
    em,
    `insert into billing_refunds (program_id, refund_id, payment_intent, amount, currency) values (?, ?, ?, ?, ?)
     on conflict (program_id, refund_id) do nothing`,
    [programId, r.refundId, r.paymentIntent, r.amount, r.currency],
  );
}

/**
 * The program's Stripe events take turns until commit, whatever integration delivers them. Each may lock
 * affiliate, link, code and sale rows in an order of its own (a referral before its held sale, a sale before
 * its refunds); one lock taken first makes them wait instead of deadlocking, and each reads what the previous
 * one wrote (one referral per customer, two refunds at once both counted). Stripe delivers a program's events
 * at a pace one transaction at a time keeps up with.
 */
export async function lockStripeIngestion(em: EntityManager, programId: string): Promise<void> {
  await execute(em, 'select pg_advisory_xact_lock(hashtext(?))', [`stripe-ingestion:${programId}`]);
}

/**
 * What was refunded of an invoice in all, in minor units of `currency` (the sale's, lowercase as Stripe writes
 * it; null: in any, to ask whether anything was): over the payments that paid it, each payment's distinct
 * refunds or its charges' cumulative amount_refunded, whichever is more. Refunds in another currency never
 * count (rows from before currencies were kept have none, and count as they did).
 */
export async function refundedOfInvoice(em: EntityManager, programId: string, invoiceId: string, currency: string | null): Promise<number> {
  const [row] = await execute<Array<{ total: string }>>(
    em,
    `select coalesce(sum(greatest(
       (select coalesce(sum(r.amount), 0) from billing_refunds r
         where r.program_id = p.program_id and r.payment_intent = p.payment_intent and (?::text is null or r.currency is null or r.currency = ?)),
       (select coalesce(sum(c.amount_refunded), 0) from billing_charges c
         where c.program_id = p.program_id and c.payment_intent = p.payment_intent and (?::text is null or c.currency is null or c.currency = ?))
     )), 0)::text as total
     from billing_payments p where p.program_id = ? and p.invoice_id = ?`,
    [currency, currency, currency, currency, programId, invoiceId],
  );
  return Number(row.total);
}

/**
 * Records that an event of `created` (Unix seconds) is applied to a subscription of `customer`, with the status it
 * carries: false when a newer one was applied already (Stripe does not deliver in order; an older status must not
 * overwrite a newer one).
 */
export async function applySubscriptionEvent(
  em: EntityManager,
  s: Scope,
  sub: { id: string; customer: string; status: string; created: number },
): Promise<boolean> {
  const rows = await execute<unknown[]>(
    em,
    `insert into billing_subscriptions (program_id, integration_id, subscription_id, event_created, customer, status) values (?, ?, ?, ?, ?, ?)
     on conflict (program_id, integration_id, subscription_id) do update
       set event_created = excluded.event_created, customer = excluded.customer, status = excluded.status
       where billing_subscriptions.event_created <= excluded.event_created
     returning 1`,
    [s.programId, s.integrationId, sub.id, sub.created, sub.customer, sub.status],
  );
  return rows.length > 0;
}

/** The status of the customer's most recently changed subscription among `statuses` (Stripe's names), if one was seen. */
export async function latestSubscriptionStatus(em: EntityManager, programId: string, customer: string, statuses: string[]): Promise<string | null> {
  const rows = await execute<Array<{ status: string }>>(
    em,
    'select status from billing_subscriptions where program_id = ? and customer = ? and status in (?) order by event_created desc limit 1',
    [programId, customer, statuses],
  );
  return rows[0]?.status ?? null;
}

/** Whether this integration received the event already (before asking Stripe's API about it). */
export async function billingEventSeen(em: EntityManager, s: Scope, eventId: string): Promise<boolean> {
  const rows = await execute<unknown[]>(em, 'select 1 from billing_events where program_id = ? and integration_id = ? and event_id = ?', [
    s.programId,
    s.integrationId,
    eventId,
  ]);
  return rows.length > 0;
}

/** How long a held invoice waits for its customer's attribution: Stripe retries a delivery for three days. */
export const HOLD_DAYS = 3;

/** The fields of a paid invoice a sale is made from, kept while its customer is not attributed. */
export interface HeldInvoice {
  id: string;
  customer: string;
  amount_paid: number;
  currency: string;
  tax: number;
  customer_name: string | null;
  customer_email: string | null;
}

/** Holds a paid invoice of a customer not attributed yet (once; rows past the horizon are dropped on the way). */
export async function holdInvoice(em: EntityManager, s: Scope, invoice: HeldInvoice): Promise<void> {
  await execute(em, `delete from billing_held_invoices where program_id = ? and received_at < now() - make_interval(days => ${HOLD_DAYS})`, [s.programId]);
  await execute(
    em,
    `insert into billing_held_invoices (program_id, integration_id, invoice_id, customer, invoice) values (?, ?, ?, ?, ?)
     on conflict (program_id, integration_id, invoice_id) do nothing`,
    [s.programId, s.integrationId, invoice.id, invoice.customer, JSON.stringify(invoice)],
  );
}

/** Takes the customer's held invoices out of the hold: those within the horizon, oldest first, each with its integration. */
export async function releaseHeldInvoices(
  em: EntityManager,
  programId: string,
  customer: string,
): Promise<Array<{ integrationId: string; invoice: HeldInvoice }>> {
  const rows = await execute<Array<{ integration_id: string; invoice: HeldInvoice; fresh: boolean; received_at: Date }>>(
    em,
    `delete from billing_held_invoices where program_id = ? and customer = ?
     returning integration_id, invoice, received_at, received_at >= now() - make_interval(days => ${HOLD_DAYS}) as fresh`,
    [programId, customer],
  );
  return rows
    .filter((r) => r.fresh)
    .sort((a, b) => new Date(a.received_at).getTime() - new Date(b.received_at).getTime())
    .map((r) => ({ integrationId: r.integration_id, invoice: r.invoice }));
}
