import { GraphQLJSON, GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DELIVERY_STATUSES, enumObject, type DeliveryOrderField, type DeliveryStatus, type EventOrderField } from '../../validation/enums';
import type { DeliveryListFilter, EventListFilter, UpdateWebhookFields } from '../../validation/schemas/webhooks.schemas';
import { CREATED_AFTER, CREATED_BEFORE, ListOrderInput } from './list-order.type';
import { CREATED_AT, PROGRAM_ID, UPDATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

const WHEN = (what: string, otherwise: string) => `When ${what} (ISO 8601, UTC); null: ${otherwise}.`;

@ObjectType('WebhookEndpoint', { description: "A URL that receives the program's events, signed per Standard Webhooks." })
export class WebhookEndpointType {
  @Field(() => ID, { description: 'Endpoint id (UUID).' }) id!: string;
  @Field({ description: 'The http(s) URL events are POSTed to.' }) url!: string;
  @Field(() => String, { nullable: true, description: 'Your note about the endpoint; null: none.' }) description!: string | null;
  @Field(() => [String], { description: 'Event types sent; empty means every event.' }) events!: string[];
  @Field({ description: 'false: nothing is sent to it (switched off by you, or by the service: see disabledReason).' }) enabled!: boolean;
  @Field(() => String, { nullable: true, description: 'Why the service disabled it (410 Gone, failing for 5 days).' }) disabledReason!: string | null;
  @Field(() => Date, {
    nullable: true,
    description: 'When deliveries started failing (ISO 8601, UTC); after 5 days of failures the service disables the endpoint. null: not failing.',
  })
  failingSince!: Date | null;
  @Field(() => ID, {
    nullable: true,
    description: "The OAuth connection (connected app) whose partner subscribed it; revoking the connection deletes it. null: the program's own.",
  })
  connectionId!: string | null;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field({ description: UPDATED_AT }) updatedAt!: Date;
}

@ObjectType({ description: 'An endpoint with its signing secret, shown when the secret is created.' })
export class WebhookEndpointWithSecret {
  @Field(() => WebhookEndpointType, { description: 'The endpoint.' }) endpoint!: WebhookEndpointType;
  @Field({ description: 'whsec_… — shown this once. The key receivers verify the webhook-signature header with.' }) secret!: string;
}

@InputType({ description: "An endpoint's settings: url is required on creation; on update, omitted fields are unchanged." })
export class WebhookEndpointInput implements GraphQLInput<UpdateWebhookFields> {
  @Field(() => String, {
    nullable: true,
    description:
      'An absolute http(s) URL without credentials, at most 2000 characters; private and loopback addresses are refused unless the server allows them.',
  })
  url?: string | null;
  @Field(() => [String], {
    nullable: true,
    description: 'Absent: every event. Otherwise known event types such as sale.created; an empty list also means every event.',
  })
  events?: string[] | null;
  @Field(() => String, { nullable: true, description: "Your note, at most 500 characters; '' or null clears it." }) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'false pauses deliveries; true resumes them and clears the failure state. Default on creation: true.' })
  enabled?: boolean | null;
}

@ObjectType('WebhookAttempt', { description: 'One attempt to deliver an event to an endpoint.' })
export class WebhookAttemptType {
  @Field({ description: 'When the request was sent (ISO 8601, UTC).' }) attemptedAt!: Date;
  @Field(() => Int, { nullable: true, description: 'The HTTP status answered; null: no answer (network error or timeout).' }) statusCode!: number | null;
  @Field(() => Int, { description: 'How long the request took, in milliseconds.' }) durationMs!: number;
  @Field(() => String, { nullable: true, description: 'What went wrong (HTTP <status> or a network error); null: delivered.' }) error!: string | null;
  @Field(() => String, { nullable: true, description: 'The start of the response body, at most 1024 bytes; null: none.' }) responseExcerpt!: string | null;
}

