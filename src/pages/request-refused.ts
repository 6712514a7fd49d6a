import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../common/errors';
import { renderPage } from './render-page';
import { requestRefusedView } from './request-refused.view';

/**
 * A refused form (missing CSRF token, …) is a page, not JSON; any other error goes on to the app's handler, the
 * database being unavailable included (503 with Retry-After, not a refusal of the request).
 */
export function requestRefused(err: unknown, req: Request, res: Response, next: NextFunction): void {
  if (!(err instanceof DomainError) || err.code === 'UNAVAILABLE' || err.code === 'INTERNAL') return next(err);
  renderPage(req, res, err.code === 'FORBIDDEN' ? 403 : 400, 'Request refused', requestRefusedView(err.message));
}
