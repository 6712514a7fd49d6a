import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { claimKey, deleteExpiredKey, keyState, purgeExpiredKeys, releaseKey, renewLease, storeAnswer, takeOverKey } from './idempotency.queries';

/** A claim on a key: `owner` fences every later statement, `takenOver` when it replaced a dead holder. */
export interface IdempotencyClaim {
  owner: string;
  takenOver: boolean;
}

export type IdempotencyOutcome =
  { kind: 'proceed'; claim: IdempotencyClaim } | { kind: 'replay'; status: number; body: string } | { kind: 'mismatch' } | { kind: 'running' };

const TTL_HOURS = 24;
/** A running key is held this long past its last renewal: how long a key of a dead process stays blocked. */
export const LEASE_SECONDS = 30;
/** Renewal period: two renewals may fail (a busy pool, a slow database) before a live request loses its key. */
export const RENEW_EVERY_MS = 10_000;
/** A handler that never answers must not keep its key until the process restarts. */
export const MAX_HOLD_MS = 10 * 60_000;

/**
 * Idempotency keys kept 24 h per credential in PostgreSQL, so they hold across instances. The first request
 * with a key claims it (insert … on conflict do nothing) under a lease that its process renews while it runs;
 * a repeat replays the stored answer, a different request under the same key is refused, and one arriving
 * while the first still runs is told so. A running key whose lease lapsed belongs to a process that died: the
 * same request takes it over and runs. All times are the database's, so instances' clocks do not matter.
 */
export class IdempotencyService {
  constructor(private readonly orm: MikroORM) {}

  async begin(credential: string, key: string, requestHash: string): Promise<IdempotencyOutcome> {
    const em = this.orm.em.fork();
    if (Math.random() < 0.01) await purgeExpiredKeys(em);
    const claim = { credential, key, requestHash, owner: randomUUID(), ttlHours: TTL_HOURS, leaseSeconds: LEASE_SECONDS };
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await claimKey(em, claim)) return { kind: 'proceed', claim: { owner: claim.owner, takenOver: false } };
      const row = await keyState(em, credential, key);
      if (!row) continue; // removed in between: claim again
      if (row.expired) {
        await deleteExpiredKey(em, credential, key);
        continue;
      }
      if (row.request_hash !== requestHash) return { kind: 'mismatch' };
      if (row.status === 'running' && row.lapsed) {
        if (await takeOverKey(em, claim)) return { kind: 'proceed', claim: { owner: claim.owner, takenOver: true } };
        continue;
      }
      if (row.status === 'running') return { kind: 'running' };
      return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body ?? 'null' };
    }
    return { kind: 'running' };
  }

  /** Extends the lease; false when it is no longer ours (answered, released or taken over). */
  async renew(credential: string, key: string, owner: string): Promise<boolean> {
    return renewLease(this.orm.em.fork(), credential, key, owner, LEASE_SECONDS);
  }

  /**
   * Renews the lease every RENEW_EVERY_MS until the returned stop() is called. `onLost` is told once when
   * renewing ends otherwise: the key is someone else's now, or MAX_HOLD_MS passed without an answer.
   * A failed renewal (`onError`) is tried again on the next tick.
   */
  keepAlive(
    credential: string,
    key: string,
    owner: string,
    hooks: { onLost?: (why: 'lost' | 'too long') => void; onError?: (err: unknown) => void } = {},
  ): () => void {
    const until = Date.now() + MAX_HOLD_MS;
    let stopped = false;
    let busy = false;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
    };
    const timer = setInterval(() => {
      if (busy || stopped) return;
      if (Date.now() > until) {
        stop();
        return hooks.onLost?.('too long');
      }
      busy = true;
      this.renew(credential, key, owner)
        .then(
          (ours) => {
            if (ours || stopped) return;
            stop();
            hooks.onLost?.('lost');
          },
          (err) => hooks.onError?.(err),
        )
        .finally(() => (busy = false));
    }, RENEW_EVERY_MS);
    timer.unref(); // never what keeps a stopping process alive: the lease just lapses
    return stop;
  }

  /** Stores the answer; false when the key is no longer ours, and then nothing is stored. */
  async complete(credential: string, key: string, owner: string, status: number, body: string): Promise<boolean> {
    return storeAnswer(this.orm.em.fork(), credential, key, owner, status, body);
  }

  /** Forgets a key whose request failed on our side (5xx) or answered unstored, so the client can retry it. */
  async abandon(credential: string, key: string, owner: string): Promise<void> {
    await releaseKey(this.orm.em.fork(), credential, key, owner);
  }
}
