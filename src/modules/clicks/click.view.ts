import type { AffiliateLink } from '../affiliates/affiliate-link.entity';
import type { Click } from './click.entity';
import type { ClickMeta } from './click.service';

export function clickView(c: Click, slug: string | null) {
  return {
    id: c.id,
    link: slug,
    linkId: c.linkId,
    affiliateId: c.affiliateId,
    referrer: c.referrer,
    userAgent: c.userAgent,
    landingUrl: c.landingUrl,
    createdAt: c.createdAt.toISOString(),
  };
}

/** A known robot's visit reported by the program's server: nothing was recorded, so it has no id; the rest as reported. */
export function robotClickView(link: Pick<AffiliateLink, 'id' | 'link' | 'affiliateId'>, reported: ClickMeta) {
  return {
    id: null,
    link: link.link,
    linkId: link.id,
    affiliateId: link.affiliateId,
    referrer: reported.referrer ?? null,
    userAgent: reported.userAgent ?? null,
    landingUrl: reported.landingUrl ?? null,
  };
}
