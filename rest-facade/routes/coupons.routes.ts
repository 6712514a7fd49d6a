import { COUPON_DURATIONS, COUPON_TYPES } from '../../src/modules/coupons/coupon.entity';
import { PAGE_FIELDS, type Connection, type RestRoute } from '../route';
import type { FieldSpecs } from '../validate';

/** The fields PUT /coupons lists (spec 4.4); anything else fails the request. */
const UPDATABLE: FieldSpecs = {
  name: { type: 'string', max: 200 },
  couponType: { type: { enum: COUPON_TYPES } },
  percentOff: { type: 'number' },
  amountOff: { type: 'number' },
  currency: { type: 'string', max: 3 },
  duration: { type: { enum: COUPON_DURATIONS } },
  durationInMonths: { type: 'integer' },
  maxRedemptions: { type: 'integer' },
  limitToProducts: { type: 'boolean' },
  productIds: { type: 'stringArray' },
  valid: { type: 'boolean' },
  redeemBy: { type: 'datetime' },
};

/** `autoCouponRule` is present on reads only when a rule is configured. */
const couponBody = (c: unknown) => {
  if (!c || typeof c !== 'object') return c ?? null;
  const { autoCouponRule, ...rest } = c as Record<string, unknown>;
  return autoCouponRule ? { ...rest, autoCouponRule } : rest;
};

/** Spec 4.4. */
export const couponRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/coupons',
    fields: { id: { type: 'string', max: 200 }, externalId: { type: 'string', max: 200 }, name: { type: 'string', max: 200 }, ...PAGE_FIELDS },
    operation: (q) => (q.id != null || q.externalId != null || q.name != null ? 'CouponLookup' : 'CouponList'),
    variables: (q) => (q.id != null ? { id: q.id } : q.externalId != null ? { externalId: q.externalId } : q.name != null ? { name: q.name } : {}),
    response: (d) => couponBody(d.coupon),
    list: (d) => d.coupons as Connection | undefined,
    node: couponBody,
  },
  {
    method: 'POST',
    path: '/coupons',
    fields: { ...UPDATABLE, name: { type: 'string', required: true, max: 200 }, externalId: { type: 'string', max: 200 }, integrationType: { type: 'string', max: 100 } },
    operation: 'CouponCreate',
    variables: (b) => ({ input: b }),
    response: (d) => couponBody(d.createCoupon),
  },
  {
    method: 'PUT',
    path: '/coupons',
    fields: { couponId: { type: 'string', required: true, max: 200 }, ...UPDATABLE },
    operation: 'CouponUpdate',
    variables: (b) => ({ input: b }),
    response: (d) => couponBody(d.updateCoupon),
  },
  {
    method: 'DELETE',
    path: '/coupons',
    fields: { couponId: { type: 'string', required: true, max: 200 } },
    operation: 'CouponDelete',
    variables: (b) => ({ couponId: b.couponId }),
    response: (d) => d.deleteCoupon,
  },
];
