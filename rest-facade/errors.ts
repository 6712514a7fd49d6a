import type { Response } from 'express';
import type { GraphQLError } from 'graphql';
import { DomainError, HTTP_STATUS, errorBody } from '../src/common/errors';
import type { Logger } from '../src/common/logger';
import { domainErrorOf } from '../src/graphql/format-error';

/** The domain error a failed in-process execution stands for; unexpected failures become INTERNAL (logged). */
export function toDomainError(err: GraphQLError | unknown, log: Logger, requestId: string): DomainError {
  const domain = domainErrorOf(err);
  if (domain) {
    if (domain.code === 'UNAVAILABLE') log.warn({ err: (err as GraphQLError)?.originalError ?? err }, 'database unavailable');
    return domain;
  }
  const gqlErr = err as GraphQLError;
  // Variable coercion and validation errors have no original error: the input did not fit the schema.
  if (gqlErr && typeof gqlErr === 'object' && 'locations' in gqlErr && !gqlErr.originalError) {
    return new DomainError('VALIDATION_FAILED', gqlErr.message.replace(/^Variable "\$\w+" got invalid value .*?; /, ''));
  }
  log.error({ err: gqlErr?.originalError ?? err }, 'REST operation failed');
  return new DomainError('INTERNAL', `Internal server error (request id ${requestId})`, undefined, { requestId });
}

export function sendError(res: Response, err: DomainError): void {
  if (err.retryAfterSeconds !== undefined) res.set('Retry-After', String(err.retryAfterSeconds));
  res.status(HTTP_STATUS[err.code]).json(errorBody(err));
}
