/**
 * A fake of the part of Stripe's API that pays affiliates (Stripe Connect transfers, DESIGN.md "Payouts"), in
 * process on 127.0.0.1 and an ephemeral port: point the server at it with STRIPE_API_BASE=<url>. It answers as
 * Stripe does, so the official `stripe` package talks to it unchanged: form-encoded bodies, Bearer keys,
 * Stripe's error body, and Stripe's idempotency (a key's first result replayed for 24 hours, another request in
 * flight under the same key answered 409). Tests then make it refuse destinations, run out of balance, fail with
 * a 500, or drop the connection before or after the transfer is made.
 *
 *   POST /v1/transfers            create (amount, currency, destination, transfer_group, metadata[…], description)
 *   GET  /v1/transfers            list, newest first (transfer_group, destination, limit, starting_after, ending_before)
 *   GET  /v1/transfers/{id}       retrieve
 *   anything else                 404, as Stripe answers an unknown URL
 *
 * Only POST /v1/transfers takes part in idempotency and in `failNext`; the rest are plain reads.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type Stripe from 'stripe';

export interface FakeStripeOptions {
  /** The one API key accepted; when unset, any secret or restricted key (`sk_…`, `rk_…`) is. */
  apiKey?: string;
  /** Milliseconds each new transfer takes before it is made (Stripe is not instant): widens race windows. */
  delayMs?: number;
  /**
   * Available balance by currency, in minor units: a transfer above what is left answers `balance_insufficient`,
   * as Stripe does, and a transfer made takes its amount off. Unlimited in every currency when unset.
   */
  balance?: Record<string, number>;
}

/**
 * What `failNext` makes the next creations do instead of answering normally:
 * - `drop_before`: the connection is destroyed before anything happens: no transfer, nothing kept under the key
 *   (a network failure on the way in; a retry with the same key makes the transfer).
 * - `drop_after`: the request is handled in full (the transfer made, its result kept under the key), then the
 *   connection is destroyed instead of answering: the "paid, but the caller never heard" crash. A retry with the
 *   same key replays the transfer.
 * - `api_error`: 500 `api_error`, no transfer; kept under the key and replayed, as Stripe replays 500s.
 * - `balance_insufficient`: 400 `invalid_request_error` code `balance_insufficient`, no transfer; kept and replayed.
 * - `rate_limit`: 429 `rate_limit`, no transfer, nothing kept.
 *
 * The drops strike any POST /v1/transfers (a replay, a conflict, a refusal alike: the network does not care);
 * the others strike only a request that would make a new transfer (not a replay, conflict or invalid request).
 */
export type FailureKind = 'drop_before' | 'drop_after' | 'api_error' | 'balance_insufficient' | 'rate_limit';

export interface FailNextOptions {
  /** How many matching requests fail, one after the other (default 1; `Infinity` until `reset()`). */
  times?: number;
  /** Only requests for this destination account. */
  destination?: string;
  /** Only requests under this Idempotency-Key. */
  idempotencyKey?: string;
  /** The error's message instead of Stripe's usual one (`api_error`, `balance_insufficient`, `rate_limit`). */
  message?: string;
}

export interface RefusalOptions {
  /** Stripe's message; by default "No such destination: '<acct>'". */
  message?: string;
  /** Stripe's error code; `account_invalid` by default. Stripe also answers e.g. `insufficient_capabilities_for_transfer`. */
  code?: string;
}

/** A request as the fake received it. */
export interface RecordedRequest {
  method: string;
  /** The path without its query string, e.g. `/v1/transfers`. */
  path: string;
  /** The query string, parsed like a body (`created[gte]=1` → `{created: {gte: '1'}}`). */
  query: Record<string, unknown>;
  /** Node's lower-cased headers: `authorization`, `idempotency-key`, `stripe-version`, … */
  headers: IncomingHttpHeaders;
  /** The `Idempotency-Key` header, null without one. */
  idempotencyKey: string | null;
  /** The form body, parsed: `metadata[payout_id]=p` → `{metadata: {payout_id: 'p'}}`; values stay strings. */
  body: Record<string, unknown>;
  rawBody: string;
  /** Stripe's `Request-Id` answered (`req_…`). */
  requestId: string;
  /** The status answered, `'dropped'` when the connection was destroyed instead, null while in flight. */
  status: number | 'dropped' | null;
  /** True when the answer was a replay of the key's first result (`Idempotent-Replayed: true`). */
  replayed: boolean;
}

