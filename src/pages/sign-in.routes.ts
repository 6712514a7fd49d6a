import type express from 'express';
import type { Request, Response } from 'express';
import { DomainError } from '../common/errors';
import { anonymousContext } from '../modules/service-context';
import { clearSessionCookies, csrfToken, readCookies, requireCsrf, SESSION_COOKIE, setSessionCookies } from './cookies';
import type { PageDeps } from './page-deps';
import { renderPage } from './render-page';
import { signInView } from './sign-in.view';

/** Only same-site paths are followed after sign-in (no open redirect). */
const safeNext = (v: unknown): string => (typeof v === 'string' && /^\/(?!\/)[^\s\\]*$/.test(v) ? v : '/dashboard');

/** The sign-in form, with why the last attempt failed when it did. */
function signInForm(req: Request, res: Response, status: number, error?: string): void {
  const csrf = csrfToken(req, res);
  renderPage(req, res, status, 'Sign in', signInView(csrf, safeNext(req.query.next ?? req.body?.next), error));
}

/** Sign-in (a session cookie and a new csrf token) and sign-out (both cleared). */
export function signInRoutes(r: express.Router, { orm, services }: PageDeps): void {
  r.get('/login', (req, res) => signInForm(req, res, 200));
  r.post('/login', requireCsrf, async (req, res) => {
    try {
      const { token, session } = await services.users.signIn(anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? ''), {
        email: String(req.body.email ?? ''),
        password: String(req.body.password ?? ''),
      });
      setSessionCookies(req, res, token, session.expiresAt);
      res.redirect(303, safeNext(req.body.next));
    } catch (err) {
      if (err instanceof DomainError && err.code === 'RATE_LIMITED') {
        const seconds = err.retryAfterSeconds ?? 60;
        const minutes = Math.ceil(seconds / 60);
        res.set('Retry-After', String(seconds));
        return signInForm(req, res, 429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      if (err instanceof DomainError && err.code !== 'UNAVAILABLE' && err.code !== 'INTERNAL') return signInForm(req, res, 401, err.message);
      throw err;
    }
  });
  r.post('/logout', requireCsrf, async (req, res) => {
    const token = readCookies(req)[SESSION_COOKIE];
    if (token) await services.users.signOut(anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? ''), token);
    clearSessionCookies(req, res);
    res.redirect(303, '/login');
  });
}
