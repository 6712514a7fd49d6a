import type { RestRoute } from './route';
import type { FieldSpec } from './validate';

function schemaOf(spec: FieldSpec): Record<string, unknown> {
  const t = spec.type;
  if (typeof t === 'object' && 'enum' in t) return { type: 'string', enum: [...t.enum] };
  if (typeof t === 'object') return { type: 'object', additionalProperties: false, properties: Object.fromEntries(Object.entries(t.object).map(([k, s]) => [k, schemaOf(s)])) };
  if (t === 'email') return { type: 'string', format: 'email' };
  if (t === 'datetime') return { type: 'string', format: 'date-time' };
  if (t === 'int64') return { type: 'integer', format: 'int64', minimum: 1 };
  if (t === 'stringArray') return { type: 'array', items: { type: 'string' } };
  if (t === 'string') return { type: 'string', ...(spec.max ? { maxLength: spec.max } : {}) };
  return { type: t };
}

const ERROR = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

/** An OpenAPI 3.1 description generated from the route table, so it cannot drift from what is served. */
export function openApiDocument(routes: RestRoute[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const fields = Object.entries(r.fields);
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
    if (r.method === 'GET') {
      op.parameters = fields.map(([name, spec]) => ({ name, in: 'query', required: !!spec.required, schema: schemaOf(spec) }));
    } else {
      op.requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              required: fields.filter(([, s]) => s.required).map(([n]) => n),
              properties: Object.fromEntries(fields.map(([n, s]) => [n, schemaOf(s)])),
            },
          },
        },
      };
    }
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
