/**
 * GraphQL documents and fragments the tests share, typed by the `data` they answer and the variables they take
 * (./graphql/typed-document.ts). `server.graphql(DOC, variables, token)`, the rest client's `gql` / `gqlData`
 * and the harness's fixture check the variables and type the answer. What the REST API does not cover lives
 * here: commission plans and groups, payouts, API keys, sessions, programs, automatic-code rules, the event log,
 * OAuth connections. A document that is itself the subject of a test (a hostile query, a malformed one) stays in
 * its spec.
 */
import { fragment, gqlDocument, gqlWithFragments } from './graphql/typed-document';

export { gqlDocument, type TypedDocument } from './graphql/typed-document';

/** An ISO 8601 date-time in UTC, as the DateTimeISO scalar sends it. */
type DateTime = string;
type Id = { id: string };

// ---------------------------------------------------------------------------------------------------------
// commissions and payouts

export type CommissionStatus = 'pending' | 'approved' | 'paid' | 'reversed';

export interface CommissionEntry {
  kind: string;
  amount: number;
}

/** Every field of a commission, with its ledger (fragment CommissionFields). */
export interface Commission {
  id: string;
  saleId: number;
  affiliateId: string;
  rate: number;
  base: number;
  amount: number;
  currency: string;
  status: CommissionStatus;
  payoutBatchId: string | null;
  paidAt: DateTime | null;
  paidManually: boolean;
  approvedAt: DateTime | null;
  holdUntil: DateTime | null;
  reversedAt: DateTime | null;
  entries: CommissionEntry[];
}
export const COMMISSION_FIELDS = fragment<Commission>(
  'CommissionFields',
  'Commission',
  'id saleId affiliateId rate base amount currency status payoutBatchId paidAt paidManually approvedAt holdUntil reversedAt entries { kind amount }',
);

/** Every field of a payout batch (fragment PayoutBatchFields). */
export interface PayoutBatch {
  id: string;
  status: 'open' | 'paid';
  currency: string;
  total: number;
  commissionCount: number;
  createdAt: DateTime;
  paidAt: DateTime | null;
}
export const PAYOUT_BATCH_FIELDS = fragment<PayoutBatch>('PayoutBatchFields', 'PayoutBatch', 'id status currency total commissionCount createdAt paidAt');

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

/** One page of commissions, of a status (any string: the server refuses one it does not know). */
export const COMMISSIONS = gqlWithFragments<
  { commissions: { nodes: Commission[]; pageInfo: PageInfo } },
  { status?: string | null; first?: number; after?: string | null }
>(
  `query($status: CommissionStatus, $first: Int, $after: String) {
  commissions(status: $status, first: $first, after: $after) { nodes { ...CommissionFields } pageInfo { hasNextPage endCursor } } }`,
  COMMISSION_FIELDS,
);
/** A payout batch of the approved commissions named by sale or by commission id (all of them when neither). */
export const CREATE_PAYOUT_BATCH_OF = gqlWithFragments<{ createPayoutBatch: PayoutBatch }, { saleIds?: number[] | null; commissionIds?: string[] | null }>(
  `mutation($saleIds: [SafeInt!], $commissionIds: [ID!]) { createPayoutBatch(saleIds: $saleIds, commissionIds: $commissionIds) { ...PayoutBatchFields } }`,
  PAYOUT_BATCH_FIELDS,
);
export const MARK_PAYOUT_BATCH_PAID_FULL = gqlWithFragments<{ markPayoutBatchPaid: PayoutBatch }, { id: string }>(
  `mutation($id: ID!) { markPayoutBatchPaid(id: $id) { ...PayoutBatchFields } }`,
  PAYOUT_BATCH_FIELDS,
);
export const MARK_COMMISSION_PAID_FULL = gqlWithFragments<{ markCommissionPaid: Commission }, { saleId: number }>(
  `mutation($saleId: SafeInt!) { markCommissionPaid(saleId: $saleId) { ...CommissionFields } }`,
  COMMISSION_FIELDS,
);
export const PAYOUT_BATCHES = gqlWithFragments<{ payoutBatches: { nodes: PayoutBatch[] } }>(
  `{ payoutBatches { nodes { ...PayoutBatchFields } } }`,
  PAYOUT_BATCH_FIELDS,
);
/** A sale's commission state, with every field of its commission. */
export const SALE_WITH_COMMISSION = gqlWithFragments<
  { sale: { id: number; commissionStatus: string | null; commissionEarned: number; commission: Commission | null } | null },
  { id: number }
