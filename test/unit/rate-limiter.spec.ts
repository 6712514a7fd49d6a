import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { RateLimiter, rateLimitHeaders, policyFor, type Policy, type RateLimitDecision } from '../../src/rate-limit/rate-limiter';
import { MemoryWindowBackend, RedisWindowBackend } from '../../src/common/sliding-window';
import { sleep } from '../helpers/wait';

/** Date.now() under the test's control (the limiter reads only Date.now()), so window tests never depend on scheduling. */
function controlledClock() {
  let now = Date.now();
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => now);
  afterEachCleanups.push(() => spy.mockRestore());
  return { advance: (ms: number) => void (now += ms) };
}
const afterEachCleanups: Array<() => void> = [];
afterEach(() => {
  while (afterEachCleanups.length) afterEachCleanups.pop()!();
});
const reads = (max: number, windowMs = 60_000): Policy => ({ name: 'reads', max, windowMs });
const uniq = () => randomBytes(4).toString('hex');

interface Harness {
  /** A limiter on the shared store (for Redis: every call may make another instance with its own client). */
  limiter(): RateLimiter;
  close(): Promise<void>;
}

function memoryHarness(): Harness {
  const limiter = new RateLimiter(new MemoryWindowBackend());
  return { limiter: () => limiter, close: () => limiter.close() };
}

const REDIS_URL = process.env.REDIS_URL;
const runPrefix = `test:ratelimit:${process.pid}:${uniq()}:`;

function redisHarness(): Harness {
  const made: RateLimiter[] = [];
  return {
    limiter() {
      const l = new RateLimiter(new RedisWindowBackend(new Redis(REDIS_URL!), runPrefix));
      made.push(l);
      return l;
    },
    async close() {
      const admin = new Redis(REDIS_URL!);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await admin.scan(cursor, 'MATCH', `${runPrefix}*`, 'COUNT', 1000);
          if (keys.length) await admin.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        await admin.quit();
        await Promise.all(made.map((l) => l.close()));
      }
    },
  };
}

