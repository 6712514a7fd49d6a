import { countOf } from '../../db/list-query';
import { add, dec, toText } from '../../common/decimal';
import { notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { emptyPage, pageWindow, toPage, type ListOrder, type Page, type PageArgs } from '../../common/pagination';
import type { CommissionOrderField, PayoutBatchOrderField } from '../../validation/enums';
import { affiliateFilter } from '../affiliates/affiliate.finder';
import { inTransaction } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { COMMISSION_STATUSES, type Commission } from '../commissions/commission.entity';
import { lockCommissionOfSale } from '../commissions/commission.ledger';
import type { ProgramService } from '../programs/program.service';
import type { EventService } from '../events/event.service';
import type { Email } from '../emails/email.entity';
import type { EmailService } from '../emails/email.service';
import type { EmailLinks } from '../emails/email.templates';
import { payoutSentNotification } from '../emails/notifications';
import type { Program } from '../programs/program.entity';
import { commissionBody } from '../commissions/commission.presenter';
import { payoutBatchBody } from './payout-batch.presenter';
import type { PayoutBatch } from './payout-batch.entity';
import {
  approveCommissionRow,
  approveDueCommissions,
  assignCommissionsToBatch,
  commissionsPage,
  insertPayoutBatch,
  lockCommissionsForBatch,
  markBatchPaid,
  markCommissionPaidByHand,
  payoutBatchesPage,
  type PayoutBatchesFilter,
  payoutBatchForUpdate,
  payoutsToNotify,
} from './payout.queries';

/** Commissions by status, payout batches, and marking commissions paid: the states refunds are refused in. */
/** The commissions list's filters. */
export interface CommissionListFilter {
  status?: string | null;
  affiliateId?: string | null;
  affiliateEmail?: string | null;
  linkId?: string | null;
  search?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

/** Approvals per transaction: a backlog is approved a round at a time, each round with its events. */
export const APPROVALS_PER_ROUND = 1000;

export class PayoutService {
  constructor(
    private readonly programs: ProgramService,
    private readonly events: EventService,
    private readonly emails: EmailService,
    private readonly links: EmailLinks,
  ) {}

  /**
   * Approves up to `limit` of the program's pending commissions past their hold, in `tx`, each with its
   * commission.approved event; how many (the worker calls again while a round comes back full).
   */
  async approveDue(tx: ServiceContext, programId: string, limit = APPROVALS_PER_ROUND): Promise<number> {
    const approved = await approveDueCommissions(tx.em, programId, limit);
    for (const c of approved) this.events.record(tx, programId, 'commission.approved', await commissionBody(tx.em, c));
    return approved.length;
  }

  /** Commissions matching the filter (and `status`), in creation order or the one asked; pending ones past their hold are approved first. */
  async listCommissions(
    ctx: ServiceContext,
    programId: string | null | undefined,
    status: string | null | undefined,
    page: PageArgs,
    filter: CommissionListFilter = {},
    order: ListOrder<CommissionOrderField> | null = null,
  ): Promise<Page<Commission>> {
    const program = await this.programs.requireProgram(ctx, programId);
    for (const [field, s] of [['status', status] as const, ['filter.status', filter.status] as const])
      if (s != null && !(COMMISSION_STATUSES as readonly string[]).includes(s))
        throw validationError(`status must be one of ${COMMISSION_STATUSES.join(', ')}`, field);
    const w = pageWindow(page, order);
    const affiliateId = await affiliateFilter(ctx.em, program.id, filter);
    if (affiliateId === null || (filter.linkId != null && !isUuid(filter.linkId))) return emptyPage();
    const statuses = [status, filter.status].filter((s): s is string => s != null);
    return inTransaction(ctx, async (tx) => {
      await this.approveDue(tx, program.id);
      const { rows, sortValues, q } = await commissionsPage(tx.em, program.id, { ...filter, statuses, affiliateId }, w);
      // Counted later, when asked, on the request's EntityManager (this transaction is over by then).
      return toPage(rows, w, countOf(ctx.em, q), sortValues);
    });
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

  /**
   * Groups approved commissions that are not reversed, paid or batched: all of them, or those named by
   * commission id or sale id (each named one must be eligible). Locked rows make concurrent batches disjoint.
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
      await this.approveDue(tx, program.id);
      const rows = await lockCommissionsForBatch(tx.em, program.id, { ids, saleIds });
      const named = ids ?? saleIds;
      if (named) {
        const field = ids ? 'commissionIds' : 'saleIds';
        const found = new Set(rows.map((c) => (ids ? c.id : String(c.saleId))));
        const missing = named.map(String).filter((n) => !found.has(n));
        if (missing.length) throw validationError(`No commission for: ${missing.slice(0, 10).join(', ')}`, field);
        const ineligible = rows.filter((c) => c.status !== 'approved' || c.payoutBatchId);
        if (ineligible.length) {
          const list = ineligible
            .slice(0, 10)
            .map((c) => (ids ? c.id : c.saleId))
            .join(', ');
          throw validationError(`Not payable (pending, paid, reversed or already batched): ${list}`, field);
        }
      }
      if (!rows.length) throw validationError('There are no approved commissions to pay', 'commissionIds');
      const batch = await insertPayoutBatch(tx.em, {
        programId: program.id,
        currency: program.currency,
        commissionCount: rows.length,
        total: toText(rows.reduce((sum, c) => add(sum, dec(c.amount)), dec('0'))),
      });
      await assignCommissionsToBatch(
        tx.em,
        program.id,
        batch.id,
        rows.map((c) => c.id),
      );
      this.events.record(tx, program.id, 'payout_batch.created', await payoutBatchBody(tx.em, batch));
      return batch;
    });
  }

  /**
   * Marks a batch and its commissions paid, and emails each affiliate in it what it was paid (unless it turned
   * that off); paying a paid batch again changes nothing and emails nobody.
   */
  async markPayoutBatchPaid(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<PayoutBatch> {
    const program = await this.programs.requireProgram(ctx, programId);
    const queued: Email[] = [];
    const paid = await inTransaction(ctx, async (tx) => {
      queued.length = 0; // a retried unit of work queues again
      const batch = isUuid(id) ? await payoutBatchForUpdate(tx.em, program.id, id) : null;
      if (!batch) throw notFound('No such payout batch in this program');
      if (batch.status === 'paid') return batch;
      const at = new Date();
      await markBatchPaid(tx.em, program.id, batch.id, at);
      const paid: PayoutBatch = { ...batch, status: 'paid', paidAt: at };
      this.events.record(tx, program.id, 'payout_batch.paid', await payoutBatchBody(tx.em, paid));
      queued.push(...(await this.queuePayoutEmails(tx, program, paid)));
      return paid;
    });
    this.emails.afterCommit(queued);
    return paid;
  }

  /** One payout-sent email per affiliate the batch paid, with its amount, in the batch's transaction. */
  private async queuePayoutEmails(tx: ServiceContext, program: Program, batch: PayoutBatch): Promise<Email[]> {
    const queued: Email[] = [];
    for (const p of await payoutsToNotify(tx.em, program.id, batch.id)) {
      const content = payoutSentNotification(program, p.affiliate, { amount: p.amount, currency: batch.currency, commissions: p.commissions }, this.links);
      if (content) queued.push(this.emails.enqueue(tx, program.id, content));
    }
    return queued;
  }

  /**
   * Approves a sale's pending commission by hand, now, with its commission.approved event: one held for the
   * owner's approval (a self-referral's sale: pending with no holdUntil, which no approval round picks up) or one
   * still in the program's holding period. An approved commission is answered as it is; a paid or reversed one
   * cannot be approved.
   */
  async approveCommission(ctx: ServiceContext, programId: string | null | undefined, saleId: number): Promise<Commission> {
    const program = await this.programs.requireProgram(ctx, programId);
    return inTransaction(ctx, async (tx) => {
      const c = Number.isSafeInteger(saleId) ? await lockCommissionOfSale(tx, program.id, saleId) : null;
      if (!c) throw notFound('No commission for this sale in this program');
      if (c.status === 'approved') return c;
      if (c.status !== 'pending') throw validationError(`A ${c.status} commission cannot be approved`, 'saleId');
      // Locked above: still pending here.
      const approved = (await approveCommissionRow(tx.em, program.id, c.id, new Date()))!;
      this.events.record(tx, program.id, 'commission.approved', await commissionBody(tx.em, approved));
      return approved;
    });
  }

  /**
   * Marks one sale's commission paid by hand (outside any batch); such a sale can no longer be refunded. One
   * held for the owner's approval (a self-referral's) must be approved first.
   */
  async markCommissionPaid(ctx: ServiceContext, programId: string | null | undefined, saleId: number): Promise<Commission> {
    const program = await this.programs.requireProgram(ctx, programId);
    return inTransaction(ctx, async (tx) => {
      // A commission past its hold is approved (with its event) before it is paid.
      await this.approveDue(tx, program.id);
      const c = Number.isSafeInteger(saleId) ? await lockCommissionOfSale(tx, program.id, saleId) : null;
      if (!c) throw notFound('No commission for this sale in this program');
      if (c.status === 'paid') return c;
      if (c.status === 'reversed') throw validationError('A reversed commission cannot be paid', 'saleId');
      if (c.status === 'pending' && !c.holdUntil)
        throw validationError("This commission waits for the owner's approval (a self-referral): approve it first (approveCommission)", 'saleId');
      if (c.payoutBatchId) throw validationError('This commission is in a payout batch; mark the batch paid', 'saleId');
      return markCommissionPaidByHand(tx.em, program.id, c.id, new Date());
    });
  }
}
