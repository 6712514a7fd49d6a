import { createHash } from 'node:crypto';
import { randomToken } from '../../common/ids';
import type { AffiliateStatus } from '../affiliates/affiliate.entity';

/** How long an emailed sign-in link works, and how many one email may ask for in an hour (DESIGN.md "The affiliates' own portal"). */
export const SIGN_IN_LINK_MINUTES = 15;
export const SIGN_IN_LINKS_PER_HOUR = 5;
/** How long a link made for embedding (createAffiliatePortalLink) works. */
export const EMBED_LINK_MINUTES = 5;
export const PORTAL_SESSION_DAYS = 30;
/** Live portal sessions an affiliate keeps (browsers, devices, frames); a new one past this ends the oldest. */
export const SESSIONS_PER_AFFILIATE = 20;
/** Links an affiliate may have before the portal stops making new ones (the program's API still can). */
export const PORTAL_LINKS_PER_AFFILIATE = 25;
/** Applications from one client address per hour, on any portal of this server. */
export const SIGN_UPS_PER_ADDRESS_PER_HOUR = 5;

export type SignInPurpose = 'email' | 'embed';

/** A portal session token: `pts_` and 256 random bits. No bearer parser knows the prefix, so the APIs refuse it. */
export const newPortalSessionToken = (): string => 'pts_' + randomToken(32);
/** A sign-in link's secret: 256 random bits. */
export const newSignInToken = (): string => randomToken(32);
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Who may sign in to the portal: everyone but a rejected applicant (a deleted one has no row left). */
export const maySignIn = (status: AffiliateStatus): boolean => status !== 'rejected';

/** A customer's email as an affiliate sees it: the first character of the name, the domain (`j***@example.com`). */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${[...email.slice(0, at)][0]}***${email.slice(at)}`;
}

/** The portal's address of a program. */
export const portalUrl = (origin: string, portalSlug: string): string => `${origin}/portal/${portalSlug}`;
