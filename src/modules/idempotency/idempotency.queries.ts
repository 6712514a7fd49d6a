import type { EntityManager } from '@mikro-orm/postgresql';
import { execute } from '../../db/sql';

/** The SQL of idempotency keys (keyed by credential, not a tenant table); every time is the database's. */

export interface KeyState {
  request_hash: string;
  status: string;
  response_status: number | null;
  response_body: string | null;
  expired: boolean;
  lapsed: boolean;
}

export async function purgeExpiredKeys(em: EntityManager): Promise<void> {
  await execute(em, 'delete from idempotency_keys where expires_at < now()');
}

/** Claims a free key for `owner` under a lease; false when the key exists. */
export async function claimKey(
  em: EntityManager,
  k: { credential: string; key: string; requestHash: string; owner: string; ttlHours: number; leaseSeconds: number },
): Promise<boolean> {
  const rows = await execute<{ key: string }[]>(
    em,
    `insert into idempotency_keys (credential, key, request_hash, status, expires_at, lease_owner, lease_expires_at)
         values (?, ?, ?, 'running', now() + make_interval(hours => ?), ?, now() + make_interval(secs => ?))
         on conflict do nothing returning key`,
    [k.credential, k.key, k.requestHash, k.ttlHours, k.owner, k.leaseSeconds],
  );
  return rows.length > 0;
}

export async function keyState(em: EntityManager, credential: string, key: string): Promise<KeyState | null> {
  const [row] = await execute<KeyState[]>(
    em,
    `select request_hash, status, response_status, response_body, expires_at < now() as expired, lease_expires_at < now() as lapsed
           from idempotency_keys where credential = ? and key = ?`,
    [credential, key],
  );
  return row ?? null;
}

export async function deleteExpiredKey(em: EntityManager, credential: string, key: string): Promise<void> {
  await execute(em, 'delete from idempotency_keys where credential = ? and key = ? and expires_at < now()', [credential, key]);
}

/**
 * Takes over a running key of the same request whose lease lapsed; the conditions are in the statement, so of
 * two retries racing for one dead key, one wins. Whether this one did.
 */
export async function takeOverKey(
  em: EntityManager,
  k: { credential: string; key: string; requestHash: string; owner: string; ttlHours: number; leaseSeconds: number },
): Promise<boolean> {
  const rows = await execute<{ key: string }[]>(
    em,
    `update idempotency_keys set lease_owner = ?, lease_expires_at = now() + make_interval(secs => ?), expires_at = now() + make_interval(hours => ?)
            where credential = ? and key = ? and status = 'running' and request_hash = ? and lease_expires_at < now() returning key`,
    [k.owner, k.leaseSeconds, k.ttlHours, k.credential, k.key, k.requestHash],
  );
  return rows.length > 0;
}

/** Extends the lease of a running key `owner` holds; false when it is not theirs any more. */
export async function renewLease(em: EntityManager, credential: string, key: string, owner: string, leaseSeconds: number): Promise<boolean> {
  const rows = await execute<{ key: string }[]>(
    em,
    `update idempotency_keys set lease_expires_at = now() + make_interval(secs => ?)
        where credential = ? and key = ? and status = 'running' and lease_owner = ? returning key`,
    [leaseSeconds, credential, key, owner],
  );
  return rows.length > 0;
}

/** Stores the answer of a running key `owner` holds; false (nothing stored) when it is not theirs any more. */
export async function storeAnswer(em: EntityManager, credential: string, key: string, owner: string, status: number, body: string): Promise<boolean> {
  const rows = await execute<{ key: string }[]>(
    em,
    `update idempotency_keys set status = 'done', response_status = ?, response_body = ?
        where credential = ? and key = ? and status = 'running' and lease_owner = ? returning key`,
    [status, body, credential, key, owner],
  );
  return rows.length > 0;
}

export async function releaseKey(em: EntityManager, credential: string, key: string, owner: string): Promise<void> {
  await execute(em, `delete from idempotency_keys where credential = ? and key = ? and status = 'running' and lease_owner = ?`, [credential, key, owner]);
}
