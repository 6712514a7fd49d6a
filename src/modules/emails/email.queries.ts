import type { EntityManager } from '@mikro-orm/postgresql';
import type { Email } from './email.entity';
import { newId } from '../../common/ids';
import { TransactionBatch } from '../../db/unit-of-work';
import type { EmailContent } from './email.templates';
import type { Message } from './email-render';
import { execute } from '../../db/sql';

/**
 * The SQL of the email outbox (shared by every program: claimed across programs by the worker). Only the claim
 * spans programs; every later statement names the claimed email's program (null for an email of no program).
 */

export interface OutboxRow {
  id: string;
  program_id: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  message: Message | null;
  headers: Record<string, string> | null;
  attempts: number;
}

/** Emails queued in a transaction and not written yet, inserted together before it commits. */
const pending = new TransactionBatch<Email>(
  (em, rows) => insertEmails(em, rows),
  // Outside a transaction the email could go out without its cause, or the cause commit without it.
  (e) => new Error(`email ${e.kind} queued outside a transaction: queue it with the transaction's context`),
);

/**
 * Queues an email in the caller's transaction: the transaction's emails are written in one statement before it
 * commits (db/unit-of-work queueWrite), as events are, so the email exists exactly when its cause does. A plain
 * insert, not the ORM's flush: a sale's commission email is queued on the hot path of POST /sales.
 */
export function queueEmail(em: EntityManager, programId: string | null, content: EmailContent): Email {
  const now = new Date();
  const email: Email = {
    id: newId(),
    programId,
    kind: content.kind,
    to: content.to,
    subject: content.subject,
    text: content.text,
    // The message, not its 8 KB of HTML: rendered when sent (and only then: without SMTP it is never needed).
    html: null,
    message: content.message,
    headers: content.headers ?? null,
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt: now,
    nextAttemptAt: now,
    sentAt: null,
  };
  pending.add(em, email);
  return email;
}

/** Rows per insert: PostgreSQL takes at most 65,535 parameters per statement (10 per email). */
const EMAILS_PER_INSERT = 1000;

async function insertEmails(em: EntityManager, emails: Email[]): Promise<void> {
  for (let i = 0; i < emails.length; i += EMAILS_PER_INSERT) {
    const chunk = emails.slice(i, i + EMAILS_PER_INSERT);
    const params: unknown[] = [];
    for (const e of chunk)
      params.push(
        e.id,
        e.programId,
        e.kind,
        e.to,
        e.subject,
        e.text,
        e.html,
        e.message && JSON.stringify(e.message),
        e.headers && JSON.stringify(e.headers),
        e.createdAt,
      );
    await execute(
      em,
      `insert into email_outbox (id, program_id, kind, "to", subject, text, html, message, headers, created_at, next_attempt_at)
       values ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, now())').join(', ')}`,
      params,
    );
  }
}

/** Up to `batch` due emails, locked until commit; emails locked by other workers are skipped. */
export function claimDueEmails(em: EntityManager, batch: number): Promise<OutboxRow[]> {
  return execute<OutboxRow[]>(
    em,
    `select /* all programs: the worker claim on the shared outbox */ id, program_id, "to", subject, text, html, message, headers, attempts from email_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at limit ? for update skip locked`,
    [batch],
  );
}

export async function markEmailSent(em: EntityManager, row: OutboxRow): Promise<void> {
  await execute(
    em,
    `update email_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where program_id is not distinct from ? and id = ?`,
    [row.program_id, row.id],
  );
}

/** Records a failed send: pending again in `delaySeconds`, or failed for good. */
export async function markEmailFailed(
  em: EntityManager,
  row: OutboxRow,
  f: { attempts: number; error: string; status: 'pending' | 'failed'; delaySeconds: number },
): Promise<void> {
  await execute(
    em,
    `update email_outbox set attempts = ?, last_error = ?, status = ?, next_attempt_at = now() + make_interval(secs => ?)
      where program_id is not distinct from ? and id = ?`,
    [f.attempts, f.error, f.status, f.delaySeconds, row.program_id, row.id],
  );
}
