import type Stripe from 'stripe';
import type { Logger } from '../../common/logger';
import { checkInvoiceDiscounts } from './stripe-event.check';
import { stripeClient } from './stripe-client';
import type { InvoiceDiscounts } from './stripe-event.schemas';

/**
 * Reads from Stripe's API what an event leaves out, when the server has a key (STRIPE_API_KEY, a restricted
 * key with read access to invoices and promotion codes is enough). Without one, ingestion does without.
 * `apiBase` points the client elsewhere (stripe-mock, a proxy); Stripe's own API by default.
 */
export class StripeLookup {
  private readonly client: Stripe;

  constructor(apiKey: string, apiBase?: string) {
    this.client = stripeClient(apiKey, apiBase);
  }

  /**
   * An invoice's discounts with their promotion codes: events carry them as bare `di_…` ids, which say nothing
   * of the code. Checked as the event's own would be (./stripe-event.schemas.ts). Null when Stripe cannot be
   * asked or answers something else; the event is then used as it came.
   */
  async invoiceDiscounts(invoiceId: string, log: Logger): Promise<InvoiceDiscounts | null> {
    try {
      const invoice = await this.client.invoices.retrieve(invoiceId, { expand: ['discounts.promotion_code'] });
      const discounts = checkInvoiceDiscounts(invoice.discounts);
      if (!discounts) log.warn({ invoiceId }, "Stripe's answer holds discounts that are not what an invoice's are; its promotion codes stay unknown");
      return discounts;
    } catch (err) {
      log.warn({ err, invoiceId }, 'Stripe did not answer the invoice; its promotion codes stay unknown');
      return null;
    }
  }
}
