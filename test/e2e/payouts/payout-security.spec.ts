/**
 * Who may touch payouts (DESIGN.md "Tenancy and credentials", "Payouts"): another program's API key gets 404 for
 * this program's batches and payouts and changes nothing; a partner (OAuth) token gets 403 FORBIDDEN on every payout
 * route and GraphQL field, may not subscribe to payout events, and never sees payout details; a dashboard session is
 * refused by REST (403) and no credential is 401.
 */
import { createPartnerToken, type ProgramFixture } from '../../helpers/factories';
import { expectError, testNoServerErrors } from '../../helpers/assertions';
import { useTestServer } from '../../helpers/harness';
import { PAYPAL, payoutClient, STRIPE, WISE, type RestBatch } from '../../helpers/payouts';

const server = useTestServer();
const pay = payoutClient(() => server);
const { seen } = pay;

let A: ProgramFixture;
let B: ProgramFixture;
let batch: RestBatch;
let saleId: number;
let affiliateId: string;
let affiliateEmail: string;
let partner: string;
beforeAll(async () => {
  A = await pay.program();
  B = await pay.program();
  const a = await pay.payee(A, PAYPAL('secret-pay@example.com'));
  const s = await pay.payee(A, STRIPE('acct_Secret1'));
  affiliateId = a.id;
  affiliateEmail = a.email;
  saleId = (await pay.sale(A, a.id, 100)).id;
  await pay.sale(A, s.id, 100);
  batch = await pay.batch(A);
  // B has a batch of its own.
  const b = await pay.payee(B, WISE());
  await pay.sale(B, b.id, 100);
  await pay.batch(B);
  partner = await createPartnerToken(server, A);
});

/** Every payout route, with A's ids. */
const routes = (): Array<[string, string, Record<string, unknown>?, Record<string, string>?]> => [
  ['GET', '/payout-batches'],
  ['POST', '/payout-batches', {}],
  ['GET', `/payout-batches/${batch.id}`],
  ['GET', `/payout-batches/${batch.id}/export`, undefined, { format: 'paypal' }],
  ['POST', `/payout-batches/${batch.id}/send`, {}],
  ['POST', `/payout-batches/${batch.id}/mark-paid`, { reference: 'x' }],
  ['GET', '/payouts'],
  ['POST', `/payouts/${batch.payouts[0].id}/mark-paid`, { reference: 'x' }],
  ['POST', `/payouts/${batch.payouts[1].id}/mark-failed`, { reason: 'x' }],
];

/** What A's payouts look like now, seen by A's key: batches, payouts, events, emails. */
async function stateOfA() {
  return {
    batches: (await pay.batches.get(A)).body,
    payouts: await pay.listPayouts(A),
    events: (await pay.call('GET', '/events', { token: A.key, query: { limit: '500' } })).body.map((e: any) => e.id),
    owed: await pay.amountsOwed(A),
    refund: (await pay.refund(A, saleId)).body,
  };
}

describe("another program's API key", () => {
  test('404 NOT_FOUND on every route naming one of A’s batches or payouts, and nothing of A changes', async () => {
    const before = await stateOfA();
    for (const [method, path, body, query] of routes().filter(([, path]) => /\/(payout-batches|payouts)\/[^/]+/.test(path))) {
      const res = await pay.call(method, path, { token: B.key, body, query });
      expect({ method, path, status: res.status, code: res.body?.code }).toEqual({ method, path, status: 404, code: 'NOT_FOUND' });
    }
    expect(await stateOfA()).toEqual(before);
    expect(before.batches[0].status).toBe('open');
  });

  test('its lists and filters show none of A’s; its batch takes none of A’s commissions', async () => {
    const bBatches: RestBatch[] = (await pay.batches.get(B)).body;
    expect(bBatches).toHaveLength(1);
    expect(bBatches[0].id).not.toBe(batch.id);
    expect(await pay.listPayouts(B, { batchId: batch.id })).toEqual([]);
    expect(await pay.listPayouts(B, { affiliateId })).toEqual([]);
    expect((await pay.listPayouts(B)).map((x) => x.batchId)).toEqual([bBatches[0].id]);
    expect(await pay.amountsOwed(B)).toEqual({});
    expectError(await pay.createBatch(B, { saleIds: [saleId] }), 400, 'VALIDATION_FAILED');
  });

  test('GraphQL: payoutBatch, payout, payoutBatchExport and the mutations are NOT_FOUND', async () => {
    const before = await stateOfA();
    const ops: Array<[string, Record<string, unknown>]> = [
      ['query($id: ID!) { payoutBatch(id: $id) { id } }', { id: batch.id }],
      ['query($id: ID!) { payout(id: $id) { id affiliate { email } commissions { id } } }', { id: batch.payouts[0].id }],
      ['query($id: ID!) { payoutBatchExport(id: $id, format: paypal) { content } }', { id: batch.id }],
      ['mutation($id: ID!) { markPayoutBatchPaid(id: $id) { id } }', { id: batch.id }],
      ['mutation($id: ID!) { markPayoutPaid(id: $id) { id } }', { id: batch.payouts[0].id }],
      ['mutation($id: ID!) { markPayoutFailed(id: $id, reason: "x") { id } }', { id: batch.payouts[1].id }],
      ['mutation($id: ID!) { sendPayoutBatch(id: $id) { id } }', { id: batch.id }],
    ];
    for (const [query, variables] of ops) {
      const res = await pay.gql(B, query, variables);
      expect({ query, code: res.body.errors?.[0]?.extensions?.code }).toEqual({ query, code: 'NOT_FOUND' });
    }
    // A's programId named with B's key: not B's to read.
    const named = await pay.gql(B, 'query($p: ID) { payoutBatches(programId: $p) { nodes { id } } }', { p: A.programId });
    expect(named.body.data?.payoutBatches?.nodes?.map((n: { id: string }) => n.id) ?? []).not.toContain(batch.id);
    expect(await stateOfA()).toEqual(before);
  });
});

