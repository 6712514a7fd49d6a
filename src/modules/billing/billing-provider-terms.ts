/**
 * What the commands say of a billing provider, and how they read its subscription statuses: its words, never its
 * objects' shapes. Each provider adapter gives its own (Stripe's: STRIPE_TERMS in ./stripe-event.adapter.ts).
 */
export interface ProviderTerms {
  /** The domain of a referral's email until its customer's arrives (a `.invalid` one never delivers: RFC 2606). */
  placeholderDomain: string;
  /** Where the provider's events carry an affiliate reference, as the outcome of an event without one says. */
  referenceFields: string;
  /** What links a payment to its invoice, as the outcome of a refund waiting for that link says. */
  paymentLink: string;
  /** What links a charge to its payment, as the outcome of a refund naming an unknown charge says. */
  chargeLink: string;
  /** The provider's subscription statuses that a referral's status names otherwise (the rest are read as they are). */
  renamedStatuses: Record<string, string>;
}
