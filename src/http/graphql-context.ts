import type { Request } from 'express';
import { GraphQLError } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import { authenticate } from '../auth/authenticate';
import { DomainError } from '../common/errors';
import type { ApolloContext } from '../graphql/apollo';
import { buildContext } from '../graphql/build-context';
import type { Services } from '../modules/services';
import type { RequestLimiter } from '../rate-limit/request-limiter';

/** A /graphql request's context: its unit of work and its caller, or the 401/429/503 that refuses it first. */
export function graphqlContext(orm: MikroORM, services: Services, limiter: RequestLimiter) {
  return async ({ req }: { req: Request }): Promise<ApolloContext> => {
    const base = buildContext(orm, services, { kind: 'anonymous' }, req.id, req.log, 'graphql', req.ip ?? '');
    try {
      const actor = await authenticate(base, services, req.get('authorization'));
      return { ...base, actor };
    } catch (err) {
      // The database could not be asked (translated where it failed, db-errors): 503 with Retry-After, as on REST.
      if (err instanceof DomainError && err.code === 'UNAVAILABLE') {
        const retryAfter = String(err.retryAfterSeconds);
        // originalError: formatGraphQLError finds the code through it; without it the 503 said INTERNAL.
        throw new GraphQLError(err.message, {
          originalError: err,
          extensions: { code: err.code, retryAfter: err.retryAfterSeconds, http: { status: 503, headers: new Map([['Retry-After', retryAfter]]) } },
        });
      }
      if (err instanceof DomainError) {
        // Refused before any operation: limited by address like any unauthenticated caller.
        const limit = await limiter.check({ kind: 'anonymous' }, ['graphql unauthenticated'], 'reads', req.ip ?? '');
        const status = limit.allowed ? 401 : 429;
        const message = limit.allowed ? err.message : `Rate limit exceeded; retry in ${limit.headers['Retry-After']} s`;
        throw new GraphQLError(message, {
          extensions: { code: limit.allowed ? err.code : 'RATE_LIMITED', http: { status, headers: new Map(Object.entries(limit.headers)) } },
        });
      }
      throw err;
    }
  };
}
