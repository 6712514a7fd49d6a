/**
 * Payout batches made at the same time as each other, as refunds and as markCommissionPaid (DESIGN.md "Payouts":
 * each commission in at most one batch, even when two batches are made at once), through HTTP: POST
 * /payout-batches {} in parallel, PATCH /sales refunds, payout details cleared and GraphQL markCommissionPaid racing
 * it. Whatever the interleaving, every commission ends in exactly one place, and each payout is the exact sum of the
 * commissions it lists.
 */
import { tally, testNoServerErrors } from '../../helpers/assertions';
import { useTestServer } from '../../helpers/harness';
import { expectNothingOwed, MANUAL, PAYPAL, payoutClient, WISE, type RestBatch } from '../../helpers/payouts';
import { MARK_COMMISSION_PAID } from '../../helpers/graphql-documents';
import type { ProgramFixture } from '../../helpers/factories';
import { Client } from 'pg';

const server = useTestServer();
const pay = payoutClient(() => server);
const { seen } = pay;

interface Row {
  id: string;
  saleId: number;
  affiliateId: string;
  amount: number;
  status: string;
  payoutBatchId: string | null;
  paidManually: boolean;
}
const COMMISSIONS = `query($after: String) { commissions(first: 500, after: $after) {
  nodes { id saleId affiliateId amount status payoutBatchId paidManually } pageInfo { hasNextPage endCursor } } }`;
const PAYOUT_COMMISSIONS = `query($id: ID!) { payout(id: $id) { id amount commissionCount commissions { id } } }`;

/** Every commission of the program (GraphQL, with the API key). */
async function commissions(p: ProgramFixture): Promise<Row[]> {
  const rows: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const d: { nodes: Row[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } = (await pay.gqlData(p, COMMISSIONS, { after })).commissions;
    rows.push(...d.nodes);
    if (!d.pageInfo.hasNextPage) return rows;
    after = d.pageInfo.endCursor;
  }
}
const cents = (n: number) => Math.round(n * 100);

/** Resolves once `n` statements of the database wait for a lock (pg_stat_activity is read once per transaction unless cleared). */
async function lockWaiters(db: Client, n: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    await db.query('select pg_stat_clear_snapshot()');
    const { rows } = await db.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if (rows[0].n >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`fewer than ${n} requests wait for the lock`);
}

/**
 * The invariants of the program's batches: each commission in a batch belongs to exactly the waiting or paid payout
 * of its affiliate there, each such payout lists exactly those commissions and is their sum, a failed payout keeps
 * none in the batch, each batch's total and count are those of all its payouts (as made), and no affiliate has two
 * payouts in one batch.
 */
async function expectConsistent(p: ProgramFixture): Promise<{ batches: RestBatch[]; rows: Row[] }> {
  const batches: RestBatch[] = (await pay.batches.get(p)).body;
  const rows = await commissions(p);
  for (const b of batches) {
    const affiliates = b.payouts.map((x) => x.affiliateId);
    expect(new Set(affiliates).size).toBe(affiliates.length);
    let sum = 0;
    for (const payout of b.payouts) {
      // The total is the batch as it was made: a failed payout counts, though its commissions left the batch.
      sum += cents(payout.amount);
      const members = rows.filter((c) => c.payoutBatchId === b.id && c.affiliateId === payout.affiliateId);
      // Each lists what it was made of, oldest first (a failed one too, though they left the batch).
      expect(payout.commissions).toHaveLength(payout.commissionCount);
      expect(payout.commissions.map((c) => c.createdAt)).toEqual(payout.commissions.map((c) => c.createdAt).sort());
      if (payout.status === 'failed') {
        expect({ payout: payout.id, members }).toEqual({ payout: payout.id, members: [] });
        for (const c of payout.commissions) expect(c.payoutBatchId).not.toBe(b.id);
        continue;
      }
      const listed = (await pay.gqlData(p, PAYOUT_COMMISSIONS, { id: payout.id })).payout;
      expect(payout.commissions.map((c) => c.id)).toEqual(listed.commissions.map((c: { id: string }) => c.id));
      expect(listed.commissions.map((c: { id: string }) => c.id).sort()).toEqual(members.map((c) => c.id).sort());
      expect({ payout: payout.id, cents: cents(payout.amount), n: payout.commissionCount }).toEqual({
        payout: payout.id,
        cents: members.reduce((s, c) => s + cents(c.amount), 0),
        n: members.length,
      });
    }
    expect(cents(b.total)).toBe(sum);
    expect(b.commissionCount).toBe(b.payouts.reduce((n, x) => n + x.commissionCount, 0));
    // No commission of the batch belongs to an affiliate without a payout in it.
    for (const c of rows.filter((r) => r.payoutBatchId === b.id)) expect(affiliates).toContain(c.affiliateId);
  }
  return { batches, rows };
}

