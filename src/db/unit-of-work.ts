import type { EntityManager } from '@mikro-orm/postgresql';
import { isRetryable, translateDbError } from './db-errors';

/** Serialization failures and deadlocks are retried this many times before the call answers 503. */
const RETRIES = 3;

/**
 * One unit of work for one service call: `work` runs in a transaction on the context's EntityManager and
 * receives the same context with the transaction's EntityManager, so everything it calls (other services
 * included, context first) joins the transaction. A lost serialization race or deadlock runs the work again
 * (only at the outermost level: inside another transaction the caller's transaction is the one to retry);
 * whatever it throws comes out translated (db-errors): its statements' errors are already (db/sql, the ORM's
 * driver: db/orm), and the rest is done here (BEGIN and COMMIT, a conflict no longer retried), so no service
 * handles a driver error.
 */
export async function inTransaction<C extends { em: EntityManager }, T>(ctx: C, work: (tx: C) => Promise<T>): Promise<T> {
  const outermost = !ctx.em.isInTransaction();
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.em.transactional(async (em) => {
        const out = await work(em === ctx.em ? ctx : { ...ctx, em });
        await writeQueued(em);
        return out;
      });
    } catch (err) {
      if (isRetryable(err)) {
        if (outermost && attempt < RETRIES) continue;
        // Inside another transaction the lost race goes up as it is: the outermost call runs the whole unit again.
        if (!outermost) throw err;
      }
      throw translateDbError(err);
    }
  }
}

/**
 * A statement outside a transaction, with the same translation of database errors. The statement runners
 * translate already (db/sql, db/orm): this one only makes sure, for the services that still wrap a statement in it.
 */
export async function translated<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    throw translateDbError(err);
  }
}

/** Writes queued in a transaction (the event outbox), per transaction EntityManager, in the order queued. */
const queued = new WeakMap<EntityManager, Array<() => Promise<void>>>();

/**
 * Queues `write` to run in `em`'s transaction after the work and before the commit (or earlier, at
 * `writeQueued`): several of one kind become one statement. False when `em` is not in a transaction.
 */
export function queueWrite(em: EntityManager, write: () => Promise<void>): boolean {
  if (!em.isInTransaction()) return false;
  let list = queued.get(em);
  if (!list) queued.set(em, (list = []));
  list.push(write);
  return true;
}

/** Runs the writes queued on `em` now (a recording does, so that its hottest row is still locked last). */
export async function writeQueued(em: EntityManager): Promise<void> {
  const list = queued.get(em);
  if (!list?.length) return;
  queued.delete(em);
  for (const write of list) await write();
}

/**
 * Rows of one kind queued in `em`'s transaction, inserted together (`insert`) before it commits: the first row of
 * a transaction queues the write, the rest join its list. A row queued outside a transaction could be written
 * without its cause, or its cause committed without it: `outside` is thrown then.
 */
export class TransactionBatch<T> {
  private readonly pending = new WeakMap<EntityManager, T[]>();

  constructor(
    private readonly insert: (em: EntityManager, rows: T[]) => Promise<void>,
    private readonly outside: (row: T) => Error,
  ) {}

  add(em: EntityManager, row: T): void {
    let batch = this.pending.get(em);
    if (!batch) {
      const list: T[] = [];
      const queued = queueWrite(em, () => {
        this.pending.delete(em);
        return this.insert(em, list);
      });
      if (!queued) throw this.outside(row);
      this.pending.set(em, (batch = list));
    }
    batch.push(row);
  }
}
