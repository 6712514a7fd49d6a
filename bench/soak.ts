/**
 * npm run soak -- [--seconds 300] [--connections 50] [--rate N] [--scale 1] [--redis [url]] [--sample 5]
 *                 [--max-growth-mb-per-min 1] [--growth-check auto|on|off] [--keep-db]
 * npm run soak:ci        (30 seconds)
 *
 * Holds a mixed load on the server under test (70 % reads: affiliate lookups, link and sale lists, the
 * dashboard query; 30 % writes: referrals, sales, sales with a promo code) for the given time, samples the
 * server's RSS every 5 s, prints the samples with requests, errors and p99 per interval, fits a linear trend
 * to RSS after the warm-up, and checks at the end that the counters the writes moved still agree with the
 * rows. Exits non-zero on any error, on clear RSS growth, or on inconsistent counters.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createLogger } from '../src/common/logger';
import { bool, num, parseFlags, str, usage } from './lib/args';
import { provisionDatabase } from './lib/database';
import { runLoad } from './lib/load';
import { rssOf, startProjectServer } from './lib/processes';
import { linearTrend, MB, table } from './lib/report';
import { scenarios, type Scenario } from './lib/scenarios';
import { createPromoCode, DEFAULT_SEED, seed } from './lib/seed';

/** The mix: 70 % reads, 30 % writes (weights in percent). */
const MIX: Array<[string, number]> = [
  ['rest-affiliate', 25],
  ['rest-links', 15],
  ['rest-sales', 15],
  ['gql-affiliate', 5],
  ['gql-dashboard', 10],
  ['post-referral', 12],
  ['post-sale', 13],
  ['post-sale-promo', 5],
];

/** Counters the writes move, recomputed from the rows: every one must agree after the run. */
const CONSISTENCY = [
  {
    name: 'affiliate referred-user counts',
    sql: `select count(*)::int as n from affiliates a where a.program_id = $1 and a.number_of_referred_users <>
            (select count(*) from referrals r where r.program_id = a.program_id and r.affiliate_id = a.id)`,
  },
  {
    name: 'link referral counts',
    sql: `select count(*)::int as n from affiliate_links l where l.program_id = $1 and l.referrals <>
            (select count(*) from referrals r where r.program_id = l.program_id and r.link_id = l.id)`,
  },
  {
    name: 'link sale counts and revenue',
    sql: `select count(*)::int as n from affiliate_links l left join (
            select link_id, count(*) as n, sum(total_earned) as revenue from sales where program_id = $1 and not refunded group by link_id) x on x.link_id = l.id
          where l.program_id = $1 and (l.sales <> coalesce(x.n, 0) or l.total_revenue <> coalesce(x.revenue, 0))`,
  },
  {
    name: 'affiliate commission totals = ledger',
    sql: `select count(*)::int as n from affiliates a left join (
            select c.affiliate_id, sum(e.amount) as total from commission_entries e join commissions c on c.program_id = e.program_id and c.id = e.commission_id
             where e.program_id = $1 group by c.affiliate_id) x on x.affiliate_id = a.id
          where a.program_id = $1 and a.total_commission_earned <> coalesce(x.total, 0)`,
  },
  {
    name: 'one commission per sale',
    sql: `select count(*)::int as n from sales s where s.program_id = $1 and (select count(*) from commissions c where c.program_id = s.program_id and c.sale_id = s.id) <> 1`,
  },
  {
    name: 'promo code redemptions = sales with the code',
    sql: `select count(*)::int as n from promotional_codes p where p.program_id = $1 and p.times_redeemed <>
            (select count(*) from sales s where s.program_id = p.program_id and s.promotional_code_id = p.id)`,
  },
];

