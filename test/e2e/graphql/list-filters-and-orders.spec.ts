/**
 * Dashboard lists take `filter` and `orderBy` (DESIGN.md "Dashboard GraphQL (for internal dashboards)"):
 * every order of every list pages forward to the end and back listing every row once in that order, its
 * cursors keep the order (a cursor of another order is refused), `totalCount` follows the filter, a search
 * finds names and emails by any part, and another program sees none of it. Over HTTP against real PostgreSQL.
 */
import type { ApiResponse } from '../../helpers/server';
import { useProgram, useTestServer } from '../../helpers/harness';
import type { ProgramFixture } from '../../helpers/factories';
import { restClient } from '../../helpers/rest-client';
import { uniq } from '../../helpers/spec-client';
import { startHook, webhookClient, type Hook } from '../../helpers/webhooks';

const server = useTestServer();
let hook: Hook;
beforeAll(async () => {
  hook = await startHook();
});
afterAll(async () => {
  await hook?.close();
});

const { program, createAffiliate, createReferral, recordSale } = restClient(() => server);
const { register, drain } = webhookClient(() => server);

type Gql = ApiResponse<{ data?: any; errors?: any[] }>;
const gql = (p: ProgramFixture, query: string, variables: Record<string, unknown> = {}): Promise<Gql> => server.graphql(query, variables, p.key);
function dataOf(res: Gql) {
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}

/** One list: its root field, the filter and order input types, the node fields a test reads, and what each order compares. */
interface ListSpec {
  field: string;
  filterType: string;
  orderType: string;
  node: string;
  /** The value each orderBy field compares, read from a node (numbers, or strings compared as PostgreSQL's C collation would). */
  keys: Record<string, (n: any) => number | string>;
  /** How ids compare (the tie-break). */
  numericIds?: boolean;
}

const time = (n: any) => Date.parse(n.createdAt);
const tag = uniq()
  .toLowerCase()
  .replace(/[^a-z0-9]/g, '');
/** Per affiliate (by id): its sales that are not refunded, counted and summed; per referral the same. */
const salesOf = new Map<string, { n: number; revenue: number }>();
const salesOfReferral = new Map<string, { n: number; revenue: number }>();
const figures = (m: Map<string, { n: number; revenue: number }>, id: string) => m.get(id) ?? { n: 0, revenue: 0 };

const LISTS: Record<string, ListSpec> = {
  affiliates: {
    field: 'affiliates',
    filterType: 'AffiliateFilterInput',
    orderType: 'AffiliateOrder',
    node: 'id firstName lastName email affiliateStatus numberOfClicks numberOfReferredUsers totalCommissionEarned createdAt',
    keys: {
      createdAt: time,
      name: (n) => `${n.firstName} ${n.lastName}`.toLowerCase(),
      clicks: (n) => n.numberOfClicks,
      referrals: (n) => n.numberOfReferredUsers,
      sales: (n) => figures(salesOf, n.id).n,
      revenue: (n) => figures(salesOf, n.id).revenue,
      commission: (n) => n.totalCommissionEarned,
    },
  },
  links: {
    field: 'links',
    filterType: 'LinkFilterInput',
    orderType: 'LinkOrder',
    node: 'id link clicks referrals sales totalRevenue createdAt',
    keys: {
      createdAt: time,
      name: (n) => n.link.toLowerCase(),
      clicks: (n) => n.clicks,
      referrals: (n) => n.referrals,
      sales: (n) => n.sales,
      revenue: (n) => n.totalRevenue,
    },
  },
  referrals: {
    field: 'referrals',
    filterType: 'ReferralFilterInput',
    orderType: 'ReferralOrder',
    node: 'id name email createdAt',
    keys: {
      createdAt: time,
      name: (n) => n.name.toLowerCase(),
      sales: (n) => figures(salesOfReferral, n.id).n,
      revenue: (n) => figures(salesOfReferral, n.id).revenue,
    },
  },
  sales: {
    field: 'sales',
    filterType: 'SaleFilterInput',
    orderType: 'SaleOrder',
    node: 'id name totalEarned commissionEarned refunded createdAt',
    keys: { createdAt: time, name: (n) => n.name.toLowerCase(), revenue: (n) => n.totalEarned, commission: (n) => n.commissionEarned ?? 0 },
    numericIds: true,
  },
  commissions: {
    field: 'commissions',
    filterType: 'CommissionFilterInput',
    orderType: 'CommissionOrder',
    node: 'id amount createdAt',
    keys: { createdAt: time, commission: (n) => n.amount },
  },
  payoutBatches: {
    field: 'payoutBatches',
    filterType: 'PayoutBatchFilterInput',
    orderType: 'PayoutBatchOrder',
    node: 'id total commissionCount status createdAt',
    keys: { createdAt: time, commission: (n) => n.total, sales: (n) => n.commissionCount },
  },
  webhookDeliveries: {
    field: 'webhookDeliveries',
    filterType: 'WebhookDeliveryFilterInput',
    orderType: 'WebhookDeliveryOrder',
    node: 'id eventId endpointId status createdAt',
    keys: { createdAt: time },
    numericIds: true,
  },
  events: { field: 'events', filterType: 'EventFilterInput', orderType: 'EventOrder', node: 'id type createdAt', keys: { createdAt: time } },
};

