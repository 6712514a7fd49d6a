/**
 * Database errors are translated where they arise (issue 28): db/sql's execute and the ORM's own statements (the
 * app's driver, db/orm) throw the DomainError a driver error stands for, as db-errors maps it, so no edge
 * translates one. A conflict inside a transaction stays the driver's, for whoever opened the transaction to run
 * it again; a unique key's name rides along for the services that recover from one (isDuplicate).
 */
import {
  DeadlockException,
  DriverException,
  ForeignKeyConstraintViolationException,
  IsolationLevel,
  TableNotFoundException,
  UniqueConstraintViolationException,
  type EntityManager,
  type MikroORM,
} from '@mikro-orm/postgresql';
import { DomainError } from '../../src/common/errors';
import { createLogger } from '../../src/common/logger';
import { DuplicateError, isDuplicate, isRetryable, RetryableError, statementError, translateDbError } from '../../src/db/db-errors';
import { initOrm } from '../../src/db/orm';
import { execute } from '../../src/db/sql';
import { inTransaction } from '../../src/db/unit-of-work';
import { User } from '../../src/modules/users/user.entity';
import { createTestDatabase } from '../helpers/database';

/** A driver error as pg raises it. */
const pgError = (code: string, message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code, ...extra });

describe('db-errors: what each driver error stands for', () => {
  test('a unique key: DUPLICATE, with the key named and the driver error as its cause', () => {
    const raw = new UniqueConstraintViolationException(
      pgError('23505', 'duplicate key value violates unique constraint "users_email_key"', { constraint: 'users_email_key' }),
    );
    const out = translateDbError(raw);
    expect(out).toBeInstanceOf(DuplicateError);
    expect(out).toMatchObject({ code: 'DUPLICATE', constraint: 'users_email_key', message: 'A user with this email already exists' });
    expect((out as Error).cause).toBe(raw);
    expect(isDuplicate(out, 'users_email_key')).toBe(true);
    expect(isDuplicate(raw, 'users_email_key')).toBe(true);
    expect(isDuplicate(out, 'another_key')).toBe(false);
  });

  test('a missing reference and the values PostgreSQL refuses: VALIDATION_FAILED', () => {
    expect(translateDbError(new ForeignKeyConstraintViolationException(pgError('23503', 'violates foreign key constraint "x"')))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(translateDbError(new DriverException(pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00')))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'A value holds a character that cannot be stored',
    });
    expect(translateDbError(new DriverException(pgError('22P02', 'invalid input syntax for type uuid')))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  test('an unreachable or full database: UNAVAILABLE, retry in 5 s', () => {
    for (const raw of [
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'),
      new DriverException(pgError('53300', 'sorry, too many clients already')),
      new DriverException(pgError('57P01', 'terminating connection due to administrator command')),
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }),
    ])
      expect(translateDbError(raw)).toMatchObject({ code: 'UNAVAILABLE', retryAfterSeconds: 5 });
  });

  test('a conflict: a RetryableError (UNAVAILABLE, retry in 1 s) that a unit of work still retries', () => {
    const raw = new DeadlockException(pgError('40001', 'could not serialize access due to concurrent update'));
    const out = translateDbError(raw);
    expect(out).toBeInstanceOf(RetryableError);
    expect(out).toMatchObject({ code: 'UNAVAILABLE', retryAfterSeconds: 1 });
    expect(isRetryable(raw)).toBe(true);
    expect(isRetryable(out)).toBe(true);
    // Inside a transaction the statement leaves it as it is: the transaction's owner decides.
    expect(statementError(raw, true)).toBe(raw);
    expect(statementError(raw, false)).toBeInstanceOf(RetryableError);
  });

  test('a DomainError, and an error that stands for nothing, pass through', () => {
    const domain = new DomainError('NOT_FOUND', 'gone');
    expect(translateDbError(domain)).toBe(domain);
    const bug = new TableNotFoundException(pgError('42P01', 'relation "nope" does not exist'));
    expect(translateDbError(bug)).toBe(bug);
  });
});

describe('on a real PostgreSQL: translated where the statement runs', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  const em = (): EntityManager => orm.em.fork();

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    orm = await initOrm(db.url, createLogger('silent'), { migrate: false, poolMax: 3 });
    await execute(em(), 'create table translation_probe (id int primary key, v text not null, constraint translation_probe_v_key unique (v))');
    await execute(em(), "insert into translation_probe (id, v) values (1, 'one'), (5, 'five')");
  });
  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });

  test('hand-written SQL (db/sql): a unique key is a DuplicateError naming it', async () => {
    const err = await execute(em(), 'insert into translation_probe (id, v) values (?, ?)', [2, 'one']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DuplicateError);
    expect(err).toMatchObject({ code: 'DUPLICATE', constraint: 'translation_probe_v_key' });
    expect((err as Error).cause).toBeInstanceOf(UniqueConstraintViolationException);
    expect(isDuplicate(err, 'translation_probe_v_key')).toBe(true);
  });

  test('hand-written SQL: U+0000 in a value is VALIDATION_FAILED (22021), not a driver error', async () => {
    await expect(execute(em(), 'select ?::text as v', ['a\u0000b'])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'A value holds a character that cannot be stored',
    });
  });

  test("the ORM's own statements (em.execute, em.count) are translated by the app's driver", async () => {
    await expect(em().execute('select ?::uuid as id', ['not-a-uuid'])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'A value has an invalid format',
    });
    // No table yet (no migrations here): an error that stands for nothing stays the driver's (INTERNAL at the edges).
    const err = await em()
      .count(User, {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TableNotFoundException);
    expect(err).not.toBeInstanceOf(DomainError);
  });

  test("the ORM's connection (tools and tests) is left as it is", async () => {
    await expect(em().getConnection().execute('select ?::uuid as id', ['not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
  });

  test('a session the server ends is UNAVAILABLE, on both runners', async () => {
    // knex reports each broken connection with console.log.
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    await expect(execute(em(), 'select pg_terminate_backend(pg_backend_pid())')).rejects.toMatchObject({ code: 'UNAVAILABLE', retryAfterSeconds: 5 });
    await expect(em().execute('select pg_terminate_backend(pg_backend_pid())')).rejects.toMatchObject({ code: 'UNAVAILABLE', retryAfterSeconds: 5 });
    // The pool replaces the lost connections.
    expect(await execute(em(), 'select 1 as one')).toEqual([{ one: 1 }]);
    jest.restoreAllMocks();
  });

  test('inside a transaction a conflict stays the driver’s (SQLSTATE 40001), for its owner to run again', async () => {
    let seen: unknown;
    await em()
      .transactional(
        async (tx) => {
          await execute(tx, 'select v from translation_probe where id = 5');
          await execute(em(), "update translation_probe set v = 'changed' where id = 5");
          seen = await execute(tx, "update translation_probe set v = 'mine' where id = 5").catch((e: unknown) => e);
          throw new Error('roll back');
        },
        { isolationLevel: IsolationLevel.REPEATABLE_READ },
      )
      .catch(() => undefined);
    expect(seen).toBeInstanceOf(DeadlockException);
    expect(seen).toMatchObject({ code: '40001' });
    expect(isRetryable(seen)).toBe(true);
  });

  test('a unit of work runs its work again after a translated conflict (the ORM path), and translates what it gives up on', async () => {
    let attempts = 0;
    const out = await inTransaction({ em: em() }, async () => {
      attempts++;
      if (attempts === 1) throw new RetryableError();
      return 'done';
    });
    expect({ out, attempts }).toEqual({ out: 'done', attempts: 2 });
    attempts = 0;
    await expect(
      inTransaction({ em: em() }, async () => {
        attempts++;
        throw new RetryableError();
      }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE', retryAfterSeconds: 1 });
    expect(attempts).toBe(4);
  });
});
