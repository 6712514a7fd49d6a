import type { Click } from './click.entity';

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
