import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/db/postmaster';
import fs from 'node:fs';
import path from 'node:path';

export interface Managed {
  name: string;
  origin: string;
  pid: number;
  child: ChildProcess;
  /** Last lines of its output (for failures). */
  output(): string;
  stop(): Promise<void>;
}

/** Resident set size of a process in bytes (VmRSS in /proc/<pid>/status); undefined when unreadable. */
export function rssOf(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** RSS of a process and all its descendants (a clustered server: the primary and its workers). */
export function treeRss(pid: number): number | undefined {
  const own = rssOf(pid);
  if (own === undefined) return undefined;
  const children = new Map<number, number[]>();
  try {
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
      } catch {
        /* gone */
      }
    }
  } catch {
    return own;
  }
  let total = 0;
  const queue = [pid];
  while (queue.length) {
    const p = queue.pop()!;
    total += rssOf(p) ?? 0;
    queue.push(...(children.get(p) ?? []));
  }
  return total;
}

/** Samples a process's RSS every `everyMs` until stopped; reports the peak and every sample. */
export function sampleRss(pid: number, everyMs = 250, tree = false) {
  const samples: Array<{ t: number; rss: number }> = [];
  const start = Date.now();
  const take = () => {
    const rss = tree ? treeRss(pid) : rssOf(pid);
    if (rss !== undefined) samples.push({ t: Date.now() - start, rss });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      const peak = samples.reduce((m, s) => Math.max(m, s.rss), 0);
      return { peak, last: samples[samples.length - 1]?.rss ?? 0, samples };
    },
  };
}

/**
 * Starts `node <script>` with the given environment (nothing else inherited but PATH and HOME, so a stray
 * REDIS_URL or NODE_ENV cannot change what is measured) and waits until `readyPath` answers 200.
 */
export async function startNode(
  name: string,
  script: string,
  env: Record<string, string>,
  opts: { readyPath: string; port: number; nodeArgs?: string[]; logFile?: string },
): Promise<Managed> {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(l);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  const log = opts.logFile ? fs.createWriteStream(opts.logFile, { flags: 'a' }) : undefined;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: path.resolve(__dirname, '../../..'),
  });
  child.stdout!.on('data', (c: Buffer) => {
    keep(c);
    log?.write(c);
  });
  child.stderr!.on('data', (c: Buffer) => {
    keep(c);
    log?.write(c);
  });
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  const origin = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`${name} exited with ${exited} before it was ready:\n${lines.slice(-30).join('\n')}`);
    try {
      const res = await fetch(origin + opts.readyPath);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} not ready after 120 s:\n${lines.slice(-30).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name,
    origin,
    pid: child.pid!,
    child,
    output: () => lines.join('\n'),
    async stop() {
      if (exited !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(timer);
      log?.end();
    },
  };
}

/**
 * The origin both servers put in links' trackingUrl (the project's PUBLIC_URL), so their answers compare equal.
 */
export const BENCH_PUBLIC_URL = 'https://bench.example.com';

/** The server under test: the build's own entry point, production mode, no background workers. */
export async function startProjectServer(
  databaseUrl: string,
  opts: { redisUrl?: string; nodeArgs?: string[]; logFile?: string; clusterWorkers?: number } = {},
): Promise<Managed> {
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    WORKERS: 'false',
    PUBLIC_URL: BENCH_PUBLIC_URL,
  };
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;
  if (opts.clusterWorkers && opts.clusterWorkers > 1) env.CLUSTER_WORKERS = String(opts.clusterWorkers);
  return startNode('server', path.resolve(__dirname, '../../src/main.js'), env, {
    readyPath: '/readyz',
    port,
    nodeArgs: [...startFlags(), ...(opts.nodeArgs ?? [])],
    logFile: opts.logFile,
  });
}

/** The V8 flags `npm start` runs the server with (package.json config.node_flags): measure what users run. */
export function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as { config?: { node_flags?: string } };
  return (pkg.config?.node_flags ?? '').split(/\s+/).filter(Boolean);
}

/** The baseline: bare Express + pg running the same SQL, written plainly (bench/baseline-server.ts). */
export async function startBaseline(databaseUrl: string, opts: { poolMax?: number; logFile?: string } = {}): Promise<Managed> {
  const port = await freePort();
  return startNode(
    'baseline',
    path.resolve(__dirname, '../baseline-server.js'),
    { PORT: String(port), DATABASE_URL: databaseUrl, POOL_MAX: String(opts.poolMax ?? 10), NODE_ENV: 'production', PUBLIC_URL: BENCH_PUBLIC_URL },
    { readyPath: '/healthz', port, logFile: opts.logFile },
  );
}
