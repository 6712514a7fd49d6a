import type { EntityManager } from '@mikro-orm/postgresql';
import { isClickId, isUuid } from '../../common/ids';
import { toDetached } from '../../db/rows';
import { Affiliate } from './affiliate.entity';
import {
  affiliateByEmail,
  affiliateCount,
  affiliateById,
  affiliateRowByClick,
  affiliateRowById,
  affiliateRowBySlug,
  affiliatesByIds,
  affiliateWithLinksById,
} from './affiliate.queries';
import type { AffiliateLink } from './affiliate-link.entity';
import { SLUG_SHAPE } from './affiliate-link.rules';

/** Affiliate lookups shared by every domain that identifies an affiliate; all scoped to one program. */
export async function findAffiliateByEmail(em: EntityManager, programId: string, email: string): Promise<Affiliate | null> {
  const e = email.trim();
  if (!e || e.length > 254) return null;
  return affiliateByEmail(em, programId, e);
}

export async function findAffiliateById(em: EntityManager, programId: string, id: string): Promise<Affiliate | null> {
  return isUuid(id) ? affiliateById(em, programId, id) : null;
}

/**
 * An affiliate by UUID with its links (in one statement), or null. The links are what the links loader would
 * read: a caller answering with them primes it.
 */
export function findAffiliateWithLinks(em: EntityManager, programId: string, id: string): Promise<{ affiliate: Affiliate; links: AffiliateLink[] } | null> {
  return isUuid(id) ? affiliateWithLinksById(em, programId, id) : Promise.resolve(null);
}

/** An affiliate by UUID, by numeric click id (the click's affiliate) or by one of its link slugs, in that order. */
export async function findAffiliateByLookup(em: EntityManager, programId: string, value: string): Promise<Affiliate | null> {
  const row = await lookupAffiliateRow(em, programId, value, false);
  return row ? toDetached(em, Affiliate, [row])[0] : null;
}

/**
 * The row of the affiliate an identifier names (UUID, numeric click id, link slug, tried in that order), one
 * statement per form tried, with `attributed_link_id` and `attributed_click_id`: the link and click the
 * identifier names, else (with `firstLink`) the affiliate's first link.
 */
export async function lookupAffiliateRow(em: EntityManager, programId: string, value: string, firstLink: boolean): Promise<Record<string, unknown> | null> {
  const v = value.trim();
  if (isUuid(v)) {
    const row = await affiliateRowById(em, programId, v, firstLink);
    if (row) return row;
  }
  if (isClickId(v)) {
    const row = await affiliateRowByClick(em, programId, Number(v));
    if (row) return row;
  }
  return SLUG_SHAPE.test(v) ? affiliateRowBySlug(em, programId, v) : null;
}

/**
 * The affiliate a list is filtered to, from an affiliateId (UUID) and/or an affiliateEmail (both must agree):
 * `undefined` when neither is given, `null` when they match nothing (the list is empty).
 */
export async function affiliateFilter(
  em: EntityManager,
  programId: string,
  f: { affiliateId?: string | null; affiliateEmail?: string | null },
): Promise<string | null | undefined> {
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

/** How many affiliates the program has (its affiliate limit counts them). */
export function countAffiliates(em: EntityManager, programId: string): Promise<number> {
  return affiliateCount(em, programId);
}

/** The affiliates with these ids (any order; ids that match none are left out). */
export function findAffiliatesByIds(em: EntityManager, programId: string, ids: readonly string[]): Promise<Affiliate[]> {
  return affiliatesByIds(em, programId, ids);
}
