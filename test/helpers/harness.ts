/**
 * The set-up of a spec file, in one place: a test server started before the tests of the file (or of the
 * describe block it is called in) and closed after them, and a program on it.
 *
 *   const server = useTestServer({ trustProxy: 'loopback' });   // at the top of the file
 *   const api = restClient(() => server);
 *
 *   describe('sales', () => {
 *     const p = useProgram(server, { defaultCommissionRate: 20 }); // a fresh program for this block
 *     const a = useAffiliate(() => api.createAffiliate(p));         // and an affiliate of it, made after it
 *     test('…', async () => { await api.saleFor(p, a.id); });
 *   });
 *
 * Or, when a file needs one server and one program:
 *
 *   const { server, program, api, gql, gqlData, createAffiliate } = useProgramFixture();
 *
 * The objects returned are usable in tests and hooks that run after the registering block's beforeAll; used
 * earlier (at collection time, or in a beforeAll registered before them), they throw an error that says so.
 */
import type { AppConfig } from '../../src/config/config';
import { affiliateBody, createAffiliate, createProgram, type ProgramFixture } from './factories';
import type { components } from './openapi-types';
import { dataOf, type GraphQLResponse, type TypedDocument, type Variables, type VariablesArg } from './graphql/typed-document';

export { dataOf, errorCodeOf } from './graphql/typed-document';
import { startTestServer, type ApiResponse, type RequestOptions, type TestServer } from './server';

/** Config overrides, or a function giving them when the server starts (after earlier beforeAll hooks ran). */
export type ServerOverrides = Partial<AppConfig> | (() => Partial<AppConfig>);

/** Settings of a created program (any input of createProgram: rates, limits, baseUrls, name…). */
export type ProgramSettings = Record<string, unknown>;

/** Rate limits that leave room for the many requests of a spec file (those of the spec clients' `program`). */
export const ROOMY_LIMITS: ProgramSettings = { readsPerMinute: 100_000, writesPerMinute: 100_000 };

function notReady(what: string): Error {
  return new Error(
    `${what} is used before the beforeAll that creates it ran (or after its afterAll): use it inside a test or a hook registered after the use… call`,
  );
}

/** The server of a block: a TestServer, and teardown that must run while it is still up. */
export interface HarnessServer extends TestServer {
  /**
   * Runs `fn` in the block's afterAll before the server closes (the last registered first): ending a database
   * client connected to the server's database, closing a browser on its pages. afterAll hooks run in the order
   * they are declared, so an afterAll of the spec would run after the server is gone.
   */
  beforeClose(fn: () => unknown): void;
}

/** A TestServer that forwards to the server of the current block. */
class ServerHandle implements HarnessServer {
  private live: TestServer | undefined;
  private readonly teardown: (() => unknown)[] = [];

  constructor(private readonly label: string) {}

  attach(server: TestServer | undefined): void {
    this.live = server;
  }

  private get server(): TestServer {
    if (!this.live) throw notReady(this.label);
    return this.live;
  }

  get url(): string {
    return this.server.url;
  }

  get runtime(): TestServer['runtime'] {
    return this.server.runtime;
  }

  request<T = unknown>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>> {
    return this.server.request<T>(method, path, opts);
  }

  api<T = unknown>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>> {
    return this.server.api<T>(method, path, opts);
  }

  // The overloads of TestServer.graphql, forwarded as they are.
  readonly graphql: TestServer['graphql'] = ((query: string, variables?: Record<string, unknown>, token?: string) =>
    this.server.graphql(query, variables, token)) as TestServer['graphql'];

  beforeClose(fn: () => unknown): void {
    this.teardown.push(fn);
  }

  /** Runs the teardown registered with beforeClose, then closes the server (once: later calls do nothing). */
  async close(): Promise<void> {
    try {
      for (const fn of this.teardown.splice(0).reverse()) await fn();
    } finally {
      const server = this.live;
      this.live = undefined;
      await server?.close();
    }
  }
}

/**
 * Starts a test server (its own database, migrations, an ephemeral port) in a beforeAll of the enclosing block
 * and closes it in an afterAll. Returns the server, usable once that beforeAll ran.
 */
export function useTestServer(overrides: ServerOverrides = {}): HarnessServer {
  const handle = new ServerHandle('the test server of useTestServer()');
  beforeAll(async () => {
    handle.attach(await startTestServer(typeof overrides === 'function' ? overrides() : overrides));
  });
  afterAll(() => handle.close());
  return handle;
}

/**
 * A test server for the length of `fn` only: for a test that needs a server configured differently from the
 * file's (a lower limit, no partners…). Closed whatever `fn` does.
 */
