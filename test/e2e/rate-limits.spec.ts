import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { bootstrap } from '../../src/bootstrap';
import { createLogger } from '../../src/common/logger';
import type { ApiResponse } from '../helpers/server';
import { useTestServer } from '../helpers/harness';
import { createProgram, type ProgramFixture } from '../helpers/factories';
import { sleep } from '../helpers/wait';
import { API_KEYS } from '../helpers/graphql-documents';

const REDIS_URL = process.env.REDIS_URL;

/** The RateLimit field: `"<policy>";r=<remaining>;t=<seconds>`. */
function rateLimit(res: ApiResponse): { policy: string; r: number; t: number } {
  const v = res.headers.get('ratelimit');
  expect(v).toMatch(/^"(reads|writes)";r=\d+;t=\d+$/);
  const m = /^"(\w+)";r=(\d+);t=(\d+)$/.exec(v!)!;
  return { policy: m[1], r: Number(m[2]), t: Number(m[3]) };
}

function expect429(res: ApiResponse, policy: string) {
  expect(res.status).toBe(429);
  expect(res.headers.get('ratelimit-policy')).toBe(policy);
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  const rl = rateLimit(res);
  expect(rl.r).toBe(0);
  expect(rl.t).toBe(Number(retryAfter));
}

const AFFILIATES_QUERY = '{ affiliates { nodes { id } } }';

