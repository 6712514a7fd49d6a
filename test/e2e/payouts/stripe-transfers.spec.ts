/**
 * Stripe Connect payouts end to end (DESIGN.md "Payouts"): POST /api/v1/payout-batches/{id}/send, and GraphQL
 * sendPayoutBatch, against the fake Stripe of test/helpers/fake-stripe.ts, which the real `stripe` package talks to.
 * One transfer per Stripe payout exactly as Stripe takes it (minor units, lowercase currency, the account of batch
 * time, transfer_group, metadata, Idempotency-Key payout-<id>); paid and failed outcomes with their commissions,
 * events and email; sending again (after, or at the same time) never pays twice; no STRIPE_API_KEY; what send leaves
 * alone. A crash between the transfer and its record: ./stripe-transfers-recovery.spec.ts; settling by hand and
 * currencies Stripe takes with fewer decimals: ./stripe-transfers-rules.spec.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { useTestServer } from '../../helpers/harness';
import { createPartnerToken, type ProgramFixture } from '../../helpers/factories';
import { restClient } from '../../helpers/rest-client';
import { expectError, expectOk, ISO_RE, testNoServerErrors } from '../../helpers/assertions';
import { SALE_WITH_COMMISSION } from '../../helpers/graphql-documents';
import { useFakeStripeServer } from '../../helpers/fake-stripe-server';
import { waitFor } from '../../helpers/wait';

const KEY = 'sk_test_payoutTransfersE2e';
const { fake, server } = useFakeStripeServer(KEY);
const api = restClient(() => server);

// ---------------------------------------------------------------------------------------------------------
// helpers (REST with the program's API key unless said otherwise)

const acct = () => `acct_1${randomBytes(6).toString('hex')}`;
const NAME = 'Acme Rewards';
const program = (settings: Record<string, unknown> = {}) => api.program({ name: NAME, defaultCommissionRate: 10, ...settings });

/** An affiliate paid by `method` (stripe_connect with a fresh acct_… unless given). */
async function payee(p: ProgramFixture, method: 'stripe_connect' | 'paypal' | 'manual' = 'stripe_connect', account = acct()) {
  const a = await api.createAffiliate(p);
  const details = method === 'stripe_connect' ? { stripeAccountId: account } : method === 'paypal' ? { payoutEmail: a.email } : {};
  expectOk(await api.call('PUT', '/affiliates', { token: p.key, body: { affiliateId: a.id, payoutMethod: method, ...details } }));
  return { id: a.id as string, email: a.email as string, acct: account };
}
/** POST /sales crediting the affiliate; its commission is the program rate (10%) of `totalEarned`. */
const sale = async (p: ProgramFixture, affiliateId: string, totalEarned: number) => (await api.saleFor(p, affiliateId, { totalEarned })).id as number;
async function createBatch(p: ProgramFixture) {
  const res = await api.call('POST', '/payout-batches', { token: p.key, body: {} });
  expect(res.status).toBe(201);
  return res.body;
}
const send = (p: ProgramFixture | string, id: string) => api.call('POST', `/payout-batches/${id}/send`, { token: typeof p === 'string' ? p : p.key, body: {} });
const sendOk = async (p: ProgramFixture, id: string) => expectOk(await send(p, id));
const batchOf = async (p: ProgramFixture, id: string) => expectOk(await api.call('GET', `/payout-batches/${id}`, { token: p.key }));
const payoutOf = (batch: any, affiliateId: string) => batch.payouts.find((x: any) => x.affiliateId === affiliateId);
const eventsOf = async (p: ProgramFixture, type: string) => expectOk(await api.call('GET', '/events', { token: p.key, query: { type } })) as any[];
const commissionOf = async (p: ProgramFixture, saleId: number) => (await api.gqlData(p, SALE_WITH_COMMISSION, { id: saleId })).sale!.commission!;
const transferTo = (account: string) => fake.transfers.filter((t) => t.destination === account);
const payoutEmails = async (p: ProgramFixture) => (await api.emailsOf(p.programId)).filter((e) => e.kind === 'affiliate_payout_sent');

// ---------------------------------------------------------------------------------------------------------

