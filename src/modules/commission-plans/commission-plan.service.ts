import type { CommissionDuration } from '../../validation/enums';
import { notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { inTransaction, translated } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { findAffiliateGroup } from '../affiliate-groups/affiliate-group.finder';
import { requireName } from '../name.rules';
import { rateToDecimal } from '../programs/program.rules';
import type { ProgramService } from '../programs/program.service';
import type { CommissionPlan } from './commission-plan.entity';
import { deletePlanRow, insertPlan, plansOf } from './commission-plan.queries';

/** Commission plans: a rate that affiliates without their own rate use. */
export class CommissionPlanService {
  constructor(private readonly programs: ProgramService) {}

  async createCommissionPlan(
    ctx: ServiceContext,
    programId: string | null | undefined,
    input: {
      name: string;
      commissionRate: number;
      affiliateGroupId?: string | null;
      commissionDuration?: CommissionDuration | null;
      commissionDurationLimit?: number | null;
    },
  ): Promise<CommissionPlan> {
    const program = await this.programs.requireProgram(ctx, programId);
    const name = requireName(input.name, 'name');
    const commissionRate = rateToDecimal(input.commissionRate, 'commissionRate');
    const commissionDuration = input.commissionDuration ?? 'lifetime';
    const limited = commissionDuration === 'months' || commissionDuration === 'payments';
    const commissionDurationLimit = input.commissionDurationLimit ?? null;
    if (limited && commissionDurationLimit == null)
      throw validationError(`commissionDurationLimit is required for ${commissionDuration}`, 'commissionDurationLimit');
    if (!limited && commissionDurationLimit != null)
      throw validationError(`commissionDurationLimit is for months and payments, not ${commissionDuration}`, 'commissionDurationLimit');
    if (input.affiliateGroupId && !(await findAffiliateGroup(ctx.em, program.id, input.affiliateGroupId)))
      throw validationError('affiliateGroupId does not exist in this program', 'affiliateGroupId');
    return inTransaction(ctx, ({ em }) =>
      insertPlan(em, {
        programId: program.id,
        name,
        commissionRate,
        affiliateGroupId: input.affiliateGroupId ?? null,
        commissionDuration,
        commissionDurationLimit,
      }),
    );
  }

  async listCommissionPlans(ctx: ServiceContext, programId?: string | null): Promise<CommissionPlan[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return plansOf(ctx.em, program.id);
  }

  /** Deletes a plan; its affiliates fall back to their own rate or the program default. */
  async deleteCommissionPlan(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<boolean> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!isUuid(id)) throw notFound('No such commission plan');
    const n = await translated(deletePlanRow(ctx.em, program.id, id));
    if (!n) throw notFound('No such commission plan');
    return true;
  }
}
