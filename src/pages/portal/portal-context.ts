import type { MikroORM } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Program } from '../../modules/programs/program.entity';
import type { PortalVisit } from '../../modules/portal/portal-access.service';
import { anonymousContext, type ServiceContext } from '../../modules/service-context';
import type { Services } from '../../modules/services';
import { portalBase } from './portal-layout';
import { portalCsrf, readPortalToken, requirePortalCsrf } from './portal-session';

/** What every portal handler takes: the services, and a fresh unit of work per request. */
export interface PortalDeps {
  orm: MikroORM;
  services: Services;
  /** PUBLIC_URL's origin: forms may come from pages there. */
  origin: string;
}

/** The program whose portal this request is on (the router found it, enabled, before any handler ran). */
export const programOf = (res: Response): Program => res.locals.portalProgram as Program;

/** A request's context before signing in. */
export const requestContext = ({ orm }: PortalDeps, req: Request): ServiceContext => anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? '');

/** A signed-in visit, its session token, and the token its forms carry. */
export interface SignedIn extends PortalVisit {
  token: string;
  csrf: string;
}

/**
 * The affiliate signed in on this request, or null after redirecting to the portal's first page. POSTs must
 * carry the session's CSRF token.
 */
export async function requireVisit(deps: PortalDeps, req: Request, res: Response): Promise<SignedIn | null> {
  const program = programOf(res);
  const token = readPortalToken(req);
  const visit = token ? await deps.services.portalAccess.visit(requestContext(deps, req), program, token) : null;
  if (!visit || !token) {
    res.redirect(303, portalBase(program));
    return null;
  }
  if (req.method === 'POST') requirePortalCsrf(req, token);
  return { ...visit, token, csrf: portalCsrf(token) };
}
