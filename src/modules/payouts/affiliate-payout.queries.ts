import type { EntityManager } from '@mikro-orm/postgresql';
import { execute } from '../../db/sql';

/** One payout batch as one affiliate sees it: its own commissions in it, summed. */
export interface AffiliatePayoutRow {
  batchId: string;
  status: 'open' | 'paid';
  currency: string;
  amount: string;
  commissionCount: number;
  createdAt: Date;
  paidAt: Date | null;
}

/** The batches that hold the affiliate's commissions, newest first, with its share of each. */
export async function payoutsOfAffiliate(em: EntityManager, programId: string, affiliateId: string, limit: number): Promise<AffiliatePayoutRow[]> {
  const rows = await execute<
    Array<{ id: string; status: 'open' | 'paid'; currency: string; amount: string; n: number; created_at: Date; paid_at: Date | null }>
  >(
    em,
    `select b.id, b.status, b.currency, sum(c.amount)::text as amount, count(*)::int as n, b.created_at, b.paid_at
       from commissions c join payout_batches b on b.program_id = c.program_id and b.id = c.payout_batch_id
      where c.program_id = ? and c.affiliate_id = ? and c.payout_batch_id is not null
      group by b.id, b.status, b.currency, b.created_at, b.paid_at
      order by b.created_at desc, b.id desc limit ?`,
    [programId, affiliateId, limit],
  );
  return rows.map((r) => ({
    batchId: r.id,
    status: r.status,
    currency: r.currency,
    amount: r.amount,
    commissionCount: r.n,
    createdAt: new Date(r.created_at),
    paidAt: r.paid_at ? new Date(r.paid_at) : null,
  }));
}
