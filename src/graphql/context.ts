import type { ServiceContext } from '../common/service-context';
import type { LoaderRegistry } from '../db/loaders';
import { Program } from '../modules/programs/program.entity';
import type { Services } from '../services';

/** The context of one GraphQL execution, whether it came over /graphql or from the REST facade in-process. */
export interface GraphQLContext extends ServiceContext {
  services: Services;
  loaders: LoaderRegistry;
  /** Set by the REST facade, which rate-limits per REST endpoint before executing. */
  via: 'graphql' | 'rest';
}

/**
 * Runs `fn` with the program of a record, for reading: the request's (requireProgram caches it) or the
 * credential's without waiting, else loaded. Field resolvers return plain values when they can: a promise per
 * field makes GraphQL execution take its slow path for every row of a list.
 */
export function withProgram<R>(ctx: GraphQLContext, programId: string, fn: (program: Program) => R): R | Promise<R> {
  const known = ctx.programs.get(programId) ?? actorProgram(ctx, programId);
  if (known) return fn(known);
  return ctx.em.findOneOrFail(Program, { id: programId }).then((p) => {
    ctx.programs.set(programId, p);
    return fn(p);
  });
}

function actorProgram(ctx: GraphQLContext, programId: string): Program | undefined {
  const a = ctx.actor;
  return (a.kind === 'apiKey' || a.kind === 'oauth') && a.program.id === programId ? a.program : undefined;
}
