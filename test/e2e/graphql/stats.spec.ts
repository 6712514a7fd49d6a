/**
 * Dashboard aggregates (DESIGN.md "Dashboard GraphQL (for internal dashboards)"): `stats` and `topAffiliates`
 * over GraphQL and their REST twins GET /api/v1/stats and /stats/top-affiliates. Activity is recorded through
 * the REST API and then moved in time with SQL (the triggers move its figures along), so the buckets, a
 * daylight-saving day and the window edges can be checked at fixed instants. The figures are compared with
 * sums over the rows themselves, before and after the compactor folds the deltas.
 */
import type { ApiResponse } from '../../helpers/server';
import { useAffiliate, useProgram, useTestServer } from '../../helpers/harness';
import { createPartnerToken, type ProgramFixture } from '../../helpers/factories';
import { restClient } from '../../helpers/rest-client';
import { slug } from '../../helpers/spec-client';
import { oauthPages } from '../../helpers/oauth-pages';

const server = useTestServer();

const { program, sql, createAffiliate, createReferral, saleFor, createLink } = restClient(() => server);

type Gql = ApiResponse<{ data?: any; errors?: any[] }>;
const gql = (token: string, query: string, variables: Record<string, unknown> = {}): Promise<Gql> => server.graphql(query, variables, token);
function dataOf(res: Gql) {
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}
const errorOf = (res: Gql) => res.body.errors?.[0];

const FIGURES = 'clicks referrals sales revenue commission refunds refundedRevenue conversionRate';
const STATS = `query($from: String, $to: String, $interval: StatsInterval, $timeZone: String, $affiliateId: ID, $linkId: ID, $programId: ID) {
  stats(from: $from, to: $to, interval: $interval, timeZone: $timeZone, affiliateId: $affiliateId, linkId: $linkId, programId: $programId) {
    from to interval timeZone currency totals { ${FIGURES} } series { start ${FIGURES} } } }`;
const TOP = `query($from: String, $to: String, $by: TopAffiliatesOrder, $first: Int, $programId: ID) {
  topAffiliates(from: $from, to: $to, by: $by, first: $first, programId: $programId) { affiliateId affiliate { id email } ${FIGURES} } }`;

const stats = async (p: ProgramFixture, vars: Record<string, unknown>) => dataOf(await gql(p.key, STATS, vars)).stats;
const top = async (p: ProgramFixture, vars: Record<string, unknown>) => dataOf(await gql(p.key, TOP, vars)).topAffiliates;

/** Moves a row's creation (and a sale's refund) to a fixed instant. */
async function moveTo(table: 'clicks' | 'referrals' | 'sales', id: string | number, iso: string, column = 'created_at') {
  await sql(`update ${table} set ${column} = ? where id = ?`, [iso, id]);
}

async function recordClick(p: ProgramFixture, link: string): Promise<number> {
  const res = await server.api('POST', '/clicks', { token: p.key, body: { link } });
  expect(res.status).toBe(200);
  return res.body.id;
}

/** The window's figures summed straight from the rows (the oracle). */
async function fromRows(programId: string, from: string, to: string, affiliateId?: string) {
  const aff = affiliateId ? ' and affiliate_id = ?' : '';
  const args = (extra: unknown[] = []) => [programId, from, to, ...(affiliateId ? [affiliateId] : []), ...extra];
  const one = async (q: string, params: unknown[]) => (await sql(q, params))[0];
  const clicks = await one(`select count(*)::int as n from clicks where program_id = ? and created_at >= ? and created_at < ?${aff}`, args());
  const referrals = await one(`select count(*)::int as n from referrals where program_id = ? and created_at >= ? and created_at < ?${aff}`, args());
  const sales = await one(
    `select count(*)::int as n, coalesce(sum(total_earned), 0)::float8 as revenue from sales where program_id = ? and created_at >= ? and created_at < ?${aff}`,
    args(),
  );
  const commission = await one(
    `select coalesce(sum(c.amount), 0)::float8 as amount from commissions c join sales s on s.program_id = c.program_id and s.id = c.sale_id
     where c.program_id = ? and s.created_at >= ? and s.created_at < ?${affiliateId ? ' and c.affiliate_id = ?' : ''} and c.status <> 'reversed'`,
    args(),
  );
  const refunds = await one(
    `select count(*)::int as n, coalesce(sum(total_earned), 0)::float8 as revenue from sales where program_id = ? and refunded and refunded_at >= ? and refunded_at < ?${aff}`,
    args(),
  );
  return {
    clicks: clicks.n,
    referrals: referrals.n,
    sales: sales.n,
    revenue: sales.revenue,
    commission: commission.amount,
    refunds: refunds.n,
    refundedRevenue: refunds.revenue,
  };
}

