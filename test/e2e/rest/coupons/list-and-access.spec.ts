/**
 * Spec 4.4 (coupons) over HTTP against the real app on a real PostgreSQL: GET, POST, PUT and DELETE /api/v1/coupons.
 * Coupon shape as the code decides it (fields of spec section 2, promotionalCodes with their affiliate,
 * autoCouponRule only when configured); events read from the outbox table; redemptions through POST /referrals
 * with a promoCode.
 * Here GET /coupons (lookups, promotionalCodes, autoCouponRule, paging), isolation between
 * programs on every method, and authentication.
 */
import { randomUUID } from 'node:crypto';
import type { RequestOptions } from '../../../helpers/server';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { createPartnerToken } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { expectError, testNoServerErrors, UUID_RE } from '../../../helpers/assertions';
import { CODE_IN_COUPON_KEYS, couponCore, expectCouponShape } from '../../../helpers/shapes';
import { AUTO_COUPON_RULE_INPUT, REMOVE_AUTO_COUPON_RULE, SET_AUTO_COUPON_RULE } from '../../../helpers/graphql-documents';

const server = useTestServer();

const api = restClient(() => server);
const { seen, program, sql, events, eventCount, createAffiliate, createCoupon, couponById, createCode, setAutoCouponRule } = api;
const coupons = api.endpoint('/coupons');

/** AUTO_COUPON_RULE_INPUT as a coupon shows it. */
const RULE_VIEW = {
  enabled: true,
  codeStructure: { firstName: true, lastName: false, email: false, discountAmount: false, couponName: false, randomChars: true },
  prefix: 'AUTO',
  randomCharsLength: 6,
  randomCharsCase: 'uppercase',
};

