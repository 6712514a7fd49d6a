import { createHmac } from 'node:crypto';
import { addressBucket } from '../../common/client-address';
import { notFound } from '../../common/errors';
import { isClickId, isUuid } from '../../common/ids';
import type { ServiceContext } from '../service-context';
import { inTransaction } from '../../db/unit-of-work';
import type { AffiliateLink } from '../affiliates/affiliate-link.entity';
import { findLinkBySlug } from '../affiliates/affiliate-link.finder';
import { fullUrl, trackingUrl } from '../affiliates/affiliate-link.rules';
import type { AttributionModel } from '../programs/program.rules';
import type { ProgramService } from '../programs/program.service';
import type { Click } from './click.entity';
import { bumpClickCounters, clickSettings, insertClick, linkClickSince, lockVisitor, programsWithSlug, visitorClickSince } from './click.queries';
import { isKnownBot } from './click.rules';

export interface ClickMeta {
  referrer?: string | null;
  userAgent?: string | null;
  ip?: string | null;
  landingUrl?: string | null;
}

/** A click the tracker (tracker.js) reports from the visitor's browser on the program's site. */
export interface PublicClickInput {
  /** The `ref` of the page's URL: a slug of the program. */
  ref: string;
  /** The `click_id` of the page's URL, when the visitor came through the link's trackingUrl (counted there). */
  clickId?: string | null;
  landingUrl?: string | null;
  referrer?: string | null;
}

/** What the tracker keeps: the click id for its cookie (null: nothing recorded, a known robot) and the program's cookie rules. */
export interface PublicClickResult {
  clickId: number | null;
  /** Whether this call counted a new click (not a repeat, a click counted at /r/..., or a robot). */
  counted: boolean;
  cookieWindowDays: number;
  attributionModel: AttributionModel;
}

/** Where a visit through /r/... goes: on to `location` (302), or nowhere, a page saying `notFound` (404). */
export type Visit = { location: string; notFound?: undefined } | { notFound: string; location?: undefined };

/** What a visitor reads when a tracking URL leads nowhere. */
export const NO_SUCH_LINK = 'This link does not lead anywhere. Check the address, or ask whoever shared it for a new one.';
export const LINK_INACTIVE = 'This link is no longer active.';

