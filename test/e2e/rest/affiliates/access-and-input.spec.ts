/**
 * REST /api/v1/affiliates end to end (spec 4.1, 7, 8 and DESIGN.md): every statement of the endpoint section with
 * HTTP assertions on status and body, plus the side effects (links, emails, events, clicks) read back from the
 * database.
 * Here authentication, isolation between programs, bad input and the rate-limit headers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiResponse, RequestOptions } from '../../../helpers/server';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { createProgram } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { personEmail, uniq } from '../../../helpers/spec-client';
import { expectError, expectOk, expectValidation, testNoServerErrors } from '../../../helpers/assertions';
import { API_KEYS, REVOKE_API_KEY } from '../../../helpers/graphql-documents';

const server = useTestServer();

const api = restClient(() => server);
const { seen, call, sql, rowCount, emailsOf, createAffiliate, gqlData, events: eventsOf, insertClick } = api;
const affiliates = api.endpoint('/affiliates');

/** A click row of the affiliate (on its first link); its numeric id as a string. */

describe('authentication', () => {
  const p = useProgram(server);
  const a = useAffiliate(() => createAffiliate(p));

  const requests: [string, RequestOptions['body'], RequestOptions['query']][] = [
    ['GET', undefined, {}],
    ['POST', { firstName: 'A', lastName: 'B', email: 'unauth@example.com' }, undefined],
    ['PUT', { emailAddress: 'unauth@example.com', firstName: 'X' }, undefined],
    ['DELETE', { affiliateId: 'unauth@example.com' }, undefined],
  ];

  test.each(requests)('%s without Authorization is 401 {error, code: UNAUTHENTICATED}', async (method, body, query) => {
    const res = await call(method, '/affiliates', { body, query });
    expectError(res, 401, 'UNAUTHENTICATED');
  });

  test.each([['Token x'], ['Bearer'], ['Bearer '], ['Basic dXNlcjpwYXNz'], ['bearer'], ['Bearer a b']])(
    'a malformed Authorization header (%p) is 401 UNAUTHENTICATED',
    async (header) => {
      const res = await call('GET', '/affiliates', { headers: { authorization: header } });
      expectError(res, 401, 'UNAUTHENTICATED');
    },
  );

  test('the key in a malformed header is not accepted ("Token <valid key>")', async () => {
    expectError(await call('GET', '/affiliates', { headers: { authorization: `Token ${p.key}` } }), 401, 'UNAUTHENTICATED');
  });

  test.each([
    ['an unknown API key', () => `apk_${randomBytes(24).toString('hex')}`],
    ['the valid key with a character changed', () => p.key.slice(0, -1) + (p.key.endsWith('A') ? 'B' : 'A')],
    ['a token of no known kind', () => `zzz_${randomBytes(24).toString('hex')}`],
    ['an unknown session token', () => `ses_${randomBytes(24).toString('hex')}`],
  ])('%s is 401 UNAUTHENTICATED', async (_n, token) => {
    expectError(await affiliates.get(token()), 401, 'UNAUTHENTICATED');
  });

  test('a revoked key is 401 on every method, and writes nothing', async () => {
    const q = await createProgram(server);
    const aff = await createAffiliate(q);
    expect((await affiliates.get(q.key)).status).toBe(200);
    const keys = await gqlData(q.session, API_KEYS, { p: q.programId });
    expect(keys.apiKeys).toHaveLength(1);
    await gqlData(q.session, REVOKE_API_KEY, { id: keys.apiKeys[0].id });

    expectError(await affiliates.get(q.key), 401, 'UNAUTHENTICATED');
    expectError(await affiliates.get(q.key, { id: aff.id }), 401, 'UNAUTHENTICATED');
    expectError(await affiliates.post(q.key, { firstName: 'A', lastName: 'B', email: personEmail() }), 401, 'UNAUTHENTICATED');
    expectError(await affiliates.put(q.key, { affiliateId: aff.id, firstName: 'Revoked' }), 401, 'UNAUTHENTICATED');
    expectError(await affiliates.delete(q.key, { affiliateId: aff.id }), 401, 'UNAUTHENTICATED');
    expect(await rowCount('affiliates', q.programId)).toBe(1);
    const [row] = await sql(`select first_name from affiliates where id = ?`, [aff.id]);
    expect(row.first_name).toBe(aff.firstName);
  });

  test('a dashboard session token on REST is 403 FORBIDDEN', async () => {
    expectError(await affiliates.get(p.session), 403, 'FORBIDDEN');
    expectError(await affiliates.get(p.session, { id: a.id }), 403, 'FORBIDDEN');
    expectError(await affiliates.post(p.session, { firstName: 'A', lastName: 'B', email: personEmail() }), 403, 'FORBIDDEN');
    expectError(await affiliates.put(p.session, { affiliateId: a.id, firstName: 'Session' }), 403, 'FORBIDDEN');
    expectError(await affiliates.delete(p.session, { affiliateId: a.id }), 403, 'FORBIDDEN');
    expect((await affiliates.get(p.key, { id: a.id })).body).toEqual(a);
  });

  test('an unauthenticated request with a bad body is still 401 (auth comes first)', async () => {
    expectError(await call('POST', '/affiliates', { body: { bogus: true } }), 401, 'UNAUTHENTICATED');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('two programs are isolated', () => {
  let clickA: string;
  const A = useProgram(server);
  const B = useProgram(server);
  const a = useAffiliate(() => createAffiliate(A, { email: 'Isolated@Example.com', affiliateLink: 'iso-slug' }));
  beforeAll(async () => {
    clickA = String(await insertClick(A.programId, a.id));
  });

  test("B never reads A's affiliate by id, slug, email, click id or in its list", async () => {
    for (const query of <Record<string, string>[]>[{ id: a.id }, { id: 'iso-slug' }, { id: 'ISO-SLUG' }, { email: 'isolated@example.com' }, { id: clickA }]) {
      const res = await affiliates.get(B.key, query);
      expect(res.status).toBe(200);
      expect(res.body).toBeNull();
    }
    const list = await affiliates.get(B.key);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await affiliates.get(B.key, { limit: '1' })).body).toEqual([]);
    // A's own key still sees it.
    expect((await affiliates.get(A.key, { id: clickA })).body?.id).toBe(a.id);
  });

  test("B's PUT on A's affiliate (by id, slug or email) counts 0 and changes nothing", async () => {
    for (const ident of [{ affiliateId: a.id }, { affiliateId: 'iso-slug' }, { emailAddress: a.email }, { affiliateId: clickA }]) {
      const res = await affiliates.put(B.key, { ...ident, firstName: 'Hijacked', affiliateLink: `hijack-${uniq()}` });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 0 });
    }
    expect((await affiliates.get(A.key, { id: a.id })).body).toEqual(a);
    expect(await rowCount('affiliate_links', B.programId)).toBe(0);
    expect(await eventsOf(A.programId, 'affiliate.updated')).toHaveLength(0);
  });

  test("B's DELETE of A's affiliate (by id or email) deletes nothing", async () => {
    for (const affiliateId of [a.id, a.email, a.email.toLowerCase()]) {
      const res = await affiliates.delete(B.key, { affiliateId });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await affiliates.get(A.key, { id: a.id })).body).toEqual(a);
    expect(await sql(`select id from clicks where id = ?`, [clickA])).toHaveLength(1);
    expect(await eventsOf(A.programId, 'affiliate.deleted')).toHaveLength(0);
    expect(await eventsOf(B.programId, 'affiliate.deleted')).toHaveLength(0);
  });

  test('the same email and the same slug can exist in both programs', async () => {
    const res = await affiliates.post(B.key, { firstName: 'Other', lastName: 'Program', email: 'isolated@example.com', affiliateLink: 'ISO-SLUG' });
    expect(res.status).toBe(200);
    expect(res.body.programId).toBe(B.programId);
    expect(res.body.id).not.toBe(a.id);
    expect((await affiliates.get(B.key, { id: 'iso-slug' })).body?.id).toBe(res.body.id);
    expect((await affiliates.get(A.key, { id: 'iso-slug' })).body?.id).toBe(a.id);
    expect((await affiliates.get(B.key, { email: 'Isolated@Example.com' })).body?.id).toBe(res.body.id);
    expect((await affiliates.get(A.key, { email: 'Isolated@Example.com' })).body?.id).toBe(a.id);
    // A generated slug in B does not avoid A's slugs either.
    const gen = await affiliates.post(B.key, { firstName: 'G', lastName: 'H', email: 'iso-gen@example.com' });
    const genA = await affiliates.post(A.key, { firstName: 'G', lastName: 'H', email: 'iso-gen@example.org' });
    expect(gen.body.affiliateLinks).toEqual(['iso-gen']);
    expect(genA.body.affiliateLinks).toEqual(['iso-gen']);
  });

  test("B's events, emails and list never include A's affiliate", async () => {
    for (const e of await eventsOf(B.programId)) expect(e.data.id).not.toBe(a.id);
    for (const m of await emailsOf(B.programId)) expect(m.to.toLowerCase()).not.toBe(A.ownerEmail);
    for (const x of (await affiliates.get(B.key)).body) expect(x.programId).toBe(B.programId);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('bad input never gets past 400', () => {
  const p = useProgram(server);

  test.each(['POST', 'PUT', 'DELETE'])('malformed JSON on %s is 400 VALIDATION_FAILED', async (method) => {
    for (const raw of ['{"firstName": "A",', '{firstName: A}', "{'a': 1}", 'not json at all', '{"a":1}}']) {
      const res = await call(method, '/affiliates', { token: p.key, rawBody: raw });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  test.each(['POST', 'PUT', 'DELETE'])('a JSON array, string or number body on %s is 400 VALIDATION_FAILED', async (method) => {
    for (const raw of ['[]', '[{"firstName":"A","lastName":"B","email":"arr@example.com"}]', '"text"', '42', 'true']) {
      const res = await call(method, '/affiliates', { token: p.key, rawBody: raw });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await rowCount('affiliates', p.programId)).toBe(0);
  });

  test('a body over 1 MiB is 400 VALIDATION_FAILED (not 413, not 500)', async () => {
    const big = JSON.stringify({ firstName: 'A', lastName: 'B', email: personEmail(), affiliateLink: 'x'.repeat(1024 * 1024 + 10) });
    for (const method of ['POST', 'PUT']) {
      const res = await call(method, '/affiliates', { token: p.key, rawBody: big });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await rowCount('affiliates', p.programId)).toBe(0);
  });

  test('a body just under 1 MiB with a too long field is 400 VALIDATION_FAILED too', async () => {
    const res = await affiliates.post(p.key, { firstName: 'x'.repeat(1000 * 1000), lastName: 'B', email: personEmail() });
    expectValidation(res, 'firstName');
  });

  test('a repeated query parameter (?id=a&id=b) is 400 VALIDATION_FAILED', async () => {
    expectValidation(await affiliates.get(p.key, { id: ['a', 'b'] }), 'id');
    expectValidation(await affiliates.get(p.key, { email: ['a@example.com', 'b@example.com'] }), 'email');
    expectValidation(await affiliates.get(p.key, { limit: ['1', '2'] }), 'limit');
  });

  test('a bracketed query parameter (?id[]=a, ?id[x]=a) is 400 VALIDATION_FAILED', async () => {
    expectValidation(await affiliates.get(p.key, { 'id[]': 'a' }));
    expectValidation(await affiliates.get(p.key, { 'id[x]': 'a' }));
  });

  test('an unknown query parameter is 400 VALIDATION_FAILED naming it', async () => {
    expectValidation(await affiliates.get(p.key, { foo: 'bar' }), 'foo');
    expectValidation(await affiliates.get(p.key, { id: randomUUID(), affiliateId: 'x' }), 'affiliateId');
  });

  test('fields named after Object.prototype members are unlisted fields: 400, not 500', async () => {
    const base = `"firstName":"A","lastName":"B","email":"${personEmail('proto')}"`;
    for (const [field, raw] of [
      ['__proto__', `{${base},"__proto__":{"affiliateStatus":"active"}}`],
      ['constructor', `{${base},"constructor":"x"}`],
      ['toString', `{${base},"toString":"x"}`],
      ['hasOwnProperty', `{${base},"hasOwnProperty":1}`],
    ]) {
      expectValidation(await call('POST', '/affiliates', { token: p.key, rawBody: raw }), field);
    }
    expectValidation(
      await call('PUT', '/affiliates', { token: p.key, rawBody: '{"emailAddress":"x@example.com","__proto__":{"firstName":"Y"}}' }),
      '__proto__',
    );
    expectValidation(await affiliates.get(p.key, { constructor: 'x' }), 'constructor');
    expectValidation(await affiliates.get(p.key, { ['__proto__']: 'x' }), '__proto__');
    expect(await rowCount('affiliates', p.programId)).toBe(0);
  });

  test('a very long id (5000 characters) is 400 VALIDATION_FAILED', async () => {
    expectValidation(await affiliates.get(p.key, { id: 'a'.repeat(5000) }), 'id');
    expectValidation(await affiliates.get(p.key, { id: '1'.repeat(5000) }), 'id');
  });

  test('a very long email query (5000 characters) is 400 VALIDATION_FAILED', async () => {
    expectValidation(await affiliates.get(p.key, { email: 'a'.repeat(4980) + '@example.com' }), 'email');
  });

  test('very long identifiers in PUT and DELETE are 400 VALIDATION_FAILED', async () => {
    expectValidation(await affiliates.put(p.key, { affiliateId: 'a'.repeat(5000), firstName: 'X' }), 'affiliateId');
    expectValidation(await affiliates.put(p.key, { emailAddress: 'a'.repeat(5000) + '@example.com', firstName: 'X' }), 'emailAddress');
    expectValidation(await affiliates.delete(p.key, { affiliateId: 'a'.repeat(5000) }), 'affiliateId');
  });

  test('odd but well-formed identifiers in PUT and DELETE match nothing and answer 200', async () => {
    for (const v of ["' or 1=1 --", '%', '_', 'ünï', '0', '99999999999999999999']) {
      expect(expectOk(await affiliates.put(p.key, { affiliateId: v, firstName: 'X' }))).toEqual({ count: 0 });
      expect(expectOk(await affiliates.put(p.key, { emailAddress: `${v}@example.com`, firstName: 'X' }))).toEqual({ count: 0 });
      expect(expectOk(await affiliates.delete(p.key, { affiliateId: v })).message).toEqual(expect.any(String));
    }
  });

  test('a JSON body with a non-JSON Content-Type is still read as JSON', async () => {
    const e = personEmail('ctype');
    const res = await call('POST', '/affiliates', {
      token: p.key,
      rawBody: JSON.stringify({ firstName: 'C', lastName: 'T', email: e }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(e);
  });

  test('an unsupported method on /affiliates is not a 5xx', async () => {
    const res = await call('PATCH', '/affiliates', { token: p.key, body: {} });
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('rate-limit headers', () => {
  const p = useProgram(server);
  const a = useAffiliate(() => createAffiliate(p));

  function expectRateLimitHeaders(res: ApiResponse, policy?: 'reads' | 'writes'): void {
    const name = policy ?? '(reads|writes)';
    expect(res.headers.get('ratelimit-policy')).toMatch(new RegExp(`^"${name}";q=\\d+;w=\\d+$`));
    expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"${name}";r=\\d+;t=\\d+$`));
  }

  test('successful GET, POST, PUT and DELETE carry RateLimit-Policy and RateLimit', async () => {
    const g = await affiliates.get(p.key);
    expect(g.status).toBe(200);
    expectRateLimitHeaders(g, 'reads');
    expect(g.headers.get('ratelimit-policy')).toBe('"reads";q=600;w=60');
    const byId = await affiliates.get(p.key, { id: a.id });
    expectRateLimitHeaders(byId, 'reads');
    const none = await affiliates.get(p.key, { id: randomUUID() });
    expect(none.body).toBeNull();
    expectRateLimitHeaders(none, 'reads');
    const created = await affiliates.post(p.key, { firstName: 'R', lastName: 'L', email: personEmail() });
    expect(created.status).toBe(200);
    expectRateLimitHeaders(created, 'writes');
    expect(created.headers.get('ratelimit-policy')).toBe('"writes";q=120;w=60');
    const updated = await affiliates.put(p.key, { affiliateId: created.body.id, firstName: 'Q' });
    expect(updated.status).toBe(200);
    expectRateLimitHeaders(updated, 'writes');
    const deleted = await affiliates.delete(p.key, { affiliateId: created.body.id });
    expect(deleted.status).toBe(200);
    expectRateLimitHeaders(deleted, 'writes');
  });

  test('over the per-program limit: 429 RATE_LIMITED with Retry-After; counted per endpoint and method', async () => {
    const q = await createProgram(server, { readsPerMinute: 3, writesPerMinute: 2 });
    for (let i = 0; i < 3; i++) expect((await affiliates.get(q.key)).status).toBe(200);
    const limited = await affiliates.get(q.key);
    expectError(limited, 429, 'RATE_LIMITED');
    expectRateLimitHeaders(limited, 'reads');
    expect(limited.headers.get('ratelimit')).toMatch(/^"reads";r=0;t=\d+$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Writes have their own budget.
    expect((await affiliates.post(q.key, { firstName: 'A', lastName: 'B', email: personEmail() })).status).toBe(200);
    expect((await affiliates.put(q.key, { emailAddress: 'nobody@example.com', firstName: 'X' })).status).toBe(200);
    expect((await affiliates.post(q.key, { firstName: 'A', lastName: 'B', email: personEmail() })).status).toBe(200);
    expectError(await affiliates.post(q.key, { firstName: 'A', lastName: 'B', email: personEmail() }), 429, 'RATE_LIMITED');
    expect(await rowCount('affiliates', q.programId)).toBe(2);
  });

  test('the remaining count goes down with each call', async () => {
    const q = await createProgram(server);
    const r1 = await affiliates.get(q.key);
    const r2 = await affiliates.get(q.key);
    const remaining = (res: ApiResponse) => Number(/r=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]);
    expect(remaining(r2)).toBe(remaining(r1) - 1);
  });

  test('400 validation and business-rule errors carry them', async () => {
    expectRateLimitHeaders(await affiliates.post(p.key, {}), 'writes');
    expectRateLimitHeaders(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: a.email }), 'writes');
    expectRateLimitHeaders(await affiliates.get(p.key, { foo: 'bar' }), 'reads');
    expectRateLimitHeaders(await affiliates.put(p.key, { firstName: 'x' }), 'writes');
    expectRateLimitHeaders(await affiliates.delete(p.key, {}), 'writes');
  });

  test('400 for malformed JSON carries them', async () => {
    const res = await call('POST', '/affiliates', { token: p.key, rawBody: '{"broken":' });
    expect(res.status).toBe(400);
    expectRateLimitHeaders(res);
  });

  test('400 for an oversize body carries them', async () => {
    const res = await call('POST', '/affiliates', { token: p.key, rawBody: JSON.stringify({ x: 'y'.repeat(1024 * 1024 + 1) }) });
    expect(res.status).toBe(400);
    expectRateLimitHeaders(res);
  });

  test('401 (no credential, unknown credential) carries them', async () => {
    const none = await call('GET', '/affiliates');
    expect(none.status).toBe(401);
    expectRateLimitHeaders(none);
    const unknown = await affiliates.get(`apk_${randomBytes(24).toString('hex')}`);
    expect(unknown.status).toBe(401);
    expectRateLimitHeaders(unknown);
  });

  test('403 (session token) carries them', async () => {
    const res = await affiliates.get(p.session);
    expect(res.status).toBe(403);
    expectRateLimitHeaders(res);
  });
});

testNoServerErrors(seen, 70);
