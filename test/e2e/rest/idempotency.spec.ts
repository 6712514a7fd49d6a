/**
 * The Idempotency-Key rules of DESIGN.md ("Money and commissions"), over HTTP against the real app on a real
 * PostgreSQL: any POST/PUT/PATCH/DELETE of /api/v1 may carry the header; a replay (same key, same request)
 * returns the first answer with `Idempotent-Replayed: true` and has no second effect; the same key with a
 * different request is 422 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_KEY_IN_USE.
 * Keys are kept 24 h per credential in PostgreSQL (so they hold across instances); 4xx answers are kept,
 * 5xx answers are not. A running key is held by a lease its request renews: a key whose holder died is taken
 * over once the lease lapses (the process kill itself: idempotency-crash.spec.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { bootstrap, type Runtime } from '../../../src/bootstrap';
import { createLogger } from '../../../src/common/logger';
import { initOrm } from '../../../src/db/orm';
import { IdempotencyService, LEASE_SECONDS, RENEW_EVERY_MS } from '../../../src/modules/idempotency/idempotency.service';
import { requestHash } from '../../../rest-facade/idempotency';
import { createTestDatabase } from '../../helpers/database';
import { startTestServer, type ApiResponse, type TestServer } from '../../helpers/server';
import { createAffiliate, type ProgramFixture } from '../../helpers/factories';
import { specClient, uniq } from '../../helpers/spec-client';

let server: TestServer;
const { seen, call, program } = specClient(() => server);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------------------
// helpers

const newKey = () => `key-${randomUUID()}`;
const personEmail = (prefix = 'buyer') => `${prefix}-${uniq()}@example.com`;

/** A request with an Idempotency-Key. */
const withKey = (p: ProgramFixture, method: string, path: string, key: string, body: unknown, token = p.key) =>
  call(method, path, { token, body, headers: { 'Idempotency-Key': key } });

async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.runtime.orm.em.fork().getConnection().execute(query, params)) as T[];
}
async function count(query: string, params: unknown[]): Promise<number> {
  const [row] = await sql<{ n: string }>(query, params);
  return Number(row.n);
}
const saleCount = (programId: string) => count('select count(*) as n from sales where program_id = ?', [programId]);
const eventCount = (programId: string, type?: string) =>
  type ? count('select count(*) as n from events where program_id = ? and type = ?', [programId, type]) : count('select count(*) as n from events where program_id = ?', [programId]);

function expectError(res: ApiResponse, status: number, code?: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.objectContaining({ error: expect.any(String), code: code ?? expect.any(String) }) });
}

const replayed = (res: ApiResponse) => res.headers.get('idempotent-replayed') === 'true';

/** Asserts that `again` is the replay of `first`: same status and body, with the replay header. */
function expectReplay(first: ApiResponse, again: ApiResponse) {
  expect(replayed(first)).toBe(false);
  expect({ status: again.status, body: again.body, replayed: replayed(again) }).toEqual({ status: first.status, body: first.body, replayed: true });
}

