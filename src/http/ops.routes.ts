import express from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DomainError, errorBody } from '../common/errors';
import { sameSecret } from '../common/ids';
import { databaseReady } from '../db/orm';
import type { Metrics } from '../ops/metrics';

/** Liveness, readiness (the database answers) and the Prometheus metrics (behind METRICS_TOKEN when set). */
export function opsRoutes(orm: MikroORM, metrics: Metrics, metricsToken: string | undefined): express.Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.locals.route = 'GET /healthz';
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.locals.route = 'GET /readyz';
    const ready = await databaseReady(orm);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', database: ready });
  });
  router.get('/metrics', async (req, res) => {
    res.locals.route = 'GET /metrics';
    if (metricsToken && !sameSecret(req.get('authorization') ?? '', `Bearer ${metricsToken}`)) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer')
        .json(errorBody(new DomainError('UNAUTHENTICATED', 'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>"')));
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