test('8 concurrent POST /payout-batches {}: one batch takes every commission, the 7 others are 400 VALIDATION_FAILED', async () => {
  const p = await pay.program();
  const affiliates = [];
  for (let i = 0; i < 12; i++) affiliates.push(await pay.payee(p, [PAYPAL(), WISE(), MANUAL][i % 3]));
  for (const a of affiliates) for (let j = 0; j < 3; j++) await pay.sale(p, a.id, 10 + j * 7.77);
  const results = await Promise.all(Array.from({ length: 8 }, () => pay.createBatch(p, {})));
  expect(tally(results)).toEqual({ '201': 1, '400 VALIDATION_FAILED': 7 });
  for (const r of results.filter((x) => x.status === 400)) expectNothingOwed(r);
  const made = results.find((r) => r.status === 201)!.body as RestBatch;
  expect(made.payouts).toHaveLength(12);
  expect(made.commissionCount).toBe(36);
  const { batches, rows } = await expectConsistent(p);
  expect(batches.map((b) => b.id)).toEqual([made.id]);
  expect(rows.filter((c) => c.payoutBatchId !== made.id)).toEqual([]);
});

test('batches made while sales keep coming: each commission in exactly one batch, none left behind at the end', async () => {
  const p = await pay.program();
  const affiliates = [];
  for (let i = 0; i < 6; i++) affiliates.push(await pay.payee(p, i % 2 ? PAYPAL() : MANUAL));
  const writers = affiliates.map(async (a, i) => {
    for (let j = 0; j < 5; j++) await pay.sale(p, a.id, 20 + i + j);
  });
  const batchers = Array.from({ length: 8 }, async (_, i) => {
    await new Promise((r) => setTimeout(r, i * 15));
    return pay.createBatch(p, {});
  });
  const [, results] = await Promise.all([Promise.all(writers), Promise.all(batchers)]);
  for (const r of results) expect([201, 400]).toContain(r.status);
  for (const r of results.filter((x) => x.status === 400)) expectNothingOwed(r);
  // Whatever came after the last batch goes into one more.
  const last = await pay.createBatch(p, {});
  expect([201, 400]).toContain(last.status);
  if (last.status === 400) expectNothingOwed(last);
  const { batches, rows } = await expectConsistent(p);
  expect(rows).toHaveLength(30);
  expect(rows.filter((c) => c.payoutBatchId === null)).toEqual([]);
  const made = [...results, last].filter((r) => r.status === 201).map((r) => r.body.id);
  expect(batches.map((b) => b.id).sort()).toEqual(made.sort());
  expect(batches.reduce((n, b) => n + b.commissionCount, 0)).toBe(30);
});

