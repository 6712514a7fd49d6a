import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isClickId, isUuid } from '../../common/ids';
import { Click } from '../clicks/click.entity';
import { AffiliateLink } from '../links/affiliate-link.entity';
import { Affiliate } from './affiliate.entity';

const SLUG_RE = /^[A-Za-z0-9-]{1,100}$/;

/** Lookups shared by every domain that identifies an affiliate or a link; all scoped to one program. */
export async function findLinkBySlug(em: EntityManager, programId: string, slug: string, lock = false): Promise<AffiliateLink | null> {
  if (!SLUG_RE.test(slug)) return null;
  const qb = em.createQueryBuilder(AffiliateLink, 'l').select('*').where({ programId }).andWhere('lower(l.link) = ?', [slug.toLowerCase()]);
  if (lock) qb.setLockMode(LockMode.PESSIMISTIC_WRITE);
  return qb.getSingleResult();
}

export async function findLinkById(em: EntityManager, programId: string, id: string): Promise<AffiliateLink | null> {
  return isUuid(id) ? em.findOne(AffiliateLink, { programId, id }) : null;
}

export async function findAffiliateByEmail(em: EntityManager, programId: string, email: string): Promise<Affiliate | null> {
  const e = email.trim();
  if (!e || e.length > 254) return null;
  return em.createQueryBuilder(Affiliate, 'a').select('*').where({ programId }).andWhere('lower(a.email) = ?', [e.toLowerCase()]).getSingleResult();
}

/** An affiliate by UUID, by numeric click id (the click's affiliate) or by one of its link slugs, in that order. */
export async function findAffiliateByLookup(em: EntityManager, programId: string, value: string): Promise<Affiliate | null> {
  const v = value.trim();
  if (isUuid(v)) {
    const a = await em.findOne(Affiliate, { programId, id: v });
    if (a) return a;
  }
  if (isClickId(v)) {
    const click = await em.findOne(Click, { programId, id: Number(v) });
    if (click) return em.findOne(Affiliate, { programId, id: click.affiliateId });
  }
  const link = await findLinkBySlug(em, programId, v);
  return link ? em.findOne(Affiliate, { programId, id: link.affiliateId }) : null;
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