export async function withTestServer<T>(overrides: Partial<AppConfig>, fn: (server: TestServer) => Promise<T>): Promise<T> {
  const server = await startTestServer(overrides);
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

/**
 * A fresh program (owner, API key, session) made in a beforeAll of the enclosing block: `createProgram(server,
 * settings)`, or whatever `make` makes (a spec client's roomy `program(settings)`). Returns the program, usable
 * once that beforeAll ran; its fields are read when used.
 */
export function useProgram(server: TestServer, settings?: ProgramSettings): ProgramFixture;
export function useProgram(make: () => Promise<ProgramFixture>): ProgramFixture;
export function useProgram(from: TestServer | (() => Promise<ProgramFixture>), settings: ProgramSettings = {}): ProgramFixture {
  let live: ProgramFixture | undefined;
  beforeAll(async () => {
    live = await (typeof from === 'function' ? from() : createProgram(from, settings));
  });
  const get = (): ProgramFixture => {
    if (!live) throw notReady('the program of useProgram()');
    return live;
  };
  return {
    get programId() {
      return get().programId;
    },
    get key() {
      return get().key;
    },
    get session() {
      return get().session;
    },
    get ownerEmail() {
      return get().ownerEmail;
    },
    get publishableKey() {
      return get().publishableKey;
    },
  };
}

/** An affiliate as the REST API answers it (POST /affiliates, GET /affiliates?id=). */
export type Affiliate = components['schemas']['Affiliate'];

/**
 * An affiliate made in a beforeAll of the enclosing block, registered after the program's (so declare it after
 * useProgram): POST /affiliates on `server` with the program's API key and `body` (Ada Lovelace with a fresh
 * email, overridden by `body`), or whatever `make` makes (a spec client's createAffiliate, which records the
 * answer for the file's "no 5xx" check). Returns the affiliate, usable once that beforeAll ran; its fields are
 * read when used (spread, compared with toEqual, like the answer itself).
 *
 *   const p = useProgram(() => api.program());
 *   const a = useAffiliate(() => api.createAffiliate(p, { firstName: 'Hedy' }));
 */
export function useAffiliate(server: TestServer, program: ProgramFixture, body?: Record<string, unknown>): Affiliate;
export function useAffiliate(make: () => Promise<Affiliate>): Affiliate;
export function useAffiliate(from: TestServer | (() => Promise<Affiliate>), program?: ProgramFixture, body: Record<string, unknown> = {}): Affiliate {
  let live: Affiliate | undefined;
  beforeAll(async () => {
    live = typeof from === 'function' ? await from() : ((await createAffiliate(from, program!.key, body)) as Affiliate);
  });
  const get = (): Affiliate => {
    if (!live) throw notReady('the affiliate of useAffiliate()');
    return live;
  };
  // Every read goes to the affiliate made (a Proxy, so that spreading and comparing see its own fields).
  return new Proxy({} as Affiliate, {
    get: (_target, field) => Reflect.get(get(), field),
    has: (_target, field) => Reflect.has(get(), field),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor: (_target, field) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(get(), field);
      return descriptor && { ...descriptor, configurable: true };
    },
    set: () => {
      throw new Error('the affiliate of useAffiliate() is read-only');
    },
  });
}

/** An affiliate as POST /affiliates answers it (the fields the fixtures read; the rest as the API sends them). */
export interface CreatedAffiliate {
  id: string;
  email: string;
  affiliateLinks: string[];
  [field: string]: unknown;
}

/** A server, a program on it, and calls with the program's credentials. */
export interface ProgramFixtureHandle {
  server: TestServer;
  program: ProgramFixture;
  /** An /api/v1 request with the program's API key (unless `opts.token` says otherwise). */
  api<T = unknown>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  /** A GraphQL request with the program's API key (or `token`); the whole answer. */
  gql<R, V extends Variables>(document: TypedDocument<R, V>, ...args: VariablesArg<V, [token?: string]>): Promise<ApiResponse<GraphQLResponse<R>>>;
  /** The data of a GraphQL request that must succeed (no errors); anything else throws with the answer. */
  gqlData<R, V extends Variables>(document: TypedDocument<R, V>, ...args: VariablesArg<V, [token?: string]>): Promise<R>;
  /** POST /affiliates (Ada Lovelace with a fresh email, overridden by `body`); throws unless it answers 200. */
  createAffiliate(body?: Record<string, unknown>): Promise<CreatedAffiliate>;
}

/** useTestServer and useProgram together, with the calls a spec makes with that program. */
export function useProgramFixture(overrides: ServerOverrides = {}, settings: ProgramSettings = {}): ProgramFixtureHandle {
  const server = useTestServer(overrides);
  const program = useProgram(server, settings);
  const gql = <R, V extends Variables>(document: TypedDocument<R, V>, ...args: VariablesArg<V, [token?: string]>) => {
    const [variables, token] = args;
    return server.graphql<R, Variables>(document as TypedDocument<R, Variables>, variables, token ?? program.key);
  };
  return {
    server,
    program,
    api: (method, path, opts = {}) => server.api(method, path, { ...opts, token: opts.token ?? program.key }),
    gql,
    gqlData: async (document, ...args) => dataOf(await gql(document, ...args)),
    async createAffiliate(body = {}) {
      const res = await server.api<CreatedAffiliate>('POST', '/affiliates', { token: program.key, body: affiliateBody(body) });
      if (res.status !== 200) throw new Error(`createAffiliate failed: ${res.status} ${res.text}`);
      return res.body;
    },
  };
}
