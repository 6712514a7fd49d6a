/**
 * The GraphQL edge's limits (issue 27): exact and cheap. A document is refused by its size before it is walked,
 * every fragment is measured once, cost is measured on the values the operation runs with, and introspection has
 * a bound of its own, so the standard introspection query is answered.
 */
import { getIntrospectionQuery } from 'graphql';
import type { ApiResponse } from '../../helpers/server';
import { useProgram, useTestServer } from '../../helpers/harness';
import { createPartnerToken } from '../../helpers/factories';
import { startCluster, type Cluster } from '../../helpers/processes';

type Gql = ApiResponse<{ data?: any; errors?: any[] }>;
const codeOf = (res: Gql) => res.body.errors?.[0]?.extensions?.code;

/** Fragment F<i> spreads F<i+1> twice, `n` levels: a walk that follows every spread takes 2^n steps. */
function fragmentBomb(n: number, nested: boolean): string {
  const parts = [nested ? 'query { affiliates(first: 1) { nodes { ...F0 } } }' : 'query { ...F0 }'];
  const type = nested ? 'Affiliate' : 'Query';
  const leaf = nested ? 'id' : '__typename';
  for (let i = 0; i < n; i++) {
    parts.push(
      nested
        ? `fragment F${i} on Affiliate { id links(first: 1) { nodes { affiliate { ...F${i + 1} } } } ...F${i + 1} }`
        : `fragment F${i} on Query { __typename ...F${i + 1} ...F${i + 1} }`,
    );
  }
  parts.push(`fragment F${n} on ${type} { ${leaf} }`);
  return parts.join('\n');
}

describe('a production server process under hostile documents', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(1);
  }, 120_000);
  afterAll(() => cluster?.close());
  const server = () => cluster.processes[0];
  // A walk of 2^30 spreads would hold the event loop for hours: the request would outlive this timeout.
  const post = (query: string, token?: string) => server().request('POST', '/graphql', { body: { query }, token }) as Promise<Gql>;
  const withDeadline = <T>(p: Promise<T>, ms: number) =>
    Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

  test.each([
    ['at the root, anonymous', false],
    ['inside a paged list, with an API key', true],
  ])('a fragment bomb %s is answered at once and /healthz answers right after', async (_what, nested) => {
    const p = nested ? await cluster.provisioner.createProgram() : undefined;
    const doc = fragmentBomb(30, nested);
    expect(doc.length).toBeLessThan(3000);
    const res = await withDeadline(post(doc, p?.key), 10_000);
    if (nested) {
      // 30 nested levels: refused by the depth limit, which measured each fragment once.
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
      expect(res.body.errors![0].message).toMatch(/depth/i);
    } else {
      // Valid and cheap once each fragment counts once: it runs, and its fields merge into one.
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ __typename: 'Query' });
    }
    const health = await withDeadline(fetch(`${server().url}/healthz`), 2_000);
    expect(health.status).toBe(200);
  });

  test('anonymous callers may read the schema in production: the standard introspection query is answered', async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    });
    const res = await post(query);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const types = res.body.data.__schema.types.map((t: { name: string }) => t.name);
    expect(types).toEqual(expect.arrayContaining(['Query', 'Mutation', 'Affiliate', 'Sale']));
  });
});

