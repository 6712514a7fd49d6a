import type { EntityManager } from '@mikro-orm/postgresql';
import { isClickId, isUuid } from '../../common/ids';
import { managedRow } from '../../db/rows';
import { AffiliateLink } from '../links/affiliate-link.entity';
import { Affiliate } from './affiliate.entity';

/** What a link slug can look like; anything else cannot name a link (and is not looked up). */
export const SLUG_RE = /^[A-Za-z0-9-]{1,100}$/;

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
  const v = value.trim();
  if (isUuid(v)) {
    const a = await findAffiliateById(em, programId, v);
    if (a) return a;
  }
  if (isClickId(v)) {
    const a = await managedRow(em, Affiliate, 'select a.* from clicks c join affiliates a on a.program_id = c.program_id and a.id = c.affiliate_id where c.program_id = ? and c.id = ?', [programId, Number(v)]);
    if (a) return a;
  }
  if (!SLUG_RE.test(v)) return null;
  return managedRow(em, Affiliate, 'select a.* from affiliate_links l join affiliates a on a.program_id = l.program_id and a.id = l.affiliate_id where l.program_id = ? and lower(l.link) = ?', [programId, v.toLowerCase()]);
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
