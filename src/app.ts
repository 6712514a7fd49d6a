import express, { type Express, type Request, type Response } from 'express';
import { expressMiddleware } from '@as-integrations/express5';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import { publicOrigin, type AppConfig } from './config/config';
import type { Logger } from './common/logger';
import { DomainError, errorBody } from './common/errors';
import { sameSecret } from './common/ids';
import { authenticate } from './auth/authenticate';
import { databaseReady } from './db/orm';
import { createApollo, type ApolloContext } from './graphql/apollo';
import { refuseNulInGraphQL, refuseOversizeDocuments } from './graphql/http-guards';
import { OperationExecutor } from './graphql/executor';
import { API_HEADERS } from './ops/api-headers';
import { buildContext } from './graphql/build-context';
import { Metrics } from './ops/metrics';
import { requestContext } from './ops/request-context';
import type { RequestLimiter } from './rate-limit/request-limiter';
import type { Services } from './services';
import { restErrorHandler, restFacade } from '../rest-facade/router';
import type { PartnerRegistry } from './modules/oauth/partners';
import { pagesRouter } from './pages/pages.router';
import { tokenRouter } from './pages/token.route';
import { stripeWebhookRouter } from './pages/stripe-webhook.route';
import { oauthMetadataRouter } from './pages/oauth-metadata.route';
import { docsRouter } from './pages/docs.route';
import { trackerRouter } from './pages/tracker.route';
import { html } from './pages/html';
import { IdempotencyService } from './modules/idempotency/idempotency.service';
import { anonymousContext } from './modules/service-context';
import { NO_SUCH_LINK } from './modules/clicks/click.service';

export interface AppDeps {
  partners: PartnerRegistry;
  config: AppConfig;
  log: Logger;
  orm: MikroORM;
  services: Services;
  limiter: RequestLimiter;
  schema: GraphQLSchema;
  metrics: Metrics;
}

