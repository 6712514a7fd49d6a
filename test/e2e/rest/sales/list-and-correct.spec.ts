/**
 * Spec 4.6 (sales) over HTTP against the real app on a real PostgreSQL.
 * GET /sales (by id, filters, paging) and PUT /sales
 * (corrections: listed fields, recomputed commissions as correction entries, refused changes).
 */
import { randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { restClient } from '../../../helpers/rest-client';
import { personEmail, uniq } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';
import { expectSale } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, program, sql, events, createAffiliate, createReferral, recordSale, saleFor, saleById, totals, commissionOf, markCommissionPaid } = api;
const sales = api.endpoint('/sales');

describe('GET /sales', () => {
  let r: any;
  let s1: any;
  let s2: any;
  let s3: any;
  let s4: any;

  const p = useProgram(() => program());
  const a = useAffiliate(() => createAffiliate(p));
  const b = useAffiliate(() => createAffiliate(p));
  beforeAll(async () => {
    r = await createReferral(p, { affiliateId: a.id });
    s1 = await recordSale(p, { referralId: r.id, totalEarned: 10, externalId: `e-${uniq()}`, externalInvoiceId: 'INV-1' });
    s2 = await saleFor(p, a.id, { totalEarned: 20, externalInvoiceId: 'INV-1' });
    s3 = await saleFor(p, b.id, { totalEarned: 30, externalId: `e-${uniq()}` });
    s4 = await recordSale(p, { referralId: r.id, totalEarned: 40 });
  });

  test('by id: the single sale, equal to what POST answered', async () => {
    for (const s of [s1, s2, s3, s4]) {
      const res = await sales.get(p, { id: String(s.id) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(s);
    }
  });

  test('by id with no such sale: 200 null', async () => {
    const res = await sales.get(p, { id: String(s4.id + 100000) });
    expect({ status: res.status, body: res.body, text: res.text }).toEqual({ status: 200, body: null, text: 'null' });
  });

  test('by id not an integer: 400', async () => {
    for (const id of ['abc', '1.5', '-1', randomUUID()]) {
      const res = await sales.get(p, { id });
      expect({ id, status: res.status, code: res.body?.code }).toEqual({ id, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('with no parameters: every sale of the program, in creation order, each with commissionEarned', async () => {
    const res = await sales.get(p);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([s1, s2, s3, s4]);
    for (const s of res.body) expectSale(s);
  });

  test('filters return arrays', async () => {
    const ids = async (q: Record<string, string>) => {
      const res = await sales.get(p, q);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      return res.body.map((s: any) => s.id);
    };
    expect(await ids({ affiliateId: a.id })).toEqual([s1.id, s2.id, s4.id]);
    expect(await ids({ affiliateId: b.id })).toEqual([s3.id]);
    expect(await ids({ affiliateEmail: a.email })).toEqual([s1.id, s2.id, s4.id]);
    expect(await ids({ affiliateEmail: b.email.toUpperCase() })).toEqual([s3.id]);
    expect(await ids({ referralId: r.id })).toEqual([s1.id, s4.id]);
    expect(await ids({ saleExternalId: s1.externalId })).toEqual([s1.id]);
    expect(await ids({ saleExternalId: s3.externalId })).toEqual([s3.id]);
    expect(await ids({ saleExternalInvoiceId: 'INV-1' })).toEqual([s1.id, s2.id]);
    // combined filters: every one applies
    expect(await ids({ affiliateId: a.id, saleExternalInvoiceId: 'INV-1' })).toEqual([s1.id, s2.id]);
  });

  test('filters that match nothing: []', async () => {
    const queries: Array<Record<string, string>> = [
      { affiliateId: randomUUID() },
      { affiliateId: 'not-a-uuid' },
      { affiliateEmail: 'nobody@example.com' },
      { referralId: randomUUID() },
      { saleExternalId: 'nope' },
      { saleExternalInvoiceId: 'nope' },
      { affiliateId: b.id, referralId: r.id },
    ];
    for (const q of queries) {
      const res = await sales.get(p, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: [] });
    }
  });

  test('an unknown query parameter or a repeated one: 400', async () => {
    expectError(await sales.get(p, { foo: 'bar' }), 400, 'VALIDATION_FAILED');
    expectError(await sales.get(p, { saleId: String(s1.id) }), 400, 'VALIDATION_FAILED');
    expectError(await sales.get(p, { affiliateId: [a.id, b.id] }), 400, 'VALIDATION_FAILED');
  });

  test('paging with limit and after', async () => {
    const first = await sales.get(p, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.map((s: any) => s.id)).toEqual([s1.id, s2.id]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await sales.get(p, { limit: '2', after: cursor! });
    expect(second.body.map((s: any) => s.id)).toEqual([s3.id, s4.id]);
    const third = second.headers.get('x-next-cursor');
    if (third) expect((await sales.get(p, { limit: '2', after: third })).body).toEqual([]);
    expect((await sales.get(p, { affiliateId: a.id, limit: '1' })).body.map((s: any) => s.id)).toEqual([s1.id]);
  });

  test('a list longer than one page is still one array of every sale, in order, each with commissionEarned', async () => {
    const q = await program();
    const qa = await createAffiliate(q);
    const first = await saleFor(q, qa.id, { totalEarned: 10 });
    await sql(
      `insert into sales (program_id, affiliate_id, name, email, currency, total_earned)
       select ?, ?, 'Bulk ' || g, 'bulk' || g || '@example.com', 'USD', g from generate_series(1, 520) g`,
      [q.programId, qa.id],
    );
    const res = await sales.get(q);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(521);
    expect(res.body[0]).toEqual(first);
    const ids = res.body.map((x: any) => x.id);
    expect([...ids].sort((x: number, y: number) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(521);
    for (const x of res.body) expect(typeof x.commissionEarned).toBe('number');
    expect(res.body[521 - 1]).toEqual(expect.objectContaining({ name: 'Bulk 520', totalEarned: 520, commissionEarned: 0 }));
    expect((await sales.get(q, { affiliateId: qa.id })).body).toHaveLength(521);
  });

  test('without a token: 401', async () => {
    expectError(await sales('GET', { query: { id: String(s1.id) } }), 401, 'UNAUTHENTICATED');
    expectError(await sales('POST', { body: { referralId: a.id, name: 'X', email: personEmail(), totalEarned: 1 } }), 401, 'UNAUTHENTICATED');
    expectError(await sales('PUT', { body: { saleId: s1.id, name: 'X' } }), 401, 'UNAUTHENTICATED');
    expectError(await sales('PATCH', { body: { saleId: s1.id } }), 401, 'UNAUTHENTICATED');
    expect(await saleById(p, s1.id)).toEqual(s1);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('PUT /sales', () => {
  const p = useProgram(() => program({ deductTax: true }));
  const a = useAffiliate(() => createAffiliate(p));

  test('listed fields are applied to the sale; the commission is unchanged; sale.updated equals the body', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const email = personEmail('new');
    const externalId = `ext-${uniq()}`;
    const res = await sales.put(p, { saleId: s.id, name: 'Renamed', email, externalId, externalInvoiceId: 'INV-9' });
    expect(res.status).toBe(200);
    expectSale(res.body, { ...s, name: 'Renamed', email, externalId, externalInvoiceId: 'INV-9', updatedAt: expect.any(String) });
    expect(res.body.commissionEarned).toBe(20);
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(s.updatedAt).getTime());
    expect(await saleById(p, s.id)).toEqual(res.body);
    expect((await events(p.programId, 'sale.updated', s.id)).map((e) => e.data)).toEqual([res.body]);
    expect((await commissionOf(p, s.id))?.entries).toEqual([{ kind: 'earned', amount: 20 }]);
  });

  test('saleId as a string of digits works', async () => {
    const s = await saleFor(p, a.id);
    const res = await sales.put(p, { saleId: String(s.id), name: 'By String' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('By String');
  });

  test('totalEarned changes: commission recomputed as a correction entry; link revenue and affiliate total follow', async () => {
    const b = await createAffiliate(p);
    const bSlug = b.affiliateLinks[0];
    const s = await saleFor(p, b.id, { totalEarned: 100, tax: 10 });
    expect(s.commissionEarned).toBe(18);
    const res = await sales.put(p, { saleId: s.id, totalEarned: 210 });
    expect(res.status).toBe(200);
    expectSale(res.body, { totalEarned: 210, tax: 10, commissionEarned: 40, commissionRate: 20 });
    expect((await commissionOf(p, s.id))?.entries).toEqual([
      { kind: 'earned', amount: 18 },
      { kind: 'correction', amount: 22 },
    ]);
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 1, totalRevenue: 210, totalCommissionEarned: 40 });
    expect((await events(p.programId, 'sale.updated', s.id)).map((e) => e.data)).toEqual([res.body]);
  });

  test('tax changes (program deducts tax): recomputed', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const res = await sales.put(p, { saleId: s.id, tax: 50 });
    expectSale(res.body, { tax: 50, commissionEarned: 10 });
    const cleared = await sales.put(p, { saleId: s.id, tax: null });
    expectSale(cleared.body, { tax: null, commissionEarned: 20 });
  });

  test('shipping changes in a program that does not deduct shipping: stored, commission unchanged', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const res = await sales.put(p, { saleId: s.id, shipping: 30 });
    expectSale(res.body, { shipping: 30, commissionEarned: 20 });
  });

  test('commissionRate changes: recomputed with the new rate; null goes back to the inherited rate', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const res = await sales.put(p, { saleId: s.id, commissionRate: 12.5 });
    expectSale(res.body, { commissionRate: 12.5, commissionEarned: 12.5 });
    const back = await sales.put(p, { saleId: s.id, commissionRate: null });
    expectSale(back.body, { commissionRate: 20, commissionEarned: 20 });
  });

  test('commissionEarned sets the commission record exactly; the sale itself is unchanged', async () => {
    const b = await createAffiliate(p);
    const bSlug = b.affiliateLinks[0];
    const s = await saleFor(p, b.id, { totalEarned: 100 });
    const res = await sales.put(p, { saleId: s.id, commissionEarned: 7.35 });
    expect(res.status).toBe(200);
    expectSale(res.body, { totalEarned: 100, commissionEarned: 7.35, commissionRate: 20, name: s.name, email: s.email });
    expect(await commissionOf(p, s.id))?.toEqual(
      expect.objectContaining({
        amount: 7.35,
        entries: [
          { kind: 'earned', amount: 20 },
          { kind: 'correction', amount: -12.65 },
        ],
      }),
    );
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 1, totalRevenue: 100, totalCommissionEarned: 7.35 });
    expect((await events(p.programId, 'sale.updated', s.id)).map((e) => e.data)).toEqual([res.body]);
    expect(await saleById(p, s.id)).toEqual(res.body);
  });

  test('commissionEarned beside a money change wins over the recomputation', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const res = await sales.put(p, { saleId: s.id, totalEarned: 500, commissionEarned: 3 });
    expectSale(res.body, { totalEarned: 500, commissionEarned: 3 });
  });

  test('commissionEarned equal to the current amount adds no entry', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    expect((await sales.put(p, { saleId: s.id, commissionEarned: 20 })).status).toBe(200);
    expect((await commissionOf(p, s.id))?.entries).toEqual([{ kind: 'earned', amount: 20 }]);
  });

  test('saleId missing, null or not a positive integer: 400', async () => {
    for (const body of [{ name: 'X' }, { saleId: null, name: 'X' }, { saleId: 'abc', name: 'X' }, { saleId: 0 }, { saleId: -3 }, { saleId: 1.5 }, {}]) {
      const res = await sales.put(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('an unlisted field: 400 naming it, nothing changes, no event', async () => {
    const s = await saleFor(p, a.id);
    for (const extra of [
      { affiliateId: a.id },
      { referralId: randomUUID() },
      { promoCode: 'X' },
      { refunded: true },
      { commissionStatus: 'paid' },
      { currency: 'EUR' },
      { id: 1 },
      { createdAt: new Date().toISOString() },
      { foo: 1 },
    ]) {
      const res = await sales.put(p, { saleId: s.id, name: 'Should Not Apply', ...extra });
      const field = Object.keys(extra)[0];
      expect({ field, status: res.status, code: res.body?.code }).toEqual({ field, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.error).toContain(field);
    }
    expect(await saleById(p, s.id)).toEqual(s);
    expect(await events(p.programId, 'sale.updated', s.id)).toHaveLength(0);
  });

  test('invalid values: 400, nothing changes', async () => {
    const s = await saleFor(p, a.id);
    for (const b of [
      { totalEarned: 0 },
      { totalEarned: null },
      { totalEarned: '5' },
      { tax: -1 },
      { commissionRate: 101 },
      { email: 'nope' },
      { name: '' },
      { name: null },
      { commissionEarned: 'x' },
      { commissionEarned: 1.0000001 },
    ]) {
      const res = await sales.put(p, { saleId: s.id, ...b });
      expect({ b, status: res.status, code: res.body?.code }).toEqual({ b, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await saleById(p, s.id)).toEqual(s);
  });

  test('no such sale in the program: 404 NOT_FOUND', async () => {
    const s = await saleFor(p, a.id);
    expectError(await sales.put(p, { saleId: s.id + 100000, name: 'X' }), 404, 'NOT_FOUND');
  });

  test('an externalId another sale has: 400, nothing changes', async () => {
    const s1 = await saleFor(p, a.id, { externalId: `dup-${uniq()}` });
    const s2 = await saleFor(p, a.id);
    const res = await sales.put(p, { saleId: s2.id, externalId: s1.externalId, name: 'X' });
    expect(res.status).toBe(400);
    expect(res.body.error.length).toBeGreaterThan(0);
    expect(await saleById(p, s2.id)).toEqual(s2);
    // its own externalId again is fine
    expect((await sales.put(p, { saleId: s1.id, externalId: s1.externalId })).status).toBe(200);
  });

  test('the amounts of a refunded sale cannot change (400); other fields still can', async () => {
    const s = await saleFor(p, a.id);
    const refund = await sales.patch(p, { saleId: s.id });
    expect(refund.status).toBe(200);
    for (const b of [{ totalEarned: 50 }, { tax: 1 }, { shipping: 1 }, { commissionRate: 5 }, { commissionEarned: 5 }]) {
      const res = await sales.put(p, { saleId: s.id, ...b });
      expect({ b, status: res.status, code: res.body?.code }).toEqual({ b, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await saleById(p, s.id)).toEqual(refund.body.sale);
    const renamed = await sales.put(p, { saleId: s.id, name: 'Still Renameable' });
    expect(renamed.status).toBe(200);
    expectSale(renamed.body, { name: 'Still Renameable', refunded: true, commissionEarned: 0, commissionStatus: 'reversed' });
  });

  test('the amounts of a sale whose commission was paid cannot change (400)', async () => {
    const s = await saleFor(p, a.id);
    await markCommissionPaid(p, s.id);
    const before = await saleById(p, s.id);
    expect(before.commissionStatus).toBe('paid');
    for (const b of [{ totalEarned: 50 }, { commissionEarned: 5 }]) {
      const res = await sales.put(p, { saleId: s.id, ...b });
      expect({ b, status: res.status }).toEqual({ b, status: 400 });
    }
    expect(await saleById(p, s.id)).toEqual(before);
  });
});

testNoServerErrors(seen);
