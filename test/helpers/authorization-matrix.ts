/**
 * The authorization matrix (test/e2e/security/authorization-matrix): one test server with two programs, A and B, and
 * a credential of every kind (the owner's session, another user's session, A's API key, B's API key, A's partner
 * token, A's publishable key, an affiliate's portal session, a revoked key, nothing); program A's fixtures (`f`), the operations' helpers, and the outcome the policy
 * and tenancy call for. `setUpMatrix()` starts it all before a spec file's tests and stops it after them.
 */
import { Client } from 'pg';
import { mayUse, type Resource } from '../../src/auth/policy';
import { createAffiliate, createPartnerToken, createProgram, type ProgramFixture } from './factories';
import { uniq } from './spec-client';
import { dataDigest } from './db-digest';
import type { ApiResponse } from './server';
import { useTestServer, type HarnessServer } from './harness';
import { API_KEYS, REVOKE_API_KEY } from './graphql-documents';

export type Cred = 'none' | 'revoked' | 'ownerSession' | 'otherSession' | 'apiKey' | 'otherApiKey' | 'partner' | 'publishable' | 'portalSession';
export const CREDS: Cred[] = ['none', 'revoked', 'ownerSession', 'otherSession', 'apiKey', 'otherApiKey', 'partner', 'publishable', 'portalSession'];
export type Outcome = 'allow' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND';

export let server: HarnessServer;
let db: Client;
export let A: ProgramFixture;
export let B: ProgramFixture;
export const tokens = {} as Record<Cred, string | undefined>;
/** Program A's fixtures. */
export const f = {} as Record<string, any>;

export const STRONG_PASSWORD = 'matrix-Passphrase-2026!';

export async function gql(token: string | undefined, query: string, variables: Record<string, unknown> = {}) {
  return server.graphql(query, variables, token);
}
export async function apiKeyGql(query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(A.key, query, variables);
  if (res.body.errors) throw new Error(`fixture failed: ${JSON.stringify(res.body.errors)}`);
  return res.body.data;
}
export const api = (token: string | undefined, method: string, path: string, body?: Record<string, unknown>, query?: Record<string, string>) =>
  server.api(method, path, { token, body, query });
export async function rest(method: string, path: string, body?: Record<string, unknown>, query?: Record<string, string>) {
  const res = await api(A.key, method, path, body, query);
  if (res.status !== 200) throw new Error(`fixture ${method} ${path} failed: ${res.status} ${res.text}`);
  return res.body;
}

export const digest = (programId?: string) => dataDigest(db, programId);

/** Strings of program A that a caller of another program must never be shown. */
export const secretsOfA = () =>
  [A.programId, f.affiliateId, f.affiliateEmail, f.linkId, f.referralId, f.couponId, f.codeId, f.webhookId, f.apiKeyId].filter(Boolean) as string[];