describe('one transfer per Stripe Connect payout, as Stripe takes it', () => {
  test('amount in minor units, currency, the account of batch time, transfer_group, metadata, key and API key; others get none', async () => {
    const p = await program();
    const a = await payee(p);
    const b = await payee(p);
    const pp = await payee(p, 'paypal');
    const man = await payee(p, 'manual');
    await sale(p, a.id, 123.5); // 12.35
    await sale(p, b.id, 50); // 5.00
    await sale(p, b.id, 25.5); // + 2.55
    await sale(p, pp.id, 100);
    await sale(p, man.id, 100);
    const batch = await createBatch(p);
    expect(batch.payouts.map((x: any) => [x.affiliateId, x.method, x.status]).sort()).toEqual(
      [
        [a.id, 'stripe_connect', 'pending'],
        [b.id, 'stripe_connect', 'pending'],
        [pp.id, 'paypal', 'processing'],
        [man.id, 'manual', 'processing'],
      ].sort(),
    );
    // A changes its account after the batch was made: the transfer still goes where the batch said.
    expectOk(await api.call('PUT', '/affiliates', { token: p.key, body: { affiliateId: a.id, stripeAccountId: acct() } }));

    const sent = await sendOk(p, batch.id);
    const requests = fake.transferRequests();
    expect(fake.requests).toHaveLength(2);
    expect(requests.map((r) => r.body.destination).sort()).toEqual([a.acct, b.acct].sort());
    for (const [who, amount] of [
      [a, '1235'],
      [b, '755'],
    ] as const) {
      const payout = payoutOf(batch, who.id);
      const req = requests.find((r) => r.body.destination === who.acct)!;
      expect(req.body).toEqual({
        amount,
        currency: 'usd',
        destination: who.acct,
        transfer_group: batch.id,
        description: 'Affiliate commissions', // not the program's name: the same on every retry under the key
        metadata: { payout_id: payout.id, batch_id: batch.id },
      });
      expect(req.idempotencyKey).toBe(`payout-${payout.id}`);
      expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(req.status).toBe(200);
      expect(payoutOf(sent, who.id)).toMatchObject({ status: 'paid', destination: who.acct, reference: transferTo(who.acct)[0].id });
    }
    // PayPal and manual payouts wait to be marked paid; the batch waits with them.
    for (const who of [pp, man]) expect(payoutOf(sent, who.id)).toEqual(payoutOf(batch, who.id));
    expect(sent.status).toBe('open');
    expect(await eventsOf(p, 'payout_batch.paid')).toEqual([]);
  });

  test('a program in JPY: whole yen', async () => {
    const p = await program({ currency: 'JPY' });
    const a = await payee(p);
    await sale(p, a.id, 12350); // 1235 yen
    const batch = await createBatch(p);
    expect(batch.payouts[0]).toMatchObject({ amount: 1235, currency: 'JPY' });
    await sendOk(p, batch.id);
    expect(fake.transferRequests().map((r) => [r.body.amount, r.body.currency])).toEqual([['1235', 'jpy']]);
    expect(fake.transfers.map((t) => t.amount)).toEqual([1235]);
  });

  test('the exact sum of the commissions is rounded half-up once: 3 × 3.333333 → 1000 cents (not 3 × 3.33)', async () => {
    const p = await program();
    const a = await payee(p);
    for (let i = 0; i < 3; i++) await sale(p, a.id, 33.33);
    // The API rounds each commission to cents; amounts with more digits (numeric(18,6)) are made in the database.
    await api.sql(`update commissions set amount = 3.333333 where program_id = ? and affiliate_id = ?`, [p.programId, a.id]);
    const batch = await createBatch(p);
    expect(batch.payouts[0]).toMatchObject({ amount: 10, commissionCount: 3 });
    await sendOk(p, batch.id);
    expect(fake.transferRequests().map((r) => r.body.amount)).toEqual(['1000']);
  });
});

