import type { EntityManager } from '@mikro-orm/postgresql';
import { Email } from './email.entity';
import type { EmailContent } from './email.templates';
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
  attempts: number;
}

/** Queues an email in the caller's unit of work (written with its other changes as it commits). */
export function queueEmail(em: EntityManager, programId: string | null, content: EmailContent): Email {
  const email = em.create(Email, { programId, ...content });
  em.persist(email);
  return email;
}

/** Up to `batch` due emails, locked until commit; emails locked by other workers are skipped. */
export function claimDueEmails(em: EntityManager, batch: number): Promise<OutboxRow[]> {
  return execute<OutboxRow[]>(
    em,
    `select /* all programs: the worker claim on the shared outbox */ id, program_id, "to", subject, text, html, attempts from email_outbox
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
