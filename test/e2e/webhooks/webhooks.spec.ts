/**
 * Webhooks end to end (DESIGN.md "Events and webhooks", spec section 6): endpoints over REST and GraphQL,
 * Standard Webhooks signing and secret rotation (verified with the `standardwebhooks` package), the
 * envelope, event filters, the outbox guarantees (rolled-back changes send nothing, other programs' events
 * never arrive), every event type for its operation, retries (schedule, jitter, Retry-After, 410, 5-day
 * disabling with an email), the attempt log, the event log and replay, concurrent and dead workers, and
 * URL safety (private targets, redirects, response body cap). Real HTTP receivers listen on loopback; the
 * test server runs with workers off, so delivery is driven with runOnce().
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createAffiliate, createProgram, type ProgramFixture } from '../../helpers/factories';
import { startTestServer, type ApiResponse, type TestServer } from '../../helpers/server';
import { WebhookWorker } from '../../../src/modules/webhooks/webhook.worker';

const EVENT_ID_RE = /^evt_[0-9a-f]{32}$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET_RE = /^whsec_[A-Za-z0-9+/]{32}$/;
const ENDPOINT_KEYS = ['createdAt', 'description', 'disabledReason', 'enabled', 'events', 'failingSince', 'id', 'updatedAt', 'url'];
const RETRY_DELAYS_S = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------------------
// receivers

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  /** The status this receiver answered. */
  status: number;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  /** Writes body chunks until the client hangs up. */
  endless?: boolean;
  /** Writes one byte every this many ms until the client hangs up (never idle, never done). */
  trickleMs?: number;
}

interface Hook {
  url: string;
  port: number;
  /** Every request, whatever it was answered. */
  hits: Hit[];
  /** Requests answered 2xx. */
  ok(): Hit[];
  close(): Promise<void>;
}

const openHooks = new Set<Hook>();

/** A real HTTP receiver on loopback; `respond` decides each answer (default 200 "ok"). */
async function startHook(respond: (hit: Hit, n: number) => Answer = () => ({ status: 200 }), port = 0): Promise<Hook> {
  const hits: Hit[] = [];
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const hit: Hit = { headers: req.headers, body, json, status: 0 };
      const answer = respond(hit, hits.length + 1);
      hit.status = answer.status;
      hits.push(hit);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers ?? {});
        if (answer.trickleMs) {
          res.flushHeaders();
          const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('x')), answer.trickleMs);
          res.on('close', () => clearInterval(timer));
          return;
        }
        if (answer.endless) {
          const chunk = Buffer.alloc(64 * 1024, 'x');
          const pump = () => {
            while (!res.destroyed && res.write(chunk)) {
              /* until backpressure */
            }
            if (!res.destroyed) res.once('drain', pump);
          };
          pump();
          return;
        }
        res.end(answer.body ?? 'ok');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => srv.listen(port, '127.0.0.1', resolve));
  const actual = (srv.address() as AddressInfo).port;
  const hook: Hook = {
    url: `http://127.0.0.1:${actual}/hooks`,
    port: actual,
    hits,
    ok: () => hits.filter((h) => h.status >= 200 && h.status < 300),
    close: () =>
      new Promise<void>((resolve) => {
        openHooks.delete(hook);
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
  openHooks.add(hook);
  return hook;
}

// ---------------------------------------------------------------------------------------------------------
// helpers

/** Endpoints that survive the per-test cleanup (the shared endpoint of the event-type tests). */
const keepEndpoints = new Set<string>();

afterEach(async () => {
  for (const h of [...openHooks]) await h.close();
  // Every test starts with no stray deliveries: endpoints (and with them their deliveries) of finished tests go.
  if (keepEndpoints.size) await sql('delete from webhook_endpoints where id not in (?)', [[...keepEndpoints]]);
  else await sql('delete from webhook_endpoints');
});

async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.runtime.orm.em.fork().getConnection().execute(query, params)) as T[];
}

/** A program whose rate limits stay out of the way. */
const program = (s: TestServer = server) => createProgram(s, { readsPerMinute: 100_000, writesPerMinute: 100_000 });

const uniq = () => randomBytes(4).toString('hex');

async function api(p: ProgramFixture, method: string, path: string, body?: unknown, query?: Record<string, string>, s: TestServer = server): Promise<ApiResponse> {
  return s.api(method, path, { token: p.key, body, query });
}

/** POST /webhooks that must succeed. */
async function register(p: ProgramFixture, url: string, extra: Record<string, unknown> = {}, s: TestServer = server) {
  const res = await api(p, 'POST', '/webhooks', { url, ...extra }, undefined, s);
  if (res.status !== 200) throw new Error(`POST /webhooks failed: ${res.status} ${res.text}`);
  return res.body as { id: string; url: string; secret: string; events: string[]; enabled: boolean; [k: string]: unknown };
}

/** Runs the worker until nothing is due. */
async function drain(worker: { runOnce(): Promise<number> } = server.runtime.webhooks): Promise<number> {
  let total = 0;
  for (let i = 0; i < 50; i++) {
    const n = await worker.runOnce();
    total += n;
    if (n === 0) return total;
  }
  throw new Error('worker did not drain');
}

const deliveriesOf = (endpointId: string) =>
  sql<{ id: string; event_id: string; status: string; attempts: number; last_status: number | null; last_error: string | null; locked_until: Date | null }>(
    'select id, event_id, status, attempts, last_status, last_error, locked_until from webhook_deliveries where endpoint_id = ? order by id',
    [endpointId],
  );

/** Makes every pending delivery of the endpoint due now (instead of waiting for its retry time). */
const makeDue = (endpointId: string) => sql(`update webhook_deliveries set next_attempt_at = now() where endpoint_id = ? and status = 'pending'`, [endpointId]);

/** Seconds between the claim of the last attempt and the next attempt of a delivery. */
async function delayOf(deliveryId: string): Promise<number> {
  const [r] = await sql<{ d: string }>('select extract(epoch from next_attempt_at - last_attempt_at) as d from webhook_deliveries where id = ?', [deliveryId]);
  return Number(r.d);
}

const verify = (secret: string, hit: Hit) => new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as any;

function expectVerifyFails(secret: string, hit: Hit) {
  expect(() => verify(secret, hit)).toThrow();
}

/** GET /events: one page of up to 500 events, oldest first. */
async function eventsOf(p: ProgramFixture, query: Record<string, string> = {}): Promise<any[]> {
  const res = await api(p, 'GET', '/events', undefined, { limit: '500', ...query });
  expect(res.status).toBe(200);
  return res.body;
}

async function createCoupon(p: ProgramFixture, body: Record<string, unknown> = {}) {
  const res = await api(p, 'POST', '/coupons', { name: `Coupon ${uniq()}`, percentOff: 10, ...body });
  if (res.status !== 200) throw new Error(`POST /coupons failed: ${res.status} ${res.text}`);
  return res.body;
}

const gql = async (p: ProgramFixture, query: string, variables?: Record<string, unknown>) => (await server.graphql(query, variables, p.key)).body;

