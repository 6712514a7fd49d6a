import { CreateReferralBody, DeleteReferralBody, ReferralsQuery, UpdateReferralBody } from '../../src/validation/schemas/referrals.schemas';
import { field } from '../body';
import { pick, route, type RestRoute } from '../route';

/** Spec 4.2. */
export const referralRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/referrals',
    id: 'getReferrals',
    summary: 'Look a referral up, or list referrals',
    description:
      "With `id` (a referral UUID, else retried as the referral's email): the one referral or `null`. With `affiliateId`, `affiliateEmail` or `externalId` (the referred user's id in your system): the matching referrals. With no parameter: every referral of the program. Lists come as one array, or one page with `limit` (next page via `after` = `X-Next-Cursor`).",
    query: ReferralsQuery,
    operation: (q) => (q.id != null ? 'ReferralLookup' : 'ReferralList'),
    operations: ['ReferralLookup', 'ReferralList'],
    variables: (q) => (q.id != null ? { id: q.id } : { filter: pick(q, ['affiliateId', 'affiliateEmail', 'externalId']) }),
    response: field('referral'),
    list: 'referrals',
  }),
  route({
    method: 'POST',
    path: '/referrals',
    id: 'createReferral',
    summary: 'Record a referred user',
    description:
      "Credits the referral to exactly one of `affiliateId` (an affiliate UUID, a link slug or a numeric click id), `affiliateEmail` or `promoCode` (which must exist, be active, unexpired, under its own and its coupon's redemption limits and have an affiliate; both counters then increase). Referrals created here are active. Answers the referral, or `null` when it cannot be resolved. 400 when no or several identifiers are sent, a required field is missing, the code cannot be used or the monthly referral limit is reached.\n\nOne customer, one referrer: a customer is its `referredUserExternalId` in the program. When it already has a referral, the answer is 200 with that referral and no second one is made, also when concurrent requests name the same customer. Under the program's `attributionModel` `first_click` (default) nothing changes (no code redeemed, no counter, no event, no limit counted); under `last_click` the referral moves to the affiliate named now, with its link, click and code, and fires `referral.updated` (naming its own affiliate again changes nothing). `POST /sales` with `email` credits that customer's referral.",
    body: CreateReferralBody,
    operation: 'ReferralCreate',
    variables: (b) => ({ input: b }),
    response: field('createReferral'),
    example: { affiliateId: 'ada', name: 'Grace Hopper', email: 'grace@example.com', referredUserExternalId: 'cus_123' },
  }),
  route({
    method: 'PUT',
    path: '/referrals',
    id: 'updateReferral',
    summary: 'Update a referral',
    description:
      'Changes the referral `referralId` (e.g. its `subscriptionStatus`, which decides whether it counts as active) and fires `referral.updated`. 400 when `referralId` is missing or unknown in the program, or an unlisted field is sent, and `DUPLICATE` when `referredUserExternalId` is that of another referred customer (one customer, one referrer).',
    body: UpdateReferralBody,
    operation: 'ReferralUpdate',
    variables: (b) => ({ input: b }),
    response: field('updateReferral'),
    example: { referralId: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d', subscriptionStatus: 'canceled' },
  }),
  route({
    method: 'DELETE',
    path: '/referrals',
    id: 'deleteReferral',
    summary: 'Delete a referral',
    description: 'Deletes the referral and fires `referral.deleted`; answers a confirmation also when nothing matched.',
    body: DeleteReferralBody,
    operation: 'ReferralDelete',
    variables: (b) => ({ referralId: b.referralId }),
    response: field('deleteReferral'),
    example: { referralId: '0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d' },
  }),
];
