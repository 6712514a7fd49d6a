import fc from 'fast-check';
import { add, compare, dec, fitsScale, mul, roundHalfUp, sub, toText } from '../../src/common/decimal';
import { computeCommission, type CommissionInput } from '../../src/modules/commissions/commission.calculator';
import { refundRefusal } from '../../src/modules/sales/sale.rules';

/** Reference: amounts as integer micro-units, rates as 1e-4 units, the product divided once with half-up rounding. */
function reference(
  totalMicro: bigint,
  taxMicro: bigint,
  shipMicro: bigint,
  rateE4: bigint,
  deductTax: boolean,
  deductShipping: boolean,
  minor: number,
): string {
  const baseMicro = totalMicro - (deductTax ? taxMicro : 0n) - (deductShipping ? shipMicro : 0n);
  const product = baseMicro * rateE4; // value × 10^10 (micro × 1e4) × 100 for the percent
  const divisor = 10n ** BigInt(12 - minor); // to minor units
  const neg = product < 0n;
  const abs = neg ? -product : product;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  const units = neg ? -q : q;
  return toText({ units: units === 0n ? 0n : units, scale: minor });
}

const micro = (n: bigint) => toText({ units: n, scale: 6 });
const rateText = (n: bigint) => toText({ units: n, scale: 4 });
const base: Omit<CommissionInput, 'totalEarned'> = { deductTax: false, deductShipping: false, programRate: '20', currency: 'USD' };

describe('computeCommission (examples)', () => {
  test.each([
    ['100', null, null, false, false, '20', '20.00'],
    ['100.05', null, null, false, false, '12.5', '12.51'], // 12.50625 → 12.51
    ['0.625', null, null, false, false, '20', '0.13'], // 0.125 exactly half → up
    ['-0.625', null, null, false, false, '20', '-0.13'], // half away from zero
    ['0.6249', null, null, false, false, '20', '0.12'],
    ['110', '10', null, true, false, '10', '10.00'], // tax deducted
    ['110', '10', null, false, false, '10', '11.00'], // tax kept when the setting is off
    ['120', '10', '10', true, true, '10', '10.00'], // both deducted
    ['120', '10', '10', false, true, '10', '11.00'], // shipping only
    ['100', null, null, false, false, '0', '0.00'],
  ])('total %s tax %s shipping %s (deduct tax %s, shipping %s) at %s%% → %s', (total, tax, shipping, dt, ds, rate, expected) => {
    expect(computeCommission({ ...base, totalEarned: total, tax, shipping, deductTax: dt, deductShipping: ds, saleRate: rate }).amount).toBe(expected);
  });

  test('rate precedence: sale, then affiliate, then plan, then program default', () => {
    const rateOf = (r: Partial<CommissionInput>) => computeCommission({ ...base, totalEarned: '100', ...r }).rate;
    expect(rateOf({ saleRate: '5', affiliateRate: '6', planRate: '7', programRate: '8' })).toBe('5');
    expect(rateOf({ affiliateRate: '6', planRate: '7', programRate: '8' })).toBe('6');
    expect(rateOf({ planRate: '7', programRate: '8' })).toBe('7');
    expect(rateOf({ programRate: '8' })).toBe('8');
    expect(rateOf({ saleRate: '0', affiliateRate: '6' })).toBe('0'); // a zero override still overrides
  });

  test('the minor unit follows the currency', () => {
    expect(computeCommission({ ...base, totalEarned: '1005', saleRate: '10', currency: 'JPY' }).amount).toBe('101'); // 100.5 → 101
    expect(computeCommission({ ...base, totalEarned: '1.0005', saleRate: '100', currency: 'KWD' }).amount).toBe('1.001');
  });

  test('JSON numbers are read as the decimals they print as, not their binary value', () => {
    // 0.1 + 0.2 style traps: 1.005 is 1.00499999… in binary; as a decimal it rounds up.
    expect(computeCommission({ ...base, totalEarned: 1.005, saleRate: 100 }).amount).toBe('1.01');
    expect(computeCommission({ ...base, totalEarned: 19.99, saleRate: 15 }).amount).toBe('3.00'); // 2.9985
  });
});

