import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ormConfig } from '../../mikro-orm.config';
import { DomainError } from '../common/errors';
import type { Logger } from '../common/logger';
import { translateDbError } from './db-errors';

/**
 * The app's PostgreSQL driver: every statement the ORM sends itself (em.find, em.count, em.insert, em.flush,
 * em.execute…) goes through `rethrow`, which here turns a driver error into the DomainError it stands for
 * (db-errors), as db/sql's execute does for hand-written SQL. A plain read outside a unit of work thus fails with
 * UNAVAILABLE, VALIDATION_FAILED or DUPLICATE like one inside it; a conflict becomes a RetryableError, which a unit
 * of work runs again. The ORM's connection (`em.getConnection().execute`) is left as it is: tools and tests only.
 */
export class AppPostgreSqlDriver extends PostgreSqlDriver {
  /** Off while initOrm applies the migrations: a migration that fails is reported as PostgreSQL said it. */
  translateErrors = true;

  protected override rethrow<T>(promise: Promise<T>): Promise<T> {
    return promise.catch((err: unknown) => {
      // Driver methods nest (a flush runs the driver's inserts): the inner one has translated it already.
      if (err instanceof DomainError) throw err;
      const converted = this.convertException(err as Error);
      throw this.translateErrors ? translateDbError(converted) : converted;
    });
  }
}

/** Connects and applies pending migrations; the app is not ready before this resolves. */
export async function initOrm(url: string, log: Logger, opts: { poolMax?: number; migrate?: boolean } = {}): Promise<MikroORM> {
  const config = ormConfig(url, { poolMax: opts.poolMax, logger: (m) => log.debug({ orm: m }, 'orm') });
  const driver: typeof PostgreSqlDriver = AppPostgreSqlDriver;
  const orm = await MikroORM.init({ ...config, driver });
  if (opts.migrate !== false) {
    const running = orm.em.getDriver() as AppPostgreSqlDriver;
    running.translateErrors = false;
    try {
      const applied = await orm.getMigrator().up();
      if (applied.length) log.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
    } finally {
      running.translateErrors = true;
    }
  }
  return orm;
}

/** True when the database answers and no migration is pending (readiness). */
export async function databaseReady(orm: MikroORM): Promise<boolean> {
  try {
    await orm.em.getConnection().execute('select 1');
    const pending = await orm.getMigrator().getPendingMigrations();
    return pending.length === 0;
  } catch {
    return false;
  }
}
