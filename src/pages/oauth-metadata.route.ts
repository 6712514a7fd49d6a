import express, { type NextFunction, type Request, type Response } from 'express';
import { PARTNER_SCOPES } from '../auth/policy-resources';
import { partnerUrls, type PartnerRegistry } from '../modules/oauth/partners';

/**
 * OAuth 2.0 authorization-server metadata (RFC 8414), one document per partner, so that a strict client
 * discovers the partner's endpoints, PKCE S256 and its client authentication from the issuer alone. Only the
 * per-partner URL: RFC 8414 §3.3 wants a document's issuer to be the one its URL was built from, and each
 * partner's issuer is `<origin>/<partner>` (the redirect's `iss` names it), so no document fits the bare URL.
 * Any other name falls through to the 404 of every unknown route.
 */
export function oauthMetadataRouter(partners: PartnerRegistry, origin: string): express.Router {
  const r = express.Router();
  const answer = (name: string, route: string, res: Response) => {
    res.locals.route = route;
    const urls = partnerUrls(origin, name);
    res.set('Cache-Control', 'public, max-age=3600').json({
      issuer: urls.issuer,
      authorization_endpoint: urls.authorize,
      token_endpoint: urls.token,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: PARTNER_SCOPES,
      authorization_response_iss_parameter_supported: true,
    });
  };
  r.get('/.well-known/oauth-authorization-server/:partner', (req: Request, res: Response, next: NextFunction) => {
    const partner = partners.get(String(req.params.partner));
    if (!partner) return next();
    answer(partner.name, 'GET /.well-known/oauth-authorization-server/:partner', res);
  });
  return r;
}
