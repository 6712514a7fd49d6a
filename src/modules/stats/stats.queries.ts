import type { EntityManager } from '@mikro-orm/postgresql';
import { execute } from '../../db/sql';
import type { QueryPlan } from './stats.window';

/** Whose figures: the program's, one affiliate's or one link's. */
export type StatsScope = { level: 'p' } | { level: 'a'; affiliateId: string } | { level: 'l'; linkId: string };

/** The figures of one bucket or of a whole window, as PostgreSQL sums them (money as exact decimal strings). */
export interface FigureRow {
  clicks: string;
  referrals: string;
  sales: string;
  revenue: string;
  commission: string;
  refunds: string;
  refunded_revenue: string;
}

const MEASURES = ['clicks', 'referrals', 'sales', 'revenue', 'commission', 'refunds', 'refunded_revenue'] as const;
type Measure = (typeof MEASURES)[number];
const SUMS = MEASURES.map((m) => `coalesce(sum(${m}), 0)::text as ${m}`).join(', ');

/** Named values of a statement: `{name}` in the text, bound in the order they appear (a name may repeat). */
type Named = Record<string, unknown>;

function bind(sql: string, named: Named): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const text = sql.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!(name in named)) throw new Error(`stats statement: no value for {${name}}`);
    params.push(named[name]);
    return '?';
  });
  return { sql: text, params };
}

/**
 * The activity rows of a plan, from three sources: folded buckets (the plan's ranges), deltas not folded yet
 * (its aligned part), raw rows (the partial quarter hours at the edges). Each row: the series bucket it adds
 * to (`i`, 1-based), the affiliate (`key`, when `perAffiliate`), and the seven measures.
 */
function activitySql(scope: StatsScope, plan: QueryPlan, perAffiliate: boolean, named: Named): string {
  const arms: string[] = [];
  named.scope = scope.level === 'a' ? scope.affiliateId : scope.level === 'l' ? scope.linkId : null;
  named.starts = plan.starts;
  // The scope's condition on a source table (its affiliate and link columns named).
  const scoped = (affiliateCol: string, linkCol: string) =>
    scope.level === 'a' ? ` and ${affiliateCol} = {scope}` : scope.level === 'l' ? ` and ${linkCol} = {scope}` : '';
  const row = (i: string, key: string, values: Partial<Record<Measure, string>>) =>
    `select ${i} as i, ${perAffiliate ? `${key} as key, ` : ''}${MEASURES.map((m) => `${values[m] ?? '0'} as ${m}`).join(', ')}`;
  const all = Object.fromEntries(MEASURES.map((m) => [m, `x.${m}`])) as Record<Measure, string>;
  const bucketOf = (at: string) => `width_bucket(${at}, {starts}::timestamptz[])`;

  if (plan.ranges.length) {
    Object.assign(named, {
      level: perAffiliate ? 'a' : scope.level,
      grains: plan.ranges.map((r) => r.grain),
      rangeFrom: plan.ranges.map((r) => r.from),
      rangeTo: plan.ranges.map((r) => r.to),
      rangeBucket: plan.ranges.map((r) => r.bucket),
    });
    // A program's own buckets: level alone (their scope is the program), so its covering index serves them.
    const scopeId = perAffiliate || scope.level === 'p' ? '' : ' and x.scope_id = {scope}';
    // One index range scan per range (lateral, kept apart by `offset 0`): flattened into a join, the planner
    // merges on the grain alone and filters the ranges over every bucket of the program.
    arms.push(
      `${row('r.i', 'x.scope_id', all)}
      from unnest({grains}::text[], {rangeFrom}::timestamptz[], {rangeTo}::timestamptz[], {rangeBucket}::int[]) r(grain, lo, hi, i)
      cross join lateral (select * from stat_buckets x
        where x.program_id = {program} and x.level = {level}${scopeId} and x.grain = r.grain and x.bucket >= r.lo and x.bucket < r.hi offset 0) x`,
    );
  }
  if (plan.aligned) {
    Object.assign(named, { alignedFrom: plan.aligned[0], alignedTo: plan.aligned[1] });
    arms.push(
      `${row(bucketOf('x.at'), 'x.affiliate_id', all)} from stat_deltas x
      where x.program_id = {program} and x.at >= {alignedFrom} and x.at < {alignedTo}${scoped('x.affiliate_id', 'x.link_id')}`,
    );
  }
  if (plan.raw.length) {
    Object.assign(named, { edgeFrom: plan.raw.map((r) => r[0]), edgeTo: plan.raw.map((r) => r[1]) });
    const refundedAt = 'coalesce(x.refunded_at, x.updated_at)';
    // One source of raw rows: `from` names its table(s) (the row as x), `values` its measures.
    const source = (at: string, values: Partial<Record<Measure, string>>, from: string, where = '', link = 'x.link_id', affiliate = 'x.affiliate_id') => {
      const names = Object.keys(values) as Measure[];
      return `${row(bucketOf('r.at'), 'r.affiliate_id', Object.fromEntries(names.map((m) => [m, `r.${m}`])))}
      from unnest({edgeFrom}::timestamptz[], {edgeTo}::timestamptz[]) e(lo, hi)
      cross join lateral (select ${at} as at, ${affiliate} as affiliate_id, ${names.map((m) => `${values[m]} as ${m}`).join(', ')} from ${from}
        where x.program_id = {program} and ${at} >= e.lo and ${at} < e.hi${where}${scoped(affiliate, link)} offset 0) r`;
    };
    arms.push(
      source('x.created_at', { clicks: '1' }, 'clicks x'),
      source('x.created_at', { referrals: '1' }, 'referrals x'),
      source('x.created_at', { sales: '1', revenue: 'x.total_earned' }, 'sales x'),
      source(refundedAt, { refunds: '1', refunded_revenue: 'x.total_earned' }, 'sales x', ' and x.refunded'),
      // A commission counts at its sale's time and link (the triggers keep them equal): found through the sale.
      source(
        'x.created_at',
        { commission: 'c.amount' },
        "sales x join commissions c on c.program_id = x.program_id and c.sale_id = x.id and c.status <> 'reversed'",
        '',
        'x.link_id',
        'c.affiliate_id',
      ),
    );
  }
  return arms.join('\nunion all\n');
}

