import { notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import type { ServiceContext } from '../../common/service-context';
import { requireName } from '../affiliates/affiliate.rules';
import type { ProgramService } from '../programs/program.service';
import { AffiliateGroup } from './affiliate-group.entity';

/** Affiliate groups of a program. */
export class AffiliateGroupService {
  constructor(private readonly programs: ProgramService) {}

  async createAffiliateGroup(ctx: ServiceContext, programId: string | null | undefined, name: string): Promise<AffiliateGroup> {
    const program = await this.programs.requireProgram(ctx, programId);
    const group = ctx.em.create(AffiliateGroup, { programId: program.id, name: requireName(name, 'name') });
    await ctx.em.persistAndFlush(group);
    return group;
  }

  async listAffiliateGroups(ctx: ServiceContext, programId?: string | null): Promise<AffiliateGroup[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return ctx.em.find(AffiliateGroup, { programId: program.id }, { orderBy: { id: 'asc' } });
  }

  /** Deletes a group; its affiliates and plans keep existing without a group. */
  async deleteAffiliateGroup(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<boolean> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!isUuid(id)) throw notFound('No such affiliate group');
    const n = await ctx.em.nativeDelete(AffiliateGroup, { programId: program.id, id });
    if (!n) throw notFound('No such affiliate group');
    return true;
  }
}
