import { DomainError, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { emptyPage, pageWindow, toPage, type ListOrder, type Page, type PageArgs } from '../../common/pagination';
import type { ReferralOrderField } from '../../validation/enums';
import { countOf } from '../../db/list-query';
import { inTransaction, writeQueued } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { affiliateFilter, findAffiliateByEmail, findAffiliateById } from '../affiliates/affiliate.finder';
import { attributeTo, attributeToAffiliate, type Attribution } from '../affiliates/attribution';
import type { EventService } from '../events/event.service';
import type { Program } from '../programs/program.entity';
import type { ProgramService } from '../programs/program.service';
import type { PromotionalCodeService, Redemption } from '../promo-codes/promotional-code.service';
import type { Referral, SubscriptionStatus } from './referral.entity';
import { isSelfReferral } from './referral.finder';
import {
  markSelfReferral,
  customerWasReferred,
  deleteReferralRow,
  insertReferral,
  lockMonthlyReferralLimit,
  moveReferralCounters,
  referralById,
  referralsByEmail,
  referralsPage,
  referralsSince,
  takeBackSalesTotals,
  updateReferralRow,
  type ReferralChanges,
} from './referral.queries';
import { monthStart, sameMailbox } from './referral.rules';
import { referralBody } from './referral.presenter';

/** Inputs as the edge accepted them (src/validation/schemas/referrals.schemas.ts): required texts present and bounded, emails valid. */
export interface CreateReferralInput {
  affiliateId?: string | null;
  affiliateEmail?: string | null;
  promoCode?: string | null;
  name: string;
  email: string;
  referredUserExternalId: string;
}

/** name, email, referredUserExternalId and subscriptionStatus are never null (they cannot be cleared); subscriptionStatus is one of SUBSCRIPTION_STATUSES. */
export interface UpdateReferralInput {
  name?: string | null;
  email?: string | null;
  referredUserExternalId?: string | null;
  subscriptionStatus?: string | null;
}

/** The referrals list's filters: GraphQL sends them all, the REST list the first three. */
export interface ReferralListFilter {
  affiliateId?: string | null;
  affiliateEmail?: string | null;
  externalId?: string | null;
  linkId?: string | null;
  status?: string | null;
  search?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

/** Referrals (spec 4.2): attribution, the monthly limit, promo-code redemption, counters and events. */
export class ReferralService {
  constructor(
    private readonly programs: ProgramService,
    private readonly events: EventService,
    private readonly promoCodes: PromotionalCodeService,
  ) {}

  /** A referral by UUID; when none matches, the value is tried as a referral email (newest). Null when neither. */
  async findReferral(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<Referral | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (isUuid(id)) {
      const r = await referralById(ctx.em, program.id, id);
      if (r) return r;
    }
    return (await byEmail(ctx, program.id, id))[0] ?? null;
  }

  /** Referrals matching every filter given (all of the program's without filters), in creation order. */
  async listReferrals(
    ctx: ServiceContext,
    programId: string | null | undefined,
    filter: ReferralListFilter,
    page: PageArgs,
    order: ListOrder<ReferralOrderField> | null = null,
  ): Promise<Page<Referral>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const w = pageWindow(page, order);
    const affiliateId = await affiliateFilter(ctx.em, program.id, filter);
    if (affiliateId === null || (filter.linkId != null && !isUuid(filter.linkId))) return emptyPage();
    const { rows, sortValues, q } = await referralsPage(ctx.em, program.id, { ...filter, affiliateId }, w);
    return toPage(rows, w, countOf(ctx.em, q), sortValues);
  }

  /**
   * Records a referral for the affiliate named by exactly one of affiliateId (UUID, slug or click id),
   * affiliateEmail or promoCode (validated and redeemed). Enforces the monthly limit, counts the referral on
   * its affiliate and link, fires referral.created. Null when no affiliate matches (nothing is recorded).
   * A referral of the affiliate by itself is flagged `selfReferral` (isSelfReferral): its sales' commissions
   * then wait for the owner's approval.
   */
  async createReferral(ctx: ServiceContext, programId: string | null | undefined, input: CreateReferralInput): Promise<Referral | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    const given = (['affiliateId', 'affiliateEmail', 'promoCode'] as const).filter((k) => input[k] != null && String(input[k]).trim() !== '');
    if (given.length === 0) throw validationError('One of affiliateId, affiliateEmail or promoCode is required', 'affiliateId');
    if (given.length > 1) throw validationError(`Send exactly one of affiliateId, affiliateEmail or promoCode (got ${given.join(', ')})`, given[1]);
    const name = input.name.trim();
    const email = input.email.trim();
    const externalId = input.referredUserExternalId.trim();
    return inTransaction(ctx, async (tx) => {
      await enforceMonthlyLimit(tx, program);
      let who: Attribution | null;
      let redemption: Redemption | null = null;
      if (input.promoCode) {
        const facts = { now: new Date(), customerId: externalId };
        redemption = await this.promoCodes.checkRedemption(tx, program.id, input.promoCode, facts, () =>
          customerWasReferred(tx.em, program.id, externalId, email),
        );
        // The code's affiliate with its first link, in one statement.
        who = await attributeTo(tx.em, program.id, redemption.code.affiliateId!);
        if (!who) throw validationError('promoCode has no affiliate', 'promoCode');
      } else if (input.affiliateId) {
        who = await attributeTo(tx.em, program.id, input.affiliateId);
      } else {
        const a = await findAffiliateByEmail(tx.em, program.id, input.affiliateEmail!);
        who = a ? await attributeToAffiliate(tx.em, program.id, a) : null;
      }
      if (!who) return null;
      const selfReferral = await isSelfReferral(tx.em, program.id, who.affiliate, email, who.clickId);
      // The referral with its affiliate's and link's counters, in one statement.
      const referral = await insertReferral(tx.em, {
        programId: program.id,
        affiliateId: who.affiliate.id,
        linkId: who.linkId,
        clickId: who.clickId,
        promotionalCodeId: redemption?.code.id ?? null,
        promoCode: redemption?.code.code ?? null,
        name,
        email,
        referredUserExternalId: externalId,
        selfReferral,
      });
      this.events.record(tx, program.id, 'referral.created', await referralBody(referral));
      await writeQueued(tx.em);
      // The code's and coupon's counters are the hottest rows of a promotion: counted last, locked only until the commit.
      if (redemption) await this.promoCodes.commitRedemption(tx, redemption);
      return referral;
    });
  }

  /** Applies the listed fields; an unknown referralId is a 400 (spec 4.2). Fires referral.updated. */
  async updateReferral(ctx: ServiceContext, programId: string | null | undefined, referralId: string, input: UpdateReferralInput): Promise<Referral> {
    const program = await this.programs.requireProgram(ctx, programId);
    const changes: ReferralChanges = {};
    if (input.name != null) changes.name = input.name.trim();
    if (input.email != null) changes.email = input.email.trim();
    if (input.referredUserExternalId != null) changes.referredUserExternalId = input.referredUserExternalId.trim();
    if (input.subscriptionStatus != null) changes.subscriptionStatus = input.subscriptionStatus as SubscriptionStatus;
    return inTransaction(ctx, async (tx) => {
      // The update locks the row it writes: concurrent changes of one referral serialise on it.
      const r = isUuid(referralId) ? await updateReferralRow(tx.em, program.id, referralId, changes, new Date()) : null;
      if (!r) throw new DomainError('VALIDATION_FAILED', 'No referral in this program has this referralId', [{ field: 'referralId', message: 'not found' }]);
      // A new email that reaches the affiliate's own mailbox makes it a self-referral (never the other way: an
      // owner's approval of its commissions is what clears one).
      if (changes.email && !r.selfReferral) {
        const affiliate = await findAffiliateById(tx.em, program.id, r.affiliateId);
        if (affiliate && sameMailbox(r.email, affiliate.email)) {
          await markSelfReferral(tx.em, program.id, r.id);
          r.selfReferral = true;
        }
      }
      this.events.record(tx, program.id, 'referral.updated', await referralBody(r));
      return r;
    });
  }

  /**
   * Deletes the referral with this UUID, or every referral with this email, and their sales; the counters
   * they added are taken back. Fires referral.deleted for each. Nothing matched is not an error.
   */
  async deleteReferral(ctx: ServiceContext, programId: string | null | undefined, referralId: string): Promise<Array<{ id: string; email: string }>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const key = referralId.trim();
    return inTransaction(ctx, async (tx) => {
      const found = isUuid(key) ? await referralById(tx.em, program.id, key) : null;
      const rows = found ? [found] : !isUuid(key) && key.includes('@') ? await byEmail(tx, program.id, key) : [];
      for (const r of rows) {
        // Its sales go with it (foreign key cascade): first take back the totals they added.
        await takeBackSalesTotals(tx.em, program.id, r);
        if (!(await deleteReferralRow(tx.em, program.id, r.id))) continue;
        await moveReferralCounters(tx.em, program.id, r.affiliateId, r.linkId, -1);
        this.events.record(tx, program.id, 'referral.deleted', await referralBody(r));
      }
      return rows.map((r) => ({ id: r.id, email: r.email }));
    });
  }
}

/** The referrals of an email, newest first; none for a value that cannot be an email. */
function byEmail(ctx: ServiceContext, programId: string, email: string): Promise<Referral[]> {
  const e = email.trim();
  return !e || e.length > 254 ? Promise.resolve([]) : referralsByEmail(ctx.em, programId, e);
}

/** While the program sets a monthly limit, creations serialise on the program's row and stop at the limit. */
async function enforceMonthlyLimit(tx: ServiceContext, program: Program): Promise<void> {
  if (program.monthlyReferralLimit == null) return;
  const limit = await lockMonthlyReferralLimit(tx.em, program.id);
  if (limit == null) return;
  const count = await referralsSince(tx.em, program.id, monthStart(new Date()));
  if (count >= limit) throw new DomainError('LIMIT_REACHED', `This program has reached its monthly referral limit of ${limit}`);
}
