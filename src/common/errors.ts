/** The closed set of domain error codes; mapped once to HTTP status in the REST facade and to extensions.code in GraphQL. */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'DUPLICATE'
  | 'NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'RATE_LIMITED'
  | 'LIMIT_REACHED'
  | 'REFUND_NOT_ALLOWED'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export interface ErrorDetail {
  field: string;
  message: string;
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  DUPLICATE: 400,
  LIMIT_REACHED: 400,
  REFUND_NOT_ALLOWED: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra top-level fields for the error body (e.g. a refund `reason`). */
    readonly extra?: Record<string, unknown>,
    /** Seconds a client should wait before retrying (RATE_LIMITED, UNAVAILABLE): sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, field?: string) => new DomainError('VALIDATION_FAILED', message, field ? [{ field, message }] : undefined);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const duplicate = (message: string, field?: string) => new DomainError('DUPLICATE', message, field ? [{ field, message }] : undefined);
export const forbidden = (message = 'This credential may not perform this operation') => new DomainError('FORBIDDEN', message);
export const unauthenticated = (message = 'A valid bearer credential is required') => new DomainError('UNAUTHENTICATED', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('RATE_LIMITED', message, undefined, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
/** The database (or another dependency) cannot be reached: a 503 the client may retry. */
export const unavailable = (retryAfterSeconds = 5) =>
  new DomainError('UNAVAILABLE', 'The service is temporarily unavailable; retry shortly', undefined, undefined, retryAfterSeconds);

/** The body every error response carries. */
export function errorBody(err: DomainError): Record<string, unknown> {
  const body: Record<string, unknown> = { error: err.message, code: err.code };
  if (err.details?.length) body.details = err.details;
  if (err.extra) Object.assign(body, err.extra);
  return body;
}