/**
 * The figures of each series bucket of a plan (1-based `i`; buckets without activity are absent), in one
 * statement, so the buckets, deltas and rows it sums are read in one snapshot.
 */
export async function statsByBucket(em: EntityManager, programId: string, scope: StatsScope, plan: QueryPlan): Promise<Array<FigureRow & { i: number }>> {
  const named: Named = { program: programId };
  const activity = activitySql(scope, plan, false, named);
  const { sql, params } = bind(`with activity as (${activity}) select i, ${SUMS} from activity group by i`, named);
  return execute(em, sql, params, { planEachTime: true });
}

/** Each affiliate's figures over a one-bucket plan, ordered by one of them (largest first), the first `limit`. */
export async function affiliateTotals(
  em: EntityManager,
  programId: string,
  plan: QueryPlan,
  by: 'clicks' | 'referrals' | 'sales' | 'revenue' | 'commission',
  limit: number,
): Promise<Array<FigureRow & { affiliate_id: string }>> {
  const named: Named = { program: programId, limit };
  const activity = activitySql({ level: 'p' }, plan, true, named);
  const { sql, params } = bind(
    `with activity as (${activity}),
    per as (select key as affiliate_id, ${MEASURES.map((m) => `sum(${m}) as ${m}`).join(', ')} from activity group by key)
    select per.affiliate_id, ${MEASURES.map((m) => `per.${m}::text as ${m}`).join(', ')}
    from per join affiliates a on a.program_id = {program} and a.id = per.affiliate_id
    where per.clicks <> 0 or per.referrals <> 0 or per.sales <> 0 or per.revenue <> 0 or per.commission <> 0 or per.refunds <> 0
    order by per.${by} desc, per.affiliate_id
    limit {limit}`,
    named,
  );
  return execute(em, sql, params, { planEachTime: true });
}

/** Every bucket a delta or row at `at` adds to: program, affiliate and link, in each grain. */
const BUCKETS_OF = (at: string, program: string, affiliate: string, link: string) => `(values
  ('p', ${program}, 'q', date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00')),
  ('p', ${program}, 'h', date_trunc('hour', ${at}, 'UTC')),
  ('p', ${program}, 'd', date_trunc('day', ${at}, 'UTC')),
  ('p', ${program}, 'm', date_trunc('month', ${at}, 'UTC')),
  ('a', ${affiliate}, 'q', date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00')),
  ('a', ${affiliate}, 'h', date_trunc('hour', ${at}, 'UTC')),
  ('a', ${affiliate}, 'd', date_trunc('day', ${at}, 'UTC')),
  ('a', ${affiliate}, 'm', date_trunc('month', ${at}, 'UTC')),
  ('l', ${link}, 'q', date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00')),
  ('l', ${link}, 'h', date_trunc('hour', ${at}, 'UTC')),
  ('l', ${link}, 'd', date_trunc('day', ${at}, 'UTC')),
  ('l', ${link}, 'm', date_trunc('month', ${at}, 'UTC'))
) g(level, scope_id, grain, bucket)`;

