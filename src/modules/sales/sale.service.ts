import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { numericPageWindow, toNumericPage, type Page, type PageArgs } from '../../common/pagination';
import type { ServiceContext } from '../../common/service-context';
import { isUniqueViolation, mapDbError } from '../../db/db-errors';
import { Affiliate } from '../affiliates/affiliate.entity';
import { affiliateFilter, findAffiliateById } from '../affiliates/affiliate.finder';
import { requireEmail, requireName } from '../affiliates/affiliate.rules';
import { attributeTo, attributeToAffiliate, type Attribution } from '../affiliates/attribution';
import { CommissionPlan } from '../commission-plans/commission-plan.entity';
import { computeCommission } from '../commissions/commission.calculator';
import { Commission } from '../commissions/commission.entity';
import { appendEntry, correctTo, reverse } from '../commissions/commission.ledger';
import type { EventService } from '../events/event.service';
import type { Program } from '../programs/program.entity';
import { rateToDecimal } from '../programs/program.rules';
import type { ProgramService } from '../programs/program.service';
import type { PromotionalCodeService, Redemption } from '../promo-codes/promotional-code.service';
import { Referral } from '../referrals/referral.entity';
import { Sale } from './sale.entity';
import { detachedRows, joinedColumns, toDetached, toManaged } from '../../db/rows';
import { Where } from '../../db/where';
import { moneyInput, refundRefusal, REFUSAL_MESSAGES } from './sale.rules';
import { saleView } from './sale.view';

export interface RecordSaleInput {
  referralId?: string | null;
  email?: string | null;
  promoCode?: string | null;
  name?: string | null;
  totalEarned?: number | null;
  commissionRate?: number | null;
  tax?: number | null;
  shipping?: number | null;
  externalId?: string | null;
  externalInvoiceId?: string | null;
}

export interface UpdateSaleInput {
  name?: string | null;
  email?: string | null;
  totalEarned?: number | null;
  commissionRate?: number | null;
  tax?: number | null;
  shipping?: number | null;
  externalId?: string | null;
  externalInvoiceId?: string | null;
  commissionEarned?: number | null;
}

export interface SaleFilter {
  affiliateId?: string | null;
  affiliateEmail?: string | null;
  referralId?: string | null;
  saleExternalId?: string | null;
  saleExternalInvoiceId?: string | null;
}

const SALES_EXTERNAL_KEY = 'sales_program_external_id_key';
const text = (v: string | null | undefined, field: string, max = 200) => {
  const t = v?.trim() || null;
  if (t && t.length > max) throw validationError(`${field} may be at most ${max} characters`, field);
  return t;
};

/** Sales (spec 4.6): recording with its commission, corrections, refunds; money moves in one transaction. */
export class SaleService {
  constructor(private readonly programs: ProgramService, private readonly events: EventService, private readonly promoCodes: PromotionalCodeService) {}

