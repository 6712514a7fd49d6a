import { Client } from 'pg';
import { loadConfig } from '../../src/config/config';
import type { Logger } from '../../src/common/logger';
import { encodeCursor } from '../../src/common/pagination';
import { initOrm } from '../../src/db/orm';
import { anonymousContext } from '../../src/modules/service-context';
import { createServices } from '../../src/modules/services';

export interface SeedOptions {
  affiliates: number;
  /** Links per affiliate (the issue's 20,000 links for 10,000 affiliates: 2). One referral per link. */
  linksPerAffiliate: number;
  sales: number;
}

export const DEFAULT_SEED: SeedOptions = { affiliates: 10_000, linksPerAffiliate: 2, sales: 100_000 };

/** What the scenarios need to build requests: a real key and samples of existing rows. */
export interface Fixture {
  programId: string;
  apiKey: string;
  apiKeyHashPrefix: string;
  baseUrl: string;
  counts: { affiliates: number; links: number; referrals: number; sales: number; commissions: number; commissionEntries: number };
  /** Random sample of affiliate UUIDs (lookups, link and sale lists, referral writes). */
  affiliateIds: string[];
  /** Random sample of referral UUIDs (sale writes without a promo code). */
  referralIds: string[];
  /** Cursors of affiliate pages of 50 (the dashboard query reads a random page). */
  affiliatePageCursors: string[];
  /** The affiliate the benchmark promotional code is assigned to. */
  promoAffiliateId: string;
  seedSeconds: number;
}

/** Program limits: the highest the API accepts (1,000,000 per minute per credential x endpoint x method). */
const RATE_LIMIT_PER_MINUTE = 1_000_000;

/**
 * Applies the migrations, creates the user, program and API key through the services (so the key is real),
 * then bulk-inserts the data set with generate_series, exactly as the API would have left it: UUIDv7 ids in
 * creation order, one commission with one `earned` ledger entry per sale, and link and affiliate counters
 * (referrals, sales, revenue, referred users, commission earned) that agree with the rows.
 */
