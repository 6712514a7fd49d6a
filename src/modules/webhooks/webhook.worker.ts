import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../common/logger';
import { PollingWorker } from '../../common/polling-worker';
import { inTransaction } from '../../db/unit-of-work';
import type { EmailService } from '../emails/email.service';
import { webhookEndpointDisabledEmail } from '../emails/email.templates';
import { anonymousContext } from '../service-context';
import { nextDelaySeconds, parseRetryAfter, signatureHeader } from './webhook.signing';
import { postWebhook, type SendResult } from './webhook.sender';
import {
  claimDueDeliveries,
  disableFailingEndpoint,
  disableGoneEndpoint,
  endpointFailingSince,
  endpointRecovered,
  insertAttempt,
  settleDelivery,
  type ClaimedDelivery,
} from './webhook.queries';

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

export const DEFAULT_WEBHOOK_WORKER: WebhookWorkerOptions = {
  timeoutMs: 15_000,
  allowPrivate: false,
  leaseMs: 60_000,
  batch: 10,
  pollMs: 1000,
  disableAfterMs: 5 * 86_400_000,
};

/**
 * Delivers due webhook deliveries. A batch is claimed in one statement (FOR UPDATE SKIP LOCKED, then a
 * lease), so any number of workers in any number of processes share the work without sending one attempt
 * twice; the HTTP call happens outside any transaction; every attempt is logged.
 */
export class WebhookWorker extends PollingWorker {
  private readonly opts: WebhookWorkerOptions;

  constructor(
    private readonly orm: MikroORM,
    private readonly emails: EmailService,
    log: Logger,
    opts: Partial<WebhookWorkerOptions> = {},
  ) {
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

  private async claim(): Promise<ClaimedDelivery[]> {
    return claimDueDeliveries(this.orm.em.fork(), this.opts.batch, this.opts.leaseMs / 1000);
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
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

  private async record(d: ClaimedDelivery, r: SendResult): Promise<void> {
    const ok = r.status !== null && r.status >= 200 && r.status < 300;
    const gone = r.status === 410;
    const retryAfter = r.status === 429 || r.status === 503 ? parseRetryAfter(r.retryAfter) : null;
    const delay = ok || gone ? null : nextDelaySeconds(d.attempts, retryAfter);
    const status = ok ? 'succeeded' : gone || delay === null ? 'failed' : 'pending';
    const error = r.error ?? (ok ? null : `HTTP ${r.status}`);
    const emailQueued = await inTransaction(anonymousContext(this.orm.em.fork(), this.log, `webhook:${d.id}`), async (tx) => {
      const { em } = tx;
      await insertAttempt(em, d.program_id, d.id, { statusCode: r.status, durationMs: r.durationMs, error, excerpt: r.excerpt });
      await settleDelivery(em, d.program_id, d.id, { status, lastStatus: r.status, error, delaySeconds: delay });
      if (ok) {
        await endpointRecovered(em, d.program_id, d.endpoint_id);
        return null;
      }
      if (gone) {
        await disableGoneEndpoint(em, d.program_id, d.endpoint_id);
        return null;
      }
      // Failing for too long: disable the endpoint and tell the program owner, once.
      if (Date.now() - (await endpointFailingSince(em, d.program_id, d.endpoint_id)).getTime() < this.opts.disableAfterMs) return null;
      const disabled = await disableFailingEndpoint(em, d.program_id, d.endpoint_id);
      if (!disabled) return null;
      const email = this.emails.enqueue(tx, d.program_id, webhookEndpointDisabledEmail({ name: disabled.name }, disabled.owner_email, disabled.url));
      return email; // written as the unit of work commits
    });
    if (emailQueued) {
      this.emails.afterCommit([emailQueued]);
      this.log.warn({ endpointId: d.endpoint_id }, 'webhook endpoint disabled after failing for 5 days');
    }
  }
}
