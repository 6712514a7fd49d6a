import { AffiliatesQuery, CreateAffiliateBody, DeleteAffiliateBody, UpdateAffiliateBody } from '../../src/validation/schemas/affiliates.schemas';
import { route, type Connection, type RestRoute } from '../route';

/** Spec 4.1. */
export const affiliateRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/affiliates',
    query: AffiliatesQuery,
    // `email` is ignored when `id` is set; with neither, the whole list.
    operation: (q) => (q.id != null || q.email != null ? 'AffiliateLookup' : 'AffiliateList'),
    variables: (q) => (q.id != null ? { id: q.id } : q.email != null ? { email: q.email } : {}),
    response: (d) => d.affiliate ?? null,
    list: (d) => d.affiliates as Connection | undefined,
  }),
  route({
    method: 'POST',
    path: '/affiliates',
    body: CreateAffiliateBody,
    operation: 'AffiliateCreate',
    variables: (b) => ({ input: b }),
    response: (d) => d.createAffiliate,
  }),
  route({
    method: 'PUT',
    path: '/affiliates',
    body: UpdateAffiliateBody,
    operation: 'AffiliateUpdate',
    variables: (b) => ({ input: b }),
    response: (d) => d.updateAffiliate,
  }),
  route({
    method: 'DELETE',
    path: '/affiliates',
    body: DeleteAffiliateBody,
    operation: 'AffiliateDelete',
    variables: (b) => ({ affiliateId: b.affiliateId }),
    response: (d) => d.deleteAffiliate,
  }),
];