async function createApiKey(p: ProgramFixture): Promise<string> {
  const res = await server.graphql(`mutation($p: ID!, $name: String!) { createApiKey(programId: $p, name: $name) { key } }`, { p: p.programId, name: `second ${uniq()}` }, p.session);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.createApiKey.key;
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Holds a row lock on the affiliate (from a separate connection), so a POST /sales crediting it blocks inside
 * its transaction until `release` is called: a deterministic "first request still running".
 */
async function lockAffiliate(affiliateId: string) {
  const client = new Client({ connectionString: server.runtime.config.databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('select id from affiliates where id = $1 for update', [affiliateId]);
  return {
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

const keyRow = (key: string) => sql<{ credential: string; status: string; response_status: number | null; expires_in_hours: number }>(
  `select credential, status, response_status, extract(epoch from (expires_at - now())) / 3600 as expires_in_hours from idempotency_keys where key = ?`,
  [key],
);

// ---------------------------------------------------------------------------------------------------------

describe('POST /sales with an Idempotency-Key', () => {
  let p: ProgramFixture;
  let a: any;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
  });

  const saleBody = () => ({ referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 100 });

  test('the same key and body: the first answer replayed with Idempotent-Replayed: true; one sale, one commission, one event', async () => {
    const key = newKey();
    const body = saleBody();
    const before = await saleCount(p.programId);
    const first = await withKey(p, 'POST', '/sales', key, body);
    expect(first.status).toBe(200);
    expect(first.body.id).toEqual(expect.any(Number));
    const again = await withKey(p, 'POST', '/sales', key, body);
    expectReplay(first, again);
    const third = await withKey(p, 'POST', '/sales', key, body);
    expectReplay(first, third);
    expect(await saleCount(p.programId)).toBe(before + 1);
    expect(await eventCount(p.programId, 'sale.created')).toBe(before + 1);
    const aff = await call('GET', '/affiliates', { token: p.key, query: { id: a.id } });
    expect(aff.body.totalCommissionEarned).toBe(20 * (before + 1));
  });

  test('without a key the same body records a second sale (the replay above is the key\'s doing)', async () => {
    const body = saleBody();
    const before = await saleCount(p.programId);
    const s1 = await call('POST', '/sales', { token: p.key, body });
    const s2 = await call('POST', '/sales', { token: p.key, body });
    expect(s1.body.id).not.toBe(s2.body.id);
    expect(replayed(s2)).toBe(false);
    expect(await saleCount(p.programId)).toBe(before + 2);
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
    const before = await saleCount(p.programId);
    for (const other of [{ ...body, totalEarned: 101 }, { ...body, email: personEmail() }, { ...body, externalId: 'x' }]) {
      expectError(await withKey(p, 'POST', '/sales', key, other), 422, 'IDEMPOTENCY_KEY_REUSED');
    }
    expect(await saleCount(p.programId)).toBe(before);
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

  test('another API key of the same program with the same key runs anew; so does another program\'s key', async () => {
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
    const before = await saleCount(p.programId);
    for (const key of ['', 'x'.repeat(256), 'has space', 'tab\tkey']) {
      const res = await withKey(p, 'POST', '/sales', key, saleBody());
      expect({ key, status: res.status, code: res.body?.code }).toEqual({ key, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await saleCount(p.programId)).toBe(before);
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

// ---------------------------------------------------------------------------------------------------------

describe('4xx answers are kept and replayed; 5xx answers are not', () => {
  let p: ProgramFixture;
  beforeAll(async () => {
    p = await program();
  });

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

// ---------------------------------------------------------------------------------------------------------

describe('every write method of every resource honours the key', () => {
  let p: ProgramFixture;
  let a: any;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
  });

  /** Sends the request twice with one key: the second is the replay, and no event or row is added by it. */
  async function twice(method: string, path: string, body: unknown, rows?: () => Promise<number>) {
    const key = newKey();
    const first = await withKey(p, method, path, key, body);
    expect({ method, path, status: first.status }).toEqual({ method, path, status: 200 });
    const events = await eventCount(p.programId);
    const before = rows ? await rows() : 0;
    const again = await withKey(p, method, path, key, body);
    expectReplay(first, again);
    expect(await eventCount(p.programId)).toBe(events);
    if (rows) expect(await rows()).toBe(before);
    return first;
  }

  test('POST, PUT, DELETE /affiliates', async () => {
    const affiliates = () => count('select count(*) as n from affiliates where program_id = ?', [p.programId]);
    const email = personEmail('aff');
    const created = await twice('POST', '/affiliates', { firstName: 'Idem', lastName: 'Potent', email }, affiliates);
    expect(created.body.email).toBe(email);
    expect(await eventCount(p.programId, 'affiliate.created')).toBe(2); // a (beforeAll) and this one
    const put = await twice('PUT', '/affiliates', { affiliateId: created.body.id, firstName: 'Renamed' });
    expect(put.body).toEqual({ count: 1 });
    const del = await twice('DELETE', '/affiliates', { affiliateId: created.body.id }, affiliates);
    expect(del.body.message).toBe('Affiliate deleted');
    // executed again (no key) it would say nothing matched
    expect((await call('DELETE', '/affiliates', { token: p.key, body: { affiliateId: created.body.id } })).body.message).not.toBe(del.body.message);
  });

  test('POST, PUT, DELETE /links', async () => {
    const links = () => count('select count(*) as n from affiliate_links where program_id = ?', [p.programId]);
    const s = `idem-${uniq()}`;
    await twice('POST', '/links', { link: s, affiliateId: a.id }, links);
    await twice('PUT', '/links', { link: s, newLink: `${s}-new` });
    await twice('DELETE', '/links', { link: `${s}-new` }, links);
  });

  test('POST /clicks', async () => {
    const clicks = () => count('select count(*) as n from clicks where program_id = ?', [p.programId]);
    const before = await clicks();
    await twice('POST', '/clicks', { link: a.affiliateLinks[0] }, clicks);
    expect(await clicks()).toBe(before + 1);
  });

  test('POST, PUT, DELETE /referrals', async () => {
    const referrals = () => count('select count(*) as n from referrals where program_id = ?', [p.programId]);
    const email = personEmail('ref');
    const r = await twice('POST', '/referrals', { affiliateId: a.id, name: 'Ref', email, referredUserExternalId: `ext-${uniq()}` }, referrals);
    await twice('PUT', '/referrals', { referralId: r.body.id, subscriptionStatus: 'canceled' });
    const del = await twice('DELETE', '/referrals', { referralId: r.body.id }, referrals);
    expect(del.body.deletedReferrals).toHaveLength(1);
  });

  test('POST, PUT, DELETE /coupons and /promotional-codes', async () => {
    const coupons = () => count('select count(*) as n from coupons where program_id = ?', [p.programId]);
    const codes = () => count('select count(*) as n from promotional_codes where program_id = ?', [p.programId]);
    const k = await twice('POST', '/coupons', { name: `Idem ${uniq()}`, percentOff: 15 }, coupons);
    await twice('PUT', '/coupons', { couponId: k.body.id, percentOff: 20 });
    const code = await twice('POST', '/promotional-codes', { couponId: k.body.id, code: `IDEM-${uniq()}`, affiliateId: a.id }, codes);
    await twice('PUT', '/promotional-codes', { promotionalCodeId: code.body.id, active: false });
    await twice('DELETE', '/promotional-codes', { promotionalCodeId: code.body.id }, codes);
    await twice('DELETE', '/coupons', { couponId: k.body.id }, coupons);
  });

  test('POST, PUT, PATCH /sales: the refund replay still says alreadyRefunded false', async () => {
    const s = await twice('POST', '/sales', { referralId: a.id, name: 'B', email: personEmail(), totalEarned: 40 }, () => saleCount(p.programId));
    const entries = () => count(`select count(*) as n from commission_entries e join commissions c on c.id = e.commission_id where c.sale_id = ?`, [s.body.id]);
    const put = await twice('PUT', '/sales', { saleId: s.body.id, totalEarned: 80 }, entries);
    expect(put.body.commissionEarned).toBe(16);
    const patch = await twice('PATCH', '/sales', { saleId: s.body.id }, entries);
    expect(patch.body.alreadyRefunded).toBe(false);
    const plain = await call('PATCH', '/sales', { token: p.key, body: { saleId: s.body.id } });
    expect(plain.body.alreadyRefunded).toBe(true);
    expect(await eventCount(p.programId, 'sale.refunded')).toBe(1);
    expect(await eventCount(p.programId, 'sale.updated')).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('two instances on one database share the keys', () => {
  let other: { url: string; runtime: Runtime; close: () => Promise<void> };
  let p: ProgramFixture;
  let a: any;

  beforeAll(async () => {
    const runtime = await bootstrap({ ...server.runtime.config }, createLogger(server.runtime.config.logLevel));
    const srv = http.createServer(runtime.app);
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    other = {
      url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
      runtime,
      async close() {
        srv.closeAllConnections();
        await new Promise<void>((resolve) => srv.close(() => resolve()));
        await runtime.close();
      },
    };
    p = await program();
    a = await createAffiliate(server, p.key);
  });
  afterAll(() => other?.close());

  /** The same request against the second instance. */
  async function onOther(method: string, path: string, key: string, body: unknown): Promise<ApiResponse> {
    const res = await fetch(`${other.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${p.key}`, 'content-type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
  }

  test('a request answered by one instance is replayed by the other', async () => {
    const key = newKey();
    const body = { referralId: a.id, name: 'X', email: personEmail(), totalEarned: 10 };
    const first = await withKey(p, 'POST', '/sales', key, body);
    expect(first.status).toBe(200);
    expectReplay(first, await onOther('POST', '/sales', key, body));
    expectError(await onOther('POST', '/sales', key, { ...body, totalEarned: 11 }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await count('select count(*) as n from sales where program_id = ?', [p.programId])).toBe(1);
  });

  test('while one instance runs the request, the other answers 409', async () => {
    const b = await createAffiliate(server, p.key);
    const key = newKey();
    const body = { referralId: b.id, name: 'Slow', email: personEmail(), totalEarned: 10 };
    const lock = await lockAffiliate(b.id);
    let firstPromise: Promise<ApiResponse> | undefined;
    try {
      firstPromise = withKey(p, 'POST', '/sales', key, body);
      await waitFor(async () => (await keyRow(key)).some((r) => r.status === 'running'), 'the first request to claim the key');
      expectError(await onOther('POST', '/sales', key, body), 409, 'IDEMPOTENCY_KEY_IN_USE');
    } finally {
      await lock.release();
    }
    const first = await firstPromise!;
    expect(first.status).toBe(200);
    expectReplay(first, await onOther('POST', '/sales', key, body));
  });

  test('concurrent requests with one key split across both instances: one sale', async () => {
    const c = await createAffiliate(server, p.key);
    const key = newKey();
    const body = { referralId: c.id, name: 'Split', email: personEmail(), totalEarned: 10 };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? onOther('POST', '/sales', key, body) : withKey(p, 'POST', '/sales', key, body))));
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 200 && !replayed(r))).toHaveLength(1);
    expect(await count('select count(*) as n from sales where program_id = ? and affiliate_id = ?', [p.programId, c.id])).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('a running key is held by a renewed lease; a lapsed one is taken over', () => {
  let p: ProgramFixture;
  let credential: string;

  beforeAll(async () => {
    p = await program();
    const probe = newKey();
    await withKey(p, 'PUT', '/affiliates', probe, { affiliateId: randomUUID(), firstName: 'Nobody' });
    credential = (await keyRow(probe))[0].credential;
  });

  const lease = (key: string) => sql<{ owner: string | null; left: number; at: number }>(
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
    expect({ status: again.status, replayed: replayed(again), affiliateId: again.body.affiliateId }).toEqual({ status: 200, replayed: true, affiliateId: b.id });
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
    await sql(
      `insert into idempotency_keys (credential, key, request_hash, status, expires_at) values (?, ?, ?, 'running', now() + interval '24 hours')`,
      [credential, key, requestHash('POST', '/affiliates', body)],
    );
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

// ---------------------------------------------------------------------------------------------------------

describe('no unexpected 5xx', () => {
  test('all answers below 500 except the simulated failure', () => {
    expect(seen.filter((s) => s.status >= 500 && !s.expected5xx)).toEqual([]);
  });
});
