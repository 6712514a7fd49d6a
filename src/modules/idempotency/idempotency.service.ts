import type { MikroORM } from '@mikro-orm/postgresql';

export type IdempotencyOutcome =
  | { kind: 'proceed' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'running' };

const TTL_HOURS = 24;

/**
 * Idempotency keys kept 24 h per credential in PostgreSQL, so they hold across instances. The first request
 * with a key claims it (insert … on conflict do nothing); a repeat replays the stored answer, a different
 * request under the same key is refused, and one arriving while the first still runs is told so.
 */
export class IdempotencyService {
  constructor(private readonly orm: MikroORM) {}

  async begin(credential: string, key: string, requestHash: string): Promise<IdempotencyOutcome> {
    const em = this.orm.em.fork();
    if (Math.random() < 0.01) await em.execute('delete from idempotency_keys where expires_at < now()');
    for (let attempt = 0; attempt < 2; attempt++) {
      const claimed = await em.execute<{ key: string }[]>(
        `insert into idempotency_keys (credential, key, request_hash, status, expires_at)
         values (?, ?, ?, 'running', now() + make_interval(hours => ?)) on conflict do nothing returning key`,
        [credential, key, requestHash, TTL_HOURS],
      );
      if (claimed.length) return { kind: 'proceed' };
      const [row] = await em.execute<Array<{ request_hash: string; status: string; response_status: number | null; response_body: string | null; expired: boolean }>>(
        'select request_hash, status, response_status, response_body, expires_at < now() as expired from idempotency_keys where credential = ? and key = ?',
        [credential, key],
      );
      if (!row) continue; // removed in between: claim again
      if (row.expired) {
        await em.execute('delete from idempotency_keys where credential = ? and key = ? and expires_at < now()', [credential, key]);
        continue;
      }
      if (row.request_hash !== requestHash) return { kind: 'mismatch' };
      if (row.status === 'running') return { kind: 'running' };
      return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body ?? 'null' };
    }
    return { kind: 'running' };
  }

  async complete(credential: string, key: string, status: number, body: string): Promise<void> {
    await this.orm.em.fork().execute(
      `update idempotency_keys set status = 'done', response_status = ?, response_body = ? where credential = ? and key = ?`,
      [status, body, credential, key],
    );
  }

  /** Forgets a key whose request failed on our side (5xx) or was cut off, so the client can retry it. */
  async abandon(credential: string, key: string): Promise<void> {
    await this.orm.em.fork().execute(`delete from idempotency_keys where credential = ? and key = ? and status = 'running'`, [credential, key]);
  }
}
