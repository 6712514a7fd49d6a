import { entities } from '../../src/modules/entities';
import { detachedRows } from '../../src/db/rows';
import { Affiliate } from '../../src/modules/affiliates/affiliate.entity';
import { Sale } from '../../src/modules/sales/sale.entity';
import { createAffiliate } from '../helpers/factories';
import { useProgram, useTestServer } from '../helpers/harness';

/**
 * Hot paths read through hand-written SQL (src/db/rows.ts) instead of em.find: the entities they produce must
 * be exactly what em.find produces, for every entity and every column type (uuid, text, decimal, bigint,
 * timestamptz, json, arrays, booleans, nulls).
 */
const server = useTestServer();
let programId: string;
/** Entities the fixtures below do not create rows for (their mapping is still compared when rows exist). */
const NOT_SEEDED = new Set(['AffiliateGroup', 'CommissionPlan', 'AutoCouponRule', 'OAuthToken', 'Job', 'Email']);
const p = useProgram(server, { commissionHoldDays: 3 });
beforeAll(async () => {
  programId = p.programId;
  const a = await createAffiliate(server, p.key, { commissionRate: 12.5 });
  const ok = async (method: string, path: string, body: Record<string, unknown>) => {
    const res = await server.api(method, path, { token: p.key, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  await ok('POST', '/referrals', { affiliateId: a.id, email: 'r@example.com', name: 'R', referredUserExternalId: 'u1' });
  await ok('POST', '/sales', { referralId: a.id, email: 's@example.com', name: 'S', totalEarned: 12.345, tax: 1, externalId: 'x1' });
  // A second sale, approved by hand and paid out in a batch: a payout row (uuid[] of its commissions).
  const paidOut = await ok('POST', '/sales', { referralId: a.id, email: 's2@example.com', name: 'S2', totalEarned: 40, externalId: 'x2' });
  const approved = await server.graphql(
    'mutation($p: ID, $s: SafeInt!) { approveCommission(programId: $p, saleId: $s) { id } }',
    { p: programId, s: paidOut.id },
    p.session,
  );
  if (approved.body.errors) throw new Error(JSON.stringify(approved.body.errors));
  const batch = await server.api('POST', '/payout-batches', { token: p.key, body: { saleIds: [paidOut.id] } });
  if (batch.status !== 201) throw new Error(`POST /payout-batches: ${batch.status} ${batch.text}`);
  const coupon = await ok('POST', '/coupons', { name: 'C', percentOff: 10, duration: 'forever' });
  await ok('POST', '/promotional-codes', { couponId: coupon.id, code: 'LEAN10', affiliateId: a.id });
  await ok('POST', '/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['sale.created'] });
  await ok('POST', '/clicks', { link: a.affiliateLinks[0], referrer: 'https://blog.example.com' });
  // A portal sign-in link, used: its row and a portal session.
  const portalLink = await server.api('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId: a.id } });
  if (portalLink.status !== 201) throw new Error(`POST /affiliate-portal-links: ${portalLink.status} ${portalLink.text}`);
  await fetch(portalLink.body.url, { redirect: 'manual' });
  const integration = await server.graphql(
    'mutation($p: ID, $i: CreateBillingIntegrationInput!) { createBillingIntegration(programId: $p, input: $i) { id } }',
    { p: programId, i: { provider: 'stripe', signingSecret: 'whsec_lean_rows_0123456789abcdef' } },
    p.session,
  );
  if (integration.body.errors) throw new Error(JSON.stringify(integration.body.errors));
});

test.each(entities.map((e) => [e.name, e] as const))('%s: detached rows carry the same data as em.find', async (_name, entity) => {
  const em = server.runtime.orm.em.fork();
  const meta = em.getMetadata().get(entity.name);
  const pk = meta.primaryKeys[0];
  // The program's rows (every statement on a tenant table names its program, test/tenancy).
  const tenant = 'programId' in meta.properties;
  const found = (await em.find(entity as any, tenant ? { programId } : {}, { orderBy: { [pk]: 'asc' }, limit: 20 })) as object[];
  const where = tenant ? 'where program_id = ?' : '';
  const rows = await detachedRows(
    em.fork(),
    entity as any,
    `select * from ${meta.tableName} ${where} order by ${meta.properties[pk].fieldNames[0]} limit 20`,
    tenant ? [programId] : [],
  );
  if (!NOT_SEEDED.has(entity.name)) expect(found.length).toBeGreaterThan(0);
  expect(rows.length).toBe(found.length);
  for (let i = 0; i < rows.length; i++) {
    const plain = (o: object) => Object.fromEntries(meta.props.map((p) => [p.name, (o as Record<string, unknown>)[p.name]]));
    expect(plain(rows[i])).toEqual(plain(found[i]));
  }
});

test('the fixtures cover the column types the mapper converts', async () => {
  const em = server.runtime.orm.em.fork();
  const [sale] = await detachedRows(em, Sale, 'select * from sales where program_id = ? order by id limit 1', [programId]);
  expect(typeof sale.id).toBe('number');
  expect(sale.createdAt).toBeInstanceOf(Date);
  expect(typeof sale.totalEarned).toBe('string');
  expect(sale.refunded).toBe(false);
});

test('a detached row is a plain object with the entity’s values, outside the identity map', async () => {
  const em = server.runtime.orm.em.fork();
  const [plain] = await detachedRows(em, Affiliate, 'select * from affiliates where program_id = ? order by id limit 1', [programId]);
  expect(plain).not.toBeInstanceOf(Affiliate);
  const managed = await em.findOneOrFail(Affiliate, { programId, id: plain.id });
  expect(plain).not.toBe(managed);
  expect(plain).toEqual({ ...managed });
});
