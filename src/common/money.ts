/**
 * Money helpers. Amounts travel as decimal strings (Postgres numeric) and are only turned into JSON numbers
 * at the edge, rounded half-up to the currency's minor unit exactly once.
 */
/**
 * Currencies without two decimals: ISO 4217's zero-decimal ones with Stripe's (MGA is paid in whole ariary there),
 * and the three-decimal dinars. Every other currency has cents.
 */
const MINOR_UNITS: Record<string, number> = {
  ...Object.fromEntries(
    ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'].map((c) => [c, 0]),
  ),
  ...Object.fromEntries(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((c) => [c, 3])),
};

export const minorUnits = (currency: string): number => MINOR_UNITS[currency.toUpperCase()] ?? 2;

/** Round a decimal string half-up (away from zero) to `scale` places, exactly, without binary floats. */
export function roundDecimal(value: string, scale: number): string {
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const neg = m[1] === '-';
  const int = m[2] || '0';
  const frac = m[3] || '';
  const digits = BigInt(int + frac.padEnd(scale + 1, '0').slice(0, scale + 1));
  let scaled = digits / 10n;
  if (digits % 10n >= 5n) scaled += 1n;
  const s = scaled.toString().padStart(scale + 1, '0');
  const out = scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
  return neg && scaled !== 0n ? `-${out}` : out;
}

/** A stored decimal as a JSON number rounded to the currency's minor unit. */
export const moneyToNumber = (value: string | null | undefined, currency = 'USD'): number =>
  value == null ? 0 : Number(roundDecimal(String(value), minorUnits(currency)));

/** A stored rate (percentage) as a JSON number; rates keep their stored precision. */
export const rateToNumber = (value: string | null | undefined): number | null => (value == null ? null : Number(value));
