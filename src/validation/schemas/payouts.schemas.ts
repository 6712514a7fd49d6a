import {
  COMMISSION_ORDER_FIELDS,
  COMMISSION_STATUSES,
  PAYOUT_BATCH_ORDER_FIELDS,
  PAYOUT_BATCH_STATUSES,
  PAYOUT_EXPORT_FORMATS,
  PAYOUT_METHODS,
  PAYOUT_ORDER_FIELDS,
  PAYOUT_STATUSES,
} from '../enums';
import { Type } from '@sinclair/typebox';
import { Body, Id64, Nullable, OneOf, RequiredText, Strings, Text, type Input } from '../kit';
import { PAGE_PARAMS } from './paging.schemas';
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

/** GraphQL PayoutFilterInput: all given filters must match. */
export const PayoutListFilter = Body({
  status: Nullable(OneOf(PAYOUT_STATUSES)),
  method: Nullable(OneOf(PAYOUT_METHODS)),
  affiliateId: Nullable(Text(200)),
  batchId: Nullable(Text(200)),
});
export type PayoutListFilter = Input<typeof PayoutListFilter>;

/** GraphQL `payouts(filter, orderBy)` (paging and programId apart). */
export const PayoutListArgs = Body({ filter: Nullable(PayoutListFilter), orderBy: ListOrderArg(PAYOUT_ORDER_FIELDS) });

/** A batch or payout named by its UUID (in the REST path); what is not one is a 404, the service's rule. */
const ID = RequiredText(200);

/** POST /payout-batches, GraphQL `createPayoutBatch`: without ids, every affiliate owed at least the minimum payout. */
export const CreatePayoutBatchBody = Body({
  commissionIds: Nullable(Strings(10_000, 200)),
  saleIds: Nullable(Type.Array(Id64(), { maxItems: 10_000 })),
});
export type CreatePayoutBatchBody = Input<typeof CreatePayoutBatchBody>;

/** GET /payout-batches/{id}, POST /payout-batches/{id}/send, GraphQL `payoutBatch(id)` and `sendPayoutBatch(id)`. */
export const PayoutBatchIdArgs = Body({ id: ID });
export type PayoutBatchIdArgs = Input<typeof PayoutBatchIdArgs>;

/** GET /payout-batches/{id}/export?format=paypal|wise. */
export const PayoutBatchExportQuery = Body({ id: ID, format: OneOf(PAYOUT_EXPORT_FORMATS) });
export type PayoutBatchExportQuery = Input<typeof PayoutBatchExportQuery>;

/** POST /payout-batches/{id}/mark-paid and /payouts/{id}/mark-paid: the bank's, PayPal's or Wise's reference, if any. */
export const MarkPayoutPaidBody = Body({ id: ID, reference: Nullable(Text(200)) });
export type MarkPayoutPaidBody = Input<typeof MarkPayoutPaidBody>;

/** POST /payouts/{id}/mark-failed: why (PayPal returned it unclaimed, a bank refused it). */
export const MarkPayoutFailedBody = Body({ id: ID, reason: RequiredText(500) });
export type MarkPayoutFailedBody = Input<typeof MarkPayoutFailedBody>;

/** GET /payouts: the list's filters and paging. */
export const PayoutsQuery = Body({ ...PayoutListFilter.properties, ...PAGE_PARAMS });
export type PayoutsQuery = Input<typeof PayoutsQuery>;

/** GET /payout-batches: the list's filters and paging. */
export const PayoutBatchesQuery = Body({ status: Nullable(OneOf(PAYOUT_BATCH_STATUSES)), ...PAGE_PARAMS });
export type PayoutBatchesQuery = Input<typeof PayoutBatchesQuery>;
