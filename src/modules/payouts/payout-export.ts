import { toText } from '../../common/decimal';
import { isUuid } from '../../common/ids';
import { paidAmount } from './payout.rules';

/**
 * A payout batch as a file a bank or PayPal accepts (DESIGN.md "Payouts", export files): pure functions, no I/O.
 * One currency per file, amounts rounded once half-up to the currency's minor unit, RFC 4180 CSV with CRLF
 * endings, no byte-order mark, and text cells neutralised against spreadsheet formula injection.
 */

/** One payout row of an export. */
export interface ExportPayout {
  /** The payout's UUID. */
  id: string;
  /** The batch's UUID. */
  batchId: string;
  /** "First Last" of the affiliate: free text (commas, quotes, unicode, a leading `=`…). */
  affiliateName: string;
  /** The payout email (PayPal / Wise). */
  email: string;
  /** Exact decimal text as PostgreSQL numeric(18,6) gives it: "12.345000", "100". */
  amount: string;
  /** ISO 4217, upper case: "USD", "JPY", "KWD". */
  currency: string;
  /** A note to the recipient: "Affiliate commissions from Acme". */
  note: string;
}

export { PAYOUT_EXPORT_FORMATS as EXPORT_FORMATS, type PayoutExportFormat as ExportFormat } from '../../validation/enums';
import type { PayoutExportFormat as ExportFormat } from '../../validation/enums';

export interface PayoutFile {
  body: string;
  filename: string;
  contentType: string;
}

const CRLF = '\r\n';
const CURRENCY_RE = /^[A-Z]{3}$/;
/** PayPal's limit on the note column. */
const PAYPAL_NOTE_MAX = 4000;
/** Spreadsheets evaluate a cell starting with one of these (OWASP "CSV Injection"): = + - @ TAB CR. */
const FORMULA_START_RE = /^[=+\-@\t\r]/;
/** Wise's batch template "Send by email", in its column order. */
export const WISE_HEADER: readonly string[] = [
  'name',
  'recipientEmail',
  'paymentReference',
  'receiverType',
  'amountCurrency',
  'amount',
  'sourceCurrency',
  'targetCurrency',
];

/**
 * One CSV cell: a text starting like a formula gets a `'` in front (so no spreadsheet evaluates it), then RFC 4180
 * quoting when it holds `,` `"` CR or LF, with `"` doubled. Amounts pass unchanged: exportAmount only ever makes
 * digits and a `.`.
 */
export function csvField(value: string): string {
  const text = FORMULA_START_RE.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record: the cells joined by `,`, ended by CRLF (the last record too). */
export const csvRow = (fields: readonly string[]): string => fields.map(csvField).join(',') + CRLF;

/**
 * The amount as written in a file: rounded once, half-up, to the currency's minor unit, in major units with a `.`
 * and exactly the minor-unit digits (USD "12.35", JPY "1235", KWD "1.235"). Nothing but a positive amount is
 * paid: zero or less (after rounding too: 0.004 USD would be a "0.00" payment) is refused.
 */
export function exportAmount(amount: string, currency: string): string {
  const rounded = paidAmount(amount, currency);
  if (rounded.units <= 0n) throw new Error(`payout export: amount ${amount} ${currency} is not positive`);
  return toText(rounded);
}

/** The 32 hex digits of a payout UUID, lower case; anything but a UUID is refused. */
function uuidHex(payoutId: string): string {
  if (!isUuid(payoutId)) throw new Error(`payout export: not a payout id: ${payoutId}`);
  return payoutId.replace(/-/g, '').toLowerCase();
}

/**
 * PayPal's "Customer ID" (sender_item_id) of a payout, 30 characters at most, no spaces: `po_` and the LAST 27 hex
 * digits of the payout UUID (30 characters). Ids are UUIDv7: their first digits are the creation time and a
 * counter, shared by a batch's payouts, while the tail holds 62 random bits; the reference ends with the UUID's
 * last group verbatim, so it is found by eye or with `id::text LIKE '%<last 12>'`.
 */
export const paypalReference = (payoutId: string): string => `po_${uuidHex(payoutId).slice(-27)}`;

/**
 * Wise's payment reference of a payout, letters and digits only, 10 characters (Wise's limit on many routes):
 * `AFF` and the LAST 7 hex digits of the payout UUID, upper case. The tail, not the head: a UUIDv7's first digits
 * are its creation time, the same for every payout of a batch. 28 random bits: a reference the recipient reads,
 * not a unique key (two payouts of a 1,000-payout batch share one with a chance of about 1 in 500).
 */
export const wiseReference = (payoutId: string): string => `AFF${uuidHex(payoutId).slice(-7).toUpperCase()}`;

/** PayPal's note: line breaks become spaces, and the note as written (after a neutralising `'`) holds at most 4000 characters. */
function paypalNote(note: string): string {
  const oneLine = note.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
  const neutral = FORMULA_START_RE.test(oneLine) ? `'${oneLine}` : oneLine;
  // Cut by code points, not UTF-16 units: half a surrogate pair is not UTF-8.
  return Array.from(neutral).slice(0, PAYPAL_NOTE_MAX).join('');
}

/** `<email>,<amount>,<currency>,<reference>,<note>,PAYPAL`: PayPal Payouts' upload format, no header. */
const paypalRow = (p: ExportPayout): string =>
  csvRow([p.email, exportAmount(p.amount, p.currency), p.currency, paypalReference(p.id), paypalNote(p.note), 'PAYPAL']);

/** A Wise "Send by email" row: a fixed target amount, so the affiliate receives exactly the amount. */
const wiseRow = (p: ExportPayout, sourceCurrency: string): string =>
  csvRow([p.affiliateName, p.email, wiseReference(p.id), 'PRIVATE', p.currency, exportAmount(p.amount, p.currency), sourceCurrency, p.currency]);

/**
 * Guards what the service guarantees: at least one row (the filename names the batch), one batch, one currency
 * (ISO-shaped, so no currency cell needs escaping), and the program's currency as the rows' (no conversion).
 */
function checkRows(rows: ExportPayout[], sourceCurrency: string): void {
  if (rows.length === 0) throw new Error('payout export: no payouts to export');
  const { batchId, currency } = rows[0];
  if (!isUuid(batchId)) throw new Error(`payout export: not a batch id: ${batchId}`);
  if (!CURRENCY_RE.test(currency)) throw new Error(`payout export: not a currency code: ${currency}`);
  for (const p of rows) {
    if (p.batchId !== batchId) throw new Error(`payout export: payouts of batches ${batchId} and ${p.batchId} in one file`);
    if (p.currency !== currency) throw new Error(`payout export: currencies ${currency} and ${p.currency} in one file`);
  }
  if (sourceCurrency !== currency) throw new Error(`payout export: source currency ${sourceCurrency} is not the payouts' ${currency}`);
}

/** The export file of a batch's payouts in `format` (UTF-8 text, no byte-order mark). */
export function payoutFile(format: ExportFormat, rows: ExportPayout[], sourceCurrency: string): PayoutFile {
  checkRows(rows, sourceCurrency);
  let body: string;
  if (format === 'paypal') body = rows.map(paypalRow).join('');
  else if (format === 'wise') body = csvRow(WISE_HEADER) + rows.map((p) => wiseRow(p, sourceCurrency)).join('');
  else throw new Error(`payout export: unknown format ${String(format)}`);
  return { body, filename: `payout-batch-${rows[0].batchId}-${format}.csv`, contentType: 'text/csv; charset=utf-8' };
}
