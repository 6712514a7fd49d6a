import { validationError } from '../../common/errors';
import type { StatsInterval } from '../../validation/enums';

export { STATS_INTERVALS, type StatsInterval } from '../../validation/enums';

/** The most buckets one series answers (day buckets for about 2.7 years); beyond, a coarser interval. */
export const MAX_BUCKETS = 1000;

/** A window of time [from, to) and how to show it. */
export interface StatsWindow {
  from: Date;
  to: Date;
  timeZone: string;
}

const QUARTER_HOUR = 15 * 60_000;
const DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/;
const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
// IANA names (Europe/Berlin, America/Argentina/Buenos_Aires, UTC, Etc/GMT+5); never a bare offset such as
// "+05:30", which PostgreSQL would read as a POSIX zone with the sign reversed.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Is this an IANA time zone name this process knows? (All time zone arithmetic is done here, none in SQL.) */
export function isZoneName(timeZone: string): boolean {
  if (timeZone.length > 64 || !ZONE_NAME.test(timeZone)) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(utcMs: number, timeZone: string): number {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(utcMs))
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant of a wall-clock time (`local`: its fields read as UTC) given the zone's offsets, as Temporal's
 * 'compatible' rule: a time that happens twice (clocks going back) is its first occurrence; a time that does not
 * happen (clocks going forward) is moved forward by the change, to the instant of the change for a skipped
 * midnight. Offsets change at most once within a day on either side.
 */
function wallToInstant(local: number, offset: (utcMs: number) => number): number {
  const candidates = [local - offset(local - DAY), local - offset(local + DAY)];
  const valid = candidates.filter((u) => u + offset(u) === local);
  return valid.length ? Math.min(...valid) : Math.max(...candidates);
}

/** The instant of a wall-clock time in a zone (see wallToInstant). */
export function zonedInstant(parts: [number, number, number, number, number, number, number], timeZone: string): Date {
  const [y, mo, d, h, mi, s, ms] = parts;
  return new Date(wallToInstant(Date.UTC(y, mo - 1, d, h, mi, s, ms), (u) => offsetAt(u, timeZone)));
}

function validDate(y: number, mo: number, d: number): boolean {
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && y >= 1970 && y <= 9999;
}

/**
 * A window bound: a date (YYYY-MM-DD: that local day's midnight in `timeZone`, and for `to` the end of that
 * day, so a date range includes its last day), a date-time with an offset (that instant), or a date-time
 * without one (that wall-clock time in `timeZone`).
 */
export function parseBound(value: string, field: 'from' | 'to', timeZone: string): Date {
  const bad = () => validationError(`${field} must be a date (YYYY-MM-DD) or a date-time (e.g. 2026-11-01T00:00:00Z)`, field);
  const date = DATE.exec(value);
  if (date) {
    const [y, mo, d] = date.slice(1).map(Number);
    if (!validDate(y, mo, d)) throw bad();
    const midnight = zonedInstant([y, mo, d, 0, 0, 0, 0], timeZone);
    if (field === 'from') return midnight;
    const next = new Date(Date.UTC(y, mo - 1, d) + DAY);
    return zonedInstant([next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, 0, 0], timeZone);
  }
  if (OFFSET_DATE_TIME.test(value)) {
    const [y, mo, d] = value.slice(0, 10).split('-').map(Number);
    const t = new Date(value.replace(' ', 'T'));
    if (!validDate(y, mo, d) || Number.isNaN(t.getTime())) throw bad();
    return t;
  }
  const local = LOCAL_DATE_TIME.exec(value);
  if (local) {
    const [y, mo, d, h, mi, s] = local.slice(1, 7).map((x) => Number(x ?? 0));
    const ms = local[7] ? Number(local[7].padEnd(3, '0').slice(0, 3)) : 0;
    if (!validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) throw bad();
    return zonedInstant([y, mo, d, h, mi, s, ms], timeZone);
  }
  throw bad();
}

/** The window the caller asked for; without bounds, the last 30 local days up to now. */
export function resolveWindow(args: { from?: string | null; to?: string | null; timeZone?: string | null }, now = new Date()): StatsWindow {
  const timeZone = args.timeZone ?? 'UTC';
  if (!isZoneName(timeZone)) throw validationError('timeZone must be an IANA time zone name such as Europe/Berlin or UTC', 'timeZone');
  const to = args.to != null ? parseBound(args.to, 'to', timeZone) : now;
  let from: Date;
  if (args.from != null) from = parseBound(args.from, 'from', timeZone);
  else {
    // 29 local days before today's midnight: with today, 30 day buckets.
    const p = Object.fromEntries(
      formatter(timeZone)
        .formatToParts(to)
        .map((x) => [x.type, x.value]),
    );
    const start = new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) - 29 * DAY);
    from = zonedInstant([start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate(), 0, 0, 0, 0], timeZone);
  }
  if (from.getTime() >= to.getTime()) throw validationError('from must be before to', 'from');
  return { from, to, timeZone };
}

