import type { Request, Response } from 'express';
import { authenticate, authenticatePublishableKey } from '../src/auth/authenticate';
import { parseBearer, tokenKind } from '../src/identity/credentials';
import { authorize, mayUse, REST_CALLERS, type Resource } from '../src/auth/policy';
import { DomainError, forbidden, unauthenticated } from '../src/common/errors';
import type { DomainActor, ServiceContext } from '../src/modules/service-context';
import type { Policy } from '../src/rate-limit/rate-limiter';
import type { RequestLimiter } from '../src/rate-limit/request-limiter';
import type { Services } from '../src/modules/services';

/**
 * Routes called from visitors' browsers on the program's own site (tracker.js): those whose resource admits a
 * publishable key (src/auth/policy-resources.ts, `publicClicks`). They differ from the rest of the API in three
 * ways, all decided here before the body is read:
 * - the credential is the program's publishable key, in `?key=pk_…` (a browser's CORS preflight carries no
 *   headers, only the URL, so the key must be there for the preflight to name its program) or as
 *   `Authorization: Bearer pk_…`; any other credential is answered as on every route (401, or 403 by the policy);
 * - CORS: only the origins of the program's base URLs may call (the preflight is answered for them, and
 *   `Access-Control-Allow-Origin` echoes the origin). A call from another origin is refused with 403 before
 *   anything runs, so nothing is recorded even when no preflight kept the browser from sending it. A call
 *   without an Origin header comes from no browser page (a server, curl) and needs no CORS answer;
 * - a fixed budget per client address (CLICKS_PER_MINUTE, like /r/...), since the key is public and every
 *   visitor shares it; the preflight has a budget of its own.
 */

/** Whether a route's resource is one the merchant's pages call with the publishable key. */
export const isSiteResource = (resource: Resource): boolean => mayUse('publishableKey', resource);

export interface SiteDeps {
  services: Services;
  limiter: RequestLimiter;
  /** Calls per client address per minute (CLICKS_PER_MINUTE). */
  clicksPerMinute: number;
}

/** How long a browser may reuse a preflight's answer (Chromium caps it at two hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/** The origins of the program's base URLs: scheme, host and port, as browsers send them. */
export function siteOrigins(baseUrls: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const u of baseUrls) {
    try {
      out.add(new URL(u).origin);
    } catch {
      /* not a URL: base URLs are checked when set */
    }
  }
  return out;
}

const clickPolicy = (deps: SiteDeps): Policy => ({ name: 'clicks', max: deps.clicksPerMinute, windowMs: 60_000 });

async function limitByAddress(req: Request, res: Response, deps: SiteDeps, endpoint: string): Promise<void> {
  const limit = await deps.limiter.check({ kind: 'anonymous' }, [endpoint], clickPolicy(deps), req.ip ?? '');
  res.set(limit.headers);
  if (!limit.allowed) throw new DomainError('RATE_LIMITED', `Rate limit exceeded; retry in ${limit.headers['Retry-After']} s`);
}

/** The `key` query parameter when it is given once; undefined otherwise. */
const keyParameter = (req: Request): string | undefined => (typeof req.query.key === 'string' ? req.query.key : undefined);

async function publishableActor(ctx: ServiceContext, services: Services, key: string): Promise<DomainActor> {
  const actor = await authenticatePublishableKey(ctx, services, key);
  if (!actor) throw unauthenticated('No program has this publishable key (it may have been rotated: copy the script tag again)');
  return actor;
}

/** Who calls a site route: the publishable key when one is sent, else whatever the Authorization header holds. */
async function siteActor(req: Request, ctx: ServiceContext, services: Services): Promise<DomainActor> {
  const key = keyParameter(req);
  if (key !== undefined) return publishableActor(ctx, services, key);
  const bearer = parseBearer(req.get('authorization'));
  if (typeof bearer === 'string' && tokenKind(bearer) === 'publishableKey') return publishableActor(ctx, services, bearer);
  const actor = await authenticate(ctx, services, req.get('authorization'));
  if (actor.kind === 'anonymous') throw unauthenticated('Send the publishable key: ?key=pk_… (or "Authorization: Bearer pk_…")');
  if (!REST_CALLERS.includes(actor.kind)) throw forbidden('Dashboard session tokens are for /graphql; the tracker calls this with the publishable key');
  return actor;
}

/** Allows the page's origin when it is one of the program's base URLs' (CORS); refuses any other browser origin. */
function allowOrigin(req: Request, res: Response, baseUrls: readonly string[]): void {
  res.vary('Origin');
  const origin = req.get('origin');
  if (origin === undefined) return;
  if (!siteOrigins(baseUrls).has(origin))
    throw forbidden("This page's origin is not one of the program's base URLs; add it to baseUrls to record clicks there");
  res.set('Access-Control-Allow-Origin', origin);
}

/**
 * Admits a call of a site route (`resource`): limited per address, then the caller (a publishable key, or
 * whatever else it is, which the policy then refuses), then its origin. The actor the route runs with; the
 * context learns the visitor's User-Agent (the click's).
 */
export async function admitSiteCall(
  req: Request,
  res: Response,
  ctx: ServiceContext,
  deps: SiteDeps,
  endpoint: string,
  resource: Resource,
): Promise<DomainActor> {
  await limitByAddress(req, res, deps, endpoint);
  const actor = await siteActor(req, ctx, deps.services);
  authorize(actor, resource);
  if (actor.kind === 'publishableKey') allowOrigin(req, res, actor.program.baseUrls);
  ctx.userAgent = req.get('user-agent');
  return actor;
}

/**
 * The CORS preflight of a site route: 204 with the allow headers when `?key=` names a program and the origin is
 * one of its base URLs'; otherwise an error answer without them, so the browser never sends the call.
 */
export async function answerPreflight(req: Request, res: Response, ctx: ServiceContext, deps: SiteDeps, endpoint: string, methods: string[]): Promise<void> {
  await limitByAddress(req, res, deps, endpoint);
  const key = keyParameter(req);
  if (key === undefined) throw unauthenticated('A preflight names the publishable key in ?key=pk_…');
  const actor = await publishableActor(ctx, deps.services, key);
  if (actor.kind !== 'publishableKey') throw unauthenticated();
  allowOrigin(req, res, actor.program.baseUrls);
  res.vary('Access-Control-Request-Method').vary('Access-Control-Request-Headers');
  res
    .status(204)
    .set({
      'Access-Control-Allow-Methods': methods.join(', '),
      'Access-Control-Allow-Headers': 'Content-Type, Authorization',
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
    })
    .end();
}
