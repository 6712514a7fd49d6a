import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { pageWindow, toPage, type Page, type PageArgs } from '../../common/pagination';
import type { ServiceContext } from '../../common/service-context';
import { mapDbError } from '../../db/db-errors';
import { detachedRows } from '../../db/rows';
import { Where } from '../../db/where';
import { affiliateFilter, findAffiliateByEmail, findAffiliateById } from '../affiliates/affiliate.finder';
import { requireEmail, requireName } from '../affiliates/affiliate.rules';
import { attributeTo, attributeToAffiliate, type Attribution } from '../affiliates/attribution';
import type { EventService } from '../events/event.service';
import type { Program } from '../programs/program.entity';
import type { ProgramService } from '../programs/program.service';
import type { PromotionalCodeService, Redemption } from '../promo-codes/promotional-code.service';
import { Referral, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './referral.entity';
import { monthStart } from './referral.rules';
import { referralView } from './referral.view';

export interface CreateReferralInput {
  affiliateId?: string | null;
  affiliateEmail?: string | null;
  promoCode?: string | null;
  name?: string | null;
  email?: string | null;
  referredUserExternalId?: string | null;
}

export interface UpdateReferralInput {
  name?: string | null;
  email?: string | null;
  referredUserExternalId?: string | null;
  subscriptionStatus?: string | null;
}

export interface ReferralFilter {
  affiliateId?: string | null;
  affiliateEmail?: string | null;
  externalId?: string | null;
}

function assertSubscriptionStatus(v: string): SubscriptionStatus {
  if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(v)) throw validationError(`subscriptionStatus must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`, 'subscriptionStatus');
  return v as SubscriptionStatus;
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
      const r = await ctx.em.findOne(Referral, { programId: program.id, id });
      if (r) return r;
    }
    return this.byEmail(ctx.em, program.id, id).then((rows) => rows[0] ?? null);
  }

  /** Referrals matching every filter given (all of the program's without filters), in creation order. */
  async listReferrals(ctx: ServiceContext, programId: string | null | undefined, filter: ReferralFilter, page: PageArgs): Promise<Page<Referral>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const { limit, afterId } = pageWindow(page);
    const empty = { nodes: [], hasNextPage: false, endCursor: null };
    const where = new Where('program_id = ?', program.id);
    const affiliateId = await affiliateFilter(ctx.em, program.id, filter);
    if (affiliateId === null) return empty;
    if (affiliateId) where.and('affiliate_id = ?', affiliateId);
    if (filter.externalId != null) where.and('referred_user_external_id = ?', filter.externalId);
    if (afterId) where.and('id > ?', afterId);
    return toPage(await detachedRows(ctx.em, Referral, `select * from referrals where ${where} order by id limit ?`, [...where.params, limit + 1]), limit);
  }

  /**
   * Records a referral for the affiliate named by exactly one of affiliateId (UUID, slug or click id),
   * affiliateEmail or promoCode (validated and redeemed). Enforces the monthly limit, counts the referral on
   * its affiliate and link, fires referral.created. Null when no affiliate matches (nothing is recorded).
   */
  async createReferral(ctx: ServiceContext, programId: string | null | undefined, input: CreateReferralInput): Promise<Referral | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    const given = (['affiliateId', 'affiliateEmail', 'promoCode'] as const).filter((k) => input[k] != null && String(input[k]).trim() !== '');
    if (given.length === 0) throw validationError('One of affiliateId, affiliateEmail or promoCode is required', 'affiliateId');
    if (given.length > 1) throw validationError(`Send exactly one of affiliateId, affiliateEmail or promoCode (got ${given.join(', ')})`, given[1]);
    const name = requireName(input.name, 'name');
    const email = requireEmail(input.email);
    const externalId = input.referredUserExternalId?.trim();
    if (!externalId) throw validationError('referredUserExternalId is required', 'referredUserExternalId');
    if (externalId.length > 200) throw validationError('referredUserExternalId may be at most 200 characters', 'referredUserExternalId');
    try {
      const created = await ctx.em.transactional(async (em) => {
        await this.enforceMonthlyLimit(em, program);
        let who: Attribution | null = null;
        let redemption: Redemption | null = null;
        if (input.promoCode) {
          redemption = await this.promoCodes.checkRedemption(em, program.id, input.promoCode, { now: new Date(), customerId: externalId }, async () => {
            const [seen] = await em.execute<{ n: number }[]>(
              'select count(*)::int as n from referrals where program_id = ? and (referred_user_external_id = ? or lower(email) = ?)',
              [program.id, externalId, email.toLowerCase()],
            );
            return seen.n > 0;
          });
          who = await attributeToAffiliate(em, program.id, (await findAffiliateById(em, program.id, redemption.code.affiliateId!))!);
        } else if (input.affiliateId) {
          who = await attributeTo(em, program.id, input.affiliateId);
        } else {
          const a = await findAffiliateByEmail(em, program.id, input.affiliateEmail!);
          who = a ? await attributeToAffiliate(em, program.id, a) : null;
        }
        if (!who) return null;
        const referral = em.create(Referral, {
          programId: program.id, affiliateId: who.affiliate.id, linkId: who.linkId, clickId: who.clickId,
          promotionalCodeId: redemption?.code.id ?? null, promoCode: redemption?.code.code ?? null, name, email, referredUserExternalId: externalId,
        });
        em.persist(referral);
        await em.flush();
        await em.execute('update affiliates set number_of_referred_users = number_of_referred_users + 1, updated_at = now() where id = ?', [who.affiliate.id]);
        if (who.linkId) await em.execute('update affiliate_links set referrals = referrals + 1, updated_at = now() where id = ?', [who.linkId]);
        this.events.record(em, program.id, 'referral.created', referralView(referral));
        await em.flush();
        if (redemption) await this.promoCodes.commitRedemption(em, redemption);
        return referral;
      });
      return created ? ctx.em.merge(created) : null;
    } catch (err) {
      throw mapDbError(err);
    }
  }

  /** Applies the listed fields; an unknown referralId is a 400 (spec 4.2). Fires referral.updated. */
  async updateReferral(ctx: ServiceContext, programId: string | null | undefined, referralId: string | null | undefined, input: UpdateReferralInput): Promise<Referral> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!referralId) throw validationError('referralId is required', 'referralId');
    const changes: Partial<Referral> = {};
    if (input.name !== undefined) changes.name = requireName(input.name, 'name');
    if (input.email !== undefined) changes.email = requireEmail(input.email);
    if (input.referredUserExternalId !== undefined) {
      const v = input.referredUserExternalId?.trim();
      if (!v) throw validationError('referredUserExternalId cannot be empty', 'referredUserExternalId');
      changes.referredUserExternalId = v;
    }
    if (input.subscriptionStatus !== undefined) {
      if (input.subscriptionStatus === null) throw validationError('subscriptionStatus cannot be null', 'subscriptionStatus');
      changes.subscriptionStatus = assertSubscriptionStatus(input.subscriptionStatus);
    }
    const updated = await ctx.em.transactional(async (em) => {
      const r = isUuid(referralId) ? await em.findOne(Referral, { programId: program.id, id: referralId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!r) throw new DomainError('VALIDATION_FAILED', 'No referral in this program has this referralId', [{ field: 'referralId', message: 'not found' }]);
      em.assign(r, changes);
      r.updatedAt = new Date();
      await em.flush();
      this.events.record(em, program.id, 'referral.updated', referralView(r));
      await em.flush();
      return r;
    });
    return ctx.em.merge(updated);
  }

  /**
   * Deletes the referral with this UUID, or every referral with this email, and their sales; the counters
   * they added are taken back. Fires referral.deleted for each. Nothing matched is not an error.
   */
  async deleteReferral(ctx: ServiceContext, programId: string | null | undefined, referralId: string | null | undefined): Promise<Array<{ id: string; email: string }>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const key = referralId?.trim();
    if (!key) throw validationError('referralId is required', 'referralId');
    return ctx.em.transactional(async (em) => {
      const rows = isUuid(key) ? await em.find(Referral, { programId: program.id, id: key }) : key.includes('@') ? await this.byEmail(em, program.id, key) : [];
      for (const r of rows) {
        const view = referralView(r);
        // Its sales go with it (foreign key cascade): first take back the totals they added.
        await em.execute(
          `update affiliates set total_commission_earned = total_commission_earned - coalesce((
             select sum(c.amount) from commissions c join sales s on s.id = c.sale_id where s.program_id = ? and s.referral_id = ?), 0)
            where id = ?`,
          [program.id, r.id, r.affiliateId],
        );
        await em.execute(
          `update affiliate_links l set sales = greatest(l.sales - x.n, 0), total_revenue = l.total_revenue - x.revenue, updated_at = now()
             from (select link_id, count(*)::int as n, sum(total_earned) as revenue from sales
                    where program_id = ? and referral_id = ? and not refunded and link_id is not null group by link_id) x
            where l.id = x.link_id`,
          [program.id, r.id],
        );
        const n = await em.nativeDelete(Referral, { programId: program.id, id: r.id });
        if (!n) continue;
        await em.execute('update affiliates set number_of_referred_users = greatest(number_of_referred_users - 1, 0), updated_at = now() where id = ?', [r.affiliateId]);
        if (r.linkId) await em.execute('update affiliate_links set referrals = greatest(referrals - 1, 0), updated_at = now() where id = ?', [r.linkId]);
        this.events.record(em, program.id, 'referral.deleted', view);
      }
      await em.flush();
      return rows.map((r) => ({ id: r.id, email: r.email }));
    });
  }

  private byEmail(em: EntityManager, programId: string, email: string): Promise<Referral[]> {
    const e = email.trim();
    if (!e || e.length > 254) return Promise.resolve([]);
    return em.createQueryBuilder(Referral, 'r').select('*').where({ programId }).andWhere('lower(r.email) = ?', [e.toLowerCase()]).orderBy({ id: 'desc' }).getResultList();
  }

  /** Serialises creations while a monthly limit is set, so concurrent requests never exceed it. */
  private async enforceMonthlyLimit(em: EntityManager, program: Program): Promise<void> {
    if (program.monthlyReferralLimit == null) return;
    const [row] = await em.execute<{ monthly_referral_limit: number | null }[]>('select monthly_referral_limit from programs where id = ? for update', [program.id]);
    const limit = row?.monthly_referral_limit;
    if (limit == null) return;
    const count = await em.count(Referral, { programId: program.id, createdAt: { $gte: monthStart(new Date()) } });
    if (count >= limit) throw new DomainError('LIMIT_REACHED', `This program has reached its monthly referral limit of ${limit}`);
  }
}
