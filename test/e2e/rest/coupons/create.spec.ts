/**
 * Spec 4.4 (coupons) over HTTP against the real app on a real PostgreSQL: GET, POST, PUT and DELETE /api/v1/coupons.
 * Coupon shape as the code decides it (fields of spec section 2, promotionalCodes with their affiliate,
 * autoCouponRule only when configured); events read from the outbox table; redemptions through POST /referrals
 * with a promoCode.
 * Here POST /coupons: defaults, every accepted field, the PERCENTAGE and FLAT rules, durations,
 * externalId uniqueness, and bad input.
 */
import { randomUUID } from 'node:crypto';
import { useProgram, useTestServer } from '../../../helpers/harness';
import { restClient } from '../../../helpers/rest-client';
import { uniq } from '../../../helpers/spec-client';
import { expectError, ISO_MS_RE, testNoServerErrors, UUID_RE } from '../../../helpers/assertions';
import { expectCouponShape } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, program, sql, rowCount, events, eventCount, createCoupon, couponById } = api;
const coupons = api.endpoint('/coupons');

describe('POST /coupons', () => {
  const p = useProgram(() => program());

  test('{name, percentOff}: PERCENTAGE, duration forever and every other default; the body is what GET returns', async () => {
    const name = uniq('Spring ');
    const res = await coupons('POST', { token: p.key, body: { name, percentOff: 20 } });
    expect(res.status).toBe(200);
    expectCouponShape(res.body);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID_RE),
      name,
      externalId: null,
      couponType: 'PERCENTAGE',
      percentOff: 20,
      amountOff: null,
      currency: null,
      duration: 'forever',
      durationInMonths: null,
      maxRedemptions: null,
      timesRedeemed: 0,
      limitToProducts: false,
      productIds: [],
      valid: true,
      redeemBy: null,
      integrationType: null,
      affiliateProgramId: p.programId,
      createdAt: expect.stringMatching(ISO_MS_RE),
      updatedAt: expect.stringMatching(ISO_MS_RE),
      promotionalCodes: [],
    });
    expect('autoCouponRule' in res.body).toBe(false);
    expect(await couponById(p, res.body.id)).toEqual(res.body);
  });

  test('every accepted field is stored and echoed: externalId, maxRedemptions, limitToProducts, productIds, valid, redeemBy, integrationType, duration', async () => {
    const body = {
      name: uniq('Full '),
      couponType: 'PERCENTAGE',
      percentOff: 12.5,
      duration: 'repeating',
      durationInMonths: 3,
      externalId: uniq('stripe_'),
      maxRedemptions: 100,
      limitToProducts: true,
      productIds: ['prod_a', 'prod_b'],
      valid: false,
      redeemBy: '2031-06-30T12:00:00Z',
      integrationType: 'stripe',
    };
    const res = await coupons('POST', { token: p.key, body });
    expect(res.status).toBe(200);
    expectCouponShape(res.body);
    expect(res.body).toMatchObject({ ...body, redeemBy: '2031-06-30T12:00:00.000Z', amountOff: null, currency: null, timesRedeemed: 0, promotionalCodes: [] });
    expect(await couponById(p, res.body.id)).toEqual(res.body);
  });

  test('fires coupon.created whose data equals the REST body', async () => {
    const c = await createCoupon(p, { externalId: uniq('evt_') });
    const evs = await events(p.programId, 'coupon.created', c.id);
    expect(evs).toHaveLength(1);
    expect(evs[0].id).toMatch(/^evt_/);
    expect(evs[0].data).toEqual(c);
  });

  test('PERCENTAGE: percentOff 1, 100 and fractional values are accepted', async () => {
    for (const percentOff of [1, 100, 12.5, 33.3333]) {
      const res = await coupons('POST', { token: p.key, body: { name: uniq('P '), percentOff } });
      expect({ percentOff, status: res.status }).toEqual({ percentOff, status: 200 });
      expect(res.body.percentOff).toBe(percentOff);
      expect(res.body.couponType).toBe('PERCENTAGE');
    }
  });

  test('PERCENTAGE rules: percentOff missing, below 1 or above 100 is 400; nothing is created, no event', async () => {
    const before = await rowCount('coupons', p.programId);
    const eventsBefore = await eventCount(p.programId);
    const bodies = [
      { name: uniq('bad ') },
      { name: uniq('bad '), couponType: 'PERCENTAGE' },
      { name: uniq('bad '), percentOff: null },
      { name: uniq('bad '), percentOff: 0 },
      { name: uniq('bad '), percentOff: 0.99 },
      { name: uniq('bad '), percentOff: -10 },
      { name: uniq('bad '), percentOff: 100.01 },
      { name: uniq('bad '), percentOff: 101 },
      { name: uniq('bad '), couponType: 'PERCENTAGE', amountOff: 10, currency: 'USD' },
    ];
    for (const body of bodies) {
      const res = await coupons('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await rowCount('coupons', p.programId)).toBe(before);
    expect(await eventCount(p.programId)).toBe(eventsBefore);
  });

  test('FLAT: amountOff and currency are stored; percentOff is not kept', async () => {
    const res = await coupons('POST', { token: p.key, body: { name: uniq('Flat '), couponType: 'FLAT', amountOff: 10, currency: 'USD', percentOff: 50 } });
    expect(res.status).toBe(200);
    expectCouponShape(res.body);
    expect(res.body).toMatchObject({ couponType: 'FLAT', amountOff: 10, currency: 'USD', percentOff: null, duration: 'forever' });
    const small = await coupons('POST', { token: p.key, body: { name: uniq('Flat '), couponType: 'FLAT', amountOff: 0.01, currency: 'EUR' } });
    expect(small.status).toBe(200);
    expect(small.body).toMatchObject({ amountOff: 0.01, currency: 'EUR' });
  });

  test('PERCENTAGE keeps only percentOff: an amountOff sent with it is dropped', async () => {
    const res = await coupons('POST', { token: p.key, body: { name: uniq('Pct '), percentOff: 15, amountOff: 5 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ couponType: 'PERCENTAGE', percentOff: 15, amountOff: null });
  });

  test('FLAT rules: amountOff missing, zero or negative, or currency missing is 400; nothing is created', async () => {
    const before = await rowCount('coupons', p.programId);
    const bodies = [
      { name: uniq('bad '), couponType: 'FLAT', currency: 'USD' },
      { name: uniq('bad '), couponType: 'FLAT', amountOff: 0, currency: 'USD' },
      { name: uniq('bad '), couponType: 'FLAT', amountOff: -5, currency: 'USD' },
      { name: uniq('bad '), couponType: 'FLAT', amountOff: 10 },
      { name: uniq('bad '), couponType: 'FLAT', amountOff: 10, currency: '' },
      { name: uniq('bad '), couponType: 'FLAT', amountOff: 10, currency: null },
      { name: uniq('bad '), couponType: 'FLAT', percentOff: 10, currency: 'USD' },
    ];
    for (const body of bodies) {
      const res = await coupons('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await rowCount('coupons', p.programId)).toBe(before);
  });

  test('duration: repeating requires durationInMonths (400 without); once and forever are accepted', async () => {
    const before = await rowCount('coupons', p.programId);
    for (const body of [
      { name: uniq('r '), percentOff: 10, duration: 'repeating' },
      { name: uniq('r '), percentOff: 10, duration: 'repeating', durationInMonths: null },
    ]) {
      const res = await coupons('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await rowCount('coupons', p.programId)).toBe(before);

    const rep = await coupons('POST', { token: p.key, body: { name: uniq('r '), percentOff: 10, duration: 'repeating', durationInMonths: 6 } });
    expect(rep.status).toBe(200);
    expect(rep.body).toMatchObject({ duration: 'repeating', durationInMonths: 6 });
    const once = await coupons('POST', { token: p.key, body: { name: uniq('o '), percentOff: 10, duration: 'once' } });
    expect(once.status).toBe(200);
    expect(once.body).toMatchObject({ duration: 'once', durationInMonths: null });
    const forever = await coupons('POST', { token: p.key, body: { name: uniq('f '), percentOff: 10, duration: 'forever' } });
    expect(forever.body).toMatchObject({ duration: 'forever', durationInMonths: null });
  });

  test('400 when name is missing, empty, blank or null', async () => {
    const before = await rowCount('coupons', p.programId);
    for (const body of [{ percentOff: 10 }, { name: '', percentOff: 10 }, { name: '   ', percentOff: 10 }, { name: null, percentOff: 10 }]) {
      const res = await coupons('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await rowCount('coupons', p.programId)).toBe(before);
  });

  test('400 DUPLICATE when a coupon with the same externalId exists; the first stays; no event for the refused one', async () => {
    const ext = uniq('stripe_dup_');
    const first = await createCoupon(p, { externalId: ext });
    const before = await rowCount('coupons', p.programId);
    const created = (await events(p.programId, 'coupon.created')).length;
    for (const body of [
      { name: uniq('dup '), percentOff: 30, externalId: ext },
      { name: first.name, couponType: 'FLAT', amountOff: 3, currency: 'USD', externalId: ext },
    ]) {
      const res = await coupons('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'DUPLICATE');
    }
    expect(await rowCount('coupons', p.programId)).toBe(before);
    expect(await events(p.programId, 'coupon.created')).toHaveLength(created);
    expect(await couponById(p, first.id)).toEqual(first);
    expect((await coupons.get(p.key, { externalId: ext })).body).toEqual(first);
  });

  test('coupons without externalId do not collide with each other', async () => {
    const a = await createCoupon(p);
    const b = await createCoupon(p);
    expect(a.externalId).toBeNull();
    expect(b.externalId).toBeNull();
    expect(a.id).not.toBe(b.id);
  });

  test('the same externalId is allowed in another program', async () => {
    const ext = uniq('shared_ext_');
    const mine = await createCoupon(p, { externalId: ext });
    const other = await program();
    const res = await coupons('POST', { token: other.key, body: { name: 'Other', percentOff: 5, externalId: ext } });
    expect(res.status).toBe(200);
    expect(res.body.externalId).toBe(ext);
    expect(res.body.affiliateProgramId).toBe(other.programId);
    expect((await coupons.get(p.key, { externalId: ext })).body.id).toBe(mine.id);
    expect((await coupons.get(other.key, { externalId: ext })).body.id).toBe(res.body.id);
  });

  test('concurrent creation with the same externalId: exactly one wins, the others are 400 DUPLICATE', async () => {
    const ext = uniq('race_');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => coupons('POST', { token: p.key, body: { name: `race ${i}`, percentOff: 10, externalId: ext } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expectError(r, 400, 'DUPLICATE');
    const [row] = await sql<{ n: number }>('select count(*)::int as n from coupons where program_id = ? and external_id = ?', [p.programId, ext]);
    expect(Number(row.n)).toBe(1);
  });

  test('unknown fields are 400, nothing is created', async () => {
    const before = await rowCount('coupons', p.programId);
    for (const extra of [
      { timesRedeemed: 5 },
      { promotionalCodes: [] },
      { autoCouponRule: {} },
      { affiliateProgramId: randomUUID() },
      { id: randomUUID() },
      { couponId: randomUUID() },
      { programId: randomUUID() },
      { foo: 'bar' },
    ]) {
      const body = { name: uniq('x '), percentOff: 10, ...extra };
      const res = await coupons('POST', { token: p.key, body });
      expect({ extra, status: res.status }).toEqual({ extra, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await rowCount('coupons', p.programId)).toBe(before);
  });

  test('wrong types and invalid enum values are 400', async () => {
    const before = await rowCount('coupons', p.programId);
    const bodies: unknown[] = [
      { name: 123, percentOff: 10 },
      { name: 'x', percentOff: '10' },
      { name: 'x', couponType: 'PERCENT', percentOff: 10 },
      { name: 'x', couponType: 'percentage', percentOff: 10 },
      { name: 'x', percentOff: 10, duration: 'weekly' },
      { name: 'x', percentOff: 10, duration: 'repeating', durationInMonths: 1.5 },
      { name: 'x', percentOff: 10, duration: 'repeating', durationInMonths: '3' },
      { name: 'x', percentOff: 10, maxRedemptions: 'ten' },
      { name: 'x', percentOff: 10, maxRedemptions: 2.5 },
      { name: 'x', percentOff: 10, maxRedemptions: -1 },
      { name: 'x', percentOff: 10, limitToProducts: 'yes' },
      { name: 'x', percentOff: 10, productIds: 'prod_a' },
      { name: 'x', percentOff: 10, productIds: [1, 2] },
      { name: 'x', percentOff: 10, valid: 'false' },
      { name: 'x', percentOff: 10, redeemBy: 'not-a-date' },
      { name: 'x', percentOff: 10, redeemBy: 12345 },
      { name: 'x', percentOff: 10, externalId: 42 },
      { name: 'x', percentOff: 10, integrationType: true },
      { name: 'x'.repeat(201), percentOff: 10 },
      { name: 'x', couponType: 'FLAT', amountOff: 10, currency: 'DOLLARS' },
      [{ name: 'x', percentOff: 10 }],
      'a string',
    ];
    for (const body of bodies) {
      const res = await coupons('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await rowCount('coupons', p.programId)).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('bad input is 400, never 5xx', () => {
  let c: any;
  const p = useProgram(() => program());
  beforeAll(async () => {
    c = await createCoupon(p);
  });

  test('malformed JSON is 400 VALIDATION_FAILED on POST, PUT and DELETE', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      for (const rawBody of ['{"name": "abc",', '{name: abc}', "{'couponId':'x'}", '{"name":"x"}}']) {
        const res = await coupons(method, { token: p.key, rawBody });
        expect({ method, rawBody, status: res.status }).toEqual({ method, rawBody, status: 400 });
        expectError(res, 400, 'VALIDATION_FAILED');
      }
    }
    expect((await coupons.get(p.key)).body).toEqual([c]);
  });

  test('huge numbers, NaN-like strings and overlong strings are 400', async () => {
    const bodies: Array<[string, unknown]> = [
      ['POST', { name: 'x', couponType: 'FLAT', amountOff: 1e15, currency: 'USD' }],
      ['POST', { name: 'x', percentOff: 'NaN' }],
      ['POST', { name: 'x', percentOff: 10, externalId: 'e'.repeat(201) }],
      ['POST', { name: 'x', percentOff: 10, maxRedemptions: 1e20 }],
      ['PUT', { couponId: c.id, name: 'n'.repeat(201) }],
      ['PUT', { couponId: c.id, currency: 'LONG' }],
      ['PUT', { couponId: 'u'.repeat(201) }],
    ];
    for (const [method, body] of bodies) {
      const res = await coupons(method, { token: p.key, body });
      expect({ method, body, status: res.status }).toEqual({ method, body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await coupons.get(p.key)).body).toEqual([c]);
  });

  test('unsupported methods on /coupons answer an error body, not 5xx', async () => {
    const res = await coupons('PATCH', { token: p.key, body: { couponId: c.id } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
  });
});

testNoServerErrors(seen, 50);
