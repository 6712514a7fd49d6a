import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { add, dec, toText } from '../../common/decimal';
import { notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { pageWindow, toPage, type Page, type PageArgs } from '../../common/pagination';
import type { ServiceContext } from '../../common/service-context';
import { Commission, COMMISSION_STATUSES, type CommissionStatus } from '../commissions/commission.entity';
import type { ProgramService } from '../programs/program.service';
import { PayoutBatch } from './payout-batch.entity';

/** Commissions by status, payout batches, and marking commissions paid: the states refunds are refused in. */
export class PayoutService {
  constructor(private readonly programs: ProgramService) {}

  /** Pending commissions whose holding period has ended become approved (run before reading or batching). */
  private async approveDue(em: EntityManager, programId: string): Promise<void> {
    await em.execute(`update commissions set status = 'approved', approved_at = now(), updated_at = now() where program_id = ? and status = 'pending' and hold_until <= now()`, [programId]);
  }

  async listCommissions(ctx: ServiceContext, programId: string | null | undefined, status: string | null | undefined, page: PageArgs): Promise<Page<Commission>> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (status != null && !(COMMISSION_STATUSES as readonly string[]).includes(status)) throw validationError(`status must be one of ${COMMISSION_STATUSES.join(', ')}`, 'status');
    await this.approveDue(ctx.em, program.id);
    const { limit, afterId } = pageWindow(page);
    const where: Record<string, unknown> = { programId: program.id };
    if (status) where.status = status as CommissionStatus;
    if (afterId) where.id = { $gt: afterId };
    return toPage(await ctx.em.find(Commission, where, { orderBy: { id: 'asc' }, limit: limit + 1 }), limit);
  }

  async listPayoutBatches(ctx: ServiceContext, programId: string | null | undefined): Promise<PayoutBatch[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return ctx.em.find(PayoutBatch, { programId: program.id }, { orderBy: { id: 'desc' } });
  }

  /**
   * Groups approved commissions that are not reversed, paid or batched: all of them, or those named by
   * commission id or sale id (each named one must be eligible). Locked rows make concurrent batches disjoint.
   */
  async createPayoutBatch(ctx: ServiceContext, programId: string | null | undefined, by: { commissionIds?: string[] | null; saleIds?: number[] | null }): Promise<PayoutBatch> {
    const program = await this.programs.requireProgram(ctx, programId);
    const ids = by.commissionIds ?? null;
    const saleIds = by.saleIds ?? null;
    if (ids && saleIds) throw validationError('Name commissions by commissionIds or by saleIds, not both', 'commissionIds');
    if (ids?.some((i) => !isUuid(i))) throw validationError('commissionIds must be commission ids', 'commissionIds');
    return ctx.em.transactional(async (em) => {
      await this.approveDue(em, program.id);
      const where: Record<string, unknown> = { programId: program.id };
      if (ids) where.id = { $in: ids };
      if (saleIds) where.saleId = { $in: saleIds };
      if (!ids && !saleIds) Object.assign(where, { status: 'approved', payoutBatchId: null });
      const rows = await em.find(Commission, where, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
      const named = ids ?? saleIds;
      if (named) {
        const found = new Set(rows.map((c) => (ids ? c.id : String(c.saleId))));
        const missing = named.map(String).filter((n) => !found.has(n));
        if (missing.length) throw validationError(`No commission for: ${missing.slice(0, 10).join(', ')}`, ids ? 'commissionIds' : 'saleIds');
        const ineligible = rows.filter((c) => c.status !== 'approved' || c.payoutBatchId);
        if (ineligible.length) {
          throw validationError(`Not payable (pending, paid, reversed or already batched): ${ineligible.slice(0, 10).map((c) => (ids ? c.id : c.saleId)).join(', ')}`, ids ? 'commissionIds' : 'saleIds');
        }
      }
      if (!rows.length) throw validationError('There are no approved commissions to pay', 'commissionIds');
      const batch = em.create(PayoutBatch, {
        programId: program.id, currency: program.currency, commissionCount: rows.length,
        total: toText(rows.reduce((sum, c) => add(sum, dec(c.amount)), dec('0'))),
      });
      em.persist(batch);
      await em.flush();
      for (const c of rows) c.payoutBatchId = batch.id;
      await em.flush();
      return batch;
    });
  }

  /** Marks a batch and its commissions paid; paying a paid batch again changes nothing. */
  async markPayoutBatchPaid(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<PayoutBatch> {
    const program = await this.programs.requireProgram(ctx, programId);
    return ctx.em.transactional(async (em) => {
      const batch = isUuid(id) ? await em.findOne(PayoutBatch, { programId: program.id, id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!batch) throw notFound('No such payout batch in this program');
      if (batch.status === 'paid') return batch;
      batch.status = 'paid';
      batch.paidAt = new Date();
      await em.flush();
      await em.execute(`update commissions set status = 'paid', paid_at = ?, updated_at = now() where program_id = ? and payout_batch_id = ?`, [batch.paidAt, program.id, batch.id]);
      return batch;
    });
  }

  /** Marks one sale's commission paid by hand (outside any batch); such a sale can no longer be refunded. */
  async markCommissionPaid(ctx: ServiceContext, programId: string | null | undefined, saleId: number): Promise<Commission> {
    const program = await this.programs.requireProgram(ctx, programId);
    return ctx.em.transactional(async (em) => {
      const c = Number.isSafeInteger(saleId) ? await em.findOne(Commission, { programId: program.id, saleId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!c) throw notFound('No commission for this sale in this program');
      if (c.status === 'paid') return c;
      if (c.status === 'reversed') throw validationError('A reversed commission cannot be paid', 'saleId');
      if (c.payoutBatchId) throw validationError('This commission is in a payout batch; mark the batch paid', 'saleId');
      c.status = 'paid';
      c.paidManually = true;
      c.paidAt = new Date();
      await em.flush();
      return c;
    });
  }
}
