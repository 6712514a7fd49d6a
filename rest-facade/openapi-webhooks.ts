import type { GraphQLSchema } from 'graphql';
import { EVENT_TYPES, inPartnerScope, type EventType } from '../src/validation/enums';
import type { SchemaHolder } from './openapi-refs';
import { selectionSchema } from './response-schema';

type JsonSchema = Record<string, any>;

/** The resource each event prefix carries as `data`: the GraphQL type whose body (REST or presenter) it is. */
const DATA_TYPES: Record<string, string> = {
  affiliate: 'Affiliate',
  referral: 'Referral',
  sale: 'Sale',
  coupon: 'Coupon',
  promotional_code: 'PromotionalCode',
  commission: 'Commission',
  payout_batch: 'PayoutBatch',
  payout: 'Payout',
};

/**
 * Bodies that only events carry (no REST route answers them): their fields, as the presenters build them
 * (src/modules/commissions/commission.presenter.ts).
 */
const EVENT_ONLY_BODIES: Record<string, string> = {
  Commission: 'id saleId affiliateId rate currency status amount base holdUntil approvedAt payoutBatchId paidAt paidManually reversedAt createdAt',
};

/** When each event is sent. */
const WHEN: Record<EventType, string> = {
  'affiliate.created': 'An affiliate was created (POST /affiliates, GraphQL createAffiliate, or the sign-up of an affiliate).',
  'affiliate.updated': 'An affiliate changed (PUT /affiliates), or one of its links was added, renamed or deleted.',
  'affiliate.deleted': 'An affiliate was deleted, with what was attributed to it; `data` is the affiliate as it was.',
  'referral.created': 'A referral was recorded (POST /referrals).',
  'referral.updated': 'A referral changed (PUT /referrals).',
  'referral.deleted': 'A referral was deleted; `data` is the referral as it was.',
  'coupon.created': 'A coupon was created.',
  'coupon.updated': 'A coupon changed.',
  'coupon.deleted': 'A coupon was deleted; `data` is the coupon as it was.',
  'promotional_code.created': 'A promotional code was created (by hand, or generated for a new affiliate).',
  'promotional_code.updated': 'A promotional code changed.',
  'promotional_code.deleted': 'A promotional code was deleted; `data` is the code as it was.',
  'sale.created': 'A sale was recorded (POST /sales), with its commission.',
  'sale.updated': 'A sale was corrected (PUT /sales): amounts, customer or commission.',
  'sale.refunded': 'A sale was refunded (PATCH /sales); its commission is reversed (see commission.reversed).',
  'commission.approved':
    "A commission became payable: at once when the sale is recorded in a program without a holding period, else when the program's holding period ends.",
  'commission.reversed': 'A commission was cancelled by the refund of its sale; `amount` is what it amounts to now (0).',
  'payout_batch.created': 'Approved commissions were grouped into a payout batch (GraphQL createPayoutBatch).',
  'payout_batch.paid':
    'A payout batch was settled with at least one payout paid: every payout in it is paid or failed (GraphQL markPayoutBatchPaid, markPayoutPaid, sendPayoutBatch).',
  'payout.paid':
    "An affiliate's payout was paid: by a Stripe Connect transfer (sendPayoutBatch; `reference` is the transfer id) or marked paid (markPayoutBatchPaid, markPayoutPaid); its commissions are paid.",
  'payout.failed':
    "An affiliate's payout failed: Stripe refused its transfer, or it was marked failed (markPayoutFailed); `failureReason` says why. Its commissions are free for a later batch.",
};

const SIGNATURE_HEADERS = [
  ['webhook-id', 'The event id (`evt_…`): the same on every attempt and replay; dedupe by it.'],
  ['webhook-timestamp', 'Seconds since the Unix epoch when this attempt was signed; refuse one far from now.'],
  [
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint\'s `whsec_` secret (two during a secret rotation).',
  ],
];

/** Where the event-only bodies' schemas go through componentize with the REST bodies, to become components. */
export function eventBodyHolders(graphql: GraphQLSchema): SchemaHolder[] {
  return Object.entries(EVENT_ONLY_BODIES).map(([type, fields]) => ({ schema: selectionSchema(graphql, type, fields) }));
}

/**
 * The OpenAPI 3.1 `webhooks` of the document: one per event type, the Standard Webhooks envelope with the
 * event's resource as `data` (a component of the document), and the headers that sign it.
 */
export function openApiWebhooks(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const data = { $ref: `#/components/schemas/${DATA_TYPES[type.slice(0, type.lastIndexOf('.'))]}` };
      const schema: JsonSchema = {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'type', 'createdAt', 'programId', 'data'],
        properties: {
          id: { type: 'string', pattern: '^evt_[0-9a-f]{32}$', description: 'The event id, as in `webhook-id` and `GET /events`.' },
          type: { type: 'string', const: type, description: 'The event type.' },
          createdAt: { type: 'string', format: 'date-time', description: 'When it happened (ISO 8601, UTC).' },
          programId: { type: 'string', format: 'uuid', description: 'The program it happened in.' },
          data: data,
        },
      };
      const who = inPartnerScope(type) ? ' Partners (OAuth tokens) may subscribe to it.' : ' Program endpoints only (not in a partner subscription).';
      return [
        type,
        {
          post: {
            operationId: `event.${type}`,
            summary: type,
            description: `${WHEN[type]}${who} Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).`,
            tags: ['events'],
            security: [],
            parameters: SIGNATURE_HEADERS.map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
            requestBody: { required: true, content: { 'application/json': { schema } } },
            responses: {
              '200': { description: 'Received (any 2xx): no more attempts.' },
              '410': { description: 'Gone: the endpoint is disabled and nothing more is sent to it.' },
            },
          },
        },
      ];
    }),
  );
}