  async findSale(ctx: ServiceContext, programId: string | null | undefined, id: number): Promise<Sale | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    return Number.isSafeInteger(id) && id > 0 ? (await detachedRows(ctx.em, Sale, 'select * from sales where program_id = ? and id = ?', [program.id, id]))[0] ?? null : null;
  }

  /** Sales matching every filter given (all of the program's without filters), in creation order. */
  async listSales(ctx: ServiceContext, programId: string | null | undefined, filter: SaleFilter, page: PageArgs): Promise<Page<Sale>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const { limit, afterId } = numericPageWindow(page);
    const empty = { nodes: [], hasNextPage: false, endCursor: null };
    const where = new Where('s.program_id = ?', program.id);
    if (filter.referralId != null) {
      if (!isUuid(filter.referralId)) return empty;
      where.and('s.referral_id = ?', filter.referralId);
    }
    const affiliateId = await affiliateFilter(ctx.em, program.id, filter);
    if (affiliateId === null) return empty;
    if (affiliateId) where.and('s.affiliate_id = ?', affiliateId);
    if (filter.saleExternalId != null) where.and('s.external_id = ?', filter.saleExternalId);
    if (filter.saleExternalInvoiceId != null) where.and('s.external_invoice_id = ?', filter.saleExternalInvoiceId);
    if (afterId) where.and('s.id > ?', afterId);
    // The commission comes in the same statement: every sale answer shows its rate, amount and status.
    const raw = await ctx.em.execute<Array<Record<string, unknown>>>(
      `select s.*, ${joinedColumns(ctx.em, Commission, 'c', 'commission__')} from sales s left join commissions c on c.program_id = s.program_id and c.sale_id = s.id
        where ${where} order by s.id limit ?`,
      [...where.params, limit + 1],
    );
    const sales = toDetached(ctx.em, Sale, raw);
    const commissions = ctx.loaders?.for(program.id).commissionBySaleId;
    if (commissions) {
      const joined = toDetached(ctx.em, Commission, raw, 'commission__');
      sales.forEach((sale, i) => commissions.prime(sale.id, joined[i].id ? joined[i] : null));
    }
    return toNumericPage(sales, limit);
  }

  /**
   * Records a sale for the owner found by referralId (referral UUID, affiliate UUID, slug or click id), else
   * email (an existing referral), else promoCode (validated and redeemed; a code sent beside another owner is
   * redeemed too). Computes and records the commission, moves the link's and affiliate's totals and fires
   * sale.created, all in one transaction. A repeated externalId returns the first sale (`replayed`).
   * Null when no affiliate resolves: nothing is recorded.
   */
  async recordSale(ctx: ServiceContext, programId: string | null | undefined, input: RecordSaleInput): Promise<{ sale: Sale | null; replayed: boolean }> {
    const program = await this.programs.requireProgram(ctx, programId);
    const referralKey = input.referralId?.trim() || null;
    const emailKey = input.email?.trim() || null;
    const promoKey = input.promoCode?.trim() || null;
    if (!referralKey && !emailKey && !promoKey) throw validationError('One of referralId, email or promoCode is required', 'referralId');
    if (input.totalEarned == null) throw validationError('totalEarned is required', 'totalEarned');
    const totalEarned = moneyInput(input.totalEarned, 'totalEarned', { nonZero: true });
    const tax = input.tax == null ? null : moneyInput(input.tax, 'tax', { nonNegative: true });
    const shipping = input.shipping == null ? null : moneyInput(input.shipping, 'shipping', { nonNegative: true });
    const saleRate = input.commissionRate == null ? null : rateToDecimal(input.commissionRate, 'commissionRate');
    const externalId = text(input.externalId, 'externalId');
    const externalInvoiceId = text(input.externalInvoiceId, 'externalInvoiceId');
    if (emailKey) requireEmail(emailKey);

    const replay = async () => {
      const first = externalId ? await ctx.em.findOne(Sale, { programId: program.id, externalId }) : null;
      return first ? { sale: first, replayed: true } : null;
    };
    const existing = await replay();
    if (existing) return existing;
    try {
      const sale = await ctx.em.transactional(async (em) => {
        let owner: Attribution | null = null;
        let referral: Referral | null = null;
        if (referralKey) {
          const found = isUuid(referralKey) ? await referralWithOwner(em, program.id, 'r.id = ?', referralKey) : null;
          if (found) ({ referral, owner } = found);
          else owner = await attributeTo(em, program.id, referralKey);
        }
        // referralId, else email, else promoCode: each is tried when the one before resolves nothing.
        if (!owner && emailKey) {
          const found = await referralWithOwner(em, program.id, 'lower(r.email) = ?', emailKey.toLowerCase());
          if (found) ({ referral, owner } = found);
        }
        const name = input.name?.trim() || referral?.name || null;
        const email = emailKey || referral?.email || null;
        if (!name) throw validationError('name is required (or identify a referral to take it from)', 'name');
        requireName(name, 'name');
        if (!email) throw validationError('email is required (or identify a referral to take it from)', 'email');
        if (!owner && !promoKey) return null;

        let redemption: Redemption | null = null;
        if (promoKey) {
          redemption = await this.promoCodes.checkRedemption(
            em, program.id, promoKey,
            { now: new Date(), affiliateId: owner?.affiliate.id ?? null, amount: Number(totalEarned), customerId: referral?.referredUserExternalId ?? null },
            async () => {
              const [seen] = await em.execute<{ n: number }[]>('select count(*)::int as n from sales where program_id = ? and lower(email) = ?', [program.id, email.toLowerCase()]);
              return seen.n > 0;
            },
          );
          if (!owner) owner = await attributeToAffiliate(em, program.id, (await findAffiliateById(em, program.id, redemption.code.affiliateId!))!);
        }
        const promo = redemption?.code ?? null;
        const sale = em.create(Sale, {
          programId: program.id, affiliateId: owner!.affiliate.id, referralId: referral?.id ?? null, linkId: owner!.linkId,
          promotionalCodeId: promo?.id ?? null, promoCode: promo?.code ?? null, externalId, externalInvoiceId,
          name, email, currency: program.currency, totalEarned, tax, shipping, commissionRate: saleRate,
        });
        em.persist(sale);
        await em.flush();
        const commission = await this.recordCommission(em, program, sale, owner!.affiliate);
        if (sale.linkId) {
          await em.execute('update affiliate_links set sales = sales + 1, total_revenue = total_revenue + ?::numeric, updated_at = now() where id = ?', [totalEarned, sale.linkId]);
        }
        this.events.record(em, program.id, 'sale.created', saleView(sale, commission));
        await em.flush();
        if (redemption) await this.promoCodes.commitRedemption(em, redemption);
        ctx.loaders?.for(program.id).commissionBySaleId.prime(sale.id, commission);
        return sale;
      });
      return { sale: sale ? ctx.em.merge(sale) : null, replayed: false };
    } catch (err) {
      // A concurrent request recorded the same externalId first: answer with that sale.
      if (isUniqueViolation(err, SALES_EXTERNAL_KEY)) {
        const first = await replay();
        if (first) return first;
      }
      throw mapDbError(err);
    }
  }

  /**
   * Applies the listed fields to the sale; `commissionEarned` corrects the commission record instead. A change
   * of totalEarned, tax, shipping or commissionRate recomputes the commission (unless commissionEarned is
   * sent). Corrections are ledger entries. Fires sale.updated.
   */
  async updateSale(ctx: ServiceContext, programId: string | null | undefined, saleId: number | null | undefined, input: UpdateSaleInput): Promise<Sale> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (saleId == null) throw validationError('saleId is required', 'saleId');
    const changes: Partial<Sale> = {};
    if (input.name !== undefined) changes.name = requireName(input.name, 'name');
    if (input.email !== undefined) changes.email = requireEmail(input.email);
    if (input.totalEarned !== undefined) {
      if (input.totalEarned === null) throw validationError('totalEarned cannot be null', 'totalEarned');
      changes.totalEarned = moneyInput(input.totalEarned, 'totalEarned', { nonZero: true });
    }
    if (input.tax !== undefined) changes.tax = input.tax === null ? null : moneyInput(input.tax, 'tax', { nonNegative: true });
    if (input.shipping !== undefined) changes.shipping = input.shipping === null ? null : moneyInput(input.shipping, 'shipping', { nonNegative: true });
    if (input.commissionRate !== undefined) changes.commissionRate = input.commissionRate === null ? null : rateToDecimal(input.commissionRate, 'commissionRate');
    if (input.externalId !== undefined) changes.externalId = text(input.externalId, 'externalId');
    if (input.externalInvoiceId !== undefined) changes.externalInvoiceId = text(input.externalInvoiceId, 'externalInvoiceId');
    const correction = input.commissionEarned == null ? null : moneyInput(input.commissionEarned, 'commissionEarned');
    const moneyChanged = ['totalEarned', 'tax', 'shipping', 'commissionRate'].some((k) => k in changes);
    try {
      const sale = await ctx.em.transactional(async (em) => {
        const sale = Number.isSafeInteger(saleId) ? await em.findOne(Sale, { programId: program.id, id: saleId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
        if (!sale) throw notFound('No such sale in this program');
        const commission = await em.findOne(Commission, { programId: program.id, saleId: sale.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if ((moneyChanged || correction !== null) && (sale.refunded || commission?.status === 'paid' || commission?.status === 'reversed' || commission?.payoutBatchId)) {
          const why = sale.refunded ? 'refunded sale' : commission?.payoutBatchId && commission.status !== 'paid' ? 'sale whose commission is in a payout batch' : 'sale whose commission was paid';
          throw validationError(`The amounts of a ${why} cannot change`, correction !== null ? 'commissionEarned' : 'totalEarned');
        }
        if (changes.externalId && changes.externalId !== sale.externalId && (await em.findOne(Sale, { programId: program.id, externalId: changes.externalId }))) {
          throw new DomainError('DUPLICATE', 'Another sale already has this externalId', [{ field: 'externalId', message: 'already exists' }]);
        }
        const oldTotal = sale.totalEarned;
        em.assign(sale, changes);
        sale.updatedAt = new Date();
        await em.flush();
        if (commission) {
          if (correction !== null) {
            await correctTo(em, commission, correction, 'set by PUT /sales commissionEarned');
          } else if (moneyChanged) {
            const affiliate = await em.findOneOrFail(Affiliate, { programId: program.id, id: sale.affiliateId });
            // The rate the commission was recorded with stays unless the sale's own rate is changed (null: inherit again).
            const r = await this.compute(em, program, sale, affiliate, 'commissionRate' in changes ? sale.commissionRate : commission.rate);
            commission.rate = r.rate;
            commission.base = r.base;
            await correctTo(em, commission, r.amount, 'recomputed after the sale changed');
          }
          await em.flush();
        }
        if (sale.linkId && changes.totalEarned !== undefined && changes.totalEarned !== oldTotal) {
          await em.execute('update affiliate_links set total_revenue = total_revenue - ?::numeric + ?::numeric, updated_at = now() where id = ?', [oldTotal, sale.totalEarned, sale.linkId]);
        }
        this.events.record(em, program.id, 'sale.updated', saleView(sale, commission));
        await em.flush();
        return sale;
      });
      return ctx.em.merge(sale);
    } catch (err) {
      throw mapDbError(err);
    }
  }

  /**
   * Refunds a sale (spec 3): inside the refund window and with its commission neither in a payout batch nor
   * paid, the sale becomes refunded and a reversal entry cancels the commission; totals follow. The sale row
   * is locked, so concurrent refunds make exactly one reversal; a repeat answers alreadyRefunded.
   */
  async refundSale(ctx: ServiceContext, programId: string | null | undefined, saleId: number | null | undefined): Promise<{ alreadyRefunded: boolean; sale: Sale }> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (saleId == null) throw validationError('saleId is required', 'saleId');
    const result = await ctx.em.transactional(async (em) => {
      const sale = Number.isSafeInteger(saleId) ? await em.findOne(Sale, { programId: program.id, id: saleId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!sale) throw notFound('No such sale in this program');
      if (sale.refunded) return { alreadyRefunded: true, sale };
      const commission = await em.findOne(Commission, { programId: program.id, saleId: sale.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const refusal = refundRefusal(sale, commission, program.refundWindowDays, new Date());
      if (refusal) throw new DomainError('REFUND_NOT_ALLOWED', REFUSAL_MESSAGES[refusal], undefined, { reason: refusal });
      sale.refunded = true;
      sale.refundedAt = new Date();
      sale.updatedAt = sale.refundedAt;
      if (commission) {
        await reverse(em, commission, 'sale refunded');
        commission.status = 'reversed';
        commission.reversedAt = sale.refundedAt;
      }
      await em.flush();
      if (sale.linkId) {
        await em.execute('update affiliate_links set sales = greatest(sales - 1, 0), total_revenue = total_revenue - ?::numeric, updated_at = now() where id = ?', [sale.totalEarned, sale.linkId]);
      }
      this.events.record(em, program.id, 'sale.refunded', saleView(sale, commission));
      await em.flush();
      return { alreadyRefunded: false, sale };
    });
    return { alreadyRefunded: result.alreadyRefunded, sale: ctx.em.merge(result.sale) };
  }

  private async compute(em: EntityManager, program: Program, sale: Sale, affiliate: Affiliate, saleRate: string | null = sale.commissionRate) {
    const plan = affiliate.commissionRate == null && affiliate.commissionPlanId ? await em.findOne(CommissionPlan, { programId: program.id, id: affiliate.commissionPlanId }) : null;
    return computeCommission({
      totalEarned: sale.totalEarned, tax: sale.tax, shipping: sale.shipping,
      deductTax: program.deductTax, deductShipping: program.deductShipping,
      saleRate, affiliateRate: affiliate.commissionRate, planRate: plan?.commissionRate, programRate: program.defaultCommissionRate,
      currency: sale.currency,
    });
  }

  /** One commission per sale: approved at once, or pending for the program's holding period. */
  private async recordCommission(em: EntityManager, program: Program, sale: Sale, affiliate: Affiliate): Promise<Commission> {
    const r = await this.compute(em, program, sale, affiliate);
    const hold = program.commissionHoldDays ?? 0;
    const now = new Date();
    const commission = em.create(Commission, {
      programId: program.id, saleId: sale.id, affiliateId: affiliate.id, rate: r.rate, base: r.base, amount: r.amount, currency: sale.currency,
      status: hold > 0 ? 'pending' : 'approved', holdUntil: hold > 0 ? new Date(now.getTime() + hold * 86_400_000) : null, approvedAt: hold > 0 ? null : now,
    });
    em.persist(commission);
    await em.flush();
    await appendEntry(em, commission, 'earned', r.amount);
    return commission;
  }
}

/** A referral with its affiliate, in one statement: the owner of a sale identified through a referral. */
async function referralWithOwner(em: EntityManager, programId: string, condition: string, value: string): Promise<{ referral: Referral; owner: Attribution } | null> {
  const rows = await em.execute<Array<Record<string, unknown>>>(
    `select r.*, ${joinedColumns(em, Affiliate, 'a', 'owner__')} from referrals r join affiliates a on a.program_id = r.program_id and a.id = r.affiliate_id
      where r.program_id = ? and ${condition} order by r.id desc limit 1`,
    [programId, value],
  );
  if (!rows.length) return null;
  const referral = toManaged(em, Referral, rows[0]);
  const affiliate = toManaged(em, Affiliate, rows[0], 'owner__');
  return { referral, owner: { affiliate, linkId: referral.linkId, clickId: referral.clickId } };
}
