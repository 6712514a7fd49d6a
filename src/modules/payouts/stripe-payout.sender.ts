import { fitsScale, roundHalfUp } from '../../common/decimal';
import { paidAmount } from './payout.rules';
import { validationError } from '../../common/errors';
import { inTransaction } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { stripeDecimals } from '../billing/stripe-amounts';
import type { Email } from '../emails/email.entity';
import type { Program } from '../programs/program.entity';
import type { PayoutBatch } from './payout-batch.entity';
import type { Payout } from './payout.entity';
import type { PayoutSettlement } from './payout-settlement';
import { claimStripePayouts, lockBatch, notePayoutError, payoutForUpdate, payoutsOfBatch } from './payout-record.queries';
import { STRIPE_IDEMPOTENCY_WINDOW_MS, type TransferGateway, type TransferOutcome } from './stripe-transfers';

/**
 * A payout's amount in Stripe's minor units: what every answer shows (rounded once to the currency's unit), moved
 * to Stripe's decimals exactly. Null when Stripe takes fewer decimals than the amount has (IQD and LYD: three for
 * us, two for Stripe): rounding it again would send another amount than the one recorded.
 */
export function transferAmount(amount: string, currency: string): number | null {
  const shown = paidAmount(amount, currency);
  const scale = stripeDecimals(currency);
  return fitsScale(shown, scale) ? Number(roundHalfUp(shown, scale).units) : null;
}

/** Transfers asked for at once. */
const SENDS_AT_ONCE = 4;

/**
 * Pays a batch's Stripe Connect payouts: one transfer each, with the Idempotency-Key `payout-<id>`. Each payout is
 * claimed (processing) and committed before its transfer is asked for, and its outcome recorded after: a crash
 * between the two leaves it processing, and the next send asks Stripe again with the same key (after Stripe's
 * 24-hour window, it first looks the transfer up by its batch and payout id). Paid or failed payouts are skipped.
 */
export class StripePayoutSender {
  constructor(
    private readonly transfers: TransferGateway | null,
    private readonly settlement: PayoutSettlement,
  ) {}

  async send(ctx: ServiceContext, program: Program, batch: PayoutBatch): Promise<void> {
    const waiting = (await payoutsOfBatch(ctx.em, program.id, batch.id)).some(
      (p) => p.method === 'stripe_connect' && (p.status === 'pending' || p.status === 'processing'),
    );
    if (!waiting) return;
    const transfers = this.transfers;
    if (!transfers) throw validationError('Stripe Connect payouts need STRIPE_API_KEY set on the server', 'id');
    const claimed = await inTransaction(ctx, (tx) => claimStripePayouts(tx.em, program.id, batch.id));
    // A few transfers at a time: a batch of hundreds is not hundreds of round trips in a row, and stays far
    // below Stripe's rate limit.
    // Transfers an earlier attempt made, read once per send when one is needed (past Stripe's key window).
    let earlier: Promise<Map<string, string> | { error: string }> | null = null;
    const made = () => (earlier ??= transfers.madeInGroup(batch.id));
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) await this.sendOne(ctx, program, batch, transfers, made, claimed[next++]);
    };
    // Every lane runs to its end before the answer (none keeps sending after an error is answered).
    const ended = await Promise.allSettled(Array.from({ length: Math.min(SENDS_AT_ONCE, claimed.length) }, lane));
    const failed = ended.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** One payout: its transfer (or the one an earlier attempt made), then its record. */
  private async sendOne(
    ctx: ServiceContext,
    program: Program,
    batch: PayoutBatch,
    transfers: TransferGateway,
    made: () => Promise<Map<string, string> | { error: string }>,
    { payout, firstSentAt }: { payout: Payout; firstSentAt: Date | null },
  ): Promise<void> {
    let outcome: TransferOutcome | null = null;
    // Stripe forgets a key 24 hours after its first use: past that, a transfer an earlier attempt made is looked up.
    if (firstSentAt && Date.now() - firstSentAt.getTime() > STRIPE_IDEMPOTENCY_WINDOW_MS) {
      const found = await made();
      if (!(found instanceof Map)) outcome = { kind: 'unknown', error: found.error };
      else if (found.has(payout.id)) outcome = { kind: 'made', transferId: found.get(payout.id)! };
    }
    const amountMinor = transferAmount(payout.amount, payout.currency);
    if (!outcome && amountMinor === null)
      outcome = { kind: 'refused', reason: `Stripe takes ${payout.currency} with fewer decimals than this amount has; pay it another way` };
    outcome ??= await transfers.create({
      payoutId: payout.id,
      batchId: batch.id,
      amountMinor: amountMinor!,
      currency: payout.currency,
      destination: payout.destination!,
      // The same on every retry: a retry under the same key must send the same parameters.
      description: 'Affiliate commissions',
    });
    await this.record(ctx, program, payout, outcome);
  }

  /** A transfer's outcome, recorded in its own transaction (only while the payout is still processing). */
  private async record(ctx: ServiceContext, program: Program, payout: Payout, outcome: TransferOutcome): Promise<void> {
    if (outcome.kind === 'unknown') {
      ctx.log.warn({ payoutId: payout.id, error: outcome.error }, 'a Stripe transfer got no answer; the payout stays processing');
      await inTransaction(ctx, (tx) => notePayoutError(tx.em, payout, outcome.error));
      return;
    }
    const queued: Email[] = [];
    await inTransaction(ctx, async (tx) => {
      queued.length = 0; // a retried unit of work queues again
      const at = new Date();
      await lockBatch(tx.em, program.id, payout.batchId);
      const p = await payoutForUpdate(tx.em, program.id, payout.id);
      if (!p || p.status !== 'processing') {
        // A concurrent send recorded the same transfer (same key, same answer): nothing to do. Anything else would be
        // a transfer for a payout that no longer waits (a deleted batch or program): logged, not lost.
        if (outcome.kind === 'made' && p?.reference !== outcome.transferId)
          ctx.log.error({ payoutId: payout.id, transferId: outcome.transferId }, 'a Stripe transfer was made for a payout no longer waiting');
        return;
      }
      if (outcome.kind === 'made') queued.push(...(await this.settlement.paid(tx, program, [p], outcome.transferId, at)).emails);
      else await this.settlement.failed(tx, program, p, outcome.reason, at);
      await this.settlement.settle(tx, program, p.batchId, at);
    });
    this.settlement.afterCommit(queued);
  }
}
