import { add, dec, toText } from '../../common/decimal';
import { validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { moneyToNumber } from '../../common/money';
import { findLinkById } from '../affiliates/affiliate-link.finder';
import type { ProgramService } from '../programs/program.service';
import type { ServiceContext } from '../service-context';
import { affiliateTotals, statsByBucket, type FigureRow, type StatsScope } from './stats.queries';
import { MAX_TOP_AFFILIATES, TOP_AFFILIATE_ORDERS, type TopAffiliateOrder } from '../../validation/enums';
import { checkBucketCount, queryPlan, resolveWindow, seriesStarts, STATS_INTERVALS, type StatsInterval } from './stats.window';

/** One bucket's or one window's figures, in the program's currency units. */
export interface Figures {
  clicks: number;
  referrals: number;
  sales: number;
  revenue: number;
  commission: number;
  refunds: number;
  refundedRevenue: number;
  /** Referrals per click (0 when there was no click). */
  conversionRate: number;
}

export interface StatsResult {
  from: Date;
  to: Date;
  interval: StatsInterval;
  timeZone: string;
  currency: string;
  totals: Figures;
  series: Array<Figures & { start: Date }>;
}

export interface StatsArgs {
  from?: string | null;
  to?: string | null;
  interval?: StatsInterval | null;
  timeZone?: string | null;
  affiliateId?: string | null;
  linkId?: string | null;
}

export interface TopAffiliatesArgs {
  from?: string | null;
  to?: string | null;
  timeZone?: string | null;
  by?: TopAffiliateOrder | null;
  first?: number | null;
}

/**
 * The dashboard's aggregates: a time series of a program's (or one affiliate's or link's) activity in local
 * calendar buckets, and its affiliates ranked over a window. Both read the same sources (stats.queries.ts),
 * so an affiliate's figure in the ranking equals its own series' total over the same window.
 */
export class StatsService {
  constructor(private readonly programs: ProgramService) {}

  async stats(ctx: ServiceContext, programId: string | null | undefined, args: StatsArgs): Promise<StatsResult> {
    const program = await this.programs.requireProgram(ctx, programId);
    const interval = args.interval ?? 'day';
    if (!STATS_INTERVALS.includes(interval)) throw validationError(`interval must be one of ${STATS_INTERVALS.join(', ')}`, 'interval');
    const window = resolveWindow(args);
    checkBucketCount(window, interval);
    for (const field of ['affiliateId', 'linkId'] as const) {
      const v = args[field];
      if (v != null && !isUuid(v)) throw validationError(`${field} must be a UUID`, field);
    }

    let scope: StatsScope = { level: 'p' };
    let none = false;
    if (args.linkId) {
      scope = { level: 'l', linkId: args.linkId };
      // Both given: the link's figures when it is that affiliate's, none when it is another's.
      if (args.affiliateId) none = (await findLinkById(ctx.em, program.id, args.linkId))?.affiliateId !== args.affiliateId;
    } else if (args.affiliateId) scope = { level: 'a', affiliateId: args.affiliateId };

    const starts = seriesStarts(window, interval);
    const rows = none ? [] : await statsByBucket(ctx.em, program.id, scope, queryPlan(window.from, window.to, starts));
    // Every bucket, those without activity with zeros.
    const byBucket = new Map(rows.map((r) => [Number(r.i), r]));
    const series = starts.map((start, i) => ({ start, ...toFigures(byBucket.get(i + 1) ?? ZERO, program.currency) }));
    return { ...window, interval, currency: program.currency, totals: sumFigures(rows, program.currency), series };
  }

  async topAffiliates(
    ctx: ServiceContext,
    programId: string | null | undefined,
    args: TopAffiliatesArgs,
  ): Promise<Array<Figures & { programId: string; affiliateId: string }>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const by = args.by ?? 'revenue';
    if (!TOP_AFFILIATE_ORDERS.includes(by)) throw validationError(`by must be one of ${TOP_AFFILIATE_ORDERS.join(', ')}`, 'by');
    const first = args.first ?? 10;
    if (!Number.isInteger(first) || first < 1 || first > MAX_TOP_AFFILIATES)
      throw validationError(`first must be an integer from 1 to ${MAX_TOP_AFFILIATES}`, 'first');
    const window = resolveWindow(args);
    const rows = await affiliateTotals(ctx.em, program.id, queryPlan(window.from, window.to, [window.from]), by, first);
    return rows.map((r) => ({ programId: program.id, affiliateId: r.affiliate_id, ...toFigures(r, program.currency) }));
  }
}

const ZERO: FigureRow = { clicks: '0', referrals: '0', sales: '0', revenue: '0', commission: '0', refunds: '0', refunded_revenue: '0' };

/** Rounded once, here, at the edge: counts as integers, money in the currency's units. */
function toFigures(r: FigureRow, currency: string): Figures {
  const clicks = Number(r.clicks);
  const referrals = Number(r.referrals);
  return {
    clicks,
    referrals,
    sales: Number(r.sales),
    revenue: moneyToNumber(r.revenue, currency),
    commission: moneyToNumber(r.commission, currency),
    refunds: Number(r.refunds),
    refundedRevenue: moneyToNumber(r.refunded_revenue, currency),
    conversionRate: clicks > 0 ? Math.round((referrals / clicks) * 10_000) / 10_000 : 0,
  };
}

/** The window's totals from the exact sums of its buckets (money added as decimals, not as rounded floats). */
function sumFigures(rows: FigureRow[], currency: string): Figures {
  const total = { ...ZERO };
  for (const r of rows) {
    for (const k of Object.keys(total) as Array<keyof FigureRow>) total[k] = toText(add(dec(total[k]), dec(r[k])));
  }
  return toFigures(total, currency);
}
