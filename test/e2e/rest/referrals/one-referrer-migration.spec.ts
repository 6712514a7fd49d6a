/**
 * Migration20261127200000_one_referrer_per_customer on a database that holds several referrals of one customer
 * (made before "one customer, one referrer"): every row, sale and counter survives; the oldest referral stays the
 * customer's and the later ones are marked superseded; then the API answers with the one referral, over HTTP.
 * The duplicates are made the way old databases got them: the migration is reverted, rows of three customers
 * become one customer's, and the migration runs again.
 */
import { useProgram, useTestServer } from '../../../helpers/harness';
import { person, restClient } from '../../../helpers/rest-client';
import { testNoServerErrors } from '../../../helpers/assertions';

const MIGRATION = 'Migration20261127200000_one_referrer_per_customer';

const server = useTestServer();

const api = restClient(() => server);
const { seen, program, sql, createAffiliate, affiliateById, createReferral, recordSale } = api;
const referrals = api.endpoint('/referrals');

describe('existing duplicate referrals of one customer', () => {
  let affiliates: any[];
  /** r[0..2]: one customer's after the rewrite (r[1] the oldest); r[3] another customer's. */
  let r: any[];
  let before: { referrals: any[]; sales: any[]; affiliates: any[] };
  const customer = `cus-legacy-${Date.now()}`;

  /** Every column a referral had before the migration. */
  const referralRows = (programId: string) =>
    sql(
      `select id, affiliate_id, link_id, click_id, promotional_code_id, promo_code, name, email, referred_user_external_id, subscription_status,
              self_referral, created_at, updated_at from referrals where program_id = ? order by id`,
      [programId],
    );
  const superseded = async (programId: string) =>
    Object.fromEntries(
      (await sql<{ id: string; s: boolean }>('select id, superseded_at is not null as s from referrals where program_id = ?', [programId])).map((x) => [
        x.id,
        x.s,
      ]),
    );
  const saleRows = (programId: string) =>
    sql('select id, referral_id, affiliate_id, link_id, total_earned, refunded from sales where program_id = ? order by id', [programId]);
  const affiliateRows = (programId: string) =>
    sql('select id, number_of_referred_users, total_commission_earned from affiliates where program_id = ? order by id', [programId]);

  const p = useProgram(() => program());
  beforeAll(async () => {
    affiliates = [await createAffiliate(p), await createAffiliate(p), await createAffiliate(p)];
    r = [];
    for (const a of [...affiliates, affiliates[0]]) r.push(await createReferral(p, { affiliateId: a.id }));
    // Each referral with a sale (and its commission) of its own.
    for (const x of r) await recordSale(p, { referralId: x.id, totalEarned: 100, commissionRate: 10 });

    const migrator = server.runtime.orm.getMigrator();
    await migrator.down(MIGRATION);
    await sql('update referrals set referred_user_external_id = ? where program_id = ? and id in (?, ?, ?)', [
      customer,
      p.programId,
      r[0].id,
      r[1].id,
      r[2].id,
    ]);
    // The oldest by creation time, not by id: the middle one.
    await sql(`update referrals set created_at = created_at - interval '1 hour' where program_id = ? and id = ?`, [p.programId, r[1].id]);
    before = { referrals: await referralRows(p.programId), sales: await saleRows(p.programId), affiliates: await affiliateRows(p.programId) };
    await migrator.up(MIGRATION);
  });

  test('no row is lost or changed: referrals (but the mark), sales, counters', async () => {
    expect(await referralRows(p.programId)).toEqual(before.referrals);
    expect(await saleRows(p.programId)).toEqual(before.sales);
    expect(await affiliateRows(p.programId)).toEqual(before.affiliates);
    expect((await affiliateById(p, affiliates[0].id)).numberOfReferredUsers).toBe(2);
  });

  test('the oldest referral stays the customer’s; the later ones are superseded; other customers untouched', async () => {
    const marks = await superseded(p.programId);
    expect([r[0].id, r[1].id, r[2].id, r[3].id].map((id) => marks[id])).toEqual([true, false, true, false]);
  });

  test('the database holds one live referral per customer (a second one is refused by the unique key)', async () => {
    await expect(
      sql(
        `insert into referrals (id, program_id, affiliate_id, name, email, referred_user_external_id) values (gen_random_uuid(), ?, ?, 'N', 'n@example.com', ?)`,
        [p.programId, affiliates[2].id, customer],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  test('GET /referrals?externalId= still lists every referral of the customer (history)', async () => {
    const res = await referrals.get(p, { externalId: customer });
    expect(res.body.map((x: any) => x.id)).toEqual([r[0].id, r[1].id, r[2].id]);
  });

  test('POST /referrals for the customer answers the kept referral; nothing is made', async () => {
    const kept = (await referrals.get(p, { id: r[1].id })).body;
    const res = await referrals.post(p, { affiliateId: affiliates[2].id, ...person({ referredUserExternalId: customer }) });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: kept });
    expect((await referrals.get(p, { externalId: customer })).body).toHaveLength(3);
  });

  test("POST /sales {email} with any of the customer's emails credits the kept referral's affiliate", async () => {
    for (const x of [r[0], r[1], r[2]]) {
      const sale = await recordSale(p, { email: x.email.toUpperCase(), totalEarned: 10 });
      expect({ referralId: sale.referralId, affiliateId: sale.affiliateId }).toEqual({ referralId: r[1].id, affiliateId: affiliates[1].id });
    }
    // Another customer of the same affiliate as a superseded one: its own referral.
    const other = await recordSale(p, { email: r[3].email, totalEarned: 10 });
    expect(other.referralId).toBe(r[3].id);
  });

  test("POST /sales {referralId} naming a superseded referral credits the customer's live one", async () => {
    for (const x of [r[0], r[2]]) {
      const sale = await recordSale(p, { referralId: x.id, totalEarned: 10 });
      expect({ referralId: sale.referralId, affiliateId: sale.affiliateId }).toEqual({ referralId: r[1].id, affiliateId: affiliates[1].id });
    }
    const own = await recordSale(p, { referralId: r[1].id, totalEarned: 10 });
    expect(own.referralId).toBe(r[1].id);
  });

  test('the kept referral deleted: the customer may be referred anew (superseded rows stay history)', async () => {
    expect((await referrals.delete(p, { referralId: r[1].id })).status).toBe(200);
    const fresh = await createReferral(p, { affiliateId: affiliates[2].id, referredUserExternalId: customer });
    expect(fresh.affiliateId).toBe(affiliates[2].id);
    expect((await referrals.get(p, { externalId: customer })).body.map((x: any) => x.id)).toEqual([r[0].id, r[2].id, fresh.id]);
    // A superseded referral now credits the customer's new referral.
    expect((await recordSale(p, { referralId: r[0].id, totalEarned: 10 })).referralId).toBe(fresh.id);
  });
});

testNoServerErrors(seen);
