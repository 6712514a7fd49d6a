/**
 * npm run bench -- [--runs 1] [--bench-dir ../shared/bench-independent] [--strict]
 *
 * The project's performance figure: the independent benchmark (../shared/bench-independent, a plain Express +
 * pg server doing the same SQL, measured beside the project in one run on one PostgreSQL) against the committed
 * HEAD, with the data set and rounds of issue 14 (3,000 affiliates, 30,000 sales, 3 rounds of 10 s; SEED_ARGS
 * and BENCH_ARGS override). Prints its table, then each target with the measured value; `--strict` exits 1 when
 * one is missed. The older in-repo comparison (its own baseline server) is `npm run bench:own`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bool, num, parseFlags, str } from './lib/args';

interface SideFigures {
  rps: number;
  p99: number;
  cpuUsPerReq?: number;
}
interface Scenario {
  key: string;
  name: string;
  kind: 'read' | 'write';
  bare: SideFigures;
  project: SideFigures;
  ratio: number;
}
interface Results {
  scenarios: Scenario[];
  rssMb: { bare: { max: number }; project: { max: number } };
}

/** Issue 14's targets: throughput ratio per scenario, CPU per request, p99 and RSS against the plain server. */
const RATIO: Record<string, number> = { 'get-affiliate': 0.8, 'get-sales': 0.8, 'post-referral': 0.6, 'post-sale': 0.5 };
const CPU = { read: 1.5, write: 2 };
const P99 = 1.5;
const RSS = 1.3;

interface Check {
  target: string;
  value: string;
  pass: boolean;
}

export function checks(r: Results): Check[] {
  const out: Check[] = [];
  const x = (v: number) => `${v.toFixed(2)}×`;
  for (const s of r.scenarios) {
    const want = RATIO[s.key];
    if (want !== undefined) out.push({ target: `${s.name}: ≥ ${want} of plain`, value: s.ratio.toFixed(2), pass: s.ratio >= want });
    if (s.project.cpuUsPerReq && s.bare.cpuUsPerReq) {
      const cpu = s.project.cpuUsPerReq / s.bare.cpuUsPerReq;
      out.push({
        target: `${s.name}: CPU per request ≤ ${CPU[s.kind]}× plain`,
        value: `${x(cpu)} (${Math.round(s.project.cpuUsPerReq)} / ${Math.round(s.bare.cpuUsPerReq)} µs)`,
        pass: cpu <= CPU[s.kind],
      });
    }
    const p99 = s.project.p99 / s.bare.p99;
    out.push({ target: `${s.name}: p99 ≤ ${P99}× plain`, value: `${x(p99)} (${s.project.p99} / ${s.bare.p99} ms)`, pass: p99 <= P99 });
  }
  const rss = r.rssMb.project.max / r.rssMb.bare.max;
  out.push({
    target: `RSS under load ≤ ${RSS}× plain`,
    value: `${x(rss)} (${Math.round(r.rssMb.project.max)} / ${Math.round(r.rssMb.bare.max)} MB)`,
    pass: rss <= RSS,
  });
  return out;
}

function main(): void {
  const flags = parseFlags(process.argv.slice(2));
  const dir = path.resolve(str(flags, 'bench-dir') ?? path.join('..', 'shared', 'bench-independent'));
  const script = path.join(dir, 'run-against-project.sh');
  if (!fs.existsSync(script)) {
    console.error(`npm run bench: the independent benchmark is not at ${dir} (give --bench-dir); npm run bench:own runs the in-repo comparison`);
    process.exit(2);
  }
  const runs = num(flags, 'runs', 1);
  const outDir = path.resolve('bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  let missed = 0;
  for (let i = 1; i <= runs; i++) {
    const out = path.join(outDir, `independent-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    console.log(`\n== run ${i} of ${runs}: ${script} (results: ${path.relative(process.cwd(), out)})`);
    const env = {
      ...process.env,
      SEED_ARGS: process.env.SEED_ARGS ?? '--affiliates 3000 --sales 30000',
      BENCH_ARGS: process.env.BENCH_ARGS ?? '--affiliates 3000 --sales 30000 --seconds 10 --rounds 3',
      BENCH_OUT: out,
    };
    const run = spawnSync('bash', [script], { env, stdio: 'inherit' });
    if (run.status !== 0 || !fs.existsSync(out)) {
      console.error(`the independent benchmark did not finish (exit ${run.status})`);
      process.exit(2);
    }
    const results = JSON.parse(fs.readFileSync(out, 'utf8')) as Results;
    console.log('\ntargets (issue 14):');
    for (const c of checks(results)) {
      if (!c.pass) missed++;
      console.log(`  ${c.pass ? 'met   ' : 'MISSED'}  ${c.target.padEnd(48)} ${c.value}`);
    }
  }
  if (missed && bool(flags, 'strict', false)) process.exit(1);
}

if (require.main === module) main();
