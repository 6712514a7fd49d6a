import type { Request, Response, Router } from 'express';
import { DomainError } from '../../common/errors';
import { maskEmail } from '../../modules/portal/portal.rules';
import { fieldErrors } from './field-errors';
import { checkEmailView, confirmLinkView, deadLinkView, entryView, type SignUpValues } from './entry.view';
import { portalBase, sendPortalPage } from './portal-layout';
import { programOf, requestContext, type PortalDeps } from './portal-context';
import { readPortalToken, requireSameOrigin, setPortalCookie } from './portal-session';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;

/** The portal before signing in: its first page, applying, asking for a link, and the link itself. */
export function entryRoutes(r: Router, deps: PortalDeps): void {
  const { services } = deps;

  r.get('/', async (req, res) => {
    const program = programOf(res);
    const token = readPortalToken(req);
    if (token && (await services.portalAccess.visit(requestContext(deps, req), program, token))) return res.redirect(303, `${portalBase(program)}/home`);
    sendPortalPage(res, program, 200, 'Join', entryView(program));
  });

  r.post('/sign-up', async (req, res) => {
    requireSameOrigin(req, deps.origin);
    const program = programOf(res);
    const values: SignUpValues = {
      firstName: text(req.body.firstName),
      lastName: text(req.body.lastName),
      email: text(req.body.email),
      acceptTerms: req.body.acceptTerms === 'yes',
    };
    try {
      await services.portalAccess.signUp(requestContext(deps, req), program, {
        firstName: values.firstName!,
        lastName: values.lastName!,
        email: values.email!,
        acceptTerms: !!values.acceptTerms,
        website: text(req.body.website),
      });
      res.redirect(303, `${portalBase(program)}/check-email`);
    } catch (err) {
      const errors = fieldErrors(err);
      if (!errors) throw err;
      if (err instanceof DomainError && err.retryAfterSeconds) res.set('Retry-After', String(err.retryAfterSeconds));
      const status = err instanceof DomainError && err.code === 'RATE_LIMITED' ? 429 : err instanceof DomainError && err.code === 'FORBIDDEN' ? 403 : 400;
      sendPortalPage(res, program, status, 'Join', entryView(program, { values, errors }));
    }
  });

  r.post('/sign-in', async (req, res) => {
    requireSameOrigin(req, deps.origin);
    const program = programOf(res);
    try {
      await services.portalAccess.requestSignInLink(requestContext(deps, req), program, text(req.body.email));
      res.redirect(303, `${portalBase(program)}/check-email`);
    } catch (err) {
      const errors = fieldErrors(err);
      if (!errors) throw err;
      sendPortalPage(res, program, 400, 'Sign in', entryView(program, { signInError: errors.email ?? errors._form }));
    }
  });

  r.get('/check-email', (_req, res) => sendPortalPage(res, programOf(res), 200, 'Check your email', checkEmailView(programOf(res))));

  r.get('/sign-in/:token', async (req: Request, res: Response) => {
    const program = programOf(res);
    const token = String(req.params.token);
    const link = TOKEN_RE.test(token) ? await services.portalAccess.peekLink(requestContext(deps, req), program, token) : null;
    if (!link) return sendPortalPage(res, program, 410, 'Link expired', deadLinkView(program));
    // A link made for embedding was made a moment ago by the merchant's server, for this visit: it signs in at once.
    if (link.purpose === 'embed') return useLink(deps, req, res, token, true);
    sendPortalPage(res, program, 200, 'Sign in', confirmLinkView(program, `${portalBase(program)}/sign-in/${token}`, maskEmail(link.affiliate.email)));
  });

  r.post('/sign-in/:token', async (req: Request, res: Response) => {
    requireSameOrigin(req, deps.origin);
    const token = String(req.params.token);
    if (!TOKEN_RE.test(token)) return sendPortalPage(res, programOf(res), 410, 'Link expired', deadLinkView(programOf(res)));
    await useLink(deps, req, res, token, false);
  });
}

async function useLink(deps: PortalDeps, req: Request, res: Response, token: string, embedded: boolean): Promise<void> {
  const program = programOf(res);
  const session = await deps.services.portalAccess.useLink(requestContext(deps, req), program, token);
  if (!session) return sendPortalPage(res, program, 410, 'Link expired', deadLinkView(program));
  setPortalCookie(req, res, program, session.sessionToken, session.expiresAt, embedded);
  res.redirect(303, `${portalBase(program)}/home`);
}
