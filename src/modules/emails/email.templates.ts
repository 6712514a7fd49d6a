import { minorUnits, roundDecimal } from '../../common/money';
import { type Block, type Message, renderHtml, renderText } from './email-render';
import { unsubscribeHeaders } from './unsubscribe';

/**
 * The emails, as pure functions of plain data (their wording is tested without a mail server): each answers its
 * kind, recipient, subject, text and HTML parts, and the headers of a notification kind (one-click unsubscribe).
 */
export interface EmailContent {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, rendered from `message` when read (the outbox stores the message; the worker renders it at send). */
  readonly html: string;
  /** What the HTML part is rendered from, in the layout. */
  message: Message;
  /** Extra message headers (List-Unsubscribe…), stored with the email and sent as they are. */
  headers?: Record<string, string>;
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
/** Where an affiliate's email links: its portal (absent when the program's portal is off), and a sign-in link. */
export interface PortalLinks {
  portalUrl: string;
  signInUrl?: string;
  /** How long the sign-in link works, when the sender says. */
  signInMinutes?: number;
}
/** The links of a notification email: the portal (absent when it is off) and the kind's unsubscribe link. */
export interface NotificationLinks {
  portalUrl?: string;
  unsubscribeUrl: string;
}

/** Where emails link to, on PUBLIC_URL: handed to the services that send them (src/modules/services.ts). */
export interface EmailLinks {
  /** The program's portal address. */
  portalUrl(program: { portalSlug: string }): string;
  /**
   * Where a program's unsubscribe links go: under its id, not its slug, so that a link in an email already sent
   * keeps working when the portal is renamed or turned off.
   */
  unsubscribeBase(programId: string): string;
  dashboardUrl: string;
}

/** An amount as stored (decimal text), rounded to the currency's minor unit, with its code: `12.50 USD`. */
export const formatMoney = (amount: string, currency: string): string => `${roundDecimal(amount, minorUnits(currency))} ${currency.toUpperCase()}`;

const email = (kind: string, to: string, m: Message, headers?: Record<string, string>): EmailContent => ({
  kind,
  to,
  subject: m.subject,
  text: renderText(m),
  message: m,
  get html() {
    return renderHtml(m);
  },
  ...(headers ? { headers } : {}),
});

const affiliateFooter = (program: ProgramLike): Block[] => [`You get this email as an affiliate of ${program.name}.`];
const shareBlock = (shareUrls: string[], slug: string): Block =>
  shareUrls.length ? { text: 'Share your link to earn commission:', urls: shareUrls } : `Your referral code: ${slug}`;

export function adminNewAffiliateEmail(program: ProgramLike, ownerEmail: string, a: AffiliateLike, slug: string, dashboardUrl?: string): EmailContent {
  const pending = a.affiliateStatus === 'pending';
  return email('admin_new_affiliate', ownerEmail, {
    program: program.name,
    subject: `New affiliate in ${program.name}: ${a.firstName} ${a.lastName}`,
    blocks: [
      `${a.firstName} ${a.lastName} <${a.email}> joined ${program.name} with the link "${slug}".`,
      `Status: ${a.affiliateStatus}.${pending ? ' Approve or reject them from your dashboard.' : ''}`,
    ],
    action: dashboardUrl ? { label: 'Open your dashboard', url: dashboardUrl } : undefined,
    footer: [`You get this email as the owner of ${program.name}.`],
  });
}

/**
 * The welcome: an active affiliate gets its first link to share and its portal; a pending one hears that the
 * application was received and is under review. `portal` is absent when the program's portal is off.
 */
export function affiliateWelcomeEmail(program: ProgramLike, a: AffiliateLike, shareUrls: string[], slug: string, portal?: PortalLinks): EmailContent {
  const pending = a.affiliateStatus === 'pending';
  const blocks: Block[] = [`Hi ${a.firstName},`];
  if (pending)
    blocks.push(
      `Thank you for applying to the ${program.name} affiliate program. We received your application and it is under review: we will email you when it is approved.`,
    );
  else blocks.push(`You are now an affiliate of ${program.name}.`, shareBlock(shareUrls, slug));
  if (portal) blocks.push(...portalBlocks(portal, pending));
  return email('affiliate_welcome', a.email, {
    program: program.name,
    subject: pending ? `We received your application to ${program.name}` : `Welcome to the ${program.name} affiliate program`,
    blocks,
    action: portal ? { label: portal.signInUrl ? 'Sign in to your portal' : 'Open your portal', url: portal.signInUrl ?? portal.portalUrl } : undefined,
    footer: affiliateFooter(program),
  });
}

function portalBlocks(portal: PortalLinks, pending: boolean): Block[] {
  const what = pending ? 'Meanwhile, your portal shows the state of your application.' : 'Your portal shows your links, figures, commissions and payouts.';
  if (!portal.signInUrl) return [{ text: `${what} Sign in with this email address at:`, url: portal.portalUrl }];
  const lasts = portal.signInMinutes ? `once, within ${portal.signInMinutes} minutes` : 'once';
  return [{ text: `${what} The sign-in link in this email works ${lasts}; afterwards, ask for a new one at:`, url: portal.portalUrl }];
}

/** An application accepted (pending → active): the link to share, and the portal. */
export function affiliateApprovedEmail(program: ProgramLike, a: AffiliateLike, shareUrls: string[], slug: string, portalUrl?: string): EmailContent {
  return email('affiliate_approved', a.email, {
    program: program.name,
    subject: `Your application to ${program.name} was approved`,
    blocks: [
      `Hi ${a.firstName},`,
      `Good news: your application to the ${program.name} affiliate program was approved. You are now an affiliate.`,
      shareBlock(shareUrls, slug),
      ...(portalUrl ? ['Your portal shows your links, figures, commissions and payouts.'] : []),
    ],
    action: portalUrl ? { label: 'Open your portal', url: portalUrl } : undefined,
    footer: affiliateFooter(program),
  });
}

export function portalSignInEmail(program: ProgramLike, a: { firstName: string; email: string }, signInUrl: string, minutes: number): EmailContent {
  return email('affiliate_sign_in', a.email, {
    program: program.name,
    subject: `Your sign-in link for ${program.name}`,
    blocks: [
      `Hi ${a.firstName},`,
      `Sign in to your ${program.name} affiliate portal with the button below. The link works once, for ${minutes} minutes.`,
      'If you did not ask for it, ignore this email: nobody can sign in without the link.',
    ],
    action: { label: 'Sign in', url: signInUrl },
    footer: affiliateFooter(program),
  });
}

export function payoutDetailsChangedEmail(program: ProgramLike, a: { firstName: string; email: string }, portal: string): EmailContent {
  return email('affiliate_payout_details_changed', a.email, {
    program: program.name,
    subject: `Your payout details for ${program.name} changed`,
    blocks: [
      `Hi ${a.firstName},`,
      `Your payout details for ${program.name} were changed. If this was not you, sign in and check them, and tell ${program.name}.`,
    ],
    action: { label: 'Check your payout details', url: portal },
    footer: affiliateFooter(program),
  });
}

/** A notification's small print: why it came, the one-click way to stop this kind, the portal's settings. */
function notificationFooter(program: ProgramLike, what: string, links: NotificationLinks): Block[] {
  return [...affiliateFooter(program), { text: `Stop emails about ${what}:`, url: links.unsubscribeUrl }];
}

export interface CommissionLike {
  amount: string;
  currency: string;
  status: string;
  holdUntil: Date | null;
}

/** A commission earned on a sale (kind `affiliate_new_commission`, which the affiliate may turn off). */
export function affiliateNewCommissionEmail(
  program: ProgramLike,
  a: { firstName: string; email: string },
  c: CommissionLike,
  links: NotificationLinks,
): EmailContent {
  const money = formatMoney(c.amount, c.currency);
  const when =
    c.status === 'approved'
      ? 'It is approved and will be paid with your next payout.'
      : c.holdUntil
        ? `It becomes payable on ${c.holdUntil.toISOString().slice(0, 10)} if the sale is not refunded.`
        : `It becomes payable once ${program.name} approves it.`;
  return email(
    'affiliate_new_commission',
    a.email,
    {
      program: program.name,
      subject: `New commission: ${money} from ${program.name}`,
      blocks: [`Hi ${a.firstName},`, `You earned a commission of ${money} on a sale you referred to ${program.name}. ${when}`],
      action: links.portalUrl ? { label: 'See your commissions', url: links.portalUrl } : undefined,
      footer: notificationFooter(program, 'new commissions', links),
    },
    unsubscribeHeaders(links.unsubscribeUrl),
  );
}

export interface PayoutLike {
  amount: string;
  currency: string;
  commissions: number;
}

/** A payout marked paid (kind `affiliate_payout_sent`, which the affiliate may turn off). */
export function affiliatePayoutSentEmail(program: ProgramLike, a: { firstName: string; email: string }, p: PayoutLike, links: NotificationLinks): EmailContent {
  const money = formatMoney(p.amount, p.currency);
  const count = p.commissions === 1 ? '1 commission' : `${p.commissions} commissions`;
  return email(
    'affiliate_payout_sent',
    a.email,
    {
      program: program.name,
      subject: `${program.name} sent you a payout of ${money}`,
      blocks: [
        `Hi ${a.firstName},`,
        `${program.name} sent you ${money} for ${count}. Depending on how you are paid, it may take a few days to reach your account.`,
      ],
      action: links.portalUrl ? { label: 'See your payouts', url: links.portalUrl } : undefined,
      footer: notificationFooter(program, 'payouts', links),
    },
    unsubscribeHeaders(links.unsubscribeUrl),
  );
}

/** To the program's owner: an endpoint failing for days was disabled. */
export function webhookEndpointDisabledEmail(program: ProgramLike, ownerEmail: string, url: string, dashboardUrl?: string): EmailContent {
  return email('webhook_endpoint_disabled', ownerEmail, {
    program: program.name,
    subject: `Webhook endpoint disabled in ${program.name}`,
    blocks: [
      { text: 'Deliveries to this endpoint have failed for 5 days, so it was disabled:', url },
      'Fix the receiver, then enable the endpoint again; failed events can be replayed.',
    ],
    action: dashboardUrl ? { label: 'Open your dashboard', url: dashboardUrl } : undefined,
    footer: [`You get this email as the owner of ${program.name}.`],
  });
}
