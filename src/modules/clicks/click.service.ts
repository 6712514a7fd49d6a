import { createHmac } from 'node:crypto';
import { DomainError, notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import type { ServiceContext } from '../service-context';
import { inTransaction } from '../../db/unit-of-work';
import type { AffiliateLink } from '../links/affiliate-link.entity';
import { findLinkBySlug } from '../links/link.finder';
import { fullUrl, trackingUrl } from '../links/link.rules';
import type { ProgramService } from '../programs/program.service';
import type { Click } from './click.entity';
import { bumpClickCounters, clickSettings, insertClick, lockVisitor, programsWithSlug, visitorClickSince } from './click.queries';

export interface ClickMeta {
  referrer?: string | null;
  userAgent?: string | null;
  ip?: string | null;
  landingUrl?: string | null;
}

const clip = (v: string | null | undefined, n: number) => (v ? v.slice(0, n) : null);

/** Repeated clicks by one visitor on one link within this time of the counted click count once (DESIGN.md). */
export const REPEAT_CLICK_WINDOW_MS = 30 * 60_000;

/**
 * Visits through affiliate links: a click row, and the link's and affiliate's counters, in one transaction.
 * `origin` is this server's public origin, for the links' tracking URLs.
 */
export class ClickService {
  constructor(
    private readonly programs: ProgramService,
    private readonly origin: string,
  ) {}

  /** The link's tracking URL: `<origin>/r/<program id>/<slug>`. */
  trackingUrl(link: Pick<AffiliateLink, 'programId' | 'link'>): string {
    return trackingUrl(this.origin, link.programId, link.link);
  }

  /**
   * Records a click reported by the program's own server (POST /clicks) for a slug of the program. With the
   * visitor's `ip` it is de-duplicated like a public visit (a repeat answers the counted click); without, each counts.
   */
  async recordClick(ctx: ServiceContext, programId: string | null | undefined, slug: string, meta: ClickMeta): Promise<{ click: Click; link: AffiliateLink }> {
    const program = await this.programs.requireProgram(ctx, programId);
    // The slug is not blank and at most 200 characters: the edge's check (RecordClickBody).
    const link = await findLinkBySlug(ctx.em, program.id, slug.trim());
    if (!link) throw notFound('No link with this slug in this program');
    const { hashKey } = await this.programSettings(ctx, program.id);
    const click = await this.count(ctx, link, hashKey, meta);
    return { click, link };
  }

  /**
   * Public tracking (GET /r/<program id>/<slug>, and the older GET /r/<slug>): records the click (once per
   * visitor and link per 30 minutes) and answers where to redirect: the program's first base URL (or `to` when
   * it lies under one of the program's base URLs) with ref and click_id added; a repeat carries the counted
   * click's id. Without a program a slug must be in exactly one program; no redirect ever leaves the program's URLs.
   * The visitor is anonymous (anonymousContext).
   */
  async trackVisit(ctx: ServiceContext, slug: string, programId: string | undefined, to: string | undefined, meta: ClickMeta): Promise<string> {
    if (!/^[A-Za-z0-9-]{1,100}$/.test(slug)) throw notFound('No such link');
    const { em } = ctx;
    let link: AffiliateLink | null;
    if (programId) {
      link = isUuid(programId) ? await findLinkBySlug(em, programId, slug) : null;
    } else {
      const programIds = await programsWithSlug(em, slug);
      if (programIds.length > 1)
        throw new DomainError('NOT_FOUND', "This link exists in several programs; use the link's trackingUrl (/r/<program id>/<slug>)");
      link = programIds.length ? await findLinkBySlug(em, programIds[0], slug) : null;
    }
    if (!link) throw notFound('No such link');
    const program = await this.programSettings(ctx, link.programId);
    const base = this.destination(program.baseUrls, to);
    if (!base) throw notFound('This program has no base URL to send visitors to');
    const click = await this.count(ctx, link, program.hashKey, meta);
    return fullUrl(base, link.link, { click_id: click.id });
  }

  /** What a click needs of its program, in one statement: where to send visitors and the key of its hashes (never shown). */
  private async programSettings(ctx: ServiceContext, programId: string): Promise<{ baseUrls: string[]; hashKey: string }> {
    const settings = await clickSettings(ctx.em, programId);
    if (!settings) throw notFound('No such program');
    return settings;
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

  /**
   * Counts a click unless the same visitor (keyed hash of address + user agent) has a counted click on this link
   * within the window: then that click is the answer and nothing changes. A transaction-scoped advisory lock on
   * (link, visitor) makes the look-then-insert hold under concurrent requests; other visitors do not wait.
   */
  private async count(ctx: ServiceContext, link: AffiliateLink, hashKey: string, meta: ClickMeta): Promise<Click> {
    const hash = (v: string) => createHmac('sha256', hashKey).update(v).digest('hex');
    // Without an address there is no visitor to recognise: each such click counts.
    const visitorHash = meta.ip ? hash(`${meta.ip}\n${meta.userAgent ?? ''}`) : null;
    return inTransaction(ctx, async ({ em: tem }) => {
      if (visitorHash) {
        await lockVisitor(tem, link.id, visitorHash);
        const repeat = await visitorClickSince(tem, link.programId, link.id, visitorHash, new Date(Date.now() - REPEAT_CLICK_WINDOW_MS));
        if (repeat) return repeat;
      }
      const click = await insertClick(tem, {
        programId: link.programId,
        affiliateId: link.affiliateId,
        linkId: link.id,
        referrer: clip(meta.referrer, 2000),
        userAgent: clip(meta.userAgent, 500),
        // The address is kept only as a hash keyed by the program's secret, so it can count uniques but not be read back.
        ipHash: meta.ip ? hash(meta.ip) : null,
        visitorHash,
        landingUrl: clip(meta.landingUrl, 2000),
      });
      await bumpClickCounters(tem, link.programId, link.id, link.affiliateId);
      return click;
    });
  }
}
