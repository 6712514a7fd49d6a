import { HTTP_STATUS, type ErrorCode } from '../src/common/errors';
import { REFUND_REFUSALS } from '../src/validation/enums';
import type { RestRoute } from './route';

/** The API version (spec 9): also the base path's `v1`. */
export const API_VERSION = '1.0.0';

type JsonSchema = Record<string, any>;

const detail = {
  type: 'object',
  description: 'One problem of the input.',
  required: ['field', 'message'],
  additionalProperties: false,
  properties: {
    field: { type: 'string', description: 'The input field (or header) at fault.', examples: ['email'] },
    message: { type: 'string', description: 'What is wrong with it.', examples: ['must be a valid email address'] },
  },
};

/** The one error body (DESIGN.md "Errors"), narrowed to the codes of one status. */
function errorSchema(description: string, codes: ErrorCode[], extra: Record<string, JsonSchema> = {}, required: string[] = []): JsonSchema {
  return {
    type: 'object',
    description,
    required: ['error', 'code', ...required],
    additionalProperties: false,
    properties: {
      error: { type: 'string', description: 'A human sentence saying what went wrong.' },
      code:
        codes.length === 1
          ? { const: codes[0], type: 'string', description: 'The stable error code.' }
          : { type: 'string', enum: codes, description: 'The stable error code.' },
      details: { type: 'array', items: detail, description: 'The fields at fault, when the input is.' },
      ...extra,
    },
  };
}

const codesOf = (status: number, except: ErrorCode[] = []) =>
  (Object.keys(HTTP_STATUS) as ErrorCode[]).filter((c) => HTTP_STATUS[c] === status && !except.includes(c));

export const ERROR_SCHEMAS: Record<string, JsonSchema> = {
  ValidationError: errorSchema(
    'The input is missing a required field, holds an invalid value or an unlisted field, takes a unique value already used, or breaks a rule of the program.',
    codesOf(400, ['REFUND_NOT_ALLOWED']),
  ),
  RefundNotAllowedError: errorSchema(
    'The sale cannot be refunded any more.',
    ['REFUND_NOT_ALLOWED'],
    {
      reason: {
        type: 'string',
        enum: [...REFUND_REFUSALS],
        description: 'Why: the refund window passed, or the commission is in a payout batch, paid out or marked paid by hand.',
      },
    },
    ['reason'],
  ),
  UnauthenticatedError: errorSchema('No bearer token, or one that is malformed, unknown or revoked.', codesOf(401)),
  ForbiddenError: errorSchema('The token may not use this endpoint (a partner token outside its scope, a dashboard session on REST).', codesOf(403)),
  NotFoundError: errorSchema('No such record in the program, or no such endpoint.', codesOf(404)),
  IdempotencyKeyInUseError: errorSchema('A request with this Idempotency-Key is still running: retry shortly.', codesOf(409)),
  IdempotencyKeyReusedError: errorSchema('This Idempotency-Key was used with a different request.', codesOf(422)),
  RateLimitedError: errorSchema('Too many requests for this token, endpoint and method: wait `Retry-After` seconds.', codesOf(429)),
  InternalError: errorSchema(
    'The operation failed; nothing internal is shown. The request id is also in the server log.',
    codesOf(500),
    { requestId: { type: 'string', description: 'Quote it to the operator.' } },
    ['requestId'],
  ),
  UnavailableError: errorSchema('The database cannot be reached: retry after `Retry-After` seconds.', codesOf(503)),
};

export const HEADERS: Record<string, JsonSchema> = {
  RateLimit: {
    description: 'What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`.',
    required: true,
    schema: { type: 'string', examples: ['"reads";r=599;t=42'] },
  },
  'RateLimit-Policy': {
    description: 'The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method.',
    required: true,
    schema: { type: 'string', examples: ['"reads";q=600;w=60'] },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 1 } },
  'Idempotent-Replayed': {
    description:
      'Present (`true`) when this is the stored answer of an earlier request: the same Idempotency-Key, or a sale whose `externalId` was already recorded.',
    schema: { type: 'string', const: 'true' },
  },
  'Access-Control-Allow-Origin': {
    description:
      "The calling page's origin, echoed when it is the origin of one of the program's base URLs (CORS); absent for a call without an `Origin` header.",
    schema: { type: 'string', examples: ['https://shop.example.com'] },
  },
  'X-Next-Cursor': {
    description: 'With `limit`: the `after` value of the next page; absent on the last page.',
    schema: { type: 'string' },
  },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const rateLimit = { RateLimit: { $ref: '#/components/headers/RateLimit' }, 'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' } };
const retryAfter = { 'Retry-After': { $ref: '#/components/headers/Retry-After' } };

function errorResponse(description: string, schema: JsonSchema, example: Record<string, unknown>, headers: JsonSchema = rateLimit): JsonSchema {
  return { description, headers, content: { 'application/json': { schema, example } } };
}

