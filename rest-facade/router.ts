import express, { type NextFunction, type Request, type Response } from 'express';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { OperationExecutor } from '../src/graphql/executor';
import type { MikroORM } from '@mikro-orm/postgresql';
import { authenticate } from '../src/auth/authenticate';
import type { Actor } from '../src/auth/actor';
import { authorize, REST_CALLERS, REST_ROUTES } from '../src/auth/policy';
import { DomainError, forbidden, unauthenticated } from '../src/common/errors';
import type { Logger } from '../src/common/logger';
import { MAX_PAGE_SIZE } from '../src/common/pagination';
import { buildContext } from '../src/graphql/build-context';
import type { GraphQLContext } from '../src/graphql/context';
import type { RequestLimiter } from '../src/rate-limit/request-limiter';
import type { Services } from '../src/services';
import { loadOperations } from './documents';
import { describeApi } from './api-description';
import { compileSerializers } from './serializers';
import { idempotency } from './idempotency';
import type { IdempotencyService } from '../src/modules/idempotency/idempotency.service';
import { sendError, toDomainError } from './errors';
import { assertNoNul } from '../src/common/nul';
import { inputSchema, type Connection, type RestRoute } from './route';
import { affiliateRoutes } from './routes/affiliates.routes';
import { linkRoutes } from './routes/links.routes';
import { referralRoutes } from './routes/referrals.routes';
import { couponRoutes } from './routes/coupons.routes';
import { promotionalCodeRoutes } from './routes/promotional-codes.routes';
import { clickRoutes } from './routes/clicks.routes';
import { statsRoutes } from './routes/stats.routes';
import { saleRoutes } from './routes/sales.routes';
import { webhookRoutes } from './routes/webhooks.routes';
import { programRoutes } from './routes/program.routes';
import { compileInputs, validateInput } from '../src/validation/validator';
import { API_HEADERS } from '../src/ops/api-headers';
import { admitSiteCall, answerPreflight, isSiteResource } from './public-site';

/** The request's path under /api/v1, without trailing slashes. */
const pathOf = (req: Request) => req.path.replace(/\/+$/, '') || '/';

/** The documented route a request is for: exact path, HEAD answered as its GET. */
function routeOf(req: Request): RestRoute | undefined {
  return ROUTE_TABLE.get(`${req.method === 'HEAD' ? 'GET' : req.method} ${pathOf(req)}`);
}

/** What the facade's first middleware found out, for the route's handler. */
interface FacadeLocals {
  restRoute?: RestRoute;
  actor?: Actor;
  /** The request's context (its EntityManager fork), made for authentication and reused by the operation. */
  ctx?: GraphQLContext;
}
const facadeLocals = (res: Response) => res.locals as FacadeLocals;

