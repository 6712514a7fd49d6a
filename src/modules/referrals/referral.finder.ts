import type { EntityManager } from '@mikro-orm/postgresql';
import type { Affiliate } from '../affiliates/affiliate.entity';
import { clickOfTheAffiliate } from './referral.queries';
import { sameMailbox } from './referral.rules';

/**
 * The self-referral rule, shared by a new referral and by a sale named by a click id or an affiliate (so both hold
 * the same customers): the customer's email reaches the affiliate's own mailbox (case-insensitive, `+tags`
 * ignored), or the click is the affiliate's own (clickOfTheAffiliate). What this server knows of an affiliate's
 * addresses: it never sees the affiliate itself (affiliates do not sign in here, and the API key that creates
 * them is the merchant's server, not the affiliate), so an address becomes known when the affiliate gives itself
 * away: the click behind one of its self-referrals came from where the affiliate was. A later click from that
 * address (or its IPv6 /64), under another email, is the affiliate again. Without a click only the email counts.
 */
export async function isSelfReferral(
  em: EntityManager,
  programId: string,
  affiliate: Pick<Affiliate, 'id' | 'email'>,
  email: string,
  clickId: number | null,
): Promise<boolean> {
  if (sameMailbox(email, affiliate.email)) return true;
  return clickId != null && clickOfTheAffiliate(em, programId, affiliate.id, clickId);
}
