import { BigIntType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** One visit through an affiliate link. Numeric id (it travels in URLs as click_id); the IP is kept only as a hash. */
@Entity({ tableName: 'clicks' })
export class Click {
  [OptionalProps]?: 'id' | 'linkId' | 'referrer' | 'userAgent' | 'ipHash' | 'addressHash' | 'visitorHash' | 'landingUrl' | 'createdAt';
  @PrimaryKey({ type: new BigIntType('number'), autoincrement: true }) id!: number;
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'uuid' }) affiliateId!: string;
  /** Cleared when the link is deleted; the click stays attributed to its affiliate. */
  @Property({ type: 'uuid', nullable: true }) linkId: string | null = null;
  @Property({ type: 'text', nullable: true }) referrer: string | null = null;
  @Property({ type: 'text', nullable: true }) userAgent: string | null = null;
  @Property({ type: 'text', nullable: true }) ipHash: string | null = null;
  /** Keyed hash of the address's bucket (addressBucket: IPv6 by /64), for the affiliate's known addresses; null on older clicks. */
  @Property({ type: 'text', nullable: true }) addressHash: string | null = null;
  /** Keyed hash of address + user agent: a repeat by the same visitor on the same link within 30 minutes counts once. */
  @Property({ type: 'text', nullable: true }) visitorHash: string | null = null;
  @Property({ type: 'text', nullable: true }) landingUrl: string | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}
