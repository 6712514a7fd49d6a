import type { PageWindow } from '../../common/pagination';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ListQuery, sortValuesOf } from '../../db/list-query';
import { SEARCH_TEXT } from '../../db/search-texts';
import type { AffiliateOrderField } from '../../validation/enums';
import { detachedRows, insertEntity, joinedColumns, toDetached } from '../../db/rows';
import { Assignments } from '../../db/where';
import { AffiliateLink } from './affiliate-link.entity';
import { Affiliate } from './affiliate.entity';
import { execute } from '../../db/sql';

/**
 * The SQL of the affiliates domain; every statement on a tenant table names its program. Lookups on the hot
 * paths (GET /affiliates?id=, POST /referrals, POST /sales) are hand-written on purpose (db/rows).
 */

type Row = Record<string, unknown>;
const first = async (em: EntityManager, sql: string, params: unknown[]): Promise<Row | null> => (await execute<Row[]>(em, sql, params))[0] ?? null;

export function affiliateById(em: EntityManager, programId: string, id: string): Promise<Affiliate | null> {
  return firstDetached(em, 'select * from affiliates where program_id = ? and id = ?', [programId, id]);
}

export function affiliateByEmail(em: EntityManager, programId: string, email: string): Promise<Affiliate | null> {
  return firstDetached(em, 'select * from affiliates where program_id = ? and lower(email) = ?', [programId, email.toLowerCase()]);
}

/**
 * The affiliate's row by id with `attributed_link_id` (its first link with `firstLink`, else null) and a null
 * `attributed_click_id`.
 */
export function affiliateRowById(em: EntityManager, programId: string, id: string, firstLink: boolean): Promise<Row | null> {
  const link = firstLink ? '(select l.id from affiliate_links l where l.program_id = a.program_id and l.affiliate_id = a.id order by l.id limit 1)' : 'null';
  return first(em, `select a.*, ${link} as attributed_link_id, null as attributed_click_id from affiliates a where a.program_id = ? and a.id = ?`, [
    programId,
    id,
  ]);
}

/** The row of the affiliate a click went to, with the click's link and id as `attributed_link_id` / `attributed_click_id`. */
export function affiliateRowByClick(em: EntityManager, programId: string, clickId: number): Promise<Row | null> {
  return first(
    em,
    `select a.*, c.link_id as attributed_link_id, c.id as attributed_click_id from clicks c join affiliates a on a.program_id = c.program_id and a.id = c.affiliate_id
        where c.program_id = ? and c.id = ?`,
    [programId, clickId],
  );
}

/** The row of the affiliate owning a slug, with the link as `attributed_link_id`. */
export function affiliateRowBySlug(em: EntityManager, programId: string, slug: string): Promise<Row | null> {
  return first(
    em,
    `select a.*, l.id as attributed_link_id, null as attributed_click_id from affiliate_links l join affiliates a on a.program_id = l.program_id and a.id = l.affiliate_id
      where l.program_id = ? and lower(l.link) = ?`,
    [programId, slug.toLowerCase()],
  );
}

/** The id of the affiliate's first link, or null. */
export async function firstLinkId(em: EntityManager, programId: string, affiliateId: string): Promise<string | null> {
  const rows = await execute<Array<{ id: string }>>(em, 'select id from affiliate_links where program_id = ? and affiliate_id = ? order by id limit 1', [
    programId,
    affiliateId,
  ]);
  return rows[0]?.id ?? null;
}

