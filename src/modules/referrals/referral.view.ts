import type { Referral } from './referral.entity';
import { referralStatus } from './referral.rules';

/** Public representation of a referral (REST body, event payload). */
export function referralView(r: Referral) {
  return {
    id: r.id,
    affiliateId: r.affiliateId,
    linkId: r.linkId,
    clickId: r.clickId,
    promoCode: r.promoCode,
    name: r.name,
    email: r.email,
    referredUserExternalId: r.referredUserExternalId,
    subscriptionStatus: r.subscriptionStatus,
    status: referralStatus(r.subscriptionStatus),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
