import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

/** A referral slug owned by an affiliate, with the counters of the traffic it brought. */
@Entity({ tableName: 'affiliate_links' })
export class AffiliateLink {
  [OptionalProps]?: 'id' | 'clicks' | 'referrals' | 'sales' | 'totalRevenue' | 'createdAt' | 'updatedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'uuid' }) affiliateId!: string;
  @Property({ type: 'text' }) link!: string;
  @Property({ type: 'integer' }) clicks: number = 0;
  @Property({ type: 'integer' }) referrals: number = 0;
  @Property({ type: 'integer' }) sales: number = 0;
  @Property({ type: 'decimal', precision: 18, scale: 6 }) totalRevenue: string = '0';
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
