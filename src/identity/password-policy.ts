import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_CHARS = 12;
export const PASSWORD_MAX_CHARS = 1024;

let common: Set<string> | undefined;
/** zxcvbn-ts's list of ~49,000 most common passwords (from leaked password sets), lower-cased, loaded once. */
function commonPasswords(): Set<string> {
  return (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));
}

/**
 * Why a new password is refused, or null (DESIGN.md: at least 12 characters, not a commonly used password,
 * not the email). Length counts Unicode code points, so 12 emoji are 12 characters, not 24.
 */
export function passwordProblem(password: string, email: string): string | null {
  const chars = [...password];
  if (chars.length < PASSWORD_MIN_CHARS) return `The password needs at least ${PASSWORD_MIN_CHARS} characters`;
  if (chars.length > PASSWORD_MAX_CHARS) return `The password can have at most ${PASSWORD_MAX_CHARS} characters`;
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.split('@')[0]) return 'The password must not be the email address';
  if (commonPasswords().has(lower) || chars.every((c) => c === chars[0])) return 'This password is too commonly used; choose another';
  return null;
}
