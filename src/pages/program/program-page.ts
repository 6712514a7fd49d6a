import type { Request, Response } from 'express';
import { createLoaders } from '../../modules/loaders';
import type { Program } from '../../modules/programs/program.entity';
import type { Services } from '../../modules/services';
import { csrfToken } from '../cookies';
import type { Raw } from '../html';
import type { PageDeps } from '../page-deps';
import type { PageUser } from '../page-user';
import { renderPage } from '../render-page';
import { programPageView, type ProgramPageData } from './program-page.view';

/** Everything the program page shows, read through the services the APIs use. */
async function readProgramPage(services: Services, u: PageUser, program: Program): Promise<ProgramPageData> {
  // Newest first.
  const keys = (await services.apiKeys.listApiKeys(u.ctx, program.id)).reverse();
  const connections = await services.oauth.listConnections(u.ctx, program.id);
  const deliveries = await services.eventLog.recentDeliveries(u.ctx, program.id);
  const integrations = (await services.billing.listIntegrations(u.ctx, program.id)).map((integration) => ({
    integration,
    url: services.billing.webhookUrl(integration),
  }));
  const billingEvents = (await services.billing.listEvents(u.ctx, program.id, {}, { first: 20 })).nodes;
  // The last 30 days (UTC), from the queries GraphQL `stats` and `topAffiliates` answer with.
  const activity = await services.stats.stats(u.ctx, program.id, { interval: 'day' });
  const leaders = await services.stats.topAffiliates(u.ctx, program.id, { by: 'revenue', first: 10 });
  // The leaders' names in one statement, through the loader GraphQL uses for the same relation.
  const owners = await createLoaders(u.ctx.em, program.id).affiliateById.loadMany(leaders.map((l) => l.affiliateId));
  const names = new Map(
    leaders.map((l, i) => {
      const a = owners[i];
      return [l.affiliateId, a && !(a instanceof Error) ? `${a.firstName} ${a.lastName} <${a.email}>` : l.affiliateId];
    }),
  );
  return { keys, connections, deliveries, integrations, billingEvents, activity, leaders, names };
}

/** Answers with the program's page; after an action, `notice` on top says how it went (a new key, a refused secret, …). */
export async function showProgramPage({ services, origin }: PageDeps, req: Request, res: Response, u: PageUser, program: Program, notice?: Raw): Promise<void> {
  const csrf = csrfToken(req, res, u.sessionExpiresAt);
  const data = await readProgramPage(services, u, program);
  renderPage(req, res, 200, program.name, programPageView(program, origin, csrf, data, notice), u);
}
