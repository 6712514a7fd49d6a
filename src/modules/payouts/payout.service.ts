import { countOf } from '../../db/list-query';
import { notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { emptyPage, pageWindow, toPage, type ListOrder, type Page, type PageArgs } from '../../common/pagination';
import type { CommissionOrderField } from '../../validation/enums';
import { affiliateFilter } from '../affiliates/affiliate.finder';
import { inTransaction } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { COMMISSION_STATUSES, type Commission } from '../commissions/commission.entity';
import { lockCommissionOfSale } from '../commissions/commission.ledger';
import type { ProgramService } from '../programs/program.service';
import type { EventService } from '../events/event.service';
import { commissionBody } from '../commissions/commission.presenter';
import { approveCommissionRow, approveDueCommissions, commissionsPage, markCommissionPaidByHand } from './payout.queries';

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

/** Commissions by status, approving them, and marking one paid by hand: the states refunds are refused in. */
export class PayoutService {
  constructor(
    private readonly programs: ProgramService,
    private readonly events: EventService,
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
