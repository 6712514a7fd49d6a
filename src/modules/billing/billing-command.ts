/**
 * What a billing provider's event asks of its program, in our words: a provider adapter (Stripe's:
 * ./stripe-event.adapter.ts) turns a verified, checked event into one command, and the commands
 * (./billing-command.runner.ts) carry it out on the program's referrals, sales and refunds. So a provider knows
 * nothing of our tables and the commands nothing of a provider's objects. Ids are the provider's (a customer's,
 * an invoice's, a payment's), as it sent them; amounts are integers in minor units of `currency`, a lowercase
 * ISO 4217 code.
 */

/** A buyer's name and email as the provider carries them (the commands make them what the API accepts: ./buyer-details.ts). */
export type Buyer = { name?: string | null; email?: string | null };

/** A provider's promotion code: its id (a code's externalId), and its customer-facing code when the event has it. */
export type PromotionCode = { id: string; code: string | null };

/** Nothing to do, said why (the event names no customer, its refund failed…); recorded as ignored. */
export interface Ignore {
  kind: 'ignore';
  detail: string;
}

/** Makes the customer a referral of the affiliate the first reference names (its id, a link slug or a click id), once. */
export interface AttributeCustomer {
  kind: 'attribute-customer';
  customer: string;
  references: Array<string | null | undefined>;
  buyer: Buyer;
}

/** Makes the customer a referral of the affiliate of the program's code a promotion code stands for, once. */
export interface CreditByPromotionCode {
  kind: 'credit-by-promotion-code';
  customer: string;
  promotionCode: PromotionCode;
  buyer: Buyer;
}

/** A subscription's status (the provider's word) as of `created` (Unix seconds), and the reference it carries. */
export interface SetSubscriptionStatus {
  kind: 'set-subscription-status';
  subscription: string;
  customer: string;
  status: string;
  created: number;
  reference: string | null | undefined;
}

/** A paid invoice, as a sale is made of it. */
export interface PaidInvoice {
  id: string;
  customer: string | null;
  amountPaid: number;
  currency: string;
  /** Its taxes in all. */
  tax: number;
  customerName: string | null | undefined;
  customerEmail: string | null | undefined;
}

/**
 * A paid invoice: the payments it names linked to it, then its sale, its customer attributed by `reference` or
 * one of `promotionCodes` if not referred yet, or else the invoice held for a later attribution.
 */
export interface RecordPayment {
  kind: 'record-payment';
  invoice: PaidInvoice;
  payments: string[];
  reference: string | null | undefined;
  promotionCodes: PromotionCode[];
}

/** A payment linked to the invoice it paid (refunds name the payment, sales the invoice). */
export interface LinkPayment {
  kind: 'link-payment';
  payment: string;
  invoice: string;
}

/** A charge of a payment, refunded `amountRefunded` in all so far, with the refunds it lists that count. */
export interface RefundCharge {
  kind: 'refund-charge';
  charge: string;
  payment: string;
  amountRefunded: number;
  currency: string;
  refunds: Array<{ id: string; amount: number }>;
}

/** One refund that counts, of a payment named by itself or by its charge. */
export interface RecordRefund {
  kind: 'record-refund';
  refund: string;
  amount: number;
  currency: string;
  payment: string | null;
  charge: string | null;
}

export type BillingCommand =
  Ignore | AttributeCustomer | CreditByPromotionCode | SetSubscriptionStatus | RecordPayment | LinkPayment | RefundCharge | RecordRefund;
