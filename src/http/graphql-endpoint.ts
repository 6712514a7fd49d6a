import express, { type RequestHandler } from 'express';
import { expressMiddleware } from '@as-integrations/express5';
import { createApollo } from '../graphql/apollo';
import type { OperationExecutor } from '../graphql/executor';
import { refuseNulInGraphQL, refuseOversizeDocuments } from '../graphql/http-guards';
import { API_HEADERS } from '../ops/api-headers';
import type { AppDeps } from './app-deps';
import { graphqlContext } from './graphql-context';

/** The /graphql endpoint's middleware, in order, and how to stop its server. */
export interface GraphQLEndpoint {
  handlers: RequestHandler[];
  stop: () => Promise<void>;
}

/** Apollo, started, behind the API headers, its own JSON body parser and the guards that refuse a request before parsing it. */
export async function graphqlEndpoint(deps: AppDeps, executor: OperationExecutor): Promise<GraphQLEndpoint> {
  const { config, orm, services, limiter, schema } = deps;
  const apollo = createApollo(schema, executor, limiter);
  await apollo.start();
  const handlers: RequestHandler[] = [
    (_req, res, next) => {
      res.locals.route = 'POST /graphql';
      res.set(API_HEADERS);
      next();
    },
    express.json({ limit: config.bodyLimitBytes }),
    refuseNulInGraphQL,
    refuseOversizeDocuments,
    expressMiddleware(apollo, { context: graphqlContext(orm, services, limiter) }),
  ];
  return { handlers, stop: () => apollo.stop() };
}
