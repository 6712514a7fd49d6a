import {
  CreatePayoutBatchBody,
  MarkPayoutFailedBody,
  MarkPayoutPaidBody,
  PayoutBatchesQuery,
  PayoutBatchExportQuery,
  PayoutBatchIdArgs,
  PayoutsQuery,
} from '../../src/validation/schemas/payouts.schemas';
import { field } from '../body';
import { pick, route, type RestRoute } from '../route';

const BATCH =
  'A batch answers `{id, status, currency, total, commissionCount, createdAt, paidAt, payouts}`, each payout `{id, batchId, affiliateId, amount, currency, method, destination, status, reference, failureReason, lastError, commissionCount, createdAt, paidAt, failedAt, affiliate, commissions}` (`affiliate`: id, names and email, null once deleted; `commissions`: those it pays).';

/** Paying affiliates (DESIGN.md "Payouts"): batches of one payout per affiliate, their files, Stripe transfers, marking paid. */
export const payoutRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/payout-batches',
    id: 'listPayoutBatches',
    summary: 'List payout batches',
    description: `The program's payout batches, newest first, each with its payouts; \`status\` (open, paid, failed) keeps one kind. One array, or one page with \`limit\` (next page via \`after\` = \`X-Next-Cursor\`). ${BATCH}`,
    query: PayoutBatchesQuery,
    operation: 'PayoutBatchList',
    variables: (q) => pick(q, ['status']),
    list: 'payoutBatches',
  }),
  route({
    method: 'POST',
    path: '/payout-batches',
    id: 'createPayoutBatch',
    summary: 'Make a payout batch: one payout per affiliate owed',
    description: [
      "`{}`: one payout for every affiliate with payout details whose approved commissions not yet paid or batched (in the program currency) add up to at least the program's `minimumPayout` and to more than 0. With `commissionIds` or `saleIds`: those commissions, each approved and unbatched (an affiliate without payout details is paid `manual`).",
      "Each payout takes the affiliate's payout method and destination as they are now: `stripe_connect` payouts wait (`pending`) for `POST /payout-batches/{id}/send`; `paypal`, `wise` and `manual` ones are `processing` until marked paid. No commission is ever in two batches, even when two are made at once. 400 `VALIDATION_FAILED` when nothing is owed. Fires `payout_batch.created`.",
      BATCH,
    ].join('\n\n'),
    body: CreatePayoutBatchBody,
    operation: 'PayoutBatchCreate',
    variables: (b) => ({ commissionIds: b.commissionIds ?? null, saleIds: b.saleIds ?? null }),
    response: field('createPayoutBatch'),
    status: 201,
    example: {},
  }),
  route({
    method: 'GET',
    path: '/payout-batches/{id}',
    id: 'getPayoutBatch',
    summary: 'Read one payout batch',
    description: `The batch \`id\` with its payouts; 404 when the program has none by that id. ${BATCH}`,
    query: PayoutBatchIdArgs,
    operation: 'PayoutBatchGet',
    variables: (q) => ({ id: q.id }),
    response: field('payoutBatch'),
  }),
  route({
    method: 'GET',
    path: '/payout-batches/{id}/export',
    id: 'exportPayoutBatch',
    summary: 'Download a batch as a PayPal or Wise file',
    description: [
      "The batch's payouts of one method that wait to be paid, as the CSV file the provider takes (UTF-8, CRLF line ends, amounts in major units with a `.`, one currency per file):",
      "- `format=paypal`: PayPal Payouts' upload format, no header: `<payoutEmail>,<amount>,<currency>,<reference>,<note>,PAYPAL` (reference: `po_` and 27 hex digits of the payout id).",
      "- `format=wise`: Wise's batch template for payments by email: the header `name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency`, then one row per payout.",
      "A value beginning with `=`, `+`, `-` or `@` is prefixed with `'` so no spreadsheet takes it for a formula. 400 when no payout of that method waits in the batch; 404 when the program has no such batch. Mark the payouts paid once the provider has paid them.",
    ].join('\n\n'),
    query: PayoutBatchExportQuery,
    operation: 'PayoutBatchExport',
    variables: (q) => ({ id: q.id, format: q.format }),
    file: {
      contentType: 'text/csv; charset=utf-8',
      render: (data) => {
        const file = data.payoutBatchExport as { filename: string; content: string };
        return { body: file.content, filename: file.filename };
      },
      example: 'ada@example.com,42.50,USD,po_c4600071238abcdef0123456789,Affiliate commissions from Acme,PAYPAL\r\n',
    },
  }),
  route({
    method: 'POST',
    path: '/payout-batches/{id}/send',
    id: 'sendPayoutBatch',
    summary: "Pay the batch's Stripe Connect payouts",
    description: [
      "One Stripe transfer per `stripe_connect` payout of the batch, through the server's `STRIPE_API_KEY`: `amount` in minor units, `currency`, `destination` the affiliate's account, `transfer_group` the batch id, `metadata[payout_id]`, and the `Idempotency-Key` `payout-<payout id>`.",
      "A transfer made: the payout is `paid`, `reference` the transfer id (`payout.paid`, the affiliate's email). Stripe refuses: `failed` with Stripe's message in `failureReason` (`payout.failed`), its commissions free for a later batch. No answer from Stripe: it stays `processing` with `lastError`; sending again asks with the same key, so nothing is ever paid twice. Paid and failed payouts are skipped.",
      'Answers the batch. 400 when Stripe Connect payouts wait and the server has no `STRIPE_API_KEY`; 404 when the program has no such batch.',
    ].join('\n\n'),
    body: PayoutBatchIdArgs,
    operation: 'PayoutBatchSend',
    variables: (b) => ({ id: b.id }),
    response: field('sendPayoutBatch'),
    example: {},
  }),
  route({
    method: 'POST',
    path: '/payout-batches/{id}/mark-paid',
    id: 'markPayoutBatchPaid',
    summary: "Mark a batch's waiting payouts paid",
    description:
      "Marks every waiting PayPal, Wise and manual payout of the batch paid (Stripe Connect ones are paid by `/send`, or one by one with `/payouts/{id}/mark-paid`), with their commissions (their sales can no longer be refunded: `already_paid_out`), `payout.paid` events and the affiliates' emails; `reference` (optional, at most 200 characters: the PayPal or Wise batch id) is kept on each. The batch is `paid` once nothing in it waits (`payout_batch.paid`). A settled batch is answered as it is; 404 when the program has no such batch.",
    body: MarkPayoutPaidBody,
    operation: 'PayoutBatchMarkPaid',
    variables: (b) => ({ id: b.id, reference: b.reference ?? null }),
    response: field('markPayoutBatchPaid'),
    example: { reference: 'PAYPAL-BATCH-8HX2' },
  }),
  route({
    method: 'GET',
    path: '/payouts',
    id: 'listPayouts',
    summary: 'List payouts',
    description:
      "The program's payouts, newest first: `status` (pending, processing, paid, failed), `method` (paypal, wise, stripe_connect, manual), `affiliateId` and `batchId` keep those that match. One array, or one page with `limit` (next page via `after` = `X-Next-Cursor`).",
    query: PayoutsQuery,
    operation: 'PayoutList',
    variables: (q) => pick(q, ['status', 'method', 'affiliateId', 'batchId']),
    list: 'payouts',
  }),
  route({
    method: 'POST',
    path: '/payouts/{id}/mark-paid',
    id: 'markPayoutPaid',
    summary: 'Mark one payout paid',
    description:
      "Marks the waiting payout `id` paid (paid outside this service; a Stripe Connect one only before it was sent), with its commissions, `payout.paid` and the affiliate's email; `reference` (optional) says how. A paid one is answered as it is; a failed one, or a Stripe Connect one whose transfer was asked for (`processing`: send its batch again), is 400; 404 when the program has no such payout.",
    body: MarkPayoutPaidBody,
    operation: 'PayoutMarkPaid',
    variables: (b) => ({ id: b.id, reference: b.reference ?? null }),
    response: field('markPayoutPaid'),
    example: { reference: 'bank-transfer-2026-11-30' },
  }),
  route({
    method: 'POST',
    path: '/payouts/{id}/mark-failed',
    id: 'markPayoutFailed',
    summary: 'Mark one payout failed',
    description:
      'Marks the waiting payout `id` failed with `reason` (1 to 500 characters: PayPal returned it unclaimed, a bank refused it); its commissions leave the batch, free for a later one (`payout.failed`). A failed one is answered as it is; a paid one, or a Stripe Connect one whose transfer was asked for (`processing`: send its batch again), is 400; 404 when the program has no such payout.',
    body: MarkPayoutFailedBody,
    operation: 'PayoutMarkFailed',
    variables: (b) => ({ id: b.id, reason: b.reason }),
    response: field('markPayoutFailed'),
    example: { reason: 'Unclaimed: no PayPal account for this email' },
  }),
];
