import type { Caller, Resource } from './policy-resources';

/**
 * Credentials the REST API accepts: it is scoped to one program per token (spec 1), so never a session. The
 * routes whose resource admits publishable keys (POST /public/clicks) take that key instead, and no other.
 */
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
  // From visitors' browsers on the program's site (tracker.js): the publishable key, CORS for the base URLs' origins.
  'POST /public/clicks': 'publicClicks',
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
  'GET /program': 'programProfile',
  'GET /webhooks': 'webhookSubscriptions',
  'POST /webhooks': 'webhookSubscriptions',
  'PUT /webhooks': 'webhooks',
  'DELETE /webhooks': 'webhookSubscriptions',
  'POST /webhooks/rotate-secret': 'webhooks',
  'GET /events': 'events',
  'POST /events/replay': 'events',
  'GET /stats': 'stats',
  'GET /stats/top-affiliates': 'stats',
  'POST /affiliate-portal-links': 'portalLinks',
  'GET /payout-batches': 'payouts',
  'POST /payout-batches': 'payouts',
  'GET /payout-batches/{id}': 'payouts',
  'GET /payout-batches/{id}/export': 'payouts',
  'POST /payout-batches/{id}/send': 'payouts',
  'POST /payout-batches/{id}/mark-paid': 'payouts',
  'GET /payouts': 'payouts',
  'POST /payouts/{id}/mark-paid': 'payouts',
  'POST /payouts/{id}/mark-failed': 'payouts',
};

/**
 * Every other HTTP route of the server and what admits a caller there; each route's handler enforces it
 * (`test/unit/policy.spec.ts` walks the Express app and fails on a route missing here).
 * - public: anyone; throttled per client address where it costs us something (clicks, sign-in, tokens).
 * - bearer: the credential decides per operation (GraphQL root fields, REST_ROUTES above).
 * - sessionCookie: a dashboard session cookie, CSRF token on every POST; only the user's own programs.
 * - partnerClient: an OAuth partner's client credentials and a code it was given.
 * - signedDelivery: a billing provider's delivery, signed with the integration's secret over the raw body.
 * - operator: `Authorization: Bearer <METRICS_TOKEN>` when that is configured, else public (scrapers on a
 *   private network).
 * - portalEntry: anyone on an enabled program's portal (resource `portalEntry`); applications are throttled per
 *   client address, sign-in links per email.
 * - portalSession: an affiliate's portal session cookie (resource `portal`), the page's CSRF token on every POST;
 *   only the affiliate's own rows.
 */
export const HTTP_ROUTES: Record<
  string,
  'public' | 'bearer' | 'sessionCookie' | 'partnerClient' | 'signedDelivery' | 'operator' | 'portalEntry' | 'portalSession'
> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'operator',
  'GET /': 'public',
  'GET /r/:slug': 'public',
  'GET /r/:programId/:slug': 'public',
  'GET /tracker.js': 'public',
  'POST /api/:partner/token': 'partnerClient',
  'POST /integrations/stripe/:id': 'signedDelivery',
  'GET /.well-known/oauth-authorization-server/:partner': 'public',
  'GET /login': 'public',
  'POST /login': 'public',
  'POST /logout': 'sessionCookie',
  'GET /dashboard': 'sessionCookie',
  'GET /dashboard/programs/:programId': 'sessionCookie',
  'POST /dashboard/programs/:programId/api-keys': 'sessionCookie',
  'POST /dashboard/programs/:programId/api-keys/:keyId/revoke': 'sessionCookie',
  'POST /dashboard/programs/:programId/connections/:connectionId/revoke': 'sessionCookie',
  'POST /dashboard/programs/:programId/publishable-key/rotate': 'sessionCookie',
  'POST /dashboard/programs/:programId/billing': 'sessionCookie',
  'POST /dashboard/programs/:programId/billing/:integrationId/delete': 'sessionCookie',
  'GET /connect/:partner/choose-affiliate-program': 'sessionCookie',
  'POST /connect/:partner/choose-affiliate-program': 'sessionCookie',
  'GET /api/v1/openapi.json': 'public',
  'GET /docs': 'public',
  'GET /docs/assets/redoc.standalone.js': 'public',
  'GET /docs/assets/docs.js': 'public',
  'GET /assets/pico.min.css': 'public',
  'GET /assets/portal.css': 'public',
  'GET /assets/portal.js': 'public',
  'GET /portal/:slug': 'portalEntry',
  'POST /portal/:slug/sign-up': 'portalEntry',
  'POST /portal/:slug/sign-in': 'portalEntry',
  'GET /portal/:slug/check-email': 'portalEntry',
  'GET /portal/:slug/sign-in/:token': 'portalEntry',
  'POST /portal/:slug/sign-in/:token': 'portalEntry',
  // The link in a notification email (RFC 8058 one-click): its token, made from the affiliate's secret, authorizes it.
  'GET /portal/:slug/unsubscribe': 'portalEntry',
  'POST /portal/:slug/unsubscribe': 'portalEntry',
  'GET /portal/:slug/home': 'portalSession',
  'POST /portal/:slug/links': 'portalSession',
  'GET /portal/:slug/referrals': 'portalSession',
  'GET /portal/:slug/commissions': 'portalSession',
  'GET /portal/:slug/payouts': 'portalSession',
  'GET /portal/:slug/settings': 'portalSession',
  'POST /portal/:slug/settings/payout': 'portalSession',
  'POST /portal/:slug/settings/emails': 'portalSession',
  'POST /portal/:slug/sign-out': 'portalSession',
  '* /graphql': 'bearer',
};
