import { createAffiliate, createProgram } from '../../helpers/factories';
import { useTestServer } from '../../helpers/harness';
import { startHook, verify } from '../../helpers/webhooks';

const server = useTestServer();

test('an endpoint receives affiliate.created signed per Standard Webhooks, with the REST body as data', async () => {
  const receiver = await startHook();
  try {
    const p = await createProgram(server);
    const created = await server.api('POST', '/webhooks', { token: p.key, body: { url: receiver.url } });
    expect(created.status).toBe(200);
    expect(created.body.secret).toMatch(/^whsec_/);
    const a = await createAffiliate(server, p.key);
    await server.runtime.webhooks.runOnce();
    expect(receiver.ok()).toHaveLength(1);
    const msg = receiver.ok()[0];
    const verified = verify(created.body.secret, msg);
    expect(verified.type).toBe('affiliate.created');
    expect(verified.programId).toBe(p.programId);
    expect(verified.data).toEqual(a);
    expect(msg.headers['webhook-id']).toBe(verified.id);
    const events = await server.api('GET', '/events', { token: p.key });
    expect(events.body).toHaveLength(1);
    expect(events.body[0].deliveries).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 1, lastStatus: 200 })]);
  } finally {
    await receiver.close();
  }
});
