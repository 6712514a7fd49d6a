/**
 * The Idempotency-Key rules of DESIGN.md ("Money and commissions"), over HTTP against the real app on a real
 * PostgreSQL: any POST/PUT/PATCH/DELETE of /api/v1 may carry the header; a replay (same key, same request)
 * returns the first answer with `Idempotent-Replayed: true` and has no second effect; the same key with a
 * different request is 422 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_KEY_IN_USE.
 * Keys are kept 24 h per credential in PostgreSQL (so they hold across instances); 4xx answers are kept,
 * 5xx answers are not. A running key is held by a lease its request renews: a key whose holder died is taken
 * over once the lease lapses (the process kill itself: idempotency-crash.spec.ts).
 * Here: every write method of every resource honours the key, and two instances on one database share the keys.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bootstrap, type Runtime } from '../../../../src/bootstrap';
import { createLogger } from '../../../../src/common/logger';
import type { ApiResponse } from '../../../helpers/server';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { createAffiliate } from '../../../helpers/factories';
import { personEmail, uniq } from '../../../helpers/spec-client';
import { expectError, expectNoServerErrorsAfterAll } from '../../../helpers/assertions';
import { expectReplay, idempotencyClient, newKey, replayed } from '../../../helpers/idempotency';
import { waitFor } from '../../../helpers/wait';
import { checkAgainstDocument } from '../../../helpers/openapi-check';

const server = useTestServer();
const { seen, call, program, count, rowCount, eventCount, withKey, keyRow, lockAffiliate } = idempotencyClient(() => server);

// The "no unexpected 5xx" test of these rules is in sales-with-a-key.spec.ts; here the same check runs once the file is done.
expectNoServerErrorsAfterAll(seen);

describe('every write method of every resource honours the key', () => {
  const p = useProgram(() => program());
  const a = useAffiliate(server, p);

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
    const s = await twice('POST', '/sales', { referralId: a.id, name: 'B', email: personEmail(), totalEarned: 40 }, () => rowCount('sales', p.programId));
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

describe('two instances on one database share the keys', () => {
  let other: { url: string; runtime: Runtime; close: () => Promise<void> };

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
  });
  const p = useProgram(() => program());
  const a = useAffiliate(server, p);
  afterAll(() => other?.close());

  /** The same request against the second instance. */
  async function onOther(method: string, path: string, key: string, body: unknown): Promise<ApiResponse> {
    const res = await fetch(`${other.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${p.key}`, 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    await checkAgainstDocument(other.url, method, new URL(`${other.url}/api/v1${path}`), { status: res.status, headers: res.headers, text });
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
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? onOther('POST', '/sales', key, body) : withKey(p, 'POST', '/sales', key, body))),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 200 && !replayed(r))).toHaveLength(1);
    expect(await count('select count(*) as n from sales where program_id = ? and affiliate_id = ?', [p.programId, c.id])).toBe(1);
  });
});
