import { randomBytes } from 'node:crypto';
import { useTestServer, withTestServer } from '../helpers/harness';
import { createProgram } from '../helpers/factories';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uniq = () => randomBytes(4).toString('hex');

const server = useTestServer();

/** The value of one Prometheus sample whose labels include all of `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const m = /^[^{]+\{(.*)\} (\S+)$/.exec(line);
    if (!m) continue;
    const have = Object.fromEntries([...m[1].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[2]);
  }
  return undefined;
}

test('GET /healthz is 200 {status: ok} without credentials', async () => {
  const res = await server.request('GET', '/healthz');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ status: 'ok' });
});

test('GET /readyz is 200 with database true (reachable, migrations applied)', async () => {
  const res = await server.request('GET', '/readyz');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ database: true });
});

test('GET /metrics: request count and latency per route template, method and status', async () => {
  const p = await createProgram(server);
  const before = await server.request('GET', '/metrics');
  const count0 = sample(before.text, 'http_requests_total', { route: 'GET /api/v1/affiliates', method: 'GET', status: '200' }) ?? 0;

  expect((await server.api('GET', '/affiliates', { token: p.key })).status).toBe(200);
  expect((await server.api('GET', '/affiliates', { token: p.key, query: { email: `x-${uniq()}@example.com` } })).status).toBe(200);
  expect((await server.api('GET', '/affiliates')).status).toBe(401);
  for (let i = 0; i < 3; i++) expect((await server.graphql('{ programs { id } }', {}, p.key)).status).toBe(200);

  const res = await server.request('GET', '/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const text = res.text;
  expect(text).toContain('# TYPE http_requests_total counter');
  expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  expect(text).toMatch(/http_requests_total\{[^}]*route="GET \/api\/v1\/affiliates"[^}]*\} \d+/);
  expect(sample(text, 'http_requests_total', { route: 'GET /api/v1/affiliates', method: 'GET', status: '200' })).toBe(count0 + 2);
  expect(sample(text, 'http_requests_total', { route: 'GET /api/v1/affiliates', method: 'GET', status: '401' })).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'http_request_duration_seconds_count', { route: 'GET /api/v1/affiliates', method: 'GET' })).toBeGreaterThanOrEqual(3);
  expect(sample(text, 'http_request_duration_seconds_bucket', { route: 'GET /api/v1/affiliates', method: 'GET', le: '+Inf' })).toBeGreaterThanOrEqual(3);
  expect(sample(text, 'http_requests_total', { route: 'POST /graphql', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(3);
  // Query strings never become labels.
  expect(text).not.toContain('?email=');
});

test('unknown paths are counted under one label, not under their raw path', async () => {
  const p = await createProgram(server);
  const junk = `/no-such-${uniq()}`;
  expect((await server.request('GET', junk)).status).toBe(404);
  expect((await server.api('GET', junk, { token: p.key })).status).toBe(404);
  const text = (await server.request('GET', '/metrics')).text;
  expect(text).not.toContain(junk.slice(1));
  expect(sample(text, 'http_requests_total', { method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
});

test('X-Request-Id: a valid incoming id is echoed; otherwise one is generated per request', async () => {
  const id = `req-${uniq()}_abc.1:2`;
  expect((await server.request('GET', '/healthz', { headers: { 'x-request-id': id } })).headers.get('x-request-id')).toBe(id);

  const a = (await server.request('GET', '/healthz')).headers.get('x-request-id');
  const b = (await server.request('GET', '/healthz')).headers.get('x-request-id');
  expect(a).toMatch(UUID);
  expect(b).toMatch(UUID);
  expect(a).not.toBe(b);

  for (const bad of ['has spaces in it', 'x'.repeat(129), 'semi;colon', '<script>']) {
    const got = (await server.request('GET', '/healthz', { headers: { 'x-request-id': bad } })).headers.get('x-request-id');
    expect(got).toMatch(UUID);
  }
  // Also on API answers, errors included.
  const err = await server.api('GET', '/affiliates', { headers: { 'x-request-id': id } });
  expect(err.status).toBe(401);
  expect(err.headers.get('x-request-id')).toBe(id);
  const gql = await server.request('POST', '/graphql', { body: { query: '{ __typename }' } });
  expect(gql.headers.get('x-request-id')).toMatch(UUID);
});

test.each(['/nope', '/api/v1/nope', '/api/v2/affiliates', '/api/v1/affiliates/123', '/api/v1'])('unknown path %s is 404 JSON NOT_FOUND', async (path) => {
  // Everything under /api/v1 needs a credential first (spec 5); with one, an unknown path is a 404.
  const { key } = await createProgram(server);
  for (const method of ['GET', 'POST']) {
    const res = await server.request(method, path, { token: key, ...(method === 'POST' ? { body: {} } : {}) });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
    expect(res.body.error.length).toBeGreaterThan(0);
  }
});

test('GET /metrics with METRICS_TOKEN set: 401 without the bearer, 200 with it', async () => {
  await withTestServer({ metricsToken: 'metrics-secret-token-1234' }, async (guarded) => {
    const none = await guarded.request('GET', '/metrics');
    expect({ status: none.status, code: none.body?.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect((await guarded.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const ok = await guarded.request('GET', '/metrics', { headers: { authorization: 'Bearer metrics-secret-token-1234' } });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_requests_total');
  });
});
