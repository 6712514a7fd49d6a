import { compare, dec, sub, toText } from '../../common/decimal';
import { DomainError, notFound, validationError } from '../../common/errors';
import { minorUnits } from '../../common/money';
import { inTransaction } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { findAffiliateById } from '../affiliates/affiliate.finder';
import type { Commission } from '../commissions/commission.entity';
import { correctTo, correctToRefundedShare, lockCommissionOfSale, reverseCommission } from '../commissions/commission.ledger';
import type { EventService } from '../events/event.service';
import { rateToDecimal } from '../programs/program.rules';
import type { ProgramService } from '../programs/program.service';
import type { Sale } from './sale.entity';
import { optionalText, type UpdateSaleInput } from './sale.inputs';
import {
  dropLinkSaleTotals,
  externalIdTaken,
  moveLinkRevenue,
  saleForUpdate,
  saveSaleCorrection,
  saveSaleRefund,
  saveSaleRefundedAmount,
} from './sale.queries';
import { moneyInput, refundRefusal, REFUSAL_MESSAGES } from './sale.rules';
import { commissionTerms } from './sale.terms';
import { commissionBody } from '../commissions/commission.presenter';
import { saleBody } from './sale.presenter';

/** The fields whose change recomputes the commission. */
const MONEY_FIELDS = ['totalEarned', 'tax', 'shipping', 'commissionRate'] as const;

/**
 * Changes to a recorded sale: corrections of its fields and its commission, and refunds. The sale and its
 * commission are locked for the transaction, so concurrent changes of one sale serialise.
 */
export class SaleCorrections {
  constructor(
    private readonly programs: ProgramService,
    private readonly events: EventService,
  ) {}

  /**
   * Applies the listed fields to the sale; `commissionEarned` corrects the commission record instead. A change
   * of totalEarned, tax, shipping or commissionRate recomputes the commission (unless commissionEarned is
   * sent). Corrections are ledger entries. Fires sale.updated.
   */
  async updateSale(ctx: ServiceContext, programId: string | null | undefined, saleId: number, input: UpdateSaleInput): Promise<Sale> {
    const program = await this.programs.requireProgram(ctx, programId);
    const changes = saleChanges(input);
    const correction = input.commissionEarned == null ? null : moneyInput(input.commissionEarned, 'commissionEarned');
    const moneyChanged = MONEY_FIELDS.some((k) => k in changes);
    const { sale, commission } = await inTransaction(ctx, async (tx) => {
      const sale = await lockedSale(tx, program.id, saleId);
      const commission = await lockCommissionOfSale(tx, program.id, sale.id);
      if (
        (moneyChanged || correction !== null) &&
        (sale.refunded || commission?.status === 'paid' || commission?.status === 'reversed' || commission?.payoutBatchId)
      ) {
        const why = sale.refunded
          ? 'refunded sale'
          : commission?.payoutBatchId && commission.status !== 'paid'
            ? 'sale whose commission is in a payout batch'
            : 'sale whose commission was paid';
        throw validationError(`The amounts of a ${why} cannot change`, correction !== null ? 'commissionEarned' : 'totalEarned');
      }
      if (changes.externalId && changes.externalId !== sale.externalId && (await externalIdTaken(tx.em, program.id, changes.externalId))) {
        throw new DomainError('DUPLICATE', 'Another sale already has this externalId', [{ field: 'externalId', message: 'already exists' }]);
      }
      const oldTotal = sale.totalEarned;
      Object.assign(sale, changes);
      sale.updatedAt = new Date();
      await saveSaleCorrection(tx.em, sale, changes);
      if (commission) {
        if (correction !== null) {
          await correctTo(tx, commission, correction, 'set by PUT /sales commissionEarned');
        } else if (moneyChanged) {
          const affiliate = await findAffiliateById(tx.em, program.id, sale.affiliateId);
          if (!affiliate) throw notFound('No such sale in this program');
          // The rate the commission was recorded with stays unless the sale's own rate is changed (null: inherit again).
          const terms = await commissionTerms(tx, program, sale, affiliate, 'commissionRate' in changes ? sale.commissionRate : commission.rate);
          // A sale past its customer's commission duration earns nothing, whatever its amounts become.
          await correctTo(tx, commission, sale.commissionLimitReached ? '0' : terms.amount, 'recomputed after the sale changed', terms);
        }
      }
      if (sale.linkId && changes.totalEarned !== undefined && changes.totalEarned !== oldTotal) {
        await moveLinkRevenue(tx.em, program.id, sale.linkId, oldTotal, sale.totalEarned);
      }
      this.events.record(tx, program.id, 'sale.updated', await saleBody(tx.em, program, sale, commission));
      return { sale, commission };
    });
    primeCommission(ctx, sale, commission);
    return sale;
  }

