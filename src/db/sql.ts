import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/knex';
import { statementError, translateDbError } from './db-errors';

/**
 * Hand-written SQL straight to the driver: the request's connection (its transaction's when it is in one) gets
 * the statement as a named prepared statement with bound parameters. em.execute formats every value into the
 * text on the client, builds a knex raw query and logs it: measured at about a third of the CPU of a read, and
 * the server re-plans each text. Here a statement's text is converted once (`?` → `$n`), parsed and planned
 * once per connection, and values travel as parameters.
 *
 * Placeholders are `?` as in em.execute; `in (?)` takes an array (sent as `= any($n)`, one plan for every
 * length). `??` identifiers are not supported: identifiers are written into the text.
 *
 * A statement that fails throws the DomainError its driver error stands for (db-errors: statementError), so a
 * plain read outside a unit of work reaches no caller untranslated.
 */

type Row = Record<string, unknown>;

interface PgClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

interface Statement {
  text: string;
  name: string | undefined;
  /** Parameter positions that an `in (?)` turned into `= any(?)`: a single value is sent as a one-element array. */
  arrays: Set<number>;
}

/** Prepared statements per connection stay bounded: texts beyond this many are sent unnamed. */
const MAX_NAMED = 1000;
const statements = new Map<string, Statement>();
let named = 0;
const listeners = new Set<(sql: string) => void>();

/**
 * Runs `sql` with `params` on the EntityManager's connection and returns the rows. `planEachTime`: sent as an
 * unnamed statement, planned for its values every time, for statements whose best plan depends on them (an
 * aggregate over a window of any length), where a cached generic plan can be many times slower.
 */
export async function execute<T = Row[]>(em: EntityManager, sql: string, params: readonly unknown[] = [], opts: { planEachTime?: boolean } = {}): Promise<T> {
  const prepared = statements.get(sql) ?? prepare(sql);
  const statement = opts.planEachTime ? { ...prepared, name: undefined } : prepared;
  const values = statement.arrays.size ? params.map((v, i) => (statement.arrays.has(i) && !Array.isArray(v) ? [v] : v)) : (params as unknown[]);
  if (listeners.size) for (const l of listeners) l(statement.text);
  const trx = em.getTransactionContext<Knex.Transaction>();
  // A transaction that ended has handed its connection back to the pool: a statement sent through it would land
  // in whatever another request is doing (knex refuses this in its own query path, which this one skips).
  if (trx?.isCompleted()) throw translateDbError(new Error('Transaction query already complete: the EntityManager outlived its transaction'));
  const client = trx ? trx.client : em.getConnection().getKnex().client;
  let connection: PgClient;
  try {
    connection = (await client.acquireConnection()) as PgClient;
  } catch (err) {
    throw statementError(em.getDriver().convertException(err as Error), !!trx);
  }
  try {
    return (await send(connection, statement, values, !trx)).rows as T;
  } catch (err) {
    throw statementError(em.getDriver().convertException(err as Error), !!trx);
  } finally {
    if (!trx) client.releaseConnection(connection);
  }
}

/**
 * A migration that changes a table's columns invalidates every prepared `select *` on it in the processes
 * already running (SQLSTATE 0A000, "cached plan must not change result type"): the statement is prepared again
 * under a new name from then on, and sent again at once when no transaction was aborted by the failure.
 */
async function send(connection: PgClient, statement: Statement, values: unknown[], retry: boolean): Promise<{ rows: Row[] }> {
  try {
    return await connection.query({ name: statement.name, text: statement.text, values });
  } catch (err) {
    if (!statement.name || !isStalePlan(err)) throw err;
    statement.name = `s${++named}`;
    if (!retry) throw err;
    return connection.query({ name: statement.name, text: statement.text, values });
  }
}

const isStalePlan = (err: unknown) => (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test((err as Error).message);

/**
 * Calls `listener` with the text of every statement sent through `execute` (and returns how to stop): the
 * tests' statement counts. Statements the ORM builds itself are knex's 'query' events.
 */
export function observeStatements(listener: (sql: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `?` placeholders to `$n`, outside quoted text and comments; `in (?)` to `= any($n)`. */
function prepare(sql: string): Statement {
  let out = '';
  let n = 0;
  const arrays = new Set<number>();
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === '$' && sql[i + 1] === '$') throw new Error(`dollar-quoted text is not supported: ${sql}`);
    if (ch === "'" || ch === '"') {
      const end = sql.indexOf(ch, i + 1);
      if (end < 0) throw new Error(`unterminated quote in SQL: ${sql}`);
      out += sql.slice(i, end + 1);
      i = end;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      out += end < 0 ? sql.slice(i) : sql.slice(i, end);
      i = end < 0 ? sql.length : end - 1;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) throw new Error(`unterminated comment in SQL: ${sql}`);
      out += sql.slice(i, end + 2);
      i = end + 1;
    } else if (ch === '?') {
      if (sql[i + 1] === '?' || sql[i + 1] === '|' || sql[i + 1] === '&')
        throw new Error(`?? identifiers and the jsonb ?| ?& operators are not supported: ${sql}`);
      if (/\bnot\s+in\s*\(\s*$/i.test(out)) throw new Error(`not in (?) is not supported (write <> all(?) with an array): ${sql}`);
      const inList = /\bin\s*\(\s*$/i.exec(out);
      if (inList && /^\?\s*\)/.test(sql.slice(i))) {
        out = out.slice(0, inList.index) + `= any($${++n})`;
        arrays.add(n - 1);
        i = sql.indexOf(')', i);
      } else {
        out += `$${++n}`;
      }
    } else {
      out += ch;
    }
  }
  const statement: Statement = { text: out, name: statements.size < MAX_NAMED ? `s${++named}` : undefined, arrays };
  statements.set(sql, statement);
  return statement;
}
