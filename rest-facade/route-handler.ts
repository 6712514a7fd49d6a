import type { Request, Response } from 'express';
import type { DocumentNode } from 'graphql';
import { DomainError } from '../src/common/errors';
import { MAX_PAGE_SIZE } from '../src/common/pagination';
import { buildContext } from '../src/graphql/build-context';
import type { GraphQLContext } from '../src/graphql/context';
import { validateInput, type InputLocation } from '../src/validation/validator';
import { writeAnswer } from './answer-writer';
import { toDomainError } from './errors';
import type { FacadeDeps } from './facade-deps';
import { facadeLocals } from './facade-locals';
import { inputSchema, type Connection, type RestRoute } from './route';
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
 * The input with the path's parameters (`/batches/{id}`) as fields, first. The same field also sent in the query
 * or body is refused rather than one silently winning: which id the client meant is not ours to guess. A body
 * that is no object is passed on as sent, for the validator to refuse.
 */
export function withPathParams(sent: unknown, params: Record<string, string>, where: InputLocation): unknown {
  if (sent !== undefined && sent !== null && (typeof sent !== 'object' || Array.isArray(sent))) return sent;
  const fields = (sent ?? {}) as Record<string, unknown>;
  const twice = Object.keys(params).filter((name) => Object.hasOwn(fields, name));
  if (twice.length) {
    const problems = twice.map((field) => ({
      field,
      message: `${field} is given in the path; do not send it ${where === 'query' ? 'as a query parameter' : 'in the body'} too`,
    }));
    throw new DomainError('VALIDATION_FAILED', problems.map((p) => p.message).join('; '), problems);
  }
  // Spread, not Object.assign: a body's own "__proto__" stays a field (for the validator to refuse).
  return { ...params, ...fields };
}

/**
 * A route's handler: validate the input, choose the operation and its variables, run it with the caller
 * admission found, and write the result as the route's answer.
 */
export function routeHandler(deps: HandlerDeps, run: RunOperation, route: RestRoute, serialize: RouteSerializers) {
  const connectionOf = (data: Record<string, unknown>) => (route.list ? (data[route.list] as Connection | undefined) : undefined);
  const where: InputLocation = route.method === 'GET' ? 'query' : 'body';
  const schema = inputSchema(route);
  return async (req: Request, res: Response) => {
    const { actor, ctx: before, pathParams } = facadeLocals(res);
    // The context authentication used (one EntityManager fork per request), now with its caller.
    const ctx: GraphQLContext = { ...before!, actor: actor! };

    // Validated once, here: the GraphQL edge trusts a REST execution's variables (src/graphql/input-validation.ts).
    const sent: unknown = where === 'query' ? req.query : req.body;
    const input = validateInput(schema, pathParams ? withPathParams(sent, pathParams, where) : sent, where);
    const name = typeof route.operation === 'string' ? route.operation : route.operation(input);
    const variables = route.variables(input);
    const paged = route.pageOnly || input.limit != null || input.after != null;
    const listVars = { ...variables, first: (input.limit as number | undefined) ?? (route.pageOnly ? null : MAX_PAGE_SIZE), after: input.after ?? null };
    const data = await run(ctx, name, route.list ? listVars : variables);
    const nextPage = async (cursor: string) => {
      const pageCtx = buildContext(deps.orm, deps.services, ctx.actor, req.id, req.log, 'rest', req.ip ?? '');
      return connectionOf(await run(pageCtx, name, { ...listVars, after: cursor }))!;
    };
    await writeAnswer(req, res, { route, input, name, data, connection: connectionOf(data), paged, serialize, nextPage });
  };
}
