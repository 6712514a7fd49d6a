/**
 * The authorization matrix: every GraphQL root field and every REST route, called with each kind of caller
 * (the owner's session, another user's session, the program's API key, another program's API key, the
 * program's partner token, a revoked key, nothing), over real HTTP. A refusal must be the documented one
 * (401 UNAUTHENTICATED, 403 FORBIDDEN, or NOT_FOUND for a program that is not the caller's) and must change
 * nothing; a caller of another program must never see or touch this program's data.
 *
 * What each kind may use comes from src/auth/policy.ts, whose agreement with DESIGN.md is checked in
 * test/unit/policy.spec.ts; the literal findings of the security review are asserted in findings.spec.ts.
 */
import { Client } from 'pg';
import { mayUse, GRAPHQL_ROOT_FIELDS, HTTP_ROUTES, REST_ROUTES, type Resource } from '../../../src/auth/policy';
import { createAffiliate, createPartnerToken, createProgram, type ProgramFixture } from '../../helpers/factories';
import { uniq } from '../../helpers/spec-client';
import { dataDigest } from '../../helpers/db-digest';
import { startTestServer, type ApiResponse, type TestServer } from '../../helpers/server';

type Cred = 'none' | 'revoked' | 'ownerSession' | 'otherSession' | 'apiKey' | 'otherApiKey' | 'partner';
const CREDS: Cred[] = ['none', 'revoked', 'ownerSession', 'otherSession', 'apiKey', 'otherApiKey', 'partner'];
type Outcome = 'allow' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND';

let server: TestServer;
let db: Client;
let A: ProgramFixture;
let B: ProgramFixture;
const tokens = {} as Record<Cred, string | undefined>;
/** Program A's fixtures. */
const f = {} as Record<string, any>;

const STRONG_PASSWORD = 'matrix-Passphrase-2026!';

async function gql(token: string | undefined, query: string, variables: Record<string, unknown> = {}) {
  return server.graphql(query, variables, token);
}
async function apiKeyGql(query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(A.key, query, variables);
  if (res.body.errors) throw new Error(`fixture failed: ${JSON.stringify(res.body.errors)}`);
  return res.body.data;
}
const api = (token: string | undefined, method: string, path: string, body?: Record<string, unknown>, query?: Record<string, string>) =>
  server.api(method, path, { token, body, query });
async function rest(method: string, path: string, body?: Record<string, unknown>, query?: Record<string, string>) {
  const res = await api(A.key, method, path, body, query);
  if (res.status !== 200) throw new Error(`fixture ${method} ${path} failed: ${res.status} ${res.text}`);
  return res.body;
}

const digest = (programId?: string) => dataDigest(db, programId);

/** Strings of program A that a caller of another program must never be shown. */
const secretsOfA = () => [A.programId, f.affiliateId, f.affiliateEmail, f.linkId, f.referralId, f.couponId, f.codeId, f.webhookId, f.apiKeyId].filter(Boolean) as string[];

