import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

export const AFFILIATE_STATUSES = ['active', 'pending', 'inactive', 'rejected'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

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
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
