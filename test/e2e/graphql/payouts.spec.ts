/**
 * Payouts over GraphQL (DESIGN.md "Money and commissions", "Dashboard GraphQL"): commissions by status with their
 * append-only ledger, payout batches (all approved commissions, or those named by sale or commission id; an
 * ineligible one named is VALIDATION_FAILED), marking a batch paid, marking one commission paid by hand, the
 * REST view of those states, program isolation, and concurrent batching that never puts a commission in two
 * batches. Sales are recorded through the REST API.
 */
import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../../helpers/server';
import { useAffiliate, useProgram, useTestServer } from '../../helpers/harness';
import { createAffiliate, type ProgramFixture } from '../../helpers/factories';
import { ISO_RE, UUID_RE } from '../../helpers/assertions';
import { restClient } from '../../helpers/rest-client';
import { uniq } from '../../helpers/spec-client';
import {
  COMMISSIONS,
  CREATE_PAYOUT_BATCH_OF,
  MARK_COMMISSION_PAID_FULL,
  MARK_PAYOUT_BATCH_PAID_FULL,
  PAYOUT_BATCHES,
  SALE_WITH_COMMISSION,
  type Commission,
  type PayoutBatch,
} from '../../helpers/graphql-documents';
import {
  errorCodeOf,
  type GraphQLAnswer,
  type GraphQLErrorBody,
  type GraphQLResponse,
  type ResultOf,
  type TypedDocument,
  type Variables,
} from '../../helpers/graphql/typed-document';

const server = useTestServer();

// ---------------------------------------------------------------------------------------------------------
// helpers

const { program, sql } = restClient(() => server);

type Gql = ApiResponse<{ data?: unknown; errors?: GraphQLErrorBody[] }>;
const codeOf = errorCodeOf;
function dataOf<R>(res: GraphQLAnswer<R>): R {
  expect(res.body.errors).toBeUndefined();
  if (res.body.data == null) throw new Error(`no data: ${res.text}`);
  return res.body.data;
}

const CREATE_BATCH = CREATE_PAYOUT_BATCH_OF;
const MARK_BATCH_PAID = MARK_PAYOUT_BATCH_PAID_FULL;
const MARK_COMMISSION_PAID = MARK_COMMISSION_PAID_FULL;

/** A GraphQL request with the program's API key (or `token`); typed when the document is. */
function gql<R, V extends Variables>(p: ProgramFixture, document: TypedDocument<R, V>, variables?: V, token?: string): Promise<ApiResponse<GraphQLResponse<R>>>;
function gql(p: ProgramFixture, query: string, variables?: Variables, token?: string): Promise<Gql>;
function gql(p: ProgramFixture, query: string, variables: Variables = {}, token = p.key) {
  return server.graphql(query, variables, token);
}

async function commissions(p: ProgramFixture, status?: string): Promise<Commission[]> {
  const nodes: Commission[] = [];
  let after: string | null = null;
  for (;;) {
    const d: ResultOf<typeof COMMISSIONS> = dataOf(await gql(p, COMMISSIONS, { status: status ?? null, first: 100, after }));
    nodes.push(...d.commissions.nodes);
    if (!d.commissions.pageInfo.hasNextPage) return nodes;
    after = d.commissions.pageInfo.endCursor;
  }
}
const saleIdsOf = (nodes: Commission[]) => nodes.map((c) => c.saleId);

async function createBatch(p: ProgramFixture, args: { saleIds?: number[]; commissionIds?: string[] } = {}) {
  return gql(p, CREATE_BATCH, { saleIds: args.saleIds ?? null, commissionIds: args.commissionIds ?? null });
}
async function batch(p: ProgramFixture, args: { saleIds?: number[]; commissionIds?: string[] } = {}): Promise<PayoutBatch> {
  return dataOf(await createBatch(p, args)).createPayoutBatch;
}
async function batches(p: ProgramFixture): Promise<PayoutBatch[]> {
  return dataOf(await gql(p, PAYOUT_BATCHES)).payoutBatches.nodes;
}
/** The commission of a sale; throws when the sale or its commission is missing. */
async function commissionOf(p: ProgramFixture, saleId: number): Promise<Commission> {
  const commission = dataOf(await gql(p, SALE_WITH_COMMISSION, { id: saleId })).sale?.commission;
  if (!commission) throw new Error(`sale ${saleId} has no commission`);
  return commission;
}

