/**
 * A cursor is only what the list handed out (DESIGN.md "Dashboard GraphQL (for internal dashboards)"; errors:
 * malformed input is 400, never 500). Every ordered list × order field, in both directions, refuses a cursor
 * whose sort value or id is not of that list's type, and cursors that are not cursors at all (not base64, not
 * JSON, the wrong length, U+0000, oversize): VALIDATION_FAILED naming `after` or `before`, never INTERNAL (a
 * wrong type used to reach SQL and fail there with 22P02/22007). The REST lists that take `after` answer 400.
 * A real cursor of each list still pages on. Over HTTP against real PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../../helpers/server';
import { useProgram, useTestServer } from '../../helpers/harness';
import { restClient } from '../../helpers/rest-client';
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

type Kind = 'time' | 'decimal' | 'count' | 'name';
type Ids = 'uuid' | 'number' | 'event';
interface ListSpec {
  field: string;
  filterType: string;
  orderType: string;
  ids: Ids;
  orders: Record<string, Kind>;
}

const LISTS: Record<string, ListSpec> = {
  affiliates: {
    field: 'affiliates',
    filterType: 'AffiliateFilterInput',
    orderType: 'AffiliateOrder',
    ids: 'uuid',
    orders: { createdAt: 'time', name: 'name', clicks: 'count', referrals: 'count', sales: 'count', revenue: 'decimal', commission: 'decimal' },
  },
  links: {
    field: 'links',
    filterType: 'LinkFilterInput',
    orderType: 'LinkOrder',
    ids: 'uuid',
    orders: { createdAt: 'time', name: 'name', clicks: 'count', referrals: 'count', sales: 'count', revenue: 'decimal' },
  },
  referrals: {
    field: 'referrals',
    filterType: 'ReferralFilterInput',
    orderType: 'ReferralOrder',
    ids: 'uuid',
    orders: { createdAt: 'time', name: 'name', sales: 'count', revenue: 'decimal' },
  },
  sales: {
    field: 'sales',
    filterType: 'SaleFilterInput',
    orderType: 'SaleOrder',
    ids: 'number',
    orders: { createdAt: 'time', name: 'name', revenue: 'decimal', commission: 'decimal' },
  },
  commissions: {
    field: 'commissions',
    filterType: 'CommissionFilterInput',
    orderType: 'CommissionOrder',
    ids: 'uuid',
    orders: { createdAt: 'time', commission: 'decimal' },
  },
  payoutBatches: {
    field: 'payoutBatches',
    filterType: 'PayoutBatchFilterInput',
    orderType: 'PayoutBatchOrder',
    ids: 'uuid',
    orders: { createdAt: 'time', commission: 'decimal', sales: 'count' },
  },
  webhookDeliveries: {
    field: 'webhookDeliveries',
    filterType: 'WebhookDeliveryFilterInput',
    orderType: 'WebhookDeliveryOrder',
    ids: 'number',
    orders: { createdAt: 'time' },
  },
  events: { field: 'events', filterType: 'EventFilterInput', orderType: 'EventOrder', ids: 'event', orders: { createdAt: 'time' } },
};

const queryOf = (l: ListSpec) =>
  `query($first: Int, $after: String, $last: Int, $before: String, $filter: ${l.filterType}, $orderBy: ${l.orderType}) {
    list: ${l.field}(first: $first, after: $after, last: $last, before: $before, filter: $filter, orderBy: $orderBy) {
      pageInfo { hasNextPage startCursor endCursor } nodes { id } } }`;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
/** The id part of a cursor, as each list encodes it (src/common/pagination.ts). */
const idCursor = (ids: Ids, id: string | number) => (ids === 'event' ? String(id) : b64(String(id)));
const SAMPLE_ID: Record<Ids, string | number> = { uuid: randomUUID(), number: 7, event: `evt_${'0'.repeat(31)}1` };
const ordered = (field: string, direction: string, value: unknown, id: unknown) => b64(JSON.stringify([field, direction, value, id]));

