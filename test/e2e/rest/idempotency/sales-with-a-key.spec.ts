/**
 * The Idempotency-Key rules of DESIGN.md ("Money and commissions"), over HTTP against the real app on a real
 * PostgreSQL: any POST/PUT/PATCH/DELETE of /api/v1 may carry the header; a replay (same key, same request)
 * returns the first answer with `Idempotent-Replayed: true` and has no second effect; the same key with a
 * different request is 422 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_KEY_IN_USE.
 * Keys are kept 24 h per credential in PostgreSQL (so they hold across instances); 4xx answers are kept,
 * 5xx answers are not. A running key is held by a lease its request renews: a key whose holder died is taken
 * over once the lease lapses (the process kill itself: idempotency-crash.spec.ts).
 * Here: POST /sales with a key (replays, reuse, concurrency, storage per credential), and which answers are kept.
 */
import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../../../helpers/server';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { createAffiliate } from '../../../helpers/factories';
import { personEmail, uniq } from '../../../helpers/spec-client';
import { expectError } from '../../../helpers/assertions';
import { expectReplay, idempotencyClient, newKey, replayed } from '../../../helpers/idempotency';
import { waitFor } from '../../../helpers/wait';

const server = useTestServer();
const { seen, call, program, sql, count, rowCount, eventCount, createApiKey, withKey, keyRow, lockAffiliate } = idempotencyClient(() => server);

