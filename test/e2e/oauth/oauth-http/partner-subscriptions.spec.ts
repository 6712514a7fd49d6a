/**
 * Partner subscriptions (REST hooks, DESIGN.md "Events and webhooks"): an OAuth partner token may POST, GET and
 * DELETE /api/v1/webhooks for the events of its scope (affiliate.*, referral.*, sale.*, commission.*); any other
 * event is 403 and creates nothing. It sees and deletes only its own subscriptions; the program's API key sees
 * all of them, each partner one with its connectionId. Deliveries are signed like every other; revoking the
 * connection deletes its subscriptions and nothing more reaches them. Over HTTP against real PostgreSQL.
 */
import { useTestServer } from '../../../helpers/harness';
import { REVOKE_CONNECTION } from '../../../helpers/graphql-documents';
import { createProgram } from '../../../helpers/factories';
import { CB, type Connected, MAKE, oauthPages, sha256hex, ZAPIER } from '../../../helpers/oauth-pages';
import { SECRET_RE, startHook, verify, webhookClient, type Hook } from '../../../helpers/webhooks';

const server = useTestServer({ oauthPartners: [ZAPIER, MAKE], trustProxy: 'loopback' });
let hook: Hook;
beforeAll(async () => {
  hook = await startHook();
});
afterAll(async () => {
  await hook?.close();
});

const { sql, connected, graphqlSession, signIn, issueCode, token } = oauthPages(() => server);
const { drain } = webhookClient(() => server);

const PARTNER_EVENTS = [
  'affiliate.created',
  'affiliate.updated',
  'affiliate.deleted',
  'referral.created',
  'referral.updated',
  'referral.deleted',
  'sale.created',
  'sale.updated',
  'sale.refunded',
  'commission.approved',
  'commission.reversed',
];

let c: Connected;
let connectionId: string;
const asPartner = (method: string, body?: unknown) => server.api(method, '/webhooks', { token: c.accessToken, body });
const asKey = (method: string, body?: unknown) => server.api(method, '/webhooks', { token: c.owner.key, body });
const endpointsOfProgram = () =>
  sql<{ id: string; connection_id: string | null }>('select id, connection_id from webhook_endpoints where program_id = ?', [c.owner.programId]);

beforeAll(async () => {
  c = await connected();
  [{ id: connectionId }] = await sql<{ id: string }>('select id from oauth_tokens where token_hash = ?', [sha256hex(c.accessToken)]);
});

test('a partner subscribes to events of its scope and gets the secret once; without events, every event of its scope', async () => {
  const res = await asPartner('POST', { url: hook.url, events: ['sale.created', 'affiliate.created'] });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ url: hook.url, events: ['sale.created', 'affiliate.created'], enabled: true, connectionId });
  expect(res.body.secret).toMatch(SECRET_RE);
  const all = await asPartner('POST', { url: `${hook.url}?all` });
  expect(all.status).toBe(200);
  expect([...all.body.events].sort()).toEqual([...PARTNER_EVENTS].sort());
  const listed = await asPartner('GET');
  expect(listed.status).toBe(200);
  expect(listed.body.every((e: any) => e.secret === undefined)).toBe(true);
  for (const id of [res.body.id, all.body.id]) expect((await asPartner('DELETE', { id })).status).toBe(200);
});

test.each([[['coupon.created']], [['sale.created', 'promotional_code.deleted']], [['coupon.deleted', 'referral.created']], [['payout_batch.paid']]])(
  'events outside its scope (%j) are 403 FORBIDDEN and create nothing',
  async (events) => {
    const before = (await endpointsOfProgram()).length;
    const res = await asPartner('POST', { url: hook.url, events });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await endpointsOfProgram()).length).toBe(before);
  },
);

test('an unknown event is 400, as for any caller', async () => {
  const res = await asPartner('POST', { url: hook.url, events: ['sale.exploded'] });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION_FAILED');
});

test('a partner lists and deletes only its own subscriptions; the API key sees all, with their connectionId', async () => {
  const own = (await asPartner('POST', { url: `${hook.url}?own`, events: ['referral.created'] })).body;
  const programs = (await asKey('POST', { url: `${hook.url}?program`, events: ['coupon.created'] })).body;
  expect(programs.connectionId).toBeNull();

  const partnerView = (await asPartner('GET')).body.map((e: any) => e.id);
  expect(partnerView).toContain(own.id);
  expect(partnerView).not.toContain(programs.id);
  const keyView = (await asKey('GET')).body;
  expect(keyView.find((e: any) => e.id === own.id).connectionId).toBe(connectionId);
  expect(keyView.find((e: any) => e.id === programs.id).connectionId).toBeNull();

  // The program's own endpoint is not the partner's to delete: 404, and it stays.
  const refused = await asPartner('DELETE', { id: programs.id });
  expect(refused.status).toBe(404);
  expect((await endpointsOfProgram()).map((e) => e.id)).toContain(programs.id);
  // Nor to change or rotate, even its own (updates are the program's).
  expect((await server.api('PUT', '/webhooks', { token: c.accessToken, body: { id: own.id, enabled: false } })).status).toBe(403);
  expect((await asPartner('DELETE', { id: own.id })).status).toBe(200);
  expect((await endpointsOfProgram()).map((e) => e.id)).not.toContain(own.id);
  await asKey('DELETE', { id: programs.id });
});

