import { BigIntType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A purchase credited to an affiliate. Numeric id (int64, sent as a JSON number). */
@Entity({ tableName: 'sales' })
export class Sale {
  [OptionalProps]?:
    | 'id'
    | 'referralId'
    | 'linkId'
    | 'promotionalCodeId'
    | 'promoCode'
    | 'externalId'
    | 'externalInvoiceId'
    | 'tax'
    | 'shipping'
    | 'commissionRate'
    | 'refunded'
    | 'refundedAt'
    | 'refundedAmount'
    | 'commissionLimitReached'
    | 'createdAt'
    | 'updatedAt';
  @PrimaryKey({ type: new BigIntType('number'), autoincrement: true }) id!: number;
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'uuid' }) affiliateId!: string;
  @Property({ type: 'uuid', nullable: true }) referralId: string | null = null;
  @Property({ type: 'uuid', nullable: true }) linkId: string | null = null;
  @Property({ type: 'uuid', nullable: true }) promotionalCodeId: string | null = null;
  @Property({ type: 'text', nullable: true }) promoCode: string | null = null;
  @Property({ type: 'text', nullable: true }) externalId: string | null = null;
  @Property({ type: 'text', nullable: true }) externalInvoiceId: string | null = null;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) email!: string;
  @Property({ type: 'text' }) currency!: string;
  @Property({ type: 'decimal', precision: 18, scale: 6 }) totalEarned!: string;
  @Property({ type: 'decimal', precision: 18, scale: 6, nullable: true }) tax: string | null = null;
  @Property({ type: 'decimal', precision: 18, scale: 6, nullable: true }) shipping: string | null = null;
  /** The sale's own rate override, if one was sent. */
  @Property({ type: 'decimal', precision: 9, scale: 4, nullable: true }) commissionRate: string | null = null;
  @Property({ type: 'boolean' }) refunded: boolean = false;
  @Property({ type: 'timestamptz', nullable: true }) refundedAt: Date | null = null;
  /** How much of totalEarned was refunded so far (partial refunds); the commission follows in proportion. */
  @Property({ type: 'decimal', precision: 18, scale: 6 }) refundedAmount: string = '0';
  /** Recorded past its referral's commission duration (the plan's): its commission is zero. */
  @Property({ type: 'boolean' }) commissionLimitReached: boolean = false;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
