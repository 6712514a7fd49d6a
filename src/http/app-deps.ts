import type { GraphQLSchema } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config';
import type { Logger } from '../common/logger';
import type { PartnerRegistry } from '../modules/oauth/partners';
import type { Services } from '../modules/services';
import type { Metrics } from '../ops/metrics';
import type { RequestLimiter } from '../rate-limit/request-limiter';

/** What the HTTP app is composed from (src/bootstrap.ts starts them). */
export interface AppDeps {
  partners: PartnerRegistry;
  config: AppConfig;
  log: Logger;
  orm: MikroORM;
  services: Services;
  limiter: RequestLimiter;
  schema: GraphQLSchema;
  metrics: Metrics;
}
