import { countOf } from '../../db/list-query';
import { DomainError, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { toPage, pageWindow, type ListOrder, type Page, type PageArgs } from '../../common/pagination';
import type { AffiliateOrderField } from '../../validation/enums';
import { isDuplicate } from '../../db/db-errors';
import { inTransaction } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { findAffiliateGroup } from '../affiliate-groups/affiliate-group.finder';
import { findCommissionPlan } from '../commission-plans/commission-plan.finder';
import type { Email } from '../emails/email.entity';
import type { EmailService } from '../emails/email.service';
import { adminNewAffiliateEmail, affiliateApprovedEmail, affiliateWelcomeEmail, type EmailLinks } from '../emails/email.templates';
import type { EventService } from '../events/event.service';
import type { JobService } from '../jobs/job.service';
import { findLinkBySlug, findLinksOfAffiliate } from './affiliate-link.finder';
import { assertValidSlug, firstFreeSlug, shareUrls, slugFromEmail } from './affiliate-link.rules';
import type { Program } from '../programs/program.entity';
import { rateToDecimal } from '../programs/program.rules';
import type { ProgramService } from '../programs/program.service';
import type { AffiliateCodes } from './affiliate-codes';
import { findUserById } from '../users/user.finder';
import type { Affiliate, AffiliateStatus } from './affiliate.entity';
import { findAffiliateByEmail, findAffiliateById, findAffiliateByLookup, findAffiliateWithLinks } from './affiliate.finder';
import {
  affiliateCount,
  affiliatesPage,
  type AffiliatesFilter,
  deleteAffiliateRow,
  hasWaitingPayouts,
  lockAffiliateWithCommissions,
  insertAffiliate,
  insertAffiliateLink,
  lockAffiliate,
  lockedAffiliateLimit,
  lockSlugBase,
  slugsLike,
  updateAffiliateRow,
  type AffiliateChanges,
} from './affiliate.queries';
import { initialStatus } from './affiliate.rules';
import { affiliateBody } from './affiliate.presenter';

/**
 * Inputs as the edge accepted them (src/validation/schemas/affiliates.schemas.ts): names and emails present and
 * bounded, rates 0..100, statuses one of AFFILIATE_STATUSES.
 */
export interface CreateAffiliateInput {
  firstName: string;
  lastName: string;
  email: string;
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

const emailTaken = () =>
  new DomainError('DUPLICATE', 'An affiliate with this email already exists in this program', [{ field: 'email', message: 'already exists' }]);
const slugTaken = () => new DomainError('DUPLICATE', 'affiliateLink is already in use', [{ field: 'affiliateLink', message: 'already in use' }]);

/** Affiliates: creation with its side effects, updates, deletion and lookups. */
export class AffiliateService {
  constructor(
    private readonly programs: ProgramService,
    private readonly events: EventService,
    private readonly emails: EmailService,
    private readonly codes: AffiliateCodes,
    private readonly jobs: JobService,
    private readonly links: EmailLinks,
  ) {}

  /** One affiliate by UUID, slug or click id (`id`), else by email; null when nothing matches. `email` is ignored when `id` is set. */
  async findAffiliate(ctx: ServiceContext, args: { programId?: string | null; id?: string | null; email?: string | null }): Promise<Affiliate | null> {
    const program = await this.programs.requireProgram(ctx, args.programId);
    if (args.id != null && args.id !== '') {
      // By UUID: the affiliate and the links its answer lists, in one statement.
      const found = await findAffiliateWithLinks(ctx.em, program.id, args.id);
      if (found) {
        ctx.loaders?.for(program.id).linksByAffiliateId.prime(found.affiliate.id, found.links);
        return found.affiliate;
      }
      return findAffiliateByLookup(ctx.em, program.id, args.id);
    }
    if (args.email != null && args.email !== '') return findAffiliateByEmail(ctx.em, program.id, args.email);
    return null;
  }

  /** Affiliates of the program matching the filter, in creation order or the one asked, one page at a time. */
  async listAffiliates(
    ctx: ServiceContext,
    programId: string | null | undefined,
    page: PageArgs,
    filter: AffiliatesFilter = {},
    order: ListOrder<AffiliateOrderField> | null = null,
  ): Promise<Page<Affiliate>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const w = pageWindow(page, order);
    const { rows, sortValues, q } = await affiliatesPage(ctx.em, program.id, filter, w);
    return toPage(rows, w, countOf(ctx.em, q), sortValues);
  }

  /**
   * Creates an affiliate with its first link (the sent slug, or one generated from the email), enforcing the
   * affiliate limit, then queues the admin notification, the welcome email (active and pending affiliates, unless
   * sendWelcomeEmail is false) and `affiliate.created`, all in one transaction.
   */
  async createAffiliate(ctx: ServiceContext, programId: string | null | undefined, input: CreateAffiliateInput): Promise<Affiliate> {
    const program = await this.programs.requireProgram(ctx, programId);
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    const email = input.email.trim();
    const commissionRate = input.commissionRate != null ? rateToDecimal(input.commissionRate, 'commissionRate') : null;
    const sentStatus = (input.affiliateStatus ?? null) as AffiliateStatus | null;
    const sentSlug = input.affiliateLink != null ? input.affiliateLink.trim() : null;
    if (sentSlug !== null) assertValidSlug(sentSlug, 'affiliateLink');

    for (let attempt = 1; ; attempt++) {
      const queued: Email[] = [];
      try {
        const affiliate = await inTransaction(ctx, async (tx) => {
          const { em } = tx;
          await this.enforceAffiliateLimit(tx, program);
          const { plan, group } = await this.checkPlanAndGroup(tx, program.id, input.commissionPlanId, input.affiliateGroupId);
          if (await findAffiliateByEmail(em, program.id, email)) throw emailTaken();
          const slug = sentSlug ?? (await this.generateSlug(tx, program.id, email));
          if (sentSlug !== null && (await findLinkBySlug(em, program.id, sentSlug))) throw slugTaken();

          const status: AffiliateStatus = initialStatus(sentStatus, program.autoApproveAffiliates);
          const a = await insertAffiliate(em, {
            programId: program.id,
            firstName,
            lastName,
            email,
            commissionRate,
            affiliateStatus: status,
            commissionPlanId: plan?.id ?? null,
            affiliateGroupId: group?.id ?? null,
          });
          await insertAffiliateLink(em, program.id, a.id, slug);

          queued.push(...(await this.queueCreationEmails(tx, program, a, slug, input.sendWelcomeEmail !== false)));
          this.events.record(tx, program.id, 'affiliate.created', await affiliateBody(em, program, a));
          await this.codes.createAutomaticCodes(tx, program, a);
          return a; // the unit of work writes the queued emails, event and jobs as it commits
        });
        this.emails.afterCommit(queued);
        this.jobs.afterCommit();
        return affiliate;
      } catch (err) {
        // A generated slug can be taken by a concurrent request between our check and insert: pick again.
        if (sentSlug === null && attempt < MAX_SLUG_ATTEMPTS && isDuplicate(err, LINK_KEY)) continue;
        throw err;
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
    const changes: AffiliateChanges = {};
    // firstName, lastName and email are never null here (the edge refuses a null one: they cannot be cleared).
    if (input.firstName != null) changes.firstName = input.firstName.trim();
    if (input.lastName != null) changes.lastName = input.lastName.trim();
    if (input.email != null) changes.email = input.email.trim();
    if (input.commissionRate !== undefined)
      changes.commissionRate = input.commissionRate === null ? null : rateToDecimal(input.commissionRate, 'commissionRate');
    if (input.affiliateStatus != null) changes.affiliateStatus = input.affiliateStatus as AffiliateStatus;

    const queued: Email[] = [];
    const count = await inTransaction(ctx, async (tx) => {
      queued.length = 0; // a retried unit of work queues again
      const { em } = tx;
      const found = input.affiliateId
        ? await findAffiliateByLookup(em, program.id, input.affiliateId)
        : await findAffiliateByEmail(em, program.id, input.emailAddress!);
      if (!found) return 0;
      await lockAffiliate(em, program.id, found.id);
      if (input.commissionPlanId !== undefined || input.affiliateGroupId !== undefined) {
        const planId = input.commissionPlanId !== undefined ? input.commissionPlanId : found.commissionPlanId;
        const groupId = input.affiliateGroupId !== undefined ? input.affiliateGroupId : found.affiliateGroupId;
        const { plan, group } = await this.checkPlanAndGroup(tx, program.id, planId, groupId);
        changes.commissionPlanId = plan?.id ?? null;
        changes.affiliateGroupId = group?.id ?? null;
      }
      if (changes.email && changes.email.toLowerCase() !== found.email.toLowerCase() && (await findAffiliateByEmail(em, program.id, changes.email)))
        throw emailTaken();
      if (newSlug !== null) {
        if (await findLinkBySlug(em, program.id, newSlug)) throw slugTaken();
        await insertAffiliateLink(em, program.id, found.id, newSlug);
        await this.codes.queueLinkConnection(tx, program.id, found.id);
      }
      // Like a flush: only the values that differ are written, and updated_at only when something is.
      const changed = Object.fromEntries(Object.entries(changes).filter(([k, v]) => found[k as keyof AffiliateChanges] !== v)) as AffiliateChanges;
      const updated = Object.keys(changed).length || newSlug !== null ? await updateAffiliateRow(em, program.id, found.id, changed, new Date()) : found;
      if (found.affiliateStatus === 'pending' && updated?.affiliateStatus === 'active') queued.push(await this.queueApprovedEmail(tx, program, updated));
      this.events.record(tx, program.id, 'affiliate.updated', await affiliateBody(em, program, updated ?? found));
      return 1;
    });
    this.emails.afterCommit(queued);
    return count;
  }

  /**
   * Turns the affiliate's notification emails on or off (its portal, a one-click unsubscribe link) in the caller's
   * transaction; the affiliate as it is now, or null when it is gone. No event: preferences are not in its body.
   */
  setEmailPreferences(
    tx: ServiceContext,
    programId: string,
    affiliateId: string,
    changes: Pick<AffiliateChanges, 'notifyNewCommission' | 'notifyPayoutSent'>,
  ): Promise<Affiliate | null> {
    return updateAffiliateRow(tx.em, programId, affiliateId, changes, new Date());
  }

  /**
   * Permanently deletes the affiliate found by UUID or email, with its links, clicks, referrals, sales and commissions
   * (its payouts stay, without it). Refused while one of its payouts waits or is being paid.
   */
  async deleteAffiliate(ctx: ServiceContext, programId: string | null | undefined, affiliateId: string): Promise<{ id: string; email: string } | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    const key = affiliateId.trim();
    return inTransaction(ctx, async (tx) => {
      const { em } = tx;
      const found = isUuid(key) ? await findAffiliateById(em, program.id, key) : key.includes('@') ? await findAffiliateByEmail(em, program.id, key) : null;
      if (!found) return null;
      // A batch making a payout for it right now commits first, and its payout is then seen below.
      await lockAffiliateWithCommissions(em, program.id, found.id);
      if (await hasWaitingPayouts(em, program.id, found.id))
        throw validationError(
          'This affiliate has a payout being paid: mark it paid or failed (or send its batch) before deleting the affiliate',
          'affiliateId',
        );
      const view = await affiliateBody(em, program, found);
      // Foreign keys cascade from the affiliate to its links, clicks and (later domains) referrals, sales, commissions.
      await deleteAffiliateRow(em, program.id, found.id);
      this.events.record(tx, program.id, 'affiliate.deleted', view);
      return { id: found.id, email: found.email };
    });
  }

  /** The owner's notification, and the welcome (active: the link to share; pending: application received) unless not wanted. */
  private async queueCreationEmails(tx: ServiceContext, program: Program, a: Affiliate, slug: string, welcome: boolean): Promise<Email[]> {
    const queued: Email[] = [];
    const owner = await findUserById(tx.em, program.ownerId);
    if (owner) queued.push(this.emails.enqueue(tx, program.id, adminNewAffiliateEmail(program, owner.email, a, slug, this.links.dashboardUrl)));
    if (welcome && (a.affiliateStatus === 'active' || a.affiliateStatus === 'pending')) {
      const portal = program.portalEnabled ? { portalUrl: this.links.portalUrl(program) } : undefined;
      queued.push(this.emails.enqueue(tx, program.id, affiliateWelcomeEmail(program, a, shareUrls(program.baseUrls, slug), slug, portal)));
    }
    return queued;
  }

  /** An application accepted: the affiliate's first link to share, and its portal. */
  private async queueApprovedEmail(tx: ServiceContext, program: Program, a: Affiliate): Promise<Email> {
    const slug = (await findLinksOfAffiliate(tx.em, program.id, a.id))[0]?.link ?? '';
    const portalUrl = program.portalEnabled ? this.links.portalUrl(program) : undefined;
    return this.emails.enqueue(tx, program.id, affiliateApprovedEmail(program, a, shareUrls(program.baseUrls, slug), slug, portalUrl));
  }

  /** Serialises creations while a limit is set, so concurrent requests can never exceed it. */
  private async enforceAffiliateLimit(tx: ServiceContext, program: Program): Promise<void> {
    if (program.affiliateLimit == null) return;
    const limit = await lockedAffiliateLimit(tx.em, program.id);
    if (limit == null) return;
    if ((await affiliateCount(tx.em, program.id)) >= limit) throw new DomainError('LIMIT_REACHED', `This program has reached its affiliate limit of ${limit}`);
  }

  private async checkPlanAndGroup(tx: ServiceContext, programId: string, planId?: string | null, groupId?: string | null) {
    const group = groupId ? await findAffiliateGroup(tx.em, programId, groupId) : null;
    if (groupId && !group) throw validationError('affiliateGroupId does not exist in this program', 'affiliateGroupId');
    const plan = planId ? await findCommissionPlan(tx.em, programId, planId) : null;
    if (planId && !plan) throw validationError('commissionPlanId does not exist in this program', 'commissionPlanId');
    if (plan && group && plan.affiliateGroupId !== group.id)
      throw validationError('The commission plan does not belong to the affiliate group', 'commissionPlanId');
    return { plan, group };
  }

  private async generateSlug(tx: ServiceContext, programId: string, email: string): Promise<string> {
    const base = slugFromEmail(email);
    await lockSlugBase(tx.em, programId, base);
    return firstFreeSlug(base, await slugsLike(tx.em, programId, base));
  }
}
