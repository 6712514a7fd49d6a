import express, { type NextFunction, type Request, type Response } from 'express';
import { DomainError } from '../../common/errors';
import { assertNoNul } from '../../common/nul';
import { accountRoutes, settingsRoutes } from './account.routes';
import { entryRoutes } from './entry.routes';
import { programOf, requestContext, type PortalDeps } from './portal-context';
import { sendNoPortal, sendPortalPage } from './portal-layout';
import { html } from '../html';
import { unsubscribeRoutes } from './unsubscribe.routes';

/**
 * The affiliates' own portal, one per program, at /portal/<portalSlug>: applying and signing in by emailed link
 * (entry.routes.ts), then the affiliate's own figures, links, referrals, commissions, payouts and settings
 * (account.routes.ts). Pages are server-rendered and need no script.
 */
export function portalRouter(deps: PortalDeps): express.Router {
  const outer = express.Router();
  const r = express.Router({ mergeParams: true });
  r.use(express.urlencoded({ extended: false, limit: '32kb' }), async (req: Request, res: Response, next: NextFunction) => {
    // A POST that is not a form (no body, JSON) has no fields: the handlers read them as missing, not crash.
    if (req.body === undefined || req.body === null || typeof req.body !== 'object') req.body = {};
    assertNoNul(req.query, req.body, req.params);
    // The unsubscribe links of emails already sent name the program by id, and work with the portal renamed or off.
    const unsubscribing = req.path === '/unsubscribe';
    const access = deps.services.portalAccess;
    const slug = String(req.params.slug);
    const program = unsubscribing
      ? await access.unsubscribeProgram(requestContext(deps, req), slug)
      : await access.portalProgram(requestContext(deps, req), slug);
    if (!program || (!program.portalEnabled && !unsubscribing)) return sendNoPortal(req, res);
    res.locals.portalProgram = program;
    next();
  });
  entryRoutes(r, deps);
  accountRoutes(r, deps);
  settingsRoutes(r, deps);
  unsubscribeRoutes(r, deps);
  r.use(portalRefused);
  outer.use('/portal/:slug', r);
  return outer;
}

/** A refusal on a portal page is a portal page; the database down, or a bug, goes on to the app's handler. */
function portalRefused(err: unknown, req: Request, res: Response, next: NextFunction): void {
  if (!(err instanceof DomainError) || err.code === 'UNAVAILABLE' || err.code === 'INTERNAL' || !res.locals.portalProgram) return next(err);
  const status = err.code === 'NOT_FOUND' ? 404 : err.code === 'RATE_LIMITED' ? 429 : err.code === 'FORBIDDEN' ? 403 : 400;
  if (err.retryAfterSeconds) res.set('Retry-After', String(err.retryAfterSeconds));
  sendPortalPage(
    res,
    programOf(res),
    status,
    'Request refused',
    html`<h1>That did not work</h1><p>${err.message}</p><p><a href="${req.baseUrl}">Back to the portal</a></p>`,
  );
}
