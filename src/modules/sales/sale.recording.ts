import { DomainError, unavailable, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { isDuplicate } from '../../db/db-errors';
import { inTransaction, writeQueued } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import type { Affiliate } from '../affiliates/affiliate.entity';
import { attributeTo, type Attribution } from '../affiliates/attribution';
import type { Commission } from '../commissions/commission.entity';
import { recordCommission } from '../commissions/commission.ledger';
import type { EventService } from '../events/event.service';
import type { Program } from '../programs/program.entity';
import { rateToDecimal } from '../programs/program.rules';
import type { ProgramService } from '../programs/program.service';
import type { PromotionalCodeService, Redemption } from '../promo-codes/promotional-code.service';
import type { Referral } from '../referrals/referral.entity';
import { isSelfReferral } from '../referrals/referral.finder';
import type { Sale } from './sale.entity';
import { optionalText, type RecordSaleInput } from './sale.inputs';
import {
  customerHasSales,
  insertSale,
  markCommissionLimitReached,
  customerReferralWithAffiliate,
  customerReferralWithAffiliateByEmail,
  referralWithAffiliateById,
  saleByExternalId,
} from './sale.queries';
import { moneyInput } from './sale.rules';
import { commissionTerms, pastCommissionDuration } from './sale.terms';
import { commissionBody } from '../commissions/commission.presenter';
import { saleBody } from './sale.presenter';

/** The unique key of a sale's externalId in its program: a concurrent recording of the same one hits it. */
const SALES_EXTERNAL_KEY = 'sales_program_external_id_key';

/** A recording whose externalId was recorded before: nothing was written, the first sale is the answer. */
const REPLAYED = Symbol('replayed');

/** A recording request, checked: the keys that name the owner and the sale's own values. */
interface SaleRequest {
  referralKey: string | null;
  emailKey: string | null;
  promoKey: string | null;
  name: string | null;
  totalEarned: string;
  tax: string | null;
  shipping: string | null;
  saleRate: string | null;
  externalId: string | null;
  externalInvoiceId: string | null;
}

/** Recording a sale (the hot path of the API): owner, promotional code, commission, totals and the event, in one transaction. */
export class SaleRecorder {
  constructor(
    private readonly programs: ProgramService,
    private readonly events: EventService,
    private readonly promoCodes: PromotionalCodeService,
  ) {}

  /**
   * Records a sale for the owner found by referralId (referral UUID, affiliate UUID, slug or click id), else
   * email (an existing referral), else promoCode (validated and redeemed; a code sent beside another owner is
   * redeemed too). Computes and records the commission, moves the link's and affiliate's totals and fires
   * sale.created, all in one transaction. A repeated externalId returns the first sale (`replayed`).
   * Null when no affiliate resolves: nothing is recorded.
   */
  async recordSale(ctx: ServiceContext, programId: string | null | undefined, input: RecordSaleInput): Promise<{ sale: Sale | null; replayed: boolean }> {
    const program = await this.programs.requireProgram(ctx, programId);
    const request = checkedRequest(input);
    const replay = async () => {
      const first = request.externalId ? await saleByExternalId(ctx.em, program.id, request.externalId) : null;
      return first ? { sale: first, replayed: true } : null;
    };
    try {
      const recorded = await inTransaction(ctx, (tx) => this.record(tx, program, request));
      if (recorded && recorded !== REPLAYED) {
        // The answer shows the sale's commission: it is known, no read for it.
        ctx.loaders?.for(program.id).commissionBySaleId.prime(recorded.sale.id, recorded.commission);
        return { sale: recorded.sale, replayed: false };
      }
      // Not recorded: a repeated externalId answers with the first sale (whatever else this request lacks).
      const first = await replay();
      if (first) return first;
      // Its externalId was taken and the sale is gone again (deleted in between): the client may simply retry.
      if (recorded === REPLAYED) throw unavailable(1);
      return { sale: null, replayed: false };
    } catch (err) {
      // A sale with this externalId exists (recorded before, or concurrently): the repeat answers with it,
      // whatever this request would have been refused for.
      if (request.externalId && (err instanceof DomainError || isDuplicate(err, SALES_EXTERNAL_KEY))) {
        const first = await replay().catch(() => null);
        if (first) return first;
      }
      throw err;
    }
  }

  /** Records the sale; null when no affiliate resolves, REPLAYED when its externalId is recorded already (nothing written). */
  private async record(tx: ServiceContext, program: Program, request: SaleRequest): Promise<{ sale: Sale; commission: Commission } | typeof REPLAYED | null> {
    const { referralKey, emailKey, promoKey, totalEarned } = request;
    let owner: Attribution | null = null;
    let referral: Referral | null = null;
    if (referralKey) {
      let found = isUuid(referralKey) ? await referralWithAffiliateById(tx.em, program.id, referralKey) : null;
      // A superseded referral (Migration20261127200000) is no longer its customer's: the sale goes to the live one.
      if (found?.referral.supersededAt) found = (await customerReferralWithAffiliate(tx.em, program.id, found.referral.referredUserExternalId)) ?? found;
      if (found) ({ referral, owner } = throughReferral(found));
      else owner = await attributeTo(tx.em, program.id, referralKey);
    }
    // referralId, else email, else promoCode: each is tried when the one before resolves nothing. An email
    // credits its customer's one referral, whoever else referred that customer before the rule.
    if (!owner && emailKey) {
      const found = await customerReferralWithAffiliateByEmail(tx.em, program.id, emailKey, program.attributionModel === 'last_click');
      if (found) ({ referral, owner } = throughReferral(found));
    }
    const name = request.name || referral?.name || null;
    const email = emailKey || referral?.email || null;
    if (!name) throw validationError('name is required (or identify a referral to take it from)', 'name');
    if (!email) throw validationError('email is required (or identify a referral to take it from)', 'email');
    if (!owner && !promoKey) return null;

    let redemption: Redemption | null = null;
    if (promoKey) {
      const facts = {
        now: new Date(),
        affiliateId: owner?.affiliate.id ?? null,
        amount: Number(totalEarned),
        customerId: referral?.referredUserExternalId ?? null,
      };
      redemption = await this.promoCodes.checkRedemption(tx, program.id, promoKey, facts, () => customerHasSales(tx.em, program.id, email));
      // The code's affiliate with its first link, in one statement.
      if (!owner) owner = await attributeTo(tx.em, program.id, redemption.code.affiliateId!);
      if (!owner) throw validationError('promoCode has no affiliate', 'promoCode');
    }
    const promo = redemption?.code ?? null;
    const sale = await insertSale(tx.em, {
      programId: program.id,
      affiliateId: owner!.affiliate.id,
      referralId: referral?.id ?? null,
      linkId: owner!.linkId,
      promotionalCodeId: promo?.id ?? null,
      promoCode: promo?.code ?? null,
      externalId: request.externalId,
      externalInvoiceId: request.externalInvoiceId,
      name,
      email,
      currency: program.currency,
      totalEarned,
      tax: request.tax,
      shipping: request.shipping,
      commissionRate: request.saleRate,
    });
    if (!sale) return REPLAYED;
    let terms = await commissionTerms(tx, program, sale, owner!.affiliate);
    // Past the customer's commission duration: recorded, with a zero commission the merchant can see.
    if (await pastCommissionDuration(tx, program, sale, owner!.affiliate)) {
      terms = { ...terms, amount: '0' };
      sale.commissionLimitReached = true;
      await markCommissionLimitReached(tx.em, program.id, sale.id);
    }
    // A self-referral's sales earn commissions that wait for the owner's approval (approveCommission): its
    // referral says so, or, for a sale named by the click id or the affiliate, the rule a referral would be flagged by.
    const selfReferral = referral?.selfReferral === true || (!referral && (await isSelfReferral(tx.em, program.id, owner!.affiliate, email, owner!.clickId)));
    const commission = await recordCommission(tx, sale, terms, program.commissionHoldDays ?? 0, selfReferral);
    this.events.record(tx, program.id, 'sale.created', await saleBody(tx.em, program, sale, commission));
    // Payable at once (no holding period): approved now; otherwise when the hold ends (payouts/commission-approver).
    if (commission?.status === 'approved') this.events.record(tx, program.id, 'commission.approved', await commissionBody(tx.em, commission));
    await writeQueued(tx.em);
    // The code's and coupon's counters are the hottest rows of a promotion: counted last, locked only until the commit.
    if (redemption) await this.promoCodes.commitRedemption(tx, redemption);
    return { sale, commission };
  }
}

/** The input of a recording (as the edge accepted it), checked for what needs several fields, before any statement. */
function checkedRequest(input: RecordSaleInput): SaleRequest {
  const referralKey = input.referralId?.trim() || null;
  const emailKey = input.email?.trim() || null;
  const promoKey = input.promoCode?.trim() || null;
  if (!referralKey && !emailKey && !promoKey) throw validationError('One of referralId, email or promoCode is required', 'referralId');
  return {
    referralKey,
    emailKey,
    promoKey,
    name: input.name?.trim() || null,
    totalEarned: moneyInput(input.totalEarned, 'totalEarned'),
    tax: input.tax == null ? null : moneyInput(input.tax, 'tax'),
    shipping: input.shipping == null ? null : moneyInput(input.shipping, 'shipping'),
    saleRate: input.commissionRate == null ? null : rateToDecimal(input.commissionRate, 'commissionRate'),
    externalId: optionalText(input.externalId),
    externalInvoiceId: optionalText(input.externalInvoiceId),
  };
}

/** The owner of a sale identified through a referral: the referral's affiliate, link and click. */
function throughReferral(found: { referral: Referral; affiliate: Affiliate }): { referral: Referral; owner: Attribution } {
  const { referral, affiliate } = found;
  return { referral, owner: { affiliate, linkId: referral.linkId, clickId: referral.clickId } };
}
