/**
 * createAffiliatePortalLink over GraphQL (DESIGN.md "The affiliates' own portal", Embedding): a single-use link,
 * valid 5 minutes, under <PUBLIC_URL>/portal/<portalSlug>/sign-in/, that signs one affiliate into its portal. A
 * dashboard session (with programId) or an API key may make one; a partner token may not (it could sign in as
 * any affiliate). Only the token's hash is stored. The REST route over it: test/e2e/rest/affiliate-portal-links.
 */
import { createHash, randomUUID } from 'node:crypto';
import { useTestServer } from '../../helpers/harness';
import { createAffiliate, createPartnerToken, createProgram, type ProgramFixture } from '../../helpers/factories';
import { restClient } from '../../helpers/rest-client';
import { dataOf, errorCodeOf, gqlDocument, type GraphQLErrorBody } from '../../helpers/graphql/typed-document';

const server = useTestServer();
const { sql } = restClient(() => server);

const CREATE_LINK = gqlDocument<{ createAffiliatePortalLink: { url: string; expiresAt: string } }, { programId?: string | null; affiliateId: string }>(
  `mutation($programId: ID, $affiliateId: String!) { createAffiliatePortalLink(programId: $programId, affiliateId: $affiliateId) { url expiresAt } }`,
);
const PORTAL_SLUG = gqlDocument<{ program: { portalSlug: string; portalUrl: string } }, { id: string }>(
  'query($id: ID) { program(id: $id) { portalSlug portalUrl } }',
);

const FIVE_MINUTES = 5 * 60_000;
const portalUrlOf = async (p: ProgramFixture) => dataOf(await server.graphql(PORTAL_SLUG, { id: p.programId }, p.session)).program.portalUrl;
const makeLink = (token: string, affiliateId: string, programId?: string) => server.graphql(CREATE_LINK, { programId, affiliateId }, token);
/** The sign-in tokens stored for the program. */
const tokensOf = (p: ProgramFixture) =>
  sql<{ affiliate_id: string; purpose: string; token_hash: string; expires_ms: string; used_at: string | null }>(
    `select affiliate_id, purpose, token_hash, (extract(epoch from expires_at) * 1000)::bigint as expires_ms, used_at
       from portal_sign_in_tokens where program_id = ? order by created_at`,
    [p.programId],
  );
const refusal = (res: { body: { data?: unknown; errors?: GraphQLErrorBody[] } }) => ({
  code: errorCodeOf(res),
  fields: ((res.body.errors?.[0]?.extensions?.details ?? []) as Array<{ field: string }>).map((d) => d.field),
  data: res.body.data ?? null,
});

/** The link's answer, checked: under the portal's sign-in path, expiring about 5 minutes after it was asked for. */
async function expectLink(p: ProgramFixture, link: { url: string; expiresAt: string }, askedAt: number) {
  const prefix = `${await portalUrlOf(p)}/sign-in/`;
  expect(link.url.startsWith(prefix)).toBe(true);
  expect(link.url.slice(prefix.length)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  const expires = Date.parse(link.expiresAt);
  expect(expires).toBeGreaterThanOrEqual(askedAt + FIVE_MINUTES - 1000);
  expect(expires).toBeLessThanOrEqual(Date.now() + FIVE_MINUTES + 1000);
}

describe('making a link', () => {
  test('with a dashboard session (programId): the link, and only its hash stored, for embedding, unused', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const askedAt = Date.now();
    const link = dataOf(await makeLink(p.session, a.id, p.programId)).createAffiliatePortalLink;
    await expectLink(p, link, askedAt);
    const token = link.url.slice(link.url.lastIndexOf('/') + 1);
    const rows = await tokensOf(p);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows).toEqual([{ affiliate_id: a.id, purpose: 'embed', token_hash: hash, expires_ms: String(Date.parse(link.expiresAt)), used_at: null }]);
    expect(JSON.stringify(await sql('select * from portal_sign_in_tokens where program_id = ?', [p.programId]))).not.toContain(token);
  });

  test('with an API key (its own program), by UUID or link slug; every call makes another link', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const askedAt = Date.now();
    const first = dataOf(await makeLink(p.key, a.id)).createAffiliatePortalLink;
    const bySlug = dataOf(await makeLink(p.key, a.affiliateLinks[0])).createAffiliatePortalLink;
    await expectLink(p, first, askedAt);
    await expectLink(p, bySlug, askedAt);
    expect(bySlug.url).not.toBe(first.url);
    expect((await tokensOf(p)).map((r) => r.affiliate_id)).toEqual([a.id, a.id]);
  });

  test("the link follows the program's portal slug", async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const slug = `moved-${randomUUID().slice(0, 8)}`;
    await server.graphql(
      'mutation($id: ID!, $s: String) { updateProgram(id: $id, input: { portalSlug: $s }) { id } }',
      { id: p.programId, s: slug },
      p.session,
    );
    const link = dataOf(await makeLink(p.key, a.id)).createAffiliatePortalLink;
    expect(link.url.startsWith(`${server.url}/portal/${slug}/sign-in/`)).toBe(true);
  });
});