interface Interval {
  t: number;
  rssMB: number;
  requests: number;
  errors: number;
  p99: number;
}

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.help) {
    console.log(usage(fs.readFileSync(__filename, 'utf8')));
    return 0;
  }
  const seconds = num(flags, 'seconds', 300);
  const sampleSeconds = num(flags, 'sample', 5);
  const connections = num(flags, 'connections', 50);
  const rate = flags.rate !== undefined ? num(flags, 'rate', 0) : undefined;
  const scale = num(flags, 'scale', 1);
  const redis = flags.redis === true ? 'redis://127.0.0.1:6379' : str(flags, 'redis');
  const maxGrowth = num(flags, 'max-growth-mb-per-min', 1);
  const growthCheck = str(flags, 'growth-check', 'auto');
  // The rate limiter keeps one minute of calls: memory legitimately fills for the first minute.
  const warmupSeconds = Math.min(90, Math.max(sampleSeconds, Math.round(seconds * 0.3)));
  const enforceGrowth = growthCheck === 'on' || (growthCheck === 'auto' && seconds >= 120);
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');

  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    while (cleanups.length) await cleanups.pop()!().catch((err) => console.error('cleanup:', err));
  };
  const onSignal = () => void cleanup().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.log(
      `soak: ${seconds} s of mixed load (70 % reads, 30 % writes), ${connections} connections${rate ? `, capped at ${rate} req/s` : ''}, RSS every ${sampleSeconds} s`,
    );
    const db = await provisionDatabase(log, { keep: bool(flags, 'keep-db', false), prefix: 'soak' });
    cleanups.push(() => db.close());
    const fx = await seed(db.url, log, {
      ...DEFAULT_SEED,
      affiliates: Math.round(DEFAULT_SEED.affiliates * scale),
      sales: Math.round(DEFAULT_SEED.sales * scale),
    });
    console.log(
      `seeded in ${fx.seedSeconds.toFixed(1)} s: ${fx.counts.affiliates} affiliates, ${fx.counts.links} links, ${fx.counts.sales} sales (${db.kind} database)`,
    );
    const out = path.resolve(__dirname, '../../bench/results');
    fs.mkdirSync(out, { recursive: true });
    const server = await startProjectServer(db.url, { redisUrl: redis, logFile: path.join(out, 'soak-server.log') });
    cleanups.push(() => server.stop());
    const promo = await createPromoCode(server.origin, fx);

    const all = new Map(scenarios(fx, promo).map((s) => [s.id, s]));
    const wheel: Scenario[] = [];
    for (const [id, w] of MIX) for (let i = 0; i < w; i++) wheel.push(all.get(id)!);
    const tag = randomBytes(2).toString('hex');
    // A fixed shuffle of the 100-slot wheel, so neighbouring requests are of different kinds.
    const order = wheel
      .map((s, i) => ({ s, k: (i * 7919 + 13) % 101 }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.s);

    const intervals: Interval[] = [];
    let window = { requests: 0, errors: 0, latencies: [] as number[] };
    const started = Date.now();
    const startRss = rssOf(server.pid) ?? 0;
    console.log(`server pid ${server.pid}, RSS ${(startRss / MB).toFixed(0)} MB at start\n`);
    console.log('    t   RSS MB   req/s  errors  p99 ms');
    const tick = setInterval(() => {
      const lat = window.latencies.sort((a, b) => a - b);
      const iv: Interval = {
        t: Math.round((Date.now() - started) / 1000),
        rssMB: (rssOf(server.pid) ?? 0) / MB,
        requests: window.requests,
        errors: window.errors,
        p99: lat.length ? lat[Math.min(lat.length - 1, Math.floor(lat.length * 0.99))] : 0,
      };
      intervals.push(iv);
      window = { requests: 0, errors: 0, latencies: [] };
      console.log(
        `${String(iv.t).padStart(5)}  ${iv.rssMB.toFixed(1).padStart(7)}  ${(iv.requests / sampleSeconds).toFixed(0).padStart(6)}  ${String(iv.errors).padStart(6)}  ${iv.p99.toFixed(0).padStart(6)}`,
      );
    }, sampleSeconds * 1000);
    const result = await runLoad({
      origin: server.origin,
      apiKey: fx.apiKey,
      connections,
      durationSeconds: seconds,
      rate,
      build: (n) => order[n % order.length].build(n, tag),
      onResponse: (status, ms) => {
        window.requests++;
        window.latencies.push(ms);
        if (status < 200 || status >= 300) window.errors++;
      },
      onError: () => {
        window.errors++;
      },
    });
    clearInterval(tick);
    await new Promise((r) => setTimeout(r, 1000));
    const endRss = rssOf(server.pid) ?? 0;

    // Trend of RSS after the warm-up.
    const fit = intervals.filter((i) => i.t >= warmupSeconds).map((i) => ({ x: i.t / 60, y: i.rssMB }));
    const trend = linearTrend(fit);
    const span = fit.length > 1 ? fit[fit.length - 1].x - fit[0].x : 0;
    const meanRss = fit.reduce((s, p) => s + p.y, 0) / Math.max(1, fit.length);
    const growing = fit.length >= 4 && trend.slope > maxGrowth && trend.r2 >= 0.5;

    // Counters the writes moved must agree with the rows.
    const c = new Client({ connectionString: db.url });
    await c.connect();
    const consistency: Array<{ name: string; mismatches: number }> = [];
    for (const check of CONSISTENCY) consistency.push({ name: check.name, mismatches: Number((await c.query(check.sql, [fx.programId])).rows[0].n) });
    await c.end();

    cleanups.pop();
    await server.stop();
    const exitCode = server.child.exitCode;

    const errors = result.errors;
    console.log('');
    console.log(
      table([
        ['', 'value'],
        ['requests', String(result.requests)],
        ['requests/s (mean)', result.rps.toFixed(0)],
        ['p50 / p99 ms', `${result.p50} / ${result.p99}`],
        ['errors (non-2xx + socket)', `${errors}${Object.keys(result.statusCodes).length > 1 ? ` ${JSON.stringify(result.statusCodes)}` : ''}`],
        ['RSS start / end / peak MB', `${(startRss / MB).toFixed(0)} / ${(endRss / MB).toFixed(0)} / ${Math.max(...intervals.map((i) => i.rssMB)).toFixed(0)}`],
        [
          `RSS trend after ${warmupSeconds} s`,
          `${trend.slope >= 0 ? '+' : ''}${trend.slope.toFixed(2)} MB/min (r² ${trend.r2.toFixed(2)}, ${fit.length} samples over ${span.toFixed(1)} min, mean ${meanRss.toFixed(0)} MB)`,
        ],
        ['server exit code after SIGTERM', String(exitCode)],
      ]),
    );
    console.log('');
    for (const k of consistency) console.log(`${k.mismatches ? 'FAIL' : 'ok  '}  ${k.name}${k.mismatches ? `: ${k.mismatches} rows disagree` : ''}`);
    const problems: string[] = [];
    if (errors) problems.push(`${errors} errors`);
    if (growing && enforceGrowth) problems.push(`RSS grows ${trend.slope.toFixed(2)} MB/min (limit ${maxGrowth}, r² ${trend.r2.toFixed(2)})`);
    if (consistency.some((k) => k.mismatches)) problems.push('counters disagree with rows');
    if (exitCode !== 0) problems.push(`server exited with ${exitCode} on SIGTERM`);
    if (growing && !enforceGrowth)
      console.log(`note: RSS rose ${trend.slope.toFixed(2)} MB/min; runs shorter than 120 s only report the trend (--growth-check on to enforce)`);
    const report = {
      date: new Date().toISOString(),
      seconds,
      connections,
      rate,
      scale,
      redis: !!redis,
      warmupSeconds,
      result,
      intervals,
      trend: { ...trend, mbPerMinute: trend.slope },
      consistency,
      exitCode,
      problems,
    };
    const file = path.join(out, `soak-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}.json`);
    fs.writeFileSync(file, JSON.stringify(report, null, 2));
    const verdict = `no errors, counters consistent, clean stop, ${enforceGrowth ? 'no RSS growth trend' : 'RSS trend reported only (run shorter than 120 s)'}`;
    console.log(problems.length ? `\nsoak FAILED: ${problems.join('; ')}` : `\nsoak passed: ${verdict}`);
    console.log(`results: ${path.relative(process.cwd(), file)}`);
    return problems.length ? 1 : 0;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('soak failed:', err);
    process.exit(1);
  },
);
