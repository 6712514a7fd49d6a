import { RecordSaleBody, RefundSaleBody, SalesQuery, UpdateSaleBody } from '../../src/validation/schemas/sales.schemas';
import { pick, route, type Connection, type RestRoute } from '../route';

/** Spec 4.6 and DESIGN.md (PATCH refund, externalId replay). */
export const saleRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/sales',
    query: SalesQuery,
    operation: (q) => (q.id != null ? 'SaleLookup' : 'SaleList'),
    variables: (q) =>
      q.id != null ? { id: q.id } : { filter: pick(q, ['affiliateId', 'affiliateEmail', 'referralId', 'saleExternalId', 'saleExternalInvoiceId']) },
    response: (d) => d.sale ?? null,
    list: (d) => d.sales as Connection | undefined,
  }),
  route({
    method: 'POST',
    path: '/sales',
    body: RecordSaleBody,
    operation: 'SaleRecord',
    variables: (b) => ({ input: b }),
    response: (d) => (d.recordSale as { sale: unknown }).sale ?? null,
    headers: (d): Record<string, string> => ((d.recordSale as { replayed: boolean }).replayed ? { 'Idempotent-Replayed': 'true' } : {}),
  }),
  route({
    method: 'PUT',
    path: '/sales',
    body: UpdateSaleBody,
    operation: 'SaleUpdate',
    variables: (b) => ({ input: b }),
    response: (d) => d.updateSale,
  }),
  route({
    method: 'PATCH',
    path: '/sales',
    body: RefundSaleBody,
    operation: 'SaleRefund',
    variables: (b) => ({ saleId: b.saleId }),
    response: (d) => d.refundSale,
  }),
];