describe('query limits on an in-process server', () => {
  const server = useTestServer();
  const p = useProgram(server);

  const NESTED = `{ affiliates(first: $n) { nodes { links(first: $n) { nodes { affiliate { links(first: $n) { nodes { id } } } } } } } }`;

  test('cost is measured on a variable’s default when no value is sent', async () => {
    const res = await server.graphql(`query($n: Int = 500) ${NESTED}`, {}, p.key);
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].message).toMatch(/cost/i);
    expect(res.body.data ?? null).toBeNull();
  });

  test('a partner token cannot bypass the cost limit with a default either', async () => {
    const token = await createPartnerToken(server, p);
    const res = await server.graphql(`query($n: Int = 500) ${NESTED}`, {}, token);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].message).toMatch(/cost/i);
  });

  test('a sent value overrides the default, both ways', async () => {
    const cheap = await server.graphql(`query($n: Int = 500) ${NESTED}`, { n: 5 }, p.key);
    expect(cheap.body.errors).toBeUndefined();
    expect(cheap.body.data.affiliates.nodes).toEqual([]);
    const costly = await server.graphql(`query($n: Int = 5) ${NESTED}`, { n: 500 }, p.key);
    expect(codeOf(costly)).toBe('VALIDATION_FAILED');
    // A null sent for a nullable size is the default page (50): 50 × 50 × 50 is over the limit too.
    const nulls = await server.graphql(`query($n: Int = 5) ${NESTED}`, { n: null }, p.key);
    expect(codeOf(nulls)).toBe('VALIDATION_FAILED');
  });

  test('a cost measured once per fragment still counts each spread', async () => {
    // One fragment spread under two aliases of a 500-page list: 2 × 500 × (1 + 500 × 2) > 50,000.
    const doc = `{ a: affiliates(first: 500) { nodes { ...L } } b: affiliates(first: 500) { nodes { ...L } } }
      fragment L on Affiliate { links(first: 500) { nodes { id } } }`;
    const res = await server.graphql(doc, {}, p.key);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].message).toMatch(/cost/i);
    const small = doc.replace(/500/g, '10');
    expect((await server.graphql(small, {}, p.key)).body.errors).toBeUndefined();
  });

  test('the depth limit follows fragments, measured once each', async () => {
    const deep = `{ affiliates { nodes { ...A } } }
      fragment A on Affiliate { links { nodes { affiliate { ...B } } } }
      fragment B on Affiliate { links { nodes { affiliate { ...C } } } }
      fragment C on Affiliate { links { nodes { affiliate { id } } } }`;
    const res = await server.graphql(deep, {}, p.key);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].message).toMatch(/depth 12 exceeds/);
  });

  test.each([
    ['51 aliases', `{ ${Array.from({ length: 51 }, (_, i) => `a${i}: __typename`).join(' ')} }`, /aliases/],
    ['51 directives', `{ ${Array.from({ length: 51 }, () => '__typename @include(if: true)').join(' ')} }`, /directives/],
    ['201 fragment spreads', `{ ${Array.from({ length: 201 }, () => '...F').join(' ')} } fragment F on Query { __typename }`, /spreads/],
    ['5,001 tokens', `{ ${'x '.repeat(5000)}}`, /tokens/],
    ['20,001 characters', `{ __typename ${' '.repeat(20_000)}}`, /characters/],
  ])('a document with %s is refused before it is parsed', async (_what, doc, message) => {
    const res = await server.graphql(doc, {}, p.key);
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].message).toMatch(message);
    expect(res.body.data ?? null).toBeNull();
  });

  test('at the caps, documents run; a variable used in an argument is no alias', async () => {
    const aliases = `{ ${Array.from({ length: 50 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    expect((await server.graphql(aliases, {}, p.key)).body.data.a49).toBe('Query');
    const args = `query($n: Int = 1) { affiliates(first: $n, orderBy: {field: createdAt, direction: desc}) { nodes { id } } }`;
    expect((await server.graphql(args, {}, p.key)).body.errors).toBeUndefined();
  });

  test('aliases cannot multiply introspection: it has a cost of its own, measured on the schema’s sizes', async () => {
    const al = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' ');
    // 49 aliases, 1.2 KB: 10 × 13 × 13 × 13 walks of the whole schema, about 40 s of CPU and 270 MB of JSON.
    const attack = `query { ${al(10, (i) => `s${i}: __schema { ...S }`)} }
      fragment S on __Schema { ${al(13, (i) => `t${i}: types { ...L1 }`)} }
      fragment L1 on __Type { ${al(13, (i) => `f${i}: fields { type { ...L2 } }`)} }
      fragment L2 on __Type { ${al(13, (i) => `g${i}: fields { name }`)} }`;
    const res = await server.graphql(attack, {});
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].message).toMatch(/Introspection cost \d+ exceeds the maximum of \d+/);
    expect(res.body.data ?? null).toBeNull();
    // The standard query, anonymously, beside a lookup of one type: within the budget.
    const standard = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }).replace(
      'query IntrospectionQuery {',
      'query IntrospectionQuery { affiliate: __type(name: "Affiliate") { name fields { name } }',
    );
    const ok = await server.graphql(standard, {});
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.affiliate.name).toBe('Affiliate');
  });

  test('GET: a query after 1,000 other parameters is still measured, as Apollo will read it', async () => {
    const filler = Array.from({ length: 1000 }, (_, i) => `p${i}=`).join('&');
    const doc = `{ ${Array.from({ length: 51 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    const res = await server.request('GET', `/graphql?${filler}&query=${encodeURIComponent(doc)}`, {
      token: p.key,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[0].message).toMatch(/aliases/);
  });

  test('GET: a variable holding U+0000 is refused before anything runs, after 1,000 parameters too', async () => {
    const filler = Array.from({ length: 1000 }, (_, i) => `p${i}=`).join('&');
    const query = encodeURIComponent('query($s: String) { affiliates(filter: {search: $s}) { nodes { id } } }');
    const variables = encodeURIComponent(JSON.stringify({ s: 'a\u0000b' }));
    for (const prefix of ['', `${filler}&`]) {
      const res = await server.request('GET', `/graphql?${prefix}query=${query}&variables=${variables}`, {
        token: p.key,
        headers: { 'apollo-require-preflight': 'true' },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors[0].extensions.details).toEqual([{ field: 'variables.s', message: expect.stringContaining('U+0000') }]);
    }
  });

  test('introspection has its own bound: lists nested 4 deep, or more than 10 introspection fields, are refused', async () => {
    const deep = '{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }';
    const res = await server.graphql(deep, {}, p.key);
    expect(res.status).toBe(400);
    expect(res.body.errors![0].message).toMatch(/introspection/i);
    const many = `{ ${Array.from({ length: 11 }, (_, i) => `t${i}: __type(name: "Affiliate") { name }`).join(' ')} }`;
    const refused = await server.graphql(many, {}, p.key);
    expect(refused.status).toBe(400);
    expect(refused.body.errors![0].message).toMatch(/introspection fields/);
    const ten = `{ ${Array.from({ length: 10 }, (_, i) => `t${i}: __type(name: "Affiliate") { name fields { name } }`).join(' ')} }`;
    expect((await server.graphql(ten, {}, p.key)).body.data.t9.name).toBe('Affiliate');
  });
});
