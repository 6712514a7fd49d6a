import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { authenticate } from '../src/auth/authenticate';
import type { DomainActor } from '../src/modules/service-context';
import { authorize, REST_CALLERS, REST_ROUTES } from '../src/auth/policy';
import { DomainError, forbidden, unauthenticated } from '../src/common/errors';
import { buildContext } from '../src/graphql/build-context';
import type { GraphQLContext } from '../src/graphql/context';
import { API_HEADERS } from '../src/ops/api-headers';
import type { IdempotencyService } from '../src/modules/idempotency/idempotency.service';
import type { FacadeDeps } from './facade-deps';
import { facadeLocals } from './facade-locals';
import { idempotency } from './idempotency';
import { admitSiteCall, answerPreflight, isSiteResource, type SiteDeps } from './public-site';
import type { RestRoute } from './route';
import { compileRouteTable } from './route-matcher';
import { pathOf, restRoutes, routeKey, routeOf } from './route-table';

type AdmissionDeps = Pick<FacadeDeps, 'orm' | 'services' | 'limiter' | 'clicksPerMinute'>;

/** The routes the merchant's pages call with the publishable key (./public-site.ts): their paths and methods. */
const siteRoutesOf = (routes: RestRoute[]) => compileRouteTable(routes.filter((r) => isSiteResource(REST_ROUTES[routeKey(r)])));

/**
 * Before the body is even parsed: who is calling, and may they? Every answer, a 401 or a malformed body
 * included, carries the rate-limit headers; unauthenticated callers are limited by address.
 */
export function admitCaller(deps: AdmissionDeps): RequestHandler {
  const siteRoutes = siteRoutesOf(restRoutes);
  const site: SiteDeps = { services: deps.services, limiter: deps.limiter, clicksPerMinute: deps.clicksPerMinute };
  return async (req: Request, res: Response, next: NextFunction) => {
    const match = routeOf(req);
    const route = match?.route;
    // The route's template names it from here on (policy, rate limit, metrics): every id shares one budget.
    facadeLocals(res).restRoute = route;
    facadeLocals(res).pathParams = match?.params;
    res.locals.route = route ? `${route.method} /api/v1${route.path}` : 'unmatched';
    res.set(API_HEADERS);
    const before = buildContext(deps.orm, deps.services, { kind: 'anonymous' }, req.id, req.log, 'rest', req.ip ?? '');
    facadeLocals(res).ctx = before;
    if (req.method === 'OPTIONS') {
      const preflight = siteRoutes.routesAt(pathOf(req));
      if (preflight) {
        res.locals.route = `OPTIONS /api/v1${preflight.path}`;
        return answerPreflight(req, res, before, site, `OPTIONS ${preflight.path}`, preflight.methods);
      }
    }
    if (route && isSiteResource(REST_ROUTES[routeKey(route)])) {
      facadeLocals(res).actor = await admitSiteCall(req, res, before, site, routeKey(route), REST_ROUTES[routeKey(route)]);
      return next();
    }
    facadeLocals(res).actor = await admitApiCaller(req, res, deps, before, route);
    next();
  };
}

/** An API key or partner token: authenticated, rate-limited, then authorized for the route by the policy. */
async function admitApiCaller(req: Request, res: Response, deps: AdmissionDeps, before: GraphQLContext, route: RestRoute | undefined): Promise<DomainActor> {
  let actor: DomainActor = { kind: 'anonymous' };
  let authError: DomainError | undefined;
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
  return actor;
}

/**
 * The Idempotency-Key claim (./idempotency.ts), after the body is parsed. Not on the routes the merchant's
 * pages call: every visitor holds the same (public) key, so one visitor's Idempotency-Key must not answer
 * another's call (and browsers cannot send one there: the preflight does not allow it).
 */
export function claimIdempotencyKey(service: IdempotencyService): RequestHandler {
  const keyed = idempotency(service);
  return (req: Request, res: Response, next: NextFunction) => (facadeLocals(res).actor?.kind === 'publishableKey' ? next() : keyed(req, res, next));
}
