import { DELIVERY_ORDER_FIELDS, DELIVERY_STATUSES, EVENT_ORDER_FIELDS } from '../enums';
import { Body, Bool, DateTime, Nullable, Num, OneOf, RequiredText, Strings, Text, type Input } from '../kit';
import { CREATED_RANGE, ListOrderArg } from './list.schemas';
import { PageLimit } from './paging.schemas';

const ENDPOINT_ID = RequiredText(100);

/**
 * An endpoint's settings. Which event types exist (an unknown one is named in the refusal, however long), and
 * which URLs may be called, are the service's rules.
 */
const ENDPOINT_FIELDS = {
  events: Nullable(Strings(1000)),
  description: Nullable(Text(500)),
  enabled: Nullable(Bool()),
};

/** POST /webhooks, GraphQL WebhookEndpointInput of createWebhookEndpoint. */
export const CreateWebhookBody = Body({ url: RequiredText(2000), ...ENDPOINT_FIELDS });
export type CreateWebhookBody = Input<typeof CreateWebhookBody>;

/** GraphQL WebhookEndpointInput of updateWebhookEndpoint: what is sent changes. */
export const UpdateWebhookFields = Body({ url: Nullable(Text(2000)), ...ENDPOINT_FIELDS });
export type UpdateWebhookFields = Input<typeof UpdateWebhookFields>;

/** The endpoint an operation acts on: GraphQL `id` of update, delete and rotate. */
export const WebhookIdArgs = Body({ id: ENDPOINT_ID });

/** PUT /webhooks: the id and the fields to change. */
export const UpdateWebhookBody = Body({ id: ENDPOINT_ID, ...UpdateWebhookFields.properties });
export type UpdateWebhookBody = Input<typeof UpdateWebhookBody>;

/** DELETE /webhooks, GraphQL `deleteWebhookEndpoint(id)`. */
export const DeleteWebhookBody = WebhookIdArgs;
export type DeleteWebhookBody = Input<typeof DeleteWebhookBody>;

/** POST /webhooks/rotate-secret, GraphQL `rotateWebhookSecret(id, overlapHours)`. */
export const RotateWebhookSecretBody = Body({
  id: ENDPOINT_ID,
  overlapHours: Nullable(Num({ minimum: 0, maximum: 720, errorMessage: { minimum: 'must be from 0 to 720', maximum: 'must be from 0 to 720' } })),
});
export type RotateWebhookSecretBody = Input<typeof RotateWebhookSecretBody>;

/** GraphQL `events(after, type)`: an event id to read on after, an event type. */
export const EventsArgs = Body({ after: Nullable(Text(100)), type: Nullable(Text(100)) });

/** GraphQL EventFilterInput. */
export const EventListFilter = Body({ type: Nullable(Text(100)), ...CREATED_RANGE });
export type EventListFilter = Input<typeof EventListFilter>;

/** GraphQL `events(type, filter, orderBy)` (paging and programId apart: cursors are checked by the service). */
export const EventListArgs = Body({ type: Nullable(Text(100)), filter: Nullable(EventListFilter), orderBy: ListOrderArg(EVENT_ORDER_FIELDS) });

/** GraphQL WebhookDeliveryFilterInput. */
export const DeliveryListFilter = Body({
  status: Nullable(OneOf(DELIVERY_STATUSES)),
  endpointId: Nullable(Text(100)),
  eventId: Nullable(Text(100)),
  eventType: Nullable(Text(100)),
  ...CREATED_RANGE,
});
export type DeliveryListFilter = Input<typeof DeliveryListFilter>;

/** GraphQL `webhookDeliveries(filter, orderBy)` (paging and programId apart). */
export const DeliveryListArgs = Body({ filter: Nullable(DeliveryListFilter), orderBy: ListOrderArg(DELIVERY_ORDER_FIELDS) });

/** GET /events: a page of the event log (`limit` events, 100 by default). */
export const EventsQuery = Body({ ...EventsArgs.properties, limit: Nullable(PageLimit(500)) });
export type EventsQuery = Input<typeof EventsQuery>;

/** POST /events/replay, GraphQL `replayEvents(eventId, since, endpointId)`. */
export const ReplayEventsBody = Body({ eventId: Nullable(Text(100)), since: Nullable(DateTime()), endpointId: Nullable(Text(100)) });
export type ReplayEventsBody = Input<typeof ReplayEventsBody>;
