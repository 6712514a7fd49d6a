import Stripe from 'stripe';

/**
 * A client of Stripe's API with the server's key (STRIPE_API_KEY), sent to `apiBase` when set (stripe-mock, a
 * proxy, a test's fake) and to Stripe otherwise. `retries`: network failures and 409s are retried by the package
 * with the same Idempotency-Key, so a retried POST never acts twice.
 */
export function stripeClient(apiKey: string, apiBase: string | undefined, opts: { timeoutMs?: number; retries?: number } = {}): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(apiKey, {
    timeout: opts.timeoutMs ?? 10_000,
    maxNetworkRetries: opts.retries ?? 1,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
    }),
  });
}
