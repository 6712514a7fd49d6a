/**
 * Spec 4.6 (sales) and the sale rows of spec 3 over HTTP: GET, POST, PUT and PATCH /api/v1/sales against the
 * real app on a real PostgreSQL. Sale shape, commission arithmetic (deductions, rate precedence, one half-up
 * rounding to the currency's minor unit), externalId replay, promo-code redemption, corrections, refunds in
 * every state (with payouts driven through GraphQL), counters and totals, events read from the outbox table,
 * concurrency, and two-program isolation (DESIGN.md "Names the spec leaves open", "Money and commissions").
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { startTestServer, type ApiResponse, type RequestOptions, type TestServer } from '../../helpers/server';
import { createAffiliate, type ProgramFixture } from '../../helpers/factories';
import { specClient } from '../../helpers/spec-client';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const SALE_KEYS = [
  'affiliateId', 'commissionEarned', 'commissionRate', 'commissionStatus', 'createdAt', 'currency', 'email', 'externalId',
  'externalInvoiceId', 'id', 'linkId', 'name', 'promoCode', 'referralId', 'refunded', 'refundedAt', 'shipping', 'tax',
  'totalEarned', 'updatedAt',
];

let server: TestServer;
const { seen, call, program } = specClient(() => server);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------------------
// helpers

let counter = 0;
const uniq = () => `${++counter}-${randomBytes(3).toString('hex')}`;
const slug = (prefix = 'sale') => `${prefix}-${uniq()}`;
const personEmail = (prefix = 'buyer') => `${prefix}-${uniq()}@example.com`;


const sales = (method: string, opts: RequestOptions = {}) => call(method, '/sales', opts);
const getSales = (p: ProgramFixture, query: Record<string, string | string[]> = {}) => sales('GET', { token: p.key, query });
const postSale = (p: ProgramFixture, body: unknown, headers?: Record<string, string>) => sales('POST', { token: p.key, body, headers });
const putSale = (p: ProgramFixture, body: unknown) => sales('PUT', { token: p.key, body });
const patchSale = (p: ProgramFixture, body: unknown) => sales('PATCH', { token: p.key, body });

async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.runtime.orm.em.fork().getConnection().execute(query, params)) as T[];
}

function expectError(res: ApiResponse, status: number, code?: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.objectContaining({ error: expect.any(String), code: code ?? expect.any(String) }) });
  expect(res.body.error.length).toBeGreaterThan(0);
}

/** The DESIGN.md sale shape plus the expected values. */
function expectSale(s: any, expected: Record<string, unknown> = {}) {
  expect(s).not.toBeNull();
  expect(typeof s).toBe('object');
  expect(Object.keys(s).sort()).toEqual(SALE_KEYS);
  expect(Number.isSafeInteger(s.id)).toBe(true);
  expect(s.id).toBeGreaterThan(0);
  expect(s.affiliateId).toMatch(UUID_RE);
  expect(s.createdAt).toMatch(ISO_RE);
  expect(s.updatedAt).toMatch(ISO_RE);
  expect(typeof s.commissionEarned).toBe('number');
  expect(typeof s.totalEarned).toBe('number');
  expect(typeof s.refunded).toBe('boolean');
  expect(s).toEqual(expect.objectContaining(expected));
}

/** POST /sales that must answer 200 with a sale. */
async function recordSale(p: ProgramFixture, body: Record<string, unknown>) {
  const res = await postSale(p, body);
  if (res.status !== 200 || !res.body) throw new Error(`POST /sales failed: ${res.status} ${res.text}`);
  return res.body;
}

/** A sale credited to an affiliate UUID with fresh customer data. */
const saleFor = (p: ProgramFixture, affiliateId: string, body: Record<string, unknown> = {}) =>
  recordSale(p, { referralId: affiliateId, name: 'Buyer', email: personEmail(), totalEarned: 100, ...body });

async function createReferral(p: ProgramFixture, body: Record<string, unknown>) {
  const id = uniq();
  const res = await call('POST', '/referrals', { token: p.key, body: { name: `Person ${id}`, email: `person-${id}@example.com`, referredUserExternalId: `ext-${id}`, ...body } });
  if (res.status !== 200 || !res.body) throw new Error(`POST /referrals failed: ${res.status} ${res.text}`);
  return res.body;
}

async function createLink(p: ProgramFixture, body: Record<string, unknown>) {
  const res = await call('POST', '/links', { token: p.key, body });
  if (res.status !== 200) throw new Error(`POST /links failed: ${res.status} ${res.text}`);
  return res.body;
}

async function linkBySlug(p: ProgramFixture, s: string) {
  const res = await call('GET', '/links', { token: p.key, query: { link: s } });
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(1);
  return res.body[0];
}

async function affiliateById(p: ProgramFixture, id: string) {
  const res = await call('GET', '/affiliates', { token: p.key, query: { id } });
  expect(res.status).toBe(200);
  return res.body;
}

/** The link's sales and totalRevenue and the affiliate's totalCommissionEarned, as the REST API shows them. */
async function totals(p: ProgramFixture, affiliateId: string, linkSlug: string) {
  const link = await linkBySlug(p, linkSlug);
  const a = await affiliateById(p, affiliateId);
  return { sales: link.sales as number, totalRevenue: link.totalRevenue as number, totalCommissionEarned: a.totalCommissionEarned as number };
}

async function recordClick(p: ProgramFixture, link: string): Promise<number> {
  const res = await call('POST', '/clicks', { token: p.key, body: { link } });
  if (res.status !== 200) throw new Error(`POST /clicks failed: ${res.status} ${res.text}`);
  return res.body.id;
}

async function createCoupon(p: ProgramFixture, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/coupons', { token: p.key, body: { name: `Coupon ${uniq()}`, percentOff: 10, ...body } });
  if (res.status !== 200) throw new Error(`POST /coupons failed: ${res.status} ${res.text}`);
  return res.body;
}

async function createCode(p: ProgramFixture, body: Record<string, unknown>) {
  const res = await call('POST', '/promotional-codes', { token: p.key, body: { code: `CODE-${uniq()}`, ...body } });
  if (res.status !== 200) throw new Error(`POST /promotional-codes failed: ${res.status} ${res.text}`);
  return res.body;
}

async function redemptions(p: ProgramFixture, code: string) {
  const c = await call('GET', '/promotional-codes', { token: p.key, query: { code } });
  expect(c.status).toBe(200);
  const k = await call('GET', '/coupons', { token: p.key, query: { id: c.body.couponId } });
  expect(k.status).toBe(200);
  return { code: c.body.timesRedeemed as number, coupon: k.body.timesRedeemed as number };
}

async function events(programId: string, type: string, saleId?: number) {
  if (saleId != null) {
    return sql<{ id: string; data: any }>(`select id, data from events where program_id = ? and type = ? and data->>'id' = ? order by created_at, id`, [programId, type, String(saleId)]);
  }
  return sql<{ id: string; data: any }>(`select id, data from events where program_id = ? and type = ? order by created_at, id`, [programId, type]);
}

async function eventCount(programId: string, prefix = 'sale.'): Promise<number> {
  const [row] = await sql<{ n: string }>('select count(*) as n from events where program_id = ? and type like ?', [programId, `${prefix}%`]);
  return Number(row.n);
}

async function saleCount(programId: string): Promise<number> {
  const [row] = await sql<{ n: string }>('select count(*) as n from sales where program_id = ?', [programId]);
  return Number(row.n);
}

async function commissionCount(programId: string): Promise<number> {
  const [row] = await sql<{ n: string }>('select count(*) as n from commissions where program_id = ?', [programId]);
  return Number(row.n);
}