/** Refuses a series that would have more than MAX_BUCKETS buckets. */
export function checkBucketCount(window: StatsWindow, interval: StatsInterval): void {
  const span = window.to.getTime() - window.from.getTime();
  const approx = interval === 'day' ? span / DAY : interval === 'week' ? span / (7 * DAY) : span / (28 * DAY);
  if (approx > MAX_BUCKETS + 1) {
    throw validationError(`A ${interval} series covers at most ${MAX_BUCKETS} buckets: choose a shorter window or a longer interval`, 'interval');
  }
}

/** Bucket grains of the rollup, coarsest first: UTC months, UTC days, hours, quarter hours. */
export type Grain = 'm' | 'd' | 'h' | 'q';
const GRAINS: readonly Grain[] = ['m', 'd', 'h', 'q'];

const HOUR = 3_600_000;
const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;
const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;

/** The start of the grain's bucket at or after `t` (`up`), or at or before it. */
function alignTo(grain: Grain, t: number, up: boolean): number {
  if (grain === 'm') {
    const d = new Date(t);
    const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    return up && start < t ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) : start;
  }
  const unit = grain === 'd' ? DAY : grain === 'h' ? HOUR : QUARTER_HOUR;
  return up ? ceilTo(t, unit) : floorTo(t, unit);
}

/** What answers one bucket of a series (or one whole window): folded ranges, and raw rows for the rest. */
export interface QueryPlan {
  /** Bucket starts s1 < s2 < …: a time t belongs to bucket i (1-based) when s_i <= t < s_{i+1}. */
  starts: Date[];
  /** Ranges of folded buckets, each of one grain, tagged with the series bucket (1-based) they add to. */
  ranges: Array<{ grain: Grain; from: Date; to: Date; bucket: number }>;
  /** The window's quarter-hour-aligned part, whose deltas may not be folded yet; null when it has none. */
  aligned: [Date, Date] | null;
  /** Parts answered from the raw rows: the partial quarter hours at the window's edges. */
  raw: Array<[Date, Date]>;
}

/** Cuts [lo, hi) into the largest aligned blocks (months, then days, hours, quarter hours) and raw ends. */
function decompose(lo: number, hi: number, level: number, bucket: number, plan: QueryPlan): void {
  if (lo >= hi) return;
  if (level === GRAINS.length) {
    plan.raw.push([new Date(lo), new Date(hi)]);
    return;
  }
  const grain = GRAINS[level];
  const a = alignTo(grain, lo, true);
  const b = alignTo(grain, hi, false);
  if (a >= b) return decompose(lo, hi, level + 1, bucket, plan);
  decompose(lo, a, level + 1, bucket, plan);
  plan.ranges.push({ grain, from: new Date(a), to: new Date(b), bucket });
  decompose(b, hi, level + 1, bucket, plan);
}

