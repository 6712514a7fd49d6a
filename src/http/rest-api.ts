import type express from 'express';
import { restFacade } from '../../rest-facade/router';
import { publicOrigin } from '../config/config';
import type { OperationExecutor } from '../graphql/executor';
import { IdempotencyService } from '../modules/idempotency/idempotency.service';
import type { AppDeps } from './app-deps';

/** The REST facade (/api/v1) with what it needs from the app's configuration. */
export function restApi(deps: AppDeps, executor: OperationExecutor): express.Router {
  const { config, log, orm, services, limiter, schema, partners } = deps;
  return restFacade({
    schema,
    executor,
    orm,
    services,
    idempotency: new IdempotencyService(orm),
    limiter,
    log,
    bodyLimitBytes: config.bodyLimitBytes,
    origin: publicOrigin(config),
    partnerNames: [...partners.partners.keys()],
    clicksPerMinute: config.clicksPerMinute,
  });
}
