import { isObjectType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { PresentDeps, Presenter } from '../modules/presenter';
import { PRESENTERS } from '../modules/presenters';
import { withProgram, type GraphQLContext } from './context';

/**
 * The GraphQL object types answer from the resources' presenters (src/modules/presenter.ts): every computed
 * field a presenter names resolves through it, the fields it carries as they are keep graphql's default
 * resolver (no call per row), and relations are declared by the resolvers (the related type's class is theirs
 * to import) and load through `loadRelation`. A type and its presenter must list the same fields, or the server does
 * not start: the GraphQL type, the REST body and the webhook payload cannot drift apart.
 */
export function applyPresenters(schema: GraphQLSchema): GraphQLSchema {
  const problems = PRESENTERS.flatMap((p) => presenterProblems(schema, p));
  if (problems.length) throw new Error(`GraphQL types and presenters differ:\n  ${problems.join('\n  ')}`);
  for (const presenter of PRESENTERS) {
    const fields = (schema.getType(presenter.typeName) as GraphQLObjectType).getFields();
    for (const [name, fn] of Object.entries(presenter.computed as Record<string, (s: unknown, d: PresentDeps) => unknown>)) {
      fields[name].resolve = (source: { programId: string }, _args, ctx: GraphQLContext) => fn(source, depsOf(ctx, source.programId));
    }
  }
  return schema;
}

/** What differs between a presenter and its GraphQL type (empty when they agree). */
export function presenterProblems(schema: GraphQLSchema, p: Presenter<any, any, any>): string[] {
  const type = schema.getType(p.typeName);
  if (!isObjectType(type)) return [`${p.typeName}: no such object type`];
  const described = [...p.same.map(String), ...Object.keys(p.computed), ...Object.keys(p.relations), ...(p.graphqlOnly ?? [])];
  const fields = Object.keys(type.getFields());
  return [
    ...fields.filter((f) => !described.includes(f)).map((f) => `${p.typeName}.${f} is not in its presenter`),
    ...described.filter((f) => !fields.includes(f)).map((f) => `${p.typeName}.${f} is in its presenter but not in the GraphQL type`),
  ];
}

/** One deps object per execution and program, not one per field of every row. */
const depsCache = new WeakMap<GraphQLContext, Map<string, PresentDeps>>();

function depsOf(ctx: GraphQLContext, programId: string): PresentDeps {
  let byProgram = depsCache.get(ctx);
  if (!byProgram) depsCache.set(ctx, (byProgram = new Map()));
  let deps = byProgram.get(programId);
  if (!deps) {
    deps = { loaders: ctx.loaders.for(programId), program: (fn) => withProgram(ctx, programId, fn) };
    byProgram.set(programId, deps);
  }
  return deps;
}

/** The related resource(s) of a relation the presenter names, loaded as the presenter says. */
export function loadRelation<S extends { programId: string }>(presenter: Presenter<S, any, any>, name: string, source: S, ctx: GraphQLContext): unknown {
  return presenter.relations[name].load(source, depsOf(ctx, source.programId));
}
