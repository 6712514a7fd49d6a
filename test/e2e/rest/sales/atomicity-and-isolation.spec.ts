/**
 * Spec 4.6 (sales) over HTTP against the real app on a real PostgreSQL.
 * a failure at the last step of a write (the outbox insert)
 * leaves nothing behind, and one program's key never reads, changes or credits another program's sales.
 */
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import type { ProgramFixture } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { personEmail } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';
import { CREATE_PAYOUT_BATCH } from '../../../helpers/graphql-documents';

const server = useTestServer();

const api = restClient(() => server);
const {
  seen,
  call,
  program,
  twoPrograms,
  sql,
  rowCount,
  events,
  createAffiliate,
  createReferral,
  recordSale,
  saleFor,
  saleById,
  createCoupon,
  createCode,
  redemptions,
  totals,
  gql,
  commissionOf,
} = api;
const sales = api.endpoint('/sales');

describe('one transaction: a failure at the last step (the outbox insert) leaves nothing behind', () => {
  let aSlug: string;

  const p = useProgram(() => program());
  const a = useAffiliate(() => createAffiliate(p));
  beforeAll(async () => {
    aSlug = a.affiliateLinks[0];
    await sql(`create or replace function sales_test_fail() returns trigger language plpgsql as $$
      begin if new.data->>'name' = 'Atomic Fail' then raise exception 'simulated outbox failure'; end if; return new; end $$`);
    await sql(`create trigger sales_test_fail before insert on events for each row execute function sales_test_fail()`);
  });
  afterAll(async () => {
    await sql('drop trigger if exists sales_test_fail on events');
  });

  async function failing(method: string, body: unknown) {
    const res = await call(method, '/sales', { token: p.key, body });
    seen[seen.length - 1].expected5xx = true;
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('INTERNAL');
    return res;
  }

  test('POST /sales: no sale, commission, entry, link counter, affiliate total or code redemption', async () => {
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id });
    const before = {
      sales: await rowCount('sales', p.programId),
      commissions: await rowCount('commissions', p.programId),
      totals: await totals(p, a.id, aSlug),
      codes: await redemptions(p, code.code),
    };
    await failing('POST', { referralId: a.id, promoCode: code.code, name: 'Atomic Fail', email: personEmail(), totalEarned: 100, externalId: 'atomic-1' });
    expect({
      sales: await rowCount('sales', p.programId),
      commissions: await rowCount('commissions', p.programId),
      totals: await totals(p, a.id, aSlug),
      codes: await redemptions(p, code.code),
    }).toEqual(before);
    const [row] = await sql<{ n: string }>('select count(*) as n from commission_entries where program_id = ?', [p.programId]);
    expect(Number(row.n)).toBe(before.commissions);
    // the externalId was not taken: a later sale with it is recorded, not replayed
    const ok = await sales.post(p, { referralId: a.id, name: 'Fine', email: personEmail(), totalEarned: 100, externalId: 'atomic-1' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
  });

  test('PUT /sales: the sale, the commission and the totals stay as they were', async () => {
    const s = await saleFor(p, a.id, { name: 'Before Fail', totalEarned: 100 });
    const c = await commissionOf(p, s.id);
    const before = await totals(p, a.id, aSlug);
    await failing('PUT', { saleId: s.id, name: 'Atomic Fail', totalEarned: 300, commissionEarned: 1 });
    expect(await saleById(p, s.id)).toEqual(s);
    expect(await commissionOf(p, s.id))?.toEqual(c);
    expect(await totals(p, a.id, aSlug)).toEqual(before);
  });

  test('PATCH /sales: not refunded, no reversal, counters unchanged; a later refund works once', async () => {
    // recorded under another name (its sale.created would fail too), then renamed in SQL so its sale.refunded fails
    const t = await saleFor(p, a.id, { name: 'Renamed Later', totalEarned: 100 });
    await sql(`update sales set name = 'Atomic Fail' where id = ?`, [t.id]);
    const sale = await saleById(p, t.id);
    const c = await commissionOf(p, t.id);
    const before = await totals(p, a.id, aSlug);
    await failing('PATCH', { saleId: t.id });
    expect(await saleById(p, t.id)).toEqual(sale);
    expect(await commissionOf(p, t.id))?.toEqual(c);
    expect(await totals(p, a.id, aSlug)).toEqual(before);
    await sql(`update sales set name = 'Renamed Again' where id = ?`, [t.id]);
    const res = await sales.patch(p, { saleId: t.id });
    expect(res.status).toBe(200);
    expect(res.body.alreadyRefunded).toBe(false);
    expect((await commissionOf(p, t.id))?.entries.filter((e) => e.kind === 'reversal')).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("two programs: B's key never touches A's sales", () => {
  let A: ProgramFixture;
  let B: ProgramFixture;
  let aAff: any;
  let aSlug: string;
  let aClick: number;
  let aCode: any;
  let aRef: any;
  let aSale: any;
  let bAff: any;
  let bSale: any;

  beforeAll(async () => {
    ({ A, B, aSlug, aAff, bAff, aClick, aCode } = await twoPrograms());
    aRef = await createReferral(A, { affiliateId: aAff.id });
    aSale = await recordSale(A, { referralId: aRef.id, totalEarned: 100, externalId: 'shared-ext', externalInvoiceId: 'shared-inv' });
    bSale = await saleFor(B, bAff.id, { totalEarned: 10 });
  });

  test("GET: B never reads A's sale by id, by any filter, or in its list", async () => {
    expect((await sales.get(B, { id: String(aSale.id) })).body).toBeNull();
    const queries: Array<Record<string, string>> = [
      { affiliateId: aAff.id },
      { affiliateEmail: aAff.email },
      { referralId: aRef.id },
      { saleExternalId: 'shared-ext' },
      { saleExternalInvoiceId: 'shared-inv' },
    ];
    for (const q of queries) {
      const res = await sales.get(B, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: [] });
    }
    expect((await sales.get(B)).body).toEqual([bSale]);
    expect(await saleById(A, aSale.id)).toEqual(aSale);
  });

  test("PUT: 404 for A's sale with B's key; nothing changes, no event", async () => {
    expectError(await sales.put(B, { saleId: aSale.id, name: 'Hijacked' }), 404, 'NOT_FOUND');
    expectError(await sales.put(B, { saleId: aSale.id, commissionEarned: 0 }), 404, 'NOT_FOUND');
    expect(await saleById(A, aSale.id)).toEqual(aSale);
    expect(await events(A.programId, 'sale.updated')).toHaveLength(0);
    expect(await events(B.programId, 'sale.updated')).toHaveLength(0);
  });

  test("PATCH: 404 for A's sale with B's key; not refunded, no event", async () => {
    expectError(await sales.patch(B, { saleId: aSale.id }), 404, 'NOT_FOUND');
    expect(await saleById(A, aSale.id)).toEqual(aSale);
    expect(await events(A.programId, 'sale.refunded')).toHaveLength(0);
  });

  test("POST: B cannot credit A's affiliate, link, click or referral (200 null), nor use A's code (400)", async () => {
    const beforeA = await rowCount('sales', A.programId);
    const beforeB = await rowCount('sales', B.programId);
    const beforeTotals = await totals(A, aAff.id, aSlug);
    for (const ids of [{ referralId: aAff.id }, { referralId: aSlug }, { referralId: String(aClick) }, { referralId: aRef.id }, { email: aRef.email }]) {
      const res = await sales.post(B, { name: 'X', email: personEmail(), ...ids, totalEarned: 10 });
      expect({ ids, status: res.status, body: res.body }).toEqual({ ids, status: 200, body: null });
    }
    expectError(await sales.post(B, { promoCode: aCode.code, name: 'X', email: personEmail(), totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expect(await rowCount('sales', A.programId)).toBe(beforeA);
    expect(await rowCount('sales', B.programId)).toBe(beforeB);
    expect(await totals(A, aAff.id, aSlug)).toEqual(beforeTotals);
    expect(await redemptions(A, aCode.code)).toEqual({ code: 0, coupon: 0 });
  });

  test("POST: the same externalId in B is a new sale of B, not a replay of A's", async () => {
    const res = await sales.post(B, { referralId: bAff.id, name: 'X', email: personEmail(), totalEarned: 10, externalId: 'shared-ext' });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(res.body.id).not.toBe(aSale.id);
    expect(res.body.affiliateId).toBe(bAff.id);
    expect(await saleById(A, aSale.id)).toEqual(aSale);
  });

  test("B's payouts cannot name A's sale", async () => {
    const res = await gql(B, CREATE_PAYOUT_BATCH, { ids: [aSale.id] });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const paid = await gql(B, `mutation($id: SafeInt!) { markCommissionPaid(saleId: $id) { id } }`, { id: aSale.id });
    expect(paid.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await saleById(A, aSale.id)).toEqual(aSale);
  });

  test("B's sale events never carry A's sales", async () => {
    const rows = await sql<{ data: any }>(`select data from events where program_id = ? and type like 'sale.%'`, [B.programId]);
    expect(rows.length).toBeGreaterThan(0);
    for (const e of rows) expect(e.data.affiliateId).toBe(bAff.id);
  });
});

testNoServerErrors(seen);
