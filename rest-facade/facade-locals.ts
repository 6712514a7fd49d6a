import type { Response } from 'express';
import type { DomainActor } from '../src/modules/service-context';
import type { GraphQLContext } from '../src/graphql/context';
import type { RestRoute } from './route';

/** What the facade's admission found out, for the idempotency claim and the route's handler. */
export interface FacadeLocals {
  restRoute?: RestRoute;
  /** The values of the route's `{param}` segments (percent-decoded); absent on a static route. */
  pathParams?: Record<string, string>;
  actor?: DomainActor;
  /** The request's context (its EntityManager fork), made for authentication and reused by the operation. */
  ctx?: GraphQLContext;
}

export const facadeLocals = (res: Response) => res.locals as FacadeLocals;
