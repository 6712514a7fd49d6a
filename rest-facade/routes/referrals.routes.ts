import { CreateReferralBody, DeleteReferralBody, ReferralsQuery, UpdateReferralBody } from '../../src/validation/schemas/referrals.schemas';
import { pick, route, type Connection, type RestRoute } from '../route';

/** Spec 4.2. */
export const referralRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/referrals',
    query: ReferralsQuery,
    // `id` returns one referral (or null); the other parameters return arrays.
    operation: (q) => (q.id != null ? 'ReferralLookup' : 'ReferralList'),
    variables: (q) => (q.id != null ? { id: q.id } : { filter: pick(q, ['affiliateId', 'affiliateEmail', 'externalId']) }),
    response: (d) => d.referral ?? null,
    list: (d) => d.referrals as Connection | undefined,
  }),
  route({
    method: 'POST',
    path: '/referrals',
    body: CreateReferralBody,
    operation: 'ReferralCreate',
    variables: (b) => ({ input: b }),
    response: (d) => d.createReferral ?? null,
  }),
  route({
    method: 'PUT',
    path: '/referrals',
    body: UpdateReferralBody,
    operation: 'ReferralUpdate',
    variables: (b) => ({ input: b }),
    response: (d) => d.updateReferral,
  }),
  route({
    method: 'DELETE',
    path: '/referrals',
    body: DeleteReferralBody,
    operation: 'ReferralDelete',
    variables: (b) => ({ referralId: b.referralId }),
    response: (d) => d.deleteReferral,
  }),
];