describe('GET /coupons', () => {
  let c1: any;
  let c2: any;
  let c3: any;

  const p = useProgram(() => program());
  beforeAll(async () => {
    c1 = await createCoupon(p, { name: 'Alpha Deal', externalId: 'ext-alpha' });
    c2 = await createCoupon(p, { name: 'Beta Deal', couponType: 'FLAT', amountOff: 7.5, currency: 'USD', externalId: 'ext-beta' });
    c3 = await createCoupon(p, { name: 'Gamma Deal' });
  });
  const aff = useAffiliate(() => createAffiliate(p, { firstName: 'Grace', lastName: 'Hopper' }));

  test('an empty program answers []', async () => {
    const q = await program();
    const res = await coupons.get(q.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  test('without parameters: an array of every coupon of the program, newest first, each in full shape', async () => {
    const res = await coupons.get(p.key);
    expect(res.status).toBe(200);
    expect(res.body.map((c: any) => c.id)).toEqual([c3.id, c2.id, c1.id]);
    for (const c of res.body) expectCouponShape(c);
    expect(res.body[2]).toEqual(c1);
    const times = res.body.map((c: any) => Date.parse(c.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  test('by id: the single coupon; null for an unknown UUID or a non-UUID', async () => {
    const res = await coupons.get(p.key, { id: c2.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(c2);
    for (const id of [randomUUID(), 'not-a-uuid', '123', c2.name]) {
      const none = await coupons.get(p.key, { id });
      expect({ id, status: none.status, body: none.body }).toEqual({ id, status: 200, body: null });
    }
  });

  test('by externalId: the single coupon; null when nothing matches', async () => {
    const res = await coupons.get(p.key, { externalId: 'ext-beta' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(c2);
    for (const externalId of ['ext-nope', 'EXT-BETA-X', c2.id]) {
      const none = await coupons.get(p.key, { externalId });
      expect({ externalId, status: none.status, body: none.body }).toEqual({ externalId, status: 200, body: null });
    }
  });

  test('by name: the single coupon (also in another letter case); null when nothing matches', async () => {
    const res = await coupons.get(p.key, { name: 'Gamma Deal' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(c3);
    expect((await coupons.get(p.key, { name: 'gamma deal' })).body).toEqual(c3);
    for (const name of ['Delta Deal', 'Gamma', 'Gamma Deal 2']) {
      const none = await coupons.get(p.key, { name });
      expect({ name, status: none.status, body: none.body }).toEqual({ name, status: 200, body: null });
    }
  });

  test('promotionalCodes: every code of the coupon, newest first, each with its affiliate {id, firstName, lastName, email} or null', async () => {
    const q = await program();
    const coupon = await createCoupon(q, { name: 'With Codes' });
    const a = await createAffiliate(q, { firstName: 'Ada', lastName: 'Lovelace' });
    const other = await createCoupon(q, { name: 'Other' });
    const k1 = await createCode(q, { couponId: coupon.id, code: 'FIRST-1', affiliateId: a.id });
    const k2 = await createCode(q, { couponId: coupon.id, code: 'SECOND_2' });
    const k3 = await createCode(q, { couponId: coupon.id, code: 'third3', affiliateEmail: a.email, externalId: 'pc-ext', maxRedemptions: 9 });
    await createCode(q, { couponId: other.id, code: 'ELSEWHERE' });

    const res = await coupons.get(q.key, { id: coupon.id });
    expect(res.status).toBe(200);
    expectCouponShape(res.body);
    const codes = res.body.promotionalCodes;
    expect(codes.map((c: any) => c.code)).toEqual(['third3', 'SECOND_2', 'FIRST-1']);
    for (const c of codes) expect(Object.keys(c).sort()).toEqual(CODE_IN_COUPON_KEYS);
    const ref = { id: a.id, firstName: 'Ada', lastName: 'Lovelace', email: a.email };
    expect(codes[0].affiliate).toEqual(ref);
    expect(codes[1].affiliate).toBeNull();
    expect(codes[2].affiliate).toEqual(ref);
    // the same fields as GET /promotional-codes answers, minus the nested coupon
    for (const [entry, created] of [
      [codes[0], k3],
      [codes[1], k2],
      [codes[2], k1],
    ]) {
      const { coupon: _c, ...rest } = created;
      expect(entry).toEqual(rest);
    }
    expect(codes[0]).toMatchObject({
      couponId: coupon.id,
      affiliateId: a.id,
      externalId: 'pc-ext',
      maxRedemptions: 9,
      timesRedeemed: 0,
      active: true,
      isAutoGenerated: false,
    });

    // The list carries them too.
    const list = await coupons.get(q.key);
    const inList = list.body.find((c: any) => c.id === coupon.id);
    expect(inList).toEqual(res.body);
    expect(list.body.find((c: any) => c.id === other.id).promotionalCodes.map((c: any) => c.code)).toEqual(['ELSEWHERE']);
  });

  test('autoCouponRule is present (lookup and list) only when a rule is configured, and goes away when removed', async () => {
    const q = await program();
    const withRule = await createCoupon(q, { name: 'Ruled' });
    const without = await createCoupon(q, { name: 'Plain' });
    await setAutoCouponRule(q, withRule.id);

    const one = await coupons.get(q.key, { id: withRule.id });
    expectCouponShape(one.body, { rule: true });
    expect(one.body.autoCouponRule).toEqual(RULE_VIEW);
    const plain = await couponById(q, without.id);
    expectCouponShape(plain);
    expect('autoCouponRule' in plain).toBe(false);
    const list = await coupons.get(q.key);
    const byId = Object.fromEntries(list.body.map((c: any) => [c.id, c]));
    expect(byId[withRule.id].autoCouponRule).toEqual(RULE_VIEW);
    expect('autoCouponRule' in byId[without.id]).toBe(false);
    expect((await coupons.get(q.key, { name: 'Ruled' })).body.autoCouponRule).toEqual(RULE_VIEW);

    // A disabled rule is still a configured rule.
    await setAutoCouponRule(q, withRule.id, { ...AUTO_COUPON_RULE_INPUT, enabled: false, randomCharsCase: 'lowercase', prefix: null, randomCharsLength: null });
    expect((await couponById(q, withRule.id)).autoCouponRule).toEqual({
      ...RULE_VIEW,
      enabled: false,
      randomCharsCase: 'lowercase',
      prefix: null,
      randomCharsLength: 4,
    });

    const removed = await server.graphql(REMOVE_AUTO_COUPON_RULE, { c: withRule.id }, q.key);
    expect(removed.body.errors).toBeUndefined();
    const after = await couponById(q, withRule.id);
    expectCouponShape(after);
    expect('autoCouponRule' in after).toBe(false);
  });

  test('limit/after paging keeps newest-first order with X-Next-Cursor', async () => {
    const first = await coupons.get(p.key, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.map((c: any) => c.id)).toEqual([c3.id, c2.id]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toEqual(expect.any(String));
    const second = await coupons.get(p.key, { limit: '2', after: cursor! });
    expect(second.body.map((c: any) => c.id)).toEqual([c1.id]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });

  test('a program with more coupons than one page answers every coupon, newest first, as one array, each in full shape', async () => {
    const q = await program();
    const ms = (Date.now() + 1000).toString(16).padStart(12, '0');
    const bulk: string[] = [];
    for (let i = 0; i < 520; i++) bulk.push(`${ms.slice(0, 8)}-${ms.slice(8, 12)}-7000-8000-${i.toString(16).padStart(12, '0')}`);
    const values = bulk.map(() => `(?, ?, ?, 10)`).join(', ');
    await sql(
      `insert into coupons (id, program_id, name, percent_off) values ${values}`,
      bulk.flatMap((id, i) => [id, q.programId, `Bulk ${i}`]),
    );
    const ruled = bulk[3];
    await setAutoCouponRule(q, ruled);
    const res = await coupons.get(q.key);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(520);
    expect(res.body.map((c: any) => c.id)).toEqual([...bulk].reverse());
    for (const c of res.body) expectCouponShape(c, { rule: c.id === ruled });
    expect(res.body.find((c: any) => c.id === ruled).autoCouponRule).toEqual(RULE_VIEW);
  });

  test('unknown or repeated query parameters are 400', async () => {
    for (const query of [{ foo: 'bar' }, { couponId: c1.id }, { code: 'x' }, { id: [c1.id, c2.id] }, { name: ['a', 'b'] }] as Array<
      Record<string, string | string[]>
    >) {
      const res = await coupons.get(p.key, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(aff.id).toMatch(UUID_RE);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('two programs are isolated on every method', () => {
  let aCoupon: any;
  let aCode: any;

  const A = useProgram(() => program());
  const B = useProgram(() => program());
  const aAff = useAffiliate(() => createAffiliate(A));
  beforeAll(async () => {
    aCoupon = await createCoupon(A, { name: 'Secret A', externalId: 'ext-secret-a' });
    aCode = await createCode(A, { couponId: aCoupon.id, affiliateId: aAff.id });
  });

  const aUnchanged = async () => {
    const now = await couponById(A, aCoupon.id);
    expect(couponCore(now)).toEqual(couponCore(aCoupon));
    expect(now.promotionalCodes.map((k: any) => k.id)).toEqual([aCode.id]);
  };

  test("GET: B never sees A's coupon by id, externalId, name or in its list", async () => {
    expect((await coupons.get(B.key, { id: aCoupon.id })).body).toBeNull();
    expect((await coupons.get(B.key, { externalId: 'ext-secret-a' })).body).toBeNull();
    expect((await coupons.get(B.key, { name: 'Secret A' })).body).toBeNull();
    expect((await coupons.get(B.key)).body).toEqual([]);
    expect((await coupons.get(A.key)).body.map((c: any) => c.id)).toEqual([aCoupon.id]);
  });

  test("PUT and DELETE of A's coupon through B are 404; A's coupon and codes are untouched; no events in B", async () => {
    const put = await coupons('PUT', { token: B.key, body: { couponId: aCoupon.id, name: 'hijacked', valid: false } });
    expectError(put, 404, 'NOT_FOUND');
    const del = await coupons('DELETE', { token: B.key, body: { couponId: aCoupon.id } });
    expectError(del, 404, 'NOT_FOUND');
    await aUnchanged();
    expect(await eventCount(B.programId)).toBe(0);
  });

  test("POST in B with A's externalId and name creates B's own coupon; A keeps its own", async () => {
    const res = await coupons('POST', { token: B.key, body: { name: 'Secret A', percentOff: 50, externalId: 'ext-secret-a' } });
    expect(res.status).toBe(200);
    expect(res.body.affiliateProgramId).toBe(B.programId);
    expect(res.body.id).not.toBe(aCoupon.id);
    expect((await coupons.get(B.key, { externalId: 'ext-secret-a' })).body.id).toBe(res.body.id);
    expect((await coupons.get(A.key, { externalId: 'ext-secret-a' })).body.id).toBe(aCoupon.id);
    expect((await coupons.get(B.key, { name: 'Secret A' })).body.id).toBe(res.body.id);
    // B's coupon.created event is in B only
    expect((await events(B.programId, 'coupon.created')).map((e) => e.data.id)).toEqual([res.body.id]);
    expect((await events(A.programId, 'coupon.created')).map((e) => e.data.id)).toEqual([aCoupon.id]);
    // B deleting its own coupon leaves A's alone
    expect((await coupons('DELETE', { token: B.key, body: { couponId: res.body.id } })).status).toBe(200);
    await aUnchanged();
  });

  test("GraphQL automatic-code rules: B cannot configure or remove a rule on A's coupon", async () => {
    const set = await server.graphql(SET_AUTO_COUPON_RULE, { c: aCoupon.id, i: AUTO_COUPON_RULE_INPUT }, B.key);
    expect(set.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const rem = await server.graphql(REMOVE_AUTO_COUPON_RULE, { c: aCoupon.id }, B.key);
    expect(rem.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect('autoCouponRule' in (await couponById(A, aCoupon.id))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('authentication', () => {
  let c: any;
  const p = useProgram(() => program());
  beforeAll(async () => {
    c = await createCoupon(p);
  });

  test('401 UNAUTHENTICATED without a token or with a bad one, for every method; nothing changes', async () => {
    const requests: Array<[string, RequestOptions]> = [
      ['GET', {}],
      ['POST', { body: { name: 'no auth', percentOff: 10 } }],
      ['PUT', { body: { couponId: c.id, name: 'no auth' } }],
      ['DELETE', { body: { couponId: c.id } }],
    ];
    for (const headers of [undefined, { authorization: 'Bearer not-a-real-key' }, { authorization: `Bearer ${p.key}x` }]) {
      for (const [method, opts] of requests) {
        const res = await coupons(method, { ...opts, headers });
        expect({ method, headers, status: res.status }).toEqual({ method, headers, status: 401 });
        expectError(res, 401, 'UNAUTHENTICATED');
      }
    }
    expect((await coupons.get(p.key)).body).toEqual([c]);
  });

  test('a dashboard session token is not a REST credential (403)', async () => {
    expectError(await coupons.get(p.session), 403, 'FORBIDDEN');
  });

  // DESIGN: an OAuth partner token (scope affiliates, links, referrals, sales) is 403 on /coupons, while the
  // same token reads affiliates.
  test('an OAuth partner token is 403 FORBIDDEN on /coupons', async () => {
    const partner = await createPartnerToken(server, p);
    expectError(await coupons.get(partner), 403, 'FORBIDDEN');
    for (const method of ['POST', 'PUT', 'DELETE']) expectError(await server.api(method, '/coupons', { token: partner, body: {} }), 403, 'FORBIDDEN');
    expect((await server.api('GET', '/affiliates', { token: partner })).status).toBe(200);
  });
});

testNoServerErrors(seen, 30);
