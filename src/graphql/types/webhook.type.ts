import { GraphQLJSON, GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { UpdateWebhookFields } from '../../validation/schemas/webhooks.schemas';
import type { GraphQLInput } from './input-shape';

@ObjectType('WebhookEndpoint', { description: "A URL that receives the program's events, signed per Standard Webhooks." })
export class WebhookEndpointType {
  @Field(() => ID) id!: string;
  @Field() url!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => [String], { description: 'Event types sent; empty means every event.' }) events!: string[];
  @Field() enabled!: boolean;
  @Field(() => String, { nullable: true, description: 'Why the service disabled it (410 Gone, failing for 5 days).' }) disabledReason!: string | null;
  @Field(() => Date, { nullable: true }) failingSince!: Date | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@ObjectType()
export class WebhookEndpointWithSecret {
  @Field(() => WebhookEndpointType) endpoint!: WebhookEndpointType;
  @Field({ description: 'whsec_… — shown this once.' }) secret!: string;
}

@InputType()
export class WebhookEndpointInput implements GraphQLInput<UpdateWebhookFields> {
  @Field(() => String, { nullable: true }) url?: string | null;
  @Field(() => [String], { nullable: true, description: 'Absent: every event.' }) events?: string[] | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
}

@ObjectType('WebhookAttempt')
export class WebhookAttemptType {
  @Field() attemptedAt!: Date;
  @Field(() => Int, { nullable: true }) statusCode!: number | null;
  @Field(() => Int) durationMs!: number;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, { nullable: true }) responseExcerpt!: string | null;
}

@ObjectType('WebhookDelivery')
export class WebhookDeliveryType {
  @Field(() => GraphQLSafeInt) id!: number;
  @Field(() => ID) endpointId!: string;
  @Field({ description: 'pending, succeeded or failed (retries exhausted, or 410).' }) status!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => Date, { nullable: true }) nextAttemptAt!: Date | null;
  @Field(() => Date, { nullable: true }) lastAttemptAt!: Date | null;
  @Field(() => Int, { nullable: true }) lastStatus!: number | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
}

@ObjectType('Event', { description: 'An entry of the event log: the envelope webhooks carry.' })
export class EventType {
  @Field(() => ID) id!: string;
  @Field() type!: string;
  @Field() createdAt!: Date;
  @Field(() => ID) programId!: string;
  @Field(() => GraphQLJSON, { description: 'The resource as the REST API returns it.' }) data!: unknown;
}