const UPSERT = `on conflict (program_id, level, scope_id, grain, bucket) do update set ${MEASURES.map((m) => `${m} = stat_buckets.${m} + excluded.${m}`).join(', ')}`;

/**
 * Folds up to `batch` deltas into the buckets, in one statement: the deltas are deleted and their sums added
 * to every bucket they fall in. Deltas of a program deleted meanwhile are dropped. Answers how many deltas
 * were folded.
 */
export async function foldDeltas(em: EntityManager, batch: number): Promise<number> {
  const [row] = await execute<{ folded: string }[]>(
    em,
    `with batch as (
      delete from stat_deltas where (program_id, id) in (
        select program_id, id from stat_deltas /* all programs: the worker folds every program's deltas, in any order (sums commute) */ limit ?)
      returning *
    ),
    folded as (
      insert into stat_buckets (program_id, level, scope_id, grain, bucket, ${MEASURES.join(', ')})
      select d.program_id, g.level, g.scope_id, g.grain, g.bucket, ${MEASURES.map((m) => `sum(d.${m})`).join(', ')}
      from batch d cross join lateral ${BUCKETS_OF('d.at', 'd.program_id', 'd.affiliate_id', 'd.link_id')}
      where g.scope_id is not null and exists (select 1 from programs p where p.id = d.program_id)
      group by d.program_id, g.level, g.scope_id, g.grain, g.bucket
      ${UPSERT}
      returning 1
    )
    select (select count(*) from batch)::text as folded, (select count(*) from folded) as buckets`,
    [batch],
  );
  return Number(row.folded);
}

/** Only one process folds at a time (the others skip this round): held until the transaction ends. */
export async function claimFolding(em: EntityManager, wait = false): Promise<boolean> {
  if (wait) {
    await execute(em, "select pg_advisory_xact_lock(hashtextextended('stat_deltas:fold', 0))", []);
    return true;
  }
  const [row] = await execute<{ ok: boolean }[]>(em, "select pg_try_advisory_xact_lock(hashtextextended('stat_deltas:fold', 0)) as ok", []);
  return row.ok;
}

/**
 * Recomputes one program's buckets from its rows (a repair, or after a bulk load with the triggers off): its
 * buckets and deltas are replaced by the sums of its clicks, referrals, sales and commissions. Run in a
 * REPEATABLE READ transaction holding the fold lock, so the rows summed and the deltas dropped are those of one
 * snapshot; changes committed after it keep their deltas and add on top.
 */
export async function rebuildBuckets(em: EntityManager, programId: string): Promise<void> {
  await execute(em, 'delete from stat_buckets where program_id = ?', [programId]);
  await execute(em, 'delete from stat_deltas where program_id = ?', [programId]);
  const zero = Object.fromEntries(MEASURES.map((m) => [m, '0'])) as Record<Measure, string>;
  const rows = (values: Partial<Record<Measure, string>>) => MEASURES.map((m) => `${values[m] ?? zero[m]} as ${m}`).join(', ');
  await execute(
    em,
    `with activity as (
      select x.program_id, x.affiliate_id, x.link_id, x.created_at as at, ${rows({ clicks: '1' })} from clicks x where x.program_id = ?
      union all select x.program_id, x.affiliate_id, x.link_id, x.created_at, ${rows({ referrals: '1' })} from referrals x where x.program_id = ?
      union all select x.program_id, x.affiliate_id, x.link_id, x.created_at, ${rows({ sales: '1', revenue: 'x.total_earned' })} from sales x where x.program_id = ?
      union all select x.program_id, x.affiliate_id, x.link_id, coalesce(x.refunded_at, x.updated_at), ${rows({ refunds: '1', refunded_revenue: 'x.total_earned' })}
        from sales x where x.program_id = ? and x.refunded
      union all select x.program_id, x.affiliate_id, x.sale_link_id, x.sale_created_at, ${rows({ commission: 'x.amount' })}
        from commissions x where x.program_id = ? and x.status <> 'reversed'
    )
    insert into stat_buckets (program_id, level, scope_id, grain, bucket, ${MEASURES.join(', ')})
    select d.program_id, g.level, g.scope_id, g.grain, g.bucket, ${MEASURES.map((m) => `sum(d.${m})`).join(', ')}
    from activity d cross join lateral ${BUCKETS_OF('d.at', 'd.program_id', 'd.affiliate_id', 'd.link_id')}
    where g.scope_id is not null
    group by d.program_id, g.level, g.scope_id, g.grain, g.bucket
    ${UPSERT}`,
    [programId, programId, programId, programId, programId],
  );
}