  /**
   * Refunds a sale (spec 3): inside the refund window and with its commission neither in a payout batch nor
   * paid, the sale becomes refunded and a reversal entry cancels the commission; totals follow. The sale row
   * is locked, so concurrent refunds make exactly one reversal; a repeat answers alreadyRefunded.
   */
  async refundSale(ctx: ServiceContext, programId: string | null | undefined, saleId: number): Promise<{ alreadyRefunded: boolean; sale: Sale }> {
    const program = await this.programs.requireProgram(ctx, programId);
    const refund = await inTransaction(ctx, async (tx) => {
      const sale = await lockedSale(tx, program.id, saleId);
      if (sale.refunded) return { alreadyRefunded: true, sale };
      const commission = await lockCommissionOfSale(tx, program.id, sale.id);
      const refusal = refundRefusal(sale, commission, program.refundWindowDays, new Date());
      if (refusal) throw new DomainError('REFUND_NOT_ALLOWED', REFUSAL_MESSAGES[refusal], undefined, { reason: refusal });
      const at = new Date();
      sale.refunded = true;
      sale.refundedAt = at;
      sale.updatedAt = at;
      await saveSaleRefund(tx.em, sale);
      if (commission) await reverseCommission(tx, commission, at, 'sale refunded');
      if (sale.linkId) await dropLinkSaleTotals(tx.em, program.id, sale.linkId, toText(sub(dec(sale.totalEarned), dec(sale.refundedAmount))));
      this.events.record(tx, program.id, 'sale.refunded', await saleBody(tx.em, program, sale, commission));
      if (commission) this.events.record(tx, program.id, 'commission.reversed', await commissionBody(tx.em, commission));
      return { alreadyRefunded: false, sale, commission };
    });
    if (refund.commission !== undefined) primeCommission(ctx, refund.sale, refund.commission);
    return { alreadyRefunded: refund.alreadyRefunded, sale: refund.sale };
  }

  /**
   * Refunds the sale up to `refundedTotal` (cumulative, in the sale's currency; a billing provider's figure).
   * The whole amount is a full refund, as refundSale. Less is a partial one: the commission becomes its amount
   * before refunds times the share not refunded, by a `correction` ledger entry, never below zero, and the
   * link's revenue follows. A figure not above what was refunded already changes nothing (refunds only add
   * up). The program's refund window and payout rules apply as to refundSale.
   */
  async refundUpTo(ctx: ServiceContext, programId: string | null | undefined, saleId: number, refundedTotal: string): Promise<PartialRefund> {
    const program = await this.programs.requireProgram(ctx, programId);
    const wanted = dec(refundedTotal);
    const done = await inTransaction(ctx, async (tx): Promise<PartialRefund & { commission?: Commission | null }> => {
      const sale = await lockedSale(tx, program.id, saleId);
      if (sale.refunded) return { kind: 'unchanged', sale, why: 'the sale is refunded already' };
      if (compare(wanted, dec(sale.refundedAmount)) <= 0) return { kind: 'unchanged', sale, why: `${sale.refundedAmount} of it was refunded already` };
      if (compare(wanted, dec(sale.totalEarned)) >= 0) return { kind: 'full', ...(await this.refundSale(tx, program.id, sale.id)) };
      const commission = await lockCommissionOfSale(tx, program.id, sale.id);
      const refusal = refundRefusal(sale, commission, program.refundWindowDays, new Date());
      if (refusal) throw new DomainError('REFUND_NOT_ALLOWED', REFUSAL_MESSAGES[refusal], undefined, { reason: refusal });
      const remaining = sub(dec(sale.totalEarned), wanted);
      if (commission && commission.status !== 'reversed')
        await correctToRefundedShare(
          tx,
          commission,
          remaining,
          dec(sale.totalEarned),
          minorUnits(sale.currency),
          `${refundedTotal} of ${sale.totalEarned} refunded`,
        );
      if (sale.linkId) await moveLinkRevenue(tx.em, program.id, sale.linkId, toText(sub(dec(sale.totalEarned), dec(sale.refundedAmount))), toText(remaining));
      sale.refundedAmount = toText(wanted);
      sale.updatedAt = new Date();
      await saveSaleRefundedAmount(tx.em, sale);
      this.events.record(tx, program.id, 'sale.updated', await saleBody(tx.em, program, sale, commission));
      return { kind: 'partial', sale, commission };
    });
    if (done.kind === 'partial' && done.commission !== undefined) primeCommission(ctx, done.sale, done.commission);
    return done;
  }
}

/** What a refund of part of a sale did. */
export type PartialRefund = { kind: 'full' | 'partial'; sale: Sale } | { kind: 'unchanged'; sale: Sale; why: string };

/** The request's answer shows the commission as the committed change left it: no read for it. */
function primeCommission(ctx: ServiceContext, sale: Sale, commission: Commission | null): void {
  ctx.loaders?.for(sale.programId).commissionBySaleId.clear(sale.id).prime(sale.id, commission);
}

/** The sale, locked for the rest of the transaction (changes and refunds of one sale serialise); not found is a 404. */
async function lockedSale(tx: ServiceContext, programId: string, saleId: number): Promise<Sale> {
  const sale = Number.isSafeInteger(saleId) ? await saleForUpdate(tx.em, programId, saleId) : null;
  if (!sale) throw notFound('No such sale in this program');
  return sale;
}

/** The sale's fields a correction sends (as the edge accepted them), in stored form; absent fields are not in the result. */
function saleChanges(input: UpdateSaleInput): Partial<Sale> {
  const changes: Partial<Sale> = {};
  if (input.name != null) changes.name = input.name.trim();
  if (input.email != null) changes.email = input.email.trim();
  if (input.totalEarned != null) changes.totalEarned = moneyInput(input.totalEarned, 'totalEarned');
  if (input.tax !== undefined) changes.tax = input.tax === null ? null : moneyInput(input.tax, 'tax');
  if (input.shipping !== undefined) changes.shipping = input.shipping === null ? null : moneyInput(input.shipping, 'shipping');
  if (input.commissionRate !== undefined) changes.commissionRate = input.commissionRate === null ? null : rateToDecimal(input.commissionRate, 'commissionRate');
  if (input.externalId !== undefined) changes.externalId = optionalText(input.externalId);
  if (input.externalInvoiceId !== undefined) changes.externalInvoiceId = optionalText(input.externalInvoiceId);
  return changes;
}
