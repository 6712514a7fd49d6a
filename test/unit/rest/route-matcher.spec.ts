/**
 * How a request finds its route (rest-facade/route-matcher.ts): exact paths by one lookup, then `{param}`
 * templates; a concrete path wins over a template, literal segments over parameters; parameters are
 * percent-decoded, and one that cannot be decoded matches nothing (a 404, never a 500). And what
 * checkRouteTable refuses at start (rest-facade/route-table.ts).
 */
import type { TObject } from '@sinclair/typebox';
import { Body, Id64, Int, OneOf, RequiredText, Text, Nullable } from '../../../src/validation/kit';
import type { DomainError } from '../../../src/common/errors';
import { compileRouteTable, pathParameters } from '../../../rest-facade/route-matcher';
import { checkRouteTable, routeProblems } from '../../../rest-facade/route-table';
import { withPathParams } from '../../../rest-facade/route-handler';
import { route, type RestRoute } from '../../../rest-facade/route';

const get = (path: string, query: TObject = Body({ id: RequiredText(100) })): RestRoute =>
  route({
    method: 'GET',
    path,
    query,
    id: path,
    summary: '',
    description: '',
    operation: 'Op',
    variables: () => ({}),
    response: { map: (v) => v, schema: (s) => s },
  });
const post = (path: string, body: TObject = Body({ id: RequiredText(100) })): RestRoute =>
  route({
    method: 'POST',
    path,
    body,
    id: path,
    summary: '',
    description: '',
    operation: 'Op',
    variables: () => ({}),
    response: { map: (v) => v, schema: (s) => s },
  });

describe('pathParameters', () => {
  test('names the {params} of a template in order; a static path has none', () => {
    expect(pathParameters('/batches')).toEqual([]);
    expect(pathParameters('/batches/{id}/export')).toEqual(['id']);
    expect(pathParameters('/programs/{programId}/batches/{batch_id}')).toEqual(['programId', 'batch_id']);
  });

  test.each(['/files/{name}.csv', '/batches/{id', '/batches/id}', '/batches/{}', '/batches/{1d}', '/batches/{a-b}'])('%s is refused', (path) => {
    expect(() => pathParameters(path)).toThrow(/is not a path parameter/);
  });

  test('a name used twice is refused', () => {
    expect(() => pathParameters('/a/{id}/b/{id}')).toThrow(/names \{id\} twice/);
  });
});

describe('compileRouteTable', () => {
  const listBatches = get('/batches');
  const createBatch = post('/batches');
  const exportBatch = get('/batches/{id}/export');
  const latestExport = get('/batches/latest/export');
  const batch = get('/batches/{id}');
  const deleteBatch = route({ ...post('/batches/{id}'), method: 'DELETE' } as RestRoute);
  const summary = get('/batches/summary', Body({}));
  const table = compileRouteTable([listBatches, createBatch, exportBatch, latestExport, batch, deleteBatch, summary]);

  test('a static path is one lookup, answered with the same match object every time and no parameters', () => {
    const first = table.match('GET', '/batches');
    expect(first).toEqual({ route: listBatches });
    expect(first!.params).toBeUndefined();
    expect(table.match('GET', '/batches')).toBe(first);
    expect(table.match('POST', '/batches')!.route).toBe(createBatch);
  });

  test('a templated path matches with its parameters percent-decoded', () => {
    expect(table.match('GET', '/batches/0192f0c4-5f6e/export')).toEqual({ route: exportBatch, params: { id: '0192f0c4-5f6e' } });
    expect(table.match('GET', '/batches/a%20b%2Fc%C3%A9/export')).toEqual({ route: exportBatch, params: { id: 'a b/cé' } });
    expect(table.match('GET', '/batches/x')).toEqual({ route: batch, params: { id: 'x' } });
    expect(table.match('DELETE', '/batches/x')).toEqual({ route: deleteBatch, params: { id: 'x' } });
  });

  test('a parameter is one non-empty segment; literals match exactly (case and encoding included)', () => {
    expect(table.match('GET', '/batches//export')).toBeUndefined();
    expect(table.match('GET', '/batches/a/b/export')).toBeUndefined();
    expect(table.match('GET', '/batches/a/Export')).toBeUndefined();
    expect(table.match('GET', '/batches/a/%65xport')).toBeUndefined();
    expect(table.match('GET', '/batches/a/export/more')).toBeUndefined();
  });

  test('a malformed percent-encoding matches nothing instead of throwing', () => {
    for (const path of ['/batches/%E0%A4%A/export', '/batches/%/export', '/batches/%zz']) {
      expect(() => table.match('GET', path)).not.toThrow();
      expect(table.match('GET', path)).toBeUndefined();
      expect(table.routesAt(path)).toBeUndefined();
    }
  });

  test('literal segments win over parameters, whatever the order of the table', () => {
    expect(table.match('GET', '/batches/latest/export')).toEqual({ route: latestExport });
    const reversed = compileRouteTable([get('/a/{x}/b'), get('/a/c/{y}')]);
    expect(reversed.match('GET', '/a/c/b')!.params).toEqual({ y: 'b' });
    expect(reversed.match('GET', '/a/d/b')!.params).toEqual({ x: 'd' });
  });

  test('a concrete path wins over a template for every method: its other methods are not the template’s', () => {
    // DELETE /batches/{id} exists, but /batches/summary is a path of its own that has only GET.
    expect(table.match('DELETE', '/batches/summary')).toBeUndefined();
    expect(table.routesAt('/batches/summary')).toEqual({ path: '/batches/summary', methods: ['GET'] });
  });

  test('a method a matched template lacks is no route; routesAt names the template and its methods (for Allow)', () => {
    expect(table.match('POST', '/batches/a/export')).toBeUndefined();
    expect(table.routesAt('/batches/a/export')).toEqual({ path: '/batches/{id}/export', methods: ['GET'] });
    expect(table.routesAt('/batches/a')).toEqual({ path: '/batches/{id}', methods: ['GET', 'DELETE'] });
    expect(table.routesAt('/batches')).toEqual({ path: '/batches', methods: ['GET', 'POST'] });
    expect(table.routesAt('/nothing/here')).toBeUndefined();
  });

  test('two templates that differ only in their parameters’ names are refused', () => {
    expect(() => compileRouteTable([get('/batches/{id}'), post('/batches/{batchId}', Body({ batchId: RequiredText(10) }))])).toThrow(
      /route paths \/batches\/\{id\} and \/batches\/\{batchId\} are the same path/,
    );
  });
});

