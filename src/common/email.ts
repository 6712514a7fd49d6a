// Pragmatic address check: one @, a dotted domain, no spaces; full RFC 5322 is neither needed nor wanted.
const EMAIL_RE = /^[^\s@"<>()[\]\\,;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const isEmail = (v: string): boolean => v.length <= 254 && EMAIL_RE.test(v);
export const normalizeEmail = (v: string): string => v.trim().toLowerCase();
