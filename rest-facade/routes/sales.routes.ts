import { RecordSaleBody, RefundSaleBody, SalesQuery, UpdateSaleBody } from '../../src/validation/schemas/sales.schemas';
import { field } from '../body';
import { pick, route, type RestRoute } from '../route';

/** Spec 4.6 and DESIGN.md (PATCH refund, externalId replay). */
export const saleRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/sales',
    id: 'getSales',
    summary: 'Look a sale up, or list sales',
    description:
      'With `id` (int64): the one sale or `null`. With `affiliateId`, `affiliateEmail`, `referralId`, `saleExternalId` or `saleExternalInvoiceId`, or nothing: the matching sales as one array, or one page with `limit` (next page via `after` = `X-Next-Cursor`). Every sale carries its `commissionEarned`.',
    query: SalesQuery,
    operation: (q) => (q.id != null ? 'SaleLookup' : 'SaleList'),
    operations: ['SaleLookup', 'SaleList'],
    variables: (q) =>
      q.id != null ? { id: q.id } : { filter: pick(q, ['affiliateId', 'affiliateEmail', 'referralId', 'saleExternalId', 'saleExternalInvoiceId']) },
    response: field('sale'),
    list: 'sales',
  }),
  route({
    method: 'POST',
    path: '/sales',
    id: 'recordSale',
    summary: 'Record a sale and its commission',
    description:
      "The owner is found by `referralId` (a referral UUID, an affiliate UUID, a link slug or a numeric click id), `email` (an existing referral's) or `promoCode` (validated for existence, active state, expiry and limits; its counters increase). Commission = (totalEarned − tax and shipping where the program deducts them) × rate / 100. Answers the sale, or `null` when no affiliate could be resolved (no commission is created). A sale whose `externalId` was already recorded is answered again with `Idempotent-Replayed: true` instead of being recorded twice. Fires `sale.created`.",
    body: RecordSaleBody,
    operation: 'SaleRecord',
    variables: (b) => ({ input: b }),
    response: field('recordSale', 'sale'),
    headers: (d): Record<string, string> => ((d.recordSale as { replayed: boolean }).replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    example: { referralId: 'ada', name: 'Grace Hopper', email: 'grace@example.com', totalEarned: 120, tax: 20, externalId: 'in_1001' },
  }),
  route({
    method: 'PUT',
    path: '/sales',
    id: 'updateSale',
    summary: 'Update a sale or correct its commission',
    description:
      "Applies the fields sent to the sale `saleId`; `commissionEarned` corrects the credited affiliate's commission record instead. Answers the sale with its recalculated commission and fires `sale.updated`. 404 when no such sale exists in the program.",
    body: UpdateSaleBody,
    operation: 'SaleUpdate',
    variables: (b) => ({ input: b }),
    response: field('updateSale'),
    example: { saleId: 1042, totalEarned: 150 },
  }),
  route({
    method: 'PATCH',
    path: '/sales',
    id: 'refundSale',
    summary: 'Refund a sale and reverse its commission',
    description:
      'Marks the sale `saleId` refunded and appends a reversal of its commission (history is never edited); fires `sale.refunded`. A repeat succeeds with `alreadyRefunded: true`. 400 `REFUND_NOT_ALLOWED` with a `reason` when the refund window has passed or the commission is in a payout batch, paid out or marked paid; 404 when no such sale exists.',
    body: RefundSaleBody,
    operation: 'SaleRefund',
    variables: (b) => ({ saleId: b.saleId }),
    response: field('refundSale'),
    example: { saleId: 1042 },
  }),
];
