/**
 * Webhooks end to end (DESIGN.md "Events and webhooks", spec section 6): endpoints over REST and GraphQL,
 * Standard Webhooks signing and secret rotation (verified with the `standardwebhooks` package), the
 * envelope, event filters, the outbox guarantees (rolled-back changes send nothing, other programs' events
 * never arrive), every event type for its operation, retries (schedule, jitter, Retry-After, 410, 5-day
 * disabling with an email), the attempt log, the event log and replay, concurrent and dead workers, and
 * URL safety (private targets, redirects, response body cap). Real HTTP receivers listen on loopback; the
 * test server runs with workers off, so delivery is driven with runOnce().
 *
 * Here: delivery (envelope, signatures, filters, the outbox) and every event type for its operation (receivers and the client: test/helpers/webhooks.ts).
 */
import { randomUUID } from 'node:crypto';
import { anonymousContext } from '../../../../src/modules/service-context';
import { createAffiliate } from '../../../helpers/factories';
import { useProgram, useTestServer } from '../../../helpers/harness';
import { uniq } from '../../../helpers/spec-client';
import { ISO_RE } from '../../../helpers/assertions';
import { EVENT_ID_RE, expectVerifyFails, type Hook, openHooks, startHook, verify, webhookClient } from '../../../helpers/webhooks';
import { writeQueued } from '../../../../src/db/unit-of-work';

const server = useTestServer();

const { sql, createCoupon, keepEndpoints, cleanUp, program, api, register, drain, deliveriesOf, eventsOf, gql } = webhookClient(() => server);
afterEach(cleanUp);

