import type { Program } from '../programs/program.entity';
import type { PromotionalCodeService } from '../promo-codes/promotional-code.service';
import type { ReferralService } from '../referrals/referral.service';
import type { SaleService } from '../sales/sale.service';
import type { ServiceContext } from '../service-context';
import type { BillingCommand } from './billing-command';
import { ignored, type Outcome } from './billing-outcome';
import type { ProviderTerms } from './billing-provider-terms';
import type { Scope } from './billing.queries';
import { CustomerAttributionCommand } from './customer-attribution.command';
import { InvoiceSaleCommand } from './invoice-sale.command';
import { PaymentRecordingCommand } from './payment-recording.command';
import { RefundCommands } from './refund.command';
import { SubscriptionStatusCommand } from './subscription-status.command';

/**
 * Carries out a provider's event, as its adapter put it in our words (./billing-command.ts), on the program's
 * referrals, sales and refunds. Runs inside the event's transaction, its claim and its program's turn (the
 * provider's ingestion service holds them): the commands only say what they did.
 */
export class BillingCommandRunner {
  private readonly attribution: CustomerAttributionCommand;
  private readonly subscriptions: SubscriptionStatusCommand;
  private readonly payments: PaymentRecordingCommand;
  private readonly refunds: RefundCommands;

  constructor(referrals: ReferralService, sales: SaleService, promoCodes: PromotionalCodeService, terms: ProviderTerms) {
    this.refunds = new RefundCommands(sales, terms);
    const invoiceSale = new InvoiceSaleCommand(sales, this.refunds);
    this.attribution = new CustomerAttributionCommand(referrals, promoCodes, invoiceSale, terms);
    this.subscriptions = new SubscriptionStatusCommand(referrals, this.attribution, terms);
    this.payments = new PaymentRecordingCommand(this.attribution, invoiceSale);
  }

  run(tx: ServiceContext, program: Program, scope: Scope, command: BillingCommand): Promise<Outcome> {
    switch (command.kind) {
      case 'ignore':
        return Promise.resolve(ignored(command.detail));
      case 'attribute-customer':
        return this.attribution.attribute(tx, program, command.customer, command.references, command.buyer);
      case 'credit-by-promotion-code':
        return this.attribution.creditByPromotionCode(tx, program, command.customer, command.promotionCode, command.buyer);
      case 'set-subscription-status':
        return this.subscriptions.setStatus(tx, program, scope, command);
      case 'record-payment':
        return this.payments.recordPayment(tx, program, scope, command);
      case 'link-payment':
        return this.refunds.linkPayment(tx, program, command);
      case 'refund-charge':
        return this.refunds.refundCharge(tx, program, command);
      case 'record-refund':
        return this.refunds.recordRefund(tx, program, command);
    }
  }
}
