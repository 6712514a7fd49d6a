import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../common/logger';
import { PollingWorker } from '../../common/polling-worker';
import type { EmailService } from '../emails/email.service';
import { nextDelaySeconds, parseRetryAfter, signatureHeader } from './webhook.signing';
import { postWebhook, type SendResult } from './webhook.sender';

interface Claimed {
  id: number;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  event_id: string;
  type: string;
  data: unknown;
  created_at: Date;
  program_id: string;
}

export interface WebhookWorkerOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** How long a claimed delivery stays with its worker; a worker that dies frees it after this. */
  leaseMs: number;
  batch: number;
  pollMs: number;
  /** An endpoint failing this long is disabled and its owner emailed. */
  disableAfterMs: number;
}

export const DEFAULT_WEBHOOK_WORKER: WebhookWorkerOptions = { timeoutMs: 15_000, allowPrivate: false, leaseMs: 60_000, batch: 10, pollMs: 1000, disableAfterMs: 5 * 86_400_000 };

/**
 * Delivers due webhook deliveries. A batch is claimed in one statement (FOR UPDATE SKIP LOCKED, then a
 * lease), so any number of workers in any number of processes share the work without sending one attempt
 * twice; the HTTP call happens outside any transaction; every attempt is logged.
 */
export class WebhookWorker extends PollingWorker {
  private readonly opts: WebhookWorkerOptions;

  constructor(private readonly orm: MikroORM, private readonly emails: EmailService, log: Logger, opts: Partial<WebhookWorkerOptions> = {}) {
    const o = { ...DEFAULT_WEBHOOK_WORKER, ...opts };
    super(log, 'webhook worker', o.pollMs, o.batch);
    this.opts = o;
  }




  /** Claims and sends one batch; returns how many deliveries were attempted. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((d) => this.deliver(d)));
    return claimed.length;
  }

  private async claim(): Promise<Claimed[]> {
    return this.orm.em.fork().execute<Claimed[]>(
      `with due as (
         select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now()) and e.enabled
          order by d.next_attempt_at, d.id limit ? for update of d skip locked)
       update webhook_deliveries d set locked_until = now() + make_interval(secs => ?), attempts = d.attempts + 1, last_attempt_at = now(), updated_at = now()
         from due, webhook_endpoints e, events ev
        where d.id = due.id and e.id = d.endpoint_id and ev.id = d.event_id
       returning d.id, d.attempts, d.endpoint_id, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at, e.failing_since,
                 ev.id as event_id, ev.type, ev.data, ev.created_at, ev.program_id`,
      [this.opts.batch, this.opts.leaseMs / 1000],
    );
  }

  private async deliver(d: Claimed): Promise<void> {
    // Standard Webhooks: the event id is the message id, stable across retries, so receivers can dedupe.
    const body = JSON.stringify({ id: d.event_id, type: d.type, createdAt: new Date(d.created_at).toISOString(), programId: d.program_id, data: d.data });
    const timestamp = Math.floor(Date.now() / 1000);
    const secrets = [d.secret];
    if (d.previous_secret && d.previous_secret_expires_at && new Date(d.previous_secret_expires_at).getTime() > Date.now()) secrets.push(d.previous_secret);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'affiliate-program-webhooks/1.0',
      'webhook-id': d.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, d.event_id, timestamp, body),
    };
    let result: SendResult;
    try {
      result = await postWebhook(d.url, headers, body, { timeoutMs: this.opts.timeoutMs, allowPrivate: this.opts.allowPrivate });
    } catch (err) {
      result = { status: null, error: String((err as Error).message ?? err), excerpt: null, retryAfter: undefined, durationMs: 0 };
    }
    try {
      await this.record(d, result);
    } catch (err) {
      this.log.error({ err, deliveryId: d.id }, 'webhook attempt not recorded; the lease will expire and it is sent again');
    }
  }

  private async record(d: Claimed, r: SendResult): Promise<void> {
    const ok = r.status !== null && r.status >= 200 && r.status < 300;
    const gone = r.status === 410;
    const retryAfter = r.status === 429 || r.status === 503 ? parseRetryAfter(r.retryAfter) : null;
    const delay = ok || gone ? null : nextDelaySeconds(d.attempts, retryAfter);
    const status = ok ? 'succeeded' : gone || delay === null ? 'failed' : 'pending';
    const error = r.error ?? (ok ? null : `HTTP ${r.status}`);
    const emailQueued = await this.orm.em.fork().transactional(async (em) => {
      await em.execute(
        'insert into webhook_attempts (program_id, delivery_id, status_code, duration_ms, error, response_excerpt) values (?, ?, ?, ?, ?, ?)',
        [d.program_id, d.id, r.status, r.durationMs, error, r.excerpt],
      );
      await em.execute(
        `update webhook_deliveries set status = ?, last_status = ?, last_error = ?, locked_until = null, updated_at = now(),
                next_attempt_at = case when ? is null then next_attempt_at else now() + make_interval(secs => ?) end
          where id = ?`,
        [status, r.status, error, delay, delay ?? 0, d.id],
      );
      if (ok) {
        await em.execute('update webhook_endpoints set failing_since = null where id = ? and failing_since is not null', [d.endpoint_id]);
        return null;
      }
      if (gone) {
        await em.execute(`update webhook_endpoints set enabled = false, disabled_reason = 'The receiver answered 410 Gone', updated_at = now() where id = ?`, [d.endpoint_id]);
        return null;
      }
      // Failing for too long: disable the endpoint and tell the program owner, once.
      const [ep] = await em.execute<Array<{ failing_since: Date }>>(
        'update webhook_endpoints set failing_since = coalesce(failing_since, now()) where id = ? returning failing_since',
        [d.endpoint_id],
      );
      if (Date.now() - new Date(ep.failing_since).getTime() < this.opts.disableAfterMs) return null;
      const [disabled] = await em.execute<Array<{ url: string; owner_email: string; name: string }>>(
        `update webhook_endpoints e set enabled = false, disabled_reason = 'Failing for 5 days', updated_at = now()
           from programs p join users u on u.id = p.owner_id
          where e.id = ? and e.enabled and p.id = e.program_id
          returning e.url, u.email as owner_email, p.name`,
        [d.endpoint_id],
      );
      if (!disabled) return null;
      const email = this.emails.enqueue(em, d.program_id, {
        kind: 'webhook_endpoint_disabled',
        to: disabled.owner_email,
        subject: `Webhook endpoint disabled in ${disabled.name}`,
        text: `Deliveries to ${disabled.url} have failed for 5 days, so the endpoint was disabled.\nFix the receiver, then enable the endpoint again; failed events can be replayed.\n`,
      });
      await em.flush();
      return email;
    });
    if (emailQueued) {
      this.emails.afterCommit([emailQueued]);
      this.log.warn({ endpointId: d.endpoint_id }, 'webhook endpoint disabled after failing for 5 days');
    }
  }


}
