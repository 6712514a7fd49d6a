import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../identity/actor';
import type { Logger } from '../common/logger';
import type { Program } from './programs/program.entity';
import type { LoaderRegistry } from './loaders';

/** A caller as the domain sees it: a credential's program is the domain's Program, as read with the credential. */
export type DomainActor = Actor<Program>;

/** What every service method takes first: the request's unit of work, who is calling, and for which program. */
export interface ServiceContext {
  em: EntityManager;
  actor: DomainActor;
  requestId: string;
  log: Logger;
  /** Cache of programs this request resolved, keyed by id. */
  programs: Map<string, Program>;
  /** The caller's address (Express `req.ip`, which honours TRUST_PROXY only); '' when there is no HTTP request. */
  clientIp?: string;
  /** The caller's User-Agent, where a service needs it (a click recorded from the visitor's own browser). */
  userAgent?: string;
  /** The request's batched lookups (GraphQL executions): a service that read related rows anyway primes them. */
  loaders?: LoaderRegistry;
}

/**
 * The context of a call made before anyone is signed in (sign-up, sign-in, a credential to check, public click
 * tracking, the token endpoint) or with no caller at all (workers, the CLI's and the demo's provisioning): the
 * anonymous actor on `em`.
 */
export function anonymousContext(em: EntityManager, log: Logger, requestId = '', clientIp = ''): ServiceContext {
  return { em, actor: { kind: 'anonymous' }, requestId, log, programs: new Map(), clientIp };
}
