import type { Commission } from '../../modules/commissions/commission.entity';
import type { AffiliatePayoutRow } from '../../modules/payouts/affiliate-payout.finder';
import { maskEmail } from '../../modules/portal/portal.rules';
import type { Program } from '../../modules/programs/program.entity';
import type { Referral } from '../../modules/referrals/referral.entity';
import type { Page } from '../../common/pagination';
import { html, type Raw } from '../html';
import { formatDate, formatMoney } from './format';
import { portalBase } from './portal-layout';

function table(caption: string, head: string[], rows: Raw[], empty: string): Raw {
  if (!rows.length) return html`<p>${empty}</p>`;
  // A table wider than a phone scrolls inside its region: focusable and named, so a keyboard can scroll it too.
  return html`<div class="table-wrap" role="region" aria-label="${caption}" tabindex="0"><table class="striped"><caption class="visually-hidden">${caption}</caption>
<thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

function pager(path: string, page: Pick<Page<unknown>, 'hasNextPage' | 'endCursor'>): Raw {
  return page.hasNextPage && page.endCursor ? html`<p><a href="${path}?after=${encodeURIComponent(page.endCursor)}">Older</a></p>` : html``;
}

const COMMISSION_STATUS: Record<string, string> = { pending: 'Pending', approved: 'Approved', paid: 'Paid', reversed: 'Reversed' };

export function referralsView(program: Program, page: Page<Referral>): Raw {
  const rows = page.nodes.map((r) => html`<tr><td>${formatDate(r.createdAt)}</td><td>${maskEmail(r.email)}</td><td>${r.subscriptionStatus}</td></tr>`);
  return html`<h1>Referrals</h1><p>The customers who signed up through your links and codes. Their emails are partly hidden.</p>
${table('Your referrals', ['Date', 'Customer', 'Subscription'], rows, 'No referrals yet. Share your link to get your first.')}
${pager(`${portalBase(program)}/referrals`, page)}`;
}

export function commissionsView(program: Program, page: Page<Commission>): Raw {
  const rows = page.nodes.map(
    (c) =>
      html`<tr><td>${formatDate(c.createdAt)}</td><td>${formatMoney(c.base, c.currency)}</td><td>${formatMoney(c.amount, c.currency)}</td><td>${COMMISSION_STATUS[c.status] ?? c.status}</td></tr>`,
  );
  return html`<h1>Commissions</h1>
<p>One per sale you referred. Pending commissions wait out the refund period; approved ones are paid in the next payout.</p>
${table('Your commissions', ['Date', 'Sale', 'Commission', 'Status'], rows, 'No commissions yet.')}
${pager(`${portalBase(program)}/commissions`, page)}`;
}

const METHOD_NAMES: Record<AffiliatePayoutRow['method'], string> = { paypal: 'PayPal', wise: 'Wise', stripe_connect: 'Stripe', manual: 'By the program' };

/** A payout's state in words: paid with its date, failed (its commissions go into a later payout), or on its way. */
function payoutState(p: AffiliatePayoutRow): string {
  if (p.status === 'paid') return `Paid ${p.paidAt ? formatDate(p.paidAt) : ''}`.trim();
  if (p.status === 'failed') return 'Not paid: its commissions go into a later payout';
  return p.status === 'pending' ? 'Scheduled' : 'Processing';
}

export function payoutsView(payouts: AffiliatePayoutRow[]): Raw {
  const rows = payouts.map(
    (p) =>
      html`<tr><td>${formatDate(p.createdAt)}</td><td>${formatMoney(p.amount, p.currency)}</td><td>${METHOD_NAMES[p.method]}</td><td>${p.commissionCount}</td><td>${payoutState(p)}</td></tr>`,
  );
  return html`<h1>Payouts</h1>
${table('Your payouts', ['Date', 'Amount', 'Method', 'Commissions', 'Status'], rows, 'No payouts yet. Approved commissions are paid out in the next payout.')}`;
}
