import { notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { inTransaction, translated } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { requireName } from '../name.rules';
import type { ProgramService } from '../programs/program.service';
import type { AffiliateGroup } from './affiliate-group.entity';
import { deleteGroupRow, groupsOf, insertGroup } from './affiliate-group.queries';

/** Affiliate groups of a program. */
export class AffiliateGroupService {
  constructor(private readonly programs: ProgramService) {}

  async createAffiliateGroup(ctx: ServiceContext, programId: string | null | undefined, name: string): Promise<AffiliateGroup> {
    const program = await this.programs.requireProgram(ctx, programId);
    const groupName = requireName(name, 'name');
    return inTransaction(ctx, ({ em }) => insertGroup(em, program.id, groupName));
  }

  async listAffiliateGroups(ctx: ServiceContext, programId?: string | null): Promise<AffiliateGroup[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return groupsOf(ctx.em, program.id);
  }

  /** Deletes a group; its affiliates and plans keep existing without a group. */
  async deleteAffiliateGroup(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<boolean> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!isUuid(id)) throw notFound('No such affiliate group');
    const n = await translated(deleteGroupRow(ctx.em, program.id, id));
    if (!n) throw notFound('No such affiliate group');
    return true;
  }
}
