import type { MikroORM } from '@mikro-orm/postgresql';
import type { DomainActor } from '../modules/service-context';
import type { Logger } from '../common/logger';
import { LoaderRegistry } from '../modules/loaders';
import type { Services } from '../modules/services';
import type { GraphQLContext } from './context';

/** A fresh unit of work per request: its own EntityManager fork, loaders and program cache. */
export function buildContext(
  orm: MikroORM,
  services: Services,
  actor: DomainActor,
  requestId: string,
  log: Logger,
  via: GraphQLContext['via'],
  clientIp = '',
): GraphQLContext {
  const em = orm.em.fork();
  return { em, actor, requestId, log, programs: new Map(), services, loaders: new LoaderRegistry(em), via, clientIp };
}
