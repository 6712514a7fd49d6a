/**
 * OAuth partner flow (spec section 5, DESIGN.md "Tenancy and credentials") and the dashboard pages, over plain
 * HTTP against the real app on a real PostgreSQL: consent page refusals, sign-in round trip, CSRF, codes
 * (RFC 6749 / RFC 7636 / RFC 9700), the token endpoint, partner scope on /api/v1, revocation (pages and
 * GraphQL), API keys through the pages, cookies and framing headers, and the development partner.
 *
 * Every page request uses fetch with redirect: 'manual' so that redirects (and the absence of one) are seen.
 *
 * Here: what a partner token may do on /api/v1 and GraphQL, and its revocation.
 */
import { randomBytes } from 'node:crypto';
import { useProgram, useTestServer } from '../../../helpers/harness';
import { createAffiliate, createProgram } from '../../../helpers/factories';
import { CONNECTIONS, REVOKE_CONNECTION } from '../../../helpers/graphql-documents';
import { dataOf } from '../../../helpers/graphql/typed-document';
import { b64url, type Connected, csrfOf, expectErrorPage, gqlCode, hiddenFields, Jar, MAKE, oauthPages, sha256hex, ZAPIER } from '../../../helpers/oauth-pages';

// Behind a TLS-terminating proxy on loopback, named by TRUST_PROXY (its X-Forwarded-Proto is believed).
const server = useTestServer({ oauthPartners: [ZAPIER, MAKE], trustProxy: 'loopback' });

const { send, signIn, issueCode, token, sql, connected, affiliatesWith, graphqlSession } = oauthPages(() => server);