/** Sort values of another type than the field's (each used to reach SQL), and ones of no type at all. */
const WRONG_VALUES: Record<Kind, unknown[]> = {
  time: ['abc', '12.5', '', '2026-13-45 10:00:00+00', '2026-02-30 10:00:00+00', 'now', 'infinity', '2026-01-01 25:00:00+00', 42, null, 'x'.repeat(40)],
  decimal: ['abc', '2026-01-01 00:00:00+00', '', 'NaN', 'Infinity', '1e5', '0x1A', '1_000', ' 1', '1.2.3', 7, null, '9'.repeat(200)],
  count: ['1.5', 'abc', '', '99999999999', '2026-01-01 00:00:00+00', '1e3', '-', 3, null],
  name: [12, null, true, ['a'], { a: 1 }, 'a\u0000b', 'x'.repeat(1500), '\ud800'],
};
/** Ids of another type than the list's. */
const WRONG_IDS: Record<Ids, unknown[]> = {
  uuid: [b64('7'), b64('not-a-uuid'), 'evt_00000000000000000000000000000001', 7, null],
  number: [b64(randomUUID()), b64('1.5'), b64('-3'), b64('99999999999999999999'), b64('0x10'), 'evt_00000000000000000000000000000001', 7, null],
  event: [b64(randomUUID()), b64('7'), 'evt_xyz', `evt_${'g'.repeat(32)}`, 7, null],
};

/** Some rows in every list, so that real cursors exist. */
const p = useProgram(() => program());
beforeAll(async () => {
  await register(p, hook.url);
  const a = await createAffiliate(p, { firstName: 'ada', lastName: 'lovelace' });
  await createAffiliate(p, { firstName: 'bob', lastName: 'stone' });
  const r = await createReferral(p, { affiliateId: a.id, name: 'zoe buyer', email: `zoe-${randomUUID()}@example.com` });
  const sales = [];
  for (const totalEarned of [10, 25]) sales.push((await recordSale(p, { referralId: r.id, totalEarned })).id);
  const batch = await server.graphql(`mutation($s: [SafeInt!]) { createPayoutBatch(saleIds: $s) { id } }`, { s: sales }, p.key);
  expect(batch.body.errors).toBeUndefined();
  await drain();
});

const gql = (l: ListSpec, vars: Record<string, unknown>): Promise<Gql> => server.graphql(queryOf(l), vars, p.key);

/** VALIDATION_FAILED about `side` (U+0000 is refused with the request's variables: `variables.after`), no data, never INTERNAL. */
function expectRefused(res: Gql, side: 'after' | 'before', what: unknown) {
  const error = res.body.errors?.[0];
  const field = String(error?.extensions?.details?.[0]?.field).replace(/^variables\./, '');
  expect({ what, code: error?.extensions?.code, field }).toEqual({ what, code: 'VALIDATION_FAILED', field: side });
  expect(res.body.data?.list ?? null).toBeNull();
}

const CASES = Object.entries(LISTS).flatMap(([name, l]) =>
  Object.keys(l.orders).flatMap((field) => (['asc', 'desc'] as const).map((direction) => [name, field, direction] as const)),
);

describe.each(CASES)('%s ordered by %s %s', (name, field, direction) => {
  const l = LISTS[name];
  const orderBy = { field, direction };

  test('a sort value or id of the wrong type is VALIDATION_FAILED naming after or before', async () => {
    const realId = idCursor(l.ids, SAMPLE_ID[l.ids]);
    const tampered = [
      ...WRONG_VALUES[l.orders[field]].map((value) => ordered(field, direction, value, realId)),
      ...WRONG_IDS[l.ids].map((id) => ordered(field, direction, l.orders[field] === 'name' ? 'ada' : '1', id)),
    ];
    for (const cursor of tampered) {
      const what = Buffer.from(cursor, 'base64url').toString('utf8');
      expectRefused(await gql(l, { first: 2, after: cursor, orderBy }), 'after', what);
      expectRefused(await gql(l, { last: 2, before: cursor, orderBy }), 'before', what);
    }
  });

  test("the list's own cursors still page on, both ways", async () => {
    const first = await gql(l, { first: 1, orderBy });
    expect(first.body.errors).toBeUndefined();
    const { endCursor, hasNextPage } = first.body.data.list.pageInfo;
    expect(endCursor).toEqual(expect.any(String));
    const next = await gql(l, { first: 1, after: endCursor, orderBy });
    expect(next.body.errors).toBeUndefined();
    if (hasNextPage) expect(next.body.data.list.nodes).toHaveLength(1);
    const back = await gql(l, { last: 1, before: endCursor, orderBy });
    expect(back.body.errors).toBeUndefined();
  });
});

