import type express from 'express';
import { programListView } from './dashboard.view';
import type { PageDeps } from './page-deps';
import { renderPage } from './render-page';

/** The dashboard's first page: the signed-in user's programs. */
export function dashboardRoutes(r: express.Router, { services, requireUser }: PageDeps): void {
  r.get('/dashboard', async (req, res) => {
    const u = await requireUser(req, res);
    if (!u) return;
    const programs = await services.programs.listPrograms(u.ctx);
    renderPage(req, res, 200, 'Your programs', programListView(programs), u);
  });
}
