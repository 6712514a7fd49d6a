import { insertEntity } from '../../db/rows';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from './session.entity';
import { User } from './user.entity';

/** The SQL of users and their sessions (not tenant tables: a user spans programs). */

export function userById(em: EntityManager, id: string): Promise<User | null> {
  return em.findOne(User, { id });
}

export function userByIdOrFail(em: EntityManager, id: string): Promise<User> {
  return em.findOneOrFail(User, { id });
}

/** Case-insensitive and exact: LIKE's wildcards in the address are escaped. */
export function userByEmail(em: EntityManager, email: string): Promise<User | null> {
  return em.findOne(User, { email: { $ilike: email.replace(/[\\%_]/g, '\\$&') } });
}

export function userCount(em: EntityManager): Promise<number> {
  return em.count(User, {});
}

/** A new user (one insert; a taken email fails on users_email_key). */
export async function insertUser(em: EntityManager, fields: Pick<User, 'email' | 'name' | 'passwordHash'>): Promise<User> {
  return insertEntity(em, User, fields);
}

export async function insertSession(em: EntityManager, fields: Pick<Session, 'userId' | 'tokenHash' | 'expiresAt'>): Promise<Session> {
  return insertEntity(em, Session, fields);
}

export function sessionByTokenHash(em: EntityManager, tokenHash: string): Promise<Session | null> {
  return em.findOne(Session, { tokenHash });
}

export async function deleteSessionByTokenHash(em: EntityManager, tokenHash: string): Promise<void> {
  await em.nativeDelete(Session, { tokenHash });
}

/** Ends one session of one user (a session id of another user deletes nothing). */
export async function deleteUserSession(em: EntityManager, userId: string, id: string): Promise<void> {
  await em.nativeDelete(Session, { id, userId });
}
