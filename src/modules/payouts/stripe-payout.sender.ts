import { dec, roundHalfUp } from '../../common/decimal';
import { minorUnits } from '../../common/money';
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

/** A payout's amount in Stripe's minor units: rounded once to the currency's unit, as every answer shows it. */
export function transferAmount(amount: string, currency: string): number {
  const shown = roundHalfUp(dec(amount), minorUnits(currency));
  return Number(roundHalfUp(shown, stripeDecimals(currency)).units);
}

/**
 * Pays a batch's Stripe Connect payouts: one transfer each, with the Idempotency-Key `payout-<id>`. Each payout is
 * claimed (processing) and committed before its transfer is asked for, and its outcome recorded after: a crash
 * between the two leaves it processing, and the next send asks Stripe again with the same key (after Stripe's
 * 24-hour window, it first looks the transfer up by its batch and payout id). Paid or failed payouts are skipped.
 */
/** Transfers asked for at once. */
const SENDS_AT_ONCE = 4;

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
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) await this.sendOne(ctx, program, batch, transfers, claimed[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, claimed.length) }, lane));
  }

  /** One payout: its transfer (or the one an earlier attempt made), then its record. */
  private async sendOne(
    ctx: ServiceContext,
    program: Program,
    batch: PayoutBatch,
    transfers: TransferGateway,
    { payout, firstSentAt }: { payout: Payout; firstSentAt: Date | null },
  ): Promise<void> {
    let outcome: TransferOutcome | null = null;
    // Stripe forgets a key 24 hours after its first use: past that, a transfer an earlier attempt made is looked up.
    if (firstSentAt && Date.now() - firstSentAt.getTime() > STRIPE_IDEMPOTENCY_WINDOW_MS) outcome = await transfers.find(batch.id, payout.id);
    outcome ??= await transfers.create({
      payoutId: payout.id,
      batchId: batch.id,
      amountMinor: transferAmount(payout.amount, payout.currency),
      currency: payout.currency,
      destination: payout.destination!,
      description: `Affiliate commissions from ${program.name}`.slice(0, 200),
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
      if (!p || p.status !== 'processing') return;
      if (outcome.kind === 'made') queued.push(...((await this.settlement.paid(tx, program, p, outcome.transferId, at))?.emails ?? []));
      else await this.settlement.failed(tx, program, p, outcome.reason, at);
      await this.settlement.settle(tx, program, p.batchId, at);
    });
    this.settlement.afterCommit(queued);
  }
}