describe('outcomes', () => {
  test('paid: reference the transfer id, commissions paid (no refund), payout.paid, batch paid, payout_batch.paid, the email', async () => {
    const p = await program();
    const a = await payee(p);
    const s1 = await sale(p, a.id, 100);
    const s2 = await sale(p, a.id, 23.5);
    const batch = await createBatch(p);
    const sent = await sendOk(p, batch.id);
    const [transfer] = fake.transfers;
    expect(fake.transfers).toHaveLength(1);
    const payout = sent.payouts[0];
    expect(payout).toEqual({
      ...batch.payouts[0],
      status: 'paid',
      reference: transfer.id,
      paidAt: expect.stringMatching(ISO_RE),
      lastError: null,
      failureReason: null,
      failedAt: null,
      commissions: batch.payouts[0].commissions.map((c: any) => ({ ...c, status: 'paid', paidAt: payout.paidAt })),
    });
    expect(transfer).toMatchObject({ amount: 1235, destination: a.acct, transfer_group: batch.id, metadata: { payout_id: payout.id } });
    expect(sent).toEqual({ ...batch, status: 'paid', paidAt: expect.stringMatching(ISO_RE), payouts: [payout] });
    expect(await batchOf(p, batch.id)).toEqual(sent);

    for (const s of [s1, s2]) {
      expect(await commissionOf(p, s)).toMatchObject({ status: 'paid', payoutBatchId: batch.id, paidAt: expect.stringMatching(ISO_RE) });
      expect((await api.saleById(p, s)).commissionStatus).toBe('paid');
    }
    const refund = await api.call('PATCH', '/sales', { token: p.key, body: { saleId: s1 } });
    expect({ status: refund.status, body: refund.body }).toEqual({
      status: 400,
      body: { error: expect.any(String), code: 'REFUND_NOT_ALLOWED', reason: 'already_paid_out' },
    });

    expect((await eventsOf(p, 'payout.paid')).map((e) => e.data)).toEqual([payout]);
    expect((await eventsOf(p, 'payout_batch.paid')).map((e) => [e.data.id, e.data.status])).toEqual([[batch.id, 'paid']]);
    expect(await eventsOf(p, 'payout.failed')).toEqual([]);
    const emails = await payoutEmails(p);
    expect(emails.map((e) => e.to)).toEqual([a.email]);
    expect(emails[0].subject).toContain('12.35');
  });

  test("refused: failed with Stripe's message, payout.failed, its commissions free for the next batch; the others paid", async () => {
    const p = await program();
    const refused = await payee(p);
    const ok = await payee(p);
    const poor = await payee(p);
    const sr = await sale(p, refused.id, 100);
    await sale(p, ok.id, 200);
    const sp = await sale(p, poor.id, 300);
    fake.refuseDestination(refused.acct);
    fake.failNext('balance_insufficient', { destination: poor.acct });
    const batch = await createBatch(p);
    const sent = await sendOk(p, batch.id);

    expect(fake.transfers.map((t) => t.destination)).toEqual([ok.acct]);
    expect(payoutOf(sent, ok.id)).toMatchObject({ status: 'paid', reference: fake.transfers[0].id });
    expect(payoutOf(sent, refused.id)).toMatchObject({
      status: 'failed',
      failureReason: `No such destination: '${refused.acct}'`,
      failedAt: expect.stringMatching(ISO_RE),
      reference: null,
      paidAt: null,
    });
    expect(payoutOf(sent, poor.id)).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/^You have insufficient available funds/) });
    const failedEvents = (await eventsOf(p, 'payout.failed')).map((e) => e.data);
    expect(failedEvents.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [payoutOf(sent, refused.id), payoutOf(sent, poor.id)].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect((await eventsOf(p, 'payout.paid')).map((e) => e.data.affiliateId)).toEqual([ok.id]);
    expect((await payoutEmails(p)).map((e) => e.to)).toEqual([ok.email]);
    for (const s of [sr, sp]) {
      expect(await commissionOf(p, s)).toMatchObject({ status: 'approved', payoutBatchId: null });
      expect((await api.saleById(p, s)).commissionStatus).toBe('approved');
    }

    // Sending the settled batch again asks Stripe nothing.
    const before = fake.requests.length;
    expect(await sendOk(p, batch.id)).toEqual(await batchOf(p, batch.id));
    expect(fake.requests).toHaveLength(before);

    // The next batch takes the freed commissions, and pays them once Stripe accepts.
    fake.reset();
    const next = await createBatch(p);
    expect(next.payouts.map((x: any) => [x.affiliateId, x.amount]).sort()).toEqual(
      [
        [refused.id, 10],
        [poor.id, 30],
      ].sort(),
    );
    const paidNext = await sendOk(p, next.id);
    expect(paidNext.payouts.map((x: any) => x.status)).toEqual(['paid', 'paid']);
    expect(
      fake
        .transferRequests()
        .map((r) => r.idempotencyKey)
        .sort(),
    ).toEqual(next.payouts.map((x: any) => `payout-${x.id}`).sort());
    expect((await commissionOf(p, sr)).payoutBatchId).toBe(next.id);

    // One paid, none waits: the first batch is paid, and said so once (last: see "answers coming back at the same
    // moment" in stripe-transfers-recovery.spec.ts for why this can fail).
    expect({ first: sent.status, now: (await batchOf(p, batch.id)).status }).toEqual({ first: 'paid', now: 'paid' });
    expect((await eventsOf(p, 'payout_batch.paid')).filter((e) => e.data.id === batch.id)).toHaveLength(1);
  });
});

