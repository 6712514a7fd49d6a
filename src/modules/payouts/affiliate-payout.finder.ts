import type { EntityManager } from '@mikro-orm/postgresql';
import { payoutsOfAffiliate, type AffiliatePayoutRow } from './affiliate-payout.queries';

export type { AffiliatePayoutRow } from './affiliate-payout.queries';

/** An affiliate's payouts (its share of each batch), newest first, for the affiliate's own portal. */
export function findPayoutsOfAffiliate(em: EntityManager, programId: string, affiliateId: string, limit = 100): Promise<AffiliatePayoutRow[]> {
  return payoutsOfAffiliate(em, programId, affiliateId, limit);
}
