/**
 * Spec 4.5 (promotional codes) over HTTP against the real app on a real PostgreSQL: GET, POST, PUT and DELETE
 * /api/v1/promotional-codes; events read from the outbox table.
 * Here redemption through POST /referrals (rules, counters, exact limits under
 * concurrency), the background job that connects assigned codes to the affiliate's links, and automatic codes for
 * new affiliates (a coupon's autoCouponRule, configured through GraphQL).
 */
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { restClient } from '../../../helpers/rest-client';
import { uniq } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';
import { affiliateRef, expectCodeShape } from '../../../helpers/shapes';
import { AUTO_COUPON_RULE_INPUT, REMOVE_AUTO_COUPON_RULE } from '../../../helpers/graphql-documents';

const server = useTestServer();

const api = restClient(() => server);
const {
  seen,
  call,
  program,
  sql,
  rowCount,
  events,
  createAffiliate,
  redeem,
  createCoupon,
  couponById,
  createCode,
  codeById,
  setAutoCouponRule,
  linkCodes,
  jobsOf,
  runJobs,
  couponCoreOf,
} = api;
const codes = api.endpoint('/promotional-codes');

/** The coupon as a code carries it (without promotionalCodes and autoCouponRule), read with GET /coupons. */
const CONNECT_JOB = 'connect_promo_code_links';

