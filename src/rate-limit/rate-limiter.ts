import { getGraphQLRateLimiter } from 'graphql-rate-limit';
import type { GraphQLResolveInfo } from 'graphql';
import type { SlidingWindowBackend } from '../common/sliding-window';
import { AtomicWindowStore } from './sliding-window-store';

export type PolicyName = 'reads' | 'writes';

export interface Policy {
  /** Shown in RateLimit-Policy: "reads", "writes", or a fixed policy's own name (e.g. "clicks"). */
  name: string;
  max: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  policy: Policy;
  remaining: number;
  /** Seconds until a slot frees (the next call can pass). */
  resetSeconds: number;
  /** Takes this call back if it was recorded. */
  undo: () => Promise<void>;
}

/**
 * One limiter for REST and GraphQL, keyed by credential × endpoint × method. Built on graphql-rate-limit's
 * getGraphQLRateLimiter, with a store that makes each check-and-record atomic (memory or Redis).
 */
export class RateLimiter {
  constructor(private readonly backend: SlidingWindowBackend) {}

  /** Counts one call of `endpoint` (e.g. "GET /api/v1/affiliates" or "mutation createAffiliate") by `credential`. */
  async hit(credential: string, endpoint: string, policy: Policy): Promise<RateLimitDecision> {
    const store = new AtomicWindowStore(this.backend, policy.windowMs, policy.max);
    const limiter = getGraphQLRateLimiter({ store, identifyContext: (c: { credential: string }) => c.credential });
    const message = await limiter(
      { parent: undefined, args: {}, context: { credential }, info: { fieldName: endpoint } as GraphQLResolveInfo },
      { max: policy.max, window: `${policy.windowMs}ms`, uncountRejected: true },
    );
    const state = store.state!;
    const allowed = message === undefined;
    const used = state.before + (state.recorded ? 1 : 0);
    return {
      allowed,
      policy,
      remaining: Math.max(0, policy.max - used),
      resetSeconds: Math.max(1, Math.ceil((state.resetAt - Date.now()) / 1000)),
      undo: state.recorded ? state.undo : async () => undefined,
    };
  }

  async close(): Promise<void> {
    await this.backend.close?.();
  }
}

/** IETF httpapi-ratelimit-headers (draft -09+) fields for the most constrained of the decisions. */
export function rateLimitHeaders(decisions: RateLimitDecision[]): Record<string, string> {
  if (!decisions.length) return {};
  const d = decisions.reduce((a, b) => (!b.allowed && a.allowed ? b : b.remaining < a.remaining && a.allowed === b.allowed ? b : a));
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"${d.policy.name}";q=${d.policy.max};w=${Math.round(d.policy.windowMs / 1000)}`,
    RateLimit: `"${d.policy.name}";r=${d.remaining};t=${d.resetSeconds}`,
  };
  if (!d.allowed) headers['Retry-After'] = String(d.resetSeconds);
  return headers;
}

export function policyFor(kind: PolicyName, limits: { readsPerMinute: number; writesPerMinute: number }): Policy {
  return { name: kind, max: kind === 'reads' ? limits.readsPerMinute : limits.writesPerMinute, windowMs: 60_000 };
}
