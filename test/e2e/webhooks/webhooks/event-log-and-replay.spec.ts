/**
 * Webhooks end to end (DESIGN.md "Events and webhooks", spec section 6): endpoints over REST and GraphQL,
 * Standard Webhooks signing and secret rotation (verified with the `standardwebhooks` package), the
 * envelope, event filters, the outbox guarantees (rolled-back changes send nothing, other programs' events
 * never arrive), every event type for its operation, retries (schedule, jitter, Retry-After, 410, 5-day
 * disabling with an email), the attempt log, the event log and replay, concurrent and dead workers, and
 * URL safety (private targets, redirects, response body cap). Real HTTP receivers listen on loopback; the
 * test server runs with workers off, so delivery is driven with runOnce().
 *
 * Here: the event log and replay (receivers and the client: test/helpers/webhooks.ts).
 */
import { createAffiliate } from '../../../helpers/factories';
import { useTestServer } from '../../../helpers/harness';
import { uniq } from '../../../helpers/spec-client';
import { ISO_RE } from '../../../helpers/assertions';
import { EVENTS_WITH_ATTEMPTS } from '../../../helpers/graphql-documents';
import { EVENT_ID_RE, startHook, verify, webhookClient } from '../../../helpers/webhooks';

const server = useTestServer();

const { sql, createCoupon, cleanUp, program, api, register, drain, deliveriesOf, makeDue, delayOf, eventsOf, gql } = webhookClient(() => server);
afterEach(cleanUp);

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
    const g1 = await gql(p, EVENTS_WITH_ATTEMPTS, { first: 4 });
    expect(g1.data.events.nodes.map((n: any) => n.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    expect(g1.data.events.pageInfo).toEqual({ hasNextPage: true, endCursor: all[3].id });
    const g2 = await gql(p, EVENTS_WITH_ATTEMPTS, { first: 4, after: all[3].id });
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
    expect(byEndpoint[eOk.id]).toEqual({
      endpointId: eOk.id,
      status: 'succeeded',
      attempts: 1,
      nextAttemptAt: null,
      lastAttemptAt: expect.stringMatching(ISO_RE),
      lastStatus: 200,
      lastError: null,
    });
    expect(byEndpoint[eBad.id]).toEqual({
      endpointId: eBad.id,
      status: 'pending',
      attempts: 1,
      nextAttemptAt: expect.stringMatching(ISO_RE),
      lastAttemptAt: expect.stringMatching(ISO_RE),
      lastStatus: 500,
      lastError: 'HTTP 500',
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
    expect(
      hook.hits
        .slice(before)
        .map((h) => h.json.data.id)
        .sort(),
    ).toEqual([bad1.id, bad2.id].sort());
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
    for (const body of [
      { since: new Date(0).toISOString(), endpointId: 'not-a-uuid' },
      { eventId: ev.id, endpointId: 'not-a-uuid' },
    ]) {
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
