/**
 * Spec 4.4 (coupons) over HTTP against the real app on a real PostgreSQL: GET, POST, PUT and DELETE /api/v1/coupons.
 * Coupon shape as the code decides it (fields of spec section 2, promotionalCodes with their affiliate,
 * autoCouponRule only when configured); events read from the outbox table; redemptions through POST /referrals
 * with a promoCode.
 * Here PUT /coupons (listed fields, type switches, the discount reaching every code,
 * validity, redeemBy and maxRedemptions stopping redemptions) and DELETE /coupons with its codes.
 */
import { randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import type { ProgramFixture } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { uniq } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';
import { couponCore, expectCouponShape } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, call, program, sql, events, createAffiliate, redeem, createCoupon, couponById, createCode, setAutoCouponRule } = api;
const coupons = api.endpoint('/coupons');

/** GET /promotional-codes?couponId=: the coupon's codes. */
async function codesOfCoupon(p: ProgramFixture, couponId: string) {
  const res = await call('GET', '/promotional-codes', { token: p.key, query: { couponId } });
  expect(res.status).toBe(200);
  return res.body as any[];
}

describe('PUT /coupons', () => {
  const p = useProgram(() => program());
  const aff = useAffiliate(() => createAffiliate(p, { firstName: 'Mary', lastName: 'Jackson' }));

  test('every listed field is applied; 200 with the coupon and its codes; GET agrees; coupon.updated carries the body', async () => {
    const c = await createCoupon(p, { name: 'Before', externalId: uniq('ext_'), integrationType: 'stripe' });
    const code = await createCode(p, { couponId: c.id, affiliateId: aff.id });
    await new Promise((r) => setTimeout(r, 5));
    const body = {
      couponId: c.id,
      name: 'After',
      couponType: 'FLAT',
      amountOff: 25,
      currency: 'EUR',
      duration: 'repeating',
      durationInMonths: 12,
      maxRedemptions: 50,
      limitToProducts: true,
      productIds: ['p1', 'p2', 'p3'],
      valid: false,
      redeemBy: '2032-01-01T00:00:00.000Z',
    };
    const res = await coupons('PUT', { token: p.key, body });
    expect(res.status).toBe(200);
    expectCouponShape(res.body);
    const { couponId: _id, ...fields } = body;
    expect(res.body).toMatchObject({
      ...fields,
      id: c.id,
      percentOff: null,
      externalId: c.externalId,
      integrationType: 'stripe',
      createdAt: c.createdAt,
      timesRedeemed: 0,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
    expect(res.body.promotionalCodes.map((k: any) => k.id)).toEqual([code.id]);
    expect(res.body.promotionalCodes[0].affiliate).toEqual({ id: aff.id, firstName: 'Mary', lastName: 'Jackson', email: aff.email });
    expect(await couponById(p, c.id)).toEqual(res.body);

    const evs = await events(p.programId, 'coupon.updated', c.id);
    expect(evs).toHaveLength(1);
    expect(evs[0].data).toEqual(res.body);
  });

  test('fields not sent stay unchanged', async () => {
    const c = await createCoupon(p, {
      percentOff: 40,
      duration: 'repeating',
      durationInMonths: 2,
      maxRedemptions: 7,
      productIds: ['keep'],
      limitToProducts: true,
      redeemBy: '2033-03-03T03:03:03.000Z',
    });
    const res = await coupons('PUT', { token: p.key, body: { couponId: c.id, name: 'Renamed only' } });
    expect(res.status).toBe(200);
    const { name: _n, updatedAt: _u, ...rest } = c;
    expect(res.body).toMatchObject({ ...rest, name: 'Renamed only' });
  });

  test('switching type: to FLAT needs amountOff and currency and clears percentOff; back to PERCENTAGE needs percentOff and clears amountOff', async () => {
    const c = await createCoupon(p, { percentOff: 10 });
    for (const body of [
      { couponId: c.id, couponType: 'FLAT' },
      { couponId: c.id, couponType: 'FLAT', amountOff: 5 },
      { couponId: c.id, couponType: 'FLAT', currency: 'USD' },
    ]) {
      const res = await coupons('PUT', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await couponById(p, c.id)).toEqual(c);

    const flat = await coupons('PUT', { token: p.key, body: { couponId: c.id, couponType: 'FLAT', amountOff: 5, currency: 'USD' } });
    expect(flat.status).toBe(200);
    expect(flat.body).toMatchObject({ couponType: 'FLAT', amountOff: 5, currency: 'USD', percentOff: null });

    const noPct = await coupons('PUT', { token: p.key, body: { couponId: c.id, couponType: 'PERCENTAGE' } });
    expectError(noPct, 400, 'VALIDATION_FAILED');

    const pct = await coupons('PUT', { token: p.key, body: { couponId: c.id, couponType: 'PERCENTAGE', percentOff: 15 } });
    expect(pct.status).toBe(200);
    expect(pct.body).toMatchObject({ couponType: 'PERCENTAGE', percentOff: 15, amountOff: null });
  });

  test('percentOff outside 1 to 100 and amountOff not above zero are 400; the coupon is unchanged and no event fires', async () => {
    const pct = await createCoupon(p, { percentOff: 10 });
    const flat = await createCoupon(p, { couponType: 'FLAT', amountOff: 10, currency: 'USD' });
    const updates = (await events(p.programId, 'coupon.updated')).length;
    const bodies = [
      { couponId: pct.id, percentOff: 0 },
      { couponId: pct.id, percentOff: 0.5 },
      { couponId: pct.id, percentOff: 100.5 },
      { couponId: pct.id, percentOff: 150 },
      { couponId: pct.id, percentOff: -20 },
      { couponId: pct.id, amountOff: 0 },
      { couponId: flat.id, amountOff: 0 },
      { couponId: flat.id, amountOff: -1 },
      { couponId: flat.id, percentOff: 101 },
      { couponId: flat.id, currency: null },
    ];
    for (const body of bodies) {
      const res = await coupons('PUT', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await couponById(p, pct.id)).toEqual(pct);
    expect(await couponById(p, flat.id)).toEqual(flat);
    expect(await events(p.programId, 'coupon.updated')).toHaveLength(updates);

    // the bounds themselves are fine
    expect((await coupons('PUT', { token: p.key, body: { couponId: pct.id, percentOff: 1 } })).body.percentOff).toBe(1);
    expect((await coupons('PUT', { token: p.key, body: { couponId: pct.id, percentOff: 100 } })).body.percentOff).toBe(100);
    expect((await coupons('PUT', { token: p.key, body: { couponId: flat.id, amountOff: 0.01 } })).body.amountOff).toBe(0.01);
  });

  test('duration: repeating needs durationInMonths; leaving repeating clears it', async () => {
    const c = await createCoupon(p);
    const bad = await coupons('PUT', { token: p.key, body: { couponId: c.id, duration: 'repeating' } });
    expectError(bad, 400, 'VALIDATION_FAILED');
    const rep = await coupons('PUT', { token: p.key, body: { couponId: c.id, duration: 'repeating', durationInMonths: 4 } });
    expect(rep.status).toBe(200);
    expect(rep.body).toMatchObject({ duration: 'repeating', durationInMonths: 4 });
    const months = await coupons('PUT', { token: p.key, body: { couponId: c.id, durationInMonths: 9 } });
    expect(months.body).toMatchObject({ duration: 'repeating', durationInMonths: 9 });
    const once = await coupons('PUT', { token: p.key, body: { couponId: c.id, duration: 'once' } });
    expect(once.status).toBe(200);
    expect(once.body).toMatchObject({ duration: 'once', durationInMonths: null });
  });

  test('any unlisted field fails the request (externalId and integrationType included); nothing changes, no event', async () => {
    const c = await createCoupon(p, { externalId: uniq('keep_'), integrationType: 'stripe' });
    const updates = (await events(p.programId, 'coupon.updated')).length;
    for (const extra of [
      { externalId: 'new-ext' },
      { integrationType: 'paddle' },
      { timesRedeemed: 0 },
      { affiliateProgramId: randomUUID() },
      { id: c.id },
      { promotionalCodes: [] },
      { autoCouponRule: null },
      { createdAt: c.createdAt },
      { foo: 1 },
    ]) {
      const res = await coupons('PUT', { token: p.key, body: { couponId: c.id, name: 'Changed?', ...extra } });
      expect({ extra, status: res.status }).toEqual({ extra, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await couponById(p, c.id)).toEqual(c);
    expect(await events(p.programId, 'coupon.updated')).toHaveLength(updates);
  });

  test('400 when couponId is missing, empty or null', async () => {
    for (const body of [{}, { name: 'x' }, { couponId: '', name: 'x' }, { couponId: null, name: 'x' }, { couponId: '  ', name: 'x' }]) {
      const res = await coupons('PUT', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  test('404 when no such coupon exists (unknown UUID or not a UUID); no event', async () => {
    const updates = (await events(p.programId, 'coupon.updated')).length;
    for (const couponId of [randomUUID(), 'not-a-uuid']) {
      const res = await coupons('PUT', { token: p.key, body: { couponId, name: 'ghost' } });
      expect({ couponId, status: res.status }).toEqual({ couponId, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
    expect(await events(p.programId, 'coupon.updated')).toHaveLength(updates);
  });

  test('wrong types are 400', async () => {
    const c = await createCoupon(p);
    const bodies: unknown[] = [
      { couponId: 123 },
      { couponId: c.id, name: 5 },
      { couponId: c.id, percentOff: '50' },
      { couponId: c.id, couponType: 'BOGUS' },
      { couponId: c.id, duration: 'daily' },
      { couponId: c.id, durationInMonths: 'two' },
      { couponId: c.id, maxRedemptions: 1.5 },
      { couponId: c.id, limitToProducts: 1 },
      { couponId: c.id, productIds: [true] },
      { couponId: c.id, valid: 'no' },
      { couponId: c.id, redeemBy: 'tomorrow' },
      { couponId: c.id, name: '' },
    ];
    for (const body of bodies) {
      const res = await coupons('PUT', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await couponById(p, c.id)).toEqual(c);
  });

  test('a discount change reaches every code of the coupon (seen on coupon.percentOff of each code)', async () => {
    const c = await createCoupon(p, { percentOff: 20 });
    const a2 = await createAffiliate(p);
    const codes = [
      await createCode(p, { couponId: c.id }),
      await createCode(p, { couponId: c.id, affiliateId: aff.id }),
      await createCode(p, { couponId: c.id, affiliateId: a2.id }),
    ];
    for (const k of await codesOfCoupon(p, c.id)) expect(k.coupon.percentOff).toBe(20);

    const res = await coupons('PUT', { token: p.key, body: { couponId: c.id, percentOff: 35 } });
    expect(res.status).toBe(200);
    const after = await codesOfCoupon(p, c.id);
    expect(after.map((k) => k.id).sort()).toEqual(codes.map((k) => k.id).sort());
    for (const k of after) {
      expect(k.coupon).toEqual(couponCore(res.body));
      expect(k.coupon.percentOff).toBe(35);
    }
    for (const k of codes) {
      const one = await call('GET', '/promotional-codes', { token: p.key, query: { id: k.id } });
      expect(one.body.coupon.percentOff).toBe(35);
    }

    const flat = await coupons('PUT', { token: p.key, body: { couponId: c.id, couponType: 'FLAT', amountOff: 8, currency: 'GBP' } });
    expect(flat.status).toBe(200);
    for (const k of await codesOfCoupon(p, c.id)) expect(k.coupon).toMatchObject({ couponType: 'FLAT', amountOff: 8, currency: 'GBP', percentOff: null });
  });

  test('valid: false stops redemptions (counters unchanged) while the codes remain; valid: true allows them again', async () => {
    const c = await createCoupon(p);
    const code = await createCode(p, { couponId: c.id, affiliateId: aff.id });
    expect((await redeem(p, code.code)).status).toBe(200);
    expect((await couponById(p, c.id)).timesRedeemed).toBe(1);

    const off = await coupons('PUT', { token: p.key, body: { couponId: c.id, valid: false } });
    expect(off.status).toBe(200);
    expect(off.body.valid).toBe(false);

    const refused = await redeem(p, code.code);
    expectError(refused, 400);
    const afterOff = await couponById(p, c.id);
    expect(afterOff.timesRedeemed).toBe(1);
    expect(afterOff.promotionalCodes.map((k: any) => [k.id, k.timesRedeemed])).toEqual([[code.id, 1]]);
    expect((await codesOfCoupon(p, c.id)).map((k) => k.id)).toEqual([code.id]);

    const on = await coupons('PUT', { token: p.key, body: { couponId: c.id, valid: true } });
    expect(on.body.valid).toBe(true);
    expect((await redeem(p, code.code)).status).toBe(200);
    expect((await couponById(p, c.id)).timesRedeemed).toBe(2);
  });

  test('redeemBy in the past stops redemptions; a later redeemBy allows them', async () => {
    const c = await createCoupon(p, { redeemBy: '2999-01-01T00:00:00Z' });
    const code = await createCode(p, { couponId: c.id, affiliateId: aff.id });
    expect((await redeem(p, code.code)).status).toBe(200);
    await coupons('PUT', { token: p.key, body: { couponId: c.id, redeemBy: '2020-01-01T00:00:00Z' } });
    expectError(await redeem(p, code.code), 400);
    expect((await couponById(p, c.id)).timesRedeemed).toBe(1);
    await coupons('PUT', { token: p.key, body: { couponId: c.id, redeemBy: null } });
    expect((await redeem(p, code.code)).status).toBe(200);
  });

  test("maxRedemptions caps redemptions across the coupon's codes; it cannot go below what was already redeemed", async () => {
    const c = await createCoupon(p, { maxRedemptions: 2 });
    const k1 = await createCode(p, { couponId: c.id, affiliateId: aff.id });
    const k2 = await createCode(p, { couponId: c.id, affiliateId: aff.id });
    expect((await redeem(p, k1.code)).status).toBe(200);
    expect((await redeem(p, k2.code)).status).toBe(200);
    expectError(await redeem(p, k1.code), 400);
    expectError(await redeem(p, k2.code), 400);
    expect((await couponById(p, c.id)).timesRedeemed).toBe(2);

    expectError(await coupons('PUT', { token: p.key, body: { couponId: c.id, maxRedemptions: 1 } }), 400, 'VALIDATION_FAILED');
    const raised = await coupons('PUT', { token: p.key, body: { couponId: c.id, maxRedemptions: 3 } });
    expect(raised.status).toBe(200);
    expect((await redeem(p, k1.code)).status).toBe(200);
    expectError(await redeem(p, k2.code), 400);
    const unlimited = await coupons('PUT', { token: p.key, body: { couponId: c.id, maxRedemptions: null } });
    expect(unlimited.body.maxRedemptions).toBeNull();
    expect((await redeem(p, k2.code)).status).toBe(200);
    expect((await couponById(p, c.id)).timesRedeemed).toBe(4);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('DELETE /coupons', () => {
  const p = useProgram(() => program());
  const aff = useAffiliate(() => createAffiliate(p));

  test('deletes the coupon and every code attached to it: {message, deletedCoupon: {id, name}}; fires coupon.deleted with the coupon as it was', async () => {
    const c = await createCoupon(p, { name: 'Doomed', externalId: uniq('doomed_') });
    const keep = await createCoupon(p, { name: 'Survivor' });
    const k1 = await createCode(p, { couponId: c.id, affiliateId: aff.id });
    const k2 = await createCode(p, { couponId: c.id });
    const kept = await createCode(p, { couponId: keep.id, affiliateId: aff.id });
    await setAutoCouponRule(p, c.id);
    const before = await couponById(p, c.id);
    expect(before.promotionalCodes).toHaveLength(2);

    const res = await coupons('DELETE', { token: p.key, body: { couponId: c.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deletedCoupon: { id: c.id, name: 'Doomed' } });
    expect(res.body.message.length).toBeGreaterThan(0);

    expect((await coupons.get(p.key, { id: c.id })).body).toBeNull();
    expect((await coupons.get(p.key, { externalId: c.externalId })).body).toBeNull();
    expect((await coupons.get(p.key)).body.map((x: any) => x.id)).toEqual([keep.id]);
    expect(await codesOfCoupon(p, c.id)).toEqual([]);
    for (const k of [k1, k2]) {
      expect((await call('GET', '/promotional-codes', { token: p.key, query: { id: k.id } })).body).toBeNull();
      expect((await call('GET', '/promotional-codes', { token: p.key, query: { code: k.code } })).body).toBeNull();
    }
    expect((await call('GET', '/promotional-codes', { token: p.key, query: { affiliateId: aff.id } })).body.map((k: any) => k.id)).toEqual([kept.id]);
    expect(await sql('select 1 from auto_coupon_rules where coupon_id = ?', [c.id])).toEqual([]);

    const evs = await events(p.programId, 'coupon.deleted', c.id);
    expect(evs).toHaveLength(1);
    expect(evs[0].data).toEqual(before);
  });

  test("a deleted coupon's codes can no longer be redeemed", async () => {
    const c = await createCoupon(p);
    const k = await createCode(p, { couponId: c.id, affiliateId: aff.id });
    expect((await redeem(p, k.code)).status).toBe(200);
    expect((await coupons('DELETE', { token: p.key, body: { couponId: c.id } })).status).toBe(200);
    expectError(await redeem(p, k.code), 400);
  });

  test('deleting again, an unknown UUID or a non-UUID is 404 with no event', async () => {
    const c = await createCoupon(p);
    expect((await coupons('DELETE', { token: p.key, body: { couponId: c.id } })).status).toBe(200);
    const deletes = (await events(p.programId, 'coupon.deleted')).length;
    for (const couponId of [c.id, randomUUID(), 'not-a-uuid']) {
      const res = await coupons('DELETE', { token: p.key, body: { couponId } });
      expect({ couponId, status: res.status }).toEqual({ couponId, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
    expect(await events(p.programId, 'coupon.deleted')).toHaveLength(deletes);
  });

  test('400 when couponId is missing, empty or null, or another field is sent', async () => {
    const c = await createCoupon(p);
    for (const body of [{}, { couponId: '' }, { couponId: null }, { id: c.id }, { couponId: c.id, force: true }, { couponId: 42 }]) {
      const res = await coupons('DELETE', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await couponById(p, c.id)).toEqual(c);
  });
});

testNoServerErrors(seen, 70);
