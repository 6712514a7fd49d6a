import type { ServiceContext } from '../service-context';
import type { EventService } from '../events/event.service';
import type { Email } from '../emails/email.entity';
import type { EmailService } from '../emails/email.service';
import type { EmailLinks } from '../emails/email.templates';
import { payoutSentNotification } from '../emails/notifications';
import type { Program } from '../programs/program.entity';
import { findAffiliatesByIds } from '../affiliates/affiliate.finder';
import { payoutBatchBody } from './payout-batch.presenter';
import { payoutBody } from './payout.presenter';
import type { PayoutBatch } from './payout-batch.entity';
import type { Payout } from './payout.entity';
import { markPayoutRowFailed, markPayoutRowPaid, settleBatchIfDone } from './payout-record.queries';

/**
 * What settling a payout moves, inside the caller's transaction: paid (its commissions paid, `payout.paid`, the
 * affiliate's payout-sent email) or failed (its commissions freed, `payout.failed`), and the batch settled once
 * nothing in it waits (`payout_batch.paid`). Each answers null when the payout no longer waited.
 */
export class PayoutSettlement {
  constructor(
    private readonly events: EventService,
    private readonly emails: EmailService,
    private readonly links: EmailLinks,
  ) {}

  /** Marks the payout paid; the email is queued in `tx` and returned, to be sent after the commit. */
  async paid(tx: ServiceContext, program: Program, p: Payout, reference: string | null, at: Date): Promise<{ payout: Payout; emails: Email[] } | null> {
    const paid = await markPayoutRowPaid(tx.em, p, reference, at);
    if (!paid) return null;
    this.events.record(tx, program.id, 'payout.paid', await payoutBody(tx.em, paid));
    const [affiliate] = paid.affiliateId ? await findAffiliatesByIds(tx.em, program.id, [paid.affiliateId]) : [];
    const content = affiliate
      ? payoutSentNotification(program, affiliate, { amount: paid.amount, currency: paid.currency, commissions: paid.commissionCount }, this.links)
      : null;
    return { payout: paid, emails: content ? [this.emails.enqueue(tx, program.id, content)] : [] };
  }

  async failed(tx: ServiceContext, program: Program, p: Payout, reason: string, at: Date): Promise<Payout | null> {
    const failed = await markPayoutRowFailed(tx.em, p, reason, at);
    if (failed) this.events.record(tx, program.id, 'payout.failed', await payoutBody(tx.em, failed));
    return failed;
  }

  /** Settles the batch when nothing in it waits any more; payout_batch.paid when it was paid. */
  async settle(tx: ServiceContext, program: Program, batchId: string, at: Date): Promise<PayoutBatch | null> {
    const settled = await settleBatchIfDone(tx.em, program.id, batchId, at);
    if (settled?.status === 'paid') this.events.record(tx, program.id, 'payout_batch.paid', await payoutBatchBody(tx.em, settled));
    return settled;
  }

  /** Sends queued emails once their transaction has committed. */
  afterCommit(emails: Email[]): void {
    this.emails.afterCommit(emails);
  }
}
