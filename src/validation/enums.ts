/**
 * The closed vocabularies of the API's inputs: the schemas' `enum`s and the GraphQL enum types are built from
 * these lists. They equal the domain's lists on the entities (test/unit/input-validation.spec.ts holds that).
 */
export const AFFILIATE_STATUSES = ['active', 'pending', 'inactive', 'rejected'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

/** How an affiliate is paid (DESIGN.md "Payouts"); the domain's list is on the affiliate entity. */
export const PAYOUT_METHODS = ['paypal', 'wise', 'stripe_connect', 'manual'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const COUPON_TYPES = ['PERCENTAGE', 'FLAT'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const COUPON_DURATIONS = ['once', 'forever', 'repeating'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

export const RANDOM_CHARS_CASES = ['uppercase', 'lowercase', 'mixed'] as const;
export type RandomCharsCase = (typeof RANDOM_CHARS_CASES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a sale may not be refunded: the `reason` of a REFUND_NOT_ALLOWED answer. */
export const REFUND_REFUSALS = ['refund_window_expired', 'in_payout_batch', 'already_paid_out', 'manually_marked_paid'] as const;
export type RefundRefusal = (typeof REFUND_REFUSALS)[number];

/** `{ a: 'a', b: 'b' }`: a list as the enum object type-graphql registers (same names, same order). */
export function enumObject<const T extends readonly string[]>(values: T): { readonly [K in T[number]]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { readonly [K in T[number]]: K };
}

/** How a stats series is cut: local calendar days, ISO weeks (from Monday) or months. */
export const STATS_INTERVALS = ['day', 'week', 'month'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

/** The figures top affiliates can be ranked by. */
export const TOP_AFFILIATE_ORDERS = ['revenue', 'commission', 'sales', 'referrals', 'clicks'] as const;
export type TopAffiliateOrder = (typeof TOP_AFFILIATE_ORDERS)[number];
export const MAX_TOP_AFFILIATES = 100;

/** The direction of a list's chosen order (ties broken by id in the same direction). */
export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

/** What each list can be ordered by (`orderBy.field`). */
export const AFFILIATE_ORDER_FIELDS = ['createdAt', 'name', 'clicks', 'referrals', 'sales', 'revenue', 'commission'] as const;
export type AffiliateOrderField = (typeof AFFILIATE_ORDER_FIELDS)[number];
export const LINK_ORDER_FIELDS = ['createdAt', 'name', 'clicks', 'referrals', 'sales', 'revenue'] as const;
export type LinkOrderField = (typeof LINK_ORDER_FIELDS)[number];
export const REFERRAL_ORDER_FIELDS = ['createdAt', 'name', 'sales', 'revenue'] as const;
export type ReferralOrderField = (typeof REFERRAL_ORDER_FIELDS)[number];
export const SALE_ORDER_FIELDS = ['createdAt', 'name', 'revenue', 'commission'] as const;
export type SaleOrderField = (typeof SALE_ORDER_FIELDS)[number];
export const COMMISSION_ORDER_FIELDS = ['createdAt', 'commission'] as const;
export type CommissionOrderField = (typeof COMMISSION_ORDER_FIELDS)[number];
export const PAYOUT_BATCH_ORDER_FIELDS = ['createdAt', 'commission', 'sales'] as const;
export type PayoutBatchOrderField = (typeof PAYOUT_BATCH_ORDER_FIELDS)[number];
export const DELIVERY_ORDER_FIELDS = ['createdAt'] as const;
export type DeliveryOrderField = (typeof DELIVERY_ORDER_FIELDS)[number];
export const EVENT_ORDER_FIELDS = ['createdAt'] as const;
export type EventOrderField = (typeof EVENT_ORDER_FIELDS)[number];

/** Where a payout batch and a webhook delivery stand. */
export const PAYOUT_BATCH_STATUSES = ['open', 'paid', 'failed'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];
/** Where one affiliate's payout in a batch stands (DESIGN.md "Payouts"). */
export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** The files a payout batch exports to (GET /payout-batches/{id}/export). */
export const PAYOUT_EXPORT_FORMATS = ['paypal', 'wise'] as const;
export type PayoutExportFormat = (typeof PAYOUT_EXPORT_FORMATS)[number];
export const PAYOUT_ORDER_FIELDS = ['createdAt', 'commission'] as const;
export type PayoutOrderField = (typeof PAYOUT_ORDER_FIELDS)[number];
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Where a commission stands (the domain's list: commissions/commission.entity). */
export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'reversed'] as const;

/**
 * Every event type the service emits (spec section 6 plus DESIGN.md's additions), in the order the OpenAPI
 * document's webhooks list them; an event's `data` is the resource its prefix names, as the API shows it.
 */
export const EVENT_TYPES = [
  'affiliate.created',
  'affiliate.updated',
  'affiliate.deleted',
  'referral.created',
  'referral.updated',
  'referral.deleted',
  'coupon.created',
  'coupon.updated',
  'coupon.deleted',
  'promotional_code.created',
  'promotional_code.updated',
  'promotional_code.deleted',
  'sale.created',
  'sale.updated',
  'sale.refunded',
  'commission.approved',
  'commission.reversed',
  'payout_batch.created',
  'payout_batch.paid',
  'payout.paid',
  'payout.failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The events an automation partner may subscribe to: those of what it can read and act on (DESIGN.md "Events and webhooks"). */
export const PARTNER_EVENT_PREFIXES = ['affiliate.', 'referral.', 'sale.', 'commission.'] as const;
export const inPartnerScope = (type: string): boolean => PARTNER_EVENT_PREFIXES.some((p) => type.startsWith(p));

/** The billing providers an integration connects (DESIGN.md "Billing provider ingestion"). */
export const BILLING_PROVIDERS = ['stripe'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** What a received billing event did: recorded a change, or nothing (with the reason). */
export const BILLING_EVENT_OUTCOMES = ['recorded', 'ignored'] as const;

/** How long a referred customer earns its affiliate commissions under a plan. */
export const COMMISSION_DURATIONS = ['lifetime', 'first_payment', 'months', 'payments'] as const;
export type CommissionDuration = (typeof COMMISSION_DURATIONS)[number];

/** Which click a second `ref` in the same browser keeps (the merchant-site tracker's cookie), within the window. */
export const ATTRIBUTION_MODELS = ['first_click', 'last_click'] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];
