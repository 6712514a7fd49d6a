import { DomainError, type ErrorDetail } from '../../common/errors';
import { KeyedQueue } from '../../common/keyed-queue';
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
  applySubscriptionEvent,
  billingEventSeen,
  claimBillingEvent,
  HOLD_DAYS,
  holdInvoice,
  type HeldInvoice,
  integrationForDelivery,
  invoiceOfPayment,
  latestSubscriptionStatus,
  lockStripeIngestion,
  paymentOfCharge,
  refundedOfInvoice,
  releaseHeldInvoices,
  rememberCharge,
  rememberInvoicePayment,
  settleBillingEvent,
} from './billing.queries';
import { majorUnits, sameCurrency } from './stripe-amounts';
import { emailFromStripe, nameFromStripe } from './stripe-customer-details';
import { checkStripeEvent, type StripeEventCheck } from './stripe-event.check';
import type {
  PromotionCodeRef,
  StripeCharge,
  StripeInvoice,
  StripeInvoicePayment,
  StripeRefund,
  StripeSubscription,
  UsedStripeEvent,
} from './stripe-event.schemas';
import type { StripeLookup } from './stripe-lookup';
import { verifyStripeDelivery } from './stripe-signature';

/** How many of one program's deliveries may be in line in this process (the one running included); one more is answered 503 and Stripe retries it. */
const MAX_WAITING_PER_PROGRAM = 100;

/**
 * What a delivery did: answered 200 whenever the signature holds and the event is well formed (Stripe retries
 * anything else for days); a bad signature is `invalid`, a well-signed event that is not what Stripe sends
 * (./stripe-event.schemas.ts) `malformed`, both answered 400 with nothing recorded.
 */
export type DeliveryResult =
  | { status: 'invalid'; reason: string }
  | { status: 'malformed'; reason: string; details: ErrorDetail[] }
  | { status: 'unknown-integration' }
  | { status: 'duplicate' }
  | { status: 'processed'; outcome: 'recorded' | 'ignored'; detail: string };

/** An integration of a program: the scope of its event log, its subscriptions' order and its held invoices (payments are the program's). */
type Scope = { programId: string; integrationId: string };

/** What a handler did: recorded something (said what), or nothing (said why). */
type Outcome = { outcome: 'recorded' | 'ignored'; detail: string };
const ignored = (detail: string): Outcome => ({ outcome: 'ignored', detail });
const recorded = (detail: string): Outcome => ({ outcome: 'recorded', detail });

/** A referral's email until its customer's arrives (`.invalid` never delivers: RFC 2606). */
const PLACEHOLDER_DOMAIN = '@customer.stripe.invalid';

/** Stripe's subscription statuses as the referral's (paused has none: such an event is ignored). */
const SUBSCRIPTION_STATUS: Record<string, string> = { incomplete_expired: 'expired' };

/** An affiliate reference as a merchant gave it, without what PostgreSQL cannot store (U+0000) or blank ends; null when nothing is left. */
const typed = (v: string | null | undefined): string | null => v?.replace(/\u0000/g, '').trim() || null;

/** An id from a field that holds an id or the expanded object. */
const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/**
 * One step of an event in a savepoint: a refusal of the program's rules (a referral limit, a code used up, a
 * refund window) undoes that step alone and is answered as ignored, `what` saying what was refused, so what the
 * event does besides (hold its invoice, keep its subscription's status) still happens.
 */
async function attempt<T extends object>(
  tx: ServiceContext,
  what: string,
  step: (inner: ServiceContext) => Promise<T>,
  refusals?: string[],
): Promise<T | Outcome> {
  try {
    return await inTransaction(tx, step);
  } catch (err) {
    if (!(err instanceof DomainError) || err.code === 'UNAVAILABLE' || err.code === 'INTERNAL' || (refusals && !refusals.includes(err.code))) throw err;
    return ignored(`${what} refused: ${err.message}`);
  }
}

