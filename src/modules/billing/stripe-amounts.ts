/**
 * Stripe's amounts are integers in the currency's smallest unit: cents for most, whole units for the
 * zero-decimal currencies, thousandths for the three-decimal ones (Stripe's "Supported currencies" list).
 */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

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