const ATTEMPT_LOG_QUERY = `query($after: String, $first: Int, $type: String) {
  events(after: $after, first: $first, type: $type) {
    nodes { id type createdAt programId data deliveries { id endpointId status attempts nextAttemptAt lastAttemptAt lastStatus lastError
      attemptLog { attemptedAt statusCode durationMs error responseExcerpt } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

// ---------------------------------------------------------------------------------------------------------

describe('endpoints over REST', () => {
  test('POST answers the endpoint with its whsec_ secret (shown once); GET lists endpoints without secrets', async () => {
    const p = await program();
    const a = await register(p, 'http://127.0.0.1:9/a');
    expect(Object.keys(a).sort()).toEqual([...ENDPOINT_KEYS, 'secret'].sort());
    expect(a).toEqual(expect.objectContaining({ url: 'http://127.0.0.1:9/a', events: [], enabled: true, description: null, disabledReason: null, failingSince: null }));
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
    expect(res.body).toEqual(expect.objectContaining({ id: e.id, url: 'http://127.0.0.1:9/two', events: ['referral.created'], description: 'CRM', enabled: false }));
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
    for (const [method, path] of [['GET', '/webhooks'], ['POST', '/webhooks'], ['GET', '/events'], ['POST', '/events/replay']]) {
      expect((await server.api(method, path, { body: method === 'GET' ? undefined : { url: 'http://127.0.0.1:9/x' } })).status).toBe(401);
    }
  });
});

describe('endpoints over GraphQL', () => {
  const FIELDS = 'id url description events enabled disabledReason failingSince createdAt updatedAt';

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

    const updated = await gql(p, `mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false, events: [] }) { ${FIELDS} } }`, { id: endpoint.id });
    expect(updated.data.updateWebhookEndpoint).toEqual(expect.objectContaining({ id: endpoint.id, enabled: false, events: [] }));

    const rotated = await gql(p, `mutation($id: ID!) { rotateWebhookSecret(id: $id, overlapHours: 0) { secret endpoint { id } } }`, { id: endpoint.id });
    expect(rotated.data.rotateWebhookSecret.secret).toMatch(SECRET_RE);
    expect(rotated.data.rotateWebhookSecret.secret).not.toBe(secret);
    const [row] = await sql<{ secret: string; previous_secret: string | null }>('select secret, previous_secret from webhook_endpoints where id = ?', [endpoint.id]);
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

describe('delivery: envelope, signatures, filters, outbox', () => {
  test('the envelope {id, type, createdAt, programId, data} with webhook-id, webhook-timestamp and a v1 signature that standardwebhooks verifies', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    const other = await register(p, 'http://127.0.0.1:9/other', { enabled: false });
    const before = Math.floor(Date.now() / 1000);
    const coupon = await createCoupon(p);
    await drain();
    expect(hook.hits).toHaveLength(1);
    const hit = hook.hits[0];
    const env = verify(e.secret, hit);
    expect(Object.keys(hit.json).sort()).toEqual(['createdAt', 'data', 'id', 'programId', 'type']);
    expect(env).toEqual({ id: expect.stringMatching(EVENT_ID_RE), type: 'coupon.created', createdAt: expect.stringMatching(ISO_RE), programId: p.programId, data: coupon });
    expect(hit.headers['content-type']).toMatch(/^application\/json/);
    expect(hit.headers['webhook-id']).toBe(env.id);
    const ts = Number(hit.headers['webhook-timestamp']);
    expect(String(ts)).toBe(hit.headers['webhook-timestamp']);
    expect(ts).toBeGreaterThanOrEqual(before - 1);
    expect(ts).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    expect(hit.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    // The envelope is the event of the log.
    const [logged] = await eventsOf(p);
    expect({ id: logged.id, type: logged.type, createdAt: logged.createdAt, programId: logged.programId, data: logged.data }).toEqual(env);

    // Another secret, a changed body, a changed id or timestamp: verification fails.
    expectVerifyFails(other.secret, hit);
    expectVerifyFails(e.secret, { ...hit, body: hit.body.replace('coupon.created', 'coupon.deleted') });
    expectVerifyFails(e.secret, { ...hit, headers: { ...hit.headers, 'webhook-id': 'evt_0' } });
    expectVerifyFails(e.secret, { ...hit, headers: { ...hit.headers, 'webhook-timestamp': String(ts + 1) } });
  });

  test('after a rotation both secrets verify during the overlap, only the new one after it; overlapHours 0 drops the old one at once', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    const rotated = await api(p, 'POST', '/webhooks/rotate-secret', { id: e.id, overlapHours: 1 });
    expect(rotated.status).toBe(200);
    const s2 = rotated.body.secret as string;

    await createCoupon(p);
    await drain();
    const during = hook.hits[0];
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(s2, during).type).toBe('coupon.created');
    expect(verify(e.secret, during).type).toBe('coupon.created');

    // The overlap runs out.
    await sql(`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ?`, [e.id]);
    await createCoupon(p);
    await drain();
    const after = hook.hits[1];
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(s2, after).type).toBe('coupon.created');
    expectVerifyFails(e.secret, after);

    // No overlap: the previous secret stops signing immediately.
    const r3 = await api(p, 'POST', '/webhooks/rotate-secret', { id: e.id, overlapHours: 0 });
    const s3 = r3.body.secret as string;
    await createCoupon(p);
    await drain();
    const now = hook.hits[2];
    expect(verify(s3, now).type).toBe('coupon.created');
    expectVerifyFails(s2, now);
    expectVerifyFails(e.secret, now);
    expect(hook.hits).toHaveLength(3);
  });

  test('an endpoint subscribed to some types gets only those; changing its types applies to later events', async () => {
    const p = await program();
    const only = await startHook();
    const every = await startHook();
    const o = await register(p, only.url, { events: ['coupon.created'] });
    await register(p, every.url);
    await createAffiliate(server, p.key);
    await createCoupon(p);
    await drain();
    expect(only.hits.map((h) => h.json.type)).toEqual(['coupon.created']);
    expect(every.hits.map((h) => h.json.type).sort()).toEqual(['affiliate.created', 'coupon.created']);
    // No delivery was even created for the type it does not want.
    expect(await deliveriesOf(o.id)).toHaveLength(1);

    expect((await api(p, 'PUT', '/webhooks', { id: o.id, events: ['affiliate.created'] })).status).toBe(200);
    await createCoupon(p);
    const a = await createAffiliate(server, p.key);
    await drain();
    expect(only.hits.map((h) => h.json.type)).toEqual(['coupon.created', 'affiliate.created']);
    expect(only.hits[1].json.data).toEqual(a);
  });

  test('a disabled endpoint gets nothing (no delivery is created); enabled again it gets only later events', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url, { enabled: false });
    await createCoupon(p);
    await drain();
    expect(hook.hits).toHaveLength(0);
    expect(await deliveriesOf(e.id)).toHaveLength(0);

    const off = await register(p, hook.url);
    await createCoupon(p);
    expect((await api(p, 'PUT', '/webhooks', { id: off.id, enabled: false })).status).toBe(200);
    await drain();
    expect(hook.hits).toHaveLength(0);

    expect((await api(p, 'PUT', '/webhooks', { id: e.id, enabled: true })).status).toBe(200);
    const c = await createCoupon(p);
    await drain();
    expect(hook.hits.map((h) => h.json.data)).toEqual([c]);
  });

  test('a rolled-back change sends nothing: POST /affiliates with a taken link writes no event and no delivery', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    const first = await createAffiliate(server, p.key);
    await drain();
    expect(hook.hits).toHaveLength(1);

    const res = await api(p, 'POST', '/affiliates', { firstName: 'Dup', lastName: 'Link', email: `dup-${uniq()}@example.com`, affiliateLink: first.affiliateLinks[0] });
    expect(res.status).toBe(400);
    await drain();
    expect(hook.hits).toHaveLength(1);
    expect((await eventsOf(p)).map((ev) => ev.type)).toEqual(['affiliate.created']);
    expect(await deliveriesOf(e.id)).toHaveLength(1);
  });

  test('a transaction that wrote an event (and so its deliveries) and then rolled back leaves neither; nothing is sent', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    let inside = -1;
    const em = server.runtime.orm.em.fork();
    await expect(
      em.transactional(async (tx) => {
        server.runtime.services.events.record(tx, p.programId, 'coupon.created', { id: 'rolled-back' });
        await tx.flush();
        const [row] = await tx.execute<Array<{ n: number }>>('select count(*)::int as n from webhook_deliveries where endpoint_id = ?', [e.id]);
        inside = row.n;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside).toBe(1);
    await drain();
    expect(hook.hits).toHaveLength(0);
    expect(await deliveriesOf(e.id)).toHaveLength(0);
    expect(await eventsOf(p)).toEqual([]);
  });

  test("another program's events never arrive at this program's endpoint, nor show in its event log", async () => {
    const a = await program();
    const b = await program();
    const hookA = await startHook();
    const hookB = await startHook();
    const ea = await register(a, hookA.url);
    const eb = await register(b, hookB.url);
    const affB = await createAffiliate(server, b.key);
    await createCoupon(b);
    const couponA = await createCoupon(a);
    await drain();
    expect(hookA.hits.map((h) => [h.json.type, h.json.programId])).toEqual([['coupon.created', a.programId]]);
    expect(hookA.hits[0].json.data).toEqual(couponA);
    expect(hookB.hits.map((h) => h.json.programId)).toEqual([b.programId, b.programId]);
    expect(hookB.hits.map((h) => h.json.data.id)).toContain(affB.id);
    expect(await deliveriesOf(ea.id)).toHaveLength(1);
    expect(await deliveriesOf(eb.id)).toHaveLength(2);
    expect((await eventsOf(a)).map((ev) => ev.programId)).toEqual([a.programId]);

    // B's event cannot be read or replayed through A.
    const [bEvent] = await eventsOf(b);
    expect((await api(a, 'POST', '/events/replay', { eventId: bEvent.id })).status).toBe(400);
    expect((await api(a, 'POST', '/events/replay', { eventId: bEvent.id, endpointId: eb.id })).status).toBe(400);
    expect((await api(b, 'POST', '/events/replay', { eventId: bEvent.id, endpointId: ea.id })).body).toEqual({ queued: 0 });
    await drain();
    expect(hookA.hits).toHaveLength(1);
  });
});

describe('every event of spec section 6 and DESIGN.md fires for its operation, with the REST body as data', () => {
  let p: ProgramFixture;
  let hook: Hook;
  let endpoint: { id: string; secret: string };
  let seen = 0;
  let aff: any;
  let referral: any;
  let coupon: any;
  let code: any;
  let sale: any;
  const slug = `wh-${uniq()}`;

  beforeAll(async () => {
    p = await program();
  });
  beforeEach(async () => {
    // This describe's receiver outlives the per-test cleanup: restart it on the same port when it was closed.
    if (!hook || !openHooks.has(hook)) hook = await startHook(undefined, hook?.port ?? 0);
    if (!endpoint) {
      endpoint = await register(p, hook.url);
      keepEndpoints.add(endpoint.id);
    }
    seen = 0;
  });
  afterAll(async () => {
    if (endpoint) keepEndpoints.delete(endpoint.id);
  });

  /** Exactly one new event arrived since the last check: this type with this data, signed. */
  async function expectEvent(type: string, data: unknown) {
    await drain();
    const fresh = hook.hits.slice(seen);
    seen = hook.hits.length;
    expect(fresh.map((h) => h.json?.type)).toEqual([type]);
    const env = verify(endpoint.secret, fresh[0]);
    expect(env.programId).toBe(p.programId);
    expect(env.data).toEqual(data);
  }
  async function expectNothing() {
    await drain();
    expect(hook.hits.slice(seen).map((h) => h.json?.type)).toEqual([]);
  }
  const getAffiliate = async (id: string) => (await api(p, 'GET', '/affiliates', undefined, { id })).body;

  test('affiliate.created on POST /affiliates', async () => {
    const res = await api(p, 'POST', '/affiliates', { firstName: 'Grace', lastName: 'Hopper', email: `grace-${uniq()}@example.com`, affiliateLink: slug });
    expect(res.status).toBe(200);
    aff = res.body;
    await expectEvent('affiliate.created', aff);
  });

  test('affiliate.updated on PUT /affiliates (data: the affiliate as GET returns it)', async () => {
    const res = await api(p, 'PUT', '/affiliates', { affiliateId: aff.id, firstName: 'Rear Admiral Grace', affiliateLink: `${slug}-extra` });
    expect(res.body).toEqual({ count: 1 });
    const now = await getAffiliate(aff.id);
    expect(now.firstName).toBe('Rear Admiral Grace');
    expect(now.affiliateLinks).toEqual(expect.arrayContaining([slug, `${slug}-extra`]));
    await expectEvent('affiliate.updated', now);
  });

  test('affiliate.updated for the owner on POST /links', async () => {
    const res = await api(p, 'POST', '/links', { link: `${slug}-2`, affiliateId: aff.id });
    expect(res.status).toBe(200);
    const owner = await getAffiliate(aff.id);
    expect(owner.affiliateLinks).toEqual(expect.arrayContaining([slug, `${slug}-2`]));
    await expectEvent('affiliate.updated', owner);
  });

  test('affiliate.updated on PUT /links (rename)', async () => {
    const res = await api(p, 'PUT', '/links', { link: `${slug}-2`, newLink: `${slug}-3` });
    expect(res.status).toBe(200);
    const owner = await getAffiliate(aff.id);
    expect(owner.affiliateLinks).toContain(`${slug}-3`);
    expect(owner.affiliateLinks).not.toContain(`${slug}-2`);
    await expectEvent('affiliate.updated', owner);
  });

  test('affiliate.updated for the former owner on DELETE /links', async () => {
    const res = await api(p, 'DELETE', '/links', { link: `${slug}-3` });
    expect(res.status).toBe(200);
    const owner = await getAffiliate(aff.id);
    expect(owner.affiliateLinks).not.toContain(`${slug}-3`);
    await expectEvent('affiliate.updated', owner);
  });

  test('referral.created on POST /referrals', async () => {
    const res = await api(p, 'POST', '/referrals', { affiliateId: aff.id, name: 'Referred Person', email: `ref-${uniq()}@example.com`, referredUserExternalId: `u-${uniq()}` });
    expect(res.status).toBe(200);
    expect(res.body).not.toBeNull();
    referral = res.body;
    await expectEvent('referral.created', referral);
  });

  test('referral.updated on PUT /referrals', async () => {
    const res = await api(p, 'PUT', '/referrals', { referralId: referral.id, name: 'Renamed Person' });
    expect(res.status).toBe(200);
    referral = res.body;
    await expectEvent('referral.updated', res.body);
  });

  test('coupon.created on POST /coupons', async () => {
    const res = await api(p, 'POST', '/coupons', { name: `Ten ${uniq()}`, percentOff: 10 });
    expect(res.status).toBe(200);
    coupon = res.body;
    await expectEvent('coupon.created', coupon);
  });

  test('coupon.updated on PUT /coupons', async () => {
    const res = await api(p, 'PUT', '/coupons', { couponId: coupon.id, name: `Twenty ${uniq()}`, percentOff: 20 });
    expect(res.status).toBe(200);
    coupon = res.body;
    await expectEvent('coupon.updated', res.body);
  });

  test('promotional_code.created on POST /promotional-codes', async () => {
    const res = await api(p, 'POST', '/promotional-codes', { couponId: coupon.id, code: `CODE${uniq()}`.toUpperCase(), affiliateId: aff.id });
    expect(res.status).toBe(200);
    code = res.body;
    await expectEvent('promotional_code.created', code);
  });

  test('promotional_code.updated on PUT /promotional-codes', async () => {
    const res = await api(p, 'PUT', '/promotional-codes', { promotionalCodeId: code.id, maxRedemptions: 50 });
    expect(res.status).toBe(200);
    code = res.body;
    await expectEvent('promotional_code.updated', res.body);
  });

  test('sale.created on POST /sales', async () => {
    const res = await api(p, 'POST', '/sales', { referralId: referral.id, totalEarned: 100, externalId: `ext-${uniq()}` });
    expect(res.status).toBe(200);
    expect(res.body).not.toBeNull();
    sale = res.body;
    await expectEvent('sale.created', sale);
  });

  test('sale.updated on PUT /sales', async () => {
    const res = await api(p, 'PUT', '/sales', { saleId: sale.id, totalEarned: 150 });
    expect(res.status).toBe(200);
    sale = res.body;
    await expectEvent('sale.updated', res.body);
  });

  test('sale.refunded on PATCH /sales; a second refund fires nothing', async () => {
    const res = await api(p, 'PATCH', '/sales', { saleId: sale.id });
    expect(res.status).toBe(200);
    expect(res.body.alreadyRefunded).toBe(false);
    await expectEvent('sale.refunded', res.body.sale);
    const again = await api(p, 'PATCH', '/sales', { saleId: sale.id });
    expect(again.body.alreadyRefunded).toBe(true);
    await expectNothing();
  });

  test('promotional_code.deleted on DELETE /promotional-codes (data: the code as it was)', async () => {
    const before = (await api(p, 'GET', '/promotional-codes', undefined, { id: code.id })).body;
    expect(before).not.toBeNull();
    const res = await api(p, 'DELETE', '/promotional-codes', { promotionalCodeId: code.id });
    expect(res.status).toBe(200);
    await expectEvent('promotional_code.deleted', before);
  });

  test('coupon.deleted on DELETE /coupons (data: the coupon as it was)', async () => {
    const before = (await api(p, 'GET', '/coupons', undefined, { id: coupon.id })).body;
    expect(before).not.toBeNull();
    const res = await api(p, 'DELETE', '/coupons', { couponId: coupon.id });
    expect(res.status).toBe(200);
    await expectEvent('coupon.deleted', before);
  });

  test('referral.deleted on DELETE /referrals (data: the referral as it was)', async () => {
    const before = (await api(p, 'GET', '/referrals', undefined, { id: referral.id })).body;
    expect(before).not.toBeNull();
    const res = await api(p, 'DELETE', '/referrals', { referralId: referral.id });
    expect(res.status).toBe(200);
    await expectEvent('referral.deleted', before);
  });

  test('affiliate.deleted on DELETE /affiliates (data: the affiliate as it was)', async () => {
    const before = await getAffiliate(aff.id);
    expect(before).not.toBeNull();
    const res = await api(p, 'DELETE', '/affiliates', { affiliateId: aff.id });
    expect(res.status).toBe(200);
    await expectEvent('affiliate.deleted', before);
  });

  test('reads, failed writes and writes that match nothing fire no event', async () => {
    await api(p, 'GET', '/affiliates');
    await api(p, 'GET', '/coupons');
    await api(p, 'GET', '/events');
    expect((await api(p, 'DELETE', '/affiliates', { affiliateId: randomUUID() })).status).toBe(200);
    expect((await api(p, 'PUT', '/affiliates', { affiliateId: randomUUID(), firstName: 'Nobody' })).body).toEqual({ count: 0 });
    expect((await api(p, 'DELETE', '/referrals', { referralId: randomUUID() })).status).toBe(200);
    expect((await api(p, 'PUT', '/coupons', { couponId: randomUUID(), name: 'x' })).status).toBe(404);
    expect((await api(p, 'POST', '/coupons', { name: 'Bad', percentOff: 500 })).status).toBe(400);
    expect((await api(p, 'DELETE', '/links', { link: 'no-such-link-anywhere' })).status).toBe(404);
    await expectNothing();
  });

  test('an automatic promo code made for a new affiliate fires promotional_code.created too (data as GET returns it)', async () => {
    const q = await program();
    const h = await startHook();
    const e = await register(q, h.url);
    const c = await createCoupon(q, { name: `Auto ${uniq()}` });
    const rule = await gql(q, 'mutation($c: ID!, $i: AutoCouponRuleInput!) { setAutoCouponRule(couponId: $c, input: $i) { id } }', {
      c: c.id,
      i: { codeStructure: { firstName: true, randomChars: true }, prefix: 'AUTO', randomCharsLength: 6, randomCharsCase: 'uppercase', enabled: true },
    });
    expect(rule.errors).toBeUndefined();
    await drain();
    const before = h.hits.length;
    const a = await createAffiliate(server, q.key);
    await drain();
    const fresh = h.hits.slice(before).map((x) => verify(e.secret, x));
    expect(fresh.map((x) => x.type).sort()).toEqual(['affiliate.created', 'promotional_code.created']);
    expect(fresh.find((x) => x.type === 'affiliate.created').data).toEqual(a);
    const codeEvent = fresh.find((x) => x.type === 'promotional_code.created');
    expect(codeEvent.data.affiliateId).toBe(a.id);
    expect(codeEvent.data).toEqual((await api(q, 'GET', '/promotional-codes', undefined, { id: codeEvent.data.id })).body);
    // A coupon with a rule: coupon.updated carries the coupon as PUT answers it (autoCouponRule included).
    const upd = await api(q, 'PUT', '/coupons', { couponId: c.id, name: `Auto renamed ${uniq()}` });
    expect(upd.body.autoCouponRule).toEqual(expect.any(Object));
    await drain();
    const last = h.hits[h.hits.length - 1];
    expect(verify(e.secret, last)).toEqual(expect.objectContaining({ type: 'coupon.updated', data: upd.body }));
  });

  test('the event log holds exactly the events delivered, oldest first', async () => {
    const types = (await eventsOf(p)).map((e) => e.type);
    expect(types).toEqual([
      'affiliate.created', 'affiliate.updated', 'affiliate.updated', 'affiliate.updated', 'affiliate.updated',
      'referral.created', 'referral.updated', 'coupon.created', 'coupon.updated', 'promotional_code.created', 'promotional_code.updated',
      'sale.created', 'sale.updated', 'sale.refunded', 'promotional_code.deleted', 'coupon.deleted', 'referral.deleted', 'affiliate.deleted',
    ]);
  });
});

describe('retries and failures', () => {
  test('a receiver that fails and then recovers gets the event once it is back (same webhook-id); failingSince is set, then cleared', async () => {
    const p = await program();
    const hook = await startHook((_h, n) => (n <= 2 ? { status: 500, body: 'broken' } : { status: 200, body: 'thanks' }));
    const e = await register(p, hook.url);
    const a = await createAffiliate(server, p.key);
    await drain();
    const [d] = await deliveriesOf(e.id);
    expect(d).toEqual(expect.objectContaining({ status: 'pending', attempts: 1, last_status: 500 }));
    expect((await api(p, 'GET', '/webhooks')).body[0].failingSince).toMatch(ISO_RE);

    // Not due yet: nothing is sent again.
    await drain();
    expect(hook.hits).toHaveLength(1);

    await makeDue(e.id);
    await drain();
    await makeDue(e.id);
    await drain();
    expect(hook.hits.map((h) => h.status)).toEqual([500, 500, 200]);
    expect(new Set(hook.hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
    expect(hook.ok()).toHaveLength(1);
    expect(verify(e.secret, hook.ok()[0]).data).toEqual(a);
    expect((await deliveriesOf(e.id))[0]).toEqual(expect.objectContaining({ status: 'succeeded', attempts: 3, last_status: 200, last_error: null }));
    expect((await api(p, 'GET', '/webhooks')).body[0]).toEqual(expect.objectContaining({ enabled: true, failingSince: null }));

    // Delivered: never sent again.
    await makeDue(e.id);
    await drain();
    expect(hook.hits).toHaveLength(3);

    // Every attempt is in the log: status, duration, response excerpt.
    const log = await gql(p, ATTEMPT_LOG_QUERY);
    const [delivery] = log.data.events.nodes[0].deliveries;
    expect(delivery).toEqual(expect.objectContaining({ endpointId: e.id, status: 'succeeded', attempts: 3, lastStatus: 200, nextAttemptAt: null }));
    expect(delivery.attemptLog.map((x: any) => [x.statusCode, x.responseExcerpt, x.error])).toEqual([
      [500, 'broken', 'HTTP 500'],
      [500, 'broken', 'HTTP 500'],
      [200, 'thanks', null],
    ]);
    for (const x of delivery.attemptLog) {
      expect(Number.isInteger(x.durationMs)).toBe(true);
      expect(x.durationMs).toBeGreaterThanOrEqual(0);
      expect(x.attemptedAt).toMatch(ISO_RE);
    }
  });

  test('a receiver that is down (connection refused) gets the event once it listens again', async () => {
    const p = await program();
    const first = await startHook();
    const port = first.port;
    const e = await register(p, first.url);
    await first.close();
    const c = await createCoupon(p);
    await drain();
    const [d] = await deliveriesOf(e.id);
    expect(d).toEqual(expect.objectContaining({ status: 'pending', attempts: 1, last_status: null }));
    expect(d.last_error).toEqual(expect.any(String));

    const back = await startHook(undefined, port);
    await makeDue(e.id);
    await drain();
    expect(back.hits).toHaveLength(1);
    expect(verify(e.secret, back.hits[0]).data).toEqual(c);
    expect((await deliveriesOf(e.id))[0]).toEqual(expect.objectContaining({ status: 'succeeded', attempts: 2 }));
  });

  test('only 2xx is success: 3xx, 4xx and 5xx are failures to retry', async () => {
    const p = await program();
    const statuses = [200, 201, 204, 299, 301, 304, 400, 404, 422, 500, 502];
    const endpoints: Array<{ status: number; id: string }> = [];
    for (const status of statuses) {
      const hook = await startHook(() => ({ status, body: status === 204 || status === 304 ? '' : 'x' }));
      endpoints.push({ status, id: (await register(p, hook.url)).id });
    }
    await createCoupon(p);
    await drain();
    for (const { status, id } of endpoints) {
      const [d] = await deliveriesOf(id);
      expect({ status, delivery: d.status, last: d.last_status }).toEqual({ status, delivery: status >= 200 && status < 300 ? 'succeeded' : 'pending', last: status });
    }
  });

  test('retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (±10 %), then failed after the 10th attempt', async () => {
    const p = await program();
    const hook = await startHook(() => ({ status: 500 }));
    const e = await register(p, hook.url);
    await createCoupon(p);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      await makeDue(e.id);
      expect(await drain()).toBeGreaterThanOrEqual(1);
      const [d] = await deliveriesOf(e.id);
      expect(d.attempts).toBe(attempt);
      if (attempt < 10) {
        expect(d.status).toBe('pending');
        delays.push(await delayOf(d.id));
      } else {
        expect(d.status).toBe('failed');
      }
    }
    delays.forEach((delay, i) => {
      const base = RETRY_DELAYS_S[i];
      expect({ attempt: i + 1, ok: delay >= base * 0.9 - 0.01 && delay <= Math.min(base * 1.1, 86400) + 2 }).toEqual({ attempt: i + 1, ok: true });
    });
    expect(hook.hits).toHaveLength(10);
    // Failed for good: making it due changes nothing.
    await makeDue(e.id);
    await sql(`update webhook_deliveries set next_attempt_at = now() where endpoint_id = ?`, [e.id]);
    await drain();
    expect(hook.hits).toHaveLength(10);
    const [ev] = await eventsOf(p);
    expect(ev.deliveries).toEqual([expect.objectContaining({ endpointId: e.id, status: 'failed', attempts: 10, lastStatus: 500, nextAttemptAt: null })]);
  });

  test('retry delays carry jitter: first retries of many deliveries spread within 4.5..5.5 s', async () => {
    const p = await program();
    const hook = await startHook(() => ({ status: 503 }));
    const e = await register(p, hook.url);
    for (let i = 0; i < 8; i++) await createCoupon(p);
    await drain();
    const ds = await deliveriesOf(e.id);
    expect(ds).toHaveLength(8);
    const delays = await Promise.all(ds.map((d) => delayOf(d.id)));
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(4.49);
      expect(d).toBeLessThanOrEqual(6.5);
    }
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(0.1);
  });

  test('Retry-After on 429 and 503 is honoured (seconds or an HTTP date)', async () => {
    const p = await program();
    const inTenMinutes = new Date(Date.now() + 600_000).toUTCString();
    const cases: Array<{ name: string; answer: Answer; min: number; max: number }> = [
      { name: '429 120', answer: { status: 429, headers: { 'retry-after': '120' } }, min: 119.9, max: 122 },
      { name: '503 120', answer: { status: 503, headers: { 'retry-after': '120' } }, min: 119.9, max: 122 },
      { name: '503 date', answer: { status: 503, headers: { 'retry-after': inTenMinutes } }, min: 590, max: 602 },
      { name: '429 shorter than the schedule', answer: { status: 429, headers: { 'retry-after': '1' } }, min: 4.49, max: 6.5 },
    ];
    const ids: string[] = [];
    for (const c of cases) {
      const hook = await startHook(() => c.answer);
      ids.push((await register(p, hook.url)).id);
    }
    await createCoupon(p);
    await drain();
    for (let i = 0; i < cases.length; i++) {
      const [d] = await deliveriesOf(ids[i]);
      expect(d.status).toBe('pending');
      const delay = await delayOf(d.id);
      expect({ name: cases[i].name, ok: delay >= cases[i].min && delay <= cases[i].max, delay }).toEqual({ name: cases[i].name, ok: true, delay });
    }
  });

  test('410 Gone fails the delivery and disables the endpoint with a reason; later events are not sent; enabling clears the reason', async () => {
    const p = await program();
    const hook = await startHook(() => ({ status: 410 }));
    const e = await register(p, hook.url);
    await createCoupon(p);
    await drain();
    expect((await deliveriesOf(e.id))[0]).toEqual(expect.objectContaining({ status: 'failed', attempts: 1, last_status: 410 }));
    const [view] = (await api(p, 'GET', '/webhooks')).body;
    expect(view.enabled).toBe(false);
    expect(view.disabledReason).toEqual(expect.stringMatching(/410/));

    await createCoupon(p);
    await makeDue(e.id);
    await drain();
    expect(hook.hits).toHaveLength(1);
    expect(await deliveriesOf(e.id)).toHaveLength(1);

    const enabled = await api(p, 'PUT', '/webhooks', { id: e.id, enabled: true });
    expect(enabled.body).toEqual(expect.objectContaining({ enabled: true, disabledReason: null, failingSince: null }));
  });

  test('an endpoint failing for 5 days is disabled and the program owner is emailed (once); one failing for less is kept', async () => {
    const p = await program();
    const hook = await startHook(() => ({ status: 500 }));
    const young = await startHook(() => ({ status: 500 }));
    const e = await register(p, hook.url);
    const y = await register(p, young.url);
    await sql(`update webhook_endpoints set failing_since = now() - interval '6 days' where id = ?`, [e.id]);
    await sql(`update webhook_endpoints set failing_since = now() - interval '4 days' where id = ?`, [y.id]);
    await createCoupon(p);
    await drain();

    const list = (await api(p, 'GET', '/webhooks')).body as any[];
    const old = list.find((x) => x.id === e.id);
    const kept = list.find((x) => x.id === y.id);
    expect(old.enabled).toBe(false);
    expect(old.disabledReason).toEqual(expect.any(String));
    expect(kept.enabled).toBe(true);
    expect(kept.disabledReason).toBeNull();

    const mails = await sql<{ to: string; subject: string; text: string }>(
      `select "to", subject, text from email_outbox where program_id = ? and kind = 'webhook_endpoint_disabled'`,
      [p.programId],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(p.ownerEmail);
    expect(mails[0].text).toContain(hook.url);

    // More failures elsewhere do not email again; the disabled endpoint is not tried again.
    await createCoupon(p);
    await makeDue(e.id);
    await makeDue(y.id);
    await drain();
    expect(hook.hits).toHaveLength(1);
    expect(young.hits).toHaveLength(3);
    expect(await sql(`select 1 from email_outbox where program_id = ? and kind = 'webhook_endpoint_disabled'`, [p.programId])).toHaveLength(1);
  });

  test('an attempt times out (here after 300 ms) and counts as a failure; the default timeout is 15 s', async () => {
    expect(server.runtime.config.webhookTimeoutMs).toBe(15_000);
    const p = await program();
    const hook = await startHook(() => ({ status: 200, delayMs: 1500 }));
    const e = await register(p, hook.url);
    await createCoupon(p);
    const worker = new WebhookWorker(server.runtime.orm, server.runtime.services.emails, server.runtime.log, { allowPrivate: true, timeoutMs: 300 });
    const started = Date.now();
    expect(await worker.runOnce()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1400);
    const [d] = await deliveriesOf(e.id);
    expect(d).toEqual(expect.objectContaining({ status: 'pending', attempts: 1, last_status: null }));
    expect(d.last_error).toMatch(/timed out/i);
  });

  test('the timeout bounds the whole attempt: a receiver that trickles its answer byte by byte cannot hold the worker', async () => {
    const p = await program();
    const hook = await startHook(() => ({ status: 200, trickleMs: 50 }));
    const e = await register(p, hook.url);
    await createCoupon(p);
    const worker = new WebhookWorker(server.runtime.orm, server.runtime.services.emails, server.runtime.log, { allowPrivate: true, timeoutMs: 400 });
    const started = Date.now();
    const done = await Promise.race([worker.runOnce(), new Promise<'still running'>((r) => setTimeout(() => r('still running'), 1500))]);
    expect(done).toBe(1);
    expect(Date.now() - started).toBeLessThan(1500);
    const [a] = await sql<{ duration_ms: number }>('select a.duration_ms from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ?', [e.id]);
    expect(a.duration_ms).toBeLessThan(1000);
  });
});

describe('event log and replay', () => {
  test('GET /events pages oldest first with X-Next-Cursor and after; type filters; bad parameters are 400', async () => {
    const p = await program();
    const coupons = [];
    for (let i = 0; i < 5; i++) coupons.push(await createCoupon(p));
    await createAffiliate(server, p.key);

    const page1 = await api(p, 'GET', '/events', undefined, { limit: '2' });
    expect(page1.status).toBe(200);
    expect(page1.body.map((e: any) => e.data.id)).toEqual([coupons[0].id, coupons[1].id]);
    expect(page1.headers.get('x-next-cursor')).toBe(page1.body[1].id);
    for (const e of page1.body) {
      expect(Object.keys(e).sort()).toEqual(['createdAt', 'data', 'deliveries', 'id', 'programId', 'type']);
      expect(e).toEqual(expect.objectContaining({ id: expect.stringMatching(EVENT_ID_RE), type: 'coupon.created', programId: p.programId, deliveries: [] }));
    }
    const page2 = await api(p, 'GET', '/events', undefined, { limit: '2', after: page1.headers.get('x-next-cursor')! });
    expect(page2.body.map((e: any) => e.data.id)).toEqual([coupons[2].id, coupons[3].id]);
    const page3 = await api(p, 'GET', '/events', undefined, { limit: '2', after: page2.headers.get('x-next-cursor')! });
    expect(page3.body.map((e: any) => e.type)).toEqual(['coupon.created', 'affiliate.created']);
    expect(page3.headers.get('x-next-cursor')).toBeNull();
    const page4 = await api(p, 'GET', '/events', undefined, { limit: '2', after: page3.body[1].id });
    expect(page4.body).toEqual([]);

    const all = await eventsOf(p);
    expect(all.map((e) => e.id)).toEqual([...page1.body, ...page2.body, ...page3.body].map((e: any) => e.id));
    expect([...all.map((e) => e.id)].sort()).toEqual(all.map((e) => e.id));
    expect((await eventsOf(p, { type: 'affiliate.created' })).map((e) => e.type)).toEqual(['affiliate.created']);
    expect((await eventsOf(p, { type: 'coupon.created', after: all[3].id })).map((e) => e.data.id)).toEqual([coupons[4].id]);

    expect((await api(p, 'GET', '/events', undefined, { after: 'not-an-event' })).status).toBe(400);
    expect((await api(p, 'GET', '/events', undefined, { type: 'nope.nope' })).status).toBe(400);
    expect((await api(p, 'GET', '/events', undefined, { limit: '0' })).status).toBe(400);
    expect((await api(p, 'GET', '/events', undefined, { limit: '501' })).status).toBe(400);

    // GraphQL: the same log as a connection.
    const g1 = await gql(p, ATTEMPT_LOG_QUERY, { first: 4 });
    expect(g1.data.events.nodes.map((n: any) => n.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    expect(g1.data.events.pageInfo).toEqual({ hasNextPage: true, endCursor: all[3].id });
    const g2 = await gql(p, ATTEMPT_LOG_QUERY, { first: 4, after: all[3].id });
    expect(g2.data.events.nodes.map((n: any) => n.id)).toEqual(all.slice(4).map((e) => e.id));
    expect(g2.data.events.pageInfo).toEqual({ hasNextPage: false, endCursor: all[5].id });
  });

  test('deliveries show per endpoint in the event log', async () => {
    const p = await program();
    const ok = await startHook();
    const bad = await startHook(() => ({ status: 500 }));
    const eOk = await register(p, ok.url);
    const eBad = await register(p, bad.url);
    await createCoupon(p);
    await drain();
    const [ev] = await eventsOf(p);
    const byEndpoint = Object.fromEntries(ev.deliveries.map((d: any) => [d.endpointId, d]));
    expect(byEndpoint[eOk.id]).toEqual({ endpointId: eOk.id, status: 'succeeded', attempts: 1, nextAttemptAt: null, lastAttemptAt: expect.stringMatching(ISO_RE), lastStatus: 200, lastError: null });
    expect(byEndpoint[eBad.id]).toEqual({
      endpointId: eBad.id, status: 'pending', attempts: 1, nextAttemptAt: expect.stringMatching(ISO_RE), lastAttemptAt: expect.stringMatching(ISO_RE), lastStatus: 500, lastError: 'HTTP 500',
    });
    expect(Date.parse(byEndpoint[eBad.id].nextAttemptAt)).toBeGreaterThan(Date.now() + 3000);
  });

  test('one event can be re-sent: to every endpoint (also one registered after it), or to one endpoint', async () => {
    const p = await program();
    const h1 = await startHook();
    const e1 = await register(p, h1.url);
    const c = await createCoupon(p);
    await drain();
    expect(h1.hits).toHaveLength(1);
    const h2 = await startHook();
    const e2 = await register(p, h2.url);
    const h3 = await startHook();
    await register(p, h3.url, { events: ['affiliate.created'] });
    const [ev] = await eventsOf(p);

    const res = await api(p, 'POST', '/events/replay', { eventId: ev.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ queued: 2 });
    await drain();
    expect(h1.hits).toHaveLength(2);
    expect(h1.hits[1].headers['webhook-id']).toBe(ev.id);
    expect(verify(e1.secret, h1.hits[1]).data).toEqual(c);
    expect(h2.hits).toHaveLength(1);
    expect(verify(e2.secret, h2.hits[0]).id).toBe(ev.id);
    expect(h3.hits).toHaveLength(0);

    const one = await api(p, 'POST', '/events/replay', { eventId: ev.id, endpointId: e2.id });
    expect(one.body).toEqual({ queued: 1 });
    await drain();
    expect(h1.hits).toHaveLength(2);
    expect(h2.hits).toHaveLength(2);

    // GraphQL does the same.
    const g = await gql(p, 'mutation($id: String) { replayEvents(eventId: $id) }', { id: ev.id });
    expect(g.data.replayEvents).toBe(2);
    await drain();
    expect([h1.hits.length, h2.hits.length]).toEqual([3, 3]);
  });

  test('every failed event since a time can be re-sent; succeeded and older ones are not', async () => {
    const p = await program();
    let healthy = false;
    const hook = await startHook((h) => (healthy || h.json?.data?.name?.startsWith('Good') ? { status: 200 } : { status: 500 }));
    const e = await register(p, hook.url);
    const old = await createCoupon(p, { name: `Old ${uniq()}` });
    await drain();
    await sql(`update webhook_deliveries set status = 'failed', created_at = now() - interval '2 days' where endpoint_id = ?`, [e.id]);
    const since = new Date(Date.now() - 1000).toISOString();
    const bad1 = await createCoupon(p, { name: `Bad ${uniq()}` });
    const good = await createCoupon(p, { name: `Good ${uniq()}` });
    const bad2 = await createCoupon(p, { name: `Bad ${uniq()}` });
    await drain();
    // Retries exhausted for the failing ones.
    await sql(`update webhook_deliveries set attempts = 9 where endpoint_id = ? and status = 'pending'`, [e.id]);
    await makeDue(e.id);
    await drain();
    const statuses = Object.fromEntries((await eventsOf(p)).map((ev) => [ev.data.id, ev.deliveries[0].status]));
    expect(statuses).toEqual({ [old.id]: 'failed', [bad1.id]: 'failed', [good.id]: 'succeeded', [bad2.id]: 'failed' });
    const before = hook.hits.length;

    healthy = true;
    expect((await api(p, 'POST', '/events/replay', { since: new Date(Date.now() + 60_000).toISOString() })).body).toEqual({ queued: 0 });
    const res = await api(p, 'POST', '/events/replay', { since });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ queued: 2 });
    await drain();
    expect(hook.hits.slice(before).map((h) => h.json.data.id).sort()).toEqual([bad1.id, bad2.id].sort());
    const after = Object.fromEntries((await eventsOf(p)).map((ev) => [ev.data.id, ev.deliveries[0].status]));
    expect(after).toEqual({ [old.id]: 'failed', [bad1.id]: 'succeeded', [good.id]: 'succeeded', [bad2.id]: 'succeeded' });
  });

  test('replay needs eventId or since; an unknown event is 400', async () => {
    const p = await program();
    expect((await api(p, 'POST', '/events/replay', {})).status).toBe(400);
    expect((await api(p, 'POST', '/events/replay', { eventId: 'evt_nope' })).status).toBe(400);
    expect((await api(p, 'POST', '/events/replay', { eventId: `evt_${'0'.repeat(32)}` })).status).toBe(400);
    expect((await api(p, 'POST', '/events/replay', { since: 'yesterday' })).status).toBe(400);
  });

  test('replay with an endpointId that is not an endpoint id is a client error (4xx), not a 500', async () => {
    const p = await program();
    await register(p, 'http://127.0.0.1:9/x');
    await createCoupon(p);
    const [ev] = await eventsOf(p);
    for (const body of [{ since: new Date(0).toISOString(), endpointId: 'not-a-uuid' }, { eventId: ev.id, endpointId: 'not-a-uuid' }]) {
      const res = await api(p, 'POST', '/events/replay', body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: expect.any(Number), code: expect.not.stringMatching(/^INTERNAL$/) });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const g = await gql(p, 'mutation { replayEvents(since: "2000-01-01T00:00:00Z", endpointId: "not-a-uuid") }');
    expect(g.errors?.[0]?.extensions?.code).not.toBe('INTERNAL');
  });

  test("replay of failed events since a time never touches another program's deliveries, even given its endpointId", async () => {
    const a = await program();
    const b = await program();
    const hookB = await startHook(() => ({ status: 500 }));
    const eb = await register(b, hookB.url);
    await createCoupon(b);
    await drain();
    await sql(`update webhook_deliveries set status = 'failed' where endpoint_id = ?`, [eb.id]);
    const since = new Date(Date.now() - 60_000).toISOString();
    expect((await api(a, 'POST', '/events/replay', { since })).body).toEqual({ queued: 0 });
    expect((await api(a, 'POST', '/events/replay', { since, endpointId: eb.id })).body).toEqual({ queued: 0 });
    expect((await deliveriesOf(eb.id))[0].status).toBe('failed');
    await drain();
    expect(hookB.hits).toHaveLength(1);
  });

  test('a replayed failed delivery gets a fresh delivery cycle: failing again, it is retried on the schedule (not dropped)', async () => {
    const p = await program();
    const hook = await startHook(() => ({ status: 500 }));
    const e = await register(p, hook.url);
    await createCoupon(p);
    // Retries exhausted: the 10th attempt fails.
    await drain();
    await sql(`update webhook_deliveries set attempts = 9, next_attempt_at = now() where endpoint_id = ?`, [e.id]);
    await drain();
    expect((await deliveriesOf(e.id))[0].status).toBe('failed');

    const [ev] = await eventsOf(p);
    expect((await api(p, 'POST', '/events/replay', { eventId: ev.id })).body).toEqual({ queued: 1 });
    // The replayed attempt fails too (the receiver is still broken) ...
    await drain();
    expect(hook.hits).toHaveLength(3);
    const [d] = await deliveriesOf(e.id);
    // ... and is retried after the first delay of the schedule, as a new cycle.
    expect(d.status).toBe('pending');
    const delay = await delayOf(d.id);
    expect(delay).toBeGreaterThanOrEqual(4.49);
    expect(delay).toBeLessThanOrEqual(6.5);
  });
});

describe('workers', () => {
  const newWorker = (opts: Record<string, unknown> = {}) =>
    new WebhookWorker(server.runtime.orm, server.runtime.services.emails, server.runtime.log, { allowPrivate: true, leaseMs: 1000, ...opts });

  test('two workers running at once deliver each event exactly once', async () => {
    const p = await program();
    const hook = await startHook(() => ({ status: 200, delayMs: 20 }));
    const e = await register(p, hook.url);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await createCoupon(p)).id);
    const w1 = newWorker({ leaseMs: 60_000 });
    const w2 = newWorker({ leaseMs: 60_000 });
    const loop = async (w: WebhookWorker) => {
      let n = 0;
      for (let i = 0; i < 10; i++) n += await w.runOnce();
      return n;
    };
    const [n1, n2, n3] = await Promise.all([loop(w1), loop(w2), loop(w1)]);
    expect(n1 + n2 + n3).toBe(25);
    expect(n1 > 0 && n2 > 0).toBe(true);
    const received = hook.hits.map((h) => h.json.data.id);
    expect(received).toHaveLength(25);
    expect([...received].sort()).toEqual([...ids].sort());
    expect(new Set(hook.hits.map((h) => h.headers['webhook-id'])).size).toBe(25);
    const ds = await deliveriesOf(e.id);
    expect(ds.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
  });

  test('deliveries locked by another claim in progress are skipped (SKIP LOCKED), neither waited for nor taken twice', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    for (let i = 0; i < 6; i++) await createCoupon(p);
    const w1 = newWorker({ leaseMs: 60_000 });
    const w2 = newWorker({ leaseMs: 60_000 });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // Another claim holds the rows (as a worker's claiming statement does while it runs).
    const holder = server.runtime.orm.em.fork().transactional(async (em) => {
      await em.execute('select id from webhook_deliveries where endpoint_id = ? for update', [e.id]);
      locked();
      await released;
    });
    await isLocked;
    const claims = Promise.all([w1.runOnce(), w2.runOnce()]);
    const settled = await Promise.race([claims.then((n) => n), new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 1000))]);
    release();
    await holder;
    const counts = await claims;
    expect(settled).toEqual([0, 0]);
    expect(counts).toEqual([0, 0]);
    expect(hook.hits).toHaveLength(0);
    // Once free, they are delivered once each.
    await Promise.all([drain(w1), drain(w2)]);
    expect(hook.hits).toHaveLength(6);
    expect(new Set(hook.hits.map((h) => h.headers['webhook-id'])).size).toBe(6);
  });

  test('a delivery claimed by a worker that died is skipped until its lease runs out, then delivered', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    const c = await createCoupon(p);
    const [d] = await deliveriesOf(e.id);
    // What a worker does when it claims a delivery; it dies before sending or recording anything.
    await sql(`update webhook_deliveries set locked_until = now() + interval '1 second', attempts = attempts + 1, last_attempt_at = now() where id = ?`, [d.id]);
    const w = newWorker();
    expect(await w.runOnce()).toBe(0);
    expect(await server.runtime.webhooks.runOnce()).toBe(0);
    expect(hook.hits).toHaveLength(0);

    await new Promise((r) => setTimeout(r, 1100));
    expect(await w.runOnce()).toBe(1);
    expect(hook.hits).toHaveLength(1);
    expect(verify(e.secret, hook.hits[0]).data).toEqual(c);
    expect((await deliveriesOf(e.id))[0]).toEqual(expect.objectContaining({ status: 'succeeded', attempts: 2, locked_until: null }));
    await drain();
    expect(hook.hits).toHaveLength(1);
  });

  test('a worker that claimed a delivery holds it for its lease: another worker does not send it meanwhile', async () => {
    const p = await program();
    // The first attempt hangs longer than the lease-free window another worker would need to pick it up.
    const hook = await startHook((_h, n) => (n === 1 ? { status: 200, delayMs: 600 } : { status: 200 }));
    const e = await register(p, hook.url);
    await createCoupon(p);
    const w1 = newWorker({ leaseMs: 5000 });
    const w2 = newWorker({ leaseMs: 5000 });
    const sending = w1.runOnce();
    await new Promise((r) => setTimeout(r, 200));
    expect(await w2.runOnce()).toBe(0);
    expect(await sending).toBe(1);
    expect(hook.hits).toHaveLength(1);
    expect((await deliveriesOf(e.id))[0]).toEqual(expect.objectContaining({ status: 'succeeded', attempts: 1 }));
  });
});

describe('URL safety', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ webhookAllowPrivate: false });
  });
  afterAll(() => strict?.close());

  test('with private targets not allowed, loopback, private, link-local and unspecified addresses are refused at registration (400)', async () => {
    const p = await program(strict);
    const hook = await startHook();
    const refused = [
      hook.url,
      `http://localhost:${hook.port}/hooks`,
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://0.0.0.0/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'https://127.0.0.1/',
    ];
    for (const url of refused) {
      const res = await api(p, 'POST', '/webhooks', { url }, undefined, strict);
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
    for (const url of ['ftp://8.8.8.8/', 'javascript:alert(1)', 'file:///etc/passwd']) {
      expect((await api(p, 'POST', '/webhooks', { url }, undefined, strict)).status).toBe(400);
    }
    const gq = await strict.graphql('mutation($url: String) { createWebhookEndpoint(input: { url: $url }) { secret } }', { url: 'http://169.254.169.254/' }, p.key);
    expect(gq.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect((await api(p, 'GET', '/webhooks', undefined, undefined, strict)).body).toEqual([]);

    // A public address is fine, but it cannot be moved to a private one.
    const pub = await register(p, 'https://8.8.8.8/hooks', {}, strict);
    expect((await api(p, 'PUT', '/webhooks', { id: pub.id, url: 'http://127.0.0.1:9/x' }, undefined, strict)).status).toBe(400);
    expect((await api(p, 'PUT', '/webhooks', { id: pub.id, url: 'http://[::1]/x' }, undefined, strict)).status).toBe(400);
    expect((await api(p, 'GET', '/webhooks', undefined, undefined, strict)).body[0].url).toBe('https://8.8.8.8/hooks');
    expect(hook.hits).toHaveLength(0);
  });

  test('with private targets allowed (tests, development) loopback URLs register; other schemes still do not', async () => {
    const p = await program();
    expect((await api(p, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/x' })).status).toBe(200);
    expect((await api(p, 'POST', '/webhooks', { url: 'http://localhost:9/x' })).status).toBe(200);
    expect((await api(p, 'POST', '/webhooks', { url: 'ftp://127.0.0.1/x' })).status).toBe(400);
  });

  test('a worker that does not allow private targets refuses them again at delivery (after DNS resolution): nothing is sent, the error is recorded', async () => {
    const p = await program();
    const hook = await startHook();
    const byIp = await register(p, hook.url);
    const byName = await register(p, `http://localhost:${hook.port}/by-name`);
    await createCoupon(p);
    const w = new WebhookWorker(server.runtime.orm, server.runtime.services.emails, server.runtime.log, { allowPrivate: false });
    expect(await w.runOnce()).toBe(2);
    expect(hook.hits).toHaveLength(0);
    for (const e of [byIp, byName]) {
      const [d] = await deliveriesOf(e.id);
      expect(d).toEqual(expect.objectContaining({ status: 'pending', attempts: 1, last_status: null }));
      expect(d.last_error).toMatch(/private|loopback/i);
    }
  });

  test('redirects are not followed: a 302 is a failure and the Location gets nothing', async () => {
    const p = await program();
    const target = await startHook();
    const redirector = await startHook(() => ({ status: 302, headers: { location: target.url } }));
    const e = await register(p, redirector.url);
    await createCoupon(p);
    await drain();
    expect(redirector.hits).toHaveLength(1);
    expect(target.hits).toHaveLength(0);
    expect((await deliveriesOf(e.id))[0]).toEqual(expect.objectContaining({ status: 'pending', last_status: 302 }));
  });

  test('response bodies are read only up to a small cap: a 100 KB body and an endless body both end the attempt with a short excerpt', async () => {
    const p = await program();
    const big = 'A'.repeat(100 * 1024);
    const large = await startHook(() => ({ status: 200, body: big }));
    const endless = await startHook(() => ({ status: 500, endless: true }));
    const eLarge = await register(p, large.url);
    const eEndless = await register(p, endless.url);
    await createCoupon(p);
    const started = Date.now();
    await drain();
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await deliveriesOf(eLarge.id))[0].status).toBe('succeeded');
    expect((await deliveriesOf(eEndless.id))[0]).toEqual(expect.objectContaining({ status: 'pending', last_status: 500 }));
    const log = await gql(p, ATTEMPT_LOG_QUERY);
    const byEndpoint = Object.fromEntries(log.data.events.nodes[0].deliveries.map((d: any) => [d.endpointId, d.attemptLog]));
    for (const id of [eLarge.id, eEndless.id]) {
      const [attempt] = byEndpoint[id];
      expect(attempt.responseExcerpt.length).toBeGreaterThan(0);
      expect(attempt.responseExcerpt.length).toBeLessThanOrEqual(1024);
    }
    expect(big.startsWith(byEndpoint[eLarge.id][0].responseExcerpt)).toBe(true);
    const [row] = await sql<{ n: number }>('select max(length(response_excerpt))::int as n from webhook_attempts where program_id = ?', [p.programId]);
    expect(row.n).toBeLessThanOrEqual(1024);
  });
});
