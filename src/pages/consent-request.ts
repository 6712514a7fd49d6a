import type { Request, Response } from 'express';
import type { OAuthPartnerConfig } from '../config/config';
import { partnerUrls, type PartnerRegistry } from '../modules/oauth/partners';
import { cannotConnectView } from './consent.view';
import { renderPage } from './render-page';

/** A consent request that passed the checks: the partner app, where its answer goes, and its PKCE challenge. */
export interface ConsentRequest {
  partner: OAuthPartnerConfig;
  redirectUri: string;
  state: string;
  codeChallenge: string | null;
  method: string | null;
}

/** A request that cannot go back to the partner (unknown app, unregistered redirect URI, …) ends on this page. */
export const cannotConnect = (req: Request, res: Response, status: number, message: string): void =>
  renderPage(req, res, status, 'Cannot connect', cannotConnectView(message));

/** Every answer to the partner names its issuer (RFC 9207): a client talking to several servers knows which one answered. */
export function backToPartner(origin: string, partner: string, redirectUri: string, params: Record<string, string>): string {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries({ ...params, iss: partnerUrls(origin, partner).issuer })) u.searchParams.set(k, v);
  return u.toString();
}

/**
 * What is wrong with the PKCE parameters, if anything. RFC 7636 defaults the method to `plain`, which protects
 * nothing against an intercepted request: S256 only (RFC 9700 §2.1.1).
 */
function pkceProblem(codeChallenge: string | null, method: string | null): string | undefined {
  return method !== null && method !== 'S256'
    ? 'code_challenge_method must be S256'
    : method && !codeChallenge
      ? 'code_challenge is required with code_challenge_method'
      : codeChallenge && !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)
        ? 'code_challenge must be the base64url SHA-256 of the code_verifier'
        : undefined;
}

/**
 * Checks the request before anything else; never redirects to a URI that is not registered for the partner.
 * A refused request is answered here (an error page, or the error sent back to the partner) and gives undefined.
 */
export function readConsentRequest(req: Request, res: Response, partners: PartnerRegistry, origin: string): ConsentRequest | undefined {
  const q = { ...(req.method === 'GET' ? req.query : req.body) } as Record<string, unknown>;
  const partner = partners.get(String(req.params.partner));
  if (!partner) return void cannotConnect(req, res, 404, 'This app is not known to the service.');
  const redirectUri = typeof q.redirect_uri === 'string' ? q.redirect_uri : '';
  if (!redirectUri || !partners.allowsRedirect(partner, redirectUri))
    return void cannotConnect(req, res, 400, 'The redirect_uri is missing or not registered for this app.');
  const state = typeof q.state === 'string' ? q.state : '';
  if (!state || state.length > 500) return void cannotConnect(req, res, 400, 'The state parameter is missing.');
  if (q.client_id !== undefined && q.client_id !== partner.clientId) return void cannotConnect(req, res, 400, 'The client_id does not match this app.');
  const codeChallenge = typeof q.code_challenge === 'string' && q.code_challenge ? q.code_challenge : null;
  const method = typeof q.code_challenge_method === 'string' && q.code_challenge_method ? q.code_challenge_method : codeChallenge ? 'plain' : null;
  // The redirect URI is registered, so a bad PKCE request goes back to the partner as the error response RFC 7636 §4.4.1 asks for.
  const pkceError = pkceProblem(codeChallenge, method);
  if (pkceError)
    return void res.redirect(303, backToPartner(origin, partner.name, redirectUri, { error: 'invalid_request', error_description: pkceError, state }));
  // Only the code flow (RFC 6749 §4.1.2.1); the spec's partners send no response_type at all.
  if (q.response_type !== undefined && q.response_type !== 'code')
    return void res.redirect(303, backToPartner(origin, partner.name, redirectUri, { error: 'unsupported_response_type', state }));
  return { partner, redirectUri, state, codeChallenge, method };
}
