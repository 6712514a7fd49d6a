import type { Request, Response } from 'express';
import { DomainError } from '../src/common/errors';
import { sendError } from './errors';
import type { RestRoute } from './route';
import { pathOf } from './route-table';

/** The 404 of a request no route took: with `Allow` when the path exists under another method. */
export function answerUnmatched(routes: RestRoute[]) {
  const paths = new Set(routes.map((r) => r.path));
  return (req: Request, res: Response) => {
    const path = pathOf(req);
    if (paths.has(path)) {
      res.set(
        'Allow',
        routes
          .filter((r) => r.path === path)
          .map((r) => r.method)
          .join(', '),
      );
      return sendError(res, new DomainError('NOT_FOUND', `${req.method} is not supported on ${path}`));
    }
    sendError(res, new DomainError('NOT_FOUND', `No endpoint ${req.method} /api/v1${path}`));
  };
}
