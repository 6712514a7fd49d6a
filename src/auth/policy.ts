import { forbidden, unauthenticated } from '../common/errors';
import type { Actor } from './actor';

/**
 * The authorization policy, deny by default: who may call what, in one place (DESIGN.md "Tenancy and
 * credentials"). Every GraphQL root field, every GraphQL field that reaches another resource, every REST
 * route and every other HTTP route has an entry here; `test/unit/policy.spec.ts` fails when one is missing,
 * and `applyPolicy` refuses to build a schema with an unlisted root field. Which program a call acts on is
 * decided after this, by the services (`ProgramService.requireProgram`): a credential never leaves its
 * program, a session never leaves its user's programs.
 */

/** Who is calling: no credential, a dashboard session, a program API key, an OAuth partner token. */
export type Caller = Actor['kind'];

export const RESOURCES = {
  /** Sign-up and sign-in: the way to get a credential. */
  public: ['anonymous', 'session', 'apiKey', 'oauth'],
  /** The signed-in user: `me`, `signOut`. */
  users: ['session'],
  /** Creating programs and changing their settings (base URLs decide where every click redirects). */
  programAdmin: ['session'],
  /** A program's `id`, `name`, `domain` and `logoUrl`. */
  programProfile: ['session', 'apiKey', 'oauth'],
  /** The rest of a program's settings, read-only (currency, base URLs, rates, limits). */
  programSettings: ['session', 'apiKey'],
  apiKeys: ['session'],
  /** OAuth partner connections (connected apps). */
  connections: ['session'],
  affiliates: ['session', 'apiKey', 'oauth'],
  links: ['session', 'apiKey', 'oauth'],
  referrals: ['session', 'apiKey', 'oauth'],
  sales: ['session', 'apiKey', 'oauth'],
  /** Commission plans and affiliate groups. */
  commissionPlans: ['session', 'apiKey'],
  coupons: ['session', 'apiKey'],
  promotionalCodes: ['session', 'apiKey'],
  /** Commissions as payables, payout batches. */
  payouts: ['session', 'apiKey'],
  webhooks: ['session', 'apiKey'],
  events: ['session', 'apiKey'],
} as const satisfies Record<string, readonly Caller[]>;

export type Resource = keyof typeof RESOURCES;

/** GraphQL root fields → the resource whose rule applies. */
export const GRAPHQL_ROOT_FIELDS: Record<'Query' | 'Mutation', Record<string, Resource>> = {
  Query: {
    me: 'users',
    programs: 'programProfile',
    program: 'programProfile',
    apiKeys: 'apiKeys',
    connections: 'connections',
    affiliate: 'affiliates',
    affiliates: 'affiliates',
    links: 'links',
    referral: 'referrals',
    referrals: 'referrals',
    sale: 'sales',
    sales: 'sales',
    commissionPlans: 'commissionPlans',
    affiliateGroups: 'commissionPlans',
    coupon: 'coupons',
    coupons: 'coupons',
    promotionalCode: 'promotionalCodes',
    promotionalCodes: 'promotionalCodes',
    commissions: 'payouts',
    payoutBatches: 'payouts',
    webhookEndpoints: 'webhooks',
    events: 'events',
  },
  Mutation: {
    signUp: 'public',
    signIn: 'public',
    signOut: 'users',
    createProgram: 'programAdmin',
    updateProgram: 'programAdmin',
    createApiKey: 'apiKeys',
    revokeApiKey: 'apiKeys',
    revokeConnection: 'connections',
    createAffiliate: 'affiliates',
    updateAffiliate: 'affiliates',
    deleteAffiliate: 'affiliates',
    createLink: 'links',
    renameLink: 'links',
    deleteLink: 'links',
    recordClick: 'links',
    createReferral: 'referrals',
    updateReferral: 'referrals',
    deleteReferral: 'referrals',
    recordSale: 'sales',
    updateSale: 'sales',
    refundSale: 'sales',
    createCommissionPlan: 'commissionPlans',
    deleteCommissionPlan: 'commissionPlans',
    createAffiliateGroup: 'commissionPlans',
    deleteAffiliateGroup: 'commissionPlans',
    createCoupon: 'coupons',
    updateCoupon: 'coupons',
    deleteCoupon: 'coupons',
    setAutoCouponRule: 'coupons',
    removeAutoCouponRule: 'coupons',
    createPromotionalCode: 'promotionalCodes',
    updatePromotionalCode: 'promotionalCodes',
    deletePromotionalCode: 'promotionalCodes',
    createPayoutBatch: 'payouts',
    markPayoutBatchPaid: 'payouts',
    markCommissionPaid: 'payouts',
    createWebhookEndpoint: 'webhooks',
    updateWebhookEndpoint: 'webhooks',
    deleteWebhookEndpoint: 'webhooks',
    rotateWebhookSecret: 'webhooks',
    replayEvents: 'events',
  },
};

