/** Why a code cannot be redeemed; `null` when it can. Pure: the counters themselves move with conditional updates. */
export interface RedeemableCode {
  active: boolean;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  affiliateId: string | null;
  limitToAffiliate: boolean;
  firstTimeOrder: boolean;
  minimumAmount: string | null;
  limitToCustomers: boolean;
  customerId: string | null;
}

export interface RedeemableCoupon {
  valid: boolean;
  redeemBy: Date | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
}

/** What the request carries that some restrictions need; absent facts do not block. */
export interface RedemptionFacts {
  now: Date;
  /** The affiliate the request is attributed to by other means, if any. */
  affiliateId?: string | null;
  customerId?: string | null;
  /** Whether this customer has been seen before in the program. */
  returningCustomer?: boolean;
  amount?: number | null;
}

export function redemptionRefusal(code: RedeemableCode, coupon: RedeemableCoupon, facts: RedemptionFacts): string | null {
  if (!code.active) return 'promoCode is inactive';
  if (code.expiresAt && code.expiresAt.getTime() <= facts.now.getTime()) return 'promoCode has expired';
  if (!coupon.valid) return "promoCode's coupon is no longer valid";
  if (coupon.redeemBy && coupon.redeemBy.getTime() <= facts.now.getTime()) return "promoCode's coupon is past its redeem-by date";
  if (code.maxRedemptions != null && code.timesRedeemed >= code.maxRedemptions) return 'promoCode has reached its redemption limit';
  if (coupon.maxRedemptions != null && coupon.timesRedeemed >= coupon.maxRedemptions) return "promoCode's coupon has reached its redemption limit";
  if (!code.affiliateId) return 'promoCode has no affiliate';
  if (code.limitToAffiliate && facts.affiliateId && facts.affiliateId !== code.affiliateId) return 'promoCode can only be used by its affiliate';
  if (code.firstTimeOrder && facts.returningCustomer) return 'promoCode is for first-time orders only';
  if (code.minimumAmount != null && facts.amount != null && Math.abs(facts.amount) < Number(code.minimumAmount))
    return 'the amount is below the promoCode minimum';
  if (code.limitToCustomers && code.customerId && facts.customerId != null && facts.customerId !== code.customerId)
    return 'promoCode is limited to another customer';
  return null;
}
