/**
 * Spec 4.3 (affiliate links) over HTTP against the real app on a real PostgreSQL: GET, POST, PUT and DELETE
 * /api/v1/links. Link shape per DESIGN.md; events read from the outbox table; clicks inserted with SQL.
 * Here isolation between programs, authentication, bad input and the rate-limit headers.
 */
import { randomUUID } from 'node:crypto';
import type { ApiResponse, RequestOptions } from '../../../helpers/server';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { restClient } from '../../../helpers/rest-client';
import { slug } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';
import { expectNewLink, trackingUrlOf } from '../../../helpers/shapes';
import { REVOKE_API_KEY } from '../../../helpers/graphql-documents';

const server = useTestServer();

const api = restClient(() => server);
const { seen, createAffiliate, createLink, insertClick, affiliateUpdatedEvents, clickOwner } = api;
const links = api.endpoint('/links');

describe('two programs are isolated', () => {
  let aLink: any;
  let aClick: number;

  const A = useProgram(server);
  const B = useProgram(server);
  const aAff = useAffiliate(() => createAffiliate(A, { firstName: 'Alice', lastName: 'Aye' }));
  const bAff = useAffiliate(() => createAffiliate(B, { firstName: 'Bob', lastName: 'Bee' }));
  beforeAll(async () => {
    aLink = await createLink(A, { link: 'a-secret-link', affiliateId: aAff.id });
    aClick = await insertClick(A.programId, aAff.id, aLink.id);
  });

  const aUnchanged = async () => {
    const res = await links.get(A.key, { id: aLink.id });
    expect(res.body).toEqual([aLink]);
    expect(await clickOwner(aClick)).toEqual({ link_id: aLink.id, affiliate_id: aAff.id });
  };

  test("B cannot see A's links by id, link, affiliateId, affiliateEmail or in the full list", async () => {
    const queries: Array<Record<string, string>> = [
      { id: aLink.id },
      { link: 'a-secret-link' },
      { affiliateId: aAff.id },
      { affiliateEmail: aAff.email },
      { link: aAff.affiliateLinks[0] },
    ];
    for (const query of queries) {
      const res = await links.get(B.key, query);
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 200, body: [] });
    }
    const all = await links.get(B.key);
    expect(all.status).toBe(200);
    expect(all.body.map((l: any) => l.link)).toEqual(bAff.affiliateLinks);
    for (const l of all.body) expect(l.affiliateId).toBe(bAff.id);
    // and A's own view is complete
    expect((await links.get(A.key)).body.map((l: any) => l.link)).toEqual([...aAff.affiliateLinks, 'a-secret-link']);
  });

  test("B cannot create a link for A's affiliate (400) by id, email, slug or click id", async () => {
    const s = slug('intrude');
    for (const body of [
      { link: s, affiliateId: aAff.id },
      { link: s, affiliateEmail: aAff.email },
      { link: s, affiliateId: 'a-secret-link' },
      { link: s, affiliateId: String(aClick) },
    ]) {
      const res = await links('POST', { token: B.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400);
    }
    expect((await links.get(A.key, { link: s })).body).toEqual([]);
    expect((await links.get(B.key, { link: s })).body).toEqual([]);
    expect((await links.get(A.key, { affiliateId: aAff.id })).body.map((l: any) => l.link)).toEqual([...aAff.affiliateLinks, 'a-secret-link']);
    await aUnchanged();
  });

  test("B cannot rename A's link (404 by id and by link); A's link is unchanged", async () => {
    for (const ident of [{ id: aLink.id }, { link: 'a-secret-link' }, { link: 'A-SECRET-LINK' }]) {
      const res = await links('PUT', { token: B.key, body: { ...ident, newLink: slug('hijack') } });
      expect({ ident, status: res.status }).toEqual({ ident, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
    await aUnchanged();
  });

  test("B cannot delete A's link (404 by id and by link); A's link and its clicks are unchanged", async () => {
    for (const body of [{ id: aLink.id }, { link: 'a-secret-link' }]) {
      const res = await links('DELETE', { token: B.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
    await aUnchanged();
    expect(await affiliateUpdatedEvents(B.programId, aAff.id)).toHaveLength(0);
  });

  test('the same slug can exist in both programs, each resolving to its own link', async () => {
    const inB = await links('POST', { token: B.key, body: { link: 'a-secret-link', affiliateId: bAff.id } });
    expect(inB.status).toBe(200);
    expectNewLink(server.url, inB.body, { link: 'a-secret-link', affiliate: bAff });
    expect(inB.body.id).not.toBe(aLink.id);
    // One slug, two tracking URLs: each names its program.
    expect(aLink.trackingUrl).toBe(trackingUrlOf(server.url, A.programId, 'a-secret-link'));
    expect(inB.body.trackingUrl).toBe(trackingUrlOf(server.url, B.programId, 'a-secret-link'));

    expect((await links.get(A.key, { link: 'a-secret-link' })).body).toEqual([aLink]);
    expect((await links.get(B.key, { link: 'a-secret-link' })).body.map((l: any) => [l.id, l.affiliateId])).toEqual([[inB.body.id, bAff.id]]);

    // Renaming and deleting in B touch only B's link of that name.
    const renamed = await links('PUT', { token: B.key, body: { link: 'a-secret-link', newLink: 'b-renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.id).toBe(inB.body.id);
    await aUnchanged();
    const deleted = await links('DELETE', { token: B.key, body: { link: 'b-renamed' } });
    expect(deleted.body).toEqual({ message: expect.any(String), deletedLink: { id: inB.body.id, link: 'b-renamed' } });
    await aUnchanged();
  });

  test("A can take a slug that only exists in B, and renaming into B's slug is allowed in A", async () => {
    const bOnly = await createLink(B, { link: 'only-in-b', affiliateId: bAff.id });
    const aOwn = await createLink(A, { link: slug('a-own'), affiliateId: aAff.id });
    const res = await links('PUT', { token: A.key, body: { id: aOwn.id, newLink: 'only-in-b' } });
    expect(res.status).toBe(200);
    expect(res.body.link).toBe('only-in-b');
    expect((await links.get(B.key, { link: 'only-in-b' })).body.map((l: any) => l.id)).toEqual([bOnly.id]);
    expect((await links.get(A.key, { link: 'only-in-b' })).body.map((l: any) => l.id)).toEqual([aOwn.id]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('authentication', () => {
  const p = useProgram(server);
  const aff = useAffiliate(() => createAffiliate(p));

  const requests = (): Array<[string, RequestOptions]> => [
    ['GET', {}],
    ['POST', { body: { link: slug('noauth'), affiliateId: aff.id } }],
    ['PUT', { body: { link: aff.affiliateLinks[0], newLink: slug('noauth') } }],
    ['DELETE', { body: { link: aff.affiliateLinks[0] } }],
  ];

  test('401 {error, code: UNAUTHENTICATED} without a token, for every method; nothing changes', async () => {
    for (const [method, opts] of requests()) {
      const res = await links(method, opts);
      expect({ method, status: res.status }).toEqual({ method, status: 401 });
      expectError(res, 401, 'UNAUTHENTICATED');
    }
    expect((await links.get(p.key)).body.map((l: any) => l.link)).toEqual(aff.affiliateLinks);
  });

  test('401 with a bad, malformed or non-bearer token, for every method', async () => {
    const headerSets = [
      { authorization: 'Bearer not-a-real-key' },
      { authorization: `Bearer ${p.key}x` },
      { authorization: 'Bearer' },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { authorization: p.key },
    ];
    for (const headers of headerSets) {
      for (const [method, opts] of requests()) {
        const res = await links(method, { ...opts, headers });
        expect({ method, headers, status: res.status }).toEqual({ method, headers, status: 401 });
        expectError(res, 401, 'UNAUTHENTICATED');
      }
    }
    expect((await links.get(p.key)).body.map((l: any) => l.link)).toEqual(aff.affiliateLinks);
  });

  test('a revoked API key is 401', async () => {
    const created = await server.graphql(
      `mutation($p: ID!) { createApiKey(programId: $p, name: "to-revoke") { key apiKey { id } } }`,
      { p: p.programId },
      p.session,
    );
    const { key, apiKey } = created.body.data.createApiKey;
    expect((await links.get(key)).status).toBe(200);
    const revoked = await server.graphql(REVOKE_API_KEY, { id: apiKey.id }, p.session);
    expect(revoked.body.errors).toBeUndefined();
    expectError(await links.get(key), 401, 'UNAUTHENTICATED');
  });

  test('a dashboard session token is not an API credential for REST (403 FORBIDDEN)', async () => {
    const res = await links.get(p.session);
    expectError(res, 403, 'FORBIDDEN');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('bad input is 400, never 5xx', () => {
  let link: any;
  const p = useProgram(server);
  const aff = useAffiliate(() => createAffiliate(p));
  beforeAll(async () => {
    link = await createLink(p, { link: slug('target'), affiliateId: aff.id });
  });

  test('an unknown body field is 400 on POST, PUT and DELETE, and nothing is written', async () => {
    const s = slug('extra');
    const cases: Array<[string, Record<string, unknown>]> = [
      ['POST', { link: s, affiliateId: aff.id, clicks: 5 }],
      ['POST', { link: s, affiliateId: aff.id, programId: randomUUID() }],
      ['PUT', { id: link.id, newLink: s, affiliateId: aff.id }],
      ['DELETE', { id: link.id, force: true }],
    ];
    for (const [method, body] of cases) {
      const res = await links(method, { token: p.key, body });
      expect({ method, body, status: res.status }).toEqual({ method, body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await links.get(p.key, { link: s })).body).toEqual([]);
    expect((await links.get(p.key, { id: link.id })).body).toEqual([link]);
  });

  test('wrong types are 400', async () => {
    const cases: Array<[string, unknown]> = [
      ['POST', { link: 123, affiliateId: aff.id }],
      ['POST', { link: ['a'], affiliateId: aff.id }],
      ['POST', { link: slug('t'), affiliateId: 42 }],
      ['POST', { link: slug('t'), affiliateEmail: { email: aff.email } }],
      ['PUT', { id: link.id, newLink: 123 }],
      ['PUT', { id: 7, newLink: slug('t') }],
      ['PUT', { link: true, newLink: slug('t') }],
      ['DELETE', { id: 123 }],
      ['DELETE', { link: false }],
      ['POST', [{ link: slug('t'), affiliateId: aff.id }]],
      ['POST', 'a string'],
      ['DELETE', 42],
    ];
    for (const [method, body] of cases) {
      const res = await links(method, { token: p.key, body });
      expect({ method, body, status: res.status }).toEqual({ method, body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await links.get(p.key, { id: link.id })).body).toEqual([link]);
  });

  test('malformed JSON is 400 VALIDATION_FAILED on POST, PUT and DELETE', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      for (const rawBody of ['{"link": "abc",', '{link: abc}', "{'link':'x'}", '{"link":"x"}}']) {
        const res = await links(method, { token: p.key, rawBody });
        expect({ method, rawBody, status: res.status }).toEqual({ method, rawBody, status: 400 });
        expectError(res, 400, 'VALIDATION_FAILED');
      }
    }
    expect((await links.get(p.key, { id: link.id })).body).toEqual([link]);
  });

  test('an overlong slug is 400', async () => {
    const res = await links('POST', { token: p.key, body: { link: 'a'.repeat(101), affiliateId: aff.id } });
    expectError(res, 400, 'VALIDATION_FAILED');
    const huge = await links('POST', { token: p.key, body: { link: 'a'.repeat(5000), affiliateId: aff.id } });
    expectError(huge, 400, 'VALIDATION_FAILED');
  });

  test('an unknown or repeated query parameter on GET is 400', async () => {
    const queries: Array<Record<string, string | string[]>> = [
      { foo: 'bar' },
      { affiliate_id: aff.id },
      { email: aff.email },
      { link: link.link, extra: '1' },
      { id: [link.id, link.id] },
    ];
    for (const query of queries) {
      const res = await links.get(p.key, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  test('unsupported methods on /links are answered with an error body, not 5xx', async () => {
    const res = await links('PATCH', { token: p.key, body: { id: link.id } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('rate limit headers', () => {
  const p = useProgram(server);
  const aff = useAffiliate(() => createAffiliate(p));

  function expectPolicy(res: ApiResponse, policy: 'reads' | 'writes', label: string) {
    const headers = { label, policy: res.headers.get('ratelimit-policy'), limit: res.headers.get('ratelimit') };
    expect(headers).toEqual({
      label,
      policy: expect.stringMatching(new RegExp(`^"${policy}";q=\\d+;w=\\d+$`)),
      limit: expect.stringMatching(new RegExp(`^"${policy}";r=\\d+;t=\\d+$`)),
    });
  }

  test('successful answers: GET is "reads", POST/PUT/DELETE are "writes", with the default quotas', async () => {
    const get = await links.get(p.key);
    expectPolicy(get, 'reads', 'GET');
    expect(get.headers.get('ratelimit-policy')).toBe('"reads";q=600;w=60');
    const s = slug('rl');
    const post = await links('POST', { token: p.key, body: { link: s, affiliateId: aff.id } });
    expect(post.status).toBe(200);
    expectPolicy(post, 'writes', 'POST');
    expect(post.headers.get('ratelimit-policy')).toBe('"writes";q=120;w=60');
    const put = await links('PUT', { token: p.key, body: { link: s, newLink: `${s}-b` } });
    expect(put.status).toBe(200);
    expectPolicy(put, 'writes', 'PUT');
    const del = await links('DELETE', { token: p.key, body: { link: `${s}-b` } });
    expect(del.status).toBe(200);
    expectPolicy(del, 'writes', 'DELETE');
  });

  test('the remaining count goes down with each call of the same endpoint and method', async () => {
    const remaining = (r: ApiResponse) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]);
    const r1 = remaining(await links.get(p.key));
    const r2 = remaining(await links.get(p.key));
    expect(r2).toBe(r1 - 1);
  });

  test('validation errors (400) and not-found answers (404) carry the headers too', async () => {
    expectPolicy(await links.get(p.key, { foo: 'bar' }), 'reads', 'GET 400');
    expectPolicy(await links('POST', { token: p.key, body: { affiliateId: aff.id } }), 'writes', 'POST 400');
    expectPolicy(await links('POST', { token: p.key, body: { link: 'a b', affiliateId: aff.id } }), 'writes', 'POST 400 slug');
    expectPolicy(await links('PUT', { token: p.key, body: { id: randomUUID(), newLink: slug('x') } }), 'writes', 'PUT 404');
    expectPolicy(await links('DELETE', { token: p.key, body: { link: 'never-existed' } }), 'writes', 'DELETE 404');
    expectPolicy(await links('DELETE', { token: p.key, body: {} }), 'writes', 'DELETE 400');
  });

  test('401 answers carry the headers too', async () => {
    expectPolicy(await links('GET', {}), 'reads', 'GET 401');
    expectPolicy(await links('POST', { token: 'bogus', body: { link: slug('x'), affiliateId: aff.id } }), 'writes', 'POST 401');
    expectPolicy(await links('PUT', { body: { link: 'x', newLink: 'y' } }), 'writes', 'PUT 401');
    expectPolicy(await links('DELETE', { token: 'bogus', body: { link: 'x' } }), 'writes', 'DELETE 401');
  });

  test('malformed-JSON answers (400) carry the headers too', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await links(method, { token: p.key, rawBody: '{"link":' });
      expect(res.status).toBe(400);
      expectPolicy(res, 'writes', `${method} malformed JSON`);
    }
  });
});

testNoServerErrors(seen);