/** Which affiliates a list keeps. */
export interface AffiliatesFilter {
  status?: string | null;
  search?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

/** What each order compares (never null: a keyset compares it); sales and revenue come from the sort join. */
const AFFILIATE_SORT: Record<AffiliateOrderField, string> = {
  createdAt: 'a.created_at',
  name: "lower(a.first_name || ' ' || a.last_name)",
  clicks: 'a.number_of_clicks',
  referrals: 'a.number_of_referred_users',
  sales: 'x.sales',
  revenue: 'x.revenue',
  commission: 'a.total_commission_earned',
};

/** An affiliate's sales that are not refunded, counted and summed through sales_affiliate_idx. */
const SALES_OF_AFFILIATE = `left join lateral (select count(*)::int as sales, coalesce(sum(s.total_earned), 0) as revenue from sales s
  where s.program_id = a.program_id and s.affiliate_id = a.id and not s.refunded) x on true`;

/** A page of affiliates: creation (id) order, or the window's order; read-only, with each row's sort value. */
export async function affiliatesPage(
  em: EntityManager,
  programId: string,
  filter: AffiliatesFilter,
  window: PageWindow<string>,
): Promise<{ rows: Affiliate[]; sortValues: string[]; q: ListQuery }> {
  const field = window.order?.field as AffiliateOrderField | undefined;
  const q = new ListQuery('affiliates a', 'a.program_id', programId)
    .filter(filter.status, 'a.affiliate_status = ?')
    .search(filter.search, [SEARCH_TEXT.affiliate('a')])
    .createdBetween('a.created_at', filter.createdAfter, filter.createdBefore);
  if (field === 'sales' || field === 'revenue') q.sortJoin(SALES_OF_AFFILIATE);
  q.page('a.id', window, field ? AFFILIATE_SORT[field] : null);
  const raw = await execute<Row[]>(em, q.sql(`a.*${q.sortValue()}`), q.params);
  return { rows: toDetached(em, Affiliate, raw), sortValues: sortValuesOf(raw), q };
}

/** The program's affiliates with these ids (a DataLoader's batch), read-only. */
export function affiliatesByIds(em: EntityManager, programId: string, ids: readonly string[]): Promise<Affiliate[]> {
  return detachedRows(em, Affiliate, 'select * from affiliates where program_id = ? and id in (?)', [programId, [...ids]]);
}

/** The program's affiliate limit, its row locked until commit (creations take turns while a limit is set). */
export async function lockedAffiliateLimit(em: EntityManager, programId: string): Promise<number | null> {
  const [row] = await execute<{ affiliate_limit: number | null }[]>(em, 'select affiliate_limit from programs where id = ? for update', [programId]);
  return row?.affiliate_limit ?? null;
}

export async function affiliateCount(em: EntityManager, programId: string): Promise<number> {
  const [row] = await execute<{ n: string }[]>(em, 'select count(*) as n from affiliates where program_id = ?', [programId]);
  return Number(row.n);
}

/** A new affiliate: one insert (program_id among its columns), nothing else of the unit of work. */
export async function insertAffiliate(
  em: EntityManager,
  fields: Pick<Affiliate, 'programId' | 'firstName' | 'lastName' | 'email' | 'affiliateStatus' | 'commissionRate' | 'commissionPlanId' | 'affiliateGroupId'>,
): Promise<Affiliate> {
  return insertEntity(em, Affiliate, fields);
}

/** A link of the affiliate: its first at creation, or one an update adds (never replacing one). */
export async function insertAffiliateLink(em: EntityManager, programId: string, affiliateId: string, slug: string): Promise<AffiliateLink> {
  return insertEntity(em, AffiliateLink, { programId, affiliateId, link: slug });
}

/** The affiliate's row, held until commit (read as it is once the lock is taken). */
export function affiliateForUpdate(em: EntityManager, programId: string, id: string): Promise<Affiliate | null> {
  return firstDetached(em, 'select * from affiliates where program_id = ? and id = ? for update', [programId, id]);
}

/** Holds the affiliate's row until commit. */
export async function lockAffiliate(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(em, 'select 1 from affiliates where program_id = ? and id = ? for update', [programId, id]);
}

/** The columns an update may change, by property. */
const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  commissionRate: 'commission_rate',
  affiliateStatus: 'affiliate_status',
  commissionPlanId: 'commission_plan_id',
  affiliateGroupId: 'affiliate_group_id',
  payoutMethod: 'payout_method',
  payoutEmail: 'payout_email',
  stripeAccountId: 'stripe_account_id',
  notifyNewCommission: 'notify_new_commission',
  notifyPayoutSent: 'notify_payout_sent',
} as const;
export type AffiliateChanges = Partial<Pick<Affiliate, keyof typeof COLUMNS>>;

