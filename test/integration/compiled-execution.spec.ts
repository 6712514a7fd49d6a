import { execute, parse, type ExecutionResult } from 'graphql';
import { authenticate } from '../../src/auth/authenticate';
import { buildContext } from '../../src/graphql/build-context';
import { OperationExecutor } from '../../src/graphql/executor';
import { getSchema } from '../../src/graphql/schema';
import { anonymousContext } from '../../src/modules/service-context';
import { createAffiliate } from '../helpers/factories';
import { useProgram, useTestServer } from '../helpers/harness';

/**
 * Operations run compiled (graphql-jit) rather than interpreted (graphql-js). Differential test: the same
 * operations, context and variables through both give the same JSON, errors (message, path, locations) included.
 */
const server = useTestServer();
let affiliateId: string;

const p = useProgram(server);
const other = useProgram(server);
beforeAll(async () => {
  const a = await createAffiliate(server, p.key, { commissionRate: 7.5 });
  affiliateId = a.id;
  await createAffiliate(server, p.key);
  await server.api('POST', '/sales', { token: p.key, body: { referralId: a.id, email: 's@example.com', name: 'S', totalEarned: 99.99 } });
});

const json = (r: ExecutionResult) => JSON.parse(JSON.stringify({ data: r.data, errors: r.errors?.map((e) => e.toJSON()) }));

const CASES: Array<[string, string, Record<string, unknown>, () => string]> = [
  [
    'lists, nested connections, fragments, aliases, defaults',
    `
    fragment F on Link { id link clicks totalRevenue fullURLs { baseUrl fullUrl } }
    query Q($first: Int = 5) { all: affiliates(first: $first) { nodes { id name email commissionRate totalCommissionEarned createdAt __typename links(first: 3) { nodes { ...F } } } pageInfo { hasNextPage endCursor } } }`,
    {},
    () => p.key,
  ],
  [
    'numeric ids, money, enums and nullable fields',
    `query { sales(first: 10) { nodes { id totalEarned tax commissionRate commissionEarned commissionStatus refunded refundedAt } } }`,
    {},
    () => p.key,
  ],
  ['a lookup by variable', `query L($id: String) { affiliate(id: $id) { id affiliateLinks commissionRate } }`, { id: '' }, () => p.key],
  [
    'a resolver error: data null, message, path and locations',
    `query { ok: affiliates(first: 1) { nodes { id } } bad: affiliate(programId: "00000000-0000-7000-8000-000000000000", id: "x") { id } }`,
    {},
    () => p.key,
  ],
  ['another program sees nothing', `query L($id: String) { affiliate(id: $id) { id } }`, { id: '' }, () => other.key],
  [
    'introspection',
    `query { __schema { queryType { name } } __type(name: "Affiliate") { fields { name type { kind name ofType { name } } } } }`,
    {},
    () => p.key,
  ],
];

test.each(CASES)('%s: compiled and interpreted execution agree', async (_title, query, variables, key) => {
  const schema = await getSchema();
  const { orm, services, log } = server.runtime;
  const actor = await authenticate(anonymousContext(orm.em.fork(), log), services, `Bearer ${key()}`);
  const vars = 'id' in variables ? { id: affiliateId } : variables;
  const document = parse(query);
  const ctx = () => buildContext(orm, services, actor, 'diff', log, 'graphql');
  const interpreted = json(await execute({ schema, document, variableValues: vars, contextValue: ctx() }));
  const executor = new OperationExecutor(schema);
  // The first run of a document is interpreted, the next ones run compiled: all must agree.
  const first = json(await executor.run(document, undefined, vars, ctx()));
  const compiled = json(await executor.run(document, undefined, vars, ctx()));
  const again = json(await executor.run(document, undefined, vars, ctx()));
  expect(first).toEqual(interpreted);
  expect(compiled).toEqual(interpreted);
  expect(again).toEqual(interpreted);
  expect(interpreted.data ?? interpreted.errors).toBeTruthy();
  if (_title.startsWith('a resolver error')) expect(compiled.errors).toEqual([expect.objectContaining({ path: ['bad'], locations: [expect.any(Object)] })]);
});

test('an operation is compiled from its second execution on, once', async () => {
  const schema = await getSchema();
  const executor = new OperationExecutor(schema);
  const document = parse('query { __typename }');
  expect((await executor.run(document, undefined, {}, {})).data).toEqual({ __typename: 'Query' });
  expect(executor.compilations).toBe(0);
  for (let i = 0; i < 3; i++) expect((await executor.run(document, undefined, {}, {})).data).toEqual({ __typename: 'Query' });
  expect(executor.compilations).toBe(1);
  await executor.run(parse('query { __typename }'), undefined, {}, {});
  expect(executor.compilations).toBe(1);
});

test('refused variables answer exactly as graphql-js does (no resolver runs)', async () => {
  const schema = await getSchema();
  const document = parse('query Q($f: Int) { affiliates(first: $f) { nodes { id } } }');
  const interpreted = json(await execute({ schema, document, variableValues: { f: 'two' }, contextValue: {} }));
  const executor = new OperationExecutor(schema);
  await executor.run(document, 'Q', { f: 'two' }, {});
  const compiled = json(await executor.run(document, 'Q', { f: 'two' }, {}));
  expect(compiled).toEqual(interpreted);
  expect(compiled.errors[0].message).toMatch(/\$f/);
});