describe('computeCommission (properties)', () => {
  const amount = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }); // up to 10^9 with 6 decimals
  const nonNeg = fc.bigInt({ min: 0n, max: 10n ** 13n });
  const rate = fc.bigInt({ min: 0n, max: 1_000_000n }); // 0 to 100.0000 %

  test('equals the exact integer reference for any amounts, deductions and rate', () => {
    fc.assert(
      fc.property(amount, nonNeg, nonNeg, rate, fc.boolean(), fc.boolean(), fc.constantFrom('USD', 'JPY', 'KWD'), (t, tax, ship, r, dt, ds, currency) => {
        const minor = currency === 'JPY' ? 0 : currency === 'KWD' ? 3 : 2;
        const got = computeCommission({
          totalEarned: micro(t),
          tax: micro(tax),
          shipping: micro(ship),
          deductTax: dt,
          deductShipping: ds,
          saleRate: rateText(r),
          programRate: '20',
          currency,
        });
        return got.amount === reference(t, tax, ship, r, dt, ds, minor);
      }),
      { numRuns: 2000 },
    );
  });

  test('an adjustment mirrors its sale: commission(−x) = −commission(x)', () => {
    fc.assert(
      fc.property(amount, rate, (t, r) => {
        const pos = computeCommission({ ...base, totalEarned: micro(t), saleRate: rateText(r) }).amount;
        const negd = computeCommission({ ...base, totalEarned: micro(-t), saleRate: rateText(r) }).amount;
        return compare(dec(pos), dec(negd).units === 0n ? dec(negd) : { ...dec(negd), units: -dec(negd).units }) === 0;
      }),
    );
  });

  test('more revenue never earns less (non-negative rates)', () => {
    fc.assert(
      fc.property(amount, nonNeg, rate, (t, extra, r) => {
        const a = computeCommission({ ...base, totalEarned: micro(t), saleRate: rateText(r) }).amount;
        const b = computeCommission({ ...base, totalEarned: micro(t + extra), saleRate: rateText(r) }).amount;
        return compare(dec(a), dec(b)) <= 0;
      }),
    );
  });

  test('a deduction whose setting is off never changes the commission', () => {
    fc.assert(
      fc.property(amount, nonNeg, nonNeg, rate, (t, tax, ship, r) => {
        const none = computeCommission({ ...base, totalEarned: micro(t), saleRate: rateText(r) }).amount;
        const withFees = computeCommission({ ...base, totalEarned: micro(t), tax: micro(tax), shipping: micro(ship), saleRate: rateText(r) }).amount;
        return none === withFees;
      }),
    );
  });

  test('the result is always whole minor units, within half a unit of the exact value', () => {
    fc.assert(
      fc.property(amount, rate, (t, r) => {
        const got = dec(computeCommission({ ...base, totalEarned: micro(t), saleRate: rateText(r) }).amount);
        const exact = { units: t * r, scale: 12 };
        const diff = sub(got, exact);
        const absDiff = diff.units < 0n ? { ...diff, units: -diff.units } : diff;
        return fitsScale(got, 2) && compare(absDiff, dec('0.005')) <= 0;
      }),
    );
  });
});

describe('decimal helpers', () => {
  test('parse, add, multiply and round exactly', () => {
    expect(toText(add(dec('0.1'), dec('0.2')))).toBe('0.3');
    expect(toText(mul(dec('1.5'), dec('-2')))).toBe('-3.0');
    expect(toText(roundHalfUp(dec('2.345'), 2))).toBe('2.35');
    expect(toText(roundHalfUp(dec('-2.345'), 2))).toBe('-2.35');
    expect(toText(roundHalfUp(dec('2.344999'), 2))).toBe('2.34');
    expect(toText(dec(1e-7))).toBe('0.0000001');
    expect(() => dec('1e5')).toThrow();
  });
});

describe('refundRefusal', () => {
  const now = new Date('2026-06-30T00:00:00Z');
  const sale = { createdAt: new Date('2026-06-01T00:00:00Z') };
  const c = (x: Partial<{ status: string; paidManually: boolean; payoutBatchId: string | null }>) => ({
    status: 'approved',
    paidManually: false,
    payoutBatchId: null,
    ...x,
  });
  test('inside the window and unpaid: allowed', () => expect(refundRefusal(sale, c({}), 30, now)).toBeNull());
  test('past the window', () => expect(refundRefusal(sale, c({}), 28, now)).toBe('refund_window_expired'));
  test('in a batch', () => expect(refundRefusal(sale, c({ payoutBatchId: 'b' }), 30, now)).toBe('in_payout_batch'));
  test('paid out', () => expect(refundRefusal(sale, c({ status: 'paid', payoutBatchId: 'b' }), 30, now)).toBe('already_paid_out'));
  test('marked paid by hand', () => expect(refundRefusal(sale, c({ status: 'paid', paidManually: true }), 30, now)).toBe('manually_marked_paid'));
  test('a zero-day window refuses once any time has passed', () => expect(refundRefusal(sale, c({}), 0, now)).toBe('refund_window_expired'));
});
