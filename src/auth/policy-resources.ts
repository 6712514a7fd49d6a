import type { Actor } from '../identity/actor';

/** The resources of the authorization policy (policy.ts) and the callers each admits. */

/** Who is calling: no credential, a dashboard session, a program API key, an OAuth partner token, a publishable key. */
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
  /** Managing webhook endpoints: updates, secret rotation. */
  webhooks: ['session', 'apiKey'],
  /**
   * Listing, creating and deleting webhook endpoints: a partner token too, for its own subscriptions (REST
   * hooks) to the events of its scope (the service's rule).
   */
  webhookSubscriptions: ['session', 'apiKey', 'oauth'],
  events: ['session', 'apiKey'],
  /** Connecting and disconnecting billing providers: the owner's decision (their secrets sign sales into the program). */
  billingAdmin: ['session'],
  /** Billing integrations and the events they received, read-only. */
  billing: ['session', 'apiKey'],
  /** Aggregates over time: stats, top affiliates (dashboards and API-key reporting). */
  stats: ['session', 'apiKey'],
  /**
   * Approving a pending commission by hand (a self-referral's is held for this): the owner's decision, in the
   * dashboard or through its own API key (as it marks commissions paid), never a partner's.
   */
  commissionReview: ['session', 'apiKey'],
  /**
   * Recording a click from a visitor's browser on the merchant's site (the tracker): the program's publishable
   * key, and nothing else (it is public, so it opens no other resource; every other caller has its own routes).
   */
  publicClicks: ['publishableKey'],
  /**
   * A single-use link that signs an affiliate into its portal (for the merchant's own app to embed or open):
   * the owner's dashboard or its API key. A partner token could otherwise sign in as any affiliate.
   */
  portalLinks: ['session', 'apiKey'],
  /** Where an affiliate's money goes (payout method, PayPal or Wise email, Stripe account): never a partner's to read or change. */
  payoutDetails: ['session', 'apiKey'],
  /**
   * An affiliate's own portal, signed in: its rows of its program (read), its own links, payout details and email
   * preferences (write). Only the portal's pages hold this credential; no other resource admits it.
   */
  portal: ['portal'],
  /** A program's portal before signing in: applying (sign-up) and asking for a sign-in link. */
  portalEntry: ['portalVisitor'],
} as const satisfies Record<string, readonly Caller[]>;

export type Resource = keyof typeof RESOURCES;

/**
 * What a partner token may use, as OAuth scopes (RFC 6749 §3.3): the resources above that admit it, but for
 * `public`. Every token gets all of them; the token answer and the authorization-server metadata name them.
 */
export const PARTNER_SCOPES: readonly Resource[] = (Object.keys(RESOURCES) as Resource[]).filter(
  (r) => r !== 'public' && (RESOURCES[r] as readonly Caller[]).includes('oauth'),
);