/** `METHOD /path`: how the authorization policy names a route. */
export const routeKey = (r: Pick<RestRoute, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** The route table of the documented /api/v1 endpoints. */
export const restRoutes: RestRoute[] = [
  ...affiliateRoutes,
  ...referralRoutes,
  ...linkRoutes,
  ...couponRoutes,
  ...promotionalCodeRoutes,
  ...saleRoutes,
  ...clickRoutes,
  ...statsRoutes,
  ...webhookRoutes,
  ...programRoutes,
];

/** Routes by `METHOD /path` (exact, without trailing slashes). */
const ROUTE_TABLE = new Map(restRoutes.map((r) => [routeKey(r), r]));

export interface FacadeDeps {
  schema: GraphQLSchema;
  executor: OperationExecutor;
  orm: MikroORM;
  services: Services;
  /** Idempotency-Key leases (DESIGN.md), shared by every route. */
  idempotency: IdempotencyService;
  limiter: RequestLimiter;
  log: Logger;
  bodyLimitBytes: number;
  /** This server's public origin (PUBLIC_URL): the document's server URL, never the request's Host header. */
  origin: string;
  /** The configured automation partners: the document's OAuth 2.0 schemes. */
  partnerNames: readonly string[];
  /** The budget per client address of the routes the merchant's pages call (CLICKS_PER_MINUTE). */
  clicksPerMinute: number;
}

/**
 * The REST contract as a thin layer: authenticate, rate-limit, validate, run the route's named GraphQL
 * operation in-process with the request's context, map the result. No HTTP loopback, no built query strings.
 */
export function restFacade(deps: FacadeDeps): express.Router {
  const operations = loadOperations(deps.schema);
  // Every route's schema compiled now: one that cannot be checked stops the start, not a request.
  compileInputs(restRoutes.map(inputSchema));
  for (const r of restRoutes) {
    if (!REST_ROUTES[routeKey(r)]) throw new Error(`route ${routeKey(r)} has no entry in the authorization policy (src/auth/policy.ts)`);
  }
  // The 200 bodies from the operations' selections (a route naming an unknown operation stops the start),
  // their serializers, and the document built from the same schemas.
  const api = describeApi(restRoutes, deps.schema, operations);
  const serializers = new Map(restRoutes.map((r, i) => [r, compileSerializers(api.answers[i])]));
  const document = JSON.stringify(api.document(deps.origin, deps.partnerNames));

  const run = async (ctx: GraphQLContext, name: string, variables: Record<string, unknown>) => {
    const document = operations.get(name) as DocumentNode;
    const result = await deps.executor.run(document, name, variables, ctx);
    if (result.errors?.length) throw toDomainError(result.errors[0], ctx.log, ctx.requestId);
    return result.data as Record<string, unknown>;
  };

  const handle = (route: RestRoute) => {
    const serialize = serializers.get(route)!;
    const connectionOf = (data: Record<string, unknown>) => (route.list ? (data[route.list] as Connection | undefined) : undefined);
    return async (req: Request, res: Response) => {
      const { actor, ctx: before } = facadeLocals(res);
      // The context authentication used (one EntityManager fork per request), now with its caller.
      const ctx: GraphQLContext = { ...before!, actor: actor! };

      // Validated once, here: the GraphQL edge trusts a REST execution's variables (src/graphql/input-validation.ts).
      const input = route.method === 'GET' ? validateInput(route.query, req.query, 'query') : validateInput(route.body, req.body, 'body');
      const name = typeof route.operation === 'string' ? route.operation : route.operation(input);
      const variables = route.variables(input);
      const paged = route.pageOnly || input.limit != null || input.after != null;
      const listVars = { ...variables, first: (input.limit as number | undefined) ?? (route.pageOnly ? null : MAX_PAGE_SIZE), after: input.after ?? null };
      const data = await run(ctx, name, route.list ? listVars : variables);
      const conn = connectionOf(data);
      if (route.headers) res.set(route.headers(data));
      res.type('application/json');
      if (!conn) {
        res.send(serialize.single(name)(route.response!.map(data)));
        return;
      }
      const writeList = serialize.list(name);
      const array = (page: Connection) => writeList(route.node ? page.nodes.map((n) => route.node!.map(n)) : page.nodes);
      if (paged || !conn.pageInfo.hasNextPage) {
        if (conn.pageInfo.hasNextPage && conn.pageInfo.endCursor) res.set('X-Next-Cursor', conn.pageInfo.endCursor);
        res.send(array(conn));
        return;
      }
      // A large list: stream it page by page, each page in a fresh unit of work, so memory stays flat. Each
      // page is written as the items of one array (its brackets cut off).
      const items = (page: Connection) => array(page).slice(1, -1);
      res.status(200);
      res.write('[' + items(conn));
      let cursor = conn.pageInfo.endCursor;
      try {
        while (cursor) {
          const pageCtx = buildContext(deps.orm, deps.services, ctx.actor, req.id, req.log, 'rest', req.ip ?? '');
          const next = connectionOf(await run(pageCtx, name, { ...listVars, after: cursor }))!;
          if (next.nodes.length) res.write(',' + items(next));
          cursor = next.pageInfo.hasNextPage ? next.pageInfo.endCursor : null;
        }
        res.end(']');
      } catch (err) {
        req.log.error({ err }, 'list stream failed after the first page');
        res.destroy(err as Error);
      }
    };
  };

  // The routes the merchant's pages call with the publishable key (./public-site.ts), by path: their methods.
  const sitePaths = new Map<string, string[]>();
  for (const r of restRoutes) if (isSiteResource(REST_ROUTES[routeKey(r)])) sitePaths.set(r.path, [...(sitePaths.get(r.path) ?? []), r.method]);
  const site = { services: deps.services, limiter: deps.limiter, clicksPerMinute: deps.clicksPerMinute };

  const router = express.Router();
  router.get('/openapi.json', (req: Request, res: Response) => {
    res.locals.route = 'GET /api/v1/openapi.json';
    res.type('application/json').send(document);
  });
  // Before the body is even parsed: who is calling, and may they? Every answer, a 401 or a malformed body
  // included, carries the rate-limit headers; unauthenticated callers are limited by address.
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const route = routeOf(req);
    facadeLocals(res).restRoute = route;
    res.locals.route = route ? `${route.method} /api/v1${route.path}` : 'unmatched';
    res.set(API_HEADERS);
    let actor: Actor = { kind: 'anonymous' };
    let authError: DomainError | undefined;
    const before = buildContext(deps.orm, deps.services, { kind: 'anonymous' }, req.id, req.log, 'rest', req.ip ?? '');
    facadeLocals(res).ctx = before;
    const siteMethods = sitePaths.get(pathOf(req));
    if (req.method === 'OPTIONS' && siteMethods) {
      res.locals.route = `OPTIONS /api/v1${pathOf(req)}`;
      return answerPreflight(req, res, before, site, `OPTIONS ${pathOf(req)}`, siteMethods);
    }
    if (route && isSiteResource(REST_ROUTES[routeKey(route)])) {
      facadeLocals(res).actor = await admitSiteCall(req, res, before, site, routeKey(route), REST_ROUTES[routeKey(route)]);
      return next();
    }
    try {
      actor = await authenticate(before, deps.services, req.get('authorization'));
    } catch (err) {
      // The credential refused waits for the rate limit; a database that cannot check it answers 503 at once.
      if (!(err instanceof DomainError) || err.code === 'UNAVAILABLE') throw err;
      authError = err;
    }
    const kind = req.method === 'GET' || req.method === 'HEAD' ? 'reads' : 'writes';
    const limit = await deps.limiter.check(actor, [route ? `${route.method} ${route.path}` : `${req.method} unmatched`], kind, req.ip ?? '');
    res.set(limit.headers);
    if (!limit.allowed) throw new DomainError('RATE_LIMITED', `Rate limit exceeded; retry in ${limit.headers['Retry-After']} s`);
    if (authError) throw authError;
    if (actor.kind === 'anonymous') throw unauthenticated('Send "Authorization: Bearer <API key>"');
    if (!REST_CALLERS.includes(actor.kind)) throw forbidden('Dashboard session tokens are for /graphql; use an API key for the REST API');
    // The policy decides before the body is even read (an unknown route falls through to its 404).
    if (route) authorize(actor, REST_ROUTES[routeKey(route)]);
    facadeLocals(res).actor = actor;
    next();
  });
  // JSON whatever the Content-Type says: a `curl -d` without -H must not silently lose its body.
  router.use(express.json({ limit: deps.bodyLimitBytes, strict: false, type: () => true }));
  // U+0000 cannot be stored in PostgreSQL text: a 400 here, before an idempotency key is claimed or a statement runs.
  router.use((req: Request, _res: Response, next: NextFunction) => {
    assertNoNul(req.query, req.body);
    next();
  });
  // Not on the routes the merchant's pages call: every visitor holds the same (public) key, so one visitor's
  // Idempotency-Key must not answer another's call (and browsers cannot send one there: the preflight does not allow it).
  const keyed = idempotency(deps.idempotency);
  router.use((req: Request, res: Response, next: NextFunction) => (facadeLocals(res).actor?.kind === 'publishableKey' ? next() : keyed(req, res, next)));
  // The route the policy authorized is the one that runs: one lookup (exact path, HEAD as GET), not a walk
  // through a layer per route whose matching (case-insensitive) could differ from the policy's.
  const handlers = new Map(restRoutes.map((r) => [r, handle(r)]));
  router.use((req: Request, res: Response, next: NextFunction) => {
    const route = facadeLocals(res).restRoute;
    return route ? handlers.get(route)!(req, res) : next();
  });
  const paths = new Set(restRoutes.map((r) => r.path));
  router.use((req: Request, res: Response) => {
    const path = pathOf(req);
    if (paths.has(path)) {
      res.set(
        'Allow',
        restRoutes
          .filter((r) => r.path === path)
          .map((r) => r.method)
          .join(', '),
      );
      return sendError(res, new DomainError('NOT_FOUND', `${req.method} is not supported on ${path}`));
    }
    sendError(res, new DomainError('NOT_FOUND', `No endpoint ${req.method} /api/v1${path}`));
  });
  router.use(restErrorHandler);
  return router;
}

