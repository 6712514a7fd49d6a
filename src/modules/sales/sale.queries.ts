import type { PageWindow } from '../../common/pagination';
import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows, joinedColumns, toDetached } from '../../db/rows';
import { ListQuery, sortValuesOf } from '../../db/list-query';
import { SEARCH_TEXT } from '../../db/search-texts';
import type { SaleOrderField } from '../../validation/enums';
import { Assignments } from '../../db/where';
import { Affiliate } from '../affiliates/affiliate.entity';
import { Commission } from '../commissions/commission.entity';
import { Referral } from '../referrals/referral.entity';
import { Sale } from './sale.entity';
import { execute } from '../../db/sql';

/**
 * The SQL of sales; every statement names its program. The hot paths (recording, listing) send hand-written
 * SQL through execute (db/sql, db/rows explain why); the rest follows suit so that a statement is found here.
 */

type Row = Record<string, unknown>;

export async function saleById(em: EntityManager, programId: string, id: number): Promise<Sale | null> {
  return (await detachedRows(em, Sale, 'select * from sales where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** The sale recorded with this externalId (the replay of a repeated recording). */
export async function saleByExternalId(em: EntityManager, programId: string, externalId: string): Promise<Sale | null> {
  return (await detachedRows(em, Sale, 'select * from sales where program_id = ? and external_id = ? limit 1', [programId, externalId]))[0] ?? null;
}

/** The sale, locked until the transaction ends: changes and refunds of one sale serialise. */
export async function saleForUpdate(em: EntityManager, programId: string, id: number): Promise<Sale | null> {
  return (await detachedRows(em, Sale, 'select * from sales where program_id = ? and id = ? for update', [programId, id]))[0] ?? null;
}

export async function externalIdTaken(em: EntityManager, programId: string, externalId: string): Promise<boolean> {
  const [row] = await execute<{ taken: boolean }[]>(em, 'select exists (select 1 from sales where program_id = ? and external_id = ?) as taken', [
    programId,
    externalId,
  ]);
  return row.taken;
}

/** Whether the program has a sale for this customer email already (first-time-order codes). */
export async function customerHasSales(em: EntityManager, programId: string, email: string): Promise<boolean> {
  const [seen] = await execute<{ n: number }[]>(em, 'select count(*)::int as n from sales where program_id = ? and lower(email) = ?', [
    programId,
    email.toLowerCase(),
  ]);
  return seen.n > 0;
}

export interface SalesPageFilter {
  affiliateId?: string | null;
  referralId?: string | null;
  linkId?: string | null;
  externalId?: string | null;
  externalInvoiceId?: string | null;
  refunded?: boolean | null;
  search?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

/** What each order compares (never null); the commission is joined as `c`. */
const SALE_SORT: Record<SaleOrderField, string> = {
  createdAt: 's.created_at',
  name: 'lower(s.name)',
  revenue: 's.total_earned',
  commission: 'coalesce(c.amount, 0)',
};

/**
 * A page of sales in creation order or the window's, each with its commission read in the same statement (null
 * when it has none: every sale answer shows its rate, amount and status) and its sort value.
 */
export async function salesPage(
  em: EntityManager,
  programId: string,
  filter: SalesPageFilter,
  window: PageWindow<number>,
): Promise<{ sales: Sale[]; commissions: Array<Commission | null>; sortValues: string[]; q: ListQuery }> {
  const q = new ListQuery('sales s', 's.program_id', programId)
    .join('left join commissions c on c.program_id = s.program_id and c.sale_id = s.id')
    .filter(filter.referralId, 's.referral_id = ?')
    .filter(filter.affiliateId, 's.affiliate_id = ?')
    .filter(filter.linkId, 's.link_id = ?')
    .filter(filter.externalId, 's.external_id = ?')
    .filter(filter.externalInvoiceId, 's.external_invoice_id = ?')
    .filter(filter.refunded, 's.refunded = ?')
    .search(filter.search, [SEARCH_TEXT.customer('s')])
    .createdBetween('s.created_at', filter.createdAfter, filter.createdBefore)
    .page('s.id', window, window.order ? SALE_SORT[window.order.field as SaleOrderField] : null);
  const raw = await execute<Row[]>(em, q.sql(`s.*, ${joinedColumns(em, Commission, 'c', 'commission__')}${q.sortValue()}`), q.params);
  const commissions = toDetached(em, Commission, raw, 'commission__');
  return { sales: toDetached(em, Sale, raw), commissions: commissions.map((c) => (c.id ? c : null)), sortValues: sortValuesOf(raw), q };
}

/** A referral by id with its affiliate, in one statement: the owner of a sale that names it. */
export async function referralWithAffiliateById(em: EntityManager, programId: string, referralId: string) {
  const rows = await execute<Row[]>(
    em,
    `select r.*, ${joinedColumns(em, Affiliate, 'a', 'owner__')} from referrals r join affiliates a on a.program_id = r.program_id and a.id = r.affiliate_id
      where r.program_id = ? and r.id = ?`,
    [programId, referralId],
  );
  return rows.length ? { referral: toDetached(em, Referral, rows)[0], affiliate: toDetached(em, Affiliate, rows, 'owner__')[0] } : null;
}

/** A customer's live referral (one customer, one referrer) with its affiliate: where a superseded referral's sale goes. */
export async function customerReferralWithAffiliate(em: EntityManager, programId: string, externalId: string) {
  const rows = await execute<Row[]>(
    em,
    `select r.*, ${joinedColumns(em, Affiliate, 'a', 'owner__')} from referrals r join affiliates a on a.program_id = r.program_id and a.id = r.affiliate_id
      where r.program_id = ? and r.referred_user_external_id = ? and r.superseded_at is null`,
    [programId, externalId],
  );
  return rows.length ? { referral: toDetached(em, Referral, rows)[0], affiliate: toDetached(em, Affiliate, rows, 'owner__')[0] } : null;
}

/**
 * The referral a sale by email credits: the customer's one referral (one customer, one referrer: DESIGN.md), with
 * its affiliate. The email names the customers (referredUserExternalId) that any referral of it (a superseded one
 * included: Migration20261127200000) was made for; each has one live referral. Should one email name several
 * customers, the program's attribution model picks: the first referred (first_click), else the last.
 *
 * The customers are found by the email's index first, then each one's live referral by the customer key: the
 * lateral subquery (kept apart by `offset 0`) makes that the only plan. Written as a plain join or `in (…)`, a
 * generic plan on a table without statistics yet (a fresh program) read every referral of the program.
 */
export async function customerReferralWithAffiliateByEmail(em: EntityManager, programId: string, email: string, lastClick: boolean) {
  const rows = await execute<Row[]>(
    em,
    `select r.*, ${joinedColumns(em, Affiliate, 'a', 'owner__')}
       from (select distinct e.referred_user_external_id as customer from referrals e where e.program_id = ? and lower(e.email) = ?) c
       cross join lateral (select * from referrals l where l.program_id = ? and l.referred_user_external_id = c.customer and l.superseded_at is null offset 0) r
       join affiliates a on a.program_id = r.program_id and a.id = r.affiliate_id
      order by r.created_at ${lastClick ? 'desc' : 'asc'}, r.id ${lastClick ? 'desc' : 'asc'} limit 1`,
    [programId, email.toLowerCase(), programId],
  );
  return rows.length ? { referral: toDetached(em, Referral, rows)[0], affiliate: toDetached(em, Affiliate, rows, 'owner__')[0] } : null;
}

/**
 * Inserts a new sale (the database assigns its id and times) and adds it to its link's sales and revenue, in
 * one statement; returns it, or null when its externalId is recorded already (then nothing is written).
 */
export async function insertSale(em: EntityManager, d: NewSale): Promise<Sale | null> {
  const rows = await detachedRows(
    em,
    Sale,
    `with s as (
       insert into sales (program_id, affiliate_id, referral_id, link_id, promotional_code_id, promo_code, external_id, external_invoice_id, name, email,
         currency, total_earned, tax, shipping, commission_rate) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (program_id, external_id) where external_id is not null do nothing returning *),
     link as (
       update affiliate_links set sales = sales + 1, total_revenue = total_revenue + (select total_earned from s), updated_at = now()
        where program_id = ? and id = ? and exists (select 1 from s))
     select * from s`,
    [
      d.programId,
      d.affiliateId,
      d.referralId,
      d.linkId,
      d.promotionalCodeId,
      d.promoCode,
      d.externalId,
      d.externalInvoiceId,
      d.name,
      d.email,
      d.currency,
      d.totalEarned,
      d.tax,
      d.shipping,
      d.commissionRate,
      d.programId,
      d.linkId,
    ],
  );
  return rows[0] ?? null;
}

/** What a new sale is recorded with. */
export type NewSale = Omit<Sale, 'id' | 'refunded' | 'refundedAt' | 'refundedAmount' | 'commissionLimitReached' | 'createdAt' | 'updatedAt'>;

/** Columns a correction may write, by property. */
const CORRECTABLE: { [K in keyof Sale]?: string } = {
  name: 'name',
  email: 'email',
  totalEarned: 'total_earned',
  tax: 'tax',
  shipping: 'shipping',
  commissionRate: 'commission_rate',
  externalId: 'external_id',
  externalInvoiceId: 'external_invoice_id',
};

/** Writes the corrected fields given and the sale's updatedAt. */
export async function saveSaleCorrection(em: EntityManager, sale: Sale, changes: Partial<Sale>): Promise<void> {
  const set = new Assignments().fromColumns(CORRECTABLE, changes).set('updated_at = ?', sale.updatedAt);
  await execute(em, `update sales set ${set} where program_id = ? and id = ?`, [...set.params, sale.programId, sale.id]);
}

export async function saveSaleRefund(em: EntityManager, sale: Sale): Promise<void> {
  await execute(em, 'update sales set refunded = ?, refunded_at = ?, updated_at = ? where program_id = ? and id = ?', [
    sale.refunded,
    sale.refundedAt,
    sale.updatedAt,
    sale.programId,
    sale.id,
  ]);
}

/** Writes how much of the sale was refunded (a partial refund) and updated_at. */
export async function saveSaleRefundedAmount(em: EntityManager, sale: Sale): Promise<void> {
  await execute(em, 'update sales set refunded_amount = ?, updated_at = ? where program_id = ? and id = ?', [
    sale.refundedAmount,
    sale.updatedAt,
    sale.programId,
    sale.id,
  ]);
}

/** A corrected total: the link's revenue moves from the old total to the new one. */
export async function moveLinkRevenue(em: EntityManager, programId: string, linkId: string, from: string, to: string): Promise<void> {
  await execute(em, 'update affiliate_links set total_revenue = total_revenue - ?::numeric + ?::numeric, updated_at = now() where program_id = ? and id = ?', [
    from,
    to,
    programId,
    linkId,
  ]);
}

/** A refunded sale leaves the link's counters (never below zero sales). */
export async function dropLinkSaleTotals(em: EntityManager, programId: string, linkId: string, revenue: string): Promise<void> {
  await execute(
    em,
    'update affiliate_links set sales = greatest(sales - 1, 0), total_revenue = total_revenue - ?::numeric, updated_at = now() where program_id = ? and id = ?',
    [revenue, programId, linkId],
  );
}

/** How many sales the referral had before this one, and when its first was (commission durations). */
export async function referralSalesBefore(
  em: EntityManager,
  programId: string,
  referralId: string,
  saleId: number,
): Promise<{ count: number; first: Date | null }> {
  const [row] = await execute<Array<{ n: number; first: string | null }>>(
    em,
    'select count(*)::int as n, min(created_at) as first from sales where program_id = ? and referral_id = ? and id < ?',
    [programId, referralId, saleId],
  );
  return { count: row.n, first: row.first ? new Date(row.first) : null };
}

/** Marks a sale as recorded past its commission duration. */
export async function markCommissionLimitReached(em: EntityManager, programId: string, saleId: number): Promise<void> {
  await execute(em, 'update sales set commission_limit_reached = true where program_id = ? and id = ?', [programId, saleId]);
}
