/**
 * The Idempotency-Key rules of DESIGN.md ("Money and commissions"), over HTTP against the real app on a real
 * PostgreSQL: any POST/PUT/PATCH/DELETE of /api/v1 may carry the header; a replay (same key, same request)
 * returns the first answer with `Idempotent-Replayed: true` and has no second effect; the same key with a
 * different request is 422 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_KEY_IN_USE.
 * Keys are kept 24 h per credential in PostgreSQL (so they hold across instances); 4xx answers are kept,
 * 5xx answers are not. A running key is held by a lease its request renews: a key whose holder died is taken
 * over once the lease lapses (the process kill itself: idempotency-crash.spec.ts).
 * Here: the lease of a running key (renewed, lapsed, taken over) and its migration.
 */
import { randomUUID } from 'node:crypto';
import { createLogger } from '../../../../src/common/logger';
import { initOrm } from '../../../../src/db/orm';
import { IdempotencyService, LEASE_SECONDS, RENEW_EVERY_MS } from '../../../../src/modules/idempotency/idempotency.service';
import { requestHash } from '../../../../rest-facade/idempotency';
import { createTestDatabase } from '../../../helpers/database';
import type { ApiResponse } from '../../../helpers/server';
import { useProgram, useTestServer } from '../../../helpers/harness';
import { createAffiliate } from '../../../helpers/factories';
import { personEmail, uniq } from '../../../helpers/spec-client';
import { expectError, expectNoServerErrorsAfterAll } from '../../../helpers/assertions';
import { expectReplay, idempotencyClient, newKey, replayed } from '../../../helpers/idempotency';
import { waitFor } from '../../../helpers/wait';

const server = useTestServer();
const { seen, program, sql, count, withKey, keyRow, lockAffiliate } = idempotencyClient(() => server);

// The "no unexpected 5xx" test of these rules is in sales-with-a-key.spec.ts; here the same check runs once the file is done.
expectNoServerErrorsAfterAll(seen);

