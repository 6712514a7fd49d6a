import { NO_PARAMS } from '../../src/validation/schemas/paging.schemas';
import {
  CreateWebhookBody,
  DeleteWebhookBody,
  EventsQuery,
  ReplayEventsBody,
  RotateWebhookSecretBody,
  UpdateWebhookBody,
} from '../../src/validation/schemas/webhooks.schemas';
import { pick, route, type Connection, type RestRoute } from '../route';

const withSecret = (r: unknown) => {
  const { endpoint, secret } = r as { endpoint: Record<string, unknown>; secret: string };
  return { ...endpoint, secret };
};

/** Webhook endpoints and the event log (DESIGN.md); not in the spec, so shapes follow its conventions. */
export const webhookRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/webhooks',
    query: NO_PARAMS,
    operation: 'WebhookList',
    variables: () => ({}),
    response: (d) => d.webhookEndpoints,
  }),
  route({
    method: 'POST',
    path: '/webhooks',
    body: CreateWebhookBody,
    operation: 'WebhookCreate',
    variables: (b) => ({ input: b }),
    // The only time the secret is shown.
    response: (d) => withSecret(d.createWebhookEndpoint),
  }),
  route({
    method: 'PUT',
    path: '/webhooks',
    body: UpdateWebhookBody,
    operation: 'WebhookUpdate',
    variables: (b) => ({ id: b.id, input: pick(b, ['url', 'events', 'description', 'enabled']) }),
    response: (d) => d.updateWebhookEndpoint,
  }),
  route({
    method: 'DELETE',
    path: '/webhooks',
    body: DeleteWebhookBody,
    operation: 'WebhookDelete',
    variables: (b) => ({ id: b.id }),
    response: (d) => ({ message: 'Webhook endpoint deleted', deletedWebhook: d.deleteWebhookEndpoint }),
  }),
  route({
    method: 'POST',
    path: '/webhooks/rotate-secret',
    body: RotateWebhookSecretBody,
    operation: 'WebhookRotateSecret',
    variables: (b) => ({ id: b.id, overlapHours: b.overlapHours ?? null }),
    response: (d) => withSecret(d.rotateWebhookSecret),
  }),
  route({
    method: 'GET',
    path: '/events',
    query: EventsQuery,
    operation: 'EventList',
    variables: (q) => pick(q, ['type']),
    list: (d) => d.events as Connection,
    pageOnly: true,
  }),
  route({
    method: 'POST',
    path: '/events/replay',
    body: ReplayEventsBody,
    operation: 'EventReplay',
    variables: (b) => ({ eventId: b.eventId ?? null, since: b.since ?? null, endpointId: b.endpointId ?? null }),
    response: (d) => ({ queued: d.replayEvents }),
  }),
];
