/**
 * Webhooks end to end (DESIGN.md "Events and webhooks", spec section 6): endpoints over REST and GraphQL,
 * Standard Webhooks signing and secret rotation (verified with the `standardwebhooks` package), the
 * envelope, event filters, the outbox guarantees (rolled-back changes send nothing, other programs' events
 * never arrive), every event type for its operation, retries (schedule, jitter, Retry-After, 410, 5-day
 * disabling with an email), the attempt log, the event log and replay, concurrent and dead workers, and
 * URL safety (private targets, redirects, response body cap). Real HTTP receivers listen on loopback; the
 * test server runs with workers off, so delivery is driven with runOnce().
 *
 * Here: endpoints over REST and GraphQL (receivers and the client: test/helpers/webhooks.ts).
 */
import { randomUUID } from 'node:crypto';
import { createAffiliate } from '../../../helpers/factories';
import { useTestServer } from '../../../helpers/harness';
import { ISO_RE, UUID_RE } from '../../../helpers/assertions';
import { ENDPOINT_KEYS, SECRET_RE, startHook, webhookClient } from '../../../helpers/webhooks';

const server = useTestServer();

const { sql, cleanUp, program, api, register, drain, deliveriesOf, gql } = webhookClient(() => server);
afterEach(cleanUp);

