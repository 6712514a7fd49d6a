import type { EntityManager } from '@mikro-orm/postgresql';
import { ListQuery, sortValuesOf } from '../../db/list-query';
import { SEARCH_TEXT } from '../../db/search-texts';
import type { LinkOrderField } from '../../validation/enums';
import { detachedRows, joinedColumns, toDetached, insertEntity } from '../../db/rows';
import { Affiliate } from '../affiliates/affiliate.entity';
import { PromotionalCode } from '../promo-codes/promotional-code.entity';
import { AffiliateLink } from '../affiliates/affiliate-link.entity';
import { execute } from '../../db/sql';

/** The SQL of the links domain; every statement names its program. Links come back read-only (db/rows). */

/** The list statement of links (`l`), filters and page left to the caller; each row has its owner (`a`) beside it. */
export const linkListQuery = (programId: string): ListQuery =>
  new ListQuery('affiliate_links l', 'l.program_id', programId).join('join affiliates a on a.program_id = l.program_id and a.id = l.affiliate_id');

/** What each order of the links list compares (never null). */
export const LINK_SORT: Record<LinkOrderField, string> = {
  createdAt: 'l.created_at',
  name: 'lower(l.link)',
  clicks: 'l.clicks',
  referrals: 'l.referrals',
  sales: 'l.sales',
  revenue: 'l.total_revenue',
};

/** The list's search: the slug, or its owner's names or email (the owner is joined as `a`). */
export const LINK_SEARCH = [SEARCH_TEXT.link('l'), SEARCH_TEXT.affiliate('a')];

/** A page of links, each with its owner (columns `owner__*`) and sort value from the same statement. */
export async function linksWithOwners(em: EntityManager, q: ListQuery): Promise<{ links: AffiliateLink[]; owners: Affiliate[]; sortValues: string[] }> {
  const raw = await execute<Array<Record<string, unknown>>>(em, q.sql(`l.*, ${joinedColumns(em, Affiliate, 'a', 'owner__')}${q.sortValue()}`), q.params);
  return { links: toDetached(em, AffiliateLink, raw), owners: toDetached(em, Affiliate, raw, 'owner__'), sortValues: sortValuesOf(raw) };
}

/** The links of some affiliates of the program (a DataLoader's batch), in creation order; read-only. */
export function linksOfAffiliates(em: EntityManager, programId: string, affiliateIds: readonly string[]): Promise<AffiliateLink[]> {
  return detachedRows(em, AffiliateLink, 'select * from affiliate_links where program_id = ? and affiliate_id in (?) order by id', [
    programId,
    [...affiliateIds],
  ]);
}

/** A new link: one insert (program_id among its columns), nothing else of the unit of work. */
export async function insertLink(em: EntityManager, programId: string, affiliateId: string, slug: string): Promise<AffiliateLink> {
  return insertEntity(em, AffiliateLink, { programId, affiliateId, link: slug });
}

/** How many promotional codes are assigned to the affiliate (a new link of theirs gets them connected). */
export function assignedCodeCount(em: EntityManager, programId: string, affiliateId: string): Promise<number> {
  return em.count(PromotionalCode, { programId, affiliateId });
}

export async function renameLinkRow(em: EntityManager, programId: string, id: string, slug: string, at: Date): Promise<void> {
  await execute(em, 'update affiliate_links set link = ?, updated_at = ? where program_id = ? and id = ?', [slug, at, programId, id]);
}

export async function deleteLinkRow(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(em, 'delete from affiliate_links where program_id = ? and id = ?', [programId, id]);
}

/** Marks the owner of a changed link as updated; its row as it is now, or null when it is gone. */
export async function touchLinkOwner(em: EntityManager, programId: string, affiliateId: string, at: Date): Promise<Affiliate | null> {
  const rows = await detachedRows(em, Affiliate, 'update affiliates set updated_at = ? where program_id = ? and id = ? returning *', [
    at,
    programId,
    affiliateId,
  ]);
  return rows[0] ?? null;
}