function limiterSuite(name: string, makeHarness: () => Harness) {
  describe(name, () => {
    let h: Harness;
    let limiter: RateLimiter;
    // Credentials unique per test, so tests never share a window (also across runs on one Redis).
    let cred: string;
    beforeAll(() => {
      h = makeHarness();
      limiter = h.limiter();
    });
    afterAll(() => h.close());
    beforeEach(() => {
      cred = `apiKey:${uniq()}`;
    });

    test('max calls pass, then calls are refused; remaining counts down', async () => {
      const p = reads(3);
      const ds: RateLimitDecision[] = [];
      for (let i = 0; i < 5; i++) ds.push(await limiter.hit(cred, 'GET /api/v1/affiliates', p));
      expect(ds.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
      expect(ds.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0]);
      for (const d of ds) expect(d.policy).toEqual(p);
    });

    test('resetSeconds: the whole window for a fresh key, then the time until the oldest call leaves', async () => {
      const first = await limiter.hit(cred, 'GET /x', reads(2));
      expect(first.resetSeconds).toBe(60);
      await limiter.hit(cred, 'GET /x', reads(2));
      const refused = await limiter.hit(cred, 'GET /x', reads(2));
      expect(refused.allowed).toBe(false);
      expect(Number.isInteger(refused.resetSeconds)).toBe(true);
      expect(refused.resetSeconds).toBeGreaterThanOrEqual(59);
      expect(refused.resetSeconds).toBeLessThanOrEqual(60);

      // Short windows never report 0 s: a client must wait at least a second.
      const short = await limiter.hit(cred, 'GET /short', reads(1, 300));
      const shortRefused = await limiter.hit(cred, 'GET /short', reads(1, 300));
      expect(short.resetSeconds).toBe(1);
      expect(shortRefused.allowed).toBe(false);
      expect(shortRefused.resetSeconds).toBe(1);
    });

    test('a full window frees up after windowMs', async () => {
      const p = reads(2, 300);
      const clock = controlledClock();
      expect((await limiter.hit(cred, 'GET /x', p)).allowed).toBe(true);
      expect((await limiter.hit(cred, 'GET /x', p)).allowed).toBe(true);
      expect((await limiter.hit(cred, 'GET /x', p)).allowed).toBe(false);
      clock.advance(350);
      const again = await limiter.hit(cred, 'GET /x', p);
      expect(again.allowed).toBe(true);
      expect(again.remaining).toBe(1);
    });

    test('the window slides (calls leave one by one) and refused calls do not count', async () => {
      const p = reads(2, 600);
      const clock = controlledClock();
      expect((await limiter.hit(cred, 'GET /x', p)).allowed).toBe(true); // A at 0 ms, leaves at 600
      clock.advance(300);
      expect((await limiter.hit(cred, 'GET /x', p)).allowed).toBe(true); // B at 300 ms, leaves at 900
      for (let i = 0; i < 5; i++) expect((await limiter.hit(cred, 'GET /x', p)).allowed).toBe(false); // not recorded
      clock.advance(400); // 700 ms: A has left, B has not
      const c = await limiter.hit(cred, 'GET /x', p);
      expect(c.allowed).toBe(true);
      expect(c.remaining).toBe(0);
      // A fixed window that restarted at 600 ms would let this one through too.
      expect((await limiter.hit(cred, 'GET /x', p)).allowed).toBe(false);
    });

    test('windows are separate per credential and per endpoint (method included)', async () => {
      const p = reads(1);
      const other = `apiKey:${uniq()}`;
      expect((await limiter.hit(cred, 'GET /api/v1/affiliates', p)).allowed).toBe(true);
      expect((await limiter.hit(cred, 'GET /api/v1/affiliates', p)).allowed).toBe(false);
      expect((await limiter.hit(other, 'GET /api/v1/affiliates', p)).allowed).toBe(true);
      expect((await limiter.hit(cred, 'GET /api/v1/links', p)).allowed).toBe(true);
      expect((await limiter.hit(cred, 'POST /api/v1/affiliates', p)).allowed).toBe(true);
      expect((await limiter.hit(cred, 'query affiliates', p)).allowed).toBe(true);
      expect((await limiter.hit(`oauth:${cred.slice(7)}`, 'GET /api/v1/affiliates', p)).allowed).toBe(true);
      expect((await limiter.hit(cred, 'GET /api/v1/affiliates', p)).allowed).toBe(false);
    });

    test('100 concurrent calls with max 10: exactly 10 pass', async () => {
      const p = reads(10);
      const ds = await Promise.all(Array.from({ length: 100 }, () => limiter.hit(cred, 'POST /api/v1/affiliates', p)));
      const allowed = ds.filter((d) => d.allowed);
      expect(allowed).toHaveLength(10);
      expect(allowed.map((d) => d.remaining).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const d of ds.filter((x) => !x.allowed)) expect(d.remaining).toBe(0);
      expect((await limiter.hit(cred, 'POST /api/v1/affiliates', p)).allowed).toBe(false);
    });

    test('headers of real decisions', async () => {
      const p = reads(600);
      const first = rateLimitHeaders([await limiter.hit(cred, 'GET /x', p)]);
      expect(first['RateLimit-Policy']).toBe('"reads";q=600;w=60');
      expect(first.RateLimit).toBe('"reads";r=599;t=60');
      expect(first).not.toHaveProperty('Retry-After');

      const w: Policy = { name: 'writes', max: 1, windowMs: 60_000 };
      await limiter.hit(cred, 'POST /x', w);
      const refused = rateLimitHeaders([await limiter.hit(cred, 'POST /x', w)]);
      expect(refused['RateLimit-Policy']).toBe('"writes";q=1;w=60');
      expect(refused.RateLimit).toMatch(/^"writes";r=0;t=\d+$/);
      const t = Number(/t=(\d+)$/.exec(refused.RateLimit)![1]);
      expect(refused['Retry-After']).toBe(String(t));
      expect(t).toBeGreaterThanOrEqual(1);
      expect(t).toBeLessThanOrEqual(60);
    });
  });
}

limiterSuite('RateLimiter on MemoryWindowBackend', memoryHarness);

const describeRedis = REDIS_URL ? describe : describe.skip;

