import fc from 'fast-check';
import { assertValidCode, composeCode, randomChars, sanitizePiece, storedRandomCharsLength } from '../../src/modules/promo-codes/code-generator';
import { redemptionRefusal, type RedeemableCode, type RedeemableCoupon } from '../../src/modules/promo-codes/redemption.rules';
import { assertCouponState, discountPiece } from '../../src/modules/coupons/coupon.rules';
import { monthStart, referralStatus } from '../../src/modules/referrals/referral.rules';
import { DomainError } from '../../src/common/errors';
import { SUBSCRIPTION_STATUSES } from '../helpers/shapes';

const sources = { firstName: 'Zoë', lastName: "O'Neil", email: 'zoe.oneil+promo@example.com', discountAmount: '20', couponName: 'Spring Sale' };
const fixed = () => 0; // always the first character of the alphabet

describe('composeCode', () => {
  test.each([
    [{ firstName: true }, 'Zoe'],
    [{ lastName: true }, 'ONeil'],
    [{ email: true }, 'zoeoneilpromo'],
    [{ discountAmount: true }, '20'],
    [{ couponName: true }, 'SpringSale'],
    [{ randomChars: true }, 'AAAA'],
    [{ firstName: true, lastName: true, email: true, discountAmount: true, couponName: true, randomChars: true }, 'ZoeONeilzoeoneilpromo20SpringSaleAAAA'],
  ])('pieces %j → %s (fixed order, case kept, non-alphanumerics dropped)', (structure, expected) => {
    expect(composeCode(structure, sources, { randomCharsCase: 'uppercase' }, fixed)).toBe(expected);
  });

  test('prefix comes first; random length defaults to 4 and follows its case', () => {
    expect(composeCode({ firstName: true, randomChars: true }, sources, { prefix: 'VIP-' }, fixed)).toBe('VIPZoeAAAA');
    expect(composeCode({ randomChars: true }, sources, { randomCharsLength: 7, randomCharsCase: 'lowercase' }, fixed)).toBe('aaaaaaa');
  });

  test('random characters use the alphabet of their case', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 32 }),
        fc.constantFrom('uppercase', 'lowercase', 'mixed') as fc.Arbitrary<'uppercase' | 'lowercase' | 'mixed'>,
        (n, c) => {
          const s = randomChars(n, c);
          const re = c === 'uppercase' ? /^[A-Z0-9]+$/ : c === 'lowercase' ? /^[a-z0-9]+$/ : /^[A-Za-z0-9]+$/;
          return s.length === n && re.test(s);
        },
      ),
    );
  });

  test('an empty result or an over-long code is a 400', () => {
    expect(() => composeCode({}, sources, {})).toThrow(DomainError);
    expect(() => composeCode({ firstName: true }, { firstName: '---' }, {})).toThrow(/empty/);
    expect(() => composeCode({ couponName: true }, { couponName: 'x'.repeat(80) }, {})).toThrow(/longer/);
  });

  // A request's randomCharsLength is checked at the edge; a stored rule's (the table admits 0) before it generates.
  test('a stored rule generates with 1 to 32 random characters, else a 400', () => {
    for (const n of [1, 4, 32]) expect(storedRandomCharsLength(n)).toBe(n);
    for (const n of [0, 33, 2.5]) expect(() => storedRandomCharsLength(n)).toThrow('randomCharsLength must be an integer from 1 to 32');
  });

  test('every generated code is a valid code', () => {
    fc.assert(
      fc.property(
        fc.record({ firstName: fc.boolean(), lastName: fc.boolean(), email: fc.boolean(), randomChars: fc.constant(true) }),
        fc.string(),
        fc.string(),
        (structure, first, last) => {
          const code = composeCode(structure, { firstName: first.slice(0, 20), lastName: last.slice(0, 20), email: 'a@b.co' }, {});
          assertValidCode(code);
          return true;
        },
      ),
    );
  });

  test('sanitizePiece keeps letters and digits only', () => {
    expect(sanitizePiece('Ünïcödé 12-3!')).toBe('Unicode123');
    expect(sanitizePiece('Søren')).toBe('Sren'); // no ASCII decomposition: dropped, never a non-ASCII code
    expect(sanitizePiece(null)).toBe('');
  });
});