export async function seed(url: string, log: Logger, opts: SeedOptions = DEFAULT_SEED): Promise<Fixture> {
  const started = Date.now();
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, LOG_LEVEL: 'warn' });
  const orm = await initOrm(url, log);
  const services = createServices(config, log);
  const baseUrl = 'https://shop.example.com';
  let programId: string;
  let apiKey: string;
  try {
    const em = orm.em.fork();
    const { user } = await services.users.signUp(anonymousContext(em, log, 'bench-seed'), {
      email: 'bench-owner@example.com',
      password: 'bench password 1234',
      name: 'Bench Owner',
    });
    const ctx = { em, actor: { kind: 'session' as const, credentialId: 'bench', userId: user.id }, requestId: 'bench-seed', log, programs: new Map() };
    const program = await services.programs.createProgram(ctx, {
      name: 'Bench Program',
      baseUrls: [baseUrl],
      currency: 'USD',
      defaultCommissionRate: 20,
      readsPerMinute: RATE_LIMIT_PER_MINUTE,
      writesPerMinute: RATE_LIMIT_PER_MINUTE,
    });
    programId = program.id;
    apiKey = (await services.apiKeys.issue(ctx, program.id, 'bench', user.id)).key;
  } finally {
    await orm.close(true);
  }

  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('begin');
    await c.query(`
      create function pg_temp.bench_uuid7(ts timestamptz) returns uuid language sql volatile as $$
        select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                 placing substring(int8send(floor(extract(epoch from ts) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
      $$`);
    // Affiliates a minute apart starting 40 days ago; every 10th has its own rate (25 %), the rest inherit 20 %.
    const t0 = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await c.query(
      `create temp table seed_aff on commit drop as
         select i, pg_temp.bench_uuid7(ts) as id, ts from (select i, $1::timestamptz + i * interval '60 seconds' as ts from generate_series(1, $2::int) i) g`,
      [t0, opts.affiliates],
    );
    await c.query(
      `insert into affiliates (id, program_id, first_name, last_name, email, commission_rate, affiliate_status, created_at, updated_at)
       select id, $1, 'Bench', 'Affiliate ' || i, 'affiliate' || i || '@bench.example.com', case when i % 10 = 0 then 25 end, 'active', ts, ts
         from seed_aff order by i`,
      [programId],
    );
    await c.query(
      `create temp table seed_link on commit drop as
         select a.i, j, pg_temp.bench_uuid7(a.ts + j * interval '1 second') as id, a.id as affiliate_id, a.ts + j * interval '1 second' as ts
           from seed_aff a cross join generate_series(1, $1::int) j`,
      [opts.linksPerAffiliate],
    );
    await c.query(
      `insert into affiliate_links (id, program_id, affiliate_id, link, created_at, updated_at)
       select id, $1, affiliate_id, 'aff' || i || '-' || j, ts, ts from seed_link order by ts`,
      [programId],
    );
    // One referred customer per link, half a second after it.
    await c.query(
      `create temp table seed_ref on commit drop as
         select row_number() over (order by l.ts) as n, pg_temp.bench_uuid7(l.ts + interval '500 milliseconds') as id,
                l.affiliate_id, l.id as link_id, l.i, l.j, l.ts + interval '500 milliseconds' as ts
           from seed_link l`,
    );
    await c.query(
      `insert into referrals (id, program_id, affiliate_id, link_id, name, email, referred_user_external_id, subscription_status, created_at, updated_at)
       select id, $1, affiliate_id, link_id, 'Customer ' || i || '-' || j, 'customer' || i || '-' || j || '@bench.example.com', 'cus_' || i || '_' || j,
              'active', ts, ts
         from seed_ref order by n`,
      [programId],
    );
    // Sales five seconds apart after every referral exists, spread round-robin over the referrals.
    const salesStart = new Date(Date.now() - 25 * 86_400_000).toISOString();
    await c.query(
      `insert into sales (program_id, affiliate_id, referral_id, link_id, external_id, name, email, currency, total_earned, created_at, updated_at)
       select $1, r.affiliate_id, r.id, r.link_id, 'seed_' || g.k, 'Customer ' || r.i || '-' || r.j, 'customer' || r.i || '-' || r.j || '@bench.example.com',
              'USD', round((10 + random() * 490)::numeric, 2), g.ts, g.ts
         from (select k, $2::timestamptz + k * interval '5 seconds' as ts from generate_series(1, $3::int) k) g
         join seed_ref r on r.n = (g.k - 1) % (select count(*) from seed_ref) + 1
        order by g.k`,
      [programId, salesStart, opts.sales],
    );
    // The commission the service computes: rate = the affiliate's, else the program default; amount rounded
    // half-up to cents; approved at once (no holding period); one `earned` ledger entry each.
    await c.query(
      `insert into commissions (id, program_id, sale_id, affiliate_id, rate, base, amount, currency, status, approved_at, created_at, updated_at)
       select pg_temp.bench_uuid7(s.created_at + interval '1 millisecond'), s.program_id, s.id, s.affiliate_id,
              coalesce(a.commission_rate, p.default_commission_rate), s.total_earned,
              round(s.total_earned * coalesce(a.commission_rate, p.default_commission_rate) / 100, 2), s.currency, 'approved',
              s.created_at, s.created_at, s.created_at
         from sales s join affiliates a on a.program_id = s.program_id and a.id = s.affiliate_id join programs p on p.id = s.program_id
        where s.program_id = $1 order by s.id`,
      [programId],
    );
    await c.query(
      `insert into commission_entries (program_id, commission_id, kind, amount, created_at)
       select c.program_id, c.id, 'earned', c.amount, c.created_at from commissions c where c.program_id = $1 order by c.sale_id`,
      [programId],
    );
    await c.query(
      `update affiliate_links l set referrals = x.n from (select link_id, count(*)::int as n from referrals where program_id = $1 group by link_id) x
        where l.program_id = $1 and l.id = x.link_id`,
      [programId],
    );
    await c.query(
      `update affiliate_links l set sales = x.n, total_revenue = x.revenue
         from (select link_id, count(*)::int as n, sum(total_earned) as revenue from sales where program_id = $1 and not refunded group by link_id) x
        where l.program_id = $1 and l.id = x.link_id`,
      [programId],
    );
    await c.query(
      `update affiliates a set number_of_referred_users = x.n from (select affiliate_id, count(*)::int as n from referrals where program_id = $1 group by affiliate_id) x
        where a.program_id = $1 and a.id = x.affiliate_id`,
      [programId],
    );
    await c.query(
      `update affiliates a set total_commission_earned = x.total
         from (select c.affiliate_id, sum(e.amount) as total from commission_entries e join commissions c on c.program_id = e.program_id and c.id = e.commission_id
                where e.program_id = $1 group by c.affiliate_id) x
        where a.program_id = $1 and a.id = x.affiliate_id`,
      [programId],
    );
    await c.query('commit');
    // What autovacuum would do soon after such a load; without it the planner guesses and the first reads pay.
    for (const t of ['affiliates', 'affiliate_links', 'referrals', 'sales', 'commissions', 'commission_entries', 'api_keys', 'programs']) {
      await c.query(`vacuum analyze ${t}`);
    }

    const count = async (table: string) => Number((await c.query(`select count(*)::int as n from ${table} where program_id = $1`, [programId])).rows[0].n);
    const counts = {
      affiliates: await count('affiliates'),
      links: await count('affiliate_links'),
      referrals: await count('referrals'),
      sales: await count('sales'),
      commissions: await count('commissions'),
      commissionEntries: await count('commission_entries'),
    };
    const sample = async (table: string, n: number) =>
      (await c.query(`select id from ${table} where program_id = $1 order by random() limit $2`, [programId, n])).rows.map((r) => String(r.id));
    const cursors = (
      await c.query(
        `select id from (select id, row_number() over (order by id) as rn, count(*) over () as total from affiliates where program_id = $1) x
          where rn % 50 = 0 and rn + 50 <= total order by id`,
        [programId],
      )
    ).rows.map((r) => encodeCursor(String(r.id)));
    const promoAffiliateId = String(
      (await c.query(`select id from affiliates where program_id = $1 and email = 'affiliate1@bench.example.com'`, [programId])).rows[0].id,
    );
    return {
      programId,
      apiKey,
      apiKeyHashPrefix: apiKey.slice(0, 12),
      baseUrl,
      counts,
      affiliateIds: await sample('affiliates', 2000),
      referralIds: await sample('referrals', 2000),
      affiliatePageCursors: cursors,
      promoAffiliateId,
      seedSeconds: (Date.now() - started) / 1000,
    };
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/** A coupon without limits and a promotional code assigned to an affiliate, created through the REST API. */
export async function createPromoCode(origin: string, fixture: Fixture, code = 'BENCH10'): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200 && res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const coupon = await post('/coupons', { name: 'Bench 10 %', percentOff: 10 });
  await post('/promotional-codes', { couponId: coupon.id, code, affiliateId: fixture.promoAffiliateId });
  return code;
}