describe('sending again never pays twice', () => {
  test('a second send after success asks Stripe nothing and answers the same batch', async () => {
    const p = await program();
    const a = await payee(p);
    const b = await payee(p);
    await sale(p, a.id, 100);
    await sale(p, b.id, 100);
    const batch = await createBatch(p);
    const first = await sendOk(p, batch.id);
    expect(fake.transferRequests()).toHaveLength(2);
    expect(await sendOk(p, batch.id)).toEqual(first);
    expect(fake.transferRequests()).toHaveLength(2);
    expect(fake.transfers).toHaveLength(2);
    expect(await eventsOf(p, 'payout.paid')).toHaveLength(2);
  });

  test('two sends of the same batch at once: one transfer per payout, each paid once, one payout.paid and one email each', async () => {
    const p = await program();
    const a = await payee(p);
    const b = await payee(p);
    await sale(p, a.id, 100);
    await sale(p, b.id, 200);
    const batch = await createBatch(p);

    // The first send's transfer is held in flight until the second has asked Stripe too (the same payout: 409; or the other).
    fake.hold();
    const both = Promise.all([send(p, batch.id), send(p, batch.id)]);
    await fake.whenHeld(1);
    await waitFor(async () => fake.transferRequests().length >= 2, 'the second send asking Stripe while the first is in flight');
    fake.release();
    const answers = await both;
    expect(answers.map((r) => r.status)).toEqual([200, 200]);

    expect(fake.transfers.map((t) => t.destination).sort()).toEqual([a.acct, b.acct].sort());
    // (Whether the batch is then settled: stripe-transfers-recovery.spec.ts, "two sends answered at the same moment".)
    const final = await batchOf(p, batch.id);
    for (const who of [a, b]) expect(payoutOf(final, who.id)).toMatchObject({ status: 'paid', reference: transferTo(who.acct)[0].id, lastError: null });
    // Every request for a payout carried its one key; the later ones were replays or conflicts, never new transfers.
    for (const x of final.payouts) {
      const reqs = fake.transferRequests().filter((r) => r.idempotencyKey === `payout-${x.id}`);
      expect(reqs.filter((r) => r.status === 200 && !r.replayed)).toHaveLength(1);
    }
    expect((await eventsOf(p, 'payout.paid')).map((e) => e.data.id).sort()).toEqual(final.payouts.map((x: any) => x.id).sort());
    expect((await eventsOf(p, 'payout_batch.paid')).length).toBeLessThanOrEqual(1);
    expect((await payoutEmails(p)).map((e) => e.to).sort()).toEqual([a.email, b.email].sort());
  });
});

describe('what send leaves alone', () => {
  test('a batch without Stripe payouts: nothing changes, nothing asked of Stripe', async () => {
    const p = await program();
    const pp = await payee(p, 'paypal');
    const man = await payee(p, 'manual');
    await sale(p, pp.id, 100);
    await sale(p, man.id, 100);
    const batch = await createBatch(p);
    expect(await sendOk(p, batch.id)).toEqual(batch);
    expect(fake.requests).toEqual([]);
    expect(await eventsOf(p, 'payout.paid')).toEqual([]);
  });

  test('a settled batch is answered as it is', async () => {
    const p = await program();
    const man = await payee(p, 'manual');
    await sale(p, man.id, 100);
    const batch = await createBatch(p);
    const paid = expectOk(await api.call('POST', `/payout-batches/${batch.id}/mark-paid`, { token: p.key, body: {} }));
    expect(paid.status).toBe('paid');
    expect(await sendOk(p, batch.id)).toEqual(paid);
    expect(fake.requests).toEqual([]);
  });

  test("an unknown batch, or another program's: 404, and nothing is sent", async () => {
    const p = await program();
    const q = await program();
    const qa = await payee(q);
    await sale(q, qa.id, 100);
    const theirs = await createBatch(q);
    for (const id of [randomUUID(), theirs.id]) expectError(await send(p, id), 404, 'NOT_FOUND');
    expect(fake.requests).toEqual([]);
    expect(await batchOf(q, theirs.id)).toEqual(theirs);
  });
});