describe('a partner (OAuth) token of the same program', () => {
  test('403 FORBIDDEN on every payout route, and nothing changes', async () => {
    const before = await stateOfA();
    for (const [method, path, body, query] of routes()) {
      const res = await pay.call(method, path, { token: partner, body, query });
      expect({ method, path, status: res.status, code: res.body?.code }).toEqual({ method, path, status: 403, code: 'FORBIDDEN' });
    }
    expect(await stateOfA()).toEqual(before);
  });

  test('FORBIDDEN on every payout field of GraphQL', async () => {
    const before = await stateOfA();
    const ops: Array<[string, Record<string, unknown>?]> = [
      ['{ payoutBatches { nodes { id } } }'],
      ['query($id: ID!) { payoutBatch(id: $id) { id } }', { id: batch.id }],
      ['query($id: ID!) { payoutBatchExport(id: $id, format: paypal) { content } }', { id: batch.id }],
      ['{ payouts { nodes { id destination } } }'],
      ['{ payouts { nodes { id affiliate { email } commissions { id amount } } } }'],
      ['query($id: ID!) { payout(id: $id) { id destination } }', { id: batch.payouts[0].id }],
      ['{ amountsOwed { affiliateId amount } }'],
      ['mutation { createPayoutBatch { id } }'],
      ['mutation($id: ID!) { markPayoutBatchPaid(id: $id) { id } }', { id: batch.id }],
      ['mutation($id: ID!) { markPayoutPaid(id: $id) { id } }', { id: batch.payouts[0].id }],
      ['mutation($id: ID!) { markPayoutFailed(id: $id, reason: "x") { id } }', { id: batch.payouts[1].id }],
      ['mutation($id: ID!) { sendPayoutBatch(id: $id) { id } }', { id: batch.id }],
    ];
    for (const [query, variables] of ops) {
      const res = await pay.gql(partner, query, variables ?? {});
      expect({ query, code: res.body.errors?.[0]?.extensions?.code }).toEqual({ query, code: 'FORBIDDEN' });
      expect(res.text).not.toContain('secret-pay@example.com');
      expect(res.text).not.toContain('acct_Secret1');
      expect(res.text).not.toContain(affiliateEmail);
    }
    expect(await stateOfA()).toEqual(before);
  });

  test('may not subscribe a webhook to payout events (403); a subscription to everything leaves them out', async () => {
    for (const events of [['payout.paid'], ['payout.failed'], ['payout_batch.created'], ['payout_batch.paid'], ['sale.created', 'payout.paid']]) {
      const res = await pay.call('POST', '/webhooks', { token: partner, body: { url: 'http://127.0.0.1:9/hook', events } });
      expect({ events, status: res.status, code: res.body.code }).toEqual({ events, status: 403, code: 'FORBIDDEN' });
    }
    const all = await pay.call('POST', '/webhooks', { token: partner, body: { url: 'http://127.0.0.1:9/all' } });
    expect(all.status).toBe(200);
    expect(all.body.events.filter((e: string) => e.startsWith('payout'))).toEqual([]);
    expectError(await pay.call('GET', '/events', { token: partner, query: { type: 'payout.paid' } }), 403, 'FORBIDDEN');
  });

  test('is blind to payout details: not in REST affiliates, FORBIDDEN in GraphQL', async () => {
    const listed = await pay.call('GET', '/affiliates', { token: partner, query: { id: affiliateId } });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain('secret-pay@example.com');
    for (const key of ['payoutMethod', 'payoutEmail', 'stripeAccountId']) expect(listed.body).not.toHaveProperty(key);
    const gql = await pay.gql(partner, 'query($id: String) { affiliate(id: $id) { id payoutMethod payoutEmail stripeAccountId } }', { id: affiliateId });
    expect(gql.body.errors?.map((e: any) => e.extensions.code)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    expect(gql.text).not.toContain('secret-pay@example.com');
    expect(gql.text).not.toContain('acct_Secret1');
    expectError(await pay.call('PUT', '/affiliates', { token: partner, body: { affiliateId, payoutEmail: 'attacker@example.com' } }), 403, 'FORBIDDEN');
    expect((await pay.readBatch(A, batch.id)).payouts[0].destination).toBe('secret-pay@example.com');
  });
});

describe('other credentials', () => {
  test('a dashboard session on REST: 403 FORBIDDEN on every payout route; no credential: 401', async () => {
    const before = await stateOfA();
    for (const [method, path, body, query] of routes()) {
      const session = await pay.call(method, path, { token: A.session, body, query });
      expect({ method, path, status: session.status, code: session.body?.code }).toEqual({ method, path, status: 403, code: 'FORBIDDEN' });
      const none = await pay.call(method, path, { body, query });
      expect({ method, path, status: none.status, code: none.body?.code }).toEqual({ method, path, status: 401, code: 'UNAUTHENTICATED' });
    }
    expect(await stateOfA()).toEqual(before);
  });

  test('the owner’s session reads payouts through GraphQL with programId; another user’s session cannot', async () => {
    const q = 'query($p: ID, $id: ID!) { payoutBatch(programId: $p, id: $id) { id status } }';
    const other = await pay.gql(B.session, q, { p: A.programId, id: batch.id });
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(other.body.errors?.[0]?.extensions?.code);
    const mine = await pay.gqlData(A.session, q, { p: A.programId, id: batch.id });
    expect(mine.payoutBatch).toEqual({ id: batch.id, status: 'open' });
  });
});

testNoServerErrors(seen);
