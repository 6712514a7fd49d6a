import type { EntityManager } from '@mikro-orm/postgresql';
import { isClickId, isUuid } from '../../common/ids';
import { Click } from '../clicks/click.entity';
import { AffiliateLink } from '../links/affiliate-link.entity';
import { Affiliate } from './affiliate.entity';
import { findLinkBySlug } from './affiliate.finder';

/** Who gets the credit, and through which link and click, for a referral or a sale. */
export interface Attribution {
  affiliate: Affiliate;
  linkId: string | null;
  clickId: number | null;
}

/**
 * Resolves an identifier the spec accepts for an affiliate (UUID, link slug, numeric click id) to the
 * affiliate and, where the identifier says so, the link and click; otherwise the affiliate's first link.
 */
export async function attributeTo(em: EntityManager, programId: string, value: string): Promise<Attribution | null> {
  const v = value.trim();
  if (isUuid(v)) {
    const a = await em.findOne(Affiliate, { programId, id: v });
    if (a) return { affiliate: a, linkId: await firstLinkId(em, programId, a.id), clickId: null };
  }
  if (isClickId(v)) {
    const click = await em.findOne(Click, { programId, id: Number(v) });
    if (click) {
      const a = await em.findOne(Affiliate, { programId, id: click.affiliateId });
      if (a) return { affiliate: a, linkId: click.linkId, clickId: click.id };
    }
  }
  const link = await findLinkBySlug(em, programId, v);
  if (link) {
    const a = await em.findOne(Affiliate, { programId, id: link.affiliateId });
    if (a) return { affiliate: a, linkId: link.id, clickId: null };
  }
  return null;
}

export async function attributeToAffiliate(em: EntityManager, programId: string, affiliate: Affiliate): Promise<Attribution> {
  return { affiliate, linkId: await firstLinkId(em, programId, affiliate.id), clickId: null };
}

async function firstLinkId(em: EntityManager, programId: string, affiliateId: string): Promise<string | null> {
  const link = await em.findOne(AffiliateLink, { programId, affiliateId }, { orderBy: { id: 'asc' }, fields: ['id'] });
  return link?.id ?? null;
}
