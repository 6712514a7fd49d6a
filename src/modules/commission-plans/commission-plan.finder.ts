import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../common/ids';
import type { CommissionPlan } from './commission-plan.entity';
import { planById } from './commission-plan.queries';

/** A plan of the program by id, for the domains that assign one; null when it is not one. */
export async function findCommissionPlan(em: EntityManager, programId: string, id: string): Promise<CommissionPlan | null> {
  return isUuid(id) ? planById(em, programId, id) : null;
}
