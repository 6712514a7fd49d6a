import type express from 'express';
import { requireCsrf } from '../cookies';
import type { PageDeps } from '../page-deps';
import { showProgramPage } from './program-page';
import { rotatedKeyNotice } from './tracking.view';
import { withProgram } from './with-program';

/** Rotating the publishable key: the page answers with the new tag to paste. */
export function publishableKeyRoutes(r: express.Router, deps: PageDeps): void {
  r.post(
    '/dashboard/programs/:programId/publishable-key/rotate',
    requireCsrf,
    withProgram(deps, async (req, res, u, p) => {
      const rotated = await deps.services.programs.rotatePublishableKey(u.ctx, p.id);
      await showProgramPage(deps, req, res, u, rotated, rotatedKeyNotice());
    }),
  );
}