/** POST /sales crediting the affiliate; 200 or throws. */
async function sale(p: ProgramFixture, affiliateId: string, totalEarned = 100, extra: Record<string, unknown> = {}) {
  const res = await server.api('POST', '/sales', {
    token: p.key,
    body: { referralId: affiliateId, name: 'Buyer', email: `b-${uniq()}@example.com`, totalEarned, ...extra },
  });
  if (res.status !== 200 || !res.body) throw new Error(`POST /sales failed: ${res.status} ${res.text}`);
  return res.body;
}
/** Payout details for the affiliate (a batch without ids pays only affiliates that have them). */
async function payable(p: ProgramFixture, affiliateId: string, details: Record<string, unknown> = { payoutMethod: 'manual' }) {
  const res = await server.api('PUT', '/affiliates', { token: p.key, body: { affiliateId, ...details } });
  expect(res.status).toBe(200);
}
async function restSale(p: ProgramFixture, id: number) {
  const res = await server.api('GET', '/sales', { token: p.key, query: { id: String(id) } });
  expect(res.status).toBe(200);
  return res.body;
}
async function refund(p: ProgramFixture, saleId: number) {
  return server.api('PATCH', '/sales', { token: p.key, body: { saleId } });
}

// ---------------------------------------------------------------------------------------------------------

