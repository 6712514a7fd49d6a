/**
 * Spec 4.3 (affiliate links) through a client generated from the OpenAPI document (openapi-typescript +
 * openapi-fetch, test/helpers/typed-client.ts): GET, POST, PUT and DELETE /api/v1/links as an integrator would
 * call them. Paths, parameters and bodies are checked by the compiler against the committed document, so this
 * file stops compiling when the document and the API's use disagree; the answers are checked here, and every
 * write is read back (through the API and in the database).
 */
import { randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { restClient } from '../../../helpers/rest-client';
import { slug } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors, UUID_RE } from '../../../helpers/assertions';
import { DEFAULT_BASE_URLS, expectNewLink, fullUrlsFor, trackingUrlOf } from '../../../helpers/shapes';
import { expectData, typedClient, type TypedClient } from '../../../helpers/typed-client';

const server = useTestServer();

const api = restClient(() => server);
const { seen, createAffiliate, linkRow } = api;

const p = useProgram(() => api.program());
const owner = useAffiliate(() => createAffiliate(p, { firstName: 'Ada', lastName: 'Lovelace' }));
let client: TypedClient;

beforeAll(async () => {
  client = typedClient(server, p.key, seen);
});

/** The slugs GET /links answers for the query, in order. */
async function slugsOf(query: { id?: string; link?: string; affiliateId?: string; affiliateEmail?: string }): Promise<string[]> {
  const list = expectData(await client.GET('/links', { params: { query } }));
  expect(Array.isArray(list)).toBe(true);
  return list.map((l: { link: string }) => l.link);
}