describe('withPathParams', () => {
  test('the parameters join the query or body, first', () => {
    expect(withPathParams({ format: 'wise' }, { id: 'b1' }, 'query')).toEqual({ id: 'b1', format: 'wise' });
    expect(Object.keys(withPathParams({ format: 'wise' }, { id: 'b1' }, 'query') as object)).toEqual(['id', 'format']);
    expect(withPathParams(undefined, { id: 'b1' }, 'body')).toEqual({ id: 'b1' });
    expect(withPathParams(null, { id: 'b1' }, 'body')).toEqual({ id: 'b1' });
  });

  test('the same field in the path and the query or body is refused, not overridden', () => {
    const refusal = (sent: unknown, where: 'query' | 'body') => {
      try {
        withPathParams(sent, { id: 'b1' }, where);
      } catch (err) {
        return err as DomainError;
      }
      throw new Error('not refused');
    };
    const q = refusal({ id: 'b2' }, 'query');
    expect(q.code).toBe('VALIDATION_FAILED');
    expect(q.details).toEqual([{ field: 'id', message: 'id is given in the path; do not send it as a query parameter too' }]);
    expect(refusal({ id: 'b1', note: 'x' }, 'body').details).toEqual([{ field: 'id', message: 'id is given in the path; do not send it in the body too' }]);
  });

  test('a body that is no object is left for the validator to refuse; an own "__proto__" stays a field', () => {
    expect(withPathParams(['x'], { id: 'b1' }, 'body')).toEqual(['x']);
    expect(withPathParams('text', { id: 'b1' }, 'body')).toBe('text');
    const merged = withPathParams(JSON.parse('{"__proto__": {"admin": true}}'), { id: 'b1' }, 'body') as object;
    expect(Object.keys(merged)).toEqual(['id', '__proto__']);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });
});

describe('checkRouteTable', () => {
  test('a {param} the input schema does not declare stops the start', () => {
    const r = get('/batches/{id}/export', Body({ format: OneOf(['paypal', 'wise']) }));
    expect(routeProblems(r)).toEqual(['route GET /batches/{id}/export: path parameter {id} is not a field of its input schema']);
    expect(() => checkRouteTable([r])).toThrow(/path parameter \{id\} is not a field of its input schema/);
    expect(() => checkRouteTable([post('/batches/{id}/notes', Body({ text: RequiredText(10) }))])).toThrow(/\{id\} is not a field/);
  });

  test('a path parameter is a required text (or int64 id) field', () => {
    expect(routeProblems(get('/batches/{id}', Body({ id: Nullable(Text(10)) })))).toEqual([
      'route GET /batches/{id}: path parameter {id} must be a required field of its input schema (a path always has it)',
    ]);
    expect(routeProblems(post('/batches/{n}', Body({ n: Int(1, 10) })))).toEqual([
      'route POST /batches/{n}: path parameter {n} must be a string (or int64 id) field',
    ]);
    expect(routeProblems(post('/batches/{n}', Body({ n: Id64() })))).toEqual([]);
    expect(routeProblems(get('/batches/{id}/export', Body({ id: RequiredText(36), format: OneOf(['paypal', 'wise']) })))).toEqual([]);
  });

  test('the first segment names the resource; a file is answered to GET only', () => {
    expect(routeProblems(get('/{id}'))).toEqual(['route GET /{id}: the first path segment names the resource; it cannot be a parameter']);
    const postFile = {
      ...post('/batches/{id}/export'),
      response: undefined,
      file: { contentType: 'text/csv', render: () => ({ body: '', filename: 'x.csv' }) },
    };
    expect(routeProblems(postFile as unknown as RestRoute)).toEqual(['route POST /batches/{id}/export: a file answer is for GET routes only']);
  });

  test('the production table passes (and has no route without its policy entry)', () => {
    expect(() => checkRouteTable()).not.toThrow();
  });
});
