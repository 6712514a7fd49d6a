import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId, randomToken } from '../../common/ids';

export const AFFILIATE_STATUSES = ['active', 'pending', 'inactive', 'rejected'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

/** How an affiliate wants to be paid (DESIGN.md "Payouts"); null until it says. */
export const PAYOUT_METHODS = ['paypal', 'wise', 'stripe_connect', 'manual'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** An affiliate of a program. Counters are kept in step with clicks, referrals and commissions in their transactions. */
@Entity({ tableName: 'affiliates' })
export class Affiliate {
  [OptionalProps]?:
    | 'id'
    | 'commissionRate'
    | 'commissionPlanId'
    | 'affiliateGroupId'
    | 'link'
    | 'numberOfReferredUsers'
    | 'numberOfClicks'
    | 'totalCommissionEarned'
    | 'payoutMethod'
    | 'payoutEmail'
    | 'stripeAccountId'
    | 'notifyNewCommission'
    | 'notifyPayoutSent'
    | 'emailToken'
    | 'createdAt'
    | 'updatedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'text' }) firstName!: string;
  @Property({ type: 'text' }) lastName!: string;
  @Property({ type: 'text' }) email!: string;
  /** Own rate (percentage); null inherits the commission plan's, then the program default. */
  @Property({ type: 'decimal', precision: 9, scale: 4, nullable: true }) commissionRate: string | null = null;
  @Property({ type: 'text' }) affiliateStatus!: AffiliateStatus;
  @Property({ type: 'uuid', nullable: true }) commissionPlanId: string | null = null;
  @Property({ type: 'uuid', nullable: true }) affiliateGroupId: string | null = null;
  /** Deprecated by the spec; kept for old clients, always null. */
  @Property({ type: 'text', nullable: true }) link: string | null = null;
  @Property({ type: 'integer' }) numberOfReferredUsers: number = 0;
  @Property({ type: 'integer' }) numberOfClicks: number = 0;
  @Property({ type: 'decimal', precision: 18, scale: 6 }) totalCommissionEarned: string = '0';
  @Property({ type: 'text', nullable: true }) payoutMethod: PayoutMethod | null = null;
  /** Where PayPal or Wise pays the affiliate. */
  @Property({ type: 'text', nullable: true }) payoutEmail: string | null = null;
  /** The affiliate's connected Stripe account (`acct_…`), for Stripe Connect transfers. */
  @Property({ type: 'text', nullable: true }) stripeAccountId: string | null = null;
  /** Email preferences: a notification kind is sent unless the affiliate turned it off (portal or one-click unsubscribe). */
  @Property({ type: 'boolean' }) notifyNewCommission: boolean = true;
  @Property({ type: 'boolean' }) notifyPayoutSent: boolean = true;
  /** Secret of the affiliate's unsubscribe links (they work without signing in); never shown by an API. */
  @Property({ type: 'text' }) emailToken: string = randomToken(24);
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