/** Express composition: request id and metrics → ops endpoints → /api/v1 (REST facade) → /graphql. */
export async function createApp(deps: AppDeps): Promise<{ app: Express; stop: () => Promise<void> }> {
  const { config, log, orm, services, limiter, schema, metrics, partners } = deps;
  const app = express();
  app.disable('x-powered-by');
  // No generated ETags: API answers are `no-store` and must never come back as a 304 the document does not
  // list; the static /docs assets set their own.
  app.set('etag', false);
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; otherwise one client could spread
  // itself over any number of rate-limit keys and click identities.
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  app.use(requestContext(log, metrics));

  app.get('/healthz', (_req, res) => {
    res.locals.route = 'GET /healthz';
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    res.locals.route = 'GET /readyz';
    const ready = await databaseReady(orm);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', database: ready });
  });
  app.get('/metrics', async (req, res) => {
    res.locals.route = 'GET /metrics';
    if (config.metricsToken && !sameSecret(req.get('authorization') ?? '', `Bearer ${config.metricsToken}`)) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer')
        .json(errorBody(new DomainError('UNAUTHENTICATED', 'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>"')));
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  const executor = new OperationExecutor(schema);
  // The REST API first: its requests walk no layer of the pages, the token endpoint or the click redirects.
  app.use(
    '/api/v1',
    restFacade({
      schema,
      executor,
      orm,
      services,
      idempotency: new IdempotencyService(orm),
      limiter,
      log,
      bodyLimitBytes: config.bodyLimitBytes,
      origin: publicOrigin(config),
      partnerNames: [...partners.partners.keys()],
      clicksPerMinute: config.clicksPerMinute,
    }),
  );

  // Public click tracking: record the visit, then send the visitor on to the program's own site. A link's
  // trackingUrl is /r/<program id>/<slug>; the older /r/<slug> still works while one program has the slug.
  // Limited per client address (a fixed budget no person reaches): over it, 429 and nothing is recorded.
  const clickPolicy = { name: 'clicks', max: config.clicksPerMinute, windowMs: 60_000 };
  const track = async (req: Request, res: Response, programId: string | undefined) => {
    res.locals.route = programId === undefined ? 'GET /r/:slug' : 'GET /r/:programId/:slug';
    const limit = await limiter.check({ kind: 'anonymous' }, ['GET /r'], clickPolicy, req.ip ?? '');
    res.set(limit.headers);
    if (!limit.allowed) throw new DomainError('RATE_LIMITED', `Rate limit exceeded; retry in ${limit.headers['Retry-After']} s`);
    const q = req.query as Record<string, unknown>;
    const visit = await services.clicks.trackVisit(
      anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? ''),
      String(req.params.slug),
      programId ?? (typeof q.program === 'string' ? q.program : undefined),
      typeof q.to === 'string' ? q.to : undefined,
      { referrer: req.get('referer') ?? null, userAgent: req.get('user-agent') ?? null, ip: req.ip ?? null },
    );
    if (visit.location !== undefined) res.set('Cache-Control', 'no-store').redirect(302, visit.location);
    else deadLinkPage(res, visit.notFound);
  };
  app.get('/r/:programId/:slug', (req, res) => track(req, res, String(req.params.programId)));
  app.get('/r/:slug', (req, res) => track(req, res, undefined));
  // The script merchants paste on their site: it records ?ref= visits through POST /api/v1/public/clicks.
  app.use(trackerRouter());

  // OAuth token endpoint (form-encoded), the partners' authorization-server metadata and the server-rendered
  // pages: sign-in, dashboard, consent.
  app.use(tokenRouter(orm, services, partners, limiter));
  // Billing providers' deliveries (Stripe), authenticated by their signature.
  app.use(stripeWebhookRouter(orm, services, limiter));
  app.use(oauthMetadataRouter(partners, publicOrigin(config)));
  app.use(pagesRouter(orm, services, partners, publicOrigin(config)));
  app.get('/', (_req, res) => res.redirect(302, '/dashboard'));
  // The OpenAPI document rendered for people, with the renderer served from here (works offline).
  app.use(docsRouter());

  const apollo = createApollo(schema, executor, limiter);
  await apollo.start();
  app.use(
    '/graphql',
    (_req, res, next) => {
      res.locals.route = 'POST /graphql';
      res.set(API_HEADERS);
      next();
    },
    express.json({ limit: config.bodyLimitBytes }),
    refuseNulInGraphQL,
    refuseOversizeDocuments,
    expressMiddleware(apollo, {
      context: async ({ req }): Promise<ApolloContext> => {
        const base = buildContext(orm, services, { kind: 'anonymous' }, req.id, req.log, 'graphql', req.ip ?? '');
        try {
          const actor = await authenticate(base, services, req.get('authorization'));
          return { ...base, actor };
        } catch (err) {
          // The database could not be asked (translated where it failed, db-errors): 503 with Retry-After, as on REST.
          if (err instanceof DomainError && err.code === 'UNAVAILABLE') {
            const retryAfter = String(err.retryAfterSeconds);
            // originalError: formatGraphQLError finds the code through it; without it the 503 said INTERNAL.
            throw new GraphQLError(err.message, {
              originalError: err,
              extensions: { code: err.code, retryAfter: err.retryAfterSeconds, http: { status: 503, headers: new Map([['Retry-After', retryAfter]]) } },
            });
          }
          if (err instanceof DomainError) {
            // Refused before any operation: limited by address like any unauthenticated caller.
            const limit = await limiter.check({ kind: 'anonymous' }, ['graphql unauthenticated'], 'reads', req.ip ?? '');
            const status = limit.allowed ? 401 : 429;
            const message = limit.allowed ? err.message : `Rate limit exceeded; retry in ${limit.headers['Retry-After']} s`;
            throw new GraphQLError(message, {
              extensions: { code: limit.allowed ? err.code : 'RATE_LIMITED', http: { status, headers: new Map(Object.entries(limit.headers)) } },
            });
          }
          throw err;
        }
      },
    }),
  );

  app.use((req: Request, res: Response) => {
    // A tracking URL of no shape a link has (/r/a/b/c) is a visitor's too: the page, not JSON.
    if ((req.method === 'GET' || req.method === 'HEAD') && /^\/r(\/|$)/.test(req.path)) return deadLinkPage(res, NO_SUCH_LINK);
    res.status(404).json(errorBody(new DomainError('NOT_FOUND', `No route ${req.method} ${req.path}`)));
  });
  app.use(restErrorHandler);

  return { app, stop: () => apollo.stop() };
}

/** What a visitor sees when a tracking URL leads nowhere: a small page (404), never JSON, never cached. */
function deadLinkPage(res: Response, message: string): void {
  res
    .status(404)
    .set({
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    })
    .type('html')
    .send(
      html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Link not found</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1d1d1f}</style></head>
<body><main><h1>Link not found</h1><p>${message}</p></main></body></html>`.html,
    );
}

export { Metrics };
