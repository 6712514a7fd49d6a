import type { AuthChecker } from 'type-graphql';
import { forbidden, unauthenticated } from '../common/errors';
import type { GraphQLContext } from './context';

/**
 * `@Authorized()` needs any credential; `@Authorized('links')` also needs that resource in an OAuth token's
 * scope. API keys and dashboard sessions reach every resource of their program(s).
 */
export const authChecker: AuthChecker<GraphQLContext> = ({ context }, roles) => {
  const actor = context.actor;
  if (actor.kind === 'anonymous') throw unauthenticated();
  if (actor.kind === 'oauth' && roles.some((r) => !actor.scopes.includes(r))) {
    throw forbidden(`This token's scope does not include ${roles.join(', ')}`);
  }
  return true;
};
