import type express from 'express';
import { DomainError } from '../../common/errors';
import { requireCsrf } from '../cookies';
import type { PageDeps } from '../page-deps';
import { billingRefusedNotice, stripeConnectedNotice } from './billing.view';
import { showProgramPage } from './program-page';
import { withProgram } from './with-program';

/** Billing integrations: connecting Stripe (a refused secret is said on the page) and disconnecting it. */
export function billingRoutes(r: express.Router, deps: PageDeps): void {
  const { services } = deps;
  r.post(
    '/dashboard/programs/:programId/billing',
    requireCsrf,
    withProgram(deps, async (req, res, u, p) => {
      const secret = typeof req.body.signingSecret === 'string' ? req.body.signingSecret : '';
      try {
        const i = await services.billing.createIntegration(u.ctx, p.id, { provider: 'stripe', signingSecret: secret });
        await showProgramPage(deps, req, res, u, p, stripeConnectedNotice(services.billing.webhookUrl(i)));
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'VALIDATION_FAILED') throw err;
        await showProgramPage(deps, req, res, u, p, billingRefusedNotice(err.message));
      }
    }),
  );
  r.post(
    '/dashboard/programs/:programId/billing/:integrationId/delete',
    requireCsrf,
    withProgram(deps, async (req, res, u, p) => {
      try {
        await services.billing.deleteIntegration(u.ctx, p.id, String(req.params.integrationId));
      } catch (err) {
        // Gone already (or never this program's): nothing to disconnect, back to the page.
        if (!(err instanceof DomainError) || err.code !== 'NOT_FOUND') throw err;
      }
      res.redirect(303, `/dashboard/programs/${p.id}`);
    }),
  );
}
