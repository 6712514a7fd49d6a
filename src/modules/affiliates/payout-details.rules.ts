import { validationError } from '../../common/errors';
import { isEmail } from '../../common/email';
import { PAYOUT_METHODS, type Affiliate, type PayoutMethod } from './affiliate.entity';

/** Payout details as a caller sends them: each field left out stays as it is; null clears it. */
export interface PayoutDetailsInput {
  payoutMethod?: string | null;
  payoutEmail?: string | null;
  stripeAccountId?: string | null;
}

export type PayoutDetails = Pick<Affiliate, 'payoutMethod' | 'payoutEmail' | 'stripeAccountId'>;

/** A Stripe connected account id as Stripe makes them: `acct_` and letters and digits. */
const STRIPE_ACCOUNT_RE = /^acct_[A-Za-z0-9]{1,64}$/;

/**
 * The payout details an affiliate will have after this change, checked as a whole: PayPal and Wise pay an email,
 * Stripe Connect an `acct_…` account, `manual` needs nothing (the merchant pays by other means). What the method
 * does not use is kept (switching back and forth loses nothing), but what it needs must be there.
 */
export function checkedPayoutDetails(current: PayoutDetails, input: PayoutDetailsInput): PayoutDetails {
  const next: PayoutDetails = { ...current };
  if (input.payoutMethod !== undefined) {
    const m = input.payoutMethod === null || input.payoutMethod === '' ? null : input.payoutMethod;
    if (m !== null && !(PAYOUT_METHODS as readonly string[]).includes(m))
      throw validationError(`payoutMethod must be one of ${PAYOUT_METHODS.join(', ')}`, 'payoutMethod');
    next.payoutMethod = m as PayoutMethod | null;
  }
  if (input.payoutEmail !== undefined) {
    const e = input.payoutEmail?.trim() || null;
    if (e !== null && !isEmail(e)) throw validationError('payoutEmail must be an email address', 'payoutEmail');
    // It goes into PayPal and Wise files as the recipient: a spreadsheet would take a leading = + - @ for a formula.
    if (e !== null && /^[=+\-@]/.test(e)) throw validationError('payoutEmail may not begin with =, +, - or @', 'payoutEmail');
    next.payoutEmail = e;
  }
  if (input.stripeAccountId !== undefined) {
    const id = input.stripeAccountId?.trim() || null;
    if (id !== null && !STRIPE_ACCOUNT_RE.test(id)) throw validationError('stripeAccountId must be a Stripe account id such as acct_1A2b3C', 'stripeAccountId');
    next.stripeAccountId = id;
  }
  if ((next.payoutMethod === 'paypal' || next.payoutMethod === 'wise') && !next.payoutEmail)
    throw validationError(`payoutEmail is required to be paid through ${next.payoutMethod === 'paypal' ? 'PayPal' : 'Wise'}`, 'payoutEmail');
  if (next.payoutMethod === 'stripe_connect' && !next.stripeAccountId)
    throw validationError('stripeAccountId is required to be paid through Stripe Connect', 'stripeAccountId');
  return next;
}

export const samePayoutDetails = (a: PayoutDetails, b: PayoutDetails): boolean =>
  a.payoutMethod === b.payoutMethod && a.payoutEmail === b.payoutEmail && a.stripeAccountId === b.stripeAccountId;