/** Every failure becomes the one error body; body-parser failures are the client's (400), never a 500. */
export function restErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof DomainError) {
    // A database error arrives translated (db-errors, where it arose): an unreachable one is a warning, not a bug.
    if (err.code === 'UNAVAILABLE') req.log.warn({ err }, 'database unavailable');
    return sendError(res, err);
  }
  const type = (err as { type?: string }).type;
  if (type === 'entity.parse.failed') return sendError(res, new DomainError('VALIDATION_FAILED', 'The request body is not valid JSON'));
  if (type === 'entity.too.large') return sendError(res, new DomainError('VALIDATION_FAILED', 'The request body is too large'));
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return sendError(res, new DomainError('VALIDATION_FAILED', 'Unsupported body encoding; send UTF-8 JSON'));
  if (type === 'request.aborted' || type === 'request.size.invalid')
    return sendError(res, new DomainError('VALIDATION_FAILED', 'The request body was incomplete'));
  const status = (err as { status?: number }).status;
  if (status && status >= 400 && status < 500) return sendError(res, new DomainError('VALIDATION_FAILED', 'Bad request'));
  req.log.error({ err }, 'unhandled error');
  sendError(res, new DomainError('INTERNAL', `Internal server error (request id ${req.id})`, undefined, { requestId: req.id }));
}
