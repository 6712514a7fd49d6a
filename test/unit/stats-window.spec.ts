/**
 * The time arithmetic of the dashboard statistics (src/modules/stats/stats.window.ts): window bounds in a time
 * zone, bucket starts across daylight-saving changes (a skipped midnight included), and the plan that cuts a
 * window into folded ranges and raw edges without gaps or overlaps.
 */
import { parseBound, queryPlan, resolveWindow, seriesStarts, zonedInstant } from '../../src/modules/stats/stats.window';

const iso = (d: Date) => d.toISOString();

describe('window bounds', () => {
  test('a date is local midnight; as `to`, the end of that day', () => {
    expect(iso(parseBound('2026-10-25', 'from', 'Europe/Berlin'))).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(parseBound('2026-10-25', 'to', 'Europe/Berlin'))).toBe('2026-10-25T23:00:00.000Z'); // a 25-hour day
    expect(iso(parseBound('2026-03-08', 'to', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z'); // a 23-hour day
  });

  test('a date-time with an offset is that instant; without one, wall-clock time in the zone', () => {
    expect(iso(parseBound('2026-11-01T10:00:00+02:00', 'from', 'UTC'))).toBe('2026-11-01T08:00:00.000Z');
    expect(iso(parseBound('2026-11-01T10:00:00Z', 'from', 'Asia/Kolkata'))).toBe('2026-11-01T10:00:00.000Z');
    expect(iso(parseBound('2026-11-01T10:00', 'from', 'Asia/Kolkata'))).toBe('2026-11-01T04:30:00.000Z');
  });

  test.each(['2026-02-29', '2026-13-01', '26-01-01', 'now', '2026-01-01T25:00', '1969-12-31'])('%s is refused naming the field', (v) => {
    expect(() => parseBound(v, 'from', 'UTC')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  test('time zones: IANA names only, never a bare offset', () => {
    expect(() => resolveWindow({ timeZone: '+05:30' })).toThrow(/timeZone/);
    expect(() => resolveWindow({ timeZone: 'Not/AZone' })).toThrow(/timeZone/);
    expect(() => resolveWindow({ from: '2026-01-02', to: '2026-01-01' })).toThrow(/from must be before to/);
    const w = resolveWindow({}, new Date('2026-11-24T15:00:00Z'));
    expect(iso(w.from)).toBe('2026-10-26T00:00:00.000Z');
    expect(iso(w.to)).toBe('2026-11-24T15:00:00.000Z');
  });
});

describe('bucket starts', () => {
  const starts = (from: string, to: string, tz: string, interval: 'day' | 'week' | 'month') =>
    seriesStarts({ from: new Date(from), to: new Date(to), timeZone: tz }, interval).map(iso);

  test('days across the autumn change in Berlin', () => {
    expect(starts('2026-10-24T22:00:00Z', '2026-10-26T23:00:00Z', 'Europe/Berlin', 'day')).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
  });

  test('a midnight skipped by a change starts its day at the change (Beirut)', () => {
    expect(starts('2026-03-27T22:00:00Z', '2026-03-30T21:00:00Z', 'Asia/Beirut', 'day')).toEqual([
      '2026-03-27T22:00:00.000Z',
      '2026-03-28T22:00:00.000Z', // Mar 29, clocks go from 00:00 to 01:00
      '2026-03-29T21:00:00.000Z',
    ]);
  });

  test('west of UTC too: a skipped midnight starts the day at the change, never an hour early (Santiago, Havana)', () => {
    expect(iso(parseBound('2025-09-07', 'from', 'America/Santiago'))).toBe('2025-09-07T04:00:00.000Z');
    expect(starts('2025-09-06T04:00:00Z', '2025-09-08T03:00:00Z', 'America/Santiago', 'day')).toEqual(['2025-09-06T04:00:00.000Z', '2025-09-07T04:00:00.000Z']);
    expect(iso(parseBound('2025-03-09', 'from', 'America/Havana'))).toBe('2025-03-09T05:00:00.000Z');
    // A time that happens twice is its first occurrence.
    expect(iso(parseBound('2026-10-25T02:30', 'from', 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
  });

  test("the first bucket of a week or month is labelled with its own offset, not the window start's", () => {
    expect(starts('2026-03-31T10:00:00Z', '2026-04-15T00:00:00Z', 'Europe/Berlin', 'month')[0]).toBe('2026-02-28T23:00:00.000Z');
  });

  test('weeks from Monday and months from the 1st, at local midnight; the first bucket at or before from', () => {
    expect(starts('2026-11-04T12:00:00Z', '2026-11-20T00:00:00Z', 'UTC', 'week')).toEqual([
      '2026-11-02T00:00:00.000Z',
      '2026-11-09T00:00:00.000Z',
      '2026-11-16T00:00:00.000Z',
    ]);
    expect(starts('2026-10-15T00:00:00Z', '2026-12-01T00:00:00Z', 'Asia/Kolkata', 'month')).toEqual([
      '2026-09-30T18:30:00.000Z',
      '2026-10-31T18:30:00.000Z',
      '2026-11-30T18:30:00.000Z', // Dec 1 local begins before the window's end
    ]);
  });

  test('every start of three years of days is the local midnight zonedInstant computes, in zones with odd offsets and changes', () => {
    for (const tz of ['Europe/Berlin', 'America/Santiago', 'Asia/Beirut', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu']) {
      const all = seriesStarts({ from: new Date('2024-01-01T12:00:00Z'), to: new Date('2027-01-01T00:00:00Z'), timeZone: tz }, 'day');
      const dateOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date(d.getTime() + 3 * 3_600_000));
      for (const s of all.slice(1)) {
        const [y, m, d] = dateOf(s).split('-').map(Number);
        expect([tz, iso(zonedInstant([y, m, d, 0, 0, 0, 0], tz))]).toEqual([tz, iso(s)]);
      }
    }
  });
});

describe('query plan', () => {
  /** The plan's pieces as [from, to) milliseconds, sorted: they must tile the window exactly. */
  function tiles(from: string, to: string, boundaries: string[]) {
    const plan = queryPlan(
      new Date(from),
      new Date(to),
      boundaries.map((b) => new Date(b)),
    );
    const pieces = [...plan.ranges.map((r) => [r.from.getTime(), r.to.getTime()]), ...plan.raw.map(([a, b]) => [a.getTime(), b.getTime()])].sort(
      (a, b) => a[0] - b[0],
    );
    return { plan, pieces };
  }

  test.each([
    ['2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'],
    ['2026-01-15T10:07:13.5Z', '2026-03-02T03:15:00Z'],
    ['2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'],
    ['2026-05-05T05:05:05Z', '2026-05-05T05:09:00Z'],
  ])('[%s, %s) is covered once, without gaps', (from, to) => {
    const { pieces } = tiles(from, to, [from]);
    expect(pieces[0][0]).toBe(new Date(from).getTime());
    expect(pieces[pieces.length - 1][1]).toBe(new Date(to).getTime());
    for (let i = 1; i < pieces.length; i++) expect(pieces[i][0]).toBe(pieces[i - 1][1]);
  });

  test('the coarsest grain that fits: a UTC year reads 12 months; a Berlin day 24 hours; a partial quarter hour raw', () => {
    expect(tiles('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', ['2026-01-01T00:00:00Z']).plan.ranges).toEqual([
      { grain: 'm', from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z'), bucket: 1 },
    ]);
    const berlin = tiles('2026-11-01T23:00:00Z', '2026-11-02T23:00:00Z', ['2026-11-01T23:00:00Z']).plan;
    expect(berlin.ranges.map((r) => r.grain)).toEqual(['h']);
    const cut = tiles('2026-11-01T10:07:00Z', '2026-11-01T12:00:00Z', ['2026-11-01T10:07:00Z']).plan;
    expect(cut.raw.map(([a, b]) => [iso(a), iso(b)])).toEqual([['2026-11-01T10:07:00.000Z', '2026-11-01T10:15:00.000Z']]);
    expect(cut.ranges.map((r) => [r.grain, iso(r.from), iso(r.to)])).toEqual([
      ['q', '2026-11-01T10:15:00.000Z', '2026-11-01T11:00:00.000Z'],
      ['h', '2026-11-01T11:00:00.000Z', '2026-11-01T12:00:00.000Z'],
    ]);
    expect(cut.aligned!.map(iso)).toEqual(['2026-11-01T10:15:00.000Z', '2026-11-01T12:00:00.000Z']);
  });

  test('each range is tagged with the series bucket it falls in', () => {
    const { plan } = tiles('2026-11-01T00:00:00Z', '2026-11-03T00:00:00Z', ['2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z']);
    expect(plan.ranges.map((r) => [r.grain, iso(r.from), r.bucket])).toEqual([
      ['d', '2026-11-01T00:00:00.000Z', 1],
      ['d', '2026-11-02T00:00:00.000Z', 2],
    ]);
  });
});