/** GraphQL with the program's API key; fails the test on errors. */
async function gql(p: ProgramFixture, query: string, variables: Record<string, unknown> = {}) {
  const res = await server.graphql(query, variables, p.key);
  return res;
}
async function gqlData(p: ProgramFixture, query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(p, query, variables);
  if (res.body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(res.body.errors)}`);
  return res.body.data;
}

/** The commission record of a sale with its ledger (GraphQL). */
async function commissionOf(p: ProgramFixture, saleId: number) {
  const d = await gqlData(p, `query($id: SafeInt!) { sale(id: $id) { commission { id saleId affiliateId rate status amount payoutBatchId paidManually entries { kind amount } } } }`, { id: saleId });
  return d.sale?.commission ?? null;
}

async function createPlan(p: ProgramFixture, commissionRate: number): Promise<string> {
  const d = await gqlData(p, `mutation($input: CreateCommissionPlanInput!) { createCommissionPlan(input: $input) { id } }`, { input: { name: `Plan ${uniq()}`, commissionRate } });
  return d.createCommissionPlan.id;
}

async function batchSales(p: ProgramFixture, saleIds: number[]): Promise<string> {
  const d = await gqlData(p, `mutation($ids: [SafeInt!]) { createPayoutBatch(saleIds: $ids) { id } }`, { ids: saleIds });
  return d.createPayoutBatch.id;
}
async function markBatchPaid(p: ProgramFixture, id: string) {
  await gqlData(p, `mutation($id: ID!) { markPayoutBatchPaid(id: $id) { id status } }`, { id });
}
async function markCommissionPaid(p: ProgramFixture, saleId: number) {
  await gqlData(p, `mutation($id: SafeInt!) { markCommissionPaid(saleId: $id) { id status } }`, { id: saleId });
}

async function getSale(p: ProgramFixture, id: number) {
  const res = await getSales(p, { id: String(id) });
  expect(res.status).toBe(200);
  return res.body;
}

// ---------------------------------------------------------------------------------------------------------

describe('POST /sales: who is credited', () => {
  let p: ProgramFixture;
  let a: any;
  let firstSlug: string;
  let secondSlug: string;
  let firstLink: any;
  let secondLink: any;

  beforeAll(async () => {
    p = await program();
    firstSlug = slug('first');
    a = await createAffiliate(server, p.key, { affiliateLink: firstSlug });
    secondSlug = slug('second');
    secondLink = await createLink(p, { link: secondSlug, affiliateId: a.id });
    firstLink = await linkBySlug(p, firstSlug);
  });

  test('by referral UUID: 200 with the full sale; name and email taken from the referral; its affiliate and link', async () => {
    const r = await createReferral(p, { affiliateId: secondSlug });
    const before = await totals(p, a.id, secondSlug);
    const res = await postSale(p, { referralId: r.id, totalEarned: 100 });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expectSale(res.body, {
      externalId: null,
      externalInvoiceId: null,
      affiliateId: a.id,
      referralId: r.id,
      linkId: secondLink.id,
      promoCode: null,
      name: r.name,
      email: r.email,
      currency: 'USD',
      totalEarned: 100,
      tax: null,
      shipping: null,
      commissionRate: 20,
      commissionEarned: 20,
      commissionStatus: 'approved',
      refunded: false,
      refundedAt: null,
    });
    const after = await totals(p, a.id, secondSlug);
    expect(after).toEqual({ sales: before.sales + 1, totalRevenue: before.totalRevenue + 100, totalCommissionEarned: before.totalCommissionEarned + 20 });
    expect((await linkBySlug(p, firstSlug)).sales).toBe(firstLink.sales);
  });

  test('by referral UUID with name and email sent: the sent values are kept', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const email = personEmail('sent');
    const s = await recordSale(p, { referralId: r.id, name: 'Sent Name', email, totalEarned: 50 });
    expectSale(s, { referralId: r.id, affiliateId: a.id, name: 'Sent Name', email, commissionEarned: 10 });
  });

  test('by referral UUID, only one of name/email sent: the other comes from the referral', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const s1 = await recordSale(p, { referralId: r.id, name: 'Only Name', totalEarned: 10 });
    expect({ name: s1.name, email: s1.email }).toEqual({ name: 'Only Name', email: r.email });
    const email = personEmail('only');
    const s2 = await recordSale(p, { referralId: r.id, email, totalEarned: 10 });
    expect({ name: s2.name, email: s2.email }).toEqual({ name: r.name, email });
  });

  test('by affiliate UUID: credited on the affiliate\'s first link, no referral', async () => {
    const email = personEmail();
    const before = await totals(p, a.id, firstSlug);
    const s = await recordSale(p, { referralId: a.id, name: 'Buyer One', email, totalEarned: 40 });
    expectSale(s, { affiliateId: a.id, referralId: null, linkId: firstLink.id, name: 'Buyer One', email, totalEarned: 40, commissionEarned: 8 });
    expect(await totals(p, a.id, firstSlug)).toEqual({ sales: before.sales + 1, totalRevenue: before.totalRevenue + 40, totalCommissionEarned: before.totalCommissionEarned + 8 });
  });

  test('by link slug: credited on that link', async () => {
    const before = await totals(p, a.id, secondSlug);
    const s = await recordSale(p, { referralId: secondSlug, name: 'Buyer Two', email: personEmail(), totalEarned: 10 });
    expectSale(s, { affiliateId: a.id, referralId: null, linkId: secondLink.id, commissionEarned: 2 });
    const after = await totals(p, a.id, secondSlug);
    expect(after.sales).toBe(before.sales + 1);
    expect(after.totalRevenue).toBe(before.totalRevenue + 10);
  });

  test('by numeric click id: the click\'s affiliate and link', async () => {
    const clickId = await recordClick(p, secondSlug);
    const before = await totals(p, a.id, secondSlug);
    const s = await recordSale(p, { referralId: String(clickId), name: 'Buyer Three', email: personEmail(), totalEarned: 10 });
    expectSale(s, { affiliateId: a.id, referralId: null, linkId: secondLink.id });
    expect((await totals(p, a.id, secondSlug)).sales).toBe(before.sales + 1);
  });

  test('by email of an existing referral (any case): that referral, its affiliate and link; name from the referral', async () => {
    const b = await createAffiliate(server, p.key);
    const bLinkSlug = b.affiliateLinks[0];
    const bLink = await linkBySlug(p, bLinkSlug);
    const r = await createReferral(p, { affiliateId: b.id });
    const s = await recordSale(p, { email: r.email.toUpperCase(), totalEarned: 30 });
    expectSale(s, { affiliateId: b.id, referralId: r.id, linkId: bLink.id, name: r.name, commissionEarned: 6 });
    expect(s.email.toLowerCase()).toBe(r.email.toLowerCase());
    expect(await totals(p, b.id, bLinkSlug)).toEqual({ sales: 1, totalRevenue: 30, totalCommissionEarned: 6 });
  });

  test('by promoCode: the code\'s affiliate on its first link; promoCode set; code and coupon counters +1', async () => {
    const owner = await createAffiliate(server, p.key);
    const ownerLink = await linkBySlug(p, owner.affiliateLinks[0]);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: owner.id });
    const email = personEmail();
    const s = await recordSale(p, { promoCode: code.code, name: 'Promo Buyer', email, totalEarned: 80 });
    expectSale(s, { affiliateId: owner.id, referralId: null, linkId: ownerLink.id, promoCode: code.code, name: 'Promo Buyer', email, commissionEarned: 16 });
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
    expect(await totals(p, owner.id, owner.affiliateLinks[0])).toEqual({ sales: 1, totalRevenue: 80, totalCommissionEarned: 16 });
  });

  test('UUIDs and slugs in another case identify the same referral, affiliate and link', async () => {
    const r = await createReferral(p, { affiliateId: secondSlug });
    const byRef = await recordSale(p, { referralId: r.id.toUpperCase(), totalEarned: 10 });
    expect({ referralId: byRef.referralId, affiliateId: byRef.affiliateId, linkId: byRef.linkId }).toEqual({ referralId: r.id, affiliateId: a.id, linkId: secondLink.id });
    const byAff = await recordSale(p, { referralId: a.id.toUpperCase(), name: 'X', email: personEmail(), totalEarned: 10 });
    expect({ affiliateId: byAff.affiliateId, linkId: byAff.linkId }).toEqual({ affiliateId: a.id, linkId: firstLink.id });
    const bySlug = await recordSale(p, { referralId: secondSlug.toUpperCase(), name: 'X', email: personEmail(), totalEarned: 10 });
    expect({ affiliateId: bySlug.affiliateId, linkId: bySlug.linkId }).toEqual({ affiliateId: a.id, linkId: secondLink.id });
  });

  test('precedence: referralId wins over email', async () => {
    const b = await createAffiliate(server, p.key);
    const rb = await createReferral(p, { affiliateId: b.id });
    const ra = await createReferral(p, { affiliateId: a.id });
    const s = await recordSale(p, { referralId: ra.id, email: rb.email, totalEarned: 10 });
    expect({ affiliateId: s.affiliateId, referralId: s.referralId, name: s.name, email: s.email }).toEqual({ affiliateId: a.id, referralId: ra.id, name: ra.name, email: rb.email });
  });

  test('precedence: referralId wins over promoCode, and the code beside it is still validated and redeemed', async () => {
    const b = await createAffiliate(server, p.key);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: b.id });
    const s = await recordSale(p, { referralId: a.id, promoCode: code.code, name: 'X', email: personEmail(), totalEarned: 10 });
    expect({ affiliateId: s.affiliateId, promoCode: s.promoCode, linkId: s.linkId }).toEqual({ affiliateId: a.id, promoCode: code.code, linkId: firstLink.id });
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test('precedence: email (a referral) wins over promoCode; the code is redeemed', async () => {
    const b = await createAffiliate(server, p.key);
    const r = await createReferral(p, { affiliateId: a.id });
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: b.id });
    const s = await recordSale(p, { email: r.email, promoCode: code.code, totalEarned: 10 });
    expect({ affiliateId: s.affiliateId, referralId: s.referralId, promoCode: s.promoCode }).toEqual({ affiliateId: a.id, referralId: r.id, promoCode: code.code });
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test('email matching no referral beside a promoCode: the code\'s affiliate is credited', async () => {
    const b = await createAffiliate(server, p.key);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: b.id });
    const email = personEmail('noref');
    const s = await recordSale(p, { email, name: 'New Customer', promoCode: code.code, totalEarned: 10 });
    expect({ affiliateId: s.affiliateId, referralId: s.referralId, email: s.email, promoCode: s.promoCode }).toEqual({ affiliateId: b.id, referralId: null, email, promoCode: code.code });
  });

  test('a limitToAffiliate code beside another owner: 400, nothing recorded, no counter moves', async () => {
    const b = await createAffiliate(server, p.key);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: b.id, limitToAffiliate: true });
    const before = await saleCount(p.programId);
    const beforeTotals = await totals(p, a.id, firstSlug);
    const res = await postSale(p, { referralId: a.id, promoCode: code.code, name: 'X', email: personEmail(), totalEarned: 10 });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(await saleCount(p.programId)).toBe(before);
    expect(await redemptions(p, code.code)).toEqual({ code: 0, coupon: 0 });
    expect(await totals(p, a.id, firstSlug)).toEqual(beforeTotals);
    // its own affiliate may use it
    const ok = await recordSale(p, { referralId: b.id, promoCode: code.code, name: 'X', email: personEmail(), totalEarned: 10 });
    expect(ok.affiliateId).toBe(b.id);
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test('nothing resolves an affiliate: 200 with null; nothing recorded, no event, no counter', async () => {
    const before = await saleCount(p.programId);
    const beforeCommissions = await commissionCount(p.programId);
    const beforeEvents = await eventCount(p.programId);
    const beforeTotals = await totals(p, a.id, firstSlug);
    const unknownClick = 9_000_000_000 + Math.floor(Math.random() * 1000);
    for (const ids of [
      { referralId: randomUUID() },
      { referralId: 'no-such-slug-anywhere' },
      { referralId: String(unknownClick) },
      { email: personEmail('nobody') },
    ]) {
      const res = await postSale(p, { ...ids, name: 'Nobody', email: (ids as any).email ?? personEmail(), totalEarned: 25 });
      expect({ ids, status: res.status, body: res.body }).toEqual({ ids, status: 200, body: null });
      expect(res.text).toBe('null');
    }
    expect(await saleCount(p.programId)).toBe(before);
    expect(await commissionCount(p.programId)).toBe(beforeCommissions);
    expect(await eventCount(p.programId)).toBe(beforeEvents);
    expect(await totals(p, a.id, firstSlug)).toEqual(beforeTotals);
  });

  test('sale.created is recorded once per sale with data equal to the REST body', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const s = await recordSale(p, { referralId: r.id, totalEarned: 12.34, tax: 1, shipping: 2, externalId: `ext-${uniq()}`, externalInvoiceId: `inv-${uniq()}` });
    const rows = await events(p.programId, 'sale.created', s.id);
    expect(rows.map((e) => e.data)).toEqual([s]);
    expect(await getSale(p, s.id)).toEqual(s);
  });

  test('one sale.created per sale recorded, one commission per sale', async () => {
    expect((await events(p.programId, 'sale.created')).length).toBe(await saleCount(p.programId));
    expect(await commissionCount(p.programId)).toBe(await saleCount(p.programId));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('POST /sales: refused requests (400, nothing recorded)', () => {
  let p: ProgramFixture;
  let a: any;
  let r: any;
  let coupon: any;
  let before: number;
  let beforeEvents: number;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
    r = await createReferral(p, { affiliateId: a.id });
    coupon = await createCoupon(p);
    before = await saleCount(p.programId);
    beforeEvents = await eventCount(p.programId);
  });

  const valid = () => ({ referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 10 });

  test('none of referralId, email, promoCode: 400 VALIDATION_FAILED', async () => {
    expectError(await postSale(p, { name: 'Buyer', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await postSale(p, { referralId: '', name: 'Buyer', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await postSale(p, { referralId: null, email: null, promoCode: null, name: 'Buyer', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await postSale(p, { referralId: '   ', promoCode: '  ', name: 'Buyer', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
  });

  test('totalEarned missing, null or zero: 400 naming it', async () => {
    for (const totalEarned of [undefined, null, 0, -0, 0.0000001]) {
      const body: Record<string, unknown> = { ...valid(), totalEarned };
      if (totalEarned === undefined) delete body.totalEarned;
      const res = await postSale(p, body);
      expect({ totalEarned, status: res.status, code: res.body?.code }).toEqual({ totalEarned, status: 400, code: 'VALIDATION_FAILED' });
      if (totalEarned !== 0.0000001) expect(res.body.error).toContain('totalEarned');
    }
  });

  test('name missing with an affiliate owner (nothing to take it from): 400 naming it', async () => {
    for (const name of [undefined, null, '', '   ']) {
      const body: Record<string, unknown> = { ...valid(), name };
      if (name === undefined) delete body.name;
      const res = await postSale(p, body);
      expect({ name, status: res.status, code: res.body?.code }).toEqual({ name, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.error).toContain('name');
    }
  });

  test('email missing with an affiliate or slug owner: 400 naming it', async () => {
    for (const referralId of [a.id, a.affiliateLinks[0]]) {
      const res = await postSale(p, { referralId, name: 'Buyer', totalEarned: 10 });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.body.error).toContain('email');
    }
  });

  test('name or email missing is a 400 even when no owner resolves', async () => {
    expectError(await postSale(p, { referralId: randomUUID(), totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await postSale(p, { referralId: randomUUID(), name: 'X', totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await postSale(p, { email: personEmail('none'), totalEarned: 10 }), 400, 'VALIDATION_FAILED');
  });

  test('an invalid email: 400', async () => {
    for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com']) {
      const res = await postSale(p, { ...valid(), email });
      expect({ email, status: res.status, code: res.body?.code }).toEqual({ email, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('wrong types and out-of-range values: 400', async () => {
    const cases: Array<Record<string, unknown>> = [
      { totalEarned: '10' },
      { totalEarned: [10] },
      { totalEarned: true },
      { tax: '1' },
      { tax: -1 },
      { shipping: -0.5 },
      { shipping: 'x' },
      { commissionRate: 101 },
      { commissionRate: -1 },
      { commissionRate: '10' },
      { totalEarned: 1.0000001 },
      { totalEarned: 1e13 },
      { referralId: 123 },
      { referralId: [a.id] },
      { promoCode: 7 },
      { name: 5 },
      { email: ['x@example.com'] },
      { externalId: 5 },
      { externalInvoiceId: {} },
      { externalId: 'x'.repeat(201) },
    ];
    for (const c of cases) {
      const res = await postSale(p, { ...valid(), ...c });
      expect({ c, status: res.status, code: res.body?.code }).toEqual({ c, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('an unlisted field: 400 naming it', async () => {
    for (const extra of [{ id: 5 }, { saleId: 5 }, { affiliateId: a.id }, { commissionEarned: 3 }, { refunded: true }, { currency: 'EUR' }, { linkId: randomUUID() }, { commissionStatus: 'paid' }, { foo: 'bar' }]) {
      const res = await postSale(p, { ...valid(), ...extra });
      const field = Object.keys(extra)[0];
      expect({ field, status: res.status, code: res.body?.code }).toEqual({ field, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.error).toContain(field);
    }
  });

  test('malformed JSON or a non-object body: 400', async () => {
    for (const rawBody of ['{"totalEarned": ', '[]', '"x"', '{totalEarned: 1}']) {
      const res = await sales('POST', { token: p.key, rawBody });
      expect({ rawBody, status: res.status, code: res.body?.code }).toEqual({ rawBody, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  describe('promo codes', () => {
    async function expectRefused(code: string, body: Record<string, unknown> = {}) {
      const known = await call('GET', '/promotional-codes', { token: p.key, query: { code } });
      const beforeRedemptions = known.body ? await redemptions(p, code) : null;
      const res = await postSale(p, { promoCode: code, name: 'Buyer', email: personEmail(), totalEarned: 10, ...body });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.body.error.toLowerCase()).toContain('promocode');
      if (beforeRedemptions) expect(await redemptions(p, code)).toEqual(beforeRedemptions);
      return res;
    }

    test('unknown code', async () => {
      await expectRefused(`NOPE-${uniq()}`);
    });

    test('inactive code', async () => {
      const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
      expect((await call('PUT', '/promotional-codes', { token: p.key, body: { promotionalCodeId: code.id, active: false } })).status).toBe(200);
      await expectRefused(code.code);
    });

    test('expired code', async () => {
      const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
      await sql(`update promotional_codes set expires_at = now() - interval '1 hour' where id = ?`, [code.id]);
      await expectRefused(code.code);
    });

    test('code at its own limit', async () => {
      const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id, maxRedemptions: 1 });
      await recordSale(p, { promoCode: code.code, name: 'First', email: personEmail(), totalEarned: 10 });
      await expectRefused(code.code);
    });

    test('coupon at its limit or no longer valid', async () => {
      const k = await createCoupon(p);
      const code = await createCode(p, { couponId: k.id, affiliateId: a.id });
      expect((await call('PUT', '/coupons', { token: p.key, body: { couponId: k.id, maxRedemptions: 1 } })).status).toBe(200);
      await recordSale(p, { promoCode: code.code, name: 'First', email: personEmail(), totalEarned: 10 });
      await expectRefused(code.code);
      const k2 = await createCoupon(p);
      const code2 = await createCode(p, { couponId: k2.id, affiliateId: a.id });
      expect((await call('PUT', '/coupons', { token: p.key, body: { couponId: k2.id, valid: false } })).status).toBe(200);
      await expectRefused(code2.code);
    });

    test('code without an affiliate', async () => {
      const code = await createCode(p, { couponId: coupon.id });
      await expectRefused(code.code);
    });

    test('a refused code beside a resolving referralId still refuses the sale', async () => {
      const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
      expect((await call('PUT', '/promotional-codes', { token: p.key, body: { promotionalCodeId: code.id, active: false } })).status).toBe(200);
      await expectRefused(code.code, { referralId: r.id });
    });
  });

  test('none of the refused requests recorded a sale, a commission or an event', async () => {
    // the two "First" sales of the limit tests are the only ones
    expect(await saleCount(p.programId)).toBe(before + 2);
    expect(await commissionCount(p.programId)).toBe(before + 2);
    expect(await eventCount(p.programId)).toBe(beforeEvents + 2);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('commission arithmetic', () => {
  const ALL = { totalEarned: 100, tax: 10, shipping: 5 };

  test.each([
    ['no deduction', { deductTax: false, deductShipping: false }, 20],
    ['tax only', { deductTax: true, deductShipping: false }, 18],
    ['shipping only', { deductTax: false, deductShipping: true }, 19],
    ['tax and shipping', { deductTax: true, deductShipping: true }, 17],
  ])('%s: 100 with tax 10 and shipping 5 at the default 20 %% earns the expected amount (%j → %d)', async (_name, settings, expected) => {
    const p = await program(settings);
    const a = await createAffiliate(server, p.key);
    const s = await saleFor(p, a.id, ALL);
    expectSale(s, { totalEarned: 100, tax: 10, shipping: 5, commissionRate: 20, commissionEarned: expected, commissionStatus: 'approved' });
    const c = await commissionOf(p, s.id);
    expect(c).toEqual(expect.objectContaining({ saleId: s.id, affiliateId: a.id, rate: 20, status: 'approved', amount: expected, payoutBatchId: null, paidManually: false }));
    expect(c.entries).toEqual([{ kind: 'earned', amount: expected }]);
    expect((await affiliateById(p, a.id)).totalCommissionEarned).toBe(expected);
  });

  test('a deduction with no tax or shipping sent deducts nothing', async () => {
    const p = await program({ deductTax: true, deductShipping: true });
    const a = await createAffiliate(server, p.key);
    expect((await saleFor(p, a.id, { totalEarned: 100 })).commissionEarned).toBe(20);
    expect((await saleFor(p, a.id, { totalEarned: 100, tax: 0, shipping: 0 })).commissionEarned).toBe(20);
    expect((await saleFor(p, a.id, { totalEarned: 100, tax: 25 })).commissionEarned).toBe(15);
  });

  describe('rate precedence: sale, affiliate, commission plan, program default', () => {
    let p: ProgramFixture;
    let planId: string;
    beforeAll(async () => {
      p = await program({ defaultCommissionRate: 10 });
      planId = await createPlan(p, 15);
    });

    test('program default only', async () => {
      const a = await createAffiliate(server, p.key);
      expectSale(await saleFor(p, a.id, { totalEarned: 200 }), { commissionRate: 10, commissionEarned: 20 });
    });

    test('commission plan beats the program default', async () => {
      const a = await createAffiliate(server, p.key, { commissionPlanId: planId });
      expectSale(await saleFor(p, a.id, { totalEarned: 200 }), { commissionRate: 15, commissionEarned: 30 });
    });

    test('the affiliate\'s own rate beats its plan', async () => {
      const a = await createAffiliate(server, p.key, { commissionPlanId: planId, commissionRate: 25 });
      expectSale(await saleFor(p, a.id, { totalEarned: 200 }), { commissionRate: 25, commissionEarned: 50 });
    });

    test('the sale\'s commissionRate beats everything, for that sale only', async () => {
      const a = await createAffiliate(server, p.key, { commissionPlanId: planId, commissionRate: 25 });
      expectSale(await saleFor(p, a.id, { totalEarned: 200, commissionRate: 30 }), { commissionRate: 30, commissionEarned: 60 });
      expectSale(await saleFor(p, a.id, { totalEarned: 200 }), { commissionRate: 25, commissionEarned: 50 });
      const b = await createAffiliate(server, p.key);
      expectSale(await saleFor(p, b.id, { totalEarned: 200, commissionRate: 30 }), { commissionRate: 30, commissionEarned: 60 });
    });

    test('a rate of 0 is a rate, not "unset"', async () => {
      const a = await createAffiliate(server, p.key, { commissionRate: 25 });
      expectSale(await saleFor(p, a.id, { totalEarned: 200, commissionRate: 0 }), { commissionRate: 0, commissionEarned: 0 });
      const z = await createAffiliate(server, p.key, { commissionRate: 0, commissionPlanId: planId });
      expectSale(await saleFor(p, z.id, { totalEarned: 200 }), { commissionRate: 0, commissionEarned: 0 });
    });

    test('fractional rates', async () => {
      const a = await createAffiliate(server, p.key);
      expectSale(await saleFor(p, a.id, { totalEarned: 200, commissionRate: 12.3456 }), { commissionRate: 12.3456, commissionEarned: 24.69 });
    });

    test('the program default is 20 when not configured', async () => {
      const q = await program();
      const a = await createAffiliate(server, q.key);
      expectSale(await saleFor(q, a.id, { totalEarned: 200 }), { commissionRate: 20, commissionEarned: 40 });
    });
  });

  describe('exact decimals, one half-up rounding to the minor unit', () => {
    let p: ProgramFixture;
    let a: any;
    beforeAll(async () => {
      p = await program({ deductTax: true, deductShipping: true });
      a = await createAffiliate(server, p.key);
    });

    test.each([
      [100.05, 12.5, 12.51],
      [1, 12.5, 0.13],
      [-1, 12.5, -0.13],
      [0.1, 25, 0.03],
      [2.675, 100, 2.68],
      [1.005, 50, 0.5],
      [10.01, 50, 5.01],
      [-10.01, 50, -5.01],
      [33.33, 33.3333, 11.11],
      [0.01, 20, 0],
      [999999.99, 99.9999, 999998.99],
    ])('totalEarned %d at %d %% earns %d', async (totalEarned, commissionRate, expected) => {
      const s = await saleFor(p, a.id, { totalEarned, commissionRate });
      expect(s.commissionEarned).toBe(expected);
      expect(Object.is(s.commissionEarned, -0)).toBe(false);
      expect((await commissionOf(p, s.id)).entries).toEqual([{ kind: 'earned', amount: expected }]);
    });

    test('deductions are exact: 0.3 − 0.1 − 0.1 at 100 % is 0.1', async () => {
      expect((await saleFor(p, a.id, { totalEarned: 0.3, tax: 0.1, shipping: 0.1, commissionRate: 100 })).commissionEarned).toBe(0.1);
    });

    test('rounded once, at the end: 10.005 with tax 0.004 at 50 % is 5.00 (not 5.01 from rounding the amounts first)', async () => {
      const s = await saleFor(p, a.id, { totalEarned: 10.005, tax: 0.004, commissionRate: 50 });
      expect(s.commissionEarned).toBe(5);
      // the stored amounts keep their precision; JSON rounds them half-up to cents
      expect(s.totalEarned).toBe(10.01);
      expect(s.tax).toBe(0);
      const c = await commissionOf(p, s.id);
      expect(c.entries).toEqual([{ kind: 'earned', amount: 5 }]);
    });

    test('amounts are output rounded half-up to cents (1.005 → 1.01, 2.675 → 2.68)', async () => {
      const s = await saleFor(p, a.id, { totalEarned: 1.005, shipping: 2.675, commissionRate: 0 });
      expect({ totalEarned: s.totalEarned, shipping: s.shipping }).toEqual({ totalEarned: 1.01, shipping: 2.68 });
    });

    test('a negative total (adjustment) gives a negative commission and moves the totals down', async () => {
      const b = await createAffiliate(server, p.key);
      const bSlug = b.affiliateLinks[0];
      await saleFor(p, b.id, { totalEarned: 100 });
      const s = await saleFor(p, b.id, { totalEarned: -40 });
      expectSale(s, { totalEarned: -40, commissionEarned: -8, commissionRate: 20 });
      expect(await totals(p, b.id, bSlug)).toEqual({ sales: 2, totalRevenue: 60, totalCommissionEarned: 12 });
    });

    test('a deduction larger than the total gives a negative commission', async () => {
      expect((await saleFor(p, a.id, { totalEarned: 10, tax: 15, commissionRate: 10 })).commissionEarned).toBe(-0.5);
    });
  });

  test('JPY program: amounts and commissions rounded to whole yen, half-up', async () => {
    const p = await program({ currency: 'JPY', defaultCommissionRate: 5 });
    const a = await createAffiliate(server, p.key);
    const s1 = await saleFor(p, a.id, { totalEarned: 1005 });
    expectSale(s1, { currency: 'JPY', totalEarned: 1005, commissionEarned: 50, commissionRate: 5 });
    const s2 = await saleFor(p, a.id, { totalEarned: 1010 });
    expect(s2.commissionEarned).toBe(51);
    const s3 = await saleFor(p, a.id, { totalEarned: -1010 });
    expect(s3.commissionEarned).toBe(-51);
    const s4 = await saleFor(p, a.id, { totalEarned: 1234.5, tax: 10.5, commissionRate: 10 });
    expect({ totalEarned: s4.totalEarned, tax: s4.tax, commissionEarned: s4.commissionEarned }).toEqual({ totalEarned: 1235, tax: 11, commissionEarned: 123 });
    expect((await affiliateById(p, a.id)).totalCommissionEarned).toBe(50 + 51 - 51 + 123);
  });

  test('a holding period makes the commission pending', async () => {
    const p = await program({ commissionHoldDays: 14 });
    const a = await createAffiliate(server, p.key);
    const s = await saleFor(p, a.id, { totalEarned: 50 });
    expectSale(s, { commissionStatus: 'pending', commissionEarned: 10 });
    expect((await commissionOf(p, s.id)).status).toBe('pending');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('externalId: a sale is recorded once per program', () => {
  let p: ProgramFixture;
  let a: any;
  let aSlug: string;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
    aSlug = a.affiliateLinks[0];
  });

  test('a repeat returns the first sale with Idempotent-Replayed: true; no second sale, commission, counter or event', async () => {
    const externalId = `order-${uniq()}`;
    const first = await postSale(p, { referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 100, externalId });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const afterFirst = await totals(p, a.id, aSlug);
    const salesAfterFirst = await saleCount(p.programId);
    // the same externalId with another body: still the first sale
    for (const body of [
      { referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 100, externalId },
      { referralId: a.id, name: 'Someone Else', email: personEmail(), totalEarned: 999, commissionRate: 50, externalId },
    ]) {
      const again = await postSale(p, body);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
    }
    expect(await saleCount(p.programId)).toBe(salesAfterFirst);
    expect(await totals(p, a.id, aSlug)).toEqual(afterFirst);
    expect(await events(p.programId, 'sale.created', first.body.id)).toHaveLength(1);
    const list = await getSales(p, { saleExternalId: externalId });
    expect(list.body).toEqual([first.body]);
  });

  test('the replay is the sale as it is now (after a refund)', async () => {
    const externalId = `order-${uniq()}`;
    const s = await saleFor(p, a.id, { externalId });
    const refunded = await patchSale(p, { saleId: s.id });
    expect(refunded.status).toBe(200);
    const again = await postSale(p, { referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 100, externalId });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(refunded.body.sale);
  });

  test('a repeat with a promo code does not redeem the code again', async () => {
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id });
    const externalId = `order-${uniq()}`;
    const body = { promoCode: code.code, name: 'Buyer', email: personEmail(), totalEarned: 10, externalId };
    await recordSale(p, body);
    const again = await postSale(p, body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await redemptions(p, code.code)).toEqual({ code: 1, coupon: 1 });
  });

  test('20 concurrent POSTs with one externalId: one sale, one commission, all 200 with the same sale, all but one replayed', async () => {
    const externalId = `race-${uniq()}`;
    const beforeTotals = await totals(p, a.id, aSlug);
    const beforeSales = await saleCount(p.programId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postSale(p, { referralId: a.id, name: `Racer ${i}`, email: personEmail('race'), totalEarned: 50, externalId })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const replayed = results.filter((r) => r.headers.get('idempotent-replayed') === 'true');
    expect(replayed).toHaveLength(19);
    const original = results.find((r) => r.headers.get('idempotent-replayed') !== 'true')!;
    for (const r of replayed) expect(r.body).toEqual(original.body);
    expect(await saleCount(p.programId)).toBe(beforeSales + 1);
    const [row] = await sql<{ n: string }>('select count(*) as n from commissions c join sales s on s.id = c.sale_id where s.program_id = ? and s.external_id = ?', [p.programId, externalId]);
    expect(Number(row.n)).toBe(1);
    expect((await commissionOf(p, original.body.id)).entries).toEqual([{ kind: 'earned', amount: 10 }]);
    expect(await totals(p, a.id, aSlug)).toEqual({ sales: beforeTotals.sales + 1, totalRevenue: beforeTotals.totalRevenue + 50, totalCommissionEarned: beforeTotals.totalCommissionEarned + 10 });
    expect(await events(p.programId, 'sale.created', original.body.id)).toHaveLength(1);
  });

  test('without externalId, two identical POSTs are two sales', async () => {
    const body = { referralId: a.id, name: 'Twice', email: personEmail(), totalEarned: 10 };
    const s1 = await recordSale(p, body);
    const s2 = await recordSale(p, body);
    expect(s1.id).not.toBe(s2.id);
  });

  test('externalInvoiceId is not unique', async () => {
    const inv = `inv-${uniq()}`;
    const s1 = await saleFor(p, a.id, { externalInvoiceId: inv });
    const s2 = await saleFor(p, a.id, { externalInvoiceId: inv });
    expect(s1.id).not.toBe(s2.id);
    expect((await getSales(p, { saleExternalInvoiceId: inv })).body.map((s: any) => s.id)).toEqual([s1.id, s2.id]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('promo redemption on sales', () => {
  test('each sale with a code counts on the code and its coupon', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id });
    for (let i = 0; i < 3; i++) await recordSale(p, { promoCode: code.code, name: 'Buyer', email: personEmail(), totalEarned: 10 });
    expect(await redemptions(p, code.code)).toEqual({ code: 3, coupon: 3 });
    const list = await getSales(p, { affiliateId: a.id });
    expect(list.body.map((s: any) => s.promoCode)).toEqual([code.code, code.code, code.code]);
  });

  test('maxRedemptions 3 with 15 parallel sales: exactly 3 sales, 12 refusals, counters at 3', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id, maxRedemptions: 3 });
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => postSale(p, { promoCode: code.code, name: `Buyer ${i}`, email: personEmail('par'), totalEarned: 10 })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 400);
    expect({ ok: ok.length, refused: refused.length }).toEqual({ ok: 3, refused: 12 });
    for (const r of refused) expect(r.body.code).toBe('VALIDATION_FAILED');
    for (const r of ok) expectSale(r.body, { promoCode: code.code, affiliateId: a.id });
    expect(await saleCount(p.programId)).toBe(3);
    expect(await commissionCount(p.programId)).toBe(3);
    expect(await redemptions(p, code.code)).toEqual({ code: 3, coupon: 3 });
    expect(await totals(p, a.id, a.affiliateLinks[0])).toEqual({ sales: 3, totalRevenue: 30, totalCommissionEarned: 6 });
    expect(await eventCount(p.programId)).toBe(3);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('GET /sales', () => {
  let p: ProgramFixture;
  let a: any;
  let b: any;
  let r: any;
  let s1: any;
  let s2: any;
  let s3: any;
  let s4: any;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
    b = await createAffiliate(server, p.key);
    r = await createReferral(p, { affiliateId: a.id });
    s1 = await recordSale(p, { referralId: r.id, totalEarned: 10, externalId: `e-${uniq()}`, externalInvoiceId: 'INV-1' });
    s2 = await saleFor(p, a.id, { totalEarned: 20, externalInvoiceId: 'INV-1' });
    s3 = await saleFor(p, b.id, { totalEarned: 30, externalId: `e-${uniq()}` });
    s4 = await recordSale(p, { referralId: r.id, totalEarned: 40 });
  });

  test('by id: the single sale, equal to what POST answered', async () => {
    for (const s of [s1, s2, s3, s4]) {
      const res = await getSales(p, { id: String(s.id) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(s);
    }
  });

  test('by id with no such sale: 200 null', async () => {
    const res = await getSales(p, { id: String(s4.id + 100000) });
    expect({ status: res.status, body: res.body, text: res.text }).toEqual({ status: 200, body: null, text: 'null' });
  });

  test('by id not an integer: 400', async () => {
    for (const id of ['abc', '1.5', '-1', randomUUID()]) {
      const res = await getSales(p, { id });
      expect({ id, status: res.status, code: res.body?.code }).toEqual({ id, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('with no parameters: every sale of the program, in creation order, each with commissionEarned', async () => {
    const res = await getSales(p);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([s1, s2, s3, s4]);
    for (const s of res.body) expectSale(s);
  });

  test('filters return arrays', async () => {
    const ids = async (q: Record<string, string>) => {
      const res = await getSales(p, q);
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
      const res = await getSales(p, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: [] });
    }
  });

  test('an unknown query parameter or a repeated one: 400', async () => {
    expectError(await getSales(p, { foo: 'bar' }), 400, 'VALIDATION_FAILED');
    expectError(await getSales(p, { saleId: String(s1.id) }), 400, 'VALIDATION_FAILED');
    expectError(await getSales(p, { affiliateId: [a.id, b.id] }), 400, 'VALIDATION_FAILED');
  });

  test('paging with limit and after', async () => {
    const first = await getSales(p, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.map((s: any) => s.id)).toEqual([s1.id, s2.id]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await getSales(p, { limit: '2', after: cursor! });
    expect(second.body.map((s: any) => s.id)).toEqual([s3.id, s4.id]);
    const third = second.headers.get('x-next-cursor');
    if (third) expect((await getSales(p, { limit: '2', after: third })).body).toEqual([]);
    expect((await getSales(p, { affiliateId: a.id, limit: '1' })).body.map((s: any) => s.id)).toEqual([s1.id]);
  });

  test('a list longer than one page is still one array of every sale, in order, each with commissionEarned', async () => {
    const q = await program();
    const qa = await createAffiliate(server, q.key);
    const first = await saleFor(q, qa.id, { totalEarned: 10 });
    await sql(
      `insert into sales (program_id, affiliate_id, name, email, currency, total_earned)
       select ?, ?, 'Bulk ' || g, 'bulk' || g || '@example.com', 'USD', g from generate_series(1, 520) g`,
      [q.programId, qa.id],
    );
    const res = await getSales(q);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(521);
    expect(res.body[0]).toEqual(first);
    const ids = res.body.map((x: any) => x.id);
    expect([...ids].sort((x: number, y: number) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(521);
    for (const x of res.body) expect(typeof x.commissionEarned).toBe('number');
    expect(res.body[521 - 1]).toEqual(expect.objectContaining({ name: 'Bulk 520', totalEarned: 520, commissionEarned: 0 }));
    expect((await getSales(q, { affiliateId: qa.id })).body).toHaveLength(521);
  });

  test('without a token: 401', async () => {
    expectError(await sales('GET', { query: { id: String(s1.id) } }), 401, 'UNAUTHENTICATED');
    expectError(await sales('POST', { body: { referralId: a.id, name: 'X', email: personEmail(), totalEarned: 1 } }), 401, 'UNAUTHENTICATED');
    expectError(await sales('PUT', { body: { saleId: s1.id, name: 'X' } }), 401, 'UNAUTHENTICATED');
    expectError(await sales('PATCH', { body: { saleId: s1.id } }), 401, 'UNAUTHENTICATED');
    expect(await getSale(p, s1.id)).toEqual(s1);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('PUT /sales', () => {
  let p: ProgramFixture;
  let a: any;

  beforeAll(async () => {
    p = await program({ deductTax: true });
    a = await createAffiliate(server, p.key);
  });

  test('listed fields are applied to the sale; the commission is unchanged; sale.updated equals the body', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const email = personEmail('new');
    const externalId = `ext-${uniq()}`;
    const res = await putSale(p, { saleId: s.id, name: 'Renamed', email, externalId, externalInvoiceId: 'INV-9' });
    expect(res.status).toBe(200);
    expectSale(res.body, { ...s, name: 'Renamed', email, externalId, externalInvoiceId: 'INV-9', updatedAt: expect.any(String) });
    expect(res.body.commissionEarned).toBe(20);
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(s.updatedAt).getTime());
    expect(await getSale(p, s.id)).toEqual(res.body);
    expect((await events(p.programId, 'sale.updated', s.id)).map((e) => e.data)).toEqual([res.body]);
    expect((await commissionOf(p, s.id)).entries).toEqual([{ kind: 'earned', amount: 20 }]);
  });

  test('saleId as a string of digits works', async () => {
    const s = await saleFor(p, a.id);
    const res = await putSale(p, { saleId: String(s.id), name: 'By String' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('By String');
  });

  test('totalEarned changes: commission recomputed as a correction entry; link revenue and affiliate total follow', async () => {
    const b = await createAffiliate(server, p.key);
    const bSlug = b.affiliateLinks[0];
    const s = await saleFor(p, b.id, { totalEarned: 100, tax: 10 });
    expect(s.commissionEarned).toBe(18);
    const res = await putSale(p, { saleId: s.id, totalEarned: 210 });
    expect(res.status).toBe(200);
    expectSale(res.body, { totalEarned: 210, tax: 10, commissionEarned: 40, commissionRate: 20 });
    expect((await commissionOf(p, s.id)).entries).toEqual([{ kind: 'earned', amount: 18 }, { kind: 'correction', amount: 22 }]);
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 1, totalRevenue: 210, totalCommissionEarned: 40 });
    expect((await events(p.programId, 'sale.updated', s.id)).map((e) => e.data)).toEqual([res.body]);
  });

  test('tax changes (program deducts tax): recomputed', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const res = await putSale(p, { saleId: s.id, tax: 50 });
    expectSale(res.body, { tax: 50, commissionEarned: 10 });
    const cleared = await putSale(p, { saleId: s.id, tax: null });
    expectSale(cleared.body, { tax: null, commissionEarned: 20 });
  });

  test('shipping changes in a program that does not deduct shipping: stored, commission unchanged', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const res = await putSale(p, { saleId: s.id, shipping: 30 });
    expectSale(res.body, { shipping: 30, commissionEarned: 20 });
  });

  test('commissionRate changes: recomputed with the new rate; null goes back to the inherited rate', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const res = await putSale(p, { saleId: s.id, commissionRate: 12.5 });
    expectSale(res.body, { commissionRate: 12.5, commissionEarned: 12.5 });
    const back = await putSale(p, { saleId: s.id, commissionRate: null });
    expectSale(back.body, { commissionRate: 20, commissionEarned: 20 });
  });

  test('commissionEarned sets the commission record exactly; the sale itself is unchanged', async () => {
    const b = await createAffiliate(server, p.key);
    const bSlug = b.affiliateLinks[0];
    const s = await saleFor(p, b.id, { totalEarned: 100 });
    const res = await putSale(p, { saleId: s.id, commissionEarned: 7.35 });
    expect(res.status).toBe(200);
    expectSale(res.body, { totalEarned: 100, commissionEarned: 7.35, commissionRate: 20, name: s.name, email: s.email });
    expect((await commissionOf(p, s.id))).toEqual(expect.objectContaining({ amount: 7.35, entries: [{ kind: 'earned', amount: 20 }, { kind: 'correction', amount: -12.65 }] }));
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 1, totalRevenue: 100, totalCommissionEarned: 7.35 });
    expect((await events(p.programId, 'sale.updated', s.id)).map((e) => e.data)).toEqual([res.body]);
    expect(await getSale(p, s.id)).toEqual(res.body);
  });

  test('commissionEarned beside a money change wins over the recomputation', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const res = await putSale(p, { saleId: s.id, totalEarned: 500, commissionEarned: 3 });
    expectSale(res.body, { totalEarned: 500, commissionEarned: 3 });
  });

  test('commissionEarned equal to the current amount adds no entry', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    expect((await putSale(p, { saleId: s.id, commissionEarned: 20 })).status).toBe(200);
    expect((await commissionOf(p, s.id)).entries).toEqual([{ kind: 'earned', amount: 20 }]);
  });

  test('saleId missing, null or not a positive integer: 400', async () => {
    for (const body of [{ name: 'X' }, { saleId: null, name: 'X' }, { saleId: 'abc', name: 'X' }, { saleId: 0 }, { saleId: -3 }, { saleId: 1.5 }, {}]) {
      const res = await putSale(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('an unlisted field: 400 naming it, nothing changes, no event', async () => {
    const s = await saleFor(p, a.id);
    for (const extra of [{ affiliateId: a.id }, { referralId: randomUUID() }, { promoCode: 'X' }, { refunded: true }, { commissionStatus: 'paid' }, { currency: 'EUR' }, { id: 1 }, { createdAt: new Date().toISOString() }, { foo: 1 }]) {
      const res = await putSale(p, { saleId: s.id, name: 'Should Not Apply', ...extra });
      const field = Object.keys(extra)[0];
      expect({ field, status: res.status, code: res.body?.code }).toEqual({ field, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.error).toContain(field);
    }
    expect(await getSale(p, s.id)).toEqual(s);
    expect(await events(p.programId, 'sale.updated', s.id)).toHaveLength(0);
  });

  test('invalid values: 400, nothing changes', async () => {
    const s = await saleFor(p, a.id);
    for (const b of [{ totalEarned: 0 }, { totalEarned: null }, { totalEarned: '5' }, { tax: -1 }, { commissionRate: 101 }, { email: 'nope' }, { name: '' }, { name: null }, { commissionEarned: 'x' }, { commissionEarned: 1.0000001 }]) {
      const res = await putSale(p, { saleId: s.id, ...b });
      expect({ b, status: res.status, code: res.body?.code }).toEqual({ b, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await getSale(p, s.id)).toEqual(s);
  });

  test('no such sale in the program: 404 NOT_FOUND', async () => {
    const s = await saleFor(p, a.id);
    expectError(await putSale(p, { saleId: s.id + 100000, name: 'X' }), 404, 'NOT_FOUND');
  });

  test('an externalId another sale has: 400, nothing changes', async () => {
    const s1 = await saleFor(p, a.id, { externalId: `dup-${uniq()}` });
    const s2 = await saleFor(p, a.id);
    const res = await putSale(p, { saleId: s2.id, externalId: s1.externalId, name: 'X' });
    expect(res.status).toBe(400);
    expect(res.body.error.length).toBeGreaterThan(0);
    expect(await getSale(p, s2.id)).toEqual(s2);
    // its own externalId again is fine
    expect((await putSale(p, { saleId: s1.id, externalId: s1.externalId })).status).toBe(200);
  });

  test('the amounts of a refunded sale cannot change (400); other fields still can', async () => {
    const s = await saleFor(p, a.id);
    const refund = await patchSale(p, { saleId: s.id });
    expect(refund.status).toBe(200);
    for (const b of [{ totalEarned: 50 }, { tax: 1 }, { shipping: 1 }, { commissionRate: 5 }, { commissionEarned: 5 }]) {
      const res = await putSale(p, { saleId: s.id, ...b });
      expect({ b, status: res.status, code: res.body?.code }).toEqual({ b, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await getSale(p, s.id)).toEqual(refund.body.sale);
    const renamed = await putSale(p, { saleId: s.id, name: 'Still Renameable' });
    expect(renamed.status).toBe(200);
    expectSale(renamed.body, { name: 'Still Renameable', refunded: true, commissionEarned: 0, commissionStatus: 'reversed' });
  });

  test('the amounts of a sale whose commission was paid cannot change (400)', async () => {
    const s = await saleFor(p, a.id);
    await markCommissionPaid(p, s.id);
    const before = await getSale(p, s.id);
    expect(before.commissionStatus).toBe('paid');
    for (const b of [{ totalEarned: 50 }, { commissionEarned: 5 }]) {
      const res = await putSale(p, { saleId: s.id, ...b });
      expect({ b, status: res.status }).toEqual({ b, status: 400 });
    }
    expect(await getSale(p, s.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('PATCH /sales (refund)', () => {
  let p: ProgramFixture;
  let a: any;
  let aSlug: string;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
    aSlug = a.affiliateLinks[0];
  });

  test('refunds: 200 {alreadyRefunded: false, sale}; a reversal cancels the commission; counters and totals follow; sale.refunded equals the sale', async () => {
    await saleFor(p, a.id, { totalEarned: 10 });
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    const before = await totals(p, a.id, aSlug);
    const res = await patchSale(p, { saleId: s.id });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['alreadyRefunded', 'sale']);
    expect(res.body.alreadyRefunded).toBe(false);
    expectSale(res.body.sale, { ...s, refunded: true, refundedAt: expect.stringMatching(ISO_RE), updatedAt: expect.any(String), commissionEarned: 0, commissionStatus: 'reversed', totalEarned: 100, commissionRate: 20 });
    expect(await totals(p, a.id, aSlug)).toEqual({ sales: before.sales - 1, totalRevenue: before.totalRevenue - 100, totalCommissionEarned: before.totalCommissionEarned - 20 });
    const c = await commissionOf(p, s.id);
    expect(c).toEqual(expect.objectContaining({ status: 'reversed', amount: 0 }));
    expect(c.entries).toEqual([{ kind: 'earned', amount: 20 }, { kind: 'reversal', amount: -20 }]);
    expect((await events(p.programId, 'sale.refunded', s.id)).map((e) => e.data)).toEqual([res.body.sale]);
    expect(await getSale(p, s.id)).toEqual(res.body.sale);
  });

  test('a second refund: 200 with alreadyRefunded true and the same sale; no second reversal, event or counter move', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 60 });
    const first = await patchSale(p, { saleId: s.id });
    const after = await totals(p, a.id, aSlug);
    const again = await patchSale(p, { saleId: s.id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ alreadyRefunded: true, sale: first.body.sale });
    expect((await commissionOf(p, s.id)).entries).toHaveLength(2);
    expect(await events(p.programId, 'sale.refunded', s.id)).toHaveLength(1);
    expect(await totals(p, a.id, aSlug)).toEqual(after);
  });

  test('saleId as a string of digits', async () => {
    const s = await saleFor(p, a.id);
    const res = await patchSale(p, { saleId: String(s.id) });
    expect(res.status).toBe(200);
    expect(res.body.sale.refunded).toBe(true);
  });

  test('no such sale: 404 NOT_FOUND', async () => {
    const s = await saleFor(p, a.id);
    expectError(await patchSale(p, { saleId: s.id + 100000 }), 404, 'NOT_FOUND');
  });

  test('saleId missing or invalid, or an unlisted field: 400', async () => {
    const s = await saleFor(p, a.id);
    for (const body of [{}, { saleId: null }, { saleId: 'abc' }, { saleId: 0 }, { saleId: -1 }, { saleId: 2.5 }, { saleId: s.id, reason: 'x' }, { id: s.id }]) {
      const res = await patchSale(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await getSale(p, s.id)).refunded).toBe(false);
  });

  test('a corrected commission is reversed by what it amounts to now', async () => {
    const s = await saleFor(p, a.id, { totalEarned: 100 });
    await putSale(p, { saleId: s.id, commissionEarned: 7 });
    const before = await totals(p, a.id, aSlug);
    const res = await patchSale(p, { saleId: s.id });
    expect(res.body.sale.commissionEarned).toBe(0);
    expect((await commissionOf(p, s.id)).entries).toEqual([{ kind: 'earned', amount: 20 }, { kind: 'correction', amount: -13 }, { kind: 'reversal', amount: -7 }]);
    expect((await totals(p, a.id, aSlug)).totalCommissionEarned).toBeCloseTo(before.totalCommissionEarned - 7, 6);
  });

  test('a negative (adjustment) sale refunds too: its negative commission is reversed upward', async () => {
    const b = await createAffiliate(server, p.key);
    const bSlug = b.affiliateLinks[0];
    await saleFor(p, b.id, { totalEarned: 100 });
    const s = await saleFor(p, b.id, { totalEarned: -50 });
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 2, totalRevenue: 50, totalCommissionEarned: 10 });
    await patchSale(p, { saleId: s.id });
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 1, totalRevenue: 100, totalCommissionEarned: 20 });
  });

  test('a pending commission (holding period) can be refunded', async () => {
    const q = await program({ commissionHoldDays: 7 });
    const qa = await createAffiliate(server, q.key);
    const s = await saleFor(q, qa.id);
    const res = await patchSale(q, { saleId: s.id });
    expect(res.status).toBe(200);
    expectSale(res.body.sale, { refunded: true, commissionStatus: 'reversed', commissionEarned: 0 });
  });

  describe('refusals: 400 {error, code: REFUND_NOT_ALLOWED, reason}; nothing changes', () => {
    async function expectRefusal(q: ProgramFixture, saleId: number, reason: string, affiliateId: string, linkSlug: string) {
      const sale = await getSale(q, saleId);
      const c = await commissionOf(q, saleId);
      const before = await totals(q, affiliateId, linkSlug);
      const beforeEvents = await eventCount(q.programId);
      const res = await patchSale(q, { saleId });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error: expect.any(String), code: 'REFUND_NOT_ALLOWED', reason } });
      expect(await getSale(q, saleId)).toEqual(sale);
      expect(await commissionOf(q, saleId)).toEqual(c);
      expect(await totals(q, affiliateId, linkSlug)).toEqual(before);
      expect(await eventCount(q.programId)).toBe(beforeEvents);
    }

    test('refund_window_expired: a program with a 0-day window', async () => {
      const q = await program({ refundWindowDays: 0 });
      const qa = await createAffiliate(server, q.key);
      const s = await saleFor(q, qa.id);
      await new Promise((r) => setTimeout(r, 5));
      await expectRefusal(q, s.id, 'refund_window_expired', qa.id, qa.affiliateLinks[0]);
    });

    test('refund_window_expired: a sale older than the default 30 days; a 29-day-old one is still refundable', async () => {
      const old = await saleFor(p, a.id);
      await sql(`update sales set created_at = now() - interval '31 days' where id = ?`, [old.id]);
      await expectRefusal(p, old.id, 'refund_window_expired', a.id, aSlug);
      const recent = await saleFor(p, a.id);
      await sql(`update sales set created_at = now() - interval '29 days' where id = ?`, [recent.id]);
      expect((await patchSale(p, { saleId: recent.id })).status).toBe(200);
    });

    test('refund_window_expired respects the program\'s window (10 days)', async () => {
      const q = await program({ refundWindowDays: 10 });
      const qa = await createAffiliate(server, q.key);
      const s = await saleFor(q, qa.id);
      await sql(`update sales set created_at = now() - interval '11 days' where id = ?`, [s.id]);
      await expectRefusal(q, s.id, 'refund_window_expired', qa.id, qa.affiliateLinks[0]);
      const t = await saleFor(q, qa.id);
      await sql(`update sales set created_at = now() - interval '9 days' where id = ?`, [t.id]);
      expect((await patchSale(q, { saleId: t.id })).status).toBe(200);
    });

    test('in_payout_batch', async () => {
      const s = await saleFor(p, a.id);
      await batchSales(p, [s.id]);
      expect((await commissionOf(p, s.id)).payoutBatchId).toMatch(UUID_RE);
      await expectRefusal(p, s.id, 'in_payout_batch', a.id, aSlug);
    });

    test('already_paid_out (its batch was marked paid)', async () => {
      const s = await saleFor(p, a.id);
      const batch = await batchSales(p, [s.id]);
      await markBatchPaid(p, batch);
      expect((await getSale(p, s.id)).commissionStatus).toBe('paid');
      await expectRefusal(p, s.id, 'already_paid_out', a.id, aSlug);
    });

    test('manually_marked_paid', async () => {
      const s = await saleFor(p, a.id);
      await markCommissionPaid(p, s.id);
      expect((await getSale(p, s.id)).commissionStatus).toBe('paid');
      await expectRefusal(p, s.id, 'manually_marked_paid', a.id, aSlug);
    });

    test('a refunded sale stays "already refunded" even once its window has passed', async () => {
      const s = await saleFor(p, a.id);
      await patchSale(p, { saleId: s.id });
      await sql(`update sales set created_at = now() - interval '400 days' where id = ?`, [s.id]);
      const res = await patchSale(p, { saleId: s.id });
      expect(res.status).toBe(200);
      expect(res.body.alreadyRefunded).toBe(true);
    });
  });

  test('20 concurrent refunds of one sale: exactly one reversal, one sale.refunded event, one counter move', async () => {
    const b = await createAffiliate(server, p.key);
    const bSlug = b.affiliateLinks[0];
    await saleFor(p, b.id, { totalEarned: 30 });
    const s = await saleFor(p, b.id, { totalEarned: 100 });
    const results = await Promise.all(Array.from({ length: 20 }, () => patchSale(p, { saleId: s.id })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.alreadyRefunded === false)).toHaveLength(1);
    expect(results.filter((r) => r.body.alreadyRefunded === true)).toHaveLength(19);
    const [row] = await sql<{ n: string }>(
      `select count(*) as n from commission_entries e join commissions c on c.id = e.commission_id where c.program_id = ? and c.sale_id = ? and e.kind = 'reversal'`,
      [p.programId, s.id],
    );
    expect(Number(row.n)).toBe(1);
    expect(await events(p.programId, 'sale.refunded', s.id)).toHaveLength(1);
    expect(await totals(p, b.id, bSlug)).toEqual({ sales: 1, totalRevenue: 30, totalCommissionEarned: 6 });
    for (const r of results) expect(r.body.sale).toEqual(expect.objectContaining({ id: s.id, refunded: true, commissionEarned: 0 }));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('DELETE /referrals deletes the referral\'s sales', () => {
  test('its sales are gone with their commissions; other sales stay', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const r = await createReferral(p, { affiliateId: a.id });
    const mine1 = await recordSale(p, { referralId: r.id, totalEarned: 10 });
    const mine2 = await recordSale(p, { email: r.email, totalEarned: 20 });
    const other = await saleFor(p, a.id, { totalEarned: 30 });
    expect(mine2.referralId).toBe(r.id);
    const res = await call('DELETE', '/referrals', { token: p.key, body: { referralId: r.id } });
    expect(res.status).toBe(200);
    expect(await getSale(p, mine1.id)).toBeNull();
    expect(await getSale(p, mine2.id)).toBeNull();
    expect((await getSales(p, { referralId: r.id })).body).toEqual([]);
    expect(await getSale(p, other.id)).toEqual(other);
    expect(await commissionCount(p.programId)).toBe(1);
  });

  test('the deleted sales no longer count on the link and the affiliate\'s total', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const aSlug = a.affiliateLinks[0];
    const r = await createReferral(p, { affiliateId: a.id });
    await recordSale(p, { referralId: r.id, totalEarned: 10 });
    await saleFor(p, a.id, { totalEarned: 30 });
    expect(await totals(p, a.id, aSlug)).toEqual({ sales: 2, totalRevenue: 40, totalCommissionEarned: 8 });
    await call('DELETE', '/referrals', { token: p.key, body: { referralId: r.id } });
    expect(await totals(p, a.id, aSlug)).toEqual({ sales: 1, totalRevenue: 30, totalCommissionEarned: 6 });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('sales and the other resources', () => {
  test('DELETE /affiliates deletes the affiliate\'s sales and commissions (spec 4.1)', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const b = await createAffiliate(server, p.key);
    const s = await saleFor(p, a.id);
    const keep = await saleFor(p, b.id);
    expect((await call('DELETE', '/affiliates', { token: p.key, body: { affiliateId: a.id } })).status).toBe(200);
    expect(await getSale(p, s.id)).toBeNull();
    expect((await getSales(p, { affiliateId: a.id })).body).toEqual([]);
    expect(await getSale(p, keep.id)).toEqual(keep);
    expect(await commissionCount(p.programId)).toBe(1);
  });

  test('DELETE /links keeps the link\'s sales with linkId cleared; they can still be refunded (spec 4.3)', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const extra = slug('gone');
    await createLink(p, { link: extra, affiliateId: a.id });
    const s = await saleFor(p, a.id, { referralId: extra });
    expect((await call('DELETE', '/links', { token: p.key, body: { link: extra } })).status).toBe(200);
    const after = await getSale(p, s.id);
    expect(after).toEqual({ ...s, linkId: null, updatedAt: expect.any(String) });
    const res = await patchSale(p, { saleId: s.id });
    expect(res.status).toBe(200);
    expectSale(res.body.sale, { refunded: true, linkId: null, commissionEarned: 0 });
    expect((await affiliateById(p, a.id)).totalCommissionEarned).toBe(0);
  });

  test('DELETE /promotional-codes and /coupons: recorded sales keep their promoCode; later use of the code is refused (spec 4.5)', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const coupon = await createCoupon(p);
    const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
    const s = await recordSale(p, { promoCode: code.code, name: 'Buyer', email: personEmail(), totalEarned: 10 });
    expect((await events(p.programId, 'sale.created', s.id)).map((e) => e.data)).toEqual([s]);
    expect((await call('DELETE', '/promotional-codes', { token: p.key, body: { promotionalCodeId: code.id } })).status).toBe(200);
    expect(await getSale(p, s.id)).toEqual(expect.objectContaining({ id: s.id, promoCode: code.code, affiliateId: a.id, commissionEarned: 2 }));
    expectError(await postSale(p, { promoCode: code.code, name: 'Late', email: personEmail(), totalEarned: 10 }), 400, 'VALIDATION_FAILED');

    const code2 = await createCode(p, { couponId: coupon.id, affiliateId: a.id });
    const s2 = await recordSale(p, { promoCode: code2.code, name: 'Buyer', email: personEmail(), totalEarned: 10 });
    expect((await call('DELETE', '/coupons', { token: p.key, body: { couponId: coupon.id } })).status).toBe(200);
    expect((await getSale(p, s2.id)).promoCode).toBe(code2.code);
    expectError(await postSale(p, { promoCode: code2.code, name: 'Late', email: personEmail(), totalEarned: 10 }), 400, 'VALIDATION_FAILED');
  });

  test('PUT /links (rename) keeps the sales on the link with their counters', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const old = a.affiliateLinks[0];
    const s = await saleFor(p, a.id, { totalEarned: 70 });
    const renamed = slug('renamed');
    expect((await call('PUT', '/links', { token: p.key, body: { link: old, newLink: renamed } })).status).toBe(200);
    const link = await linkBySlug(p, renamed);
    expect({ sales: link.sales, totalRevenue: link.totalRevenue, id: link.id }).toEqual({ sales: 1, totalRevenue: 70, id: s.linkId });
    expect((await getSale(p, s.id)).linkId).toBe(link.id);
  });

  test('concurrent corrections and refunds keep the affiliate\'s total equal to the sum of its commissions', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const made: any[] = [];
    for (let i = 0; i < 8; i++) made.push(await saleFor(p, a.id, { totalEarned: 10 * (i + 1) }));
    await Promise.all(
      made.flatMap((s, i) => [
        putSale(p, { saleId: s.id, commissionEarned: i + 0.5 }),
        patchSale(p, { saleId: s.id }),
        putSale(p, { saleId: s.id, totalEarned: 100 + i }),
      ]),
    );
    const list = (await getSales(p, { affiliateId: a.id })).body;
    const sum = list.reduce((n: number, s: any) => n + s.commissionEarned, 0);
    expect((await affiliateById(p, a.id)).totalCommissionEarned).toBeCloseTo(sum, 6);
    for (const s of list) {
      expect(s.refunded).toBe(true);
      expect(s.commissionEarned).toBe(0);
      const c = await commissionOf(p, s.id);
      expect(c.entries.filter((e: any) => e.kind === 'reversal')).toHaveLength(1);
      expect(c.entries.reduce((n: number, e: any) => n + e.amount, 0)).toBeCloseTo(0, 6);
    }
    const link = await linkBySlug(p, a.affiliateLinks[0]);
    expect({ sales: link.sales, totalRevenue: link.totalRevenue }).toEqual({ sales: 0, totalRevenue: 0 });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('one transaction: a failure at the last step (the outbox insert) leaves nothing behind', () => {
  let p: ProgramFixture;
  let a: any;
  let aSlug: string;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
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
    const before = { sales: await saleCount(p.programId), commissions: await commissionCount(p.programId), totals: await totals(p, a.id, aSlug), codes: await redemptions(p, code.code) };
    await failing('POST', { referralId: a.id, promoCode: code.code, name: 'Atomic Fail', email: personEmail(), totalEarned: 100, externalId: 'atomic-1' });
    expect({ sales: await saleCount(p.programId), commissions: await commissionCount(p.programId), totals: await totals(p, a.id, aSlug), codes: await redemptions(p, code.code) }).toEqual(before);
    const [row] = await sql<{ n: string }>('select count(*) as n from commission_entries where program_id = ?', [p.programId]);
    expect(Number(row.n)).toBe(before.commissions);
    // the externalId was not taken: a later sale with it is recorded, not replayed
    const ok = await postSale(p, { referralId: a.id, name: 'Fine', email: personEmail(), totalEarned: 100, externalId: 'atomic-1' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
  });

  test('PUT /sales: the sale, the commission and the totals stay as they were', async () => {
    const s = await saleFor(p, a.id, { name: 'Before Fail', totalEarned: 100 });
    const c = await commissionOf(p, s.id);
    const before = await totals(p, a.id, aSlug);
    await failing('PUT', { saleId: s.id, name: 'Atomic Fail', totalEarned: 300, commissionEarned: 1 });
    expect(await getSale(p, s.id)).toEqual(s);
    expect(await commissionOf(p, s.id)).toEqual(c);
    expect(await totals(p, a.id, aSlug)).toEqual(before);
  });

  test('PATCH /sales: not refunded, no reversal, counters unchanged; a later refund works once', async () => {
    // recorded under another name (its sale.created would fail too), then renamed in SQL so its sale.refunded fails
    const t = await saleFor(p, a.id, { name: 'Renamed Later', totalEarned: 100 });
    await sql(`update sales set name = 'Atomic Fail' where id = ?`, [t.id]);
    const sale = await getSale(p, t.id);
    const c = await commissionOf(p, t.id);
    const before = await totals(p, a.id, aSlug);
    await failing('PATCH', { saleId: t.id });
    expect(await getSale(p, t.id)).toEqual(sale);
    expect(await commissionOf(p, t.id)).toEqual(c);
    expect(await totals(p, a.id, aSlug)).toEqual(before);
    await sql(`update sales set name = 'Renamed Again' where id = ?`, [t.id]);
    const res = await patchSale(p, { saleId: t.id });
    expect(res.status).toBe(200);
    expect(res.body.alreadyRefunded).toBe(false);
    expect((await commissionOf(p, t.id)).entries.filter((e: any) => e.kind === 'reversal')).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('two programs: B\'s key never touches A\'s sales', () => {
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
    A = await program();
    B = await program();
    aSlug = slug('iso');
    aAff = await createAffiliate(server, A.key, { affiliateLink: aSlug });
    bAff = await createAffiliate(server, B.key);
    aClick = await recordClick(A, aSlug);
    aCode = await createCode(A, { couponId: (await createCoupon(A)).id, affiliateId: aAff.id });
    aRef = await createReferral(A, { affiliateId: aAff.id });
    aSale = await recordSale(A, { referralId: aRef.id, totalEarned: 100, externalId: 'shared-ext', externalInvoiceId: 'shared-inv' });
    bSale = await saleFor(B, bAff.id, { totalEarned: 10 });
  });

  test('GET: B never reads A\'s sale by id, by any filter, or in its list', async () => {
    expect((await getSales(B, { id: String(aSale.id) })).body).toBeNull();
    const queries: Array<Record<string, string>> = [{ affiliateId: aAff.id }, { affiliateEmail: aAff.email }, { referralId: aRef.id }, { saleExternalId: 'shared-ext' }, { saleExternalInvoiceId: 'shared-inv' }];
    for (const q of queries) {
      const res = await getSales(B, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: [] });
    }
    expect((await getSales(B)).body).toEqual([bSale]);
    expect(await getSale(A, aSale.id)).toEqual(aSale);
  });

  test('PUT: 404 for A\'s sale with B\'s key; nothing changes, no event', async () => {
    expectError(await putSale(B, { saleId: aSale.id, name: 'Hijacked' }), 404, 'NOT_FOUND');
    expectError(await putSale(B, { saleId: aSale.id, commissionEarned: 0 }), 404, 'NOT_FOUND');
    expect(await getSale(A, aSale.id)).toEqual(aSale);
    expect(await events(A.programId, 'sale.updated')).toHaveLength(0);
    expect(await events(B.programId, 'sale.updated')).toHaveLength(0);
  });

  test('PATCH: 404 for A\'s sale with B\'s key; not refunded, no event', async () => {
    expectError(await patchSale(B, { saleId: aSale.id }), 404, 'NOT_FOUND');
    expect(await getSale(A, aSale.id)).toEqual(aSale);
    expect(await events(A.programId, 'sale.refunded')).toHaveLength(0);
  });

  test('POST: B cannot credit A\'s affiliate, link, click or referral (200 null), nor use A\'s code (400)', async () => {
    const beforeA = await saleCount(A.programId);
    const beforeB = await saleCount(B.programId);
    const beforeTotals = await totals(A, aAff.id, aSlug);
    for (const ids of [{ referralId: aAff.id }, { referralId: aSlug }, { referralId: String(aClick) }, { referralId: aRef.id }, { email: aRef.email }]) {
      const res = await postSale(B, { name: 'X', email: personEmail(), ...ids, totalEarned: 10 });
      expect({ ids, status: res.status, body: res.body }).toEqual({ ids, status: 200, body: null });
    }
    expectError(await postSale(B, { promoCode: aCode.code, name: 'X', email: personEmail(), totalEarned: 10 }), 400, 'VALIDATION_FAILED');
    expect(await saleCount(A.programId)).toBe(beforeA);
    expect(await saleCount(B.programId)).toBe(beforeB);
    expect(await totals(A, aAff.id, aSlug)).toEqual(beforeTotals);
    expect(await redemptions(A, aCode.code)).toEqual({ code: 0, coupon: 0 });
  });

  test('POST: the same externalId in B is a new sale of B, not a replay of A\'s', async () => {
    const res = await postSale(B, { referralId: bAff.id, name: 'X', email: personEmail(), totalEarned: 10, externalId: 'shared-ext' });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(res.body.id).not.toBe(aSale.id);
    expect(res.body.affiliateId).toBe(bAff.id);
    expect(await getSale(A, aSale.id)).toEqual(aSale);
  });

  test('B\'s payouts cannot name A\'s sale', async () => {
    const res = await gql(B, `mutation($ids: [SafeInt!]) { createPayoutBatch(saleIds: $ids) { id } }`, { ids: [aSale.id] });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const paid = await gql(B, `mutation($id: SafeInt!) { markCommissionPaid(saleId: $id) { id } }`, { id: aSale.id });
    expect(paid.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await getSale(A, aSale.id)).toEqual(aSale);
  });

  test('B\'s sale events never carry A\'s sales', async () => {
    const rows = await sql<{ data: any }>(`select data from events where program_id = ? and type like 'sale.%'`, [B.programId]);
    expect(rows.length).toBeGreaterThan(0);
    for (const e of rows) expect(e.data.affiliateId).toBe(bAff.id);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('no request of this file was answered with a 5xx', () => {
  test('all answers below 500 (except the simulated database failures)', () => {
    const failures = seen.filter((s) => s.status >= 500 && !s.expected5xx);
    expect(failures).toEqual([]);
  });
});
