import type { ServiceContext } from '../service-context';
import type { EventService } from '../events/event.service';
import type { Email } from '../emails/email.entity';
import type { EmailService } from '../emails/email.service';
import type { EmailLinks } from '../emails/email.templates';
import { payoutSentNotification } from '../emails/notifications';
import type { Program } from '../programs/program.entity';
import { findAffiliatesByIds } from '../affiliates/affiliate.finder';
import { payoutBatchBody } from './payout-batch.presenter';
import { payoutBody, payoutPresenter } from './payout.presenter';
import { depsFor, present } from '../presenter';
import type { PayoutBatch } from './payout-batch.entity';
import type { Payout } from './payout.entity';
import { markPayoutRowFailed, markPayoutRowsPaid, settleBatchIfDone } from './payout-record.queries';

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

  /**
   * Marks payouts paid (those still waiting): a few statements however many, their payout.paid events in id order,
   * and the affiliates' emails queued in `tx` and returned, to be sent after the commit.
   */
  async paid(
    tx: ServiceContext,
    program: Program,
    payouts: readonly Payout[],
    reference: string | null,
    at: Date,
  ): Promise<{ payouts: Payout[]; emails: Email[] }> {
    const paid = await markPayoutRowsPaid(
      tx.em,
      program.id,
      payouts.map((p) => p.id),
      reference,
      at,
    );
    if (!paid.length) return { payouts: [], emails: [] };
    const deps = depsFor(tx.em, program.id);
    const affiliateIds = [...new Set(paid.flatMap((p) => (p.affiliateId ? [p.affiliateId] : [])))];
    const affiliates = new Map((await findAffiliatesByIds(tx.em, program.id, affiliateIds)).map((a) => [a.id, a]));
    for (const a of affiliates.values()) deps.loaders.affiliateById.prime(a.id, a);
    // Built together: the commissions of every payout are read in one statement.
    const bodies = await Promise.all(paid.map((p) => present(payoutPresenter, p, deps)));
    const emails: Email[] = [];
    paid.forEach((p, i) => {
      this.events.record(tx, program.id, 'payout.paid', bodies[i]);
      const affiliate = p.affiliateId ? affiliates.get(p.affiliateId) : undefined;
      const content = affiliate
        ? payoutSentNotification(program, affiliate, { amount: p.amount, currency: p.currency, commissions: p.commissionCount }, this.links)
        : null;
      if (content) emails.push(this.emails.enqueue(tx, program.id, content));
    });
    return { payouts: paid, emails };
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
