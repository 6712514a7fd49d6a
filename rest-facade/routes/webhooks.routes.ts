import { NO_PARAMS } from '../../src/validation/schemas/paging.schemas';
import {
  CreateWebhookBody,
  DeleteWebhookBody,
  EventsQuery,
  ReplayEventsBody,
  RotateWebhookSecretBody,
  UpdateWebhookBody,
} from '../../src/validation/schemas/webhooks.schemas';
import { constant, extend, field, object } from '../body';
import { pick, route, type RestRoute } from '../route';

/** An endpoint with its signing secret, the only answers that show it. */
const withSecret = (result: string) => extend(field(result, 'endpoint'), { secret: field(result, 'secret') });

/** Webhook endpoints and the event log (DESIGN.md); not in the spec, so shapes follow its conventions. */
export const webhookRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/webhooks',
    query: NO_PARAMS,
    id: 'listWebhooks',
    summary: 'List webhook endpoints',
    description:
      "Every webhook endpoint of the program (secrets are never shown again), each partner subscription with its `connectionId`. With a partner's OAuth token: only the subscriptions that partner made.",
    operation: 'WebhookList',
    variables: () => ({}),
    response: field('webhookEndpoints'),
  }),
  route({
    method: 'POST',
    path: '/webhooks',
    body: CreateWebhookBody,
    id: 'createWebhook',
    summary: 'Subscribe an endpoint to events',
    description:
      "Creates an endpoint for `url` (http or https; private and loopback addresses are refused unless the server allows them) subscribed to `events`, or to every event when absent. The answer carries the `whsec_` signing secret: the only time it is shown. Deliveries are signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). A partner's OAuth token subscribes to events of its scope only (`affiliate.*`, `referral.*`, `sale.*`, `commission.*`; all of them when `events` is absent); any other event is 403 and creates nothing.",
    operation: 'WebhookCreate',
    variables: (b) => ({ input: b }),
    response: withSecret('createWebhookEndpoint'),
    example: { url: 'https://hooks.example.com/affiliates', events: ['sale.created', 'sale.refunded'] },
  }),
  route({
    method: 'PUT',
    path: '/webhooks',
    body: UpdateWebhookBody,
    id: 'updateWebhook',
    summary: 'Change a webhook endpoint',
    description: 'Changes the URL, events, description or `enabled` of the endpoint `id`.',
    operation: 'WebhookUpdate',
    variables: (b) => ({ id: b.id, input: pick(b, ['url', 'events', 'description', 'enabled']) }),
    response: field('updateWebhookEndpoint'),
    example: { id: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d', events: ['sale.created'], enabled: true },
  }),
  route({
    method: 'DELETE',
    path: '/webhooks',
    body: DeleteWebhookBody,
    id: 'deleteWebhook',
    summary: 'Delete a webhook endpoint',
    description:
      "Deletes the endpoint `id`; no further deliveries are attempted. 404 when no such endpoint exists (for a partner's OAuth token: when it is not one of its own subscriptions).",
    operation: 'WebhookDelete',
    variables: (b) => ({ id: b.id }),
    response: object({ message: constant('Webhook endpoint deleted', 'A confirmation.'), deletedWebhook: field('deleteWebhookEndpoint') }),
    example: { id: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d' },
  }),
  route({
    method: 'POST',
    path: '/webhooks/rotate-secret',
    body: RotateWebhookSecretBody,
    id: 'rotateWebhookSecret',
    summary: "Rotate an endpoint's signing secret",
    description:
      'Issues a new secret for the endpoint `id` and answers it (shown this once); the old one also signs for `overlapHours` (0 to 720, default 24) so receivers can switch without losing events.',
    operation: 'WebhookRotateSecret',
    variables: (b) => ({ id: b.id, overlapHours: b.overlapHours ?? null }),
    response: withSecret('rotateWebhookSecret'),
    example: { id: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d', overlapHours: 24 },
  }),
  route({
    method: 'GET',
    path: '/events',
    query: EventsQuery,
    id: 'listEvents',
    summary: 'Read the event log',
    description:
      'Events of the program, oldest first, one page at a time (`limit` up to 500; the next page via `after` = the `X-Next-Cursor` header, the last event id read); `type` keeps one event type.',
    operation: 'EventList',
    variables: (q) => pick(q, ['type']),
    list: 'events',
    pageOnly: true,
  }),
  route({
    method: 'POST',
    path: '/events/replay',
    body: ReplayEventsBody,
    id: 'replayEvents',
    summary: 'Deliver events again',
    description:
      'Sends the event `eventId` again, or every failed delivery since `since`, to its endpoints or to `endpointId` only; receivers see the same `webhook-id`. Answers how many deliveries were queued.',
    operation: 'EventReplay',
    variables: (b) => ({ eventId: b.eventId ?? null, since: b.since ?? null, endpointId: b.endpointId ?? null }),
    response: object({ queued: field('replayEvents') }),
    example: { since: '2026-11-24T00:00:00Z' },
  }),
];
