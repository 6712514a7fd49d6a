import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { pageWindow, toPage, type Page, type PageArgs } from '../../common/pagination';
import type { ServiceContext } from '../../common/service-context';
import { isUniqueViolation, mapDbError } from '../../db/db-errors';
import { createLoaders } from '../../db/loaders';
import { AffiliateGroup } from '../affiliate-groups/affiliate-group.entity';
import { CommissionPlan } from '../commission-plans/commission-plan.entity';
import type { Email } from '../emails/email.entity';
import type { EmailService } from '../emails/email.service';
import { adminNewAffiliateEmail, affiliateWelcomeEmail } from '../emails/email.templates';
import type { EventService } from '../events/event.service';
import { AffiliateLink } from '../links/affiliate-link.entity';
import { assertValidSlug, firstFreeSlug, fullUrls, slugFromEmail } from '../links/link.rules';
import type { Program } from '../programs/program.entity';
import type { ProgramService } from '../programs/program.service';
import { rateToDecimal } from '../programs/program.rules';
import { User } from '../users/user.entity';
import { Affiliate, type AffiliateStatus } from './affiliate.entity';
import { detachedRows } from '../../db/rows';
import { findAffiliateByEmail, findAffiliateByLookup, findLinkBySlug } from './affiliate.finder';
import { assertStatus, initialStatus, requireEmail, requireName } from './affiliate.rules';
import { affiliateView } from './affiliate.view';
import type { PromotionalCodeService } from '../promo-codes/promotional-code.service';
import type { JobService } from '../jobs/job.service';

export interface CreateAffiliateInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  affiliateLink?: string | null;
  commissionRate?: number | null;
  affiliateStatus?: string | null;
  sendWelcomeEmail?: boolean | null;
  commissionPlanId?: string | null;
  affiliateGroupId?: string | null;
}

export interface UpdateAffiliatesInput {
  affiliateId?: string | null;
  emailAddress?: string | null;
  affiliateLink?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  commissionRate?: number | null;
  affiliateStatus?: string | null;
  commissionPlanId?: string | null;
  affiliateGroupId?: string | null;
}

const LINK_KEY = 'affiliate_links_program_link_key';
const MAX_SLUG_ATTEMPTS = 8;

/** Affiliates: creation with its side effects, updates, deletion and lookups. */
export class AffiliateService {
  constructor(
    private readonly programs: ProgramService,
    private readonly events: EventService,
    private readonly emails: EmailService,
    private readonly promoCodes: PromotionalCodeService,
    private readonly jobs: JobService,
  ) {}

  /** One affiliate by UUID, slug or click id (`id`), else by email; null when nothing matches. `email` is ignored when `id` is set. */
  async findAffiliate(ctx: ServiceContext, args: { programId?: string | null; id?: string | null; email?: string | null }): Promise<Affiliate | null> {
    const program = await this.programs.requireProgram(ctx, args.programId);
    if (args.id != null && args.id !== '') return findAffiliateByLookup(ctx.em, program.id, args.id);
    if (args.email != null && args.email !== '') return findAffiliateByEmail(ctx.em, program.id, args.email);
    return null;
  }

