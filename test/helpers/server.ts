import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, type AppConfig } from '../../src/config/config';
import { createLogger } from '../../src/common/logger';
import { bootstrap, type Runtime } from '../../src/bootstrap';
import { createTestDatabase } from './database';
import { checkAgainstDocument } from './openapi-check';
import type { GraphQLResponse, TypedDocument, Variables, VariablesArg } from './graphql/typed-document';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (for malformed JSON tests). */
  rawBody?: string;
  query?: Record<string, string | string[] | undefined>;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  runtime: Runtime;
  request<T = any>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  /** Shorthand for /api/v1 paths. */
  api<T = any>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  /** A typed document (./graphql/typed-document.ts): its variables are checked and its answer typed. */
  graphql<R, V extends Variables>(document: TypedDocument<R, V>, ...args: VariablesArg<V, [token?: string]>): Promise<ApiResponse<GraphQLResponse<R>>>;
  graphql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<ApiResponse<{ data?: T; errors?: any[] }>>;
  close(): Promise<void>;
}

/** One request to `baseUrl` with JSON in and (when it parses) out; never throws on an HTTP status. */
export async function httpRequest<T = any>(baseUrl: string, method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const u = new URL(baseUrl + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) for (const x of Array.isArray(v) ? v : [v]) u.searchParams.append(k, x);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const res = await fetch(u, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* not JSON */
  }
  // Every /api/v1 answer must be what the served OpenAPI document says (test/helpers/openapi-check.ts).
  await checkAgainstDocument(baseUrl, method, u, { status: res.status, headers: res.headers, text });
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/** Boots the real app (migrations included) on its own fresh database and an ephemeral port. */
export async function startTestServer(overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  // The port comes first, so the app knows its public origin and URLs it hands out (a link's trackingUrl) are
  // fetchable; requests are answered once the app is attached below.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    databaseUrl: db.url,
    workers: false,
    publicUrl: url,
    ...overrides,
  };
  const log = createLogger(config.logLevel);
  let runtime: Runtime;
  try {
    runtime = await bootstrap(config, log);
  } catch (err) {
    server.close();
    await db.drop();
    throw err;
  }
  server.on('request', runtime.app);

  return testServerOn(url, runtime, async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.close();
    await db.drop();
  });
}

/** The TestServer client of an app already listening at `url`; `close` is what closing it does. */
export function testServerOn(url: string, runtime: Runtime, close: () => Promise<void>): TestServer {
  const request = <T = any>(method: string, path: string, opts?: RequestOptions) => httpRequest<T>(url, method, path, opts);
  const graphql = (query: string, variables?: Record<string, unknown>, token?: string) => request('POST', '/graphql', { token, body: { query, variables } });
  return {
    url,
    runtime,
    request,
    api: (method, path, opts) => request(method, `/api/v1${path}`, opts),
    // One implementation of both overloads: a typed document is its source text.
    graphql: graphql as TestServer['graphql'],
    close,
  };
}
