import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../common/logger';
import { PollingWorker } from '../../common/polling-worker';

export interface Mailer {
  send(msg: { from: string; to: string; subject: string; text: string; html?: string | null }): Promise<void>;
}

const BATCH = 20;
const MAX_ATTEMPTS = 8;

/**
 * Sends pending outbox emails. Rows are claimed with FOR UPDATE SKIP LOCKED inside a short transaction, so any
 * number of instances can run this without sending one email twice; failures back off exponentially.
 */
export class EmailWorker extends PollingWorker {

  constructor(private readonly orm: MikroORM, private readonly mailer: Mailer, private readonly from: string, log: Logger, intervalMs = 5000) {
    super(log, 'email worker', intervalMs, BATCH);
  }





  /** Sends one batch; returns how many were processed. */
  async runOnce(): Promise<number> {
    const em = this.orm.em.fork();
    return em.transactional(async (tem) => {
      const rows = await tem.execute<Array<{ id: string; to: string; subject: string; text: string; html: string | null; attempts: number }>>(
        `select id, "to", subject, text, html, attempts from email_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at limit ? for update skip locked`,
        [BATCH],
      );
      for (const row of rows) {
        try {
          await this.mailer.send({ from: this.from, to: row.to, subject: row.subject, text: row.text, html: row.html });
          await tem.execute(`update email_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = ?`, [row.id]);
        } catch (err) {
          const attempts = row.attempts + 1;
          const failed = attempts >= MAX_ATTEMPTS;
          const delaySeconds = Math.min(3600, 30 * 2 ** row.attempts);
          this.log.warn({ err, emailId: row.id, attempts }, 'email send failed');
          await tem.execute(
            `update email_outbox set attempts = ?, last_error = ?, status = ?, next_attempt_at = now() + make_interval(secs => ?) where id = ?`,
            [attempts, String((err as Error).message ?? err).slice(0, 500), failed ? 'failed' : 'pending', delaySeconds, row.id],
          );
        }
      }
      return rows.length;
    });
  }

}