const SLUG_RE = /^[A-Za-z0-9-]{1,100}$/;
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
   * A known robot's `userAgent` records nothing (click null), as at /r/... and the tracker's endpoint.
   */
  async recordClick(
    ctx: ServiceContext,
    programId: string | null | undefined,
    slug: string,
    meta: ClickMeta,
  ): Promise<{ click: Click | null; link: AffiliateLink }> {
    const program = await this.programs.requireProgram(ctx, programId);
    // The slug is not blank and at most 200 characters: the edge's check (RecordClickBody).
    const link = await findLinkBySlug(ctx.em, program.id, slug.trim());
    if (!link) throw notFound('No link with this slug in this program');
    if (isKnownBot(meta.userAgent)) return { click: null, link };
    const { hashKey } = await this.programSettings(ctx, program.id);
    const { click } = await this.count(ctx, link, hashKey, meta);
    return { click, link };
  }

  /**
   * A click reported by the tracker from the visitor's browser on the program's site (POST /api/v1/public/clicks,
   * with the program's publishable key): `ref` names the link. With the `click_id` the trackingUrl added, that
   * click (on this link, counted in the last 30 minutes, or by this visitor within the cookie window) is the
   * answer and nothing is counted again; an unknown, stale or other link's click id is ignored and the visit counts like one without. Otherwise it counts once per
   * visitor and link per 30 minutes (the caller's address and User-Agent, like /r/...). A known robot is answered
   * without a click. The answer carries the program's cookie window and attribution model for the cookie.
   */
  async recordPublicClick(ctx: ServiceContext, input: PublicClickInput): Promise<PublicClickResult> {
    const program = await this.programs.requireProgram(ctx);
    const rules = { cookieWindowDays: program.cookieWindowDays, attributionModel: program.attributionModel };
    const slug = input.ref.trim();
    const link = SLUG_RE.test(slug) ? await findLinkBySlug(ctx.em, program.id, slug) : null;
    if (!link) throw notFound('No link with this ref in this program');
    if (isKnownBot(ctx.userAgent)) return { clickId: null, counted: false, ...rules };
    const { hashKey } = await this.programSettings(ctx, program.id);
    const meta = { referrer: input.referrer, landingUrl: input.landingUrl, userAgent: ctx.userAgent ?? null, ip: ctx.clientIp || null };
    const given = input.clickId?.trim();
    if (given && isClickId(given)) {
      // That link's click from the last 30 minutes (the redirect just now), or, within the cookie window, this
      // same visitor's (a reload, a restored tab, a bookmark of the landing page): kept, not counted again.
      const now = Date.now();
      const kept = await linkClickSince(ctx.em, program.id, link.id, Number(given), new Date(now - program.cookieWindowDays * 86_400_000));
      const fresh = kept && kept.createdAt.getTime() > now - REPEAT_CLICK_WINDOW_MS;
      if (kept && (fresh || (kept.visitorHash != null && kept.visitorHash === visitorHashOf(hashKey, meta))))
        return { clickId: kept.id, counted: false, ...rules };
    }
    const { click, counted } = await this.count(ctx, link, hashKey, meta);
    return { clickId: click.id, counted, ...rules };
  }

  /**
   * Public tracking (GET /r/<program id>/<slug>, and the older GET /r/<slug>): records the click (once per
   * visitor and link per 30 minutes) and answers where to redirect: the program's first base URL (or `to` when
   * it lies under one of the program's base URLs) with ref and click_id added; a repeat carries the counted
   * click's id. Without a program a slug must be in exactly one program; no redirect ever leaves the program's URLs.
   * A known robot (click.rules.ts) is redirected without ref's click_id and counts nothing. The visitor is
   * anonymous (anonymousContext).
   *
   * A visitor is never answered JSON (DESIGN.md "Names the spec leaves open"): a path naming a program but no live
   * link of it (deleted, renamed, mistyped) still leads to the program's site, its first base URL as it is (no
   * click, no ref); one that names no program (unknown, malformed, a slug of several programs) or a program with
   * no base URL is a page saying so (`notFound`, a sentence for people).
   */
  async trackVisit(ctx: ServiceContext, slug: string, programId: string | undefined, to: string | undefined, meta: ClickMeta): Promise<Visit> {
    const { em } = ctx;
    const wellFormed = SLUG_RE.test(slug);
    let program: string | undefined;
    if (programId) {
      program = isUuid(programId) ? programId : undefined;
    } else if (wellFormed) {
      const programIds = await programsWithSlug(em, slug);
      // Several programs: which one's site is not for this server to guess.
      program = programIds.length === 1 ? programIds[0] : undefined;
    }
    const settings = program ? await clickSettings(em, program) : null;
    if (!program || !settings) return { notFound: NO_SUCH_LINK };
    if (!settings.baseUrls.length) return { notFound: LINK_INACTIVE };
    const link = wellFormed ? await findLinkBySlug(em, program, slug) : null;
    if (!link) return { location: settings.baseUrls[0] };
    const base = this.destination(settings.baseUrls, to) ?? settings.baseUrls[0];
    // A crawler or link previewer is sent on like anyone, but counts as no click (and gets no click id).
    if (isKnownBot(meta.userAgent)) return { location: fullUrl(base, link.link) };
    const { click } = await this.count(ctx, link, settings.hashKey, meta);
    return { location: fullUrl(base, link.link, { click_id: click.id }) };
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
  private async count(ctx: ServiceContext, link: AffiliateLink, hashKey: string, meta: ClickMeta): Promise<{ click: Click; counted: boolean }> {
    const hash = (v: string) => createHmac('sha256', hashKey).update(v).digest('hex');
    const visitorHash = visitorHashOf(hashKey, meta);
    return inTransaction(ctx, async ({ em: tem }) => {
      if (visitorHash) {
        await lockVisitor(tem, link.id, visitorHash);
        const repeat = await visitorClickSince(tem, link.programId, link.id, visitorHash, new Date(Date.now() - REPEAT_CLICK_WINDOW_MS));
        if (repeat) return { click: repeat, counted: false };
      }
      const click = await insertClick(tem, {
        programId: link.programId,
        affiliateId: link.affiliateId,
        linkId: link.id,
        referrer: clip(meta.referrer, 2000),
        userAgent: clip(meta.userAgent, 500),
        // The address is kept only as a hash keyed by the program's secret, so it can count uniques but not be read back.
        ipHash: meta.ip ? hash(meta.ip) : null,
        // Its bucket too: an affiliate's known address (referrals' self-referral rule) also covers its IPv6 /64.
        addressHash: meta.ip ? hash(addressBucket(meta.ip)) : null,
        visitorHash,
        landingUrl: clip(meta.landingUrl, 2000),
      });
      await bumpClickCounters(tem, link.programId, link.id, link.affiliateId);
      return { click, counted: true };
    });
  }
}

/** A visitor, as clicks keep it: the keyed hash of address and User-Agent; none without an address (each such click counts). */
function visitorHashOf(hashKey: string, meta: ClickMeta): string | null {
  return meta.ip
    ? createHmac('sha256', hashKey)
        .update(`${meta.ip}\n${meta.userAgent ?? ''}`)
        .digest('hex')
    : null;
}
