import type { Request, Response } from 'express';
import { DomainError, errorBody } from '../common/errors';
import { NO_SUCH_LINK } from '../modules/clicks/click.service';
import { deadLinkPage } from './dead-link.page';

/** The last handler: a request no route took. */
export function notFound(req: Request, res: Response): void {
  // A tracking URL of no shape a link has (/r/a/b/c) is a visitor's too: the page, not JSON.
  if ((req.method === 'GET' || req.method === 'HEAD') && /^\/r(\/|$)/.test(req.path)) return deadLinkPage(res, NO_SUCH_LINK);
  res.status(404).json(errorBody(new DomainError('NOT_FOUND', `No route ${req.method} ${req.path}`)));
}
