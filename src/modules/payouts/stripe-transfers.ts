import type Stripe from 'stripe';
import { stripeClient } from '../billing/stripe-client';

/** One transfer to make: the payout's amount in Stripe's minor units, to its connected account. */
export interface TransferRequest {
  payoutId: string;
  batchId: string;
  amountMinor: number;
  /** ISO 4217, any case (sent lowercase, as Stripe writes it). */
  currency: string;
  destination: string;
  description: string;
}

/**
 * What became of a transfer: made (with Stripe's id), refused by Stripe (it made none: the payout fails), or
 * unknown (no answer, Stripe's own trouble, a concurrent send holding the same key): the payout stays processing and
 * sending again asks with the same Idempotency-Key, so it is never paid twice.
 */
export type TransferOutcome = { kind: 'made'; transferId: string } | { kind: 'refused'; reason: string } | { kind: 'unknown'; error: string };

/** Pays Stripe Connect payouts; the port the payout service sends through (a fake one in unit tests). */
export interface TransferGateway {
  create(t: TransferRequest): Promise<TransferOutcome>;
  /**
   * The transfers made for a batch (its transfer_group), by payout id (metadata.payout_id): read when Stripe's
   * idempotency window may have passed. `{error}` when Stripe could not say: not knowing is not "none".
   */
  madeInGroup(batchId: string): Promise<Map<string, string> | { error: string }>;
}

/** Stripe keeps an Idempotency-Key 24 hours; an attempt older than this is looked up before a retry. */
export const STRIPE_IDEMPOTENCY_WINDOW_MS = 23 * 3600_000;

/** The key that makes each payout one transfer, however often it is sent. */
export const transferKey = (payoutId: string) => `payout-${payoutId}`;

/**
 * Errors after which Stripe made no transfer and will not make one for this request: the payout fails. Only
 * Stripe's answers to the request itself (400, 402, 403): a 404 is a wrong STRIPE_API_BASE, not a refusal.
 */
const REFUSALS = new Set(['StripeInvalidRequestError', 'StripeCardError', 'StripePermissionError']);
const REFUSAL_STATUSES = new Set([400, 402, 403]);

export function outcomeOfError(err: unknown): TransferOutcome {
  const e = err as Partial<Stripe.errors.StripeError> | undefined;
  const message = typeof e?.message === 'string' && e.message ? e.message.slice(0, 500) : 'Stripe did not answer';
  if (e && typeof e.type === 'string' && REFUSALS.has(e.type) && REFUSAL_STATUSES.has(e.statusCode ?? 0) && e.rawType !== 'idempotency_error')
    return { kind: 'refused', reason: message };
  return { kind: 'unknown', error: message };
}

/** Transfers through the `stripe` package with the server's key (STRIPE_API_KEY, STRIPE_API_BASE). */
export class StripeTransfers implements TransferGateway {
  private readonly client: Stripe;

  constructor(apiKey: string, apiBase?: string) {
    this.client = stripeClient(apiKey, apiBase, { timeoutMs: 30_000, retries: 2 });
  }

  async create(t: TransferRequest): Promise<TransferOutcome> {
    try {
      const transfer = await this.client.transfers.create(
        {
          amount: t.amountMinor,
          currency: t.currency.toLowerCase(),
          destination: t.destination,
          transfer_group: t.batchId,
          description: t.description,
          metadata: { payout_id: t.payoutId, batch_id: t.batchId },
        },
        { idempotencyKey: transferKey(t.payoutId) },
      );
      return { kind: 'made', transferId: transfer.id };
    } catch (err) {
      return outcomeOfError(err);
    }
  }

  async madeInGroup(batchId: string): Promise<Map<string, string> | { error: string }> {
    try {
      const made = new Map<string, string>();
      for await (const transfer of this.client.transfers.list({ transfer_group: batchId, limit: 100 })) {
        const payoutId = transfer.metadata?.payout_id;
        if (payoutId && !made.has(payoutId)) made.set(payoutId, transfer.id);
      }
      return made;
    } catch (err) {
      const outcome = outcomeOfError(err);
      return { error: outcome.kind === 'refused' ? outcome.reason : outcome.kind === 'unknown' ? outcome.error : 'unexpected' };
    }
  }
}
