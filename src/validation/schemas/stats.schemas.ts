import { MAX_TOP_AFFILIATES, STATS_INTERVALS, TOP_AFFILIATE_ORDERS } from '../enums';
import { Body, Int, Nullable, OneOf, Text, type Input } from '../kit';

/** A window bound: a date or a date-time; the service reads it (stats.window.ts parseBound). */
const Bound = () => Nullable(Text(64));

/** GraphQL `stats` and GET /stats (programId apart). */
export const StatsArgs = Body({
  from: Bound(),
  to: Bound(),
  interval: Nullable(OneOf(STATS_INTERVALS)),
  timeZone: Nullable(Text(64)),
  affiliateId: Nullable(Text(200)),
  linkId: Nullable(Text(200)),
});
export type StatsArgs = Input<typeof StatsArgs>;

/** GraphQL `topAffiliates` and GET /stats/top-affiliates (programId apart). */
export const TopAffiliatesArgs = Body({
  from: Bound(),
  to: Bound(),
  timeZone: Nullable(Text(64)),
  by: Nullable(OneOf(TOP_AFFILIATE_ORDERS)),
  first: Nullable(Int(1, MAX_TOP_AFFILIATES)),
});
export type TopAffiliatesArgs = Input<typeof TopAffiliatesArgs>;
