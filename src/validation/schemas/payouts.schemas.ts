import { COMMISSION_ORDER_FIELDS, COMMISSION_STATUSES, PAYOUT_BATCH_ORDER_FIELDS, PAYOUT_BATCH_STATUSES } from '../enums';
import { Body, Nullable, OneOf, Text, type Input } from '../kit';
import { CREATED_RANGE, ListOrderArg, SEARCH } from './list.schemas';

/** GraphQL CommissionFilterInput: all given filters must match. */
export const CommissionListFilter = Body({
  status: Nullable(OneOf(COMMISSION_STATUSES)),
  affiliateId: Nullable(Text(200)),
  affiliateEmail: Nullable(Text(254)),
  linkId: Nullable(Text(200)),
  ...SEARCH,
  ...CREATED_RANGE,
});
export type CommissionListFilter = Input<typeof CommissionListFilter>;

/** GraphQL `commissions(status, filter, orderBy)` (paging and programId apart). */
export const CommissionListArgs = Body({
  status: Nullable(OneOf(COMMISSION_STATUSES)),
  filter: Nullable(CommissionListFilter),
  orderBy: ListOrderArg(COMMISSION_ORDER_FIELDS),
});

/** GraphQL PayoutBatchFilterInput. */
export const PayoutBatchListFilter = Body({ status: Nullable(OneOf(PAYOUT_BATCH_STATUSES)), ...CREATED_RANGE });
export type PayoutBatchListFilter = Input<typeof PayoutBatchListFilter>;

/** GraphQL `payoutBatches(filter, orderBy)` (paging and programId apart). */
export const PayoutBatchListArgs = Body({ filter: Nullable(PayoutBatchListFilter), orderBy: ListOrderArg(PAYOUT_BATCH_ORDER_FIELDS) });
