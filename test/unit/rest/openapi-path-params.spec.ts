/**
 * How the OpenAPI document (rest-facade/openapi.ts) describes a `{param}` route and a file answer: the path
 * parameter `in: path, required: true` (and not again in the query or the body), the file's media type as a
 * string with its `Content-Disposition`, and the error responses of any route of its method.
 */
import { Type } from '@sinclair/typebox';
import { buildSchema } from 'graphql';
import { REST_ROUTES } from '../../../src/auth/policy';
import { Body, Nullable, OneOf, RequiredText, Text } from '../../../src/validation/kit';
import { field } from '../../../rest-facade/body';
import { routeOperation, type OpenApiInput } from '../../../rest-facade/openapi';
import { route, type RestRoute } from '../../../rest-facade/route';
import type { SchemaHolder } from '../../../rest-facade/openapi-refs';
import type { AnswerMode } from '../../../rest-facade/responses';

const exportBatch = route({
  method: 'GET',
  path: '/batches/{id}/export',
  id: 'exportBatch',
  summary: 'Export a batch',
  description: 'The batch as a file.',
  query: Body({ id: RequiredText(100), format: OneOf(['paypal', 'wise']), note: Nullable(Text(50)) }),
  operation: 'BatchExport',
  variables: (q) => q,
  file: { contentType: 'text/csv; charset=utf-8', render: () => ({ body: '', filename: 'x.csv' }), example: 'ada@example.com,12.50,USD\r\n' },
});
const addNote = route({
  method: 'POST',
  path: '/batches/{id}/notes',
  id: 'addNote',
  summary: 'Add a note',
  description: 'A note.',
  body: Body({ id: RequiredText(100), text: RequiredText(100) }),
  operation: 'NoteAdd',
  variables: (b) => b,
  response: field('addNote'),
});

// The policy names every route; these two only for this file (jest gives each test file its own modules).
beforeAll(() => {
  REST_ROUTES['GET /batches/{id}/export'] = 'payouts';
  REST_ROUTES['POST /batches/{id}/notes'] = 'payouts';
});

const input: OpenApiInput = {
  routes: [exportBatch, addNote],
  answers: [],
  describeInput: (_r, name) => (name === 'id' ? 'The batch.' : undefined),
  graphql: buildSchema('type Query { ok: Boolean }'),
  origin: 'https://example.com',
  partners: [],
};
const note: AnswerMode = { operation: 'NoteAdd', kind: 'single', body: Type.Object({ id: Type.String() }) };
const operation = (r: RestRoute, bodies: SchemaHolder[] = []) => routeOperation(input, r, r.file ? [] : [note], bodies) as Record<string, any>;

test('a GET’s path parameter is in: path, required, and not a query parameter; its other fields stay in the query', () => {
  expect(operation(exportBatch).parameters).toEqual([
    { name: 'id', in: 'path', required: true, description: 'The batch.', schema: { type: 'string', maxLength: 100, pattern: '\\S' } },
    { name: 'format', in: 'query', required: true, schema: { type: 'string', enum: ['paypal', 'wise'] } },
    { name: 'note', in: 'query', required: false, schema: { type: 'string', maxLength: 50 } },
  ]);
});

test('a file answer is its media type as a string, an attachment, with the error responses of every GET', () => {
  const bodies: SchemaHolder[] = [];
  const op = operation(exportBatch, bodies);
  expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
  const ok = op.responses['200'];
  expect(ok.content).toEqual({ 'text/csv': { schema: { type: 'string' }, example: 'ada@example.com,12.50,USD\r\n' } });
  expect(Object.keys(ok.headers)).toEqual(['RateLimit', 'RateLimit-Policy', 'Content-Disposition']);
  expect(ok.headers['Content-Disposition']).toMatchObject({ required: true, schema: { type: 'string' } });
  expect(op.responses['400'].content['application/json']).toBeDefined();
  // No JSON body to turn into components.
  expect(bodies).toEqual([]);
});

test('a write’s path parameter is in: path, and left out of its body', () => {
  const op = operation(addNote, []);
  expect(op.parameters).toEqual([
    { name: 'id', in: 'path', required: true, description: 'The batch.', schema: { type: 'string', maxLength: 100, pattern: '\\S' } },
    { $ref: '#/components/parameters/IdempotencyKey' },
  ]);
  const body = op.requestBody.content['application/json'].schema;
  expect(Object.keys(body.properties)).toEqual(['text']);
  expect(body.required).toEqual(['text']);
});