describe('refusals: nothing is stored', () => {
  test('a partner token: FORBIDDEN', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const partner = await createPartnerToken(server, p);
    expect(refusal(await makeLink(partner, a.id))).toEqual({ code: 'FORBIDDEN', fields: [], data: null });
    expect(await tokensOf(p)).toEqual([]);
  });

  test('no credential: UNAUTHENTICATED', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    expect(refusal(await server.graphql(CREATE_LINK, { affiliateId: a.id }))).toEqual({ code: 'UNAUTHENTICATED', fields: [], data: null });
    expect(await tokensOf(p)).toEqual([]);
  });

  test("an unknown affiliate is NOT_FOUND; another program's credentials cannot reach this program's affiliate", async () => {
    const p = await createProgram(server);
    const other = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    for (const id of [randomUUID(), 'no-such-slug', '999999999']) expect(refusal(await makeLink(p.key, id))).toMatchObject({ code: 'NOT_FOUND' });
    // The other program's key looks in its own program (NOT_FOUND), or is refused this one (FORBIDDEN); its owner does not own it.
    expect(refusal(await makeLink(other.key, a.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect(refusal(await makeLink(other.key, a.id, p.programId))).toMatchObject({ code: 'FORBIDDEN' });
    expect(refusal(await makeLink(other.session, a.id, p.programId))).toMatchObject({ code: 'NOT_FOUND' });
    expect(refusal(await makeLink(other.session, a.id, other.programId))).toMatchObject({ code: 'NOT_FOUND' });
    expect([...(await tokensOf(p)), ...(await tokensOf(other))]).toEqual([]);
  });

  test('a blank or overlong affiliateId is VALIDATION_FAILED naming it', async () => {
    const p = await createProgram(server);
    for (const affiliateId of ['', '   ', 'x'.repeat(201)]) {
      expect(refusal(await makeLink(p.key, affiliateId))).toEqual({ code: 'VALIDATION_FAILED', fields: ['affiliateId'], data: null });
    }
  });

  test('the portal turned off (portalEnabled false): VALIDATION_FAILED naming portalEnabled', async () => {
    const p = await createProgram(server, { portalEnabled: false });
    const a = await createAffiliate(server, p.key);
    expect(refusal(await makeLink(p.key, a.id))).toEqual({ code: 'VALIDATION_FAILED', fields: ['portalEnabled'], data: null });
    expect(await tokensOf(p)).toEqual([]);
  });

  test('a rejected affiliate (who may not sign in): VALIDATION_FAILED naming affiliateId; a pending one gets a link', async () => {
    const p = await createProgram(server);
    const rejected = await createAffiliate(server, p.key, { affiliateStatus: 'rejected' });
    const pending = await createAffiliate(server, p.key, { affiliateStatus: 'pending' });
    expect(refusal(await makeLink(p.key, rejected.id))).toEqual({ code: 'VALIDATION_FAILED', fields: ['affiliateId'], data: null });
    expect(dataOf(await makeLink(p.key, pending.id)).createAffiliatePortalLink.url).toContain('/sign-in/');
    expect((await tokensOf(p)).map((r) => r.affiliate_id)).toEqual([pending.id]);
  });
});
