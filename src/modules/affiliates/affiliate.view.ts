import { moneyToNumber } from '../../common/money';
import type { Loaders } from '../../db/loaders';
import type { Program } from '../programs/program.entity';
import type { Affiliate } from './affiliate.entity';
import { effectiveRate } from './affiliate.rules';

/**
 * The public representation of an affiliate, shared by the GraphQL field resolvers (through these helpers)
 * and by event payloads, so webhooks carry exactly what the REST API returns.
 */
export async function affiliateSlugs(loaders: Loaders, a: Affiliate): Promise<string[]> {
  return (await loaders.linksByAffiliateId.load(a.id)).map((l) => l.link);
}

/** The effective rate; without a plan to look up, at once (no promise). */
export function affiliateCommissionRate(loaders: Loaders, program: Program, a: Affiliate): number | Promise<number> {
  if (a.commissionRate == null && a.commissionPlanId) {
    return loaders.planById.load(a.commissionPlanId).then((plan) => Number(effectiveRate(a.commissionRate, plan?.commissionRate, program.defaultCommissionRate)));
  }
  return Number(effectiveRate(a.commissionRate, null, program.defaultCommissionRate));
}

export async function affiliateView(loaders: Loaders, program: Program, a: Affiliate) {
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    name: `${a.firstName} ${a.lastName}`,
    email: a.email,
    programId: a.programId,
    affiliateLinks: await affiliateSlugs(loaders, a),
    link: a.link,
    commissionRate: await affiliateCommissionRate(loaders, program, a),
    affiliateStatus: a.affiliateStatus,
    commissionPlanId: a.commissionPlanId,
    affiliateGroupId: a.affiliateGroupId,
    numberOfReferredUsers: a.numberOfReferredUsers,
    numberOfClicks: a.numberOfClicks,
    totalCommissionEarned: moneyToNumber(a.totalCommissionEarned, program.currency),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
