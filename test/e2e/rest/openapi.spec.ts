import { startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

test('GET /api/v1/openapi.json describes every documented endpoint without a credential', async () => {
  const res = await server.api('GET', '/openapi.json');
  expect(res.status).toBe(200);
  expect(res.body.openapi).toBe('3.1.0');
  expect(res.body.info.version).toBe('1.0.0');
  expect(Object.keys(res.body.paths).sort()).toEqual(
    [
      '/affiliates',
      '/clicks',
      '/coupons',
      '/events',
      '/events/replay',
      '/integrations/stripe/{integrationId}',
      '/links',
      '/program',
      '/promotional-codes',
      '/referrals',
      '/sales',
      '/stats',
      '/stats/top-affiliates',
      '/webhooks',
      '/webhooks/rotate-secret',
    ].sort(),
  );
  expect(Object.keys(res.body.paths['/sales']).sort()).toEqual(['get', 'patch', 'post', 'put']);
  expect(Object.keys(res.body.paths['/clicks'])).toEqual(['post']);
  for (const path of ['/affiliates', '/links', '/referrals', '/coupons', '/promotional-codes'])
    expect(Object.keys(res.body.paths[path]).sort()).toEqual(['delete', 'get', 'post', 'put']);
  const post = res.body.paths['/affiliates'].post.requestBody.content['application/json'].schema;
  expect(post.required.sort()).toEqual(['email', 'firstName', 'lastName']);
  expect(post.additionalProperties).toBe(false);
  expect(res.body.paths['/links'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['id', 'link', 'affiliateId', 'affiliateEmail']),
  );
});
