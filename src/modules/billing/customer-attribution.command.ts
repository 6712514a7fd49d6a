import type { Program } from '../programs/program.entity';
import type { PromotionalCodeService } from '../promo-codes/promotional-code.service';
import type { Referral } from '../referrals/referral.entity';
import type { ReferralService } from '../referrals/referral.service';
import type { ServiceContext } from '../service-context';
import type { Buyer, PromotionCode } from './billing-command';
import { ignored, recorded, type Outcome } from './billing-outcome';
import type { ProviderTerms } from './billing-provider-terms';
import { latestSubscriptionStatus, releaseHeldInvoices } from './billing.queries';
import { buyerEmail, buyerName } from './buyer-details';
import type { InvoiceSaleCommand } from './invoice-sale.command';
import { referralStatusOf, statusesWithReferralStatus } from './referral-status';

/** An affiliate reference as a merchant gave it, without what PostgreSQL cannot store (U+0000) or blank ends; null when nothing is left. */
export const cleanReference = (v: string | null | undefined): string | null => v?.replace(/\u0000/g, '').trim() || null;

/**
 * A provider's customer made a referral of the program, once (a program's events take turns, so two of one
 * customer never both make one: Stripe's take lockStripeIngestion): by an affiliate reference, or by a promotion
 * code standing for one of the program's codes. A customer already referred stays so. A new referral then takes
 * what it missed while its customer was not attributed (settleReferred).
 */
export class CustomerAttributionCommand {
  constructor(
    private readonly referrals: ReferralService,
    private readonly promoCodes: PromotionalCodeService,
    private readonly invoiceSale: InvoiceSaleCommand,
    private readonly terms: ProviderTerms,
  ) {}

  /** The customer's referral in the program, if it has one; none without a customer (a filter left out would match any referral). */
  async referralOf(tx: ServiceContext, program: Program, customer: string): Promise<Referral | null> {
    return customer ? this.referrals.customerReferral(tx, program.id, customer) : null;
  }

  /** Makes the customer a referral of the affiliate `refs` name (UUID, link slug or click id), once. */
  attribute(tx: ServiceContext, program: Program, customer: string, refs: Array<string | null | undefined>, buyer: Buyer): Promise<Outcome> {
    return this.referOnce(tx, program, customer, buyer, async () => {
      const given = refs.map(cleanReference).filter((r): r is string => !!r);
      if (!given.length) return ignored(`no affiliate reference (${this.terms.referenceFields})`);
      // The first reference that names an affiliate of the program wins.
      for (const ref of given) {
        const referral = await this.referrals.createReferral(tx, program.id, { affiliateId: ref, ...this.details(customer, buyer) });
        if (referral) return recorded(`referral ${referral.id} for customer ${customer}${await this.settleReferred(tx, program, customer, referral)}`);
      }
      return ignored(`no affiliate matches ${given.map((r) => JSON.stringify(r)).join(' or ')}`);
    });
  }

  /** Credits a customer without a referral by a promotion code (referByCode), once. */
  creditByPromotionCode(tx: ServiceContext, program: Program, customer: string, promo: PromotionCode, buyer: Buyer): Promise<Outcome> {
    return this.referOnce(tx, program, customer, buyer, () => this.referByCode(tx, program, customer, promo, buyer));
  }

  /**
   * Makes an unreferred customer (its lock held) a referral of the affiliate of the program's promotional code a
   * provider's promotion code stands for (by its code when the event has it, or its id as the code's externalId);
   * the code is redeemed by the referral. The referral comes with the outcome when one was made.
   */
  async referByCode(tx: ServiceContext, program: Program, customer: string, promo: PromotionCode, buyer: Buyer): Promise<Outcome & { referral?: Referral }> {
    const code = await this.programCodeOf(tx, program, promo);
    if (!code) return ignored(`promotion code ${promo.id} is none of the program's promotional codes with an affiliate`);
    const referral = await this.referrals.createReferral(tx, program.id, { promoCode: code, ...this.details(customer, buyer) });
    if (!referral) return ignored(`promotional code ${code} has no affiliate`);
    const released = await this.settleReferred(tx, program, customer, referral);
    return { ...recorded(`promotion code ${code}: referral ${referral.id} for customer ${customer}${released}`), referral };
  }

  /**
   * The customer's referral made once: one already referred stays so (taking the details a placeholder lacked),
   * otherwise `refer` makes it.
   */
  private async referOnce(tx: ServiceContext, program: Program, customer: string, buyer: Buyer, refer: () => Promise<Outcome>): Promise<Outcome> {
    const existing = await this.referralOf(tx, program, customer);
    return existing ? this.completeDetails(tx, program, customer, existing, buyer) : refer();
  }

  /**
   * A referral's name and email from the customer's (within the API's limits: ./buyer-details.ts), or what
   * stays recognisable as unknown until a customer event brings them.
   */
  private details(customer: string, buyer: Buyer) {
    return {
      name: buyerName(buyer.name) ?? customer,
      email: buyerEmail(buyer.email) ?? `${customer}${this.terms.placeholderDomain}`,
      referredUserExternalId: customer,
    };
  }

  /** A referral made before its customer's details arrived (from a subscription or an invoice) takes them now. */
  private async completeDetails(tx: ServiceContext, program: Program, customer: string, existing: Referral, buyer: Buyer): Promise<Outcome> {
    const email = buyerEmail(buyer.email);
    if (existing.email.endsWith(this.terms.placeholderDomain) && email) {
      await this.referrals.updateReferral(tx, program.id, existing.id, { email, name: buyerName(buyer.name) ?? existing.name });
      return recorded(`referral ${existing.id} has the name and email of customer ${customer}`);
    }
    return ignored(`customer ${customer} is already referral ${existing.id}`);
  }

  /** The program's promotional code (with an affiliate) a provider's promotion code stands for. */
  private async programCodeOf(tx: ServiceContext, program: Program, promo: PromotionCode): Promise<string | null> {
    const found =
      (promo.code ? await this.promoCodes.findPromoCode(tx, program.id, { code: promo.code }) : null) ??
      (await this.promoCodes.findPromoCode(tx, program.id, { externalId: promo.id }));
    return found?.affiliateId ? found.code : null;
  }

  /**
   * What a new referral missed while its customer was not attributed (providers deliver out of order: Stripe's
   * subscription and invoice.paid may come before the session naming the affiliate): its subscription's newest
   * status, and the sales of its held invoices. Answers what it recorded, for the log.
   */
  private async settleReferred(tx: ServiceContext, program: Program, customer: string, referral: Referral): Promise<string> {
    const done: string[] = [];
    // The newest of its subscriptions' statuses that has a referral status (a paused one has none).
    const latest = await latestSubscriptionStatus(tx.em, program.id, customer, statusesWithReferralStatus(this.terms));
    const status = referralStatusOf(this.terms, latest);
    if (status && status !== referral.subscriptionStatus) {
      await this.referrals.updateReferral(tx, program.id, referral.id, { subscriptionStatus: status });
      done.push(`subscription ${status}`);
    }
    for (const h of await releaseHeldInvoices(tx.em, program.id, customer)) {
      const outcome = await this.invoiceSale.saleOf(tx, program, h.invoice, referral);
      done.push(`held invoice: ${outcome.detail}`);
    }
    return done.length ? `; ${done.join('; ')}` : '';
  }
}