describe('POST /sales with an Idempotency-Key', () => {
  const p = useProgram(() => program());
  const a = useAffiliate(server, p);

  const saleBody = () => ({ referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 100 });

  test('the same key and body: the first answer replayed with Idempotent-Replayed: true; one sale, one commission, one event', async () => {
    const key = newKey();
    const body = saleBody();
    const before = await rowCount('sales', p.programId);
    const first = await withKey(p, 'POST', '/sales', key, body);
    expect(first.status).toBe(200);
    expect(first.body.id).toEqual(expect.any(Number));
    const again = await withKey(p, 'POST', '/sales', key, body);
    expectReplay(first, again);
    const third = await withKey(p, 'POST', '/sales', key, body);
    expectReplay(first, third);
    expect(await rowCount('sales', p.programId)).toBe(before + 1);
    expect(await eventCount(p.programId, 'sale.created')).toBe(before + 1);
    const aff = await call('GET', '/affiliates', { token: p.key, query: { id: a.id } });
    expect(aff.body.totalCommissionEarned).toBe(20 * (before + 1));
  });

  test("without a key the same body records a second sale (the replay above is the key's doing)", async () => {
    const body = saleBody();
    const before = await rowCount('sales', p.programId);
    const s1 = await call('POST', '/sales', { token: p.key, body });
    const s2 = await call('POST', '/sales', { token: p.key, body });
    expect(s1.body.id).not.toBe(s2.body.id);
    expect(replayed(s2)).toBe(false);
    expect(await rowCount('sales', p.programId)).toBe(before + 2);
  });

  test('the same body with its fields in another order is the same request', async () => {
    const key = newKey();
    const body = saleBody();
    const first = await withKey(p, 'POST', '/sales', key, body);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(body));
    expectReplay(first, await withKey(p, 'POST', '/sales', key, reordered));
  });

  test('the same key with another body: 422 IDEMPOTENCY_KEY_REUSED, nothing recorded; the first stays replayable', async () => {
    const key = newKey();
    const body = saleBody();
    const first = await withKey(p, 'POST', '/sales', key, body);
    const before = await rowCount('sales', p.programId);
    for (const other of [
      { ...body, totalEarned: 101 },
      { ...body, email: personEmail() },
      { ...body, externalId: 'x' },
    ]) {
      expectError(await withKey(p, 'POST', '/sales', key, other), 422, 'IDEMPOTENCY_KEY_REUSED');
    }
    expect(await rowCount('sales', p.programId)).toBe(before);
    expectReplay(first, await withKey(p, 'POST', '/sales', key, body));
  });

  test('the same key on another endpoint or method: 422', async () => {
    const key = newKey();
    const body = saleBody();
    await withKey(p, 'POST', '/sales', key, body);
    const before = await count('select count(*) as n from affiliates where program_id = ?', [p.programId]);
    expectError(await withKey(p, 'POST', '/affiliates', key, { firstName: 'A', lastName: 'B', email: personEmail('aff') }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await withKey(p, 'PUT', '/sales', key, body), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await count('select count(*) as n from affiliates where program_id = ?', [p.programId])).toBe(before);
  });

  test('while the first is still running: 409 IDEMPOTENCY_KEY_IN_USE (422 for another body); afterwards the replay', async () => {
    const b = await createAffiliate(server, p.key);
    const key = newKey();
    const body = { referralId: b.id, name: 'Slow', email: personEmail(), totalEarned: 50 };
    const lock = await lockAffiliate(b.id);
    let firstPromise: Promise<ApiResponse> | undefined;
    try {
      firstPromise = withKey(p, 'POST', '/sales', key, body);
      await waitFor(async () => (await keyRow(key)).some((r) => r.status === 'running'), 'the first request to claim the key');
      await new Promise((r) => setTimeout(r, 100));
      const during = await withKey(p, 'POST', '/sales', key, body);
      expectError(during, 409, 'IDEMPOTENCY_KEY_IN_USE');
      expect(replayed(during)).toBe(false);
      expectError(await withKey(p, 'POST', '/sales', key, { ...body, totalEarned: 51 }), 422, 'IDEMPOTENCY_KEY_REUSED');
    } finally {
      await lock.release();
    }
    const first = await firstPromise!;
    expect(first.status).toBe(200);
    expect(first.body.affiliateId).toBe(b.id);
    expectReplay(first, await withKey(p, 'POST', '/sales', key, body));
    expect(await count('select count(*) as n from sales where program_id = ? and affiliate_id = ?', [p.programId, b.id])).toBe(1);
  });

  test('10 concurrent requests with one key: exactly one sale; the others are 409 or the replay', async () => {
    const c = await createAffiliate(server, p.key);
    const key = newKey();
    const body = { referralId: c.id, name: 'Racer', email: personEmail(), totalEarned: 10 };
    const results = await Promise.all(Array.from({ length: 10 }, () => withKey(p, 'POST', '/sales', key, body)));
    for (const r of results) expect([200, 409]).toContain(r.status);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.filter((r) => !replayed(r))).toHaveLength(1);
    for (const r of ok) expect(r.body).toEqual(ok[0].body);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await count('select count(*) as n from sales where program_id = ? and affiliate_id = ?', [p.programId, c.id])).toBe(1);
    // afterwards, everyone gets the replay
    const after = await withKey(p, 'POST', '/sales', key, body);
    expect({ status: after.status, body: after.body, replayed: replayed(after) }).toEqual({ status: 200, body: ok[0].body, replayed: true });
  });

  test('the key is kept in PostgreSQL for 24 hours, per credential', async () => {
    const key = newKey();
    const first = await withKey(p, 'POST', '/sales', key, saleBody());
    expect(first.status).toBe(200);
    const rows = await keyRow(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.objectContaining({ status: 'done', response_status: 200 }));
    expect(rows[0].credential).toMatch(/^apiKey:/);
    expect(Number(rows[0].expires_in_hours)).toBeGreaterThan(23.9);
    expect(Number(rows[0].expires_in_hours)).toBeLessThanOrEqual(24.01);
  });

  test('an expired key runs anew', async () => {
    const key = newKey();
    const body = saleBody();
    const first = await withKey(p, 'POST', '/sales', key, body);
    await sql(`update idempotency_keys set expires_at = now() - interval '1 minute' where key = ?`, [key]);
    const again = await withKey(p, 'POST', '/sales', key, body);
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe(false);
    expect(again.body.id).not.toBe(first.body.id);
    // and is kept again
    expectReplay(again, await withKey(p, 'POST', '/sales', key, body));
  });

  test("another API key of the same program with the same key runs anew; so does another program's key", async () => {
    const key = newKey();
    const body = saleBody();
    const first = await withKey(p, 'POST', '/sales', key, body);
    const secondKey = await createApiKey(p);
    const other = await withKey(p, 'POST', '/sales', key, body, secondKey);
    expect(other.status).toBe(200);
    expect(replayed(other)).toBe(false);
    expect(other.body.id).not.toBe(first.body.id);
    // each credential replays its own answer
    expectReplay(first, await withKey(p, 'POST', '/sales', key, body));
    expectReplay(other, await withKey(p, 'POST', '/sales', key, body, secondKey));

    const q = await program();
    const qa = await createAffiliate(server, q.key);
    const inQ = await withKey(q, 'POST', '/sales', key, { ...body, referralId: qa.id });
    expect(inQ.status).toBe(200);
    expect(replayed(inQ)).toBe(false);
    expect(inQ.body.affiliateId).toBe(qa.id);
    // the same body from another program: a fresh execution in that program, never the first program's sale
    const same = await withKey(q, 'POST', '/sales', newKey(), body);
    expect(same.body).toBeNull();
  });

  test('GET ignores the header: nothing is stored and the key stays free for a write', async () => {
    const key = newKey();
    const g1 = await call('GET', '/sales', { token: p.key, query: { referralId: randomUUID() }, headers: { 'Idempotency-Key': key } });
    const g2 = await call('GET', '/sales', { token: p.key, query: { affiliateId: randomUUID() }, headers: { 'Idempotency-Key': key } });
    expect([g1.status, g2.status]).toEqual([200, 200]);
    expect(replayed(g2)).toBe(false);
    expect(await keyRow(key)).toHaveLength(0);
    const w = await withKey(p, 'POST', '/sales', key, saleBody());
    expect(w.status).toBe(200);
    expect(replayed(w)).toBe(false);
  });

  test('a malformed key: 400 VALIDATION_FAILED, nothing recorded', async () => {
    const before = await rowCount('sales', p.programId);
    for (const key of ['', 'x'.repeat(256), 'has space', 'tab\tkey']) {
      const res = await withKey(p, 'POST', '/sales', key, saleBody());
      expect({ key, status: res.status, code: res.body?.code }).toEqual({ key, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await rowCount('sales', p.programId)).toBe(before);
    const longest = await withKey(p, 'POST', '/sales', 'k'.repeat(255), saleBody());
    expect(longest.status).toBe(200);
  });

  test('an unauthenticated request does not use up the key', async () => {
    const key = newKey();
    const body = saleBody();
    expectError(await call('POST', '/sales', { token: 'sk_not_a_real_key', body, headers: { 'Idempotency-Key': key } }), 401, 'UNAUTHENTICATED');
    const res = await withKey(p, 'POST', '/sales', key, body);
    expect(res.status).toBe(200);
    expect(replayed(res)).toBe(false);
  });

  test('an externalId replay under a new key still answers the first sale (both rules hold)', async () => {
    const externalId = `ord-${uniq()}`;
    const first = await withKey(p, 'POST', '/sales', newKey(), { ...saleBody(), externalId });
    const again = await withKey(p, 'POST', '/sales', newKey(), { ...saleBody(), externalId });
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe(true);
    expect(again.body).toEqual(first.body);
  });
});

