import { Body, RequiredText, type Input } from '../kit';

/** POST /affiliate-portal-links, GraphQL `createAffiliatePortalLink(affiliateId)`: the affiliate by UUID, link slug or click id. */
export const AffiliatePortalLinkBody = Body({ affiliateId: RequiredText(200) });
export type AffiliatePortalLinkBody = Input<typeof AffiliatePortalLinkBody>;
