import type { PageWindow } from '../../common/pagination';
import type { RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ListQuery, searchCondition, sortValuesOf } from '../../db/list-query';
import { detachedRows, toDetached } from '../../db/rows';
import { SEARCH_TEXT } from '../../db/search-texts';
import type { CommissionOrderField, PayoutBatchOrderField } from '../../validation/enums';
import { Commission } from '../commissions/commission.entity';
import { PayoutBatch } from './payout-batch.entity';
import { execute } from '../../db/sql';

/**
 * The SQL of payouts: commissions by status, payout batches and what paying moves; every statement names its
 * program. Rows come back read-only (db/rows); changes are written by the statements here.
 */

/**
 * Up to `limit` pending commissions whose holding period has ended become approved; the rows as they are now
 * (each gets its event). Rows another transaction is approving are skipped, not waited for.
 */
export function approveDueCommissions(em: EntityManager, programId: string, limit: number): Promise<Commission[]> {
  return detachedRows(
    em,
    Commission,
    `update commissions set status = 'approved', approved_at = now(), updated_at = now()
      where program_id = ? and id in (
        select id from commissions where program_id = ? and status = 'pending' and hold_until <= now() order by id limit ? for update skip locked)
      returning *`,
    [programId, programId, limit],
  );
}

/** Approves one pending commission now (by hand); the commission as it is now, or null when it is no longer pending. */
export async function approveCommissionRow(em: EntityManager, programId: string, id: string, at: Date): Promise<Commission | null> {
  const rows = await detachedRows(
    em,
    Commission,
    `update commissions set status = 'approved', approved_at = ?, updated_at = ? where program_id = ? and id = ? and status = 'pending' returning *`,
    [at, at, programId, id],
  );
  return rows[0] ?? null;
}

/** Up to `limit` programs with pending commissions past their hold (the approval worker's round), through commissions_due_idx. */
export async function programsWithDueCommissions(em: EntityManager, limit: number): Promise<string[]> {
  const rows = await execute<Array<{ program_id: string }>>(
    em,
    `/* all programs: the approval worker finds which programs have commissions to approve */
     select distinct program_id from commissions where status = 'pending' and hold_until <= now() limit ?`,
    [limit],
  );
  return rows.map((r) => r.program_id);
}

/** Which commissions a list keeps (the affiliate resolved to its UUID by the service). */
export interface CommissionsFilter {
  statuses: string[];
  affiliateId?: string | null;
  linkId?: string | null;
  search?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

const COMMISSION_SORT: Record<CommissionOrderField, string> = { createdAt: 'c.created_at', commission: 'c.amount' };

/** A page of commissions in creation order or the window's, with each row's sort value. */
export async function commissionsPage(
  em: EntityManager,
  programId: string,
  filter: CommissionsFilter,
  window: PageWindow<string>,
): Promise<{ rows: Commission[]; sortValues: string[]; q: ListQuery }> {
  const q = new ListQuery('commissions c', 'c.program_id', programId)
    .filter(filter.affiliateId, 'c.affiliate_id = ?')
    .filter(filter.linkId, 'c.sale_link_id = ?')
    .createdBetween('c.created_at', filter.createdAfter, filter.createdBefore);
  for (const status of filter.statuses) q.and('c.status = ?', status);
  // The affiliate's names and email, through affiliates_search_idx.
  const found = searchCondition(filter.search, [SEARCH_TEXT.affiliate('a')]);
  if (found) q.and(`exists (select 1 from affiliates a where a.program_id = c.program_id and a.id = c.affiliate_id and ${found.sql})`, ...found.params);
  q.page('c.id', window, window.order ? COMMISSION_SORT[window.order.field as CommissionOrderField] : null);
  const raw = await execute<Array<Record<string, unknown>>>(em, q.sql(`c.*${q.sortValue()}`), q.params);
  return { rows: toDetached(em, Commission, raw), sortValues: sortValuesOf(raw), q };
}

/** Which payout batches a list keeps. */
export interface PayoutBatchesFilter {
  status?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

const BATCH_SORT: Record<PayoutBatchOrderField, string> = { createdAt: 'b.created_at', commission: 'b.total', sales: 'b.commission_count' };

/** A page of the program's payout batches: newest first, or the window's order. */
export async function payoutBatchesPage(
  em: EntityManager,
  programId: string,
  filter: PayoutBatchesFilter,
  window: PageWindow<string>,
): Promise<{ rows: PayoutBatch[]; sortValues: string[]; q: ListQuery }> {
  const q = new ListQuery('payout_batches b', 'b.program_id', programId)
    .filter(filter.status, 'b.status = ?')
    .createdBetween('b.created_at', filter.createdAfter, filter.createdBefore)
    .page('b.id', window, window.order ? BATCH_SORT[window.order.field as PayoutBatchOrderField] : null, 'desc');
  const raw = await execute<Array<Record<string, unknown>>>(em, q.sql(`b.*${q.sortValue()}`), q.params);
  return { rows: toDetached(em, PayoutBatch, raw), sortValues: sortValuesOf(raw), q };
}

/**
 * The commissions a batch is made of, locked until the transaction ends (concurrent batches stay disjoint):
 * those named by commission id or by sale id, else every approved one not yet in a batch.
 */
export async function lockCommissionsForBatch(
  em: EntityManager,
  programId: string,
  by: { ids: string[] | null; saleIds: number[] | null },
): Promise<Commission[]> {
  const named = by.ids ?? by.saleIds;
  if (named && !named.length) return [];
  const condition = by.ids ? 'id in (?)' : by.saleIds ? 'sale_id in (?)' : `status = 'approved' and payout_batch_id is null`;
  return detachedRows(em, Commission, `select * from commissions where program_id = ? and ${condition} order by id for update`, [
    programId,
    ...(named ? [named] : []),
  ]);
}

/** Inserts a new batch (through the unit of work, which writes its program_id). */
export async function insertPayoutBatch(em: EntityManager, data: RequiredEntityData<PayoutBatch>): Promise<PayoutBatch> {
  const batch = em.create(PayoutBatch, data);
  em.persist(batch);
  await em.flush();
  return batch;
}

export async function assignCommissionsToBatch(em: EntityManager, programId: string, batchId: string, commissionIds: string[]): Promise<void> {
  await execute(em, 'update commissions set payout_batch_id = ?, updated_at = now() where program_id = ? and id in (?)', [batchId, programId, commissionIds]);
}

/** One batch, read. */
export async function payoutBatchById(em: EntityManager, programId: string, id: string): Promise<PayoutBatch | null> {
  return (await detachedRows(em, PayoutBatch, 'select * from payout_batches where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** The batch, locked until the transaction ends: paying it twice at once pays once. */
export async function payoutBatchForUpdate(em: EntityManager, programId: string, id: string): Promise<PayoutBatch | null> {
  return (await detachedRows(em, PayoutBatch, 'select * from payout_batches where program_id = ? and id = ? for update', [programId, id]))[0] ?? null;
}

/** Marks one commission paid by hand (outside any batch) as of `at`; the commission as it is now. */
export async function markCommissionPaidByHand(em: EntityManager, programId: string, id: string, at: Date): Promise<Commission> {
  const rows = await detachedRows(
    em,
    Commission,
    `update commissions set status = 'paid', paid_manually = true, paid_at = ?, updated_at = ? where program_id = ? and id = ? returning *`,
    [at, at, programId, id],
  );
  return rows[0];
}