>(`query($id: SafeInt!) { sale(id: $id) { id commissionStatus commissionEarned commission { ...CommissionFields } } }`, COMMISSION_FIELDS);

export const CREATE_AFFILIATE_GROUP = gqlDocument<{ createAffiliateGroup: Id }, { name: string }>(
  `mutation($name: String!) { createAffiliateGroup(name: $name) { id } }`,
);
export const CREATE_COMMISSION_PLAN = gqlDocument<{ createCommissionPlan: Id }, { input: Record<string, unknown> }>(
  `mutation($input: CreateCommissionPlanInput!) { createCommissionPlan(input: $input) { id } }`,
);
/** A sale's commission with its ledger (the fields the REST specs compare). */
export const SALE_COMMISSION = gqlDocument<
  {
    sale: {
      commission: Pick<Commission, 'id' | 'saleId' | 'affiliateId' | 'rate' | 'status' | 'amount' | 'payoutBatchId' | 'paidManually' | 'entries'> | null;
    } | null;
  },
  { id: number }
>(`query($id: SafeInt!) {
  sale(id: $id) { commission { id saleId affiliateId rate status amount payoutBatchId paidManually entries { kind amount } } }
}`);
/** A payout batch of the named sales' commissions; its id. */
export const CREATE_PAYOUT_BATCH = gqlDocument<{ createPayoutBatch: Id }, { ids: number[] | null }>(
  `mutation($ids: [SafeInt!]) { createPayoutBatch(saleIds: $ids) { id } }`,
);
export const MARK_PAYOUT_BATCH_PAID = gqlDocument<{ markPayoutBatchPaid: { id: string; status: string } }, { id: string }>(
  `mutation($id: ID!) { markPayoutBatchPaid(id: $id) { id status } }`,
);
export const MARK_COMMISSION_PAID = gqlDocument<{ markCommissionPaid: { id: string; status: CommissionStatus } }, { id: number }>(
  `mutation($id: SafeInt!) { markCommissionPaid(saleId: $id) { id status } }`,
);

// ---------------------------------------------------------------------------------------------------------
// credentials and sessions

export interface ApiKey {
  id: string;
  prefix: string;
  name: string;
  programId: string;
  createdAt: DateTime;
  revokedAt: DateTime | null;
}

export const CREATE_API_KEY = gqlDocument<{ createApiKey: { key: string; apiKey: Id } }, { p: string; name: string }>(
  `mutation($p: ID!, $name: String!) { createApiKey(programId: $p, name: $name) { key apiKey { id } } }`,
);
/** The ids of a program's API keys. */
export const API_KEYS = gqlDocument<{ apiKeys: Id[] }, { p: string }>(`query($p: ID!) { apiKeys(programId: $p) { id } }`);
/** A program's API keys with every field. */
export const API_KEYS_FULL = gqlDocument<{ apiKeys: ApiKey[] }, { p: string }>(
  `query($p: ID!) { apiKeys(programId: $p) { id prefix name createdAt revokedAt programId } }`,
);
export const REVOKE_API_KEY = gqlDocument<{ revokeApiKey: Id }, { id: string }>(`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`);
export const SIGN_IN = gqlDocument<{ signIn: { token: string } }, { input: { email: string; password: string } }>(
  `mutation($input: SignInInput!) { signIn(input: $input) { token } }`,
);
/** Ends the session of the bearer. */
export const SIGN_OUT = gqlDocument<{ signOut: boolean }>(`mutation { signOut }`);