async function fixtures() {
  A = await createProgram(server, { readsPerMinute: 100_000, writesPerMinute: 100_000 });
  B = await createProgram(server, { readsPerMinute: 100_000, writesPerMinute: 100_000 });
  tokens.ownerSession = A.session;
  tokens.otherSession = B.session;
  tokens.apiKey = A.key;
  tokens.otherApiKey = B.key;
  tokens.partner = await createPartnerToken(server, A);
  const revoked = await apiKeyOf(A);
  await gql(A.session, 'mutation($id: ID!) { revokeApiKey(id: $id) { id } }', { id: revoked.id });
  tokens.revoked = revoked.key;
  tokens.none = undefined;

  const aff = await createAffiliate(server, A.key);
  f.affiliateId = aff.id;
  f.affiliateEmail = aff.email;
  f.slug = aff.affiliateLinks[0];
  f.linkId = (await rest('GET', '/links', undefined, { link: f.slug }))[0].id;
  f.referralId = (await rest('POST', '/referrals', { affiliateId: f.affiliateId, name: 'Ref Erred', email: `ref-${uniq()}@example.com`, referredUserExternalId: `u-${uniq()}` })).id;
  f.couponId = (await rest('POST', '/coupons', { name: `Coupon ${uniq()}`, percentOff: 10 })).id;
  f.code = `CODE${uniq().replace(/-/g, '')}`.toUpperCase();
  f.codeId = (await rest('POST', '/promotional-codes', { couponId: f.couponId, code: f.code, affiliateId: f.affiliateId })).id;
  await server.runtime.jobs.runOnce(); // connects the assigned code to the affiliate's links
  f.saleId = (await rest('POST', '/sales', { referralId: f.referralId, totalEarned: 100, name: 'Buyer', email: `buyer-${uniq()}@example.com` })).id;
  f.planId = (await apiKeyGql('mutation($i: CreateCommissionPlanInput!) { createCommissionPlan(input: $i) { id } }', { i: { name: 'Plan', commissionRate: 12 } })).createCommissionPlan.id;
  f.groupId = (await apiKeyGql('mutation { createAffiliateGroup(name: "Group") { id } }')).createAffiliateGroup.id;
  f.webhookId = (await rest('POST', '/webhooks', { url: 'http://127.0.0.1:9/hooks' })).id;
  f.eventId = (await rest('GET', '/events', undefined, { limit: '1' }))[0].id;
  f.apiKeyId = (await gql(A.session, 'query($p: ID!) { apiKeys(programId: $p) { id } }', { p: A.programId })).body.data.apiKeys[0].id;
}

async function apiKeyOf(p: ProgramFixture) {
  const res = await gql(p.session, 'mutation($p: ID!) { createApiKey(programId: $p, name: "extra") { key apiKey { id } } }', { p: p.programId });
  return { key: res.body.data.createApiKey.key as string, id: res.body.data.createApiKey.apiKey.id as string };
}
const newAffiliate = async () => (await createAffiliate(server, A.key)).id as string;
const newLink = async () => (await rest('POST', '/links', { link: `l-${uniq()}`, affiliateId: f.affiliateId })).id as string;
const newReferral = async () => (await rest('POST', '/referrals', { affiliateId: f.affiliateId, name: 'R', email: `r-${uniq()}@example.com`, referredUserExternalId: `x-${uniq()}` })).id as string;
const newSale = async () => (await rest('POST', '/sales', { referralId: f.referralId, totalEarned: 50, name: 'B', email: `b-${uniq()}@example.com` })).id as number;
const newCoupon = async () => (await rest('POST', '/coupons', { name: `C ${uniq()}`, percentOff: 5 })).id as string;
const newCode = async () => (await rest('POST', '/promotional-codes', { couponId: f.couponId, code: `X${uniq().replace(/-/g, '')}` })).id as string;
const newWebhook = async () => (await rest('POST', '/webhooks', { url: 'http://127.0.0.1:9/other' })).id as string;
const newConnection = async () => {
  await createPartnerToken(server, A);
  const res = await gql(A.session, 'query($p: ID!) { connections(programId: $p) { id } }', { p: A.programId });
  return res.body.data.connections[0].id as string;
};

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

