import type express from 'express';
import type { Request, Response } from 'express';
import { partnerUrls, type PartnerRegistry } from '../modules/oauth/partners';
import type { Services } from '../services';
import { csrfToken, requireCsrf } from './cookies';
import { html, raw } from './html';
import type { PageFn, PageUser } from './page-user';

/** What the consent pages take from the pages router: services, partners, the public origin, the signed-in user and the page layout. */
export interface ConsentDeps {
  services: Services;
  partners: PartnerRegistry;
  origin: string;
  requireUser: (req: Request, res: Response) => Promise<PageUser | null>;
  page: PageFn;
}

/** OAuth consent (spec section 5, steps 1-3): the user picks the program a partner app may act on. */
export function consentRoutes(r: express.Router, { services, partners, origin, requireUser, page }: ConsentDeps): void {
  const consentError = (req: Request, res: Response, status: number, message: string) =>
    page(req, res, status, 'Cannot connect', html`<h1>Cannot connect</h1><p class="error" role="alert">${message}</p>`);

  /** Checks the request before anything else; never redirects to a URI that is not registered for the partner. */
  const consentParams = (req: Request, res: Response) => {
    const q = { ...(req.method === 'GET' ? req.query : req.body) } as Record<string, unknown>;
    const partner = partners.get(String(req.params.partner));
    if (!partner) return void consentError(req, res, 404, 'This app is not known to the service.');
    const redirectUri = typeof q.redirect_uri === 'string' ? q.redirect_uri : '';
    if (!redirectUri || !partners.allowsRedirect(partner, redirectUri))
      return void consentError(req, res, 400, 'The redirect_uri is missing or not registered for this app.');
    const state = typeof q.state === 'string' ? q.state : '';
    if (!state || state.length > 500) return void consentError(req, res, 400, 'The state parameter is missing.');
    if (q.client_id !== undefined && q.client_id !== partner.clientId) return void consentError(req, res, 400, 'The client_id does not match this app.');
    const codeChallenge = typeof q.code_challenge === 'string' && q.code_challenge ? q.code_challenge : null;
    // RFC 7636 defaults the method to `plain`, which protects nothing against an intercepted request: S256
    // only (RFC 9700 §2.1.1). The redirect URI is registered, so a bad PKCE request goes back to the partner
    // as the error response RFC 7636 §4.4.1 asks for.
    const method = typeof q.code_challenge_method === 'string' && q.code_challenge_method ? q.code_challenge_method : codeChallenge ? 'plain' : null;
    const pkceError =
      method !== null && method !== 'S256'
        ? 'code_challenge_method must be S256'
        : method && !codeChallenge
          ? 'code_challenge is required with code_challenge_method'
          : codeChallenge && !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)
            ? 'code_challenge must be the base64url SHA-256 of the code_verifier'
            : undefined;
    if (pkceError) return void res.redirect(303, back(partner.name, redirectUri, { error: 'invalid_request', error_description: pkceError, state }));
    // Only the code flow (RFC 6749 §4.1.2.1); the spec's partners send no response_type at all.
    if (q.response_type !== undefined && q.response_type !== 'code')
      return void res.redirect(303, back(partner.name, redirectUri, { error: 'unsupported_response_type', state }));
    return { partner, redirectUri, state, codeChallenge, method };
  };
  /** Every answer to the partner names its issuer (RFC 9207): a client talking to several servers knows which one answered. */
  const back = (partner: string, redirectUri: string, params: Record<string, string>) => {
    const u = new URL(redirectUri);
    for (const [k, v] of Object.entries({ ...params, iss: partnerUrls(origin, partner).issuer })) u.searchParams.set(k, v);
    return u.toString();
  };

  r.get('/connect/:partner/choose-affiliate-program', async (req, res) => {
    const p = consentParams(req, res);
    if (!p) return;
    const u = await requireUser(req, res);
    if (!u) return;
    const programs = await services.programs.listPrograms(u.ctx);
    const csrf = csrfToken(req, res, u.sessionExpiresAt);
    const hidden = html`<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="state" value="${p.state}"><input type="hidden" name="redirect_uri" value="${p.redirectUri}">${
      p.codeChallenge
        ? html`<input type="hidden" name="code_challenge" value="${p.codeChallenge}"><input type="hidden" name="code_challenge_method" value="${p.method}">`
        : ''
    }`;
    page(
      req,
      res,
      200,
      `Connect ${p.partner.name}`,
      html`
      <h1>Connect ${p.partner.name} to an affiliate program</h1>
      <p>${p.partner.name} will be able to read and change the affiliates, links, referrals and sales of the program you choose. You can revoke this at any time from your dashboard.</p>
      ${
        programs.length
          ? html`
      <form method="post" action="/connect/${p.partner.name}/choose-affiliate-program">${hidden}
        <fieldset><legend>Choose an affiliate program</legend>
        ${programs.map(
          (
            prog,
            i,
          ) => html`<div class="program"><input type="radio" name="programId" id="program-${prog.id}" value="${prog.id}" ${i === 0 ? raw('checked') : ''} required>
          ${prog.logoUrl ? html`<img src="${prog.logoUrl}" alt="">` : ''}
          <label for="program-${prog.id}">${prog.name}${prog.domain ? html` <span>(${prog.domain})</span>` : ''}</label></div>`,
        )}
        </fieldset>
        <p><button type="submit" name="action" value="connect">Connect</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></p>
      </form>`
          : html`<p>You have no affiliate program to connect yet.</p>
      <form method="post" action="/connect/${p.partner.name}/choose-affiliate-program">${hidden}<button type="submit" name="action" value="cancel">Cancel</button></form>`
      }`,
      u,
    );
  });

  r.post('/connect/:partner/choose-affiliate-program', requireCsrf, async (req, res) => {
    const p = consentParams(req, res);
    if (!p) return;
    const u = await requireUser(req, res);
    if (!u) return;
    if (req.body.action !== 'connect') return res.redirect(303, back(p.partner.name, p.redirectUri, { error: 'access_denied', state: p.state }));
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
      return consentError(req, res, 400, 'Choose one of your programs.');
    }
    res.redirect(303, back(p.partner.name, p.redirectUri, { code, state: p.state }));
  });
}
