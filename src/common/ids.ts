import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CLICK_ID_RE = /^[1-9][0-9]{0,15}$/;

export const isUuid = (v: string): boolean => UUID_RE.test(v);
/** A numeric click id as accepted by lookups ("123"); bounded to the safe-integer range. */
export const isClickId = (v: string): boolean => CLICK_ID_RE.test(v) && Number(v) <= Number.MAX_SAFE_INTEGER;

/**
 * UUIDv7 (RFC 9562): time-ordered, so ids sort by creation time and cursor pagination can order by id alone,
 * and B-tree inserts stay local. Within one millisecond a 12-bit counter (method 1) keeps ids of this
 * process strictly increasing, so the event log never reorders events written in the same millisecond.
 */
let lastMs = 0;
let seq = 0;
export function newId(): string {
  const b = randomBytes(16);
  let ms = Date.now();
  // Same millisecond (or a small step back of the clock): keep counting from the last id. A large jump is
  // taken as the new time.
  if (ms <= lastMs && lastMs - ms < 10_000) {
    ms = lastMs;
    seq += 1;
    if (seq > 0xfff && ms < 0xffffffffffff) {
      ms += 1;
      seq = b[6] & 0x7f;
    }
  } else {
    seq = ((b[6] & 0x07) << 8) | b[7]; // random start, leaving room to count up
  }
  lastMs = ms;
  const t = BigInt(ms);
  for (let i = 0; i < 6; i++) b[i] = Number((t >> BigInt(8 * (5 - i))) & 0xffn);
  b[6] = 0x70 | ((seq >> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const sha256 = (v: string): string => createHash('sha256').update(v).digest('hex');
/** URL-safe random token of `bytes` bytes of entropy. */
/** Constant-time comparison of a presented secret with the expected one (hashed first: any lengths). */
export function sameSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(presented).digest(), createHash('sha256').update(expected).digest());
}

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
