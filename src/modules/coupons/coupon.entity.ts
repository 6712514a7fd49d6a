import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

export const COUPON_TYPES = ['PERCENTAGE', 'FLAT'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_DURATIONS = ['once', 'forever', 'repeating'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

/** A discount definition; its promotional codes inherit the discount. */
@Entity({ tableName: 'coupons' })
export class Coupon {
  [OptionalProps]?:
    | 'id'
    | 'externalId'
    | 'couponType'
    | 'percentOff'
    | 'amountOff'
    | 'currency'
    | 'duration'
    | 'durationInMonths'
    | 'maxRedemptions'
    | 'timesRedeemed'
    | 'limitToProducts'
    | 'productIds'
    | 'valid'
    | 'redeemBy'
    | 'integrationType'
    | 'createdAt'
    | 'updatedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text', nullable: true }) externalId: string | null = null;
  @Property({ type: 'text' }) couponType: CouponType = 'PERCENTAGE';
  @Property({ type: 'decimal', precision: 7, scale: 4, nullable: true }) percentOff: string | null = null;
  @Property({ type: 'decimal', precision: 18, scale: 6, nullable: true }) amountOff: string | null = null;
  @Property({ type: 'text', nullable: true }) currency: string | null = null;
  @Property({ type: 'text' }) duration: CouponDuration = 'forever';
  @Property({ type: 'integer', nullable: true }) durationInMonths: number | null = null;
  @Property({ type: 'integer', nullable: true }) maxRedemptions: number | null = null;
  @Property({ type: 'integer' }) timesRedeemed: number = 0;
  @Property({ type: 'boolean' }) limitToProducts: boolean = false;
  @Property({ type: 'text[]' }) productIds: string[] = [];
  @Property({ type: 'boolean' }) valid: boolean = true;
  @Property({ type: 'timestamptz', nullable: true }) redeemBy: Date | null = null;
  @Property({ type: 'text', nullable: true }) integrationType: string | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
