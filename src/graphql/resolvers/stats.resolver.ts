import { Args, ArgsType, Ctx, Field, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { ValidateArgs } from '../input-validation';
import { AffiliateType } from '../types/affiliate.type';
import { NOT_PARTNER, PROGRAM_ARG } from '../types/descriptions';
import type { GraphQLInput } from '../types/input-shape';
import { AffiliateStatsType, StatsIntervalEnum, StatsType, TopAffiliatesOrderEnum } from '../types/stats.type';
import { StatsArgs, TopAffiliatesArgs } from '../../validation/schemas/stats.schemas';
import type { StatsInterval, TopAffiliateOrder } from '../../validation/enums';

const FROM =
  'Start of the window (inclusive): a date (YYYY-MM-DD, local midnight in timeZone), a date-time with an offset, or a local date-time. Omitted: 29 days before today.';
const TO = 'End of the window: a date (YYYY-MM-DD: that whole local day included), or a date-time (exclusive). Omitted: now.';
const TIME_ZONE = 'IANA time zone (e.g. Europe/Berlin) of the dates and of the bucket boundaries. Omitted: UTC.';

@ArgsType()
class WindowArgs {
  @Field(() => ID, { nullable: true, description: PROGRAM_ARG }) programId?: string | null;
  @Field(() => String, { nullable: true, description: FROM }) from?: string | null;
  @Field(() => String, { nullable: true, description: TO }) to?: string | null;
  @Field(() => String, { nullable: true, description: TIME_ZONE }) timeZone?: string | null;
}

@ArgsType()
class StatsQueryArgs extends WindowArgs implements GraphQLInput<StatsArgs> {
  @Field(() => StatsIntervalEnum, { nullable: true, description: 'Bucket size. Omitted: day.' }) interval?: StatsInterval | null;
  @Field(() => ID, { nullable: true, description: "Only this affiliate's activity (UUID)." }) affiliateId?: string | null;
  @Field(() => ID, { nullable: true, description: "Only this link's activity (UUID)." }) linkId?: string | null;
}

@ArgsType()
class TopAffiliatesQueryArgs extends WindowArgs implements GraphQLInput<TopAffiliatesArgs> {
  @Field(() => TopAffiliatesOrderEnum, { nullable: true, description: 'The figure to rank by. Omitted: revenue.' }) by?: TopAffiliateOrder | null;
  @Field(() => Int, { nullable: true, description: 'How many affiliates, 1 to 100. Omitted: 10.' }) first?: number | null;
}

@Resolver(() => StatsType)
export class StatsResolver {
  @ValidateArgs(StatsArgs.properties)
  @Query(() => StatsType, {
    description: `The program's activity over a window, in buckets starting at local midnights, every bucket present. ${NOT_PARTNER}`,
  })
  stats(@Args() { programId, ...args }: StatsQueryArgs, @Ctx() ctx: GraphQLContext) {
    return ctx.services.stats.stats(ctx, programId, args);
  }

  @ValidateArgs(TopAffiliatesArgs.properties)
  @Query(() => [AffiliateStatsType], {
    description: `The affiliates with the largest figure over a window, largest first (ties by affiliate id); affiliates without activity are not listed. ${NOT_PARTNER}`,
  })
  topAffiliates(@Args() { programId, ...args }: TopAffiliatesQueryArgs, @Ctx() ctx: GraphQLContext) {
    return ctx.services.stats.topAffiliates(ctx, programId, args);
  }
}

@Resolver(() => AffiliateStatsType)
export class AffiliateStatsResolver {
  @FieldResolver(() => AffiliateType, { description: 'The affiliate.' })
  affiliate(@Root() s: AffiliateStatsType & { programId: string }, @Ctx() ctx: GraphQLContext) {
    return ctx.loaders.for(s.programId).affiliateById.load(s.affiliateId);
  }
}
