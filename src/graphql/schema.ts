import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { applyInputValidation } from './input-validation';
import { applyPolicy } from './policy-enforcement';
import { applyPresenters } from './presenters';
import { AffiliateResolver } from './resolvers/affiliate.resolver';
import { ApiKeyResolver } from './resolvers/api-key.resolver';
import { AuthResolver } from './resolvers/auth.resolver';
import { CommissionPlanResolver } from './resolvers/commission-plan.resolver';
import { LinkResolver } from './resolvers/link.resolver';
import { ProgramResolver } from './resolvers/program.resolver';
import { ReferralResolver } from './resolvers/referral.resolver';
import { CouponResolver } from './resolvers/coupon.resolver';
import { PromotionalCodeResolver } from './resolvers/promotional-code.resolver';
import { ClickResolver } from './resolvers/click.resolver';
import { CommissionResolver, SaleResolver } from './resolvers/sale.resolver';
import { PayoutBatchResolver, PayoutResolver } from './resolvers/payout.resolver';
import { EventResolver, WebhookDeliveryResolver, WebhookEndpointResolver } from './resolvers/webhook.resolver';
import { ConnectionResolver } from './resolvers/connection.resolver';
import { AffiliateStatsResolver, StatsResolver } from './resolvers/stats.resolver';
import { BillingResolver } from './resolvers/billing.resolver';
import { PortalResolver } from './resolvers/portal.resolver';

export const resolvers = [
  AuthResolver,
  ProgramResolver,
  ApiKeyResolver,
  AffiliateResolver,
  LinkResolver,
  CommissionPlanResolver,
  ReferralResolver,
  CouponResolver,
  PromotionalCodeResolver,
  ClickResolver,
  SaleResolver,
  CommissionResolver,
  PayoutBatchResolver,
  PayoutResolver,
  WebhookEndpointResolver,
  EventResolver,
  WebhookDeliveryResolver,
  ConnectionResolver,
  StatsResolver,
  AffiliateStatsResolver,
  BillingResolver,
  PortalResolver,
] as const;

let cached: Promise<GraphQLSchema> | undefined;

const CALLERS =
  "A field restricted to some callers says so; the others admit a dashboard session, an API key and a partner (OAuth) token. Program-scoped fields act on programId with a dashboard session, else on the credential's own program.";

/** type-graphql gives the root types no description of their own: these are theirs. */
function describeRootTypes(schema: GraphQLSchema): GraphQLSchema {
  const query = schema.getQueryType();
  const mutation = schema.getMutationType();
  if (query) query.description = `Reads. ${CALLERS}`;
  if (mutation) mutation.description = `Changes; each says the rule it applies. ${CALLERS}`;
  return schema;
}

/**
 * The one schema, built once per process; `schema.graphql` is its printed form. Input validation wraps the
 * resolvers first, so the policy's check (wrapped around it) runs before it.
 */
export function getSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({ resolvers, validate: false, emitSchemaFile: false })
    .then(describeRootTypes)
    .then(applyPresenters)
    .then(applyInputValidation)
    .then(applyPolicy);
  return cached;
}