  /** Affiliates of the program in creation order, one page at a time. */
  async listAffiliates(ctx: ServiceContext, programId: string | null | undefined, page: PageArgs): Promise<Page<Affiliate>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const { limit, afterId } = pageWindow(page);
    const rows = await detachedRows(ctx.em, Affiliate, `select * from affiliates where program_id = ?${afterId ? ' and id > ?' : ''} order by id limit ?`, afterId ? [program.id, afterId, limit + 1] : [program.id, limit + 1]);
    return toPage(rows, limit);
  }

  /**
   * Creates an affiliate with its first link (the sent slug, or one generated from the email), enforcing the
   * affiliate limit, then queues the admin notification, the welcome email (active affiliates, unless
   * sendWelcomeEmail is false) and `affiliate.created`, all in one transaction.
   */
  async createAffiliate(ctx: ServiceContext, programId: string | null | undefined, input: CreateAffiliateInput): Promise<Affiliate> {
    const program = await this.programs.requireProgram(ctx, programId);
    const firstName = requireName(input.firstName, 'firstName');
    const lastName = requireName(input.lastName, 'lastName');
    const email = requireEmail(input.email);
    const commissionRate = input.commissionRate != null ? rateToDecimal(input.commissionRate, 'commissionRate') : null;
    const sentStatus = input.affiliateStatus != null ? assertStatus(input.affiliateStatus) : null;
    const sentSlug = input.affiliateLink != null ? input.affiliateLink.trim() : null;
    if (sentSlug !== null) assertValidSlug(sentSlug, 'affiliateLink');

    for (let attempt = 1; ; attempt++) {
      const queued: Email[] = [];
      try {
        const affiliate = await ctx.em.transactional(async (em) => {
          await this.enforceAffiliateLimit(em, program);
          const { plan, group } = await this.checkPlanAndGroup(em, program.id, input.commissionPlanId, input.affiliateGroupId);
          if (await findAffiliateByEmail(em, program.id, email)) throw new DomainError('DUPLICATE', 'An affiliate with this email already exists in this program', [{ field: 'email', message: 'already exists' }]);
          const slug = sentSlug ?? (await this.generateSlug(em, program.id, email));
          if (sentSlug !== null && (await findLinkBySlug(em, program.id, sentSlug))) throw new DomainError('DUPLICATE', 'affiliateLink is already in use', [{ field: 'affiliateLink', message: 'already in use' }]);

          const status: AffiliateStatus = initialStatus(sentStatus, program.autoApproveAffiliates);
          const a = em.create(Affiliate, { programId: program.id, firstName, lastName, email, commissionRate, affiliateStatus: status, commissionPlanId: plan?.id ?? null, affiliateGroupId: group?.id ?? null });
          em.persist(a);
          await em.flush();
          em.persist(em.create(AffiliateLink, { programId: program.id, affiliateId: a.id, link: slug }));
          await em.flush();

          const owner = await em.findOne(User, { id: program.ownerId });
          if (owner) queued.push(this.emails.enqueue(em, program.id, adminNewAffiliateEmail(program, owner.email, a, slug)));
          if (status === 'active' && input.sendWelcomeEmail !== false) {
            queued.push(this.emails.enqueue(em, program.id, affiliateWelcomeEmail(program, a, fullUrls(program.baseUrls, slug).map((u) => u.fullUrl), slug)));
          }
          this.events.record(em, program.id, 'affiliate.created', await affiliateView(createLoaders(em, program.id), program, a));
          await this.promoCodes.createAutomaticCodes(em, program, a);
          await em.flush();
          return a;
        });
        this.emails.afterCommit(queued);
        this.jobs.afterCommit();
        return ctx.em.merge(affiliate);
      } catch (err) {
        // A generated slug can be taken by a concurrent request between our check and insert: pick again.
        if (sentSlug === null && attempt < MAX_SLUG_ATTEMPTS && isUniqueViolation(err, LINK_KEY)) continue;
        throw mapDbError(err);
      }
    }
  }

  /**
   * Updates the affiliate found by `affiliateId` (UUID, slug or click id) or `emailAddress`; `affiliateLink`
   * adds a link, never replacing one. Returns how many affiliates were updated (0 or 1).
   */
  async updateAffiliates(ctx: ServiceContext, programId: string | null | undefined, input: UpdateAffiliatesInput): Promise<number> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!input.affiliateId && !input.emailAddress) throw validationError('affiliateId or emailAddress is required', 'affiliateId');
    const newSlug = input.affiliateLink != null ? input.affiliateLink.trim() : null;
    if (newSlug !== null) assertValidSlug(newSlug, 'affiliateLink');
    const changes: Partial<Affiliate> = {};
    if (input.firstName !== undefined) changes.firstName = requireName(input.firstName, 'firstName');
    if (input.lastName !== undefined) changes.lastName = requireName(input.lastName, 'lastName');
    if (input.email !== undefined) changes.email = requireEmail(input.email);
    if (input.commissionRate !== undefined) changes.commissionRate = input.commissionRate === null ? null : rateToDecimal(input.commissionRate, 'commissionRate');
    if (input.affiliateStatus != null) changes.affiliateStatus = assertStatus(input.affiliateStatus);

    try {
      return await ctx.em.transactional(async (em) => {
        const found = input.affiliateId
          ? await findAffiliateByLookup(em, program.id, input.affiliateId)
          : await findAffiliateByEmail(em, program.id, input.emailAddress!);
        if (!found) return 0;
        await em.lock(found, LockMode.PESSIMISTIC_WRITE);
        const planId = input.commissionPlanId !== undefined ? input.commissionPlanId : found.commissionPlanId;
        const groupId = input.affiliateGroupId !== undefined ? input.affiliateGroupId : found.affiliateGroupId;
        if (input.commissionPlanId !== undefined || input.affiliateGroupId !== undefined) {
          const { plan, group } = await this.checkPlanAndGroup(em, program.id, planId, groupId);
          changes.commissionPlanId = plan?.id ?? null;
          changes.affiliateGroupId = group?.id ?? null;
        }
        if (changes.email && changes.email.toLowerCase() !== found.email.toLowerCase()) {
          const other = await findAffiliateByEmail(em, program.id, changes.email);
          if (other) throw new DomainError('DUPLICATE', 'An affiliate with this email already exists in this program', [{ field: 'email', message: 'already exists' }]);
        }
        em.assign(found, changes);
        if (newSlug !== null) {
          if (await findLinkBySlug(em, program.id, newSlug)) throw new DomainError('DUPLICATE', 'affiliateLink is already in use', [{ field: 'affiliateLink', message: 'already in use' }]);
          em.persist(em.create(AffiliateLink, { programId: program.id, affiliateId: found.id, link: newSlug }));
          found.updatedAt = new Date();
          await this.promoCodes.queueLinkConnection(em, program.id, found.id);
        }
        await em.flush();
        this.events.record(em, program.id, 'affiliate.updated', await affiliateView(createLoaders(em, program.id), program, found));
        await em.flush();
        return 1;
      });
    } catch (err) {
      throw mapDbError(err);
    }
  }

  /** Permanently deletes the affiliate found by UUID or email, with its links, clicks, referrals, sales and commissions. */
  async deleteAffiliate(ctx: ServiceContext, programId: string | null | undefined, affiliateId: string | null | undefined): Promise<{ id: string; email: string } | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    const key = affiliateId?.trim();
    if (!key) throw validationError('affiliateId is required', 'affiliateId');
    return ctx.em.transactional(async (em) => {
      const found = isUuid(key) ? await em.findOne(Affiliate, { programId: program.id, id: key }) : key.includes('@') ? await findAffiliateByEmail(em, program.id, key) : null;
      if (!found) return null;
      const view = await affiliateView(createLoaders(em, program.id), program, found);
      // Foreign keys cascade from the affiliate to its links, clicks and (later domains) referrals, sales, commissions.
      await em.nativeDelete(Affiliate, { programId: program.id, id: found.id });
      this.events.record(em, program.id, 'affiliate.deleted', view);
      await em.flush();
      return { id: found.id, email: found.email };
    });
  }

  /** Serialises creations while a limit is set, so concurrent requests can never exceed it. */
  private async enforceAffiliateLimit(em: EntityManager, program: Program): Promise<void> {
    if (program.affiliateLimit == null) return;
    const [row] = await em.execute<{ affiliate_limit: number | null }[]>('select affiliate_limit from programs where id = ? for update', [program.id]);
    const limit = row?.affiliate_limit;
    if (limit == null) return;
    const count = await em.count(Affiliate, { programId: program.id });
    if (count >= limit) throw new DomainError('LIMIT_REACHED', `This program has reached its affiliate limit of ${limit}`);
  }

  private async checkPlanAndGroup(em: EntityManager, programId: string, planId?: string | null, groupId?: string | null) {
    const group = groupId ? (isUuid(groupId) ? await em.findOne(AffiliateGroup, { programId, id: groupId }) : null) : null;
    if (groupId && !group) throw validationError('affiliateGroupId does not exist in this program', 'affiliateGroupId');
    const plan = planId ? (isUuid(planId) ? await em.findOne(CommissionPlan, { programId, id: planId }) : null) : null;
    if (planId && !plan) throw validationError('commissionPlanId does not exist in this program', 'commissionPlanId');
    if (plan && group && plan.affiliateGroupId !== group.id) throw validationError('The commission plan does not belong to the affiliate group', 'commissionPlanId');
    return { plan, group };
  }

  private async generateSlug(em: EntityManager, programId: string, email: string): Promise<string> {
    const base = slugFromEmail(email);
    // Requests generating from the same base take turns (until their commit), so they pick distinct suffixes.
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`slug:${programId}:${base}`]);
    const rows = await em.execute<{ link: string }[]>(
      `select link from affiliate_links where program_id = ? and (lower(link) = ? or lower(link) like ?)`,
      [programId, base, `${base.replace(/[\\%_]/g, '\\$&')}-%`],
    );
    return firstFreeSlug(base, rows.map((r) => r.link));
  }
}
