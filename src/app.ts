import type { Express } from 'express';
import { publicOrigin } from './config/config';
import { OperationExecutor } from './graphql/executor';
import { requestContext } from './ops/request-context';
import { restErrorHandler } from '../rest-facade/error-handler';
import { pagesRouter } from './pages/pages.router';
import { portalRouter } from './pages/portal/portal.router';
import { assetsRouter } from './pages/assets.route';
import { tokenRouter } from './pages/token.route';
import { stripeWebhookRouter } from './pages/stripe-webhook.route';
import { oauthMetadataRouter } from './pages/oauth-metadata.route';
import { docsRouter } from './pages/docs.route';
import { trackerRouter } from './pages/tracker.route';
import type { AppDeps } from './http/app-deps';
import { clickRedirects } from './http/click-redirects';
import { newExpressApp } from './http/express-app';
import { graphqlEndpoint } from './http/graphql-endpoint';
import { notFound } from './http/not-found';
import { opsRoutes } from './http/ops.routes';
import { restApi } from './http/rest-api';

/**
 * Express composition, in order: settings → request id and metrics → ops endpoints → /api/v1 (REST facade)
 * → click redirects and the pages → /graphql → not found → errors. Each part is built in src/http or its own folder.
 */
export async function createApp(deps: AppDeps): Promise<{ app: Express; stop: () => Promise<void> }> {
  const { config, log, orm, services, limiter, schema, metrics, partners } = deps;
  const app = newExpressApp(config);
  app.use(requestContext(log, metrics));
  app.use(opsRoutes(orm, metrics, config.metricsToken));

  const executor = new OperationExecutor(schema);
  // The REST API first: its requests walk no layer of the pages, the token endpoint or the click redirects.
  app.use('/api/v1', restApi(deps, executor));

  app.use(clickRedirects(orm, services, limiter, config.clicksPerMinute));
  // The script merchants paste on their site: it records ?ref= visits through POST /api/v1/public/clicks.
  app.use(trackerRouter());

  // OAuth token endpoint (form-encoded), the partners' authorization-server metadata and the server-rendered
  // pages: sign-in, dashboard, consent.
  app.use(tokenRouter(orm, services, partners, limiter));
  // Billing providers' deliveries (Stripe), authenticated by their signature.
  app.use(stripeWebhookRouter(orm, services, limiter));
  app.use(oauthMetadataRouter(partners, publicOrigin(config)));
  app.use(pagesRouter(orm, services, partners, publicOrigin(config)));
  // The affiliates' own portal, per program, and the pages' static files (Pico CSS and our additions).
  app.use(portalRouter({ orm, services, origin: publicOrigin(config) }));
  app.use(assetsRouter());
  app.get('/', (_req, res) => res.redirect(302, '/dashboard'));
  // The OpenAPI document rendered for people, with the renderer served from here (works offline).
  app.use(docsRouter());

  const graphql = await graphqlEndpoint(deps, executor);
  app.use('/graphql', ...graphql.handlers);

  app.use(notFound);
  app.use(restErrorHandler);

  return { app, stop: graphql.stop };
}