describe('delivery: envelope, signatures, filters, outbox', () => {
  test('the envelope {id, type, createdAt, programId, data} with webhook-id, webhook-timestamp and a v1 signature that standardwebhooks verifies', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    const other = await register(p, 'http://127.0.0.1:9/other', { enabled: false });
    const before = Math.floor(Date.now() / 1000);
    const coupon = await createCoupon(p);
    await drain();
    expect(hook.hits).toHaveLength(1);
    const hit = hook.hits[0];
    const env = verify(e.secret, hit);
    expect(Object.keys(hit.json).sort()).toEqual(['createdAt', 'data', 'id', 'programId', 'type']);
    expect(env).toEqual({
      id: expect.stringMatching(EVENT_ID_RE),
      type: 'coupon.created',
      createdAt: expect.stringMatching(ISO_RE),
      programId: p.programId,
      data: coupon,
    });
    expect(hit.headers['content-type']).toMatch(/^application\/json/);
    expect(hit.headers['webhook-id']).toBe(env.id);
    const ts = Number(hit.headers['webhook-timestamp']);
    expect(String(ts)).toBe(hit.headers['webhook-timestamp']);
    expect(ts).toBeGreaterThanOrEqual(before - 1);
    expect(ts).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    expect(hit.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    // The envelope is the event of the log.
    const [logged] = await eventsOf(p);
    expect({ id: logged.id, type: logged.type, createdAt: logged.createdAt, programId: logged.programId, data: logged.data }).toEqual(env);

    // Another secret, a changed body, a changed id or timestamp: verification fails.
    expectVerifyFails(other.secret, hit);
    expectVerifyFails(e.secret, { ...hit, body: hit.body.replace('coupon.created', 'coupon.deleted') });
    expectVerifyFails(e.secret, { ...hit, headers: { ...hit.headers, 'webhook-id': 'evt_0' } });
    expectVerifyFails(e.secret, { ...hit, headers: { ...hit.headers, 'webhook-timestamp': String(ts + 1) } });
  });

  test('after a rotation both secrets verify during the overlap, only the new one after it; overlapHours 0 drops the old one at once', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    const rotated = await api(p, 'POST', '/webhooks/rotate-secret', { id: e.id, overlapHours: 1 });
    expect(rotated.status).toBe(200);
    const s2 = rotated.body.secret as string;

    await createCoupon(p);
    await drain();
    const during = hook.hits[0];
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(s2, during).type).toBe('coupon.created');
    expect(verify(e.secret, during).type).toBe('coupon.created');

    // The overlap runs out.
    await sql(`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ?`, [e.id]);
    await createCoupon(p);
    await drain();
    const after = hook.hits[1];
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(s2, after).type).toBe('coupon.created');
    expectVerifyFails(e.secret, after);

    // No overlap: the previous secret stops signing immediately.
    const r3 = await api(p, 'POST', '/webhooks/rotate-secret', { id: e.id, overlapHours: 0 });
    const s3 = r3.body.secret as string;
    await createCoupon(p);
    await drain();
    const now = hook.hits[2];
    expect(verify(s3, now).type).toBe('coupon.created');
    expectVerifyFails(s2, now);
    expectVerifyFails(e.secret, now);
    expect(hook.hits).toHaveLength(3);
  });

  test('an endpoint subscribed to some types gets only those; changing its types applies to later events', async () => {
    const p = await program();
    const only = await startHook();
    const every = await startHook();
    const o = await register(p, only.url, { events: ['coupon.created'] });
    await register(p, every.url);
    await createAffiliate(server, p.key);
    await createCoupon(p);
    await drain();
    expect(only.hits.map((h) => h.json.type)).toEqual(['coupon.created']);
    expect(every.hits.map((h) => h.json.type).sort()).toEqual(['affiliate.created', 'coupon.created']);
    // No delivery was even created for the type it does not want.
    expect(await deliveriesOf(o.id)).toHaveLength(1);

    expect((await api(p, 'PUT', '/webhooks', { id: o.id, events: ['affiliate.created'] })).status).toBe(200);
    await createCoupon(p);
    const a = await createAffiliate(server, p.key);
    await drain();
    expect(only.hits.map((h) => h.json.type)).toEqual(['coupon.created', 'affiliate.created']);
    expect(only.hits[1].json.data).toEqual(a);
  });

  test('a disabled endpoint gets nothing (no delivery is created); enabled again it gets only later events', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url, { enabled: false });
    await createCoupon(p);
    await drain();
    expect(hook.hits).toHaveLength(0);
    expect(await deliveriesOf(e.id)).toHaveLength(0);

    const off = await register(p, hook.url);
    await createCoupon(p);
    expect((await api(p, 'PUT', '/webhooks', { id: off.id, enabled: false })).status).toBe(200);
    await drain();
    expect(hook.hits).toHaveLength(0);

    expect((await api(p, 'PUT', '/webhooks', { id: e.id, enabled: true })).status).toBe(200);
    const c = await createCoupon(p);
    await drain();
    expect(hook.hits.map((h) => h.json.data)).toEqual([c]);
  });

  test('a rolled-back change sends nothing: POST /affiliates with a taken link writes no event and no delivery', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    const first = await createAffiliate(server, p.key);
    await drain();
    expect(hook.hits).toHaveLength(1);

    const res = await api(p, 'POST', '/affiliates', {
      firstName: 'Dup',
      lastName: 'Link',
      email: `dup-${uniq()}@example.com`,
      affiliateLink: first.affiliateLinks[0],
    });
    expect(res.status).toBe(400);
    await drain();
    expect(hook.hits).toHaveLength(1);
    expect((await eventsOf(p)).map((ev) => ev.type)).toEqual(['affiliate.created']);
    expect(await deliveriesOf(e.id)).toHaveLength(1);
  });

  test('a transaction that wrote an event (and so its deliveries) and then rolled back leaves neither; nothing is sent', async () => {
    const p = await program();
    const hook = await startHook();
    const e = await register(p, hook.url);
    let inside = -1;
    const em = server.runtime.orm.em.fork();
    await expect(
      em.transactional(async (tx) => {
        server.runtime.services.events.record(anonymousContext(tx, server.runtime.log), p.programId, 'coupon.created', { id: 'rolled-back' });
        // Events are written before the commit, or when the transaction's queued writes are asked for (db/unit-of-work).
        await writeQueued(tx);
        const [row] = await tx.execute<Array<{ n: number }>>('select count(*)::int as n from webhook_deliveries where program_id = ? and endpoint_id = ?', [
          p.programId,
          e.id,
        ]);
        inside = row.n;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside).toBe(1);
    await drain();
    expect(hook.hits).toHaveLength(0);
    expect(await deliveriesOf(e.id)).toHaveLength(0);
    expect(await eventsOf(p)).toEqual([]);
  });

  test("another program's events never arrive at this program's endpoint, nor show in its event log", async () => {
    const a = await program();
    const b = await program();
    const hookA = await startHook();
    const hookB = await startHook();
    const ea = await register(a, hookA.url);
    const eb = await register(b, hookB.url);
    const affB = await createAffiliate(server, b.key);
    await createCoupon(b);
    const couponA = await createCoupon(a);
    await drain();
    expect(hookA.hits.map((h) => [h.json.type, h.json.programId])).toEqual([['coupon.created', a.programId]]);
    expect(hookA.hits[0].json.data).toEqual(couponA);
    expect(hookB.hits.map((h) => h.json.programId)).toEqual([b.programId, b.programId]);
    expect(hookB.hits.map((h) => h.json.data.id)).toContain(affB.id);
    expect(await deliveriesOf(ea.id)).toHaveLength(1);
    expect(await deliveriesOf(eb.id)).toHaveLength(2);
    expect((await eventsOf(a)).map((ev) => ev.programId)).toEqual([a.programId]);

    // B's event cannot be read or replayed through A.
    const [bEvent] = await eventsOf(b);
    expect((await api(a, 'POST', '/events/replay', { eventId: bEvent.id })).status).toBe(400);
    expect((await api(a, 'POST', '/events/replay', { eventId: bEvent.id, endpointId: eb.id })).status).toBe(400);
    expect((await api(b, 'POST', '/events/replay', { eventId: bEvent.id, endpointId: ea.id })).body).toEqual({ queued: 0 });
    await drain();
    expect(hookA.hits).toHaveLength(1);
  });
});

