import type { SubscriptionStatus } from './referral.entity';

/** DESIGN.md: active and trialing subscriptions count as active; past_due, canceled, unpaid, incomplete, expired do not. */
export const referralStatus = (s: SubscriptionStatus | string): 'active' | 'inactive' => (s === 'active' || s === 'trialing' ? 'active' : 'inactive');

/** Start of the current calendar month in UTC: the monthly referral limit counts from here. */
export const monthStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * The mailbox an address delivers to, for telling a self-referral: lower-cased, without a `+tag` in its local
 * part (ada+test@example.com is ada@example.com). Dots are kept: only some providers ignore them.
 */
export function mailbox(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  if (at <= 0) return e;
  const local = e.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${e.slice(at)}`;
}

/** Whether two addresses reach the same mailbox (case-insensitive, `+tags` ignored): a referral of the affiliate's own. */
export const sameMailbox = (a: string, b: string): boolean => mailbox(a) === mailbox(b);
