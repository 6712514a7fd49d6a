import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from './user.entity';
import { userById } from './user.queries';

/** A user by id, for the domains that write to one (program owners). */
export function findUserById(em: EntityManager, id: string): Promise<User | null> {
  return userById(em, id);
}
