import Stripe from 'stripe';
import type { Logger } from '../../common/logger';

/**
 * Reads from Stripe's API what an event leaves out, when the server has a key (STRIPE_API_KEY, a restricted
 * key with read access to invoices and promotion codes is enough). Without one, ingestion does without.
 * `apiBase` points the client elsewhere (stripe-mock, a proxy); Stripe's own API by default.
 */
export class StripeLookup {
  private readonly client: Stripe;

  constructor(apiKey: string, apiBase?: string) {
    const base = apiBase ? new URL(apiBase) : null;
    this.client = new Stripe(apiKey, {
      timeout: 10_000,
      maxNetworkRetries: 1,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
      }),
    });
  }

  /**
   * An invoice's discounts with their promotion codes: events carry them as bare `di_…` ids, which say nothing
   * of the code. Null when Stripe cannot be asked; the event is then used as it came.
   */
  async invoiceDiscounts(invoiceId: string, log: Logger): Promise<Stripe.Invoice['discounts'] | null> {
    try {
      const invoice = await this.client.invoices.retrieve(invoiceId, { expand: ['discounts.promotion_code'] });
      return invoice.discounts;
    } catch (err) {
      log.warn({ err, invoiceId }, 'Stripe did not answer the invoice; its promotion codes stay unknown');
      return null;
    }
  }
}
