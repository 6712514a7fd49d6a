import { forbidden } from '../common/errors';
import type { Program } from '../modules/programs/program.entity';

/**
 * Who is calling. API keys, OAuth tokens and publishable keys are bound to one program; a dashboard session acts
 * for its user.
 * What each kind may do is src/auth/policy.ts.
 * `program` is the credential's program as read with it (a read-only snapshot; services use requireProgram).
 */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'apiKey'; credentialId: string; programId: string; program: Program }
  | { kind: 'oauth'; credentialId: string; programId: string; program: Program; partner: string }
  | { kind: 'session'; credentialId: string; userId: string }
  /**
   * A program's publishable key, on the one route it may use (POST /api/v1/public/clicks, from the merchant's
   * pages); `credentialId` is the program's id (the key itself is public).
   */
  | { kind: 'publishableKey'; credentialId: string; programId: string; program: Program };

/** The identity rate limits are keyed by. */
export const credentialKey = (a: Actor): string => (a.kind === 'anonymous' ? 'anonymous' : `${a.kind}:${a.credentialId}`);

/**
 * The signed-in user behind a call the policy admits for sessions only (src/auth/policy.ts); anything else
 * reaching here is a policy bug, refused rather than acted on.
 */
export function sessionUserId(ctx: { actor: Actor }): string {
  if (ctx.actor.kind !== 'session') throw forbidden('Only a signed-in dashboard user can do this');
  return ctx.actor.userId;
}
