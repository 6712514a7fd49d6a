import { SUBSCRIPTION_STATUSES } from '../../validation/enums';
import type { ProviderTerms } from './billing-provider-terms';

/** A provider's subscription status as the referral's subscriptionStatus; null for one without (Stripe's paused). */
export function referralStatusOf(terms: ProviderTerms, providerStatus: string | null): string | null {
  if (!providerStatus) return null;
  const status = terms.renamedStatuses[providerStatus] ?? providerStatus;
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? status : null;
}

/** The provider's subscription statuses that have a referral status (as billing_subscriptions keeps them). */
export const statusesWithReferralStatus = (terms: ProviderTerms): string[] => [...SUBSCRIPTION_STATUSES, ...Object.keys(terms.renamedStatuses)];
