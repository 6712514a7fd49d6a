import type { EntityManager } from '@mikro-orm/postgresql';
import { isRetryable, translateDbError } from './db-errors';

/** Serialization failures and deadlocks are retried this many times before the call answers 503. */
const RETRIES = 3;

/**
 * One unit of work for one service call: `work` runs in a transaction on the context's EntityManager and
 * receives the same context with the transaction's EntityManager, so everything it calls (other services
 * included, context first) joins the transaction. A lost serialization race or deadlock runs the work again
 * (only at the outermost level: inside another transaction the caller's transaction is the one to retry);
 * whatever it throws comes out translated (db-errors), so no service handles a driver error.
 */
export async function inTransaction<C extends { em: EntityManager }, T>(ctx: C, work: (tx: C) => Promise<T>): Promise<T> {
  const outermost = !ctx.em.isInTransaction();
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.em.transactional((em) => work(em === ctx.em ? ctx : { ...ctx, em }));
    } catch (err) {
      if (outermost && attempt < RETRIES && isRetryable(err)) continue;
      throw translateDbError(err);
    }
  }
}

/** A read outside a transaction, with the same translation of database errors. */
export async function translated<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    throw translateDbError(err);
  }
}
