import type { TObject } from '@sinclair/typebox';
import { inputSchema, type RestRoute } from './route';

type JsonSchema = Record<string, any>;

/** The validator's wording annotations (src/validation/kit.ts): not JSON Schema, so not in the document. */
const WORDING = new Set(['errorMessage', 'errorDetail']);

/** The schema as plain JSON Schema: TypeBox's symbols and the validator's wording left out. */
const plain = (schema: unknown): JsonSchema => JSON.parse(JSON.stringify(schema, (key, value) => (WORDING.has(key) ? undefined : value)));

/** A query parameter's schema: a query string has no null, so an optional field's null branch is dropped. */
const parameterSchema = (s: JsonSchema): JsonSchema =>
  Array.isArray(s.anyOf) && s.anyOf.some((x: JsonSchema) => x.type === 'null') ? s.anyOf.find((x: JsonSchema) => x.type !== 'null') : s;

function queryParameters(schema: TObject): Array<Record<string, unknown>> {
  const s = plain(schema);
  const required = new Set<string>(s.required ?? []);
  return Object.entries(s.properties as Record<string, JsonSchema>).map(([name, p]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: parameterSchema(p),
  }));
}

const ERROR = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

/**
 * An OpenAPI 3.1 description generated from the route table: each route's input is the JSON Schema the
 * validator checks (src/validation/schemas), so the document cannot drift from what is accepted.
 */
export function openApiDocument(routes: RestRoute[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const op: Record<string, unknown> = {
      operationId: typeof r.operation === 'string' ? r.operation : `${r.method.toLowerCase()}${r.path.replace(/\W/g, '_')}`,
      security: [{ bearer: [] }],
      responses: {
        200: { description: 'Success', content: { 'application/json': {} } },
        400: errorResponse('Invalid input or a violated rule'),
        401: errorResponse('Missing, malformed, unknown or revoked credential'),
        403: errorResponse('Credential outside its scope'),
        404: errorResponse('Not found'),
        429: errorResponse('Rate limited (see Retry-After)'),
        500: errorResponse('Operation failed'),
      },
    };
    if (r.method === 'GET') op.parameters = queryParameters(r.query);
    else op.requestBody = { required: true, content: { 'application/json': { schema: { required: [], ...plain(inputSchema(r)) } } } };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Affiliate Program Service API', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: {
            error: { type: 'string' },
            code: { type: 'string' },
            details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
          },
        },
      },
    },
    paths,
  };
}
