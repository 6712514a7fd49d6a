/**
 * Spec 4.6 (sales) over HTTP against the real app on a real PostgreSQL.
 * POST /sales. Who a sale is credited to (referral UUID, affiliate
 * UUID, link slug, click id, referral email, promo code, and their precedence), the full sale in the answer and in
 * sale.created, and the requests that are refused with nothing recorded.
 */
import { randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { restClient } from '../../../helpers/rest-client';
import { personEmail, uniq } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';
import { expectSale } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const {
  seen,
  call,
  program,
  affiliateWithTwoLinks,
  sql,
  rowCount,
  events,
  eventCount,
  createAffiliate,
  linkBySlug,
  recordClick,
  createReferral,
  recordSale,
  saleById,
  createCoupon,
  createCode,
  redemptions,
  totals,
} = api;
const sales = api.endpoint('/sales');

describe('POST /sales: who is credited', () => {
  let a: any;
  let firstSlug: string;
  let secondSlug: string;
  let firstLink: any;
  let secondLink: any;

  const p = useProgram(() => program());
  beforeAll(async () => {
    ({ a, firstSlug, secondSlug, secondLink } = await affiliateWithTwoLinks(p));
    firstLink = await linkBySlug(p, firstSlug);
  });

  test('by referral UUID: 200 with the full sale; name and email taken from the referral; its affiliate and link', async () => {
    const r = await createReferral(p, { affiliateId: secondSlug });
    const before = await totals(p, a.id, secondSlug);
    const res = await sales.post(p, { referralId: r.id, totalEarned: 100 });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expectSale(res.body, {
      externalId: null,
      externalInvoiceId: null,
      affiliateId: a.id,
      referralId: r.id,
      linkId: secondLink.id,
      promoCode: null,
      name: r.name,
      email: r.email,
      currency: 'USD',
      totalEarned: 100,
      tax: null,
      shipping: null,
      commissionRate: 20,
      commissionEarned: 20,
      commissionStatus: 'approved',
      refunded: false,
      refundedAt: null,
    });
    const after = await totals(p, a.id, secondSlug);
    expect(after).toEqual({ sales: before.sales + 1, totalRevenue: before.totalRevenue + 100, totalCommissionEarned: before.totalCommissionEarned + 20 });
    expect((await linkBySlug(p, firstSlug)).sales).toBe(firstLink.sales);
  });

  test('by referral UUID with name and email sent: the sent values are kept', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const email = personEmail('sent');
    const s = await recordSale(p, { referralId: r.id, name: 'Sent Name', email, totalEarned: 50 });
    expectSale(s, { referralId: r.id, affiliateId: a.id, name: 'Sent Name', email, commissionEarned: 10 });
  });

  test('by referral UUID, only one of name/email sent: the other comes from the referral', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const s1 = await recordSale(p, { referralId: r.id, name: 'Only Name', totalEarned: 10 });
    expect({ name: s1.name, email: s1.email }).toEqual({ name: 'Only Name', email: r.email });
    const email = personEmail('only');
    const s2 = await recordSale(p, { referralId: r.id, email, totalEarned: 10 });
    expect({ name: s2.name, email: s2.email }).toEqual({ name: r.name, email });
  });

  test("by affiliate UUID: credited on the affiliate's first link, no referral", async () => {
    const email = personEmail();
    const before = await totals(p, a.id, firstSlug);
    const s = await recordSale(p, { referralId: a.id, name: 'Buyer One', email, totalEarned: 40 });
    expectSale(s, { affiliateId: a.id, referralId: null, linkId: firstLink.id, name: 'Buyer One', email, totalEarned: 40, commissionEarned: 8 });
    expect(await totals(p, a.id, firstSlug)).toEqual({
      sales: before.sales + 1,
      totalRevenue: before.totalRevenue + 40,
      totalCommissionEarned: before.totalCommissionEarned + 8,
    });
  });

  test('by link slug: credited on that link', async () => {
    const before = await totals(p, a.id, secondSlug);
    const s = await recordSale(p, { referralId: secondSlug, name: 'Buyer Two', email: personEmail(), totalEarned: 10 });
    expectSale(s, { affiliateId: a.id, referralId: null, linkId: secondLink.id, commissionEarned: 2 });
    const after = await totals(p, a.id, secondSlug);
    expect(after.sales).toBe(before.sales + 1);
    expect(after.totalRevenue).toBe(before.totalRevenue + 10);
  });

  test("by numeric click id: the click's affiliate and link", async () => {
    const clickId = await recordClick(p, secondSlug);
    const before = await totals(p, a.id, secondSlug);
    const s = await recordSale(p, { referralId: String(clickId), name: 'Buyer Three', email: personEmail(), totalEarned: 10 });
    expectSale(s, { affiliateId: a.id, referralId: null, linkId: secondLink.id });
    expect((await totals(p, a.id, secondSlug)).sales).toBe(before.sales + 1);
  });

  test('by email of an existing referral (any case): that referral, its affiliate and link; name from the referral', async () => {
    const b = await createAffiliate(p);
    const bLinkSlug = b.affiliateLinks[0];
    const bLink = await linkBySlug(p, bLinkSlug);
    const r = await createReferral(p, { affiliateId: b.id });
    const s = await recordSale(p, { email: r.email.toUpperCase(), totalEarned: 30 });
    expectSale(s, { affiliateId: b.id, referralId: r.id, linkId: bLink.id, name: r.name, commissionEarned: 6 });
    expect(s.email.toLowerCase()).toBe(r.email.toLowerCase());
    expect(await totals(p, b.id, bLinkSlug)).toEqual({ sales: 1, totalRevenue: 30, totalCommissionEarned: 6 });
  });

  test("by promoCode: the code's affiliate on its first link; promoCode set; code and coupon counters +1", async () => {
    const owner = await createAffiliate(p);
    const ownerLink = await linkBySlug(p, owner.affiliateLinks[0]);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: owner.id });
    const email = personEmail();
    const s = await recordSale(p, { promoCode: code.code, name: 'Promo Buyer', email, totalEarned: 80 });
    expectSale(s, { affiliateId: owner.id, referralId: null, linkId: ownerLink.id, promoCode: code.code, name: 'Promo Buyer', email, commissionEarned: 16 });
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
    expect(await totals(p, owner.id, owner.affiliateLinks[0])).toEqual({ sales: 1, totalRevenue: 80, totalCommissionEarned: 16 });
  });

  test('UUIDs and slugs in another case identify the same referral, affiliate and link', async () => {
    const r = await createReferral(p, { affiliateId: secondSlug });
    const byRef = await recordSale(p, { referralId: r.id.toUpperCase(), totalEarned: 10 });
    expect({ referralId: byRef.referralId, affiliateId: byRef.affiliateId, linkId: byRef.linkId }).toEqual({
      referralId: r.id,
      affiliateId: a.id,
      linkId: secondLink.id,
    });
    const byAff = await recordSale(p, { referralId: a.id.toUpperCase(), name: 'X', email: personEmail(), totalEarned: 10 });
    expect({ affiliateId: byAff.affiliateId, linkId: byAff.linkId }).toEqual({ affiliateId: a.id, linkId: firstLink.id });
    const bySlug = await recordSale(p, { referralId: secondSlug.toUpperCase(), name: 'X', email: personEmail(), totalEarned: 10 });
    expect({ affiliateId: bySlug.affiliateId, linkId: bySlug.linkId }).toEqual({ affiliateId: a.id, linkId: secondLink.id });
  });

  test('precedence: referralId wins over email', async () => {
    const b = await createAffiliate(p);
    const rb = await createReferral(p, { affiliateId: b.id });
    const ra = await createReferral(p, { affiliateId: a.id });
    const s = await recordSale(p, { referralId: ra.id, email: rb.email, totalEarned: 10 });
    expect({ affiliateId: s.affiliateId, referralId: s.referralId, name: s.name, email: s.email }).toEqual({
      affiliateId: a.id,
      referralId: ra.id,
      name: ra.name,
      email: rb.email,
    });
  });

  test('precedence: referralId wins over promoCode, and the code beside it is still validated and redeemed', async () => {
    const b = await createAffiliate(p);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: b.id });
    const s = await recordSale(p, { referralId: a.id, promoCode: code.code, name: 'X', email: personEmail(), totalEarned: 10 });
    expect({ affiliateId: s.affiliateId, promoCode: s.promoCode, linkId: s.linkId }).toEqual({ affiliateId: a.id, promoCode: code.code, linkId: firstLink.id });
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test('precedence: email (a referral) wins over promoCode; the code is redeemed', async () => {
    const b = await createAffiliate(p);
    const r = await createReferral(p, { affiliateId: a.id });
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: b.id });
    const s = await recordSale(p, { email: r.email, promoCode: code.code, totalEarned: 10 });
    expect({ affiliateId: s.affiliateId, referralId: s.referralId, promoCode: s.promoCode }).toEqual({
      affiliateId: a.id,
      referralId: r.id,
      promoCode: code.code,
    });
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test("email matching no referral beside a promoCode: the code's affiliate is credited", async () => {
    const b = await createAffiliate(p);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: b.id });
    const email = personEmail('noref');
    const s = await recordSale(p, { email, name: 'New Customer', promoCode: code.code, totalEarned: 10 });
    expect({ affiliateId: s.affiliateId, referralId: s.referralId, email: s.email, promoCode: s.promoCode }).toEqual({
      affiliateId: b.id,
      referralId: null,
      email,
      promoCode: code.code,
    });
  });

  test('a limitToAffiliate code beside another owner: 400, nothing recorded, no counter moves', async () => {
    const b = await createAffiliate(p);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: b.id, limitToAffiliate: true });
    const before = await rowCount('sales', p.programId);
    const beforeTotals = await totals(p, a.id, firstSlug);
    const res = await sales.post(p, { referralId: a.id, promoCode: code.code, name: 'X', email: personEmail(), totalEarned: 10 });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(await rowCount('sales', p.programId)).toBe(before);
    expect(await redemptions(p, code.code)).toEqual({ code: 0, coupon: 0 });
    expect(await totals(p, a.id, firstSlug)).toEqual(beforeTotals);
    // its own affiliate may use it
    const ok = await recordSale(p, { referralId: b.id, promoCode: code.code, name: 'X', email: personEmail(), totalEarned: 10 });
    expect(ok.affiliateId).toBe(b.id);
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test('nothing resolves an affiliate: 200 with null; nothing recorded, no event, no counter', async () => {
    const before = await rowCount('sales', p.programId);
    const beforeCommissions = await rowCount('commissions', p.programId);
    const beforeEvents = await eventCount(p.programId, 'sale.');
    const beforeTotals = await totals(p, a.id, firstSlug);
    const unknownClick = 9_000_000_000 + Math.floor(Math.random() * 1000);
    for (const ids of [
      { referralId: randomUUID() },
      { referralId: 'no-such-slug-anywhere' },
      { referralId: String(unknownClick) },
      { email: personEmail('nobody') },
    ]) {
      const res = await sales.post(p, { ...ids, name: 'Nobody', email: (ids as any).email ?? personEmail(), totalEarned: 25 });
      expect({ ids, status: res.status, body: res.body }).toEqual({ ids, status: 200, body: null });
      expect(res.text).toBe('null');
    }
    expect(await rowCount('sales', p.programId)).toBe(before);
    expect(await rowCount('commissions', p.programId)).toBe(beforeCommissions);
    expect(await eventCount(p.programId, 'sale.')).toBe(beforeEvents);
    expect(await totals(p, a.id, firstSlug)).toEqual(beforeTotals);
  });

  test('sale.created is recorded once per sale with data equal to the REST body', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const s = await recordSale(p, {
      referralId: r.id,
      totalEarned: 12.34,
      tax: 1,
      shipping: 2,
      externalId: `ext-${uniq()}`,
      externalInvoiceId: `inv-${uniq()}`,
    });
    const rows = await events(p.programId, 'sale.created', s.id);
    expect(rows.map((e) => e.data)).toEqual([s]);
    expect(await saleById(p, s.id)).toEqual(s);
  });

  test('one sale.created per sale recorded, one commission per sale', async () => {
    expect((await events(p.programId, 'sale.created')).length).toBe(await rowCount('sales', p.programId));
    expect(await rowCount('commissions', p.programId)).toBe(await rowCount('sales', p.programId));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('POST /sales: refused requests (400, nothing recorded)', () => {
  let r: any;
  let coupon: any;
  let before: number;
  let beforeEvents: number;

  const p = useProgram(() => program());
  const a = useAffiliate(() => createAffiliate(p));
  beforeAll(async () => {
    r = await createReferral(p, { affiliateId: a.id });
    coupon = await createCoupon(p);
    before = await rowCount('sales', p.programId);
    beforeEvents = await eventCount(p.programId, 'sale.');
  });

  const valid = () => ({ referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 10 });

  test('none of referralId, email, promoCode: 400 VALIDATION_FAILED', async () => {
    expectError(await sales.post(p, { name: 'Buyer', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await sales.post(p, { referralId: '', name: 'Buyer', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await sales.post(p, { referralId: null, email: null, promoCode: null, name: 'Buyer', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await sales.post(p, { referralId: '   ', promoCode: '  ', name: 'Buyer', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
  });

  test('totalEarned missing, null or zero: 400 naming it', async () => {
    for (const totalEarned of [undefined, null, 0, -0, 0.0000001]) {
      const body: Record<string, unknown> = { ...valid(), totalEarned };
      if (totalEarned === undefined) delete body.totalEarned;
      const res = await sales.post(p, body);
      expect({ totalEarned, status: res.status, code: res.body?.code }).toEqual({ totalEarned, status: 400, code: 'VALIDATION_FAILED' });
      if (totalEarned !== 0.0000001) expect(res.body.error).toContain('totalEarned');
    }
  });

  test('name missing with an affiliate owner (nothing to take it from): 400 naming it', async () => {
    for (const name of [undefined, null, '', '   ']) {
      const body: Record<string, unknown> = { ...valid(), name };
      if (name === undefined) delete body.name;
      const res = await sales.post(p, body);
      expect({ name, status: res.status, code: res.body?.code }).toEqual({ name, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.error).toContain('name');
    }
  });

  test('email missing with an affiliate or slug owner: 400 naming it', async () => {
    for (const referralId of [a.id, a.affiliateLinks[0]]) {
      const res = await sales.post(p, { referralId, name: 'Buyer', totalEarned: 10 });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.body.error).toContain('email');
    }
  });

  test('name or email missing is a 400 even when no owner resolves', async () => {
    expectError(await sales.post(p, { referralId: randomUUID(), totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await sales.post(p, { referralId: randomUUID(), name: 'X', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await sales.post(p, { email: personEmail('none'), totalEarned: 10 }), 400, 'VALIDATION_FAILED');
  });

  test('an invalid email: 400', async () => {
    for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com']) {
      const res = await sales.post(p, { ...valid(), email });
      expect({ email, status: res.status, code: res.body?.code }).toEqual({ email, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('wrong types and out-of-range values: 400', async () => {
    const cases: Array<Record<string, unknown>> = [
      { totalEarned: '10' },
      { totalEarned: [10] },
      { totalEarned: true },
      { tax: '1' },
      { tax: -1 },
      { shipping: -0.5 },
      { shipping: 'x' },
      { commissionRate: 101 },
      { commissionRate: -1 },
      { commissionRate: '10' },
      { totalEarned: 1.0000001 },
      { totalEarned: 1e13 },
      { referralId: 123 },
      { referralId: [a.id] },
      { promoCode: 7 },
      { name: 5 },
      { email: ['x@example.com'] },
      { externalId: 5 },
      { externalInvoiceId: {} },
      { externalId: 'x'.repeat(201) },
    ];
    for (const c of cases) {
      const res = await sales.post(p, { ...valid(), ...c });
      expect({ c, status: res.status, code: res.body?.code }).toEqual({ c, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('an unlisted field: 400 naming it', async () => {
    for (const extra of [
      { id: 5 },
      { saleId: 5 },
      { affiliateId: a.id },
      { commissionEarned: 3 },
      { refunded: true },
      { currency: 'EUR' },
      { linkId: randomUUID() },
      { commissionStatus: 'paid' },
      { foo: 'bar' },
    ]) {
      const res = await sales.post(p, { ...valid(), ...extra });
      const field = Object.keys(extra)[0];
      expect({ field, status: res.status, code: res.body?.code }).toEqual({ field, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.error).toContain(field);
    }
  });

  test('malformed JSON or a non-object body: 400', async () => {
    for (const rawBody of ['{"totalEarned": ', '[]', '"x"', '{totalEarned: 1}']) {
      const res = await sales('POST', { token: p.key, rawBody });
      expect({ rawBody, status: res.status, code: res.body?.code }).toEqual({ rawBody, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  describe('promo codes', () => {
    async function expectRefused(code: string, body: Record<string, unknown> = {}) {
      const known = await call('GET', '/promotional-codes', { token: p.key, query: { code } });
      const beforeRedemptions = known.body ? await redemptions(p, code) : null;
      const res = await sales.post(p, { promoCode: code, name: 'Buyer', email: personEmail(), totalEarned: 10, ...body });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.body.error.toLowerCase()).toContain('promocode');
      if (beforeRedemptions) expect(await redemptions(p, code)).toEqual(beforeRedemptions);
      return res;
    }

    test('unknown code', async () => {
      await expectRefused(`NOPE-${uniq()}`);
    });

    test('inactive code', async () => {
      const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
      expect((await call('PUT', '/promotional-codes', { token: p.key, body: { promotionalCodeId: code.id, active: false } })).status).toBe(200);
      await expectRefused(code.code);
    });

    test('expired code', async () => {
      const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
      await sql(`update promotional_codes set expires_at = now() - interval '1 hour' where id = ?`, [code.id]);
      await expectRefused(code.code);
    });

    test('code at its own limit', async () => {
      const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id, maxRedemptions: 1 });
      await recordSale(p, { promoCode: code.code, name: 'First', email: personEmail(), totalEarned: 10 });
      await expectRefused(code.code);
    });

    test('coupon at its limit or no longer valid', async () => {
      const k = await createCoupon(p);
      const code = await createCode(p, { couponId: k.id, affiliateId: a.id });
      expect((await call('PUT', '/coupons', { token: p.key, body: { couponId: k.id, maxRedemptions: 1 } })).status).toBe(200);
      await recordSale(p, { promoCode: code.code, name: 'First', email: personEmail(), totalEarned: 10 });
      await expectRefused(code.code);
      const k2 = await createCoupon(p);
      const code2 = await createCode(p, { couponId: k2.id, affiliateId: a.id });
      expect((await call('PUT', '/coupons', { token: p.key, body: { couponId: k2.id, valid: false } })).status).toBe(200);
      await expectRefused(code2.code);
    });

    test('code without an affiliate', async () => {
      const code = await createCode(p, { couponId: coupon.id });
      await expectRefused(code.code);
    });

    test('a refused code beside a resolving referralId still refuses the sale', async () => {
      const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
      expect((await call('PUT', '/promotional-codes', { token: p.key, body: { promotionalCodeId: code.id, active: false } })).status).toBe(200);
      await expectRefused(code.code, { referralId: r.id });
    });
  });

  test('none of the refused requests recorded a sale, a commission or an event', async () => {
    // the two "First" sales of the limit tests are the only ones
    expect(await rowCount('sales', p.programId)).toBe(before + 2);
    expect(await rowCount('commissions', p.programId)).toBe(before + 2);
    expect(await eventCount(p.programId, 'sale.')).toBe(beforeEvents + 2);
  });
});

testNoServerErrors(seen);
