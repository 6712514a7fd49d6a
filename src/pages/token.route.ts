import express, { type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { findNul } from '../common/nul';
import { PARTNER_SCOPES } from '../auth/policy-resources';
import type { PartnerRegistry } from '../modules/oauth/partners';
import { anonymousContext } from '../modules/service-context';
import type { RequestLimiter } from '../rate-limit/request-limiter';
import type { Services } from '../modules/services';

/**
 * POST /api/:partner/token (spec section 5 step 4): form-encoded `code` → `{"access_token", "token_type",
 * "scope"}`. Errors about the code keep the spec's exact bodies: `{"error": "Code is required"}` and
 * `{"error": "Invalid code"}`. Client credentials are optional (the spec's flow sends none); sent, they must be
 * right (RFC 6749 §2.3.1, §5.2), and redirect_uri and the PKCE verifier must match the code's.
 */
export function tokenRouter(orm: MikroORM, services: Services, partners: PartnerRegistry, limiter: RequestLimiter): express.Router {
  const r = express.Router();
  r.post(
    '/api/:partner/token',
    express.urlencoded({ extended: false, limit: '16kb' }),
    express.json({ limit: '16kb' }),
    async (req: Request, res: Response) => {
      res.locals.route = 'POST /api/:partner/token';
      res.set('Cache-Control', 'no-store').set('Pragma', 'no-cache');
      const limit = await limiter.check({ kind: 'anonymous' }, ['POST /api/:partner/token'], 'writes', req.ip ?? '');
      res.set(limit.headers);
      if (!limit.allowed) return res.status(429).json({ error: 'Too many requests' });
      const partner = partners.get(String(req.params.partner));
      const body = (req.body ?? {}) as Record<string, unknown>;
      // The spec's errors only: a code (or any field) holding U+0000 is no valid code.
      if (findNul(body)) return res.status(400).json({ error: 'Invalid code' });
      // Client authentication first (RFC 6749 §3.2.1), when the client sends any; the spec's bare flow sends none.
      const client = clientCredentials(req.get('authorization'), body);
      if ('refused' in client) return refuseClient(res, client.refused, client.scheme);
      if (client.scheme !== 'none' || client.id !== undefined) {
        if (!partner || !partners.checkClient(partner, client.id, client.secret)) return refuseClient(res, 'invalid_client', client.scheme);
      }
      const code = typeof body.code === 'string' ? body.code : '';
      if (!code) return res.status(400).json({ error: 'Code is required' });
      if (!partner) return res.status(400).json({ error: 'Invalid code' });
      if (body.grant_type !== undefined && body.grant_type !== 'authorization_code') return res.status(400).json({ error: 'Invalid code' });
      const result = await services.oauth.exchangeCode(anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? ''), {
        partner: partner.name,
        code,
        redirectUri: typeof body.redirect_uri === 'string' ? body.redirect_uri : undefined,
        codeVerifier: typeof body.code_verifier === 'string' ? body.code_verifier : undefined,
      });
      if (!result.ok) return res.status(400).json({ error: 'Invalid code' });
      res.json({ access_token: result.accessToken, token_type: 'Bearer', scope: PARTNER_SCOPES.join(' ') });
    },
  );
  return r;
}

type ClientCredentials =
  { scheme: 'basic' | 'post' | 'none'; id?: string; secret?: string } | { refused: 'invalid_request' | 'invalid_client'; scheme: 'basic' };

/**
 * The client's credentials: HTTP Basic (client_secret_basic; id and secret are form-urlencoded before base64,
 * RFC 6749 §2.3.1) or the form (client_secret_post), or neither. One method per request (RFC 6749 §2.3):
 * Basic with a client_secret in the form, or with another client_id there, is refused.
 */
function clientCredentials(authorization: string | undefined, body: Record<string, unknown>): ClientCredentials {
  const formId = typeof body.client_id === 'string' ? body.client_id : undefined;
  const formSecret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
  const basic = /^Basic(?:\s+(\S*))?\s*$/i.exec(authorization ?? '');
  if (!basic) return { scheme: formSecret === undefined ? 'none' : 'post', id: formId, secret: formSecret };
  const encoded = basic[1] ?? '';
  const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const formDecode = (v: string) => {
    try {
      return decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      return undefined;
    }
  };
  const id = colon < 0 ? undefined : formDecode(decoded.slice(0, colon));
  const secret = colon < 0 ? undefined : formDecode(decoded.slice(colon + 1));
  if (id === undefined || secret === undefined) return { refused: 'invalid_client', scheme: 'basic' };
  if (formSecret !== undefined || (formId !== undefined && formId !== id)) return { refused: 'invalid_request', scheme: 'basic' };
  return { scheme: 'basic', id, secret };
}

/**
 * RFC 6749 §5.2: two methods or two client ids are 400 invalid_request; wrong credentials are 401 invalid_client,
 * with the Basic challenge when the client used Basic.
 */
function refuseClient(res: Response, error: 'invalid_request' | 'invalid_client', scheme: 'basic' | 'post' | 'none') {
  if (error === 'invalid_request') return res.status(400).json({ error });
  if (scheme === 'basic') res.set('WWW-Authenticate', 'Basic realm="token"');
  return res.status(401).json({ error });
}