/**
 * Stripe's events turned into referrals, sales and subscription statuses of the integration's program
 * (DESIGN.md "Billing provider ingestion (Stripe)"). A delivery is verified over its raw bytes with the
 * integration's signing secret, then recorded once per event id in the same transaction as what it changes:
 * a repeat, or the same event delivered twice at once, changes nothing. A well-signed event that cannot be
 * used is recorded as ignored, with the reason, and answered 200; one that is malformed (the fields read are
 * checked like API input: ./stripe-event.schemas.ts) is answered 400 with the reason and recorded nowhere.
 */
export class StripeIngestionService {
  constructor(
    private readonly referrals: ReferralService,
    private readonly sales: SaleService,
    private readonly promoCodes: PromotionalCodeService,
    private readonly lookup: StripeLookup | null = null,
  ) {}

  /** A program's used events, one at a time in this process (they take turns on lockStripeIngestion across processes). */
  private readonly turns = new KeyedQueue(MAX_WAITING_PER_PROGRAM);

  async receive(em: EntityManager, log: Logger, integrationId: string, raw: Buffer, signature: string | undefined): Promise<DeliveryResult> {
    const integration = await integrationForDelivery(em, integrationId);
    if (!integration || integration.provider !== 'stripe') return { status: 'unknown-integration' };
    const delivery = verifyStripeDelivery(raw, signature, integration.signingSecret);
    if (delivery.status === 'invalid') return delivery;
    // Checked like API input before anything reads it: a malformed event is refused whole, recorded nowhere (the
    // event log's row would answer Stripe's retry as a repeat), and logged without its values.
    const checked: StripeEventCheck =
      delivery.status === 'signed'
        ? checkStripeEvent(delivery.payload)
        : { ok: false, id: null, type: null, problems: [{ field: '(event)', message: 'The event must be JSON' }] };
    if (!checked.ok) {
      const fields = checked.problems.map((p) => p.field);
      log.warn({ integrationId, eventId: checked.id, type: checked.type, fields }, 'stripe event refused as malformed: nothing was recorded');
      return { status: 'malformed', reason: checked.problems.map((p) => p.message).join('; '), details: checked.problems };
    }
    const event: CheckedEvent = { id: checked.id, type: checked.type, used: checked.used };
    const program = await findProgramById(em, integration.programId);
    if (!program) return { status: 'unknown-integration' };
    // Outside the program's turn: a repeat is answered at once, without asking Stripe anything (the claim in
    // process() decides for concurrent ones), and a slow answer of Stripe's API holds up no other event.
    if (await billingEventSeen(em, { programId: program.id, integrationId: integration.id }, event.id)) return { status: 'duplicate' };
    if (!event.used) return this.process(em, log, integration.id, program, event);
    await this.complete(event.used, log);
    return this.turns.run(program.id, () => this.process(em, log, integration.id, program, event));
  }

  /** Records a verified event once, with what it changes, in one transaction. */
  private async process(em: EntityManager, log: Logger, integrationId: string, program: Program, event: CheckedEvent): Promise<DeliveryResult> {
    const scope = { programId: program.id, integrationId };
    // The integration acts for its program as a program credential does: its signing secret is the credential.
    const ctx: ServiceContext = {
      em,
      actor: { kind: 'apiKey', credentialId: `billing:${integrationId}`, programId: program.id, program },
      requestId: event.id,
      log,
      programs: new Map([[program.id, program]]),
    };
    const base = { ...scope, eventId: event.id, type: event.type };
    try {
      return await inTransaction(ctx, async (tx) => {
        if (!(await claimBillingEvent(tx.em, { ...base, outcome: 'ignored', detail: 'processing' }))) return { status: 'duplicate' as const };
        // After the claim: a concurrent duplicate waits on the claim's key, never on this lock.
        if (event.used) await lockStripeIngestion(tx.em, program.id);
        const result = event.used ? await this.handle(tx, program, scope, event.used) : ignored(`${event.type} is not used`);
        await settleBillingEvent(tx.em, program.id, integrationId, event.id, result.outcome, result.detail);
        return { status: 'processed' as const, ...result };
      });
    } catch (err) {
      // The database unavailable (or a conflict retried to exhaustion) is no answer about the event: Stripe retries it.
      if (!(err instanceof DomainError) || err.code === 'UNAVAILABLE' || err.code === 'INTERNAL') throw err;
      // A rule refused the change (a referral limit, a sale outside its window…): nothing of it stays, and the
      // event is recorded as ignored with the refusal, once.
      const detail = `refused: ${err.message}`;
      log.warn({ eventId: event.id, type: event.type, code: err.code }, 'stripe event refused: nothing of it was recorded');
      const first = await inTransaction(ctx, (tx) => claimBillingEvent(tx.em, { ...base, outcome: 'ignored', detail }));
      return first ? { status: 'processed', outcome: 'ignored', detail } : { status: 'duplicate' };
    }
  }

