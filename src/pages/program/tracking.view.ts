import type { Program } from '../../modules/programs/program.entity';
import { html, type Raw } from '../html';

/** The tracker tag to paste, the program's tracking settings and the form that rotates the publishable key. */
export function trackingSection(program: Program, origin: string, csrf: string): Raw {
  return html`<section aria-labelledby="tracking"><h2 id="tracking">Tracking on your site</h2>
        <p>Paste this tag into every page of your site (before <code>&lt;/head&gt;</code>). Visitors who arrive with <code>?ref=…</code> are recorded as clicks and remembered for ${program.cookieWindowDays} days in the first-party cookie <code>aff_ref</code>; your checkout reads the click from <code>window.affiliateReferral</code> (Stripe Checkout: <code>client_reference_id</code>).</p>
        <pre><code id="tracker-tag">${`<script src="${origin}/tracker.js" data-program="${program.publishableKey}" async></script>`}</code></pre>
        <table><tbody>
          <tr><th scope="row">Publishable key</th><td><code id="publishable-key">${program.publishableKey}</code> (public: it only records clicks)</td></tr>
          <tr><th scope="row">Cookie window</th><td id="cookie-window">${program.cookieWindowDays} days</td></tr>
          <tr><th scope="row">Attribution</th><td id="attribution-model">${program.attributionModel === 'last_click' ? 'Last click: a later visit through another affiliate takes over' : 'First click: the first affiliate keeps the visitor for the whole window'} (<code>${program.attributionModel}</code>)</td></tr>
          <tr><th scope="row">Pages allowed to record clicks</th><td>${program.baseUrls.length ? html`${program.baseUrls.map((b, i) => html`${i ? ', ' : ''}<code>${b}</code>`)}` : 'none yet: add your base URLs'}</td></tr>
        </tbody></table>
        <p>Change the window (1 to 365 days), the attribution model and the base URLs with GraphQL <code>updateProgram</code> (<code>cookieWindowDays</code>, <code>attributionModel</code>, <code>baseUrls</code>).</p>
        <form method="post" action="/dashboard/programs/${program.id}/publishable-key/rotate"><input type="hidden" name="csrf" value="${csrf}">
          <p><button type="submit">Rotate publishable key</button> The current key stops recording clicks at once: paste the new tag.</p></form>
      </section>`;
}

/** After a rotation: the old key is dead, the tag must be pasted again. */
export const rotatedKeyNotice = (): Raw =>
  html`<div class="notice" role="status"><p>A new publishable key is in place; the old one records no more clicks. Paste the new script tag on your site.</p></div>`;
