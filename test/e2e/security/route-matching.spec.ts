import { createAffiliate, createPartnerToken } from '../../helpers/factories';
import { useProgram, useTestServer } from '../../helpers/harness';

/**
 * The route the authorization policy decides on is the route that runs. Express matches paths without regard
 * to case, the policy by exact path: a request for /api/v1/AFFILIATES once ran the affiliates handler without
 * the policy having seen it. Paths are exact now (a trailing slash aside), and HEAD is its GET.
 */
describe('route matching', () => {
  const server = useTestServer();

  const p = useProgram(server);

  test.each(['/AFFILIATES', '/Affiliates', '/affiliateS', '/SALES', '/webhooks/ENDPOINTS'])(
    'GET %s is not an endpoint: 404, nothing answered from data',
    async (path) => {
      const res = await server.api('GET', path, { token: p.key });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  test('a write under another case changes nothing', async () => {
    const res = await server.api('POST', '/AFFILIATES', { token: p.key, body: { firstName: 'A', lastName: 'B', email: 'case@example.com' } });
    expect(res.status).toBe(404);
    const list = await server.api('GET', '/affiliates', { token: p.key, query: { email: 'case@example.com' } });
    expect(list.body).toBeNull();
  });

  test('a partner token gets the same 404 (the policy is never bypassed by spelling)', async () => {
    const token = await createPartnerToken(server, p);
    expect((await server.api('GET', '/Affiliates', { token })).status).toBe(404);
    expect((await server.api('DELETE', '/AFFILIATES', { token, body: { affiliateId: 'x@example.com' } })).status).toBe(404);
  });

  test('a trailing slash is the same route', async () => {
    const a = await createAffiliate(server, p.key);
    const res = await server.api('GET', '/affiliates/', { token: p.key, query: { id: a.id } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(a.id);
  });

  test('HEAD is answered as its GET: same status and headers, no body, authenticated and rate-limited', async () => {
    const a = await createAffiliate(server, p.key);
    const head = await fetch(`${server.url}/api/v1/affiliates?id=${a.id}`, { method: 'HEAD', headers: { authorization: `Bearer ${p.key}` } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('ratelimit-policy')).toBe('"reads";q=600;w=60');
    const anonymous = await fetch(`${server.url}/api/v1/affiliates?id=${a.id}`, { method: 'HEAD' });
    expect(anonymous.status).toBe(401);
  });
});
