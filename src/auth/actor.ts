import type { Program } from '../modules/programs/program.entity';

/**
 * Who is calling. API keys and OAuth tokens are bound to one program; a dashboard session acts for its user.
 * `program` is the credential's program as read with it (a read-only snapshot; services use requireProgram).
 */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'apiKey'; credentialId: string; programId: string; program: Program }
  | { kind: 'oauth'; credentialId: string; programId: string; program: Program; partner: string; scopes: readonly string[] }
  | { kind: 'session'; credentialId: string; userId: string };

/** Resources an OAuth partner token may use (DESIGN.md: affiliates, links, referrals, sales). */
export const OAUTH_SCOPES = ['affiliates', 'links', 'referrals', 'sales'] as const;
export type Scope = 'affiliates' | 'links' | 'referrals' | 'sales' | 'coupons' | 'promotionalCodes' | 'payouts' | 'webhooks' | 'events';

/** The identity rate limits are keyed by. */
export const credentialKey = (a: Actor): string => (a.kind === 'anonymous' ? 'anonymous' : `${a.kind}:${a.credentialId}`);
