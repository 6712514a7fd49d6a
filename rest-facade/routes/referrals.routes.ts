import { SUBSCRIPTION_STATUSES } from '../../src/modules/referrals/referral.entity';
import { PAGE_FIELDS, pick, type Connection, type RestRoute } from '../route';

/** Spec 4.2. */
export const referralRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/referrals',
    fields: { id: { type: 'string', max: 254 }, affiliateId: { type: 'string', max: 200 }, affiliateEmail: { type: 'string', max: 254 }, externalId: { type: 'string', max: 200 }, ...PAGE_FIELDS },
    // `id` returns one referral (or null); the other parameters return arrays.
    operation: (q) => (q.id != null ? 'ReferralLookup' : 'ReferralList'),
    variables: (q) => (q.id != null ? { id: q.id } : { filter: pick(q, ['affiliateId', 'affiliateEmail', 'externalId']) }),
    response: (d) => d.referral ?? null,
    list: (d) => d.referrals as Connection | undefined,
  },
  {
    method: 'POST',
    path: '/referrals',
    fields: {
      affiliateId: { type: 'string', max: 200 },
      affiliateEmail: { type: 'string', max: 254 },
      promoCode: { type: 'string', max: 200 },
      name: { type: 'string', required: true, max: 200 },
      email: { type: 'email', required: true },
      referredUserExternalId: { type: 'string', required: true, max: 200 },
    },
    operation: 'ReferralCreate',
    variables: (b) => ({ input: b }),
    response: (d) => d.createReferral ?? null,
  },
  {
    method: 'PUT',
    path: '/referrals',
    fields: {
      referralId: { type: 'string', required: true, max: 200 },
      subscriptionStatus: { type: { enum: SUBSCRIPTION_STATUSES } },
      name: { type: 'string', max: 200 },
      email: { type: 'email' },
      referredUserExternalId: { type: 'string', max: 200 },
    },
    operation: 'ReferralUpdate',
    variables: (b) => ({ input: b }),
    response: (d) => d.updateReferral,
  },
  {
    method: 'DELETE',
    path: '/referrals',
    fields: { referralId: { type: 'string', required: true, max: 254 } },
    operation: 'ReferralDelete',
    variables: (b) => ({ referralId: b.referralId }),
    response: (d) => d.deleteReferral,
  },
];
