import type { Request, Response } from 'express';
import { DomainError } from '../src/common/errors';
import { sendError } from './errors';
import type { RestRoute } from './route';
import { compileRouteTable } from './route-matcher';
import { pathOf } from './route-table';

/** The 404 of a request no route took: with `Allow` when the path (or a template it matches) exists under another method. */
export function answerUnmatched(routes: RestRoute[]) {
  const table = compileRouteTable(routes);
  return (req: Request, res: Response) => {
    const path = pathOf(req);
    const at = table.routesAt(path);
    if (at) {
      res.set('Allow', at.methods.join(', '));
      return sendError(res, new DomainError('NOT_FOUND', `${req.method} is not supported on ${path}`));
    }
    sendError(res, new DomainError('NOT_FOUND', `No endpoint ${req.method} /api/v1${path}`));
  };
}
