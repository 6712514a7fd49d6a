/**
 * POST /api/v1/affiliate-portal-links {affiliateId} (DESIGN.md "The affiliates' own portal", Embedding): 201 with a
 * single-use `url` under <PUBLIC_URL>/portal/<portalSlug>/sign-in/ and its `expiresAt`, 5 minutes ahead. An API key
 * only: a partner token is 403, no credential 401; an affiliate the program does not have is 404, a missing or
 * malformed affiliateId 400, all with the error body of DESIGN.md "Errors". Every answer is checked against the
 * served OpenAPI document by the request helper. The GraphQL mutation: test/e2e/graphql/affiliate-portal-links.
 */
import { randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { createAffiliate, createPartnerToken, createProgram, type ProgramFixture } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { expectError, expectValidation, testNoServerErrors } from '../../../helpers/assertions';
import { expectReplay, newKey } from '../../../helpers/idempotency';
import { dataOf, gqlDocument } from '../../../helpers/graphql/typed-document';

const server = useTestServer();
const api = restClient(() => server);
const { seen, call, sql, count } = api;
const links = api.endpoint('/affiliate-portal-links');

const FIVE_MINUTES = 5 * 60_000;
const PORTAL_SLUG = gqlDocument<{ program: { portalSlug: string } }, { id: string }>('query($id: ID) { program(id: $id) { portalSlug } }');
const slugOf = async (p: ProgramFixture) => dataOf(await server.graphql(PORTAL_SLUG, { id: p.programId }, p.session)).program.portalSlug;
const tokenCount = (p: ProgramFixture) => count('select count(*) as n from portal_sign_in_tokens where program_id = ?', [p.programId]);

describe('201: the link', () => {
  const p = useProgram(() => api.program());
  const a = useAffiliate(() => api.createAffiliate(p));

  test('by UUID: 201 {url, expiresAt}, the url under the public origin /portal/<portalSlug>/sign-in/, expiring 5 minutes ahead', async () => {
    const askedAt = Date.now();
    const res = await links.post(p, { affiliateId: a.id });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ url: expect.any(String), expiresAt: expect.any(String) });
    const prefix = `${server.url}/portal/${await slugOf(p)}/sign-in/`;
    expect(res.body.url.startsWith(prefix)).toBe(true);
    expect(res.body.url.slice(prefix.length)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const expires = Date.parse(res.body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(askedAt + FIVE_MINUTES - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + FIVE_MINUTES + 1000);
    expect(res.body.expiresAt).toBe(new Date(expires).toISOString());
  });

  test('by link slug or click id too; each request makes another single-use link for the affiliate', async () => {
    const click = await api.recordClick(p, a.affiliateLinks[0]);
    const before = await tokenCount(p);
    const bySlug = await links.post(p, { affiliateId: a.affiliateLinks[0] });
    const byClick = await links.post(p, { affiliateId: String(click) });
    expect([bySlug.status, byClick.status]).toEqual([201, 201]);
    expect(bySlug.body.url).not.toBe(byClick.body.url);
    expect(await tokenCount(p)).toBe(before + 2);
    const owners = await sql<{ affiliate_id: string }>(`select distinct affiliate_id from portal_sign_in_tokens where program_id = ? and purpose = 'embed'`, [
      p.programId,
    ]);
    expect(owners).toEqual([{ affiliate_id: a.id }]);
  });

  test('an Idempotency-Key replays the first answer (201, the same url) and makes no second link', async () => {
    const key = newKey();
    const first = await call('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId: a.id }, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    const tokens = await tokenCount(p);
    const again = await call('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId: a.id }, headers: { 'Idempotency-Key': key } });
    expectReplay(first, again);
    expect(await tokenCount(p)).toBe(tokens);
  });
});

describe('refusals: nothing is stored', () => {
  const p = useProgram(() => api.program());
  const a = useAffiliate(() => api.createAffiliate(p));

  test('no credential: 401 UNAUTHENTICATED; an unknown key: 401', async () => {
    expectError(await call('POST', '/affiliate-portal-links', { body: { affiliateId: a.id } }), 401, 'UNAUTHENTICATED');
    expectError(await links.post('apk_not_a_real_key_0123456789', { affiliateId: a.id }), 401, 'UNAUTHENTICATED');
    expect(await tokenCount(p)).toBe(0);
  });

  test('a partner token: 403 FORBIDDEN (it could sign in as any affiliate); a dashboard session token: 403 (sessions use GraphQL)', async () => {
    expectError(await links.post(await createPartnerToken(server, p), { affiliateId: a.id }), 403, 'FORBIDDEN');
    expectError(await links.post(p.session, { affiliateId: a.id }), 403, 'FORBIDDEN');
    expect(await tokenCount(p)).toBe(0);
  });

  test('an affiliate the program does not have: 404 NOT_FOUND with the error body', async () => {
    for (const affiliateId of [randomUUID(), 'no-such-slug', '987654321']) {
      const res = await links.post(p, { affiliateId });
      expectError(res, 404, 'NOT_FOUND');
      expect(Object.keys(res.body).sort()).toEqual(['code', 'error']);
    }
    expect(await tokenCount(p)).toBe(0);
  });

  test("another program's API key cannot make a link for this program's affiliate: 404, in neither program", async () => {
    const other = await createProgram(server);
    for (const affiliateId of [a.id, a.affiliateLinks[0]]) expectError(await links.post(other, { affiliateId }), 404, 'NOT_FOUND');
    expect(await tokenCount(p)).toBe(0);
    expect(await tokenCount(other)).toBe(0);
  });

  test.each([
    ['no affiliateId', {}],
    ['a blank affiliateId', { affiliateId: '  ' }],
    ['a null affiliateId', { affiliateId: null }],
    ['a number', { affiliateId: 42 }],
    ['an overlong affiliateId', { affiliateId: 'x'.repeat(201) }],
  ])('%s: 400 VALIDATION_FAILED naming affiliateId', async (_what, body) => {
    expectValidation(await links.post(p, body), 'affiliateId');
    expect(await tokenCount(p)).toBe(0);
  });

  test('an unlisted field: 400 naming it; malformed JSON: 400', async () => {
    expectValidation(await links.post(p, { affiliateId: a.id, programId: p.programId }), 'programId');
    expectError(await call('POST', '/affiliate-portal-links', { token: p.key, rawBody: '{"affiliateId":' }), 400, 'VALIDATION_FAILED');
    expect(await tokenCount(p)).toBe(0);
  });

  test("the program's portal turned off: 400 naming portalEnabled; a rejected affiliate: 400 naming affiliateId", async () => {
    const closed = await createProgram(server, { portalEnabled: false });
    const someone = await createAffiliate(server, closed.key);
    expectValidation(await links.post(closed, { affiliateId: someone.id }), 'portalEnabled');
    const rejected = await api.createAffiliate(p, { affiliateStatus: 'rejected' });
    expectValidation(await links.post(p, { affiliateId: rejected.id }), 'affiliateId');
    expect((await tokenCount(p)) + (await tokenCount(closed))).toBe(0);
  });
});

testNoServerErrors(seen);
