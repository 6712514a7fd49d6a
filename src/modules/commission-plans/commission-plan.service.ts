import { notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import type { ServiceContext } from '../../common/service-context';
import { AffiliateGroup } from '../affiliate-groups/affiliate-group.entity';
import { requireName } from '../affiliates/affiliate.rules';
import { rateToDecimal } from '../programs/program.rules';
import type { ProgramService } from '../programs/program.service';
import { CommissionPlan } from './commission-plan.entity';

/** Commission plans: a rate that affiliates without their own rate use. */
export class CommissionPlanService {
  constructor(private readonly programs: ProgramService) {}

  async createCommissionPlan(ctx: ServiceContext, programId: string | null | undefined, input: { name: string; commissionRate: number; affiliateGroupId?: string | null }): Promise<CommissionPlan> {
    const program = await this.programs.requireProgram(ctx, programId);
    const name = requireName(input.name, 'name');
    const commissionRate = rateToDecimal(input.commissionRate, 'commissionRate');
    if (input.affiliateGroupId) {
      const group = isUuid(input.affiliateGroupId) ? await ctx.em.findOne(AffiliateGroup, { programId: program.id, id: input.affiliateGroupId }) : null;
      if (!group) throw validationError('affiliateGroupId does not exist in this program', 'affiliateGroupId');
    }
    const plan = ctx.em.create(CommissionPlan, { programId: program.id, name, commissionRate, affiliateGroupId: input.affiliateGroupId ?? null });
    await ctx.em.persistAndFlush(plan);
    return plan;
  }

  async listCommissionPlans(ctx: ServiceContext, programId?: string | null): Promise<CommissionPlan[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return ctx.em.find(CommissionPlan, { programId: program.id }, { orderBy: { id: 'asc' } });
  }

  /** Deletes a plan; its affiliates fall back to their own rate or the program default. */
  async deleteCommissionPlan(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<boolean> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!isUuid(id)) throw notFound('No such commission plan');
    const n = await ctx.em.nativeDelete(CommissionPlan, { programId: program.id, id });
    if (!n) throw notFound('No such commission plan');
    return true;
  }
}
