/**
 * npm run bench -- [--duration 10] [--connections 50] [--runs 3] [--warmup 3] [--only id,id] [--scale 1]
 *                  [--redis [url]] [--cluster N] [--node-args="--flag ..."] [--cpu-prof] [--keep-db] [--out bench/results] [--no-latest]
 *                  [--no-large-list] [--strict]
 *
 * Seeds a fresh database (10,000 affiliates, 20,000 links, 20,000 referrals, 100,000 sales with commissions),
 * starts the server under test (`node dist/src/main.js`, production, rate limits on, a real API key) and the
 * baseline (bench/baseline-server.ts: bare Express + pg, same SQL, written plainly), drives both with
 * autocannon from this process, and prints per scenario requests/s, p50, p99, errors, server RSS and the
 * project/baseline ratio, checked against the targets of the issue. Results go to bench/results/<date>.json
 * (and latest.json).
 */
import 'reflect-metadata';
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createLogger } from '../src/common/logger';
import { bool, num, parseFlags, str, usage } from './lib/args';
import { provisionDatabase } from './lib/database';
import { downloadList, type DownloadResult } from './lib/large-list';
import { runLoad, type LoadResult } from './lib/load';
import { rssOf, treeRss, startBaseline, startFlags, startProjectServer, type Managed } from './lib/processes';
import { firstDifference, fmt, MB, median, table } from './lib/report';
import { DASHBOARD_QUERY, scenarios, type BenchRequest } from './lib/scenarios';
import { createPromoCode, DEFAULT_SEED, seed, type Fixture } from './lib/seed';
import { countStatements, type StatementCount } from './lib/sql-count';

const SETTLE_MS = 1000;
/** V8 heap cap for the streaming proof: far below what the whole list would take in memory. */
const LARGE_LIST_HEAP_CAP_MB = 96;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TARGETS = { readRatio: 0.6, saleRatio: 0.5, p99Ms: 50, facadeVsGraphql: 0.95, rssBytes: 300 * MB };

interface Side {
  runs: LoadResult[];
  warmup: LoadResult[];
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssPeak: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
}

interface Check {
  name: string;
  target: string;
  value: string;
  pass: boolean;
}

interface ScenarioResult {
  id: string;
  title: string;
  kind: string;
  project: Side;
  baseline?: Side;
  ratio: number | null;
  statementsPerRequest?: number;
  probe?: { sameJson: boolean | null; difference: string | null; projectBytes: number; baselineBytes: number };
  checks: Check[];
}

function summarize(runs: LoadResult[], warmup: LoadResult[]): Side {
  const all = [...warmup, ...runs];
  const statusCodes: Record<string, number> = {};
  for (const r of all) for (const [k, v] of Object.entries(r.statusCodes)) statusCodes[k] = (statusCodes[k] ?? 0) + v;
  return {
    runs,
    warmup,
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: all.reduce((s, r) => s + r.errors, 0),
    rssPeak: Math.max(0, ...all.map((r) => r.rssPeak)),
    statusCodes,
    bytesPerResponse: median(runs.map((r) => r.bytesPerResponse)),
  };
}

async function send(origin: string, apiKey: string, r: BenchRequest): Promise<{ status: number; text: string }> {
  const res = await fetch(origin + r.path, {
    method: r.method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: r.body === undefined ? undefined : JSON.stringify(r.body),
  });
  return { status: res.status, text: await res.text() };
}

