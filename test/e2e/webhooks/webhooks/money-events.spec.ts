/**
 * Money events (DESIGN.md "Events and webhooks"): commission.approved (at creation without a holding period,
 * else when the hold ends), commission.reversed (a refund), payout_batch.created and payout_batch.paid are
 * written in the transaction of the change, read in GET /events, delivered signed to subscribers, each once,
 * and their `data` is what the OpenAPI document's webhooks say. (A partner's subscription to them:
 * test/e2e/oauth/oauth-http/partner-subscriptions.spec.ts.)
 */
import { createAffiliate, createProgram, type ProgramFixture } from '../../../helpers/factories';
import { useTestServer } from '../../../helpers/harness';
import { startHook, verify, webhookClient, type Hook } from '../../../helpers/webhooks';

const server = useTestServer();
let hook: Hook;
beforeAll(async () => {
  hook = await startHook();
});
afterAll(async () => {
  await hook?.close();
});

const { sql, api, register, drain, eventsOf, gql } = webhookClient(() => server);

async function saleOf(p: ProgramFixture, totalEarned: number) {
  const a = await createAffiliate(server, p.key);
  const res = await api(p, 'POST', '/sales', { referralId: a.id, name: 'Buyer', email: `buyer-${Date.now()}-${Math.random()}@example.com`, totalEarned });
  expect(res.status).toBe(200);
  return res.body as { id: number; commissionEarned: number; affiliateId: string };
}

const typesOf = (events: any[]) => events.map((e) => e.type);
const schemaKeys = async (name: string) => {
  const doc = (await server.api('GET', '/openapi.json')).body;
  return { keys: Object.keys(doc.components.schemas[name].properties).sort(), doc };
};

test('without a holding period, a sale approves its commission at once: sale.created then commission.approved, data as documented', async () => {
  const p = await createProgram(server);
  const sale = await saleOf(p, 200);
  const events = await eventsOf(p);
  expect(typesOf(events).slice(-2)).toEqual(['sale.created', 'commission.approved']);
  const approved = events.at(-1);
  expect(approved.data).toMatchObject({ saleId: sale.id, affiliateId: sale.affiliateId, amount: sale.commissionEarned, status: 'approved', currency: 'USD' });
  const { keys, doc } = await schemaKeys('Commission');
  expect(Object.keys(approved.data).sort()).toEqual(keys);
  expect(doc.webhooks['commission.approved'].post.requestBody.content['application/json'].schema.properties.data).toEqual({
    $ref: '#/components/schemas/Commission',
  });
  expect(Object.keys(doc.webhooks).sort()).toEqual(
    expect.arrayContaining(['commission.approved', 'commission.reversed', 'payout_batch.created', 'payout_batch.paid', 'sale.created']),
  );
});

test('with a holding period, commission.approved goes out when the hold ends (the worker), once, even when a read approves at the same time', async () => {
  const p = await createProgram(server, { commissionHoldDays: 30 });
  const sale = await saleOf(p, 100);
  expect(typesOf(await eventsOf(p))).not.toContain('commission.approved');
  expect(await server.runtime.approvals.runOnce()).toBe(0);

  await sql(`update commissions set hold_until = now() - interval '1 second' where program_id = ? and sale_id = ?`, [p.programId, sale.id]);
  // The worker and a list that approves due commissions first race; the row's update decides, once.
  const [n, listed] = await Promise.all([server.runtime.approvals.runOnce(), gql(p, '{ commissions { nodes { saleId status } } }')]);
  expect(listed.errors).toBeUndefined();
  expect(n).toBeLessThanOrEqual(1);
  const approved = (await eventsOf(p, { type: 'commission.approved' })).filter((e) => e.data.saleId === sale.id);
  expect(approved).toHaveLength(1);
  expect(approved[0].data.status).toBe('approved');
  expect(approved[0].data.approvedAt).not.toBeNull();
  expect(await server.runtime.approvals.runOnce()).toBe(0);
  expect((await eventsOf(p, { type: 'commission.approved' })).filter((e) => e.data.saleId === sale.id)).toHaveLength(1);
});