describe('endpoints over REST', () => {
  test('POST answers the endpoint with its whsec_ secret (shown once); GET lists endpoints without secrets', async () => {
    const p = await program();
    const a = await register(p, 'http://127.0.0.1:9/a');
    expect(Object.keys(a).sort()).toEqual([...ENDPOINT_KEYS, 'secret'].sort());
    expect(a).toEqual(
      expect.objectContaining({ url: 'http://127.0.0.1:9/a', events: [], enabled: true, description: null, disabledReason: null, failingSince: null }),
    );
    expect(a.id).toMatch(UUID_RE);
    expect(a.createdAt).toMatch(ISO_RE);
    expect(a.secret).toMatch(SECRET_RE);
    expect(Buffer.from(a.secret.slice(6), 'base64')).toHaveLength(24);

    const b = await register(p, 'http://127.0.0.1:9/b', { events: ['coupon.created', 'sale.updated'], description: 'Billing', enabled: false });
    expect(b).toEqual(expect.objectContaining({ events: ['coupon.created', 'sale.updated'], description: 'Billing', enabled: false }));
    expect(b.secret).not.toBe(a.secret);

    const list = await api(p, 'GET', '/webhooks');
    expect(list.status).toBe(200);
    const { secret: _sa, ...aView } = a;
    const { secret: _sb, ...bView } = b;
    expect(list.body).toEqual([aView, bView]);
    for (const e of list.body) {
      expect(Object.keys(e).sort()).toEqual(ENDPOINT_KEYS);
      expect(JSON.stringify(e)).not.toContain('whsec_');
    }
  });

  test('POST refuses a missing url, non-http(s) URLs, credentials in the URL and unknown event types (400); nothing is registered', async () => {
    const p = await program();
    const bad: Array<Record<string, unknown>> = [
      {},
      { url: 'not a url' },
      { url: '/relative/path' },
      { url: 'ftp://127.0.0.1/hook' },
      { url: 'javascript:alert(1)' },
      { url: 'file:///etc/passwd' },
      { url: 'http://user:pass@127.0.0.1/hook' },
      { url: 'http://127.0.0.1:9/hook', events: ['affiliate.exploded'] },
      { url: 'http://127.0.0.1:9/hook', events: ['coupon.created', 'nope'] },
    ];
    for (const body of bad) {
      const res = await api(p, 'POST', '/webhooks', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await api(p, 'GET', '/webhooks')).body).toEqual([]);
  });

  test('PUT changes url, events, description and enabled; unknown ids are 404, unknown event types 400', async () => {
    const p = await program();
    const e = await register(p, 'http://127.0.0.1:9/one');
    const res = await api(p, 'PUT', '/webhooks', { id: e.id, url: 'http://127.0.0.1:9/two', events: ['referral.created'], description: 'CRM', enabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({ id: e.id, url: 'http://127.0.0.1:9/two', events: ['referral.created'], description: 'CRM', enabled: false }),
    );
    expect(res.body).not.toHaveProperty('secret');
    expect((await api(p, 'GET', '/webhooks')).body).toEqual([res.body]);

    // events [] goes back to every event; a partial update keeps the rest.
    const all = await api(p, 'PUT', '/webhooks', { id: e.id, events: [] });
    expect(all.body).toEqual(expect.objectContaining({ events: [], url: 'http://127.0.0.1:9/two', description: 'CRM', enabled: false }));

    expect((await api(p, 'PUT', '/webhooks', { id: randomUUID(), enabled: true })).status).toBe(404);
    expect((await api(p, 'PUT', '/webhooks', { id: 'not-a-uuid', enabled: true })).status).toBe(404);
    expect((await api(p, 'PUT', '/webhooks', { enabled: true })).status).toBe(400);
    expect((await api(p, 'PUT', '/webhooks', { id: e.id, events: ['sale.exploded'] })).status).toBe(400);
    expect((await api(p, 'PUT', '/webhooks', { id: e.id, url: 'ftp://127.0.0.1/x' })).status).toBe(400);
    expect((await api(p, 'GET', '/webhooks')).body[0]).toEqual(expect.objectContaining({ url: 'http://127.0.0.1:9/two', events: [] }));
  });

  test('DELETE answers {message, deletedWebhook}; the endpoint is gone and its pending deliveries are never sent', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    await createAffiliate(server, p.key);
    expect(await deliveriesOf(e.id)).toHaveLength(1);
    const res = await api(p, 'DELETE', '/webhooks', { id: e.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deletedWebhook: { id: e.id, url: hook.url } });
    expect((await api(p, 'GET', '/webhooks')).body).toEqual([]);
    await drain();
    expect(hook.hits).toHaveLength(0);
    expect(await deliveriesOf(e.id)).toHaveLength(0);
    expect((await api(p, 'DELETE', '/webhooks', { id: e.id })).status).toBe(404);
    expect((await api(p, 'DELETE', '/webhooks', {})).status).toBe(400);
  });

  test('rotate-secret answers a new secret; overlapHours defaults to 24 and must be 0..720', async () => {
    const p = await program();
    const e = await register(p, 'http://127.0.0.1:9/r');
    const res = await api(p, 'POST', '/webhooks/rotate-secret', { id: e.id });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(SECRET_RE);
    expect(res.body.secret).not.toBe(e.secret);
    expect(res.body).toEqual(expect.objectContaining({ id: e.id, url: e.url }));
    const [row] = await sql<{ h: string; prev: string }>(
      'select extract(epoch from previous_secret_expires_at - now()) / 3600 as h, previous_secret as prev from webhook_endpoints where id = ?',
      [e.id],
    );
    expect(Number(row.h)).toBeGreaterThan(23.9);
    expect(Number(row.h)).toBeLessThanOrEqual(24);
    expect(row.prev).toBe(e.secret);
    for (const overlapHours of [-1, 721]) expect((await api(p, 'POST', '/webhooks/rotate-secret', { id: e.id, overlapHours })).status).toBe(400);
    expect((await api(p, 'POST', '/webhooks/rotate-secret', { id: randomUUID() })).status).toBe(404);
  });

  test("another program cannot see, update, delete or rotate an endpoint (404); the owner's endpoint is unchanged", async () => {
    const a = await program();
    const b = await program();
    const e = await register(a, 'http://127.0.0.1:9/a-only', { description: 'A' });
    expect((await api(b, 'GET', '/webhooks')).body).toEqual([]);
    expect((await api(b, 'PUT', '/webhooks', { id: e.id, url: 'http://127.0.0.1:9/stolen', enabled: false })).status).toBe(404);
    expect((await api(b, 'POST', '/webhooks/rotate-secret', { id: e.id })).status).toBe(404);
    expect((await api(b, 'DELETE', '/webhooks', { id: e.id })).status).toBe(404);
    const { secret: _s, ...view } = e;
    expect((await api(a, 'GET', '/webhooks')).body).toEqual([view]);
    const [row] = await sql<{ secret: string; previous_secret: string | null }>('select secret, previous_secret from webhook_endpoints where id = ?', [e.id]);
    expect(row).toEqual({ secret: e.secret, previous_secret: null });
  });

  test('without credentials /webhooks and /events answer 401', async () => {
    for (const [method, path] of [
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
      ['GET', '/events'],
      ['POST', '/events/replay'],
    ]) {
      expect((await server.api(method, path, { body: method === 'GET' ? undefined : { url: 'http://127.0.0.1:9/x' } })).status).toBe(401);
    }
  });
});

