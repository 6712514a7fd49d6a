import { Arg, Args, Ctx, Field, FieldResolver, Float, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { EventRecord } from '../../modules/events/event.entity';
import type { WebhookEndpoint } from '../../modules/webhooks/webhook-endpoint.entity';
import type { GraphQLContext } from '../context';
import { ProgramArg } from '../types/args.type';
import { PageInfo } from '../types/connection.type';
import {
  EventType,
  WebhookAttemptType,
  WebhookDeliveryType,
  WebhookEndpointInput,
  WebhookEndpointType,
  WebhookEndpointWithSecret,
} from '../types/webhook.type';
import { ValidateArgs } from '../input-validation';
import { NOT_PARTNER } from '../types/descriptions';
import {
  CreateWebhookBody,
  EventsArgs,
  ReplayEventsBody,
  RotateWebhookSecretBody,
  UpdateWebhookFields,
  WebhookIdArgs,
} from '../../validation/schemas/webhooks.schemas';

@ObjectType({ description: 'A page of the event log, oldest event first.' })
class EventLogPage {
  @Field(() => [EventType], { description: 'The events of this page, oldest first.' }) nodes!: EventRecord[];
  @Field(() => PageInfo, { description: 'endCursor is the id of the last event: pass it as `after` to read on.' }) pageInfo!: PageInfo;
}

@ObjectType({ description: 'The webhook endpoint a delete removed.' })
class DeletedWebhookEndpoint {
  @Field(() => ID, { description: 'Its id (UUID).' }) id!: string;
  @Field({ description: 'Its URL.' }) url!: string;
}

const ENDPOINT_ID = 'The endpoint (UUID).';

/** Raw SQL rows carry timestamps as text. */
const toDate = (v: Date | string | null): Date | null => (v == null ? null : new Date(v));

export const endpointView = (e: WebhookEndpoint) => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.eventTypes,
  enabled: e.enabled,
  disabledReason: e.disabledReason,
  failingSince: e.failingSince,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

@Resolver(() => WebhookEndpointType)
export class WebhookEndpointResolver {
  @Query(() => [WebhookEndpointType], { description: `The webhook endpoints of the program. ${NOT_PARTNER}` })
  async webhookEndpoints(@Args() { programId }: ProgramArg, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.webhooks.listEndpoints(ctx, programId)).map(endpointView);
  }

  @ValidateArgs({ input: CreateWebhookBody })
  @Mutation(() => WebhookEndpointWithSecret, {
    description: `Registers an endpoint (every event when events is absent); the secret is shown this once. At most 50 endpoints per program. ${NOT_PARTNER}`,
  })
  async createWebhookEndpoint(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'The endpoint; url is required.' }) input: WebhookEndpointInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { endpoint, secret } = await ctx.services.webhooks.createEndpoint(ctx, programId, input);
    return { endpoint: endpointView(endpoint), secret };
  }

  @ValidateArgs({ ...WebhookIdArgs.properties, input: UpdateWebhookFields })
  @Mutation(() => WebhookEndpointType, { description: `Changes an endpoint; enabling it again clears its failure state. ${NOT_PARTNER}` })
  async updateWebhookEndpoint(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => ID, { description: ENDPOINT_ID }) id: string,
    @Arg('input', { description: 'The changes.' }) input: WebhookEndpointInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return endpointView(await ctx.services.webhooks.updateEndpoint(ctx, programId, id, input));
  }

  @ValidateArgs(WebhookIdArgs.properties)
  @Mutation(() => DeletedWebhookEndpoint, { description: `Deletes an endpoint; nothing more is sent to it. ${NOT_PARTNER}` })
  deleteWebhookEndpoint(@Args() { programId }: ProgramArg, @Arg('id', () => ID, { description: ENDPOINT_ID }) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.deleteEndpoint(ctx, programId, id);
  }

  @ValidateArgs(RotateWebhookSecretBody.properties)
  @Mutation(() => WebhookEndpointWithSecret, {
    description: `A new secret; the old one also signs for overlapHours (default 24). The new secret is shown this once. ${NOT_PARTNER}`,
  })
  async rotateWebhookSecret(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => ID, { description: ENDPOINT_ID }) id: string,
    @Arg('overlapHours', () => Float, { nullable: true, description: 'Hours the old secret keeps signing beside the new one, 0 to 720; default 24.' })
    overlapHours: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { endpoint, secret } = await ctx.services.webhooks.rotateSecret(ctx, programId, id, overlapHours ?? 24);
    return { endpoint: endpointView(endpoint), secret };
  }
}

@Resolver(() => EventType)
export class EventResolver {
  @ValidateArgs(EventsArgs.properties)
  @Query(() => EventLogPage, { description: `The event log, oldest first; pass the last id as \`after\` to read on. ${NOT_PARTNER}` })
  async events(
    @Args() { programId }: ProgramArg,
    @Arg('after', () => String, { nullable: true, description: 'An event id: the page starts after it. Omitted: the oldest events.' }) after: string | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 500 (default 100).' }) first: number | null,
    @Arg('type', () => String, { nullable: true, description: 'Only events of this type, such as sale.created.' }) type: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    const page = await ctx.services.eventLog.listEvents(ctx, programId, { after, first, type });
    return { nodes: page.nodes, pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor } };
  }

  @ValidateArgs(ReplayEventsBody.properties)
  @Mutation(() => Int, {
    description: `Sends one event again, or every failed delivery since a time; returns how many deliveries were queued. Receivers see the same webhook-id. ${NOT_PARTNER}`,
  })
  replayEvents(
    @Args() { programId }: ProgramArg,
    @Arg('eventId', () => String, { nullable: true, description: 'The event to send again (evt_ id). Either it or since is required.' }) eventId: string | null,
    @Arg('since', () => Date, { nullable: true, description: 'Replay every failed delivery since this ISO 8601 date-time (UTC).' }) since: Date | null,
    @Arg('endpointId', () => ID, { nullable: true, description: 'Only deliveries to this endpoint (UUID); omitted: all endpoints.' }) endpointId: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.eventLog.replay(ctx, programId, { eventId, since, endpointId });
  }

  @FieldResolver(() => [WebhookDeliveryType], { description: 'Its deliveries: one per endpoint it was sent to.' })
  async deliveries(@Root() e: EventRecord, @Ctx() ctx: GraphQLContext) {
    const rows = await ctx.loaders.for(e.programId).deliveriesByEventId.load(e.id);
    return rows.map((r) => ({
      id: Number(r.id),
      programId: e.programId,
      endpointId: r.endpoint_id,
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt: r.status === 'pending' ? toDate(r.next_attempt_at) : null,
      lastAttemptAt: toDate(r.last_attempt_at),
      lastStatus: r.last_status,
      lastError: r.last_error,
    }));
  }
}

@Resolver(() => WebhookDeliveryType)
export class WebhookDeliveryResolver {
  @FieldResolver(() => [WebhookAttemptType], { description: 'Every attempt: status, duration, response excerpt.' })
  async attemptLog(@Root() d: { id: number; programId: string }, @Ctx() ctx: GraphQLContext) {
    const rows = await ctx.services.eventLog.attemptLog(ctx, d.programId, d.id);
    return rows.map((r) => ({
      attemptedAt: toDate(r.attempted_at),
      statusCode: r.status_code,
      durationMs: r.duration_ms,
      error: r.error,
      responseExcerpt: r.response_excerpt,
    }));
  }
}