describe('partner token on /api/v1 (scope: affiliates, links, referrals, sales)', () => {
  let c: Connected;
  let second: { id: string };
  let secondAffiliate: any;
  let firstAffiliate: any;
  // the owner has two programs and connects the second one
  const owner = useProgram(server, { name: 'First program' });
  beforeAll(async () => {
    const ownerId = (await sql<{ owner_id: string }>('select owner_id from programs where id = ?', [owner.programId]))[0].owner_id;
    const em = server.runtime.orm.em.fork();
    const ctx = { em, actor: { kind: 'session' as const, credentialId: 'x', userId: ownerId }, requestId: 't', log: server.runtime.log, programs: new Map() };
    second = await server.runtime.services.programs.createProgram(ctx, { name: 'Second program', baseUrls: ['https://second.example'] });
    const { key: secondKey } = await server.runtime.services.apiKeys.createApiKey(ctx, second.id, 'k');
    firstAffiliate = await createAffiliate(server, owner.key);
    secondAffiliate = await createAffiliate(server, secondKey);
    const { jar } = await signIn(owner.ownerEmail);
    const { code } = await issueCode(jar, second.id);
    const t = await token({ code });
    expect(t.status).toBe(200);
    c = { owner, jar, accessToken: t.json.access_token };
  });
  const other = useProgram(server);
  beforeAll(async () => {
    await createAffiliate(server, other.key);
  });

  test('the token reads the chosen program only', async () => {
    const res = await affiliatesWith(c.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.map((a: any) => a.id)).toEqual([secondAffiliate.id]);
    expect(res.body.map((a: any) => a.id)).not.toContain(firstAffiliate.id);
  });

  test.each(['/affiliates', '/links', '/referrals', '/sales'])('GET %s → 200', async (path) => {
    const res = await server.api('GET', path, { token: c.accessToken });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  test('the token can act on affiliates (POST /affiliates) in the chosen program', async () => {
    const a = await createAffiliate(server, c.accessToken);
    expect(a.programId).toBe(second.id);
  });

  test.each([
    ['GET', '/coupons', undefined],
    ['POST', '/coupons', { name: 'x', percentOff: 10 }],
    ['GET', '/promotional-codes', undefined],
    ['POST', '/promotional-codes', { code: 'X' }],
    ['PUT', '/webhooks', { id: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d', enabled: false }],
    ['POST', '/webhooks/rotate-secret', { id: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d' }],
    ['POST', '/webhooks', { url: 'https://hooks.example/x', events: ['coupon.created'] }],
    ['GET', '/events', undefined],
  ])('%s %s → 403 FORBIDDEN', async (method, path, body) => {
    const res = await server.api(method, path, { token: c.accessToken, body });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  test('on GraphQL the partner token is held to the same scope: coupons are FORBIDDEN', async () => {
    const res = await server.graphql('{ coupons { nodes { id } } }', {}, c.accessToken);
    expect(res.body.data?.coupons ?? null).toBeNull();
    expect(gqlCode(res)).toBe('FORBIDDEN');
  });

  test('on GraphQL the partner token cannot revoke connections', async () => {
    const [row] = await sql<{ id: string }>('select id from oauth_tokens where token_hash = ?', [sha256hex(c.accessToken)]);
    const revoke = await server.graphql(REVOKE_CONNECTION, { id: row.id }, c.accessToken);
    expect(revoke.body.data?.revokeConnection ?? null).toBeNull();
    expect(gqlCode(revoke)).toBe('FORBIDDEN');
    expect((await affiliatesWith(c.accessToken)).status).toBe(200);
  });

  test('on GraphQL the partner token cannot list the program’s connected apps (outside its scope)', async () => {
    const conns = await server.graphql(CONNECTIONS, { p: second.id }, c.accessToken);
    expect(conns.body.data?.connections ?? null).toBeNull();
    expect(gqlCode(conns)).toBe('FORBIDDEN');
  });

  test('an unknown or malformed oat_ token is 401', async () => {
    expect((await affiliatesWith(`oat_${b64url(randomBytes(32))}`)).status).toBe(401);
    expect((await affiliatesWith(c.accessToken.slice(0, -1))).status).toBe(401);
  });
});

describe('revocation', () => {
  test('the dashboard lists the connection; "Revoke access" makes the token 401 at once', async () => {
    const c = await connected();
    const page = await send('GET', `/dashboard/programs/${c.owner.programId}`, { jar: c.jar });
    expect(page.status).toBe(200);
    const [conn] = await sql<{ id: string }>('select id from oauth_tokens where token_hash = ?', [sha256hex(c.accessToken)]);
    const action = `/dashboard/programs/${c.owner.programId}/connections/${conn.id}/revoke`;
    expect(page.text).toContain(`action="${action}"`);
    expect(page.text).toMatch(/<button type="submit" aria-label="Revoke access of zapier">Revoke access<\/button>/);
    expect((await affiliatesWith(c.accessToken)).status).toBe(200);

    const res = await send('POST', action, { jar: c.jar, form: hiddenFields(page.text, action) });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/dashboard/programs/${c.owner.programId}`);
    const after = await affiliatesWith(c.accessToken);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
    const again = await send('GET', res.location!, { jar: c.jar });
    expect(again.text).not.toContain(`action="${action}"`);
    expect(again.text).toMatch(/Revoked/);
  });

  test('revoking without the CSRF token is refused and the token keeps working', async () => {
    const c = await connected();
    const [conn] = await sql<{ id: string }>('select id from oauth_tokens where token_hash = ?', [sha256hex(c.accessToken)]);
    const sessionOnly = new Jar();
    sessionOnly.cookies.set('sid', c.jar.cookies.get('sid')!);
    const res = await send('POST', `/dashboard/programs/${c.owner.programId}/connections/${conn.id}/revoke`, {
      jar: sessionOnly,
      headers: { origin: 'https://evil.example' },
      form: {},
    });
    expectErrorPage(res, 403);
    expect((await affiliatesWith(c.accessToken)).status).toBe(200);
  });

  test('GraphQL connections(programId) lists it and revokeConnection(id) makes it 401 at once', async () => {
    const c = await connected();
    const session = await graphqlSession(c.owner.ownerEmail);
    const unused = await server.graphql(CONNECTIONS, { p: c.owner.programId }, session);
    expect(unused.body.data?.connections).toEqual([expect.objectContaining({ partner: 'zapier', lastUsedAt: null, revokedAt: null })]);
    expect((await affiliatesWith(c.accessToken)).status).toBe(200);
    const list = await server.graphql(CONNECTIONS, { p: c.owner.programId }, session);
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data?.connections).toEqual([
      {
        id: expect.any(String),
        programId: c.owner.programId,
        partner: 'zapier',
        prefix: expect.any(String),
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        revokedAt: null,
      },
    ]);
    const conn = dataOf(list).connections[0];
    expect(c.accessToken.startsWith(conn.prefix)).toBe(true);
    expect(conn.prefix.length).toBeLessThan(c.accessToken.length);

    const revoked = await server.graphql(REVOKE_CONNECTION, { id: conn.id }, session);
    expect(revoked.body.errors).toBeUndefined();
    expect(revoked.body.data?.revokeConnection).toEqual({ id: conn.id, partner: 'zapier', revokedAt: expect.any(String) });
    expect((await affiliatesWith(c.accessToken)).status).toBe(401);
    const listed = await server.graphql(CONNECTIONS, { p: c.owner.programId }, session);
    expect(listed.body.data?.connections[0].revokedAt).toEqual(expect.any(String));
  });

  test('another user cannot see or revoke a connection (pages and GraphQL), and an API key cannot revoke', async () => {
    const victim = await connected();
    const [conn] = await sql<{ id: string }>('select id from oauth_tokens where token_hash = ?', [sha256hex(victim.accessToken)]);
    const attacker = await createProgram(server);
    const { jar } = await signIn(attacker.ownerEmail);

    const view = await send('GET', `/dashboard/programs/${victim.owner.programId}`, { jar });
    expect(view.status).toBe(404);
    expect(view.text).not.toContain(conn.id);

    const own = await send('GET', `/dashboard/programs/${attacker.programId}`, { jar });
    const csrf = csrfOf(own.text);
    const viaVictimProgram = await send('POST', `/dashboard/programs/${victim.owner.programId}/connections/${conn.id}/revoke`, { jar, form: { csrf } });
    expect(viaVictimProgram.status).toBe(404);
    const viaOwnProgram = await send('POST', `/dashboard/programs/${attacker.programId}/connections/${conn.id}/revoke`, { jar, form: { csrf } });
    expect([303, 404]).toContain(viaOwnProgram.status);
    expect((await affiliatesWith(victim.accessToken)).status).toBe(200);

    const session = await graphqlSession(attacker.ownerEmail);
    const list = await server.graphql(CONNECTIONS, { p: victim.owner.programId }, session);
    expect(list.body.data?.connections ?? null).toBeNull();
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(gqlCode(list));
    const revoke = await server.graphql(REVOKE_CONNECTION, { id: conn.id }, session);
    expect(revoke.body.data?.revokeConnection ?? null).toBeNull();
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(gqlCode(revoke));

    const byKey = await server.graphql(REVOKE_CONNECTION, { id: conn.id }, victim.owner.key);
    expect(gqlCode(byKey)).toBe('FORBIDDEN');
    const anonymous = await server.graphql(REVOKE_CONNECTION, { id: conn.id });
    expect(gqlCode(anonymous)).toBe('UNAUTHENTICATED');

    expect((await affiliatesWith(victim.accessToken)).status).toBe(200);
  });
});
