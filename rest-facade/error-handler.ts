import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../src/common/errors';
import { sendError } from './errors';

/** Every failure becomes the one error body; body-parser failures are the client's (400), never a 500. */
export function restErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof DomainError) {
    // A database error arrives translated (db-errors, where it arose): an unreachable one is a warning, not a bug.
    if (err.code === 'UNAVAILABLE') req.log.warn({ err }, 'database unavailable');
    return sendError(res, err);
  }
  const type = (err as { type?: string }).type;
  if (type === 'entity.parse.failed') return sendError(res, new DomainError('VALIDATION_FAILED', 'The request body is not valid JSON'));
  if (type === 'entity.too.large') return sendError(res, new DomainError('VALIDATION_FAILED', 'The request body is too large'));
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return sendError(res, new DomainError('VALIDATION_FAILED', 'Unsupported body encoding; send UTF-8 JSON'));
  if (type === 'request.aborted' || type === 'request.size.invalid')
    return sendError(res, new DomainError('VALIDATION_FAILED', 'The request body was incomplete'));
  const status = (err as { status?: number }).status;
  if (status && status >= 400 && status < 500) return sendError(res, new DomainError('VALIDATION_FAILED', 'Bad request'));
  req.log.error({ err }, 'unhandled error');
  sendError(res, new DomainError('INTERNAL', `Internal server error (request id ${req.id})`, undefined, { requestId: req.id }));
}
