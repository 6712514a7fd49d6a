/**
 * The two rules of a Stripe Connect payout that need no Stripe: its amount in Stripe's minor units (rounded once,
 * as every answer shows it), and which of Stripe's errors mean "refused" (the payout fails, its commissions are
 * freed) rather than "unknown" (it stays processing and is asked again with the same Idempotency-Key).
 */
import Stripe from 'stripe';
import { transferAmount } from '../../../src/modules/payouts/stripe-payout.sender';
import { outcomeOfError, transferKey } from '../../../src/modules/payouts/stripe-transfers';

describe('transferAmount', () => {
  test.each([
    ['12.345000', 'USD', 1235],
    ['12.344999', 'USD', 1234],
    ['0.005', 'EUR', 1],
    ['1234.5', 'JPY', 1235],
    ['1.2345', 'KWD', 1235],
    // ISK: whole krónur for us, two decimals for Stripe (which wants multiples of 100).
    ['150.5', 'ISK', 15100],
    ['99.99', 'usd', 9999],
  ])('%s %s is %d minor units', (amount, currency, minor) => {
    expect(transferAmount(amount, currency)).toBe(minor);
  });
});

describe('outcomeOfError', () => {
  const raw = (type: string, statusCode: number, extra: Record<string, unknown> = {}) => ({ type, message: `${type} says no`, statusCode, ...extra });

  test('invalid requests, card and permission errors answered 400/402/403 are refusals, with the message', () => {
    expect(outcomeOfError(new Stripe.errors.StripeInvalidRequestError(raw('invalid_request_error', 400) as never))).toEqual({
      kind: 'refused',
      reason: 'invalid_request_error says no',
    });
    expect(outcomeOfError(new Stripe.errors.StripePermissionError(raw('invalid_request_error', 403) as never)).kind).toBe('refused');
    expect(outcomeOfError(new Stripe.errors.StripeCardError(raw('card_error', 402) as never)).kind).toBe('refused');
  });

  test('a 404 (a wrong STRIPE_API_BASE), idempotency conflicts, Stripe errors and lost connections are unknown', () => {
    expect(outcomeOfError(new Stripe.errors.StripeInvalidRequestError(raw('invalid_request_error', 404) as never)).kind).toBe('unknown');
    expect(outcomeOfError(new Stripe.errors.StripeIdempotencyError(raw('idempotency_error', 400) as never)).kind).toBe('unknown');
    expect(outcomeOfError(new Stripe.errors.StripeAPIError(raw('api_error', 500) as never)).kind).toBe('unknown');
    expect(outcomeOfError(new Stripe.errors.StripeAPIError(raw('idempotency_error', 409) as never)).kind).toBe('unknown');
    expect(outcomeOfError(new Stripe.errors.StripeRateLimitError(raw('rate_limit_error', 429) as never)).kind).toBe('unknown');
    expect(outcomeOfError(new Stripe.errors.StripeAuthenticationError(raw('authentication_error', 401) as never)).kind).toBe('unknown');
    expect(outcomeOfError(new Stripe.errors.StripeConnectionError({ message: 'socket hang up' } as never))).toEqual({
      kind: 'unknown',
      error: 'socket hang up',
    });
    expect(outcomeOfError(new Error('anything else'))).toEqual({ kind: 'unknown', error: 'anything else' });
  });

  test('the Idempotency-Key of a payout is payout-<id>', () => {
    expect(transferKey('0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d')).toBe('payout-0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d');
  });
});
