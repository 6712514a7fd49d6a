import { forbidden } from '../common/errors';

/**
 * What identity knows of the program a credential is bound to. Identity sits below the domain, so it cannot name
 * the domain's Program: the domain's context narrows `P` to it (ServiceContext), the rate limiter to its limits.
 */
export interface BoundProgram {
  readonly id: string;
}

/**
 * Who is calling. API keys, OAuth tokens and publishable keys are bound to one program; a dashboard session acts
 * for its user.
 * What each kind may do is src/auth/policy.ts.
 * `program` is the credential's program as read with it (a read-only snapshot; services use requireProgram).
 */
export type Actor<P extends BoundProgram = BoundProgram> =
  | { kind: 'anonymous' }
  | { kind: 'apiKey'; credentialId: string; programId: string; program: P }
  | { kind: 'oauth'; credentialId: string; programId: string; program: P; partner: string }
  | { kind: 'session'; credentialId: string; userId: string }
  /**
   * A program's publishable key, on the one route it may use (POST /api/v1/public/clicks, from the merchant's
   * pages); `credentialId` is the program's id (the key itself is public).
   */
  | { kind: 'publishableKey'; credentialId: string; programId: string; program: P }
  /**
   * An affiliate signed in to its program's portal (`credentialId`: the portal session's id). Only the portal's
   * pages make one: no bearer credential becomes it, so /api/v1 and /graphql never see it.
   */
  | { kind: 'portal'; credentialId: string; programId: string; program: P; affiliateId: string }
  /** Someone on a program's portal before signing in (signing up, asking for a sign-in link); `credentialId` is the program's id. */
  | { kind: 'portalVisitor'; credentialId: string; programId: string; program: P };

/** The credential kinds bound to one program, which they carry along as read with them. */
export type ProgramBoundActor<P extends BoundProgram = BoundProgram> = Extract<Actor<P>, { program: P }>;
export const isProgramBound = <P extends BoundProgram>(a: Actor<P>): a is ProgramBoundActor<P> => 'program' in a;

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
