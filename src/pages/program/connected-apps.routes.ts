import type express from 'express';
import { requireCsrf } from '../cookies';
import type { PageDeps } from '../page-deps';
import { withProgram } from './with-program';

/** Revoking a connected app's access: its token stops working; back to the page. */
export function connectedAppRoutes(r: express.Router, deps: PageDeps): void {
  const { services } = deps;
  r.post(
    '/dashboard/programs/:programId/connections/:connectionId/revoke',
    requireCsrf,
    withProgram(deps, async (req, res, u, p) => {
      const c = await services.oauth.findConnection(u.ctx, p.id, String(req.params.connectionId));
      if (c) await services.oauth.revokeConnection(u.ctx, c.id);
      res.redirect(303, `/dashboard/programs/${p.id}`);
    }),
  );
}
