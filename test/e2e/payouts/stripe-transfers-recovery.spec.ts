/**
 * Stripe Connect payouts that got no answer (DESIGN.md "Payouts"): a crash between the transfer and its record.
 * The fake Stripe (test/helpers/fake-stripe.ts) drops the connection after making the transfer (`drop_after`) or
 * before (`drop_before`) on every attempt of the `stripe` package (it retries a dropped connection twice, with the
 * same Idempotency-Key), or answers 500. The payout stays processing with lastError; the next send asks again
 * with the same key and the same parameters (a replay: the same transfer, even after the program was renamed), and
 * after Stripe's 24-hour key window lists the batch's transfer_group first (once per send, whatever the number of
 * payouts), so a payout is never paid twice. And two sends whose answers come back at the same moment
 * still settle the batch. The usual outcomes: ./stripe-transfers.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import type { ProgramFixture } from '../../helpers/factories';
import { restClient } from '../../helpers/rest-client';
import { expectOk, ISO_RE, testNoServerErrors } from '../../helpers/assertions';
import { useFakeStripeServer } from '../../helpers/fake-stripe-server';
import { sleep } from '../../helpers/wait';

const KEY = 'sk_test_payoutRecoveryE2e';
const { fake, server } = useFakeStripeServer(KEY);
const api = restClient(() => server);

/** Every attempt the package makes for one send: the first and its two retries. */
const ATTEMPTS = 3;

const acct = () => `acct_1${randomBytes(6).toString('hex')}`;

/** A program with two Stripe Connect affiliates owed 10.00 (`a`) and 20.00 (`b`), and a batch paying them. */
async function batchOfTwo() {
  const p = await api.program({ defaultCommissionRate: 10 });
  const [a, b] = [
    { id: '', acct: acct() },
    { id: '', acct: acct() },
  ];
  for (const [who, total] of [
    [a, 100],
    [b, 200],
  ] as const) {
    who.id = (await api.createAffiliate(p)).id;
    expectOk(await api.call('PUT', '/affiliates', { token: p.key, body: { affiliateId: who.id, payoutMethod: 'stripe_connect', stripeAccountId: who.acct } }));
    await api.saleFor(p, who.id, { totalEarned: total });
  }
  const made = await api.call('POST', '/payout-batches', { token: p.key, body: {} });
  expect(made.status).toBe(201);
  const batch = made.body;
  const payoutId = (who: { id: string }) => batch.payouts.find((x: any) => x.affiliateId === who.id).id as string;
  return { p, a, b, batch, pa: payoutId(a), pb: payoutId(b) };
}

const sendOk = async (p: ProgramFixture, id: string) => expectOk(await api.call('POST', `/payout-batches/${id}/send`, { token: p.key, body: {} }));
const payout = (batch: any, id: string) => batch.payouts.find((x: any) => x.id === id);
const requestsFor = (payoutId: string) => fake.transferRequests().filter((r) => r.idempotencyKey === `payout-${payoutId}`);
const transfersFor = (payoutId: string) => fake.transfers.filter((t) => t.metadata.payout_id === payoutId);
const paidEvents = async (p: ProgramFixture) => (await api.events(p.programId, 'payout.paid')).map((e) => e.data.id);
/** When the payout's transfer was first asked for (its first_sent_at), moved back `hours`: as if time had passed. */
const attemptedHoursAgo = (p: ProgramFixture, payoutId: string, hours: number) =>
  api.sql(`update payouts set first_sent_at = now() - ?::numeric * interval '1 hour' where program_id = ? and id = ?`, [hours, p.programId, payoutId]);

/** After a send whose every attempt for `pa` got no answer: it waits (processing, lastError), `pb` is paid. */
function expectWaiting(sent: any, pa: string, pb: string) {
  expect(payout(sent, pa)).toMatchObject({ status: 'processing', lastError: expect.any(String), reference: null, paidAt: null, failureReason: null });
  expect(payout(sent, pa).lastError.length).toBeGreaterThan(0);
  expect(payout(sent, pb)).toMatchObject({ status: 'paid', reference: transfersFor(pb)[0].id, lastError: null });
  expect(sent.status).toBe('open');
}

