import { DomainError, duplicate, unavailable, validationError } from '../../common/errors';
import { isDuplicate } from '../../db/db-errors';
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
  customerReferral,
  customerWasReferred,
  CUSTOMER_KEY,
  deleteReferralRow,
  insertReferral,
  lockMonthlyReferralLimit,
  moveReferral,
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

  /** The customer's one referral (its referredUserExternalId in the program; DESIGN.md), or null when it has none. */
  async customerReferral(ctx: ServiceContext, programId: string | null | undefined, externalId: string): Promise<Referral | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    return externalId ? customerReferral(ctx.em, program.id, externalId, false) : null;
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
   *
   * One customer, one referrer (DESIGN.md): a customer (its referredUserExternalId) already referred is answered
   * with its referral. Under first_click that is all (no limit, code, counter or event is touched); under
   * last_click the referral moves to the affiliate named now (referToAgain). Concurrent requests for one new
   * customer make one referral: the insert's unique key decides, the others then take the duplicate's path.
   */
  async createReferral(ctx: ServiceContext, programId: string | null | undefined, input: CreateReferralInput): Promise<Referral | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    const given = (['affiliateId', 'affiliateEmail', 'promoCode'] as const).filter((k) => input[k] != null && String(input[k]).trim() !== '');
    if (given.length === 0) throw validationError('One of affiliateId, affiliateEmail or promoCode is required', 'affiliateId');
    if (given.length > 1) throw validationError(`Send exactly one of affiliateId, affiliateEmail or promoCode (got ${given.join(', ')})`, given[1]);
    const name = input.name.trim();
    const email = input.email.trim();
    const externalId = input.referredUserExternalId.trim();
    const lastClick = program.attributionModel === 'last_click';
    return inTransaction(ctx, async (tx) => {
      // The customer's referral, locked only when it may move (first_click reads it and changes nothing).
      const referredBefore = () => customerReferral(tx.em, program.id, externalId, lastClick);
      const again = async (r: Referral) =>
        lastClick ? this.referToAgain(tx, program, r, await this.attribution(tx, program, input, externalId, email), email) : r;
      // first_click without a monthly limit (the common case) looks nothing up first: the insert's unique key tells
      // a duplicate, and only then is the customer's referral read (one statement less for every new customer).
      const optimistic = !lastClick && program.monthlyReferralLimit == null;
      if (!optimistic) {
        const existing = await referredBefore();
        if (existing) return again(existing);
      }
      // While the program sets a monthly limit, creations take turns on the program's row and stop at the limit; a
      // customer referred while this one waited for the row is a duplicate, not refused and not counted.
      const limit = program.monthlyReferralLimit == null ? null : await lockMonthlyReferralLimit(tx.em, program.id);
      if (limit != null) {
        const meanwhile = await referredBefore();
        if (meanwhile) return again(meanwhile);
        const count = await referralsSince(tx.em, program.id, monthStart(new Date()));
        if (count >= limit) throw new DomainError('LIMIT_REACHED', `This program has reached its monthly referral limit of ${limit}`);
      }
      let credit: Credit | null;
      try {
        credit = await this.attribution(tx, program, input, externalId, email);
      } catch (err) {
        // A code refused (used up, first orders only, …) answers a customer referred before with its referral, as
        // the look-up first would have.
        const existing = optimistic && err instanceof DomainError ? await referredBefore() : null;
        if (existing) return existing;
        throw err;
      }
      if (!credit) return optimistic ? referredBefore() : null;
      const { who, redemption } = credit;
      const selfReferral = await isSelfReferral(tx.em, program.id, who.affiliate, email, who.clickId);
      // The referral with its affiliate's and link's counters, in one statement; null when the customer was referred meanwhile.
      const referral = await insertReferral(tx.em, {
        programId: program.id,
        ...placement(credit),
        name,
        email,
        referredUserExternalId: externalId,
        selfReferral,
      });
      if (!referral) {
        // A concurrent request referred this customer first (its commit ended our insert's wait): its referral is the customer's.
        const first = await referredBefore();
        // Deleted again in between: nothing was written, the client may simply retry.
        if (!first) throw unavailable(1);
        return lastClick ? this.referToAgain(tx, program, first, credit, email, true) : first;
      }
      this.events.record(tx, program.id, 'referral.created', await referralBody(referral));
      await writeQueued(tx.em);
      // The code's and coupon's counters are the hottest rows of a promotion: counted last, locked only until the commit.
      if (redemption) await this.promoCodes.commitRedemption(tx, redemption);
      return referral;
    });
  }

  /**
   * Who a new referral credits: the affiliate named by affiliateId, affiliateEmail or promoCode (checked for
   * redemption, counted by the caller), with the link and click. Null when no affiliate matches.
   */
  private async attribution(tx: ServiceContext, program: Program, input: CreateReferralInput, externalId: string, email: string): Promise<Credit | null> {
    if (input.promoCode) {
      const facts = { now: new Date(), customerId: externalId };
      const redemption = await this.promoCodes.checkRedemption(tx, program.id, input.promoCode, facts, () =>
        customerWasReferred(tx.em, program.id, externalId, email),
      );
      // The code's affiliate with its first link, in one statement.
      const who = await attributeTo(tx.em, program.id, redemption.code.affiliateId!);
      if (!who) throw validationError('promoCode has no affiliate', 'promoCode');
      return { who, redemption };
    }
    if (input.affiliateId) {
      const who = await attributeTo(tx.em, program.id, input.affiliateId);
      return who && { who, redemption: null };
    }
    const a = await findAffiliateByEmail(tx.em, program.id, input.affiliateEmail!);
    return a && { who: await attributeToAffiliate(tx.em, program.id, a), redemption: null };
  }

  /**
   * last_click: a customer referred before (its referral locked) moves to the affiliate named now, with its
   * link, click and code, counters moved in the same transaction, and referral.updated. Naming its own affiliate
   * again, or no affiliate at all, changes nothing. `racedFirstOrder`: the code was checked before the customer's
   * first referral committed, so a first-time-order code is refused here.
   */
  private async referToAgain(
    tx: ServiceContext,
    program: Program,
    existing: Referral,
    credit: Credit | null,
    email: string,
    racedFirstOrder = false,
  ): Promise<Referral> {
    if (!credit || credit.who.affiliate.id === existing.affiliateId) return existing;
    const { who, redemption } = credit;
    if (racedFirstOrder && redemption?.code.firstTimeOrder) throw validationError('promoCode is for first-time orders only', 'promoCode');
    // The self-referral rule, for the new affiliate (the flag was about the old one): the customer's email or the one sent now.
    const selfReferral = (await isSelfReferral(tx.em, program.id, who.affiliate, email, who.clickId)) || sameMailbox(existing.email, who.affiliate.email);
    const moved = await moveReferral(tx.em, program.id, existing, { ...placement(credit), selfReferral });
    this.events.record(tx, program.id, 'referral.updated', await referralBody(moved));
    await writeQueued(tx.em);
    if (redemption) await this.promoCodes.commitRedemption(tx, redemption);
    return moved;
  }

  /**
   * Applies the listed fields; an unknown referralId is a 400 (spec 4.2). Fires referral.updated. A
   * referredUserExternalId of a customer that has another referral is a 400 DUPLICATE: one customer, one referrer.
   */
  async updateReferral(ctx: ServiceContext, programId: string | null | undefined, referralId: string, input: UpdateReferralInput): Promise<Referral> {
    const program = await this.programs.requireProgram(ctx, programId);
    const changes: ReferralChanges = {};
    if (input.name != null) changes.name = input.name.trim();
    if (input.email != null) changes.email = input.email.trim();
    if (input.referredUserExternalId != null) changes.referredUserExternalId = input.referredUserExternalId.trim();
    if (input.subscriptionStatus != null) changes.subscriptionStatus = input.subscriptionStatus as SubscriptionStatus;
    return this.applyUpdate(ctx, program, referralId, changes).catch((err: unknown) => {
      if (isDuplicate(err, CUSTOMER_KEY))
        throw duplicate('Another referral has this referredUserExternalId: a customer has one referrer', 'referredUserExternalId');
      throw err;
    });
  }

  private applyUpdate(ctx: ServiceContext, program: Program, referralId: string, changes: ReferralChanges): Promise<Referral> {
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

/** Who a referral credits, and the promotional code it redeems (checked, counted last). */
/** Where a credit puts a referral: its affiliate, link, click and code. */
function placement({ who, redemption }: Credit) {
  return {
    affiliateId: who.affiliate.id,
    linkId: who.linkId,
    clickId: who.clickId,
    promotionalCodeId: redemption?.code.id ?? null,
    promoCode: redemption?.code.code ?? null,
  };
}

interface Credit {
  who: Attribution;
  redemption: Redemption | null;
}
