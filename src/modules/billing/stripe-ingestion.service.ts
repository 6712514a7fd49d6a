import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, type ErrorDetail } from '../../common/errors';
import { KeyedQueue } from '../../common/keyed-queue';
import type { Logger } from '../../common/logger';
import { inTransaction } from '../../db/unit-of-work';
import { findProgramById } from '../programs/program.finder';
import type { Program } from '../programs/program.entity';
import type { PromotionalCodeService } from '../promo-codes/promotional-code.service';
import type { ReferralService } from '../referrals/referral.service';
import type { SaleService } from '../sales/sale.service';
import type { ServiceContext } from '../service-context';
import { BillingCommandRunner } from './billing-command.runner';
import { ignored, type Outcome } from './billing-outcome';
import { billingEventSeen, claimBillingEvent, integrationForDelivery, lockStripeIngestion, settleBillingEvent, type Scope } from './billing.queries';
import { STRIPE_TERMS, stripeCommandOf } from './stripe-event.adapter';
import { checkStripeEvent, type StripeEventCheck } from './stripe-event.check';
import type { UsedStripeEvent } from './stripe-event.schemas';
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

/**
 * Stripe's events turned into referrals, sales and subscription statuses of the integration's program
 * (DESIGN.md "Billing provider ingestion (Stripe)"). A delivery is verified over its raw bytes with the
 * integration's signing secret, then recorded once per event id in the same transaction as what it changes:
 * a repeat, or the same event delivered twice at once, changes nothing. A well-signed event that cannot be
 * used is recorded as ignored, with the reason, and answered 200; one that is malformed (the fields read are
 * checked like API input: ./stripe-event.schemas.ts) is answered 400 with the reason and recorded nowhere.
 * What a used event changes is the commands' (./billing-command.runner.ts), as Stripe's adapter puts it
 * (./stripe-event.adapter.ts); this service keeps the delivery: its check, its claim, its program's turn.
 */
export class StripeIngestionService {
  private readonly commands: BillingCommandRunner;

  constructor(
    referrals: ReferralService,
    sales: SaleService,
    promoCodes: PromotionalCodeService,
    private readonly lookup: StripeLookup | null = null,
  ) {
    this.commands = new BillingCommandRunner(referrals, sales, promoCodes, STRIPE_TERMS);
  }

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

  /** What a used event changes: Stripe's adapter says it in our words, the commands carry it out. */
  private handle(tx: ServiceContext, program: Program, scope: Scope, event: UsedStripeEvent): Promise<Outcome> {
    return this.commands.run(tx, program, scope, stripeCommandOf(event));
  }
}

/** A well-formed event: its id and type, and the event as its schema reads it when ingestion uses its type (else null). */
type CheckedEvent = { id: string; type: string; used: UsedStripeEvent | null };