export interface Connection {
  id: string;
  programId: string;
  partner: string;
  prefix: string;
  createdAt: DateTime;
  lastUsedAt: DateTime | null;
  revokedAt: DateTime | null;
}
export const CONNECTIONS = gqlDocument<{ connections: Connection[] }, { p: string }>(
  `query($p: ID!) { connections(programId: $p) { id programId partner prefix createdAt lastUsedAt revokedAt } }`,
);
export const REVOKE_CONNECTION = gqlDocument<{ revokeConnection: Pick<Connection, 'id' | 'partner' | 'revokedAt'> }, { id: string }>(
  `mutation($id: ID!) { revokeConnection(id: $id) { id partner revokedAt } }`,
);

// ---------------------------------------------------------------------------------------------------------
// programs

/** A program's publishable key, read by its owner. */
export const PROGRAM_PUBLISHABLE_KEY = gqlDocument<{ program: { publishableKey: string } | null }, { id: string }>(
  `query($id: ID!) { program(id: $id) { publishableKey } }`,
);
export const ROTATE_PUBLISHABLE_KEY = gqlDocument<{ rotatePublishableKey: { publishableKey: string } }, { id: string }>(
  `mutation($id: ID!) { rotatePublishableKey(id: $id) { publishableKey } }`,
);

// ---------------------------------------------------------------------------------------------------------
// coupons: automatic codes for new affiliates

export const SET_AUTO_COUPON_RULE = gqlDocument<{ setAutoCouponRule: Id }, { c: string; i: Record<string, unknown> }>(
  `mutation($c: ID!, $i: AutoCouponRuleInput!) { setAutoCouponRule(couponId: $c, input: $i) { id } }`,
);
export const REMOVE_AUTO_COUPON_RULE = gqlDocument<{ removeAutoCouponRule: Id }, { c: string }>(
  `mutation($c: ID!) { removeAutoCouponRule(couponId: $c) { id } }`,
);
/** An enabled rule: AUTO + first name + 6 uppercase random characters. */
export const AUTO_COUPON_RULE_INPUT = {
  codeStructure: { firstName: true, randomChars: true },
  prefix: 'AUTO',
  randomCharsLength: 6,
  randomCharsCase: 'uppercase',
  enabled: true,
};

// ---------------------------------------------------------------------------------------------------------
// links

/** Every link's slug with the promotional codes connected to it. */
export const LINKS_WITH_CODES = gqlDocument<{ links: { nodes: { link: string; promotionalCodes: string[] }[] } }>(
  `{ links { nodes { link promotionalCodes } } }`,
);

// ---------------------------------------------------------------------------------------------------------
// events and webhooks

export interface DeliveryAttempt {
  attemptedAt: DateTime;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}
export interface Delivery {
  id: string;
  endpointId: string;
  status: string;
  attempts: number;
  nextAttemptAt: DateTime | null;
  lastAttemptAt: DateTime | null;
  lastStatus: number | null;
  lastError: string | null;
  attemptLog: DeliveryAttempt[];
}
export interface LoggedEvent {
  id: string;
  type: string;
  createdAt: DateTime;
  programId: string;
  data: Record<string, unknown>;
  deliveries: Delivery[];
}
/** The event log with every delivery and its attempts. */
export const EVENTS_WITH_ATTEMPTS = gqlDocument<
  { events: { nodes: LoggedEvent[]; pageInfo: PageInfo } },
  { after?: string | null; first?: number | null; type?: string | null }
>(`query($after: String, $first: Int, $type: String) {
  events(after: $after, first: $first, type: $type) {
    nodes { id type createdAt programId data deliveries { id endpointId status attempts nextAttemptAt lastAttemptAt lastStatus lastError
      attemptLog { attemptedAt statusCode durationMs error responseExcerpt } } }
    pageInfo { hasNextPage endCursor }
  }
}`);
