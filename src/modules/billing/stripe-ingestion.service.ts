import Stripe from 'stripe';
import { DomainError } from '../../common/errors';
import type { Logger } from '../../common/logger';
import { inTransaction } from '../../db/unit-of-work';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SUBSCRIPTION_STATUSES } from '../../validation/enums';
import { findProgramById } from '../programs/program.finder';
import type { Program } from '../programs/program.entity';
import type { ReferralService } from '../referrals/referral.service';
import type { Referral } from '../referrals/referral.entity';
import type { SaleService } from '../sales/sale.service';
import type { PromotionalCodeService } from '../promo-codes/promotional-code.service';
import type { ServiceContext } from '../service-context';
import {
  addRefund,
  claimBillingEvent,
  integrationForDelivery,
  invoiceOfPayment,
  lockStripeCustomer,
  paymentOfCharge,
  rememberCharge,
  rememberInvoicePayment,
  settleBillingEvent,
} from './billing.queries';
import { majorUnits } from './stripe-amounts';

/** Stripe's tolerance for the signature's timestamp, as its libraries default to: 5 minutes. */
const TOLERANCE_S = 300;

/** What a delivery did: answered 200 whenever the signature holds (Stripe retries anything else for days). */
export type DeliveryResult =
  | { status: 'invalid'; reason: string }
  | { status: 'unknown-integration' }
  | { status: 'duplicate' }
  | { status: 'processed'; outcome: 'recorded' | 'ignored'; detail: string };

/** An integration of a program: the scope of what it remembers about payments. */
type Scope = { programId: string; integrationId: string };

/** What a handler did: recorded something (said what), or nothing (said why). */
type Outcome = { outcome: 'recorded' | 'ignored'; detail: string };
const ignored = (detail: string): Outcome => ({ outcome: 'ignored', detail });
const recorded = (detail: string): Outcome => ({ outcome: 'recorded', detail });

/** A referral's email until its customer's arrives (`.invalid` never delivers: RFC 2606). */
const PLACEHOLDER_DOMAIN = '@customer.stripe.invalid';

/** Stripe's subscription statuses as the referral's (paused has none: such an event is ignored). */
const SUBSCRIPTION_STATUS: Record<string, string> = { incomplete_expired: 'expired' };

/** An id from a field that holds an id or the expanded object. */
const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/**
 * Stripe's events turned into referrals, sales and subscription statuses of the integration's program
 * (DESIGN.md "Billing provider ingestion (Stripe)"). A delivery is verified over its raw bytes with the
 * integration's signing secret, then recorded once per event id in the same transaction as what it changes:
 * a repeat, or the same event delivered twice at once, changes nothing. A well-signed event that cannot be
 * used is recorded as ignored, with the reason, and answered 200.
 */
export class StripeIngestionService {
  constructor(
    private readonly referrals: ReferralService,
    private readonly sales: SaleService,
    private readonly promoCodes: PromotionalCodeService,
  ) {}

