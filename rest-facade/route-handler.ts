import type { Request, Response } from 'express';
import type { DocumentNode } from 'graphql';
import { MAX_PAGE_SIZE } from '../src/common/pagination';
import { buildContext } from '../src/graphql/build-context';
import type { GraphQLContext } from '../src/graphql/context';
import { validateInput } from '../src/validation/validator';
import { writeAnswer } from './answer-writer';
import { toDomainError } from './errors';
import type { FacadeDeps } from './facade-deps';
import { facadeLocals } from './facade-locals';
import type { Connection, RestRoute } from './route';
import type { RouteSerializers } from './serializers';

type HandlerDeps = Pick<FacadeDeps, 'executor' | 'orm' | 'services'>;

/** Runs a named operation in-process with the request's context; its first error becomes the REST error. */
export type RunOperation = (ctx: GraphQLContext, name: string, variables: Record<string, unknown>) => Promise<Record<string, unknown>>;

export function operationRunner(deps: HandlerDeps, operations: Map<string, DocumentNode>): RunOperation {
  return async (ctx, name, variables) => {
    const document = operations.get(name) as DocumentNode;
    const result = await deps.executor.run(document, name, variables, ctx);
    if (result.errors?.length) throw toDomainError(result.errors[0], ctx.log, ctx.requestId);
    return result.data as Record<string, unknown>;
  };
}

/**
 * A route's handler: validate the input, choose the operation and its variables, run it with the caller
 * admission found, and write the result as the route's answer.
 */
export function routeHandler(deps: HandlerDeps, run: RunOperation, route: RestRoute, serialize: RouteSerializers) {
  const connectionOf = (data: Record<string, unknown>) => (route.list ? (data[route.list] as Connection | undefined) : undefined);
  return async (req: Request, res: Response) => {
    const { actor, ctx: before } = facadeLocals(res);
    // The context authentication used (one EntityManager fork per request), now with its caller.
    const ctx: GraphQLContext = { ...before!, actor: actor! };

    // Validated once, here: the GraphQL edge trusts a REST execution's variables (src/graphql/input-validation.ts).
    const input = route.method === 'GET' ? validateInput(route.query, req.query, 'query') : validateInput(route.body, req.body, 'body');
    const name = typeof route.operation === 'string' ? route.operation : route.operation(input);
    const variables = route.variables(input);
    const paged = route.pageOnly || input.limit != null || input.after != null;
    const listVars = { ...variables, first: (input.limit as number | undefined) ?? (route.pageOnly ? null : MAX_PAGE_SIZE), after: input.after ?? null };
    const data = await run(ctx, name, route.list ? listVars : variables);
    const nextPage = async (cursor: string) => {
      const pageCtx = buildContext(deps.orm, deps.services, ctx.actor, req.id, req.log, 'rest', req.ip ?? '');
      return connectionOf(await run(pageCtx, name, { ...listVars, after: cursor }))!;
    };
    await writeAnswer(req, res, { route, name, data, connection: connectionOf(data), paged, serialize, nextPage });
  };
}
