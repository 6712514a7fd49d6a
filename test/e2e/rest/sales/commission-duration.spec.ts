/**
 * Commission duration on commission plans (DESIGN.md "Billing provider ingestion (Stripe)"): a plan says how
 * long a referred customer earns commissions for its affiliate (lifetime, first_payment, months, payments with
 * commissionDurationLimit); a sale past it is recorded with commission 0 and commissionLimitReached: true, in
 * REST and GraphQL. Over HTTP against real PostgreSQL.
 */
import { createAffiliate } from '../../../helpers/factories';
import { useProgram, useTestServer } from '../../../helpers/harness';
import { uniq } from '../../../helpers/spec-client';
import { restClient } from '../../../helpers/rest-client';

const server = useTestServer();
const p = useProgram(server, { defaultCommissionRate: 20 });

const { sql } = restClient(() => server);

const PLAN = 'mutation($i: CreateCommissionPlanInput!) { createCommissionPlan(input: $i) { id commissionDuration commissionDurationLimit } }';

async function plan(input: Record<string, unknown>) {
  const res = await server.graphql(PLAN, { i: { name: `Plan ${uniq()}`, commissionRate: 10, ...input } }, p.key);
  return res.body;
}

/** A customer (referral) of an affiliate on a plan with this duration. */
async function customerOn(duration: Record<string, unknown>) {
  const made = await plan(duration);
  expect(made.errors).toBeUndefined();
  const a = await createAffiliate(server, p.key, { commissionPlanId: made.data.createCommissionPlan.id });
  const r = await server.api('POST', '/referrals', {
    token: p.key,
    body: { affiliateId: a.id, name: 'Cust', email: `c-${uniq()}@example.com`, referredUserExternalId: `ext-${uniq()}` },
  });
  expect(r.status).toBe(200);
  return r.body.id as string;
}

async function sale(referralId: string, totalEarned = 100) {
  const res = await server.api('POST', '/sales', { token: p.key, body: { referralId, totalEarned } });
  expect(res.status).toBe(200);
  return res.body as { id: number; commissionEarned: number; commissionLimitReached: boolean };
}

test('payments: the first N sales earn, the next are recorded with 0 and commissionLimitReached (REST and GraphQL)', async () => {
  const customer = await customerOn({ commissionDuration: 'payments', commissionDurationLimit: 2 });
  const sales = [await sale(customer), await sale(customer), await sale(customer)];
  expect(sales.map((s) => [s.commissionEarned, s.commissionLimitReached])).toEqual([
    [10, false],
    [10, false],
    [0, true],
  ]);
  const viaGraphql = await server.graphql('query($id: SafeInt!) { sale(id: $id) { commissionLimitReached commissionEarned } }', { id: sales[2].id }, p.key);
  expect(viaGraphql.body.data.sale).toEqual({ commissionLimitReached: true, commissionEarned: 0 });
  const listed = (await server.api('GET', '/sales', { token: p.key, query: { id: String(sales[2].id) } })).body;
  expect(listed).toMatchObject({ commissionLimitReached: true, commissionEarned: 0 });
});

test('first_payment: only the first sale earns', async () => {
  const customer = await customerOn({ commissionDuration: 'first_payment' });
  expect((await sale(customer)).commissionEarned).toBe(10);
  expect(await sale(customer)).toMatchObject({ commissionEarned: 0, commissionLimitReached: true });
});

test('a sale past the duration stays at zero when its amounts are corrected (PUT /sales)', async () => {
  const customer = await customerOn({ commissionDuration: 'first_payment' });
  await sale(customer);
  const past = await sale(customer);
  const put = await server.api('PUT', '/sales', { token: p.key, body: { saleId: past.id, totalEarned: 150 } });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ totalEarned: 150, commissionEarned: 0, commissionLimitReached: true });
});

test('months: sales within N months of the first earn; later ones do not', async () => {
  const customer = await customerOn({ commissionDuration: 'months', commissionDurationLimit: 2 });
  const first = await sale(customer);
  expect((await sale(customer)).commissionEarned).toBe(10);
  // The first sale was three months ago: the window has closed.
  await sql(`update sales set created_at = now() - interval '3 months' where program_id = ? and id = ?`, [p.programId, first.id]);
  expect(await sale(customer)).toMatchObject({ commissionEarned: 0, commissionLimitReached: true });
});

test('lifetime (the default) earns on every sale; a plan states its duration', async () => {
  const made = await plan({});
  expect(made.data.createCommissionPlan).toMatchObject({ commissionDuration: 'lifetime', commissionDurationLimit: null });
  const customer = await customerOn({ commissionDuration: 'lifetime' });
  for (let i = 0; i < 3; i++) expect(await sale(customer)).toMatchObject({ commissionEarned: 10, commissionLimitReached: false });
});

test.each([
  [{ commissionDuration: 'months' }, 'commissionDurationLimit'],
  [{ commissionDuration: 'payments', commissionDurationLimit: 0 }, 'commissionDurationLimit'],
  [{ commissionDuration: 'lifetime', commissionDurationLimit: 3 }, 'commissionDurationLimit'],
  [{ commissionDuration: 'weeks' }, 'commissionDuration'],
])('a plan %j is refused naming %s', async (input, field) => {
  const res = await plan(input);
  expect(res.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  expect(JSON.stringify(res.errors![0])).toContain(field);
});
