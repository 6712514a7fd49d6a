/**
 * Real server processes for scale-out tests: `node dist/src/main.js` spawned on a free port, against a test
 * database (see createTestDatabase) and optionally a shared Redis. Fixtures are provisioned from the test
 * process through the services on the same database, as test/helpers/factories.ts does in-process.
 */
import 'reflect-metadata';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../src/config/config';
import { createLogger, type Logger } from '../../src/common/logger';
import { initOrm } from '../../src/db/orm';
import { freePort } from '../../src/db/postmaster';
import { createServices, type Services } from '../../src/modules/services';
import { createTestDatabase } from './database';
import { provisionProgram, type ProgramFixture } from './factories';
import { httpRequest, type ApiResponse, type RequestOptions } from './server';
import { sleep } from './wait';
import { testSql } from '../tenancy/tenancy-check.cjs';

const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'dist/src/main.js');

// ---------------------------------------------------------------------------------------------------------
// build

/** Newest mtime (ms) of the files under `p` whose name passes `keep`; 0 when there are none. */
function newestMtime(p: string, keep: (name: string) => boolean = () => true): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return keep(p) ? st.mtimeMs : 0;
  let newest = 0;
  for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e), keep));
  return newest;
}

/**
 * True when dist/ is missing or older than the sources. tsc builds incrementally and only rewrites the
 * outputs of changed files, so the build's age is its newest output (or build-info file), not main.js.
 */
function buildIsStale(): boolean {
  if (!fs.existsSync(MAIN)) return true;
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'src'), (n) => n.endsWith('.ts')),
    newestMtime(path.join(ROOT, 'rest-facade'), (n) => n.endsWith('.ts')),
    newestMtime(path.join(ROOT, 'mikro-orm.config.ts')),
    newestMtime(path.join(ROOT, 'tsconfig.json')),
    newestMtime(path.join(ROOT, 'tsconfig.build.json')),
  );
  const built = Math.max(
    newestMtime(path.join(ROOT, 'dist/src'), (n) => n.endsWith('.js')),
    newestMtime(path.join(ROOT, 'dist/rest-facade'), (n) => n.endsWith('.js')),
    newestMtime(path.join(ROOT, 'dist/.tsbuildinfo.build')),
  );
  return built < sources;
}

let built: Promise<void> | undefined;

/**
 * Runs `tsc -p tsconfig.build.json` when dist/ is missing or stale; once per test process. A lock directory
 * in the temp dir keeps two Jest workers from building into dist/ at the same time.
 */
