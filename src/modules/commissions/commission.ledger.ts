import type { EntityManager } from '@mikro-orm/postgresql';
import { add, dec, neg, sub, toText } from '../../common/decimal';
import type { Commission } from './commission.entity';

/**
 * The commission ledger: every change to what an affiliate earned is an appended entry, and the
 * commission's amount and the affiliate's total move by exactly that entry, in the caller's transaction.
 */
export async function appendEntry(em: EntityManager, c: Commission, kind: 'earned' | 'correction' | 'reversal', amount: string, note?: string): Promise<void> {
  await em.execute('insert into commission_entries (program_id, commission_id, kind, amount, note) values (?, ?, ?, ?, ?)', [c.programId, c.id, kind, amount, note ?? null]);
  if (kind !== 'earned') c.amount = toText(add(dec(c.amount), dec(amount)));
  await em.execute('update affiliates set total_commission_earned = total_commission_earned + ?::numeric, updated_at = now() where id = ?', [amount, c.affiliateId]);
}

/** Sets the commission to `target` with a correction entry of the difference (nothing when equal). */
export async function correctTo(em: EntityManager, c: Commission, target: string, note: string): Promise<void> {
  const delta = sub(dec(target), dec(c.amount));
  if (delta.units === 0n) return;
  await appendEntry(em, c, 'correction', toText(delta), note);
}

/** Cancels whatever the commission still amounts to with a reversal entry. */
export async function reverse(em: EntityManager, c: Commission, note: string): Promise<void> {
  await appendEntry(em, c, 'reversal', toText(neg(dec(c.amount))), note);
}