  async receive(em: EntityManager, log: Logger, integrationId: string, raw: Buffer, signature: string | undefined): Promise<DeliveryResult> {
    const integration = await integrationForDelivery(em, integrationId);
    if (!integration || integration.provider !== 'stripe') return { status: 'unknown-integration' };
    let event: Stripe.Event;
    try {
      if (!signature) return { status: 'invalid', reason: 'Missing Stripe-Signature header' };
      event = Stripe.webhooks.constructEvent(raw, signature, integration.signingSecret, TOLERANCE_S);
    } catch (err) {
      return { status: 'invalid', reason: err instanceof Error ? err.message : 'Invalid signature' };
    }
    const program = await findProgramById(em, integration.programId);
    if (!program) return { status: 'unknown-integration' };
    // The integration acts for its program as a program credential does: its signing secret is the credential.
    const ctx: ServiceContext = {
      em,
      actor: { kind: 'apiKey', credentialId: `billing:${integration.id}`, programId: program.id, program },
      requestId: event.id,
      log,
      programs: new Map([[program.id, program]]),
    };
    const base = { programId: program.id, integrationId: integration.id, eventId: event.id, type: event.type };
    try {
      return await inTransaction(ctx, async (tx) => {
        if (!(await claimBillingEvent(tx.em, { ...base, outcome: 'ignored', detail: 'processing' }))) return { status: 'duplicate' as const };
        const result = await this.handle(tx, program, { programId: program.id, integrationId: integration.id }, event);
        await settleBillingEvent(tx.em, program.id, integration.id, event.id, result.outcome, result.detail);
        return { status: 'processed' as const, ...result };
      });
    } catch (err) {
      // The database unavailable (or a conflict retried to exhaustion) is no answer about the event: Stripe retries it.
      if (!(err instanceof DomainError) || err.code === 'UNAVAILABLE' || err.code === 'INTERNAL') throw err;
      // A rule refused the change (a referral limit, a sale outside its window…): nothing of it stays, and the
      // event is recorded as ignored with the refusal, once.
      const detail = `refused: ${err.message}`;
      const first = await inTransaction(ctx, (tx) => claimBillingEvent(tx.em, { ...base, outcome: 'ignored', detail }));
      return first ? { status: 'processed', outcome: 'ignored', detail } : { status: 'duplicate' };
    }
  }

