import express, { type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DomainError } from '../common/errors';
import { anonymousContext } from '../modules/service-context';
import type { Services } from '../modules/services';
import type { RequestLimiter } from '../rate-limit/request-limiter';
import { deadLinkPage } from './dead-link.page';

/**
 * Public click tracking: record the visit, then send the visitor on to the program's own site. A link's
 * trackingUrl is /r/<program id>/<slug>; the older /r/<slug> still works while one program has the slug.
 * Limited per client address (a fixed budget no person reaches): over it, 429 and nothing is recorded.
 */
export function clickRedirects(orm: MikroORM, services: Services, limiter: RequestLimiter, clicksPerMinute: number): express.Router {
  const clickPolicy = { name: 'clicks', max: clicksPerMinute, windowMs: 60_000 };
  const track = async (req: Request, res: Response, programId: string | undefined) => {
    res.locals.route = programId === undefined ? 'GET /r/:slug' : 'GET /r/:programId/:slug';
    const limit = await limiter.check({ kind: 'anonymous' }, ['GET /r'], clickPolicy, req.ip ?? '');
    res.set(limit.headers);
    if (!limit.allowed) throw new DomainError('RATE_LIMITED', `Rate limit exceeded; retry in ${limit.headers['Retry-After']} s`);
    const q = req.query as Record<string, unknown>;
    const visit = await services.clicks.trackVisit(
      anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? ''),
      String(req.params.slug),
      programId ?? (typeof q.program === 'string' ? q.program : undefined),
      typeof q.to === 'string' ? q.to : undefined,
      { referrer: req.get('referer') ?? null, userAgent: req.get('user-agent') ?? null, ip: req.ip ?? null },
    );
    if (visit.location !== undefined) res.set('Cache-Control', 'no-store').redirect(302, visit.location);
    else deadLinkPage(res, visit.notFound);
  };
  const router = express.Router();
  router.get('/r/:programId/:slug', (req, res) => track(req, res, String(req.params.programId)));
  router.get('/r/:slug', (req, res) => track(req, res, undefined));
  return router;
}
