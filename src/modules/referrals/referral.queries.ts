import type { PageWindow } from '../../common/pagination';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ListQuery, sortValuesOf } from '../../db/list-query';
import { detachedRows, toDetached } from '../../db/rows';
import { SEARCH_TEXT } from '../../db/search-texts';
import type { ReferralOrderField } from '../../validation/enums';
import { Assignments } from '../../db/where';
import { Referral } from './referral.entity';
import { newId } from '../../common/ids';
import { execute } from '../../db/sql';

/**
 * The SQL of referrals and the counters they move; every statement names its program. Referrals come back
 * read-only (db/rows); changes are written by the statements here.
 */

export async function referralById(em: EntityManager, programId: string, id: string): Promise<Referral | null> {
  return (await detachedRows(em, Referral, 'select * from referrals where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** The referrals of an email (case-insensitive), newest first. */
export function referralsByEmail(em: EntityManager, programId: string, email: string): Promise<Referral[]> {
  return detachedRows(em, Referral, 'select * from referrals where program_id = ? and lower(email) = ? order by id desc', [programId, email.toLowerCase()]);
}

/** Which referrals a list keeps (affiliateId and linkId resolved to UUIDs by the service). */
export interface ReferralsFilter {
  affiliateId?: string | null;
  linkId?: string | null;
  externalId?: string | null;
  status?: string | null;
  search?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

/** What each order compares (never null); sales and revenue come from the sort join. */
const REFERRAL_SORT: Record<ReferralOrderField, string> = {
  createdAt: 'r.created_at',
  name: 'lower(r.name)',
  sales: 'x.sales',
  revenue: 'x.revenue',
};

/** A referral's sales that are not refunded, through sales_referral_idx. */
const SALES_OF_REFERRAL = `left join lateral (select count(*)::int as sales, coalesce(sum(s.total_earned), 0) as revenue from sales s
  where s.program_id = r.program_id and s.referral_id = r.id and not s.refunded) x on true`;

/** A page of referrals: creation order, or the window's; read-only, with each row's sort value. */
export async function referralsPage(
  em: EntityManager,
  programId: string,
  filter: ReferralsFilter,
  window: PageWindow<string>,
): Promise<{ rows: Referral[]; sortValues: string[]; q: ListQuery }> {
  const field = window.order?.field as ReferralOrderField | undefined;
  const q = new ListQuery('referrals r', 'r.program_id', programId)
    .filter(filter.affiliateId, 'r.affiliate_id = ?')
    .filter(filter.linkId, 'r.link_id = ?')
    .filter(filter.externalId, 'r.referred_user_external_id = ?')
    .filter(filter.status, 'r.subscription_status = ?')
    .search(filter.search, [SEARCH_TEXT.customer('r')])
    .createdBetween('r.created_at', filter.createdAfter, filter.createdBefore);
  if (field === 'sales' || field === 'revenue') q.sortJoin(SALES_OF_REFERRAL);
  q.page('r.id', window, field ? REFERRAL_SORT[field] : null);
  const raw = await execute<Array<Record<string, unknown>>>(em, q.sql(`r.*${q.sortValue()}`), q.params);
  return { rows: toDetached(em, Referral, raw), sortValues: sortValuesOf(raw), q };
}

/** Whether the program has referred this customer (by external id or email) before: first-time-order codes. */
export async function customerWasReferred(em: EntityManager, programId: string, externalId: string, email: string): Promise<boolean> {
  const [row] = await execute<{ seen: boolean }[]>(
    em,
    'select exists (select 1 from referrals where program_id = ? and (referred_user_external_id = ? or lower(email) = ?)) as seen',
    [programId, externalId, email.toLowerCase()],
  );
  return row.seen;
}

/** Flags a referral as a self-referral. */
export async function markSelfReferral(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(em, 'update referrals set self_referral = true where program_id = ? and id = ?', [programId, id]);
}

/** How long an address stays known as the affiliate's: addresses move (carriers, offices), customers share them. */
export const KNOWN_ADDRESS_DAYS = 90;

/**
 * Whether the click is the affiliate's own: the click of one of its self-referrals, or one from an address the
 * affiliate is known at (that of such a click of the last KNOWN_ADDRESS_DAYS). Addresses compare by bucket
 * (addressBucket: IPv6 by its /64, IPv4-mapped as IPv4) through address_hash; clicks from before it was kept have
 * none and match by the exact address (ip_hash). Driven from the affiliate's self-referrals (referrals_affiliate_idx),
 * few, and both clicks by primary key; a click without an address matches only itself.
 */
export async function clickOfTheAffiliate(em: EntityManager, programId: string, affiliateId: string, clickId: number): Promise<boolean> {
  const [row] = await execute<{ known: boolean }[]>(
    em,
    `select exists (
       select 1 from referrals r
         join clicks k on k.program_id = r.program_id and k.id = r.click_id
         join clicks c on c.program_id = k.program_id and c.id = ?
        where r.program_id = ? and r.affiliate_id = ? and r.self_referral
          and (k.id = c.id
               or (k.created_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})
                   and (k.address_hash = c.address_hash or k.ip_hash = c.ip_hash)))) as known`,
    [clickId, programId, affiliateId],
  );
  return row.known;
}

/**
 * The program's monthly referral limit, its row locked until the transaction ends: creations serialise while
 * a limit is set, so concurrent ones never exceed it. (programs is the tenant itself: its id is the program.)
 */
export async function lockMonthlyReferralLimit(em: EntityManager, programId: string): Promise<number | null> {
  const [row] = await execute<{ monthly_referral_limit: number | null }[]>(em, 'select monthly_referral_limit from programs where id = ? for update', [
    programId,
  ]);
  return row?.monthly_referral_limit ?? null;
}

export async function referralsSince(em: EntityManager, programId: string, since: Date): Promise<number> {
  const [row] = await execute<{ n: number }[]>(em, 'select count(*)::int as n from referrals where program_id = ? and created_at >= ?', [programId, since]);
  return row.n;
}

/** The unique key of a customer's one live referral (Migration20261127200000). */
export const CUSTOMER_KEY = 'referrals_customer_key';

/**
 * The customer's referral (one customer, one referrer: DESIGN.md), or null when the customer has none; with
 * `lock`, its row stays locked until the transaction ends, so changes of one customer's referral take turns.
 */
export async function customerReferral(em: EntityManager, programId: string, externalId: string, lock: boolean): Promise<Referral | null> {
  const rows = await detachedRows(
    em,
    Referral,
    `select * from referrals where program_id = ? and referred_user_external_id = ? and superseded_at is null${lock ? ' for update' : ''}`,
    [programId, externalId],
  );
  return rows[0] ?? null;
}

/**
 * Inserts a new referral (the database sets its times and subscription status) and counts it on its affiliate
 * and link (moveReferralCounters' work), in one statement; returns the referral. Null when the customer has a
 * referral already (CUSTOMER_KEY; a concurrent one waits for the first to commit): then nothing is written, the
 * counters included (they count only what the insert returns).
 */
export async function insertReferral(em: EntityManager, d: NewReferral): Promise<Referral | null> {
  const rows = await detachedRows(
    em,
    Referral,
    `with r as (
       insert into referrals (id, program_id, affiliate_id, link_id, click_id, promotional_code_id, promo_code, name, email, referred_user_external_id, self_referral)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (program_id, referred_user_external_id) where superseded_at is null do nothing
       returning *),
     owner as (
       update affiliates a set number_of_referred_users = greatest(a.number_of_referred_users + 1, 0), updated_at = now()
         from r where a.program_id = r.program_id and a.id = r.affiliate_id),
     link as (
       update affiliate_links l set referrals = greatest(l.referrals + 1, 0), updated_at = now()
         from r where l.program_id = r.program_id and l.id = r.link_id)
     select * from r`,
    [
      ...[
        newId(),
        d.programId,
        d.affiliateId,
        d.linkId,
        d.clickId,
        d.promotionalCodeId,
        d.promoCode,
        d.name,
        d.email,
        d.referredUserExternalId,
        d.selfReferral,
      ],
    ],
  );
  return rows[0] ?? null;
}

/** What a new referral is recorded with. */
export type NewReferral = Pick<
  Referral,
  'programId' | 'affiliateId' | 'linkId' | 'clickId' | 'promotionalCodeId' | 'promoCode' | 'name' | 'email' | 'referredUserExternalId' | 'selfReferral'
>;

/**
 * Moves the referral counters of its affiliate and link (none when `linkId` is null) by `delta`, never below
 * zero, in one statement.
 */
export async function moveReferralCounters(em: EntityManager, programId: string, affiliateId: string, linkId: string | null, delta: 1 | -1): Promise<void> {
  await execute(
    em,
    `with owner as (
       update affiliates set number_of_referred_users = greatest(number_of_referred_users + ?, 0), updated_at = now() where program_id = ? and id = ?)
     update affiliate_links set referrals = greatest(referrals + ?, 0), updated_at = now() where program_id = ? and id = ?`,
    [delta, programId, affiliateId, delta, programId, linkId],
  );
}

/** Where a referral moves (last_click): its new affiliate, link, click and code, and whether that is a self-referral. */
export type ReferralMove = Pick<Referral, 'affiliateId' | 'linkId' | 'clickId' | 'promotionalCodeId' | 'promoCode' | 'selfReferral'>;

/**
 * Moves a referral to another affiliate (last_click), with its counters: one less on the old affiliate and link,
 * one more on the new ones, in one statement; returns the referral as it is now. Its sales stay with the
 * affiliate they were recorded for (sales.affiliate_id): the move is about the sales to come.
 */
export async function moveReferral(
  em: EntityManager,
  programId: string,
  from: Pick<Referral, 'id' | 'affiliateId' | 'linkId'>,
  to: ReferralMove,
): Promise<Referral> {
  const rows = await detachedRows(
    em,
    Referral,
    `with r as (
       update referrals set affiliate_id = ?, link_id = ?, click_id = ?, promotional_code_id = ?, promo_code = ?, self_referral = ?, updated_at = now()
        where program_id = ? and id = ? returning *),
     owners as (
       update affiliates set number_of_referred_users = greatest(number_of_referred_users + case when id = ? then 1 else -1 end, 0), updated_at = now()
        where program_id = ? and id in (?, ?)),
     links as (
       update affiliate_links set referrals = greatest(referrals + case when id = ? then 1 else -1 end, 0), updated_at = now()
        where program_id = ? and id in (?, ?))
     select * from r`,
    [
      ...[to.affiliateId, to.linkId, to.clickId, to.promotionalCodeId, to.promoCode, to.selfReferral, programId, from.id],
      ...[to.affiliateId, programId, from.affiliateId, to.affiliateId],
      ...[to.linkId, programId, from.linkId, to.linkId],
    ],
  );
  return rows[0];
}

const COLUMNS = {
  name: 'name',
  email: 'email',
  referredUserExternalId: 'referred_user_external_id',
  subscriptionStatus: 'subscription_status',
} as const;

export type ReferralChanges = Partial<Pick<Referral, keyof typeof COLUMNS>>;

/** Writes the given fields and updatedAt; the referral as it is now, or null when the program has no such referral. */
export async function updateReferralRow(em: EntityManager, programId: string, id: string, changes: ReferralChanges, at: Date): Promise<Referral | null> {
  const set = new Assignments().fromColumns<ReferralChanges>(COLUMNS, changes).set('updated_at = ?', at);
  const rows = await detachedRows(em, Referral, `update referrals set ${set} where program_id = ? and id = ? returning *`, [...set.params, programId, id]);
  return rows[0] ?? null;
}

/**
 * Takes back what the referral's sales added to their affiliates' and links' totals (the sales go with the
 * referral, by foreign key): commissions earned, and the revenue and count of sales not refunded. Each from the
 * affiliate the commission went to: a referral moved (last_click) has sales of its former affiliate.
 */
export async function takeBackSalesTotals(em: EntityManager, programId: string, referral: Pick<Referral, 'id'>): Promise<void> {
  await execute(
    em,
    `update affiliates a set total_commission_earned = a.total_commission_earned - x.amount
       from (select c.affiliate_id, sum(c.amount) as amount from commissions c join sales s on s.program_id = c.program_id and s.id = c.sale_id
              where c.program_id = ? and s.referral_id = ? group by c.affiliate_id) x
      where a.program_id = ? and a.id = x.affiliate_id`,
    [programId, referral.id, programId],
  );
  await execute(
    em,
    `update affiliate_links l set sales = greatest(l.sales - x.n, 0), total_revenue = l.total_revenue - x.revenue, updated_at = now()
       from (select link_id, count(*)::int as n, sum(total_earned) as revenue from sales
              where program_id = ? and referral_id = ? and not refunded and link_id is not null group by link_id) x
      where l.program_id = ? and l.id = x.link_id`,
    [programId, referral.id, programId],
  );
}

/** Deletes a referral (its sales and their commissions go with it, by foreign key); whether it was there. */
export async function deleteReferralRow(em: EntityManager, programId: string, id: string): Promise<boolean> {
  const rows = await execute<{ id: string }[]>(em, 'delete from referrals where program_id = ? and id = ? returning id', [programId, id]);
  return rows.length > 0;
}
