import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../common/ids';
import type { AffiliateGroup } from './affiliate-group.entity';
import { groupById } from './affiliate-group.queries';

/** A group of the program by id, for the domains that assign one (affiliates, commission plans); null when it is not one. */
export async function findAffiliateGroup(em: EntityManager, programId: string, id: string): Promise<AffiliateGroup | null> {
  return isUuid(id) ? groupById(em, programId, id) : null;
}
