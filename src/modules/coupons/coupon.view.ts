import type { Coupon } from './coupon.entity';
import type { AutoCouponRule } from './auto-coupon-rule.entity';

/** Public representation of a coupon without its codes (they are resolved separately). */
export function couponCore(c: Coupon) {
  return {
    id: c.id,
    name: c.name,
    externalId: c.externalId,
    couponType: c.couponType,
    percentOff: c.percentOff == null ? null : Number(c.percentOff),
    amountOff: c.amountOff == null ? null : Number(c.amountOff),
    currency: c.currency,
    duration: c.duration,
    durationInMonths: c.durationInMonths,
    maxRedemptions: c.maxRedemptions,
    timesRedeemed: c.timesRedeemed,
    limitToProducts: c.limitToProducts,
    productIds: c.productIds,
    valid: c.valid,
    redeemBy: c.redeemBy ? c.redeemBy.toISOString() : null,
    integrationType: c.integrationType,
    affiliateProgramId: c.programId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function autoCouponRuleView(r: AutoCouponRule) {
  return {
    enabled: r.enabled,
    codeStructure: {
      firstName: !!r.codeStructure.firstName,
      lastName: !!r.codeStructure.lastName,
      email: !!r.codeStructure.email,
      discountAmount: !!r.codeStructure.discountAmount,
      couponName: !!r.codeStructure.couponName,
      randomChars: !!r.codeStructure.randomChars,
    },
    prefix: r.prefix,
    randomCharsLength: r.randomCharsLength,
    randomCharsCase: r.randomCharsCase,
  };
}
