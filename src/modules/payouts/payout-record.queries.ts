import type { EntityManager } from '@mikro-orm/postgresql';
import { ListQuery, sortValuesOf } from '../../db/list-query';
import { detachedRows, toDetached } from '../../db/rows';
import { execute } from '../../db/sql';
import type { PageWindow } from '../../common/pagination';
import { newId } from '../../common/ids';
import type { PayoutOrderField, PayoutStatus } from '../../validation/enums';
import { Affiliate } from '../affiliates/affiliate.entity';
import { Payout } from './payout.entity';
import { PayoutBatch } from './payout-batch.entity';

/**
 * The SQL of payouts (one affiliate's share of a batch): making them from a batch's commissions, settling them,
 * and what settling moves. Every statement names its program; rows come back read-only (db/rows).
 */

/** Batch creation in the program waits for any other one to commit: each sees the commissions the last one took. */
export async function lockBatchCreation(em: EntityManager, programId: string): Promise<void> {
  await execute(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`payout-batch:${programId}`]);
}

/**
 * Puts into the batch every approved, unbatched commission (in the batch's currency) of each affiliate that has
 * payout details and whose such commissions add up, rounded to the currency's `scale` (what would be paid), to at
 * least `minimum` and to more than zero. The affiliates
 * are chosen and their rows taken in one statement; the UPDATE re-checks each row it locks (a commission refunded
 * or paid by hand meanwhile is left out), so the sums are taken afterwards from the batch (`payoutSums`).
 */
export async function takeOwedCommissions(
  em: EntityManager,
  programId: string,
  batchId: string,
  currency: string,
  minimum: string,
  scale: number,
): Promise<void> {
  await execute(
    em,
    `with owed as (
       select c.affiliate_id from commissions c
         join affiliates a on a.program_id = c.program_id and a.id = c.affiliate_id and a.payout_method is not null
        where c.program_id = ? and c.status = 'approved' and c.payout_batch_id is null and c.currency = ?
        group by c.affiliate_id
       having round(sum(c.amount), ?) >= ? and round(sum(c.amount), ?) > 0)
     update commissions c set payout_batch_id = ?, updated_at = now()
       from owed
      where c.program_id = ? and c.affiliate_id = owed.affiliate_id and c.status = 'approved' and c.payout_batch_id is null and c.currency = ?`,
    [programId, currency, scale, minimum, scale, batchId, programId, currency],
  );
}

/** One affiliate's commissions in a batch, summed exactly, with its payout details as they are now. */
export interface PayoutSum {
  affiliate: Affiliate;
  amount: string;
  count: number;
}

/** Each affiliate's commissions in the batch, summed, with the affiliate (its payout details), by affiliate id. */
export async function payoutSums(em: EntityManager, programId: string, batchId: string): Promise<PayoutSum[]> {
  const rows = await execute<Array<Record<string, unknown>>>(
    em,
    `select a.*, s.amount::text as payout_amount, s.n as payout_count
       from (select affiliate_id, sum(amount) as amount, count(*)::int as n from commissions
              where program_id = ? and payout_batch_id = ? group by affiliate_id) s
       join affiliates a on a.program_id = ? and a.id = s.affiliate_id
      order by a.id`,
    [programId, batchId, programId],
  );
  const affiliates = toDetached(em, Affiliate, rows);
  return rows.map((r, i) => ({ affiliate: affiliates[i], amount: String(r.payout_amount), count: Number(r.payout_count) }));
}

/** Takes an affiliate's commissions out of the batch again (its sum fell short after a concurrent change). */
export async function releaseFromBatch(em: EntityManager, programId: string, batchId: string, affiliateIds: string[]): Promise<void> {
  if (!affiliateIds.length) return;
  await execute(
    em,
    `update commissions set payout_batch_id = null, updated_at = now()
      where program_id = ? and payout_batch_id = ? and affiliate_id in (?) and status = 'approved'`,
    [programId, batchId, affiliateIds],
  );
}

/** A payout to insert: who, how much, and how it is paid. */
export interface NewPayout {
  affiliateId: string;
  amount: string;
  count: number;
  method: Payout['method'];
  destination: string | null;
  status: PayoutStatus;
}

/**
 * Inserts the batch's payouts in one statement, each with the ids of the commissions it is made of (gathered in
 * the database: a payout of many commissions never travels through the process).
 */