describe('POST /links', () => {
  test('creates the link for the affiliate: 200 with the link resource, stored as answered', async () => {
    const s = slug('typed');
    const result = await client.POST('/links', { body: { link: s, affiliateId: owner.id } });
    expect(result.error).toBeUndefined();
    expect(result.response.status).toBe(200);
    expect(result.response.headers.get('content-type')).toMatch(/^application\/json/);
    const created = expectData(result);
    expect(created.id).toMatch(UUID_RE);
    expect(created.link).toBe(s);
    expect(created.affiliateId).toBe(owner.id);
    expect(created.trackingUrl).toBe(trackingUrlOf(server.url, p.programId, s));
    expect(created.fullURLs).toEqual(fullUrlsFor(DEFAULT_BASE_URLS, s));
    expectNewLink(server.url, created, { link: s, affiliate: owner });

    expect(await linkRow(created.id)).toEqual({ link: s, clicks: 0, affiliate_id: owner.id, program_id: p.programId });
    const found = expectData(await client.GET('/links', { params: { query: { id: created.id } } }));
    expect(found).toEqual([created]);
  });

  test('by affiliateEmail: the same resource, owned by the affiliate of that email', async () => {
    const s = slug('by-email');
    const created = expectData(await client.POST('/links', { body: { link: s, affiliateEmail: owner.email } }));
    expect(created.affiliateId).toBe(owner.id);
    expect(created.affiliate).toEqual({ id: owner.id, name: 'Ada Lovelace', email: owner.email });
    expect((await linkRow(created.id)).affiliate_id).toBe(owner.id);
  });

  test('a slug already taken (in any letter case): 400 DUPLICATE in the typed error body, nothing stored', async () => {
    const s = slug('taken');
    const first = expectData(await client.POST('/links', { body: { link: s, affiliateId: owner.id } }));
    const before = await slugsOf({ affiliateId: owner.id });

    const { data, error, response } = await client.POST('/links', { body: { link: s.toUpperCase(), affiliateId: owner.id } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error?.code).toBe('DUPLICATE');
    expect(error?.error).toEqual(expect.any(String));
    expectError({ status: response.status, body: error }, 400, 'DUPLICATE');

    expect(await slugsOf({ affiliateId: owner.id })).toEqual(before);
    expect(await slugsOf({ link: s })).toEqual([first.link]);
  });

  test('an affiliate the program does not have: 400, nothing stored', async () => {
    const s = slug('orphan');
    const { data, error, response } = await client.POST('/links', { body: { link: s, affiliateId: randomUUID() } });
    expect(data).toBeUndefined();
    expectError({ status: response.status, body: error }, 400);
    expect(await slugsOf({ link: s })).toEqual([]);
  });
});

describe('GET /links', () => {
  test('lists every link of the program in creation order; the filters narrow it', async () => {
    const q = await api.program();
    const other = typedClient(server, q.key, seen);
    const a = await createAffiliate(q, { affiliateLink: slug('first') });
    const b = await createAffiliate(q, { affiliateLink: slug('other') });
    const second = expectData(await other.POST('/links', { body: { link: slug('second'), affiliateId: a.id } }));

    const all = expectData(await other.GET('/links'));
    expect(all.map((l: { link: string }) => l.link)).toEqual([a.affiliateLinks[0], b.affiliateLinks[0], second.link]);
    for (const l of all) expect(l.id).toMatch(UUID_RE);

    const ofA = expectData(await other.GET('/links', { params: { query: { affiliateId: a.id } } }));
    expect(ofA.map((l: { link: string }) => l.link)).toEqual([a.affiliateLinks[0], second.link]);
    for (const l of ofA) expect(l.affiliateId).toBe(a.id);
    const byEmail = expectData(await other.GET('/links', { params: { query: { affiliateEmail: b.email } } }));
    expect(byEmail.map((l: { affiliateId: string }) => l.affiliateId)).toEqual([b.id]);
    const bySlug = expectData(await other.GET('/links', { params: { query: { link: second.link } } }));
    expect(bySlug).toEqual([second]);
    expect(expectData(await other.GET('/links', { params: { query: { id: randomUUID() } } }))).toEqual([]);
  });

  test("another program's links are not listed, and its API key does not reach this program's", async () => {
    const mine = expectData(await client.POST('/links', { body: { link: slug('mine'), affiliateId: owner.id } }));
    const q = await api.program();
    const other = typedClient(server, q.key, seen);
    expect(expectData(await other.GET('/links', { params: { query: { id: mine.id } } }))).toEqual([]);
    expect(expectData(await other.GET('/links', { params: { query: { link: mine.link } } }))).toEqual([]);
  });

  test('without a valid API key: 401 UNAUTHENTICATED in the typed error body', async () => {
    const anonymous = typedClient(server, 'apk_not-a-key', seen);
    const { data, error, response } = await anonymous.GET('/links');
    expect(data).toBeUndefined();
    expect(response.status).toBe(401);
    expect(error?.code).toBe('UNAUTHENTICATED');
  });
});

describe('PUT /links', () => {
  test('renames by id: 200 with the new slug and its URLs; the old slug is gone and the row renamed', async () => {
    const oldSlug = slug('old');
    const newSlug = slug('new');
    const link = expectData(await client.POST('/links', { body: { link: oldSlug, affiliateId: owner.id } }));

    const renamed = expectData(await client.PUT('/links', { body: { id: link.id, newLink: newSlug } }));
    expect(renamed.id).toBe(link.id);
    expect(renamed.link).toBe(newSlug);
    expect(renamed.affiliateId).toBe(owner.id);
    expect(renamed.fullURLs).toEqual(fullUrlsFor(DEFAULT_BASE_URLS, newSlug));
    expect(renamed.trackingUrl).toBe(trackingUrlOf(server.url, p.programId, newSlug));
    expect(renamed.createdAt).toBe(link.createdAt);

    expect((await linkRow(link.id)).link).toBe(newSlug);
    expect(expectData(await client.GET('/links', { params: { query: { id: link.id } } }))).toEqual([renamed]);
    expect(await slugsOf({ link: oldSlug })).toEqual([]);
  });

  test('renames by slug', async () => {
    const oldSlug = slug('was');
    const newSlug = slug('now');
    const link = expectData(await client.POST('/links', { body: { link: oldSlug, affiliateId: owner.id } }));
    const renamed = expectData(await client.PUT('/links', { body: { link: oldSlug, newLink: newSlug } }));
    expect({ id: renamed.id, link: renamed.link }).toEqual({ id: link.id, link: newSlug });
    expect(await slugsOf({ link: newSlug })).toEqual([newSlug]);
  });

  test('an unknown link: 404 NOT_FOUND in the typed error body; a taken new slug: 400 DUPLICATE, nothing renamed', async () => {
    const missing = await client.PUT('/links', { body: { id: randomUUID(), newLink: slug('never') } });
    expect(missing.data).toBeUndefined();
    expect(missing.response.status).toBe(404);
    expect(missing.error?.code).toBe('NOT_FOUND');

    const a = expectData(await client.POST('/links', { body: { link: slug('keep-a'), affiliateId: owner.id } }));
    const b = expectData(await client.POST('/links', { body: { link: slug('keep-b'), affiliateId: owner.id } }));
    const clash = await client.PUT('/links', { body: { id: a.id, newLink: b.link } });
    expect(clash.response.status).toBe(400);
    expect(clash.error?.code).toBe('DUPLICATE');
    expect((await linkRow(a.id)).link).toBe(a.link);
  });
});

describe('DELETE /links', () => {
  test('by id: 200 {message, deletedLink}; the link is gone from the API and the table, the slug free again', async () => {
    const s = slug('del');
    const link = expectData(await client.POST('/links', { body: { link: s, affiliateId: owner.id } }));

    const deleted = expectData(await client.DELETE('/links', { body: { id: link.id } }));
    expect(deleted).toEqual({ message: expect.any(String), deletedLink: { id: link.id, link: s } });

    expect(await linkRow(link.id)).toBeUndefined();
    expect(expectData(await client.GET('/links', { params: { query: { id: link.id } } }))).toEqual([]);
    expect(await slugsOf({ affiliateId: owner.id })).not.toContain(s);
    expect(expectData(await client.POST('/links', { body: { link: s, affiliateId: owner.id } })).link).toBe(s);
  });

  test('by slug; a second delete of the same link: 404 NOT_FOUND in the typed error body', async () => {
    const s = slug('del-twice');
    const link = expectData(await client.POST('/links', { body: { link: s, affiliateId: owner.id } }));
    expect(expectData(await client.DELETE('/links', { body: { link: s } }))).toEqual({ message: expect.any(String), deletedLink: { id: link.id, link: s } });

    const again = await client.DELETE('/links', { body: { link: s } });
    expect(again.data).toBeUndefined();
    expect(again.response.status).toBe(404);
    expect(again.error?.code).toBe('NOT_FOUND');
  });
});

testNoServerErrors(seen, 20);