describeRedis('RateLimiter on RedisWindowBackend', () => {
  limiterSuite('one instance', redisHarness);

  describe('two server instances, each with its own Redis client', () => {
    let h: Harness;
    beforeAll(() => {
      h = redisHarness();
    });
    afterAll(() => h.close());

    test('100 concurrent calls spread over two instances with max 10: exactly 10 pass', async () => {
      const a = h.limiter();
      const b = h.limiter();
      const cred = `apiKey:${uniq()}`;
      const p = reads(10);
      const ds = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).hit(cred, 'POST /api/v1/affiliates', p)));
      expect(ds.filter((d) => d.allowed)).toHaveLength(10);
      expect(
        ds
          .filter((d) => d.allowed)
          .map((d) => d.remaining)
          .sort((x, y) => x - y),
      ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // Both instances see the one shared window.
      expect((await a.hit(cred, 'POST /api/v1/affiliates', p)).allowed).toBe(false);
      expect((await b.hit(cred, 'POST /api/v1/affiliates', p)).allowed).toBe(false);
      expect((await b.hit(cred, 'GET /api/v1/affiliates', p)).allowed).toBe(true);
    });

    test('a window filled through one instance is seen by the other and slides for both', async () => {
      const a = h.limiter();
      const b = h.limiter();
      const cred = `apiKey:${uniq()}`;
      const p = reads(2, 300);
      expect((await a.hit(cred, 'GET /x', p)).allowed).toBe(true);
      const second = await b.hit(cred, 'GET /x', p);
      expect(second).toMatchObject({ allowed: true, remaining: 0 });
      expect((await a.hit(cred, 'GET /x', p)).allowed).toBe(false);
      await sleep(350);
      expect((await b.hit(cred, 'GET /x', p)).allowed).toBe(true);
    });

    test('keys carry the configured prefix and expire with the window', async () => {
      const a = h.limiter();
      const cred = `apiKey:${uniq()}`;
      await a.hit(cred, 'GET /x', reads(5, 10_000));
      const admin = new Redis(REDIS_URL!);
      try {
        const keys = await admin.keys(`${runPrefix}${cred}*`);
        expect(keys).toHaveLength(1);
        const ttl = await admin.pttl(keys[0]);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(10_000);
      } finally {
        await admin.quit();
      }
    });
  });
});

describe('rateLimitHeaders', () => {
  const d = (name: 'reads' | 'writes', max: number, remaining: number, allowed: boolean, resetSeconds: number): RateLimitDecision => ({
    allowed,
    remaining,
    resetSeconds,
    policy: { name, max, windowMs: 60_000 },
    undo: async () => undefined,
  });

  test('exact field formats; Retry-After only when refused', () => {
    expect(rateLimitHeaders([d('reads', 600, 599, true, 42)])).toEqual({
      'RateLimit-Policy': '"reads";q=600;w=60',
      RateLimit: '"reads";r=599;t=42',
    });
    expect(rateLimitHeaders([d('writes', 120, 0, false, 17)])).toEqual({
      'RateLimit-Policy': '"writes";q=120;w=60',
      RateLimit: '"writes";r=0;t=17',
      'Retry-After': '17',
    });
    expect(rateLimitHeaders([])).toEqual({});
  });

  test('several endpoints in one request: a refused one wins, else the one with the fewest calls left', () => {
    expect(rateLimitHeaders([d('reads', 10, 5, true, 60), d('reads', 10, 2, true, 30), d('reads', 10, 7, true, 50)]).RateLimit).toBe('"reads";r=2;t=30');
    const refused = rateLimitHeaders([d('reads', 10, 5, true, 60), d('reads', 10, 0, false, 12), d('reads', 10, 0, true, 40)]);
    expect(refused.RateLimit).toBe('"reads";r=0;t=12');
    expect(refused['Retry-After']).toBe('12');
  });

  test('policyFor picks the program limits', () => {
    expect(policyFor('reads', { readsPerMinute: 3, writesPerMinute: 2 })).toEqual({ name: 'reads', max: 3, windowMs: 60_000 });
    expect(policyFor('writes', { readsPerMinute: 3, writesPerMinute: 2 })).toEqual({ name: 'writes', max: 2, windowMs: 60_000 });
  });
});
