import type { GraphQLSchema } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../src/common/logger';
import type { OperationExecutor } from '../src/graphql/executor';
import type { IdempotencyService } from '../src/modules/idempotency/idempotency.service';
import type { Services } from '../src/modules/services';
import type { RequestLimiter } from '../src/rate-limit/request-limiter';

/** What the REST facade is built from (src/http/rest-api.ts hands it over). */
export interface FacadeDeps {
  schema: GraphQLSchema;
  executor: OperationExecutor;
  orm: MikroORM;
  services: Services;
  /** Idempotency-Key leases (DESIGN.md), shared by every route. */
  idempotency: IdempotencyService;
  limiter: RequestLimiter;
  log: Logger;
  bodyLimitBytes: number;
  /** This server's public origin (PUBLIC_URL): the document's server URL, never the request's Host header. */
  origin: string;
  /** The configured automation partners: the document's OAuth 2.0 schemes. */
  partnerNames: readonly string[];
  /** The budget per client address of the routes the merchant's pages call (CLICKS_PER_MINUTE). */
  clicksPerMinute: number;
}