function gitRevision(): string {
  try {
    const rev = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    const dirty = execSync('git status --porcelain -- src rest-facade', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return dirty ? `${rev} (src or rest-facade modified)` : rev;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.help) {
    console.log(usage(fs.readFileSync(__filename, 'utf8')));
    return 0;
  }
  const opts = {
    duration: num(flags, 'duration', 10),
    connections: num(flags, 'connections', 50),
    runs: Math.max(1, Math.round(num(flags, 'runs', 3))),
    warmup: num(flags, 'warmup', 3),
    scale: num(flags, 'scale', 1),
    only: str(flags, 'only')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    redis: flags.redis === true ? 'redis://127.0.0.1:6379' : str(flags, 'redis'),
    cpuProf: bool(flags, 'cpu-prof', false),
    keepDb: bool(flags, 'keep-db', false),
    out: path.resolve(str(flags, 'out', path.resolve(__dirname, '../../bench/results'))),
    latest: bool(flags, 'latest', true),
    strict: bool(flags, 'strict', false),
    largeList: bool(flags, 'large-list', true),
    cluster: Math.round(num(flags, 'cluster', 1)),
    nodeArgs: str(flags, 'node-args')?.split(/\s+/).filter(Boolean) ?? [],
  };
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  fs.mkdirSync(opts.out, { recursive: true });
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    while (cleanups.length) await cleanups.pop()!().catch((err) => console.error('cleanup:', err));
  };
  const onSignal = () => void cleanup().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    console.log(
      `bench: ${opts.connections} connections, ${opts.runs} x ${opts.duration} s per scenario and server (median reported), ${opts.warmup} s warm-up; ${os.cpus().length} CPUs, Node ${process.version}`,
    );
    const db = await provisionDatabase(log, { keep: opts.keepDb });
    cleanups.push(() => db.close());
    const pgInfo = await (async () => {
      const c = new Client({ connectionString: db.url });
      await c.connect();
      const v = (await c.query('show server_version')).rows[0].server_version as string;
      await c.end();
      return v;
    })();
    console.log(`database: ${db.kind === 'embedded' ? 'embedded PostgreSQL (temporary)' : 'fresh database on DATABASE_URL'} ${pgInfo}`);

    const seedOpts = { ...DEFAULT_SEED, affiliates: Math.round(DEFAULT_SEED.affiliates * opts.scale), sales: Math.round(DEFAULT_SEED.sales * opts.scale) };
    const fx: Fixture = await seed(db.url, log, seedOpts);
    const c = fx.counts;
    console.log(
      `seeded in ${fx.seedSeconds.toFixed(1)} s: ${c.affiliates} affiliates, ${c.links} links, ${c.referrals} referrals, ${c.sales} sales, ${c.commissions} commissions, ${c.commissionEntries} ledger entries`,
    );

    const promoCode = 'BENCH10';
    const all = scenarios(fx, promoCode);
    const chosen = opts.only ? all.filter((s) => opts.only!.includes(s.id)) : all;
    if (!chosen.length) throw new Error(`--only matched no scenario; ids: ${all.map((s) => s.id).join(', ')}`);

    // SQL statements per request, counted in-process (this also proves every request answers 200).
    const dashboardAt = (first: number) => (n: number) => ({
      method: 'POST' as const,
      path: '/graphql',
      body: { operationName: 'Dashboard', query: DASHBOARD_QUERY, variables: { first, after: fx.affiliatePageCursors[n + 3] } },
    });
    const countRequests: Record<string, (n: number) => BenchRequest> = {};
    for (const s of all) countRequests[s.id] = (n) => s.build(n, `count-${n}`);
    for (const first of [10, 25, 50]) countRequests[`dashboard-first-${first}`] = dashboardAt(first);
    const statements: Record<string, StatementCount> = await countStatements(db.url, fx.apiKey, log, countRequests, async (origin) => {
      await createPromoCode(origin, fx, promoCode);
    });
    console.log(`SQL statements per request: ${all.map((s) => `${s.id} ${statements[s.id].statements}`).join(', ')}`);
    const dash = [10, 25, 50].map((f) => ({ first: f, ...statements[`dashboard-first-${f}`] }));
    console.log(
      `dashboard: ${dash
        .map(
          (d) =>
            `first ${d.first}: ${d.statements} statements (${Object.entries(d.byTable)
              .map(([t, n]) => `${t} ${n}`)
              .join(', ')})`,
        )
        .join('; ')}`,
    );

    const tag = randomBytes(2).toString('hex');
    const profileDir = path.join(opts.out, `profiles-${stamp}`);
    const project: Managed = await startProjectServer(db.url, {
      redisUrl: opts.redis,
      clusterWorkers: opts.cluster,
      nodeArgs: [...opts.nodeArgs, ...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
      logFile: path.join(opts.out, `${stamp}-server.log`),
    });
    cleanups.push(() => project.stop());
    const baseline: Managed = await startBaseline(db.url, { logFile: path.join(opts.out, `${stamp}-baseline.log`) });
    cleanups.push(() => baseline.stop());
    const idleRss = { project: (opts.cluster > 1 ? treeRss(project.pid) : rssOf(project.pid)) ?? 0, baseline: rssOf(baseline.pid) ?? 0 };
    console.log(
      `server pid ${project.pid} (node ${[...startFlags(), ...opts.nodeArgs].join(' ')}; RSS ${fmt.mb(idleRss.project)} MB idle, rate limits in ${opts.redis ? 'Redis' : 'memory'}), baseline pid ${baseline.pid} (RSS ${fmt.mb(idleRss.baseline)} MB)\n`,
    );

    const results: ScenarioResult[] = [];
    for (const [i, s] of chosen.entries()) {
      // Same request to both: reads must answer the same JSON, so both do the same work.
      const probeReq = s.build(0, `${tag}-probe`);
      const pr = await send(project.origin, fx.apiKey, probeReq);
      const br = await send(baseline.origin, fx.apiKey, s.kind === 'read' ? probeReq : s.build(0, `${tag}-probeb`));
      if (pr.status !== 200) throw new Error(`${s.title}: the project answered ${pr.status}: ${pr.text.slice(0, 300)}`);
      if (br.status !== 200) throw new Error(`${s.title}: the baseline answered ${br.status}: ${br.text.slice(0, 300)}`);
      const difference = s.kind === 'read' ? firstDifference(JSON.parse(pr.text), JSON.parse(br.text)) : null;
      const probe = { sameJson: s.kind === 'read' ? difference === null : null, difference, projectBytes: pr.text.length, baselineBytes: br.text.length };

      const load = async (m: Managed, phase: string, seconds: number) => {
        const r = await runLoad({
          origin: m.origin,
          apiKey: fx.apiKey,
          connections: opts.connections,
          durationSeconds: seconds,
          pid: m.pid,
          treeRss: opts.cluster > 1,
          build: (n) => s.build(n, `${tag}-${m.name[0]}${phase}`),
        });
        // autocannon stops sending at the deadline; requests still running on the server finish first.
        await sleep(SETTLE_MS);
        return r;
      };
      const warm = { project: [] as LoadResult[], baseline: [] as LoadResult[] };
      const runs = { project: [] as LoadResult[], baseline: [] as LoadResult[] };
      if (opts.warmup > 0) {
        warm.baseline.push(await load(baseline, 'w', opts.warmup));
        warm.project.push(await load(project, 'w', opts.warmup));
      }
      // Alternating, so drift (database growth, caches, the machine) touches both alike.
      for (let r = 0; r < opts.runs; r++) {
        runs.baseline.push(await load(baseline, `r${r}`, opts.duration));
        runs.project.push(await load(project, `r${r}`, opts.duration));
      }
      const p = summarize(runs.project, warm.project);
      const b = summarize(runs.baseline, warm.baseline);
      const ratio = b.rps ? p.rps / b.rps : null;
      const checks: Check[] = [];
      if (s.minRatio !== undefined)
        checks.push({ name: 'ratio', target: `>= ${s.minRatio}`, value: fmt.ratio(ratio ?? NaN), pass: (ratio ?? 0) >= s.minRatio });
      checks.push({ name: 'p99', target: `< ${TARGETS.p99Ms} ms`, value: `${fmt.ms(p.p99)} ms`, pass: p.p99 < TARGETS.p99Ms });
      checks.push({ name: 'errors', target: '0', value: String(p.errors), pass: p.errors === 0 });
      checks.push({ name: 'rss', target: `< ${fmt.mb(TARGETS.rssBytes)} MB`, value: `${fmt.mb(p.rssPeak)} MB`, pass: p.rssPeak < TARGETS.rssBytes });
      if (probe.sameJson === false) checks.push({ name: 'same JSON as baseline', target: 'equal', value: difference ?? '', pass: false });
      results.push({
        id: s.id,
        title: s.title,
        kind: s.kind,
        project: p,
        baseline: b,
        ratio,
        statementsPerRequest: statements[s.id]?.statements,
        probe,
        checks,
      });
      const codes = (side: Side) =>
        Object.entries(side.statusCodes)
          .filter(([k]) => k !== '200')
          .map(([k, v]) => `${k}:${v}`)
          .join(' ');
      console.log(
        `[${i + 1}/${chosen.length}] ${s.title.padEnd(42)} project ${fmt.rps(p.rps).padStart(6)} rps p50 ${fmt.ms(p.p50).padStart(5)} p99 ${fmt.ms(p.p99).padStart(5)} ms` +
          ` | baseline ${fmt.rps(b.rps).padStart(6)} rps p99 ${fmt.ms(b.p99).padStart(5)} ms | ratio ${fmt.ratio(ratio ?? NaN)} | runs ${runs.project.map((r) => fmt.rps(r.rps)).join('/')}` +
          (p.errors || b.errors ? ` | errors project ${p.errors} ${codes(p)} baseline ${b.errors} ${codes(b)}` : ''),
      );
      if (p.errors) {
        const again = await send(project.origin, fx.apiKey, s.build(1, `${tag}-diag`));
        console.log(`    a request sent now answers ${again.status}: ${again.text.slice(0, 200)}`);
      }
    }

    // REST facade against the same operation sent to /graphql.
    for (const r of results) {
      const twin = chosen.find((s) => s.id === r.id)?.graphqlTwin;
      const g = twin && results.find((x) => x.id === twin);
      if (!g) continue;
      const v = r.project.rps / g.project.rps;
      r.checks.push({ name: 'REST / GraphQL', target: `>= ${TARGETS.facadeVsGraphql}`, value: fmt.ratio(v), pass: v >= TARGETS.facadeVsGraphql });
    }

    // Large lists: GET /sales without parameters, 100,000+ rows, streamed by the project.
    let largeList:
      | { expected: number; project: DownloadResult[]; baseline: DownloadResult[]; capped?: DownloadResult & { heapCapMB: number; exitCode: number | null } }
      | undefined;
    if (opts.largeList) {
      const cnt = new Client({ connectionString: db.url });
      await cnt.connect();
      const countSales = async () => Number((await cnt.query('select count(*)::int as n from sales where program_id = $1', [fx.programId])).rows[0].n);
      let expected = await countSales();
      for (let again = 0; again < 20; again++) {
        await sleep(500);
        const now = await countSales();
        if (now === expected) break;
        expected = now;
      }
      await cnt.end();
      largeList = { expected, project: [], baseline: [] };
      for (let k = 0; k < 2; k++) largeList.project.push(await downloadList(project.origin, fx.apiKey, '/api/v1/sales', project.pid, expected));
      largeList.baseline.push(await downloadList(baseline.origin, fx.apiKey, '/api/v1/sales', baseline.pid, expected));
    }
    const finalRss = { project: (opts.cluster > 1 ? treeRss(project.pid) : rssOf(project.pid)) ?? 0, baseline: rssOf(baseline.pid) ?? 0 };
    cleanups.pop();
    await baseline.stop();
    cleanups.pop();
    await project.stop();
    if (largeList) {
      // The proof that the list is streamed, not held: the same download from a server whose V8 heap is
      // capped well below what 100,000+ hydrated sales and their JSON take.
      const capped = await startProjectServer(db.url, {
        nodeArgs: [`--max-old-space-size=${LARGE_LIST_HEAP_CAP_MB}`],
        logFile: path.join(opts.out, `${stamp}-server-capped.log`),
      });
      cleanups.push(() => capped.stop());
      const d = await downloadList(capped.origin, fx.apiKey, '/api/v1/sales', capped.pid, largeList.expected);
      cleanups.pop();
      await capped.stop();
      largeList.capped = { ...d, heapCapMB: LARGE_LIST_HEAP_CAP_MB, exitCode: capped.child.exitCode };
    }

    // ---- report ----
    const mark = (ok: boolean) => (ok ? 'ok' : 'FAIL');
    const rows: string[][] = [['scenario', 'rps', 'p50 ms', 'p99 ms', 'errors', 'base rps', 'base p99', 'ratio', 'RSS MB', 'SQL/req', 'targets']];
    for (const r of results) {
      rows.push([
        r.title,
        fmt.rps(r.project.rps),
        fmt.ms(r.project.p50),
        fmt.ms(r.project.p99),
        String(r.project.errors),
        fmt.rps(r.baseline?.rps ?? 0),
        fmt.ms(r.baseline?.p99 ?? 0),
        fmt.ratio(r.ratio ?? NaN),
        fmt.mb(r.project.rssPeak),
        String(r.statementsPerRequest ?? '—'),
        r.checks.map((k) => `${k.name} ${k.value} ${mark(k.pass)}`).join('; '),
      ]);
    }
    console.log(`\n${table(rows)}`);

    const globalChecks: Check[] = [];
    const dashConstant = dash.every((d) => d.statements === dash[0].statements);
    globalChecks.push({
      name: 'dashboard SQL per relation, not per row',
      target: 'same count for 10, 25, 50 affiliates',
      value: dash.map((d) => `${d.first}: ${d.statements}`).join(', '),
      pass: dashConstant,
    });
    if (largeList) {
      const worst = largeList.project.reduce((m, d) => Math.max(m, d.rssPeak), 0);
      const cap = largeList.capped;
      const ok = [...largeList.project, ...(cap ? [cap] : [])].every((d) => d.complete && d.status === 200);
      globalChecks.push({
        name: 'GET /sales (no parameters) streams a complete array',
        target: `${largeList.expected} items, also from a server with a ${LARGE_LIST_HEAP_CAP_MB} MB heap cap`,
        value:
          `${largeList.project.map((d) => `${d.items} items, ${(d.bytes / MB).toFixed(1)} MB in ${d.seconds.toFixed(2)} s`).join(' / ')}; peak RSS ${fmt.mb(worst)} MB` +
          (cap ? `; capped: ${cap.complete ? 'complete' : 'INCOMPLETE'}, peak RSS ${fmt.mb(cap.rssPeak)} MB` : ''),
        pass: ok,
      });
    }
    const maxRss = Math.max(finalRss.project, ...results.map((r) => r.project.rssPeak), ...(largeList?.project.map((d) => d.rssPeak) ?? []));
    globalChecks.push({
      name: 'server RSS over the whole run',
      target: `< ${fmt.mb(TARGETS.rssBytes)} MB`,
      value: `${fmt.mb(maxRss)} MB peak`,
      pass: maxRss < TARGETS.rssBytes,
    });
    console.log('');
    if (largeList) {
      const line = (who: string, d: DownloadResult) =>
        `  ${who.padEnd(9)} ${d.status} ${d.items} items ${d.complete ? 'complete' : 'INCOMPLETE'}, ${(d.bytes / MB).toFixed(1)} MB in ${d.seconds.toFixed(2)} s (first byte ${d.firstByteMs.toFixed(0)} ms), RSS ${fmt.mb(d.rssBefore)} -> peak ${fmt.mb(d.rssPeak)} MB${d.error ? ` ${d.error}` : ''}`;
      console.log('GET /api/v1/sales without parameters:');
      for (const d of largeList.project) console.log(line('project', d));
      for (const d of largeList.baseline) console.log(line('baseline', d));
      if (largeList.capped) console.log(line(`project, --max-old-space-size=${LARGE_LIST_HEAP_CAP_MB}`, largeList.capped));
      console.log('');
    }
    for (const g of globalChecks) console.log(`${mark(g.pass).padEnd(4)}  ${g.name}: ${g.value} (target ${g.target})`);
    const failed = [
      ...results.flatMap((r) => r.checks.filter((k) => !k.pass).map((k) => `${r.title}: ${k.name} ${k.value} (target ${k.target})`)),
      ...globalChecks.filter((g) => !g.pass).map((g) => g.name),
    ];
    console.log(failed.length ? `\n${failed.length} target(s) missed:\n  ${failed.join('\n  ')}` : '\nevery target met');

    const report = {
      date: new Date().toISOString(),
      revision: gitRevision(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryMB: Math.round(os.totalmem() / MB),
        node: process.version,
        postgres: pgInfo,
        database: db.kind,
      },
      options: { ...opts, out: undefined },
      targets: TARGETS,
      seed: { ...fx.counts, seconds: fx.seedSeconds },
      serverNodeFlags: [...startFlags(), ...opts.nodeArgs],
      idleRss,
      finalRss,
      scenarios: results,
      statements: Object.fromEntries(Object.entries(statements).map(([k, v]) => [k, { statements: v.statements, byTable: v.byTable, sql: v.sql }])),
      largeList,
      globalChecks,
      failed,
    };
    const file = path.join(opts.out, `${stamp}.json`);
    fs.writeFileSync(file, JSON.stringify(report, null, 2));
    if (opts.latest) fs.writeFileSync(path.join(opts.out, 'latest.json'), JSON.stringify(report, null, 2));
    console.log(
      `\nresults: ${path.relative(process.cwd(), file)}${opts.latest ? ' (and latest.json)' : ''}${opts.cpuProf ? `; CPU profile in ${path.relative(process.cwd(), profileDir)}` : ''}`,
    );
    return opts.strict && failed.length ? 1 : 0;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('bench failed:', err);
    process.exit(1);
  },
);
