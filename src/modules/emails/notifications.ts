import { compare, dec } from '../../common/decimal';
import { minorUnits, roundDecimal } from '../../common/money';
import {
  affiliateNewCommissionEmail,
  affiliatePayoutSentEmail,
  type CommissionLike,
  type EmailContent,
  type EmailLinks,
  type PayoutLike,
} from './email.templates';
import { type NotificationKind, unsubscribeUrl } from './unsubscribe';

/**
 * The notification emails to affiliates (new commission, payout sent), or null when none goes: the affiliate
 * turned the kind off, the amount shows as zero, or (a commission) the affiliate was rejected. Built from rows the
 * caller holds already: a sale's recording reads nothing more for its email.
 */

export interface NotifiedAffiliate {
  id: string;
  programId: string;
  firstName: string;
  email: string;
  affiliateStatus: string;
  emailToken: string;
  notifyNewCommission: boolean;
  notifyPayoutSent: boolean;
}

export interface NotifyingProgram {
  name: string;
  portalSlug: string;
  portalEnabled: boolean;
}

/** Whether an amount is worth an email: above zero once rounded to the currency's minor unit. */
const shows = (amount: string, currency: string): boolean => compare(dec(roundDecimal(amount, minorUnits(currency))), dec('0')) > 0;

function linksFor(program: NotifyingProgram, a: NotifiedAffiliate, kind: NotificationKind, links: EmailLinks) {
  const portal = links.portalUrl(program);
  return { portalUrl: program.portalEnabled ? portal : undefined, unsubscribeUrl: unsubscribeUrl(links.unsubscribeBase(a.programId), a, kind) };
}

export function newCommissionNotification(program: NotifyingProgram, a: NotifiedAffiliate, c: CommissionLike, links: EmailLinks): EmailContent | null {
  if (!a.notifyNewCommission || a.affiliateStatus === 'rejected' || !shows(c.amount, c.currency)) return null;
  return affiliateNewCommissionEmail(program, a, c, linksFor(program, a, 'new_commission', links));
}

export function payoutSentNotification(program: NotifyingProgram, a: NotifiedAffiliate, p: PayoutLike, links: EmailLinks): EmailContent | null {
  if (!a.notifyPayoutSent || !shows(p.amount, p.currency)) return null;
  return affiliatePayoutSentEmail(program, a, p, linksFor(program, a, 'payout_sent', links));
}
