import 'reflect-metadata';
import cluster from 'node:cluster';
import http from 'node:http';
import { loadConfig, publicOrigin, type AppConfig } from './config/config';
import { createLogger, type Logger } from './common/logger';
import { bootstrap } from './bootstrap';
import { provisionDemo } from './demo';
import { openDatabase, StartupError } from './db/embedded-postgres';
import { initOrm } from './db/orm';
import { PartnerRegistry } from './modules/oauth/partners';
import { createServices } from './modules/services';

/** Entry point: one server process, or (CLUSTER_WORKERS > 1) a primary that prepares the database and forks workers. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  if (config.clusterWorkers > 1 && cluster.isPrimary) return runPrimary(config, log);
  return runServer(config, log, cluster.isWorker);
}

const originOf = publicOrigin;

function printBanner(config: AppConfig, partners: PartnerRegistry, processes: number): void {
  const origin = originOf(config);
  console.log(`\nAffiliate program API listening on ${origin}${processes > 1 ? ` (${processes} processes)` : ''}`);
  console.log(`  REST     ${origin}/api/v1`);
  console.log(`  GraphQL  ${origin}/graphql`);
  console.log(`  Health   ${origin}/healthz  ${origin}/readyz  ${origin}/metrics`);
  console.log(
    `  Database ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}; rate limits in ${config.redisUrl ? 'Redis' : processes > 1 ? 'memory (per process: set REDIS_URL to share them)' : 'memory'}`,
  );
  const dev = partners.generated;
  if (dev) {
    console.log(`\n  OAuth partner "${dev.name}" (development; set OAUTH_PARTNERS to configure real ones)`);
    console.log(`    authorize  ${origin}/connect/${dev.name}/choose-affiliate-program?state=...&redirect_uri=${dev.redirectUris[0]}`);
    console.log(`    token      POST ${origin}/api/${dev.name}/token   client_id=${dev.clientId} client_secret=${dev.clientSecret}`);
    console.log(`    redirects  ${dev.redirectUris.join(', ')}`);
  }
  console.log(`  Dashboard ${origin}/dashboard`);
}

async function printDemo(config: AppConfig, demo: Awaited<ReturnType<typeof provisionDemo>>): Promise<void> {
  if (!demo) return;
  const origin = originOf(config);
  console.log('\nFirst run: created a demo account (shown once).');
  console.log(`  user     ${demo.email} / ${demo.password}`);
  console.log(`  program  ${demo.programId} (Demo Program)`);
  console.log(`  API key  ${demo.apiKey}`);
  console.log(`\n  curl -H "Authorization: Bearer ${demo.apiKey}" ${origin}/api/v1/affiliates`);
  console.log(`\n  tracker  <script src="${origin}/tracker.js" data-program="${demo.publishableKey}" async></script>\n`);
}

/** A server process: HTTP, workers, graceful shutdown (finish in-flight requests, then close everything once). */
async function runServer(config: AppConfig, log: Logger, isClusterWorker: boolean): Promise<void> {
  const runtime = await bootstrap(config, log);
  const server = http.createServer(runtime.app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  if (!isClusterWorker) {
    printBanner(config, runtime.partners, 1);
    if (config.env !== 'production') await printDemo(config, await provisionDemo(runtime.orm, runtime.services, log, originOf(config)));
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      log.warn('shutdown timeout: closing remaining connections');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(force);
    log.debug('shutdown: HTTP server closed');
    try {
      await runtime.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * The cluster primary: starts the embedded database when needed, applies migrations once, provisions the
 * demo, then forks the workers (they share the port) and restarts any that die. On SIGTERM it stops the
 * workers (each finishes its in-flight requests) and then the database.
 */
async function runPrimary(config: AppConfig, log: Logger): Promise<void> {
  const { url, embedded } = await openDatabase(config, log);
  const orm = await initOrm(url, log);
  const partners = new PartnerRegistry(config);
  printBanner(config, partners, config.clusterWorkers);
  if (config.env !== 'production') await printDemo(config, await provisionDemo(orm, createServices(config, log), log, originOf(config)));
  await orm.close(true);

  // Every worker must know the same development partner (its secret is generated once, here).
  const env: Record<string, string> = { DATABASE_URL: url };
  if (partners.generated) env.OAUTH_PARTNERS = JSON.stringify([partners.generated]);
  let stopping = false;
  const fork = () => cluster.fork(env);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.warn({ pid: worker.process.pid, code, signal }, 'worker exited; starting another');
    fork();
  });
  for (let i = 0; i < config.clusterWorkers; i++) fork();

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            w!.once('exit', () => resolve());
            w!.process.kill('SIGTERM');
          }),
      ),
    );
    await embedded?.stop();
    log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // A failure we understand is one line saying what to do; anything else keeps its stack.
  if (err instanceof StartupError) console.error(err.message);
  else console.error('failed to start:', err);
  process.exit(1);
});