const withoutRate = ({ conversionRate: _rate, ...rest }: Record<string, number>) => rest;
const sumSeries = (series: any[]) => {
  const out: Record<string, number> = {};
  for (const b of series)
    for (const k of ['clicks', 'referrals', 'sales', 'revenue', 'commission', 'refunds', 'refundedRevenue']) out[k] = (out[k] ?? 0) + b[k];
  for (const k of ['revenue', 'commission', 'refundedRevenue']) out[k] = Math.round(out[k] * 100) / 100;
  return out;
};

// ---------------------------------------------------------------------------------------------------------
// One program with activity placed around Berlin's autumn daylight-saving change (2026-10-25: 25 hours).

let adaSecond: { id: string; link: string };
const saleIds: number[] = [];

const p = useProgram(() => program());
const other = useProgram(() => program());
const adaSlug = slug('ada');
const ada = useAffiliate(() => createAffiliate(p, { affiliateLink: adaSlug }));
const bob = useAffiliate(() => createAffiliate(p, { affiliateLink: slug('bob') }));
beforeAll(async () => {
  adaSecond = await createLink(p, { link: slug('ada2'), affiliateId: ada.id });

  // Ada: 3 clicks, 2 referrals, 3 sales (one refunded); Bob: 1 click, 1 referral, 1 larger sale.

  const c1 = await recordClick(p, adaSlug);
  const c2 = await recordClick(p, adaSlug);
  const c3 = await recordClick(p, adaSecond.link);
  const c4 = await recordClick(p, (await server.api('GET', '/affiliates', { token: p.key, query: { id: bob.id } })).body.affiliateLinks[0]);
  await moveTo('clicks', c1, '2026-10-24T10:00:00Z'); // Oct 24 local
  await moveTo('clicks', c2, '2026-10-25T22:30:00Z'); // Oct 25, 23:30 CET: still Oct 25 (the 25-hour day)
  await moveTo('clicks', c3, '2026-10-25T23:10:00Z'); // Oct 26, 00:10 CET
  await moveTo('clicks', c4, '2026-10-27T09:07:00Z'); // Oct 27
  const r1 = await createReferral(p, { affiliateId: adaSlug });
  const r2 = await createReferral(p, { affiliateId: adaSecond.link });
  const r3 = await createReferral(p, { affiliateId: bob.id });
  await moveTo('referrals', r1.id, '2026-10-25T22:40:00Z'); // Oct 25
  await moveTo('referrals', r2.id, '2026-10-26T08:00:00Z'); // Oct 26
  await moveTo('referrals', r3.id, '2026-10-27T09:08:00Z'); // Oct 27
  const s1 = await saleFor(p, r1.id, { totalEarned: 100 });
  const s2 = await saleFor(p, r2.id, { totalEarned: 40.5 });
  const s3 = await saleFor(p, r1.id, { totalEarned: 20 });
  const s4 = await saleFor(p, r3.id, { totalEarned: 300 });
  saleIds.push(s1.id, s2.id, s3.id, s4.id);
  // Refunded now (inside the refund window), then moved with its refund.
  expect((await server.api('PATCH', '/sales', { token: p.key, body: { saleId: s3.id } })).status).toBe(200);
  await moveTo('sales', s1.id, '2026-10-25T22:50:00Z'); // Oct 25
  await moveTo('sales', s2.id, '2026-10-26T08:05:00Z'); // Oct 26
  await moveTo('sales', s3.id, '2026-10-26T09:00:00Z'); // Oct 26, refunded on Oct 27
  await moveTo('sales', s4.id, '2026-10-27T09:09:30Z'); // Oct 27
  await moveTo('sales', s3.id, '2026-10-27T12:00:00Z', 'refunded_at');
});

const WINDOW = { from: '2026-10-24', to: '2026-10-27', timeZone: 'Europe/Berlin' };

