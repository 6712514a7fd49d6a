import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows } from '../../db/rows';
import { AffiliateLink } from './affiliate-link.entity';

/** An affiliate's link by slug or id, scoped to its program; read-only rows (db/rows). `lock`: for update. */

export async function linkBySlug(em: EntityManager, programId: string, slug: string, lock: boolean): Promise<AffiliateLink | null> {
  const rows = await detachedRows(em, AffiliateLink, `select * from affiliate_links where program_id = ? and lower(link) = ?${lock ? ' for update' : ''}`, [
    programId,
    slug.toLowerCase(),
  ]);
  return rows[0] ?? null;
}

export async function linkById(em: EntityManager, programId: string, id: string, lock: boolean): Promise<AffiliateLink | null> {
  const rows = await detachedRows(em, AffiliateLink, `select * from affiliate_links where program_id = ? and id = ?${lock ? ' for update' : ''}`, [
    programId,
    id,
  ]);
  return rows[0] ?? null;
}

/** One affiliate's links, in creation order. */
export function linksOf(em: EntityManager, programId: string, affiliateId: string): Promise<AffiliateLink[]> {
  return detachedRows(em, AffiliateLink, 'select * from affiliate_links where program_id = ? and affiliate_id = ? order by id', [programId, affiliateId]);
}
