import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { BillingIntegration } from '../../modules/billing/billing-integration.entity';
import type { GraphQLContext } from '../context';
import { ValidateArgs } from '../input-validation';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { BillingEventFilterInput, BillingEventType, BillingIntegrationType, CreateBillingIntegrationInput } from '../types/billing.type';
import { Connection, toConnection } from '../types/connection.type';
import { NOT_PARTNER, SESSION_ONLY } from '../types/descriptions';
import { BillingEventListArgs, CreateBillingIntegrationBody } from '../../validation/schemas/billing.schemas';

export const BillingEventConnection = Connection(BillingEventType, 'BillingEvent');

@ArgsType()
class BillingEventsArgs extends ProgramPageArgs {
  @Field(() => BillingEventFilterInput, { nullable: true, description: 'Only events matching every given filter; omitted: all of them.' })
  filter?: BillingEventFilterInput | null;
}

@Resolver(() => BillingIntegrationType)
export class BillingResolver {
  @Query(() => [BillingIntegrationType], { description: `The program's billing integrations, oldest first (secrets are never shown). ${NOT_PARTNER}` })
  billingIntegrations(@Args() { programId }: ProgramArg, @Ctx() ctx: GraphQLContext) {
    return ctx.services.billing.listIntegrations(ctx, programId);
  }

  @ValidateArgs(BillingEventListArgs.properties)
  @Query(() => BillingEventConnection, { description: `Events the program's billing integrations received, newest first, with what each did. ${NOT_PARTNER}` })
  async billingEvents(@Args() { programId, filter, ...page }: BillingEventsArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.billing.listEvents(ctx, programId, filter ?? {}, page));
  }

  @ValidateArgs({ input: CreateBillingIntegrationBody })
  @Mutation(() => BillingIntegrationType, {
    description: `Connects the program's Stripe account: paste the answer's webhookUrl into Stripe's dashboard and give its signing secret here. ${SESSION_ONLY}`,
  })
  createBillingIntegration(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'The provider and the signing secret.' }) input: CreateBillingIntegrationInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.billing.createIntegration(ctx, programId, input);
  }

  @Mutation(() => BillingIntegrationType, {
    description: `Disconnects an integration: its URL answers 404 from now on and its event log goes. programId may be omitted: the integration names its program. ${SESSION_ONLY}`,
  })
  deleteBillingIntegration(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => ID, { description: 'The integration (UUID).' }) id: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.billing.deleteIntegration(ctx, programId, id);
  }

  @FieldResolver(() => String, { description: "Where the provider sends events: paste it as the endpoint URL in Stripe's dashboard (Developers → Webhooks)." })
  webhookUrl(@Root() i: BillingIntegration, @Ctx() ctx: GraphQLContext): string {
    return ctx.services.billing.webhookUrl(i);
  }
}
