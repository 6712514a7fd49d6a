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
import { MemoryWindowBackend, RedisWindowBackend, type SlidingWindowBackend } from './common/sliding-window';
import { createServices, type Services } from './modules/services';
import { createApp } from './app';
import { listenForCredentialChanges } from './auth/credential-invalidation';
import { EmailWorker } from './modules/emails/email.worker';
import { smtpMailer } from './modules/emails/smtp-mailer';
import { JobWorker } from './modules/jobs/job.service';
import { WebhookWorker } from './modules/webhooks/webhook.worker';
import { StatsCompactor } from './modules/stats/stats.compaction';
import { CommissionNotifier } from './modules/commissions/commission-notifier';
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
  /** Makes new commissions' "new commission" emails (running when config.workers; tests may drive it with runOnce()). */
  notices: CommissionNotifier;
  partners: PartnerRegistry;
  /** Stops workers, the ORM, Redis and (if embedded) the database, in that order. */
  close(): Promise<void>;
}

/** The database DATABASE_URL names, else the embedded one in DATA_DIR, started here (a test may hand its own). */
async function database(config: AppConfig, log: Logger, given: EmbeddedDatabase | undefined): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: given };
  const embedded = await startEmbeddedPostgres(config.dataDir, log);
  log.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  return { url: embedded.url, embedded };
}

/** Where the rate limits' windows are kept: Redis when REDIS_URL is set (shared by every process), else memory. */
function windowBackend(config: AppConfig, log: Logger): SlidingWindowBackend {
  if (!config.redisUrl) return new MemoryWindowBackend();
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', (err) => log.warn({ err }, 'redis error'));
  return new RedisWindowBackend(redis);
}

type Workers = Pick<Runtime, 'jobs' | 'webhooks' | 'stats' | 'approvals' | 'notices'> & { stop(): Promise<void> };

/** The background workers, started when config.workers (otherwise built, for tests to drive). */
function startWorkers(config: AppConfig, orm: MikroORM, services: Services, log: Logger): Workers {
  const jobs = new JobWorker(orm, { [CONNECT_CODE_LINKS_JOB]: PromotionalCodeService.connectCodeLinks }, log);
  if (config.workers) {
    services.jobs.onEnqueued(() => jobs.wake());
    jobs.start();
  }

  const stats = new StatsCompactor(orm, log);
  if (config.workers) stats.start();

  const approvals = new CommissionApprover(orm, services.payouts, log);
  if (config.workers) approvals.start();

  // Without SMTP its emails stay in the outbox, as every email does: it runs either way. It polls, and is not
  // woken by each sale: under load a round then makes a batch of emails, not one.
  const notices = new CommissionNotifier(orm, services.emails, services.emailLinks, log);
  if (config.workers) notices.start();

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
    jobs,
    webhooks,
    stats,
    approvals,
    notices,
    async stop() {
      await webhooks.stop();
      await stats.stop();
      await approvals.stop();
      await notices.stop();
      await worker?.stop();
      await jobs.stop();
    },
  };
}

/** Everything the server needs, started in order: database (embedded unless DATABASE_URL), migrations, Redis, app. */
export async function bootstrap(config: AppConfig, log: Logger, opts: { embedded?: EmbeddedDatabase } = {}): Promise<Runtime> {
  const { url, embedded } = await database(config, log, opts.embedded);
  const orm = await initOrm(url, log);
  const backend = windowBackend(config, log);
  const metrics = new Metrics();
  const rateLimiter = new RateLimiter(backend);
  const limiter = new RequestLimiter(rateLimiter, metrics);
  const services = createServices(config, log, backend);
  const credentialListener = await listenForCredentialChanges(url, services.credentials, log);
  const schema = await getSchema();
  const partners = new PartnerRegistry(config);
  const { app, stop } = await createApp({ config, log, orm, services, limiter, schema, metrics, partners });
  const workers = startWorkers(config, orm, services, log);

  return {
    app,
    orm,
    services,
    log,
    config,
    jobs: workers.jobs,
    webhooks: workers.webhooks,
    notices: workers.notices,
    stats: workers.stats,
    approvals: workers.approvals,
    partners,
    async close() {
      await workers.stop();
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