describe('GraphQL sendPayoutBatch, and who may send', () => {
  const SEND = 'mutation($p: ID, $id: ID!) { sendPayoutBatch(programId: $p, id: $id) { id status payouts { id status reference destination } } }';

  test('a dashboard session sends as REST does', async () => {
    const p = await program();
    const a = await payee(p);
    await sale(p, a.id, 100);
    const batch = await createBatch(p);
    const res = await server.graphql(SEND, { p: p.programId, id: batch.id }, p.session);
    expect(res.body.errors).toBeUndefined();
    const [transfer] = fake.transfers;
    expect(fake.transfers).toHaveLength(1);
    expect(res.body.data.sendPayoutBatch).toEqual({
      id: batch.id,
      status: 'paid',
      payouts: [{ id: batch.payouts[0].id, status: 'paid', reference: transfer.id, destination: a.acct }],
    });
    expect(fake.transferRequests()[0]).toMatchObject({ idempotencyKey: `payout-${batch.payouts[0].id}`, body: { amount: '1000', transfer_group: batch.id } });
  });

  test('a partner token is refused (REST 403 FORBIDDEN, GraphQL FORBIDDEN) and nothing is sent', async () => {
    const p = await program();
    const a = await payee(p);
    await sale(p, a.id, 100);
    const batch = await createBatch(p);
    const partner = await createPartnerToken(server, p);
    expectError(await send(partner, batch.id), 403, 'FORBIDDEN');
    const res = await server.graphql(SEND, { p: p.programId, id: batch.id }, partner);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(res.body.data?.sendPayoutBatch ?? null).toBeNull();
    expect(fake.requests).toEqual([]);
    expect(await batchOf(p, batch.id)).toEqual(batch);
  });
});

describe('a server without STRIPE_API_KEY', () => {
  const bare = useTestServer({ stripeApiKey: undefined, stripeApiBase: undefined });
  const bareApi = restClient(() => bare);

  test('a batch with a Stripe payout: 400 VALIDATION_FAILED, and nothing changes', async () => {
    const p = await bareApi.program({ defaultCommissionRate: 10 });
    const a = await bareApi.createAffiliate(p);
    expectOk(await bareApi.call('PUT', '/affiliates', { token: p.key, body: { affiliateId: a.id, payoutMethod: 'stripe_connect', stripeAccountId: acct() } }));
    const pp = await bareApi.createAffiliate(p);
    expectOk(await bareApi.call('PUT', '/affiliates', { token: p.key, body: { affiliateId: pp.id, payoutMethod: 'paypal', payoutEmail: pp.email } }));
    const s = (await bareApi.saleFor(p, a.id, { totalEarned: 100 })).id;
    await bareApi.saleFor(p, pp.id, { totalEarned: 100 });
    const made = await bareApi.call('POST', '/payout-batches', { token: p.key, body: {} });
    expect(made.status).toBe(201);

    const res = await bareApi.call('POST', `/payout-batches/${made.body.id}/send`, { token: p.key, body: {} });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error).toMatch(/STRIPE_API_KEY/);
    expect(expectOk(await bareApi.call('GET', `/payout-batches/${made.body.id}`, { token: p.key }))).toEqual(made.body);
    expect((await bareApi.gqlData(p, SALE_WITH_COMMISSION, { id: s })).sale!.commission).toMatchObject({ status: 'approved', payoutBatchId: made.body.id });
    expect(await bareApi.events(p.programId, 'payout.paid')).toEqual([]);
    expect(await bareApi.events(p.programId, 'payout.failed')).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  testNoServerErrors(bareApi.seen);
});

testNoServerErrors(api.seen);
