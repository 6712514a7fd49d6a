import type express from 'express';
import { requireCsrf } from '../cookies';
import type { PageDeps } from '../page-deps';
import { newApiKeyNotice } from './api-keys.view';
import { showProgramPage } from './program-page';
import { withProgram } from './with-program';

/** API keys: a new one is shown once, on the page that answers; revoking goes back to the page. */
export function apiKeyRoutes(r: express.Router, deps: PageDeps): void {
  const { services } = deps;
  r.post(
    '/dashboard/programs/:programId/api-keys',
    requireCsrf,
    withProgram(deps, async (req, res, u, p) => {
      const { key } = await services.apiKeys.createApiKey(u.ctx, p.id, String(req.body.name ?? ''));
      await showProgramPage(deps, req, res, u, p, newApiKeyNotice(key));
    }),
  );
  r.post(
    '/dashboard/programs/:programId/api-keys/:keyId/revoke',
    requireCsrf,
    withProgram(deps, async (req, res, u, p) => {
      const key = await services.apiKeys.findApiKey(u.ctx, p.id, String(req.params.keyId));
      if (key) await services.apiKeys.revokeApiKey(u.ctx, key.id);
      res.redirect(303, `/dashboard/programs/${p.id}`);
    }),
  );
}