  /** Fills in, before the transaction, what the event leaves out and the server may ask Stripe for (StripeLookup). */
  private async complete(event: UsedStripeEvent, log: Logger): Promise<void> {
    if (!this.lookup || (event.type !== 'invoice.paid' && event.type !== 'invoice.payment_succeeded')) return;
    const invoice = event.data.object;
    if (!(invoice.amount_paid > 0) || !invoice.id || !(invoice.discounts ?? []).some((d) => typeof d === 'string')) return;
    const discounts = await this.lookup.invoiceDiscounts(invoice.id, log);
    if (discounts) invoice.discounts = discounts;
  }

  private handle(tx: ServiceContext, program: Program, scope: Scope, event: UsedStripeEvent): Promise<Outcome> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const s = event.data.object;
        // client_reference_id first; a merchant's own id there that names no affiliate leaves metadata.affiliate_ref.
        const refs = [s.client_reference_id, s.metadata?.affiliate_ref];
        const customer = idOf(s.customer);
        if (!customer) return Promise.resolve(ignored('the session has no customer (Checkout creates one with customer_creation: always)'));
        const who = { name: s.customer_details?.name, email: s.customer_details?.email };
        // Without a reference, a promotion code the buyer entered at checkout names the affiliate.
        const promo = refs.some((r) => r?.trim()) ? null : ((s.discounts ?? []).map((d) => d.promotion_code).find((p) => p != null) ?? null);
        if (promo) return this.creditByPromotionCode(tx, program, customer, promo, who);
        return this.attribute(tx, program, customer, refs, who);
      }
      case 'customer.created':
      case 'customer.updated': {
        const c = event.data.object;
        return this.attribute(tx, program, c.id, [c.metadata?.affiliate_ref], { name: c.name, email: c.email });
      }
      case 'customer.discount.created':
      case 'customer.discount.updated': {
        const d = event.data.object;
        const customer = idOf(d.customer);
        if (!customer || !d.promotion_code) return Promise.resolve(ignored(`discount ${d.id} names no customer and promotion code`));
        return this.creditByPromotionCode(tx, program, customer, d.promotion_code, {});
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscription(tx, program, scope, event.data.object, event.created);
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        return this.invoicePaid(tx, program, scope, event.data.object);
      case 'invoice_payment.paid':
        return this.invoicePayment(tx, program, event.data.object);
      case 'charge.refunded':
        return this.chargeRefunded(tx, program, event.data.object);
      case 'refund.created':
        return this.refundCreated(tx, program, event.data.object);
    }
  }

  /** The customer's referral in the program, if it has one; none without a customer (a filter left out would match any referral). */
  private async referralOf(tx: ServiceContext, program: Program, customer: string): Promise<Referral | null> {
    return customer ? this.referrals.customerReferral(tx, program.id, customer) : null;
  }

  /**
   * Makes the Stripe customer a referral of the affiliate `ref` names (UUID, link slug or click id), once (the
   * program's events take turns: lockStripeIngestion); a customer already referred stays so.
   */
  private attribute(tx: ServiceContext, program: Program, customer: string, refs: Array<string | null | undefined>, who: Who): Promise<Outcome> {
    return this.referOnce(tx, program, customer, who, async () => {
      const given = refs.map(typed).filter((r): r is string => !!r);
      if (!given.length) return ignored('no affiliate reference (client_reference_id or metadata.affiliate_ref)');
      // The first reference that names an affiliate of the program wins.
      for (const ref of given) {
        const referral = await this.referrals.createReferral(tx, program.id, { affiliateId: ref, ...this.details(customer, who) });
        if (referral) return recorded(`referral ${referral.id} for customer ${customer}${await this.settleReferred(tx, program, customer, referral)}`);
      }
      return ignored(`no affiliate matches ${given.map((r) => JSON.stringify(r)).join(' or ')}`);
    });
  }

  /** Credits a customer without a referral by a promotion code (referByCode), once. */
  private creditByPromotionCode(tx: ServiceContext, program: Program, customer: string, promo: PromotionCodeRef, who: Who): Promise<Outcome> {
    return this.referOnce(tx, program, customer, who, () => this.referByCode(tx, program, customer, promo, who));
  }

  /**
   * The customer's referral made once: one already referred stays so (taking the details a placeholder lacked),
   * otherwise `refer` makes it.
   */
  private async referOnce(tx: ServiceContext, program: Program, customer: string, who: Who, refer: () => Promise<Outcome>): Promise<Outcome> {
    const existing = await this.referralOf(tx, program, customer);
    return existing ? this.completeDetails(tx, program, customer, existing, who) : refer();
  }

  /**
   * Makes an unreferred customer (its lock held) a referral of the affiliate of the program's promotional code a
   * Stripe promotion code stands for (by its code when expanded, or its id as the code's externalId); the code is
   * redeemed by the referral. The referral comes with the outcome when one was made.
   */
  private async referByCode(
    tx: ServiceContext,
    program: Program,
    customer: string,
    promo: PromotionCodeRef,
    who: Who,
  ): Promise<Outcome & { referral?: Referral }> {
    const code = await this.programCodeOf(tx, program, promo);
    if (!code) return ignored(`promotion code ${idOf(promo)} is none of the program's promotional codes with an affiliate`);
    const referral = await this.referrals.createReferral(tx, program.id, { promoCode: code, ...this.details(customer, who) });
    if (!referral) return ignored(`promotional code ${code} has no affiliate`);
    const released = await this.settleReferred(tx, program, customer, referral);
    return { ...recorded(`promotion code ${code}: referral ${referral.id} for customer ${customer}${released}`), referral };
  }

  /**
   * A referral's name and email from the customer's (within the API's limits: stripe-customer-details), or what
   * stays recognisable as unknown until a customer event brings them.
   */
  private details(customer: string, who: Who) {
    return {
      name: nameFromStripe(who.name) ?? customer,
      email: emailFromStripe(who.email) ?? `${customer}${PLACEHOLDER_DOMAIN}`,
      referredUserExternalId: customer,
    };
  }

  /** A referral made before its customer's details arrived (from a subscription or an invoice) takes them now. */
  private async completeDetails(tx: ServiceContext, program: Program, customer: string, existing: Referral, who: Who): Promise<Outcome> {
    const email = emailFromStripe(who.email);
    if (existing.email.endsWith(PLACEHOLDER_DOMAIN) && email) {
      await this.referrals.updateReferral(tx, program.id, existing.id, { email, name: nameFromStripe(who.name) ?? existing.name });
      return recorded(`referral ${existing.id} has the name and email of customer ${customer}`);
    }
    return ignored(`customer ${customer} is already referral ${existing.id}`);
  }

  /** The program's promotional code (with an affiliate) a Stripe promotion code stands for. */
  private async programCodeOf(tx: ServiceContext, program: Program, promo: PromotionCodeRef): Promise<string | null> {
    const found =
      (typeof promo === 'object' && promo.code ? await this.promoCodes.findPromoCode(tx, program.id, { code: promo.code }) : null) ??
      (await this.promoCodes.findPromoCode(tx, program.id, { externalId: idOf(promo)! }));
    return found?.affiliateId ? found.code : null;
  }

  /**
   * What a new referral missed while its customer was not attributed (Stripe delivers out of order: the
   * subscription and invoice.paid may come before the session naming the affiliate): its subscription's newest
   * status, and the sales of its held invoices. Answers what it recorded, for the log.
   */
  private async settleReferred(tx: ServiceContext, program: Program, customer: string, referral: Referral): Promise<string> {
    const done: string[] = [];
    // The newest of its subscriptions' statuses that has a referral status (a paused one has none).
    const status = referralStatusOf(await latestSubscriptionStatus(tx.em, program.id, customer, MAPPED_STATUSES));
    if (status && status !== referral.subscriptionStatus) {
      await this.referrals.updateReferral(tx, program.id, referral.id, { subscriptionStatus: status });
      done.push(`subscription ${status}`);
    }
    for (const h of await releaseHeldInvoices(tx.em, program.id, customer)) {
      const outcome = await this.saleOf(tx, program, h.invoice, referral);
      done.push(`held invoice: ${outcome.detail}`);
    }
    return done.length ? `; ${done.join('; ')}` : '';
  }

  /**
   * Attribution from the subscription's metadata, then its status on the customer's referral, unless an event
   * of the subscription newer than this one (by Stripe's `created`) was applied already. The status is kept
   * for a customer not referred yet: its attribution applies it (settleReferred).
   */
  private async subscription(tx: ServiceContext, program: Program, scope: Scope, sub: StripeSubscription, created: number): Promise<Outcome> {
    // Always there (the edge requires it): an event naming no customer touches no referral.
    const customer = idOf(sub.customer);
    if (!customer) return ignored(`subscription ${sub.id} names no customer`);
    const newest = await applySubscriptionEvent(tx.em, scope, { id: sub.id, customer, status: sub.status, created });
    const ref = typed(sub.metadata?.affiliate_ref);
    const attributed = ref ? await attempt(tx, 'attribution', (inner) => this.attribute(inner, program, customer, [ref], {})) : null;
    const made = attributed?.outcome === 'recorded' ? attributed : null;
    const referral = await this.referralOf(tx, program, customer);
    if (!referral) return attributed ?? ignored(`customer ${customer} was not referred (the status ${sub.status} applies if it is)`);
    if (!newest) return made ?? ignored(`subscription ${sub.id} has a newer event applied already`);
    const status = referralStatusOf(sub.status);
    if (!status) return made ?? ignored(`subscription status ${sub.status} has no referral status`);
    if (referral.subscriptionStatus === status) return made ?? ignored(`referral ${referral.id} is ${status} already`);
    await this.referrals.updateReferral(tx, program.id, referral.id, { subscriptionStatus: status });
    return recorded(`${made ? `${made.detail}; ` : ''}referral ${referral.id} subscription ${status}`);
  }

  /**
   * A paid invoice of a referred customer is a sale (saleOf). A customer without a referral is credited by a
   * promotion code of the program on the invoice, if any; otherwise the invoice is held for a later attribution.
   */
  private async invoicePaid(tx: ServiceContext, program: Program, scope: Scope, invoice: StripeInvoice): Promise<Outcome> {
    // An invoice expanded with its payments links them now (otherwise invoice_payment.paid does).
    for (const p of invoice.payments?.data ?? []) {
      const pi = idOf(p.payment?.payment_intent);
      if (pi) await rememberInvoicePayment(tx.em, program.id, pi, invoice.id);
    }
    if (!(invoice.amount_paid > 0)) return ignored(`invoice ${invoice.id} paid nothing (a trial or a zero invoice)`);
    if (!sameCurrency(invoice.currency, program.currency))
      return ignored(`invoice ${invoice.id} is in ${invoice.currency.toUpperCase()}, the program in ${program.currency}`);
    const customer = idOf(invoice.customer);
    if (!customer) return ignored(`invoice ${invoice.id} has no customer`);
    const held: HeldInvoice = {
      id: invoice.id,
      customer,
      amount_paid: invoice.amount_paid,
      currency: invoice.currency,
      // Within MAX_MINOR_UNITS: the edge checked the sum.
      tax: (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0),
      customer_name: nameFromStripe(invoice.customer_name),
      customer_email: emailFromStripe(invoice.customer_email),
    };
    const who = { name: held.customer_name, email: held.customer_email };
    // The subscription's metadata, as the invoice carries it, names the affiliate of a customer not referred yet.
    const subRef = typed(invoice.parent?.subscription_details?.metadata?.affiliate_ref);
    let referral = await this.referralOf(tx, program, customer);
    let attributed: Outcome | null = null;
    if (!referral && subRef) {
      attributed = await attempt(tx, 'attribution', (inner) => this.attribute(inner, program, customer, [subRef], who));
      if (attributed.outcome === 'recorded') referral = await this.referralOf(tx, program, customer);
    }
    if (referral) {
      const sale = await this.saleOf(tx, program, held, referral);
      return attributed?.outcome === 'recorded' ? recorded(`${attributed.detail}; ${sale.detail}`) : sale;
    }
    for (const promo of promotionCodesOn(invoice)) {
      const credited: Outcome & { referral?: Referral } = await attempt(tx, `promotion code ${idOf(promo)}`, (inner) =>
        this.referByCode(inner, program, customer, promo, who),
      );
      if (credited.referral) {
        const sale = await this.saleOf(tx, program, held, credited.referral);
        return { outcome: 'recorded', detail: `${credited.detail}; ${sale.detail}` };
      }
    }
    await holdInvoice(tx.em, scope, held);
    return ignored(`customer ${customer} was not referred (invoice ${invoice.id} is held ${HOLD_DAYS} days for its attribution)`);
  }

  /**
   * The sale of a paid invoice: the amount paid in major units, its taxes, the invoice id as externalId (so
   * invoice.paid and invoice.payment_succeeded of one invoice are one sale); refunds of its payments already
   * seen apply at once.
   */
  private async saleOf(tx: ServiceContext, program: Program, invoice: HeldInvoice, referral: Referral): Promise<Outcome> {
    // A held invoice waited in another currency's program (its currency changed meanwhile): no sale in the wrong unit.
    if (!sameCurrency(invoice.currency, program.currency))
      return ignored(`invoice ${invoice.id} is in ${invoice.currency.toUpperCase()}, the program in ${program.currency}`);
    const amount = majorUnits(invoice.amount_paid, invoice.currency);
    const { sale, replayed } = await this.sales.recordSale(tx, program.id, {
      referralId: referral.id,
      // Again here: an invoice held before the API's limits applied to Stripe's fields carries its own.
      name: nameFromStripe(invoice.customer_name) ?? referral.name,
      email: emailFromStripe(invoice.customer_email) ?? referral.email,
      totalEarned: amount,
      tax: invoice.tax > 0 ? majorUnits(invoice.tax, invoice.currency) : null,
      externalId: invoice.id,
      externalInvoiceId: invoice.id,
    });
    if (!sale) return ignored(`no affiliate for referral ${referral.id}`);
    if (replayed) return ignored(`invoice ${invoice.id} is sale ${sale.id} already`);
    // Refunds of its payments seen before the sale apply now.
    const refunds = (await refundedOfInvoice(tx.em, program.id, invoice.id, null)) > 0 ? `; ${(await this.refundInvoice(tx, program, invoice.id)).detail}` : '';
    return recorded(`sale ${sale.id} of ${amount} ${program.currency} for referral ${referral.id}${refunds}`);
  }

  /** Links a payment to the invoice it paid; refunds of it seen before the link apply now. */
  private async invoicePayment(tx: ServiceContext, program: Program, p: StripeInvoicePayment): Promise<Outcome> {
    const pi = idOf(p.payment?.payment_intent);
    const invoice = idOf(p.invoice);
    if (!pi || !invoice) return ignored(`invoice payment ${p.id} names no payment intent`);
    await rememberInvoicePayment(tx.em, program.id, pi, invoice);
    // Refunds of the payment seen before the link apply now.
    const refunds = (await refundedOfInvoice(tx.em, program.id, invoice, null)) > 0 ? `; ${(await this.refundInvoice(tx, program, invoice)).detail}` : '';
    return recorded(`payment ${pi} paid invoice ${invoice}${refunds}`);
  }

  /**
   * A charge's refunds: its cumulative amount_refunded (kept, so a later link still knows it) and the refunds it
   * lists, all in the charge's currency.
   */
  private async chargeRefunded(tx: ServiceContext, program: Program, charge: StripeCharge): Promise<Outcome> {
    const pi = idOf(charge.payment_intent);
    if (!pi) return ignored(`charge ${charge.id} names no payment intent`);
    const currency = charge.currency;
    await rememberCharge(tx.em, program.id, { chargeId: charge.id, paymentIntent: pi, amountRefunded: charge.amount_refunded, currency });
    for (const r of charge.refunds?.data ?? []) {
      if (r.status === 'succeeded' || r.status === 'pending')
        await addRefund(tx.em, program.id, { refundId: r.id, paymentIntent: pi, amount: r.amount, currency });
    }
    return this.refundPayment(tx, program, pi, currency);
  }

  /** One refund, counted once however many events (and integrations) carry it; the payment's refunds so far decide. */
  private async refundCreated(tx: ServiceContext, program: Program, refund: StripeRefund): Promise<Outcome> {
    if (refund.status === 'failed' || refund.status === 'canceled') return ignored(`refund ${refund.id} is ${refund.status}`);
    const charge = idOf(refund.charge);
    const pi = idOf(refund.payment_intent) ?? (charge ? await paymentOfCharge(tx.em, program.id, charge) : null);
    if (!pi) return ignored(`refund ${refund.id} names no payment known here (charge.refunded links its charge)`);
    await addRefund(tx.em, program.id, { refundId: refund.id, paymentIntent: pi, amount: refund.amount, currency: refund.currency });
    return this.refundPayment(tx, program, pi, refund.currency);
  }

  /** Refunds the sale of the invoice the payment paid (refundInvoice), once the payment is linked to it. */
  private async refundPayment(tx: ServiceContext, program: Program, pi: string, currency: string): Promise<Outcome> {
    const invoice = await invoiceOfPayment(tx.em, program.id, pi);
    if (!invoice) return ignored(`no invoice known for payment ${pi} yet (its invoice_payment.paid event links them; the refund applies then)`);
    return this.refundInvoice(tx, program, invoice, currency);
  }

  /**
   * Refunds the invoice's sale up to what was refunded of the invoice in all, over every payment of it and in
   * the sale's currency (SaleCorrections.refundUpTo: cumulative, in proportion, never twice). A refund in
   * `currency` other than the sale's is answered as ignored, said why: it is kept aside, never counted (Stripe
   * refunds in the charge's currency, so such an event is inconsistent, and retrying it would change nothing).
   * A refund the program's rules refuse (its window, a commission paid out) changes the sale in nothing, in a
   * savepoint: what the same event brought besides (the sale itself, a payment's link, the refund's
   * bookkeeping) stays.
   */
  private async refundInvoice(tx: ServiceContext, program: Program, invoice: string, currency?: string): Promise<Outcome> {
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

/** Stripe's subscription statuses that have a referral status. */
const MAPPED_STATUSES = [...SUBSCRIPTION_STATUSES, ...Object.keys(SUBSCRIPTION_STATUS)];

/** A Stripe subscription status as the referral's subscriptionStatus (paused has none). */
function referralStatusOf(stripeStatus: string | null): string | null {
  if (!stripeStatus) return null;
  const status = SUBSCRIPTION_STATUS[stripeStatus] ?? stripeStatus;
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? status : null;
}

/** A referral's name and email as an event carries them. */
type Who = { name?: string | null; email?: string | null };

/** The promotion codes an invoice names: from its discounts when Stripe sent them expanded (or StripeLookup expanded them). */
function promotionCodesOn(invoice: StripeInvoice): PromotionCodeRef[] {
  const codes: PromotionCodeRef[] = [];
  for (const d of invoice.discounts ?? []) {
    if (typeof d === 'string' || !d.promotion_code) continue;
    codes.push(d.promotion_code);
  }
  return codes;
}

/** A well-formed event: its id and type, and the event as its schema reads it when ingestion uses its type (else null). */
type CheckedEvent = { id: string; type: string; used: UsedStripeEvent | null };
