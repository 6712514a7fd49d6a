/**
 * Webhooks end to end (DESIGN.md "Events and webhooks", spec section 6): endpoints over REST and GraphQL,
 * Standard Webhooks signing and secret rotation (verified with the `standardwebhooks` package), the
 * envelope, event filters, the outbox guarantees (rolled-back changes send nothing, other programs' events
 * never arrive), every event type for its operation, retries (schedule, jitter, Retry-After, 410, 5-day
 * disabling with an email), the attempt log, the event log and replay, concurrent and dead workers, and
 * URL safety (private targets, redirects, response body cap). Real HTTP receivers listen on loopback; the
 * test server runs with workers off, so delivery is driven with runOnce().
 *
 * Here: concurrent and dead workers, and URL safety (receivers and the client: test/helpers/webhooks.ts).
 */
import { useTestServer } from '../../../helpers/harness';
import { EVENTS_WITH_ATTEMPTS } from '../../../helpers/graphql-documents';
import { startHook, verify, webhookClient } from '../../../helpers/webhooks';
import { WebhookWorker } from '../../../../src/modules/webhooks/webhook.worker';

const server = useTestServer();

const { sql, createCoupon, cleanUp, program, api, register, drain, deliveriesOf, gql } = webhookClient(() => server);
afterEach(cleanUp);

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
      await em.execute('select id from webhook_deliveries where program_id = ? and endpoint_id = ? for update', [p.programId, e.id]);
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
    await sql(`update webhook_deliveries set locked_until = now() + interval '1 second', attempts = attempts + 1, last_attempt_at = now() where id = ?`, [
      d.id,
    ]);
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
  const strict = useTestServer({ webhookAllowPrivate: false });

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
    const gq = await strict.graphql(
      'mutation($url: String) { createWebhookEndpoint(input: { url: $url }) { secret } }',
      { url: 'http://169.254.169.254/' },
      p.key,
    );
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
    const log = await gql(p, EVENTS_WITH_ATTEMPTS);
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