/**
 * The resource each GraphQL object type holds; `null` for wrappers (connections, edges, payloads, value
 * objects) that carry whatever the field that returned them carries. A new type must be classified here.
 */
export const GRAPHQL_TYPES: Record<string, Resource | null> = {
  User: 'users',
  Program: 'programProfile',
  ApiKey: 'apiKeys',
  Connection: 'connections',
  Affiliate: 'affiliates',
  Link: 'links',
  Click: 'links',
  Referral: 'referrals',
  Sale: 'sales',
  CommissionPlan: 'commissionPlans',
  AffiliateGroup: 'commissionPlans',
  Coupon: 'coupons',
  AutoCouponRule: 'coupons',
  PromotionalCode: 'promotionalCodes',
  Commission: 'payouts',
  PayoutBatch: 'payouts',
  WebhookEndpoint: 'webhooks',
  Event: 'events',
  WebhookDelivery: 'events',
  WebhookAttempt: 'events',
  AuthPayload: null,
  CreateApiKeyPayload: null,
  AffiliateConnection: null,
  AffiliateEdge: null,
  LinkConnection: null,
  LinkEdge: null,
  ReferralConnection: null,
  ReferralEdge: null,
  SaleConnection: null,
  SaleEdge: null,
  CommissionConnection: null,
  CommissionEdge: null,
  CouponConnection: null,
  CouponEdge: null,
  PromotionalCodeConnection: null,
  PromotionalCodeEdge: null,
  PageInfo: null,
  EventLogPage: null,
  FullUrl: null,
  CodeStructure: null,
  CommissionEntry: null,
  UpdateCountPayload: null,
  RecordSalePayload: null,
  RefundSalePayload: null,
  DeleteAffiliatePayload: null,
  DeleteCouponPayload: null,
  DeleteLinkPayload: null,
  DeletePromotionalCodePayload: null,
  DeleteReferralPayload: null,
  DeletedAffiliateRef: null,
  DeletedCodeRef: null,
  DeletedCouponRef: null,
  DeletedLinkRef: null,
  DeletedReferralRef: null,
  DeletedWebhookEndpoint: null,
  WebhookEndpointWithSecret: null,
};

/**
 * Fields that reach another resource than their parent's: the resource whose rule applies, or 'inherit' where
 * the data belongs to what reached it (the signed-in user of a sign-in, a sale's own commission).
 */
export const GRAPHQL_FIELDS: Record<string, Resource | 'inherit'> = {
  'AuthPayload.user': 'inherit',
  'Affiliate.links': 'links',
  'Link.affiliate': 'affiliates',
  // The codes connected to a link are promotional-code data, though only their strings travel.
  'Link.promotionalCodes': 'promotionalCodes',
  'Referral.affiliate': 'affiliates',
  'Sale.affiliate': 'affiliates',
  // A commission is part of its sale's data (DESIGN.md, partner subscriptions): readable with the sale.
  'Sale.commission': 'inherit',
  'Coupon.promotionalCodes': 'promotionalCodes',
  'PromotionalCode.coupon': 'coupons',
  'PromotionalCode.affiliate': 'affiliates',
};

/**
 * Types readable field by field: only the `open` fields follow the type's resource, every other field (a new
 * one included) follows `rest`.
 */
export const GRAPHQL_FIELD_SETS: Record<string, { open: readonly string[]; rest: Resource }> = {
  Program: { open: ['id', 'name', 'domain', 'logoUrl'], rest: 'programSettings' },
};

/** Credentials the REST API accepts: it is scoped to one program per token (spec 1), so never a session. */
export const REST_CALLERS: readonly Caller[] = ['apiKey', 'oauth'];