describe('every event of spec section 6 and DESIGN.md fires for its operation, with the REST body as data', () => {
  let hook: Hook;
  let endpoint: { id: string; secret: string };
  let seen = 0;
  let aff: any;
  let referral: any;
  let coupon: any;
  let code: any;
  let sale: any;
  const slug = `wh-${uniq()}`;

  const p = useProgram(() => program());
  beforeEach(async () => {
    // This describe's receiver outlives the per-test cleanup: restart it on the same port when it was closed.
    if (!hook || !openHooks.has(hook)) hook = await startHook(undefined, hook?.port ?? 0);
    if (!endpoint) {
      endpoint = await register(p, hook.url);
      keepEndpoints.add(endpoint.id);
    }
    seen = 0;
  });
  afterAll(async () => {
    if (endpoint) keepEndpoints.delete(endpoint.id);
  });

  /** Exactly one new event arrived since the last check (then the money events it brings): this type with this data, signed. */
  async function expectEvent(type: string, data: unknown, then: string[] = []) {
    await drain();
    const fresh = hook.hits.slice(seen);
    seen = hook.hits.length;
    // Deliveries run concurrently: a money event may arrive before the event that brought it.
    expect(fresh.map((h) => h.json?.type).sort()).toEqual([type, ...then].sort());
    const env = verify(
      endpoint.secret,
      fresh.find((h) => h.json?.type === type)!,
    );
    expect(env.programId).toBe(p.programId);
    expect(env.data).toEqual(data);
  }
  async function expectNothing() {
    await drain();
    expect(hook.hits.slice(seen).map((h) => h.json?.type)).toEqual([]);
  }
  const getAffiliate = async (id: string) => (await api(p, 'GET', '/affiliates', undefined, { id })).body;

  test('affiliate.created on POST /affiliates', async () => {
    const res = await api(p, 'POST', '/affiliates', { firstName: 'Grace', lastName: 'Hopper', email: `grace-${uniq()}@example.com`, affiliateLink: slug });
    expect(res.status).toBe(200);
    aff = res.body;
    await expectEvent('affiliate.created', aff);
  });

  test('affiliate.updated on PUT /affiliates (data: the affiliate as GET returns it)', async () => {
    const res = await api(p, 'PUT', '/affiliates', { affiliateId: aff.id, firstName: 'Rear Admiral Grace', affiliateLink: `${slug}-extra` });
    expect(res.body).toEqual({ count: 1 });
    const now = await getAffiliate(aff.id);
    expect(now.firstName).toBe('Rear Admiral Grace');
    expect(now.affiliateLinks).toEqual(expect.arrayContaining([slug, `${slug}-extra`]));
    await expectEvent('affiliate.updated', now);
  });

  test('affiliate.updated for the owner on POST /links', async () => {
    const res = await api(p, 'POST', '/links', { link: `${slug}-2`, affiliateId: aff.id });
    expect(res.status).toBe(200);
    const owner = await getAffiliate(aff.id);
    expect(owner.affiliateLinks).toEqual(expect.arrayContaining([slug, `${slug}-2`]));
    await expectEvent('affiliate.updated', owner);
  });

  test('affiliate.updated on PUT /links (rename)', async () => {
    const res = await api(p, 'PUT', '/links', { link: `${slug}-2`, newLink: `${slug}-3` });
    expect(res.status).toBe(200);
    const owner = await getAffiliate(aff.id);
    expect(owner.affiliateLinks).toContain(`${slug}-3`);
    expect(owner.affiliateLinks).not.toContain(`${slug}-2`);
    await expectEvent('affiliate.updated', owner);
  });

  test('affiliate.updated for the former owner on DELETE /links', async () => {
    const res = await api(p, 'DELETE', '/links', { link: `${slug}-3` });
    expect(res.status).toBe(200);
    const owner = await getAffiliate(aff.id);
    expect(owner.affiliateLinks).not.toContain(`${slug}-3`);
    await expectEvent('affiliate.updated', owner);
  });

  test('referral.created on POST /referrals', async () => {
    const res = await api(p, 'POST', '/referrals', {
      affiliateId: aff.id,
      name: 'Referred Person',
      email: `ref-${uniq()}@example.com`,
      referredUserExternalId: `u-${uniq()}`,
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toBeNull();
    referral = res.body;
    await expectEvent('referral.created', referral);
  });

  test('referral.updated on PUT /referrals', async () => {
    const res = await api(p, 'PUT', '/referrals', { referralId: referral.id, name: 'Renamed Person' });
    expect(res.status).toBe(200);
    referral = res.body;
    await expectEvent('referral.updated', res.body);
  });

  test('coupon.created on POST /coupons', async () => {
    const res = await api(p, 'POST', '/coupons', { name: `Ten ${uniq()}`, percentOff: 10 });
    expect(res.status).toBe(200);
    coupon = res.body;
    await expectEvent('coupon.created', coupon);
  });

  test('coupon.updated on PUT /coupons', async () => {
    const res = await api(p, 'PUT', '/coupons', { couponId: coupon.id, name: `Twenty ${uniq()}`, percentOff: 20 });
    expect(res.status).toBe(200);
    coupon = res.body;
    await expectEvent('coupon.updated', res.body);
  });

  test('promotional_code.created on POST /promotional-codes', async () => {
    const res = await api(p, 'POST', '/promotional-codes', { couponId: coupon.id, code: `CODE${uniq()}`.toUpperCase(), affiliateId: aff.id });
    expect(res.status).toBe(200);
    code = res.body;
    await expectEvent('promotional_code.created', code);
  });

  test('promotional_code.updated on PUT /promotional-codes', async () => {
    const res = await api(p, 'PUT', '/promotional-codes', { promotionalCodeId: code.id, maxRedemptions: 50 });
    expect(res.status).toBe(200);
    code = res.body;
    await expectEvent('promotional_code.updated', res.body);
  });

  test('sale.created on POST /sales', async () => {
    const res = await api(p, 'POST', '/sales', { referralId: referral.id, totalEarned: 100, externalId: `ext-${uniq()}` });
    expect(res.status).toBe(200);
    expect(res.body).not.toBeNull();
    sale = res.body;
    // No holding period in this program: the commission is payable at once.
    await expectEvent('sale.created', sale, ['commission.approved']);
  });

  test('sale.updated on PUT /sales', async () => {
    const res = await api(p, 'PUT', '/sales', { saleId: sale.id, totalEarned: 150 });
    expect(res.status).toBe(200);
    sale = res.body;
    await expectEvent('sale.updated', res.body);
  });

  test('sale.refunded on PATCH /sales; a second refund fires nothing', async () => {
    const res = await api(p, 'PATCH', '/sales', { saleId: sale.id });
    expect(res.status).toBe(200);
    expect(res.body.alreadyRefunded).toBe(false);
    await expectEvent('sale.refunded', res.body.sale, ['commission.reversed']);
    const again = await api(p, 'PATCH', '/sales', { saleId: sale.id });
    expect(again.body.alreadyRefunded).toBe(true);
    await expectNothing();
  });

  test('promotional_code.deleted on DELETE /promotional-codes (data: the code as it was)', async () => {
    const before = (await api(p, 'GET', '/promotional-codes', undefined, { id: code.id })).body;
    expect(before).not.toBeNull();
    const res = await api(p, 'DELETE', '/promotional-codes', { promotionalCodeId: code.id });
    expect(res.status).toBe(200);
    await expectEvent('promotional_code.deleted', before);
  });

  test('coupon.deleted on DELETE /coupons (data: the coupon as it was)', async () => {
    const before = (await api(p, 'GET', '/coupons', undefined, { id: coupon.id })).body;
    expect(before).not.toBeNull();
    const res = await api(p, 'DELETE', '/coupons', { couponId: coupon.id });
    expect(res.status).toBe(200);
    await expectEvent('coupon.deleted', before);
  });

  test('referral.deleted on DELETE /referrals (data: the referral as it was)', async () => {
    const before = (await api(p, 'GET', '/referrals', undefined, { id: referral.id })).body;
    expect(before).not.toBeNull();
    const res = await api(p, 'DELETE', '/referrals', { referralId: referral.id });
    expect(res.status).toBe(200);
    await expectEvent('referral.deleted', before);
  });

  test('affiliate.deleted on DELETE /affiliates (data: the affiliate as it was)', async () => {
    const before = await getAffiliate(aff.id);
    expect(before).not.toBeNull();
    const res = await api(p, 'DELETE', '/affiliates', { affiliateId: aff.id });
    expect(res.status).toBe(200);
    await expectEvent('affiliate.deleted', before);
  });

  test('reads, failed writes and writes that match nothing fire no event', async () => {
    await api(p, 'GET', '/affiliates');
    await api(p, 'GET', '/coupons');
    await api(p, 'GET', '/events');
    expect((await api(p, 'DELETE', '/affiliates', { affiliateId: randomUUID() })).status).toBe(200);
    expect((await api(p, 'PUT', '/affiliates', { affiliateId: randomUUID(), firstName: 'Nobody' })).body).toEqual({ count: 0 });
    expect((await api(p, 'DELETE', '/referrals', { referralId: randomUUID() })).status).toBe(200);
    expect((await api(p, 'PUT', '/coupons', { couponId: randomUUID(), name: 'x' })).status).toBe(404);
    expect((await api(p, 'POST', '/coupons', { name: 'Bad', percentOff: 500 })).status).toBe(400);
    expect((await api(p, 'DELETE', '/links', { link: 'no-such-link-anywhere' })).status).toBe(404);
    await expectNothing();
  });

  test('an automatic promo code made for a new affiliate fires promotional_code.created too (data as GET returns it)', async () => {
    const q = await program();
    const h = await startHook();
    const e = await register(q, h.url);
    const c = await createCoupon(q, { name: `Auto ${uniq()}` });
    const rule = await gql(q, 'mutation($c: ID!, $i: AutoCouponRuleInput!) { setAutoCouponRule(couponId: $c, input: $i) { id } }', {
      c: c.id,
      i: { codeStructure: { firstName: true, randomChars: true }, prefix: 'AUTO', randomCharsLength: 6, randomCharsCase: 'uppercase', enabled: true },
    });
    expect(rule.errors).toBeUndefined();
    await drain();
    const before = h.hits.length;
    const a = await createAffiliate(server, q.key);
    await drain();
    const fresh = h.hits.slice(before).map((x) => verify(e.secret, x));
    expect(fresh.map((x) => x.type).sort()).toEqual(['affiliate.created', 'promotional_code.created']);
    expect(fresh.find((x) => x.type === 'affiliate.created').data).toEqual(a);
    const codeEvent = fresh.find((x) => x.type === 'promotional_code.created');
    expect(codeEvent.data.affiliateId).toBe(a.id);
    expect(codeEvent.data).toEqual((await api(q, 'GET', '/promotional-codes', undefined, { id: codeEvent.data.id })).body);
    // A coupon with a rule: coupon.updated carries the coupon as PUT answers it (autoCouponRule included).
    const upd = await api(q, 'PUT', '/coupons', { couponId: c.id, name: `Auto renamed ${uniq()}` });
    expect(upd.body.autoCouponRule).toEqual(expect.any(Object));
    await drain();
    const last = h.hits[h.hits.length - 1];
    expect(verify(e.secret, last)).toEqual(expect.objectContaining({ type: 'coupon.updated', data: upd.body }));
  });

  test('the event log holds exactly the events delivered, oldest first', async () => {
    const types = (await eventsOf(p)).map((e) => e.type);
    expect(types).toEqual([
      'affiliate.created',
      'affiliate.updated',
      'affiliate.updated',
      'affiliate.updated',
      'affiliate.updated',
      'referral.created',
      'referral.updated',
      'coupon.created',
      'coupon.updated',
      'promotional_code.created',
      'promotional_code.updated',
      'sale.created',
      'commission.approved',
      'sale.updated',
      'sale.refunded',
      'commission.reversed',
      'promotional_code.deleted',
      'coupon.deleted',
      'referral.deleted',
      'affiliate.deleted',
    ]);
  });
});
