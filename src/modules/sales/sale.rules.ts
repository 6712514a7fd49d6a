import { validationError } from '../../common/errors';
import { dec, fitsScale, toText } from '../../common/decimal';
import type { RefundRefusal } from '../../validation/enums';

/**
 * A money amount as exact decimal text, refused with more than 6 decimals (the stored scale). That it is finite,
 * below 10^12 in size, and non-zero or not negative where it must be, is the edge's check (Money() in src/validation/kit.ts).
 */
export function moneyInput(v: number, field: string): string {
  const d = dec(v);
  if (!fitsScale(d, 6)) throw validationError(`${field} may have at most 6 decimal places`, field);
  return toText(d);
}

export type { RefundRefusal };

/** Why a (not yet refunded) sale may not be refunded, or null. Checked in this order; the window last. */
export function refundRefusal(
  sale: { createdAt: Date },
  commission: { status: string; paidManually: boolean; payoutBatchId: string | null } | null,
  refundWindowDays: number,
  now: Date,
): RefundRefusal | null {
  if (commission) {
    if (commission.status === 'paid' && commission.paidManually) return 'manually_marked_paid';
    if (commission.status === 'paid') return 'already_paid_out';
    if (commission.payoutBatchId) return 'in_payout_batch';
  }
  if (now.getTime() > sale.createdAt.getTime() + refundWindowDays * 86_400_000) return 'refund_window_expired';
  return null;
}

export const REFUSAL_MESSAGES: Record<RefundRefusal, string> = {
  refund_window_expired: "The sale is past the program's refund window",
  in_payout_batch: "The sale's commission is in a payout batch",
  already_paid_out: "The sale's commission was already paid out",
  manually_marked_paid: "The sale's commission was marked paid by hand",
};
