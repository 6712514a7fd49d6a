import { StatsArgs, TopAffiliatesArgs } from '../../src/validation/schemas/stats.schemas';
import { field } from '../body';
import { route, type RestRoute } from '../route';

const WINDOW =
  '`from` and `to` take a date (`YYYY-MM-DD`: local midnight in `timeZone`; as `to`, that whole day is included) or a date-time (an offset, or local to `timeZone`; as `to`, exclusive). Without them: the last 30 days up to now. `timeZone` is an IANA name (default `UTC`).';

/** Reporting for API-key users: the figures of the GraphQL `stats` and `topAffiliates`, the same queries. */
export const statsRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/stats',
    id: 'getStats',
    summary: "The program's activity over time",
    description: `Totals and a time series of clicks, referrals, sales, revenue, commission and refunds, in buckets of \`interval\` (\`day\`, \`week\` from Monday, \`month\`) starting at local midnights of \`timeZone\`; every bucket is present, with zeros when nothing happened, and the series adds up to the totals. \`affiliateId\` or \`linkId\` narrow it to one affiliate or link. ${WINDOW} A bad date, interval or time zone is a 400 naming the parameter.`,
    query: StatsArgs,
    operation: 'Stats',
    variables: (q) => ({ ...q }),
    response: field('stats'),
  }),
  route({
    method: 'GET',
    path: '/stats/top-affiliates',
    id: 'getTopAffiliates',
    summary: 'The affiliates with the largest figures over a window',
    description: `Affiliates ranked by \`by\` (\`revenue\` by default, or \`commission\`, \`sales\`, \`referrals\`, \`clicks\`), largest first, the first \`first\` (10 by default, at most 100); each with its figures over the window, equal to what \`GET /stats?affiliateId=\` answers for it. Affiliates without activity in the window are not listed. ${WINDOW}`,
    query: TopAffiliatesArgs,
    operation: 'TopAffiliates',
    variables: (q) => ({ ...q }),
    response: field('topAffiliates'),
  }),
];
