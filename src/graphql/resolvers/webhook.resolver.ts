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
import {
  CreateWebhookBody,
  EventsArgs,
  ReplayEventsBody,
  RotateWebhookSecretBody,
  UpdateWebhookFields,
  WebhookIdArgs,
} from '../../validation/schemas/webhooks.schemas';

@ObjectType()
class EventLogPage {
  @Field(() => [EventType]) nodes!: EventRecord[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

@ObjectType()
class DeletedWebhookEndpoint {
  @Field(() => ID) id!: string;
  @Field() url!: string;
}

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
  @Query(() => [WebhookEndpointType])
  async webhookEndpoints(@Args() { programId }: ProgramArg, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.webhooks.listEndpoints(ctx, programId)).map(endpointView);
  }

  @ValidateArgs({ input: CreateWebhookBody })
  @Mutation(() => WebhookEndpointWithSecret, { description: 'Registers an endpoint (every event when events is absent); the secret is shown this once.' })
  async createWebhookEndpoint(@Args() { programId }: ProgramArg, @Arg('input') input: WebhookEndpointInput, @Ctx() ctx: GraphQLContext) {
    const { endpoint, secret } = await ctx.services.webhooks.createEndpoint(ctx, programId, input);
    return { endpoint: endpointView(endpoint), secret };
  }

  @ValidateArgs({ ...WebhookIdArgs.properties, input: UpdateWebhookFields })
  @Mutation(() => WebhookEndpointType)
  async updateWebhookEndpoint(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => ID) id: string,
    @Arg('input') input: WebhookEndpointInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return endpointView(await ctx.services.webhooks.updateEndpoint(ctx, programId, id, input));
  }

  @ValidateArgs(WebhookIdArgs.properties)
  @Mutation(() => DeletedWebhookEndpoint)
  deleteWebhookEndpoint(@Args() { programId }: ProgramArg, @Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.deleteEndpoint(ctx, programId, id);
  }

  @ValidateArgs(RotateWebhookSecretBody.properties)
  @Mutation(() => WebhookEndpointWithSecret, { description: 'A new secret; the old one also signs for overlapHours (default 24).' })
  async rotateWebhookSecret(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => ID) id: string,
    @Arg('overlapHours', () => Float, { nullable: true }) overlapHours: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { endpoint, secret } = await ctx.services.webhooks.rotateSecret(ctx, programId, id, overlapHours ?? 24);
    return { endpoint: endpointView(endpoint), secret };
  }
}

@Resolver(() => EventType)
export class EventResolver {
  @ValidateArgs(EventsArgs.properties)
  @Query(() => EventLogPage, { description: 'The event log, oldest first; pass the last id as `after` to read on.' })
  async events(
    @Args() { programId }: ProgramArg,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('type', () => String, { nullable: true }) type: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    const page = await ctx.services.eventLog.listEvents(ctx, programId, { after, first, type });
    return { nodes: page.nodes, pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor } };
  }

  @ValidateArgs(ReplayEventsBody.properties)
  @Mutation(() => Int, { description: 'Sends one event again, or every failed delivery since a time; returns how many deliveries were queued.' })
  replayEvents(
    @Args() { programId }: ProgramArg,
    @Arg('eventId', () => String, { nullable: true }) eventId: string | null,
    @Arg('since', () => Date, { nullable: true }) since: Date | null,
    @Arg('endpointId', () => ID, { nullable: true }) endpointId: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.eventLog.replay(ctx, programId, { eventId, since, endpointId });
  }

  @FieldResolver(() => [WebhookDeliveryType])
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
