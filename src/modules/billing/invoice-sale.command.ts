import type { Program } from '../programs/program.entity';
import type { Referral } from '../referrals/referral.entity';
import type { SaleService } from '../sales/sale.service';
import type { ServiceContext } from '../service-context';
import { ignored, recorded, type Outcome } from './billing-outcome';
import { refundedOfInvoice, type HeldInvoice } from './billing.queries';
import { buyerEmail, buyerName } from './buyer-details';
import type { RefundCommands } from './refund.command';
import { majorUnits, sameCurrency } from './stripe-amounts';

/** The sale a paid invoice of a referred customer is, whether it just arrived or waited in the hold for its attribution. */
export class InvoiceSaleCommand {
  constructor(
    private readonly sales: SaleService,
    private readonly refunds: RefundCommands,
  ) {}

  /**
   * The sale of a paid invoice: the amount paid in major units, its taxes, the invoice id as externalId (so
   * two events of one invoice, Stripe's invoice.paid and invoice.payment_succeeded, are one sale); refunds of its
   * payments already seen apply at once.
   */
  async saleOf(tx: ServiceContext, program: Program, invoice: HeldInvoice, referral: Referral): Promise<Outcome> {
    // A held invoice waited in another currency's program (its currency changed meanwhile): no sale in the wrong unit.
    if (!sameCurrency(invoice.currency, program.currency))
      return ignored(`invoice ${invoice.id} is in ${invoice.currency.toUpperCase()}, the program in ${program.currency}`);
    const amount = majorUnits(invoice.amount_paid, invoice.currency);
    const { sale, replayed } = await this.sales.recordSale(tx, program.id, {
      referralId: referral.id,
      // Again here: an invoice held before the API's limits applied to the provider's fields carries its own.
      name: buyerName(invoice.customer_name) ?? referral.name,
      email: buyerEmail(invoice.customer_email) ?? referral.email,
      totalEarned: amount,
      tax: invoice.tax > 0 ? majorUnits(invoice.tax, invoice.currency) : null,
      externalId: invoice.id,
      externalInvoiceId: invoice.id,
    });
    if (!sale) return ignored(`no affiliate for referral ${referral.id}`);
    if (replayed) return ignored(`invoice ${invoice.id} is sale ${sale.id} already`);
    // Refunds of its payments seen before the sale apply now.
    const refunds =
      (await refundedOfInvoice(tx.em, program.id, invoice.id, null)) > 0 ? `; ${(await this.refunds.refundInvoice(tx, program, invoice.id)).detail}` : '';
    return recorded(`sale ${sale.id} of ${amount} ${program.currency} for referral ${referral.id}${refunds}`);
  }
}
