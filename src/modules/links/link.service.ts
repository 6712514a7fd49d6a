import { DomainError, notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { pageWindow, toPage, type Page, type PageArgs } from '../../common/pagination';
import type { ServiceContext } from '../../common/service-context';
import { mapDbError } from '../../db/db-errors';
import { createLoaders } from '../../db/loaders';
import { Affiliate } from '../affiliates/affiliate.entity';
import { affiliateFilter, findAffiliateByEmail, findAffiliateByLookup, findLinkBySlug } from '../affiliates/affiliate.finder';
import { joinedColumns, toDetached } from '../../db/rows';
import { Where } from '../../db/where';
import { affiliateView } from '../affiliates/affiliate.view';
import type { EventService } from '../events/event.service';
import type { Program } from '../programs/program.entity';
import type { ProgramService } from '../programs/program.service';
import { AffiliateLink } from './affiliate-link.entity';
import { assertValidSlug } from './link.rules';
import type { JobService } from '../jobs/job.service';
import { PromotionalCode } from '../promo-codes/promotional-code.entity';
import { CONNECT_CODE_LINKS_JOB } from '../promo-codes/promotional-code.service';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface LinkFilter {
  id?: string | null;
  link?: string | null;
  affiliateId?: string | null;
  affiliateEmail?: string | null;
}

/** Affiliate links: listing, creation, renaming and deletion, each reported as `affiliate.updated` of the owner. */
export class LinkService {
  constructor(private readonly programs: ProgramService, private readonly events: EventService, private readonly jobs: JobService) {}

  /** Links matching every filter given (all of the program's without filters), in creation order; never null. */
  async listLinks(ctx: ServiceContext, programId: string | null | undefined, filter: LinkFilter, page: PageArgs): Promise<Page<AffiliateLink>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const { limit, afterId } = pageWindow(page);
    const empty = { nodes: [], hasNextPage: false, endCursor: null };
    const where = new Where('l.program_id = ?', program.id);
    if (filter.id != null) {
      if (!isUuid(filter.id)) return empty;
      where.and('l.id = ?', filter.id);
    }
    if (filter.link != null) where.and('lower(l.link) = ?', filter.link.trim().toLowerCase());
    const affiliateId = await affiliateFilter(ctx.em, program.id, filter);
    if (affiliateId === null) return empty;
    if (affiliateId) where.and('l.affiliate_id = ?', affiliateId);
    if (afterId) where.and('l.id > ?', afterId);
    // The owner comes in the same statement: every link answer shows it.
    const raw = await ctx.em.execute<Array<Record<string, unknown>>>(
      `select l.*, ${joinedColumns(ctx.em, Affiliate, 'a', 'owner__')} from affiliate_links l join affiliates a on a.program_id = l.program_id and a.id = l.affiliate_id
        where ${where} order by l.id limit ?`,
      [...where.params, limit + 1],
    );
    const rows = toDetached(ctx.em, AffiliateLink, raw);
    const owners = ctx.loaders?.for(program.id).affiliateById;
    if (owners) for (const a of toDetached(ctx.em, Affiliate, raw, 'owner__')) owners.prime(a.id, a);
    return toPage(rows, limit);
  }

  /** Adds a link to the affiliate named by `affiliateId` (UUID, slug or click id) or `affiliateEmail`. */
  async createLink(ctx: ServiceContext, programId: string | null | undefined, input: { link?: string | null; affiliateId?: string | null; affiliateEmail?: string | null }): Promise<AffiliateLink> {
    const program = await this.programs.requireProgram(ctx, programId);
    const slug = input.link?.trim();
    if (!slug) throw validationError('link is required', 'link');
    if (!input.affiliateId && !input.affiliateEmail) throw validationError('affiliateId or affiliateEmail is required', 'affiliateId');
    assertValidSlug(slug, 'link');
    try {
      return await ctx.em.transactional(async (em) => {
        const owner = input.affiliateId ? await findAffiliateByLookup(em, program.id, input.affiliateId) : await findAffiliateByEmail(em, program.id, input.affiliateEmail!);
        if (!owner) throw validationError('The affiliate does not exist in this program', input.affiliateId ? 'affiliateId' : 'affiliateEmail');
        if (await findLinkBySlug(em, program.id, slug)) throw new DomainError('DUPLICATE', 'This link is already in use', [{ field: 'link', message: 'already in use' }]);
        const link = em.create(AffiliateLink, { programId: program.id, affiliateId: owner.id, link: slug });
        em.persist(link);
        await em.flush();
        // The owner's assigned promotional codes get connected to the new link in the background.
        if (await em.count(PromotionalCode, { programId: program.id, affiliateId: owner.id })) {
          this.jobs.enqueue(em, program.id, CONNECT_CODE_LINKS_JOB, { programId: program.id, affiliateId: owner.id });
        }
        await this.ownerUpdated(em, program, owner.id);
        return link;
      }).finally(() => this.jobs.afterCommit());
    } catch (err) {
      throw mapDbError(err);
    }
  }

  /** Renames a slug found by `id` or current `link`; its clicks, referrals and sales stay attached. */
  async renameLink(ctx: ServiceContext, programId: string | null | undefined, input: { id?: string | null; link?: string | null; newLink?: string | null }): Promise<AffiliateLink> {
    const program = await this.programs.requireProgram(ctx, programId);
    const newLink = input.newLink?.trim();
    if (!newLink) throw validationError('newLink is required', 'newLink');
    if (!input.id && !input.link) throw validationError('id or link is required', 'id');
    assertValidSlug(newLink, 'newLink');
    try {
      return await ctx.em.transactional(async (em) => {
        const link = await this.findOne(em, program.id, input);
        if (!link) throw notFound('No link matches');
        if (link.link === newLink) return link;
        const taken = await findLinkBySlug(em, program.id, newLink);
        if (taken && taken.id !== link.id) throw new DomainError('DUPLICATE', 'newLink is already in use', [{ field: 'newLink', message: 'already in use' }]);
        link.link = newLink;
        await em.flush();
        await this.ownerUpdated(em, program, link.affiliateId);
        return link;
      });
    } catch (err) {
      throw mapDbError(err);
    }
  }

  /** Deletes a link found by `id` or `link`; attributed clicks, referrals and sales keep their history with the link cleared. */
  async deleteLink(ctx: ServiceContext, programId: string | null | undefined, input: { id?: string | null; link?: string | null }): Promise<{ id: string; link: string }> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!input.id && !input.link) throw validationError('id or link is required', 'id');
    return ctx.em.transactional(async (em) => {
      const link = await this.findOne(em, program.id, input);
      if (!link) throw notFound('No link matches');
      // Foreign keys from clicks (and referrals, sales) are ON DELETE SET NULL (link_id).
      await em.nativeDelete(AffiliateLink, { programId: program.id, id: link.id });
      await this.ownerUpdated(em, program, link.affiliateId);
      return { id: link.id, link: link.link };
    });
  }

  /** The link by id or slug, locked for the rest of the transaction so concurrent renames and deletes serialise. */
  private async findOne(em: EntityManager, programId: string, input: { id?: string | null; link?: string | null }): Promise<AffiliateLink | null> {
    if (input.id) return isUuid(input.id) ? em.findOne(AffiliateLink, { programId, id: input.id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
    return findLinkBySlug(em, programId, input.link!, true);
  }

  private async ownerUpdated(em: EntityManager, program: Program, affiliateId: string): Promise<void> {
    const owner = await em.findOne(Affiliate, { programId: program.id, id: affiliateId });
    if (!owner) return;
    owner.updatedAt = new Date();
    await em.flush();
    this.events.record(em, program.id, 'affiliate.updated', await affiliateView(createLoaders(em, program.id), program, owner));
    await em.flush();
  }
}
