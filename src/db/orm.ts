import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../../mikro-orm.config';
import type { Logger } from '../common/logger';

/** Connects and applies pending migrations; the app is not ready before this resolves. */
export async function initOrm(url: string, log: Logger, opts: { poolMax?: number; migrate?: boolean } = {}): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(url, { poolMax: opts.poolMax, logger: (m) => log.debug({ orm: m }, 'orm') }));
  if (opts.migrate !== false) {
    const applied = await orm.getMigrator().up();
    if (applied.length) log.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
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
