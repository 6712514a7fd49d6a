import { validationError } from '../../common/errors';
import type { CouponDuration, CouponType } from './coupon.entity';

/**
 * A coupon's fields as the edge accepted them (src/validation/schemas/coupons.schemas.ts): names present and
 * bounded, couponType and duration among their values, percentOff 1..100, amountOff above zero and below 10^12,
 * durationInMonths 1..1200, maxRedemptions 0..2·10^9, currency three letters or '', productIds at most 1000
 * strings of at most 200 characters, redeemBy a date-time.
 */
export interface CouponFields {
  name?: string | null;
  couponType?: string | null;
  percentOff?: number | null;
  amountOff?: number | null;
  currency?: string | null;
  duration?: string | null;
  durationInMonths?: number | null;
  externalId?: string | null;
  maxRedemptions?: number | null;
  limitToProducts?: boolean | null;
  productIds?: string[] | null;
  valid?: boolean | null;
  redeemBy?: Date | string | null;
  integrationType?: string | null;
}

/** The discount-defining state of a coupon after a create or an update, checked as a whole. */
export interface CouponState {
  couponType: CouponType;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: CouponDuration;
  durationInMonths: number | null;
}

/**
 * Spec 4.4, on the coupon as a create or an update leaves it: PERCENTAGE needs percentOff; FLAT needs amountOff
 * and a currency; repeating needs durationInMonths. (Each value's range is the edge's check.)
 */
export function assertCouponState(s: CouponState): void {
  if (s.couponType === 'PERCENTAGE') {
    if (s.percentOff == null) throw validationError('percentOff is required for PERCENTAGE coupons', 'percentOff');
    assertPercentOff(s.percentOff);
  } else {
    if (s.amountOff == null) throw validationError('amountOff is required for FLAT coupons', 'amountOff');
    assertAmountOff(s.amountOff);
    if (!s.currency) throw validationError('currency is required for FLAT coupons', 'currency');
  }
  if (s.duration === 'repeating') {
    if (s.durationInMonths == null) throw validationError('durationInMonths is required when duration is repeating', 'durationInMonths');
  }
}

/** percentOff is stored with 4 decimals (numeric(7,4)): no more may be sent. */
export function assertPercentOff(v: number): void {
  if (Math.abs(Number(v.toFixed(4)) - v) > 1e-9) throw validationError('percentOff may have at most 4 decimal places', 'percentOff');
}

/** amountOff is stored with 6 decimals (numeric(18,6)): no more may be sent. */
export function assertAmountOff(v: number): void {
  if (Math.abs(Number(v.toFixed(6)) - v) > 1e-9) throw validationError('amountOff may have at most 6 decimal places', 'amountOff');
}

/** A currency code as stored: upper case; '' (none) as null. */
export const normalizeCurrency = (v: string | null | undefined): string | null => (v ? v.toUpperCase() : null);

/** A date-time input (a Date over GraphQL, ISO text from REST) as a Date; null stays null. */
export const toDate = (v: Date | string | null | undefined): Date | null => (v == null ? null : v instanceof Date ? v : new Date(v));

/** The coupon's discount as a code piece: "20" for 20 %, "12.5" → "125", flat 10 → "10". */
export function discountPiece(c: { couponType: string; percentOff: string | number | null; amountOff: string | number | null }): string {
  const raw = c.couponType === 'FLAT' ? c.amountOff : c.percentOff;
  if (raw == null) return '';
  return String(Number(raw)).replace(/[^0-9]/g, '');
}

/** The stored discount of a checked state: only the field of the coupon's type is kept, so a code's discount is never ambiguous. */
export function discountValues(s: CouponState) {
  return {
    couponType: s.couponType,
    percentOff: s.couponType === 'PERCENTAGE' && s.percentOff != null ? s.percentOff.toFixed(4) : null,
    amountOff: s.couponType === 'FLAT' && s.amountOff != null ? s.amountOff.toFixed(6) : null,
    currency: s.currency,
    duration: s.duration,
    durationInMonths: s.duration === 'repeating' ? s.durationInMonths : null,
  };
}

/** The product ids a coupon is limited to, without repeats. */
export const productIdList = (v: string[] | null | undefined): string[] => (v == null ? [] : [...new Set(v)]);
