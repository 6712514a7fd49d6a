/**
 * Finding 10 of the security review: X-Forwarded-For is believed only from the proxies TRUST_PROXY names; a
 * webhook target's answer is kept to 1 KiB, redirects are not followed, and a server allowing private
 * targets says so at start-up.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { loadConfig } from '../../../src/config/config';
import { startCluster } from '../../helpers/processes';
import { uniq } from '../../helpers/spec-client';
import { type TestServer } from '../../helpers/server';
import { useProgram, useTestServer, withTestServer } from '../../helpers/harness';

const SIGN_IN = 'mutation($e: String!) { signIn(input: { email: $e, password: "not-the-password-42" }) { token } }';

/** Failed sign-ins from "different addresses" (X-Forwarded-For) until one is refused; how many passed. */
async function failuresBeforeRefusal(server: TestServer, tries: number): Promise<number> {
  for (let i = 0; i < tries; i++) {
    const res = await server.request('POST', '/graphql', {
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      body: { query: SIGN_IN, variables: { e: `nobody-${uniq()}@example.com` } },
    });
    if (res.status === 429) return i;
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  }
  return tries;
}

describe('X-Forwarded-For and TRUST_PROXY', () => {
  test('TRUST_PROXY accepts addresses, CIDRs and Express names, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback' }).trustProxy).toBe('10.0.0.1, 192.168.0.0/16, loopback');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });

  test('by default a client cannot spread itself over rate-limit keys with X-Forwarded-For', async () => {
    await withTestServer({}, async (server) => {
      // 20 failures per address (DESIGN.md "Sign-in"): the 21st is refused although every request named another address.
      expect(await failuresBeforeRefusal(server, 25)).toBe(20);
    });
  });

  test('behind a proxy named by TRUST_PROXY, its X-Forwarded-For is the client address', async () => {
    await withTestServer({ trustProxy: 'loopback' }, async (server) => {
      expect(await failuresBeforeRefusal(server, 25)).toBe(25);
    });
  });
});

describe('webhook targets', () => {
  const server = useTestServer({ webhookAllowPrivate: true });
  let db: Client;
  const targets: http.Server[] = [];
  let redirected = 0;

  async function target(handler: http.RequestListener): Promise<string> {
    const srv = http.createServer(handler);
    targets.push(srv);
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(srv.address() as AddressInfo).port}/hook`;
  }

  beforeAll(async () => {
    db = new Client({ connectionString: server.runtime.orm.config.get('clientUrl') as string });
    await db.connect();
  });
  const p = useProgram(server);
  server.beforeClose(async () => {
    for (const t of targets) {
      t.closeAllConnections();
      t.close();
    }
    await db?.end();
  });

  async function deliverTo(url: string) {
    const hook = await server.api('POST', '/webhooks', { token: p.key, body: { url, events: ['coupon.created'] } });
    expect(hook.status).toBe(200);
    expect((await server.api('POST', '/coupons', { token: p.key, body: { name: `Hook ${uniq()}`, percentOff: 10 } })).status).toBe(200);
    while ((await server.runtime.webhooks.runOnce()) > 0);
    const { rows } = await db.query(
      `select a.status_code, a.response_excerpt, d.status from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1`,
      [hook.body.id],
    );
    return rows;
  }

  test("at most 1 KiB of a target's answer is kept in the delivery log", async () => {
    const internal = 'internal-secret-'.repeat(400); // 6.4 KB, as an internal service might answer
    const url = await target((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(internal));
    const [attempt] = await deliverTo(url);
    expect(attempt.status_code).toBe(200);
    expect(Buffer.byteLength(attempt.response_excerpt)).toBeLessThanOrEqual(1024);
    expect(attempt.response_excerpt.length).toBeGreaterThan(1000);
  });

  test('multi-byte answers are cut on a character boundary within 1 KiB', async () => {
    const url = await target((_req, res) => res.writeHead(500).end('é'.repeat(2000)));
    const [attempt] = await deliverTo(url);
    expect(Buffer.byteLength(attempt.response_excerpt)).toBeLessThanOrEqual(1024);
    expect(attempt.response_excerpt).toMatch(/^é+$/);
  });

  test('a redirect is not followed: the attempt fails and the redirect target is never called', async () => {
    const elsewhere = await target((_req, res) => {
      redirected += 1;
      res.writeHead(200).end('followed');
    });
    const url = await target((_req, res) => res.writeHead(302, { location: elsewhere }).end());
    const [attempt] = await deliverTo(url);
    expect(attempt.status_code).toBe(302);
    expect(attempt.status).not.toBe('delivered');
    expect(redirected).toBe(0);
  });
});

test('a server that allows private webhook targets warns at start-up', async () => {
  const cluster = await startCluster(1, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  try {
    expect(cluster.processes[0].output()).toContain('WEBHOOK_ALLOW_PRIVATE is on');
  } finally {
    await cluster.close();
  }
}, 120_000);
