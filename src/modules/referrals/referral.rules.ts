import type { SubscriptionStatus } from './referral.entity';

/** DESIGN.md: active and trialing subscriptions count as active; past_due, canceled, unpaid, incomplete, expired do not. */
export const referralStatus = (s: SubscriptionStatus | string): 'active' | 'inactive' => (s === 'active' || s === 'trialing' ? 'active' : 'inactive');

/** Start of the current calendar month in UTC: the monthly referral limit counts from here. */
export const monthStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
