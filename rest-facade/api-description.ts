import { getNamedType, isInputObjectType, Kind, type DocumentNode, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { openApiDocument } from './openapi';
import { answerModes, type AnswerMode } from './responses';
import { operationsOf, type RestRoute } from './route';

/** The GraphQL descriptions of the arguments and input fields a document's root fields take, by name. */
function inputDescriptions(schema: GraphQLSchema, document: DocumentNode, into: Map<string, string>): void {
  const addInput = (type: GraphQLInputType, depth: number) => {
    const named = getNamedType(type);
    if (!isInputObjectType(named) || depth > 2) return;
    for (const f of Object.values(named.getFields())) {
      if (f.description && !into.has(f.name)) into.set(f.name, f.description);
      addInput(f.type, depth + 1);
    }
  };
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = def.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
    for (const sel of def.selectionSet.selections) {
      if (sel.kind !== Kind.FIELD) continue;
      for (const arg of root?.getFields()[sel.name.value]?.args ?? []) {
        if (arg.description && !into.has(arg.name)) into.set(arg.name, arg.description);
        addInput(arg.type, 0);
      }
    }
  }
}

/** What the route table says about the API, computed once at start-up: the 200 bodies and the document. */
export interface ApiDescription {
  /** Per route (the table's order): the bodies it answers with 200. */
  answers: AnswerMode[][];
  /** The OpenAPI 3.1 document for a server at `origin` with these automation partners. */
  document(origin: string, partners: readonly string[]): Record<string, unknown>;
}

export function describeApi(routes: RestRoute[], schema: GraphQLSchema, operations: Map<string, DocumentNode>): ApiDescription {
  const answers = routes.map((r) => answerModes(r, schema, operations));
  const descriptions = new Map<RestRoute, Map<string, string>>();
  for (const r of routes) {
    const m = new Map<string, string>();
    for (const name of operationsOf(r)) inputDescriptions(schema, operations.get(name)!, m);
    descriptions.set(r, m);
  }
  return {
    answers,
    document: (origin, partners) =>
      openApiDocument({ routes, answers, graphql: schema, origin, partners, describeInput: (r, name) => descriptions.get(r)?.get(name) }),
  };
}
