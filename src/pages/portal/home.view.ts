import type { Program } from '../../modules/programs/program.entity';
import type { PortalOverview } from '../../modules/portal/portal.service';
import { activityChart } from '../activity-chart';
import { html, type Raw } from '../html';
import { formatCount, formatMoney } from './format';
import { portalBase } from './portal-layout';

function copyField(id: string, label: string, value: string): Raw {
  return html`<label for="${id}">${label}</label><div class="copy"><input id="${id}" value="${value}" readonly><button type="button" class="secondary" data-copy="${id}" hidden>Copy</button></div>`;
}

function statusBanner(overview: PortalOverview, program: Program): Raw {
  const s = overview.affiliate.affiliateStatus;
  if (s === 'pending')
    return html`<p class="notice" role="status"><span class="status">Your application is under review.</span> ${program.name} will email you when it is approved.</p>`;
  if (s === 'inactive')
    return html`<p class="warning" role="status"><span class="status">Your account is inactive.</span> Your past commissions and payouts are below.</p>`;
  return html``;
}

const cell = (label: string, value: string) => html`<article><strong>${value}</strong>${label}</article>`;

function figures(overview: PortalOverview): Raw {
  const t = overview.stats.totals;
  const c = overview.stats.currency;
  const a = overview.affiliate;
  return html`<section aria-labelledby="figures-title"><h2 id="figures-title">Last 30 days</h2><div class="figures">
${cell('Clicks', formatCount(t.clicks))}${cell('Referrals', formatCount(t.referrals))}${cell('Sales', formatCount(t.sales))}${cell('Revenue', formatMoney(t.revenue, c))}${cell('Commission', formatMoney(t.commission, c))}
</div>${activityChart(overview.stats.series, c)}</section>
<section aria-labelledby="all-time-title"><h2 id="all-time-title">Since you joined</h2><div class="figures all-time">
${cell('Clicks', formatCount(a.numberOfClicks))}${cell('Customers referred', formatCount(a.numberOfReferredUsers))}${cell('Commission earned', formatMoney(a.totalCommissionEarned, c))}
</div></section>`;
}

function links(program: Program, overview: PortalOverview, csrf: string, linkError?: string): Raw {
  const items = overview.links.map(
    (l, i) => html`<article><h3>${l.slug}</h3>
${l.fullUrls.map((u, j) => copyField(`link-${i}-${j}`, l.fullUrls.length > 1 ? `Link to ${new URL(u).host}` : 'Your link', u))}
${copyField(`tracking-${i}`, 'Tracking link (counts the click here, then sends people on)', l.trackingUrl)}</article>`,
  );
  return html`<section aria-labelledby="links-title"><h2 id="links-title">Your links</h2>
${program.baseUrls.length ? html`` : html`<p>${program.name} has not set the site your links send people to yet; the tracking links still count clicks.</p>`}
${items}
<form method="post" action="${portalBase(program)}/links" novalidate><input type="hidden" name="csrf" value="${csrf}">
<label for="new-link">A new link of your own</label>
<div class="copy"><input id="new-link" name="link" required maxlength="100" placeholder="e.g. my-blog"${linkError ? html` aria-invalid="true" aria-describedby="new-link-error"` : html``}><button type="submit">Add link</button></div>
${linkError ? html`<small class="field-error" id="new-link-error">${linkError}</small>` : html``}
<small>Letters, numbers and hyphens, at most 100 characters.</small></form></section>`;
}

function codes(overview: PortalOverview): Raw {
  if (!overview.codes.length) return html``;
  return html`<section aria-labelledby="codes-title"><h2 id="codes-title">Your promotional codes</h2>
<ul>${overview.codes.map((c) => html`<li><code>${c.code}</code></li>`)}</ul></section>`;
}

/** The signed-in affiliate's first page: its status, figures, links and codes. */
export function homeView(program: Program, overview: PortalOverview, csrf: string, opts: { notice?: string; linkError?: string } = {}): Raw {
  return html`<h1>Hello, ${overview.affiliate.firstName}</h1>
${opts.notice ? html`<p class="notice" role="status">${opts.notice}</p>` : html``}
${statusBanner(overview, program)}
${figures(overview)}
${links(program, overview, csrf, opts.linkError)}
${codes(overview)}`;
}
