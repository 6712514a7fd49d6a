import { isUuid } from '../../common/ids';
import { emptyPage, numericPageWindow, toPage, type ListOrder, type Page, type PageArgs } from '../../common/pagination';
import type { SaleOrderField } from '../../validation/enums';
import { countOf } from '../../db/list-query';
import type { ServiceContext } from '../service-context';
import { affiliateFilter } from '../affiliates/affiliate.finder';
import type { EventService } from '../events/event.service';
import type { ProgramService } from '../programs/program.service';
import type { PromotionalCodeService } from '../promo-codes/promotional-code.service';
import { SaleCorrections, type PartialRefund } from './sale.corrections';
import type { Sale } from './sale.entity';
import type { RecordSaleInput, SaleListFilter, UpdateSaleInput } from './sale.inputs';
import { saleById, salesPage } from './sale.queries';
import { SaleRecorder } from './sale.recording';

export type { RecordSaleInput, SaleListFilter, UpdateSaleInput } from './sale.inputs';

/**
 * Sales (spec 4.6): lookups and lists here; recording with its commission (sale.recording) and corrections and
 * refunds (sale.corrections), each in one transaction with the money it moves.
 */
export class SaleService {
  private readonly recorder: SaleRecorder;
  private readonly corrections: SaleCorrections;

  constructor(
    private readonly programs: ProgramService,
    events: EventService,
    promoCodes: PromotionalCodeService,
  ) {
    this.recorder = new SaleRecorder(programs, events, promoCodes);
    this.corrections = new SaleCorrections(programs, events);
  }

  async findSale(ctx: ServiceContext, programId: string | null | undefined, id: number): Promise<Sale | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    return Number.isSafeInteger(id) && id > 0 ? saleById(ctx.em, program.id, id) : null;
  }

  /** Sales matching every filter given (all of the program's without filters), in creation order. */
  async listSales(
    ctx: ServiceContext,
    programId: string | null | undefined,
    filter: SaleListFilter,
    page: PageArgs,
    order: ListOrder<SaleOrderField> | null = null,
  ): Promise<Page<Sale>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const w = numericPageWindow(page, order);
    if ([filter.referralId, filter.linkId].some((id) => id != null && !isUuid(id))) return emptyPage();
    const affiliateId = await affiliateFilter(ctx.em, program.id, filter);
    if (affiliateId === null) return emptyPage();
    const { saleExternalId, saleExternalInvoiceId, ...rest } = filter;
    const { sales, commissions, sortValues, q } = await salesPage(
      ctx.em,
      program.id,
      { ...rest, affiliateId, externalId: saleExternalId, externalInvoiceId: saleExternalInvoiceId },
      w,
    );
    // Each sale's commission came in the same statement: its rate, amount and status resolve without another.
    const loader = ctx.loaders?.for(program.id).commissionBySaleId;
    if (loader) sales.forEach((sale, i) => loader.prime(sale.id, commissions[i]));
    return toPage(sales, w, countOf(ctx.em, q), sortValues);
  }

  /** See SaleRecorder.recordSale. */
  recordSale(ctx: ServiceContext, programId: string | null | undefined, input: RecordSaleInput): Promise<{ sale: Sale | null; replayed: boolean }> {
    return this.recorder.recordSale(ctx, programId, input);
  }

  /** See SaleCorrections.updateSale. */
  updateSale(ctx: ServiceContext, programId: string | null | undefined, saleId: number, input: UpdateSaleInput): Promise<Sale> {
    return this.corrections.updateSale(ctx, programId, saleId, input);
  }

  /** See SaleCorrections.refundUpTo. */
  refundUpTo(ctx: ServiceContext, programId: string | null | undefined, saleId: number, refundedTotal: string): Promise<PartialRefund> {
    return this.corrections.refundUpTo(ctx, programId, saleId, refundedTotal);
  }

  /** See SaleCorrections.refundSale. */
  refundSale(ctx: ServiceContext, programId: string | null | undefined, saleId: number): Promise<{ alreadyRefunded: boolean; sale: Sale }> {
    return this.corrections.refundSale(ctx, programId, saleId);
  }
}
