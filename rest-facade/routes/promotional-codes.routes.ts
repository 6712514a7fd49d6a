import {
  CreatePromotionalCodeBody,
  DeletePromotionalCodeBody,
  PromotionalCodesQuery,
  UpdatePromotionalCodeBody,
} from '../../src/validation/schemas/promotional-codes.schemas';
import { pick, route, type Connection, type RestRoute } from '../route';

/** Spec 4.5. */
export const promotionalCodeRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/promotional-codes',
    query: PromotionalCodesQuery,
    // id, code and externalId return one code (or null); couponId, affiliateId and affiliateEmail return arrays.
    operation: (q) => (q.id != null || q.code != null || q.externalId != null ? 'PromotionalCodeLookup' : 'PromotionalCodeList'),
    variables: (q) =>
      q.id != null
        ? { id: q.id }
        : q.code != null
          ? { code: q.code }
          : q.externalId != null
            ? { externalId: q.externalId }
            : { filter: pick(q, ['couponId', 'affiliateId', 'affiliateEmail']) },
    response: (d) => d.promotionalCode ?? null,
    list: (d) => d.promotionalCodes as Connection | undefined,
  }),
  route({
    method: 'POST',
    path: '/promotional-codes',
    body: CreatePromotionalCodeBody,
    operation: 'PromotionalCodeCreate',
    variables: (b) => ({ input: b }),
    response: (d) => d.createPromotionalCode,
  }),
  route({
    method: 'PUT',
    path: '/promotional-codes',
    body: UpdatePromotionalCodeBody,
    operation: 'PromotionalCodeUpdate',
    variables: (b) => ({ input: b }),
    response: (d) => d.updatePromotionalCode,
  }),
  route({
    method: 'DELETE',
    path: '/promotional-codes',
    body: DeletePromotionalCodeBody,
    operation: 'PromotionalCodeDelete',
    variables: (b) => ({ promotionalCodeId: b.promotionalCodeId }),
    response: (d) => d.deletePromotionalCode,
  }),
];
