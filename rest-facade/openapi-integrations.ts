/**
 * The OpenAPI description of the billing provider's endpoint, POST /integrations/stripe/{integrationId}. It is
 * not under /api/v1 (Stripe calls it, signed with the integration's secret, never with a bearer token), so its
 * path item names its own server: this server's origin.
 */

type JsonSchema = Record<string, unknown>;

const RECEIVED: JsonSchema = {
  type: 'object',
  required: ['received'],
  properties: {
    received: { type: 'boolean', const: true, description: 'The signature held and the event was taken.' },
    outcome: {
      type: 'string',
      enum: ['recorded', 'ignored'],
      description: 'What the event did: recorded a referral, sale, refund or status, or nothing (said why in `detail`). Absent for a repeat.',
    },
    detail: { type: 'string', description: 'What was recorded, or why nothing was; the same text `billingEvents` lists.' },
    duplicate: { type: 'boolean', const: true, description: 'This event id was received before: nothing changed.' },
  },
};

/** The one error body of every endpoint (DESIGN.md "Errors"), from the document's components. */
const error = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before delivering again.', schema: { type: 'integer', minimum: 0 } } };

const json = (schema: JsonSchema, example?: unknown) => ({ 'application/json': { schema, ...(example !== undefined && { example }) } });

/** What the endpoint checks, keeps and uses (Markdown). */
const DESCRIPTION = [
  "The URL of a billing integration (GraphQL `createBillingIntegration` answers it as `webhookUrl`), called by Stripe, not by you. It verifies `Stripe-Signature` over the raw body with the integration's signing secret (several `v1` signatures, from a rolled secret, pass when one matches; the timestamp within 5 minutes of the server's clock, before or after), then records each event id once per integration: a repeat, or the same event delivered twice at once, answers 200 and changes nothing.",
  "A well-signed event is checked like API input before it is used: of the fields read, amounts are whole minor units from 0 to 999999999999 (a refund's at least 1), currencies three lowercase ASCII letters (ISO 4217, compared exactly), ids 1 to 200 printable ASCII characters, and a subscription names its customer. A malformed event answers 400 with its problems in `details` and records nothing, not even in the event log. A buyer's name longer than 200 characters is cut, an email that is not a valid address left out (the event is kept). A refund counts only in its sale's currency (another is answered 200 and logged as ignored), summed per payment whichever of the program's integrations reported it.",
  "Used events: `checkout.session.completed`, `customer.created`/`.updated`, `customer.discount.created`/`.updated` (attribution by `client_reference_id` or `metadata.affiliate_ref`, holding an affiliate UUID, link slug or click id, or by a promotion code of the program); `customer.subscription.created`/`.updated`/`.deleted` (the referral's `subscriptionStatus`); `invoice.paid`/`invoice.payment_succeeded` (one sale per invoice; an invoice paid before its customer is attributed is held 3 days and becomes the sale on attribution); `invoice_payment.paid`, `charge.refunded` and `refund.created` (refunds in full or in proportion). Every other well-signed event is answered 200 and logged as ignored.",
].join('\n\n');

/** The integration in the path, and the signature Stripe sends. */
const PARAMETERS = [
  {
    name: 'integrationId',
    in: 'path',
    required: true,
    description: 'The billing integration id (a UUID).',
    schema: { type: 'string', format: 'uuid' },
  },
  {
    name: 'Stripe-Signature',
    in: 'header',
    required: true,
    description: 'Stripe\'s signature header: `t=<unix time>,v1=<HMAC-SHA256 of "t.body" with the signing secret>[,v1=…]`.',
    schema: { type: 'string' },
  },
];

/** The body: a Stripe event, of which only the envelope is described here. */
const REQUEST_BODY = {
  required: true,
  description:
    'A Stripe event object (`object: "event"`) of the account\'s API version, as Stripe sends it; see Stripe\'s API reference for the objects in `data.object`.',
  content: json({
    type: 'object',
    required: ['id', 'object', 'type', 'data'],
    properties: {
      id: { type: 'string', description: 'The event id (`evt_…`): received once per integration.' },
      object: { type: 'string', const: 'event' },
      type: { type: 'string', description: 'The event type, e.g. `invoice.paid`.' },
      api_version: { type: ['string', 'null'], description: 'The API version the objects are rendered in.' },
      created: { type: 'integer', description: 'When it happened (Unix seconds).' },
      data: {
        type: 'object',
        required: ['object'],
        properties: { object: { type: 'object', description: 'The Stripe object the event is about.' } },
      },
    },
  }),
};

/** Every answer: 200 stops Stripe's retries; 429, 500 and 503 let it deliver again. */
const RESPONSES = {
  '200': {
    description: 'Well signed: taken (recorded or ignored) or a repeat. Stripe stops retrying.',
    content: json(RECEIVED, { received: true, outcome: 'recorded', detail: 'sale 42 of 49.99 USD for referral 0e6d1f5c-2a53-4c1e-9d55-6f1e4e0f3b7a' }),
  },
  '400': {
    description:
      'Missing, malformed, stale, future-dated or wrong signature (or a body that is not the signed one), or a well-signed event that is malformed (its problems in `details`): nothing recorded.',
    content: json(error('ValidationError'), {
      error: 'Invalid signature: No signatures found matching the expected signature for payload',
      code: 'VALIDATION_FAILED',
    }),
  },
  '404': {
    description: 'No integration with this id (deleted, or never made).',
    content: json(error('NotFoundError'), { error: 'No such billing integration', code: 'NOT_FOUND' }),
  },
  '429': {
    description: 'Too many deliveries from this address; Stripe retries later.',
    headers: RETRY_AFTER,
    content: json(error('RateLimitedError'), { error: 'Too many requests; retry in 12 s', code: 'RATE_LIMITED' }),
  },
  '500': {
    description: 'The event could not be processed (a defect, logged with the request id): nothing of it stays, and Stripe delivers it again.',
    content: json(error('InternalError'), { error: 'Internal server error (request id 7f3c2a)', code: 'INTERNAL', requestId: '7f3c2a' }),
  },
  '503': {
    description: 'The database cannot be reached: nothing was recorded, and Stripe delivers the event again later.',
    headers: RETRY_AFTER,
    content: json(error('UnavailableError'), { error: 'The service is temporarily unavailable; retry shortly', code: 'UNAVAILABLE' }),
  },
};

/** The path item, keyed by its path relative to `origin`. */
export function openApiIntegrationPaths(origin: string): Record<string, unknown> {
  return {
    '/integrations/stripe/{integrationId}': {
      servers: [{ url: origin, description: 'This server (outside /api/v1: Stripe calls it)' }],
      post: {
        operationId: 'receiveStripeEvent',
        summary: "Receive a Stripe event (paste the integration's webhookUrl into Stripe)",
        description: DESCRIPTION,
        tags: ['integrations'],
        security: [],
        parameters: PARAMETERS,
        requestBody: REQUEST_BODY,
        responses: RESPONSES,
      },
    },
  };
}
