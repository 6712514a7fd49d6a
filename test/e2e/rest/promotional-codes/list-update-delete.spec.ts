/**
 * Spec 4.5 (promotional codes) over HTTP against the real app on a real PostgreSQL: GET, POST, PUT and DELETE
 * /api/v1/promotional-codes; events read from the outbox table.
 * Here GET (lookups and filters), PUT (listed fields, renames, active,
 * maxRedemptions) and DELETE (history kept).
 */
import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../../../helpers/server';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { restClient } from '../../../helpers/rest-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';
import { affiliateRef, expectCodeShape } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, call, program, sql, rowCount, events, createAffiliate, redeem, createCoupon, couponById, createCode, codeById, couponCoreOf } = api;
const codes = api.endpoint('/promotional-codes');

/** The coupon as a code carries it (without promotionalCodes and autoCouponRule), read with GET /coupons. */

describe('GET /promotional-codes', () => {
  let c1: any;
  let c2: any;
  let a1: any;
  let a2: any;
  let k: any[];

  const p = useProgram(() => program());
  beforeAll(async () => {
    c1 = await createCoupon(p, { name: 'One' });
    c2 = await createCoupon(p, { name: 'Two', couponType: 'FLAT', amountOff: 5, currency: 'USD' });
    a1 = await createAffiliate(p, { firstName: 'Alan', lastName: 'Turing' });
    a2 = await createAffiliate(p, { firstName: 'Joan', lastName: 'Clarke' });
    k = [];
    k.push(await createCode(p, { couponId: c1.id, code: 'K0-one-a1', affiliateId: a1.id, externalId: 'ext-k0' }));
    k.push(await createCode(p, { couponId: c2.id, code: 'K1_two_a1', affiliateId: a1.id }));
    k.push(await createCode(p, { couponId: c1.id, code: 'K2oneNone' }));
    k.push(await createCode(p, { couponId: c1.id, code: 'K3-one-a2', affiliateEmail: a2.email, externalId: 'ext-k3' }));
    k.push(await createCode(p, { couponId: c2.id, code: 'K4-two-a2', affiliateId: a2.id }));
  });

  const ids = (res: ApiResponse) => res.body.map((x: any) => x.id);

  test('without parameters: every code of the program, newest first, each with its coupon and affiliate', async () => {
    const res = await codes.get(p.key);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([k[4].id, k[3].id, k[2].id, k[1].id, k[0].id]);
    for (const x of res.body) expectCodeShape(x);
    expect(res.body[4]).toEqual(k[0]);
    expect(res.body[4].coupon).toEqual(await couponCoreOf(p, c1.id));
    expect(res.body[0].coupon).toEqual(await couponCoreOf(p, c2.id));
    expect(res.body[4].affiliate).toEqual(affiliateRef(a1));
    expect(res.body[2].affiliate).toBeNull();
    expect(res.body[1].affiliate).toEqual(affiliateRef(a2));
  });

  test('by id: the single code; null for an unknown UUID or a non-UUID', async () => {
    const res = await codes.get(p.key, { id: k[3].id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(k[3]);
    for (const id of [randomUUID(), 'not-a-uuid', 'K3-one-a2']) {
      const none = await codes.get(p.key, { id });
      expect({ id, status: none.status, body: none.body }).toEqual({ id, status: 200, body: null });
    }
  });

  test('by code: the single code, matched case-insensitively; null when nothing matches', async () => {
    for (const code of ['K1_two_a1', 'k1_two_a1', 'K1_TWO_A1']) {
      const res = await codes.get(p.key, { code });
      expect({ code, status: res.status, id: res.body?.id }).toEqual({ code, status: 200, id: k[1].id });
    }
    expect((await codes.get(p.key, { code: 'K1_two_a1' })).body).toEqual(k[1]);
    for (const code of ['K1_two', 'nope', k[1].id]) {
      const none = await codes.get(p.key, { code });
      expect({ code, status: none.status, body: none.body }).toEqual({ code, status: 200, body: null });
    }
  });

  test('by externalId: the single code; null when nothing matches', async () => {
    expect((await codes.get(p.key, { externalId: 'ext-k3' })).body).toEqual(k[3]);
    expect((await codes.get(p.key, { externalId: 'ext-k0' })).body).toEqual(k[0]);
    const none = await codes.get(p.key, { externalId: 'ext-none' });
    expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: null });
  });

  test("by couponId: an array of that coupon's codes, newest first; [] for unknown or non-UUID ids", async () => {
    const res = await codes.get(p.key, { couponId: c1.id });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([k[3].id, k[2].id, k[0].id]);
    for (const x of res.body) expect(x.coupon.id).toBe(c1.id);
    expect(ids(await codes.get(p.key, { couponId: c2.id }))).toEqual([k[4].id, k[1].id]);
    for (const couponId of [randomUUID(), 'not-a-uuid']) {
      const none = await codes.get(p.key, { couponId });
      expect({ couponId, status: none.status, body: none.body }).toEqual({ couponId, status: 200, body: [] });
    }
  });

  test('by affiliateId and by affiliateEmail: arrays newest first; [] when nothing matches', async () => {
    expect(ids(await codes.get(p.key, { affiliateId: a1.id }))).toEqual([k[1].id, k[0].id]);
    expect(ids(await codes.get(p.key, { affiliateId: a2.id }))).toEqual([k[4].id, k[3].id]);
    expect(ids(await codes.get(p.key, { affiliateEmail: a2.email }))).toEqual([k[4].id, k[3].id]);
    expect(ids(await codes.get(p.key, { affiliateEmail: a1.email.toUpperCase() }))).toEqual([k[1].id, k[0].id]);
    for (const query of [{ affiliateId: randomUUID() }, { affiliateId: 'nope' }, { affiliateEmail: 'nobody@example.com' }] as Array<Record<string, string>>) {
      const none = await codes.get(p.key, query);
      expect({ query, status: none.status, body: none.body }).toEqual({ query, status: 200, body: [] });
    }
  });

  test('array filters combine (every given filter must match)', async () => {
    expect(ids(await codes.get(p.key, { couponId: c1.id, affiliateId: a1.id }))).toEqual([k[0].id]);
    expect(ids(await codes.get(p.key, { couponId: c2.id, affiliateEmail: a2.email }))).toEqual([k[4].id]);
    expect((await codes.get(p.key, { affiliateId: a1.id, affiliateEmail: a2.email })).body).toEqual([]);
  });

  test('a program with more codes than one page answers every code, newest first, as one array', async () => {
    const q = await program();
    const c = await createCoupon(q);
    const ms = (Date.now() + 1000).toString(16).padStart(12, '0');
    const bulk: string[] = [];
    for (let i = 0; i < 520; i++) bulk.push(`${ms.slice(0, 8)}-${ms.slice(8, 12)}-7000-8000-${i.toString(16).padStart(12, '0')}`);
    const values = bulk.map(() => `(?, ?, ?, ?)`).join(', ');
    await sql(
      `insert into promotional_codes (id, program_id, coupon_id, code) values ${values}`,
      bulk.flatMap((id, i) => [id, q.programId, c.id, `BULK-${i}`]),
    );
    const res = await codes.get(q.key);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(520);
    expect(res.body.map((x: any) => x.code)).toEqual(bulk.map((_, i) => `BULK-${519 - i}`));
    for (const x of [res.body[0], res.body[519]]) expectCodeShape(x);
    const byCoupon = await codes.get(q.key, { couponId: c.id });
    expect(byCoupon.body.map((x: any) => x.id)).toEqual([...bulk].reverse());
  });

  test('unknown or repeated query parameters are 400', async () => {
    for (const query of [{ foo: 'bar' }, { promoCode: 'K0-one-a1' }, { affiliate_id: a1.id }, { code: ['a', 'b'] }] as Array<
      Record<string, string | string[]>
    >) {
      const res = await codes.get(p.key, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('PUT /promotional-codes', () => {
  let coupon: any;
  const p = useProgram(() => program());
  beforeAll(async () => {
    coupon = await createCoupon(p);
  });
  const aff = useAffiliate(() => createAffiliate(p, { firstName: 'Dorothy', lastName: 'Vaughan' }));
  const aff2 = useAffiliate(() => createAffiliate(p, { firstName: 'Annie', lastName: 'Easley' }));

  test('renames a code: 200; found by the new code only; promotional_code.updated carries the body', async () => {
    const k = await createCode(p, { couponId: coupon.id, code: 'OldName', affiliateId: aff.id });
    const res = await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, code: 'NewName-2' } });
    expect(res.status).toBe(200);
    expectCodeShape(res.body);
    expect(res.body).toMatchObject({ id: k.id, code: 'NewName-2', couponId: coupon.id, affiliateId: aff.id, createdAt: k.createdAt });
    expect((await codes.get(p.key, { code: 'newname-2' })).body.id).toBe(k.id);
    expect((await codes.get(p.key, { code: 'OldName' })).body).toBeNull();
    expect(await codeById(p, k.id)).toEqual(res.body);
    const evs = await events(p.programId, 'promotional_code.updated', k.id);
    expect(evs.map((e) => e.data)).toEqual([res.body]);
    // the old name is free again
    expect((await codes('POST', { token: p.key, body: { couponId: coupon.id, code: 'OldName' } })).status).toBe(200);
  });

  test('a rename to a code in use (any case) is 400 DUPLICATE; a case change of its own code is allowed', async () => {
    const a = await createCode(p, { couponId: coupon.id, code: 'TakenOne' });
    const b = await createCode(p, { couponId: coupon.id, code: 'Mine' });
    const updates = (await events(p.programId, 'promotional_code.updated')).length;
    for (const code of ['TakenOne', 'takenone', 'TAKENONE']) {
      const res = await codes('PUT', { token: p.key, body: { promotionalCodeId: b.id, code } });
      expect({ code, status: res.status }).toEqual({ code, status: 400 });
      expectError(res, 400, 'DUPLICATE');
    }
    expect(await codeById(p, b.id)).toEqual(b);
    expect(await codeById(p, a.id)).toEqual(a);
    expect(await events(p.programId, 'promotional_code.updated')).toHaveLength(updates);
    const recase = await codes('PUT', { token: p.key, body: { promotionalCodeId: b.id, code: 'MINE' } });
    expect(recase.status).toBe(200);
    expect(recase.body.code).toBe('MINE');
  });

  test('a rename to an empty or malformed code is 400', async () => {
    const k = await createCode(p, { couponId: coupon.id });
    for (const code of ['', '  ', null, 'with space', 'x'.repeat(65), 'dot.ted']) {
      const res = await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, code } });
      expect({ code, status: res.status }).toEqual({ code, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await codeById(p, k.id)).toEqual(k);
  });

  test('every listed field is applied; null clears nullable fields; unsent fields stay', async () => {
    const k = await createCode(p, { couponId: coupon.id, affiliateId: aff.id, externalId: 'before-ext', maxRedemptions: 3 });
    const body = {
      promotionalCodeId: k.id,
      active: false,
      externalId: 'after-ext',
      expiresAt: '2036-01-01T00:00:00.000Z',
      maxRedemptions: 30,
      firstTimeOrder: true,
      minimumAmount: 49.99,
      minimumAmountCurrency: 'EUR',
      limitToCustomers: true,
      customerId: 'cus_9',
      limitToAffiliate: true,
      affiliateId: aff2.id,
    };
    const res = await codes('PUT', { token: p.key, body });
    expect(res.status).toBe(200);
    const { promotionalCodeId: _id, ...fields } = body;
    expect(res.body).toMatchObject({ ...fields, id: k.id, code: k.code, couponId: coupon.id, timesRedeemed: 0, isAutoGenerated: false });
    expect(res.body.affiliate).toEqual(affiliateRef(aff2));
    expect(await codeById(p, k.id)).toEqual(res.body);

    const cleared = await codes('PUT', {
      token: p.key,
      body: { promotionalCodeId: k.id, externalId: null, expiresAt: null, maxRedemptions: null, minimumAmount: null, customerId: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      externalId: null,
      expiresAt: null,
      maxRedemptions: null,
      minimumAmount: null,
      customerId: null,
      active: false,
      firstTimeOrder: true,
      code: k.code,
      affiliateId: aff2.id,
    });

    const unassigned = await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, affiliateId: null } });
    expect(unassigned.status).toBe(200);
    expect(unassigned.body).toMatchObject({ affiliateId: null, affiliate: null });
    const byEmail = await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, affiliateEmail: aff.email } });
    expect(byEmail.body).toMatchObject({ affiliateId: aff.id, affiliate: affiliateRef(aff) });
  });

  test('unlisted fields fail the request; nothing changes; no event', async () => {
    const k = await createCode(p, { couponId: coupon.id });
    const other = await createCoupon(p);
    const updates = (await events(p.programId, 'promotional_code.updated')).length;
    for (const extra of [
      { couponId: other.id },
      { isAutoGenerated: true },
      { timesRedeemed: 0 },
      { codeStructure: { firstName: true } },
      { prefix: 'X' },
      { randomCharsLength: 4 },
      { randomCharsCase: 'mixed' },
      { coupon: {} },
      { id: k.id },
      { createdAt: k.createdAt },
      { foo: 'bar' },
    ]) {
      const res = await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, active: false, ...extra } });
      expect({ extra, status: res.status }).toEqual({ extra, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await codeById(p, k.id)).toEqual(k);
    expect(await events(p.programId, 'promotional_code.updated')).toHaveLength(updates);
  });

  test('400 when promotionalCodeId is missing; 404 when no such code exists; 404 for an unknown affiliate', async () => {
    for (const body of [{}, { active: false }, { promotionalCodeId: '' }, { promotionalCodeId: null, active: true }]) {
      const res = await codes('PUT', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    for (const promotionalCodeId of [randomUUID(), 'not-a-uuid']) {
      const res = await codes('PUT', { token: p.key, body: { promotionalCodeId, active: false } });
      expect({ promotionalCodeId, status: res.status }).toEqual({ promotionalCodeId, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
    const k = await createCode(p, { couponId: coupon.id });
    expectError(await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, affiliateId: randomUUID() } }), 404, 'NOT_FOUND');
    expect(await codeById(p, k.id)).toEqual(k);
  });

  test('wrong types are 400', async () => {
    const k = await createCode(p, { couponId: coupon.id });
    for (const body of [
      { promotionalCodeId: 5 },
      { promotionalCodeId: k.id, active: 'false' },
      { promotionalCodeId: k.id, code: 42 },
      { promotionalCodeId: k.id, maxRedemptions: 'many' },
      { promotionalCodeId: k.id, expiresAt: 'never' },
      { promotionalCodeId: k.id, minimumAmount: [1] },
    ]) {
      const res = await codes('PUT', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await codeById(p, k.id)).toEqual(k);
  });

  test('active: false rejects redemptions and keeps the code; active: true accepts them again', async () => {
    const k = await createCode(p, { couponId: coupon.id, affiliateId: aff.id });
    expect((await redeem(p, k.code)).status).toBe(200);
    const off = await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, active: false } });
    expect(off.body.active).toBe(false);
    expectError(await redeem(p, k.code), 400);
    const kept = await codeById(p, k.id);
    expect(kept).toMatchObject({ active: false, timesRedeemed: 1 });
    const on = await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, active: true } });
    expect(on.body.active).toBe(true);
    expect((await redeem(p, k.code)).status).toBe(200);
    expect((await codeById(p, k.id)).timesRedeemed).toBe(2);
  });

  test('maxRedemptions cannot go below the redemptions already made', async () => {
    const k = await createCode(p, { couponId: coupon.id, affiliateId: aff.id });
    expect((await redeem(p, k.code)).status).toBe(200);
    expect((await redeem(p, k.code)).status).toBe(200);
    expectError(await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, maxRedemptions: 1 } }), 400, 'VALIDATION_FAILED');
    const ok = await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, maxRedemptions: 2 } });
    expect(ok.status).toBe(200);
    expectError(await redeem(p, k.code), 400);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('DELETE /promotional-codes', () => {
  let coupon: any;
  const p = useProgram(() => program());
  beforeAll(async () => {
    coupon = await createCoupon(p);
  });
  const aff = useAffiliate(() => createAffiliate(p));

  test('200 {message, deletedCode: {id, code}}; the code is gone; promotional_code.deleted carries it as it was; the coupon stays', async () => {
    const k = await createCode(p, { couponId: coupon.id, code: 'ByeBye', affiliateId: aff.id, externalId: 'bye-ext' });
    const before = await codeById(p, k.id);
    const res = await codes('DELETE', { token: p.key, body: { promotionalCodeId: k.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deletedCode: { id: k.id, code: 'ByeBye' } });
    expect(res.body.message.length).toBeGreaterThan(0);
    expect((await codes.get(p.key, { id: k.id })).body).toBeNull();
    expect((await codes.get(p.key, { code: 'ByeBye' })).body).toBeNull();
    expect((await codes.get(p.key, { externalId: 'bye-ext' })).body).toBeNull();
    expect((await codes.get(p.key, { couponId: coupon.id })).body.map((x: any) => x.id)).not.toContain(k.id);
    const c = await couponById(p, coupon.id);
    expect(c.id).toBe(coupon.id);
    expect(c.promotionalCodes.map((x: any) => x.id)).not.toContain(k.id);
    const evs = await events(p.programId, 'promotional_code.deleted', k.id);
    expect(evs.map((e) => e.data)).toEqual([before]);
  });

  test('history is kept: referrals made with the code keep it; later use of the code is rejected', async () => {
    const k = await createCode(p, { couponId: coupon.id, code: 'UsedThenGone', affiliateId: aff.id });
    const ref = await redeem(p, 'UsedThenGone');
    expect(ref.status).toBe(200);
    expect(ref.body).toMatchObject({ promoCode: 'UsedThenGone', affiliateId: aff.id });
    const timesBefore = (await couponById(p, coupon.id)).timesRedeemed;

    expect((await codes('DELETE', { token: p.key, body: { promotionalCodeId: k.id } })).status).toBe(200);
    const again = await call('GET', '/referrals', { token: p.key, query: { id: ref.body.id } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: ref.body.id, promoCode: 'UsedThenGone', affiliateId: aff.id });
    expect((await couponById(p, coupon.id)).timesRedeemed).toBe(timesBefore);

    const refs = await rowCount('referrals', p.programId);
    for (const typed of ['UsedThenGone', 'usedthengone']) expectError(await redeem(p, typed), 400);
    expect(await rowCount('referrals', p.programId)).toBe(refs);
  });

  test('deleting again, an unknown UUID or a non-UUID is 404 with no event', async () => {
    const k = await createCode(p, { couponId: coupon.id });
    expect((await codes('DELETE', { token: p.key, body: { promotionalCodeId: k.id } })).status).toBe(200);
    const deletes = (await events(p.programId, 'promotional_code.deleted')).length;
    for (const promotionalCodeId of [k.id, randomUUID(), 'not-a-uuid']) {
      const res = await codes('DELETE', { token: p.key, body: { promotionalCodeId } });
      expect({ promotionalCodeId, status: res.status }).toEqual({ promotionalCodeId, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
    expect(await events(p.programId, 'promotional_code.deleted')).toHaveLength(deletes);
  });

  test('400 when the ID is missing or another field is sent; nothing is deleted', async () => {
    const k = await createCode(p, { couponId: coupon.id });
    for (const body of [
      {},
      { promotionalCodeId: '' },
      { promotionalCodeId: null },
      { id: k.id },
      { code: k.code },
      { promotionalCodeId: k.id, force: true },
      { promotionalCodeId: 7 },
    ]) {
      const res = await codes('DELETE', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await codeById(p, k.id)).toEqual(k);
  });

  test('a deleted code string can be created again', async () => {
    const k = await createCode(p, { couponId: coupon.id, code: 'Phoenix' });
    expect((await codes('DELETE', { token: p.key, body: { promotionalCodeId: k.id } })).status).toBe(200);
    const again = await codes('POST', { token: p.key, body: { couponId: coupon.id, code: 'phoenix' } });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(k.id);
  });
});

testNoServerErrors(seen, 70);
