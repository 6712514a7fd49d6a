import { DomainError } from '../../common/errors';
import type { FieldErrors } from './entry.view';

/**
 * A refusal a form can show next to its fields (`_form` for the rest), or null for an error that is not the
 * visitor's to fix (the database down, a bug): that goes on to the error pages.
 */
export function fieldErrors(err: unknown, labels: Record<string, string> = LABELS): FieldErrors | null {
  if (!(err instanceof DomainError) || err.code === 'UNAVAILABLE' || err.code === 'INTERNAL' || err.code === 'UNAUTHENTICATED') return null;
  const out: FieldErrors = {};
  // The services name API fields ("payoutEmail is required…"); a person reads the field's label there.
  const worded = (field: string, message: string) => (labels[field] && message.startsWith(field) ? labels[field] + message.slice(field.length) : message);
  for (const d of err.details ?? []) if (!out[d.field]) out[d.field] = capitalize(worded(d.field, d.message));
  if (!err.details?.length) out._form = err.message;
  return out;
}

const LABELS: Record<string, string> = {
  payoutMethod: 'The payout method',
  payoutEmail: 'The PayPal or Wise email',
  stripeAccountId: 'The Stripe account ID',
  link: 'The link',
};

const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
