import type { ServiceContext } from '../modules/service-context';
import type { LoaderRegistry } from '../modules/loaders';
import type { Program } from '../modules/programs/program.entity';
import type { Services } from '../modules/services';

/** The context of one GraphQL execution, whether it came over /graphql or from the REST facade in-process. */
export interface GraphQLContext extends ServiceContext {
  services: Services;
  loaders: LoaderRegistry;
  /** Set by the REST facade, which rate-limits per REST endpoint before executing. */
  via: 'graphql' | 'rest';
}

/** Runs `fn` with the program of a record (see ProgramService.programOf): plain when the program is known. */
export function withProgram<R>(ctx: GraphQLContext, programId: string, fn: (program: Program) => R): R | Promise<R> {
  const program = ctx.services.programs.programOf(ctx, programId);
  return program instanceof Promise ? program.then(fn) : fn(program);
}
