import { CouponsQuery, CreateCouponBody, DeleteCouponBody, UpdateCouponRestBody } from '../../src/validation/schemas/coupons.schemas';
import { route, type Connection, type RestRoute } from '../route';

/** `autoCouponRule` is present on reads only when a rule is configured. */
const couponBody = (c: unknown) => {
  if (!c || typeof c !== 'object') return c ?? null;
  const { autoCouponRule, ...rest } = c as Record<string, unknown>;
  return autoCouponRule ? { ...rest, autoCouponRule } : rest;
};

/** Spec 4.4. */
export const couponRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/coupons',
    query: CouponsQuery,
    operation: (q) => (q.id != null || q.externalId != null || q.name != null ? 'CouponLookup' : 'CouponList'),
    variables: (q) => (q.id != null ? { id: q.id } : q.externalId != null ? { externalId: q.externalId } : q.name != null ? { name: q.name } : {}),
    response: (d) => couponBody(d.coupon),
    list: (d) => d.coupons as Connection | undefined,
    node: couponBody,
  }),
  route({
    method: 'POST',
    path: '/coupons',
    body: CreateCouponBody,
    operation: 'CouponCreate',
    variables: (b) => ({ input: b }),
    response: (d) => couponBody(d.createCoupon),
  }),
  route({
    method: 'PUT',
    path: '/coupons',
    body: UpdateCouponRestBody,
    operation: 'CouponUpdate',
    variables: (b) => ({ input: b }),
    response: (d) => couponBody(d.updateCoupon),
  }),
  route({
    method: 'DELETE',
    path: '/coupons',
    body: DeleteCouponBody,
    operation: 'CouponDelete',
    variables: (b) => ({ couponId: b.couponId }),
    response: (d) => d.deleteCoupon,
  }),
];