test('a batch racing refunds: a refunded sale is never batched, a batched one is refused in_payout_batch', async () => {
  const p = await pay.program();
  const affiliates = [];
  for (let i = 0; i < 4; i++) affiliates.push(await pay.payee(p, MANUAL));
  const sales: Array<{ id: number; affiliateId: string }> = [];
  for (const a of affiliates) for (let j = 0; j < 4; j++) sales.push({ id: (await pay.sale(p, a.id, 50)).id, affiliateId: a.id });
  const victims = sales.filter((_, i) => i % 2 === 0);
  const [batchRes, ...refunds] = await Promise.all([pay.createBatch(p, {}), ...victims.map((s) => pay.refund(p, s.id))]);
  expect(batchRes.status).toBe(201);
  const rows = await commissions(p);
  victims.forEach((s, i) => {
    const c = rows.find((r) => r.saleId === s.id)!;
    const res = refunds[i];
    if (res.status === 200) expect({ sale: s.id, status: c.status, batch: c.payoutBatchId }).toEqual({ sale: s.id, status: 'reversed', batch: null });
    else {
      expect({ sale: s.id, status: res.status, body: res.body }).toEqual({
        sale: s.id,
        status: 400,
        body: expect.objectContaining({ code: 'REFUND_NOT_ALLOWED', reason: 'in_payout_batch' }),
      });
      expect(c).toMatchObject({ status: 'approved', payoutBatchId: batchRes.body.id });
    }
  });
  // The sales nobody refunded are all in the batch.
  for (const s of sales.filter((_, i) => i % 2 === 1)) expect(rows.find((r) => r.saleId === s.id)!.payoutBatchId).toBe(batchRes.body.id);
  await expectConsistent(p);
});

test('a batch racing refunds near the minimum: an affiliate whose sum falls under it gets no payout and keeps its commission', async () => {
  const p = await pay.program();
  await pay.setMinimumPayout(p, 20);
  for (let round = 0; round < 6; round++) {
    const a = await pay.payee(p, PAYPAL());
    const keep = await pay.sale(p, a.id, 100); // 10
    const refunded = await pay.sale(p, a.id, 100); // 10: together exactly the minimum
    const [b, r] = await Promise.all([pay.createBatch(p, {}), pay.refund(p, refunded.id)]);
    const paidOut = b.status === 201 && b.body.payouts.some((x: any) => x.affiliateId === a.id);
    if (r.status === 200) {
      expect({ round, paidOut }).toEqual({ round, paidOut: false });
      expect(await pay.commissionOf(p, keep.id)).toMatchObject({ status: 'approved', payoutBatchId: null });
      expect((await pay.amountsOwed(p))[a.id]).toMatchObject({ amount: 10, payable: false });
    } else {
      expect({ round, reason: r.body.reason, paidOut }).toEqual({ round, reason: 'in_payout_batch', paidOut: true });
      expect(pay.payoutOf(b.body, a.id)).toMatchObject({ amount: 20, commissionCount: 2 });
    }
    if (b.status !== 201) expectNothingOwed(b);
  }
  await expectConsistent(p);
});

test('a refund that holds the commission while the batch chooses: the batch takes the rest, finds the sum under the minimum and lets it go', async () => {
  const p = await pay.program();
  await pay.setMinimumPayout(p, 20);
  const a = await pay.payee(p, PAYPAL());
  const other = await pay.payee(p, MANUAL);
  const keep = await pay.sale(p, a.id, 100); // 10
  const refunded = await pay.sale(p, a.id, 100); // 10: together exactly the minimum
  await pay.sale(p, other.id, 300); // 30
  const commissionId = (await pay.commissionOf(p, refunded.id)).id;
  const db = new Client({ connectionString: server.runtime.config.databaseUrl });
  await db.connect();
  try {
    // A lock on the commission row, so the refund, then the batch, queue behind it in that order.
    await db.query('begin');
    await db.query('/* test */ select id from commissions where program_id = $1 and id = $2 for update', [p.programId, commissionId]);
    const refund = pay.refund(p, refunded.id);
    await lockWaiters(db, 1);
    const batch = pay.createBatch(p, {});
    await lockWaiters(db, 2);
    await db.query('rollback');
    const [r, b] = await Promise.all([refund, batch]);
    expect(r.status).toBe(200);
    expect(b.status).toBe(201);
    expect(b.body.payouts.map((x: any) => [x.affiliateId, x.amount])).toEqual([[other.id, 30]]);
    expect(b.body).toMatchObject({ total: 30, commissionCount: 1 });
    expect(await pay.commissionOf(p, keep.id)).toMatchObject({ status: 'approved', payoutBatchId: null });
    expect(await pay.commissionOf(p, refunded.id)).toMatchObject({ status: 'reversed', payoutBatchId: null });
    expect((await pay.amountsOwed(p))[a.id]).toMatchObject({ amount: 10, commissionCount: 1, payable: false });
  } finally {
    await db.end();
  }
  await expectConsistent(p);
});

