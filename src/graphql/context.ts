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

/** The program of a record, for reading: the request's (requireProgram caches it), the credential's, or loaded. */
export async function programOf(ctx: GraphQLContext, programId: string): Promise<Program> {
  const cached = ctx.programs.get(programId);
  if (cached) return cached;
  const a = ctx.actor;
  if ((a.kind === 'apiKey' || a.kind === 'oauth') && a.program?.id === programId) return a.program;
  const p = await ctx.em.findOneOrFail(Program, { id: programId });
  ctx.programs.set(programId, p);
  return p;
}
