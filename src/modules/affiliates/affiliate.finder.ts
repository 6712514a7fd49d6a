import type { EntityManager } from '@mikro-orm/postgresql';
import { isClickId, isUuid } from '../../common/ids';
import { managedRow, toManaged } from '../../db/rows';
import { AffiliateLink } from '../links/affiliate-link.entity';
import { Affiliate } from './affiliate.entity';

/** What a link slug can look like; anything else cannot name a link (and is not looked up). */
const SLUG_RE = /^[A-Za-z0-9-]{1,100}$/;

/** Lookups shared by every domain that identifies an affiliate or a link; all scoped to one program. */
export async function findLinkBySlug(em: EntityManager, programId: string, slug: string, lock = false): Promise<AffiliateLink | null> {
  if (!SLUG_RE.test(slug)) return null;
  return managedRow(em, AffiliateLink, `select * from affiliate_links where program_id = ? and lower(link) = ?${lock ? ' for update' : ''}`, [programId, slug.toLowerCase()]);
}

export async function findLinkById(em: EntityManager, programId: string, id: string): Promise<AffiliateLink | null> {
  return isUuid(id) ? managedRow(em, AffiliateLink, 'select * from affiliate_links where program_id = ? and id = ?', [programId, id]) : null;
}

export async function findAffiliateByEmail(em: EntityManager, programId: string, email: string): Promise<Affiliate | null> {
  const e = email.trim();
  if (!e || e.length > 254) return null;
  return managedRow(em, Affiliate, 'select * from affiliates where program_id = ? and lower(email) = ?', [programId, e.toLowerCase()]);
}

export async function findAffiliateById(em: EntityManager, programId: string, id: string): Promise<Affiliate | null> {
  return isUuid(id) ? managedRow(em, Affiliate, 'select * from affiliates where program_id = ? and id = ?', [programId, id]) : null;
}

/** An affiliate by UUID, by numeric click id (the click's affiliate) or by one of its link slugs, in that order. */
export async function findAffiliateByLookup(em: EntityManager, programId: string, value: string): Promise<Affiliate | null> {
  const row = await lookupAffiliateRow(em, programId, value, false);
  return row ? toManaged(em, Affiliate, row) : null;
}

/**
 * The row of the affiliate an identifier names (UUID, numeric click id, link slug, tried in that order), one
 * statement per form tried, with `attributed_link_id` and `attributed_click_id`: the link and click the
 * identifier names, else (with `firstLink`) the affiliate's first link.
 */
export async function lookupAffiliateRow(em: EntityManager, programId: string, value: string, firstLink: boolean): Promise<Record<string, unknown> | null> {
  const v = value.trim();
  const first = async (sql: string, params: unknown[]) => (await em.execute<Array<Record<string, unknown>>>(sql, params))[0] ?? null;
  if (isUuid(v)) {
    const link = firstLink ? '(select l.id from affiliate_links l where l.program_id = a.program_id and l.affiliate_id = a.id order by l.id limit 1)' : 'null';
    const row = await first(`select a.*, ${link} as attributed_link_id, null as attributed_click_id from affiliates a where a.program_id = ? and a.id = ?`, [programId, v]);
    if (row) return row;
  }
  if (isClickId(v)) {
    const row = await first(
      `select a.*, c.link_id as attributed_link_id, c.id as attributed_click_id from clicks c join affiliates a on a.program_id = c.program_id and a.id = c.affiliate_id
        where c.program_id = ? and c.id = ?`,
      [programId, Number(v)],
    );
    if (row) return row;
  }
  if (!SLUG_RE.test(v)) return null;
  return first(
    `select a.*, l.id as attributed_link_id, null as attributed_click_id from affiliate_links l join affiliates a on a.program_id = l.program_id and a.id = l.affiliate_id
      where l.program_id = ? and lower(l.link) = ?`,
    [programId, v.toLowerCase()],
  );
}

/**
 * The affiliate a list is filtered to, from an affiliateId (UUID) and/or an affiliateEmail (both must agree):
 * `undefined` when neither is given, `null` when they match nothing (the list is empty).
 */
export async function affiliateFilter(em: EntityManager, programId: string, f: { affiliateId?: string | null; affiliateEmail?: string | null }): Promise<string | null | undefined> {
  let id: string | undefined;
  if (f.affiliateId != null) {
    if (!isUuid(f.affiliateId)) return null;
    id = f.affiliateId;
  }
  if (f.affiliateEmail != null) {
    const a = await findAffiliateByEmail(em, programId, f.affiliateEmail);
    if (!a || (id && id !== a.id)) return null;
    id = a.id;
  }
  return id;
}
