/**
 * Webhooks end to end (DESIGN.md "Events and webhooks", spec section 6): endpoints over REST and GraphQL,
 * Standard Webhooks signing and secret rotation (verified with the `standardwebhooks` package), the
 * envelope, event filters, the outbox guarantees (rolled-back changes send nothing, other programs' events
 * never arrive), every event type for its operation, retries (schedule, jitter, Retry-After, 410, 5-day
 * disabling with an email), the attempt log, the event log and replay, concurrent and dead workers, and
 * URL safety (private targets, redirects, response body cap). Real HTTP receivers listen on loopback; the
 * test server runs with workers off, so delivery is driven with runOnce().
 *
 * Here: retries and failures (receivers and the client: test/helpers/webhooks.ts).
 */
import { createAffiliate } from '../../../helpers/factories';
import { useTestServer } from '../../../helpers/harness';
import { ISO_RE } from '../../../helpers/assertions';
import { EVENTS_WITH_ATTEMPTS } from '../../../helpers/graphql-documents';
import { type Answer, RETRY_DELAYS_S, startHook, verify, webhookClient } from '../../../helpers/webhooks';
import { WebhookWorker } from '../../../../src/modules/webhooks/webhook.worker';

const server = useTestServer();

const { sql, createCoupon, cleanUp, program, api, register, drain, deliveriesOf, makeDue, delayOf, eventsOf, gql } = webhookClient(() => server);
afterEach(cleanUp);

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
    const log = await gql(p, EVENTS_WITH_ATTEMPTS);
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
      expect({ status, delivery: d.status, last: d.last_status }).toEqual({
        status,
        delivery: status >= 200 && status < 300 ? 'succeeded' : 'pending',
        last: status,
      });
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
    const [a] = await sql<{ duration_ms: number }>(
      'select a.duration_ms from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ?',
      [e.id],
    );
    expect(a.duration_ms).toBeLessThan(1000);
  });
});
