import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Float, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { EventRecord } from '../../modules/events/event.entity';
import type { WebhookEndpoint } from '../../modules/webhooks/webhook-endpoint.entity';
import type { GraphQLContext } from '../context';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { Connection, toConnection } from '../types/connection.type';
import { listOrder } from '../types/list-order.type';
import { emptyPage } from '../../common/pagination';
import { deliveryView } from '../../modules/webhooks/event-log.service';
import {
  EventFilterInput,
  EventOrder,
  EventType,
  WebhookDeliveryFilterInput,
  WebhookDeliveryOrder,
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
  DeliveryListArgs,
  EventListArgs,
  ReplayEventsBody,
  RotateWebhookSecretBody,
  UpdateWebhookFields,
  WebhookIdArgs,
} from '../../validation/schemas/webhooks.schemas';

export const EventConnection = Connection(EventType, 'Event');
export const WebhookDeliveryConnection = Connection(WebhookDeliveryType, 'WebhookDelivery');

@ArgsType()
class EventsArgs extends ProgramPageArgs {
  @Field(() => String, { nullable: true, description: 'Only events of this type, such as sale.created (filter.type says the same).' }) type?: string | null;
  @Field(() => EventFilterInput, { nullable: true, description: 'Only events matching every given filter; omitted: the whole log.' })
  filter?: EventFilterInput | null;
  @Field(() => EventOrder, { nullable: true, description: 'The order of the list; omitted: oldest first, with event ids as cursors.' })
  orderBy?: InstanceType<typeof EventOrder> | null;
}

@ArgsType()
class DeliveriesArgs extends ProgramPageArgs {
  @Field(() => WebhookDeliveryFilterInput, { nullable: true, description: 'Only deliveries matching every given filter; omitted: all of them.' })
  filter?: WebhookDeliveryFilterInput | null;
  @Field(() => WebhookDeliveryOrder, { nullable: true, description: 'The order of the list; omitted: newest first.' })
  orderBy?: InstanceType<typeof WebhookDeliveryOrder> | null;
}

@ObjectType({ description: 'The webhook endpoint a delete removed.' })
class DeletedWebhookEndpoint {
  @Field(() => ID, { description: 'Its id (UUID).' }) id!: string;
  @Field({ description: 'Its URL.' }) url!: string;
}

const ENDPOINT_ID = 'The endpoint (UUID).';

/** Who may list, create and delete endpoints. */
const PARTNER_SUBSCRIPTIONS =
  'Dashboard session or API key; a partner token: its own subscriptions only, to events of affiliate.*, referral.*, sale.* and commission.*.';

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
  connectionId: e.connectionId,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

@Resolver(() => WebhookEndpointType)
export class WebhookEndpointResolver {
  @Query(() => [WebhookEndpointType], {
    description: `The webhook endpoints of the program, partner subscriptions with their connectionId. ${PARTNER_SUBSCRIPTIONS}`,
  })
  async webhookEndpoints(@Args() { programId }: ProgramArg, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.webhooks.listEndpoints(ctx, programId)).map(endpointView);
  }

  @ValidateArgs({ input: CreateWebhookBody })
  @Mutation(() => WebhookEndpointWithSecret, {
    description: `Registers an endpoint (every event when events is absent; for a partner, every event of its scope); the secret is shown this once. At most 50 endpoints per program, and 20 subscriptions per partner connection. ${PARTNER_SUBSCRIPTIONS}`,
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
  @Mutation(() => DeletedWebhookEndpoint, { description: `Deletes an endpoint; nothing more is sent to it. ${PARTNER_SUBSCRIPTIONS}` })
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
  @ValidateArgs(EventListArgs.properties)
  @Query(() => EventConnection, {
    description: `The event log matching the filter: oldest first (the cursors are event ids: the last one read is \`after\`), or in orderBy. ${NOT_PARTNER}`,
  })
  async events(@Args() { programId, type, filter, orderBy, ...page }: EventsArgs, @Ctx() ctx: GraphQLContext) {
    if (type != null && filter?.type != null && type !== filter.type) return toConnection(emptyPage<EventRecord>());
    const f = { ...filter, type: type ?? filter?.type };
    return toConnection(await ctx.services.eventLog.listEvents(ctx, programId, page, f, listOrder(orderBy)));
  }

  @ValidateArgs(DeliveryListArgs.properties)
  @Query(() => WebhookDeliveryConnection, { description: `Webhook deliveries matching the filter, newest first or in orderBy. ${NOT_PARTNER}` })
  async webhookDeliveries(@Args() { programId, filter, orderBy, ...page }: DeliveriesArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.eventLog.listDeliveries(ctx, programId, page, filter ?? {}, listOrder(orderBy)));
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
    return rows.map((r) => ({ ...deliveryView(e.programId, r), createdAt: toDate(r.created_at) }));
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
