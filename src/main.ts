import 'reflect-metadata';
import http from 'node:http';
import { loadConfig } from './config/config';
import { createLogger } from './common/logger';
import { bootstrap } from './bootstrap';
import { provisionDemo } from './demo';

/** Entry point: config, database and migrations, HTTP, first-run demo credentials, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const runtime = await bootstrap(config, log);
  const server = http.createServer(runtime.app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;

  console.log(`\nAffiliate program API listening on ${origin}`);
  console.log(`  REST     ${origin}/api/v1`);
  console.log(`  GraphQL  ${origin}/graphql`);
  console.log(`  Health   ${origin}/healthz  ${origin}/readyz  ${origin}/metrics`);
  console.log(`  Database ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}; rate limits in ${config.redisUrl ? 'Redis' : 'memory'}`);
  const dev = runtime.partners.generated;
  if (dev) {
    console.log(`\n  OAuth partner "${dev.name}" (development; set OAUTH_PARTNERS to configure real ones)`);
    console.log(`    authorize  ${origin}/connect/${dev.name}/choose-affiliate-program?state=...&redirect_uri=${dev.redirectUris[0]}`);
    console.log(`    token      POST ${origin}/api/${dev.name}/token   client_id=${dev.clientId} client_secret=${dev.clientSecret}`);
    console.log(`    redirects  ${dev.redirectUris.join(', ')}`);
  }
  console.log(`  Dashboard ${origin}/dashboard`);
  if (config.env !== 'production') {
    const demo = await provisionDemo(runtime.orm, runtime.services, log, origin);
    if (demo) {
      console.log('\nFirst run: created a demo account (shown once).');
      console.log(`  user     ${demo.email} / ${demo.password}`);
      console.log(`  program  ${demo.programId} (Demo Program)`);
      console.log(`  API key  ${demo.apiKey}`);
      console.log(`\n  curl -H "Authorization: Bearer ${demo.apiKey}" ${origin}/api/v1/affiliates\n`);
    }
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

main().catch((err) => {
  console.error('failed to start:', err);
  process.exit(1);
});
