import { Field, Float, ID, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { enumObject, STATS_INTERVALS, TOP_AFFILIATE_ORDERS } from '../../validation/enums';
import { money } from './descriptions';

export const StatsIntervalEnum = enumObject(STATS_INTERVALS);
registerEnumType(StatsIntervalEnum, {
  name: 'StatsInterval',
  description: 'How a stats series is cut, in the time zone asked for.',
  valuesConfig: {
    day: { description: 'Calendar days, from local midnight (a daylight-saving day is 23 or 25 hours long).' },
    week: { description: 'ISO weeks, from Monday at local midnight.' },
    month: { description: 'Calendar months, from the first at local midnight.' },
  },
});

export const TopAffiliatesOrderEnum = enumObject(TOP_AFFILIATE_ORDERS);
registerEnumType(TopAffiliatesOrderEnum, {
  name: 'TopAffiliatesOrder',
  description: 'The figure top affiliates are ranked by, largest first.',
  valuesConfig: {
    revenue: { description: 'Revenue of their sales.' },
    commission: { description: 'Commission of their sales.' },
    sales: { description: 'Number of their sales.' },
    referrals: { description: 'Number of their referrals.' },
    clicks: { description: 'Number of counted clicks on their links.' },
  },
});

/** The figures every stats shape carries. */
@InterfaceType('StatsFigures', { description: 'The figures of a window, a bucket or an affiliate over a window.' })
export abstract class StatsFigures {
  @Field(() => Int, { description: 'Counted clicks on links (each visitor once per link and 30 minutes).' }) clicks!: number;
  @Field(() => Int, { description: 'Referrals created.' }) referrals!: number;
  @Field(() => Int, { description: 'Sales recorded (refunded ones included).' }) sales!: number;
  @Field(() => Float, { description: money("Sum of the sales' totalEarned") }) revenue!: number;
  @Field(() => Float, { description: money("Sum of the sales' current commissionEarned (0 for a reversed commission)") }) commission!: number;
  @Field(() => Int, { description: 'Sales refunded in full, counted when they were refunded (a partial refund lowers commission, not this).' })
  refunds!: number;
  @Field(() => Float, {
    description: money('Sum of the totalEarned of sales refunded in full, counted when they were refunded (partial refunds not included)'),
  })
  refundedRevenue!: number;
  @Field(() => Float, { description: 'Referrals per click (referrals / clicks, 4 decimals); 0 when there was no click.' }) conversionRate!: number;
}

@ObjectType('StatsTotals', { implements: StatsFigures, description: "A whole window's figures: each equals the sum of the series' buckets." })
export class StatsTotalsType extends StatsFigures {}

@ObjectType('StatsBucket', { implements: StatsFigures, description: "One bucket of a series: what happened from its start to the next bucket's." })
export class StatsBucketType extends StatsFigures {
  @Field({ description: 'Start of the bucket: local midnight in the time zone asked for, as an ISO 8601 date-time in UTC.' }) start!: Date;
}

@ObjectType('Stats', { description: "A program's activity over a window: totals and a time series." })
export class StatsType {
  @Field({ description: 'Start of the window (inclusive), ISO 8601 in UTC.' }) from!: Date;
  @Field({ description: 'End of the window (exclusive), ISO 8601 in UTC.' }) to!: Date;
  @Field(() => StatsIntervalEnum, { description: 'How the series is cut.' }) interval!: string;
  @Field({ description: 'The IANA time zone whose midnights start the buckets.' }) timeZone!: string;
  @Field({ description: 'ISO 4217 code of the money figures: the program currency.' }) currency!: string;
  @Field(() => StatsTotalsType, { description: 'The figures of the whole window.' }) totals!: StatsTotalsType;
  @Field(() => [StatsBucketType], { description: 'Every bucket of the window in order, those without activity included (with zeros).' })
  series!: StatsBucketType[];
}

@ObjectType('AffiliateStats', {
  implements: StatsFigures,
  description: "One affiliate's figures over a window (equal to its own stats totals for that window).",
})
export class AffiliateStatsType extends StatsFigures {
  @Field(() => ID, { description: 'The affiliate (UUID).' }) affiliateId!: string;
}
