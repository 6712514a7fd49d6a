/**
 * Scale-out (DESIGN.md "Scale-out", "Rate limits", "Money and commissions", "Events and webhooks"): two real
 * server processes (`node dist/src/main.js`, NODE_ENV=production, WORKERS=true) on one PostgreSQL database
 * and one Redis behave as one service:
 * - rate limits are shared (one sliding window per credential × endpoint in Redis);
 * - an Idempotency-Key used on one instance replays on the other (keys live in PostgreSQL);
 * - promo-code redemption limits hold with concurrent requests split between the instances;
 * - with both processes running their own webhook workers, each delivery is attempted exactly once.
 * Needs REDIS_URL (skipped without it: the in-memory store is per process by design).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { ProgramFixture } from '../helpers/factories';
import type { ApiResponse } from '../helpers/server';
import { startCluster, type Cluster, type ServerProcess } from '../helpers/processes';
import { person } from '../helpers/rest-client';
import { sleep } from '../helpers/wait';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = REDIS_URL ? describe : describe.skip;
const uniq = () => randomBytes(4).toString('hex');

/** The RateLimit field: `"<policy>";r=<remaining>;t=<seconds>`. */
function rateLimit(res: ApiResponse): { policy: string; r: number; t: number } {
  const v = res.headers.get('ratelimit');
  expect(v).toMatch(/^"(reads|writes)";r=\d+;t=\d+$/);
  const m = /^"(\w+)";r=(\d+);t=(\d+)$/.exec(v!)!;
  return { policy: m[1], r: Number(m[2]), t: Number(m[3]) };
}

