/**
 * Stripe's amounts are integers in the currency's smallest unit: cents for most, whole units for the
 * zero-decimal currencies, thousandths for the three-decimal ones (Stripe's "Supported currencies" list).
 */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * The largest amount taken from Stripe, in minor units. Below 10^12, so that in major units it stays below the
 * API's money bound (10^12, numeric(18, 6)) in every currency, zero-decimal ones included, and a sum of many
 * stays an exact integer in a double. Stripe's own limits are far lower (eight digits for a charge).
 */
export const MAX_MINOR_UNITS = 999_999_999_999;

/** `currency` is ASCII (three letters: the edge's check), so upper-casing it folds nothing else into a code. */
export const stripeDecimals = (currency: string): number => {
  const c = currency.toUpperCase();
  return ZERO_DECIMAL.has(c) ? 0 : THREE_DECIMAL.has(c) ? 3 : 2;
};

/** A Stripe amount as a decimal number of major units, converted exactly (its digits moved, no division). */
export function majorUnits(minor: number, currency: string): number {
  const scale = stripeDecimals(currency);
  const digits = String(Math.abs(Math.trunc(minor))).padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return Number(minor < 0 ? `-${text}` : text);
}

/** Whether a Stripe currency (three lowercase ASCII letters) is ours (three ASCII letters, upper-case): compared exactly, no Unicode case folding. */
export const sameCurrency = (stripe: string, ours: string): boolean => /^[A-Za-z]{3}$/.test(ours) && stripe === ours.toLowerCase();