describe('endpoints over GraphQL', () => {
  const FIELDS = 'id url description events enabled disabledReason failingSince connectionId createdAt updatedAt';

  test('create (secret shown once), list, update, rotate and delete with an API key', async () => {
    const p = await program();
    const created = await gql(p, `mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { ${FIELDS} } } }`, {
      input: { url: 'http://127.0.0.1:9/gql', events: ['sale.created'], description: 'GraphQL' },
    });
    expect(created.errors).toBeUndefined();
    const { secret, endpoint } = created.data.createWebhookEndpoint;
    expect(secret).toMatch(SECRET_RE);
    expect(endpoint).toEqual(expect.objectContaining({ url: 'http://127.0.0.1:9/gql', events: ['sale.created'], description: 'GraphQL', enabled: true }));

    const list = await gql(p, `{ webhookEndpoints { ${FIELDS} } }`);
    expect(list.data.webhookEndpoints).toEqual([endpoint]);
    // The endpoint type has no secret field at all.
    expect((await gql(p, '{ webhookEndpoints { id secret } }')).errors?.length).toBeGreaterThan(0);
    // REST and GraphQL show the same endpoint.
    expect((await api(p, 'GET', '/webhooks')).body).toEqual([endpoint]);

    const updated = await gql(p, `mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false, events: [] }) { ${FIELDS} } }`, {
      id: endpoint.id,
    });
    expect(updated.data.updateWebhookEndpoint).toEqual(expect.objectContaining({ id: endpoint.id, enabled: false, events: [] }));

    const rotated = await gql(p, `mutation($id: ID!) { rotateWebhookSecret(id: $id, overlapHours: 0) { secret endpoint { id } } }`, { id: endpoint.id });
    expect(rotated.data.rotateWebhookSecret.secret).toMatch(SECRET_RE);
    expect(rotated.data.rotateWebhookSecret.secret).not.toBe(secret);
    const [row] = await sql<{ secret: string; previous_secret: string | null }>('select secret, previous_secret from webhook_endpoints where id = ?', [
      endpoint.id,
    ]);
    expect(row).toEqual({ secret: rotated.data.rotateWebhookSecret.secret, previous_secret: null });

    const deleted = await gql(p, 'mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { id url } }', { id: endpoint.id });
    expect(deleted.data.deleteWebhookEndpoint).toEqual({ id: endpoint.id, url: 'http://127.0.0.1:9/gql' });
    expect((await gql(p, '{ webhookEndpoints { id } }')).data.webhookEndpoints).toEqual([]);
  });

  test('unknown event types and bad URLs are VALIDATION_FAILED', async () => {
    const p = await program();
    for (const input of [{ url: 'http://127.0.0.1:9/x', events: ['nope.created'] }, { url: 'gopher://127.0.0.1/x' }, { url: 'javascript:alert(1)' }]) {
      const res = await gql(p, 'mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }', { input });
      expect(res.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    }
    expect((await gql(p, '{ webhookEndpoints { id } }')).data.webhookEndpoints).toEqual([]);
  });

  test("another program's key gets NOT_FOUND for update, rotate and delete, and does not list the endpoint", async () => {
    const a = await program();
    const b = await program();
    const e = await register(a, 'http://127.0.0.1:9/a');
    expect((await gql(b, '{ webhookEndpoints { id } }')).data.webhookEndpoints).toEqual([]);
    const ops = [
      'mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: { url: "http://127.0.0.1:9/b" }) { id } }',
      'mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }',
      'mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { id } }',
    ];
    for (const op of ops) {
      const res = await gql(b, op, { id: e.id });
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const [row] = await sql<{ url: string; secret: string }>('select url, secret from webhook_endpoints where id = ?', [e.id]);
    expect(row).toEqual({ url: 'http://127.0.0.1:9/a', secret: e.secret });
  });
});
