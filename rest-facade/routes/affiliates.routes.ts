import { AFFILIATE_STATUSES } from '../../src/modules/affiliates/affiliate.entity';
import { PAGE_FIELDS, pick, type Connection, type RestRoute } from '../route';

const UPDATABLE = ['firstName', 'lastName', 'email', 'commissionRate', 'affiliateStatus', 'commissionPlanId', 'affiliateGroupId'] as const;

/** Spec 4.1. */
export const affiliateRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/affiliates',
    fields: { id: { type: 'string', max: 200 }, email: { type: 'string', max: 254 }, ...PAGE_FIELDS },
    // `email` is ignored when `id` is set; with neither, the whole list.
    operation: (q) => (q.id != null || q.email != null ? 'AffiliateLookup' : 'AffiliateList'),
    variables: (q) => (q.id != null ? { id: q.id } : q.email != null ? { email: q.email } : {}),
    response: (d) => d.affiliate ?? null,
    list: (d) => d.affiliates as Connection | undefined,
  },
  {
    method: 'POST',
    path: '/affiliates',
    fields: {
      firstName: { type: 'string', required: true, max: 200 },
      lastName: { type: 'string', required: true, max: 200 },
      email: { type: 'email', required: true },
      affiliateLink: { type: 'string', max: 200 },
      commissionRate: { type: 'number' },
      affiliateStatus: { type: { enum: AFFILIATE_STATUSES } },
      sendWelcomeEmail: { type: 'boolean' },
      commissionPlanId: { type: 'string', max: 100 },
      affiliateGroupId: { type: 'string', max: 100 },
    },
    operation: 'AffiliateCreate',
    variables: (b) => ({ input: b }),
    response: (d) => d.createAffiliate,
  },
  {
    method: 'PUT',
    path: '/affiliates',
    fields: {
      affiliateId: { type: 'string', max: 200 },
      emailAddress: { type: 'string', max: 254 },
      affiliateLink: { type: 'string', max: 200 },
      firstName: { type: 'string', max: 200 },
      lastName: { type: 'string', max: 200 },
      email: { type: 'email' },
      commissionRate: { type: 'number' },
      affiliateStatus: { type: { enum: AFFILIATE_STATUSES } },
      commissionPlanId: { type: 'string', max: 100 },
      affiliateGroupId: { type: 'string', max: 100 },
    },
    operation: 'AffiliateUpdate',
    variables: (b) => ({ input: pick(b, ['affiliateId', 'emailAddress', 'affiliateLink', ...UPDATABLE]) }),
    response: (d) => d.updateAffiliate,
  },
  {
    method: 'DELETE',
    path: '/affiliates',
    fields: { affiliateId: { type: 'string', required: true, max: 254 } },
    operation: 'AffiliateDelete',
    variables: (b) => ({ affiliateId: b.affiliateId }),
    response: (d) => d.deleteAffiliate,
  },
];
