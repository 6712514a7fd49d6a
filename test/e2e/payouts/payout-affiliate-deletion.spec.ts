/**
 * Deleting an affiliate that has payouts (DESIGN.md "Payouts"; DELETE /api/v1/affiliates, GraphQL deleteAffiliate):
 * while one of its payouts waits (pending) or is being paid (processing) the delete is refused 400 VALIDATION_FAILED
 * naming affiliateId, and nothing is deleted; with only paid or failed payouts the affiliate is deleted with its
 * commissions, and its payouts stay on record without it (affiliateId and affiliate null, no commissions listed),
 * the batch as it was. Also when the delete races a batch taking the affiliate's commissions.
 */
import { Client } from 'pg';
import { expectValidation, testNoServerErrors } from '../../helpers/assertions';
import { useTestServer } from '../../helpers/harness';
import { MANUAL, PAYOUT_FIELDS, PAYPAL, payoutClient, refOf, STRIPE, WISE, type RestPayout } from '../../helpers/payouts';
import type { ProgramFixture } from '../../helpers/factories';

const server = useTestServer();
const pay = payoutClient(() => server);
const { seen } = pay;

const DELETE_AFFILIATE = 'mutation($id: String!) { deleteAffiliate(affiliateId: $id) { message deletedAffiliate { id email } } }';
/** A payout once its affiliate is gone: the same record, without the affiliate and its (deleted) commissions. */
const orphaned = (x: RestPayout): RestPayout => ({ ...x, affiliateId: null, affiliate: null, commissions: [] });

/** What a refused delete must leave as it was: the program's batches, the affiliate, its sales and events. */
async function stateOf(p: ProgramFixture, affiliateId: string, saleIds: number[]) {
  return {
    batches: (await pay.batches.get(p)).body,
    affiliate: (await pay.call('GET', '/affiliates', { token: p.key, query: { id: affiliateId } })).body,
    sales: await Promise.all(saleIds.map(async (id) => (await pay.call('GET', '/sales', { token: p.key, query: { id: String(id) } })).body)),
    deleted: await pay.eventsOf(p, 'affiliate.deleted'),
  };
}

describe('refused while a payout waits or is being paid', () => {
  test.each([
    ['pending (Stripe Connect, never sent)', STRIPE(), 'pending'],
    ['processing (PayPal, not yet marked paid)', PAYPAL(), 'processing'],
    ['processing (manual)', MANUAL, 'processing'],
  ] as const)('%s: 400 naming affiliateId by UUID or email, REST and GraphQL; nothing deleted', async (_what, details, status) => {
    const p = await pay.program();
    const a = await pay.payee(p, details);
    const other = await pay.payee(p, WISE());
    const sales = [(await pay.sale(p, a.id, 100)).id, (await pay.sale(p, a.id, 30)).id];
    await pay.sale(p, other.id, 100);
    const batch = await pay.batch(p);
    expect(pay.payoutOf(batch, a.id).status).toBe(status);
    const before = await stateOf(p, a.id, sales);

    for (const key of [a.id, a.email, a.email.toUpperCase()]) {
      const res = await pay.deleteAffiliate(p, key);
      expectValidation(res, 'affiliateId');
      expect({ key, details: res.body.details }).toEqual({ key, details: [{ field: 'affiliateId', message: expect.stringMatching(/payout/) }] });
    }
    const gql = await pay.gql(p, DELETE_AFFILIATE, { id: a.id });
    expect(gql.body.errors?.map((e: any) => [e.extensions?.code, e.extensions?.details?.[0]?.field])).toEqual([['VALIDATION_FAILED', 'affiliateId']]);
    expect(gql.body.data ?? null).toBeNull();

    expect(await stateOf(p, a.id, sales)).toEqual(before);
    expect(before.affiliate).toMatchObject({ id: a.id, email: a.email });
    expect(pay.payoutOf(before.batches[0], a.id)).toMatchObject({ affiliate: refOf(a), commissions: await pay.commissionsOf(p, sales) });
    // Once the payout is settled, the same delete goes through.
    const settled = await pay.markBatchPaid(p, batch.id);
    if (status === 'pending') expect((await pay.markPaid(p, pay.payoutOf(batch, a.id).id)).status).toBe(200);
    else expect(settled.status).toBe(200);
    expect((await pay.deleteAffiliate(p, a.email)).body).toEqual({ message: 'Affiliate deleted', deletedAffiliate: { id: a.id, email: a.email } });
  });
});

