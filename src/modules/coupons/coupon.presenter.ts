import { definePresenter } from '../presenter';
import type { AutoCouponRule } from './auto-coupon-rule.entity';
import type { Coupon } from './coupon.entity';

/**
 * The fields of a coupon itself. Its GraphQL type (with its promotional codes) is described where codes are
 * known, src/modules/promo-codes/promotional-code.presenter.ts; a code shows its coupon with these fields.
 */
export const COUPON_SAME = [
  'id',
  'name',
  'externalId',
  'couponType',
  'currency',
  'duration',
  'durationInMonths',
  'maxRedemptions',
  'timesRedeemed',
  'limitToProducts',
  'productIds',
  'valid',
  'redeemBy',
  'integrationType',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof Coupon>;

export const couponComputed = {
  percentOff: (c: Coupon) => (c.percentOff == null ? null : Number(c.percentOff)),
  amountOff: (c: Coupon) => (c.amountOff == null ? null : Number(c.amountOff)),
  affiliateProgramId: (c: Coupon) => c.programId,
};

/** A coupon's rule for generating codes for new affiliates. */
export const autoCouponRulePresenter = definePresenter<AutoCouponRule>()({
  typeName: 'AutoCouponRule',
  same: ['enabled', 'prefix', 'randomCharsLength', 'randomCharsCase'],
  computed: {
    codeStructure: (r) => ({
      firstName: !!r.codeStructure.firstName,
      lastName: !!r.codeStructure.lastName,
      email: !!r.codeStructure.email,
      discountAmount: !!r.codeStructure.discountAmount,
      couponName: !!r.codeStructure.couponName,
      randomChars: !!r.codeStructure.randomChars,
    }),
  },
  relations: {},
});
