import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { ADVICE, StartupError } from './startup-error';

/** The postmaster processes of an embedded cluster: who runs, who owns it, stopping an orphan. */

/** Inside DATA_DIR, beside the cluster directory `pg/`: the pid of the process that started the cluster. */
export const OWNER_FILE = 'postgres-owner.pid';
export const HAS_PROC = fs.existsSync('/proc/self/stat');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
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

export function procStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { state: rest[0], ppid: Number(rest[1]) };
  } catch {
    return undefined;
  }
}

/** True while `pid` runs (a zombie has finished: an orphan's reaper may not reap it at once). */
export function alive(pid: number): boolean {
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
export function isPostmasterOf(pid: number, databaseDir: string): boolean | undefined {
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

export function readPostmaster(databaseDir: string): { pid: number; port: number } | undefined {
  try {
    // postmaster.pid: pid on line 1, port on line 4.
    const lines = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

export function readOwner(dataDir: string): number | undefined {
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
export function ownerIsAlive(dataDir: string, postmasterPid: number): boolean {
  const owner = readOwner(dataDir);
  if (owner === undefined) return true;
  if (!alive(owner)) return false;
  const parent = HAS_PROC ? procStat(postmasterPid)?.ppid : undefined;
  return parent === undefined || parent === owner;
}

/** Fast shutdown of a postmaster nobody owns any more; immediate shutdown if it lingers. */
export async function stopOrphan(pid: number, log: Logger): Promise<void> {
  log.warn({ postgresPid: pid }, 'stopping the embedded PostgreSQL left running by a server that is gone');
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(pid, s);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EPERM') {
        throw new StartupError(
          `embedded PostgreSQL cannot start: a PostgreSQL left running on this DATA_DIR (pid ${pid}) cannot be stopped by this user; stop it, or ${ADVICE}`,
        );
      }
    }
  };
  signal('SIGINT');
  for (const [deadline, next] of [
    [20_000, 'SIGQUIT'],
    [10_000, undefined],
  ] as const) {
    const until = Date.now() + deadline;
    while (alive(pid) && Date.now() < until) await sleep(50);
    if (!alive(pid)) return;
    if (next) signal(next);
  }
  throw new StartupError(`embedded PostgreSQL cannot start: a PostgreSQL left running on this DATA_DIR (pid ${pid}) did not stop; stop it, or ${ADVICE}`);
}

// ---------------------------------------------------------------------------------------------------------
// root: the cluster runs as the "postgres" user
