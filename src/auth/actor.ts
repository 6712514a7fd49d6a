/** Who is calling. API keys and OAuth tokens are bound to one program; a dashboard session acts for its user. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'apiKey'; credentialId: string; programId: string }
  | { kind: 'oauth'; credentialId: string; programId: string; partner: string; scopes: readonly string[] }
  | { kind: 'session'; credentialId: string; userId: string };

/** Resources an OAuth partner token may use (DESIGN.md: affiliates, links, referrals, sales). */
export const OAUTH_SCOPES = ['affiliates', 'links', 'referrals', 'sales'] as const;
export type Scope = 'affiliates' | 'links' | 'referrals' | 'sales' | 'coupons' | 'promotionalCodes' | 'payouts' | 'webhooks' | 'events';

/** The identity rate limits are keyed by. */
export const credentialKey = (a: Actor): string => (a.kind === 'anonymous' ? 'anonymous' : `${a.kind}:${a.credentialId}`);