describe('4xx answers are kept and replayed; 5xx answers are not', () => {
  const p = useProgram(() => program());

  test('a 400 is replayed even after the cause is gone', async () => {
    const email = personEmail('taken');
    const holder = await createAffiliate(server, p.key, { email });
    const key = newKey();
    const body = { firstName: 'Second', lastName: 'Holder', email };
    const first = await withKey(p, 'POST', '/affiliates', key, body);
    expect(first.status).toBe(400);
    expect((await call('DELETE', '/affiliates', { token: p.key, body: { affiliateId: holder.id } })).status).toBe(200);
    const again = await withKey(p, 'POST', '/affiliates', key, body);
    expectReplay(first, again);
    // a new key now succeeds
    expect((await withKey(p, 'POST', '/affiliates', newKey(), body)).status).toBe(200);
  });

  test('a validation 400 and a 404 are replayed', async () => {
    const key = newKey();
    const bad = await withKey(p, 'POST', '/sales', key, { name: 'x' });
    expect(bad.status).toBe(400);
    expectReplay(bad, await withKey(p, 'POST', '/sales', key, { name: 'x' }));

    const k404 = newKey();
    const missing = await withKey(p, 'PATCH', '/sales', k404, { saleId: 999_999_999 });
    expect(missing.status).toBe(404);
    expectReplay(missing, await withKey(p, 'PATCH', '/sales', k404, { saleId: 999_999_999 }));
  });

  test('a 500 is not kept: the retry with the same key runs again', async () => {
    const name = `Boom ${uniq()}`;
    await sql(`create or replace function idem_test_fail() returns trigger language plpgsql as $$
      begin if new.name like 'Boom %' then raise exception 'simulated failure' using errcode = 'XX000'; end if; return new; end $$`);
    await sql(`create trigger idem_test_fail before insert on coupons for each row execute function idem_test_fail()`);
    const key = newKey();
    let first: ApiResponse;
    try {
      first = await withKey(p, 'POST', '/coupons', key, { name, percentOff: 10 });
      seen[seen.length - 1].expected5xx = true;
    } finally {
      await sql('drop trigger if exists idem_test_fail on coupons');
    }
    expect(first.status).toBe(500);
    expect(await keyRow(key)).toHaveLength(0);
    const retry = await withKey(p, 'POST', '/coupons', key, { name, percentOff: 10 });
    expect(retry.status).toBe(200);
    expect(replayed(retry)).toBe(false);
    expect(retry.body.name).toBe(name);
    expectReplay(retry, await withKey(p, 'POST', '/coupons', key, { name, percentOff: 10 }));
    expect(await count('select count(*) as n from coupons where program_id = ? and name = ?', [p.programId, name])).toBe(1);
  });
});

describe('no unexpected 5xx', () => {
  test('all answers below 500 except the simulated failure', () => {
    expect(seen.filter((s) => s.status >= 500 && !s.expected5xx)).toEqual([]);
  });
});
