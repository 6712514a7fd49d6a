import { Body, Bool, Email, Id64, Money, Nullable, Omittable, Rate, RequiredEmail, RequiredText, Text, type Input } from '../kit';
import { SALE_ORDER_FIELDS } from '../enums';
import { CREATED_RANGE, ListOrderArg, SEARCH } from './list.schemas';
import { PAGE_PARAMS } from './paging.schemas';

/**
 * Money: finite, below 10^12 in size. How many decimals an amount may have (the stored scale) and what the
 * program's currency allows are the service's rules.
 */
const AMOUNTS = {
  commissionRate: Nullable(Rate()),
  tax: Nullable(Money({ nonNegative: true })),
  shipping: Nullable(Money({ nonNegative: true })),
};

/** GraphQL `sale(id)`. */
export const SaleLookupArgs = Body({ id: Omittable(Id64()) });

/** GraphQL SaleFilterInput. */
export const SaleFilter = Body({
  affiliateId: Nullable(Text(200)),
  affiliateEmail: Nullable(Text(254)),
  referralId: Nullable(Text(200)),
  saleExternalId: Nullable(Text(200)),
  saleExternalInvoiceId: Nullable(Text(200)),
});
export type SaleFilter = Input<typeof SaleFilter>;

/** GraphQL SaleFilterInput: the REST filters, the link, refunded, a search and a creation range. */
export const SaleListFilter = Body({ ...SaleFilter.properties, linkId: Nullable(Text(200)), refunded: Nullable(Bool()), ...SEARCH, ...CREATED_RANGE });
export type SaleListFilter = Input<typeof SaleListFilter>;

/** GraphQL `sales(filter, orderBy)` (paging and programId apart). */
export const SaleListArgs = Body({ filter: Nullable(SaleListFilter), orderBy: ListOrderArg(SALE_ORDER_FIELDS) });
export type SaleListArgs = Input<typeof SaleListArgs>;

/** GET /sales: `id` looks one up, the filters list. */
export const SalesQuery = Body({ id: Nullable(Id64()), ...SaleFilter.properties, ...PAGE_PARAMS });
export type SalesQuery = Input<typeof SalesQuery>;

/** POST /sales, GraphQL RecordSaleInput: the owner by referralId, email or promoCode (the service's rule). */
export const RecordSaleBody = Body({
  referralId: Nullable(Text(200)),
  email: Nullable(Email()),
  promoCode: Nullable(Text(200)),
  name: Nullable(Text(200)),
  totalEarned: Money({ nonZero: true }),
  ...AMOUNTS,
  externalId: Nullable(Text(200)),
  externalInvoiceId: Nullable(Text(200)),
});
export type RecordSaleBody = Input<typeof RecordSaleBody>;

/** PUT /sales, GraphQL UpdateSaleInput. */
export const UpdateSaleBody = Body({
  saleId: Id64(),
  name: Omittable(RequiredText(200)),
  email: Omittable(RequiredEmail()),
  totalEarned: Omittable(Money({ nonZero: true })),
  ...AMOUNTS,
  externalId: Nullable(Text(200)),
  externalInvoiceId: Nullable(Text(200)),
  commissionEarned: Nullable(Money()),
});
export type UpdateSaleBody = Input<typeof UpdateSaleBody>;

/** PATCH /sales (refund), GraphQL `refundSale(saleId)`. */
export const RefundSaleBody = Body({ saleId: Id64() });
export type RefundSaleBody = Input<typeof RefundSaleBody>;
