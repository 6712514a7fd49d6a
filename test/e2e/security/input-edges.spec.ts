/**
 * Finding 4 of the security review: U+0000 in any string from outside is a 400 VALIDATION_FAILED at the edge
 * (REST, GraphQL, pages, token endpoint), stores nothing, and no log line ever holds request values or SQL
 * parameters. The REST cases are generated per field from each route's input schema (`inputSchema`), which
 * also gives every field values it refuses (its type, bounds, enum, required…): 400 too, nothing stored.
 */
import { Client } from 'pg';
import type { TObject, TSchema } from '@sinclair/typebox';
import { inputSchema, type RestRoute } from '../../../rest-facade/route';
import { restRoutes, routeKey } from '../../../rest-facade/router';
import { mayUse, REST_ROUTES } from '../../../src/auth/policy';
import { serializeError } from '../../../src/common/logger';
import { NOT_BLANK } from '../../../src/validation/kit';
import { createAffiliate } from '../../helpers/factories';
import { dataDigest } from '../../helpers/db-digest';
import { startCluster, type Cluster } from '../../helpers/processes';
import { uniq } from '../../helpers/spec-client';
import { ROOMY_LIMITS, useProgram, useTestServer } from '../../helpers/harness';

const NUL = '\u0000';

/** A property's schema without the null branch of an optional field (kit `Nullable`). */
const valueSchema = (s: TSchema): TSchema => (Array.isArray(s.anyOf) ? s.anyOf.find((x: TSchema) => x.type !== 'null') : s);
const isNullable = (s: TSchema) => Array.isArray(s.anyOf) && s.anyOf.some((x: TSchema) => x.type === 'null');

/** The fields of a route's input, read from its schema (`inputSchema`): name, schema (null branch removed), required, nullable. */
function fieldsOf(schema: TObject) {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, s]) => ({ name, schema: valueSchema(s), required: required.has(name), nullable: isNullable(s) }));
}

/** A value of the field's type that holds U+0000 somewhere, and the path the error must name. */
function nulValues(name: string, schema: TSchema): Array<{ value: unknown; field: string }> {
  const s = valueSchema(schema);
  switch (s.type) {
    case 'string':
      if (s.enum) return [{ value: `${s.enum[0]}${NUL}`, field: name }];
      if (s.format === 'email') return [{ value: `a${NUL}b@example.com`, field: name }];
      if (s.format === 'date-time') return [{ value: `2026-01-01T00:00:00Z${NUL}`, field: name }];
      return [{ value: `a${NUL}b`, field: name }];
    case 'array':
      return [{ value: ['fine', `x${NUL}`], field: `${name}[1]` }];
    case 'object':
      return Object.entries(s.properties as Record<string, TSchema>).flatMap(([k, p]) =>
        nulValues(k, p).map((v) => ({ value: { [k]: v.value }, field: `${name}.${v.field}` })),
      );
    default:
      return [];
  }
}

const stringFields = (r: RestRoute) => fieldsOf(inputSchema(r)).flatMap(({ name, schema }) => nulValues(name, schema).map((v) => ({ name, ...v })));

/**
 * Values a field's schema refuses, each named by the rule it breaks: its type, its bounds (maxLength, maxItems,
 * minimum, maximum, exclusive bounds), its enum, required, not nullable, not blank. A query string carries text
 * only, so a GET route's cases are strings (a type broken by text that does not parse).
 */
