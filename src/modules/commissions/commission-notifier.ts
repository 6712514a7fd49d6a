import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../common/logger';
import { PollingWorker } from '../../common/polling-worker';
import { inTransaction } from '../../db/unit-of-work';
import type { Email } from '../emails/email.entity';
import type { EmailService } from '../emails/email.service';
import type { EmailLinks } from '../emails/email.templates';
import { newCommissionNotification } from '../emails/notifications';
import { createLoaders } from '../loaders';
import { findProgramById } from '../programs/program.finder';
import { anonymousContext, type ServiceContext } from '../service-context';
import { claimNotices, commissionsByIds, deleteNotices } from './commission-notice.queries';

const BATCH = 200;

/**
 * Turns new commissions' notices into "new commission" emails, a batch at a time. The notice is written by the
 * commission's own insert (no statement of its own on POST /sales). The worker polls every 2 seconds and is not
 * woken by each sale: under load a round then makes a batch, where a round per sale cost 8% of a sale's CPU.
 * The emails, and the notices' deletion, commit
 * together, so each commission is told once, even with several instances running this. The email says what the
 * commission is when it is made (a refund meanwhile shows, a reversed one sends nothing), to whom its affiliate is
 * then, and only if it still wants such emails.
 */
export class CommissionNotifier extends PollingWorker {
  constructor(
    private readonly orm: MikroORM,
    private readonly emails: EmailService,
    private readonly links: EmailLinks,
    log: Logger,
    intervalMs = 2000,
  ) {
    super(log, 'commission notifier', intervalMs, BATCH);
  }

  async runOnce(): Promise<number> {
    const queued: Email[] = [];
    const n = await inTransaction(anonymousContext(this.orm.em.fork(), this.log), async (tx) => {
      const notices = await claimNotices(tx.em, BATCH);
      const byProgram = new Map<string, string[]>();
      for (const row of notices) {
        const ids = byProgram.get(row.program_id);
        if (ids) ids.push(row.commission_id);
        else byProgram.set(row.program_id, [row.commission_id]);
      }
      for (const [programId, ids] of byProgram) queued.push(...(await this.notifyProgram(tx, programId, ids)));
      return notices.length;
    });
    this.emails.afterCommit(queued);
    return n;
  }

  private async notifyProgram(tx: ServiceContext, programId: string, ids: string[]): Promise<Email[]> {
    const program = await findProgramById(tx.em, programId);
    const commissions = await commissionsByIds(tx.em, programId, ids);
    const affiliates = await createLoaders(tx.em, programId).affiliateById.loadMany(commissions.map((c) => c.affiliateId));
    const out: Email[] = [];
    commissions.forEach((c, i) => {
      const a = affiliates[i];
      if (!program || !a || a instanceof Error) return;
      const content = newCommissionNotification(program, a, c, this.links);
      if (content) out.push(this.emails.enqueue(tx, programId, content));
    });
    await deleteNotices(tx.em, programId, ids);
    return out;
  }
}