test('marking a commission past its hold paid by hand approves it first: commission.approved once, then paid', async () => {
  const p = await createProgram(server, { commissionHoldDays: 10 });
  const sale = await saleOf(p, 40);
  await sql(`update commissions set hold_until = now() - interval '1 second' where program_id = ? and sale_id = ?`, [p.programId, sale.id]);
  const paid = await gql(p, 'mutation($s: SafeInt!) { markCommissionPaid(saleId: $s) { status paidManually } }', { s: sale.id });
  expect(paid.data.markCommissionPaid).toEqual({ status: 'paid', paidManually: true });
  expect((await eventsOf(p, { type: 'commission.approved' })).filter((e) => e.data.saleId === sale.id)).toHaveLength(1);
  expect(await server.runtime.approvals.runOnce()).toBe(0);
});

test('a refund reverses the commission: sale.refunded then commission.reversed, in the same transaction', async () => {
  const p = await createProgram(server);
  const sale = await saleOf(p, 80);
  const refund = await api(p, 'PATCH', '/sales', { saleId: sale.id });
  expect(refund.status).toBe(200);
  const events = await eventsOf(p);
  expect(typesOf(events).slice(-2)).toEqual(['sale.refunded', 'commission.reversed']);
  expect(events.at(-1).data).toMatchObject({ saleId: sale.id, status: 'reversed', amount: 0 });
  expect(events.at(-1).data.reversedAt).not.toBeNull();
  // Refunding again changes nothing, and sends nothing.
  expect((await api(p, 'PATCH', '/sales', { saleId: sale.id })).status).toBe(200);
  expect(typesOf(await eventsOf(p)).filter((t) => t === 'commission.reversed')).toHaveLength(1);
});

test('payout batches: payout_batch.created, then payout_batch.paid once; a refused batch sends nothing', async () => {
  const p = await createProgram(server);
  const sales = [await saleOf(p, 100), await saleOf(p, 50)];
  const refused = await gql(p, 'mutation($s: [SafeInt!]) { createPayoutBatch(saleIds: $s) { id } }', { s: [sales[0].id, 999_999] });
  expect(refused.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  expect(typesOf(await eventsOf(p))).not.toContain('payout_batch.created');

  const created = await gql(p, 'mutation($s: [SafeInt!]) { createPayoutBatch(saleIds: $s) { id total commissionCount } }', { s: sales.map((s) => s.id) });
  expect(created.errors).toBeUndefined();
  const batch = created.data.createPayoutBatch;
  const [createdEvent] = await eventsOf(p, { type: 'payout_batch.created' });
  expect(createdEvent.data).toMatchObject({ id: batch.id, status: 'open', total: batch.total, commissionCount: 2, paidAt: null });
  const { keys } = await schemaKeys('PayoutBatch');
  expect(Object.keys(createdEvent.data).sort()).toEqual(keys);

  for (let i = 0; i < 2; i++) expect((await gql(p, 'mutation($id: ID!) { markPayoutBatchPaid(id: $id) { status } }', { id: batch.id })).errors).toBeUndefined();
  const paid = await eventsOf(p, { type: 'payout_batch.paid' });
  expect(paid).toHaveLength(1);
  expect(paid[0].data).toMatchObject({ id: batch.id, status: 'paid' });
  expect(paid[0].data.paidAt).not.toBeNull();
});

test('money events reach subscribed endpoints, signed; an endpoint not subscribed to them gets none', async () => {
  const p = await createProgram(server);
  const money = await register(p, `${hook.url}?money`, { events: ['commission.approved', 'commission.reversed', 'payout_batch.created', 'payout_batch.paid'] });
  const other = await register(p, `${hook.url}?sales`, { events: ['sale.created'] });
  const before = hook.hits.length;
  const sale = await saleOf(p, 60);
  await api(p, 'PATCH', '/sales', { saleId: sale.id });
  await drain();
  const hits = hook.hits.slice(before).filter((h) => h.json?.programId === p.programId);
  const moneyHits = hits.filter((h) => h.json.type.startsWith('commission.'));
  // Deliveries run concurrently: their arrival order is not the events' order (the event log's is).
  expect(moneyHits.map((h) => h.json.type).sort()).toEqual(['commission.approved', 'commission.reversed']);
  for (const h of moneyHits) expect(verify(money.secret, h).type).toBe(h.json.type);
  expect(hits.filter((h) => h.json.type === 'sale.created')).toHaveLength(1);
  expect(() => verify(other.secret, moneyHits[0])).toThrow();
});
