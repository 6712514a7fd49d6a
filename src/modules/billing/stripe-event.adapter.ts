import type { BillingCommand, PromotionCode } from './billing-command';
import type { ProviderTerms } from './billing-provider-terms';
import type { PromotionCodeRef, StripeCharge, StripeInvoice, StripeInvoicePayment, StripeRefund, UsedStripeEvent } from './stripe-event.schemas';

/** Stripe's words in the outcome log and placeholders, and its subscription statuses a referral's names otherwise. */
export const STRIPE_TERMS: ProviderTerms = {
  placeholderDomain: '@customer.stripe.invalid',
  referenceFields: 'client_reference_id or metadata.affiliate_ref',
  paymentLink: 'its invoice_payment.paid event links them; the refund applies then',
  chargeLink: 'charge.refunded links its charge',
  // A paused subscription has no referral status: such an event is ignored.
  renamedStatuses: { incomplete_expired: 'expired' },
};

/** An id from a field that holds an id or the expanded object. */
const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** A promotion code as Stripe names it: its id, with its code when expanded. */
const promotionCode = (p: PromotionCodeRef): PromotionCode => (typeof p === 'string' ? { id: p, code: null } : { id: p.id, code: p.code ?? null });

/**
 * The Stripe provider adapter: a verified event, checked against ./stripe-event.schemas.ts, as the one command
 * it asks of the program (./billing-command.ts). It reads Stripe's objects only, and decides what needs no
 * record of the program's (an event naming no customer, a refund that failed); the commands do the rest.
 */
export function stripeCommandOf(event: UsedStripeEvent): BillingCommand {
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      // client_reference_id first; a merchant's own id there that names no affiliate leaves metadata.affiliate_ref.
      const references = [s.client_reference_id, s.metadata?.affiliate_ref];
      const customer = idOf(s.customer);
      if (!customer) return ignore('the session has no customer (Checkout creates one with customer_creation: always)');
      const buyer = { name: s.customer_details?.name, email: s.customer_details?.email };
      // Without a reference, a promotion code the buyer entered at checkout names the affiliate.
      const promo = references.some((r) => r?.trim()) ? null : ((s.discounts ?? []).map((d) => d.promotion_code).find((p) => p != null) ?? null);
      if (promo) return { kind: 'credit-by-promotion-code', customer, promotionCode: promotionCode(promo), buyer };
      return { kind: 'attribute-customer', customer, references, buyer };
    }
    case 'customer.created':
    case 'customer.updated': {
      const c = event.data.object;
      return { kind: 'attribute-customer', customer: c.id, references: [c.metadata?.affiliate_ref], buyer: { name: c.name, email: c.email } };
    }
    case 'customer.discount.created':
    case 'customer.discount.updated': {
      const d = event.data.object;
      const customer = idOf(d.customer);
      if (!customer || !d.promotion_code) return ignore(`discount ${d.id} names no customer and promotion code`);
      return { kind: 'credit-by-promotion-code', customer, promotionCode: promotionCode(d.promotion_code), buyer: {} };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      // Always there (the edge requires it): an event naming no customer touches no referral.
      const customer = idOf(sub.customer);
      if (!customer) return ignore(`subscription ${sub.id} names no customer`);
      return {
        kind: 'set-subscription-status',
        subscription: sub.id,
        customer,
        status: sub.status,
        created: event.created,
        reference: sub.metadata?.affiliate_ref,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return paidInvoice(event.data.object);
    case 'invoice_payment.paid':
      return invoicePayment(event.data.object);
    case 'charge.refunded':
      return chargeRefunded(event.data.object);
    case 'refund.created':
      return refundCreated(event.data.object);
  }
}

const ignore = (detail: string): BillingCommand => ({ kind: 'ignore', detail });

/** A paid invoice with what names its affiliate: its subscription's metadata, or the promotion codes of its discounts. */
function paidInvoice(invoice: StripeInvoice): BillingCommand {
  return {
    kind: 'record-payment',
    invoice: {
      id: invoice.id,
      customer: idOf(invoice.customer),
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      // Within MAX_MINOR_UNITS: the edge checked the sum.
      tax: (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0),
      customerName: invoice.customer_name,
      customerEmail: invoice.customer_email,
    },
    // An invoice expanded with its payments links them now (otherwise invoice_payment.paid does).
    payments: (invoice.payments?.data ?? []).map((p) => idOf(p.payment?.payment_intent)).filter((pi): pi is string => !!pi),
    reference: invoice.parent?.subscription_details?.metadata?.affiliate_ref,
    promotionCodes: promotionCodesOn(invoice),
  };
}

/** The promotion codes an invoice names: from its discounts when Stripe sent them expanded (or StripeLookup expanded them). */
function promotionCodesOn(invoice: StripeInvoice): PromotionCode[] {
  const codes: PromotionCode[] = [];
  for (const d of invoice.discounts ?? []) {
    if (typeof d === 'string' || !d.promotion_code) continue;
    codes.push(promotionCode(d.promotion_code));
  }
  return codes;
}

function invoicePayment(p: StripeInvoicePayment): BillingCommand {
  const payment = idOf(p.payment?.payment_intent);
  const invoice = idOf(p.invoice);
  if (!payment || !invoice) return ignore(`invoice payment ${p.id} names no payment intent`);
  return { kind: 'link-payment', payment, invoice };
}

/** A charge's refunds: those that succeeded or may (pending) count, in the charge's currency. */
function chargeRefunded(charge: StripeCharge): BillingCommand {
  const payment = idOf(charge.payment_intent);
  if (!payment) return ignore(`charge ${charge.id} names no payment intent`);
  const refunds = (charge.refunds?.data ?? []).filter((r) => r.status === 'succeeded' || r.status === 'pending').map((r) => ({ id: r.id, amount: r.amount }));
  return { kind: 'refund-charge', charge: charge.id, payment, amountRefunded: charge.amount_refunded, currency: charge.currency, refunds };
}

function refundCreated(refund: StripeRefund): BillingCommand {
  if (refund.status === 'failed' || refund.status === 'canceled') return ignore(`refund ${refund.id} is ${refund.status}`);
  const charge = idOf(refund.charge);
  return { kind: 'record-refund', refund: refund.id, amount: refund.amount, currency: refund.currency, payment: idOf(refund.payment_intent), charge };
}