const PAGE = (node: string) => `totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { ${node} } } nodes { id }`;
const queryOf = (l: ListSpec) =>
  `query($first: Int, $after: String, $last: Int, $before: String, $filter: ${l.filterType}, $orderBy: ${l.orderType}) {
    list: ${l.field}(first: $first, after: $after, last: $last, before: $before, filter: $filter, orderBy: $orderBy) { ${PAGE(l.node)} } }`;

async function listPage(p: ProgramFixture, name: string, vars: Record<string, unknown>) {
  const page = dataOf(await gql(p, queryOf(LISTS[name]), vars)).list;
  return { ...page, rows: page.edges.map((e: any) => e.node) };
}

const people: Array<{ id: string; firstName: string; lastName: string; email: string }> = [];
let endpointId: string;

/** Six affiliates (two with the same name, one pending), referrals, sales (one refunded), clicks, batches, deliveries. */
const p = useProgram(() => program());
const other = useProgram(() => program());
beforeAll(async () => {
  endpointId = (await register(p, hook.url)).id;
  const names = [
    ['ada', 'lovelace'],
    ['bob', 'stone'],
    ['cy', 'twin'],
    ['cy', 'twin'],
    ['eve', 'park'],
    ['fay', 'quinn'],
  ];
  for (const [i, [first, last]] of names.entries()) {
    const a = await createAffiliate(p, {
      firstName: first,
      lastName: last,
      email: `${first}-${i}-${tag}@example.com`,
      affiliateLink: `${first}-${i}-${tag}`,
      affiliateStatus: first === 'eve' ? 'pending' : 'active',
    });
    people.push({ id: a.id, firstName: first, lastName: last, email: `${first}-${i}-${tag}@example.com` });
  }
  await createAffiliate(other, { firstName: 'ada', lastName: 'elsewhere', email: `ada-other-${tag}@example.com` });
  // Referrals and sales: [affiliate index, referral name, sale amounts]
  const plan: Array<[number, string, number[]]> = [
    [0, 'zoe buyer', [10, 50, 20]],
    [0, 'amy buyer', []],
    [0, 'max buyer', [30]],
    [1, 'kim buyer', [100]],
    [2, 'lou buyer', [5, 5]],
    [2, 'ned buyer', []],
    [4, 'pam buyer', [70]],
  ];
  const saleIds: number[] = [];
  for (const [who, name, amounts] of plan) {
    const r = await createReferral(p, { affiliateId: people[who].id, name, email: `${name.split(' ')[0]}-${tag}@example.com` });
    for (const totalEarned of amounts) {
      const sale = await recordSale(p, { referralId: r.id, name, email: `${name.split(' ')[0]}-${tag}@example.com`, totalEarned });
      saleIds.push(sale.id);
      for (const [m, id] of [
        [salesOf, people[who].id],
        [salesOfReferral, r.id],
      ] as const) {
        const f = figures(m, id);
        m.set(id, { n: f.n + 1, revenue: f.revenue + totalEarned });
      }
    }
  }
  // Ada's 20 is refunded: it no longer counts in her sales or revenue.
  const refunded = saleIds[2];
  expect((await server.api('PATCH', '/sales', { token: p.key, body: { saleId: refunded } })).status).toBe(200);
  const refundedReferral = dataOf(await gql(p, `{ sale(id: ${refunded}) { referralId } }`)).sale.referralId;
  for (const [m, id] of [
    [salesOf, people[0].id],
    [salesOfReferral, refundedReferral],
  ] as const) {
    const f = figures(m, id);
    m.set(id, { n: f.n - 1, revenue: f.revenue - 20 });
  }
  // Clicks: three distinct visitors on fay's link, one on ada's.
  for (const [who, n] of [
    [5, 3],
    [0, 1],
  ] as const) {
    const slug = `${people[who].firstName}-${who}-${tag}`;
    for (let i = 0; i < n; i++) {
      const res = await server.api('POST', '/clicks', {
        token: p.key,
        body: { link: slug },
        headers: { 'x-forwarded-for': `198.51.100.${who * 10 + i}`, 'user-agent': `Visitor ${i}` },
      });
      expect(res.status).toBe(200);
    }
  }
  // Three payout batches of 1, 3 and 2 commissions.
  const unrefunded = saleIds.filter((id) => id !== refunded);
  for (const group of [unrefunded.slice(0, 1), unrefunded.slice(1, 4), unrefunded.slice(4, 6)])
    dataOf(await server.graphql(`mutation($s: [SafeInt!]) { createPayoutBatch(saleIds: $s) { id } }`, { s: group }, p.key));
  await drain();
});