test('a partner token of another program sees none of these subscriptions', async () => {
  const first = (await asPartner('POST', { url: `${hook.url}?first`, events: ['sale.refunded'] })).body;
  const otherOwner = await connected();
  const foreign = await server.api('GET', '/webhooks', { token: otherOwner.accessToken });
  expect(foreign.status).toBe(200);
  expect(foreign.body.map((e: any) => e.id)).not.toContain(first.id);
  expect((await server.api('DELETE', '/webhooks', { token: otherOwner.accessToken, body: { id: first.id } })).status).toBe(404);
  await asPartner('DELETE', { id: first.id });
});

test('deliveries are signed and carry only the subscribed events; revoking the connection deletes the subscriptions and stops them', async () => {
  const sub = (await asPartner('POST', { url: `${hook.url}?deliveries`, events: ['affiliate.created'] })).body;
  const hitsOf = () => hook.hits.filter((h) => h.json && h.json.programId === c.owner.programId && h.headers['webhook-id']);
  const before = hitsOf().length;
  const created = await server.api('POST', '/affiliates', {
    token: c.owner.key,
    body: { firstName: 'Hook', lastName: 'Test', email: `hook-${Date.now()}@example.com` },
  });
  expect(created.status).toBe(200);
  await server.api('POST', '/coupons', { token: c.owner.key, body: { name: `C ${Date.now()}`, percentOff: 10 } });
  await drain();
  const got = hitsOf().slice(before);
  expect(got.map((h) => h.json.type)).toEqual(['affiliate.created']);
  expect(verify(sub.secret, got[0]).data.id).toBe(created.body.id);

  const session = await graphqlSession(c.owner.ownerEmail);
  const revoked = await server.graphql(REVOKE_CONNECTION, { id: connectionId }, session);
  expect(revoked.body.errors).toBeUndefined();
  expect((await endpointsOfProgram()).filter((e) => e.connection_id === connectionId)).toEqual([]);
  await server.api('POST', '/affiliates', { token: c.owner.key, body: { firstName: 'After', lastName: 'Revoke', email: `after-${Date.now()}@example.com` } });
  await drain();
  expect(
    hitsOf()
      .slice(before)
      .map((h) => h.json.type),
  ).toEqual(['affiliate.created']);
  expect((await asPartner('GET')).status).toBe(401);
});

test('GET /api/v1/program names the connected program to its partner (id, name, domain, logoUrl), and the API key its own', async () => {
  const other = await connected();
  const res = await server.api('GET', '/program', { token: other.accessToken });
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['domain', 'id', 'logoUrl', 'name']);
  expect(res.body.id).toBe(other.owner.programId);
  const withKey = await server.api('GET', '/program', { token: other.owner.key });
  expect(withKey.body).toEqual(res.body);
  expect((await server.api('GET', '/program', { token: 'oat_not-a-token' })).status).toBe(401);
  expect((await server.api('GET', '/program', { token: other.accessToken, query: { id: c.owner.programId } })).status).toBe(400);
});

test('a code used twice revokes its token and, with it, the subscriptions made with it', async () => {
  const owner = await createProgram(server);
  const { jar } = await signIn(owner.ownerEmail);
  const { code } = await issueCode(jar, owner.programId);
  const form = { code, grant_type: 'authorization_code', redirect_uri: CB, client_id: ZAPIER.clientId, client_secret: ZAPIER.clientSecret };
  const first = await token(form);
  expect(first.status).toBe(200);
  const accessToken = first.json.access_token as string;
  const sub = await server.api('POST', '/webhooks', { token: accessToken, body: { url: `${hook.url}?replayed`, events: ['sale.created'] } });
  expect(sub.status).toBe(200);
  expect((await token(form)).status).toBe(400);
  expect(await sql('select id from webhook_endpoints where id = ?', [sub.body.id])).toEqual([]);
  expect((await server.api('GET', '/webhooks', { token: accessToken })).status).toBe(401);
});

test("the API key cannot widen a partner's subscription beyond the partner's scope; a partner has its own limit of 20", async () => {
  const other = await connected();
  const sub = (await server.api('POST', '/webhooks', { token: other.accessToken, body: { url: `${hook.url}?scope`, events: ['sale.created'] } })).body;
  const widened = await server.api('PUT', '/webhooks', { token: other.owner.key, body: { id: sub.id, events: ['coupon.created'] } });
  expect(widened.status).toBe(403);
  const everything = await server.api('PUT', '/webhooks', { token: other.owner.key, body: { id: sub.id, events: [] } });
  expect(everything.status).toBe(400);
  const renamed = await server.api('PUT', '/webhooks', { token: other.owner.key, body: { id: sub.id, events: ['sale.refunded'], description: 'ok' } });
  expect(renamed.status).toBe(200);
  expect(renamed.body.events).toEqual(['sale.refunded']);

  for (let i = 1; i < 20; i++) {
    const res = await server.api('POST', '/webhooks', { token: other.accessToken, body: { url: `${hook.url}?n=${i}`, events: ['sale.created'] } });
    expect(res.status).toBe(200);
  }
  const over = await server.api('POST', '/webhooks', { token: other.accessToken, body: { url: `${hook.url}?n=21`, events: ['sale.created'] } });
  expect(over.status).toBe(400);
  expect(over.body.error).toMatch(/at most 20 webhook subscriptions/);
  // The program's own endpoints are not used up by the partner's.
  expect((await server.api('POST', '/webhooks', { token: other.owner.key, body: { url: `${hook.url}?program` } })).status).toBe(200);
});