/** Writes the changed columns and `updated_at`; the row as it is now (read-only), or null when it is gone. */
export async function updateAffiliateRow(em: EntityManager, programId: string, id: string, changes: AffiliateChanges, at: Date): Promise<Affiliate | null> {
  const set = new Assignments().fromColumns(COLUMNS, changes).set('updated_at = ?', at);
  const rows = await detachedRows(em, Affiliate, `update affiliates set ${set} where program_id = ? and id = ? returning *`, [...set.params, programId, id]);
  return rows[0] ?? null;
}

/**
 * Locks the affiliate's commissions, then its row, until the transaction ends: a payout batch taking them (it
 * updates the commissions, then inserts a payout that key-share locks the row) commits first, in the same order, so
 * what is read after this sees its payout and neither waits for the other in a cycle.
 */
export async function lockAffiliateWithCommissions(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(em, 'select 1 from commissions where program_id = ? and affiliate_id = ? order by id for update', [programId, id]);
  await execute(em, 'select 1 from affiliates where program_id = ? and id = ? for update', [programId, id]);
}

/** Whether the affiliate has a payout that waits or is being paid (deleting it would lose track of money on its way). */
export async function hasWaitingPayouts(em: EntityManager, programId: string, affiliateId: string): Promise<boolean> {
  const rows = await execute<unknown[]>(em, `select 1 from payouts where program_id = ? and affiliate_id = ? and status in ('pending', 'processing') limit 1`, [
    programId,
    affiliateId,
  ]);
  return rows.length > 0;
}

export async function deleteAffiliateRow(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(em, 'delete from affiliates where program_id = ? and id = ?', [programId, id]);
}

/** Requests generating a slug from the same base take turns until their commit, so they pick distinct suffixes. */
export async function lockSlugBase(em: EntityManager, programId: string, base: string): Promise<void> {
  await execute(em, 'select pg_advisory_xact_lock(hashtext(?))', [`slug:${programId}:${base}`]);
}

/** The program's slugs equal to `base` or of the form `base-…` (case-insensitively). */
export async function slugsLike(em: EntityManager, programId: string, base: string): Promise<string[]> {
  const rows = await execute<{ link: string }[]>(em, `select link from affiliate_links where program_id = ? and (lower(link) = ? or lower(link) like ?)`, [
    programId,
    base,
    `${base.replace(/[\\%_]/g, '\\$&')}-%`,
  ]);
  return rows.map((r) => r.link);
}

/** The first affiliate a statement reads, as read-only data. */
async function firstDetached(em: EntityManager, sql: string, params: unknown[]): Promise<Affiliate | null> {
  return (await detachedRows(em, Affiliate, sql, params))[0] ?? null;
}

/**
 * The affiliate with its links (in id order, as the links loader reads them), in one statement: a lookup by id
 * answers with its link slugs, and this saves the loader's statement.
 */
export async function affiliateWithLinksById(
  em: EntityManager,
  programId: string,
  id: string,
): Promise<{ affiliate: Affiliate; links: AffiliateLink[] } | null> {
  const rows = await execute<Row[]>(
    em,
    `select a.*, ${joinedColumns(em, AffiliateLink, 'l', 'link__')} from affiliates a
       left join affiliate_links l on l.program_id = a.program_id and l.affiliate_id = a.id
      where a.program_id = ? and a.id = ? order by l.id`,
    [programId, id],
  );
  if (!rows.length) return null;
  const links = rows[0].link__id == null ? [] : toDetached(em, AffiliateLink, rows, 'link__');
  return { affiliate: toDetached(em, Affiliate, rows.slice(0, 1))[0], links };
}
