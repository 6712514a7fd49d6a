import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { MAX_MINOR_UNITS } from './stripe-amounts';

/**
 * The fields ingestion reads of Stripe's objects, per event type it uses, as TypeBox schemas: a well-signed
 * event is checked against them (./stripe-event.check.ts) like API input before anything reads it. Only the
 * fields read are described; Stripe's objects carry many more, which are let through unread. `errorMessage`
 * words a problem after the field's path ("data.object.currency must be …").
 */

/** Stripe's ids (evt_…, cus_…, in_…, pi_…): printable ASCII without spaces or U+0000, at most the API's 200 (an externalId). */
const Id = Type.String({ pattern: '^[\\x21-\\x7E]{1,200}$', errorMessage: 'must be an id of 1 to 200 printable ASCII characters' });

/** An event type (`invoice.paid`): kept in the event log, so bounded too. */
const EventType = Type.String({ pattern: '^[A-Za-z0-9_.]{1,200}$', errorMessage: 'must be an event type of 1 to 200 letters, digits, dots or underscores' });

/** An amount in minor units: an integer, never negative, within MAX_MINOR_UNITS (a double holds it exactly). */
const MinorUnits = Type.Integer({ minimum: 0, maximum: MAX_MINOR_UNITS, errorMessage: `must be a whole number of minor units from 0 to ${MAX_MINOR_UNITS}` });

/** A refund's amount: Stripe refunds something (a refund of nothing, or a negative one, would shrink the real ones). */
const RefundAmount = Type.Integer({ minimum: 1, maximum: MAX_MINOR_UNITS, errorMessage: `must be a whole number of minor units from 1 to ${MAX_MINOR_UNITS}` });

/** An ISO 4217 code as Stripe writes it: exactly three lowercase ASCII letters, compared as they are (no Unicode case folding). */
const Currency = Type.String({ pattern: '^[a-z]{3}$', errorMessage: 'must be a three-letter ISO 4217 code in lowercase ASCII letters' });

/** A status of Stripe's (active, past_due, succeeded…). */
const Status = Type.String({ pattern: '^[a-z_]{1,50}$', errorMessage: 'must be a status of lowercase letters and underscores' });

/** When an event happened, in Unix seconds (kept as a bigint to order a subscription's events). */
const UnixTime = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, errorMessage: 'must be a Unix time in whole seconds' });

/**
 * An affiliate reference a merchant put in client_reference_id or metadata.affiliate_ref (Stripe bounds those
 * at 200 and 500 characters); what it names is the referral service's question.
 */
const Reference = Type.String({ maxLength: 500, errorMessage: 'must be text of at most 500 characters' });

/**
 * A buyer's name or email: any text. Its size and form are not the event's validity: ./buyer-details.ts
 * cuts a long name and drops an email that is not valid, so the referral or sale the event brings is kept.
 */
const BuyerText = Type.String({ errorMessage: 'must be text' });

/** A promotion code's customer-facing code (matched against the program's codes). */
const PromotionCodeText = Type.String({ pattern: '^[^\\u0000]{1,500}$', errorMessage: 'must be a code of 1 to 500 characters without U+0000' });

/** An optional field, or null (Stripe sends null for a field without a value). */
function Nullable<T extends TSchema>(t: T) {
  const words = (t as { errorMessage?: string }).errorMessage;
  return Type.Optional(Type.Union([t, Type.Null()], words ? { errorMessage: `${words}, or null` } : {}));
}

/** A list Stripe embeds (at most a page of it); bounded so that sums of its amounts stay exact. */
const List = <T extends TSchema>(item: T) => Type.Array(item, { maxItems: 1000, errorMessage: 'must be a list of at most 1000 items' });

/** A field holding an id or the expanded object (which has it as `id`). */
const IdOrObject = Type.Union([Id, Type.Object({ id: Id })], { errorMessage: 'must be an id, or an object with an id' });

const Metadata = Type.Object({ affiliate_ref: Nullable(Reference) });

/** A promotion code named by its id, or expanded with its code. */
const PromotionCodeRef = Type.Union([Id, Type.Object({ id: Id, code: Nullable(PromotionCodeText) })], {
  errorMessage: 'must be a promotion code id, or a promotion code object',
});
export type PromotionCodeRef = Static<typeof PromotionCodeRef>;

/** An invoice's discounts: bare `di_…` ids, or discounts with their promotion code (expanded, or read from Stripe's API). */
export const InvoiceDiscounts = List(
  Type.Union([Id, Type.Object({ promotion_code: Nullable(PromotionCodeRef) })], { errorMessage: 'must be a discount id, or a discount' }),
);
export type InvoiceDiscounts = Static<typeof InvoiceDiscounts>;

