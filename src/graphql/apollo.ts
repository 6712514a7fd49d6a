import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { GraphQLError, Kind, printSchema, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode, type FragmentDefinitionNode } from 'graphql';
import type { GatewayInterface } from '@apollo/server-gateway-interface';
import type { RequestLimiter } from '../rate-limit/request-limiter';
import type { OperationExecutor } from './executor';
import type { GraphQLContext } from './context';
import { formatGraphQLError } from './format-error';
import {
  QUERY_LIMITS,
  coercedVariables,
  depthLimitRule,
  fragmentsOf,
  introspectionBudget,
  introspectionCost,
  introspectionLimitRule,
  operationCost,
} from './query-limits';
import { noNulStringsRule } from './nul-rule';

export type ApolloContext = GraphQLContext;

/**
 * The root fields an operation will call: one per response key (fields under one key merge into one call, so a
 * root field under three aliases is three calls), following fragment spreads at the root, each fragment once.
 * `__schema` and `__type` count as endpoints of their own; `__typename` costs nothing and is not counted.
 */
function rootFields(op: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): string[] {
  const byKey = new Map<string, string>();
  const walked = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (s.name.value !== '__typename') byKey.set(s.alias?.value ?? s.name.value, s.name.value);
      } else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else if (!walked.has(s.name.value)) {
        walked.add(s.name.value);
        const f = fragments.get(s.name.value);
        if (f) walk(f.selectionSet);
      }
    }
  };
  walk(op.selectionSet);
  return [...byKey.values()];
}

const refusal = (message: string) => new GraphQLError(message, { extensions: { code: 'VALIDATION_FAILED', http: { status: 400 } } });

/**
 * Refuses operations whose worst-case cost, with the variable values they will run with, is over the limit, and
 * introspection over its own budget. Variables that do not coerce are refused by execution before anything runs,
 * with the reason: nothing to measure.
 */
function costLimitPlugin(schema: GraphQLSchema): ApolloServerPlugin<ApolloContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, request }) {
          if (!operation) return;
          const fragments = fragmentsOf(document);
          const introspection = introspectionCost(schema, operation, fragments);
          const budget = introspectionBudget(schema);
          if (introspection > budget) throw refusal(`Introspection cost ${introspection} exceeds the maximum of ${budget}; ask for less of the schema`);
          const variables = coercedVariables(schema, operation, request.variables ?? {});
          if (!variables) return;
          const cost = operationCost(schema, operation, fragments, variables);
          if (cost > QUERY_LIMITS.maxCost) {
            throw refusal(`Query cost ${cost} exceeds the maximum of ${QUERY_LIMITS.maxCost}; ask for smaller pages`);
          }
        },
      };
    },
  };
}

/** Rate limits per root field (each one is an endpoint), before anything executes; headers on every answer. */
function rateLimitPlugin(limiter: RequestLimiter): ApolloServerPlugin<ApolloContext> {
  return {
    async requestDidStart() {
      let limited = false;
      return {
        // A request that never reached an operation (unparsable, invalid) still counts, in a bucket of its own.
        async willSendResponse({ contextValue, response }) {
          if (limited || !contextValue?.actor) return;
          const outcome = await limiter.check(contextValue.actor, ['graphql invalid'], 'reads', contextValue.clientIp ?? '');
          for (const [k, v] of Object.entries(outcome.headers)) response.http.headers.set(k, v);
        },
        async didResolveOperation({ operation, document, contextValue, response }) {
          if (!operation) return;
          const fields = rootFields(operation, fragmentsOf(document));
          if (!fields.length) return;
          const kind = operation.operation === 'query' ? 'reads' : 'writes';
          const outcome = await limiter.check(
            contextValue.actor,
            fields.map((f) => `${operation.operation} ${f}`),
            kind,
            contextValue.clientIp ?? '',
          );
          limited = true;
          for (const [k, v] of Object.entries(outcome.headers)) response.http.headers.set(k, v);
          if (!outcome.allowed) {
            throw new GraphQLError(`Rate limit exceeded; retry in ${outcome.headers['Retry-After']} s`, {
              extensions: { code: 'RATE_LIMITED', http: { status: 429, headers: new Map(Object.entries(outcome.headers)) } },
            });
          }
        },
      };
    },
  };
}

/**
 * Apollo runs operations through our compiled executor. Its documented extension point for that is the gateway
 * interface: a fixed schema and an executor, no schema updates.
 */
function compiledExecution(schema: GraphQLSchema, executor: OperationExecutor): GatewayInterface {
  return {
    async load() {
      return { schema, executor: (rc) => executor.run(rc.document, rc.operationName, rc.request.variables, rc.context) };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => undefined;
    },
    async stop() {},
  } as GatewayInterface;
}

export function createApollo(schema: GraphQLSchema, executor: OperationExecutor, limiter: RequestLimiter, introspection = true): ApolloServer<ApolloContext> {
  return new ApolloServer<ApolloContext>({
    gateway: compiledExecution(schema, executor),
    introspection,
    validationRules: [depthLimitRule(QUERY_LIMITS.maxDepth), introspectionLimitRule(), noNulStringsRule],
    csrfPrevention: true,
    // Shutdown is ours (src/main.ts): finish HTTP, then Apollo, then the database, once.
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: false,
    formatError: (formatted, error) => formatGraphQLError(formatted, error),
    plugins: [
      // Apollo installs cache control by default; it hooks every field resolution (measured: a fifth of the
      // dashboard query's CPU) for Cache-Control hints this API never sends.
      ApolloServerPluginCacheControlDisabled(),
      rateLimitPlugin(limiter),
      costLimitPlugin(schema),
      {
        async requestDidStart({ contextValue }) {
          return {
            async didEncounterErrors({ errors }) {
              for (const e of errors) {
                // Only what the client will see as INTERNAL is ours to log: parse, validation and domain errors
                // are the caller's (logging them let one request write a hundred stack traces, values included).
                const code = formatGraphQLError(e, e).extensions?.code;
                // Answered 503 UNAVAILABLE, not a resolver bug: a warning, as the REST facade logs it.
                if (code === 'UNAVAILABLE') contextValue.log.warn({ err: e.originalError ?? e }, 'database unavailable');
                else if (code === 'INTERNAL') contextValue.log.error({ err: e.originalError ?? e }, 'graphql resolver error');
              }
            },
            async willSendResponse({ response }) {
              // Internal errors carry the request id that is also in the log line.
              if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
              // A refusal to retry later is an HTTP answer too: 429 or 503 with Retry-After, as on REST.
              for (const e of response.body.singleResult.errors) {
                const status = e.extensions?.code === 'RATE_LIMITED' ? 429 : e.extensions?.code === 'UNAVAILABLE' ? 503 : undefined;
                if (!status) continue;
                response.http.status = status;
                if (e.extensions?.retryAfter !== undefined) response.http.headers.set('Retry-After', String(e.extensions.retryAfter));
                break;
              }
              for (const e of response.body.singleResult.errors) {
                if (e.extensions?.code === 'INTERNAL') {
                  (e as { message: string }).message = `Internal server error (request id ${contextValue.requestId})`;
                  (e.extensions as Record<string, unknown>).requestId = contextValue.requestId;
                }
              }
            },
          };
        },
      },
    ],
  });
}
