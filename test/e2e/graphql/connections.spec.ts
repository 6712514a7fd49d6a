/**
 * Every GraphQL list is a Relay connection (DESIGN.md "Dashboard GraphQL (for internal dashboards)"): `first`/
 * `after` and `last`/`before`, `totalCount` (following the list's filters), `pageInfo {hasNextPage,
 * hasPreviousPage, startCursor, endCursor}`, `edges {cursor node}` and `nodes`. Paging forward to the end and
 * back lists every row once, in one order. Over HTTP against real PostgreSQL.
 */
import type { ApiResponse } from '../../helpers/server';
import { useAffiliate, useProgram, useTestServer } from '../../helpers/harness';
import type { ProgramFixture } from '../../helpers/factories';
import { restClient } from '../../helpers/rest-client';

const server = useTestServer();

const { program, createAffiliate, createReferral, saleFor, createCoupon } = restClient(() => server);

type Gql = ApiResponse<{ data?: any; errors?: any[] }>;
const gql = (p: ProgramFixture, query: string, variables: Record<string, unknown> = {}): Promise<Gql> => server.graphql(query, variables, p.key);
function dataOf(res: Gql) {
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}

const PAGE = 'totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } nodes { id }';
const LISTS: Record<string, (filter: string) => string> = {
  affiliates: () =>
    `query($first: Int, $after: String, $last: Int, $before: String) { list: affiliates(first: $first, after: $after, last: $last, before: $before) { ${PAGE} } }`,
  referrals: (f) =>
    `query($first: Int, $after: String, $last: Int, $before: String) { list: referrals(first: $first, after: $after, last: $last, before: $before${f}) { ${PAGE} } }`,
  sales: (f) =>
    `query($first: Int, $after: String, $last: Int, $before: String) { list: sales(first: $first, after: $after, last: $last, before: $before${f}) { ${PAGE} } }`,
  commissions: () =>
    `query($first: Int, $after: String, $last: Int, $before: String) { list: commissions(first: $first, after: $after, last: $last, before: $before) { ${PAGE} } }`,
  coupons: () =>
    `query($first: Int, $after: String, $last: Int, $before: String) { list: coupons(first: $first, after: $after, last: $last, before: $before) { ${PAGE} } }`,
};

const ids: Record<string, string[]> = {};

const p = useProgram(() => program());
const ada = useAffiliate(() => createAffiliate(p));
beforeAll(async () => {
  const bob = await createAffiliate(p);
  ids.affiliates = [ada.id, bob.id];
  for (let i = 0; i < 5; i++) ids.affiliates.push((await createAffiliate(p)).id);
  ids.referrals = [];
  ids.sales = [];
  for (let i = 0; i < 7; i++) {
    const r = await createReferral(p, { affiliateId: i < 5 ? ada.id : bob.id });
    ids.referrals.push(r.id);
    ids.sales.push(String((await saleFor(p, r.id, { totalEarned: 10 + i })).id));
    await createCoupon(p);
  }
});

async function pageOf(list: string, vars: Record<string, unknown>, filter = '') {
  return dataOf(await gql(p, LISTS[list](filter), vars)).list;
}

describe.each(['affiliates', 'referrals', 'sales', 'commissions', 'coupons'])('%s', (list) => {
  test('forward to the end and back again: every row once, in one order, with the page flags and cursors', async () => {
    const all = (await pageOf(list, { first: 100 })).nodes.map((n: any) => String(n.id));
    expect(all.length).toBeGreaterThanOrEqual(7);
    if (ids[list]) expect(all).toEqual(ids[list]);

    const forward: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page: any = await pageOf(list, { first: 3, after });
      pages++;
      expect(page.totalCount).toBe(all.length);
      expect(page.nodes.map((n: any) => n.id)).toEqual(page.edges.map((e: any) => e.node.id));
      expect(page.pageInfo.startCursor).toBe(page.edges[0]?.cursor ?? null);
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      forward.push(...page.nodes.map((n: any) => String(n.id)));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toBe(Math.ceil(all.length / 3));
    expect(forward).toEqual(all);

    const backward: string[][] = [];
    let before: string | null = null;
    for (;;) {
      const page: any = await pageOf(list, { last: 3, before });
      expect(page.totalCount).toBe(all.length);
      expect(page.pageInfo.hasNextPage).toBe(before !== null);
      backward.unshift(page.nodes.map((n: any) => String(n.id)));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    // Each backward page is in list order, and together they are the list.
    expect(backward.flat()).toEqual(all);
    expect(backward.at(-1)).toEqual(all.slice(-3));
  });

  test('after and before together give the rows between them', async () => {
    const all = (await pageOf(list, { first: 100 })).edges;
    const between = await pageOf(list, { first: 100, after: all[1].cursor, before: all[5].cursor });
    expect(between.nodes.map((n: any) => n.id)).toEqual(all.slice(2, 5).map((e: any) => e.node.id));
    const lastTwo = await pageOf(list, { last: 2, after: all[1].cursor, before: all[5].cursor });
    expect(lastTwo.nodes.map((n: any) => n.id)).toEqual(all.slice(3, 5).map((e: any) => e.node.id));
    expect(lastTwo.pageInfo.hasPreviousPage).toBe(true);
  });

  test('first with last, a size above the cap or a foreign cursor are refused', async () => {
    for (const vars of [{ first: 2, last: 2 }, { last: 501 }, { first: 0 }, { last: 2, before: 'bm90LWEtY3Vyc29y' }]) {
      const res = await gql(p, LISTS[list](''), vars);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    }
  });
});

test('totalCount follows the filter', async () => {
  const filtered = await pageOf('sales', { first: 2 }, `, filter: { affiliateId: "${ada.id}" }`);
  expect(filtered.totalCount).toBe(5);
  expect(filtered.nodes).toHaveLength(2);
  const referrals = await pageOf('referrals', { last: 1 }, `, filter: { affiliateId: "${ada.id}" }`);
  expect(referrals.totalCount).toBe(5);
  expect(referrals.nodes.map((n: any) => n.id)).toEqual([ids.referrals[4]]);
});

test("an affiliate's links page both ways, with their count", async () => {
  for (let i = 0; i < 4; i++) {
    const res = await server.api('POST', '/links', { token: p.key, body: { affiliateId: ada.id, link: `ada-extra-${i}-${Date.now()}` } });
    expect(res.status).toBe(200);
  }
  const q = `query($id: String, $first: Int, $last: Int, $before: String) { affiliate(id: $id) { links(first: $first, last: $last, before: $before) { ${PAGE.replace('node { id }', 'node { id link }')} } } }`;
  const all = dataOf(await gql(p, q, { id: ada.id, first: 100 })).affiliate.links;
  expect(all.totalCount).toBe(5);
  const tail = dataOf(await gql(p, q, { id: ada.id, last: 2 })).affiliate.links;
  expect(tail.nodes.map((n: any) => n.id)).toEqual(all.nodes.slice(-2).map((n: any) => n.id));
  expect(tail.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
  const before = dataOf(await gql(p, q, { id: ada.id, last: 2, before: tail.pageInfo.startCursor })).affiliate.links;
  expect(before.nodes.map((n: any) => n.id)).toEqual(all.nodes.slice(1, 3).map((n: any) => n.id));
});
