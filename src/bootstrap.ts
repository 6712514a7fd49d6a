import type { MikroORM } from '@mikro-orm/postgresql';
import Redis from 'ioredis';
import type { AppConfig } from './config/config';
import type { Logger } from './common/logger';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { initOrm } from './db/orm';
import { getSchema } from './graphql/schema';
import { Metrics } from './ops/metrics';
import { RateLimiter } from './rate-limit/rate-limiter';
import { RequestLimiter } from './rate-limit/request-limiter';
import { MemoryWindowBackend, RedisWindowBackend, type SlidingWindowBackend } from './rate-limit/sliding-window-store';
import { createServices, type Services } from './services';
import { createApp } from './app';
import { listenForCredentialChanges } from './auth/credential-invalidation';
import { EmailWorker } from './modules/emails/email.worker';
import { smtpMailer } from './modules/emails/smtp-mailer';
import { JobWorker } from './modules/jobs/job.service';
import { WebhookWorker } from './modules/webhooks/webhook.worker';
import { StatsCompactor } from './modules/stats/stats.compaction';
import { CommissionApprover } from './modules/payouts/commission-approver';
import { PartnerRegistry } from './modules/oauth/partners';
import { CONNECT_CODE_LINKS_JOB, PromotionalCodeService } from './modules/promo-codes/promotional-code.service';

export interface Runtime {
  app: import('express').Express;
  orm: MikroORM;
  services: Services;
  log: Logger;
  config: AppConfig;
  /** The background job worker (running when config.workers; tests may drive it with runOnce()). */
  jobs: JobWorker;
  /** The webhook delivery worker (running when config.workers; tests may drive it with runOnce()). */
  webhooks: WebhookWorker;
  /** Folds the statistics deltas into buckets (running when config.workers; tests may drive it with drain()). */
  stats: StatsCompactor;
  /** Approves commissions whose hold ended, with their events (running when config.workers; tests may drive it with runOnce()). */
  approvals: CommissionApprover;
  partners: PartnerRegistry;
  /** Stops workers, the ORM, Redis and (if embedded) the database, in that order. */
  close(): Promise<void>;
}

/** Everything the server needs, started in order: database (embedded unless DATABASE_URL), migrations, Redis, app. */
export async function bootstrap(config: AppConfig, log: Logger, opts: { embedded?: EmbeddedDatabase } = {}): Promise<Runtime> {
  let embedded = opts.embedded;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, log);
    url = embedded.url;
    log.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }
  const orm = await initOrm(url, log);
  let backend: SlidingWindowBackend;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    redis.on('error', (err) => log.warn({ err }, 'redis error'));
    backend = new RedisWindowBackend(redis);
  } else {
    backend = new MemoryWindowBackend();
  }
  const metrics = new Metrics();
  const rateLimiter = new RateLimiter(backend);
  const limiter = new RequestLimiter(rateLimiter, metrics);
  const services = createServices(config, log, backend);
  const credentialListener = await listenForCredentialChanges(url, services.credentials, log);
  const schema = await getSchema();
  const partners = new PartnerRegistry(config);
  const { app, stop } = await createApp({ config, log, orm, services, limiter, schema, metrics, partners });

  const jobs = new JobWorker(orm, { [CONNECT_CODE_LINKS_JOB]: PromotionalCodeService.connectCodeLinks }, log);
  if (config.workers) {
    services.jobs.onEnqueued(() => jobs.wake());
    jobs.start();
  }

  const stats = new StatsCompactor(orm, log);
  if (config.workers) stats.start();

  const approvals = new CommissionApprover(orm, services.payouts, log);
  if (config.workers) approvals.start();

  if (config.webhookAllowPrivate) {
    log.warn(
      { env: config.env },
      'WEBHOOK_ALLOW_PRIVATE is on: webhook endpoints may target loopback and private addresses (set WEBHOOK_ALLOW_PRIVATE=false outside local development)',
    );
  }
  const webhooks = new WebhookWorker(orm, services.emails, log, { allowPrivate: config.webhookAllowPrivate, timeoutMs: config.webhookTimeoutMs });
  if (config.workers) webhooks.start();

  let worker: EmailWorker | undefined;
  if (config.smtpUrl && config.workers) {
    worker = new EmailWorker(orm, smtpMailer(config.smtpUrl), config.emailFrom, log);
    services.emails.onEnqueued(() => worker!.wake());
    worker.start();
  }

  return {
    app,
    orm,
    services,
    log,
    config,
    jobs,
    webhooks,
    stats,
    approvals,
    partners,
    async close() {
      await webhooks.stop();
      await stats.stop();
      await approvals.stop();
      await worker?.stop();
      await jobs.stop();
      log.debug('close: workers stopped');
      await stop();
      log.debug('close: graphql stopped');
      await rateLimiter.close();
      await credentialListener.close();
      await orm.close(true);
      log.debug('close: database connections closed');
      await embedded?.stop();
      log.debug('close: embedded database stopped');
    },
  };
}
