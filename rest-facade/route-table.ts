import type { Request } from 'express';
import { REST_ROUTES } from '../src/auth/policy';
import { compileInputs } from '../src/validation/validator';
import { inputSchema, type RestRoute } from './route';
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
import { portalRoutes } from './routes/portal.routes';

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
  ...portalRoutes,
];

/** Routes by `METHOD /path` (exact, without trailing slashes). */
const ROUTE_TABLE = new Map(restRoutes.map((r) => [routeKey(r), r]));

/** The request's path under /api/v1, without trailing slashes. */
export const pathOf = (req: Request) => req.path.replace(/\/+$/, '') || '/';

/** The documented route a request is for: exact path, HEAD answered as its GET. */
export function routeOf(req: Request): RestRoute | undefined {
  return ROUTE_TABLE.get(`${req.method === 'HEAD' ? 'GET' : req.method} ${pathOf(req)}`);
}

/** Checked at start: a route whose input schema cannot be compiled, or that the policy does not name, stops it. */
export function checkRouteTable(): void {
  // Every route's schema compiled now: one that cannot be checked stops the start, not a request.
  compileInputs(restRoutes.map(inputSchema));
  for (const r of restRoutes) {
    if (!REST_ROUTES[routeKey(r)]) throw new Error(`route ${routeKey(r)} has no entry in the authorization policy (src/auth/policy.ts)`);
  }
}