describe.each(['memory', 'redis'] as const)('rate limits through HTTP (%s store)', (store) => {
  const run = store === 'memory' || REDIS_URL ? describe : describe.skip;

  run(`${store} store`, () => {
    const server = useTestServer(store === 'redis' ? { redisUrl: REDIS_URL } : {});

    const limited = () => createProgram(server, { readsPerMinute: 3, writesPerMinute: 2 });

    /** Uses up the reads budget of GET /affiliates, checking each answer on the way. */
    async function exhaustAffiliateReads(p: ProgramFixture) {
      const remaining: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await server.api('GET', '/affiliates', { token: p.key });
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-policy')).toBe('"reads";q=3;w=60');
        expect(res.headers.get('retry-after')).toBeNull();
        const rl = rateLimit(res);
        expect(rl.policy).toBe('reads');
        expect(rl.t).toBeGreaterThanOrEqual(1);
        expect(rl.t).toBeLessThanOrEqual(60);
        remaining.push(rl.r);
      }
      expect(remaining).toEqual([2, 1, 0]);
      const refused = await server.api('GET', '/affiliates', { token: p.key });
      expect429(refused, '"reads";q=3;w=60');
      expect(refused.body).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
      expect(refused.body.error.length).toBeGreaterThan(0);
    }

    test('reads: 3 pass with r=2,1,0, the 4th is 429 RATE_LIMITED with Retry-After; refusals keep being refused', async () => {
      const p = await limited();
      await exhaustAffiliateReads(p);
      const again = await server.api('GET', '/affiliates', { token: p.key });
      expect429(again, '"reads";q=3;w=60');
      expect(again.body.code).toBe('RATE_LIMITED');
      // A lookup with query parameters is the same endpoint.
      const lookup = await server.api('GET', '/affiliates', { token: p.key, query: { email: 'x@example.com' } });
      expect(lookup.status).toBe(429);
    });

    if (store === 'redis') {
      test('the windows live in Redis, and a second server instance on the same Redis shares them', async () => {
        const p = await limited();
        await exhaustAffiliateReads(p);
        const keys = await server.graphql(API_KEYS, { p: p.programId }, p.session);
        const keyId = keys.body.data!.apiKeys[0].id as string;
        const redis = new Redis(REDIS_URL!);
        try {
          expect((await redis.keys(`*apiKey:${keyId}*`)).length).toBeGreaterThanOrEqual(1);
        } finally {
          await redis.quit();
        }
        // Instance 2: same database and Redis, its own process state.
        const runtime2 = await bootstrap({ ...server.runtime.config }, createLogger('silent'));
        const http2 = http.createServer(runtime2.app);
        await new Promise<void>((resolve) => http2.listen(0, '127.0.0.1', resolve));
        try {
          const url2 = `http://127.0.0.1:${(http2.address() as AddressInfo).port}`;
          const res = await fetch(`${url2}/api/v1/affiliates`, { headers: { authorization: `Bearer ${p.key}` } });
          expect(res.status).toBe(429);
          expect(res.headers.get('ratelimit-policy')).toBe('"reads";q=3;w=60');
          const links = await fetch(`${url2}/api/v1/links`, { headers: { authorization: `Bearer ${p.key}` } });
          expect(links.status).toBe(200);
          expect(links.headers.get('ratelimit')).toMatch(/^"reads";r=2;t=\d+$/);
          // ...and instance 1 sees the call made on instance 2.
          expect(rateLimit(await server.api('GET', '/links', { token: p.key })).r).toBe(1);
        } finally {
          http2.closeAllConnections();
          await new Promise<void>((resolve) => http2.close(() => resolve()));
          await runtime2.close();
        }
      });
    }

    test('limits are per endpoint: GET /links has its own reads budget', async () => {
      const p = await limited();
      await exhaustAffiliateReads(p);
      const links = await server.api('GET', '/links', { token: p.key });
      expect(links.status).toBe(200);
      expect(links.body).toEqual([]);
      expect(links.headers.get('ratelimit-policy')).toBe('"reads";q=3;w=60');
      expect(rateLimit(links).r).toBe(2);
    });

    test('limits are per method: POST /affiliates has its own writes budget', async () => {
      const p = await limited();
      await exhaustAffiliateReads(p);
      const remaining: number[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await server.api('POST', '/affiliates', { token: p.key, body: { firstName: 'Ada', lastName: 'L', email: `ada${i}@example.com` } });
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-policy')).toBe('"writes";q=2;w=60');
        remaining.push(rateLimit(res).r);
      }
      expect(remaining).toEqual([1, 0]);
      const refused = await server.api('POST', '/affiliates', { token: p.key, body: { firstName: 'Ada', lastName: 'L', email: 'ada9@example.com' } });
      expect429(refused, '"writes";q=2;w=60');
      expect(refused.body).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
      // The refused write did not happen.
      const created = await server.api('GET', '/links', { token: p.key });
      expect(created.status).toBe(200);
      expect(created.body.map((l: any) => l.link).sort()).toEqual(['ada0', 'ada1']);
      // PUT on the same path is another endpoint with its own writes budget.
      const put = await server.api('PUT', '/affiliates', { token: p.key, body: { emailAddress: 'ada0@example.com', firstName: 'Augusta' } });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ count: 1 });
      expect(rateLimit(put)).toMatchObject({ policy: 'writes', r: 1 });
    });

    test('error answers carry the rate-limit fields too', async () => {
      const p = await limited();
      const answers = [
        await server.api('GET', '/affiliates'), // 401, no credential
        await server.api('GET', '/affiliates', { token: 'apk_unknownunknownunknown' }), // 401, unknown key
        await server.api('POST', '/affiliates', { token: p.key, body: { firstName: 'A' } }), // 400
        await server.api('POST', '/affiliates', { token: p.key, rawBody: '{"firstName": ' }), // 400, malformed JSON
        await server.graphql('{ affiliates { nodes { nope } } }', {}, p.key), // GraphQL validation error
        await server.graphql('{ affiliates { nodes { id } } }', {}, 'apk_unknownunknownunknown'), // GraphQL 401
      ];
      expect(answers.map((r) => r.status)).toEqual([401, 401, 400, 400, 400, 401]);
      for (const res of answers) {
        expect(res.headers.get('ratelimit-policy')).toMatch(/^"(reads|writes)";q=\d+;w=60$/);
        rateLimit(res);
      }
      expect(answers[2].headers.get('ratelimit-policy')).toBe('"writes";q=2;w=60');
    });

    test('limits are per credential: a second API key of the program has its own budget', async () => {
      const p = await limited();
      await exhaustAffiliateReads(p);
      const k2 = await server.graphql(`mutation($p: ID!) { createApiKey(programId: $p, name: "second") { key } }`, { p: p.programId }, p.session);
      const key2 = k2.body.data!.createApiKey.key as string;
      const res = await server.api('GET', '/affiliates', { token: key2 });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"reads";q=3;w=60');
      expect(rateLimit(res).r).toBe(2);
      expect((await server.api('GET', '/affiliates', { token: p.key })).status).toBe(429);
    });

    test('programs are limited separately', async () => {
      const p = await limited();
      const other = await limited();
      await exhaustAffiliateReads(p);
      expect((await server.api('GET', '/affiliates', { token: other.key })).status).toBe(200);
    });

    test('GraphQL root fields are endpoints too: after the limit an API-key query answers HTTP 429 RATE_LIMITED', async () => {
      const p = await limited();
      await exhaustAffiliateReads(p); // REST budget; the GraphQL root field counts on its own
      const remaining: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await server.graphql(AFFILIATES_QUERY, {}, p.key);
        expect(res.status).toBe(200);
        expect(res.body.errors).toBeUndefined();
        expect(res.body.data!.affiliates.nodes).toEqual([]);
        expect(res.headers.get('ratelimit-policy')).toBe('"reads";q=3;w=60');
        remaining.push(rateLimit(res).r);
      }
      expect(remaining).toEqual([2, 1, 0]);
      const refused = await server.graphql(AFFILIATES_QUERY, {}, p.key);
      expect429(refused, '"reads";q=3;w=60');
      expect(refused.body.errors?.[0].extensions.code).toBe('RATE_LIMITED');
      expect(refused.body.data ?? null).toBeNull();
      // Another root field still has its budget.
      const links = await server.graphql('{ links { nodes { id } } }', {}, p.key);
      expect(links.status).toBe(200);
      expect(links.body.errors).toBeUndefined();
      expect(rateLimit(links).r).toBe(2);
      // A query naming the exhausted field with a fresh one is refused as a whole.
      const both = await server.graphql('{ links { nodes { id } } affiliates { nodes { id } } }', {}, p.key);
      expect(both.status).toBe(429);
      expect(both.body.errors?.[0].extensions.code).toBe('RATE_LIMITED');
      expect(both.body.data ?? null).toBeNull();
    });

    test('a GraphQL request refused for one root field does not use up the budget of its other root fields', async () => {
      const p = await limited();
      for (let i = 0; i < 3; i++) expect((await server.graphql(AFFILIATES_QUERY, {}, p.key)).status).toBe(200);
      const refused = await server.graphql('{ links { nodes { id } } affiliates { nodes { id } } }', {}, p.key);
      expect(refused.status).toBe(429);
      // Nothing ran, like any refused call (the limiter does not count refused calls): links still has 3 - 1 left.
      const links = await server.graphql('{ links { nodes { id } } }', {}, p.key);
      expect(links.status).toBe(200);
      expect(rateLimit(links).r).toBe(2);
    });

    test('GraphQL mutations count against the writes budget', async () => {
      const p = await limited();
      const create = (n: number) =>
        server.graphql(
          `mutation($i: CreateAffiliateInput!) { createAffiliate(input: $i) { id } }`,
          { i: { firstName: 'A', lastName: 'B', email: `g${n}@example.com` } },
          p.key,
        );
      expect((await create(1)).body.errors).toBeUndefined();
      const second = await create(2);
      expect(second.body.errors).toBeUndefined();
      expect(second.headers.get('ratelimit-policy')).toBe('"writes";q=2;w=60');
      expect(rateLimit(second).r).toBe(0);
      const third = await create(3);
      expect429(third, '"writes";q=2;w=60');
      expect(third.body.errors?.[0].extensions.code).toBe('RATE_LIMITED');
      const list = await server.api('GET', '/affiliates', { token: p.key });
      expect(list.body.map((a: any) => a.email).sort()).toEqual(['g1@example.com', 'g2@example.com']);
    });

    test('a changed limit (updateProgram readsPerMinute) takes effect within ~6 s', async () => {
      const p = await limited();
      await exhaustAffiliateReads(p);
      const upd = await server.graphql(
        `mutation($id: ID!, $input: ProgramInput!) { updateProgram(id: $id, input: $input) { readsPerMinute } }`,
        { id: p.programId, input: { readsPerMinute: 100 } },
        p.session,
      );
      expect(upd.body.errors).toBeUndefined();
      expect(upd.body.data!.updateProgram.readsPerMinute).toBe(100);
      const started = Date.now();
      let res = await server.api('GET', '/affiliates', { token: p.key });
      while (res.status === 429 && Date.now() - started < 7_000) {
        await sleep(250);
        res = await server.api('GET', '/affiliates', { token: p.key });
      }
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThanOrEqual(6_000);
      expect(res.headers.get('ratelimit-policy')).toBe('"reads";q=100;w=60');
      // The three earlier calls are still in the window; refused calls were not counted.
      expect(rateLimit(res).r).toBe(100 - 4);
    });
  });
});
