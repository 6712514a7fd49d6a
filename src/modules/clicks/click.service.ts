import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import type { ServiceContext } from '../../common/service-context';
import { findLinkBySlug } from '../affiliates/affiliate.finder';
import type { AffiliateLink } from '../links/affiliate-link.entity';
import { fullUrl } from '../links/link.rules';
import { Program } from '../programs/program.entity';
import type { ProgramService } from '../programs/program.service';
import { Click } from './click.entity';

export interface ClickMeta {
  referrer?: string | null;
  userAgent?: string | null;
  ip?: string | null;
  landingUrl?: string | null;
}

const clip = (v: string | null | undefined, n: number) => (v ? v.slice(0, n) : null);

/** Visits through affiliate links: a click row, and the link's and affiliate's counters, in one transaction. */
export class ClickService {
  constructor(private readonly programs: ProgramService) {}

  /** Records a click reported by the program's own server (POST /clicks) for a slug of the program. */
  async recordClick(ctx: ServiceContext, programId: string | null | undefined, slug: string | null | undefined, meta: ClickMeta): Promise<{ click: Click; link: AffiliateLink }> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!slug?.trim()) throw validationError('link is required', 'link');
    const link = await findLinkBySlug(ctx.em, program.id, slug.trim());
    if (!link) throw notFound('No link with this slug in this program');
    const click = await this.insert(ctx.em, link, meta);
    return { click, link };
  }

  /**
   * Public tracking (GET /r/:slug): records the click and answers where to redirect: the program's first
   * base URL (or `to` when it lies under one of the program's base URLs) with ref and click_id added.
   * A slug used by several programs needs `program` to choose; no redirect ever leaves the program's URLs.
   */
  async trackVisit(em: EntityManager, slug: string, programId: string | undefined, to: string | undefined, meta: ClickMeta): Promise<string> {
    if (!/^[A-Za-z0-9-]{1,100}$/.test(slug)) throw notFound('No such link');
    let link: AffiliateLink | null;
    if (programId) {
      link = isUuid(programId) ? await findLinkBySlug(em, programId, slug) : null;
    } else {
      const rows = await em.execute<{ program_id: string }[]>('select program_id from affiliate_links where lower(link) = ? limit 2', [slug.toLowerCase()]);
      if (rows.length > 1) throw new DomainError('NOT_FOUND', 'This link exists in several programs; add ?program=<program id>');
      link = rows.length ? await findLinkBySlug(em, rows[0].program_id, slug) : null;
    }
    if (!link) throw notFound('No such link');
    const program = await em.findOneOrFail(Program, { id: link.programId });
    const base = this.destination(program.baseUrls, to);
    if (!base) throw notFound('This program has no base URL to send visitors to');
    const click = await this.insert(em, link, meta);
    return fullUrl(base, link.link, { click_id: click.id });
  }

  private destination(baseUrls: string[], to: string | undefined): string | undefined {
    if (to) {
      for (const b of baseUrls) {
        try {
          const t = new URL(to);
          const u = new URL(b);
          // Same origin, and the base path itself or below it as whole segments ("/landing" admits "/landing/x", not "/landing-evil").
          const basePath = u.pathname.replace(/\/+$/, '');
          const under = t.pathname === basePath || t.pathname === `${basePath}/` || t.pathname.startsWith(`${basePath}/`);
          if (t.origin === u.origin && under) return t.toString();
        } catch {
          /* not a URL: ignored */
        }
      }
    }
    return baseUrls[0];
  }

  private async insert(em: EntityManager, link: AffiliateLink, meta: ClickMeta): Promise<Click> {
    return em.transactional(async (tem) => {
      const click = tem.create(Click, {
        programId: link.programId,
        affiliateId: link.affiliateId,
        linkId: link.id,
        referrer: clip(meta.referrer, 2000),
        userAgent: clip(meta.userAgent, 500),
        // The address is kept only as a keyed hash, per program, so it can count uniques but not be read back.
        ipHash: meta.ip ? createHmac('sha256', link.programId).update(meta.ip).digest('hex') : null,
        landingUrl: clip(meta.landingUrl, 2000),
      });
      tem.persist(click);
      await tem.flush();
      await tem.execute('update affiliate_links set clicks = clicks + 1 where id = ?', [link.id]);
      await tem.execute('update affiliates set number_of_clicks = number_of_clicks + 1 where id = ?', [link.affiliateId]);
      return click;
    });
  }
}
