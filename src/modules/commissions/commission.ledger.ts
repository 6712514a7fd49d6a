import { add, compare, dec, mulDiv, neg, sub, toText, type Dec } from '../../common/decimal';
import type { ServiceContext } from '../service-context';
import type { CommissionResult } from './commission.calculator';
import type { Commission } from './commission.entity';
import {
  addAffiliateEarnings,
  commissionBeforeRefunds,
  REFUND_NOTE_PREFIX,
  commissionForSaleForUpdate,
  insertEarnedCommission,
  insertLedgerEntry,
  saveCommissionReversal,
  saveCommissionTerms,
} from './commission.queries';

/**
 * The commission ledger: every change to what an affiliate earned is an appended entry, and the
 * commission's amount and the affiliate's total move by exactly that entry, in the caller's transaction
 * (`tx`: the context of the caller's unit of work).
 */

/** The commission of a sale, locked for the rest of the transaction; read-only data that the functions below save. */
export function lockCommissionOfSale(tx: ServiceContext, programId: string, saleId: number): Promise<Commission | null> {
  return commissionForSaleForUpdate(tx.em, programId, saleId);
}

/**
 * The commission of a new sale with its `earned` entry: approved at once, or pending for the holding period
 * (days). `heldForApproval` (a self-referral's sale) keeps it pending with no end (`holdUntil` null), so no
 * approval round ever picks it up: only the owner's approveCommission, or a refund, moves it on.
 */
export async function recordCommission(
  tx: ServiceContext,
  sale: { programId: string; id: number; affiliateId: string; currency: string },
  terms: CommissionResult,
  holdDays: number,
  heldForApproval = false,
): Promise<Commission> {
  const now = new Date();
  const approved = !heldForApproval && holdDays <= 0;
  // The commission, its `earned` entry and the affiliate's total in one statement (appendEntry's work, for a new one).
  return insertEarnedCommission(tx.em, {
    programId: sale.programId,
    saleId: sale.id,
    affiliateId: sale.affiliateId,
    rate: terms.rate,
    base: terms.base,
    amount: terms.amount,
    currency: sale.currency,
    status: approved ? 'approved' : 'pending',
    holdUntil: !heldForApproval && holdDays > 0 ? new Date(now.getTime() + holdDays * 86_400_000) : null,
    approvedAt: approved ? now : null,
  });
}

/** One entry; a correction or reversal moves `c.amount` too (the caller saves the commission's row). */
export async function appendEntry(tx: ServiceContext, c: Commission, kind: 'earned' | 'correction' | 'reversal', amount: string, note?: string): Promise<void> {
  await insertLedgerEntry(tx.em, c, kind, amount, note ?? null);
  if (kind !== 'earned') c.amount = toText(add(dec(c.amount), dec(amount)));
  await addAffiliateEarnings(tx.em, c.programId, c.affiliateId, amount);
}

/**
 * Sets the commission to `target` with a correction entry of the difference (none when equal), and to new
 * terms (rate and base) when given; the row is saved when anything changed.
 */
export async function correctTo(tx: ServiceContext, c: Commission, target: string, note: string, terms?: { rate: string; base: string }): Promise<void> {
  const before = `${c.rate} ${c.base} ${c.amount}`;
  if (terms) {
    c.rate = terms.rate;
    c.base = terms.base;
  }
  const delta = sub(dec(target), dec(c.amount));
  if (delta.units !== 0n) await appendEntry(tx, c, 'correction', toText(delta), note);
  if (`${c.rate} ${c.base} ${c.amount}` === before) return;
  c.updatedAt = new Date();
  await saveCommissionTerms(tx.em, c);
}

/** Cancels whatever the commission still amounts to with a reversal entry; the commission is reversed as of `at`. */
export async function reverseCommission(tx: ServiceContext, c: Commission, at: Date, note: string): Promise<void> {
  await appendEntry(tx, c, 'reversal', toText(neg(dec(c.amount))), note);
  c.status = 'reversed';
  c.reversedAt = at;
  c.updatedAt = at;
  await saveCommissionReversal(tx.em, c);
}

/**
 * After a partial refund: the commission becomes what it amounted to before any refund times the share of
 * the sale not refunded (`remaining` of `total`), rounded once to `scale` places and never below zero, by a
 * correction entry marked as a refund's (so the next partial refund starts from the same amount).
 */
export async function correctToRefundedShare(tx: ServiceContext, c: Commission, remaining: Dec, total: Dec, scale: number, note: string): Promise<void> {
  const before = dec(await commissionBeforeRefunds(tx.em, c.programId, c.id));
  const target = mulDiv(before, remaining, total, scale);
  await correctTo(tx, c, toText(compare(target, dec('0')) < 0 ? dec('0') : target), `${REFUND_NOTE_PREFIX} ${note}`);
}
