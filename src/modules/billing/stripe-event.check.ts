import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import type { TSchema } from '@sinclair/typebox';
import type { ErrorDetail } from '../../common/errors';
import { MAX_MINOR_UNITS } from './stripe-amounts';
import { InvoiceDiscounts, StripeEnvelope, USED_EVENTS, type UsedStripeEvent } from './stripe-event.schemas';

/**
 * A well-signed Stripe event checked like API input (DESIGN.md "Errors": malformed input is a 400 with its
 * reason, never a 500): the envelope of every event, and what ingestion reads of the events it uses
 * (./stripe-event.schemas.ts). A problem is named by its path (`data.object.amount_paid`) and worded without
 * the value (logs never hold request values).
 */
export type StripeEventCheck =
  { ok: true; id: string; type: string; used: UsedStripeEvent | null } | { ok: false; id: string | null; type: string | null; problems: ErrorDetail[] };

// Compiled once, at load.
const envelope = TypeCompiler.Compile(StripeEnvelope);
const usedChecks = new Map<string, TypeCheck<TSchema>>(Object.entries(USED_EVENTS).map(([type, schema]) => [type, TypeCompiler.Compile(schema)]));
const discountsCheck = TypeCompiler.Compile(InvoiceDiscounts);

/** At most this many problems are told: a body of garbage need not be listed in full. */
const MAX_PROBLEMS = 10;

export function checkStripeEvent(payload: unknown): StripeEventCheck {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { ok: false, id: null, type: null, problems: [{ field: '(event)', message: 'The event must be a JSON object' }] };
  const known = envelope.Check(payload) ? { id: payload.id, type: payload.type } : null;
  const check = known && usedChecks.get(known.type);
  const problems = check ? problemsOf(check, payload) : known ? [] : problemsOf(envelope, payload);
  if (!problems.length && check) problems.push(...beyondSchema(payload as UsedStripeEvent));
  if (problems.length || !known) return { ok: false, id: known?.id ?? null, type: known?.type ?? null, problems };
  return { ok: true, ...known, used: check ? (payload as UsedStripeEvent) : null };
}

/** An invoice's discounts as Stripe's API answered them, if they are what the event's would be. */
export function checkInvoiceDiscounts(discounts: unknown): InvoiceDiscounts | null {
  return discountsCheck.Check(discounts) ? discounts : null;
}

/** The checks a schema cannot say: an invoice's taxes add up within the bound. */
function beyondSchema(event: UsedStripeEvent): ErrorDetail[] {
  if (event.type !== 'invoice.paid' && event.type !== 'invoice.payment_succeeded') return [];
  const tax = (event.data.object.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  if (tax <= MAX_MINOR_UNITS) return [];
  const field = 'data.object.total_taxes';
  return [{ field, message: `${field} add up to more than ${MAX_MINOR_UNITS} minor units` }];
}

/** One problem per field, first found first. */
function problemsOf(check: TypeCheck<TSchema>, value: unknown): ErrorDetail[] {
  const out = new Map<string, string>();
  for (const e of inBranches(check.Errors(value))) {
    const field = fieldOf(e.path);
    if (!out.has(field)) out.set(field, `${field} ${wordsOf(e)}`);
    if (out.size >= MAX_PROBLEMS) break;
  }
  return [...out].map(([field, message]) => ({ field, message }));
}

/**
 * A union's problem told from inside the branch the value was meant for, when that is plain: the non-null branch
 * of an optional field holding something, or the object branch of an id-or-object holding an object. So a tax
 * amount out of bounds is `data.object.total_taxes[0].amount`, not "total_taxes must be a list, or null".
 */
function* inBranches(errors: Iterable<ValueError>): Generator<ValueError> {
  for (const e of errors) {
    const branch = e.type === ValueErrorType.Union ? branchOf(e) : -1;
    if (branch >= 0 && e.errors[branch]) yield* inBranches(e.errors[branch]);
    else yield e;
  }
}

function branchOf(e: ValueError): number {
  const variants = ((e.schema as { anyOf?: TSchema[] }).anyOf ?? []).map((s) => s.type as unknown);
  const given = variants.map((_, i) => i).filter((i) => variants[i] !== 'null');
  if (e.value !== null && given.length === 1) return given[0];
  return typeof e.value === 'object' && e.value !== null && !Array.isArray(e.value) ? variants.indexOf('object') : -1;
}

/** A JSON pointer (`/data/object/total_taxes/0/amount`) as the API names fields (`data.object.total_taxes[0].amount`). */
function fieldOf(pointer: string): string {
  if (!pointer) return '(event)';
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function wordsOf(e: ValueError): string {
  if (e.type === ValueErrorType.ObjectRequiredProperty) return 'is required';
  const words = (e.schema as { errorMessage?: string }).errorMessage;
  if (words) return words;
  if (e.type === ValueErrorType.Object) return 'must be an object';
  if (e.type === ValueErrorType.Literal) return 'is not this event’s type';
  return `is not valid (${e.message})`;
}
