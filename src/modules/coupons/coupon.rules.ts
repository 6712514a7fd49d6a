import { validationError } from '../../common/errors';
import { COUPON_DURATIONS, COUPON_TYPES, type CouponDuration, type CouponType } from './coupon.entity';

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

/** Spec 4.4: PERCENTAGE needs percentOff 1..100; FLAT needs amountOff > 0 and a currency; repeating needs durationInMonths. */
export function assertCouponState(s: CouponState): void {
  if (!(COUPON_TYPES as readonly string[]).includes(s.couponType)) throw validationError(`couponType must be one of ${COUPON_TYPES.join(', ')}`, 'couponType');
  if (!(COUPON_DURATIONS as readonly string[]).includes(s.duration)) throw validationError(`duration must be one of ${COUPON_DURATIONS.join(', ')}`, 'duration');
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
  if (s.durationInMonths != null && (!Number.isInteger(s.durationInMonths) || s.durationInMonths < 1 || s.durationInMonths > 1200)) {
    throw validationError('durationInMonths must be an integer from 1 to 1200', 'durationInMonths');
  }
}

export function assertPercentOff(v: number): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 1 || v > 100) throw validationError('percentOff must be from 1 to 100', 'percentOff');
  if (Math.abs(Number(v.toFixed(4)) - v) > 1e-9) throw validationError('percentOff may have at most 4 decimal places', 'percentOff');
}

export function assertAmountOff(v: number): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw validationError('amountOff must be greater than zero', 'amountOff');
  if (v >= 1e12) throw validationError('amountOff is too large', 'amountOff');
  if (Math.abs(Number(v.toFixed(6)) - v) > 1e-9) throw validationError('amountOff may have at most 6 decimal places', 'amountOff');
}

export function normalizeCurrency(v: string | null | undefined, field = 'currency'): string | null {
  if (v == null || v === '') return null;
  if (!/^[A-Za-z]{3}$/.test(v)) throw validationError(`${field} must be a 3-letter ISO 4217 code`, field);
  return v.toUpperCase();
}

export function parseDate(v: Date | string | null | undefined, field: string): Date | null {
  if (v == null || v === '') return null;
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) throw validationError(`${field} must be an ISO 8601 date-time`, field);
  return d;
}

export function nonNegativeInt(v: number | null | undefined, field: string): number | null {
  if (v == null) return null;
  if (!Number.isInteger(v) || v < 0 || v > 2_000_000_000) throw validationError(`${field} must be a non-negative integer`, field);
  return v;
}

/** The coupon's discount as a code piece: "20" for 20 %, "12.5" → "125", flat 10 → "10". */
export function discountPiece(c: { couponType: string; percentOff: string | number | null; amountOff: string | number | null }): string {
  const raw = c.couponType === 'FLAT' ? c.amountOff : c.percentOff;
  if (raw == null) return '';
  return String(Number(raw)).replace(/[^0-9]/g, '');
}