  private handle(tx: ServiceContext, program: Program, scope: Scope, event: Stripe.Event): Promise<Outcome> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const s = event.data.object;
        const ref = s.client_reference_id ?? s.metadata?.affiliate_ref ?? null;
        const customer = idOf(s.customer);
        if (!customer) return Promise.resolve(ignored('the session has no customer (Checkout creates one with customer_creation: always)'));
        return this.attribute(tx, program, customer, ref, { name: s.customer_details?.name, email: s.customer_details?.email });
      }
      case 'customer.created':
      case 'customer.updated': {
        const c = event.data.object;
        return this.attribute(tx, program, c.id, c.metadata?.affiliate_ref ?? null, { name: c.name, email: c.email });
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscription(tx, program, event.data.object);
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        return this.invoicePaid(tx, program, scope, event.data.object);
      case 'invoice_payment.paid': {
        const p = event.data.object;
        const pi = idOf(p.payment?.payment_intent);
        const invoice = idOf(p.invoice);
        if (!pi || !invoice) return Promise.resolve(ignored(`invoice payment ${p.id} names no payment intent`));
        return rememberInvoicePayment(tx.em, scope, pi, invoice).then(() => recorded(`payment ${pi} paid invoice ${invoice}`));
      }
      case 'charge.refunded':
        return this.chargeRefunded(tx, program, scope, event.data.object);
      case 'refund.created':
        return this.refundCreated(tx, program, scope, event.data.object);
      default:
        return Promise.resolve(ignored(`${event.type} is not used`));
    }
  }

  /** The customer's referral in the program, if it has one. */
  private async referralOf(tx: ServiceContext, program: Program, customer: string): Promise<Referral | null> {
    const page = await this.referrals.listReferrals(tx, program.id, { externalId: customer }, { first: 1 });
    return page.nodes[0] ?? null;
  }

  /**
   * Makes the Stripe customer a referral of the affiliate `ref` names (UUID, link slug or click id), once: the
   * customer's lock makes concurrent events for it take turns, and a customer already referred stays so.
   */
  private async attribute(
    tx: ServiceContext,
    program: Program,
    customer: string,
    ref: string | null,
    who: { name?: string | null; email?: string | null },
  ): Promise<Outcome> {
    await lockStripeCustomer(tx.em, program.id, customer);
    const existing = await this.referralOf(tx, program, customer);
    if (existing) {
      // A referral made before its customer's details arrived (from a subscription) takes them now.
      if (existing.email.endsWith(PLACEHOLDER_DOMAIN) && who.email?.trim()) {
        await this.referrals.updateReferral(tx, program.id, existing.id, { email: who.email.trim(), name: who.name?.trim() || existing.name });
        return recorded(`referral ${existing.id} has the name and email of customer ${customer}`);
      }
      return ignored(`customer ${customer} is already referral ${existing.id}`);
    }
    if (!ref?.trim()) return ignored('no affiliate reference (client_reference_id or metadata.affiliate_ref)');
    const referral = await this.referrals.createReferral(tx, program.id, {
      affiliateId: ref.trim(),
      // What the event does not carry stays recognisable as unknown until a customer event brings it.
      name: who.name?.trim() || customer,
      email: who.email?.trim() || `${customer}${PLACEHOLDER_DOMAIN}`,
      referredUserExternalId: customer,
    });
    if (!referral) return ignored(`no affiliate matches ${JSON.stringify(ref.trim())}`);
    return recorded(`referral ${referral.id} for customer ${customer}`);
  }

  /** Attribution from the subscription's metadata, then its status on the customer's referral. */
  private async subscription(tx: ServiceContext, program: Program, sub: Stripe.Subscription): Promise<Outcome> {
    const customer = idOf(sub.customer)!;
    const ref = sub.metadata?.affiliate_ref ?? null;
    let attributed: Outcome | null = null;
    if (ref) attributed = await this.attribute(tx, program, customer, ref, {});
    const referral = await this.referralOf(tx, program, customer);
    if (!referral) return attributed ?? ignored(`customer ${customer} was not referred`);
    const status = SUBSCRIPTION_STATUS[sub.status] ?? sub.status;
    if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) return ignored(`subscription status ${sub.status} has no referral status`);
    if (referral.subscriptionStatus === status)
      return attributed?.outcome === 'recorded' ? attributed : ignored(`referral ${referral.id} is ${status} already`);
    await this.referrals.updateReferral(tx, program.id, referral.id, { subscriptionStatus: status });
    return recorded(`${attributed?.outcome === 'recorded' ? `${attributed.detail}; ` : ''}referral ${referral.id} subscription ${status}`);
  }

  /**
   * A paid invoice of a referred customer is a sale: the amount paid in major units, its taxes, the invoice id
   * as externalId (so invoice.paid and invoice.payment_succeeded of one invoice are one sale).
   */
  private async invoicePaid(tx: ServiceContext, program: Program, scope: Scope, invoice: Stripe.Invoice): Promise<Outcome> {
    // An invoice expanded with its payments links them now (otherwise invoice_payment.paid does).
    for (const p of invoice.payments?.data ?? []) {
      const pi = idOf(p.payment?.payment_intent);
      if (pi) await rememberInvoicePayment(tx.em, scope, pi, invoice.id!);
    }
    if (!(invoice.amount_paid > 0)) return ignored(`invoice ${invoice.id} paid nothing (a trial or a zero invoice)`);
    if (invoice.currency.toUpperCase() !== program.currency.toUpperCase())
      return ignored(`invoice ${invoice.id} is in ${invoice.currency.toUpperCase()}, the program in ${program.currency}`);
    const customer = idOf(invoice.customer);
    let referral = customer ? await this.referralOf(tx, program, customer) : null;
    let credited = '';
    if (!referral && customer) {
      // A customer without a referral is credited by a promotion code of the program on the invoice, if any.
      const code = await this.promotionCodeOn(tx, program, invoice);
      if (code) {
        await lockStripeCustomer(tx.em, program.id, customer);
        referral =
          (await this.referralOf(tx, program, customer)) ??
          (await this.referrals.createReferral(tx, program.id, {
            promoCode: code,
            name: invoice.customer_name?.trim() || customer,
            email: invoice.customer_email?.trim() || `${customer}${PLACEHOLDER_DOMAIN}`,
            referredUserExternalId: customer,
          }));
        if (referral) credited = `promotion code ${code}: referral ${referral.id}; `;
      }
    }
    if (!referral) return ignored(`customer ${customer ?? '(none)'} was not referred`);
    const taxMinor = (invoice.total_taxes ?? []).reduce((sum, t) => sum + (t.amount ?? 0), 0);
    const { sale, replayed } = await this.sales.recordSale(tx, program.id, {
      referralId: referral.id,
      name: invoice.customer_name?.trim() || referral.name,
      email: invoice.customer_email?.trim() || referral.email,
      totalEarned: majorUnits(invoice.amount_paid, invoice.currency),
      tax: taxMinor > 0 ? majorUnits(taxMinor, invoice.currency) : null,
      externalId: invoice.id!,
      externalInvoiceId: invoice.id!,
    });
    if (!sale) return ignored(`no affiliate for referral ${referral.id}`);
    if (replayed) return ignored(`invoice ${invoice.id} is sale ${sale.id} already`);
    return recorded(`${credited}sale ${sale.id} of ${majorUnits(invoice.amount_paid, invoice.currency)} ${program.currency} for referral ${referral.id}`);
  }

  /** A charge's refunds: its cumulative amount_refunded, or the sum of the distinct refunds it lists, whichever is more. */
  private async chargeRefunded(tx: ServiceContext, program: Program, scope: Scope, charge: Stripe.Charge): Promise<Outcome> {
    const pi = idOf(charge.payment_intent);
    if (!pi) return ignored(`charge ${charge.id} names no payment intent`);
    await rememberCharge(tx.em, scope, charge.id, pi);
    let refunded = charge.amount_refunded;
    for (const r of charge.refunds?.data ?? []) {
      if (r.status === 'succeeded' || r.status === 'pending') refunded = Math.max(refunded, await addRefund(tx.em, scope, r.id, pi, r.amount));
    }
    return this.refundPayment(tx, program, scope, pi, refunded, charge.currency);
  }

  /** One refund, counted once however many events carry it; the payment's refunds so far decide. */
  private async refundCreated(tx: ServiceContext, program: Program, scope: Scope, refund: Stripe.Refund): Promise<Outcome> {
    if (refund.status === 'failed' || refund.status === 'canceled') return ignored(`refund ${refund.id} is ${refund.status}`);
    const charge = idOf(refund.charge);
    const pi = idOf(refund.payment_intent) ?? (charge ? await paymentOfCharge(tx.em, scope, charge) : null);
    if (!pi) return ignored(`refund ${refund.id} names no payment known here (charge.refunded links its charge)`);
    const refunded = await addRefund(tx.em, scope, refund.id, pi, refund.amount);
    return this.refundPayment(tx, program, scope, pi, refunded, refund.currency);
  }

  /** Refunds the sale of the invoice the payment paid, up to `refundedMinor` in all (SaleCorrections.refundUpTo). */
  private async refundPayment(tx: ServiceContext, program: Program, scope: Scope, pi: string, refundedMinor: number, currency: string): Promise<Outcome> {
    const invoice = await invoiceOfPayment(tx.em, scope, pi);
    if (!invoice) return ignored(`no invoice known for payment ${pi} (its invoice_payment.paid event links them)`);
    const sale = (await this.sales.listSales(tx, program.id, { saleExternalId: invoice }, { first: 1 })).nodes[0];
    if (!sale) return ignored(`invoice ${invoice} recorded no sale`);
    const amount = majorUnits(refundedMinor, currency);
    const done = await this.sales.refundUpTo(tx, program.id, sale.id, String(amount));
    if (done.kind === 'unchanged') return ignored(`sale ${sale.id}: ${done.why}`);
    return recorded(`sale ${sale.id} ${done.kind === 'full' ? 'refunded in full' : `refunded ${amount} of ${Number(sale.totalEarned)}`}`);
  }

  /**
   * The program's promotional code a promotion code on the invoice stands for: matched by its code (when the
   * invoice carries the promotion code expanded) or by its id as the code's externalId.
   */
  private async promotionCodeOn(tx: ServiceContext, program: Program, invoice: Stripe.Invoice): Promise<string | null> {
    for (const d of invoice.discounts ?? []) {
      if (typeof d === 'string' || !('promotion_code' in d)) continue;
      const promo = d.promotion_code;
      if (!promo) continue;
      const found =
        (typeof promo === 'object' && promo.code ? await this.promoCodes.findPromoCode(tx, program.id, { code: promo.code }) : null) ??
        (await this.promoCodes.findPromoCode(tx, program.id, { externalId: idOf(promo)! }));
      if (found?.affiliateId) return found.code;
    }
    return null;
  }
}
