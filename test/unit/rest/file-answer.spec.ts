/**
 * A route that answers a file (a route's `file`, rest-facade/answer-writer.ts) and routes with `{param}` paths,
 * over HTTP through the facade's own pieces: the route matcher, the route handler (path parameters joined to the
 * input, validated), the answer writer, the 404 with `Allow` and the error handler. Admission (credentials, rate
 * limit, policy) is stood in for by a step that sets what it would; the operation is a stub. No database.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Type } from '@sinclair/typebox';
import { Body, OneOf, RequiredText, Text, Nullable } from '../../../src/validation/kit';
import { attachment } from '../../../rest-facade/answer-writer';
import { restErrorHandler } from '../../../rest-facade/error-handler';
import { facadeLocals } from '../../../rest-facade/facade-locals';
import { route, type RestRoute } from '../../../rest-facade/route';
import { routeHandler, type RunOperation } from '../../../rest-facade/route-handler';
import { compileRouteTable } from '../../../rest-facade/route-matcher';
import { pathOf } from '../../../rest-facade/route-table';
import { compileSerializers } from '../../../rest-facade/serializers';
import { answerUnmatched } from '../../../rest-facade/unmatched';
import { field } from '../../../rest-facade/body';

const BatchExportQuery = Body({ id: RequiredText(100), format: OneOf(['paypal', 'wise']) });

let failRender = false;
const exportBatch = route({
  method: 'GET',
  path: '/batches/{id}/export',
  id: 'exportBatch',
  summary: 'Export a batch',
  description: 'A CSV file.',
  query: BatchExportQuery,
  operation: 'BatchExport',
  variables: (q) => ({ id: q.id, format: q.format }),
  file: {
    contentType: 'text/csv; charset=utf-8',
    render: (data, q) => {
      if (failRender) throw new Error('render failed');
      const rows = (data.batch as { rows: string[][] }).rows;
      return { body: rows.map((r) => r.join(',')).join('\r\n') + '\r\n', filename: `batch-${q.id}-${q.format}.csv` };
    },
  },
});
const addNote = route({
  method: 'POST',
  path: '/batches/{id}/notes',
  id: 'addNote',
  summary: 'Add a note',
  description: 'JSON, as every other route.',
  body: Body({ id: RequiredText(100), text: RequiredText(100), tag: Nullable(Text(10)) }),
  operation: 'NoteAdd',
  variables: (b) => ({ id: b.id, text: b.text }),
  response: field('addNote'),
});
const routes: RestRoute[] = [exportBatch, addNote];

const calls: Array<{ name: string; variables: Record<string, unknown> }> = [];
const run: RunOperation = async (_ctx, name, variables) => {
  calls.push({ name, variables });
  if (name === 'BatchExport')
    return {
      batch: {
        rows: [
          ['ada@example.com', '12.50', 'USD'],
          ['grace@example.com', '7.00', 'USD'],
        ],
      },
    };
  return { addNote: { id: variables.id, text: variables.text, extra: 'not in the schema' } };
};

function app(): express.Express {
  const table = compileRouteTable(routes);
  const noteBody = Type.Object({ id: Type.String(), text: Type.String() }, { additionalProperties: false });
  const serializers = new Map<RestRoute, ReturnType<typeof compileSerializers>>([
    [exportBatch, compileSerializers([])],
    [addNote, compileSerializers([{ operation: 'NoteAdd', kind: 'single', body: noteBody }])],
  ]);
  const handlers = new Map(routes.map((r) => [r, routeHandler({} as never, run, r, serializers.get(r)!)]));
  const router = express.Router();
  // What admission sets (rest-facade/admission.ts), without a database: the route, its parameters, a caller, the limit's headers.
  router.use((req: Request, res: Response, next: NextFunction) => {
    const match = table.match(req.method === 'HEAD' ? 'GET' : req.method, pathOf(req));
    facadeLocals(res).restRoute = match?.route;
    facadeLocals(res).pathParams = match?.params;
    facadeLocals(res).actor = { kind: 'apiKey' } as never;
    (req as unknown as { log: unknown }).log = { error: () => undefined, warn: () => undefined };
    res.set({ RateLimit: '"reads";r=599;t=60', 'RateLimit-Policy': '"reads";q=600;w=60' });
    next();
  });
  router.use(express.json({ strict: false, type: () => true }));
  router.use((req: Request, res: Response, next: NextFunction) => {
    const r = facadeLocals(res).restRoute;
    return r ? handlers.get(r)!(req, res) : next();
  });
  router.use(answerUnmatched(routes));
  router.use(restErrorHandler);
  const a = express();
  a.set('etag', false);
  a.use('/api/v1', router);
  return a;
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = app().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  calls.length = 0;
  failRender = false;
});

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('a file answer', () => {
  test('is the rendered file with its type, an attachment name, no-store and the limit headers; the path parameter is decoded into the input', async () => {
    const res = await call('GET', '/batches/b%201/export?format=paypal');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="batch-b_1-paypal.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('ratelimit')).toBe('"reads";r=599;t=60');
    expect(await res.text()).toBe('ada@example.com,12.50,USD\r\ngrace@example.com,7.00,USD\r\n');
    expect(calls).toEqual([{ name: 'BatchExport', variables: { id: 'b 1', format: 'paypal' } }]);
  });

  test('HEAD answers as GET, without the body', async () => {
    const res = await call('HEAD', '/batches/b1/export/?format=wise');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="batch-b1-wise.csv"');
    expect(await res.text()).toBe('');
  });

  test('errors stay the JSON error body, without the file’s headers', async () => {
    const invalid = await call('GET', '/batches/b1/export?format=csv');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toMatch(/^application\/json/);
    expect(invalid.headers.get('content-disposition')).toBeNull();
    expect(await invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'format' }] });
    expect(calls).toEqual([]);

    failRender = true;
    const failed = await call('GET', '/batches/b1/export?format=wise');
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(failed.headers.get('content-disposition')).toBeNull();
    expect(await failed.json()).toMatchObject({ code: 'INTERNAL' });
  });

  test('the filename is reduced to safe characters (RFC 6266 quoted string, no path, no header break)', () => {
    expect(attachment('payouts-2026-05.csv')).toBe('attachment; filename="payouts-2026-05.csv"');
    expect(attachment('a "b"\r\nSet-Cookie: x=1.csv')).toBe('attachment; filename="a_b_Set-Cookie_x_1.csv"');
    expect(attachment('../../etc/passwd')).toBe('attachment; filename="_.._etc_passwd"');
    expect(attachment('.hidden')).toBe('attachment; filename="hidden"');
    expect(attachment('-rf.csv')).toBe('attachment; filename="rf.csv"');
    expect(attachment('Zahlungsübersicht März.csv')).toBe('attachment; filename="Zahlungs_bersicht_M_rz.csv"');
    expect(attachment('')).toBe('attachment; filename="download"');
    const long = attachment(`${'x'.repeat(300)}.csv`);
    expect(long).toMatch(/^attachment; filename="x+\.csv"$/);
    expect(long.length).toBe('attachment; filename=""'.length + 120);
  });
});

describe('a {param} path', () => {
  test('a parameter also sent in the query is refused (400), not overridden', async () => {
    const res = await call('GET', '/batches/b1/export?format=wise&id=b2');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'id is given in the path; do not send it as a query parameter too',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'id', message: 'id is given in the path; do not send it as a query parameter too' }],
    });
  });

  test('a write takes its parameters into the body, and refuses them in the body too', async () => {
    const ok = await call('POST', '/batches/b%2F1/notes', { text: 'paid' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: 'b/1', text: 'paid' });
    expect(calls).toEqual([{ name: 'NoteAdd', variables: { id: 'b/1', text: 'paid' } }]);
    const twice = await call('POST', '/batches/b1/notes', { id: 'b2', text: 'paid' });
    expect(twice.status).toBe(400);
    expect((await twice.json()).details).toEqual([{ field: 'id', message: 'id is given in the path; do not send it in the body too' }]);
    const array = await call('POST', '/batches/b1/notes', ['paid']);
    expect(array.status).toBe(400);
    expect((await array.json()).error).toBe('The request body must be a JSON object');
  });

  test('another method on a templated path is a 404 with the template’s Allow', async () => {
    const res = await call('POST', '/batches/b1/export');
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toBe('GET');
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'POST is not supported on /batches/b1/export' });
  });

  test('a malformed percent-encoding or an empty segment is no endpoint (404), never a 500', async () => {
    for (const path of ['/batches/%E0%A4%A/export?format=wise', '/batches//export?format=wise']) {
      const res = await call('GET', path);
      expect(res.status).toBe(404);
      expect(res.headers.get('allow')).toBeNull();
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
