/**
 * The resources of the REST API as DESIGN.md shapes them: their keys, and one `expect…` per resource that checks
 * a body has exactly that shape (plus the values a test expects).
 */
import { ISO_MS_RE, ISO_RE, UUID_RE } from './assertions';

// ---------------------------------------------------------------------------------------------------------
// affiliates

/** Every field of the public Affiliate (spec 2 + DESIGN "Affiliate adds"). */
export function expectAffiliateShape(a: any): void {
  expect(a).toEqual({
    id: expect.stringMatching(UUID_RE),
    firstName: expect.any(String),
    lastName: expect.any(String),
    name: `${a.firstName} ${a.lastName}`,
    email: expect.any(String),
    programId: expect.stringMatching(UUID_RE),
    affiliateLinks: expect.any(Array),
    link: null,
    commissionRate: expect.any(Number),
    affiliateStatus: expect.stringMatching(/^(active|pending|inactive|rejected)$/),
    commissionPlanId: a.commissionPlanId === null ? null : expect.stringMatching(UUID_RE),
    affiliateGroupId: a.affiliateGroupId === null ? null : expect.stringMatching(UUID_RE),
    numberOfReferredUsers: expect.any(Number),
    numberOfClicks: expect.any(Number),
    totalCommissionEarned: expect.any(Number),
    createdAt: expect.stringMatching(ISO_RE),
    updatedAt: expect.stringMatching(ISO_RE),
  });
  for (const s of a.affiliateLinks) expect(s).toMatch(/^[A-Za-z0-9-]+$/);
}

/** An affiliate as a promotional code carries it. */
export const affiliateRef = (a: any) => ({ id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email });

// ---------------------------------------------------------------------------------------------------------
// links

/** The base URLs of a program made by createProgram. */
export const DEFAULT_BASE_URLS = ['https://shop.example.com', 'https://example.org/landing?src=aff'];
export const LINK_KEYS = [
  'affiliate',
  'affiliateId',
  'clicks',
  'createdAt',
  'fullURLs',
  'id',
  'link',
  'referrals',
  'sales',
  'totalRevenue',
  'trackingUrl',
  'updatedAt',
];

/** Slugs the API refuses, by what is wrong with them. */
export const BAD_SLUGS: Array<[string, string]> = [
  ['a space', 'has space'],
  ['an underscore', 'under_score'],
  ['a dot', 'dot.ted'],
  ['a slash', 'sla/sh'],
  ['unicode letters', 'café-crème'],
  ['an emoji', 'rocket-🚀'],
];

/** A link's full URLs: one per base URL, the base URL kept as configured with ref=<slug> in its query. */
export function fullUrlsFor(baseUrls: string[], s: string) {
  return baseUrls.map((baseUrl) => ({ baseUrl, fullUrl: baseUrl.includes('?') ? `${baseUrl}&ref=${s}` : `${baseUrl}?ref=${s}` }));
}

/** A server's click URL of a link: <origin>/r/<program id>/<slug>. */
export const trackingUrlOf = (origin: string, programId: string, s: string) => `${origin}/r/${programId}/${s}`;

/** The full DESIGN.md link shape, with all counters zero (a link nobody used), served from `origin`. */
export function expectNewLink(origin: string, l: any, expected: { link: string; affiliate: any; baseUrls?: string[]; id?: string }) {
  expect(Object.keys(l).sort()).toEqual(LINK_KEYS);
  expect(l.id).toMatch(UUID_RE);
  expect(l.trackingUrl).toBe(trackingUrlOf(origin, expected.affiliate.programId, expected.link));
  if (expected.id) expect(l.id).toBe(expected.id);
  expect(l.link).toBe(expected.link);
  expect(l.affiliateId).toBe(expected.affiliate.id);
  expect(l.clicks).toBe(0);
  expect(l.referrals).toBe(0);
  expect(l.sales).toBe(0);
  expect(l.totalRevenue).toBe(0);
  expect(l.fullURLs).toEqual(fullUrlsFor(expected.baseUrls ?? DEFAULT_BASE_URLS, expected.link));
  expect(l.affiliate).toEqual({
    id: expected.affiliate.id,
    name: `${expected.affiliate.firstName} ${expected.affiliate.lastName}`,
    email: expected.affiliate.email,
  });
  expect(l.createdAt).toMatch(ISO_RE);
  expect(l.updatedAt).toMatch(ISO_RE);
}

// ---------------------------------------------------------------------------------------------------------
// clicks

export const CLICK_KEYS = ['affiliateId', 'createdAt', 'id', 'landingUrl', 'link', 'linkId', 'referrer', 'userAgent'];

// ---------------------------------------------------------------------------------------------------------
// referrals

export const REFERRAL_KEYS = [
  'affiliateId',
  'clickId',
  'createdAt',
  'email',
  'id',
  'linkId',
  'name',
  'promoCode',
  'referredUserExternalId',
  'selfReferral',
  'status',
  'subscriptionStatus',
  'updatedAt',
];

