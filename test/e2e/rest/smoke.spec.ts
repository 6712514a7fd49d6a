import { startTestServer, type TestServer } from '../../helpers/server';
import { createAffiliate, createProgram } from '../../helpers/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

test('a new program answers GET /affiliates with its key and an affiliate round-trips', async () => {
  const p = await createProgram(server);
  const empty = await server.api('GET', '/affiliates', { token: p.key });
  expect(empty.status).toBe(200);
  expect(empty.body).toEqual([]);
  const a = await createAffiliate(server, p.key, { email: 'grace@example.com' });
  expect(a.affiliateLinks).toEqual(['grace']);
  const list = await server.api('GET', '/affiliates', { token: p.key });
  expect(list.body.map((x: any) => x.id)).toEqual([a.id]);
});