describe('values of the right type at the edges of their range are read, not failed in SQL', () => {
  const EDGES: Record<Kind, string[]> = {
    time: ['0001-01-01 00:00:00+00', '9999-12-31 23:59:59.999999+00', '2024-02-29T12:00:00Z', '2026-06-01 10:00:00.5-09:30', '2026-06-01 10:00:00+05:45:00'],
    decimal: ['0', '-0.01', '123456789012345678901234567890.12', '-99999999999999999999.99'],
    count: ['0', '2147483647', '-2147483648'],
    name: ['', 'ada lovelace', 'Ünïcødé ✓', 'x'.repeat(400)],
  };
  test.each(CASES)('%s ordered by %s %s', async (name, field, direction) => {
    const l = LISTS[name];
    for (const value of EDGES[l.orders[field]]) {
      const res = await gql(l, { first: 2, after: ordered(field, direction, value, idCursor(l.ids, SAMPLE_ID[l.ids])), orderBy: { field, direction } });
      expect({ value, errors: res.body.errors }).toEqual({ value, errors: undefined });
    }
  });
});

describe('what is not a cursor of the list at all', () => {
  const l = LISTS.affiliates;
  const uuidId = idCursor('uuid', SAMPLE_ID.uuid);
  const NOT_CURSORS: Array<[string, string]> = [
    ['not base64', '***'],
    ['not base64 either', 'abc$def'],
    ['base64 of nothing useful', b64('hello')],
    ['not JSON', b64('["createdAt","asc",')],
    ['a JSON object', b64(JSON.stringify({ field: 'createdAt' }))],
    ['three elements', b64(JSON.stringify(['createdAt', 'asc', '2026-01-01 00:00:00+00']))],
    ['five elements', b64(JSON.stringify(['createdAt', 'asc', '2026-01-01 00:00:00+00', uuidId, 'x']))],
    ['U+0000 in the cursor', `${ordered('createdAt', 'asc', '2026-01-01 00:00:00+00', uuidId)}\u0000`],
    ['U+0000 in the field', ordered('createdAt\u0000', 'asc', '2026-01-01 00:00:00+00', uuidId)],
    ['oversize', ordered('name', 'asc', 'x'.repeat(3000), uuidId)],
    ['a plain id padded', `${uuidId}==`],
    ['invalid UTF-8', Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d]).toString('base64url')],
    ['an unknown direction', ordered('createdAt', 'sideways', '2026-01-01 00:00:00+00', uuidId)],
  ];
  test.each(NOT_CURSORS)('%s: VALIDATION_FAILED naming after or before, with or without an order', async (_what, cursor) => {
    for (const orderBy of [undefined, { field: 'createdAt', direction: 'asc' }]) {
      expectRefused(await gql(l, { first: 2, after: cursor, orderBy }), 'after', cursor);
      expectRefused(await gql(l, { last: 2, before: cursor, orderBy }), 'before', cursor);
    }
  });
});

describe('REST lists that take after', () => {
  const TAMPERED: Array<[string, string]> = [
    ['/affiliates', ordered('revenue', 'desc', 'abc', b64(randomUUID()))],
    ['/affiliates', b64('7')],
    ['/affiliates', '***'],
    ['/links', b64('2026-01-01')],
    ['/referrals', ordered('createdAt', 'asc', '12.5', b64(randomUUID()))],
    ['/sales', b64(randomUUID())],
    ['/sales', b64('1.5')],
    ['/sales', ordered('createdAt', 'asc', 'abc', b64('7'))],
    ['/events', b64('7')],
    ['/events', 'evt_xyz'],
  ];
  test.each(TAMPERED)('GET %s?after=%s: 400 VALIDATION_FAILED about after', async (path, after) => {
    const res = await server.api('GET', path, { token: p.key, query: { limit: '2', after } });
    expect({ status: res.status, code: res.body?.code, field: res.body?.details?.[0]?.field }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      field: 'after',
    });
  });

  test("a REST list's own cursor still pages on", async () => {
    const first = await server.api('GET', '/affiliates', { token: p.key, query: { limit: '1' } });
    expect(first.status).toBe(200);
    const next = await server.api('GET', '/affiliates', { token: p.key, query: { limit: '1', after: first.headers.get('x-next-cursor')! } });
    expect(next.status).toBe(200);
    expect(next.body).toHaveLength(1);
    expect(next.body[0].id).not.toBe(first.body[0].id);
  });
});
