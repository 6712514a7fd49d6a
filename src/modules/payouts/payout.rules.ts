import { compare, dec, roundHalfUp, type Dec } from '../../common/decimal';
import { validationError } from '../../common/errors';
import { minorUnits } from '../../common/money';
import type { Affiliate } from '../affiliates/affiliate.entity';
import type { Payout } from './payout.entity';
import type { NewPayout } from './payout-record.queries';

/** The pure rules of payouts: what is paid, how, and what a caller may settle by hand. */

export const REFERENCE_MAX = 200;
export const REASON_MAX = 500;

/** What a payout of this exact sum pays: rounded once to the currency's minor unit, as every answer, file and transfer shows it. */
export const paidAmount = (amount: string, currency: string) => roundHalfUp(dec(amount), minorUnits(currency));

/** Whether a balance is paid: what it pays is above zero (a file or transfer cannot carry less) and reaches the minimum. */
export function payable(amount: string, currency: string, minimum: Dec | null): boolean {
  const paid = paidAmount(amount, currency);
  return paid.units > 0n && (!minimum || compare(paid, minimum) >= 0);
}

/** How an affiliate's payout is made from its payout details; null when it has none (a batch without ids skips it). */
export function howToPay(a: Affiliate): Pick<NewPayout, 'method' | 'destination' | 'status'> {
  switch (a.payoutMethod) {
    case 'paypal':
    case 'wise':
      return { method: a.payoutMethod, destination: a.payoutEmail, status: 'processing' };
    case 'stripe_connect':
      // Waits for sendPayoutBatch, which makes its transfer.
      return { method: 'stripe_connect', destination: a.stripeAccountId, status: 'pending' };
    default:
      return { method: 'manual', destination: null, status: 'processing' };
  }
}

/**
 * A Stripe Connect payout whose transfer was asked for (processing) is settled by sending its batch again, which
 * asks Stripe with the same Idempotency-Key: marked failed by hand, its commissions could be paid a second time;
 * marked paid, a transfer in flight would go unrecorded.
 */
export function refuseWhileTransferAsked(p: Payout): void {
  if (p.method === 'stripe_connect' && p.status === 'processing')
    throw validationError(
      "This Stripe Connect payout's transfer was asked for: send its batch again (POST /payout-batches/{id}/send) to learn and record Stripe's answer",
      'id',
    );
}

/** Free text from a caller (a reference, a reason): trimmed, bounded; '' and null are none. */
export function checkedText(value: string | null | undefined, field: string, max: number): string | null {
  const v = value?.trim() || null;
  if (v && v.length > max) throw validationError(`${field} may have at most ${max} characters`, field);
  return v;
}
