import type express from 'express';
import { csrfToken, requireCsrf } from './cookies';
import { backToPartner, cannotConnect, readConsentRequest } from './consent-request';
import { chooseProgramView } from './consent.view';
import type { PageDeps } from './page-deps';
import { renderPage } from './render-page';

/** OAuth consent (spec section 5, steps 1-3): the user picks the program a partner app may act on. */
export function consentRoutes(r: express.Router, { services, partners, origin, requireUser }: PageDeps): void {
  r.get('/connect/:partner/choose-affiliate-program', async (req, res) => {
    const p = readConsentRequest(req, res, partners, origin);
    if (!p) return;
    const u = await requireUser(req, res);
    if (!u) return;
    const programs = await services.programs.listPrograms(u.ctx);
    const csrf = csrfToken(req, res, u.sessionExpiresAt);
    renderPage(req, res, 200, `Connect ${p.partner.name}`, chooseProgramView(p, programs, csrf), u);
  });

  r.post('/connect/:partner/choose-affiliate-program', requireCsrf, async (req, res) => {
    const p = readConsentRequest(req, res, partners, origin);
    if (!p) return;
    const u = await requireUser(req, res);
    if (!u) return;
    if (req.body.action !== 'connect')
      return res.redirect(303, backToPartner(origin, p.partner.name, p.redirectUri, { error: 'access_denied', state: p.state }));
    const programId = String(req.body.programId ?? '');
    let code: string;
    try {
      code = await services.oauth.issueCode(u.ctx, {
        partner: p.partner.name,
        userId: u.user.id,
        programId,
        redirectUri: p.redirectUri,
        codeChallenge: p.codeChallenge,
        codeChallengeMethod: p.method,
      });
    } catch {
      return cannotConnect(req, res, 400, 'Choose one of your programs.');
    }
    res.redirect(303, backToPartner(origin, p.partner.name, p.redirectUri, { code, state: p.state }));
  });
}
