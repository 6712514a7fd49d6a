import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../common/logger';
import { PollingWorker } from '../../common/polling-worker';
import { inTransaction } from '../../db/unit-of-work';
import { renderHtml } from './email-render';
import { claimDueEmails, markEmailFailed, markEmailSent } from './email.queries';

export interface Mailer {
  send(msg: { from: string; to: string; subject: string; text: string; html?: string | null; headers?: Record<string, string> | null }): Promise<void>;
}

const BATCH = 20;
const MAX_ATTEMPTS = 8;

/**
 * Sends pending outbox emails. Rows are claimed with FOR UPDATE SKIP LOCKED inside a short transaction, so any
 * number of instances can run this without sending one email twice; failures back off exponentially.
 */
export class EmailWorker extends PollingWorker {
  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: Mailer,
    private readonly from: string,
    log: Logger,
    intervalMs = 5000,
  ) {
    super(log, 'email worker', intervalMs, BATCH);
  }

  /** Sends one batch; returns how many were processed. */
  async runOnce(): Promise<number> {
    return inTransaction({ em: this.orm.em.fork() }, async ({ em }) => {
      const rows = await claimDueEmails(em, BATCH);
      for (const row of rows) {
        try {
          const html = row.html ?? (row.message ? renderHtml(row.message) : null);
          await this.mailer.send({ from: this.from, to: row.to, subject: row.subject, text: row.text, html, headers: row.headers });
          await markEmailSent(em, row);
        } catch (err) {
          const attempts = row.attempts + 1;
          this.log.warn({ err, emailId: row.id, attempts }, 'email send failed');
          await markEmailFailed(em, row, {
            attempts,
            error: String((err as Error).message ?? err).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            delaySeconds: Math.min(3600, 30 * 2 ** row.attempts),
          });
        }
      }
      return rows.length;
    });
  }
}
