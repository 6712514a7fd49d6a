import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows, insertEntity } from '../../db/rows';
import { CommissionPlan } from './commission-plan.entity';
import { execute } from '../../db/sql';

/** The SQL of commission plans; every statement names its program. Plans come back read-only (db/rows). */

export async function planById(em: EntityManager, programId: string, id: string): Promise<CommissionPlan | null> {
  return (await detachedRows(em, CommissionPlan, 'select * from commission_plans where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** The program's plans in creation order. */
export function plansOf(em: EntityManager, programId: string): Promise<CommissionPlan[]> {
  return detachedRows(em, CommissionPlan, 'select * from commission_plans where program_id = ? order by id', [programId]);
}

/** The program's plans with these ids (a DataLoader's batch). */
export function plansByIds(em: EntityManager, programId: string, ids: readonly string[]): Promise<CommissionPlan[]> {
  return detachedRows(em, CommissionPlan, 'select * from commission_plans where program_id = ? and id in (?)', [programId, [...ids]]);
}

/** A new plan (one insert, program_id among its columns). */
export async function insertPlan(
  em: EntityManager,
  fields: Pick<CommissionPlan, 'programId' | 'name' | 'commissionRate' | 'affiliateGroupId' | 'commissionDuration' | 'commissionDurationLimit'>,
): Promise<CommissionPlan> {
  return insertEntity(em, CommissionPlan, fields);
}

/** How many plans were deleted (0 or 1). */
export async function deletePlanRow(em: EntityManager, programId: string, id: string): Promise<number> {
  return (await execute(em, 'delete from commission_plans where program_id = ? and id = ? returning id', [programId, id])).length;
}