function refusedValues(field: ReturnType<typeof fieldsOf>[number], where: 'body' | 'query'): Array<{ value: unknown; breaks: string }> {
  const s = field.schema;
  const out: Array<{ value: unknown; breaks: string }> = [];
  const q = (v: unknown) => (where === 'query' ? String(v) : v);
  switch (s.type) {
    case 'string':
      if (s.enum) out.push({ value: 'not-a-listed-value', breaks: 'enum' });
      if (s.maxLength !== undefined) out.push({ value: 'x'.repeat(s.maxLength + 1), breaks: `maxLength ${s.maxLength}` });
      if (s.pattern === NOT_BLANK) out.push({ value: '   ', breaks: 'not blank' });
      if (where === 'body') out.push({ value: 42, breaks: 'type' });
      break;
    case 'integer':
    case 'number':
      // In a body, a number written as text is refused (only a query string is parsed), except an id's digits.
      out.push({ value: where === 'query' || s.format === 'int64' ? 'abc' : '1', breaks: 'type' });
      if (s.type === 'integer') out.push({ value: q(1.5), breaks: 'type (a fraction)' });
      if (s.minimum !== undefined) out.push({ value: q(s.minimum - 1), breaks: `minimum ${s.minimum}` });
      if (s.maximum !== undefined) out.push({ value: q(s.maximum + 1), breaks: `maximum ${s.maximum}` });
      if (s.exclusiveMinimum !== undefined) out.push({ value: q(s.exclusiveMinimum), breaks: `exclusiveMinimum ${s.exclusiveMinimum}` });
      if (s.exclusiveMaximum !== undefined) out.push({ value: q(s.exclusiveMaximum), breaks: `exclusiveMaximum ${s.exclusiveMaximum}` });
      break;
    case 'boolean':
      out.push({ value: 'yes', breaks: 'type' });
      break;
    case 'array':
      out.push({ value: 'x', breaks: 'type' });
      if (s.maxItems !== undefined) out.push({ value: Array.from({ length: s.maxItems + 1 }, () => 'a'), breaks: `maxItems ${s.maxItems}` });
      if (s.items?.maxLength !== undefined) out.push({ value: ['x'.repeat(s.items.maxLength + 1)], breaks: `items maxLength ${s.items.maxLength}` });
      break;
    case 'object':
      out.push({ value: 'x', breaks: 'type' });
      break;
  }
  if (field.required) out.push({ value: undefined, breaks: 'required' });
  // A query string cannot send null.
  if (where === 'body' && !field.nullable) out.push({ value: null, breaks: field.required ? 'required (null)' : 'not nullable' });
  return out;
}

const refusedFields = (r: RestRoute) => {
  const where = r.method === 'GET' ? 'query' : 'body';
  return fieldsOf(inputSchema(r)).flatMap((f) => refusedValues(f, where).map((v) => ({ name: f.name, ...v })));
};

const server = useTestServer();
let db: Client;

beforeAll(async () => {
  db = new Client({ connectionString: server.runtime.orm.config.get('clientUrl') as string });
  await db.connect();
});
const p = useProgram(server, ROOMY_LIMITS);
beforeAll(async () => {
  await createAffiliate(server, p.key);
});

server.beforeClose(() => db?.end());

/** The credential a route takes: the publishable key on the tracker's route, the API key everywhere else. */
const tokenFor = (r: RestRoute) => (mayUse('publishableKey', REST_ROUTES[routeKey(r)]) ? p.publishableKey : p.key);