test('payout details cleared after the batch chose the affiliate, before it took the commissions: left out, its commissions free', async () => {
  const p = await pay.program();
  const a = await pay.payee(p, PAYPAL());
  const other = await pay.payee(p, MANUAL);
  const taken = await pay.sale(p, a.id, 100); // 10
  await pay.sale(p, other.id, 300); // 30
  const commissionId = (await pay.commissionOf(p, taken.id)).id;
  const db = new Client({ connectionString: server.runtime.config.databaseUrl });
  await db.connect();
  try {
    // A lock on a's commission row: the batch chooses a (it has payout details), then waits to take the row.
    await db.query('begin');
    await db.query('/* test */ select id from commissions where program_id = $1 and id = $2 for update', [p.programId, commissionId]);
    const batch = pay.createBatch(p, {});
    await lockWaiters(db, 1);
    const cleared = await pay.call('PUT', '/affiliates', { token: p.key, body: { affiliateId: a.id, payoutMethod: null } });
    expect({ status: cleared.status, count: cleared.body.count }).toEqual({ status: 200, count: 1 });
    await db.query('rollback');
    const b = await batch;
    expect(b.status).toBe(201);
    // Not a `manual` payout made of details it no longer has: left out, as a batch made now would.
    expect(b.body.payouts.map((x: any) => [x.affiliateId, x.amount, x.method])).toEqual([[other.id, 30, 'manual']]);
    expect(b.body).toMatchObject({ total: 30, commissionCount: 1 });
    expect(await pay.commissionOf(p, taken.id)).toMatchObject({ status: 'approved', payoutBatchId: null });
    expect((await pay.amountsOwed(p))[a.id]).toEqual({ amount: 10, currency: 'USD', commissionCount: 1, payable: false });
  } finally {
    await db.end();
  }
  await expectConsistent(p);
});

test('a batch racing markCommissionPaid: a commission paid by hand is never batched; a batched one cannot be paid by hand', async () => {
  const p = await pay.program();
  const affiliates = [];
  for (let i = 0; i < 3; i++) affiliates.push(await pay.payee(p, WISE()));
  const sales: number[] = [];
  for (const a of affiliates) for (let j = 0; j < 4; j++) sales.push((await pay.sale(p, a.id, 30)).id);
  const byHand = sales.filter((_, i) => i % 3 === 0);
  const [batchRes, ...marks] = await Promise.all([pay.createBatch(p, {}), ...byHand.map((id) => pay.gql(p, MARK_COMMISSION_PAID, { id }))]);
  expect(batchRes.status).toBe(201);
  const rows = await commissions(p);
  byHand.forEach((saleId, i) => {
    const c = rows.find((r) => r.saleId === saleId)!;
    const m = marks[i].body;
    if (!m.errors) expect({ saleId, c }).toEqual({ saleId, c: expect.objectContaining({ status: 'paid', paidManually: true, payoutBatchId: null }) });
    else {
      expect(m.errors[0]?.extensions?.code).toBe('VALIDATION_FAILED');
      expect({ saleId, c }).toEqual({ saleId, c: expect.objectContaining({ status: 'approved', paidManually: false, payoutBatchId: batchRes.body.id }) });
    }
  });
  await expectConsistent(p);
  // Paying the batch pays exactly what it holds: a hand-paid commission stays paid by hand.
  expect((await pay.markBatchPaid(p, batchRes.body.id, { reference: 'race' })).status).toBe(200);
  for (const c of await commissions(p)) expect(c.status).toBe('paid');
  for (const c of (await commissions(p)).filter((r) => r.payoutBatchId === null)) expect(c.paidManually).toBe(true);
});

