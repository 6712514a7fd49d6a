import type { Program } from '../programs/program.entity';
import type { Referral } from '../referrals/referral.entity';
import type { ServiceContext } from '../service-context';
import type { RecordPayment } from './billing-command';
import { attempt, ignored, recorded, type Outcome } from './billing-outcome';
import { HOLD_DAYS, holdInvoice, rememberInvoicePayment, type HeldInvoice, type Scope } from './billing.queries';
import { buyerEmail, buyerName } from './buyer-details';
import { cleanReference, type CustomerAttributionCommand } from './customer-attribution.command';
import type { InvoiceSaleCommand } from './invoice-sale.command';
import { sameCurrency } from './stripe-amounts';

/** A paid invoice recorded: the sale of a referred customer, or the invoice held until its customer is attributed. */
export class PaymentRecordingCommand {
  constructor(
    private readonly attribution: CustomerAttributionCommand,
    private readonly invoiceSale: InvoiceSaleCommand,
  ) {}

  /**
   * A paid invoice of a referred customer is a sale (InvoiceSaleCommand). A customer without a referral is
   * attributed by the reference the invoice carries, or else credited by a promotion code of the program on the
   * invoice, if any; otherwise the invoice is held for a later attribution.
   */
  async recordPayment(tx: ServiceContext, program: Program, scope: Scope, payment: RecordPayment): Promise<Outcome> {
    const { invoice } = payment;
    // An invoice that names its payments links them now (otherwise their own events do).
    for (const p of payment.payments) await rememberInvoicePayment(tx.em, program.id, p, invoice.id);
    if (!(invoice.amountPaid > 0)) return ignored(`invoice ${invoice.id} paid nothing (a trial or a zero invoice)`);
    if (!sameCurrency(invoice.currency, program.currency))
      return ignored(`invoice ${invoice.id} is in ${invoice.currency.toUpperCase()}, the program in ${program.currency}`);
    const customer = invoice.customer;
    if (!customer) return ignored(`invoice ${invoice.id} has no customer`);
    const held: HeldInvoice = {
      id: invoice.id,
      customer,
      amount_paid: invoice.amountPaid,
      currency: invoice.currency,
      tax: invoice.tax,
      customer_name: buyerName(invoice.customerName),
      customer_email: buyerEmail(invoice.customerEmail),
    };
    const buyer = { name: held.customer_name, email: held.customer_email };
    // The reference the invoice carries (Stripe: its subscription's metadata) names the affiliate of a customer not referred yet.
    const ref = cleanReference(payment.reference);
    let referral = await this.attribution.referralOf(tx, program, customer);
    let attributed: Outcome | null = null;
    if (!referral && ref) {
      attributed = await attempt(tx, 'attribution', (inner) => this.attribution.attribute(inner, program, customer, [ref], buyer));
      if (attributed.outcome === 'recorded') referral = await this.attribution.referralOf(tx, program, customer);
    }
    if (referral) {
      const sale = await this.invoiceSale.saleOf(tx, program, held, referral);
      return attributed?.outcome === 'recorded' ? recorded(`${attributed.detail}; ${sale.detail}`) : sale;
    }
    for (const promo of payment.promotionCodes) {
      const credited: Outcome & { referral?: Referral } = await attempt(tx, `promotion code ${promo.id}`, (inner) =>
        this.attribution.referByCode(inner, program, customer, promo, buyer),
      );
      if (credited.referral) {
        const sale = await this.invoiceSale.saleOf(tx, program, held, credited.referral);
        return { outcome: 'recorded', detail: `${credited.detail}; ${sale.detail}` };
      }
    }
    await holdInvoice(tx.em, scope, held);
    return ignored(`customer ${customer} was not referred (invoice ${invoice.id} is held ${HOLD_DAYS} days for its attribution)`);
  }
}
