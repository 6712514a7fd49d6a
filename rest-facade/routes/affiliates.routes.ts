import { AffiliatesQuery, CreateAffiliateBody, DeleteAffiliateBody, UpdateAffiliateBody } from '../../src/validation/schemas/affiliates.schemas';
import { field } from '../body';
import { route, type RestRoute } from '../route';

/** Spec 4.1. */
export const affiliateRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/affiliates',
    id: 'getAffiliates',
    summary: 'Look an affiliate up, or list every affiliate',
    description:
      'With `id` (an affiliate UUID, one of its link slugs or a numeric click id) or `email`: the one affiliate, or `null` when nothing matches (`email` is ignored when `id` is set). With neither: every affiliate of the program as one array, or one page of it with `limit` (the next page via `after` = the `X-Next-Cursor` header).',
    query: AffiliatesQuery,
    operation: (q) => (q.id != null || q.email != null ? 'AffiliateLookup' : 'AffiliateList'),
    operations: ['AffiliateLookup', 'AffiliateList'],
    variables: (q) => (q.id != null ? { id: q.id } : q.email != null ? { email: q.email } : {}),
    response: field('affiliate'),
    list: 'affiliates',
  }),
  route({
    method: 'POST',
    path: '/affiliates',
    id: 'createAffiliate',
    summary: 'Create an affiliate with its first link',
    description:
      'Creates the affiliate and its first link (`affiliateLink`, or a slug made from the email; a taken slug fails, no other is chosen). Sends the admin notification and, unless `sendWelcomeEmail` is false, the welcome email (active: the portal and the first link; pending: application received); creates automatic promotional codes; fires `affiliate.created`. 400 when a required field is missing, the email or link is taken, the plan or group does not exist or do not match, or the affiliate limit is reached.',
    body: CreateAffiliateBody,
    operation: 'AffiliateCreate',
    variables: (b) => ({ input: b }),
    response: field('createAffiliate'),
    example: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', affiliateLink: 'ada', commissionRate: 25 },
  }),
  route({
    method: 'PUT',
    path: '/affiliates',
    id: 'updateAffiliate',
    summary: 'Update an affiliate',
    description:
      'Identifies the affiliate by `affiliateId` or `emailAddress` and applies the other fields sent; `affiliateLink` adds another link (it does not rename one). Answers how many affiliates were updated: 0 when none matched. Fires `affiliate.updated`.\n\n`payoutMethod`, `payoutEmail` and `stripeAccountId` say where the affiliate is paid (PayPal and Wise need an email, Stripe Connect an `acct_…` account); a change emails the affiliate. They are never in an answer or an event, and only an API key may send them: with a partner token the update is answered 403 and changes nothing.',
    body: UpdateAffiliateBody,
    operation: 'AffiliateUpdate',
    variables: (b) => ({ input: b }),
    response: field('updateAffiliate'),
    example: { affiliateId: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d', commissionRate: 30 },
  }),
  route({
    method: 'DELETE',
    path: '/affiliates',
    id: 'deleteAffiliate',
    summary: 'Delete an affiliate and everything it owns',
    description:
      'Deletes the affiliate (by UUID or email) with its links, referrals, sales and commissions, and fires `affiliate.deleted`; its payouts stay on record without it. Answers a confirmation also when nothing matched. 400 while one of its payouts waits or is being paid.',
    body: DeleteAffiliateBody,
    operation: 'AffiliateDelete',
    variables: (b) => ({ affiliateId: b.affiliateId }),
    response: field('deleteAffiliate'),
    example: { affiliateId: 'ada@example.com' },
  }),
];
