import { BigIntType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A person an affiliate sent who signed up. */
@Entity({ tableName: 'referrals' })
export class Referral {
  [OptionalProps]?:
    'id' | 'linkId' | 'clickId' | 'promotionalCodeId' | 'promoCode' | 'subscriptionStatus' | 'selfReferral' | 'supersededAt' | 'createdAt' | 'updatedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'uuid' }) affiliateId!: string;
  /** Cleared when the link is deleted. */
  @Property({ type: 'uuid', nullable: true }) linkId: string | null = null;
  @Property({ type: new BigIntType('number'), nullable: true }) clickId: number | null = null;
  @Property({ type: 'uuid', nullable: true }) promotionalCodeId: string | null = null;
  /** The code as typed, kept even if the code is deleted later. */
  @Property({ type: 'text', nullable: true }) promoCode: string | null = null;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) email!: string;
  @Property({ type: 'text' }) referredUserExternalId!: string;
  @Property({ type: 'text' }) subscriptionStatus: SubscriptionStatus = 'active';
  /**
   * The affiliate referred itself (its own email, or a click from an address it is known at: referral.service.ts);
   * the commissions of its sales wait for the owner's approval.
   */
  @Property({ type: 'boolean' }) selfReferral: boolean = false;
  /**
   * Set on the later referrals of a customer that databases made before "one customer, one referrer" hold
   * (Migration20261127200000): kept with their sales as history, no longer the customer's referral. Null on
   * every referral made since. Not shown by the API.
   */
  @Property({ type: 'timestamptz', nullable: true }) supersededAt: Date | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
