/**
 * Spec 4.2 (referrals) over HTTP against the real app on a real PostgreSQL.
 * POST /referrals: the referral shape and its derived status (DESIGN.md); attribution by
 * affiliate UUID, slug, numeric click id, affiliate email or promotional code, with the counters on the affiliate and
 * the link; validation; referral.created read from the outbox table; the promo-code redemption rules.
 */
import { randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { person, restClient } from '../../../helpers/rest-client';
import { slug, uniq } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';
import { expectReferral } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const {
  seen,
  call,
  program,
  affiliateWithTwoLinks,
  rowCount,
  events,
  eventCount,
  createAffiliate,
  createLink,
  linkBySlug,
  recordClick,
  createReferral,
  createCoupon,
  createCode,
  redemptions,
  referralCounters,
} = api;
const referrals = api.endpoint('/referrals');

describe('POST /referrals', () => {
  let a: any;
  let firstSlug: string;
  let secondSlug: string;
  let secondLink: any;

  const p = useProgram(() => program());
  beforeAll(async () => {
    ({ a, firstSlug, secondSlug, secondLink } = await affiliateWithTwoLinks(p));
  });

  describe('attribution', () => {
    test('by affiliate UUID: 200 with the full referral, recorded active, counted on the first link', async () => {
      const before = await referralCounters(p, a.id);
      const body = person();
      const res = await referrals.post(p, { affiliateId: a.id, ...body });
      expect(res.status).toBe(200);
      const firstLink = await linkBySlug(p, firstSlug);
      expectReferral(res.body, {
        ...body,
        affiliateId: a.id,
        linkId: firstLink.id,
        clickId: null,
        promoCode: null,
        subscriptionStatus: 'active',
        status: 'active',
        selfReferral: false,
      });
      const after = await referralCounters(p, a.id);
      expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
      expect(after.links[firstSlug]).toBe(before.links[firstSlug] + 1);
      expect(after.links[secondSlug]).toBe(before.links[secondSlug]);
    });

    test('the answer is the referral as GET then returns it (by id and by email)', async () => {
      const created = await createReferral(p, { affiliateId: a.id });
      const byId = await referrals.get(p, { id: created.id });
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual(created);
      const byEmail = await referrals.get(p, { id: created.email });
      expect(byEmail.body).toEqual(created);
    });

    test('by affiliate UUID in upper case: still that affiliate', async () => {
      const r = await createReferral(p, { affiliateId: a.id.toUpperCase() });
      expect(r.affiliateId).toBe(a.id);
    });

    test('by link slug: counted on that link (not the first one)', async () => {
      const before = await referralCounters(p, a.id);
      const r = await createReferral(p, { affiliateId: secondSlug });
      expect(r.affiliateId).toBe(a.id);
      expect(r.linkId).toBe(secondLink.id);
      expect(r.clickId).toBeNull();
      const after = await referralCounters(p, a.id);
      expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
      expect(after.links[secondSlug]).toBe(before.links[secondSlug] + 1);
      expect(after.links[firstSlug]).toBe(before.links[firstSlug]);
    });

    test('by link slug in another case: the same link', async () => {
      const r = await createReferral(p, { affiliateId: secondSlug.toUpperCase() });
      expect(r.linkId).toBe(secondLink.id);
      expect(r.affiliateId).toBe(a.id);
    });

    test("by numeric click id: the click's affiliate and link, clickId set", async () => {
      const clickId = await recordClick(p, secondSlug);
      const before = await referralCounters(p, a.id);
      const r = await createReferral(p, { affiliateId: String(clickId) });
      expect(r.affiliateId).toBe(a.id);
      expect(r.linkId).toBe(secondLink.id);
      expect(r.clickId).toBe(clickId);
      const after = await referralCounters(p, a.id);
      expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
      expect(after.links[secondSlug]).toBe(before.links[secondSlug] + 1);
      expect(after.links[firstSlug]).toBe(before.links[firstSlug]);
    });

    test('by affiliateEmail (any case): that affiliate, counted on its first link', async () => {
      const before = await referralCounters(p, a.id);
      const r = await createReferral(p, { affiliateEmail: a.email.toUpperCase() });
      const firstLink = await linkBySlug(p, firstSlug);
      expect(r.affiliateId).toBe(a.id);
      expect(r.linkId).toBe(firstLink.id);
      expect(r.clickId).toBeNull();
      const after = await referralCounters(p, a.id);
      expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
      expect(after.links[firstSlug]).toBe(before.links[firstSlug] + 1);
    });

    test("a second affiliate's referrals go to that affiliate only", async () => {
      const b = await createAffiliate(p);
      const beforeA = await referralCounters(p, a.id);
      const r = await createReferral(p, { affiliateId: b.id });
      expect(r.affiliateId).toBe(b.id);
      expect((await referralCounters(p, b.id)).numberOfReferredUsers).toBe(1);
      expect(await referralCounters(p, a.id)).toEqual(beforeA);
    });

    test('an identifier that matches no affiliate: 200 with null, nothing recorded, no counter, no event', async () => {
      const before = await rowCount('referrals', p.programId);
      const beforeEvents = await eventCount(p.programId, 'referral.');
      const beforeCounters = await referralCounters(p, a.id);
      const unknownClick = 9_000_000_000 + Math.floor(Math.random() * 1000);
      for (const body of [
        { affiliateId: randomUUID() },
        { affiliateId: 'no-such-slug-anywhere' },
        { affiliateId: String(unknownClick) },
        { affiliateEmail: 'nobody-here@example.com' },
      ]) {
        const res = await referrals.post(p, { ...body, ...person() });
        expect({ body, status: res.status, response: res.body }).toEqual({ body, status: 200, response: null });
        expect(res.text).toBe('null');
      }
      expect(await rowCount('referrals', p.programId)).toBe(before);
      expect(await eventCount(p.programId, 'referral.')).toBe(beforeEvents);
      expect(await referralCounters(p, a.id)).toEqual(beforeCounters);
    });

    test('a numeric slug that is no click id of the program is taken as the slug', async () => {
      const numeric = String(900_000_000 + Math.floor(Math.random() * 1_000_000));
      const link = await createLink(p, { link: numeric, affiliateId: a.id });
      const r = await createReferral(p, { affiliateId: numeric });
      expect(r.affiliateId).toBe(a.id);
      expect(r.linkId).toBe(link.id);
      expect(r.clickId).toBeNull();
    });

    test('without a token: 401, nothing recorded', async () => {
      const before = await rowCount('referrals', p.programId);
      expectError(await referrals('POST', { body: { affiliateId: a.id, ...person() } }), 401, 'UNAUTHENTICATED');
      expectError(await referrals('PUT', { body: { referralId: randomUUID(), subscriptionStatus: 'canceled' } }), 401, 'UNAUTHENTICATED');
      expectError(await referrals('DELETE', { body: { referralId: randomUUID() } }), 401, 'UNAUTHENTICATED');
      expect(await rowCount('referrals', p.programId)).toBe(before);
    });

    test('the same customer referred twice: one referral, the second POST answers it (one customer, one referrer)', async () => {
      const body = person();
      const r1 = await createReferral(p, { affiliateId: a.id, ...body });
      const r2 = await createReferral(p, { affiliateId: a.id, ...body });
      expect(r2).toEqual(r1);
      const list = await referrals.get(p, { externalId: body.referredUserExternalId });
      expect(list.body.map((r: any) => r.id)).toEqual([r1.id]);
    });
  });

  describe('validation (400, nothing recorded)', () => {
    let before: number;
    let beforeEvents: number;
    beforeAll(async () => {
      before = await rowCount('referrals', p.programId);
      beforeEvents = await eventCount(p.programId, 'referral.');
    });

    test('none of affiliateId, affiliateEmail, promoCode: 400 VALIDATION_FAILED', async () => {
      expectError(await referrals.post(p, person()), 400, 'VALIDATION_FAILED');
      expectError(await referrals.post(p, { ...person(), affiliateId: '' }), 400, 'VALIDATION_FAILED');
      expectError(await referrals.post(p, { ...person(), affiliateId: null, affiliateEmail: null, promoCode: null }), 400, 'VALIDATION_FAILED');
    });

    test('more than one identifier: 400 VALIDATION_FAILED', async () => {
      const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id });
      const combos = [
        { affiliateId: a.id, affiliateEmail: a.email },
        { affiliateId: a.id, promoCode: code.code },
        { affiliateEmail: a.email, promoCode: code.code },
        { affiliateId: a.id, affiliateEmail: a.email, promoCode: code.code },
      ];
      for (const ids of combos) {
        const res = await referrals.post(p, { ...person(), ...ids });
        expect({ ids, status: res.status, code: res.body?.code }).toEqual({ ids, status: 400, code: 'VALIDATION_FAILED' });
      }
      // The code was not redeemed by any of the refused requests.
      expect((await redemptions(p, code.code)).code).toBe(0);
    });

    test.each(['name', 'email', 'referredUserExternalId'])('%s missing, null or blank: 400 VALIDATION_FAILED naming it', async (field) => {
      for (const value of [undefined, null, '', '   ']) {
        const body: Record<string, unknown> = { affiliateId: a.id, ...person() };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const res = await referrals.post(p, body);
        expect({ field, value, status: res.status, code: res.body?.code }).toEqual({ field, value, status: 400, code: 'VALIDATION_FAILED' });
        expect(res.body.error).toContain(field);
      }
    });

    test('an empty body lists every missing field', async () => {
      const res = await referrals.post(p, {});
      expectError(res, 400, 'VALIDATION_FAILED');
      const fields = (res.body.details ?? []).map((d: any) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'referredUserExternalId']));
    });

    test('an invalid email: 400 VALIDATION_FAILED', async () => {
      for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com']) {
        const res = await referrals.post(p, { affiliateId: a.id, ...person({ email }) });
        expect({ email, status: res.status, code: res.body?.code }).toEqual({ email, status: 400, code: 'VALIDATION_FAILED' });
      }
    });

    test('an unlisted field: 400 VALIDATION_FAILED naming it', async () => {
      for (const extra of [
        { subscriptionStatus: 'trialing' },
        { status: 'active' },
        { linkId: randomUUID() },
        { id: randomUUID() },
        { clickId: 1 },
        { referralId: randomUUID() },
        { foo: 'bar' },
      ]) {
        const res = await referrals.post(p, { affiliateId: a.id, ...person(), ...extra });
        const field = Object.keys(extra)[0];
        expect({ field, status: res.status, code: res.body?.code }).toEqual({ field, status: 400, code: 'VALIDATION_FAILED' });
        expect(res.body.error).toContain(field);
      }
    });

    test('wrong types: 400 VALIDATION_FAILED', async () => {
      const cases: Array<Record<string, unknown>> = [
        { affiliateId: 123 },
        { affiliateId: [a.id] },
        { affiliateId: { id: a.id } },
        { affiliateId: true },
        { affiliateEmail: 42 },
        { promoCode: 7 },
        { affiliateId: a.id, name: 5 },
        { affiliateId: a.id, email: ['x@example.com'] },
        { affiliateId: a.id, referredUserExternalId: 12345 },
      ];
      for (const c of cases) {
        const res = await referrals.post(p, { ...person(), ...c });
        expect({ c, status: res.status, code: res.body?.code }).toEqual({ c, status: 400, code: 'VALIDATION_FAILED' });
      }
    });

    test('too long values: 400, not 500', async () => {
      for (const c of [{ name: 'n'.repeat(201) }, { referredUserExternalId: 'x'.repeat(201) }, { affiliateId: 'a'.repeat(5000) }]) {
        const res = await referrals.post(p, { affiliateId: a.id, ...person(), ...c });
        expect({ field: Object.keys(c)[0], status: res.status }).toEqual({ field: Object.keys(c)[0], status: 400 });
      }
    });

    test('malformed JSON, a JSON array, a JSON string: 400 VALIDATION_FAILED', async () => {
      for (const rawBody of ['{"affiliateId": ', '{name: "x"}', '[]', JSON.stringify([{ affiliateId: a.id, ...person() }]), '"text"', 'null-ish']) {
        const res = await referrals('POST', { token: p.key, rawBody });
        expect({ rawBody, status: res.status, code: res.body?.code }).toEqual({ rawBody, status: 400, code: 'VALIDATION_FAILED' });
      }
    });

    test('none of the refused requests recorded a referral or an event', async () => {
      expect(await rowCount('referrals', p.programId)).toBe(before);
      expect(await eventCount(p.programId, 'referral.')).toBe(beforeEvents);
    });
  });

  describe('events', () => {
    test('referral.created is recorded once with data equal to the REST response body', async () => {
      const r = await createReferral(p, { affiliateId: secondSlug });
      const rows = await events(p.programId, 'referral.created', r.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].data).toEqual(r);
    });

    test('referral.created for a click-attributed referral carries the clickId', async () => {
      const clickId = await recordClick(p, firstSlug);
      const r = await createReferral(p, { affiliateId: String(clickId) });
      const rows = await events(p.programId, 'referral.created', r.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].data).toEqual(r);
      expect(rows[0].data.clickId).toBe(clickId);
    });

    test('one referral.created per referral created', async () => {
      const created = await events(p.programId, 'referral.created');
      expect(created.length).toBe(await rowCount('referrals', p.programId));
    });
  });

  describe('promotional codes', () => {
    let coupon: any;

    const q = useProgram(() => program());
    const ownerSlug = slug('owner');
    const owner = useAffiliate(() => createAffiliate(q, { affiliateLink: ownerSlug }));
    beforeAll(async () => {
      await createLink(q, { link: slug('owner-second'), affiliateId: owner.id });
      coupon = await createCoupon(q);
    });

    test("credits the code's affiliate on its first link, sets promoCode, increments the code and coupon counters", async () => {
      const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id });
      const before = await redemptions(q, code.code);
      const beforeCounters = await referralCounters(q, owner.id);
      const body = person();
      const res = await referrals.post(q, { promoCode: code.code, ...body });
      expect(res.status).toBe(200);
      const firstLink = await linkBySlug(q, ownerSlug);
      expectReferral(res.body, {
        ...body,
        affiliateId: owner.id,
        linkId: firstLink.id,
        clickId: null,
        promoCode: code.code,
        subscriptionStatus: 'active',
        status: 'active',
      });
      expect(await redemptions(q, code.code)).toEqual({ code: before.code + 1, coupon: before.coupon + 1 });
      const after = await referralCounters(q, owner.id);
      expect(after.numberOfReferredUsers).toBe(beforeCounters.numberOfReferredUsers + 1);
      expect(after.links[ownerSlug]).toBe(beforeCounters.links[ownerSlug] + 1);
      const rows = await events(q.programId, 'referral.created', res.body.id);
      expect(rows.map((e) => e.data)).toEqual([res.body]);
    });

    test('each use counts: three referrals with the code make timesRedeemed 3', async () => {
      const k = await createCoupon(q);
      const code = await createCode(q, { couponId: k.id, affiliateId: owner.id });
      for (let i = 0; i < 3; i++) await createReferral(q, { promoCode: code.code });
      expect(await redemptions(q, code.code)).toEqual({ code: 3, coupon: 3 });
    });

    describe('refused redemptions: 400, nothing recorded, no counter moves', () => {
      /** Sends POST /referrals with the code and checks the 400 and that nothing at all changed. */
      async function expectRefused(code: string, body: Record<string, unknown> = {}, others: string[] = []) {
        const beforeReferrals = await rowCount('referrals', q.programId);
        const beforeEvents = await eventCount(q.programId, 'referral.');
        const beforeCounters = await referralCounters(q, owner.id);
        const known = await call('GET', '/promotional-codes', { token: q.key, query: { code } });
        const beforeRedemptions = known.body ? await redemptions(q, code) : null;
        const beforeOthers = await Promise.all(others.map((c) => redemptions(q, c)));
        const res = await referrals.post(q, { promoCode: code, ...person(), ...body });
        expectError(res, 400, 'VALIDATION_FAILED');
        expect(await rowCount('referrals', q.programId)).toBe(beforeReferrals);
        expect(await eventCount(q.programId, 'referral.')).toBe(beforeEvents);
        expect(await referralCounters(q, owner.id)).toEqual(beforeCounters);
        if (beforeRedemptions) expect(await redemptions(q, code)).toEqual(beforeRedemptions);
        expect(await Promise.all(others.map((c) => redemptions(q, c)))).toEqual(beforeOthers);
        return res;
      }

      test('unknown code', async () => {
        await expectRefused(`NOPE-${uniq()}`);
      });

      test('inactive code (PUT /promotional-codes active false)', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id });
        const put = await call('PUT', '/promotional-codes', { token: q.key, body: { promotionalCodeId: code.id, active: false } });
        expect(put.status).toBe(200);
        expect(put.body.active).toBe(false);
        await expectRefused(code.code);
      });

      test('expired code (expiresAt in the past)', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, expiresAt: new Date(Date.now() - 60_000).toISOString() });
        await expectRefused(code.code);
      });

      test('a code expiring in the future is accepted', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
        const r = await createReferral(q, { promoCode: code.code });
        expect(r.promoCode).toBe(code.code);
      });

      test('code at its maxRedemptions', async () => {
        const k = await createCoupon(q);
        const code = await createCode(q, { couponId: k.id, affiliateId: owner.id, maxRedemptions: 2 });
        await createReferral(q, { promoCode: code.code });
        await createReferral(q, { promoCode: code.code });
        expect(await redemptions(q, code.code)).toEqual({ code: 2, coupon: 2 });
        await expectRefused(code.code);
        expect(await redemptions(q, code.code)).toEqual({ code: 2, coupon: 2 });
      });

      test('coupon at its maxRedemptions (reached through another code of the coupon)', async () => {
        const k = await createCoupon(q, { maxRedemptions: 1 });
        const first = await createCode(q, { couponId: k.id, affiliateId: owner.id });
        const second = await createCode(q, { couponId: k.id, affiliateId: owner.id });
        await createReferral(q, { promoCode: first.code });
        expect(await redemptions(q, first.code)).toEqual({ code: 1, coupon: 1 });
        await expectRefused(second.code, {}, [first.code]);
        expect(await redemptions(q, second.code)).toEqual({ code: 0, coupon: 1 });
      });

      test('coupon no longer valid (PUT /coupons valid false)', async () => {
        const k = await createCoupon(q);
        const code = await createCode(q, { couponId: k.id, affiliateId: owner.id });
        const put = await call('PUT', '/coupons', { token: q.key, body: { couponId: k.id, valid: false } });
        expect(put.status).toBe(200);
        expect(put.body.valid).toBe(false);
        await expectRefused(code.code);
      });

      test('code without an affiliate', async () => {
        const code = await createCode(q, { couponId: coupon.id });
        expect(code.affiliateId).toBeNull();
        await expectRefused(code.code);
      });

      test('limitToCustomers with another customerId (compared with referredUserExternalId); the customer itself is accepted', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, limitToCustomers: true, customerId: `cust-${uniq()}` });
        await expectRefused(code.code, { referredUserExternalId: `someone-else-${uniq()}` });
        const ok = await createReferral(q, { promoCode: code.code, referredUserExternalId: code.customerId });
        expect(ok.promoCode).toBe(code.code);
        expect(ok.referredUserExternalId).toBe(code.customerId);
      });

      test('firstTimeOrder with a returning referral email; a new person is accepted', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, firstTimeOrder: true });
        const returning = person();
        await createReferral(q, { affiliateId: owner.id, ...returning });
        await expectRefused(code.code, { email: returning.email });
        const fresh = await createReferral(q, { promoCode: code.code });
        expect(fresh.promoCode).toBe(code.code);
      });

      test('firstTimeOrder: the returning email is recognised in any letter case (emails match case-insensitively everywhere else)', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, firstTimeOrder: true });
        const returning = person();
        await createReferral(q, { affiliateId: owner.id, ...returning });
        await expectRefused(code.code, { email: returning.email.toUpperCase() });
      });

      test('a code of another program is unknown here', async () => {
        const other = await program();
        const otherOwner = await createAffiliate(other);
        const otherCode = await createCode(other, { couponId: (await createCoupon(other)).id, affiliateId: otherOwner.id });
        await expectRefused(otherCode.code);
        expect(await redemptions(other, otherCode.code)).toEqual({ code: 0, coupon: 0 });
      });
    });

    test('the monthly limit refuses before the code is redeemed: its counters do not move', async () => {
      const lp = await program({ monthlyReferralLimit: 1 });
      const la = await createAffiliate(lp);
      const code = await createCode(lp, { couponId: (await createCoupon(lp)).id, affiliateId: la.id });
      await createReferral(lp, { promoCode: code.code });
      const res = await referrals.post(lp, { promoCode: code.code, ...person() });
      expectError(res, 400, 'LIMIT_REACHED');
      expect(await redemptions(lp, code.code)).toEqual({ code: 1, coupon: 1 });
    });
  });
});

testNoServerErrors(seen);
