/**
 * A client typed by the committed OpenAPI document (test/helpers/openapi-types.ts, `npm run openapi`): paths,
 * query parameters, request bodies, and answers and error bodies as the document declares them, so a test that
 * uses it stops compiling when the document and the test disagree.
 *
 *   const client = typedClient(server, p.key, seen);
 *   const { data, error, response } = await client.GET('/links', { params: { query: { link: 'ada' } } });
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi-types';
import type { TestServer } from './server';
import type { SeenResponse } from './spec-client';
import { checkAgainstDocument } from './openapi-check';

export type TypedClient = Client<paths>;

/**
 * An openapi-fetch client of the test server's /api/v1 sending `token` as the Bearer credential. Every answer is
 * checked against the served document (./openapi-check.ts) and, with `seen`, recorded for the file's "no 5xx"
 * check (testNoServerErrors).
 */
export function typedClient(server: TestServer, token: string, seen?: SeenResponse[]): TypedClient {
  const client = createClient<paths>({ baseUrl: `${server.url}/api/v1`, headers: { Authorization: `Bearer ${token}` } });
  client.use({
    async onResponse({ request, response }) {
      const url = new URL(request.url);
      const text = await response.clone().text();
      seen?.push({ method: request.method, path: url.pathname.replace(/^\/api\/v1/, ''), status: response.status, text });
      // Like every other answer the tests see: it must be what the served document says.
      await checkAgainstDocument(server.url, request.method, url, { status: response.status, headers: response.headers, text });
      return undefined;
    },
  });
  return client;
}

/**
 * A success body as the document types it; `any` while the document leaves it untyped (`unknown`: no schema
 * for that answer yet), so a test written against the resource's fields compiles now and is checked once the
 * document types the answer.
 */
export type Typed<T> = unknown extends T ? any : NonNullable<T>;

/**
 * The body of a successful answer with this status (200 by default); anything else fails the test with the
 * answer in the message.
 */
export function expectData<T>(result: { data?: T; error?: unknown; response: Response }, status = 200): Typed<T> {
  if (result.response.status !== status || result.data === undefined)
    throw new Error(`expected ${status} with a body, got ${result.response.status}: ${JSON.stringify(result.error ?? result.data)}`);
  return result.data as Typed<T>;
}
