import { DomainError, notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { emptyPage, pageWindow, toPage, type ListOrder, type Page, type PageArgs } from '../../common/pagination';
import type { LinkOrderField } from '../../validation/enums';
import { countOf } from '../../db/list-query';
import { inTransaction } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { affiliateFilter, findAffiliateByEmail, findAffiliateByLookup } from '../affiliates/affiliate.finder';
import { affiliateBody } from '../affiliates/affiliate.presenter';
import type { EventService } from '../events/event.service';
import type { JobService } from '../jobs/job.service';
import type { Program } from '../programs/program.entity';
import type { ProgramService } from '../programs/program.service';
import { CONNECT_CODE_LINKS_JOB } from '../promo-codes/promotional-code.service';
import type { AffiliateLink } from '../affiliates/affiliate-link.entity';
import { findLinkById, findLinkBySlug } from '../affiliates/affiliate-link.finder';
import { assertValidSlug } from '../affiliates/affiliate-link.rules';
import {
  assignedCodeCount,
  deleteLinkRow,
  insertLink,
  LINK_SEARCH,
  LINK_SORT,
  linkListQuery,
  linksWithOwners,
  renameLinkRow,
  touchLinkOwner,
} from './link.queries';

/** The links list's filters: GraphQL sends them all, the REST list the first four. */
export interface LinkFilter {
  id?: string | null;
  link?: string | null;
  affiliateId?: string | null;
  affiliateEmail?: string | null;
  search?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

/** Affiliate links: listing, creation, renaming and deletion, each reported as `affiliate.updated` of the owner. */
export class LinkService {
  constructor(
    private readonly programs: ProgramService,
    private readonly events: EventService,
    private readonly jobs: JobService,
  ) {}

  /** Links matching every filter given (all of the program's without filters), in creation order; never null. */
  async listLinks(
    ctx: ServiceContext,
    programId: string | null | undefined,
    filter: LinkFilter,
    page: PageArgs,
    order: ListOrder<LinkOrderField> | null = null,
  ): Promise<Page<AffiliateLink>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const w = pageWindow(page, order);
    if (filter.id != null && !isUuid(filter.id)) return emptyPage();
    const affiliateId = await affiliateFilter(ctx.em, program.id, filter);
    if (affiliateId === null) return emptyPage();
    const q = linkListQuery(program.id)
      .filter(filter.id, 'l.id = ?')
      .filter(filter.link?.trim().toLowerCase(), 'lower(l.link) = ?')
      .filter(affiliateId, 'l.affiliate_id = ?')
      .search(filter.search, LINK_SEARCH)
      .createdBetween('l.created_at', filter.createdAfter, filter.createdBefore)
      .page('l.id', w, w.order ? LINK_SORT[w.order.field as LinkOrderField] : null);
    // The owner comes in the same statement: every link answer shows it.
    const { links, owners, sortValues } = await linksWithOwners(ctx.em, q);
    const loader = ctx.loaders?.for(program.id).affiliateById;
    if (loader) for (const a of owners) loader.prime(a.id, a);
    return toPage(links, w, countOf(ctx.em, q), sortValues);
  }

  /** Adds a link to the affiliate named by `affiliateId` (UUID, slug or click id) or `affiliateEmail`. */
  async createLink(
    ctx: ServiceContext,
    programId: string | null | undefined,
    input: { link: string; affiliateId?: string | null; affiliateEmail?: string | null },
  ): Promise<AffiliateLink> {
    const program = await this.programs.requireProgram(ctx, programId);
    const slug = input.link.trim(); // not blank, at most 200 characters: the edge's check (CreateLinkBody)
    if (!input.affiliateId && !input.affiliateEmail) throw validationError('affiliateId or affiliateEmail is required', 'affiliateId');
    assertValidSlug(slug, 'link');
    return inTransaction(ctx, async (tx) => {
      const { em } = tx;
      const owner = input.affiliateId
        ? await findAffiliateByLookup(em, program.id, input.affiliateId)
        : await findAffiliateByEmail(em, program.id, input.affiliateEmail!);
      if (!owner) throw validationError('The affiliate does not exist in this program', input.affiliateId ? 'affiliateId' : 'affiliateEmail');
      if (await findLinkBySlug(em, program.id, slug))
        throw new DomainError('DUPLICATE', 'This link is already in use', [{ field: 'link', message: 'already in use' }]);
      const link = await insertLink(em, program.id, owner.id, slug);
      // The owner's assigned promotional codes get connected to the new link in the background.
      if (await assignedCodeCount(em, program.id, owner.id)) {
        this.jobs.enqueue(tx, program.id, CONNECT_CODE_LINKS_JOB, { programId: program.id, affiliateId: owner.id });
      }
      await this.ownerUpdated(tx, program, owner.id);
      return link;
    }).finally(() => this.jobs.afterCommit());
  }

  /** Renames a slug found by `id` or current `link`; its clicks, referrals and sales stay attached. */
  async renameLink(
    ctx: ServiceContext,
    programId: string | null | undefined,
    input: { id?: string | null; link?: string | null; newLink: string },
  ): Promise<AffiliateLink> {
    const program = await this.programs.requireProgram(ctx, programId);
    const newLink = input.newLink.trim(); // not blank, at most 200 characters: the edge's check (RenameLinkBody)
    if (!input.id && !input.link) throw validationError('id or link is required', 'id');
    assertValidSlug(newLink, 'newLink');
    return inTransaction(ctx, async (tx) => {
      const { em } = tx;
      const link = await this.findLocked(tx, program.id, input);
      if (!link) throw notFound('No link matches');
      if (link.link === newLink) return link;
      const taken = await findLinkBySlug(em, program.id, newLink);
      if (taken && taken.id !== link.id) throw new DomainError('DUPLICATE', 'newLink is already in use', [{ field: 'newLink', message: 'already in use' }]);
      const at = new Date();
      await renameLinkRow(em, program.id, link.id, newLink, at);
      link.link = newLink;
      link.updatedAt = at;
      await this.ownerUpdated(tx, program, link.affiliateId);
      return link;
    });
  }

  /** Deletes a link found by `id` or `link`; attributed clicks, referrals and sales keep their history with the link cleared. */
  async deleteLink(
    ctx: ServiceContext,
    programId: string | null | undefined,
    input: { id?: string | null; link?: string | null },
  ): Promise<{ id: string; link: string }> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!input.id && !input.link) throw validationError('id or link is required', 'id');
    return inTransaction(ctx, async (tx) => {
      const link = await this.findLocked(tx, program.id, input);
      if (!link) throw notFound('No link matches');
      // Foreign keys from clicks (and referrals, sales) are ON DELETE SET NULL (link_id).
      await deleteLinkRow(tx.em, program.id, link.id);
      await this.ownerUpdated(tx, program, link.affiliateId);
      return { id: link.id, link: link.link };
    });
  }

  /** The link by id or slug, locked for the rest of the transaction so concurrent renames and deletes serialise. */
  private findLocked(tx: ServiceContext, programId: string, input: { id?: string | null; link?: string | null }): Promise<AffiliateLink | null> {
    return input.id ? findLinkById(tx.em, programId, input.id, true) : findLinkBySlug(tx.em, programId, input.link!, true);
  }

  private async ownerUpdated(tx: ServiceContext, program: Program, affiliateId: string): Promise<void> {
    const owner = await touchLinkOwner(tx.em, program.id, affiliateId, new Date());
    if (!owner) return;
    this.events.record(tx, program.id, 'affiliate.updated', await affiliateBody(tx.em, program, owner));
  }
}
