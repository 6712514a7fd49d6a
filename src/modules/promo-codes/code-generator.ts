import { randomInt } from 'node:crypto';
import { validationError } from '../../common/errors';
import type { CodeStructure, RandomCharsCase } from '../coupons/auto-coupon-rule.entity';

export const CODE_MAX_LENGTH = 64;
const CODE_RE = /^[A-Za-z0-9_-]+$/;

const ALPHABETS: Record<RandomCharsCase, string> = {
  uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  lowercase: 'abcdefghijklmnopqrstuvwxyz0123456789',
  mixed: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
};

export function assertValidCode(code: string, field = 'code'): void {
  if (!CODE_RE.test(code)) throw validationError(`${field} may contain only letters, numbers, hyphens and underscores`, field);
  if (code.length > CODE_MAX_LENGTH) throw validationError(`${field} may be at most ${CODE_MAX_LENGTH} characters`, field);
}

export function randomChars(length: number, charsCase: RandomCharsCase, pick: (n: number) => number = randomInt): string {
  const alphabet = ALPHABETS[charsCase];
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[pick(alphabet.length)];
  return out;
}

/** Letters and digits only (accents dropped), so every piece is safe to type at checkout. */
export const sanitizePiece = (v: string | null | undefined): string =>
  (v ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '');

export interface CodeSources {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  discountAmount?: string | null;
  couponName?: string | null;
}

/**
 * The random characters' count of a stored automatic-code rule, checked before it generates codes: a request's
 * count is the edge's check (1..32, GENERATION_FIELDS), but the table admits 0..32.
 */
export function storedRandomCharsLength(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 32) throw validationError('randomCharsLength must be an integer from 1 to 32', 'randomCharsLength');
  return n;
}

export interface GenerationOptions {
  prefix?: string | null;
  randomCharsLength?: number | null;
  randomCharsCase?: RandomCharsCase | null;
}

/**
 * A generated code: the prefix, then the chosen pieces in a fixed order (first name, last name, email local
 * part, discount amount, coupon name, random characters). Case is kept, except for the random characters,
 * whose case is chosen by `randomCharsCase` and whose count by `randomCharsLength` (1..32, checked before: a
 * request's at the edge, a stored rule's by storedRandomCharsLength).
 */
export function composeCode(structure: CodeStructure, sources: CodeSources, opts: GenerationOptions, pick?: (n: number) => number): string {
  const length = opts.randomCharsLength ?? 4;
  const parts = [sanitizePiece(opts.prefix)];
  if (structure.firstName) parts.push(sanitizePiece(sources.firstName));
  if (structure.lastName) parts.push(sanitizePiece(sources.lastName));
  if (structure.email) parts.push(sanitizePiece((sources.email ?? '').split('@')[0]));
  if (structure.discountAmount) parts.push(sanitizePiece(sources.discountAmount));
  if (structure.couponName) parts.push(sanitizePiece(sources.couponName));
  if (structure.randomChars) parts.push(randomChars(length, opts.randomCharsCase ?? 'mixed', pick));
  const code = parts.join('');
  if (!code) throw validationError('codeStructure produces an empty code; choose at least one piece', 'codeStructure');
  if (code.length > CODE_MAX_LENGTH) throw validationError(`the generated code would be longer than ${CODE_MAX_LENGTH} characters`, 'codeStructure');
  return code;
}
