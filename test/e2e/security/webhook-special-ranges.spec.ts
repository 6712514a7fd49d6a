/**
 * Issue 27: production's webhook blocklist let IANA special-purpose ranges through. Over HTTP, on a server that
 * does not allow private targets (production's default), an endpoint on one address of each of those ranges is
 * refused at registration, on create and on update; a public address is accepted.
 */
import { useProgram, useTestServer } from '../../helpers/harness';

const server = useTestServer({ webhookAllowPrivate: false });
const p = useProgram(server);

const LET_THROUGH = ['[::ffff:0:7f00:1]', '[::ffff:8.8.8.8]', '[64:ff9b:1::a00:1]', '[100::1]', '192.88.99.1', '[2001:20::1]'];

test.each(LET_THROUGH)('an endpoint on %s is refused with 400 VALIDATION_FAILED naming url', async (host) => {
  const res = await server.api('POST', '/webhooks', { token: p.key, body: { url: `https://${host}/hook` } });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'url' })] });
});

test('a public address is accepted, and cannot be moved onto any of those ranges', async () => {
  const created = await server.api('POST', '/webhooks', { token: p.key, body: { url: 'https://8.8.8.8/hook' } });
  expect(created.status).toBe(200);
  for (const host of LET_THROUGH) {
    const moved = await server.api('PUT', '/webhooks', { token: p.key, body: { id: created.body.id, url: `https://${host}/hook` } });
    expect({ host, status: moved.status, code: moved.body.code }).toEqual({ host, status: 400, code: 'VALIDATION_FAILED' });
  }
  const list = await server.api('GET', '/webhooks', { token: p.key });
  expect(list.body.map((w: { url: string }) => w.url)).toEqual(['https://8.8.8.8/hook']);
});