describeWithRedis(`scale-out: two server processes on one PostgreSQL and one Redis${REDIS_URL ? '' : ' (skipped: REDIS_URL is not set)'}`, () => {
  let cluster: Cluster;
  let A: ServerProcess;
  let B: ServerProcess;

  beforeAll(async () => {
    cluster = await startCluster(2, { redisUrl: REDIS_URL });
    [A, B] = cluster.processes;
  }, 240_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  const sql = <T = any>(q: string, params: unknown[] = []) => cluster.provisioner.sql<T>(q, params);
  const count = async (q: string, params: unknown[]) => Number((await sql<{ n: string }>(q, params))[0].n);
  /** A program whose limits stay out of the way unless given. */
  const program = (settings: Record<string, unknown> = {}) =>
    cluster.provisioner.createProgram({ readsPerMinute: 100_000, writesPerMinute: 100_000, ...settings });

  async function must(s: ServerProcess, p: ProgramFixture, method: string, path: string, body?: unknown) {
    const res = await s.api(method, path, { token: p.key, body });
    if (res.status !== 200) throw new Error(`${method} ${path} on ${s.url} failed: ${res.status} ${res.text}`);
    return res.body;
  }

  test('the two instances are separate processes on one database', async () => {
    expect(A.pid).not.toBe(B.pid);
    expect(A.url).not.toBe(B.url);
    for (const s of [A, B]) expect((await s.request('GET', '/readyz')).status).toBe(200);
    const p = await program();
    const a = await must(A, p, 'POST', '/affiliates', { firstName: 'Ada', lastName: 'Lovelace', email: `ada-${uniq()}@example.com` });
    const seen = await B.api('GET', '/affiliates', { token: p.key, query: { id: a.id } });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(a);
  });

  describe('rate limits are shared', () => {
    test('readsPerMinute 6, GET /affiliates alternating A, B: exactly 6 pass counting down r=5..0 across both; the rest are 429 with Retry-After', async () => {
      // Set at creation, before either process has cached this program's limits.
      const p = await program({ readsPerMinute: 6 });
      const results: Array<{ on: string; res: ApiResponse }> = [];
      for (let i = 0; i < 12; i++) {
        const [name, s] = i % 2 === 0 ? ['A', A] : ['B', B];
        results.push({ on: name, res: await s.api('GET', '/affiliates', { token: p.key }) });
      }
      expect(results.map((x) => `${x.on}:${x.res.status}`)).toEqual([
        'A:200',
        'B:200',
        'A:200',
        'B:200',
        'A:200',
        'B:200',
        'A:429',
        'B:429',
        'A:429',
        'B:429',
        'A:429',
        'B:429',
      ]);
      for (const { res } of results) {
        expect(res.headers.get('ratelimit-policy')).toBe('"reads";q=6;w=60');
        const rl = rateLimit(res);
        expect(rl.policy).toBe('reads');
        expect(rl.t).toBeGreaterThanOrEqual(1);
        expect(rl.t).toBeLessThanOrEqual(60);
      }
      expect(results.map((x) => rateLimit(x.res).r)).toEqual([5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0]);
      for (const { res } of results.slice(0, 6)) expect(res.headers.get('retry-after')).toBeNull();
      for (const { res } of results.slice(6)) {
        expect(res.body).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
        const retryAfter = res.headers.get('retry-after');
        expect(retryAfter).toMatch(/^\d+$/);
        expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
        expect(Number(retryAfter)).toBeLessThanOrEqual(60);
        expect(rateLimit(res).t).toBe(Number(retryAfter));
      }
    });

    test('readsPerMinute 6, 24 concurrent GET /affiliates split between A and B: exactly 6 pass', async () => {
      const p = await program({ readsPerMinute: 6 });
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? B : A).api('GET', '/affiliates', { token: p.key })));
      expect(results.filter((r) => r.status === 200).length).toBe(6);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect({ status: r.status, code: r.body?.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
        expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      }
      expect(
        results
          .map((r) => rateLimit(r).r)
          .filter((r) => r > 0)
          .sort(),
      ).toEqual([1, 2, 3, 4, 5]);
    });
  });

  describe('Idempotency-Key across instances', () => {
    const body = () => ({ firstName: 'Grace', lastName: 'Hopper', email: `grace-${uniq()}@example.com` });
    const post = (s: ServerProcess, p: ProgramFixture, key: string, b: unknown) =>
      s.api('POST', '/affiliates', { token: p.key, body: b, headers: { 'Idempotency-Key': key } });
    const affiliateCount = (p: ProgramFixture) => count('select count(*) as n from affiliates where program_id = ?', [p.programId]);
    const createdEvents = (p: ProgramFixture) => count(`select count(*) as n from events where program_id = ? and type = 'affiliate.created'`, [p.programId]);

    test('a key used on A replays on B (same answer, Idempotent-Replayed: true, one affiliate); another body under it on B is 422', async () => {
      const p = await program();
      const key = `key-${randomUUID()}`;
      const b = body();
      const first = await post(A, p, key, b);
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(first.body).toEqual(expect.objectContaining({ email: b.email, firstName: 'Grace' }));

      const again = await post(B, p, key, b);
      expect({ status: again.status, body: again.body, replayed: again.headers.get('idempotent-replayed') }).toEqual({
        status: 200,
        body: first.body,
        replayed: 'true',
      });
      // And back on A.
      const third = await post(A, p, key, b);
      expect({ status: third.status, body: third.body, replayed: third.headers.get('idempotent-replayed') }).toEqual({
        status: 200,
        body: first.body,
        replayed: 'true',
      });
      expect(await affiliateCount(p)).toBe(1);
      expect(await createdEvents(p)).toBe(1);

      const other = await post(B, p, key, body());
      expect({ status: other.status, code: other.body?.code }).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(other.headers.get('idempotent-replayed')).toBeNull();
      expect(await affiliateCount(p)).toBe(1);
    });

    test('the same key sent to A and B at the same time has one effect: one 200, the other a replay or 409 IDEMPOTENCY_KEY_IN_USE', async () => {
      const p = await program();
      for (let round = 0; round < 5; round++) {
        const key = `key-${randomUUID()}`;
        const b = body();
        const [x, y] = await Promise.all([post(A, p, key, b), post(B, p, key, b)]);
        const fresh = [x, y].filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null);
        expect(fresh).toHaveLength(1);
        const other = fresh[0] === x ? y : x;
        if (other.status === 200) {
          expect(other.headers.get('idempotent-replayed')).toBe('true');
          expect(other.body).toEqual(fresh[0].body);
        } else {
          expect({ status: other.status, code: other.body?.code }).toEqual({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' });
        }
      }
      expect(await affiliateCount(p)).toBe(5);
      expect(await createdEvents(p)).toBe(5);
    });
  });

  describe('promo-code limits with requests split between instances', () => {
    test('maxRedemptions 5, 40 concurrent POST /referrals with the code (20 on A, 20 on B): exactly 5 succeed; timesRedeemed 5 on the code and the coupon', async () => {
      const p = await program();
      const a = await must(A, p, 'POST', '/affiliates', { firstName: 'Ada', lastName: 'Lovelace', email: `ada-${uniq()}@example.com` });
      const coupon = await must(B, p, 'POST', '/coupons', { name: `Coupon ${uniq()}`, percentOff: 10 });
      const code = await must(A, p, 'POST', '/promotional-codes', { code: `SPLIT-${uniq()}`, couponId: coupon.id, affiliateId: a.id, maxRedemptions: 5 });

      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? B : A).api('POST', '/referrals', { token: p.key, body: { promoCode: code.code, ...person() } })),
      );
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length).toBe(5);
      for (const r of ok) expect(r.body).toEqual(expect.objectContaining({ affiliateId: a.id, promoCode: code.code }));
      for (const r of results.filter((x) => x.status !== 200))
        expect({ status: r.status, code: r.body?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });

      const c = await B.api('GET', '/promotional-codes', { token: p.key, query: { code: code.code } });
      expect(c.status).toBe(200);
      expect(c.body.timesRedeemed).toBe(5);
      const k = await A.api('GET', '/coupons', { token: p.key, query: { id: coupon.id } });
      expect(k.status).toBe(200);
      expect(k.body.timesRedeemed).toBe(5);
      expect(await count('select count(*) as n from referrals where program_id = ?', [p.programId])).toBe(5);
      const [row] = await sql<{ code: number; coupon: number }>(
        'select c.times_redeemed as code, k.times_redeemed as coupon from promotional_codes c join coupons k on k.id = c.coupon_id where c.id = ?',
        [code.id],
      );
      expect(row).toEqual({ code: 5, coupon: 5 });
    });
  });

  describe('webhooks: both processes run delivery workers', () => {
    interface Hit {
      id: string;
      headers: http.IncomingHttpHeaders;
      body: string;
    }
    let receiver: http.Server | undefined;

    afterAll(async () => {
      if (!receiver) return;
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver!.close(() => resolve()));
    });

    test('30 affiliates created through A and B: each event arrives exactly once, one logged attempt per delivery', async () => {
      const hits: Hit[] = [];
      receiver = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          hits.push({ id: String(req.headers['webhook-id']), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
          // A little latency widens the window between claim and record, where a second worker could re-send.
          setTimeout(() => res.writeHead(200).end('ok'), 30);
        });
      });
      await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

      const p = await program();
      const endpoint = await must(A, p, 'POST', '/webhooks', { url, events: ['affiliate.created'] });
      expect(endpoint.secret).toMatch(/^whsec_/);

      const created = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          must(i % 2 ? B : A, p, 'POST', '/affiliates', { firstName: 'Ada', lastName: `L${i}`, email: `ada-${i}-${uniq()}@example.com` }),
        ),
      );
      expect(new Set(created.map((a) => a.id)).size).toBe(30);

      const deadline = Date.now() + 20_000;
      while (hits.length < 30 && Date.now() < deadline) await sleep(100);
      expect(hits.length).toBeGreaterThanOrEqual(30);
      // Longer than two worker polls (1 s each): a duplicate would have shown up by now.
      await sleep(2500);

      const events = await sql<{ id: string; affiliate_id: string }>(
        `select id, data->>'id' as affiliate_id from events where program_id = ? and type = 'affiliate.created' order by id`,
        [p.programId],
      );
      expect(events).toHaveLength(30);
      expect(events.map((e) => e.affiliate_id).sort()).toEqual(created.map((a) => a.id).sort());

      // Each event id exactly once at the receiver.
      const perId = new Map<string, number>();
      for (const h of hits) perId.set(h.id, (perId.get(h.id) ?? 0) + 1);
      expect([...perId.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      expect([...perId.keys()].sort()).toEqual(events.map((e) => e.id).sort());
      expect(hits).toHaveLength(30);
      const wh = new Webhook(endpoint.secret);
      for (const h of hits) {
        const payload = wh.verify(h.body, h.headers as Record<string, string>) as any;
        expect(payload).toEqual(expect.objectContaining({ id: h.id, type: 'affiliate.created', programId: p.programId }));
      }

      // One delivery per event, succeeded on its first attempt; one logged attempt per delivery.
      const deliveries = await sql<{ id: string; event_id: string; status: string; attempts: number }>(
        'select id, event_id, status, attempts from webhook_deliveries where endpoint_id = ? order by id',
        [endpoint.id],
      );
      expect(deliveries).toHaveLength(30);
      expect(deliveries.filter((d) => d.status !== 'succeeded' || Number(d.attempts) !== 1)).toEqual([]);
      const attempts = await sql<{ delivery_id: string; n: string; ok: string }>(
        `select delivery_id, count(*) as n, count(*) filter (where status_code = 200) as ok from webhook_attempts where program_id = ? group by delivery_id`,
        [p.programId],
      );
      expect(attempts.filter((a) => Number(a.n) !== 1 || Number(a.ok) !== 1)).toEqual([]);
      expect(attempts.map((a) => String(a.delivery_id)).sort()).toEqual(deliveries.map((d) => String(d.id)).sort());
    }, 45_000);
  });
});
