import { forbidden } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { inTransaction } from '../../db/unit-of-work';
import { findAffiliateById } from '../affiliates/affiliate.finder';
import type { Affiliate } from '../affiliates/affiliate.entity';
import type { AffiliateService } from '../affiliates/affiliate.service';
import {
  isNotificationKind,
  type NotificationKind,
  PREFERENCE_OF,
  type UnsubscribeSubject,
  unsubscribeUrl,
  validUnsubscribeToken,
} from '../emails/unsubscribe';
import type { Program } from '../programs/program.entity';
import type { ServiceContext } from '../service-context';

/** Which notification emails an affiliate gets (DESIGN.md "Emails"): both on unless it turned one off. */
export interface EmailPreferences {
  newCommission: boolean;
  payoutSent: boolean;
}

/** An unsubscribe link's query as it arrived (`req.query`): anything not a string is refused. */
export interface UnsubscribeLink {
  a?: unknown;
  k?: unknown;
  t?: unknown;
}

const preferencesOf = (a: Pick<Affiliate, 'notifyNewCommission' | 'notifyPayoutSent'>): EmailPreferences => ({
  newCommission: a.notifyNewCommission,
  payoutSent: a.notifyPayoutSent,
});

/**
 * An affiliate's notification emails: turned off by a one-click unsubscribe link (no sign-in: the link's token
 * is the credential, made from the affiliate's secret for one kind), or set by the affiliate in its portal.
 */
export class EmailPreferencesService {
  constructor(
    private readonly affiliates: AffiliateService,
    /** PUBLIC_URL's origin, which portal addresses start with. */
    private readonly origin: string,
  ) {}

  /** The link of an email of `kind` to this affiliate that turns that kind off (its page, and RFC 8058's POST). */
  unsubscribeUrl(affiliate: UnsubscribeSubject, kind: NotificationKind): string {
    return unsubscribeUrl(`${this.origin}/portal/${affiliate.programId}`, affiliate, kind);
  }

  /**
   * Turns a kind off for the affiliate an unsubscribe link names: true when the link is valid (again true when the
   * kind is off already), false for anything else (unknown affiliate or kind, a token of another affiliate or kind),
   * with nothing changed. Works with the portal turned off, and for an affiliate of any status.
   */
  async unsubscribe(ctx: ServiceContext, program: Pick<Program, 'id'>, link: UnsubscribeLink): Promise<boolean> {
    const { a, k, t } = link;
    if (typeof a !== 'string' || !isUuid(a) || !isNotificationKind(k) || typeof t !== 'string') return false;
    const affiliate = await findAffiliateById(ctx.em, program.id, a);
    if (!affiliate || !validUnsubscribeToken(affiliate, k, t)) return false;
    const column = PREFERENCE_OF[k];
    if (!affiliate[column]) return true;
    await inTransaction(ctx, (tx) => this.affiliates.setEmailPreferences(tx, program.id, affiliate.id, { [column]: false }));
    return true;
  }

  /** The signed-in affiliate's preferences (a portal session's context only). */
  async preferences(ctx: ServiceContext): Promise<EmailPreferences> {
    const { programId, affiliateId } = portalAffiliate(ctx);
    const affiliate = await findAffiliateById(ctx.em, programId, affiliateId);
    if (!affiliate) throw forbidden('This portal session has no affiliate');
    return preferencesOf(affiliate);
  }

  /** Sets the signed-in affiliate's preferences (those given; a portal session's context only); the preferences now. */
  async setPreferences(ctx: ServiceContext, prefs: Partial<EmailPreferences>): Promise<EmailPreferences> {
    const { programId, affiliateId } = portalAffiliate(ctx);
    const changes: Partial<Pick<Affiliate, 'notifyNewCommission' | 'notifyPayoutSent'>> = {};
    if (typeof prefs.newCommission === 'boolean') changes.notifyNewCommission = prefs.newCommission;
    if (typeof prefs.payoutSent === 'boolean') changes.notifyPayoutSent = prefs.payoutSent;
    const updated = await inTransaction(ctx, async (tx) => {
      const current = await findAffiliateById(tx.em, programId, affiliateId);
      if (!current) return null;
      const changed = Object.entries(changes).some(([column, value]) => current[column as keyof typeof changes] !== value);
      return changed ? this.affiliates.setEmailPreferences(tx, programId, affiliateId, changes) : current;
    });
    if (!updated) throw forbidden('This portal session has no affiliate');
    return preferencesOf(updated);
  }
}

/** The affiliate a portal session acts as; any other caller is refused (the pages call this for portal sessions only). */
function portalAffiliate(ctx: ServiceContext): { programId: string; affiliateId: string } {
  const actor = ctx.actor;
  if (actor.kind !== 'portal') throw forbidden('Only an affiliate signed in to its portal can change its email preferences');
  return { programId: actor.programId, affiliateId: actor.affiliateId };
}