export interface FakeStripe {
  /** The base URL, e.g. `http://127.0.0.1:40123`, for STRIPE_API_BASE. */
  url: string;
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Every transfer made, in creation order (the list endpoint answers newest first). */
  readonly transfers: Stripe.Transfer[];
  /** The POST /v1/transfers requests only, in arrival order. */
  transferRequests(): RecordedRequest[];
  /** From now on transfers to `account` answer 400 `invalid_request_error` with `param: 'destination'`. */
  refuseDestination(account: string, options?: RefusalOptions): void;
  /** Transfers to `account` are made again. */
  acceptDestination(account: string): void;
  /** The next `times` matching creations fail as `kind` says (queued after failures already set). */
  failNext(kind: FailureKind, options?: FailNextOptions): void;
  /**
   * Holds new transfers: each request that would make one waits, its key marked in flight (so another request
   * under the same key answers 409), until `release()`.
   */
  hold(): void;
  /** Lets every held request go on, and stops holding. */
  release(): void;
  /** Resolves once `count` requests are being held (the race is then set up). */
  whenHeld(count?: number): Promise<void>;
  /** Forgets every idempotency key, as 24 hours passing would. */
  expireIdempotencyKeys(): void;
  /** Back to a fresh fake: no requests, transfers, keys, refusals, failures or hold; the balance as first given. */
  reset(): void;
  /** Stops the server, destroying open (keep-alive) connections; held requests are dropped. */
  close(): Promise<void>;
}

/** A Stripe API error as the API sends it, inside `{error: …}`. */
interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
  request_log_url?: string;
}

interface Answer {
  status: number;
  body: unknown;
}

/** What Stripe keeps under an idempotency key: in flight, or the first result and what it was asked. */
type KeyEntry = { inFlight: true } | { inFlight: false; path: string; params: string; answer: Answer; requestId: string };

interface PendingFailure extends FailNextOptions {
  kind: FailureKind;
  left: number;
}

const API_VERSION_FALLBACK = '2026-10-28.endive';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Stripe-looking ids: a prefix and 24 random base-62 characters. */
function stripeId(prefix: string): string {
  return prefix + Array.from(randomBytes(24), (b) => BASE62[b % 62]).join('');
}

/**
 * Parses a form body or query string the way Stripe reads what its libraries send: `a[b]=1` nests objects,
 * `a[0]=x&a[1]=y` (and `a[]=x`) make arrays; values stay strings, as they arrive.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, any> = {};
  for (const [fullKey, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(fullKey);
    const parts = m ? [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])] : [fullKey];
    let node = root;
    parts.forEach((part, i) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[key] = value;
      else node = node[key] = typeof node[key] === 'object' ? node[key] : {};
    });
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

/** The same parameters compare equal whatever order they were sent in, as Stripe compares them. */
function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

function apiError(status: number, error: StripeErrorBody): Answer {
  return { status, body: { error } };
}

