import type { Logger } from '../../common/logger';
import type { ServiceContext } from '../service-context';
import type { Email } from './email.entity';
import { queueEmail } from './email.queries';
import type { EmailContent } from './email.templates';

/** Email outbox: rows are written in the transaction that causes them; the worker sends them after commit. */
export class EmailService {
  private wakeWorker: (() => void) | undefined;
  /** Whether the log said once that emails stay in the outbox (said again per email at debug only). */
  private toldKept = false;

  constructor(
    private readonly log: Logger,
    private readonly smtpConfigured: boolean,
  ) {}

  onEnqueued(wake: () => void): void {
    this.wakeWorker = wake;
  }

  /** Queues an email in the transaction of its cause (`tx`: the transaction's context). */
  enqueue(tx: ServiceContext, programId: string | null, content: EmailContent): Email {
    return queueEmail(tx.em, programId, content);
  }

  /**
   * Call after the transaction committed: without SMTP the email stays in the outbox (read it there). The log
   * says so once at info, then per email at debug (a new-commission email comes with every sale), never to whom
   * or about whom (logs hold no request values).
   */
  afterCommit(emails: Email[]): void {
    if (!emails.length) return;
    if (this.smtpConfigured) return this.wakeWorker?.();
    if (!this.toldKept) {
      this.toldKept = true;
      this.log.info({ email: { id: emails[0].id, kind: emails[0].kind } }, 'email queued; SMTP_URL is not set, so emails are kept in the email_outbox table');
    }
    if (this.log.isLevelEnabled('debug'))
      for (const e of emails) this.log.debug({ email: { id: e.id, kind: e.kind } }, 'email queued (kept in the email_outbox table)');
  }
}
