import type { Figures, StatsResult } from '../../modules/stats/stats.service';
import { activityChart } from '../activity-chart';
import { html, type Raw } from '../html';

/** An affiliate's figures over the window, as the stats service ranks them. */
export type Leader = Figures & { affiliateId: string };

/** The last 30 days: totals, the revenue chart and the top affiliates (`names` gives each leader's name, by affiliate id). */
export function activitySection(activity: StatsResult, leaders: Leader[], names: Map<string, string>): Raw {
  const amount = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${activity.currency}`;
  const t = activity.totals;
  return html`<section aria-labelledby="activity"><h2 id="activity">Activity, last 30 days</h2>
        <p>${t.clicks} clicks · ${t.referrals} referrals · ${t.sales} sales · ${amount(t.revenue)} revenue · ${amount(t.commission)} commission · ${t.refunds} refunds</p>
        ${activityChart(activity.series, activity.currency)}
        <h3>Top affiliates by revenue</h3>
        ${
          leaders.length
            ? html`<table><thead><tr><th scope="col">Affiliate</th><th scope="col">Revenue</th><th scope="col">Commission</th><th scope="col">Sales</th><th scope="col">Referrals</th><th scope="col">Clicks</th></tr></thead><tbody>
        ${leaders.map((l) => html`<tr><td>${names.get(l.affiliateId)}</td><td>${amount(l.revenue)}</td><td>${amount(l.commission)}</td><td>${l.sales}</td><td>${l.referrals}</td><td>${l.clicks}</td></tr>`)}</tbody></table>`
            : html`<p>No affiliate activity in the last 30 days.</p>`
        }
      </section>`;
}