function invalid(message: string, param?: string, code?: string): Answer {
  return apiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code && { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` }),
    ...(param && { param }),
  });
}

/** Stripe's masking of a key in "Invalid API Key provided": the prefix and the last four characters. */
function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  return prefix + '*'.repeat(Math.max(0, key.length - prefix.length - 4)) + key.slice(-4);
}

function bearerKey(header: string | undefined): string | null {
  if (!header) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  // Stripe takes the key as Basic auth's user name too (curl -u sk_test_…:).
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

const NO_KEY_MESSAGE =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
const BALANCE_MESSAGE =
  'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance';

/** Checks a creation's parameters as Stripe's validation does; null when they pass. */
function validateCreate(body: Record<string, unknown>): Answer | null {
  const { amount, currency, destination } = body;
  if (amount === undefined) return invalid('Missing required param: amount.', 'amount', 'parameter_missing');
  if (typeof amount !== 'string' || !/^-?\d+$/.test(amount)) return invalid(`Invalid integer: ${String(amount)}`, 'amount', 'parameter_invalid_integer');
  if (Number(amount) < 1) return invalid('This value must be greater than or equal to 1.', 'amount', 'parameter_invalid_integer');
  if (currency === undefined) return invalid('Missing required param: currency.', 'currency', 'parameter_missing');
  // Stricter than Stripe on purpose: only the ISO code in lower case, as Stripe writes it back.
  if (typeof currency !== 'string' || !/^[a-z]{3}$/.test(currency))
    return invalid(`Invalid currency: ${String(currency)}.`, 'currency', 'parameter_invalid_string');
  if (destination === undefined) return invalid('Missing required param: destination.', 'destination', 'parameter_missing');
  if (typeof destination !== 'string' || !/^acct_[A-Za-z0-9]+$/.test(destination))
    return invalid(`No such destination: '${String(destination)}'`, 'destination', 'resource_missing');
  if (body.metadata !== undefined && (typeof body.metadata !== 'object' || Array.isArray(body.metadata)))
    return invalid('Invalid object', 'metadata', 'parameter_invalid_string');
  for (const key of ['transfer_group', 'description'] as const)
    if (body[key] !== undefined && typeof body[key] !== 'string') return invalid('Invalid string', key, 'parameter_invalid_string');
  return null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the fake on 127.0.0.1 and an ephemeral port. */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const transfers: Stripe.Transfer[] = [];
  const keys = new Map<string, KeyEntry>();
  const refused = new Map<string, Required<RefusalOptions>>();
  let failures: PendingFailure[] = [];
  let balance = options.balance ? { ...options.balance } : null;
  let holding = false;
  let heldWaiters: Array<() => void> = [];
  let heldWatchers: Array<{ count: number; resolve: () => void }> = [];
  const sockets = new Set<Socket>();

  const notifyHeld = () => {
    const due = heldWatchers.filter((w) => heldWaiters.length >= w.count);
    heldWatchers = heldWatchers.filter((w) => heldWaiters.length < w.count);
    due.forEach((w) => w.resolve());
  };
  const waitIfHeld = async () => {
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (!holding) return;
    await new Promise<void>((resolve) => {
      heldWaiters.push(resolve);
      notifyHeld();
    });
  };

  /** The first pending failure this request matches, counted down; drops match any creation, others new ones. */
  const takeFailure = (body: Record<string, unknown>, key: string | null, drops: boolean): PendingFailure | null => {
    const f = failures.find(
      (x) =>
        x.left > 0 &&
        (x.kind === 'drop_before' || x.kind === 'drop_after') === drops &&
        (x.destination === undefined || x.destination === body.destination) &&
        (x.idempotencyKey === undefined || x.idempotencyKey === key),
    );
    if (!f) return null;
    f.left -= 1;
    failures = failures.filter((x) => x.left > 0);
    return f;
  };

  /** Makes the transfer, or answers the refusal, balance shortage or injected failure instead. */
  const execute = (body: Record<string, unknown>, key: string | null, livemode: boolean): Answer => {
    const destination = body.destination as string;
    const refusal = refused.get(destination);
    if (refusal) {
      return apiError(400, { type: 'invalid_request_error', code: refusal.code, message: refusal.message, param: 'destination' });
    }
    const failure = takeFailure(body, key, false);
    if (failure?.kind === 'api_error') return apiError(500, { type: 'api_error', message: failure.message ?? 'An unknown error occurred' });
    if (failure?.kind === 'rate_limit')
      return apiError(429, {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: failure.message ?? 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
      });
    const amount = Number(body.amount);
    const currency = body.currency as string;
    const shortOfBalance = balance !== null && (balance[currency] ?? 0) < amount;
    if (failure?.kind === 'balance_insufficient' || shortOfBalance) return invalid(failure?.message ?? BALANCE_MESSAGE, undefined, 'balance_insufficient');
    if (balance !== null) balance[currency] -= amount;
    const id = stripeId('tr_');
    const transfer: Stripe.Transfer = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: stripeId('txn_'),
      created: Math.floor(Date.now() / 1000),
      currency,
      description: (body.description as string | undefined) ?? null,
      destination,
      destination_payment: stripeId('py_'),
      livemode,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: (body.source_transaction as string | undefined) ?? null,
      source_type: (body.source_type as string | undefined) ?? 'card',
      transfer_group: (body.transfer_group as string | undefined) ?? null,
    };
    // Stripe's list objects carry total_count on sub-lists; the package's type leaves it out.
    Object.assign(transfer.reversals, { total_count: 0 });
    transfers.push(transfer);
    return { status: 200, body: transfer };
  };

  /** An answer, the request it replays (when it does), or the connection destroyed instead of answering. */
  type Outcome = Answer & { replayedFrom?: string; drop?: boolean };

  /** POST /v1/transfers, with Stripe's idempotency around the creation. */
  const create = async (rec: RecordedRequest, apiKey: string): Promise<Outcome> => {
    const livemode = apiKey.includes('_live_');
    // Keys are Stripe's per API key and connected account (Stripe-Account).
    const scope = rec.idempotencyKey === null ? null : `${apiKey}\n${String(rec.headers['stripe-account'] ?? '')}\n${rec.idempotencyKey}`;
    const params = canonical(rec.body);
    const entry = scope === null ? undefined : keys.get(scope);
    if (entry?.inFlight)
      return apiError(409, {
        type: 'idempotency_error',
        message:
          'There is currently another in-progress request using this Stripe-Account, Idempotency-Key, and API key. Please wait a moment and retry with the same idempotency key.',
      });
    if (entry && (entry.path !== rec.path || entry.params !== params))
      return apiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${rec.idempotencyKey}' if you meant to execute a different request.`,
      });
    if (entry) return { ...entry.answer, replayedFrom: entry.requestId };
    // Stripe keeps no result for a request that fails validation: the key stays free.
    const refusal = validateCreate(rec.body);
    if (refusal) return refusal;
    if (scope !== null) keys.set(scope, { inFlight: true });
    await waitIfHeld();
    const result = execute(rec.body, rec.idempotencyKey, livemode);
    // A rate limit is refused before the endpoint runs: not kept, like validation.
    if (scope !== null) {
      if (result.status === 429) keys.delete(scope);
      else keys.set(scope, { inFlight: false, path: rec.path, params, answer: result, requestId: rec.requestId });
    }
    return result;
  };

  const list = (rec: RecordedRequest): Answer => {
    const q = rec.query;
    const limit = q.limit === undefined ? 10 : Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1) return invalid('This value must be greater than or equal to 1.', 'limit', 'parameter_invalid_integer');
    if (limit > 100) return invalid('This value must be less than or equal to 100.', 'limit', 'parameter_invalid_integer');
    let all = [...transfers]
      .reverse()
      .filter(
        (t) => (q.transfer_group === undefined || t.transfer_group === q.transfer_group) && (q.destination === undefined || t.destination === q.destination),
      );
    for (const cursor of ['starting_after', 'ending_before'] as const) {
      if (q[cursor] === undefined) continue;
      const at = all.findIndex((t) => t.id === q[cursor]);
      if (at < 0) return invalid(`No such transfer: '${String(q[cursor])}'`, cursor, 'resource_missing');
      all = cursor === 'starting_after' ? all.slice(at + 1) : all.slice(0, at);
    }
    const data = q.ending_before === undefined ? all.slice(0, limit) : all.slice(-limit);
    return { status: 200, body: { object: 'list', data, has_more: all.length > data.length, url: '/v1/transfers' } };
  };

  const retrieve = (id: string): Answer => {
    const t = transfers.find((x) => x.id === id);
    return t ? { status: 200, body: t } : { ...invalid(`No such transfer: '${id}'`, 'id', 'resource_missing'), status: 404 };
  };

  /** 401 unless the request carries an accepted key; the key otherwise. */
  const authenticate = (rec: RecordedRequest): Answer | string => {
    const key = bearerKey(rec.headers.authorization);
    if (!key) return apiError(401, { type: 'invalid_request_error', message: NO_KEY_MESSAGE });
    const accepted = options.apiKey !== undefined ? key === options.apiKey : /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(key);
    if (!accepted) return apiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` });
    return key;
  };

  const route = async (rec: RecordedRequest): Promise<Outcome> => {
    const isCreate = rec.method === 'POST' && rec.path === '/v1/transfers';
    // A drop is the network's doing: it strikes a creation whatever the answer would have been.
    const drop = isCreate ? (takeFailure(rec.body, rec.idempotencyKey, true)?.kind ?? null) : null;
    if (drop === 'drop_before') return { status: 0, body: null, drop: true };
    const outcome = await answer(rec, isCreate);
    return drop === 'drop_after' ? { ...outcome, drop: true } : outcome;
  };

  const answer = async (rec: RecordedRequest, isCreate: boolean): Promise<Outcome> => {
    const auth = authenticate(rec);
    if (typeof auth !== 'string') return auth;
    if (isCreate) return create(rec, auth);
    if (rec.method === 'GET' && rec.path === '/v1/transfers') return list(rec);
    const one = /^\/v1\/transfers\/([^/]+)$/.exec(rec.path);
    if (rec.method === 'GET' && one) return retrieve(decodeURIComponent(one[1]));
    return apiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${rec.method}: ${rec.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  };

  const respond = (req: IncomingMessage, res: ServerResponse, rec: RecordedRequest, outcome: Outcome) => {
    rec.replayed = outcome.replayedFrom !== undefined;
    if (outcome.drop) {
      rec.status = 'dropped';
      req.socket.destroy();
      return;
    }
    const body = outcome.body as { error?: StripeErrorBody };
    // The error's log link names the request that first met it (a replay keeps the original's: same object).
    if (body.error && outcome.status !== 401)
      body.error.request_log_url ??= `https://dashboard.stripe.com/test/logs/${rec.requestId}?t=${Math.floor(Date.now() / 1000)}`;
    rec.status = outcome.status;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': rec.requestId,
      'stripe-version': String(req.headers['stripe-version'] ?? API_VERSION_FALLBACK),
      'cache-control': 'no-cache, no-store',
    };
    if (rec.idempotencyKey !== null && rec.method === 'POST') headers['idempotency-key'] = rec.idempotencyKey;
    if (outcome.replayedFrom) {
      headers['idempotent-replayed'] = 'true';
      headers['original-request'] = outcome.replayedFrom;
    }
    res.writeHead(outcome.status, headers).end(JSON.stringify(outcome.body, null, 2));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const rawBody = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const idempotencyKey = req.headers['idempotency-key'];
      const rec: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: parseStripeForm(url.search.slice(1)),
        headers: req.headers,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
        body: parseStripeForm(rawBody),
        rawBody,
        requestId: stripeId('req_').slice(0, 18),
        status: null,
        replayed: false,
      };
      requests.push(rec);
      respond(req, res, rec, await route(rec));
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: `fake-stripe: ${String(err)}` } }));
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const release = () => {
    holding = false;
    const waiting = heldWaiters;
    heldWaiters = [];
    waiting.forEach((go) => go());
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    transfers,
    transferRequests: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers'),
    refuseDestination(account, opts = {}) {
      refused.set(account, { message: opts.message ?? `No such destination: '${account}'`, code: opts.code ?? 'account_invalid' });
    },
    acceptDestination(account) {
      refused.delete(account);
    },
    failNext(kind, opts = {}) {
      failures.push({ ...opts, kind, left: opts.times ?? 1 });
    },
    hold() {
      holding = true;
    },
    release,
    whenHeld(count = 1) {
      return new Promise<void>((resolve) => {
        heldWatchers.push({ count, resolve });
        notifyHeld();
      });
    },
    expireIdempotencyKeys() {
      for (const [k, v] of keys) if (!v.inFlight) keys.delete(k);
    },
    reset() {
      release();
      requests.length = 0;
      transfers.length = 0;
      keys.clear();
      refused.clear();
      failures = [];
      balance = options.balance ? { ...options.balance } : null;
    },
    async close() {
      holding = false;
      heldWaiters = [];
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
