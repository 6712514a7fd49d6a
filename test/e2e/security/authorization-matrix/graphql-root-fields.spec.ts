/**
 * The authorization matrix: every GraphQL root field and every REST route, called with each kind of caller
 * (the owner's session, another user's session, the program's API key, another program's API key, the
 * program's partner token, a revoked key, nothing), over real HTTP. A refusal must be the documented one
 * (401 UNAUTHENTICATED, 403 FORBIDDEN, or NOT_FOUND for a program that is not the caller's) and must change
 * nothing; a caller of another program must never see or touch this program's data.
 *
 * What each kind may use comes from src/auth/policy.ts, whose agreement with DESIGN.md is checked in
 * test/unit/policy.spec.ts; the literal findings of the security review are asserted in findings.spec.ts.
 *
 * Here: every GraphQL root field with every kind of caller (the fixtures and credentials: test/helpers/authorization-matrix.ts).
 */
import { GRAPHQL_ROOT_FIELDS } from '../../../../src/auth/policy';
import { anonymousContext } from '../../../../src/modules/service-context';
import { createProgram } from '../../../helpers/factories';
import { uniq } from '../../../helpers/spec-client';
import {
  A,
  apiKeyGql,
  apiKeyOf,
  codesOf,
  CREDS,
  type Cred,
  digest,
  expected,
  f,
  gql,
  newAffiliate,
  newCode,
  newConnection,
  newCoupon,
  newLink,
  newReferral,
  newSale,
  newWebhook,
  secretsOfA,
  server,
  setUpMatrix,
  STRONG_PASSWORD,
  tokens,
} from '../../../helpers/authorization-matrix';

setUpMatrix();

interface GqlOp {
  /** Names data of program A (the caller of another program must be refused or shown nothing). */
  scoped: boolean;
  query: string;
  vars: (x: Record<string, any>, u: string) => Record<string, unknown>;
  /** Targets an operation consumes (a deleted record): made once per operation, before any call. */
  prepare?: () => Promise<Record<string, any>>;
  /** Tokens that replace the usual ones for this operation (signOut must not end the shared session). */
  tokens?: () => Promise<Partial<Record<Cred, string>>>;
}

const P = (x: Record<string, any>) => ({ p: x.programId ?? A.programId });
const Q = (root: string, args: string, sel: string, defs = '$p: ID') => `query(${defs}) { ${root}(${args}) ${sel} }`;
const M = (root: string, args: string, sel: string, defs: string) => `mutation(${defs}) { ${root}(${args}) ${sel} }`;

/** A new batch of one new sale's commission (an affiliate without payout details: one manual payout): its id and its payout's. */
async function newBatch(affiliateId?: string): Promise<{ id: string; payoutId: string }> {
  const s = await newSale(affiliateId);
  const made = await apiKeyGql('mutation($s: SafeInt!) { createPayoutBatch(saleIds: [$s]) { id payouts { id } } }', { s });
  return { id: made.createPayoutBatch.id, payoutId: made.createPayoutBatch.payouts[0].id };
}

