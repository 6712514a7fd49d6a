import express, { type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { findNul } from '../common/nul';
import type { PartnerRegistry } from '../modules/oauth/partners';
import { anonymousContext } from '../modules/service-context';
import type { RequestLimiter } from '../rate-limit/request-limiter';
import type { Services } from '../services';

/**
 * POST /api/:partner/token (spec section 5 step 4): form-encoded `code` → `{"access_token", "token_type"}`.
 * Errors keep the spec's exact bodies: `{"error": "Code is required"}` and `{"error": "Invalid code"}`.
 * Client credentials (form fields or HTTP Basic) and redirect_uri must match when sent.
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
      const code = typeof body.code === 'string' ? body.code : '';
      if (!code) return res.status(400).json({ error: 'Code is required' });
      if (!partner) return res.status(400).json({ error: 'Invalid code' });
      // Client credentials may come in the form or as HTTP Basic (form-urlencoded, then base64: RFC 6749
      // §2.3.1); whatever is sent must match.
      const formId = typeof body.client_id === 'string' ? body.client_id : undefined;
      const formSecret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
      if (!partners.checkClient(partner, formId, formSecret)) return res.status(400).json({ error: 'Invalid code' });
      const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.get('authorization') ?? '');
      if (basic) {
        const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        const formDecode = (v: string) => {
          try {
            return decodeURIComponent(v.replace(/\+/g, ' '));
          } catch {
            return '\u0000';
          }
        };
        const id = formDecode(colon < 0 ? decoded : decoded.slice(0, colon));
        const secret = colon < 0 ? '' : formDecode(decoded.slice(colon + 1));
        if (!partners.checkClient(partner, id, secret)) return res.status(400).json({ error: 'Invalid code' });
      }
      if (body.grant_type !== undefined && body.grant_type !== 'authorization_code') return res.status(400).json({ error: 'Invalid code' });
      const result = await services.oauth.exchangeCode(anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? ''), {
        partner: partner.name,
        code,
        redirectUri: typeof body.redirect_uri === 'string' ? body.redirect_uri : undefined,
        codeVerifier: typeof body.code_verifier === 'string' ? body.code_verifier : undefined,
      });
      if (!result.ok) return res.status(400).json({ error: 'Invalid code' });
      res.json({ access_token: result.accessToken, token_type: 'Bearer' });
    },
  );
  return r;
}
