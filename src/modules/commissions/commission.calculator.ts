import { dec, isZero, mul, roundHalfUp, shiftLeft, sub, toText, type Dec } from '../../common/decimal';
import { minorUnits } from '../../common/money';

export interface CommissionInput {
  totalEarned: string | number;
  tax?: string | number | null;
  shipping?: string | number | null;
  deductTax: boolean;
  deductShipping: boolean;
  /** Candidate rates in precedence order: the sale's, the affiliate's, the commission plan's, the program default. */
  saleRate?: string | number | null;
  affiliateRate?: string | number | null;
  planRate?: string | number | null;
  programRate: string | number;
  currency: string;
}

export interface CommissionResult {
  /** The amount commission is paid on: totalEarned less the deductions the program enables. */
  base: string;
  /** The rate used (percentage). */
  rate: string;
  /** base × rate / 100, rounded half-up to the currency's minor unit, once. */
  amount: string;
}

/**
 * The commission of a sale (DESIGN.md "Money and commissions"). Pure and exact: decimals throughout,
 * one half-up rounding at the end. Negative totals (adjustments) give negative commissions.
 */
export function computeCommission(i: CommissionInput): CommissionResult {
  let base: Dec = dec(i.totalEarned);
  if (i.deductTax && i.tax != null) base = sub(base, dec(i.tax));
  if (i.deductShipping && i.shipping != null) base = sub(base, dec(i.shipping));
  const rate = dec(i.saleRate ?? i.affiliateRate ?? i.planRate ?? i.programRate);
  const amount = roundHalfUp(shiftLeft(mul(base, rate), 2), minorUnits(i.currency));
  return { base: toText(base), rate: toText(rate), amount: toText(isZero(amount) ? { units: 0n, scale: amount.scale } : amount) };
}
