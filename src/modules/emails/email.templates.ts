/** Plain-text emails; pure functions so their wording is testable without a mail server. */
export interface EmailContent {
  kind: string;
  to: string;
  subject: string;
  text: string;
}

interface AffiliateLike {
  firstName: string;
  lastName: string;
  email: string;
  affiliateStatus: string;
}
interface ProgramLike {
  name: string;
}

export function adminNewAffiliateEmail(program: ProgramLike, ownerEmail: string, a: AffiliateLike, slug: string): EmailContent {
  return {
    kind: 'admin_new_affiliate',
    to: ownerEmail,
    subject: `New affiliate in ${program.name}: ${a.firstName} ${a.lastName}`,
    text:
      `${a.firstName} ${a.lastName} <${a.email}> joined ${program.name} with the link "${slug}".\n` +
      `Status: ${a.affiliateStatus}.${a.affiliateStatus === 'pending' ? ' Approve or reject them from your dashboard.' : ''}\n`,
  };
}

export function affiliateWelcomeEmail(
  program: ProgramLike,
  a: AffiliateLike,
  shareUrls: string[],
  slug: string,
  _portal?: { portalUrl: string; signInUrl?: string },
): EmailContent {
  const urls = shareUrls.length ? shareUrls.map((u) => `  ${u}`).join('\n') : `  your referral code: ${slug}`;
  return {
    kind: 'affiliate_welcome',
    to: a.email,
    subject: `Welcome to the ${program.name} affiliate program`,
    text: `Hi ${a.firstName},\n\nYou are now an affiliate of ${program.name}. Share your link to earn commission:\n${urls}\n`,
  };
}

export function portalSignInEmail(program: ProgramLike, a: { firstName: string; email: string }, signInUrl: string, minutes: number): EmailContent {
  return {
    kind: 'affiliate_sign_in',
    to: a.email,
    subject: `Your sign-in link for ${program.name}`,
    text: `Hi ${a.firstName},\n\nSign in to your ${program.name} affiliate portal:\n  ${signInUrl}\n\nThe link works once, for ${minutes} minutes.\n`,
  };
}

export function payoutDetailsChangedEmail(program: ProgramLike, a: { firstName: string; email: string }, portal: string): EmailContent {
  return {
    kind: 'affiliate_payout_details_changed',
    to: a.email,
    subject: `Your payout details for ${program.name} changed`,
    text: `Hi ${a.firstName},\n\nYour payout details for ${program.name} were changed. If this was not you, sign in and check them: ${portal}\n`,
  };
}