/** Each subscriptionStatus with the referral status it gives (spec section 2). */
export const SUBSCRIPTION_STATUSES: Array<[string, 'active' | 'inactive']> = [
  ['active', 'active'],
  ['trialing', 'active'],
  ['past_due', 'inactive'],
  ['canceled', 'inactive'],
  ['unpaid', 'inactive'],
  ['incomplete', 'inactive'],
  ['expired', 'inactive'],
];

/** The DESIGN.md referral shape plus the expected values. */
export function expectReferral(r: any, expected: Record<string, unknown>) {
  expect(r).not.toBeNull();
  expect(Object.keys(r).sort()).toEqual(REFERRAL_KEYS);
  expect(r.id).toMatch(UUID_RE);
  expect(r.createdAt).toMatch(ISO_RE);
  expect(r.updatedAt).toMatch(ISO_RE);
  expect(r).toEqual(expect.objectContaining(expected));
}

// ---------------------------------------------------------------------------------------------------------
// sales

export const SALE_KEYS = [
  'affiliateId',
  'commissionEarned',
  'commissionLimitReached',
  'commissionRate',
  'commissionStatus',
  'createdAt',
  'currency',
  'email',
  'externalId',
  'externalInvoiceId',
  'id',
  'linkId',
  'name',
  'promoCode',
  'referralId',
  'refunded',
  'refundedAt',
  'shipping',
  'tax',
  'totalEarned',
  'updatedAt',
];

/** The DESIGN.md sale shape plus the expected values. */
export function expectSale(s: any, expected: Record<string, unknown> = {}) {
  expect(s).not.toBeNull();
  expect(typeof s).toBe('object');
  expect(Object.keys(s).sort()).toEqual(SALE_KEYS);
  expect(Number.isSafeInteger(s.id)).toBe(true);
  expect(s.id).toBeGreaterThan(0);
  expect(s.affiliateId).toMatch(UUID_RE);
  expect(s.createdAt).toMatch(ISO_RE);
  expect(s.updatedAt).toMatch(ISO_RE);
  expect(typeof s.commissionEarned).toBe('number');
  expect(typeof s.totalEarned).toBe('number');
  expect(typeof s.refunded).toBe('boolean');
  expect(s).toEqual(expect.objectContaining(expected));
}

// ---------------------------------------------------------------------------------------------------------
// coupons and promotional codes

/** The coupon fields of spec section 2, as a promotional code carries its coupon. */
export const COUPON_CORE_KEYS = [
  'affiliateProgramId',
  'amountOff',
  'couponType',
  'createdAt',
  'currency',
  'duration',
  'durationInMonths',
  'externalId',
  'id',
  'integrationType',
  'limitToProducts',
  'maxRedemptions',
  'name',
  'percentOff',
  'productIds',
  'redeemBy',
  'timesRedeemed',
  'updatedAt',
  'valid',
];
export const COUPON_KEYS = [...COUPON_CORE_KEYS, 'promotionalCodes'].sort();
export const COUPON_KEYS_WITH_RULE = [...COUPON_KEYS, 'autoCouponRule'].sort();
/** A promotional code as GET /promotional-codes answers it. */
export const CODE_KEYS = [
  'active',
  'affiliate',
  'affiliateId',
  'code',
  'coupon',
  'couponId',
  'createdAt',
  'customerId',
  'expiresAt',
  'externalId',
  'firstTimeOrder',
  'id',
  'isAutoGenerated',
  'limitToAffiliate',
  'limitToCustomers',
  'maxRedemptions',
  'minimumAmount',
  'minimumAmountCurrency',
  'timesRedeemed',
  'updatedAt',
];
/** A promotional code in its coupon's promotionalCodes: without the nested coupon. */
export const CODE_IN_COUPON_KEYS = CODE_KEYS.filter((k) => k !== 'coupon');

/** The full coupon shape: every core field, promotionalCodes, and autoCouponRule only when expected. */
export function expectCouponShape(c: any, opts: { rule?: boolean } = {}) {
  expect(Object.keys(c).sort()).toEqual(opts.rule ? COUPON_KEYS_WITH_RULE : COUPON_KEYS);
  expect(c.id).toMatch(UUID_RE);
  expect(c.createdAt).toMatch(ISO_MS_RE);
  expect(c.updatedAt).toMatch(ISO_MS_RE);
  expect(Array.isArray(c.promotionalCodes)).toBe(true);
  expect(Array.isArray(c.productIds)).toBe(true);
}

/** The coupon object a code carries: the coupon without promotionalCodes and autoCouponRule. */
export function couponCore(c: any) {
  const { promotionalCodes: _codes, autoCouponRule: _rule, ...rest } = c;
  return rest;
}

/** Full code shape with its coupon (core fields) and affiliate. */
export function expectCodeShape(k: any) {
  expect(Object.keys(k).sort()).toEqual(CODE_KEYS);
  expect(k.id).toMatch(UUID_RE);
  expect(k.createdAt).toMatch(ISO_MS_RE);
  expect(k.updatedAt).toMatch(ISO_MS_RE);
  expect(Object.keys(k.coupon).sort()).toEqual(COUPON_CORE_KEYS);
  expect(k.coupon.id).toBe(k.couponId);
  if (k.affiliate) expect(Object.keys(k.affiliate).sort()).toEqual(['email', 'firstName', 'id', 'lastName']);
}
