/**
 * The REST surface of payouts (DESIGN.md "Payouts"; every answer checked against the served OpenAPI document):
 * GET /payout-batches (payouts inside, status filter, limit/after paging with X-Next-Cursor), GET
 * /payout-batches/{id}, GET /payouts with its filters, POST /payout-batches (201; {}, commissionIds or saleIds, not
 * both) and its Idempotency-Key replay, and the routes and webhooks the document lists. Each payout names its affiliate
 * and lists its commissions (oldest first, as they are now), as GraphQL does.
 */
import { randomUUID } from 'node:crypto';
import { expectError, expectValidation, ISO_RE, testNoServerErrors, UUID_RE } from '../../helpers/assertions';
import { useTestServer } from '../../helpers/harness';
import { expectReplay, newKey } from '../../helpers/idempotency';
import { MANUAL, PAYOUT_FIELDS, PAYPAL, payoutClient, refOf, STRIPE, WISE, type RestBatch, type RestPayout } from '../../helpers/payouts';
import type { ProgramFixture } from '../../helpers/factories';

const server = useTestServer();
const pay = payoutClient(() => server);
const { seen } = pay;

describe('reading batches and payouts', () => {
  let p: ProgramFixture;
  let open: RestBatch;
  let paid: RestBatch;
  let failed: RestBatch;
  const who: Record<string, Awaited<ReturnType<typeof pay.payee>>> = {};
  beforeAll(async () => {
    p = await pay.program();
    who.pp = await pay.payee(p, PAYPAL('list-pp@example.com'));
    who.wise = await pay.payee(p, WISE('list-wise@example.com'));
    who.stripe = await pay.payee(p, STRIPE('acct_List1'));
    who.manual = await pay.payee(p, MANUAL);
    // Oldest first: a batch that will be paid, one that will fail, one left open.
    await pay.sale(p, who.pp.id, 100);
    await pay.sale(p, who.wise.id, 200);
    paid = await pay.batch(p);
    await pay.markBatchPaid(p, paid.id, { reference: 'LIST-1' });
    paid = await pay.readBatch(p, paid.id);
    await pay.sale(p, who.manual.id, 300);
    failed = await pay.batch(p);
    expect((await pay.markFailed(p, failed.payouts[0].id, 'closed')).status).toBe(200);
    for (const a of Object.values(who)) await pay.sale(p, a.id, 50);
    open = await pay.batch(p);
    // Read after the open batch took the commission the failed payout freed: a payout shows its commissions as they are now.
    failed = await pay.readBatch(p, failed.id);
  });

  test('GET /payout-batches: every batch with its payouts, newest first', async () => {
    const res = await pay.batches.get(p);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([open, failed, paid]);
    expect(res.headers.get('x-next-cursor')).toBeNull();
    expect(paid).toMatchObject({ status: 'paid', total: 30, commissionCount: 2, paidAt: expect.stringMatching(ISO_RE) });
    expect(failed).toMatchObject({ status: 'failed', total: 30, commissionCount: 1 });
    // The open batch took the commission the failed payout freed: the manual payee's 30 with its new 5.
    expect(open).toMatchObject({ status: 'open', total: 50, commissionCount: 5, paidAt: null });
    expect(open.payouts).toHaveLength(4);
    expect(pay.payoutOf(open, who.manual.id)).toMatchObject({ amount: 35, commissionCount: 2 });
    // The failed payout still lists the commission it was made of: now in the open batch, oldest first there.
    const freed = failed.payouts[0].commissions;
    expect(freed).toEqual([expect.objectContaining({ affiliateId: who.manual.id, amount: 30, status: 'approved', payoutBatchId: open.id })]);
    expect(pay.payoutOf(open, who.manual.id).commissions.map((c) => [c.id, c.amount])).toEqual([
      [freed[0].id, 30],
      [expect.any(String), 5],
    ]);
    // Each names its affiliate.
    const byId = Object.fromEntries(Object.values(who).map((a) => [a.id, refOf(a)]));
    for (const x of [paid, failed, open].flatMap((b) => b.payouts)) expect(x.affiliate).toEqual(byId[x.affiliateId!]);
  });

  test('GET /payout-batches?status=: one kind; an unknown status is 400', async () => {
    for (const [status, expected] of [
      ['open', [open]],
      ['paid', [paid]],
      ['failed', [failed]],
    ] as const)
      expect({ status, body: (await pay.batches.get(p, { status })).body }).toEqual({ status, body: expected });
    expectValidation(await pay.batches.get(p, { status: 'settled' }), 'status');
  });

  test('limit and after: pages with X-Next-Cursor, the last without', async () => {
    const first = await pay.batches.get(p, { limit: '2' });
    expect(first.body).toEqual([open, failed]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toEqual(expect.any(String));
    const second = await pay.batches.get(p, { limit: '2', after: cursor! });
    expect(second.body).toEqual([paid]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expectValidation(await pay.batches.get(p, { limit: '0' }), 'limit');
    expectValidation(await pay.batches.get(p, { limit: '501' }), 'limit');
  });

  test('GET /payout-batches/{id}: the batch as the list shows it; unknown or malformed: 404', async () => {
    for (const b of [open, paid, failed]) expect(await pay.readBatch(p, b.id)).toEqual(b);
    for (const id of [randomUUID(), 'abc', open.payouts[0].id]) expectError(await pay.getBatch(p, id), 404, 'NOT_FOUND');
  });

  test('GET /payouts: every payout newest first; filters by batchId, status, method and affiliateId, together too', async () => {
    const all = await pay.listPayouts(p);
    expect(all).toEqual([open, failed, paid].flatMap((b) => [...b.payouts].reverse()));
    expect(all).toHaveLength(7);
    const ids = (list: RestPayout[]) => list.map((x) => x.id).sort();
    expect(ids(await pay.listPayouts(p, { batchId: paid.id }))).toEqual(ids(paid.payouts));
    expect(ids(await pay.listPayouts(p, { status: 'paid' }))).toEqual(ids(paid.payouts));
    expect(await pay.listPayouts(p, { status: 'failed' })).toEqual(failed.payouts);
    expect(await pay.listPayouts(p, { status: 'pending' })).toEqual([pay.payoutOf(open, who.stripe.id)]);
    expect(ids(await pay.listPayouts(p, { status: 'processing' }))).toEqual(ids(open.payouts.filter((x) => x.method !== 'stripe_connect')));
    expect(ids(await pay.listPayouts(p, { method: 'paypal' }))).toEqual(ids([pay.payoutOf(paid, who.pp.id), pay.payoutOf(open, who.pp.id)]));
    expect(await pay.listPayouts(p, { affiliateId: who.manual.id, status: 'processing' })).toEqual([pay.payoutOf(open, who.manual.id)]);
    expect(await pay.listPayouts(p, { affiliateId: who.wise.id, batchId: paid.id, method: 'wise', status: 'paid' })).toEqual([pay.payoutOf(paid, who.wise.id)]);
    expect(await pay.listPayouts(p, { affiliateId: who.wise.id, method: 'paypal' })).toEqual([]);
    // Ids that name nothing match nothing.
    expect(await pay.listPayouts(p, { batchId: 'not-a-uuid' })).toEqual([]);
    expect(await pay.listPayouts(p, { affiliateId: randomUUID() })).toEqual([]);
  });

  test('GraphQL payouts(filter) and payout(id) agree with REST', async () => {
    const Q = `query($f: PayoutFilterInput) { payouts(filter: $f, first: 50) { totalCount nodes { ${PAYOUT_FIELDS} } } }`;
    const rest = await pay.listPayouts(p, { status: 'processing', method: 'wise' });
    const gql = (await pay.gqlData(p, Q, { f: { status: 'processing', method: 'wise' } })).payouts;
    expect(gql.totalCount).toBe(1);
    expect(gql.nodes).toEqual(rest);
    const byBatch = (await pay.gqlData(p, Q, { f: { batchId: paid.id } })).payouts.nodes.map((n: { id: string }) => n.id);
    expect(byBatch.sort()).toEqual(paid.payouts.map((x) => x.id).sort());
    const byAffiliate = (await pay.gqlData(p, Q, { f: { affiliateId: who.manual.id } })).payouts.nodes.map((n: { id: string }) => n.id);
    expect(byAffiliate).toEqual([pay.payoutOf(open, who.manual.id).id, pay.payoutOf(failed, who.manual.id).id]);
    const one = `query($id: ID!) { payout(id: $id) { ${PAYOUT_FIELDS} } }`;
    for (const x of [...paid.payouts, ...failed.payouts, ...open.payouts]) expect((await pay.gqlData(p, one, { id: x.id })).payout).toEqual(x);
    const missing = await pay.gql(p, one, { id: randomUUID() });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  test('GET /payouts: paging; unknown status or method is 400', async () => {
    const all = await pay.listPayouts(p);
    const got: RestPayout[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await pay.payouts.get(p, after ? { limit: '3', after } : { limit: '3' });
      expect(res.status).toBe(200);
      got.push(...res.body);
      after = res.headers.get('x-next-cursor');
      if (!after) break;
    }
    expect(got).toEqual(all);
    expectValidation(await pay.payouts.get(p, { status: 'sent' }), 'status');
    expectValidation(await pay.payouts.get(p, { method: 'bitcoin' }), 'method');
  });
});

test('lists without limit are whole: 120 payouts in one batch, GET /payouts answers them all', async () => {
  const p = await pay.program();
  const ids: string[] = [];
  for (let i = 0; i < 120; i++) {
    const a = await pay.payee(p, i % 2 ? PAYPAL() : MANUAL);
    await pay.sale(p, a.id, 10 + i);
    ids.push(a.id);
  }
  const b = await pay.batch(p);
  expect(b.payouts).toHaveLength(120);
  expect(b.commissionCount).toBe(120);
  const all = await pay.listPayouts(p);
  expect(all.map((x) => x.affiliateId).sort()).toEqual([...ids].sort());
  expect(all).toEqual([...b.payouts].reverse());
  expect((await pay.readBatch(p, b.id)).payouts).toHaveLength(120);
  expect((await pay.listPayouts(p, { method: 'paypal' })).length).toBe(60);
  // 10 % of 10 + 11 + … + 129
  expect(Math.round(b.total * 100)).toBe(Array.from({ length: 120 }, (_, i) => (10 + i) * 10).reduce((x, y) => x + y, 0));
});

describe('POST /payout-batches', () => {
  test('201 with the batch; its payouts shaped as documented', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL('shape@example.com'), { firstName: 'Grace', lastName: 'Hopper', email: 'grace.shape@example.com' });
    const s = await pay.sale(p, a.id, 100);
    const res = await pay.createBatch(p, {});
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID_RE),
      status: 'open',
      currency: 'USD',
      total: 10,
      commissionCount: 1,
      createdAt: expect.stringMatching(ISO_RE),
      paidAt: null,
      payouts: [
        {
          id: expect.stringMatching(UUID_RE),
          batchId: res.body.id,
          affiliateId: a.id,
          amount: 10,
          currency: 'USD',
          method: 'paypal',
          destination: 'shape@example.com',
          status: 'processing',
          reference: null,
          failureReason: null,
          lastError: null,
          commissionCount: 1,
          createdAt: expect.stringMatching(ISO_RE),
          paidAt: null,
          failedAt: null,
          affiliate: { id: a.id, firstName: 'Grace', lastName: 'Hopper', email: 'grace.shape@example.com' },
          commissions: [
            {
              id: expect.stringMatching(UUID_RE),
              saleId: s.id,
              affiliateId: a.id,
              rate: 10,
              currency: 'USD',
              status: 'approved',
              amount: 10,
              base: 100,
              holdUntil: null,
              approvedAt: expect.stringMatching(ISO_RE),
              payoutBatchId: res.body.id,
              paidAt: null,
              paidManually: false,
              reversedAt: null,
              createdAt: expect.stringMatching(ISO_RE),
            },
          ],
        },
      ],
    });
    // The commission as GraphQL shows it.
    expect(res.body.payouts[0].commissions).toEqual(await pay.commissionsOf(p, [s.id]));
  });

  test('malformed bodies: 400 and no batch', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    const s = await pay.sale(p, a.id, 100);
    expectValidation(await pay.call('POST', '/payout-batches', { token: p.key, rawBody: '{' }));
    expectValidation(await pay.createBatch(p, { saleIds: [String(s.id)] }), 'saleIds');
    expectValidation(await pay.createBatch(p, { commissionIds: 'x' }), 'commissionIds');
    expectValidation(await pay.createBatch(p, { programId: p.programId }));
    expect((await pay.batches.get(p)).body).toEqual([]);
  });

  test('an id in the body or query beside the one in the path: 400 naming id, neither batch touched', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL());
    await pay.sale(p, a.id, 10);
    const first = await pay.batch(p);
    await pay.sale(p, a.id, 20);
    const second = await pay.batch(p);
    expectValidation(await pay.call('POST', `/payout-batches/${first.id}/mark-paid`, { token: p.key, body: { id: second.id } }), 'id');
    expectValidation(await pay.call('POST', `/payouts/${first.payouts[0].id}/mark-paid`, { token: p.key, body: { id: second.payouts[0].id } }), 'id');
    expectValidation(await pay.call('GET', `/payout-batches/${first.id}/export`, { token: p.key, query: { format: 'paypal', id: second.id } }), 'id');
    expect((await pay.batches.get(p)).body).toEqual([second, first]);
  });

  test('Idempotency-Key: a replay answers the same batch (201) and makes no second one, even when more became owed', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    await pay.sale(p, a.id, 100);
    const key = newKey();
    const first = await pay.createBatch(p, {}, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const later = await pay.sale(p, a.id, 40);
    const again = await pay.createBatch(p, {}, { 'Idempotency-Key': key });
    expectReplay(first, again);
    expect((await pay.batches.get(p)).body.map((b: RestBatch) => b.id)).toEqual([first.body.id]);
    expect(await pay.commissionOf(p, later.id)).toMatchObject({ payoutBatchId: null });
    expect(await pay.eventsOf(p, 'payout_batch.created')).toHaveLength(1);
    // The same key with another body: 422; a new key makes the next batch.
    expectError(await pay.createBatch(p, { saleIds: [later.id] }, { 'Idempotency-Key': key }), 422, 'IDEMPOTENCY_KEY_REUSED');
    const next = await pay.createBatch(p, {}, { 'Idempotency-Key': newKey() });
    expect(next.status).toBe(201);
    expect(next.body.payouts.map((x: RestPayout) => x.amount)).toEqual([4]);
  });

  test('Idempotency-Key sent by five requests at once: one batch', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, MANUAL);
    await pay.sale(p, a.id, 100);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay.createBatch(p, {}, { 'Idempotency-Key': key })));
    for (const r of answers) expect([201, 409]).toContain(r.status);
    const made = answers.filter((r) => r.status === 201);
    expect(new Set(made.map((r) => r.body.id)).size).toBe(1);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect((await pay.batches.get(p)).body).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  test('lists the payout routes and the payout webhooks, their data the REST Payout', async () => {
    const doc = (await server.api('GET', '/openapi.json')).body;
    const ops = (path: string) => Object.keys(doc.paths[path] ?? {}).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m));
    expect(ops('/payout-batches').sort()).toEqual(['get', 'post']);
    expect(ops('/payout-batches/{id}')).toEqual(['get']);
    expect(ops('/payout-batches/{id}/export')).toEqual(['get']);
    expect(ops('/payouts')).toEqual(['get']);
    for (const path of ['/payout-batches/{id}/mark-paid', '/payout-batches/{id}/send', '/payouts/{id}/mark-paid', '/payouts/{id}/mark-failed'])
      expect({ path, ops: ops(path) }).toEqual({ path, ops: ['post'] });
    expect(Object.keys(doc.paths['/payout-batches'].post.responses)).toContain('201');
    const exp = doc.paths['/payout-batches/{id}/export'].get;
    expect(Object.keys(exp.responses['200'].content)).toEqual(['text/csv']);
    expect(exp.parameters.find((x: any) => x.name === 'format').schema.enum).toEqual(['paypal', 'wise']);
    for (const type of ['payout.paid', 'payout.failed'])
      expect(doc.webhooks[type].post.requestBody.content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/Payout' });
    // A payout names its affiliate (null once deleted, affiliateId too) and lists its commissions as commission.* events carry them.
    const payout = doc.components.schemas.Payout;
    expect(payout.required).toEqual(expect.arrayContaining(['affiliateId', 'affiliate', 'commissions']));
    expect(payout.properties.affiliateId.type).toEqual(['string', 'null']);
    expect(payout.properties.affiliate.anyOf).toEqual([{ $ref: '#/components/schemas/AffiliateRef' }, { type: 'null' }]);
    expect(doc.components.schemas.AffiliateRef.required).toEqual(['id', 'firstName', 'lastName', 'email']);
    expect(payout.properties.commissions).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/Commission' } });
    expect(doc.webhooks['commission.approved'].post.requestBody.content['application/json'].schema.properties.data).toEqual(
      payout.properties.commissions.items,
    );
    for (const type of ['payout_batch.created', 'payout_batch.paid'])
      expect(doc.webhooks[type].post.requestBody.content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/PayoutBatch' });
  });
});

testNoServerErrors(seen);
