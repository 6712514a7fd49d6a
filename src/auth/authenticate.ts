import { unauthenticated } from '../common/errors';
import type { ServiceContext } from '../modules/service-context';
import type { Services } from '../services';
import type { Actor } from './actor';
import { parseBearer, tokenKind } from './credentials';

/**
 * Turns the Authorization header into an Actor. No header: anonymous (each surface decides whether that is
 * allowed). A malformed, unknown, expired or revoked credential: UNAUTHENTICATED. `ctx` is the request's context
 * before anyone is known (its actor anonymous).
 */
export async function authenticate(ctx: ServiceContext, services: Services, header: string | undefined): Promise<Actor> {
  const token = parseBearer(header);
  if (token === undefined) return { kind: 'anonymous' };
  if (token === null) throw unauthenticated('The Authorization header must be "Bearer <token>"');
  switch (tokenKind(token)) {
    case 'apiKey': {
      const key = await services.apiKeys.authenticate(ctx, token);
      if (key) return { kind: 'apiKey', credentialId: key.keyId, programId: key.program.id, program: key.program };
      break;
    }
    case 'session': {
      const s = await services.users.authenticate(ctx, token);
      if (s) return { kind: 'session', credentialId: s.session.id, userId: s.user.id };
      break;
    }
    case 'oauth': {
      const t = await services.oauth.authenticate(ctx, token);
      if (t) return { kind: 'oauth', credentialId: t.token.id, programId: t.program.id, program: t.program, partner: t.token.partner };
      break;
    }
    default:
      break;
  }
  throw unauthenticated('The bearer credential is unknown, expired or revoked');
}