describe('a crash between the transfer and its record', () => {
  test('drop_after: the transfer is made, the send never hears; the next send replays the key and records THAT transfer', async () => {
    const { p, a, batch, pa, pb } = await batchOfTwo();
    fake.failNext('drop_after', { times: ATTEMPTS, destination: a.acct });
    const sent = await sendOk(p, batch.id);

    expectWaiting(sent, pa, pb);
    expect(transfersFor(pa)).toHaveLength(1);
    const made = transfersFor(pa)[0];
    expect(requestsFor(pa).map((r) => [r.status, r.replayed])).toEqual([
      ['dropped', false],
      ['dropped', true],
      ['dropped', true],
    ]);
    expect(await paidEvents(p)).toEqual([pb]);

    const again = await sendOk(p, batch.id);
    expect(
      requestsFor(pa)
        .slice(ATTEMPTS)
        .map((r) => [r.status, r.replayed]),
    ).toEqual([[200, true]]);
    expect(requestsFor(pb)).toHaveLength(1); // the paid one is skipped
    expect(transfersFor(pa)).toEqual([made]);
    expect(payout(again, pa)).toMatchObject({ status: 'paid', reference: made.id, lastError: null, paidAt: expect.stringMatching(ISO_RE) });
    expect(again.status).toBe('paid');
    expect(fake.transfers).toHaveLength(2);
    expect((await paidEvents(p)).sort()).toEqual([pa, pb].sort());
    expect(await api.events(p.programId, 'payout_batch.paid')).toHaveLength(1);
  });

  test('drop_before: no transfer is made; the next send makes it, once', async () => {
    const { p, a, batch, pa, pb } = await batchOfTwo();
    fake.failNext('drop_before', { times: ATTEMPTS, destination: a.acct });
    const sent = await sendOk(p, batch.id);

    expectWaiting(sent, pa, pb);
    expect(transfersFor(pa)).toEqual([]);
    expect(requestsFor(pa).map((r) => r.status)).toEqual(['dropped', 'dropped', 'dropped']);

    const again = await sendOk(p, batch.id);
    expect(
      requestsFor(pa)
        .slice(ATTEMPTS)
        .map((r) => [r.status, r.replayed]),
    ).toEqual([[200, false]]);
    expect(transfersFor(pa)).toHaveLength(1);
    expect(transfersFor(pa)[0]).toMatchObject({ amount: 1000, destination: a.acct, transfer_group: batch.id });
    expect(payout(again, pa)).toMatchObject({ status: 'paid', reference: transfersFor(pa)[0].id, lastError: null });
    expect(again.status).toBe('paid');
    expect((await paidEvents(p)).sort()).toEqual([pa, pb].sort());
  });

  test('a 500 api_error (replayed by the package’s retries): processing with lastError, no transfer', async () => {
    const { p, a, batch, pa, pb } = await batchOfTwo();
    fake.failNext('api_error', { destination: a.acct });
    const sent = await sendOk(p, batch.id);

    expectWaiting(sent, pa, pb);
    expect(payout(sent, pa).lastError).toBe('An unknown error occurred');
    expect(requestsFor(pa).map((r) => [r.status, r.replayed])).toEqual([
      [500, false],
      [500, true],
      [500, true],
    ]);
    expect(transfersFor(pa)).toEqual([]);
    expect(await api.events(p.programId, 'payout.failed')).toEqual([]);
  });

  test('the program renamed between two attempts: the retry sends the same parameters, and Stripe replays the transfer', async () => {
    const { p, a, batch, pa, pb } = await batchOfTwo();
    fake.failNext('drop_after', { times: ATTEMPTS, destination: a.acct });
    expectWaiting(await sendOk(p, batch.id), pa, pb);
    const renamed = await api.gql(p.session, 'mutation($id: ID!) { updateProgram(id: $id, input: { name: "Renamed Rewards" }) { name } }', {
      id: p.programId,
    });
    expect(renamed.body.data?.updateProgram.name).toBe('Renamed Rewards');

    const again = await sendOk(p, batch.id);
    const reqs = requestsFor(pa);
    expect(reqs).toHaveLength(ATTEMPTS + 1);
    // Stripe answers a key reused with other parameters 400 idempotency_error: every attempt carries the same.
    for (const r of reqs) expect(r.body).toEqual({ ...reqs[0].body, description: 'Affiliate commissions' });
    expect(reqs.map((r) => [r.status, r.replayed])).toEqual([
      ['dropped', false],
      ['dropped', true],
      ['dropped', true],
      [200, true],
    ]);
    expect(transfersFor(pa)).toHaveLength(1);
    expect(payout(again, pa)).toMatchObject({ status: 'paid', reference: transfersFor(pa)[0].id, lastError: null });
  });
});

