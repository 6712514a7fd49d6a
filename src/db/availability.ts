import { ConnectionException } from '@mikro-orm/core';
import { unavailable, type DomainError } from '../common/errors';

// SQLSTATEs of a database that is going away, starting, full, or not reachable (class 08, 57P0x, 53300).
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// knex: a transaction whose BEGIN failed on a lost connection still runs its callback, and its first query
// fails with "Transaction query already complete" (the connection error stays on the transaction's promise).
const UNAVAILABLE_MESSAGES = /Connection terminated|connection timeout|Timeout acquiring a connection|not queryable|Connection ended|server closed the connection|the database system is (starting up|shutting down)|Transaction query already complete/i;

/**
 * True when an error means the database cannot be reached or cannot take the call right now (stopped,
 * restarting, out of connections), as opposed to a statement that failed: the caller gets 503 and retries.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  if (err instanceof ConnectionException) return true;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; previous?: unknown; originalError?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_ERRNOS.has(e.code))) return true;
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (err instanceof AggregateError && err.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return [e.cause, e.previous, e.originalError].some((x) => x !== err && isDatabaseUnavailable(x, depth + 1));
}

/** The 503 an unavailable database stands for, or undefined. */
export function unavailableError(err: unknown): DomainError | undefined {
  return isDatabaseUnavailable(err) ? unavailable() : undefined;
}
