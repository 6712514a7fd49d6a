/**
 * Migration20261129000000_payouts on batches made before it: each batch gets one payout per affiliate in it, with
 * the exact sum and count of its commissions, paid when the batch was (and when), else waiting to be marked paid;
 * their method is `manual` (nothing said where the money went). Programs get a minimum payout of 0.
 */
import { createAffiliate, createProgram } from '../helpers/factories';
import { useTestServer } from '../helpers/harness';
import { restClient } from '../helpers/rest-client';

const server = useTestServer();
const { sql } = restClient(() => server);

async function sale(key: string, referralId: string, totalEarned: number): Promise<number> {
  const res = await server.api('POST', '/sales', { token: key, body: { referralId, name: 'Buyer', email: `b-${Math.random()}@example.com`, totalEarned } });
  expect(res.status).toBe(200);
  return res.body.id;
}

test('batches made before get their payouts per affiliate; a paid batch has paid payouts', async () => {
  const p = await createProgram(server);
  const a = await createAffiliate(server, p.key);
  const b = await createAffiliate(server, p.key);
  const sales = [await sale(p.key, a.id, 10), await sale(p.key, a.id, 0.05), await sale(p.key, b.id, 33.33), await sale(p.key, b.id, 50)];
  const migrator = server.runtime.orm.getMigrator();
  await migrator.down({ to: 'Migration20261129000000_payouts' });

  // Two batches as the code before this migration made them: commissions pointing at a batch row.
  const [paid] = await sql<{ id: string }>(
    `insert into payout_batches (id, program_id, status, currency, total, commission_count, created_at, paid_at)
     values (gen_random_uuid(), ?, 'paid', 'USD', 8.666, 3, now() - interval '2 days', now() - interval '1 day') returning id`,
    [p.programId],
  );
  const [open] = await sql<{ id: string }>(
    `insert into payout_batches (id, program_id, status, currency, total, commission_count) values (gen_random_uuid(), ?, 'open', 'USD', 10, 1) returning id`,
    [p.programId],
  );
  await sql(`update commissions set payout_batch_id = ?, status = 'paid', paid_at = now() - interval '1 day' where program_id = ? and sale_id in (?)`, [
    paid.id,
    p.programId,
    sales.slice(0, 3),
  ]);
  await sql('update commissions set payout_batch_id = ? where program_id = ? and sale_id = ?', [open.id, p.programId, sales[3]]);
  await migrator.up();

  const payouts = await sql<Record<string, any>>(
    `select batch_id, affiliate_id, amount::text as amount, currency, method, destination, status, commission_count,
            cardinality(commission_ids) as ids, paid_at is not null as has_paid_at
       from payouts where program_id = ? order by batch_id = ? desc, affiliate_id = ? desc`,
    [p.programId, paid.id, a.id],
  );
  expect(payouts).toEqual([
    {
      batch_id: paid.id,
      affiliate_id: a.id,
      amount: '2.010000',
      currency: 'USD',
      method: 'manual',
      destination: null,
      status: 'paid',
      commission_count: 2,
      ids: 2,
      has_paid_at: true,
    },
    {
      batch_id: paid.id,
      affiliate_id: b.id,
      amount: '6.670000',
      currency: 'USD',
      method: 'manual',
      destination: null,
      status: 'paid',
      commission_count: 1,
      ids: 1,
      has_paid_at: true,
    },
    {
      batch_id: open.id,
      affiliate_id: b.id,
      amount: '10.000000',
      currency: 'USD',
      method: 'manual',
      destination: null,
      status: 'processing',
      commission_count: 1,
      ids: 1,
      has_paid_at: false,
    },
  ]);
  const [program] = await sql<{ minimum_payout: string }>('select minimum_payout::text from programs where id = ?', [p.programId]);
  expect(program.minimum_payout).toBe('0.000000');

  // The open batch is paid the new way: its payout, then the batch.
  const marked = await server.api('POST', `/payout-batches/${open.id}/mark-paid`, { token: p.key, body: { reference: 'old-batch' } });
  expect(marked.status).toBe(200);
  expect(marked.body).toEqual(
    expect.objectContaining({ status: 'paid', payouts: [expect.objectContaining({ status: 'paid', reference: 'old-batch', amount: 10 })] }),
  );
});
