import type { Program } from '../programs/program.entity';
import type { SaleService } from '../sales/sale.service';
import type { ServiceContext } from '../service-context';
import type { LinkPayment, RecordRefund, RefundCharge } from './billing-command';
import { attempt, ignored, recorded, type Outcome } from './billing-outcome';
import type { ProviderTerms } from './billing-provider-terms';
import { addRefund, invoiceOfPayment, paymentOfCharge, refundedOfInvoice, rememberCharge, rememberInvoicePayment } from './billing.queries';
import { majorUnits, sameCurrency } from './stripe-amounts';

/**
 * Refunds of the program's sales: a refund names a payment (or its charge), a sale is its invoice's, so what
 * the program knows of its payments (which invoice each paid, its charges, each refund once) is kept as it
 * arrives, in any order, and an invoice's sale is refunded up to what was refunded of it in all.
 */
export class RefundCommands {
  constructor(
    private readonly sales: SaleService,
    private readonly terms: ProviderTerms,
  ) {}

  /** Links a payment to the invoice it paid; refunds of it seen before the link apply now. */
  async linkPayment(tx: ServiceContext, program: Program, { payment, invoice }: LinkPayment): Promise<Outcome> {
    await rememberInvoicePayment(tx.em, program.id, payment, invoice);
    // Refunds of the payment seen before the link apply now.
    const refunds = (await refundedOfInvoice(tx.em, program.id, invoice, null)) > 0 ? `; ${(await this.refundInvoice(tx, program, invoice)).detail}` : '';
    return recorded(`payment ${payment} paid invoice ${invoice}${refunds}`);
  }

  /**
   * A charge's refunds: its cumulative amount refunded (kept, so a later link still knows it) and the refunds it
   * lists, all in the charge's currency.
   */
  async refundCharge(tx: ServiceContext, program: Program, charge: RefundCharge): Promise<Outcome> {
    const { payment, currency } = charge;
    await rememberCharge(tx.em, program.id, { chargeId: charge.charge, paymentIntent: payment, amountRefunded: charge.amountRefunded, currency });
    for (const r of charge.refunds) await addRefund(tx.em, program.id, { refundId: r.id, paymentIntent: payment, amount: r.amount, currency });
    return this.refundPayment(tx, program, payment, currency);
  }

  /** One refund, counted once however many events (and integrations) carry it; the payment's refunds so far decide. */
  async recordRefund(tx: ServiceContext, program: Program, refund: RecordRefund): Promise<Outcome> {
    const payment = refund.payment ?? (refund.charge ? await paymentOfCharge(tx.em, program.id, refund.charge) : null);
    if (!payment) return ignored(`refund ${refund.refund} names no payment known here (${this.terms.chargeLink})`);
    await addRefund(tx.em, program.id, { refundId: refund.refund, paymentIntent: payment, amount: refund.amount, currency: refund.currency });
    return this.refundPayment(tx, program, payment, refund.currency);
  }

  /** Refunds the sale of the invoice the payment paid (refundInvoice), once the payment is linked to it. */
  private async refundPayment(tx: ServiceContext, program: Program, payment: string, currency: string): Promise<Outcome> {
    const invoice = await invoiceOfPayment(tx.em, program.id, payment);
    if (!invoice) return ignored(`no invoice known for payment ${payment} yet (${this.terms.paymentLink})`);
    return this.refundInvoice(tx, program, invoice, currency);
  }

  /**
   * Refunds the invoice's sale up to what was refunded of the invoice in all, over every payment of it and in
   * the sale's currency (SaleCorrections.refundUpTo: cumulative, in proportion, never twice). A refund in
   * `currency` other than the sale's is answered as ignored, said why: it is kept aside, never counted (a refund is
   * in its charge's currency, as Stripe makes it, so such an event is inconsistent, and retrying it would change nothing).
   * A refund the program's rules refuse (its window, a commission paid out) changes the sale in nothing, in a
   * savepoint: what the same event brought besides (the sale itself, a payment's link, the refund's
   * bookkeeping) stays.
   */
  async refundInvoice(tx: ServiceContext, program: Program, invoice: string, currency?: string): Promise<Outcome> {
    const sale = (await this.sales.listSales(tx, program.id, { saleExternalId: invoice }, { first: 1 })).nodes[0];
    if (!sale) return ignored(`invoice ${invoice} recorded no sale (yet: the refund applies when it does)`);
    if (currency !== undefined && !sameCurrency(currency, sale.currency))
      return ignored(`the refund is in ${currency.toUpperCase()}, sale ${sale.id} in ${sale.currency}: not applied`);
    const minor = await refundedOfInvoice(tx.em, program.id, invoice, sale.currency.toLowerCase());
    if (minor === 0) return ignored(`nothing of invoice ${invoice} was refunded in ${sale.currency}`);
    const amount = majorUnits(minor, sale.currency);
    // Only the refund rules' refusal (REFUND_NOT_ALLOWED) is an answer; anything else is a defect to see.
    const done = await attempt(tx, `sale ${sale.id}: refund`, (inner) => this.sales.refundUpTo(inner, program.id, sale.id, String(amount)), [
      'REFUND_NOT_ALLOWED',
    ]);
    if ('outcome' in done) return done;
    if (done.kind === 'unchanged') return ignored(`sale ${sale.id}: ${done.why}`);
    return recorded(`sale ${sale.id} ${done.kind === 'full' ? 'refunded in full' : `refunded ${amount} of ${Number(sale.totalEarned)}`}`);
  }
}