describe("after Stripe's 24-hour idempotency window", () => {
  test('the transfer made by the dropped attempt is looked up by transfer_group and recorded; no second transfer', async () => {
    const { p, a, batch, pa, pb } = await batchOfTwo();
    fake.failNext('drop_after', { times: ATTEMPTS, destination: a.acct });
    expectWaiting(await sendOk(p, batch.id), pa, pb);
    const made = transfersFor(pa)[0];
    fake.expireIdempotencyKeys();
    await attemptedHoursAgo(p, pa, 25);
    const posts = fake.transferRequests().length;

    const again = await sendOk(p, batch.id);
    const lookups = fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/transfers');
    expect(lookups.map((r) => r.query)).toEqual([{ transfer_group: batch.id, limit: '100' }]);
    expect(lookups[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.transferRequests()).toHaveLength(posts);
    expect(transfersFor(pa)).toEqual([made]);
    expect(payout(again, pa)).toMatchObject({ status: 'paid', reference: made.id, lastError: null });
    expect(again.status).toBe('paid');
    expect((await paidEvents(p)).sort()).toEqual([pa, pb].sort());
  });

  test('two payouts past the window: the transfer group is listed once per send (not once per payout)', async () => {
    const { p, a, b, batch, pa, pb } = await batchOfTwo();
    // a's transfer made, its answer lost; b's never made.
    fake.failNext('drop_after', { times: ATTEMPTS, destination: a.acct });
    fake.failNext('drop_before', { times: ATTEMPTS, destination: b.acct });
    const sent = await sendOk(p, batch.id);
    expect([payout(sent, pa).status, payout(sent, pb).status]).toEqual(['processing', 'processing']);
    const made = transfersFor(pa)[0];
    expect(transfersFor(pb)).toEqual([]);
    fake.expireIdempotencyKeys();
    await attemptedHoursAgo(p, pa, 25);
    await attemptedHoursAgo(p, pb, 30);
    const before = fake.requests.length;

    const again = await sendOk(p, batch.id);
    const asked = fake.requests.slice(before);
    expect(asked.filter((r) => r.method === 'GET').map((r) => [r.path, r.query])).toEqual([['/v1/transfers', { transfer_group: batch.id, limit: '100' }]]);
    // a: found in the list, recorded, not asked again; b: not found, made once (Stripe had forgotten its key).
    expect(asked.filter((r) => r.method === 'POST').map((r) => [r.idempotencyKey, r.status, r.replayed])).toEqual([[`payout-${pb}`, 200, false]]);
    expect(transfersFor(pa)).toEqual([made]);
    expect(transfersFor(pb)).toHaveLength(1);
    expect(payout(again, pa)).toMatchObject({ status: 'paid', reference: made.id, lastError: null });
    expect(payout(again, pb)).toMatchObject({ status: 'paid', reference: transfersFor(pb)[0].id, lastError: null });
    expect(again.status).toBe('paid');
    expect((await paidEvents(p)).sort()).toEqual([pa, pb].sort());
  });

  test('no transfer was made: the lookup finds none, and the send makes it once', async () => {
    const { p, a, batch, pa, pb } = await batchOfTwo();
    fake.failNext('drop_before', { times: ATTEMPTS, destination: a.acct });
    expectWaiting(await sendOk(p, batch.id), pa, pb);
    fake.expireIdempotencyKeys();
    await attemptedHoursAgo(p, pa, 25);

    const again = await sendOk(p, batch.id);
    expect(fake.requests.filter((r) => r.method === 'GET').map((r) => r.query.transfer_group)).toEqual([batch.id]);
    expect(transfersFor(pa)).toHaveLength(1);
    expect(payout(again, pa)).toMatchObject({ status: 'paid', reference: transfersFor(pa)[0].id });
  });

  test('the window counts from the first attempt, which made the transfer, not from the last retry', async () => {
    // t0: the transfer is made, its answer lost. t0+12h: a retry replays it, lost again. t0+24.5h: Stripe has
    // forgotten the key (24 hours after its first use), though the last attempt was only 12.5 hours ago.
    const { p, a, batch, pa, pb } = await batchOfTwo();
    fake.failNext('drop_after', { times: 2 * ATTEMPTS, destination: a.acct });
    expectWaiting(await sendOk(p, batch.id), pa, pb);
    const made = transfersFor(pa)[0];
    await attemptedHoursAgo(p, pa, 12);
    expectWaiting(await sendOk(p, batch.id), pa, pb);
    expect(requestsFor(pa).map((r) => r.replayed)).toEqual([false, true, true, true, true, true]);
    // The retry did not move the time of the first attempt (Stripe's window counts from there).
    const [kept] = await api.sql<{ hours: string }>(
      `select extract(epoch from now() - first_sent_at) / 3600 as hours from payouts where program_id = ? and id = ?`,
      [p.programId, pa],
    );
    expect(Number(kept.hours)).toBeGreaterThan(11.9);
    fake.expireIdempotencyKeys();
    // The first attempt, 24.5 hours ago (the retry 12.5 hours ago kept it: the window counts from there).
    await attemptedHoursAgo(p, pa, 24.5);

    const again = await sendOk(p, batch.id);
    expect(transfersFor(pa)).toEqual([made]);
    expect(payout(again, pa)).toMatchObject({ status: 'paid', reference: made.id });
  });
});

describe('answers coming back at the same moment', () => {
  test('one send of four Stripe payouts whose transfers are answered together: the batch is settled paid (a few rounds)', async () => {
    const rounds: unknown[] = [];
    for (let round = 0; round < 3; round++) {
      fake.reset();
      const p = await api.program({ defaultCommissionRate: 10 });
      for (let i = 0; i < 4; i++) {
        const id = (await api.createAffiliate(p)).id;
        expectOk(await api.call('PUT', '/affiliates', { token: p.key, body: { affiliateId: id, payoutMethod: 'stripe_connect', stripeAccountId: acct() } }));
        await api.saleFor(p, id, { totalEarned: 100 });
      }
      const batch = (await api.call('POST', '/payout-batches', { token: p.key, body: {} })).body;
      fake.hold();
      const sending = sendOk(p, batch.id);
      await fake.whenHeld(1);
      await sleep(150); // whatever else the send asks at once
      fake.release();
      const sent = await sending;
      expect(fake.transfers).toHaveLength(4);
      const settled = (await api.events(p.programId, 'payout_batch.paid')).length;
      rounds.push({ round, payouts: sent.payouts.map((x: any) => x.status), batch: sent.status, settled });
    }
    expect(rounds).toEqual([0, 1, 2].map((round) => ({ round, payouts: ['paid', 'paid', 'paid', 'paid'], batch: 'paid', settled: 1 })));
  });

  test('two sends, each recording a different payout at once: the batch is still settled paid (a few rounds)', async () => {
    const rounds: unknown[] = [];
    for (let round = 0; round < 4; round++) {
      fake.reset();
      const { p, batch } = await batchOfTwo();
      // Send 1 waits on one payout; send 2 waits on the other (first, or after giving up on the same one: 409 × 3).
      fake.hold();
      const one = api.call('POST', `/payout-batches/${batch.id}/send`, { token: p.key, body: {} });
      await fake.whenHeld(1);
      const two = api.call('POST', `/payout-batches/${batch.id}/send`, { token: p.key, body: {} });
      await fake.whenHeld(2);
      const inFlight = fake.transferRequests().filter((r) => r.status === null);
      expect(inFlight.map((r) => r.idempotencyKey).sort()).toEqual(batch.payouts.map((x: any) => `payout-${x.id}`).sort());
      fake.release(); // both answered at once
      expect((await Promise.all([one, two])).map((r) => r.status)).toEqual([200, 200]);
      expect(fake.transfers).toHaveLength(2);
      const final = await sendOk(p, batch.id); // sending again does not settle it either
      const settled = (await api.events(p.programId, 'payout_batch.paid')).length;
      rounds.push({ round, payouts: final.payouts.map((x: any) => x.status), batch: final.status, settled });
    }
    expect(rounds).toEqual([0, 1, 2, 3].map((round) => ({ round, payouts: ['paid', 'paid'], batch: 'paid', settled: 1 })));
  });
});

testNoServerErrors(api.seen);
