import type { MikroORM } from '@mikro-orm/postgresql';
import { credentialKey, type Actor } from '../auth/actor';
import { Program } from '../modules/programs/program.entity';
import type { Metrics } from '../ops/metrics';
import { policyFor, rateLimitHeaders, type PolicyName, type RateLimiter, type RateLimitDecision } from './rate-limiter';

const DEFAULT_LIMITS = { readsPerMinute: 600, writesPerMinute: 120 };
const LIMITS_TTL_MS = 5_000;

export interface LimitOutcome {
  allowed: boolean;
  decisions: RateLimitDecision[];
  headers: Record<string, string>;
}

/**
 * Applies the per-program limits (reads or writes per minute) to one request touching one or more endpoints.
 * Program limits are cached for a few seconds so a limit change applies quickly without a query per request.
 */
export class RequestLimiter {
  private readonly limitsCache = new Map<string, { at: number; limits: typeof DEFAULT_LIMITS }>();

  constructor(private readonly limiter: RateLimiter, private readonly orm: MikroORM, private readonly metrics?: Metrics) {}

  async check(actor: Actor, endpoints: string[], kind: PolicyName, clientIp: string): Promise<LimitOutcome> {
    const limits =
      actor.kind === 'apiKey' || actor.kind === 'oauth'
        ? actor.program
          ? { readsPerMinute: actor.program.readsPerMinute, writesPerMinute: actor.program.writesPerMinute }
          : await this.programLimits(actor.programId)
        : DEFAULT_LIMITS;
    const policy = policyFor(kind, limits);
    const credential = actor.kind === 'anonymous' ? `anonymous:${clientIp}` : credentialKey(actor);
    // Each occurrence counts (a root field under three aliases is three calls of that endpoint).
    const decisions = await Promise.all(endpoints.map((e) => this.limiter.hit(credential, e, policy)));
    const allowed = decisions.every((d) => d.allowed);
    if (!allowed) {
      // A refused request did nothing: its calls of the other endpoints must not use up their budgets.
      await Promise.all(decisions.map((d) => d.undo()));
      this.metrics?.rateLimited.inc({ policy: kind });
    }
    return { allowed, decisions, headers: rateLimitHeaders(decisions) };
  }

  forget(programId: string): void {
    this.limitsCache.delete(programId);
  }

  private async programLimits(programId: string) {
    const hit = this.limitsCache.get(programId);
    if (hit && Date.now() - hit.at < LIMITS_TTL_MS) return hit.limits;
    const p = await this.orm.em.fork().findOne(Program, { id: programId }, { fields: ['readsPerMinute', 'writesPerMinute'] });
    const limits = p ? { readsPerMinute: p.readsPerMinute, writesPerMinute: p.writesPerMinute } : DEFAULT_LIMITS;
    this.limitsCache.set(programId, { at: Date.now(), limits });
    return limits;
  }
}
