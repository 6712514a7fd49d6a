import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../common/logger';
import { PollingWorker } from '../../common/polling-worker';
import { inTransaction } from '../../db/unit-of-work';
import { anonymousContext } from '../service-context';
import { programsWithDueCommissions } from './payout.queries';
import { APPROVALS_PER_ROUND, type PayoutService } from './payout.service';

const PROGRAMS_PER_ROUND = 100;

/**
 * Approves commissions when their holding period ends, so `commission.approved` goes out then, not when
 * someone next reads the commissions. Each program's approvals and their events commit together; a second
 * instance doing the same round finds the rows approved already (the update re-checks `pending`).
 */
export class CommissionApprover extends PollingWorker {
  constructor(
    private readonly orm: MikroORM,
    private readonly payouts: PayoutService,
    log: Logger,
    intervalMs = 30_000,
  ) {
    super(log, 'commission approver', intervalMs, PROGRAMS_PER_ROUND);
  }

  async runOnce(): Promise<number> {
    const programs = await programsWithDueCommissions(this.orm.em.fork(), PROGRAMS_PER_ROUND);
    let approved = 0;
    for (const programId of programs) {
      // One program failing does not hold up the others; it is tried again next round.
      try {
        for (;;) {
          const n = await inTransaction(anonymousContext(this.orm.em.fork(), this.log), (tx) => this.payouts.approveDue(tx, programId));
          approved += n;
          if (n < APPROVALS_PER_ROUND) break;
        }
      } catch (err) {
        this.log.error({ err, programId }, 'commission approvals failed for a program');
      }
    }
    return approved;
  }
}
