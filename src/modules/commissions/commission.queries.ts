import type { RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows } from '../../db/rows';
import { Commission } from './commission.entity';

/** The SQL of commissions and their ledger; every statement names its program (db/rows explains the raw SQL). */

/** The commission of a sale, locked until the transaction ends; read-only data (the ledger saves changes by statement). */
export async function commissionForSaleForUpdate(em: EntityManager, programId: string, saleId: number): Promise<Commission | null> {
  const rows = await detachedRows(em, Commission, 'select * from commissions where program_id = ? and sale_id = ? for update', [programId, saleId]);
  return rows[0] ?? null;
}

/** Inserts a new commission (through the unit of work, which writes its program_id); the caller appends its entry. */
export async function insertCommission(em: EntityManager, data: RequiredEntityData<Commission>): Promise<Commission> {
  const commission = em.create(Commission, data);
  em.persist(commission);
  await em.flush();
  return commission;
}

/** Appends one ledger entry. */
export async function insertLedgerEntry(
  em: EntityManager,
  c: Pick<Commission, 'programId' | 'id'>,
  kind: 'earned' | 'correction' | 'reversal',
  amount: string,
  note: string | null,
): Promise<void> {
  await em.execute('insert into commission_entries (program_id, commission_id, kind, amount, note) values (?, ?, ?, ?, ?)', [
    c.programId,
    c.id,
    kind,
    amount,
    note,
  ]);
}

/** Moves the affiliate's total earned commission by `amount` (negative to take back). */
export async function addAffiliateEarnings(em: EntityManager, programId: string, affiliateId: string, amount: string): Promise<void> {
  await em.execute('update affiliates set total_commission_earned = total_commission_earned + ?::numeric, updated_at = now() where program_id = ? and id = ?', [
    amount,
    programId,
    affiliateId,
  ]);
}

/** Saves what a correction changes: the rate and base it was computed from and the amount. */
export async function saveCommissionTerms(em: EntityManager, c: Commission): Promise<void> {
  await em.execute('update commissions set rate = ?, base = ?, amount = ?, updated_at = ? where program_id = ? and id = ?', [
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
  await em.execute('update commissions set amount = ?, status = ?, reversed_at = ?, updated_at = ? where program_id = ? and id = ?', [
    c.amount,
    c.status,
    c.reversedAt,
    c.updatedAt,
    c.programId,
    c.id,
  ]);
}
