import type { MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { anonymousContext } from '../modules/service-context';
import type { Services } from '../modules/services';
import { readCookies, SESSION_COOKIE } from './cookies';
import type { PageUser, RequireUser } from './page-user';

/** The user whose live session the cookie holds, acting through that session; null without one. */
async function currentUser(orm: MikroORM, services: Services, req: Request): Promise<PageUser | null> {
  const token = readCookies(req)[SESSION_COOKIE];
  if (!token) return null;
  const visitor = anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? '');
  const s = await services.users.authenticate(visitor, token);
  if (!s) return null;
  return {
    user: s.user,
    token,
    sessionExpiresAt: s.session.expiresAt,
    ctx: { ...visitor, actor: { kind: 'session', credentialId: s.session.id, userId: s.user.id } },
  };
}

/** The pages' check for a signed-in user: anyone else goes to sign in, and comes back to the same page after. */
export function signedInUser(orm: MikroORM, services: Services): RequireUser {
  return async (req, res) => {
    const u = await currentUser(orm, services, req);
    if (!u) res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
    return u;
  };
}
