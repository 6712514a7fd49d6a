import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError } from '../common/errors';

const INPUT_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_SUPPORTED']);

/**
 * The domain error behind a GraphQL error, if any. A database error is one already (db-errors translates it where
 * it arises: an unreachable database is UNAVAILABLE); anything else is a bug, answered INTERNAL.
 */
export function domainErrorOf(err: unknown): DomainError | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof DomainError) return e;
    e = (e as { originalError?: unknown }).originalError;
  }
  return undefined;
}

/**
 * One error vocabulary for GraphQL too: extensions.code is a DESIGN.md code; details ride along; internals
 * never leave the server (a 500-class error says only that it failed, with the request id).
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown, requestId?: string): GraphQLFormattedError {
  const domain = domainErrorOf(error);
  if (domain) {
    return {
      message: domain.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: {
        code: domain.code,
        ...(domain.details ? { details: domain.details } : {}),
        ...(domain.extra ?? {}),
        ...(domain.retryAfterSeconds !== undefined ? { retryAfter: domain.retryAfterSeconds } : {}),
      },
    };
  }
  const code = formatted.extensions?.code as string | undefined;
  if (code && INPUT_CODES.has(code)) return { ...formatted, extensions: { code: 'VALIDATION_FAILED' } };
  if (code === 'RATE_LIMITED' || code === 'UNAUTHENTICATED' || code === 'FORBIDDEN' || code === 'VALIDATION_FAILED')
    return { message: formatted.message, extensions: { code } };
  const original = (error as GraphQLError)?.originalError;
  if (error instanceof GraphQLError && !original && !code) return { ...formatted, extensions: { code: 'VALIDATION_FAILED' } };
  return {
    message: `Internal server error${requestId ? ` (request id ${requestId})` : ''}`,
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: 'INTERNAL', ...(requestId ? { requestId } : {}) },
  };
}