describe('stats: a series of local days', () => {
  test('every local day of the window is a bucket starting at local midnight, the 25-hour day included', async () => {
    const s = await stats(p, { ...WINDOW, interval: 'day' });
    expect(s.from).toBe('2026-10-23T22:00:00.000Z');
    expect(s.to).toBe('2026-10-27T23:00:00.000Z');
    expect(s.interval).toBe('day');
    expect(s.timeZone).toBe('Europe/Berlin');
    expect(s.currency).toBe('USD');
    expect(s.series.map((b: any) => b.start)).toEqual([
      '2026-10-23T22:00:00.000Z',
      '2026-10-24T22:00:00.000Z', // Oct 25 (CEST → CET): 25 hours
      '2026-10-25T23:00:00.000Z',
      '2026-10-26T23:00:00.000Z',
    ]);
    const [oct24, oct25, oct26, oct27] = s.series;
    expect(withoutRate(oct24)).toMatchObject({ clicks: 1, referrals: 0, sales: 0, revenue: 0 });
    expect(oct25).toMatchObject({ clicks: 1, referrals: 1, sales: 1, revenue: 100, refunds: 0, conversionRate: 1 });
    expect(oct26).toMatchObject({ clicks: 1, referrals: 1, sales: 2, revenue: 60.5, refunds: 0 });
    expect(oct27).toMatchObject({ clicks: 1, referrals: 1, sales: 1, revenue: 300, refunds: 1, refundedRevenue: 20 });
    // The refunded sale's commission is gone from its sale's day.
    const commissionOf = async (id: number) => (await server.api('GET', '/sales', { token: p.key, query: { id: String(id) } })).body.commissionEarned;
    expect(oct26.commission).toBeCloseTo(await commissionOf(saleIds[1]), 2);
    expect(await commissionOf(saleIds[2])).toBe(0);
  });

  test('a bucket without activity is there with zeros', async () => {
    const s = await stats(p, { from: '2026-10-20', to: '2026-10-22', timeZone: 'Europe/Berlin' });
    expect(s.series).toHaveLength(3);
    for (const b of s.series)
      expect(withoutRate(b)).toEqual({ start: b.start, clicks: 0, referrals: 0, sales: 0, revenue: 0, commission: 0, refunds: 0, refundedRevenue: 0 });
    for (const b of s.series) expect(b.conversionRate).toBe(0);
    expect(withoutRate(s.totals)).toEqual({ clicks: 0, referrals: 0, sales: 0, revenue: 0, commission: 0, refunds: 0, refundedRevenue: 0 });
  });

  test('the series adds up to the totals, and the totals equal the sums over the rows', async () => {
    const s = await stats(p, { ...WINDOW, interval: 'day' });
    expect(sumSeries(s.series)).toEqual(withoutRate(s.totals));
    const rows = await fromRows(p.programId, s.from, s.to);
    expect(withoutRate(s.totals)).toEqual({ ...rows, commission: expect.any(Number) });
    expect(s.totals.commission).toBeCloseTo(rows.commission, 2);
    expect(s.totals).toMatchObject({ clicks: 4, referrals: 3, sales: 4, revenue: 460.5, refunds: 1, refundedRevenue: 20, conversionRate: 0.75 });
  });

  test('in UTC the 22:30 click of Oct 25 falls on Oct 25 too, the 23:10 one on Oct 25 as well', async () => {
    const s = await stats(p, { from: '2026-10-25', to: '2026-10-25' });
    expect(s.series).toHaveLength(1);
    expect(s.series[0].start).toBe('2026-10-25T00:00:00.000Z');
    expect(s.series[0].clicks).toBe(2);
  });

  test('week and month give the totals of day, weeks from Monday and months from the 1st at local midnight', async () => {
    const window = { from: '2026-10-01', to: '2026-11-30', timeZone: 'Europe/Berlin' };
    const day = await stats(p, { ...window, interval: 'day' });
    const week = await stats(p, { ...window, interval: 'week' });
    const month = await stats(p, { ...window, interval: 'month' });
    expect(day.series).toHaveLength(61);
    expect(month.series.map((b: any) => b.start)).toEqual(['2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z']);
    expect(week.series[0].start).toBe('2026-09-27T22:00:00.000Z'); // Monday Sep 28, local midnight
    expect(week.series.find((b: any) => b.start === '2026-10-25T23:00:00.000Z')).toBeDefined(); // Monday Oct 26, after the change
    expect(week.totals).toEqual(day.totals);
    expect(month.totals).toEqual(day.totals);
    expect(sumSeries(week.series)).toEqual(withoutRate(day.totals));
    expect(sumSeries(month.series)).toEqual(withoutRate(day.totals));
  });

  test('the spring change: a 23-hour day in America/New_York', async () => {
    const s = await stats(p, { from: '2026-03-07', to: '2026-03-09', timeZone: 'America/New_York' });
    expect(s.series.map((b: any) => b.start)).toEqual(['2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
  });

  test('one affiliate, one link', async () => {
    const a = await stats(p, { ...WINDOW, affiliateId: ada.id });
    expect(a.totals).toMatchObject({ clicks: 3, referrals: 2, sales: 3, revenue: 160.5, refunds: 1, refundedRevenue: 20 });
    const rows = await fromRows(p.programId, a.from, a.to, ada.id);
    expect(withoutRate(a.totals)).toEqual({ ...rows, commission: expect.any(Number) });
    const l = await stats(p, { ...WINDOW, linkId: adaSecond.id });
    expect(l.totals).toMatchObject({ clicks: 1, referrals: 1, sales: 1, revenue: 40.5 });
    const both = await stats(p, { ...WINDOW, linkId: adaSecond.id, affiliateId: ada.id });
    expect(both.totals).toEqual(l.totals);
    const mismatch = await stats(p, { ...WINDOW, linkId: adaSecond.id, affiliateId: bob.id });
    expect(withoutRate(mismatch.totals)).toEqual({ clicks: 0, referrals: 0, sales: 0, revenue: 0, commission: 0, refunds: 0, refundedRevenue: 0 });
  });

  test('a window cut inside a quarter hour counts exactly what falls inside it', async () => {
    // Bob's click 09:07, referral 09:08, sale 09:09:30 on Oct 27 (UTC).
    const cut = async (from: string, to: string) => (await stats(p, { from, to, affiliateId: bob.id })).totals;
    expect(await cut('2026-10-27T09:07:30Z', '2026-10-27T09:09:00Z')).toMatchObject({ clicks: 0, referrals: 1, sales: 0 });
    expect(await cut('2026-10-27T09:00:00Z', '2026-10-27T09:09:31Z')).toMatchObject({ clicks: 1, referrals: 1, sales: 1, revenue: 300 });
    expect(await cut('2026-10-27T09:09:30.001Z', '2026-10-27T10:00:00Z')).toMatchObject({ clicks: 0, referrals: 0, sales: 0 });
    // A local date-time is read in the time zone given.
    expect((await stats(p, { from: '2026-10-27T10:07:30', to: '2026-10-27T10:10:00', timeZone: 'Europe/Berlin', affiliateId: bob.id })).totals).toMatchObject({
      clicks: 0,
      referrals: 1,
      sales: 1,
    });
  });

  test('the figures are the same once the compactor has folded the deltas, and follow later changes', async () => {
    const before = await stats(p, { ...WINDOW, interval: 'day' });
    const topBefore = await top(p, { from: '2026-10-01', to: '2026-10-31' });
    expect(await server.runtime.stats.drain()).toBeGreaterThan(0);
    expect(Number((await sql('select count(*) as n from stat_deltas where program_id = ?', [p.programId]))[0].n)).toBe(0);
    expect(await stats(p, { ...WINDOW, interval: 'day' })).toEqual(before);
    expect(await top(p, { from: '2026-10-01', to: '2026-10-31' })).toEqual(topBefore);
    for (const [from, to] of [
      ['2026-10-27T09:07:30Z', '2026-10-27T09:09:00Z'],
      ['2026-10-25T22:35:00Z', '2026-10-27T09:09:31Z'],
    ]) {
      expect((await stats(p, { from, to })).totals).toEqual({
        ...(await fromRows(p.programId, from, to)),
        conversionRate: expect.any(Number),
        commission: expect.any(Number),
      });
    }
    // A sale recorded after the fold counts at once (from its delta), and again after the next fold.
    const extra = await saleFor(p, ada.id, { totalEarned: 5 });
    await moveTo('sales', extra.id, '2026-10-24T12:00:00Z');
    const after = await stats(p, { ...WINDOW, interval: 'day' });
    expect(after.series[0].sales).toBe(before.series[0].sales + 1);
    expect(after.totals.revenue).toBe(before.totals.revenue + 5);
    await server.runtime.stats.drain();
    expect(await stats(p, { ...WINDOW, interval: 'day' })).toEqual(after);
    // Rebuilt from the rows (the repair path): the same again, and another program's buckets untouched.
    const otherBuckets = await sql('select count(*) as n from stat_buckets where program_id = ?', [other.programId]);
    await server.runtime.stats.rebuild(p.programId);
    expect(await stats(p, { ...WINDOW, interval: 'day' })).toEqual(after);
    expect(await top(p, { from: '2026-10-01', to: '2026-10-31' })).toEqual(await top(p, { from: '2026-10-01', to: '2026-10-31' }));
    expect(await sql('select count(*) as n from stat_buckets where program_id = ?', [other.programId])).toEqual(otherBuckets);
  });
});

describe('topAffiliates', () => {
  const MONTH = { from: '2026-10-01', to: '2026-10-31' };

  test('ranked by the figure asked for, each equal to its own stats for the window', async () => {
    const byRevenue = await top(p, { ...MONTH, by: 'revenue' });
    expect(byRevenue.map((r: any) => r.affiliateId)).toEqual([bob.id, ada.id]);
    expect(byRevenue[0].affiliate).toEqual({ id: bob.id, email: bob.email });
    const byClicks = await top(p, { ...MONTH, by: 'clicks' });
    expect(byClicks.map((r: any) => r.affiliateId)).toEqual([ada.id, bob.id]);
    expect((await top(p, { ...MONTH, by: 'sales', first: 1 })).map((r: any) => r.affiliateId)).toEqual([ada.id]);
    for (const row of byRevenue) {
      const own = await stats(p, { ...MONTH, affiliateId: row.affiliateId });
      const { affiliateId: _id, affiliate: _a, ...figures } = row;
      expect(figures).toEqual(own.totals);
    }
  });

  test('a window of whole months, days and quarter hours and partial edges gives the same figures', async () => {
    await server.runtime.stats.drain();
    for (const [from, to] of [
      ['2026-09-01T00:00:00Z', '2026-12-01T00:00:00Z'],
      ['2026-09-15T10:20:00Z', '2026-11-02T03:15:00Z'],
      ['2026-10-25T22:31:07Z', '2026-10-27T09:09:31Z'],
    ]) {
      const ranked = await top(p, { from, to, by: 'referrals' });
      for (const row of ranked) {
        const { affiliateId: _id, affiliate: _a, ...figures } = row;
        expect(figures).toEqual((await stats(p, { from, to, affiliateId: row.affiliateId })).totals);
      }
    }
  });

  test('a deleted affiliate leaves the ranking and the program totals', async () => {
    const gone = await createAffiliate(p, { affiliateLink: slug('gone') });
    const r = await createReferral(p, { affiliateId: gone.id });
    await saleFor(p, r.id, { totalEarned: 9999 });
    const today = new Date().toISOString().slice(0, 10);
    const withGone = await stats(p, { from: today, to: today });
    expect((await top(p, { from: today, to: today }))[0].affiliateId).toBe(gone.id);
    expect((await server.api('DELETE', '/affiliates', { token: p.key, body: { affiliateId: gone.id } })).status).toBe(200);
    expect((await top(p, { from: today, to: today })).map((x: any) => x.affiliateId)).not.toContain(gone.id);
    const without = await stats(p, { from: today, to: today });
    expect(without.totals.revenue).toBeCloseTo(withGone.totals.revenue - 9999, 2);
    await server.runtime.stats.drain();
    expect(await stats(p, { from: today, to: today })).toEqual(without);
  });
});

describe('isolation and refusals', () => {
  test("another program's key sees zeros and none of this program's affiliates", async () => {
    const s = await stats(other, { ...WINDOW, affiliateId: ada.id });
    expect(withoutRate(s.totals)).toEqual({ clicks: 0, referrals: 0, sales: 0, revenue: 0, commission: 0, refunds: 0, refundedRevenue: 0 });
    expect((await stats(other, WINDOW)).totals.sales).toBe(0);
    expect(await top(other, { from: '2026-10-01', to: '2026-10-31' })).toEqual([]);
    // Its owner's session cannot name this program.
    const res = await gql(other.session, STATS, { ...WINDOW, programId: p.programId });
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(errorOf(res)?.extensions?.code);
  });

  test("the owner's session reads its program's figures", async () => {
    const s = dataOf(await gql(p.session, STATS, { ...WINDOW, programId: p.programId })).stats;
    expect(s).toEqual(await stats(p, WINDOW));
    expect(s.totals.sales).toBeGreaterThanOrEqual(4);
  });

  test('a partner token and no credential are refused', async () => {
    const partner = await createPartnerToken(server, p);
    expect(errorOf(await gql(partner, STATS, WINDOW))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await gql(partner, TOP, {}))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await server.graphql(STATS, WINDOW))?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  test.each([
    [{ from: '2026-13-01' }, 'from'],
    [{ from: 'yesterday' }, 'from'],
    [{ to: '2026-02-30' }, 'to'],
    [{ from: '2026-10-05', to: '2026-10-01' }, 'from'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ timeZone: '+05:30' }, 'timeZone'],
    [{ affiliateId: 'not-a-uuid' }, 'affiliateId'],
    [{ from: '2000-01-01', to: '2026-01-01', interval: 'day' }, 'interval'],
  ])('%j is VALIDATION_FAILED naming %s', async (vars, field) => {
    const err = errorOf(await gql(p.key, STATS, vars));
    expect(err?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(err)).toContain(field);
  });

  test('topAffiliates refuses a first above 100', async () => {
    expect(errorOf(await gql(p.key, TOP, { first: 101 }))?.extensions?.code).toBe('VALIDATION_FAILED');
  });
});

describe('REST twins', () => {
  test('GET /stats answers the GraphQL figures', async () => {
    const res = await server.api('GET', '/stats', { token: p.key, query: { ...WINDOW, interval: 'day' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(await stats(p, { ...WINDOW, interval: 'day' }));
    const narrowed = await server.api('GET', '/stats', { token: p.key, query: { ...WINDOW, affiliateId: ada.id } });
    expect(narrowed.body.totals).toEqual((await stats(p, { ...WINDOW, affiliateId: ada.id })).totals);
  });

  test('GET /stats/top-affiliates answers the GraphQL ranking', async () => {
    const res = await server.api('GET', '/stats/top-affiliates', { token: p.key, query: { from: '2026-10-01', to: '2026-10-31', by: 'clicks', first: '5' } });
    expect(res.status).toBe(200);
    const ranked = await top(p, { from: '2026-10-01', to: '2026-10-31', by: 'clicks', first: 5 });
    expect(res.body.map((r: any) => r.affiliate.id)).toEqual(ranked.map((r: any) => r.affiliateId));
    expect(res.body[0]).toMatchObject({ clicks: ranked[0].clicks, revenue: ranked[0].revenue, affiliate: { id: ada.id, email: ada.email } });
  });

  test.each([
    ['/stats', { from: 'not-a-date' }, 'from'],
    ['/stats', { interval: 'hour' }, 'interval'],
    ['/stats', { timeZone: 'Nowhere/Land' }, 'timeZone'],
    ['/stats/top-affiliates', { by: 'fame' }, 'by'],
    ['/stats/top-affiliates', { first: '0' }, 'first'],
  ])('GET %s?%j is 400 naming %s', async (path, query, field) => {
    const res = await server.api('GET', path, { token: p.key, query });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  test('without a key 401, with a partner token 403', async () => {
    expect((await server.api('GET', '/stats')).status).toBe(401);
    const partner = await createPartnerToken(server, p);
    expect((await server.api('GET', '/stats', { token: partner })).status).toBe(403);
    expect((await server.api('GET', '/stats/top-affiliates', { token: partner })).status).toBe(403);
  });
});

describe('the dashboard page', () => {
  const pages = oauthPages(() => server);

  test('shows the last 30 days as a server-rendered SVG chart and the top affiliates, from the same queries', async () => {
    const fresh = await program();
    const aff = await createAffiliate(fresh, { firstName: 'Grace', lastName: 'Hopper' });
    await saleFor(fresh, aff.id, { totalEarned: 123.45 });
    const { jar } = await pages.signIn(fresh.ownerEmail);
    const res = await pages.send('GET', `/dashboard/programs/${fresh.programId}`, { jar });
    expect(res.status).toBe(200);
    const svg = /<svg role="img"[\s\S]*?<\/svg>/.exec(res.text)?.[0];
    expect(svg).toBeDefined();
    expect(res.text).not.toMatch(/<script/i);
    // 30 daily bars, today's titled with its revenue; the same figures as GraphQL's stats.
    const s = await stats(fresh, {});
    expect(s.series).toHaveLength(30);
    expect(svg!.match(/<rect /g)).toHaveLength(30);
    const today = s.series[29].start.slice(0, 10);
    expect(svg).toContain(`${today}: 123.45 USD revenue, 1 sales`);
    expect(res.text).toContain('1 sales · 123.45 USD revenue');
    const leaders = res.text.slice(res.text.indexOf('Top affiliates'));
    expect(leaders).toContain('Grace Hopper');
    expect(leaders).toContain('123.45 USD');
  });
});
