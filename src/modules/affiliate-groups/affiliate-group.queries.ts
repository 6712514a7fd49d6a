import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows, insertEntity } from '../../db/rows';
import { AffiliateGroup } from './affiliate-group.entity';
import { execute } from '../../db/sql';

/** The SQL of affiliate groups; every statement names its program. Groups come back read-only (db/rows). */

export async function groupById(em: EntityManager, programId: string, id: string): Promise<AffiliateGroup | null> {
  return (await detachedRows(em, AffiliateGroup, 'select * from affiliate_groups where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** The program's groups in creation order. */
export function groupsOf(em: EntityManager, programId: string): Promise<AffiliateGroup[]> {
  return detachedRows(em, AffiliateGroup, 'select * from affiliate_groups where program_id = ? order by id', [programId]);
}

/** A new group (one insert, program_id among its columns). */
export async function insertGroup(em: EntityManager, programId: string, name: string): Promise<AffiliateGroup> {
  return insertEntity(em, AffiliateGroup, { programId, name });
}

/** How many groups were deleted (0 or 1). */
export async function deleteGroupRow(em: EntityManager, programId: string, id: string): Promise<number> {
  return (await execute(em, 'delete from affiliate_groups where program_id = ? and id = ? returning id', [programId, id])).length;
}