describe('a running key is held by a renewed lease; a lapsed one is taken over', () => {
  let credential: string;

  const p = useProgram(() => program());
  beforeAll(async () => {
    const probe = newKey();
    await withKey(p, 'PUT', '/affiliates', probe, { affiliateId: randomUUID(), firstName: 'Nobody' });
    credential = (await keyRow(probe))[0].credential;
  });

  const lease = (key: string) =>
    sql<{ owner: string | null; left: number; at: number }>(
      `select lease_owner as owner, extract(epoch from (lease_expires_at - now()))::float8 as left, extract(epoch from lease_expires_at)::float8 as at
       from idempotency_keys where key = ?`,
      [key],
    );
  const affiliateBody = () => ({ firstName: 'Orphan', lastName: 'Key', email: personEmail('orphan') });
  const affiliatesWith = (email: string) => count('select count(*) as n from affiliates where program_id = ? and email = ?', [p.programId, email]);
  /** The row a request leaves behind when its process dies after claiming the key. */
  const orphan = (key: string, body: unknown, leaseLeft = "- interval '1 second'") =>
    sql(
      `insert into idempotency_keys (credential, key, request_hash, status, expires_at, lease_owner, lease_expires_at)
       values (?, ?, ?, 'running', now() + interval '23 hours', ?, now() ${leaseLeft})`,
      [credential, key, requestHash('POST', '/affiliates', body), randomUUID()],
    );

  test(`a live request holds a ${LEASE_SECONDS} s lease and renews it every ${RENEW_EVERY_MS / 1000} s: another request gets 409 throughout, then the replay`, async () => {
    const b = await createAffiliate(server, p.key);
    const key = newKey();
    const body = { referralId: b.id, name: 'Long', email: personEmail(), totalEarned: 10 };
    const lock = await lockAffiliate(b.id);
    let firstPromise: Promise<ApiResponse> | undefined;
    try {
      firstPromise = withKey(p, 'POST', '/sales', key, body);
      await waitFor(async () => (await keyRow(key)).some((r) => r.status === 'running'), 'the first request to claim the key');
      const [claimed] = await lease(key);
      expect(claimed.owner).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number(claimed.left)).toBeGreaterThan(LEASE_SECONDS - 5);
      expect(Number(claimed.left)).toBeLessThanOrEqual(LEASE_SECONDS + 0.1);
      expectError(await withKey(p, 'POST', '/sales', key, body), 409, 'IDEMPOTENCY_KEY_IN_USE');
      await waitFor(async () => Number((await lease(key))[0].at) > Number(claimed.at) + 1, 'the lease to be renewed', RENEW_EVERY_MS + 5_000);
      const [renewed] = await lease(key);
      expect(renewed.owner).toBe(claimed.owner);
      expect(Number(renewed.left)).toBeGreaterThan(LEASE_SECONDS - 2);
      expectError(await withKey(p, 'POST', '/sales', key, body), 409, 'IDEMPOTENCY_KEY_IN_USE');
    } finally {
      await lock.release();
    }
    const first = await firstPromise!;
    expect(first.status).toBe(200);
    expectReplay(first, await withKey(p, 'POST', '/sales', key, body));
    expect(await count('select count(*) as n from sales where program_id = ? and affiliate_id = ?', [p.programId, b.id])).toBe(1);
  }, 30_000);

  test('a client that goes away mid-request does not free the key: a retry gets 409 until the request answers, then its answer', async () => {
    const b = await createAffiliate(server, p.key);
    const key = newKey();
    const body = { referralId: b.id, name: 'Gone', email: personEmail(), totalEarned: 10 };
    const lock = await lockAffiliate(b.id);
    try {
      const abort = new AbortController();
      const gone = fetch(`${server.url}/api/v1/sales`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.key}`, 'content-type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
        signal: abort.signal,
      }).catch(() => 'aborted');
      await waitFor(async () => (await keyRow(key)).some((r) => r.status === 'running'), 'the first request to claim the key');
      abort.abort();
      expect(await gone).toBe('aborted');
      await new Promise((r) => setTimeout(r, 200));
      expectError(await withKey(p, 'POST', '/sales', key, body), 409, 'IDEMPOTENCY_KEY_IN_USE');
    } finally {
      await lock.release();
    }
    await waitFor(async () => (await keyRow(key)).some((r) => r.status === 'done'), 'the abandoned request to answer');
    const again = await withKey(p, 'POST', '/sales', key, body);
    expect({ status: again.status, replayed: replayed(again), affiliateId: again.body.affiliateId }).toEqual({
      status: 200,
      replayed: true,
      affiliateId: b.id,
    });
    expect(await count('select count(*) as n from sales where program_id = ? and affiliate_id = ?', [p.programId, b.id])).toBe(1);
  });

  test('a running key whose lease lapsed (its process died) is taken over by the same request: it runs once, then replays', async () => {
    const key = newKey();
    const body = affiliateBody();
    await orphan(key, body);
    const [dead] = await lease(key);
    const first = await withKey(p, 'POST', '/affiliates', key, body);
    expect(first.status).toBe(200);
    expect(replayed(first)).toBe(false);
    expect(first.body.email).toBe(body.email);
    expectReplay(first, await withKey(p, 'POST', '/affiliates', key, body));
    expect(await affiliatesWith(body.email)).toBe(1);
    const [row] = await keyRow(key);
    expect(row).toEqual(expect.objectContaining({ status: 'done', response_status: 200 }));
    expect(Number(row.expires_in_hours)).toBeGreaterThan(23.9); // kept 24 h from the run that answered
    expect((await lease(key))[0].owner).not.toBe(dead.owner);
  });

  test('a lapsed key with another body is still 422 and is not taken over by it; the right body then runs', async () => {
    const key = newKey();
    const body = affiliateBody();
    await orphan(key, body);
    const other = { ...body, firstName: 'Other' };
    expectError(await withKey(p, 'POST', '/affiliates', key, other), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await affiliatesWith(body.email)).toBe(0);
    expect((await keyRow(key))[0].status).toBe('running');
    const first = await withKey(p, 'POST', '/affiliates', key, body);
    expect({ status: first.status, replayed: replayed(first) }).toEqual({ status: 200, replayed: false });
    expect(await affiliatesWith(body.email)).toBe(1);
  });

  test('a key whose holder stopped renewing: 409 until its lease lapses, then the retry runs', async () => {
    const key = newKey();
    const body = affiliateBody();
    await orphan(key, body, "+ interval '1500 milliseconds'");
    expectError(await withKey(p, 'POST', '/affiliates', key, body), 409, 'IDEMPOTENCY_KEY_IN_USE');
    const start = Date.now();
    let res: ApiResponse;
    do {
      await new Promise((r) => setTimeout(r, 100));
      res = await withKey(p, 'POST', '/affiliates', key, body);
    } while (res.status === 409 && Date.now() - start < 5_000);
    expect({ status: res.status, replayed: replayed(res) }).toEqual({ status: 200, replayed: false });
    expect(await affiliatesWith(body.email)).toBe(1);
  });

  test('10 retries racing for one dead key: one takes it over and runs; the others get 409 or its replay', async () => {
    const key = newKey();
    const body = affiliateBody();
    await orphan(key, body);
    const results = await Promise.all(Array.from({ length: 10 }, () => withKey(p, 'POST', '/affiliates', key, body)));
    for (const r of results) expect([200, 409]).toContain(r.status);
    const fresh = results.filter((r) => r.status === 200 && !replayed(r));
    expect(fresh).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 200)) expect(r.body).toEqual(fresh[0].body);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await affiliatesWith(body.email)).toBe(1);
  });

  test('a row claimed without a lease (by an instance on the older code) gets a one-minute lease: 409, then taken over once it lapses', async () => {
    const key = newKey();
    const body = affiliateBody();
    await sql(`insert into idempotency_keys (credential, key, request_hash, status, expires_at) values (?, ?, ?, 'running', now() + interval '24 hours')`, [
      credential,
      key,
      requestHash('POST', '/affiliates', body),
    ]);
    const [legacy] = await lease(key);
    expect(legacy.owner).toBeNull();
    expect(Number(legacy.left)).toBeGreaterThan(55);
    expect(Number(legacy.left)).toBeLessThanOrEqual(60.1);
    expectError(await withKey(p, 'POST', '/affiliates', key, body), 409, 'IDEMPOTENCY_KEY_IN_USE');
    await sql(`update idempotency_keys set lease_expires_at = now() - interval '1 second' where credential = ? and key = ?`, [credential, key]);
    const res = await withKey(p, 'POST', '/affiliates', key, body);
    expect({ status: res.status, replayed: replayed(res) }).toEqual({ status: 200, replayed: false });
    expectReplay(res, await withKey(p, 'POST', '/affiliates', key, body));
  });

  test('a holder that lost its lease can no longer renew, store or release the key (the service)', async () => {
    const svc = new IdempotencyService(server.runtime.orm);
    const cred = `test:${uniq()}`;
    const key = newKey();
    const a = await svc.begin(cred, key, 'h');
    if (a.kind !== 'proceed') throw new Error(`expected proceed, got ${a.kind}`);
    expect(a.claim.takenOver).toBe(false);
    expect(await svc.begin(cred, key, 'h')).toEqual({ kind: 'running' });
    expect(await svc.renew(cred, key, a.claim.owner)).toBe(true);

    await sql(`update idempotency_keys set lease_expires_at = now() - interval '1 second' where credential = ? and key = ?`, [cred, key]);
    expect(await svc.begin(cred, key, 'other')).toEqual({ kind: 'mismatch' });
    const b = await svc.begin(cred, key, 'h');
    if (b.kind !== 'proceed') throw new Error(`expected proceed, got ${b.kind}`);
    expect(b.claim.takenOver).toBe(true);
    expect(b.claim.owner).not.toBe(a.claim.owner);
    expect(await svc.begin(cred, key, 'h')).toEqual({ kind: 'running' });

    expect(await svc.renew(cred, key, a.claim.owner)).toBe(false);
    expect(await svc.complete(cred, key, a.claim.owner, 200, '"stale"')).toBe(false);
    await svc.abandon(cred, key, a.claim.owner);
    expect(await svc.begin(cred, key, 'h')).toEqual({ kind: 'running' });

    expect(await svc.complete(cred, key, b.claim.owner, 201, '"b"')).toBe(true);
    expect(await svc.begin(cred, key, 'h')).toEqual({ kind: 'replay', status: 201, body: '"b"' });
    expect(await svc.renew(cred, key, b.claim.owner)).toBe(false); // answered: nothing left to hold
  });
});

describe('the lease migration on a table with keys in it', () => {
  test('running and answered keys from before get a one-minute lease and no owner; running ones answer 409 until it lapses, answered ones replay', async () => {
    const db = await createTestDatabase();
    const orm = await initOrm(db.url, createLogger('silent'), { migrate: false });
    try {
      const migrator = orm.getMigrator();
      await migrator.up({ to: 'Migration20261121050000_shard_ready' });
      const em = orm.em.fork();
      await em.execute(
        `insert into idempotency_keys (credential, key, request_hash, status, response_status, response_body, expires_at)
         values ('apiKey:x', 'running-key', 'h', 'running', null, null, now() + interval '23 hours'),
                ('apiKey:x', 'done-key', 'h', 'done', 201, '{"id":1}', now() + interval '23 hours')`,
      );
      await migrator.up();
      const rows = await em.execute<Array<{ key: string; lease_owner: string | null; left: number }>>(
        `select key, lease_owner, extract(epoch from (lease_expires_at - now()))::float8 as left from idempotency_keys order by key`,
      );
      expect(rows.map((r) => r.key)).toEqual(['done-key', 'running-key']);
      for (const r of rows) {
        expect(r.lease_owner).toBeNull();
        expect(Number(r.left)).toBeGreaterThan(50);
        expect(Number(r.left)).toBeLessThanOrEqual(60.1);
      }
      const svc = new IdempotencyService(orm);
      expect(await svc.begin('apiKey:x', 'running-key', 'h')).toEqual({ kind: 'running' });
      expect(await svc.begin('apiKey:x', 'done-key', 'h')).toEqual({ kind: 'replay', status: 201, body: '{"id":1}' });
      await em.execute(`update idempotency_keys set lease_expires_at = now() - interval '1 second'`);
      expect(await svc.begin('apiKey:x', 'running-key', 'h')).toEqual({ kind: 'proceed', claim: { owner: expect.any(String), takenOver: true } });
      expect(await svc.begin('apiKey:x', 'done-key', 'h')).toEqual({ kind: 'replay', status: 201, body: '{"id":1}' });
    } finally {
      await orm.close(true);
      await db.drop();
    }
  });
});
