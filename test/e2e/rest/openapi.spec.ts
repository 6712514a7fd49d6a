import { useTestServer } from '../../helpers/harness';

const server = useTestServer();

test('GET /api/v1/openapi.json describes every documented endpoint without a credential', async () => {
  const res = await server.api('GET', '/openapi.json');
  expect(res.status).toBe(200);
  expect(res.body.openapi).toBe('3.1.0');
  expect(res.body.info.version).toBe('1.0.0');
  expect(Object.keys(res.body.paths).sort()).toEqual(
    [
      '/affiliate-portal-links',
      '/affiliates',
      '/clicks',
      '/coupons',
      '/events',
      '/events/replay',
      '/integrations/stripe/{integrationId}',
      '/links',
      '/payout-batches',
      '/payout-batches/{id}',
      '/payout-batches/{id}/export',
      '/payout-batches/{id}/mark-paid',
      '/payout-batches/{id}/send',
      '/payouts',
      '/payouts/{id}/mark-failed',
      '/payouts/{id}/mark-paid',
      '/program',
      '/promotional-codes',
      '/public/clicks',
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
  // The tracker's click endpoint: the publishable key (in the query or as the bearer), no Idempotency-Key, CORS.
  const site = res.body.paths['/public/clicks'].post;
  expect(site.security).toEqual([{ publishableKey: [] }, { publishableKeyBearer: [] }]);
  expect(res.body.components.securitySchemes.publishableKey).toMatchObject({ type: 'apiKey', in: 'query', name: 'key' });
  expect(site.parameters).toEqual([]);
  expect(Object.keys(site.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
  expect(Object.keys(site.responses['200'].headers)).toContain('Access-Control-Allow-Origin');
  expect(site.requestBody.content['application/json'].schema.required).toEqual(['ref']);
  expect(site.description).toMatch(/CORS/);
  expect(site.description).toMatch(/aff_ref/);
  for (const path of ['/affiliates', '/links', '/referrals', '/coupons', '/promotional-codes'])
    expect(Object.keys(res.body.paths[path]).sort()).toEqual(['delete', 'get', 'post', 'put']);
  // A portal link is created: 201, API keys only.
  const portalLink = res.body.paths['/affiliate-portal-links'].post;
  expect(Object.keys(portalLink.responses).sort()).toEqual(['201', '400', '401', '403', '404', '409', '422', '429', '500', '503']);
  expect(portalLink.security).toEqual([{ apiKey: [] }]);
  expect(portalLink.requestBody.content['application/json'].schema.required).toEqual(['affiliateId']);
  const post = res.body.paths['/affiliates'].post.requestBody.content['application/json'].schema;
  expect(post.required.sort()).toEqual(['email', 'firstName', 'lastName']);
  expect(post.additionalProperties).toBe(false);
  expect(res.body.paths['/links'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['id', 'link', 'affiliateId', 'affiliateEmail']),
  );
});