/** REST routes under /api/v1 (`METHOD /path`) → the resource whose rule applies. */
export const REST_ROUTES: Record<string, Resource> = {
  'GET /affiliates': 'affiliates',
  'POST /affiliates': 'affiliates',
  'PUT /affiliates': 'affiliates',
  'DELETE /affiliates': 'affiliates',
  'GET /referrals': 'referrals',
  'POST /referrals': 'referrals',
  'PUT /referrals': 'referrals',
  'DELETE /referrals': 'referrals',
  'GET /links': 'links',
  'POST /links': 'links',
  'PUT /links': 'links',
  'DELETE /links': 'links',
  'POST /clicks': 'links',
  'GET /coupons': 'coupons',
  'POST /coupons': 'coupons',
  'PUT /coupons': 'coupons',
  'DELETE /coupons': 'coupons',
  'GET /promotional-codes': 'promotionalCodes',
  'POST /promotional-codes': 'promotionalCodes',
  'PUT /promotional-codes': 'promotionalCodes',
  'DELETE /promotional-codes': 'promotionalCodes',
  'GET /sales': 'sales',
  'POST /sales': 'sales',
  'PUT /sales': 'sales',
  'PATCH /sales': 'sales',
  'GET /webhooks': 'webhooks',
  'POST /webhooks': 'webhooks',
  'PUT /webhooks': 'webhooks',
  'DELETE /webhooks': 'webhooks',
  'POST /webhooks/rotate-secret': 'webhooks',
  'GET /events': 'events',
  'POST /events/replay': 'events',
};

/**
 * Every other HTTP route of the server and what admits a caller there; each route's handler enforces it
 * (`test/unit/policy.spec.ts` walks the Express app and fails on a route missing here).
 * - public: anyone; throttled per client address where it costs us something (clicks, sign-in, tokens).
 * - bearer: the credential decides per operation (GraphQL root fields, REST_ROUTES above).
 * - sessionCookie: a dashboard session cookie, CSRF token on every POST; only the user's own programs.
 * - partnerClient: an OAuth partner's client credentials and a code it was given.
 * - operator: `Authorization: Bearer <METRICS_TOKEN>` when that is configured, else public (scrapers on a
 *   private network).
 */
export const HTTP_ROUTES: Record<string, 'public' | 'bearer' | 'sessionCookie' | 'partnerClient' | 'operator'> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'operator',
  'GET /': 'public',
  'GET /r/:slug': 'public',
  'GET /r/:programId/:slug': 'public',
  'POST /api/:partner/token': 'partnerClient',
  'GET /login': 'public',
  'POST /login': 'public',
  'POST /logout': 'sessionCookie',
  'GET /dashboard': 'sessionCookie',
  'GET /dashboard/programs/:programId': 'sessionCookie',
  'POST /dashboard/programs/:programId/api-keys': 'sessionCookie',
  'POST /dashboard/programs/:programId/api-keys/:keyId/revoke': 'sessionCookie',
  'POST /dashboard/programs/:programId/connections/:connectionId/revoke': 'sessionCookie',
  'GET /connect/:partner/choose-affiliate-program': 'sessionCookie',
  'POST /connect/:partner/choose-affiliate-program': 'sessionCookie',
  'GET /api/v1/openapi.json': 'public',
  '* /graphql': 'bearer',
};

const CALLER_NAMES: Record<Caller, string> = { anonymous: 'an anonymous caller', session: 'a dashboard session', apiKey: 'an API key', oauth: 'a partner token' };

/** May this caller use this resource? */
export function mayUse(caller: Caller, resource: Resource): boolean {
  return (RESOURCES[resource] as readonly Caller[]).includes(caller);
}

/** Throws UNAUTHENTICATED (no credential) or FORBIDDEN (a credential outside its scope) unless allowed. */
export function authorize(actor: Actor, resource: Resource): void {
  if (mayUse(actor.kind, resource)) return;
  if (actor.kind === 'anonymous') throw unauthenticated();
  throw forbidden(`${capitalize(CALLER_NAMES[actor.kind])} may not use ${describe(resource)}`);
}

const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);

const RESOURCE_NAMES: Partial<Record<Resource, string>> = {
  programAdmin: 'program settings (change)',
  programSettings: 'program settings',
  programProfile: 'programs',
  apiKeys: 'API keys',
  promotionalCodes: 'promotional codes',
  commissionPlans: 'commission plans and affiliate groups',
  users: 'user accounts',
};

function describe(resource: Resource): string {
  return RESOURCE_NAMES[resource] ?? resource;
}
