import 'reflect-metadata';
import { defineConfig, ReflectMetadataProvider } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './src/modules/entities';
import { migrationsList } from './src/db/migrations';
import { APPLICATION_NAME } from './src/config/application-name';

/** One ORM config for the app, the CLI and the tests; only the connection URL differs. */
export function ormConfig(clientUrl: string, opts: { poolMax?: number; debug?: boolean; logger?: (message: string) => void } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    discovery: { warnWhenNoEntities: true, requireEntitiesArray: true },
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, tableName: 'mikro_orm_migrations' },
    pool: { min: 0, max: opts.poolMax ?? 10 },
    driverOptions: { connection: { application_name: APPLICATION_NAME } },
    forceUtcTimezone: true,
    debug: opts.debug ?? false,
    logger: opts.logger ?? (() => undefined),
    // Every request forks its own EntityManager; using the global one is a bug we want to see.
    allowGlobalContext: false,
  });
}

export default ormConfig(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/affiliates');
