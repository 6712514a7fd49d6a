import express, { type NextFunction, type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { assertNoNul } from '../common/nul';
import type { PartnerRegistry } from '../modules/oauth/partners';
import type { Services } from '../modules/services';
import { pageHeaders } from './cookies';
import { consentRoutes } from './consent.routes';
import { dashboardRoutes } from './dashboard.routes';
import type { PageDeps } from './page-deps';
import { programRoutes } from './program/program.routes';
import { requestRefused } from './request-refused';
import { signedInUser } from './signed-in-user';
import { signInRoutes } from './sign-in.routes';

const PAGE_PATHS = ['/login', '/logout', '/dashboard', '/connect'];

/**
 * Server-rendered pages: sign-in, the user's programs, a program's page (activity, API keys, tracking, connected
 * apps, billing, webhook deliveries), OAuth consent. Each page or group has its handlers (`*.routes.ts`: request →
 * service calls → view) apart from its HTML (`*.view.ts`); this router only mounts them.
 */
export function pagesRouter(orm: MikroORM, services: Services, partners: PartnerRegistry, origin: string): express.Router {
  const r = express.Router();
  // Only the pages' own paths: the API behind them has its own headers and body parsing.
  r.use(PAGE_PATHS, pageHeaders, express.urlencoded({ extended: false, limit: '32kb' }), (req: Request, _res: Response, next: NextFunction) => {
    // U+0000 in a form field or parameter: refused like on the APIs (an error page, below), before any lookup.
    assertNoNul(req.query, req.body, req.params);
    next();
  });
  const deps: PageDeps = { orm, services, partners, origin, requireUser: signedInUser(orm, services) };
  signInRoutes(r, deps);
  dashboardRoutes(r, deps);
  programRoutes(r, deps);
  // OAuth consent (spec section 5, steps 1-3).
  consentRoutes(r, deps);
  r.use(requestRefused);
  return r;
}