describe('redemption through POST /referrals', () => {
  const p = useProgram(() => program());
  const aff = useAffiliate(() => createAffiliate(p, { firstName: 'Frances', lastName: 'Allen' }));

  async function counters(code: any) {
    const k = await codeById(p, code.id);
    return { code: k.timesRedeemed, coupon: (await couponById(p, code.couponId)).timesRedeemed };
  }

  test("a usable code: 200 with the referral attributed to the code's affiliate; the code's and the coupon's counters go up by one", async () => {
    const c = await createCoupon(p);
    const k = await createCode(p, { couponId: c.id, code: 'UseMe', affiliateId: aff.id });
    const other = await createCode(p, { couponId: c.id, affiliateId: aff.id });
    const res = await redeem(p, 'UseMe');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ affiliateId: aff.id, promoCode: 'UseMe' });
    expect(await counters(k)).toEqual({ code: 1, coupon: 1 });
    // typed in another case, it is the same code
    expect((await redeem(p, 'useme')).status).toBe(200);
    expect((await redeem(p, other.code)).status).toBe(200);
    expect(await counters(k)).toEqual({ code: 2, coupon: 3 });
    expect((await codeById(p, other.id)).timesRedeemed).toBe(1);
  });

  test.each([
    ['not found', async (_c: any) => ({ typed: 'NoSuchCode' })],
    ['inactive', async (c: any) => ({ code: await createCode(p, { couponId: c.id, affiliateId: aff.id, active: false }) })],
    ['expired', async (c: any) => ({ code: await createCode(p, { couponId: c.id, affiliateId: aff.id, expiresAt: '2020-01-01T00:00:00Z' }) })],
    ['without an affiliate', async (c: any) => ({ code: await createCode(p, { couponId: c.id }) })],
    ['with maxRedemptions 0', async (c: any) => ({ code: await createCode(p, { couponId: c.id, affiliateId: aff.id, maxRedemptions: 0 }) })],
    [
      'of an invalid coupon',
      async (_c: any) => ({ code: await createCode(p, { couponId: (await createCoupon(p, { valid: false })).id, affiliateId: aff.id }) }),
    ],
    [
      'of a coupon past redeemBy',
      async (_c: any) => ({ code: await createCode(p, { couponId: (await createCoupon(p, { redeemBy: '2020-01-01T00:00:00Z' })).id, affiliateId: aff.id }) }),
    ],
    [
      'of a coupon with maxRedemptions 0',
      async (_c: any) => ({ code: await createCode(p, { couponId: (await createCoupon(p, { maxRedemptions: 0 })).id, affiliateId: aff.id }) }),
    ],
  ])('a code %s is refused with 400; no referral, no counter moves', async (_what, make) => {
    const c = await createCoupon(p);
    const { code, typed } = (await make(c)) as { code?: any; typed?: string };
    const refs = await rowCount('referrals', p.programId);
    const res = await redeem(p, typed ?? code.code);
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(await rowCount('referrals', p.programId)).toBe(refs);
    if (code) expect(await counters(code)).toEqual({ code: 0, coupon: 0 });
  });

  test('firstTimeOrder: a referred user already seen in the program (same email) cannot use the code; the same customer is answered its referral', async () => {
    const c = await createCoupon(p);
    const k = await createCode(p, { couponId: c.id, affiliateId: aff.id, firstTimeOrder: true });
    const n = uniq('ft');
    const first = await call('POST', '/referrals', {
      token: p.key,
      body: { promoCode: k.code, name: 'First', email: `${n}@example.com`, referredUserExternalId: `id-${n}` },
    });
    expect(first.status).toBe(200);
    const sameEmail = await call('POST', '/referrals', {
      token: p.key,
      body: { promoCode: k.code, name: 'Again', email: `${n}@example.com`, referredUserExternalId: `other-${n}` },
    });
    expectError(sameEmail, 400, 'VALIDATION_FAILED');
    // The same customer again (external id) is the customer's referral (one customer, one referrer): answered, the code not redeemed.
    const sameId = await call('POST', '/referrals', {
      token: p.key,
      body: { promoCode: k.code, name: 'Again', email: `other-${n}@example.com`, referredUserExternalId: `id-${n}` },
    });
    expect({ status: sameId.status, body: sameId.body }).toEqual({ status: 200, body: first.body });
    expect(await counters(k)).toEqual({ code: 1, coupon: 1 });
    expect((await redeem(p, k.code)).status).toBe(200);
    expect(await counters(k)).toEqual({ code: 2, coupon: 2 });
  });

  test('limitToCustomers with a customerId: only that customer (referredUserExternalId) can use the code', async () => {
    const c = await createCoupon(p);
    const k = await createCode(p, { couponId: c.id, affiliateId: aff.id, limitToCustomers: true, customerId: 'cust-only' });
    expectError(await redeem(p, k.code), 400, 'VALIDATION_FAILED');
    const ok = await call('POST', '/referrals', {
      token: p.key,
      body: { promoCode: k.code, name: 'Only', email: `${uniq('lc')}@example.com`, referredUserExternalId: 'cust-only' },
    });
    expect(ok.status).toBe(200);
    expect(await counters(k)).toEqual({ code: 1, coupon: 1 });
  });

  test('a code that expires in the future is usable', async () => {
    const c = await createCoupon(p);
    const k = await createCode(p, { couponId: c.id, affiliateId: aff.id, expiresAt: '2999-01-01T00:00:00Z' });
    expect((await redeem(p, k.code)).status).toBe(200);
  });

  test("sequential limits: the code's own maxRedemptions and its coupon's maxRedemptions both stop it", async () => {
    const c = await createCoupon(p, { maxRedemptions: 3 });
    const k = await createCode(p, { couponId: c.id, affiliateId: aff.id, maxRedemptions: 2 });
    const k2 = await createCode(p, { couponId: c.id, affiliateId: aff.id });
    expect((await redeem(p, k.code)).status).toBe(200);
    expect((await redeem(p, k.code)).status).toBe(200);
    expectError(await redeem(p, k.code), 400);
    expect(await counters(k)).toEqual({ code: 2, coupon: 2 });
    expect((await redeem(p, k2.code)).status).toBe(200);
    expectError(await redeem(p, k2.code), 400);
    expect(await counters(k2)).toEqual({ code: 1, coupon: 3 });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('redemption limits hold under concurrency', () => {
  const p = useProgram(() => program());

  test('a code with maxRedemptions 5 and 50 parallel redemptions: exactly 5 succeed, 45 are 400; timesRedeemed is 5', async () => {
    const aff = await createAffiliate(p);
    const c = await createCoupon(p);
    const k = await createCode(p, { couponId: c.id, affiliateId: aff.id, maxRedemptions: 5, code: 'FIVE-ONLY' });
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(p, 'FIVE-ONLY')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(45);
    for (const r of results.filter((x) => x.status === 400)) expectError(r, 400, 'VALIDATION_FAILED');
    expect((await codeById(p, k.id)).timesRedeemed).toBe(5);
    expect((await couponById(p, c.id)).timesRedeemed).toBe(5);
    const [row] = await sql<{ n: number }>('select count(*)::int as n from referrals where program_id = ? and promotional_code_id = ?', [p.programId, k.id]);
    expect(Number(row.n)).toBe(5);
  });

  test('a coupon with maxRedemptions 4 shared by two codes, 40 parallel redemptions split across both: exactly 4 succeed', async () => {
    const a1 = await createAffiliate(p);
    const a2 = await createAffiliate(p);
    const c = await createCoupon(p, { maxRedemptions: 4 });
    const k1 = await createCode(p, { couponId: c.id, affiliateId: a1.id, code: 'SHARED-ONE' });
    const k2 = await createCode(p, { couponId: c.id, affiliateId: a2.id, code: 'SHARED-TWO' });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => redeem(p, i % 2 ? 'SHARED-ONE' : 'SHARED-TWO')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 400)).toHaveLength(36);
    expect((await couponById(p, c.id)).timesRedeemed).toBe(4);
    const t1 = (await codeById(p, k1.id)).timesRedeemed;
    const t2 = (await codeById(p, k2.id)).timesRedeemed;
    expect(t1 + t2).toBe(4);
    const [row] = await sql<{ n: number }>('select count(*)::int as n from referrals where program_id = ? and promotional_code_id in (?, ?)', [
      p.programId,
      k1.id,
      k2.id,
    ]);
    expect(Number(row.n)).toBe(4);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("assigned codes are connected to the affiliate's links by a background job", () => {
  let coupon: any;
  const p = useProgram(() => program());
  beforeAll(async () => {
    coupon = await createCoupon(p);
  });

  test("the job is queued with the code and, once run, every link of the affiliate lists the code; other affiliates' links do not", async () => {
    const a = await createAffiliate(p, { affiliateLink: uniq('first-') });
    const second = uniq('second-');
    expect((await call('POST', '/links', { token: p.key, body: { link: second, affiliateId: a.id } })).status).toBe(200);
    const bystander = await createAffiliate(p, { affiliateLink: uniq('by-') });
    await runJobs();

    const jobsBefore = (await jobsOf(p.programId)).length;
    const k = await createCode(p, { couponId: coupon.id, affiliateId: a.id, code: 'LinkMe' });
    const jobs = await jobsOf(p.programId);
    expect(jobs.slice(jobsBefore)).toEqual([{ kind: CONNECT_JOB, payload: { programId: p.programId, affiliateId: a.id }, status: 'pending' }]);
    // not yet connected: it happens in the background
    let links = await linkCodes(p);
    expect(links[a.affiliateLinks[0]]).toEqual([]);
    expect(links[second]).toEqual([]);

    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    links = await linkCodes(p);
    expect(links[a.affiliateLinks[0]]).toEqual(['LinkMe']);
    expect(links[second]).toEqual(['LinkMe']);
    expect(links[bystander.affiliateLinks[0]]).toEqual([]);
    expect((await jobsOf(p.programId)).slice(jobsBefore).map((j) => j.status)).toEqual(['done']);
    expect(k.affiliateId).toBe(a.id);
  });

  test('a code without an affiliate queues no job; a refused creation queues none either', async () => {
    const a = await createAffiliate(p);
    await createCode(p, { couponId: coupon.id, code: 'TakenForJob' });
    const before = (await jobsOf(p.programId)).length;
    await createCode(p, { couponId: coupon.id });
    expectError(await codes('POST', { token: p.key, body: { couponId: coupon.id, code: 'takenforjob', affiliateId: a.id } }), 400, 'DUPLICATE');
    expect(await jobsOf(p.programId)).toHaveLength(before);
  });

  test('links added later (POST /links, PUT /affiliates affiliateLink) get the codes after the job runs', async () => {
    const a = await createAffiliate(p);
    const k1 = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
    const k2 = await createCode(p, { couponId: coupon.id, affiliateEmail: a.email });
    await runJobs();
    const expected = [k1.code, k2.code].sort();
    expect((await linkCodes(p))[a.affiliateLinks[0]]).toEqual(expected);

    const later = uniq('later-');
    expect((await call('POST', '/links', { token: p.key, body: { link: later, affiliateId: a.id } })).status).toBe(200);
    expect((await linkCodes(p))[later]).toEqual([]);
    await runJobs();
    expect((await linkCodes(p))[later]).toEqual(expected);

    const viaPut = uniq('viaput-');
    const put = await call('PUT', '/affiliates', { token: p.key, body: { affiliateId: a.id, affiliateLink: viaPut } });
    expect(put.status).toBe(200);
    await runJobs();
    expect((await linkCodes(p))[viaPut]).toEqual(expected);
  });

  test("reassigning a code moves it to the new affiliate's links; renaming shows the new code; deleting removes it", async () => {
    const a = await createAffiliate(p);
    const b = await createAffiliate(p);
    const k = await createCode(p, { couponId: coupon.id, affiliateId: a.id, code: 'Mover' });
    await runJobs();
    expect((await linkCodes(p))[a.affiliateLinks[0]]).toEqual(['Mover']);

    expect((await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, affiliateId: b.id } })).status).toBe(200);
    expect((await linkCodes(p))[a.affiliateLinks[0]]).toEqual([]);
    await runJobs();
    let links = await linkCodes(p);
    expect(links[a.affiliateLinks[0]]).toEqual([]);
    expect(links[b.affiliateLinks[0]]).toEqual(['Mover']);

    expect((await codes('PUT', { token: p.key, body: { promotionalCodeId: k.id, code: 'Moved' } })).status).toBe(200);
    expect((await linkCodes(p))[b.affiliateLinks[0]]).toEqual(['Moved']);

    expect((await codes('DELETE', { token: p.key, body: { promotionalCodeId: k.id } })).status).toBe(200);
    links = await linkCodes(p);
    expect(links[b.affiliateLinks[0]]).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('automatic codes for new affiliates (autoCouponRule)', () => {
  test('with an enabled rule, POST /affiliates gives the new affiliate a generated code: isAutoGenerated, AUTO + first name + 6 uppercase characters; promotional_code.created fires; the job connects it', async () => {
    const p = await program();
    const c = await createCoupon(p, { name: 'Auto Coupon' });
    await setAutoCouponRule(p, c.id);
    expect((await couponById(p, c.id)).autoCouponRule).toEqual({
      enabled: true,
      codeStructure: { firstName: true, lastName: false, email: false, discountAmount: false, couponName: false, randomChars: true },
      prefix: 'AUTO',
      randomCharsLength: 6,
      randomCharsCase: 'uppercase',
    });

    const a = await createAffiliate(p, { firstName: 'Barbara', lastName: 'Liskov' });
    const mine = await codes.get(p.key, { affiliateId: a.id });
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(1);
    const k = mine.body[0];
    expectCodeShape(k);
    expect(k.code).toMatch(/^AUTOBarbara[A-Z0-9]{6}$/);
    expect(k).toMatchObject({ isAutoGenerated: true, couponId: c.id, affiliateId: a.id, active: true, timesRedeemed: 0 });
    expect(k.affiliate).toEqual(affiliateRef(a));
    expect(k.coupon).toEqual(await couponCoreOf(p, c.id));
    expect((await couponById(p, c.id)).promotionalCodes.map((x: any) => x.id)).toEqual([k.id]);

    const evs = await events(p.programId, 'promotional_code.created', k.id);
    expect(evs.map((e) => e.data)).toEqual([k]);

    expect((await linkCodes(p))[a.affiliateLinks[0]]).toEqual([]);
    await runJobs();
    expect((await linkCodes(p))[a.affiliateLinks[0]]).toEqual([k.code]);

    // the code is usable right away
    expect((await redeem(p, k.code)).status).toBe(200);
    expect((await codeById(p, k.id)).timesRedeemed).toBe(1);
  });

  test('each new affiliate gets its own code; affiliates created before the rule get none', async () => {
    const p = await program();
    const c = await createCoupon(p);
    const before = await createAffiliate(p, { firstName: 'Early' });
    await setAutoCouponRule(p, c.id);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await createAffiliate(p, { firstName: 'Sam' });
      const mine = (await codes.get(p.key, { affiliateId: a.id })).body;
      expect(mine).toHaveLength(1);
      expect(mine[0].code).toMatch(/^AUTOSam[A-Z0-9]{6}$/);
      made.push(mine[0].code);
    }
    expect(new Set(made).size).toBe(3);
    expect((await codes.get(p.key, { affiliateId: before.id })).body).toEqual([]);
  });

  test('one code per enabled rule: two coupons with rules give two codes', async () => {
    const p = await program();
    const c1 = await createCoupon(p, { name: 'R1', percentOff: 10 });
    const c2 = await createCoupon(p, { name: 'R2', percentOff: 30 });
    await setAutoCouponRule(p, c1.id);
    await setAutoCouponRule(p, c2.id, { codeStructure: { lastName: true, discountAmount: true }, prefix: 'TWO', enabled: true });
    const a = await createAffiliate(p, { firstName: 'Radia', lastName: 'Perlman' });
    const mine = (await codes.get(p.key, { affiliateId: a.id })).body;
    expect(mine.map((k: any) => k.couponId).sort()).toEqual([c1.id, c2.id].sort());
    const byCoupon = Object.fromEntries(mine.map((k: any) => [k.couponId, k]));
    expect(byCoupon[c1.id].code).toMatch(/^AUTORadia[A-Z0-9]{6}$/);
    expect(byCoupon[c2.id].code).toBe('TWOPerlman30');
    for (const k of mine) expect(k.isAutoGenerated).toBe(true);
    expect(await events(p.programId, 'promotional_code.created')).toHaveLength(2);
  });

  test('a disabled rule, an invalid coupon or a removed rule produce no code', async () => {
    const p = await program();
    const disabled = await createCoupon(p);
    const invalid = await createCoupon(p, { valid: false });
    const removed = await createCoupon(p);
    await setAutoCouponRule(p, disabled.id, { ...AUTO_COUPON_RULE_INPUT, enabled: false });
    await setAutoCouponRule(p, invalid.id);
    await setAutoCouponRule(p, removed.id);
    const rem = await server.graphql(REMOVE_AUTO_COUPON_RULE, { c: removed.id }, p.key);
    expect(rem.body.errors).toBeUndefined();

    const a = await createAffiliate(p);
    expect((await codes.get(p.key, { affiliateId: a.id })).body).toEqual([]);
    expect(await events(p.programId, 'promotional_code.created')).toEqual([]);
    expect(await rowCount('promotional_codes', p.programId)).toBe(0);

    // enabling the rule again makes the next affiliate get one
    await setAutoCouponRule(p, disabled.id, { ...AUTO_COUPON_RULE_INPUT, enabled: true });
    const b = await createAffiliate(p, { firstName: 'Later' });
    expect((await codes.get(p.key, { affiliateId: b.id })).body.map((k: any) => k.code)).toEqual([expect.stringMatching(/^AUTOLater[A-Z0-9]{6}$/)]);
  });

  test('a rule without random characters does not make a second affiliate of the same name fail: the colliding code gets random characters', async () => {
    const p = await program();
    const c = await createCoupon(p);
    await setAutoCouponRule(p, c.id, { codeStructure: { firstName: true }, prefix: 'FIX', enabled: true });
    const a1 = await createAffiliate(p, { firstName: 'Ada' });
    const a2 = await createAffiliate(p, { firstName: 'Ada' });
    const k1 = (await codes.get(p.key, { affiliateId: a1.id })).body;
    const k2 = (await codes.get(p.key, { affiliateId: a2.id })).body;
    expect(k1.map((k: any) => k.code)).toEqual(['FIXAda']);
    expect(k2).toHaveLength(1);
    expect(k2[0].code).toMatch(/^FIXAda[A-Za-z0-9]{4}$/);
  });

  test("a rule in one program does not give codes to another program's affiliates", async () => {
    const A = await program();
    const B = await program();
    const c = await createCoupon(A);
    await setAutoCouponRule(A, c.id);
    const b = await createAffiliate(B);
    expect((await codes.get(B.key, { affiliateId: b.id })).body).toEqual([]);
    expect(await rowCount('promotional_codes', B.programId)).toBe(0);
  });
});

testNoServerErrors(seen, 120);
