import type express from 'express';
import type { PageDeps } from '../page-deps';
import { apiKeyRoutes } from './api-keys.routes';
import { billingRoutes } from './billing.routes';
import { connectedAppRoutes } from './connected-apps.routes';
import { publishableKeyRoutes } from './publishable-key.routes';
import { showProgramPage } from './program-page';
import { withProgram } from './with-program';

/** A program's page and the forms on it (each section's actions in its own module). */
export function programRoutes(r: express.Router, deps: PageDeps): void {
  r.get(
    '/dashboard/programs/:programId',
    withProgram(deps, (req, res, u, p) => showProgramPage(deps, req, res, u, p)),
  );
  apiKeyRoutes(r, deps);
  publishableKeyRoutes(r, deps);
  billingRoutes(r, deps);
  connectedAppRoutes(r, deps);
}
