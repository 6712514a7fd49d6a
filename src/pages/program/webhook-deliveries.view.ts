import type { Services } from '../../modules/services';
import { html, type Raw } from '../html';
import { when } from './when';

/** A delivery of the program's latest (the event log's recent deliveries). */
export type DeliveryRow = Awaited<ReturnType<Services['eventLog']['recentDeliveries']>>[number];

/** The latest webhook deliveries to the program's endpoints, with where each stands. */
export function webhookDeliveriesSection(deliveries: DeliveryRow[]): Raw {
  return html`<section aria-labelledby="hooks"><h2 id="hooks">Recent webhook deliveries</h2>
        ${
          deliveries.length
            ? html`<table><thead><tr><th scope="col">Event</th><th scope="col">Endpoint</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Updated</th></tr></thead><tbody>
        ${deliveries.map((d) => html`<tr><td>${d.type}<br><code>${d.event_id}</code></td><td>${d.url}</td><td>${d.status}</td><td>${d.attempts}</td><td>${d.last_status ?? '—'}</td><td>${when(d.updated_at)}</td></tr>`)}</tbody></table>`
            : html`<p>No deliveries yet.</p>`
        }
      </section>`;
}
