import { credentialKey, type Actor, type BoundProgram } from '../identity/actor';
import { addressBucket } from '../common/client-address';
import type { Metrics } from '../ops/metrics';
import { policyFor, rateLimitHeaders, type Policy, type PolicyName, type RateLimiter, type RateLimitDecision } from './rate-limiter';

const DEFAULT_LIMITS = { readsPerMinute: 600, writesPerMinute: 120 };

/** All the limiter reads of a credential's program: its budgets. */
type LimitedProgram = BoundProgram & typeof DEFAULT_LIMITS;

export interface LimitOutcome {
  allowed: boolean;
  decisions: RateLimitDecision[];
  headers: Record<string, string>;
}

/**
 * Applies the per-program limits (reads or writes per minute) to one request touching one or more endpoints.
 * The limits come with the credential's program (read in the same statement as the credential), so a change
 * applies from the next request on.
 */
export class RequestLimiter {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly metrics?: Metrics,
  ) {}

  /** `kind` names the program's reads or writes budget; a Policy is a fixed one (e.g. the public click path). */
  async check(actor: Actor<LimitedProgram>, endpoints: string[], kind: PolicyName | Policy, clientIp: string): Promise<LimitOutcome> {
    const limits = actor.kind === 'apiKey' || actor.kind === 'oauth' ? actor.program : DEFAULT_LIMITS;
    const policy = typeof kind === 'string' ? policyFor(kind, limits) : kind;
    const credential = actor.kind === 'anonymous' ? `anonymous:${addressBucket(clientIp)}` : credentialKey(actor);
    // Each occurrence counts (a root field under three aliases is three calls of that endpoint).
    const decisions = await Promise.all(endpoints.map((e) => this.limiter.hit(credential, e, policy)));
    const allowed = decisions.every((d) => d.allowed);
    if (!allowed) {
      // A refused request did nothing: its calls of the other endpoints must not use up their budgets.
      await Promise.all(decisions.map((d) => d.undo()));
      this.metrics?.rateLimited.inc({ policy: policy.name });
    }
    return { allowed, decisions, headers: rateLimitHeaders(decisions) };
  }
}
