import type { EntityManager } from '@mikro-orm/postgresql';
import { execute } from '../../db/sql';
import type { PayoutMethod } from '../affiliates/affiliate.entity';
import type { PayoutStatus } from '../../validation/enums';

/** One of an affiliate's payouts, as the affiliate sees it (no destination: the portal shows its details apart). */
export interface AffiliatePayoutRow {
  id: string;
  batchId: string;
  status: PayoutStatus;
  method: PayoutMethod;
  currency: string;
  amount: string;
  commissionCount: number;
  reference: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

/** The affiliate's payouts, newest first (payouts_affiliate_idx). */
export async function payoutsOfAffiliate(em: EntityManager, programId: string, affiliateId: string, limit: number): Promise<AffiliatePayoutRow[]> {
  const rows = await execute<
    Array<{
      id: string;
      batch_id: string;
      status: PayoutStatus;
      method: PayoutMethod;
      currency: string;
      amount: string;
      commission_count: number;
      reference: string | null;
      created_at: Date;
      paid_at: Date | null;
    }>
  >(
    em,
    `select id, batch_id, status, method, currency, amount::text as amount, commission_count, reference, created_at, paid_at
       from payouts where program_id = ? and affiliate_id = ?
      order by created_at desc, id desc limit ?`,
    [programId, affiliateId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    batchId: r.batch_id,
    status: r.status,
    method: r.method,
    currency: r.currency,
    amount: r.amount,
    commissionCount: r.commission_count,
    reference: r.reference,
    createdAt: new Date(r.created_at),
    paidAt: r.paid_at ? new Date(r.paid_at) : null,
  }));
}
