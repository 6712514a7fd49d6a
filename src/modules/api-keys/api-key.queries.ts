import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows, insertEntity } from '../../db/rows';
import { ApiKey } from './api-key.entity';
import { execute } from '../../db/sql';

/** The SQL of API keys. Keys come back read-only (db/rows); a change is a statement naming the key's program. */

/**
 * The live key with a hash, with its program's columns beside `key_id` and `key_last_used_at`: the one lookup
 * that cannot name a program (the key is how the program is found), on api_keys_key_hash_idx.
 */
export async function apiKeyWithProgramByHash(em: EntityManager, keyHash: string): Promise<Record<string, unknown> | null> {
  const rows = await execute<Array<Record<string, unknown>>>(
    em,
    `select /* all programs: a presented key is how its program is found */ k.id as key_id, k.last_used_at as key_last_used_at, p.*
       from api_keys k join programs p on p.id = k.program_id
      where k.key_hash = ? and k.revoked_at is null`,
    [keyHash],
  );
  return rows[0] ?? null;
}

export async function touchApiKey(em: EntityManager, programId: string, id: string, at: Date): Promise<void> {
  await execute(em, 'update api_keys set last_used_at = ? where program_id = ? and id = ?', [at, programId, id]);
}

/** The program's keys in creation order; read-only. */
export function apiKeysOf(em: EntityManager, programId: string): Promise<ApiKey[]> {
  return detachedRows(em, ApiKey, 'select * from api_keys where program_id = ? order by id', [programId]);
}

/** A new key (one insert, program_id among its columns). */
export async function insertApiKey(em: EntityManager, fields: Pick<ApiKey, 'programId' | 'name' | 'prefix' | 'keyHash' | 'createdById'>): Promise<ApiKey> {
  return insertEntity(em, ApiKey, fields);
}

export async function apiKeyInProgram(em: EntityManager, programId: string, id: string): Promise<ApiKey | null> {
  return (await detachedRows(em, ApiKey, 'select * from api_keys where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** A key of any of the user's programs. */
export async function apiKeyOfOwner(em: EntityManager, ownerId: string, id: string): Promise<ApiKey | null> {
  const rows = await detachedRows(em, ApiKey, 'select * from api_keys where program_id in (select id from programs where owner_id = ?) and id = ?', [
    ownerId,
    id,
  ]);
  return rows[0] ?? null;
}

/** The CLI's look-up of a key by id alone (an operator names a key, not its program): not for request paths. */
export async function apiKeyInAnyProgram(em: EntityManager, id: string): Promise<ApiKey | null> {
  const sql = 'select /* all programs: the CLI names a key by its id alone */ * from api_keys where id = ?';
  return (await detachedRows(em, ApiKey, sql, [id]))[0] ?? null;
}

export async function revokeApiKeyRow(em: EntityManager, programId: string, id: string, at: Date): Promise<void> {
  await execute(em, 'update api_keys set revoked_at = ? where program_id = ? and id = ?', [at, programId, id]);
}
