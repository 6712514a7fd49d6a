import { countOf } from '../../db/list-query';
import { add, dec, toText } from '../../common/decimal';
import { minorUnits } from '../../common/money';
import { notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { emptyPage, pageWindow, toPage, type ListOrder, type Page, type PageArgs } from '../../common/pagination';
import type { PayoutBatchOrderField, PayoutOrderField } from '../../validation/enums';
import { inTransaction } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import type { ProgramService } from '../programs/program.service';
import type { EventService } from '../events/event.service';
import type { EmailService } from '../emails/email.service';
import type { EmailLinks } from '../emails/email.templates';
import type { Program } from '../programs/program.entity';
import { findAffiliatesByIds } from '../affiliates/affiliate.finder';
import { payoutBatchBody } from './payout-batch.presenter';
import type { PayoutBatch } from './payout-batch.entity';
import type { Payout } from './payout.entity';
import type { PayoutService } from './payout.service';
import {
  assignCommissionsToBatch,
  insertPayoutBatch,
  lockCommissionsForBatch,
  payoutBatchById,
  payoutBatchesPage,
  payoutBatchForUpdate,
  type PayoutBatchesFilter,
} from './payout.queries';
import {
  insertPayouts,
  lockBatch,
  lockBatchCreation,
  owedPage,
  payoutById,
  payoutForUpdate,
  payoutSums,
  payoutsOfBatch,
  payoutsPage,
  releaseFromBatch,
  setBatchTotals,
  takeOwedCommissions,
  waitingPayoutsForUpdate,
  type OwedRow,
  type PayoutsFilter,
} from './payout-record.queries';
import { payoutFile, type ExportFormat } from './payout-export';
import type { TransferGateway } from './stripe-transfers';
import { checkedText, howToPay, paidAmount, payable, REASON_MAX, REFERENCE_MAX, refuseWhileTransferAsked } from './payout.rules';
import { PayoutSettlement } from './payout-settlement';
import { StripePayoutSender } from './stripe-payout.sender';
import type { Email } from '../emails/email.entity';

/** What one affiliate is owed now, and whether a batch made now would pay it. */
export interface AmountOwed extends OwedRow {
  currency: string;
  /** Paid by createPayoutBatch without ids: payout details set and at least the program's minimum (and above 0). */
  payable: boolean;
}

/**
 * Payout batches and their payouts: what each affiliate is owed, a batch of one payout per affiliate, the files a
 * bank or PayPal accepts, Stripe Connect transfers, and marking payouts paid or failed, each with its events and
 * the affiliate's email. A commission is in at most one waiting or paid payout; a failed payout frees it.
 */
export class PayoutBatchService {
  private readonly settlement: PayoutSettlement;
  private readonly sender: StripePayoutSender;

  constructor(
    private readonly programs: ProgramService,
    private readonly commissions: PayoutService,
    private readonly events: EventService,
    emails: EmailService,
    links: EmailLinks,
    transfers: TransferGateway | null,
  ) {
    this.settlement = new PayoutSettlement(events, emails, links);
    this.sender = new StripePayoutSender(transfers, this.settlement);
  }

  /** Payout batches matching the filter: newest first, or in the order asked. */
  async listPayoutBatches(
    ctx: ServiceContext,
    programId: string | null | undefined,
    page: PageArgs,
    filter: PayoutBatchesFilter = {},
    order: ListOrder<PayoutBatchOrderField> | null = null,
  ): Promise<Page<PayoutBatch>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const w = pageWindow(page, order);
    const { rows, sortValues, q } = await payoutBatchesPage(ctx.em, program.id, filter, w);
    return toPage(rows, w, countOf(ctx.em, q), sortValues);
  }

  /** One batch; NOT_FOUND when the program has none by that id. */
  async getPayoutBatch(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<PayoutBatch> {
    const program = await this.programs.requireProgram(ctx, programId);
    return this.requireBatch(ctx, program, id);
  }

  /** Payouts matching the filter: newest first, or in the order asked. */
  async listPayouts(
    ctx: ServiceContext,
    programId: string | null | undefined,
    page: PageArgs,
    filter: PayoutsFilter = {},
    order: ListOrder<PayoutOrderField> | null = null,
  ): Promise<Page<Payout>> {
    const program = await this.programs.requireProgram(ctx, programId);
    if ((filter.affiliateId != null && !isUuid(filter.affiliateId)) || (filter.batchId != null && !isUuid(filter.batchId))) return emptyPage();
    const w = pageWindow(page, order);
    const { rows, sortValues, q } = await payoutsPage(ctx.em, program.id, filter, w);
    return toPage(rows, w, countOf(ctx.em, q), sortValues);
  }

  /** One payout; NOT_FOUND when the program has none by that id. */
  async getPayout(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<Payout> {
    const program = await this.programs.requireProgram(ctx, programId);
    const p = isUuid(id) ? await payoutById(ctx.em, program.id, id) : null;
    if (!p) throw notFound('No such payout in this program');
    return p;
  }

  /**
   * What each affiliate is owed now (approved commissions not paid and not in a batch, in the program's currency),
   * by affiliate id, a page at a time; pending commissions past their hold are approved first.
   */
  async amountsOwed(ctx: ServiceContext, programId: string | null | undefined, first: number, after: string | null): Promise<AmountOwed[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!Number.isInteger(first) || first < 1 || first > 500) throw validationError('first must be 1 to 500', 'first');
    if (after != null && !isUuid(after)) throw validationError('after must be the affiliateId of the last row read', 'after');
    return inTransaction(ctx, async (tx) => {
      await this.commissions.approveDue(tx, program.id);
      const minimum = dec(program.minimumPayout);
      const rows = await owedPage(tx.em, program.id, program.currency, after, first);
      return rows.map((r) => ({
        ...r,
        currency: program.currency,
        payable: r.affiliate.payoutMethod != null && payable(r.amount, program.currency, minimum),
      }));
    });
  }

  /**
   * A batch with one payout per affiliate. Without ids: every affiliate with payout details whose approved,
   * unbatched commissions (in the program's currency) add up to at least minimumPayout and to more than zero. With
   * commissionIds or saleIds: those (each must be payable), whatever the minimum; an affiliate without payout
   * details is paid `manual`. Batches of one program are made one at a time, and each commission row is re-checked
   * as it is taken, so no commission is ever in two batches.
   */
  async createPayoutBatch(
    ctx: ServiceContext,
    programId: string | null | undefined,
    by: { commissionIds?: string[] | null; saleIds?: number[] | null },
  ): Promise<PayoutBatch> {
    const program = await this.programs.requireProgram(ctx, programId);
    const ids = by.commissionIds ?? null;
    const saleIds = by.saleIds ?? null;
    if (ids && saleIds) throw validationError('Name commissions by commissionIds or by saleIds, not both', 'commissionIds');
    if (ids?.some((i) => !isUuid(i))) throw validationError('commissionIds must be commission ids', 'commissionIds');
    return inTransaction(ctx, async (tx) => {
      await lockBatchCreation(tx.em, program.id);
      await this.commissions.approveDue(tx, program.id);
      const named = ids ?? saleIds;
      const rows = named ? await this.namedCommissions(tx, program, { ids, saleIds }) : null;
      const batch = await insertPayoutBatch(tx.em, { programId: program.id, currency: program.currency });
      if (rows) {
        await assignCommissionsToBatch(
          tx.em,
          program.id,
          batch.id,
          rows.map((c) => c.id),
        );
      } else {
        await takeOwedCommissions(tx.em, program.id, batch.id, program.currency, program.minimumPayout, minorUnits(program.currency));
      }
      const sums = await payoutSums(tx.em, program.id, batch.id);
      const minimum = named ? null : dec(program.minimumPayout);
      // Without ids a sum falls short only when something changed between the choice and the take (a commission
      // refunded, payout details cleared): those are left for later. With ids, one that pays nothing is refused.
      const short = sums.filter((s) => !payable(s.amount, program.currency, minimum) || (!named && s.affiliate.payoutMethod == null));
      if (named && short.length)
        throw validationError(
          `The commissions named pay nothing to affiliate ${short[0].affiliate.id} (they add up to zero or less once rounded)`,
          ids ? 'commissionIds' : 'saleIds',
        );
      await releaseFromBatch(
        tx.em,
        program.id,
        batch.id,
        short.map((s) => s.affiliate.id),
      );
      const paid = sums.filter((s) => !short.includes(s));
      if (!paid.length)
        throw validationError(
          named
            ? 'There are no approved commissions to pay'
            : 'No affiliate is owed at least the minimum payout with payout details set (approved commissions not yet paid or batched)',
          named ? (ids ? 'commissionIds' : 'saleIds') : undefined,
        );
      // What the payouts pay, each rounded once: the total is the money that leaves.
      const total = paid.reduce((sum, s) => add(sum, paidAmount(s.amount, program.currency)), dec('0'));
      const count = paid.reduce((n, s) => n + s.count, 0);
      await setBatchTotals(tx.em, program.id, batch.id, toText(total), count);
      const made: PayoutBatch = { ...batch, total: toText(total), commissionCount: count };
      await insertPayouts(
        tx.em,
        program.id,
        made,
        paid.map((s) => ({ affiliateId: s.affiliate.id, amount: s.amount, count: s.count, ...howToPay(s.affiliate) })),
      );
      this.events.record(tx, program.id, 'payout_batch.created', await payoutBatchBody(tx.em, made));
      return made;
    });
  }

  /** The named commissions, locked; each must exist and be approved and unbatched. */
  private async namedCommissions(tx: ServiceContext, program: Program, by: { ids: string[] | null; saleIds: number[] | null }) {
    const rows = await lockCommissionsForBatch(tx.em, program.id, by);
    const field = by.ids ? 'commissionIds' : 'saleIds';
    const found = new Set(rows.map((c) => (by.ids ? c.id : String(c.saleId))));
    const missing = (by.ids ?? by.saleIds ?? []).map(String).filter((n) => !found.has(n));
    if (missing.length) throw validationError(`No commission for: ${missing.slice(0, 10).join(', ')}`, field);
    const ineligible = rows.filter((c) => c.status !== 'approved' || c.payoutBatchId);
    if (ineligible.length) {
      const list = ineligible
        .slice(0, 10)
        .map((c) => (by.ids ? c.id : c.saleId))
        .join(', ');
      throw validationError(`Not payable (pending, paid, reversed or already batched): ${list}`, field);
    }
    if (rows.some((c) => c.currency !== program.currency))
      throw validationError(`Only commissions in the program's currency (${program.currency}) can be batched together`, field);
    return rows;
  }

  /**
   * Marks the batch's waiting payouts paid (all but Stripe Connect ones, which sendPayoutBatch pays), each with
   * its commissions, event and email; `reference` (a bank or PayPal batch id) is kept on each. A settled batch is
   * answered as it is.
   */
  async markPayoutBatchPaid(ctx: ServiceContext, programId: string | null | undefined, id: string, reference?: string | null): Promise<PayoutBatch> {
    const program = await this.programs.requireProgram(ctx, programId);
    const ref = checkedText(reference, 'reference', REFERENCE_MAX);
    const queued: Email[] = [];
    const batch = await inTransaction(ctx, async (tx) => {
      queued.length = 0; // a retried unit of work queues again
      const batch = isUuid(id) ? await payoutBatchForUpdate(tx.em, program.id, id) : null;
      if (!batch) throw notFound('No such payout batch in this program');
      if (batch.status !== 'open') return batch;
      const at = new Date();
      queued.push(...(await this.settlement.paid(tx, program, await waitingPayoutsForUpdate(tx.em, program.id, batch.id), ref, at)).emails);
      return (await this.settlement.settle(tx, program, batch.id, at)) ?? batch;
    });
    this.settlement.afterCommit(queued);
    return batch;
  }

  /** Marks one payout paid by hand (paid outside this service), with its reference; a paid one is answered as it is. */
  async markPayoutPaid(ctx: ServiceContext, programId: string | null | undefined, id: string, reference?: string | null): Promise<Payout> {
    const program = await this.programs.requireProgram(ctx, programId);
    const ref = checkedText(reference, 'reference', REFERENCE_MAX);
    const queued: Email[] = [];
    const payout = await inTransaction(ctx, async (tx) => {
      queued.length = 0;
      const p = await this.requirePayoutForUpdate(tx, program, id);
      if (p.status === 'paid') return p;
      if (p.status === 'failed') throw validationError('A failed payout cannot be paid: its commissions are free for a new batch', 'id');
      refuseWhileTransferAsked(p);
      const at = new Date();
      const { payouts, emails } = await this.settlement.paid(tx, program, [p], ref, at);
      queued.push(...emails);
      await this.settlement.settle(tx, program, p.batchId, at);
      return payouts[0];
    });
    this.settlement.afterCommit(queued);
    return payout;
  }

  /**
   * Marks one waiting payout failed (PayPal returned it unclaimed, a bank refused it), with the reason: its
   * commissions leave the batch, free for a later one. A failed one is answered as it is; a paid one cannot fail.
   */
  async markPayoutFailed(ctx: ServiceContext, programId: string | null | undefined, id: string, reason: string): Promise<Payout> {
    const program = await this.programs.requireProgram(ctx, programId);
    const why = checkedText(reason, 'reason', REASON_MAX);
    if (!why) throw validationError('reason is required', 'reason');
    return inTransaction(ctx, async (tx) => {
      const p = await this.requirePayoutForUpdate(tx, program, id);
      if (p.status === 'failed') return p;
      if (p.status === 'paid') throw validationError('A paid payout cannot fail', 'id');
      refuseWhileTransferAsked(p);
      const at = new Date();
      const failed = (await this.settlement.failed(tx, program, p, why, at))!;
      await this.settlement.settle(tx, program, failed.batchId, at);
      return failed;
    });
  }

  /** Pays the batch's Stripe Connect payouts (./stripe-payout.sender.ts); the batch as it is then. */
  async sendPayoutBatch(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<PayoutBatch> {
    const program = await this.programs.requireProgram(ctx, programId);
    const batch = await this.requireBatch(ctx, program, id);
    if (batch.status !== 'open') return batch;
    await this.sender.send(ctx, program, batch);
    // Settles a batch whose last payouts were settled elsewhere meanwhile (marked paid by hand, say).
    await inTransaction(ctx, async (tx) => {
      await lockBatch(tx.em, program.id, batch.id);
      await this.settlement.settle(tx, program, batch.id, new Date());
    });
    return this.requireBatch(ctx, program, batch.id);
  }

  /** The batch as a file PayPal or Wise accepts: its waiting payouts of that method (paid or failed ones are left out). */
  async exportPayoutBatch(
    ctx: ServiceContext,
    programId: string | null | undefined,
    id: string,
    format: ExportFormat,
  ): Promise<{ body: string; filename: string; contentType: string }> {
    const program = await this.programs.requireProgram(ctx, programId);
    const batch = await this.requireBatch(ctx, program, id);
    const payouts = (await payoutsOfBatch(ctx.em, program.id, batch.id)).filter((p) => p.method === format && p.status === 'processing');
    if (!payouts.length) throw validationError(`No ${format === 'paypal' ? 'PayPal' : 'Wise'} payout in this batch waits to be paid`, 'format');
    const affiliates = new Map(
      (await findAffiliatesByIds(ctx.em, program.id, [...new Set(payouts.flatMap((p) => (p.affiliateId ? [p.affiliateId] : [])))])).map((a) => [a.id, a]),
    );
    return payoutFile(
      format,
      payouts.map((p) => {
        const a = p.affiliateId ? affiliates.get(p.affiliateId) : undefined;
        return {
          id: p.id,
          batchId: batch.id,
          affiliateName: a ? `${a.firstName} ${a.lastName}`.trim() : '',
          email: p.destination ?? '',
          amount: p.amount,
          currency: p.currency,
          note: `Affiliate commissions from ${program.name}`,
        };
      }),
      batch.currency,
    );
  }

  private async requireBatch(ctx: ServiceContext, program: Program, id: string): Promise<PayoutBatch> {
    const batch = isUuid(id) ? await payoutBatchById(ctx.em, program.id, id) : null;
    if (!batch) throw notFound('No such payout batch in this program');
    return batch;
  }

  /** The payout, locked after its batch (the order every settling takes: ./payout-record.queries.ts lockBatch). */
  private async requirePayoutForUpdate(tx: ServiceContext, program: Program, id: string): Promise<Payout> {
    const found = isUuid(id) ? await payoutById(tx.em, program.id, id) : null;
    if (!found) throw notFound('No such payout in this program');
    await lockBatch(tx.em, program.id, found.batchId);
    const p = await payoutForUpdate(tx.em, program.id, id);
    if (!p) throw notFound('No such payout in this program'); // its batch or program was deleted meanwhile
    return p;
  }
}
