import { AffiliatePortalLinkBody } from '../../src/validation/schemas/portal.schemas';
import { field } from '../body';
import { route, type RestRoute } from '../route';

/** The affiliates' portal as the program's own app reaches it (DESIGN.md "The affiliates' own portal", Embedding). */
export const portalRoutes: RestRoute[] = [
  route({
    method: 'POST',
    path: '/affiliate-portal-links',
    id: 'createAffiliatePortalLink',
    summary: "Make a link that signs an affiliate into the program's portal",
    description: [
      "A single-use `url` under `<PUBLIC_URL>/portal/<portalSlug>/sign-in/`, valid for 5 minutes (`expiresAt`), that signs the affiliate (`affiliateId`: its UUID, one of its link slugs or a numeric click id) into the program's affiliate portal, where it sees its own links, figures, commissions, payouts and payout details. Open it for the affiliate, or frame it in your app (the portal may be framed by the origins of the program's base URLs). Treat it as a secret: whoever opens it first is signed in as the affiliate.",
      "404 when no affiliate of the program matches; 400 when the program's portal is turned off (`portalEnabled`, GraphQL) or the affiliate was rejected.",
    ].join('\n\n'),
    body: AffiliatePortalLinkBody,
    operation: 'AffiliatePortalLinkCreate',
    variables: (b) => ({ affiliateId: b.affiliateId }),
    response: field('createAffiliatePortalLink'),
    status: 201,
    example: { affiliateId: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d' },
  }),
];
