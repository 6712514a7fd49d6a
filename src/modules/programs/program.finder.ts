import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../common/ids';
import type { Program } from './program.entity';
import { programById, programByPortalSlug } from './program.queries';

/** A program by id without an actor check, for the callers that check ownership themselves (OAuth consent, the CLI). */
export async function findProgramById(em: EntityManager, id: string): Promise<Program | null> {
  return isUuid(id) ? programById(em, id) : null;
}

/** The program whose portal answers at this slug (any letter case), without an actor check: the portal's own lookup. */
export function findProgramByPortalSlug(em: EntityManager, slug: string): Promise<Program | null> {
  return programByPortalSlug(em, slug);
}
