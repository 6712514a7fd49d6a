import { pick, type Connection, type RestRoute } from '../route';

const withSecret = (r: unknown) => {
  const { endpoint, secret } = r as { endpoint: Record<string, unknown>; secret: string };
  return { ...endpoint, secret };
};

/** Webhook endpoints and the event log (DESIGN.md); not in the spec, so shapes follow its conventions. */
export const webhookRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/webhooks',
    fields: {},
    operation: 'WebhookList',
    variables: () => ({}),
    response: (d) => d.webhookEndpoints,
  },
  {
    method: 'POST',
    path: '/webhooks',
    fields: { url: { type: 'string', required: true, max: 2000 }, events: { type: 'stringArray' }, description: { type: 'string', max: 500 }, enabled: { type: 'boolean' } },
    operation: 'WebhookCreate',
    variables: (b) => ({ input: b }),
    // The only time the secret is shown.
    response: (d) => withSecret(d.createWebhookEndpoint),
  },
  {
    method: 'PUT',
    path: '/webhooks',
    fields: { id: { type: 'string', required: true, max: 100 }, url: { type: 'string', max: 2000 }, events: { type: 'stringArray' }, description: { type: 'string', max: 500 }, enabled: { type: 'boolean' } },
    operation: 'WebhookUpdate',
    variables: (b) => ({ id: b.id, input: pick(b, ['url', 'events', 'description', 'enabled']) }),
    response: (d) => d.updateWebhookEndpoint,
  },
  {
    method: 'DELETE',
    path: '/webhooks',
    fields: { id: { type: 'string', required: true, max: 100 } },
    operation: 'WebhookDelete',
    variables: (b) => ({ id: b.id }),
    response: (d) => ({ message: 'Webhook endpoint deleted', deletedWebhook: d.deleteWebhookEndpoint }),
  },
  {
    method: 'POST',
    path: '/webhooks/rotate-secret',
    fields: { id: { type: 'string', required: true, max: 100 }, overlapHours: { type: 'number' } },
    operation: 'WebhookRotateSecret',
    variables: (b) => ({ id: b.id, overlapHours: b.overlapHours ?? null }),
    response: (d) => withSecret(d.rotateWebhookSecret),
  },
  {
    method: 'GET',
    path: '/events',
    fields: { after: { type: 'string', max: 100 }, limit: { type: 'integer' }, type: { type: 'string', max: 100 } },
    operation: 'EventList',
    variables: (q) => pick(q, ['type']),
    list: (d) => d.events as Connection,
    pageOnly: true,
  },
  {
    method: 'POST',
    path: '/events/replay',
    fields: { eventId: { type: 'string', max: 100 }, since: { type: 'datetime' }, endpointId: { type: 'string', max: 100 } },
    operation: 'EventReplay',
    variables: (b) => ({ eventId: b.eventId ?? null, since: b.since ?? null, endpointId: b.endpointId ?? null }),
    response: (d) => ({ queued: d.replayEvents }),
  },
];