async function fixtures() {
  A = await createProgram(server, { readsPerMinute: 100_000, writesPerMinute: 100_000 });
  B = await createProgram(server, { readsPerMinute: 100_000, writesPerMinute: 100_000 });
  tokens.ownerSession = A.session;
  tokens.otherSession = B.session;
  tokens.apiKey = A.key;
  tokens.otherApiKey = B.key;
  tokens.partner = await createPartnerToken(server, A);
  // Public (it is in the merchant's pages): as a bearer it opens the tracker's click route only.
  tokens.publishable = A.publishableKey;
  const revoked = await apiKeyOf(A);
  await gql(A.session, REVOKE_API_KEY, { id: revoked.id });
  tokens.revoked = revoked.key;
  tokens.none = undefined;

  const aff = await createAffiliate(server, A.key);
  f.affiliateId = aff.id;
  f.affiliateEmail = aff.email;
  f.slug = aff.affiliateLinks[0];
  // The affiliate signed in to its portal (by an embedding link): the session's token, as a bearer, opens nothing.
  const portalLink = await api(A.key, 'POST', '/affiliate-portal-links', { affiliateId: f.affiliateId });
  const signedIn = await fetch(portalLink.body.url, { redirect: 'manual' });
  tokens.portalSession = /portal_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')![1];
  f.linkId = (await rest('GET', '/links', undefined, { link: f.slug }))[0].id;
  f.referralId = (
    await rest('POST', '/referrals', {
      affiliateId: f.affiliateId,
      name: 'Ref Erred',
      email: `ref-${uniq()}@example.com`,
      referredUserExternalId: `u-${uniq()}`,
    })
  ).id;
  f.couponId = (await rest('POST', '/coupons', { name: `Coupon ${uniq()}`, percentOff: 10 })).id;
  f.code = `CODE${uniq().replace(/-/g, '')}`.toUpperCase();
  f.codeId = (await rest('POST', '/promotional-codes', { couponId: f.couponId, code: f.code, affiliateId: f.affiliateId })).id;
  await server.runtime.jobs.runOnce(); // connects the assigned code to the affiliate's links
  f.saleId = (await rest('POST', '/sales', { referralId: f.referralId, totalEarned: 100, name: 'Buyer', email: `buyer-${uniq()}@example.com` })).id;
  f.planId = (
    await apiKeyGql('mutation($i: CreateCommissionPlanInput!) { createCommissionPlan(input: $i) { id } }', { i: { name: 'Plan', commissionRate: 12 } })
  ).createCommissionPlan.id;
  f.groupId = (await apiKeyGql('mutation { createAffiliateGroup(name: "Group") { id } }')).createAffiliateGroup.id;
  f.webhookId = (await rest('POST', '/webhooks', { url: 'http://127.0.0.1:9/hooks' })).id;
  f.eventId = (await rest('GET', '/events', undefined, { limit: '1' }))[0].id;
  f.apiKeyId = (await gql(A.session, API_KEYS, { p: A.programId })).body.data.apiKeys[0].id;
}

export async function apiKeyOf(p: ProgramFixture) {
  const res = await gql(p.session, 'mutation($p: ID!) { createApiKey(programId: $p, name: "extra") { key apiKey { id } } }', { p: p.programId });
  return { key: res.body.data.createApiKey.key as string, id: res.body.data.createApiKey.apiKey.id as string };
}
export const newAffiliate = async () => (await createAffiliate(server, A.key)).id as string;
export const newLink = async () => (await rest('POST', '/links', { link: `l-${uniq()}`, affiliateId: f.affiliateId })).id as string;
export const newReferral = async () =>
  (await rest('POST', '/referrals', { affiliateId: f.affiliateId, name: 'R', email: `r-${uniq()}@example.com`, referredUserExternalId: `x-${uniq()}` }))
    .id as string;
/** A sale credited to the fixture's referral, or to `referralId` (an affiliate id credits that affiliate). */
export const newSale = async (referralId: string = f.referralId) =>
  (await rest('POST', '/sales', { referralId, totalEarned: 50, name: 'B', email: `b-${uniq()}@example.com` })).id as number;
export const newCoupon = async () => (await rest('POST', '/coupons', { name: `C ${uniq()}`, percentOff: 5 })).id as string;
export const newCode = async () => (await rest('POST', '/promotional-codes', { couponId: f.couponId, code: `X${uniq().replace(/-/g, '')}` })).id as string;
export const newWebhook = async () => (await rest('POST', '/webhooks', { url: 'http://127.0.0.1:9/other' })).id as string;
export const newConnection = async () => {
  await createPartnerToken(server, A);
  const res = await gql(A.session, 'query($p: ID!) { connections(programId: $p) { id } }', { p: A.programId });
  return res.body.data.connections[0].id as string;
};

/** The outcome the policy and tenancy call for. */
export function expected(cred: Cred, resource: Resource, scoped: boolean): Outcome {
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
    case 'publishable':
      // Not a credential anywhere else: refused like an unknown one.
      return mayUse('publishableKey', resource) ? 'allow' : 'UNAUTHENTICATED';
    case 'portalSession':
      // A portal session is a credential of the portal's pages only: the APIs know no such bearer.
      return 'UNAUTHENTICATED';
  }
}

export const codesOf = (res: ApiResponse) => ((res.body?.errors ?? []) as Array<{ extensions?: { code?: string } }>).map((e) => e.extensions?.code);

/** Starts the server, its database connection and the fixtures before the file's tests; stops them after. */
export function setUpMatrix(): void {
  server = useTestServer();
  server.beforeClose(() => db?.end());
  beforeAll(async () => {
    db = new Client({ connectionString: server.runtime.orm.config.get('clientUrl') as string });
    await db.connect();
    await fixtures();
  }, 120_000);
}
