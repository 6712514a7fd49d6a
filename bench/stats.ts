/**
 * npm run bench:stats [-- --sales 1000000 --referrals 100000 --clicks 1000000 --affiliates 2000 --days 365 --runs 30 --keep]
 *
 * The dashboard aggregates at scale (issue: "Fast at scale"): two programs of the same size in one database,
 * each with `sales` sales (and their commissions, a tenth refunded), `referrals` referrals and `clicks`
 * clicks spread over `days` days up to now, across `affiliates` affiliates with one link each. The rows are
 * inserted with SQL in bulk with the triggers off, the buckets rebuilt from them (the repair path,
 * StatsCompactor.rebuild), and a sample of rows then changed with the triggers on and folded as the worker
 * would, so the figures are those of a live program. Each query shape is asked `runs` times through GET /api/v1/stats and /stats/top-affiliates of
 * a server started in this process. Prints p50/p95 per shape and whether each p95 is under 50 ms.
 * DATABASE_URL: a new database on that server (dropped at the end unless --keep); else embedded PostgreSQL.
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { bootstrap, type Runtime } from '../src/bootstrap';
import { loadConfig } from '../src/config/config';
import { createLogger } from '../src/common/logger';
import { anonymousContext } from '../src/modules/service-context';
import { bool, num, parseFlags } from './lib/args';
import { provisionDatabase } from './lib/database';
import { table } from './lib/report';

const TARGET_MS = 50;

interface Program {
  id: string;
  key: string;
  affiliateId: string;
  linkId: string;
}

async function provision(runtime: Runtime, label: string): Promise<Program> {
  const em = runtime.orm.em.fork();
  const { user } = await runtime.services.users.signUp(anonymousContext(em, runtime.log, 'bench'), {
    email: `owner-${label}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery',
    name: 'Owner',
  });
  const ctx = { em, actor: { kind: 'session' as const, credentialId: 'bench', userId: user.id }, requestId: 'bench', log: runtime.log, programs: new Map() };
  const program = await runtime.services.programs.createProgram(ctx, {
    name: `Stats ${label}`,
    baseUrls: ['https://shop.example.com'],
    readsPerMinute: 1_000_000,
    writesPerMinute: 1_000_000,
  });
  const { key } = await runtime.services.apiKeys.createApiKey(ctx, program.id, 'bench');
  return { id: program.id, key, affiliateId: '', linkId: '' };
}

/** One program's rows, inserted set-wise; times uniform over the last `days` days. */
async function seedRows(c: Client, p: Program, o: { affiliates: number; sales: number; referrals: number; clicks: number; days: number }) {
  // A bulk load: the statistics triggers off for this session, the buckets rebuilt afterwards.
  await c.query("set session_replication_role = 'replica'");
  const span = `(now() - interval '${o.days} days')`;
  const at = (seed: string) => `${span} + (${seed} * interval '${o.days} days')`;
  await c.query(
    `insert into affiliates (id, program_id, first_name, last_name, email, affiliate_status)
     select gen_random_uuid(), $1, 'Aff', 'Number ' || g, 'aff' || g || '-' || $3 || '@example.com', 'active' from generate_series(1, $2) g`,
    [p.id, o.affiliates, p.id.slice(0, 8)],
  );
  await c.query(
    `insert into affiliate_links (id, program_id, affiliate_id, link)
     select gen_random_uuid(), program_id, id, 'l-' || replace(id::text, '-', '') from affiliates where program_id = $1`,
    [p.id],
  );
  // Numbered affiliates and links, so rows can pick one by number.
  await c.query(
    `create temp table pick_${p.id.replace(/-/g, '')} as select row_number() over (order by a.id) as n, a.id as affiliate_id, l.id as link_id
     from affiliates a join affiliate_links l on l.program_id = a.program_id and l.affiliate_id = a.id where a.program_id = $1`,
    [p.id],
  );
  const pick = `pick_${p.id.replace(/-/g, '')}`;
  // A skewed spread: a few affiliates bring most of the activity, as in real programs.
  const who = `(1 + floor(power(random(), 3) * ${o.affiliates}))::int`;
  await c.query(
    `insert into clicks (program_id, affiliate_id, link_id, created_at)
     select $1, k.affiliate_id, k.link_id, ${at('random()')} from generate_series(1, $2) g join ${pick} k on k.n = ${who}`,
    [p.id, o.clicks],
  );
  await c.query(
    `insert into referrals (id, program_id, affiliate_id, link_id, name, email, referred_user_external_id, created_at)
     select gen_random_uuid(), $1, k.affiliate_id, k.link_id, 'Customer', 'c' || g || '@example.com', 'cus_' || g, ${at('random()')}
     from generate_series(1, $2) g join ${pick} k on k.n = ${who}`,
    [p.id, o.referrals],
  );
  await c.query(
    `insert into sales (program_id, affiliate_id, link_id, name, email, currency, total_earned, refunded, refunded_at, created_at)
     select $1, k.affiliate_id, k.link_id, 'Buyer', 'b' || g || '@example.com', 'USD', round((5 + random() * 195)::numeric, 2),
            r.refunded, case when r.refunded then r.t + interval '3 days' end, r.t
     from generate_series(1, $2) g
     cross join lateral (select ${at('random()')} as t, random() < 0.1 as refunded, g as tick) r
     join ${pick} k on k.n = ${who}`,
    [p.id, o.sales],
  );
  await c.query(
    `insert into commissions (id, program_id, sale_id, affiliate_id, rate, base, amount, currency, status, created_at)
     select gen_random_uuid(), program_id, id, affiliate_id, 20, total_earned, case when refunded then 0 else round(total_earned * 0.2, 2) end, 'USD',
            case when refunded then 'reversed' else 'approved' end, created_at
     from sales where program_id = $1`,
    [p.id],
  );
  await c.query(
    `update commissions c set sale_created_at = s.created_at, sale_link_id = s.link_id from sales s where s.program_id = c.program_id and s.id = c.sale_id and c.program_id = $1`,
    [p.id],
  );
  await c.query("set session_replication_role = 'origin'");
  const [top] = (await c.query(`select affiliate_id, link_id from ${pick} where n = 1`)).rows;
  p.affiliateId = top.affiliate_id;
  p.linkId = top.link_id;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const o = {
    affiliates: num(flags, 'affiliates', 2000),
    sales: num(flags, 'sales', 1_000_000),
    referrals: num(flags, 'referrals', 100_000),
    clicks: num(flags, 'clicks', 1_000_000),
    days: num(flags, 'days', 365),
  };
  const runs = num(flags, 'runs', 30);
  const log = createLogger('warn');
  const db = await provisionDatabase(log, { keep: bool(flags, 'keep', false), prefix: 'bench_stats' });
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }), databaseUrl: db.url, workers: false };
  const runtime = await bootstrap(config, log);
  const server = http.createServer(runtime.app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    const programs = [await provision(runtime, 'measured'), await provision(runtime, 'beside')];
    for (const p of programs) {
      const t0 = Date.now();
      await seedRows(c, p, o);
      console.error(
        `[bench:stats] seeded program ${p.id}: ${o.sales} sales, ${o.referrals} referrals, ${o.clicks} clicks in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
    const t1 = Date.now();
    for (const p of programs) await runtime.stats.rebuild(p.id);
    console.error(`[bench:stats] buckets rebuilt from the rows in ${((Date.now() - t1) / 1000).toFixed(0)} s`);
    // Live changes on top, through the triggers: refunds and new clicks, folded by the worker's code.
    const t2 = Date.now();
    for (const p of programs) {
      await c.query(
        `update sales set refunded = true, refunded_at = now() where program_id = $1 and id in (select id from sales where program_id = $1 and not refunded order by id limit 2000)`,
        [p.id],
      );
      await c.query(
        `insert into clicks (program_id, affiliate_id, link_id, created_at) select program_id, affiliate_id, link_id, now() - random() * interval '1 day' from clicks where program_id = $1 limit 5000`,
        [p.id],
      );
    }
    const folded = await runtime.stats.drain();
    console.error(`[bench:stats] folded ${folded} live deltas in ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    await c.query('vacuum analyze');
    // The bulk load's dirty pages written now, not by a checkpoint in the middle of the measurements.
    await c.query('checkpoint').catch(() => undefined);
    const buckets = (await c.query('select count(*)::int as n from stat_buckets')).rows[0].n;

    const p = programs[0];
    const day = 86_400_000;
    const iso = (t: number) => new Date(t).toISOString();
    const now = Date.now();
    const shapes: Array<[string, string, Record<string, string>]> = [
      ['stats: 30 days by day, UTC', '/stats', {}],
      ['stats: 365 days by day, Europe/Berlin', '/stats', { from: iso(now - 365 * day), to: iso(now), timeZone: 'Europe/Berlin' }],
      ['stats: 365 days by month, Asia/Kolkata', '/stats', { from: iso(now - 365 * day), to: iso(now), interval: 'month', timeZone: 'Asia/Kolkata' }],
      ['stats: 365 days by week, top affiliate', '/stats', { from: iso(now - 365 * day), to: iso(now), interval: 'week', affiliateId: p.affiliateId }],
      ['stats: 90 days by day, one link', '/stats', { from: iso(now - 90 * day), to: iso(now), linkId: p.linkId }],
      ['stats: 7 days cut mid-quarter-hour', '/stats', { from: iso(now - 7 * day - 123_457), to: iso(now - 98_765) }],
      ['top affiliates: 365 days by revenue', '/stats/top-affiliates', { from: iso(now - 365 * day), to: iso(now), by: 'revenue' }],
      ['top affiliates: 30 days by clicks', '/stats/top-affiliates', { by: 'clicks', first: '100' }],
      [
        'top affiliates: 45 days cut mid-day, by commission',
        '/stats/top-affiliates',
        { from: iso(now - 45 * day - 7_777_777), to: iso(now - 3_333_333), by: 'commission' },
      ],
    ];
    const rows: string[][] = [['query shape', 'p50 ms', 'p95 ms', `p95 < ${TARGET_MS} ms`]];
    let missed = 0;
    for (const [name, path, query] of shapes) {
      const url = `${origin}/api/v1${path}?${new URLSearchParams(query)}`;
      const times: number[] = [];
      for (let i = 0; i < runs + 3; i++) {
        const t = process.hrtime.bigint();
        const res = await fetch(url, { headers: { authorization: `Bearer ${p.key}` } });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body}`);
        if (i >= 3) times.push(Number(process.hrtime.bigint() - t) / 1e6); // the first three warm the plans
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      if (p95 >= TARGET_MS) missed++;
      rows.push([name, percentile(times, 0.5).toFixed(1), p95.toFixed(1), p95 < TARGET_MS ? 'yes' : 'NO']);
    }
    console.log(
      `\n${o.sales.toLocaleString('en')} sales, ${o.referrals.toLocaleString('en')} referrals, ${o.clicks.toLocaleString('en')} clicks per program over ${o.days} days, ${o.affiliates} affiliates, two programs; ${buckets.toLocaleString('en')} buckets; ${runs} runs per shape through HTTP\n`,
    );
    console.log(table(rows));
    console.log(`\nbench:stats: ${shapes.length - missed} of ${shapes.length} shapes under ${TARGET_MS} ms at p95`);
    if (bool(flags, 'strict', false) && missed) process.exitCode = 1;
  } finally {
    await c.end();
    server.close();
    await runtime.close();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