describe('redemptionRefusal', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const code: RedeemableCode = {
    active: true,
    expiresAt: null,
    maxRedemptions: null,
    timesRedeemed: 0,
    affiliateId: 'a1',
    limitToAffiliate: false,
    firstTimeOrder: false,
    minimumAmount: null,
    limitToCustomers: false,
    customerId: null,
  };
  const coupon: RedeemableCoupon = { valid: true, redeemBy: null, maxRedemptions: null, timesRedeemed: 0 };

  test('a plain code is redeemable', () => expect(redemptionRefusal(code, coupon, { now })).toBeNull());
  test.each([
    [{ active: false }, {}, {}, /inactive/],
    [{ expiresAt: new Date('2026-05-31T23:59:59Z') }, {}, {}, /expired/],
    [{}, { valid: false }, {}, /no longer valid/],
    [{}, { redeemBy: new Date('2026-06-01T00:00:00Z') }, {}, /redeem-by/],
    [{ maxRedemptions: 3, timesRedeemed: 3 }, {}, {}, /redemption limit/],
    [{}, { maxRedemptions: 1, timesRedeemed: 1 }, {}, /coupon has reached/],
    [{ affiliateId: null }, {}, {}, /no affiliate/],
    [{ limitToAffiliate: true }, {}, { affiliateId: 'other' }, /its affiliate/],
    [{ firstTimeOrder: true }, {}, { returningCustomer: true }, /first-time/],
    [{ minimumAmount: '50' }, {}, { amount: 49.99 }, /minimum/],
    [{ limitToCustomers: true, customerId: 'cus_1' }, {}, { customerId: 'cus_2' }, /another customer/],
  ])('code %j coupon %j facts %j → refused', (c, k, f, message) => {
    expect(redemptionRefusal({ ...code, ...c }, { ...coupon, ...k }, { now, ...f })).toMatch(message);
  });
  test('restrictions whose facts the request does not carry do not block', () => {
    expect(
      redemptionRefusal({ ...code, limitToAffiliate: true, firstTimeOrder: true, minimumAmount: '50', limitToCustomers: true, customerId: 'c' }, coupon, {
        now,
      }),
    ).toBeNull();
    expect(redemptionRefusal({ ...code, expiresAt: new Date('2026-06-01T00:00:01Z'), maxRedemptions: 3, timesRedeemed: 2 }, coupon, { now })).toBeNull();
  });
});

describe('coupon rules', () => {
  const base = { couponType: 'PERCENTAGE' as const, percentOff: 20, amountOff: null, currency: null, duration: 'forever' as const, durationInMonths: null };
  test('valid states pass', () => {
    expect(() => assertCouponState(base)).not.toThrow();
    expect(() => assertCouponState({ ...base, couponType: 'FLAT', percentOff: null, amountOff: 5, currency: 'EUR' })).not.toThrow();
    expect(() => assertCouponState({ ...base, duration: 'repeating', durationInMonths: 3 })).not.toThrow();
  });
  // The range of each value (percentOff 1..100, amountOff > 0, durationInMonths 1..1200) is the edge's check.
  test.each([
    [{ percentOff: null }, /percentOff is required/],
    [{ percentOff: 12.34567 }, /percentOff may have at most 4 decimal places/],
    [{ couponType: 'FLAT', amountOff: null, currency: 'USD' }, /amountOff is required/],
    [{ couponType: 'FLAT', amountOff: 5.0000001, currency: 'USD' }, /amountOff may have at most 6 decimal places/],
    [{ couponType: 'FLAT', amountOff: 5, currency: null }, /currency is required/],
    [{ duration: 'repeating' }, /durationInMonths is required/],
  ])('%j is refused', (change, message) => {
    expect(() => assertCouponState({ ...base, ...change } as never)).toThrow(message);
  });
  test('discountPiece', () => {
    expect(discountPiece({ couponType: 'PERCENTAGE', percentOff: '20.0000', amountOff: null })).toBe('20');
    expect(discountPiece({ couponType: 'PERCENTAGE', percentOff: '12.5000', amountOff: null })).toBe('125');
    expect(discountPiece({ couponType: 'FLAT', percentOff: null, amountOff: '10.000000' })).toBe('10');
  });
});

describe('referral rules', () => {
  test.each(SUBSCRIPTION_STATUSES)('subscriptionStatus %s → status %s', (s, expected) => expect(referralStatus(s)).toBe(expected));
  test('the monthly window starts on the 1st, 00:00 UTC', () => {
    expect(monthStart(new Date('2026-03-31T23:59:59Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(monthStart(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
