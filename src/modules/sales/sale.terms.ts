import type { Affiliate } from '../affiliates/affiliate.entity';
import { findCommissionPlan } from '../commission-plans/commission-plan.finder';
import { computeCommission, type CommissionResult } from '../commissions/commission.calculator';
import type { Program } from '../programs/program.entity';
import type { ServiceContext } from '../service-context';
import type { Sale } from './sale.entity';

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
