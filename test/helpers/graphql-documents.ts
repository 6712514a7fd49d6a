/**
 * GraphQL documents the tests send, by name (what the REST API does not cover: commission plans and groups,
 * payouts, API keys, automatic-code rules, the event log, OAuth connections). Send them with `server.graphql` or
 * the rest client's `gql` / `gqlData`.
 */

// commissions and payouts
export const CREATE_AFFILIATE_GROUP = `mutation($name: String!) { createAffiliateGroup(name: $name) { id } }`;
export const CREATE_COMMISSION_PLAN = `mutation($input: CreateCommissionPlanInput!) { createCommissionPlan(input: $input) { id } }`;
/** A sale's commission with its ledger. */
export const SALE_COMMISSION = `query($id: SafeInt!) {
  sale(id: $id) { commission { id saleId affiliateId rate status amount payoutBatchId paidManually entries { kind amount } } }
}`;
export const CREATE_PAYOUT_BATCH = `mutation($ids: [SafeInt!]) { createPayoutBatch(saleIds: $ids) { id } }`;
export const MARK_PAYOUT_BATCH_PAID = `mutation($id: ID!) { markPayoutBatchPaid(id: $id) { id status } }`;
export const MARK_COMMISSION_PAID = `mutation($id: SafeInt!) { markCommissionPaid(saleId: $id) { id status } }`;

// credentials
export const CREATE_API_KEY = `mutation($p: ID!, $name: String!) { createApiKey(programId: $p, name: $name) { key apiKey { id } } }`;
export const API_KEYS = `query($p: ID!) { apiKeys(programId: $p) { id } }`;
export const REVOKE_API_KEY = `mutation($id: ID!) { revokeApiKey(id: $id) { id } }`;
export const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { token } }`;
export const CONNECTIONS = `query($p: ID!) { connections(programId: $p) { id programId partner prefix createdAt lastUsedAt revokedAt } }`;
export const REVOKE_CONNECTION = `mutation($id: ID!) { revokeConnection(id: $id) { id partner revokedAt } }`;

// coupons: automatic codes for new affiliates
export const SET_AUTO_COUPON_RULE = `mutation($c: ID!, $i: AutoCouponRuleInput!) { setAutoCouponRule(couponId: $c, input: $i) { id } }`;
export const REMOVE_AUTO_COUPON_RULE = `mutation($c: ID!) { removeAutoCouponRule(couponId: $c) { id } }`;
/** An enabled rule: AUTO + first name + 6 uppercase random characters. */
export const AUTO_COUPON_RULE_INPUT = {
  codeStructure: { firstName: true, randomChars: true },
  prefix: 'AUTO',
  randomCharsLength: 6,
  randomCharsCase: 'uppercase',
  enabled: true,
};

// links
/** Every link's slug with the promotional codes connected to it. */
export const LINKS_WITH_CODES = `{ links { nodes { link promotionalCodes } } }`;

// events and webhooks
/** The event log with every delivery and its attempts. */
export const EVENTS_WITH_ATTEMPTS = `query($after: String, $first: Int, $type: String) {
  events(after: $after, first: $first, type: $type) {
    nodes { id type createdAt programId data deliveries { id endpointId status attempts nextAttemptAt lastAttemptAt lastStatus lastError
      attemptLog { attemptedAt statusCode durationMs error responseExcerpt } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
