import type { BillingIntegration } from '../../modules/billing/billing-integration.entity';
import type { BillingEventView } from '../../modules/billing/billing-integration.service';
import { html, type Raw } from '../html';
import { when } from './when';

/** A billing integration with the endpoint URL its provider sends events to. */
export interface IntegrationRow {
  integration: BillingIntegration;
  url: string;
}

/** Sales from Stripe: the connected endpoints, the form that connects one, and the latest events received. */
export function billingSection(programId: string, integrations: IntegrationRow[], billingEvents: BillingEventView[], csrf: string): Raw {
  return html`<section aria-labelledby="billing"><h2 id="billing">Sales from Stripe</h2>
        ${
          integrations.length
            ? html`<p>Paste the endpoint URL into Stripe's dashboard (Developers → Webhooks) with the events <code>checkout.session.completed</code>, <code>customer.created</code>, <code>customer.updated</code>, <code>customer.discount.*</code>, <code>customer.subscription.*</code>, <code>invoice.paid</code>, <code>invoice_payment.paid</code>, <code>charge.refunded</code> and <code>refund.created</code>.</p>
        <table><thead><tr><th scope="col">Provider</th><th scope="col">Endpoint URL</th><th scope="col">Connected</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>
        ${integrations.map(
          ({ integration: i, url }) =>
            html`<tr><td>${i.provider}</td><td><code>${url}</code></td><td>${when(i.createdAt)}</td><td><form method="post" action="/dashboard/programs/${programId}/billing/${i.id}/delete"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" aria-label="Disconnect ${i.provider} integration">Disconnect</button></form></td></tr>`,
        )}</tbody></table>`
            : html`<p>Not connected. Create an endpoint in Stripe's dashboard, then give its signing secret here.</p>`
        }
        <form method="post" action="/dashboard/programs/${programId}/billing"><input type="hidden" name="csrf" value="${csrf}">
          <label for="stripe-secret">Stripe endpoint signing secret (whsec_…)</label><input id="stripe-secret" name="signingSecret" type="password" required maxlength="300" autocomplete="off">
          <p><button type="submit">Connect Stripe</button></p></form>
        <h3>Recent Stripe events</h3>
        ${
          billingEvents.length
            ? html`<table><thead><tr><th scope="col">Event</th><th scope="col">Received</th><th scope="col">Outcome</th><th scope="col">Detail</th></tr></thead><tbody>
        ${billingEvents.map((e) => html`<tr><td>${e.type}<br><code>${e.eventId}</code></td><td>${when(e.receivedAt)}</td><td>${e.outcome}</td><td>${e.detail}</td></tr>`)}</tbody></table>`
            : html`<p>No events received yet.</p>`
        }
      </section>`;
}

/** Stripe is connected: the URL to paste into its dashboard. */
export const stripeConnectedNotice = (url: string): Raw =>
  html`<div class="notice" role="status"><p>Stripe is connected. Paste this endpoint URL into Stripe's dashboard:</p><p><code id="billing-url">${url}</code></p></div>`;

/** Why the signing secret was refused. */
export const billingRefusedNotice = (message: string): Raw => html`<div class="notice error" role="alert"><p>${message}</p></div>`;