const QUERIES: Record<string, GqlOp> = {
  me: { scoped: false, query: '{ me { id email } }', vars: () => ({}) },
  programs: { scoped: false, query: '{ programs { id name } }', vars: () => ({}) },
  program: { scoped: true, query: Q('program', 'id: $p', '{ id name }', '$p: ID!'), vars: P },
  apiKeys: { scoped: true, query: Q('apiKeys', 'programId: $p', '{ id prefix }', '$p: ID!'), vars: P },
  connections: { scoped: true, query: Q('connections', 'programId: $p', '{ id }', '$p: ID!'), vars: P },
  affiliate: { scoped: true, query: Q('affiliate', 'programId: $p, id: $id', '{ id email }', '$p: ID, $id: String'), vars: (x) => ({ ...P(x), id: f.affiliateId }) },
  affiliates: { scoped: true, query: Q('affiliates', 'programId: $p', '{ nodes { id email } }'), vars: P },
  links: { scoped: true, query: Q('links', 'programId: $p', '{ nodes { id link } }'), vars: P },
  referral: { scoped: true, query: Q('referral', 'programId: $p, id: $id', '{ id }', '$p: ID, $id: String!'), vars: (x) => ({ ...P(x), id: f.referralId }) },
  referrals: { scoped: true, query: Q('referrals', 'programId: $p', '{ nodes { id } }'), vars: P },
  sale: { scoped: true, query: Q('sale', 'programId: $p, id: $id', '{ id commissionEarned }', '$p: ID, $id: SafeInt!'), vars: (x) => ({ ...P(x), id: f.saleId }) },
  sales: { scoped: true, query: Q('sales', 'programId: $p', '{ nodes { id } }'), vars: P },
  commissionPlans: { scoped: true, query: Q('commissionPlans', 'programId: $p', '{ id }'), vars: P },
  affiliateGroups: { scoped: true, query: Q('affiliateGroups', 'programId: $p', '{ id }'), vars: P },
  coupon: { scoped: true, query: Q('coupon', 'programId: $p, id: $id', '{ id }', '$p: ID, $id: String'), vars: (x) => ({ ...P(x), id: f.couponId }) },
  coupons: { scoped: true, query: Q('coupons', 'programId: $p', '{ nodes { id } }'), vars: P },
  promotionalCode: { scoped: true, query: Q('promotionalCode', 'programId: $p, id: $id', '{ id code }', '$p: ID, $id: String'), vars: (x) => ({ ...P(x), id: f.codeId }) },
  promotionalCodes: { scoped: true, query: Q('promotionalCodes', 'programId: $p', '{ nodes { id } }'), vars: P },
  commissions: { scoped: true, query: Q('commissions', 'programId: $p', '{ nodes { id } }'), vars: P },
  payoutBatches: { scoped: true, query: Q('payoutBatches', 'programId: $p', '{ id }'), vars: P },
  webhookEndpoints: { scoped: true, query: Q('webhookEndpoints', 'programId: $p', '{ id url }'), vars: P },
  events: { scoped: true, query: Q('events', 'programId: $p', '{ nodes { id type } }'), vars: P },
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
      await server.runtime.services.users.signUp(server.runtime.orm.em.fork(), { email, password: STRONG_PASSWORD, name: 'Sign In' });
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
  createApiKey: { scoped: true, query: M('createApiKey', 'programId: $p, name: "k"', '{ key }', '$p: ID!'), vars: P },
  revokeApiKey: { scoped: true, query: M('revokeApiKey', 'id: $id', '{ id }', '$id: ID!'), prepare: async () => ({ id: (await apiKeyOf(A)).id }), vars: (x) => ({ id: x.id }) },
  revokeConnection: { scoped: true, query: M('revokeConnection', 'id: $id', '{ id }', '$id: ID!'), prepare: async () => ({ id: await newConnection() }), vars: (x) => ({ id: x.id }) },
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
  recordClick: { scoped: true, query: M('recordClick', 'programId: $p, input: { link: $l }', '{ id }', '$p: ID, $l: String!'), vars: (x) => ({ ...P(x), l: f.slug }) },
  createReferral: {
    scoped: true,
    query: M('createReferral', 'programId: $p, input: { affiliateId: $a, name: "R", email: $e, referredUserExternalId: $x }', '{ id }', '$p: ID, $a: String, $e: String!, $x: String!'),
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
    query: M('recordSale', 'programId: $p, input: { referralId: $r, totalEarned: 20, name: "B", email: $e }', '{ sale { id } }', '$p: ID, $r: String, $e: String'),
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
    prepare: async () => ({ id: (await apiKeyGql('mutation { createCommissionPlan(input: { name: "T", commissionRate: 3 }) { id } }')).createCommissionPlan.id }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  createAffiliateGroup: { scoped: true, query: M('createAffiliateGroup', 'programId: $p, name: "G"', '{ id }', '$p: ID'), vars: P },
  deleteAffiliateGroup: {
    scoped: true,
    query: M('deleteAffiliateGroup', 'programId: $p, id: $id', '', '$p: ID, $id: ID!'),
    prepare: async () => ({ id: (await apiKeyGql('mutation { createAffiliateGroup(name: "T") { id } }')).createAffiliateGroup.id }),
    vars: (x) => ({ ...P(x), id: x.id }),
  },
  createCoupon: { scoped: true, query: M('createCoupon', 'programId: $p, input: { name: $n, percentOff: 10 }', '{ id }', '$p: ID, $n: String!'), vars: (x, u) => ({ ...P(x), n: `c-${u}` }) },
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
    query: M('setAutoCouponRule', 'programId: $p, couponId: $id, input: { codeStructure: { firstName: true, randomChars: true } }', '{ id }', '$p: ID, $id: ID!'),
    vars: (x) => ({ ...P(x), id: f.couponId }),
  },
  removeAutoCouponRule: { scoped: true, query: M('removeAutoCouponRule', 'programId: $p, couponId: $id', '{ id }', '$p: ID, $id: ID!'), vars: (x) => ({ ...P(x), id: f.couponId }) },
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
  rotateWebhookSecret: { scoped: true, query: M('rotateWebhookSecret', 'programId: $p, id: $id', '{ secret }', '$p: ID, $id: ID!'), vars: (x) => ({ ...P(x), id: f.webhookId }) },
  replayEvents: { scoped: true, query: M('replayEvents', 'programId: $p, eventId: $e', '', '$p: ID, $e: String'), vars: (x) => ({ ...P(x), e: f.eventId }) },
};

/** The outcome the policy and tenancy call for. */
function expected(cred: Cred, resource: Resource, scoped: boolean): Outcome {
  switch (cred) {
    case 'none':
      return mayUse('anonymous', resource) ? 'allow' : 'UNAUTHENTICATED';
    case 'revoked':
      return 'UNAUTHENTICATED';
    case 'ownerSession':
      return mayUse('session', resource) ? 'allow' : 'FORBIDDEN';
    case 'otherSession':
      // A program the user does not own is not found (its existence is not revealed).
      return !mayUse('session', resource) ? 'FORBIDDEN' : scoped ? 'NOT_FOUND' : 'allow';
    case 'apiKey':
      return mayUse('apiKey', resource) ? 'allow' : 'FORBIDDEN';
    case 'otherApiKey':
      return !mayUse('apiKey', resource) ? 'FORBIDDEN' : scoped ? 'FORBIDDEN' : 'allow';
    case 'partner':
      return mayUse('oauth', resource) ? 'allow' : 'FORBIDDEN';
  }
}

const codesOf = (res: ApiResponse) => ((res.body?.errors ?? []) as Array<{ extensions?: { code?: string } }>).map((e) => e.extensions?.code);

beforeAll(async () => {
  server = await startTestServer();
  db = new Client({ connectionString: (server.runtime.orm.config.get('clientUrl') as string) });
  await db.connect();
  await fixtures();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await server?.close();
});

describe('GraphQL: every root field with every kind of caller', () => {
  const all = [...Object.entries(QUERIES).map(([n, op]) => ['Query', n, op] as const), ...Object.entries(MUTATIONS).map(([n, op]) => ['Mutation', n, op] as const)];

  test('the matrix names every root field of the schema, and nothing else', () => {
    const listed = (t: 'Query' | 'Mutation') => Object.keys(t === 'Query' ? QUERIES : MUTATIONS).sort();
    expect(listed('Query')).toEqual(Object.keys(GRAPHQL_ROOT_FIELDS.Query).sort());
    expect(listed('Mutation')).toEqual(Object.keys(GRAPHQL_ROOT_FIELDS.Mutation).sort());
  });

  test.each(all.map(([t, n, op]) => [`${t}.${n}`, t, n, op] as const))('%s', async (_label, type, name, op) => {
    const resource = GRAPHQL_ROOT_FIELDS[type][name];
    const prepared = op.prepare ? await op.prepare() : {};
    const own = { ...tokens, ...(op.tokens ? await op.tokens() : {}) };
    const outcomes = CREDS.map((cred) => ({ cred, want: expected(cred, resource, op.scoped) }));
    const refusedFirst = [...outcomes.filter((o) => o.want !== 'allow'), ...outcomes.filter((o) => o.want === 'allow')];

    let before = await digest();
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
        expect({ label, status: res.status, codes: codes.filter((c) => c === 'UNAUTHENTICATED' || c === 'FORBIDDEN' || c === 'INTERNAL') }).toEqual({ label, status: 200, codes: [] });
      } else if (cred === 'revoked') {
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
    before = '';
  });
});

interface RestOp {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: (x: Record<string, any>, u: string) => Record<string, unknown>;
  query?: () => Record<string, string>;
  prepare?: () => Promise<Record<string, any>>;
}

const REST_OPS: RestOp[] = [
  { method: 'GET', path: '/affiliates', query: () => ({ id: f.affiliateId }) },
  { method: 'POST', path: '/affiliates', body: (_x, u) => ({ firstName: 'A', lastName: 'B', email: `ra-${u}@example.com` }) },
  { method: 'PUT', path: '/affiliates', body: () => ({ affiliateId: f.affiliateId, firstName: 'Put' }) },
  { method: 'DELETE', path: '/affiliates', prepare: async () => ({ id: await newAffiliate() }), body: (x) => ({ affiliateId: x.id }) },
  { method: 'GET', path: '/referrals', query: () => ({ id: f.referralId }) },
  { method: 'POST', path: '/referrals', body: (_x, u) => ({ affiliateId: f.affiliateId, name: 'N', email: `rr-${u}@example.com`, referredUserExternalId: `e-${u}` }) },
  { method: 'PUT', path: '/referrals', body: () => ({ referralId: f.referralId, subscriptionStatus: 'active' }) },
  { method: 'DELETE', path: '/referrals', prepare: async () => ({ id: await newReferral() }), body: (x) => ({ referralId: x.id }) },
  { method: 'GET', path: '/links', query: () => ({ affiliateId: f.affiliateId }) },
  { method: 'POST', path: '/links', body: (_x, u) => ({ link: `rl-${u}`, affiliateId: f.affiliateId }) },
  { method: 'PUT', path: '/links', prepare: async () => ({ id: await newLink() }), body: (x, u) => ({ id: x.id, newLink: `rn-${u}` }) },
  { method: 'DELETE', path: '/links', prepare: async () => ({ id: await newLink() }), body: (x) => ({ id: x.id }) },
  { method: 'POST', path: '/clicks', body: () => ({ link: f.slug }) },
  { method: 'GET', path: '/coupons', query: () => ({ id: f.couponId }) },
  { method: 'POST', path: '/coupons', body: (_x, u) => ({ name: `rc-${u}` }) },
  { method: 'PUT', path: '/coupons', body: () => ({ couponId: f.couponId, name: 'Put coupon' }) },
  { method: 'DELETE', path: '/coupons', prepare: async () => ({ id: await newCoupon() }), body: (x) => ({ couponId: x.id }) },
  { method: 'GET', path: '/promotional-codes', query: () => ({ id: f.codeId }) },
  { method: 'POST', path: '/promotional-codes', body: (_x, u) => ({ couponId: f.couponId, code: `RP${u.replace(/-/g, '')}` }) },
  { method: 'PUT', path: '/promotional-codes', body: () => ({ promotionalCodeId: f.codeId, active: true }) },
  { method: 'DELETE', path: '/promotional-codes', prepare: async () => ({ id: await newCode() }), body: (x) => ({ promotionalCodeId: x.id }) },
  { method: 'GET', path: '/sales', query: () => ({ id: String(f.saleId) }) },
  { method: 'POST', path: '/sales', body: (_x, u) => ({ referralId: f.referralId, totalEarned: 30, name: 'S', email: `rs-${u}@example.com` }) },
  { method: 'PUT', path: '/sales', body: () => ({ saleId: f.saleId, externalInvoiceId: 'inv-put' }) },
  { method: 'PATCH', path: '/sales', prepare: async () => ({ id: await newSale() }), body: (x) => ({ saleId: x.id }) },
  { method: 'GET', path: '/webhooks' },
  { method: 'POST', path: '/webhooks', body: () => ({ url: 'http://127.0.0.1:9/rest' }) },
  { method: 'PUT', path: '/webhooks', body: () => ({ id: f.webhookId, description: 'put' }) },
  { method: 'DELETE', path: '/webhooks', prepare: async () => ({ id: await newWebhook() }), body: (x) => ({ id: x.id }) },
  { method: 'POST', path: '/webhooks/rotate-secret', body: () => ({ id: f.webhookId }) },
  { method: 'GET', path: '/events' },
  { method: 'POST', path: '/events/replay', body: () => ({ eventId: f.eventId }) },
];

describe('REST: every route with every kind of caller', () => {
  test('the matrix names every route of the policy', () => {
    expect(REST_OPS.map((o) => `${o.method} ${o.path}`).sort()).toEqual(Object.keys(REST_ROUTES).sort());
  });

  test.each(REST_OPS.map((o) => [`${o.method} ${o.path}`, o] as const))('%s', async (key, op) => {
    const resource = REST_ROUTES[key];
    const prepared = op.prepare ? await op.prepare() : {};
    const restExpected = (cred: Cred): Outcome =>
      cred === 'none' || cred === 'revoked' ? 'UNAUTHENTICATED' : cred === 'ownerSession' || cred === 'otherSession' ? 'FORBIDDEN' : expected(cred, resource, false);
    const order = [...CREDS.filter((c) => restExpected(c) !== 'allow'), ...CREDS.filter((c) => restExpected(c) === 'allow')];
    const before = await digest();
    let checked = false;
    for (const cred of order) {
      const want = restExpected(cred);
      if (want === 'allow' && !checked) {
        expect({ key, digest: await digest() }).toEqual({ key, digest: before });
        checked = true;
      }
      const programA = await digest(A.programId);
      const res = await api(tokens[cred], op.method, op.path, op.body?.(prepared, uniq()), op.query?.());
      const label = `${key} as ${cred}`;
      if (want === 'allow') {
        expect({ label, refused: [401, 403].includes(res.status) || res.status >= 500 ? res.status : null }).toEqual({ label, refused: null });
      } else {
        const status = want === 'UNAUTHENTICATED' ? 401 : 403;
        expect({ label, status: res.status, code: res.body?.code }).toEqual({ label, status, code: want });
      }
      if (cred === 'otherApiKey') {
        expect({ label, digest: await digest(A.programId) }).toEqual({ label, digest: programA });
        for (const s of secretsOfA()) expect({ label, leaked: res.text.includes(s) ? s : null }).toEqual({ label, leaked: null });
      }
    }
    if (!checked) expect(await digest()).toEqual(before);
  });
});

describe('fields that reach another resource follow that resource', () => {
  test('a partner token reads links but not the promotional codes connected to them', async () => {
    const ok = await gql(tokens.partner, '{ links { nodes { id link affiliate { id } } } }');
    expect(ok.body.errors).toBeUndefined();
    const codes = await gql(tokens.partner, '{ links { nodes { id promotionalCodes } } }');
    expect(codesOf(codes)).toContain('FORBIDDEN');
    expect(codes.text).not.toContain(f.code);
    const withKey = await gql(A.key, '{ links { nodes { id promotionalCodes } } }');
    expect(withKey.body.errors).toBeUndefined();
    expect(withKey.text).toContain(f.code);
  });

  test("a partner token reads the program's id, name, domain and logoUrl, and no other setting", async () => {
    const ok = await gql(tokens.partner, '{ programs { id name domain logoUrl } }');
    expect(ok.body).toEqual({ data: { programs: [{ id: A.programId, name: expect.any(String), domain: null, logoUrl: null }] } });
    for (const field of ['baseUrls', 'currency', 'readsPerMinute', 'defaultCommissionRate']) {
      const res = await gql(tokens.partner, `{ programs { id ${field} } }`);
      expect({ field, codes: codesOf(res) }).toEqual({ field, codes: ['FORBIDDEN'] });
      expect(res.text).not.toContain('shop.example.com');
    }
    const key = await gql(A.key, '{ programs { id baseUrls currency } }');
    expect(key.body.errors).toBeUndefined();
  });

  test("a partner token reads a sale's commission (part of the sale), not commissions as payables", async () => {
    const ok = await gql(tokens.partner, `{ sales { nodes { id commission { id amount status } affiliate { id } } } }`);
    expect(ok.body.errors).toBeUndefined();
    expect(codesOf(await gql(tokens.partner, '{ commissions { nodes { id } } }'))).toEqual(['FORBIDDEN']);
  });

  test("a coupon's codes and a code's coupon follow the codes' and the coupon's rules", async () => {
    const res = await gql(A.key, `{ coupons { nodes { id promotionalCodes { id coupon { id } affiliate { id } } } } }`);
    expect(res.body.errors).toBeUndefined();
    expect(res.text).toContain(f.codeId);
  });
});

describe('every HTTP route of the server is in the policy', () => {
  test('walking the Express app finds no route without an entry', async () => {
    const found = new Set<string>();
    const walk = (stack: any[], prefix: string) => {
      for (const layer of stack) {
        const raw = typeof layer.rawPath === 'string' ? layer.rawPath : '';
        if (layer.route) {
          for (const m of Object.keys(layer.route.methods)) if (m !== '_all') found.add(`${m.toUpperCase()} ${prefix}${layer.route.path}`.replace(/(\S)\/$/, '$1'));
        } else if (layer.handle?.stack) {
          walk(layer.handle.stack, prefix + (raw === '/' ? '' : raw));
        } else if (raw && raw !== '/') {
          // Middleware mounted on a path of its own answers requests there (Apollo on /graphql): any method.
          found.add(`* ${prefix}${raw}`);
        }
      }
    };
    walk((server.runtime.app as any).router.stack, '');
    const apiRoutes = new Set(Object.keys(REST_ROUTES).map((k) => k.replace(' ', ' /api/v1')));
    const unlisted = [...found].filter((r) => !(r in HTTP_ROUTES) && !apiRoutes.has(r));
    expect(unlisted).toEqual([]);
    const stale = Object.keys(HTTP_ROUTES).filter((r) => !found.has(r));
    expect(stale).toEqual([]);
  });
});

describe("the review's finding 1, literally", () => {
  test('a partner token cannot change where the program\'s clicks redirect, nor mint or list API keys, nor read connections', async () => {
    const baseUrls = async () => (await gql(A.session, 'query($p: ID!) { program(id: $p) { baseUrls } }', { p: A.programId })).body.data.program.baseUrls as string[];
    await gql(A.session, 'mutation($p: ID!) { updateProgram(id: $p, input: { baseUrls: ["https://shop.example.com/"] }) { id } }', { p: A.programId });
    const update = await gql(tokens.partner, 'mutation($p: ID!) { updateProgram(id: $p, input: { baseUrls: ["https://attacker.example/"] }) { id } }', { p: A.programId });
    expect(codesOf(update)).toEqual(['FORBIDDEN']);
    expect(await baseUrls()).toEqual(['https://shop.example.com/']);
    const click = await fetch(`${server.url}/r/${A.programId}/${f.slug}`, { redirect: 'manual', headers: { 'user-agent': `finding-1-${uniq()}` } });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toMatch(/^https:\/\/shop\.example\.com\//);
    const before = await digest();
    for (const q of ['query($p: ID!) { apiKeys(programId: $p) { id } }', 'mutation($p: ID!) { createApiKey(programId: $p, name: "x") { key } }', 'query($p: ID!) { connections(programId: $p) { id } }']) {
      expect({ q, codes: codesOf(await gql(tokens.partner, q, { p: A.programId })) }).toEqual({ q, codes: ['FORBIDDEN'] });
    }
    expect(await digest()).toBe(before);
  });

  test('an API key cannot change program settings nor create or revoke API keys', async () => {
    const before = await digest();
    expect(codesOf(await gql(A.key, 'mutation($p: ID!) { updateProgram(id: $p, input: { baseUrls: ["https://attacker.example/"] }) { id } }', { p: A.programId }))).toEqual(['FORBIDDEN']);
    expect(codesOf(await gql(A.key, 'mutation($p: ID!) { createApiKey(programId: $p, name: "x") { key } }', { p: A.programId }))).toEqual(['FORBIDDEN']);
    expect(codesOf(await gql(A.key, 'mutation($id: ID!) { revokeApiKey(id: $id) { id } }', { id: f.apiKeyId }))).toEqual(['FORBIDDEN']);
    expect(await digest()).toBe(before);
    expect((await api(A.key, 'GET', '/affiliates', undefined, { id: f.affiliateId })).status).toBe(200);
  });

  test.each(['/coupons', '/promotional-codes', '/events', '/webhooks'])('REST %s with a partner token: 403 FORBIDDEN', async (path) => {
    const res = await api(tokens.partner, 'GET', path);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
  });
});