test('mark-paid racing mark-failed on one payout: exactly one wins, with its one event', async () => {
  const p = await pay.program();
  for (let round = 0; round < 5; round++) {
    const a = await pay.payee(p, PAYPAL());
    const s = await pay.sale(p, a.id, 100);
    const b = await pay.batch(p, { saleIds: [s.id] });
    const id = b.payouts[0].id;
    const [paid, failed] = await Promise.all([pay.markPaid(p, id, { reference: `R${round}` }), pay.markFailed(p, id, `F${round}`)]);
    expect({ round, statuses: [paid.status, failed.status].sort() }).toEqual({ round, statuses: [200, 400] });
    const winner = paid.status === 200 ? 'paid' : 'failed';
    const c = await pay.commissionOf(p, s.id);
    if (winner === 'paid') expect(c).toMatchObject({ status: 'paid', payoutBatchId: b.id });
    else expect(c).toMatchObject({ status: 'approved', payoutBatchId: null });
    expect((await pay.readBatch(p, b.id)).status).toBe(winner === 'paid' ? 'paid' : 'failed');
  }
  const paidEvents = (await pay.eventsOf(p, 'payout.paid')).map((e) => e.data.id);
  const failedEvents = (await pay.eventsOf(p, 'payout.failed')).map((e) => e.data.id);
  expect(paidEvents.length + failedEvents.length).toBe(5);
  expect(paidEvents.filter((id) => failedEvents.includes(id))).toEqual([]);
  await expectConsistent(p);
});

test('mark-failed racing a new batch: the freed commissions are in the new batch or free, never lost or twice', async () => {
  const p = await pay.program();
  const a = await pay.payee(p, WISE());
  const other = await pay.payee(p, MANUAL);
  for (let round = 0; round < 4; round++) {
    await pay.sale(p, a.id, 100);
    const b = await pay.batch(p);
    await pay.sale(p, other.id, 10);
    const [failed, next] = await Promise.all([pay.markFailed(p, pay.payoutOf(b, a.id).id, 'bounced'), pay.createBatch(p, {})]);
    expect(failed.status).toBe(200);
    expect(next.status).toBe(201);
    await expectConsistent(p);
  }
  // Whatever was freed and not yet taken goes into one last batch; then nothing is left.
  const last = await pay.createBatch(p, {});
  expect([201, 400]).toContain(last.status);
  if (last.status === 400) expectNothingOwed(last);
  const { rows } = await expectConsistent(p);
  expect(rows.filter((c) => c.payoutBatchId === null)).toEqual([]);
  const waiting = (await pay.listPayouts(p, { affiliateId: a.id })).filter((x) => x.status !== 'failed');
  expect(waiting.reduce((n, x) => n + x.commissionCount, 0)).toBe(4);
});

test('two programs batching at once do not wait for or touch each other', async () => {
  const [p, q] = [await pay.program(), await pay.program()];
  const [a, b] = [await pay.payee(p, MANUAL), await pay.payee(q, MANUAL)];
  await pay.sale(p, a.id, 100);
  await pay.sale(q, b.id, 200);
  const [bp, bq] = await Promise.all([pay.createBatch(p, {}), pay.createBatch(q, {})]);
  expect([bp.status, bq.status]).toEqual([201, 201]);
  expect(bp.body.payouts.map((x: any) => [x.affiliateId, x.amount])).toEqual([[a.id, 10]]);
  expect(bq.body.payouts.map((x: any) => [x.affiliateId, x.amount])).toEqual([[b.id, 20]]);
});

testNoServerErrors(seen);
