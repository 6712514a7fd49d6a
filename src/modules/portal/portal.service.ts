import { forbidden, notFound, validationError } from '../../common/errors';
import { PORTAL_LINKS_PER_AFFILIATE } from './portal.rules';
import type { Page, PageArgs } from '../../common/pagination';
import type { Affiliate } from '../affiliates/affiliate.entity';
import { findAffiliateById } from '../affiliates/affiliate.finder';
import { findLinksOfAffiliate } from '../affiliates/affiliate-link.finder';
import { shareUrls, trackingUrl } from '../affiliates/affiliate-link.rules';
import type { Program } from '../programs/program.entity';
import type { PayoutDetailsInput } from '../affiliates/payout-details.rules';
import type { PayoutDetailsService } from '../affiliates/payout-details.service';
import type { Commission } from '../commissions/commission.entity';
import type { LinkService } from '../links/link.service';
import { findPayoutsOfAffiliate, type AffiliatePayoutRow } from '../payouts/affiliate-payout.finder';
import type { PayoutService } from '../payouts/payout.service';
import type { PromotionalCode } from '../promo-codes/promotional-code.entity';
import type { PromotionalCodeService } from '../promo-codes/promotional-code.service';
import type { Referral } from '../referrals/referral.entity';
import type { ReferralService } from '../referrals/referral.service';
import type { ServiceContext } from '../service-context';
import type { StatsResult, StatsService } from '../stats/stats.service';

/** One of the affiliate's links as its portal shows it: where it sends people, and the URL that counts clicks here. */
export interface PortalLink {
  id: string;
  slug: string;
  fullUrls: string[];
  trackingUrl: string;
}

export interface PortalOverview {
  affiliate: Affiliate;
  links: PortalLink[];
  codes: PromotionalCode[];
  /** The last 30 days (UTC), by day. */
  stats: StatsResult;
}

/** The affiliate a portal session acts for; any other caller here is a bug in the pages, refused. */
function signedIn(ctx: ServiceContext): { programId: string; affiliateId: string; program: Program } {
  if (ctx.actor.kind !== 'portal') throw forbidden('Only an affiliate signed in to its portal can do this');
  return { programId: ctx.actor.programId, affiliateId: ctx.actor.affiliateId, program: ctx.actor.program };
}

/**
 * What a signed-in affiliate reads and does in its portal: always its own rows, whatever the page asks. It goes
 * through the services the APIs use (stats, referrals, commissions, links), each scoped to this affiliate.
 */
export class PortalService {
  constructor(
    private readonly origin: string,
    private readonly links: LinkService,
    private readonly referrals: ReferralService,
    private readonly payouts: PayoutService,
    private readonly promoCodes: PromotionalCodeService,
    private readonly stats: StatsService,
    private readonly payoutDetails: PayoutDetailsService,
  ) {}

  async affiliate(ctx: ServiceContext): Promise<Affiliate> {
    const me = signedIn(ctx);
    const a = await findAffiliateById(ctx.em, me.programId, me.affiliateId);
    if (!a) throw notFound('No such affiliate');
    return a;
  }

  async overview(ctx: ServiceContext): Promise<PortalOverview> {
    const me = signedIn(ctx);
    const affiliate = await this.affiliate(ctx);
    const links = (await findLinksOfAffiliate(ctx.em, me.programId, me.affiliateId)).map((l) => ({
      id: l.id,
      slug: l.link,
      fullUrls: shareUrls(me.program.baseUrls, l.link),
      trackingUrl: trackingUrl(this.origin, me.programId, l.link),
    }));
    const codes = (await this.promoCodes.listPromoCodes(ctx, me.programId, { affiliateId: me.affiliateId }, { first: 100 })).nodes;
    const stats = await this.stats.stats(ctx, me.programId, { interval: 'day', affiliateId: me.affiliateId });
    return { affiliate, links, codes, stats };
  }

  /** The affiliate's referrals, newest first; the page masks the customers' emails. */
  referralsPage(ctx: ServiceContext, page: PageArgs): Promise<Page<Referral>> {
    const me = signedIn(ctx);
    return this.referrals.listReferrals(ctx, me.programId, { affiliateId: me.affiliateId }, page, { field: 'createdAt', direction: 'desc' });
  }

  /** The affiliate's commissions, newest first, with their status. */
  commissionsPage(ctx: ServiceContext, page: PageArgs): Promise<Page<Commission>> {
    const me = signedIn(ctx);
    return this.payouts.listCommissions(ctx, me.programId, null, page, { affiliateId: me.affiliateId }, { field: 'createdAt', direction: 'desc' });
  }

  /** Its share of each payout batch, newest first. */
  payoutsOf(ctx: ServiceContext): Promise<AffiliatePayoutRow[]> {
    const me = signedIn(ctx);
    return findPayoutsOfAffiliate(ctx.em, me.programId, me.affiliateId);
  }

  /** A new link of the affiliate's own choosing, under the slug rules of POST /links. */
  async createLink(ctx: ServiceContext, slug: string): Promise<void> {
    const me = signedIn(ctx);
    // Slugs are the program's namespace: an affiliate's portal does not get to fill it.
    if ((await findLinksOfAffiliate(ctx.em, me.programId, me.affiliateId)).length >= PORTAL_LINKS_PER_AFFILIATE)
      throw validationError(`You have ${PORTAL_LINKS_PER_AFFILIATE} links, the most the portal makes; ask the program for more`, 'link');
    await this.links.createLink(ctx, me.programId, { link: slug, affiliateId: me.affiliateId });
  }

  /** Its payout details; the change is emailed to it (PayoutDetailsService). */
  async updatePayoutDetails(ctx: ServiceContext, input: PayoutDetailsInput): Promise<Affiliate> {
    const me = signedIn(ctx);
    const updated = await this.payoutDetails.update(ctx, me.programId, me.affiliateId, input);
    if (!updated) throw notFound('No such affiliate');
    return updated;
  }
}
