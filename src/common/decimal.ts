/**
 * Exact decimal arithmetic on BigInt (value = units / 10^scale). Money never touches binary floats here:
 * JSON numbers are turned into their shortest decimal text first, then parsed exactly.
 */
export interface Dec {
  units: bigint;
  scale: number;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

export function dec(value: string | number | Dec): Dec {
  if (typeof value === 'object') return value;
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = /^([+-])?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${value}`);
  const frac = m[3] ?? '';
  const units = BigInt((m[2] || '0') + frac) * (m[1] === '-' ? -1n : 1n);
  return { units, scale: frac.length };
}

/** The decimal a JSON number stands for (its shortest round-trip text), without exponent notation. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export const add = (a: Dec, b: Dec): Dec => {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
};
export const sub = (a: Dec, b: Dec): Dec => {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
};
export const mul = (a: Dec, b: Dec): Dec => ({ units: a.units * b.units, scale: a.scale + b.scale });
export const neg = (a: Dec): Dec => ({ units: -a.units, scale: a.scale });
export const isZero = (a: Dec): boolean => a.units === 0n;
export const compare = (a: Dec, b: Dec): number => {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Divides by 10^k exactly (no rounding): used for percentages. */
export const shiftLeft = (a: Dec, k: number): Dec => ({ units: a.units, scale: a.scale + k });

/** Rounds half-up (half away from zero) to `scale` decimal places: the one rounding of a money amount. */
export function roundHalfUp(a: Dec, scale: number): Dec {
  if (a.scale <= scale) return { units: a.units * pow10(scale - a.scale), scale };
  const divisor = pow10(a.scale - scale);
  const negative = a.units < 0n;
  const abs = negative ? -a.units : a.units;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return { units: negative ? -q : q, scale };
}

/** a × b ÷ c, rounded half-up (away from zero) to `scale` places: a proportion, rounded once. c must not be 0. */
export function mulDiv(a: Dec, b: Dec, c: Dec, scale: number): Dec {
  if (c.units === 0n) throw new Error('division by zero');
  // a×b/c = (au·bu·10^cs) / (cu·10^(as+bs)); at `scale` places the units are that times 10^scale.
  let num = a.units * b.units * pow10(c.scale + scale);
  let den = c.units * pow10(a.scale + b.scale);
  if (den < 0n) [num, den] = [-num, -den];
  const negative = num < 0n;
  const abs = negative ? -num : num;
  let q = abs / den;
  if ((abs % den) * 2n >= den) q += 1n;
  return { units: negative ? -q : q, scale };
}

export function toText(a: Dec): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const body = a.scale === 0 ? digits : `${digits.slice(0, -a.scale)}.${digits.slice(-a.scale)}`;
  return negative && a.units !== 0n ? `-${body}` : body;
}

/** Fits a value to `scale` places when it has no more precision than that; otherwise undefined. */
export function fitsScale(a: Dec, scale: number): boolean {
  return a.scale <= scale || a.units % pow10(a.scale - scale) === 0n;
}