export async function insertPayouts(em: EntityManager, programId: string, batch: PayoutBatch, payouts: NewPayout[]): Promise<Payout[]> {
  if (!payouts.length) return [];
  const col = <T>(f: (p: NewPayout) => T) => payouts.map(f);
  return detachedRows(
    em,
    Payout,
    `insert into payouts (program_id, id, batch_id, affiliate_id, amount, currency, method, destination, status, commission_count, commission_ids,
                          created_at, updated_at)
     select ?, p.id, ?, p.affiliate_id, p.amount, ?, p.method, p.destination, p.status, p.n,
            array(select c.id from commissions c where c.program_id = ? and c.payout_batch_id = ? and c.affiliate_id = p.affiliate_id order by c.id),
            ?, ?
       from unnest(?::uuid[], ?::uuid[], ?::numeric[], ?::text[], ?::text[], ?::text[], ?::int[]) as p(id, affiliate_id, amount, method, destination, status, n)
     returning *`,
    [
      programId,
      batch.id,
      batch.currency,
      programId,
      batch.id,
      batch.createdAt,
      batch.createdAt,
      payouts.map(() => newId()),
      col((p) => p.affiliateId),
      col((p) => p.amount),
      col((p) => p.method),
      col((p) => p.destination),
      col((p) => p.status),
      col((p) => p.count),
    ],
  );
}

/** The batch's total and count, written once its payouts are made. */
export async function setBatchTotals(em: EntityManager, programId: string, batchId: string, total: string, count: number): Promise<void> {
  await execute(em, 'update payout_batches set total = ?, commission_count = ? where program_id = ? and id = ?', [total, count, programId, batchId]);
}

/** The batch's payouts, by affiliate... in creation order (the order they were made in). */
export function payoutsOfBatch(em: EntityManager, programId: string, batchId: string): Promise<Payout[]> {
  return detachedRows(em, Payout, 'select * from payouts where program_id = ? and batch_id = ? order by id', [programId, batchId]);
}

/** The payouts of several batches (the GraphQL loader), in creation order. */
export function payoutsOfBatches(em: EntityManager, programId: string, batchIds: readonly string[]): Promise<Payout[]> {
  return detachedRows(em, Payout, 'select * from payouts where program_id = ? and batch_id in (?) order by id', [programId, [...batchIds]]);
}

/**
 * Locks the batch until the transaction ends. Whatever settles a payout takes its batch first, then the payout:
 * one order everywhere (no deadlock), and the last payout of a batch to be settled sees every other one settled.
 */
export async function lockBatch(em: EntityManager, programId: string, batchId: string): Promise<void> {
  await execute(em, 'select 1 from payout_batches where program_id = ? and id = ? for update', [programId, batchId]);
}

/** One payout, locked until the transaction ends (settling it twice at once settles once). */
export async function payoutForUpdate(em: EntityManager, programId: string, id: string): Promise<Payout | null> {
  return (await detachedRows(em, Payout, 'select * from payouts where program_id = ? and id = ? for update', [programId, id]))[0] ?? null;
}

