import { CouponsQuery, CreateCouponBody, DeleteCouponBody, UpdateCouponRestBody } from '../../src/validation/schemas/coupons.schemas';
import { field, omitWhenNull, pipe } from '../body';
import { route, type RestRoute } from '../route';

/** `autoCouponRule` is present only when a rule is configured (spec 2, Coupon). */
const coupon = omitWhenNull(['autoCouponRule']);

/** Spec 4.4. */
export const couponRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/coupons',
    id: 'getCoupons',
    summary: 'Look a coupon up, or list every coupon',
    description:
      'With `id`, `externalId` or `name`: the one coupon with its promotional codes, or `null`. With none: every coupon of the program, newest first, as one array or one page with `limit` (next page via `after` = `X-Next-Cursor`).',
    query: CouponsQuery,
    operation: (q) => (q.id != null || q.externalId != null || q.name != null ? 'CouponLookup' : 'CouponList'),
    operations: ['CouponLookup', 'CouponList'],
    variables: (q) => (q.id != null ? { id: q.id } : q.externalId != null ? { externalId: q.externalId } : q.name != null ? { name: q.name } : {}),
    response: pipe(field('coupon'), coupon),
    list: 'coupons',
    node: coupon,
  }),
  route({
    method: 'POST',
    path: '/coupons',
    id: 'createCoupon',
    summary: 'Create a coupon',
    description:
      'A `PERCENTAGE` coupon (the default; `percentOff` from 1 to 100) or a `FLAT` one (`amountOff` above zero, with its `currency`); `duration` `once`, `forever` (the default) or `repeating` (with `durationInMonths`). Fires `coupon.created`.',
    body: CreateCouponBody,
    operation: 'CouponCreate',
    variables: (b) => ({ input: b }),
    response: pipe(field('createCoupon'), coupon),
    example: { name: 'Spring sale', couponType: 'PERCENTAGE', percentOff: 20, duration: 'once' },
  }),
  route({
    method: 'PUT',
    path: '/coupons',
    id: 'updateCoupon',
    summary: 'Update a coupon',
    description:
      'Changes the coupon `couponId` and answers it with its promotional codes; fires `coupon.updated`. 400 when `percentOff` is outside 1 to 100, `amountOff` is not above zero or an unlisted field is sent; 404 when no such coupon exists.',
    body: UpdateCouponRestBody,
    operation: 'CouponUpdate',
    variables: (b) => ({ input: b }),
    response: pipe(field('updateCoupon'), coupon),
    example: { couponId: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d', percentOff: 25 },
  }),
  route({
    method: 'DELETE',
    path: '/coupons',
    id: 'deleteCoupon',
    summary: 'Delete a coupon',
    description: 'Deletes the coupon with its promotional codes and fires `coupon.deleted`. 404 when no such coupon exists.',
    body: DeleteCouponBody,
    operation: 'CouponDelete',
    variables: (b) => ({ couponId: b.couponId }),
    response: field('deleteCoupon'),
    example: { couponId: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d' },
  }),
];