/**
 * Asserts that `rows` run in `direction` by `key`, ties by id in the same direction. Creation times arrive with
 * milliseconds and are stored with microseconds, so for them only the order of the keys is checked.
 */
function expectOrdered(rows: any[], key: (n: any) => number | string, direction: 'asc' | 'desc', opts: { numericIds?: boolean; exact: boolean }) {
  const sign = direction === 'asc' ? 1 : -1;
  const idOf = (n: any) => (opts.numericIds ? Number(n.id) : String(n.id));
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [key(rows[i - 1]), key(rows[i])];
    if (a !== b) expect(a < b ? sign : -sign).toBe(1);
    else if (opts.exact) expect(idOf(rows[i - 1]) < idOf(rows[i]) ? sign : -sign).toBe(1);
  }
}

const CASES = Object.entries(LISTS).flatMap(([name, l]) =>
  Object.keys(l.keys).flatMap((field) => (['asc', 'desc'] as const).map((direction) => [name, field, direction] as const)),
);

describe.each(CASES)('%s ordered by %s %s', (name, field, direction) => {
  test('pages forward to the end and back: every row once, in that order; the cursors keep it', async () => {
    const l = LISTS[name];
    const orderBy = { field, direction };
    const all = await listPage(p, name, { first: 500, orderBy });
    expect(all.rows.length).toBeGreaterThanOrEqual(3);
    expect(all.totalCount).toBe(all.rows.length);
    expectOrdered(all.rows, l.keys[field], direction, { numericIds: l.numericIds, exact: field !== 'createdAt' });
    const ids = all.rows.map((n: any) => String(n.id));
    const unordered = await listPage(p, name, { first: 500 });
    expect([...ids].sort()).toEqual(unordered.rows.map((n: any) => String(n.id)).sort());

    const forward: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await listPage(p, name, { first: 2, after, orderBy });
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
      forward.push(...page.rows.map((n: any) => String(n.id)));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(forward).toEqual(ids);

    const backward: string[][] = [];
    let before: string | null = null;
    for (;;) {
      const page: any = await listPage(p, name, { last: 2, before, orderBy });
      expect(page.pageInfo.hasNextPage).toBe(before !== null);
      backward.unshift(page.rows.map((n: any) => String(n.id)));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(backward.flat()).toEqual(ids);

    // A cursor belongs to its order: with another order, or none, it is refused; it is not a cursor of another program's list.
    const cursor = all.edges[1].cursor;
    const otherOrder = { field, direction: direction === 'asc' ? 'desc' : 'asc' };
    for (const vars of [
      { first: 2, after: cursor, orderBy: otherOrder },
      { first: 2, after: cursor },
    ]) {
      const res = await gql(p, queryOf(l), vars);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    }
    const plainCursor = unordered.edges[0].cursor;
    const res = await gql(p, queryOf(l), { first: 2, after: plainCursor, orderBy });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });
});

describe('filters', () => {
  const ids = (page: any) => page.rows.map((n: any) => String(n.id));

  test('search finds names and emails by any part, case-insensitively; LIKE wildcards match themselves', async () => {
    const twins = await listPage(p, 'affiliates', { first: 50, filter: { search: 'Y TW' } });
    expect(ids(twins)).toEqual([people[2].id, people[3].id]);
    expect(twins.totalCount).toBe(2);
    const byEmail = await listPage(p, 'affiliates', { first: 50, filter: { search: `VE-4-${tag}@EXAM` } });
    expect(ids(byEmail)).toEqual([people[4].id]);
    expect((await listPage(p, 'affiliates', { first: 50, filter: { search: '%' } })).rows).toEqual([]);
    expect((await listPage(p, 'affiliates', { first: 50, filter: { search: '_' } })).rows).toEqual([]);
    // Links: by slug or by the owner's name.
    const links = await listPage(p, 'links', { first: 50, filter: { search: 'lovelace' } });
    expect(links.rows.map((n: any) => n.link)).toEqual([`ada-0-${tag}`]);
    expect((await listPage(p, 'links', { first: 50, filter: { search: `fay-5-${tag}` } })).rows).toHaveLength(1);
    const buyers = await listPage(p, 'referrals', { first: 50, filter: { search: 'ZOE' } });
    expect(buyers.rows.map((n: any) => n.name)).toEqual(['zoe buyer']);
    const sales = await listPage(p, 'sales', { first: 50, filter: { search: `lou-${tag}` } });
    expect(sales.rows.map((n: any) => n.totalEarned)).toEqual([5, 5]);
    const commissions = await listPage(p, 'commissions', { first: 50, filter: { search: 'lovelace' } });
    expect(commissions.totalCount).toBe(4);
  });

  test('a filter combined with an order, paged both ways, with its count', async () => {
    const orderBy = { field: 'revenue', direction: 'desc' };
    const filter = { refunded: false, createdAfter: '2000-01-01T00:00:00Z' };
    const all = await listPage(p, 'sales', { first: 50, filter, orderBy });
    expect(all.rows.map((n: any) => n.totalEarned)).toEqual([100, 70, 50, 30, 10, 5, 5]);
    expect(all.totalCount).toBe(7);
    const first = await listPage(p, 'sales', { first: 3, filter, orderBy });
    expect(first.totalCount).toBe(7);
    const next = await listPage(p, 'sales', { first: 3, after: first.pageInfo.endCursor, filter, orderBy });
    expect(next.rows.map((n: any) => n.totalEarned)).toEqual([30, 10, 5]);
    const back = await listPage(p, 'sales', { last: 2, before: next.pageInfo.startCursor, filter, orderBy });
    expect(back.rows.map((n: any) => n.totalEarned)).toEqual([70, 50]);

    const refunded = await listPage(p, 'sales', { first: 50, filter: { refunded: true } });
    expect(refunded.rows.map((n: any) => [n.totalEarned, n.refunded])).toEqual([[20, true]]);

    const active = await listPage(p, 'affiliates', { first: 50, filter: { status: 'active' }, orderBy: { field: 'referrals', direction: 'desc' } });
    expect(active.totalCount).toBe(5);
    expect(ids(active)[0]).toBe(people[0].id);
    expect(ids(active)).not.toContain(people[4].id);
    const pending = await listPage(p, 'affiliates', { first: 50, filter: { status: 'pending' } });
    expect(ids(pending)).toEqual([people[4].id]);
  });

  test('affiliate, link, status and creation range', async () => {
    const ada = people[0].id;
    const links = await listPage(p, 'links', { first: 50, filter: { affiliateId: ada } });
    const adaLink = links.rows[0].id;
    const referrals = await listPage(p, 'referrals', { first: 50, filter: { linkId: adaLink } });
    expect(referrals.totalCount).toBe(3);
    expect((await listPage(p, 'sales', { first: 50, filter: { linkId: adaLink } })).totalCount).toBe(4);
    expect((await listPage(p, 'commissions', { first: 50, filter: { linkId: adaLink } })).totalCount).toBe(4);
    expect((await listPage(p, 'commissions', { first: 50, filter: { affiliateId: ada, status: 'reversed' } })).totalCount).toBe(1);
    expect((await listPage(p, 'referrals', { first: 50, filter: { linkId: 'not-a-uuid' } })).totalCount).toBe(0);
    expect((await listPage(p, 'referrals', { first: 50, filter: { status: 'canceled' } })).totalCount).toBe(0);

    const all = await listPage(p, 'referrals', { first: 50 });
    const middle = all.rows[3].createdAt;
    const before = await listPage(p, 'referrals', { first: 50, filter: { createdBefore: middle } });
    const after = await listPage(p, 'referrals', { first: 50, filter: { createdAfter: middle } });
    expect([...ids(before), ...ids(after)]).toEqual(ids(all));
    expect(ids(after)[0]).toBe(String(all.rows[3].id));

    const batches = await listPage(p, 'payoutBatches', { first: 50, filter: { status: 'open' } });
    expect(batches.rows.map((b: any) => b.commissionCount)).toEqual([2, 3, 1]);
    expect((await listPage(p, 'payoutBatches', { first: 50, filter: { status: 'paid' } })).totalCount).toBe(0);

    const deliveries = await listPage(p, 'webhookDeliveries', { first: 500, filter: { status: 'succeeded', endpointId } });
    expect(deliveries.totalCount).toBeGreaterThan(10);
    const saleDeliveries = await listPage(p, 'webhookDeliveries', { first: 500, filter: { eventType: 'sale.created' } });
    expect(saleDeliveries.totalCount).toBe(8);
    const events = await listPage(p, 'events', { first: 500, filter: { type: 'sale.created' } });
    expect(events.totalCount).toBe(8);
    expect(new Set(saleDeliveries.rows.map((d: any) => d.eventId))).toEqual(new Set(ids(events)));
  });

  test('bad filters and orders are VALIDATION_FAILED naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['affiliates', { filter: { search: 'x'.repeat(201) } }, 'search'],
      ['affiliates', { filter: { search: '' } }, 'search'],
      ['sales', { filter: { createdAfter: 'yesterday' } }, 'createdAfter'],
      ['events', { filter: { type: 'nope.nope' } }, 'type'],
      ['webhookDeliveries', { filter: { eventType: 'nope.nope' } }, 'eventType'],
      ['affiliates', { orderBy: { field: 'height' } }, 'orderBy.field'],
      ['affiliates', { first: 501 }, 'first'],
      ['sales', { last: 0 }, 'last'],
    ];
    for (const [name, vars, field] of cases) {
      const res = await gql(p, queryOf(LISTS[name]), vars);
      const error = res.body.errors?.[0];
      expect(error?.extensions?.code).toBe('VALIDATION_FAILED');
      if (error?.extensions?.details) expect(error.extensions.details[0].field).toBe(field);
      else expect(error?.message).toContain(field);
      expect(res.body.data?.list ?? null).toBeNull();
    }
  });
});

test("another program's credential sees none of these rows, filtered or ordered", async () => {
  for (const [name, l] of Object.entries(LISTS)) {
    const field = Object.keys(l.keys).at(-1)!;
    const page = dataOf(await gql(other, queryOf(l), { first: 500, orderBy: { field, direction: 'desc' } })).list;
    const mine = new Set((await listPage(p, name, { first: 500 })).rows.map((n: any) => String(n.id)));
    expect(page.nodes.some((n: any) => mine.has(String(n.id)))).toBe(false);
  }
  const searched = dataOf(await gql(other, queryOf(LISTS.affiliates), { first: 50, filter: { search: 'lovelace' } })).list;
  expect(searched.totalCount).toBe(0);
});