export function ensureBuilt(): Promise<void> {
  built ??= (async () => {
    const lock = path.join(os.tmpdir(), `affiliates-build-${Buffer.from(ROOT).toString('hex').slice(-32)}.lock`);
    const deadline = Date.now() + 180_000;
    for (;;) {
      try {
        fs.mkdirSync(lock);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // A lock left by a killed run is stale after 3 minutes.
        try {
          if (Date.now() - fs.statSync(lock).mtimeMs > 180_000) fs.rmSync(lock, { recursive: true, force: true });
        } catch {
          /* gone meanwhile */
        }
        if (Date.now() > deadline) throw new Error(`timed out waiting for the build lock ${lock}`, { cause: err });
        await sleep(200);
      }
    }
    try {
      if (!buildIsStale()) return;
      const startedAt = new Date();
      const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
      const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8', timeout: 170_000 });
      if (r.status !== 0) throw new Error(`build failed (tsc -p tsconfig.build.json exited ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
      if (!fs.existsSync(MAIN)) throw new Error(`build produced no ${MAIN}`);
      // tsc leaves the outputs of unchanged files alone (a touched but unchanged source emits nothing): date the
      // build info to the build's start, so the build counts as fresh, yet a source saved during it does not.
      const info = path.join(ROOT, 'dist/.tsbuildinfo.build');
      if (fs.existsSync(info) && fs.statSync(info).mtimeMs < startedAt.getTime()) fs.utimesSync(info, startedAt, startedAt);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  })();
  built.catch(() => {
    built = undefined; // let a later call try again
  });
  return built;
}

// ---------------------------------------------------------------------------------------------------------
// HTTP

// ---------------------------------------------------------------------------------------------------------
// processes

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** What the process wrote to stdout and stderr so far (the last 256 KB). */
  output(): string;
  request<T = any>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  /** Shorthand for /api/v1 paths. */
  api<T = any>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). Safe to call twice. */
  stop(graceMs?: number): Promise<void>;
}

export interface ServerProcessOptions {
  databaseUrl: string;
  redisUrl?: string;
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
  /** How long to wait for GET /readyz = 200. */
  readyTimeoutMs?: number;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;
/** A Jest worker that dies (or forgets stop()) must not leave servers behind. */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
}

/** A port nobody listens on right now (the server binds it a moment later; a lost race is retried). */
export { freePort };

/**
 * Spawns `node dist/src/main.js` (building first if needed) on a free loopback port and waits for
 * GET /readyz = 200. main.ts prints the configured port, not the bound one, so the port is chosen here.
 * The first process on a fresh database applies the migrations; start the next ones after it is ready.
 */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  await ensureBuilt();
  let lastError: Error | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    try {
      return await spawnOnce(port, opts);
    } catch (err) {
      lastError = err as Error;
      if (!/EADDRINUSE/.test(lastError.message)) throw lastError;
    }
  }
  throw lastError!;
}

async function spawnOnce(port: number, opts: ServerProcessOptions): Promise<ServerProcess> {
  installExitHook();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: opts.databaseUrl,
    LOG_LEVEL: 'warn',
    WORKERS: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SHUTDOWN_TIMEOUT_MS: '5000',
    CLUSTER_WORKERS: '1',
    // Never the embedded database of a developer's checkout: DATABASE_URL is always set, DATA_DIR points nowhere useful.
    DATA_DIR: path.join(os.tmpdir(), `affiliates-proc-${randomBytes(4).toString('hex')}`),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    // The server's statements count for the program_id check too (test/tenancy).
    ...(process.env.STATEMENT_LOG_DIR
      ? { STATEMENT_LOG_DIR: process.env.STATEMENT_LOG_DIR, NODE_OPTIONS: `--require ${path.join(ROOT, 'test/tenancy/statement-recorder.cjs')}` }
      : {}),
    ...(opts.env ?? {}),
  };
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    if (out.length > 256 * 1024) out = out.slice(-256 * 1024);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => live.delete(child));
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 15_000) => {
    stopping ??= (async () => {
      if (!isRunning()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => isRunning() && child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (!isRunning()) throw new Error(`server process exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${out}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      await res.text();
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop(2000);
      throw new Error(`server process on ${url} was not ready within ${opts.readyTimeoutMs ?? 60_000} ms:\n${out}`);
    }
    await sleep(100);
  }

  const request = <T = any>(method: string, p: string, o?: RequestOptions) => httpRequest<T>(url, method, p, o);
  return {
    url,
    port,
    pid: child.pid!,
    output: () => out,
    request,
    api: (method, p, o) => request(method, `/api/v1${p}`, o),
    stop,
  };
}

// ---------------------------------------------------------------------------------------------------------
// provisioning from the test process

export interface Provisioner {
  orm: MikroORM;
  services: Services;
  log: Logger;
  /** A user with a program (settings as in createProgram, e.g. readsPerMinute) and an API key. */
  createProgram(settings?: Record<string, unknown>): Promise<ProgramFixture>;
  sql<T = any>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * The services on `databaseUrl` in this process (no HTTP, no workers, no migrations: a server process has
 * applied them), for fixtures the API cannot make without spending anonymous sign-up budgets.
 */
export async function connectProvisioner(databaseUrl: string): Promise<Provisioner> {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }), databaseUrl, workers: false };
  const log = createLogger(config.logLevel);
  const orm = await initOrm(databaseUrl, log, { migrate: false, poolMax: 4 });
  const services = createServices(config, log);
  return {
    orm,
    services,
    log,
    createProgram: (settings = {}) => provisionProgram({ services, orm, log }, { baseUrls: ['https://shop.example.com'], ...settings }),
    async sql(query, params = []) {
      return (await orm.em.fork().getConnection().execute(testSql(query), params)) as any[];
    },
    close: () => orm.close(true),
  };
}

// ---------------------------------------------------------------------------------------------------------
// a cluster

export interface Cluster {
  databaseUrl: string;
  processes: ServerProcess[];
  provisioner: Provisioner;
  /** Stops every process, closes the provisioner and drops the database; reports the first error after trying all. */
  close(): Promise<void>;
}

/**
 * `n` server processes on one fresh database (and one Redis when given). The first starts alone and applies
 * the migrations; the others start together once it is ready. Whatever started is cleaned up on a failure.
 */
export async function startCluster(n: number, opts: { redisUrl?: string; env?: Record<string, string> } = {}): Promise<Cluster> {
  await ensureBuilt();
  const db = await createTestDatabase();
  const processes: ServerProcess[] = [];
  let provisioner: Provisioner | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    const errors: unknown[] = [];
    const results = await Promise.allSettled(processes.map((p) => p.stop()));
    for (const r of results) if (r.status === 'rejected') errors.push(r.reason);
    await provisioner?.close().catch((e) => errors.push(e));
    await db.drop().catch((e) => errors.push(e));
    if (errors.length) throw errors[0];
  };
  try {
    const first = await startServerProcess({ databaseUrl: db.url, redisUrl: opts.redisUrl, env: opts.env });
    processes.push(first);
    const rest = await Promise.allSettled(
      Array.from({ length: n - 1 }, () => startServerProcess({ databaseUrl: db.url, redisUrl: opts.redisUrl, env: opts.env })),
    );
    for (const r of rest) if (r.status === 'fulfilled') processes.push(r.value);
    const failed = rest.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
    if (failed) throw failed.reason;
    provisioner = await connectProvisioner(db.url);
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
  return { databaseUrl: db.url, processes, provisioner, close };
}
