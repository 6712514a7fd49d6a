import { html, type Raw } from './html';

/** A bucket as the chart needs it (the stats service's series). */
export interface ChartBucket {
  start: Date;
  revenue: number;
  sales: number;
  referrals: number;
  clicks: number;
}

const W = 720;
const H = 220;
const PAD = { left: 56, right: 12, top: 12, bottom: 40 };

const day = (d: Date) => d.toISOString().slice(0, 10);
const money = (n: number, currency: string) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/** A round upper bound for the axis (1, 2 or 5 times a power of ten). */
function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 5, 10].map((m) => m * p).find((x) => x >= v)!;
}

/**
 * Revenue per day as an SVG bar chart, server-rendered: no script, readable by a screen reader (a title and
 * description, each bar titled with its figures) and followed by the same numbers as a table.
 */
export function activityChart(series: ChartBucket[], currency: string): Raw {
  const max = niceMax(Math.max(0, ...series.map((b) => b.revenue)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, series.length);
  const barW = Math.max(1, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (Math.max(0, v) / max) * plotH;
  const bars = series.map((b, i) => {
    const x = PAD.left + i * slot + (slot - barW) / 2;
    const top = y(b.revenue);
    const label = `${day(b.start)}: ${money(b.revenue, currency)} revenue, ${b.sales} sales, ${b.referrals} referrals, ${b.clicks} clicks`;
    return html`<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barW.toFixed(1)}" height="${(PAD.top + plotH - top).toFixed(1)}" fill="#0b57d0"><title>${label}</title></rect>`;
  });
  const ticks = [0, 0.5, 1].map((f) => {
    const v = max * f;
    return html`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#ddd"/><text x="${PAD.left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" font-size="11">${v.toLocaleString('en-US')}</text>`;
  });
  const every = Math.max(1, Math.ceil(series.length / 6));
  const labels = series
    .map((b, i) => ({ b, i }))
    .filter(({ i }) => i % every === 0)
    .map(
      ({ b, i }) =>
        html`<text x="${(PAD.left + i * slot + slot / 2).toFixed(1)}" y="${H - PAD.bottom + 16}" text-anchor="middle" font-size="11">${day(b.start).slice(5)}</text>`,
    );
  const total = series.reduce((s, b) => s + b.revenue, 0);
  const first = series[0] ? day(series[0].start) : '';
  const last = series.length ? day(series[series.length - 1].start) : '';
  return html`<figure>
  <svg role="img" aria-labelledby="chart-title chart-desc" viewBox="0 0 ${W} ${H}" width="100%" xmlns="http://www.w3.org/2000/svg">
    <title id="chart-title">Revenue per day, ${first} to ${last} (UTC)</title>
    <desc id="chart-desc">${money(total, currency)} in total over ${series.length} days; the table below lists each day.</desc>
    ${ticks}${bars}${labels}
    <text x="${PAD.left}" y="${H - 4}" font-size="11">Revenue (${currency}) per day, UTC</text>
  </svg>
  <figcaption>Revenue per day over the last ${series.length} days (UTC).</figcaption>
</figure>
<details><summary>The figures by day</summary>
<table><thead><tr><th scope="col">Day</th><th scope="col">Clicks</th><th scope="col">Referrals</th><th scope="col">Sales</th><th scope="col">Revenue</th></tr></thead><tbody>
${series.map((b) => html`<tr><td>${day(b.start)}</td><td>${b.clicks}</td><td>${b.referrals}</td><td>${b.sales}</td><td>${money(b.revenue, currency)}</td></tr>`)}
</tbody></table></details>`;
}
