import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows } from '../../db/rows';
import { Commission } from './commission.entity';
import { newId } from '../../common/ids';
import { execute } from '../../db/sql';

/** The SQL of commissions and their ledger; every statement names its program (db/rows explains the raw SQL). */

/** The commission of a sale, locked until the transaction ends; read-only data (the ledger saves changes by statement). */
export async function commissionForSaleForUpdate(em: EntityManager, programId: string, saleId: number): Promise<Commission | null> {
  const rows = await detachedRows(em, Commission, 'select * from commissions where program_id = ? and sale_id = ? for update', [programId, saleId]);
  return rows[0] ?? null;
}

/**
 * Inserts a new commission with its `earned` ledger entry, adds the amount to the affiliate's total and, when its
 * affiliate wants the emails, leaves the notice its "new commission" email is made from, in one statement;
 * returns the commission.
 */
export async function insertEarnedCommission(em: EntityManager, d: NewCommission): Promise<Commission> {
  const rows = await detachedRows(
    em,
    Commission,
    `with c as (
       insert into commissions (id, program_id, sale_id, affiliate_id, rate, base, amount, currency, status, hold_until, approved_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *),
     entry as (insert into commission_entries (program_id, commission_id, kind, amount, note) select program_id, id, 'earned', amount, null from c),
     earned as (
       update affiliates set total_commission_earned = total_commission_earned + (select amount from c), updated_at = now()
        where program_id = ? and id = ? returning notify_new_commission, affiliate_status),
     notice as (
       insert into commission_notices (program_id, commission_id, created_at)
       select c.program_id, c.id, c.created_at from c, earned where c.amount > 0 and earned.notify_new_commission and earned.affiliate_status <> 'rejected')
     select * from c`,
    [newId(), d.programId, d.saleId, d.affiliateId, d.rate, d.base, d.amount, d.currency, d.status, d.holdUntil, d.approvedAt, d.programId, d.affiliateId],
  );
  return rows[0];
}

/** What a new commission is recorded with. */
export type NewCommission = Pick<
  Commission,
  'programId' | 'saleId' | 'affiliateId' | 'rate' | 'base' | 'amount' | 'currency' | 'status' | 'holdUntil' | 'approvedAt'
>;

/** Appends one ledger entry. */
export async function insertLedgerEntry(
  em: EntityManager,
  c: Pick<Commission, 'programId' | 'id'>,
  kind: 'earned' | 'correction' | 'reversal',
  amount: string,
  note: string | null,
): Promise<void> {
  await execute(em, 'insert into commission_entries (program_id, commission_id, kind, amount, note) values (?, ?, ?, ?, ?)', [
    c.programId,
    c.id,
    kind,
    amount,
    note,
  ]);
}

/** Moves the affiliate's total earned commission by `amount` (negative to take back). */
export async function addAffiliateEarnings(em: EntityManager, programId: string, affiliateId: string, amount: string): Promise<void> {
  await execute(
    em,
    'update affiliates set total_commission_earned = total_commission_earned + ?::numeric, updated_at = now() where program_id = ? and id = ?',
    [amount, programId, affiliateId],
  );
}

/** Saves what a correction changes: the rate and base it was computed from and the amount. */
export async function saveCommissionTerms(em: EntityManager, c: Commission): Promise<void> {
  await execute(em, 'update commissions set rate = ?, base = ?, amount = ?, updated_at = ? where program_id = ? and id = ?', [
    c.rate,
    c.base,
    c.amount,
    c.updatedAt,
    c.programId,
    c.id,
  ]);
}

/** Saves a reversal: the amount (zero after the reversal entry), the status and when. */
export async function saveCommissionReversal(em: EntityManager, c: Commission): Promise<void> {
  await execute(em, 'update commissions set amount = ?, status = ?, reversed_at = ?, updated_at = ? where program_id = ? and id = ?', [
    c.amount,
    c.status,
    c.reversedAt,
    c.updatedAt,
    c.programId,
    c.id,
  ]);
}

/** The note that marks a ledger correction made by a partial refund (commissionBeforeRefunds leaves them out). */
export const REFUND_NOTE_PREFIX = 'refund:';

/** What the commission amounted to before any partial refund: its entries, less the refunds' corrections. */
export async function commissionBeforeRefunds(em: EntityManager, programId: string, commissionId: string): Promise<string> {
  const [row] = await execute<Array<{ amount: string }>>(
    em,
    `select coalesce(sum(amount), 0)::text as amount from commission_entries
      where program_id = ? and commission_id = ? and not (kind = 'correction' and note like ?)`,
    [programId, commissionId, `${REFUND_NOTE_PREFIX}%`],
  );
  return row.amount;
}
