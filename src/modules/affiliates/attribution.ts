import type { EntityManager } from '@mikro-orm/postgresql';
import { toDetached } from '../../db/rows';
import { Affiliate } from './affiliate.entity';
import { lookupAffiliateRow } from './affiliate.finder';
import { firstLinkId } from './affiliate.queries';

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
  const row = await lookupAffiliateRow(em, programId, value, true);
  if (!row) return null;
  return {
    affiliate: toDetached(em, Affiliate, [row])[0],
    linkId: (row.attributed_link_id as string | null) ?? null,
    clickId: row.attributed_click_id == null ? null : Number(row.attributed_click_id),
  };
}

export async function attributeToAffiliate(em: EntityManager, programId: string, affiliate: Affiliate): Promise<Attribution> {
  return { affiliate, linkId: await firstLinkId(em, programId, affiliate.id), clickId: null };
}