/**
 * A failure before the limiter ran has no limit to report: the database down (or an unexpected error) while the
 * credential is looked up. Such a request is not counted either, so a client retrying an outage is not limited.
 */
const rateLimitWhenChecked = Object.fromEntries(
  Object.keys(rateLimit).map((name) => [
    name,
    {
      ...HEADERS[name],
      required: false,
      description: `${HEADERS[name].description} Absent when the request failed before it was counted (the database or the rate-limit store could not be reached).`,
    },
  ]),
);

/** Every error status a route can answer, with its body and headers. */
export function errorResponses(route: RestRoute): Record<string, JsonSchema> {
  const refund = route.method === 'PATCH' && route.path === '/sales';
  const out: Record<string, JsonSchema> = {
    400: refund
      ? errorResponse(
          'Invalid input, or the refund is not allowed (`REFUND_NOT_ALLOWED` with its `reason`)',
          { anyOf: [ref('ValidationError'), ref('RefundNotAllowedError')] },
          {
            error: 'The refund window of this sale has passed',
            code: 'REFUND_NOT_ALLOWED',
            reason: 'refund_window_expired',
          },
        )
      : errorResponse('Invalid input or a violated rule', ref('ValidationError'), {
          error: 'email is required',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'email', message: 'email is required' }],
        }),
    401: errorResponse('Missing, malformed, unknown or revoked token', ref('UnauthenticatedError'), {
      error: 'Send "Authorization: Bearer <API key>"',
      code: 'UNAUTHENTICATED',
    }),
    403: errorResponse('The token may not use this endpoint', ref('ForbiddenError'), { error: 'A partner token may not use coupons', code: 'FORBIDDEN' }),
    404: errorResponse('No such record (or endpoint)', ref('NotFoundError'), { error: 'Not found', code: 'NOT_FOUND' }),
  };
  if (route.method !== 'GET') {
    // A 4xx the handler answered is stored with its Idempotency-Key and replayed like a 200.
    const replayed = { 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } };
    for (const status of [400, 404]) out[status] = { ...out[status], headers: { ...out[status].headers, ...replayed } };
    out[409] = errorResponse('The same Idempotency-Key is still being processed', ref('IdempotencyKeyInUseError'), {
      error: 'A request with this Idempotency-Key is still being processed; retry shortly',
      code: 'IDEMPOTENCY_KEY_IN_USE',
    });
    out[422] = errorResponse('The Idempotency-Key was used with another request', ref('IdempotencyKeyReusedError'), {
      error: 'This Idempotency-Key was used with a different request',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  }
  out[429] = errorResponse(
    'Rate limited',
    ref('RateLimitedError'),
    { error: 'Rate limit exceeded; retry in 12 s', code: 'RATE_LIMITED' },
    { ...rateLimit, ...retryAfter },
  );
  out[500] = errorResponse(
    'The operation failed',
    ref('InternalError'),
    {
      error: 'Internal server error (request id 7f3c2a)',
      code: 'INTERNAL',
      requestId: '7f3c2a',
    },
    rateLimitWhenChecked,
  );
  out[503] = errorResponse(
    'Temporarily unavailable',
    ref('UnavailableError'),
    { error: 'The service is temporarily unavailable; retry shortly', code: 'UNAVAILABLE' },
    { ...rateLimitWhenChecked, ...retryAfter },
  );
  return out;
}

export const PARAMETERS: Record<string, JsonSchema> = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  },
};

export const TAGS = [
  { name: 'affiliates', description: 'The people who promote the program (spec 4.1).' },
  { name: 'referrals', description: 'Users an affiliate referred (spec 4.2).' },
  { name: 'links', description: 'Affiliate links: slugs with click, referral and sale counts (spec 4.3).' },
  { name: 'coupons', description: 'Discounts of the billing provider (spec 4.4).' },
  { name: 'promotional-codes', description: 'Codes of a coupon, usually assigned to an affiliate (spec 4.5).' },
  { name: 'sales', description: 'Sales with their commissions and refunds (spec 4.6).' },
  { name: 'clicks', description: "Click tracking from the program's own server." },
  { name: 'public', description: "Called from visitors' browsers on the program's site by `tracker.js`, with the program's publishable key." },
  { name: 'program', description: 'The program the credential reaches: its public profile.' },
  {
    name: 'affiliate-portal-links',
    description: "Single-use links that sign an affiliate into the program's affiliate portal (to open or frame in your app).",
  },
  {
    name: 'payout-batches',
    description: 'Paying affiliates: a batch of one payout per affiliate owed, its PayPal and Wise files, Stripe Connect transfers, marking paid.',
  },
  { name: 'payouts', description: "One affiliate's payout in a batch: listed, marked paid or failed one by one." },
  { name: 'webhooks', description: 'Endpoints that receive signed events (Standard Webhooks).' },
  { name: 'events', description: 'The event log, and replays of its deliveries.' },
  { name: 'integrations', description: 'Endpoints billing providers call (Stripe), outside /api/v1.' },
];