@ObjectType('WebhookDelivery', { description: 'The delivery of one event to one endpoint, retried until it succeeds or fails for good.' })
export class WebhookDeliveryType {
  @Field(() => GraphQLSafeInt, { description: 'Delivery id, a positive integer.' }) id!: number;
  @Field(() => ID, { description: 'The endpoint (UUID).' }) endpointId!: string;
  @Field(() => ID, { description: 'The event it carries (evt_ id).' }) eventId!: string;
  @Field({ description: 'pending, succeeded or failed (retries exhausted, or 410).' }) status!: string;
  @Field(() => Int, { description: 'Attempts made in the current delivery cycle (a replay starts a new one).' }) attempts!: number;
  @Field(() => Date, { nullable: true, description: WHEN('the next attempt is due', 'not pending') }) nextAttemptAt!: Date | null;
  @Field(() => Date, { nullable: true, description: WHEN('it was last attempted', 'not attempted yet') }) lastAttemptAt!: Date | null;
  @Field(() => Int, { nullable: true, description: 'The HTTP status of the last attempt; null: no attempt or no answer.' }) lastStatus!: number | null;
  @Field(() => String, { nullable: true, description: 'What went wrong in the last attempt; null: nothing.' }) lastError!: string | null;
  @Field({ description: 'When it was queued: an ISO 8601 date-time in UTC (with its event).' }) createdAt!: Date;
}

export const DeliveryStatusEnum = enumObject(DELIVERY_STATUSES);
registerEnumType(DeliveryStatusEnum, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a webhook delivery stands.',
  valuesConfig: {
    pending: { description: 'Not delivered yet: an attempt is due (nextAttemptAt).' },
    succeeded: { description: 'The endpoint answered 2xx.' },
    failed: { description: 'Retries exhausted, or the endpoint answered 410.' },
  },
});

@InputType({ description: 'Which events a list keeps: all given filters must match.' })
export class EventFilterInput implements GraphQLInput<EventListFilter, 'createdAfter' | 'createdBefore'> {
  @Field(() => String, { nullable: true, description: 'Only events of this type, such as sale.created.' }) type?: string | null;
  @Field(() => Date, { nullable: true, description: CREATED_AFTER }) createdAfter?: Date | null;
  @Field(() => Date, { nullable: true, description: CREATED_BEFORE }) createdBefore?: Date | null;
}

export const EventOrder = ListOrderInput<EventOrderField>('Event', { createdAt: 'When it happened.' });

@InputType({ description: 'Which webhook deliveries a list keeps: all given filters must match.' })
export class WebhookDeliveryFilterInput implements GraphQLInput<DeliveryListFilter, 'createdAfter' | 'createdBefore'> {
  @Field(() => DeliveryStatusEnum, { nullable: true, description: 'Only deliveries in this status.' }) status?: DeliveryStatus | null;
  @Field(() => String, { nullable: true, description: 'Only deliveries to this endpoint (UUID); any other value matches nothing.' }) endpointId?: string | null;
  @Field(() => String, { nullable: true, description: 'Only deliveries of this event (evt_ id); any other value matches nothing.' }) eventId?: string | null;
  @Field(() => String, { nullable: true, description: 'Only deliveries of events of this type, such as sale.created.' }) eventType?: string | null;
  @Field(() => Date, { nullable: true, description: CREATED_AFTER }) createdAfter?: Date | null;
  @Field(() => Date, { nullable: true, description: CREATED_BEFORE }) createdBefore?: Date | null;
}

export const WebhookDeliveryOrder = ListOrderInput<DeliveryOrderField>('WebhookDelivery', { createdAt: 'When it was queued.' });

@ObjectType('Event', { description: 'An entry of the event log: the envelope webhooks carry.' })
export class EventType {
  @Field(() => ID, { description: 'Event id: evt_ and 32 hex digits. Receivers see it as webhook-id; dedupe by it.' }) id!: string;
  @Field({ description: 'The event type, such as sale.created.' }) type!: string;
  @Field({ description: 'When the change happened (ISO 8601, UTC).' }) createdAt!: Date;
  @Field(() => ID, { description: PROGRAM_ID }) programId!: string;
  @Field(() => GraphQLJSON, { description: 'The resource as the REST API returns it.' }) data!: unknown;
}