/**
 * How to answer [from, to) cut at `boundaries` (the series' bucket starts, the first at or before `from`; a
 * window of one bucket: [from]). Every part of every bucket comes from the coarsest folded grain that fits
 * it, so a year of days in UTC reads 365 day buckets, in Europe/Berlin 24 hours a day, never every row.
 */
export function queryPlan(from: Date, to: Date, boundaries: Date[]): QueryPlan {
  const f = from.getTime();
  const t = to.getTime();
  const plan: QueryPlan = { starts: boundaries, ranges: [], aligned: null, raw: [] };
  boundaries.forEach((start, i) => {
    const lo = Math.max(start.getTime(), f);
    const hi = Math.min(i + 1 < boundaries.length ? boundaries[i + 1].getTime() : t, t);
    decompose(lo, hi, 0, i + 1, plan);
  });
  const a = ceilTo(f, QUARTER_HOUR);
  const b = floorTo(t, QUARTER_HOUR);
  if (a < b) plan.aligned = [new Date(a), new Date(b)];
  return plan;
}

/**
 * The zone's offset at any instant of [fromMs, toMs], from a handful of Intl calls: sampled weekly, each change
 * found to the minute by bisection (offsets change at whole minutes, and never twice within a week). A series
 * of a year of days needs ~60 calls instead of two per day, which was most of its time.
 */
function offsetsBetween(fromMs: number, toMs: number, timeZone: string): (utcMs: number) => number {
  const WEEK = 7 * DAY;
  const MINUTE = 60_000;
  const changes: Array<[number, number]> = [];
  let t = fromMs;
  let o = offsetAt(t, timeZone);
  const initial = o;
  while (t < toMs) {
    const next = Math.min(t + WEEK, toMs);
    const on = offsetAt(next, timeZone);
    if (on !== o) {
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE) {
        const mid = floorTo((lo + hi) / 2, MINUTE);
        if (mid <= lo) break;
        if (offsetAt(mid, timeZone) === o) lo = mid;
        else hi = mid;
      }
      changes.push([hi, on]);
    }
    t = next;
    o = on;
  }
  return (utcMs) => {
    let result = initial;
    for (const [at, off] of changes) if (utcMs >= at) result = off;
    return result;
  };
}

/** The local calendar date (y, m, d) of an instant in a zone. */
function localDate(t: Date, timeZone: string): [number, number, number] {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(t)
      .map((x) => [x.type, x.value]),
  );
  return [Number(p.year), Number(p.month), Number(p.day)];
}

/**
 * The starts of the series' buckets: local midnights of `timeZone` (of each day, each Monday, each first of a
 * month) from the one at or before `from` to the last before `to`. Daylight-saving days are what they are.
 */
export function seriesStarts(window: StatsWindow, interval: StatsInterval): Date[] {
  const [y, m, d] = localDate(window.from, window.timeZone);
  let cursor = Date.UTC(y, m - 1, d);
  if (interval === 'week') cursor -= ((new Date(cursor).getUTCDay() + 6) % 7) * DAY;
  if (interval === 'month') cursor = Date.UTC(y, m - 1, 1);
  // Offsets known from before the first bucket (a week's Monday, a month's 1st) to after the window.
  const offset = offsetsBetween(cursor - 2 * DAY, window.to.getTime() + 2 * DAY, window.timeZone);
  const starts: Date[] = [];
  const end = window.to.getTime();
  for (;;) {
    const c = new Date(cursor);
    const start = new Date(wallToInstant(cursor, offset));
    if (start.getTime() >= end) break;
    starts.push(start);
    cursor = interval === 'day' ? cursor + DAY : interval === 'week' ? cursor + 7 * DAY : Date.UTC(c.getUTCFullYear(), c.getUTCMonth() + 1, 1);
  }
  // The first bucket may start before `from` (a week's Monday); it never starts after it.
  if (starts.length && starts[0].getTime() > window.from.getTime()) starts[0] = window.from;
  return starts;
}
