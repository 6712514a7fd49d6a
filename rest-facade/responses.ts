import { Type, type TSchema } from '@sinclair/typebox';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { operationDataSchema } from './response-schema';
import { operationsOf, type RestRoute } from './route';

/** One way a route answers 200: a single body (a record, null, a confirmation) or a list of nodes. */
export type AnswerMode = { operation: string; kind: 'single'; body: TSchema } | { operation: string; kind: 'list'; node: TSchema };

const propertyOf = (schema: TSchema, key: string): TSchema | undefined => (schema.properties as Record<string, TSchema> | undefined)?.[key];

/**
 * The bodies a route answers with 200, one per operation it may run, each derived from the operation's
 * selection and the route's body shape; none for a route that answers a file. Throws at start-up when a
 * route and its operations disagree.
 */
export function answerModes(route: RestRoute, schema: GraphQLSchema, operations: Map<string, DocumentNode>): AnswerMode[] {
  const names = operationsOf(route);
  if (!names.length) throw new Error(`route ${route.method} ${route.path} chooses its operation but lists none in \`operations\``);
  const documents = names.map((name) => {
    const document = operations.get(name);
    if (!document) throw new Error(`route ${route.method} ${route.path} names unknown operation ${name}`);
    return document;
  });
  // A file is rendered from the result, not serialized: no JSON body, so no serializer and no body schema.
  if (route.file) return [];
  return names.map((name, i) => {
    const document = documents[i];
    const data = operationDataSchema(schema, document);
    const connection = route.list ? propertyOf(data, route.list) : undefined;
    if (connection) {
      const nodes = propertyOf(connection, 'nodes');
      if (!nodes?.items) throw new Error(`operation ${name}: ${route.list} selects no nodes`);
      const node = nodes.items as TSchema;
      return { operation: name, kind: 'list', node: route.node ? route.node.schema(node) : node };
    }
    if (!route.response) throw new Error(`route ${route.method} ${route.path}: operation ${name} is not a list and the route has no response shape`);
    return { operation: name, kind: 'single', body: route.response.schema(data) };
  });
}

/** The body schema of a mode: a list answers one JSON array of its nodes. */
export const bodyOf = (mode: AnswerMode): TSchema => (mode.kind === 'list' ? Type.Array(mode.node) : mode.body);
