import type { Request } from 'express';
import { REST_ROUTES } from '../src/auth/policy';
import { compileInputs } from '../src/validation/validator';
import { inputSchema, type RestRoute } from './route';
import { compileRouteTable, pathParameters, type RouteMatch } from './route-matcher';
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
import { payoutRoutes } from './routes/payouts.routes';

/** `METHOD /path`, the path as the table has it (`{id}`, not the id): how the policy and the rate limit name a route. */
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
  ...payoutRoutes,
];

/** The table as a matcher (exact paths by one lookup, then `{param}` templates; ./route-matcher.ts). */
export const restRouteTable = compileRouteTable(restRoutes);

/** The request's path under /api/v1, without trailing slashes. */
export const pathOf = (req: Request) => req.path.replace(/\/+$/, '') || '/';

/** The documented route a request is for, with its path parameters: HEAD answered as its GET. */
export function routeOf(req: Request): RouteMatch | undefined {
  return restRouteTable.match(req.method === 'HEAD' ? 'GET' : req.method, pathOf(req));
}

type JsonSchema = Record<string, any>;

/**
 * What a route must say that types cannot: each `{param}` of its path is a required text (or int64 id) field of
 * its input schema, so the validator checks it and the document describes it; a file is answered to GET only.
 */
export function routeProblems(r: RestRoute): string[] {
  const problems: string[] = [];
  const schema = inputSchema(r) as JsonSchema;
  for (const name of pathParameters(r.path)) {
    const raw = schema.properties?.[name] as JsonSchema | undefined;
    if (!raw) problems.push(`path parameter {${name}} is not a field of its input schema`);
    else if (!schema.required?.includes(name)) problems.push(`path parameter {${name}} must be a required field of its input schema (a path always has it)`);
    // A path segment is text: the body's validator parses no numbers from it (only an int64 id's digits).
    else if (raw.type !== 'string' && raw.format !== 'int64') problems.push(`path parameter {${name}} must be a string (or int64 id) field`);
  }
  // The first segment names the resource: the document's tag, the reference's section.
  if (r.path.startsWith('/{')) problems.push('the first path segment names the resource; it cannot be a parameter');
  // An Idempotency-Key replay answers JSON (./idempotency.ts): a write's file could not be replayed as one.
  if (r.file && r.method !== 'GET') problems.push('a file answer is for GET routes only');
  return problems.map((p) => `route ${routeKey(r)}: ${p}`);
}

/**
 * Checked at start: a route whose input schema cannot be compiled, whose path parameters its schema does not
 * declare, or that the policy does not name, stops it.
 */
export function checkRouteTable(routes: readonly RestRoute[] = restRoutes): void {
  // Every route's schema compiled now: one that cannot be checked stops the start, not a request.
  compileInputs(routes.map(inputSchema));
  for (const r of routes) {
    const problems = routeProblems(r);
    if (problems.length) throw new Error(problems.join('; '));
    if (!REST_ROUTES[routeKey(r)]) throw new Error(`route ${routeKey(r)} has no entry in the authorization policy (src/auth/policy.ts)`);
  }
}
