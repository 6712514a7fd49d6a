/**
 * Migration20261127300000_names_within_limits: names stored from Stripe before its objects were checked at the
 * edge (a 900 KB one was) are cut to the API's 200 characters, so a list ordered by name pages past them (their
 * sort value fits a cursor again), over HTTP.
 */
import { useTestServer } from '../../helpers/harness';
import { createAffiliate, createProgram } from '../../helpers/factories';
import { restClient } from '../../helpers/rest-client';

const MIGRATION = 'Migration20261127300000_names_within_limits';

const server = useTestServer();
const { sql } = restClient(() => server);

const PAGE = `query($after: String) { referrals(first: 1, after: $after, orderBy: {field: name, direction: asc}) {
  nodes { id name } pageInfo { hasNextPage endCursor } } }`;

test('an over-long stored name is cut to 200 characters, and a list ordered by name pages past it', async () => {
  const p = await createProgram(server);
  const a = await createAffiliate(server, p.key);
  const ids: string[] = [];
  for (const name of ['Ann', 'Bob', 'Cy']) {
    const res = await server.api('POST', '/referrals', {
      token: p.key,
      body: { affiliateId: a.id, name, email: `${name.toLowerCase()}@example.com`, referredUserExternalId: `cus_${name}` },
    });
    ids.push(res.body.id);
  }
  const migrator = server.runtime.orm.getMigrator();
  await migrator.down(MIGRATION);
  // As the Stripe ingestion stored it before: 900 KB.
  await sql('update referrals set name = ? where program_id = ? and id = ?', ['B'.repeat(900_000), p.programId, ids[1]]);
  await migrator.up(MIGRATION);

  const [row] = await sql<{ n: number }>('select length(name)::int as n from referrals where program_id = ? and id = ?', [p.programId, ids[1]]);
  expect(row.n).toBe(200);
  const seen: string[] = [];
  let after: string | null = null;
  for (let i = 0; i < 5; i++) {
    const res: { body: { data?: any; errors?: unknown[] } } = await server.graphql(PAGE, { after }, p.key);
    expect(res.body.errors).toBeUndefined();
    const page: { nodes: Array<{ id: string }>; pageInfo: { hasNextPage: boolean; endCursor: string } } = res.body.data.referrals;
    seen.push(...page.nodes.map((n) => n.id));
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  expect(seen).toEqual(ids);
});