const QUERIES: Record<string, GqlOp> = {
  me: { scoped: false, query: '{ me { id email } }', vars: () => ({}) },
  programs: { scoped: false, query: '{ programs { id name } }', vars: () => ({}) },
  program: { scoped: true, query: Q('program', 'id: $p', '{ id name }', '$p: ID!'), vars: P },
  apiKeys: { scoped: true, query: Q('apiKeys', 'programId: $p', '{ id prefix }', '$p: ID!'), vars: P },
  connections: { scoped: true, query: Q('connections', 'programId: $p', '{ id }', '$p: ID!'), vars: P },
  affiliate: {
    scoped: true,
    query: Q('affiliate', 'programId: $p, id: $id', '{ id email }', '$p: ID, $id: String'),
    vars: (x) => ({ ...P(x), id: f.affiliateId }),
  },
  affiliates: { scoped: true, query: Q('affiliates', 'programId: $p', '{ nodes { id email } }'), vars: P },
  links: { scoped: true, query: Q('links', 'programId: $p', '{ nodes { id link } }'), vars: P },
  referral: { scoped: true, query: Q('referral', 'programId: $p, id: $id', '{ id }', '$p: ID, $id: String!'), vars: (x) => ({ ...P(x), id: f.referralId }) },
  referrals: { scoped: true, query: Q('referrals', 'programId: $p', '{ nodes { id } }'), vars: P },
  sale: {
    scoped: true,
    query: Q('sale', 'programId: $p, id: $id', '{ id commissionEarned }', '$p: ID, $id: SafeInt!'),
    vars: (x) => ({ ...P(x), id: f.saleId }),
  },
  sales: { scoped: true, query: Q('sales', 'programId: $p', '{ nodes { id } }'), vars: P },
  commissionPlans: { scoped: true, query: Q('commissionPlans', 'programId: $p', '{ id }'), vars: P },
  affiliateGroups: { scoped: true, query: Q('affiliateGroups', 'programId: $p', '{ id }'), vars: P },
  coupon: { scoped: true, query: Q('coupon', 'programId: $p, id: $id', '{ id }', '$p: ID, $id: String'), vars: (x) => ({ ...P(x), id: f.couponId }) },
  coupons: { scoped: true, query: Q('coupons', 'programId: $p', '{ nodes { id } }'), vars: P },
  promotionalCode: {
    scoped: true,
    query: Q('promotionalCode', 'programId: $p, id: $id', '{ id code }', '$p: ID, $id: String'),
    vars: (x) => ({ ...P(x), id: f.codeId }),
  },
  promotionalCodes: { scoped: true, query: Q('promotionalCodes', 'programId: $p', '{ nodes { id } }'), vars: P },
  commissions: { scoped: true, query: Q('commissions', 'programId: $p', '{ nodes { id } }'), vars: P },
  payoutBatches: { scoped: true, query: Q('payoutBatches', 'programId: $p', '{ nodes { id } }'), vars: P },
  payoutBatch: {
    scoped: true,
    query: Q('payoutBatch', 'programId: $p, id: $id', '{ id payouts { id destination } }', '$p: ID, $id: ID!'),
    prepare: newBatch,
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  payoutBatchExport: {
    scoped: true,
    query: Q('payoutBatchExport', 'programId: $p, id: $id, format: paypal', '{ filename content }', '$p: ID, $id: ID!'),
    prepare: async () => {
      const a = await newAffiliate();
      await apiKeyGql('mutation($a: String!) { updateAffiliate(input: { affiliateId: $a, payoutMethod: paypal, payoutEmail: "pp@example.com" }) { count } }', {
        a,
      });
      return newBatch(a);
    },
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  payouts: { scoped: true, query: Q('payouts', 'programId: $p', '{ nodes { id destination } }'), vars: P },
  payout: {
    scoped: true,
    query: Q('payout', 'programId: $p, id: $id', '{ id destination }', '$p: ID, $id: ID!'),
    prepare: newBatch,
    vars: (x) => ({ ...P(x), id: x.payoutId }),
  },
  amountsOwed: { scoped: true, query: Q('amountsOwed', 'programId: $p', '{ affiliateId amount }'), vars: P },
  webhookEndpoints: { scoped: true, query: Q('webhookEndpoints', 'programId: $p', '{ id url }'), vars: P },
  events: { scoped: true, query: Q('events', 'programId: $p', '{ nodes { id type } }'), vars: P },
  webhookDeliveries: { scoped: true, query: Q('webhookDeliveries', 'programId: $p', '{ totalCount nodes { id } }'), vars: P },
  stats: { scoped: true, query: Q('stats', 'programId: $p', '{ totals { sales revenue } }'), vars: P },
  topAffiliates: { scoped: true, query: Q('topAffiliates', 'programId: $p', '{ affiliateId revenue }'), vars: P },
  billingIntegrations: { scoped: true, query: Q('billingIntegrations', 'programId: $p', '{ id webhookUrl }'), vars: P },
  billingEvents: { scoped: true, query: Q('billingEvents', 'programId: $p', '{ totalCount }'), vars: P },
};

const MUTATIONS: Record<string, GqlOp> = {
  signUp: {
    scoped: false,
    query: M('signUp', 'input: { email: $e, password: $pw, name: "New Person" }', '{ token user { id } }', '$e: String!, $pw: String!'),
    vars: (_x, u) => ({ e: `signup-${u}@example.com`, pw: STRONG_PASSWORD }),
  },
  signIn: {
    scoped: false,
    query: M('signIn', 'input: { email: $e, password: $pw }', '{ token }', '$e: String!, $pw: String!'),
    prepare: async () => {
      const email = `signin-${uniq()}@example.com`;
      const { services, orm, log } = server.runtime;
      await services.users.signUp(anonymousContext(orm.em.fork(), log), { email, password: STRONG_PASSWORD, name: 'Sign In' });
      return { email };
    },
    vars: (x) => ({ e: x.email, pw: STRONG_PASSWORD }),
  },
  signOut: {
    scoped: false,
    query: 'mutation { signOut }',
    vars: () => ({}),
    // Throw-away sessions: signing out the shared ones would break the rest of the matrix.
    tokens: async () => ({ ownerSession: (await createProgram(server)).session, otherSession: (await createProgram(server)).session }),
  },
  createProgram: { scoped: false, query: M('createProgram', 'input: { name: $n }', '{ id }', '$n: String'), vars: (_x, u) => ({ n: `Made ${u}` }) },
  updateProgram: {
    scoped: true,
    query: M('updateProgram', 'id: $p, input: { baseUrls: ["https://attacker.example/"] }', '{ id }', '$p: ID!'),
    vars: P,
  },
  rotatePublishableKey: { scoped: true, query: M('rotatePublishableKey', 'id: $p', '{ id }', '$p: ID!'), vars: P },
  createApiKey: { scoped: true, query: M('createApiKey', 'programId: $p, name: "k"', '{ key }', '$p: ID!'), vars: P },
  revokeApiKey: {
    scoped: true,
    query: M('revokeApiKey', 'id: $id', '{ id }', '$id: ID!'),
    prepare: async () => ({ id: (await apiKeyOf(A)).id }),
    vars: (x) => ({ id: x.id }),
  },
  revokeConnection: {
    scoped: true,
    query: M('revokeConnection', 'id: $id', '{ id }', '$id: ID!'),
    prepare: async () => ({ id: await newConnection() }),
    vars: (x) => ({ id: x.id }),
  },
  createAffiliate: {
    scoped: true,
    query: M('createAffiliate', 'programId: $p, input: { firstName: "N", lastName: "M", email: $e }', '{ id }', '$p: ID, $e: String!'),
    vars: (x, u) => ({ ...P(x), e: `new-${u}@example.com` }),
  },
  updateAffiliate: {
    scoped: true,
    query: M('updateAffiliate', 'programId: $p, input: { affiliateId: $id, firstName: "Changed" }', '{ count }', '$p: ID, $id: String'),
    vars: (x) => ({ ...P(x), id: f.affiliateId }),
  },
  deleteAffiliate: {
    scoped: true,
    query: M('deleteAffiliate', 'programId: $p, affiliateId: $id', '{ message }', '$p: ID, $id: String!'),
    prepare: async () => ({ id: await newAffiliate() }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  createLink: {
    scoped: true,
    query: M('createLink', 'programId: $p, input: { link: $l, affiliateId: $a }', '{ id }', '$p: ID, $l: String!, $a: String'),
    vars: (x, u) => ({ ...P(x), l: `m-${u}`, a: f.affiliateId }),
  },
  renameLink: {
    scoped: true,
    query: M('renameLink', 'programId: $p, input: { id: $id, newLink: $l }', '{ id }', '$p: ID, $id: String, $l: String!'),
    prepare: async () => ({ id: await newLink() }),
    vars: (x, u) => ({ ...P(x), id: x.id, l: `r-${u}` }),
  },
  deleteLink: {
    scoped: true,
    query: M('deleteLink', 'programId: $p, input: { id: $id }', '{ message }', '$p: ID, $id: String'),
    prepare: async () => ({ id: await newLink() }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  recordClick: {
    scoped: true,
    query: M('recordClick', 'programId: $p, input: { link: $l }', '{ id }', '$p: ID, $l: String!'),
    vars: (x) => ({ ...P(x), l: f.slug }),
  },
  // Runs only behind POST /api/v1/public/clicks: every caller of /graphql is refused.
  recordPublicClick: {
    scoped: true,
    query: M('recordPublicClick', 'input: { ref: $r }', '{ clickId }', '$r: String!'),
    vars: () => ({ r: f.slug }),
  },
  createReferral: {
    scoped: true,
    query: M(
      'createReferral',
      'programId: $p, input: { affiliateId: $a, name: "R", email: $e, referredUserExternalId: $x }',
      '{ id }',
      '$p: ID, $a: String, $e: String!, $x: String!',
    ),
    vars: (x, u) => ({ ...P(x), a: f.affiliateId, e: `cr-${u}@example.com`, x: `ext-${u}` }),
  },
  updateReferral: {
    scoped: true,
    query: M('updateReferral', 'programId: $p, input: { referralId: $id, subscriptionStatus: canceled }', '{ id }', '$p: ID, $id: String!'),
    vars: (x) => ({ ...P(x), id: f.referralId }),
  },
  deleteReferral: {
    scoped: true,
    query: M('deleteReferral', 'programId: $p, referralId: $id', '{ message }', '$p: ID, $id: String!'),
    prepare: async () => ({ id: await newReferral() }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  recordSale: {
    scoped: true,
    query: M(
      'recordSale',
      'programId: $p, input: { referralId: $r, totalEarned: 20, name: "B", email: $e }',
      '{ sale { id } }',
      '$p: ID, $r: String, $e: String',
    ),
    vars: (x, u) => ({ ...P(x), r: f.referralId, e: `rs-${u}@example.com` }),
  },
  updateSale: {
    scoped: true,
    query: M('updateSale', 'programId: $p, input: { saleId: $id, externalInvoiceId: "inv" }', '{ id }', '$p: ID, $id: SafeInt!'),
    vars: (x) => ({ ...P(x), id: f.saleId }),
  },
  refundSale: {
    scoped: true,
    query: M('refundSale', 'programId: $p, saleId: $id', '{ alreadyRefunded }', '$p: ID, $id: SafeInt!'),
    prepare: async () => ({ id: await newSale() }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  createCommissionPlan: {
    scoped: true,
    query: M('createCommissionPlan', 'programId: $p, input: { name: "P", commissionRate: 5 }', '{ id }', '$p: ID'),
    vars: P,
  },
  deleteCommissionPlan: {
    scoped: true,
    query: M('deleteCommissionPlan', 'programId: $p, id: $id', '', '$p: ID, $id: ID!'),
    prepare: async () => ({
      id: (await apiKeyGql('mutation { createCommissionPlan(input: { name: "T", commissionRate: 3 }) { id } }')).createCommissionPlan.id,
    }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  createAffiliateGroup: { scoped: true, query: M('createAffiliateGroup', 'programId: $p, name: "G"', '{ id }', '$p: ID'), vars: P },
  deleteAffiliateGroup: {
    scoped: true,
    query: M('deleteAffiliateGroup', 'programId: $p, id: $id', '', '$p: ID, $id: ID!'),
    prepare: async () => ({ id: (await apiKeyGql('mutation { createAffiliateGroup(name: "T") { id } }')).createAffiliateGroup.id }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  createCoupon: {
    scoped: true,
    query: M('createCoupon', 'programId: $p, input: { name: $n, percentOff: 10 }', '{ id }', '$p: ID, $n: String!'),
    vars: (x, u) => ({ ...P(x), n: `c-${u}` }),
  },
  updateCoupon: {
    scoped: true,
    query: M('updateCoupon', 'programId: $p, input: { couponId: $id, name: "Renamed" }', '{ id }', '$p: ID, $id: String!'),
    vars: (x) => ({ ...P(x), id: f.couponId }),
  },
  deleteCoupon: {
    scoped: true,
    query: M('deleteCoupon', 'programId: $p, couponId: $id', '{ message }', '$p: ID, $id: String!'),
    prepare: async () => ({ id: await newCoupon() }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  setAutoCouponRule: {
    scoped: true,
    query: M(
      'setAutoCouponRule',
      'programId: $p, couponId: $id, input: { codeStructure: { firstName: true, randomChars: true } }',
      '{ id }',
      '$p: ID, $id: ID!',
    ),
    vars: (x) => ({ ...P(x), id: f.couponId }),
  },
  removeAutoCouponRule: {
    scoped: true,
    query: M('removeAutoCouponRule', 'programId: $p, couponId: $id', '{ id }', '$p: ID, $id: ID!'),
    vars: (x) => ({ ...P(x), id: f.couponId }),
  },
  createPromotionalCode: {
    scoped: true,
    query: M('createPromotionalCode', 'programId: $p, input: { couponId: $c, code: $code }', '{ id }', '$p: ID, $c: String!, $code: String'),
    vars: (x, u) => ({ ...P(x), c: f.couponId, code: `PC${u.replace(/-/g, '')}` }),
  },
  updatePromotionalCode: {
    scoped: true,
    query: M('updatePromotionalCode', 'programId: $p, input: { promotionalCodeId: $id, active: false }', '{ id }', '$p: ID, $id: String!'),
    vars: (x) => ({ ...P(x), id: f.codeId }),
  },
  deletePromotionalCode: {
    scoped: true,
    query: M('deletePromotionalCode', 'programId: $p, promotionalCodeId: $id', '{ message }', '$p: ID, $id: String!'),
    prepare: async () => ({ id: await newCode() }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  createPayoutBatch: {
    scoped: true,
    query: M('createPayoutBatch', 'programId: $p, saleIds: [$s]', '{ id }', '$p: ID, $s: SafeInt!'),
    prepare: async () => ({ s: await newSale() }),
    vars: (x) => ({ ...P(x), s: x.s }),
  },
  markPayoutBatchPaid: {
    scoped: true,
    query: M('markPayoutBatchPaid', 'programId: $p, id: $id', '{ id }', '$p: ID, $id: ID!'),
    prepare: async () => {
      const s = await newSale();
      return { id: (await apiKeyGql('mutation($s: SafeInt!) { createPayoutBatch(saleIds: [$s]) { id } }', { s })).createPayoutBatch.id };
    },
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  sendPayoutBatch: {
    scoped: true,
    query: M('sendPayoutBatch', 'programId: $p, id: $id', '{ id }', '$p: ID, $id: ID!'),
    prepare: newBatch,
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  markPayoutPaid: {
    scoped: true,
    query: M('markPayoutPaid', 'programId: $p, id: $id, reference: "PP-1"', '{ id status }', '$p: ID, $id: ID!'),
    prepare: newBatch,
    vars: (x) => ({ ...P(x), id: x.payoutId }),
  },
  markPayoutFailed: {
    scoped: true,
    query: M('markPayoutFailed', 'programId: $p, id: $id, reason: "Unclaimed"', '{ id status }', '$p: ID, $id: ID!'),
    prepare: newBatch,
    vars: (x) => ({ ...P(x), id: x.payoutId }),
  },
  approveCommission: {
    scoped: true,
    query: M('approveCommission', 'programId: $p, saleId: $s', '{ id status }', '$p: ID, $s: SafeInt!'),
    prepare: async () => ({ s: await newSale() }),
    vars: (x) => ({ ...P(x), s: x.s }),
  },
  markCommissionPaid: {
    scoped: true,
    query: M('markCommissionPaid', 'programId: $p, saleId: $s', '{ id }', '$p: ID, $s: SafeInt!'),
    prepare: async () => ({ s: await newSale() }),
    vars: (x) => ({ ...P(x), s: x.s }),
  },
  createWebhookEndpoint: {
    scoped: true,
    query: M('createWebhookEndpoint', 'programId: $p, input: { url: "http://127.0.0.1:9/new" }', '{ secret }', '$p: ID'),
    vars: P,
  },
  updateWebhookEndpoint: {
    scoped: true,
    query: M('updateWebhookEndpoint', 'programId: $p, id: $id, input: { description: "changed" }', '{ id }', '$p: ID, $id: ID!'),
    vars: (x) => ({ ...P(x), id: f.webhookId }),
  },
  deleteWebhookEndpoint: {
    scoped: true,
    query: M('deleteWebhookEndpoint', 'programId: $p, id: $id', '{ id }', '$p: ID, $id: ID!'),
    prepare: async () => ({ id: await newWebhook() }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  rotateWebhookSecret: {
    scoped: true,
    query: M('rotateWebhookSecret', 'programId: $p, id: $id', '{ secret }', '$p: ID, $id: ID!'),
    vars: (x) => ({ ...P(x), id: f.webhookId }),
  },
  replayEvents: { scoped: true, query: M('replayEvents', 'programId: $p, eventId: $e', '', '$p: ID, $e: String'), vars: (x) => ({ ...P(x), e: f.eventId }) },
  createBillingIntegration: {
    scoped: true,
    query: M('createBillingIntegration', 'programId: $p, input: { provider: stripe, signingSecret: "whsec_matrix_0123456789abcdef" }', '{ id }', '$p: ID'),
    vars: P,
  },
  deleteBillingIntegration: {
    scoped: true,
    query: M('deleteBillingIntegration', 'programId: $p, id: $id', '{ id }', '$p: ID, $id: ID!'),
    prepare: async () => {
      const made = await gql(
        A.session,
        'mutation($p: ID) { createBillingIntegration(programId: $p, input: { provider: stripe, signingSecret: "whsec_matrix_prepared_0123456789" }) { id } }',
        {
          p: A.programId,
        },
      );
      return { id: made.body.data.createBillingIntegration.id };
    },
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  createAffiliatePortalLink: {
    scoped: true,
    query: M('createAffiliatePortalLink', 'programId: $p, affiliateId: $a', '{ url expiresAt }', '$p: ID, $a: String!'),
    vars: (x) => ({ ...P(x), a: f.affiliateId }),
  },
};

describe('GraphQL: every root field with every kind of caller', () => {
  const all = [
    ...Object.entries(QUERIES).map(([n, op]) => ['Query', n, op] as const),
    ...Object.entries(MUTATIONS).map(([n, op]) => ['Mutation', n, op] as const),
  ];

  test('the matrix names every root field of the schema, and nothing else', () => {
    const listed = (t: 'Query' | 'Mutation') => Object.keys(t === 'Query' ? QUERIES : MUTATIONS).sort();
    expect(listed('Query')).toEqual(Object.keys(GRAPHQL_ROOT_FIELDS.Query).sort());
    expect(listed('Mutation')).toEqual(Object.keys(GRAPHQL_ROOT_FIELDS.Mutation).sort());
  });

  test.each(all.map(([t, n, op]) => [`${t}.${n}`, t, n, op] as const))('%s', async (_label, type, name, op) => {
    const resource = GRAPHQL_ROOT_FIELDS[type][name];
    const prepared = op.prepare ? await op.prepare() : {};
    const own = { ...tokens, ...(op.tokens ? await op.tokens() : {}) };
    // A publishable key is no credential on /graphql at all (it only records clicks through REST).
    const outcomes = CREDS.map((cred) => ({ cred, want: cred === 'publishable' ? ('UNAUTHENTICATED' as const) : expected(cred, resource, op.scoped) }));
    const refusedFirst = [...outcomes.filter((o) => o.want !== 'allow'), ...outcomes.filter((o) => o.want === 'allow')];

    const before = await digest();
    let refusalsDone = false;
    for (const { cred, want } of refusedFirst) {
      if (want === 'allow' && !refusalsDone) {
        // Every refusal so far changed nothing at all.
        expect({ field: name, digest: await digest() }).toEqual({ field: name, digest: before });
        refusalsDone = true;
      }
      const programA = await digest(A.programId);
      const res = await gql(own[cred], op.query, op.vars({ ...prepared, programId: A.programId }, uniq()));
      const codes = codesOf(res);
      const label = `${type}.${name} as ${cred}`;
      if (want === 'allow') {
        expect({ label, status: res.status, codes: codes.filter((c) => c === 'UNAUTHENTICATED' || c === 'FORBIDDEN' || c === 'INTERNAL') }).toEqual({
          label,
          status: 200,
          codes: [],
        });
      } else if (cred === 'revoked' || cred === 'publishable' || cred === 'portalSession') {
        // Refused before any operation runs.
        expect({ label, status: res.status, codes }).toEqual({ label, status: 401, codes: ['UNAUTHENTICATED'] });
      } else {
        expect({ label, codes, data: res.body.data?.[name] ?? null }).toEqual({ label, codes: [want], data: null });
      }
      if (cred === 'otherSession' || cred === 'otherApiKey') {
        // Whatever a caller of another program was allowed to do, program A did not change or show.
        expect({ label, digest: await digest(A.programId) }).toEqual({ label, digest: programA });
        for (const s of secretsOfA()) expect({ label, leaked: res.text.includes(s) ? s : null }).toEqual({ label, leaked: null });
      }
    }
    if (!refusalsDone) expect(await digest()).toEqual(before);
  });
});