/** One payout, read. */
export async function payoutById(em: EntityManager, programId: string, id: string): Promise<Payout | null> {
  return (await detachedRows(em, Payout, 'select * from payouts where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/**
 * Payouts of one batch are paid, each with its commissions (they can no longer be refunded), in one statement; the
 * payouts as they are now, in id order (those no longer waiting are left out).
 */
export function markPayoutRowsPaid(em: EntityManager, programId: string, ids: readonly string[], reference: string | null, at: Date): Promise<Payout[]> {
  if (!ids.length) return Promise.resolve([]);
  return detachedRows(
    em,
    Payout,
    `with paid as (
       update payouts set status = 'paid', reference = coalesce(?, reference), paid_at = ?, last_error = null, updated_at = ?
        where program_id = ? and id in (?) and status in ('pending', 'processing') returning *),
     commissions_paid as (
       update commissions c set status = 'paid', paid_at = ?, updated_at = now()
         from paid where c.program_id = paid.program_id and c.payout_batch_id = paid.batch_id and c.affiliate_id = paid.affiliate_id
          and c.status = 'approved')
     select * from paid order by id`,
    [reference, at, at, programId, [...ids], at],
  );
}

/** A payout failed: its commissions leave the batch, free for a later one; null when it was not waiting. */
export async function markPayoutRowFailed(em: EntityManager, p: Payout, reason: string, at: Date): Promise<Payout | null> {
  const rows = await detachedRows(
    em,
    Payout,
    `update payouts set status = 'failed', failure_reason = ?, failed_at = ?, updated_at = ?
      where program_id = ? and id = ? and status in ('pending', 'processing') returning *`,
    [reason, at, at, p.programId, p.id],
  );
  if (!rows.length) return null;
  if (p.affiliateId) await releaseFromBatch(em, p.programId, p.batchId, [p.affiliateId]);
  return rows[0];
}

/**
 * Claims the batch's Stripe Connect payouts still to send (pending, or processing after an attempt that got no
 * answer): marked processing, each with when its transfer was first asked for (null: never; set now), in a
 * transaction of its own so a crash after the transfer leaves them processing.
 */
export async function claimStripePayouts(em: EntityManager, programId: string, batchId: string): Promise<Array<{ payout: Payout; firstSentAt: Date | null }>> {
  const rows = await execute<Array<Record<string, unknown>>>(
    em,
    `with due as (
       select id, first_sent_at from payouts
        where program_id = ? and batch_id = ? and method = 'stripe_connect' and status in ('pending', 'processing')
        order by id for update)
     update payouts p set status = 'processing', first_sent_at = coalesce(p.first_sent_at, now()), updated_at = now()
       from due where p.program_id = ? and p.id = due.id
     returning p.*, due.first_sent_at as first_sent_before`,
    [programId, batchId, programId],
  );
  const payouts = toDetached(em, Payout, rows);
  return rows.map((r, i) => ({ payout: payouts[i], firstSentAt: r.first_sent_before ? new Date(r.first_sent_before as string) : null }));
}

/** Why the last attempt to send a payout ended without an answer; it stays processing. */
export async function notePayoutError(em: EntityManager, p: Payout, error: string): Promise<void> {
  await execute(em, `update payouts set last_error = ?, updated_at = now() where program_id = ? and id = ? and status = 'processing'`, [
    error,
    p.programId,
    p.id,
  ]);
}

/**
 * Settles the batch when none of its payouts waits any more: paid when one was paid, failed when all failed.
 * The batch as it is now when this changed it, else null.
 */
export async function settleBatchIfDone(em: EntityManager, programId: string, batchId: string, at: Date): Promise<PayoutBatch | null> {
  const rows = await detachedRows(
    em,
    PayoutBatch,
    `update payout_batches b
        set status = case when exists (select 1 from payouts p where p.program_id = b.program_id and p.batch_id = b.id and p.status = 'paid')
                          then 'paid' else 'failed' end,
            paid_at = ?
      where b.program_id = ? and b.id = ? and b.status = 'open'
        and not exists (select 1 from payouts p where p.program_id = b.program_id and p.batch_id = b.id and p.status in ('pending', 'processing'))
      returning *`,
    [at, programId, batchId],
  );
  return rows[0] ?? null;
}

/** The batch's payouts that wait to be marked paid: all of them, or all but the Stripe Connect ones (sendPayoutBatch pays those). */
export function waitingPayoutsForUpdate(em: EntityManager, programId: string, batchId: string): Promise<Payout[]> {
  return detachedRows(
    em,
    Payout,
    `select * from payouts where program_id = ? and batch_id = ? and status in ('pending', 'processing') and method <> 'stripe_connect' order by id for update`,
    [programId, batchId],
  );
}

/** Which payouts a list keeps. */
export interface PayoutsFilter {
  status?: string | null;
  method?: string | null;
  affiliateId?: string | null;
  batchId?: string | null;
}

const PAYOUT_SORT: Record<PayoutOrderField, string> = { createdAt: 'p.created_at', commission: 'p.amount' };

/** A page of the program's payouts: newest first, or the window's order. */
export async function payoutsPage(
  em: EntityManager,
  programId: string,
  filter: PayoutsFilter,
  window: PageWindow<string>,
): Promise<{ rows: Payout[]; sortValues: string[]; q: ListQuery }> {
  const q = new ListQuery('payouts p', 'p.program_id', programId)
    .filter(filter.status, 'p.status = ?')
    .filter(filter.method, 'p.method = ?')
    .filter(filter.affiliateId, 'p.affiliate_id = ?')
    .filter(filter.batchId, 'p.batch_id = ?')
    .page('p.id', window, window.order ? PAYOUT_SORT[window.order.field as PayoutOrderField] : null, 'desc');
  const raw = await execute<Array<Record<string, unknown>>>(em, q.sql(`p.*${q.sortValue()}`), q.params);
  return { rows: toDetached(em, Payout, raw), sortValues: sortValuesOf(raw), q };
}

/** What each affiliate is owed now: approved commissions not paid and not in a batch, summed, by affiliate id. */
export interface OwedRow {
  affiliate: Affiliate;
  amount: string;
  count: number;
}

/** A page of what is owed, per affiliate with such commissions (in the program's currency), by affiliate id. */
export async function owedPage(em: EntityManager, programId: string, currency: string, after: string | null, limit: number): Promise<OwedRow[]> {
  const rows = await execute<Array<Record<string, unknown>>>(
    em,
    `select a.*, s.amount::text as owed_amount, s.n as owed_count
       from (select affiliate_id, sum(amount) as amount, count(*)::int as n from commissions
              where program_id = ? and status = 'approved' and payout_batch_id is null and currency = ?
                and (?::uuid is null or affiliate_id > ?::uuid)
              group by affiliate_id order by affiliate_id limit ?) s
       join affiliates a on a.program_id = ? and a.id = s.affiliate_id
      order by a.id`,
    [programId, currency, after, after, limit, programId],
  );
  const affiliates = toDetached(em, Affiliate, rows);
  return rows.map((r, i) => ({ affiliate: affiliates[i], amount: String(r.owed_amount), count: Number(r.owed_count) }));
}