describe('with only paid and failed payouts', () => {
  test('REST: deleted with its commissions; its payouts stay without it, the batches as they were', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL());
    const other = await pay.payee(p, WISE());
    const first = [(await pay.sale(p, a.id, 100)).id, (await pay.sale(p, a.id, 50)).id];
    const paidBatch = await pay.batch(p);
    expect((await pay.markBatchPaid(p, paidBatch.id, { reference: 'PP-1' })).body.status).toBe('paid');
    const second = (await pay.sale(p, a.id, 70)).id;
    await pay.sale(p, other.id, 200);
    const open = await pay.batch(p);
    expect((await pay.markFailed(p, pay.payoutOf(open, a.id).id, 'unclaimed')).status).toBe(200);
    const [paidBefore, openBefore] = [await pay.readBatch(p, paidBatch.id), await pay.readBatch(p, open.id)];
    const [paidPayout, failedPayout] = [pay.payoutOf(paidBefore, a.id), pay.payoutOf(openBefore, a.id)];
    expect(paidPayout.commissions.map((c) => [c.saleId, c.status])).toEqual(first.map((id) => [id, 'paid']));
    expect(failedPayout.commissions.map((c) => [c.saleId, c.status, c.payoutBatchId])).toEqual([[second, 'approved', null]]);
    const paidEvent = (await pay.eventsOf(p, 'payout.paid')).find((e) => e.data.id === paidPayout.id)!;

    const res = await pay.deleteAffiliate(p, a.id);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { message: 'Affiliate deleted', deletedAffiliate: { id: a.id, email: a.email } },
    });

    // The payouts stay: the same records, without the affiliate and its deleted commissions; totals and counts as made.
    expect(await pay.readBatch(p, paidBatch.id)).toEqual({ ...paidBefore, payouts: [orphaned(paidPayout)] });
    expect(await pay.readBatch(p, open.id)).toEqual({ ...openBefore, payouts: openBefore.payouts.map((x) => (x.id === failedPayout.id ? orphaned(x) : x)) });
    expect(await pay.listPayouts(p, { status: 'paid' })).toEqual([orphaned(paidPayout)]);
    expect(await pay.listPayouts(p, { affiliateId: a.id })).toEqual([]);
    const one = `query($id: ID!) { payout(id: $id) { ${PAYOUT_FIELDS} } }`;
    for (const x of [paidPayout, failedPayout]) expect((await pay.gqlData(p, one, { id: x.id })).payout).toEqual(orphaned(x));
    // Its sales and commissions went with it; nothing is owed to it.
    for (const id of [...first, second]) expect((await pay.call('GET', '/sales', { token: p.key, query: { id: String(id) } })).body).toBeNull();
    expect(Object.keys(await pay.amountsOwed(p))).toEqual([]);
    // The event log keeps what was said then.
    expect((await pay.eventsOf(p, 'payout.paid')).find((e) => e.data.id === paidPayout.id)!.data).toEqual(paidEvent.data);
    expect(paidEvent.data.affiliate).toEqual(refOf(a));

    // The batch with the orphaned failed payout is still settled by paying the other one.
    const settled = await pay.markBatchPaid(p, open.id, { reference: 'W-1' });
    expect(settled.body).toMatchObject({ status: 'paid' });
    expect(pay.payoutOf(settled.body, other.id)).toMatchObject({ status: 'paid', affiliate: refOf(other) });
    expect(settled.body.payouts.find((x: RestPayout) => x.id === failedPayout.id)).toEqual(orphaned(failedPayout));
    expect((await pay.eventsOf(p, 'payout_batch.paid')).map((e) => e.data).slice(-1)).toEqual([settled.body]);
  });

  test('GraphQL deleteAffiliate: the same; the payout reads affiliate null in payouts(filter)', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    await pay.sale(p, a.id, 100);
    const batch = await pay.batch(p);
    const paid = (await pay.markBatchPaid(p, batch.id)).body.payouts[0] as RestPayout;
    const res = await pay.gqlData(p, DELETE_AFFILIATE, { id: a.id });
    expect(res.deleteAffiliate).toEqual({ message: 'Affiliate deleted', deletedAffiliate: { id: a.id, email: a.email } });
    const Q = `query($b: String) { payouts(filter: { batchId: $b }) { totalCount nodes { ${PAYOUT_FIELDS} } } }`;
    expect((await pay.gqlData(p, Q, { b: batch.id })).payouts).toEqual({ totalCount: 1, nodes: [orphaned(paid)] });
  });
});

test('a delete racing a batch that takes the affiliate’s commissions: refused once the batch has its payout; never a waiting payout without its affiliate', async () => {
  const p = await pay.program();
  const a = await pay.payee(p, PAYPAL());
  const other = await pay.payee(p, MANUAL);
  const sale = (await pay.sale(p, a.id, 100)).id;
  await pay.sale(p, other.id, 100);
  const db = new Client({ connectionString: server.runtime.config.databaseUrl });
  await db.connect();
  try {
    // The events table locked: a request writing its events as it commits waits there, its other changes made.
    await db.query('begin');
    await db.query('/* test */ lock table events in share mode');
    const waiting = async (n: number) => {
      for (let i = 0; i < 500; i++) {
        await db.query('select pg_stat_clear_snapshot()');
        const { rows } = await db.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (rows[0].n >= n) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`fewer than ${n} requests wait for a lock`);
    };
    const batch = pay.createBatch(p, {});
    await waiting(1); // the batch: its payouts inserted, not yet committed
    const del = pay.deleteAffiliate(p, a.id);
    await waiting(2);
    await db.query('rollback');
    const [b, d] = await Promise.all([batch, del]);
    expect(b.status).toBe(201);
    const now = await pay.readBatch(p, b.body.id);
    const waitingWithout = (await pay.listPayouts(p)).filter((x) => x.affiliateId === null && (x.status === 'pending' || x.status === 'processing'));
    expect({ delete: d.status, code: d.body?.code, waitingWithoutAffiliate: waitingWithout.map((x) => x.id) }).toEqual({
      delete: 400,
      code: 'VALIDATION_FAILED',
      waitingWithoutAffiliate: [],
    });
    expect(pay.payoutOf(now, a.id)).toMatchObject({ status: 'processing', affiliate: refOf(a), commissions: await pay.commissionsOf(p, [sale]) });
  } finally {
    await db.end();
  }
});

testNoServerErrors(seen);
