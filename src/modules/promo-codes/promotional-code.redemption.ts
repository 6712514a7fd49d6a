import { validationError } from '../../common/errors';
import type { ServiceContext } from '../service-context';
import type { Coupon } from '../coupons/coupon.entity';
import type { PromotionalCode } from './promotional-code.entity';
import { codeWithCoupon, countRedemption } from './promotional-code.queries';
import { redemptionRefusal, type RedemptionFacts } from './redemption.rules';

/**
 * Redeeming a promotional code inside a recording (a referral or a sale), in the caller's transaction (`tx`):
 * checked first, counted last.
 */

/** A code checked for redemption, with its coupon (read-only data), to be counted by commitRedemption. */
export interface Redemption {
  code: PromotionalCode;
  coupon: Coupon;
}

/**
 * Finds a typed code with its coupon (one statement) and checks every restriction the request has facts for.
 * Nothing is counted yet: `commitRedemption` does that, as the transaction's last write. `returningCustomer`
 * is asked only of a first-time-order code (it costs a query).
 */
export async function checkRedemption(
  tx: ServiceContext,
  programId: string,
  typed: string,
  facts: Omit<RedemptionFacts, 'returningCustomer'>,
  returningCustomer: () => Promise<boolean>,
): Promise<Redemption> {
  const key = typed.trim();
  const found = key && key.length <= 200 ? await codeWithCoupon(tx.em, programId, key) : null;
  if (!found) throw validationError('promoCode was not found', 'promoCode');
  const { code, coupon } = found;
  const refusal = redemptionRefusal(code, coupon, { ...facts, returningCustomer: code.firstTimeOrder ? await returningCustomer() : false });
  if (refusal) throw validationError(refusal, 'promoCode');
  return { code, coupon };
}

/**
 * Counts a checked redemption on the code and its coupon, each only while under its limit, in one statement.
 * Called last before the commit: these rows are the hottest of a promotion and stay locked until then.
 * A limit reached meanwhile refuses the request, and the caller's transaction takes everything back.
 */
export async function commitRedemption(tx: ServiceContext, r: Redemption): Promise<void> {
  const counted = await countRedemption(tx.em, r.code.programId, r.code.id, r.coupon.id);
  if (counted.codeTimes == null) throw validationError('promoCode has reached its redemption limit', 'promoCode');
  if (counted.couponTimes == null) throw validationError("promoCode's coupon has reached its redemption limit", 'promoCode');
}