const CheckoutSession = Type.Object({
  client_reference_id: Nullable(Reference),
  metadata: Nullable(Metadata),
  customer: Nullable(IdOrObject),
  customer_details: Nullable(Type.Object({ name: Nullable(BuyerText), email: Nullable(BuyerText) })),
  discounts: Nullable(List(Type.Object({ promotion_code: Nullable(PromotionCodeRef) }))),
});

const Customer = Type.Object({ id: Id, name: Nullable(BuyerText), email: Nullable(BuyerText), metadata: Nullable(Metadata) });

const Discount = Type.Object({ id: Id, customer: Nullable(IdOrObject), promotion_code: Nullable(PromotionCodeRef) });

/** A subscription always has its customer: without one, the event could name no referral (and must not touch another's). */
const Subscription = Type.Object({ id: Id, customer: IdOrObject, status: Status, metadata: Nullable(Metadata) });
export type StripeSubscription = Static<typeof Subscription>;

/** How an invoice's payment, or an invoice_payment, names what paid it. */
const PaymentRef = Nullable(Type.Object({ payment_intent: Nullable(IdOrObject) }));

const Invoice = Type.Object({
  id: Id,
  customer: Nullable(IdOrObject),
  amount_paid: MinorUnits,
  currency: Currency,
  total_taxes: Nullable(List(Type.Object({ amount: MinorUnits }))),
  customer_name: Nullable(BuyerText),
  customer_email: Nullable(BuyerText),
  parent: Nullable(Type.Object({ subscription_details: Nullable(Type.Object({ metadata: Nullable(Metadata) })) })),
  payments: Nullable(Type.Object({ data: List(Type.Object({ payment: PaymentRef })) })),
  discounts: Nullable(InvoiceDiscounts),
});
export type StripeInvoice = Static<typeof Invoice>;

const InvoicePayment = Type.Object({
  id: Id,
  invoice: Nullable(IdOrObject),
  payment: PaymentRef,
});
export type StripeInvoicePayment = Static<typeof InvoicePayment>;

/** A charge's refunds are in its currency: the list's own are not read. */
const Charge = Type.Object({
  id: Id,
  payment_intent: Nullable(IdOrObject),
  amount_refunded: MinorUnits,
  currency: Currency,
  refunds: Nullable(Type.Object({ data: List(Type.Object({ id: Id, amount: RefundAmount, status: Nullable(Status) })) })),
});
export type StripeCharge = Static<typeof Charge>;

const Refund = Type.Object({
  id: Id,
  amount: RefundAmount,
  currency: Currency,
  status: Nullable(Status),
  charge: Nullable(IdOrObject),
  payment_intent: Nullable(IdOrObject),
});
export type StripeRefund = Static<typeof Refund>;

/** What every event is checked for, used or not: its id and type go to the event log. */
export const StripeEnvelope = Type.Object({ id: Id, type: EventType });

/** `data` of an event: the object it is about. */
const DataOf = <O extends TObject>(object: O) => Type.Object({ object }, { errorMessage: 'must be an object holding the event’s object' });

/** An event of `type` about `object`. */
const used = <T extends string, O extends TObject>(type: T, object: O) => Type.Object({ id: Id, type: Type.Literal(type), data: DataOf(object) });

/** An event of `type` about `object`, read with the time it happened. */
const usedWithTime = <T extends string, O extends TObject>(type: T, object: O) =>
  Type.Object({ id: Id, type: Type.Literal(type), created: UnixTime, data: DataOf(object) });

/** The event types ingestion uses, each with what it reads. */
export const USED_EVENTS = {
  'checkout.session.completed': used('checkout.session.completed', CheckoutSession),
  'customer.created': used('customer.created', Customer),
  'customer.updated': used('customer.updated', Customer),
  'customer.discount.created': used('customer.discount.created', Discount),
  'customer.discount.updated': used('customer.discount.updated', Discount),
  // Subscription events are ordered by their `created` (an older status never overwrites a newer one).
  'customer.subscription.created': usedWithTime('customer.subscription.created', Subscription),
  'customer.subscription.updated': usedWithTime('customer.subscription.updated', Subscription),
  'customer.subscription.deleted': usedWithTime('customer.subscription.deleted', Subscription),
  'invoice.paid': used('invoice.paid', Invoice),
  'invoice.payment_succeeded': used('invoice.payment_succeeded', Invoice),
  'invoice_payment.paid': used('invoice_payment.paid', InvoicePayment),
  'charge.refunded': used('charge.refunded', Charge),
  'refund.created': used('refund.created', Refund),
} as const;

export type UsedEventType = keyof typeof USED_EVENTS;

/** A used event as the checks let it through: a union narrowed by `type`. */
export type UsedStripeEvent = { [K in UsedEventType]: Static<(typeof USED_EVENTS)[K]> }[UsedEventType];
