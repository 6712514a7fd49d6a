import type { Affiliate } from '../affiliates/affiliate.entity';
import { findCommissionPlan } from '../commission-plans/commission-plan.finder';
import { computeCommission, type CommissionResult } from '../commissions/commission.calculator';
import type { Program } from '../programs/program.entity';
import type { ServiceContext } from '../service-context';
import type { Sale } from './sale.entity';
import { referralSalesBefore } from './sale.queries';

/**
 * The commission terms of a sale: its own rate (`saleRate`), else the affiliate's, else the affiliate's plan's
 * (read only when it decides), else the program's default; deductions as the program sets them.
 */
export async function commissionTerms(
  tx: ServiceContext,
  program: Program,
  sale: Sale,
  affiliate: Affiliate,
  saleRate: string | null = sale.commissionRate,
): Promise<CommissionResult> {
  const plan = affiliate.commissionRate == null && affiliate.commissionPlanId ? await findCommissionPlan(tx.em, program.id, affiliate.commissionPlanId) : null;
  return computeCommission({
    totalEarned: sale.totalEarned,
    tax: sale.tax,
    shipping: sale.shipping,
    deductTax: program.deductTax,
    deductShipping: program.deductShipping,
    saleRate,
    affiliateRate: affiliate.commissionRate,
    planRate: plan?.commissionRate,
    programRate: program.defaultCommissionRate,
    currency: sale.currency,
  });
}

/**
 * Whether the sale comes past its customer's commission duration: the affiliate's plan says how long a
 * referred customer earns (lifetime, the first payment, some months from the first sale, some sales); the
 * customer is the sale's referral (a sale without one is never past it). Affiliates without a plan read nothing.
 */
export async function pastCommissionDuration(tx: ServiceContext, program: Program, sale: Sale, affiliate: Affiliate): Promise<boolean> {
  if (!affiliate.commissionPlanId || !sale.referralId) return false;
  const plan = await findCommissionPlan(tx.em, program.id, affiliate.commissionPlanId);
  if (!plan || plan.commissionDuration === 'lifetime') return false;
  const before = await referralSalesBefore(tx.em, program.id, sale.referralId, sale.id);
  const limit = plan.commissionDurationLimit ?? 1;
  switch (plan.commissionDuration) {
    case 'first_payment':
      return before.count >= 1;
    case 'payments':
      return before.count >= limit;
    case 'months': {
      return sale.createdAt.getTime() >= addMonths(before.first ?? sale.createdAt, limit).getTime();
    }
  }
}

/** `months` calendar months after `from`, on the same day or the month's last (Jan 31 + 1 month = Feb 28/29, not Mar 3). */
export function addMonths(from: Date, months: number): Date {
  const end = new Date(from);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}