/** A route's path parameters (`/payout-batches/{id}`): they come from the URL, not from the query or body. */
const pathParams = (r: RestRoute): string[] => [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
/** The route's path with each parameter filled by a well-formed id that names nothing. */
const concrete = (r: RestRoute): string => r.path.replace(/\{\w+\}/g, '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d');

describe('REST: U+0000 in every string field of every route', () => {
  const cases = restRoutes.flatMap((r) =>
    stringFields(r)
      .filter((f) => !pathParams(r).includes(f.name))
      .map((f) => [`${routeKey(r)} ${f.field}`, r, f] as const),
  );

  test('there are cases for every write route with string fields', () => {
    const writes = restRoutes.filter((r) => r.method !== 'GET' && stringFields(r).length);
    expect(writes.length).toBeGreaterThanOrEqual(20);
    expect(cases.length).toBeGreaterThanOrEqual(130);
  });

  test.each(cases)('%s → 400 VALIDATION_FAILED naming the field, nothing stored', async (_label, route, f) => {
    const before = await dataDigest(db);
    const res =
      route.method === 'GET'
        ? await server.api('GET', concrete(route), { token: tokenFor(route), query: { [f.name]: f.value as string } })
        : await server.api(route.method, concrete(route), { token: tokenFor(route), body: { [f.name]: f.value } });
    expect({ status: res.status, code: res.body?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(res.body.details).toEqual([{ field: f.field, message: expect.stringContaining('U+0000') }]);
    expect(await dataDigest(db)).toBe(before);
  });

  test('a whole valid body with one NUL is refused; the same body without it is stored', async () => {
    const email = `nul-${uniq()}@example.com`;
    const bad = await server.api('POST', '/affiliates', { token: p.key, body: { firstName: `Ada${NUL}`, lastName: 'L', email } });
    expect(bad.status).toBe(400);
    expect((await server.api('GET', '/affiliates', { token: p.key, query: { email } })).body).toBeNull();
    const good = await server.api('POST', '/affiliates', { token: p.key, body: { firstName: 'Ada', lastName: 'L', email } });
    expect(good.status).toBe(200);
  });

  test('a refused request does not claim its Idempotency-Key', async () => {
    const key = `nul-key-${uniq()}`;
    const email = `idem-${uniq()}@example.com`;
    const bad = await server.api('POST', '/affiliates', { token: p.key, headers: { 'Idempotency-Key': key }, body: { firstName: NUL, lastName: 'L', email } });
    expect(bad.status).toBe(400);
    const good = await server.api('POST', '/affiliates', { token: p.key, headers: { 'Idempotency-Key': key }, body: { firstName: 'A', lastName: 'L', email } });
    expect(good.status).toBe(200);
  });

  test('NUL in a field name is refused too', async () => {
    const res = await server.api('PUT', '/referrals', { token: p.key, rawBody: `{"referralId":"x","na\\u0000me":"y"}` });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });
});

describe('REST: every field given a value its schema refuses', () => {
  const cases = restRoutes.flatMap((r) =>
    refusedFields(r)
      .filter((f) => !pathParams(r).includes(f.name))
      .map((f) => [`${routeKey(r)} ${f.name} (${f.breaks})`, r, f] as const),
  );

  test('there are cases for every route and every kind of rule', () => {
    const withInput = restRoutes.filter((r) => Object.keys(inputSchema(r).properties).some((k) => !pathParams(r).includes(k)));
    // They take no input but their path's id (a malformed one names nothing: 404, the route tests' concern).
    expect(restRoutes.filter((r) => !withInput.includes(r)).map(routeKey)).toEqual([
      'GET /webhooks',
      'GET /program',
      'GET /payout-batches/{id}',
      'POST /payout-batches/{id}/send',
    ]);
    expect(new Set(cases.map(([, r]) => routeKey(r)))).toEqual(new Set(withInput.map(routeKey)));
    const rules = new Set(cases.map(([, , f]) => f.breaks.split(' ')[0]));
    for (const rule of ['type', 'maxLength', 'maxItems', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'enum', 'required', 'not', 'items'])
      expect(rules).toContain(rule);
    expect(cases.length).toBeGreaterThanOrEqual(300);
  });

  test.each(cases)('%s → 400 VALIDATION_FAILED naming the field, nothing stored', async (_label, route, f) => {
    const before = await dataDigest(db);
    const input = f.value === undefined ? {} : { [f.name]: f.value };
    const res =
      route.method === 'GET'
        ? await server.api('GET', concrete(route), { token: tokenFor(route), query: input as Record<string, string> })
        : await server.api(route.method, concrete(route), { token: tokenFor(route), body: input });
    expect({ status: res.status, code: res.body?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    const named = (res.body.details as Array<{ field: string; message: string }>).filter((d) => d.field === f.name);
    expect(named).toEqual([{ field: f.name, message: expect.stringMatching(/\S/) }]);
    if (/required|blank|nullable/.test(f.breaks)) expect(named[0].message).toMatch(/is required|cannot be null|cannot be empty/);
    expect(await dataDigest(db)).toBe(before);
  });
});

describe('GraphQL, pages and the token endpoint', () => {
  test('a variable holding U+0000 (at any depth) is 400 VALIDATION_FAILED before anything runs', async () => {
    const before = await dataDigest(db);
    const res = await server.graphql(
      'mutation($i: CreateAffiliateInput!) { createAffiliate(input: $i) { id } }',
      { i: { firstName: `x${NUL}`, lastName: 'y', email: `g-${uniq()}@example.com` } },
      p.key,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].extensions).toEqual({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'variables.i.firstName', message: expect.stringContaining('U+0000') }],
    });
    expect(await dataDigest(db)).toBe(before);
  });

  test('a string literal written \\u0000 in the query text is 400 VALIDATION_FAILED', async () => {
    const before = await dataDigest(db);
    const res = await server.graphql(
      `mutation { createAffiliate(input: { firstName: "x\\u0000", lastName: "y", email: "lit-${uniq()}@example.com" }) { id } }`,
      {},
      p.key,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(await dataDigest(db)).toBe(before);
  });

  test('signIn and signUp with U+0000 in the email are 400, not 500', async () => {
    for (const m of [
      'signIn(input: { email: $e, password: "whatever-password-1" }) { token }',
      'signUp(input: { email: $e, password: "a-long-enough-passphrase-9" }) { token }',
    ]) {
      const res = await server.graphql(`mutation($e: String!) { ${m} }`, { e: `a${NUL}@example.com` });
      expect({ m, status: res.status, code: res.body.errors?.[0]?.extensions?.code }).toEqual({ m, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('the sign-in page and the consent page refuse U+0000 with a 400 page', async () => {
    const login = await server.request('GET', '/login');
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /name="csrf" value="([^"]+)"/.exec(login.text)![1];
    const form = new URLSearchParams({ csrf, email: `a${NUL}@example.com`, password: 'whatever' }).toString();
    const res = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('U+0000');
    const consent = await fetch(`${server.url}/connect/zapier/choose-affiliate-program?state=a%00b&redirect_uri=http%3A%2F%2Flocalhost%3A8976%2Fcallback`, {
      redirect: 'manual',
    });
    expect(consent.status).toBe(400);
  });

  test("the token endpoint answers the spec's Invalid code", async () => {
    const res = await fetch(`${server.url}/api/zapier/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=abc%00def',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invalid code' });
  });
});

describe('logs never hold request values', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(1, { env: { LOG_LEVEL: 'debug', NODE_ENV: 'development' } });
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
  });

  test('emails, names, keys and passwords sent in requests appear in no log line, whatever the outcome', async () => {
    const srv = cluster.processes[0];
    const prog = await cluster.provisioner.createProgram({ readsPerMinute: 10_000, writesPerMinute: 10_000 });
    const tag = uniq().replace(/-/g, '');
    const email = `secret-${tag}@example.com`;
    const name = `Zebulon${tag}`;
    const password = `pw-${tag}-not-to-be-logged`;
    const created = await srv.api('POST', '/affiliates', { token: prog.key, body: { firstName: name, lastName: 'Secret', email } });
    expect(created.status).toBe(200);
    await srv.api('GET', '/affiliates', { token: prog.key, query: { email } });
    await srv.api('GET', `/referrals`, { token: prog.key, query: { affiliateEmail: email } });
    await srv.api('POST', '/affiliates', { token: prog.key, body: { firstName: name, lastName: 'Secret', email } }); // duplicate
    await srv.api('POST', '/affiliates', { token: prog.key, body: { firstName: `${name}${NUL}`, lastName: 'Secret', email: `x${email}` } });
    await srv.api('GET', `/affiliates?id=${encodeURIComponent(email)}&bogus=${name}`, { token: prog.key });
    await srv.request('POST', '/graphql', {
      body: { query: 'mutation($e: String!, $p: String!) { signIn(input: { email: $e, password: $p }) { token } }', variables: { e: email, p: password } },
    });
    await srv.request('GET', `/no-such-page?email=${encodeURIComponent(email)}`);
    await srv.api('GET', '/affiliates', { token: `apk_${tag}unknownkey` });
    await srv.api('GET', `/affiliates/${email}`, { token: prog.key }); // no such route: its path is not logged either
    // Client errors of GraphQL are the caller's: no error lines (one request once wrote a hundred stack traces),
    // and their messages, which quote numbers and values, are not logged.
    const pin = `9${tag.replace(/\D/g, '').padEnd(11, '7').slice(0, 11)}`;
    await srv.request('POST', '/graphql', {
      body: { query: 'mutation($i: SignInInput!) { signIn(input: $i) { token } }', variables: { i: { email, password: Number(pin) } } },
    });
    await srv.request('POST', '/graphql', { token: prog.key, body: { query: `{ affiliate(email: ${pin}) { id } }` } });
    await srv.request('POST', '/graphql', { body: { query: `{ __typename ${'@include(if: true) '.repeat(101)}}` } });
    await new Promise((r) => setTimeout(r, 300));
    const out = srv.output();
    expect(out).toContain('"route"'); // request lines were written at this level
    for (const value of [email, name, password, prog.key, `apk_${tag}unknownkey`, pin])
      expect({ value, logged: out.includes(value) }).toEqual({ value, logged: false });
    const errorLines = out.split('\n').filter((l) => l.includes('"level":50'));
    expect(errorLines).toEqual([]);
  });

  test('a database error is logged with its codes, without the statement or its values', async () => {
    const secret = `value-${uniq()}@example.com`;
    let caught: unknown;
    try {
      await cluster.provisioner.orm.em.fork().getConnection().execute('select ?::uuid as id', [secret]);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeDefined();
    expect(String((caught as Error).message)).toContain(secret); // the raw error does hold it
    const logged = JSON.stringify(serializeError(caught));
    expect(logged).not.toContain(secret);
    expect(logged).not.toMatch(/select/i);
    expect(JSON.parse(logged)).toMatchObject({ type: expect.any(String), code: '22P02' });
  });
});