describe('commissions(status)', () => {
  let approved: any;
  let reversed: any;
  let paid: any;
  let corrected: any;

  const p = useProgram(() => program());
  const a = useAffiliate(server, p);
  beforeAll(async () => {
    approved = await sale(p, a.id, 100);
    reversed = await sale(p, a.id, 50);
    expect((await refund(p, reversed.id)).status).toBe(200);
    paid = await sale(p, a.id, 30);
    dataOf(await gql(p, MARK_COMMISSION_PAID, { saleId: paid.id }));
    corrected = await sale(p, a.id, 10);
    expect((await server.api('PUT', '/sales', { token: p.key, body: { saleId: corrected.id, commissionEarned: 5 } })).status).toBe(200);
  });

  test('approved: only approved commissions, with their ledger', async () => {
    const nodes = await commissions(p, 'approved');
    expect(saleIdsOf(nodes)).toEqual([approved.id, corrected.id]);
    expect(nodes[0]).toEqual({
      id: expect.stringMatching(UUID_RE),
      saleId: approved.id,
      affiliateId: a.id,
      rate: 20,
      base: 100,
      amount: 20,
      currency: 'USD',
      status: 'approved',
      payoutBatchId: null,
      paidAt: null,
      paidManually: false,
      approvedAt: expect.stringMatching(ISO_RE),
      holdUntil: null,
      reversedAt: null,
      entries: [{ kind: 'earned', amount: 20 }],
    });
    expect(nodes[1]).toEqual(
      expect.objectContaining({
        amount: 5,
        entries: [
          { kind: 'earned', amount: 2 },
          { kind: 'correction', amount: 3 },
        ],
      }),
    );
  });

  test("reversed: the refunded sale's commission, amount 0, earned + reversal", async () => {
    const nodes = await commissions(p, 'reversed');
    expect(saleIdsOf(nodes)).toEqual([reversed.id]);
    expect(nodes[0]).toEqual(
      expect.objectContaining({
        status: 'reversed',
        amount: 0,
        reversedAt: expect.stringMatching(ISO_RE),
        entries: [
          { kind: 'earned', amount: 10 },
          { kind: 'reversal', amount: -10 },
        ],
      }),
    );
  });

  test('paid: the manually paid one', async () => {
    const nodes = await commissions(p, 'paid');
    expect(saleIdsOf(nodes)).toEqual([paid.id]);
    expect(nodes[0]).toEqual(
      expect.objectContaining({ status: 'paid', paidManually: true, paidAt: expect.stringMatching(ISO_RE), payoutBatchId: null, amount: 6 }),
    );
  });

  test('pending: none here; without a status every commission in creation order', async () => {
    expect(await commissions(p, 'pending')).toEqual([]);
    expect(saleIdsOf(await commissions(p))).toEqual([approved.id, reversed.id, paid.id, corrected.id]);
  });

  test('paging with first and after', async () => {
    const page1 = dataOf(await gql(p, COMMISSIONS, { first: 3 })).commissions;
    expect(page1.nodes).toHaveLength(3);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = dataOf(await gql(p, COMMISSIONS, { first: 3, after: page1.pageInfo.endCursor })).commissions;
    expect(saleIdsOf(page2.nodes)).toEqual([corrected.id]);
    expect(page2.pageInfo.hasNextPage).toBe(false);
  });

  test('an unknown status is VALIDATION_FAILED', async () => {
    const res = await gql(p, `{ commissions(status: refunded) { nodes { id } } }`);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    const res2 = await gql(p, COMMISSIONS, { status: 'nope' });
    expect(codeOf(res2)).toBe('VALIDATION_FAILED');
  });

  test('without a credential: UNAUTHENTICATED', async () => {
    const res = await server.graphql(COMMISSIONS, { status: 'approved' });
    expect(codeOf(res)).toBe('UNAUTHENTICATED');
  });

  test('another program sees none of these', async () => {
    const q = await program();
    const qa = await createAffiliate(server, q.key);
    const mine = await sale(q, qa.id);
    expect(saleIdsOf(await commissions(q))).toEqual([mine.id]);
    expect(await batches(q)).toEqual([]);
  });

  describe('holding period', () => {
    const h = useProgram(() => program({ commissionHoldDays: 7 }));
    const ha = useAffiliate(server, h);

    test('a held commission is pending until its hold ends, then approved', async () => {
      const s = await sale(h, ha.id, 100);
      const pending = await commissions(h, 'pending');
      expect(saleIdsOf(pending)).toEqual([s.id]);
      const holdUntil = new Date(pending[0].holdUntil ?? NaN).getTime();
      expect(Math.abs(holdUntil - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);
      expect(pending[0].approvedAt).toBeNull();
      expect(await commissions(h, 'approved')).toEqual([]);

      await sql(`update commissions set hold_until = now() - interval '1 minute' where sale_id = ?`, [s.id]);
      const nowApproved = await commissions(h, 'approved');
      expect(saleIdsOf(nowApproved)).toEqual([s.id]);
      expect(nowApproved[0].approvedAt).toMatch(ISO_RE);
      expect(await commissions(h, 'pending')).toEqual([]);
      expect((await restSale(h, s.id)).commissionStatus).toBe('approved');
    });

    test('a commission past its hold reads as approved on GET /sales without anyone listing commissions first', async () => {
      const s = await sale(h, ha.id, 100);
      expect((await restSale(h, s.id)).commissionStatus).toBe('pending');
      await sql(`update commissions set hold_until = now() - interval '1 minute' where sale_id = ?`, [s.id]);
      expect((await restSale(h, s.id)).commissionStatus).toBe('approved');
    });

    test('a pending commission cannot be batched: named → VALIDATION_FAILED; all → nothing to pay', async () => {
      const h2 = await program({ commissionHoldDays: 3 });
      const s = await sale(h2, (await createAffiliate(server, h2.key)).id, 100);
      const c = await commissionOf(h2, s.id);
      expect(codeOf(await createBatch(h2, { saleIds: [s.id] }))).toBe('VALIDATION_FAILED');
      expect(codeOf(await createBatch(h2, { commissionIds: [c.id] }))).toBe('VALIDATION_FAILED');
      expect(codeOf(await createBatch(h2))).toBe('VALIDATION_FAILED');
      expect(await batches(h2)).toEqual([]);
      expect(await commissionOf(h2, s.id)).toEqual(expect.objectContaining({ status: 'pending', payoutBatchId: null }));
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('createPayoutBatch', () => {
  test('with no names: every approved, unbatched commission of affiliates with payout details; total and count; others untouched', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const b = await createAffiliate(server, p.key);
    const c = await createAffiliate(server, p.key);
    await payable(p, a.id);
    await payable(p, b.id, { payoutMethod: 'paypal', payoutEmail: 'b-pays@example.com' });
    const noDetails = await sale(p, c.id, 30); // owed, but without payout details: left for later
    const s1 = await sale(p, a.id, 10); // 2
    const s2 = await sale(p, b.id, 20.05); // 4.01
    const s3 = await sale(p, a.id, -5); // -1
    const r = await sale(p, a.id, 50);
    await refund(p, r.id);
    const m = await sale(p, a.id, 40);
    dataOf(await gql(p, MARK_COMMISSION_PAID, { saleId: m.id }));
    const earlier = await sale(p, b.id, 70);
    const earlierBatch = await batch(p, { saleIds: [earlier.id] });

    const bt = await batch(p);
    expect(bt).toEqual({
      id: expect.stringMatching(UUID_RE),
      status: 'open',
      currency: 'USD',
      total: 5.01,
      commissionCount: 3,
      createdAt: expect.stringMatching(ISO_RE),
      paidAt: null,
    });
    for (const s of [s1, s2, s3]) {
      expect(await commissionOf(p, s.id)).toEqual(expect.objectContaining({ payoutBatchId: bt.id, status: 'approved' }));
      expect((await restSale(p, s.id)).commissionStatus).toBe('approved');
    }
    expect(await commissionOf(p, r.id)).toEqual(expect.objectContaining({ payoutBatchId: null, status: 'reversed' }));
    expect(await commissionOf(p, m.id)).toEqual(expect.objectContaining({ payoutBatchId: null, status: 'paid' }));
    expect((await commissionOf(p, earlier.id)).payoutBatchId).toBe(earlierBatch.id);
    expect(await commissionOf(p, noDetails.id)).toEqual(expect.objectContaining({ payoutBatchId: null, status: 'approved' }));

    // listed newest first
    expect((await batches(p)).map((x) => x.id)).toEqual([bt.id, earlierBatch.id]);
    expect((await batches(p))[0]).toEqual(bt);

    // nothing left to pay: VALIDATION_FAILED, no empty batch
    const again = await createBatch(p);
    expect(codeOf(again)).toBe('VALIDATION_FAILED');
    expect(again.body.data ?? null).toBeNull();
    expect(await batches(p)).toHaveLength(2);
  });

  test('named by sale ids: only those', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const s1 = await sale(p, a.id, 1); // 0.2
    const s2 = await sale(p, a.id, 1.005); // 0.201 → 0.20
    const s3 = await sale(p, a.id, 100);
    const bt = await batch(p, { saleIds: [s1.id, s2.id] });
    expect(bt).toEqual(expect.objectContaining({ status: 'open', commissionCount: 2, total: 0.4 }));
    expect((await commissionOf(p, s1.id)).payoutBatchId).toBe(bt.id);
    expect((await commissionOf(p, s2.id)).payoutBatchId).toBe(bt.id);
    expect((await commissionOf(p, s3.id)).payoutBatchId).toBeNull();
  });

  test('named by commission ids: only those', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const s1 = await sale(p, a.id, 10);
    const s2 = await sale(p, a.id, 10);
    const c1 = await commissionOf(p, s1.id);
    const bt = await batch(p, { commissionIds: [c1.id] });
    expect(bt).toEqual(expect.objectContaining({ commissionCount: 1, total: 2 }));
    expect((await commissionOf(p, s1.id)).payoutBatchId).toBe(bt.id);
    expect((await commissionOf(p, s2.id)).payoutBatchId).toBeNull();
  });

  describe('an ineligible or unknown one named: VALIDATION_FAILED, no batch, nothing changes', () => {
    let eligible: any;
    let reversed: any;
    let manuallyPaid: any;
    let batched: any;
    let batchPaid: any;
    let otherProgramSale: any;

    const p = useProgram(() => program());
    const a = useAffiliate(server, p);
    beforeAll(async () => {
      eligible = await sale(p, a.id);
      reversed = await sale(p, a.id);
      await refund(p, reversed.id);
      manuallyPaid = await sale(p, a.id);
      dataOf(await gql(p, MARK_COMMISSION_PAID, { saleId: manuallyPaid.id }));
      batched = await sale(p, a.id);
      await batch(p, { saleIds: [batched.id] });
      batchPaid = await sale(p, a.id);
      const bp = await batch(p, { saleIds: [batchPaid.id] });
      dataOf(await gql(p, MARK_BATCH_PAID, { id: bp.id }));
    });
    const q = useProgram(() => program());
    const qa = useAffiliate(server, q);
    beforeAll(async () => {
      otherProgramSale = await sale(q, qa.id);
    });

    test.each([
      ['reversed', () => reversed.id],
      ['manually paid', () => manuallyPaid.id],
      ['already in a batch', () => batched.id],
      ['paid out in a batch', () => batchPaid.id],
      ['unknown', () => 999_999_999],
      ["another program's", () => otherProgramSale.id],
    ])('%s (alone and beside an eligible one)', async (_what, id) => {
      const before = await batches(p);
      const eligibleBefore = await commissionOf(p, eligible.id);
      for (const saleIds of [[id()], [eligible.id, id()]]) {
        const res = await createBatch(p, { saleIds });
        expect({ saleIds, code: codeOf(res) }).toEqual({ saleIds, code: 'VALIDATION_FAILED' });
        expect(res.body.data ?? null).toBeNull();
      }
      expect(await batches(p)).toEqual(before);
      expect(await commissionOf(p, eligible.id)).toEqual(eligibleBefore);
    });

    test('by commission id: reversed, paid or batched ones, an unknown id, a malformed id', async () => {
      const before = await batches(p);
      for (const s of [reversed, manuallyPaid, batched, batchPaid]) {
        const c = await commissionOf(p, s.id);
        expect(codeOf(await createBatch(p, { commissionIds: [c.id] }))).toBe('VALIDATION_FAILED');
      }
      expect(codeOf(await createBatch(p, { commissionIds: [randomUUID()] }))).toBe('VALIDATION_FAILED');
      expect(codeOf(await createBatch(p, { commissionIds: ['not-a-uuid'] }))).toBe('VALIDATION_FAILED');
      expect(await batches(p)).toEqual(before);
    });

    test('both commissionIds and saleIds, or an empty list: VALIDATION_FAILED', async () => {
      const c = await commissionOf(p, eligible.id);
      expect(codeOf(await createBatch(p, { saleIds: [eligible.id], commissionIds: [c.id] }))).toBe('VALIDATION_FAILED');
      expect(codeOf(await createBatch(p, { saleIds: [] }))).toBe('VALIDATION_FAILED');
      expect((await commissionOf(p, eligible.id)).payoutBatchId).toBeNull();
    });

    test('the eligible one can still be batched alone', async () => {
      const bt = await batch(p, { saleIds: [eligible.id] });
      expect(bt.commissionCount).toBe(1);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('markPayoutBatchPaid', () => {
  test('marks the batch and its commissions paid; the sales read paid; a repeat changes nothing', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const s1 = await sale(p, a.id, 10);
    const s2 = await sale(p, a.id, 20);
    const outside = await sale(p, a.id, 30);
    const bt = await batch(p, { saleIds: [s1.id, s2.id] });
    const paid = dataOf(await gql(p, MARK_BATCH_PAID, { id: bt.id })).markPayoutBatchPaid;
    expect(paid).toEqual({ ...bt, status: 'paid', paidAt: expect.stringMatching(ISO_RE) });
    for (const s of [s1, s2]) {
      expect(await commissionOf(p, s.id)).toEqual(
        expect.objectContaining({ status: 'paid', paidManually: false, paidAt: expect.stringMatching(ISO_RE), payoutBatchId: bt.id }),
      );
      const rest = await restSale(p, s.id);
      expect({ status: rest.commissionStatus, earned: rest.commissionEarned }).toEqual({ status: 'paid', earned: s.commissionEarned });
    }
    expect((await commissionOf(p, outside.id)).status).toBe('approved');
    expect(saleIdsOf(await commissions(p, 'paid'))).toEqual([s1.id, s2.id]);
    // the affiliate's earned total does not change by paying
    expect((await server.api('GET', '/affiliates', { token: p.key, query: { id: a.id } })).body.totalCommissionEarned).toBe(12);

    const again = dataOf(await gql(p, MARK_BATCH_PAID, { id: bt.id })).markPayoutBatchPaid;
    expect(again).toEqual(paid);
    expect((await batches(p))[0]).toEqual(paid);
  });

  test("unknown, malformed or another program's batch: NOT_FOUND, nothing changes", async () => {
    const p = await program();
    const q = await program();
    const qa = await createAffiliate(server, q.key);
    const qs = await sale(q, qa.id);
    const qb = await batch(q, { saleIds: [qs.id] });
    for (const id of [randomUUID(), 'nope', qb.id]) {
      expect({ id, code: codeOf(await gql(p, MARK_BATCH_PAID, { id })) }).toEqual({ id, code: 'NOT_FOUND' });
    }
    expect((await batches(q))[0]).toEqual(qb);
    expect((await commissionOf(q, qs.id)).status).toBe('approved');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('markCommissionPaid', () => {
  const p = useProgram(() => program());
  const a = useAffiliate(server, p);

  test('marks one approved commission paid by hand; the sale reads paid; a repeat returns it unchanged', async () => {
    const s = await sale(p, a.id, 10);
    const c = dataOf(await gql(p, MARK_COMMISSION_PAID, { saleId: s.id })).markCommissionPaid;
    expect(c).toEqual(
      expect.objectContaining({ saleId: s.id, status: 'paid', paidManually: true, paidAt: expect.stringMatching(ISO_RE), payoutBatchId: null, amount: 2 }),
    );
    expect((await restSale(p, s.id)).commissionStatus).toBe('paid');
    const again = dataOf(await gql(p, MARK_COMMISSION_PAID, { saleId: s.id })).markCommissionPaid;
    expect(again).toEqual(c);
    // a hand-paid commission is not batched afterwards
    expect(codeOf(await createBatch(p, { saleIds: [s.id] }))).toBe('VALIDATION_FAILED');
  });

  test("reversed or in a batch: VALIDATION_FAILED; unknown or another program's sale: NOT_FOUND", async () => {
    const r = await sale(p, a.id);
    await refund(p, r.id);
    expect(codeOf(await gql(p, MARK_COMMISSION_PAID, { saleId: r.id }))).toBe('VALIDATION_FAILED');
    expect((await commissionOf(p, r.id)).status).toBe('reversed');

    const b = await sale(p, a.id);
    await batch(p, { saleIds: [b.id] });
    expect(codeOf(await gql(p, MARK_COMMISSION_PAID, { saleId: b.id }))).toBe('VALIDATION_FAILED');
    expect(await commissionOf(p, b.id)).toEqual(expect.objectContaining({ status: 'approved', paidManually: false }));

    expect(codeOf(await gql(p, MARK_COMMISSION_PAID, { saleId: 999_999_999 }))).toBe('NOT_FOUND');
    const q = await program();
    const qs = await sale(q, (await createAffiliate(server, q.key)).id);
    expect(codeOf(await gql(p, MARK_COMMISSION_PAID, { saleId: qs.id }))).toBe('NOT_FOUND');
    expect((await commissionOf(q, qs.id)).status).toBe('approved');
  });

  test("a dashboard session acts with programId; another user's session cannot touch the program", async () => {
    const s = await sale(p, a.id);
    const other = await program();
    const denied = await server.graphql(
      `mutation($p: ID, $s: SafeInt!) { markCommissionPaid(programId: $p, saleId: $s) { id } }`,
      { p: p.programId, s: s.id },
      other.session,
    );
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(codeOf(denied));
    expect((await commissionOf(p, s.id)).status).toBe('approved');
    const ok = await server.graphql(
      `mutation($p: ID, $s: SafeInt!) { markCommissionPaid(programId: $p, saleId: $s) { status } }`,
      { p: p.programId, s: s.id },
      p.session,
    );
    expect(dataOf(ok).markCommissionPaid.status).toBe('paid');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('concurrency', () => {
  test('10 concurrent createPayoutBatch calls never put one commission into two batches', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    await payable(p, a.id);
    const created: any[] = [];
    for (let i = 0; i < 30; i++) created.push(await sale(p, a.id, 10 + i));
    const results = await Promise.all(Array.from({ length: 10 }, () => createBatch(p)));
    const ok = results.filter((r) => !r.body.errors).map((r) => dataOf(r).createPayoutBatch);
    for (const r of results.filter((x) => x.body.errors)) expect(codeOf(r)).toBe('VALIDATION_FAILED');
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.reduce((n, b) => n + b.commissionCount, 0)).toBe(30);
    const all = await commissions(p);
    expect(all).toHaveLength(30);
    const byBatch = new Map<string | null, Commission[]>();
    for (const c of all) {
      expect(ok.map((b) => b.id)).toContain(c.payoutBatchId);
      byBatch.set(c.payoutBatchId, [...(byBatch.get(c.payoutBatchId) ?? []), c]);
    }
    for (const b of ok) {
      const members = byBatch.get(b.id) ?? [];
      expect(members).toHaveLength(b.commissionCount);
      expect(b.total).toBeCloseTo(
        members.reduce((s, c) => s + c.amount, 0),
        6,
      );
    }
    // one commission, one batch: the database agrees
    const [row] = await sql<{ n: string }>(`select count(*) as n from commissions where program_id = ? and payout_batch_id is null`, [p.programId]);
    expect(Number(row.n)).toBe(0);
    expect(await batches(p)).toHaveLength(ok.length);
  });

  test('10 concurrent batches naming the same sales: exactly one succeeds', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const s1 = await sale(p, a.id);
    const s2 = await sale(p, a.id);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createBatch(p, { saleIds: i % 2 ? [s1.id, s2.id] : [s2.id, s1.id] })));
    const ok = results.filter((r) => !r.body.errors);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.body.errors)) expect(codeOf(r)).toBe('VALIDATION_FAILED');
    expect(await batches(p)).toHaveLength(1);
    expect((await commissionOf(p, s1.id)).payoutBatchId).toBe(dataOf(ok[0]).createPayoutBatch.id);
  });

  test('a batch racing a refund of the same sale: exactly one of them wins', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    for (let round = 0; round < 5; round++) {
      const s = await sale(p, a.id);
      const [b, r] = await Promise.all([createBatch(p, { saleIds: [s.id] }), refund(p, s.id)]);
      const batched = !b.body.errors;
      const refunded = r.status === 200;
      expect({ round, batched, refunded }).toEqual({ round, batched: !refunded, refunded: !batched });
      if (batched) expect(r.body).toEqual(expect.objectContaining({ code: 'REFUND_NOT_ALLOWED', reason: 'in_payout_batch' }));
      else expect(codeOf(b)).toBe('VALIDATION_FAILED');
      const c = await commissionOf(p, s.id);
      expect(c.status === 'reversed' ? c.payoutBatchId : 'none').toBe(refunded ? null : 'none');
    }
  });

  test('markCommissionPaid racing a batch of the same sale: exactly one of them wins', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    for (let round = 0; round < 5; round++) {
      const s = await sale(p, a.id);
      const [b, m] = await Promise.all([createBatch(p, { saleIds: [s.id] }), gql(p, MARK_COMMISSION_PAID, { saleId: s.id })]);
      const batched = !b.body.errors;
      const paidByHand = !m.body.errors;
      expect({ round, batched, paidByHand }).toEqual({ round, batched: !paidByHand, paidByHand: !batched });
      const c = await commissionOf(p, s.id);
      if (batched) expect(c).toEqual(expect.objectContaining({ status: 'approved', paidManually: false, payoutBatchId: dataOf(b).createPayoutBatch.id }));
      else expect(c).toEqual(expect.objectContaining({ status: 'paid', paidManually: true, payoutBatchId: null }));
    }
  });
});
