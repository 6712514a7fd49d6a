import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../common/ids';
import type { AffiliateLink } from './affiliate-link.entity';
import { linkById, linkBySlug, linksOf } from './affiliate-link.queries';
import { SLUG_SHAPE } from './affiliate-link.rules';

/**
 * Link lookups for every domain that identifies a link, scoped to one program; read-only rows (db/rows).
 * `lock` holds the row for the rest of the transaction, so concurrent renames and deletes serialise.
 */
export async function findLinkBySlug(em: EntityManager, programId: string, slug: string, lock = false): Promise<AffiliateLink | null> {
  return SLUG_SHAPE.test(slug) ? linkBySlug(em, programId, slug, lock) : null;
}

export async function findLinkById(em: EntityManager, programId: string, id: string, lock = false): Promise<AffiliateLink | null> {
  return isUuid(id) ? linkById(em, programId, id, lock) : null;
}

/** The affiliate's links, oldest first. */
export async function findLinksOfAffiliate(em: EntityManager, programId: string, affiliateId: string): Promise<AffiliateLink[]> {
  return linksOf(em, programId, affiliateId);
}
