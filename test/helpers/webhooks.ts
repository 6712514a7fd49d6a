/**
 * Webhooks in tests (test/e2e/webhooks): real HTTP receivers on loopback that answer as a test tells them
 * (status, headers, delays, endless or trickling bodies), Standard Webhooks verification, and the client of a spec
 * file: endpoints over REST, the delivery worker driven with runOnce(), deliveries and the event log.
 *
 *   const server = useTestServer();
 *   const { program, register, drain } = webhookClient(() => server);
 *   afterEach(cleanUp); // closes the receivers, deletes the endpoints of the finished test
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createProgram, type ProgramFixture } from './factories';
import { restClient } from './rest-client';
import type { ApiResponse, TestServer } from './server';

export const EVENT_ID_RE = /^evt_[0-9a-f]{32}$/;
export const SECRET_RE = /^whsec_[A-Za-z0-9+/]{32}$/;
export const ENDPOINT_KEYS = ['connectionId', 'createdAt', 'description', 'disabledReason', 'enabled', 'events', 'failingSince', 'id', 'updatedAt', 'url'];
/** The retry schedule of DESIGN.md, in seconds after the 1st, 2nd, … failed attempt. */
export const RETRY_DELAYS_S = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];

// ---------------------------------------------------------------------------------------------------------
// receivers

export interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  /** The status this receiver answered. */
  status: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  /** Writes body chunks until the client hangs up. */
  endless?: boolean;
  /** Writes one byte every this many ms until the client hangs up (never idle, never done). */
  trickleMs?: number;
}

export interface Hook {
  url: string;
  port: number;
  /** Every request, whatever it was answered. */
  hits: Hit[];
  /** Requests answered 2xx. */
  ok(): Hit[];
  close(): Promise<void>;
}

export const openHooks = new Set<Hook>();

/** A real HTTP receiver on loopback; `respond` decides each answer (default 200 "ok"). */
export async function startHook(respond: (hit: Hit, n: number) => Answer = () => ({ status: 200 }), port = 0): Promise<Hook> {
  const hits: Hit[] = [];
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const hit: Hit = { headers: req.headers, body, json, status: 0 };
      const answer = respond(hit, hits.length + 1);
      hit.status = answer.status;
      hits.push(hit);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers ?? {});
        if (answer.trickleMs) {
          res.flushHeaders();
          const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('x')), answer.trickleMs);
          res.on('close', () => clearInterval(timer));
          return;
        }
        if (answer.endless) {
          const chunk = Buffer.alloc(64 * 1024, 'x');
          const pump = () => {
            while (!res.destroyed && res.write(chunk)) {
              /* until backpressure */
            }
            if (!res.destroyed) res.once('drain', pump);
          };
          pump();
          return;
        }
        res.end(answer.body ?? 'ok');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => srv.listen(port, '127.0.0.1', resolve));
  const actual = (srv.address() as AddressInfo).port;
  const hook: Hook = {
    url: `http://127.0.0.1:${actual}/hooks`,
    port: actual,
    hits,
    ok: () => hits.filter((h) => h.status >= 200 && h.status < 300),
    close: () =>
      new Promise<void>((resolve) => {
        openHooks.delete(hook);
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
  openHooks.add(hook);
  return hook;
}

export const verify = (secret: string, hit: Hit) => new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as any;

export function expectVerifyFails(secret: string, hit: Hit) {
  expect(() => verify(secret, hit)).toThrow();
}

// ---------------------------------------------------------------------------------------------------------
// the client of a spec file

export function webhookClient(server: () => TestServer) {
  const { sql, createCoupon } = restClient(server);

  /** Endpoints that survive the per-test cleanup (the shared endpoint of the event-type tests). */
  const keepEndpoints = new Set<string>();

  /** After each test: its receivers are closed and its endpoints (with their deliveries) deleted. */
  async function cleanUp() {
    for (const h of [...openHooks]) await h.close();
    // Every test starts with no stray deliveries: endpoints (and with them their deliveries) of finished tests go.
    if (keepEndpoints.size) await sql('delete from webhook_endpoints where id not in (?)', [[...keepEndpoints]]);
    else await sql('delete from webhook_endpoints');
  }

  /** A program whose rate limits stay out of the way. */
  const program = (s: TestServer = server()) => createProgram(s, { readsPerMinute: 100_000, writesPerMinute: 100_000 });

  async function api(
    p: ProgramFixture,
    method: string,
    path: string,
    body?: unknown,
    query?: Record<string, string>,
    s: TestServer = server(),
  ): Promise<ApiResponse> {
    return s.api(method, path, { token: p.key, body, query });
  }

  /** POST /webhooks that must succeed. */
  async function register(p: ProgramFixture, url: string, extra: Record<string, unknown> = {}, s: TestServer = server()) {
    const res = await api(p, 'POST', '/webhooks', { url, ...extra }, undefined, s);
    if (res.status !== 200) throw new Error(`POST /webhooks failed: ${res.status} ${res.text}`);
    return res.body as { id: string; url: string; secret: string; events: string[]; enabled: boolean; [k: string]: unknown };
  }

  /** Runs the worker until nothing is due. */
  async function drain(worker: { runOnce(): Promise<number> } = server().runtime.webhooks): Promise<number> {
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const n = await worker.runOnce();
      total += n;
      if (n === 0) return total;
    }
    throw new Error('worker did not drain');
  }

  const deliveriesOf = (endpointId: string) =>
    sql<{ id: string; event_id: string; status: string; attempts: number; last_status: number | null; last_error: string | null; locked_until: Date | null }>(
      'select id, event_id, status, attempts, last_status, last_error, locked_until from webhook_deliveries where endpoint_id = ? order by id',
      [endpointId],
    );

  /** Makes every pending delivery of the endpoint due now (instead of waiting for its retry time). */
  const makeDue = (endpointId: string) =>
    sql(`update webhook_deliveries set next_attempt_at = now() where endpoint_id = ? and status = 'pending'`, [endpointId]);

  /** Seconds between the claim of the last attempt and the next attempt of a delivery. */
  async function delayOf(deliveryId: string): Promise<number> {
    const [r] = await sql<{ d: string }>('select extract(epoch from next_attempt_at - last_attempt_at) as d from webhook_deliveries where id = ?', [
      deliveryId,
    ]);
    return Number(r.d);
  }

  /** GET /events: one page of up to 500 events, oldest first. */
  async function eventsOf(p: ProgramFixture, query: Record<string, string> = {}): Promise<any[]> {
    const res = await api(p, 'GET', '/events', undefined, { limit: '500', ...query });
    expect(res.status).toBe(200);
    return res.body;
  }

  /** The body of a GraphQL request with the program's API key. */
  const gql = async (p: ProgramFixture, query: string, variables?: Record<string, unknown>) => (await server().graphql(query, variables, p.key)).body;

  return { sql, createCoupon, keepEndpoints, cleanUp, program, api, register, drain, deliveriesOf, makeDue, delayOf, eventsOf, gql };
}
