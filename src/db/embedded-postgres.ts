import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { createCluster, ensureDatabase, initCluster, loadEmbeddedPostgres, startCluster, type Cluster } from './embedded-cluster';
import { clusterExists, prepareDataDir, superuserPassword } from './embedded-data-dir';
import { alive, freePort, isPostmasterOf, OWNER_FILE, ownerIsAlive, readOwner, readPostmaster, stopOrphan } from './postmaster';
import { StartupError } from './startup-error';

export { StartupError };

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const urlFor = (password: string, port: number) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/affiliates`;

/**
 * The cluster in `databaseDir` while its postmaster.pid names a live process: shared when another live process
 * of ours runs it; otherwise cleared (an orphan stopped, a stale lock file removed) and undefined.
 */
async function runningCluster(dataDir: string, databaseDir: string, log: Logger): Promise<EmbeddedDatabase | undefined> {
  const pm = readPostmaster(databaseDir);
  if (!pm || !alive(pm.pid)) return undefined;
  if (isPostmasterOf(pm.pid, databaseDir) === false) {
    // postgres refuses to start while the pid in its lock file lives, even when that pid was reused.
    log.warn({ stalePid: pm.pid }, 'removing a stale postmaster.pid (its pid now belongs to another process)');
    fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
  } else if (!ownerIsAlive(dataDir, pm.pid)) {
    await stopOrphan(pm.pid, log);
  } else if (Number.isInteger(pm.port) && pm.port > 0) {
    return { url: urlFor(superuserPassword(dataDir, true), pm.port), async stop() {} };
  }
  return undefined;
}

/** The started cluster as this process owns it: stopped once, its owner file removed if still ours. */
function ownedDatabase(cluster: Cluster, dataDir: string, url: string): EmbeddedDatabase {
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await cluster.pg.stop();
      if (readOwner(dataDir) === process.pid) fs.rmSync(path.join(dataDir, OWNER_FILE), { force: true });
    },
  };
}

/**
 * Starts a real PostgreSQL shipped as an npm package, keeping its data under `dataDir` across restarts, and
 * stops it only when asked (graceful shutdown finishes in-flight requests first; see loadEmbeddedPostgres).
 *
 * A cluster run by another live process of ours (the server, while the CLI runs) is shared. One whose owner
 * is gone (a killed server) is stopped and started again here, so that every cluster has a live parent that
 * logs it and stops it. A postmaster.pid naming a live process that is not that cluster is removed.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger, opts: { persistent?: boolean } = {}): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  dataDir = path.resolve(dataDir);
  const databaseDir = path.join(dataDir, 'pg');
  const running = await runningCluster(dataDir, databaseDir, log);
  if (running) return running;

  const { root, ids, password } = await prepareDataDir(dataDir, databaseDir, log);
  const port = await freePort();
  const cluster = createCluster(EmbeddedPostgres, { databaseDir, port, password, persistent: opts.persistent ?? true, root }, log);
  if (!clusterExists(databaseDir)) await initCluster(cluster, dataDir, databaseDir, ids, log);
  await startCluster(cluster);
  fs.writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
  await ensureDatabase(cluster);
  return ownedDatabase(cluster, dataDir, urlFor(password, port));
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
