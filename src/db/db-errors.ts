import { ConnectionException, DriverException, ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { DomainError, unavailable } from '../common/errors';

/**
 * The one translation of database errors into DESIGN.md codes (as Medusa's db-error-mapper), applied where they
 * arise: the statement runners (db/sql's execute for hand-written SQL, the ORM's driver for em.find, em.flush and
 * the like: db/orm) and the unit of work (db/unit-of-work: its BEGIN and COMMIT, and the conflicts it gave up
 * retrying). So a driver error never reaches a service's caller, no service catches one by hand, and the edges
 * (REST, GraphQL, pages) see DomainErrors only: none of them imports this file.
 */

/** Messages for the unique keys a caller can hit; constraint names come from the migrations. */
const UNIQUE_MESSAGES: Record<string, { field: string; message: string }> = {
  users_email_key: { field: 'email', message: 'A user with this email already exists' },
  affiliates_program_email_key: { field: 'email', message: 'An affiliate with this email already exists in this program' },
  affiliate_links_program_link_key: { field: 'link', message: 'This link is already in use' },
  programs_portal_slug_key: { field: 'portalSlug', message: 'This portal address is already taken by another program' },
};

/** A DUPLICATE that remembers which unique key it hit, for the few callers that recover from one. */
export class DuplicateError extends DomainError {
  constructor(
    readonly constraint: string | undefined,
    message: string,
    details?: { field: string; message: string }[],
  ) {
    super('DUPLICATE', message, details);
  }
}

/**
 * A serialization failure, deadlock or stale plan, translated: to a client it is UNAVAILABLE, retry in 1 s; a unit
 * of work that sees one runs its work again (isRetryable), as it does for the driver's own exception.
 */
export class RetryableError extends DomainError {
  constructor() {
    const { message } = unavailable();
    super('UNAVAILABLE', message, undefined, undefined, 1);
  }
}

/** The driver's error rides along as the translation's `cause` (as `new Error(m, { cause })` sets it): the log shows it. */
function caused<E extends DomainError>(translated: E, cause: unknown): E {
  Object.defineProperty(translated, 'cause', { value: cause, writable: true, configurable: true, enumerable: false });
  return translated;
}

// SQLSTATEs of a database that is going away, starting, full, or not reachable (class 08, 57P0x, 53300).
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// knex: a transaction whose BEGIN failed on a lost connection still runs its callback, and its first query
// fails with "Transaction query already complete" (the connection error stays on the transaction's promise).
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Timeout acquiring a connection|not queryable|Connection ended|server closed the connection|the database system is (starting up|shutting down)|Transaction query already complete/i;
/** Serialization failure and deadlock: the transaction lost a race and may simply run again. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
/** Bad values the database refused: not null, check, invalid text form, too long, out of range. */
const INVALID_VALUE_SQLSTATES: Record<string, string> = {
  '23502': 'A required value is missing',
  '23514': 'A value is outside what this field accepts',
  '22P02': 'A value has an invalid format',
  '22001': 'A value is too long',
  '22003': 'A number is out of range',
  '22007': 'A date or time has an invalid format',
  '22008': 'A date or time is out of range',
  '22021': 'A value holds a character that cannot be stored',
  '22P05': 'A value holds a character that cannot be stored',
};

const sqlState = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: string; message?: string };
  if (e.constraint) return e.constraint;
  return /constraint "([^"]+)"/.exec(e.message ?? '')?.[1];
}

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

/** A serialization failure or deadlock (as the driver raised it, or translated): the unit of work runs again. */
export const isRetryable = (err: unknown): boolean =>
  err instanceof RetryableError || (err instanceof DriverException && (RETRYABLE_SQLSTATES.has(sqlState(err) ?? '') || STALE_PLAN.test(String(err.message))));

/** A prepared statement planned before a migration changed its table: db/sql prepares it again, the work runs again. */
const STALE_PLAN = /cached plan must not change result type/;

/** The domain error a database error stands for; anything else (already a DomainError, a bug) passes through. */
export function translateDbError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  if (err instanceof UniqueConstraintViolationException) {
    const constraint = constraintOf(err);
    const known = UNIQUE_MESSAGES[constraint ?? ''];
    return caused(new DuplicateError(constraint, known?.message ?? 'A record with this value already exists', known ? [known] : undefined), err);
  }
  if (err instanceof ForeignKeyConstraintViolationException)
    return caused(new DomainError('VALIDATION_FAILED', 'A referenced record does not exist in this program'), err);
  if (isDatabaseUnavailable(err)) return caused(unavailable(), err);
  if (isRetryable(err)) return caused(new RetryableError(), err);
  const invalid = err instanceof DriverException ? INVALID_VALUE_SQLSTATES[sqlState(err) ?? ''] : undefined;
  if (invalid) return caused(new DomainError('VALIDATION_FAILED', invalid), err);
  return err;
}

/**
 * What a statement that failed throws: its translation, except a conflict (serialization failure, deadlock, stale
 * plan) inside a transaction, which stays as the driver raised it: it aborted the transaction, and only whoever
 * opened that can run it again (inTransaction; the stats rebuild, which reads its SQLSTATE).
 */
export function statementError(err: unknown, inTransaction: boolean): unknown {
  return inTransaction && isRetryable(err) ? err : translateDbError(err);
}

/** Whether an error is (or translates to) a DUPLICATE on the given unique key (any key when none is named). */
export function isDuplicate(err: unknown, constraint?: string): boolean {
  const mapped = translateDbError(err);
  return mapped instanceof DuplicateError && (!constraint || mapped.constraint === constraint);
}
