import { createHash } from 'node:crypto';
import express, { type Request, type Response } from 'express';

/** The first-party cookie on the merchant's site that keeps the click id (DESIGN.md "Attribution on the merchant's site"). */
export const TRACKER_COOKIE = 'aff_ref';
/** The event dispatched on `window` when the click id becomes known on a page (`event.detail.clickId`). */
export const TRACKER_EVENT = 'affiliate-referral';

/**
 * The merchant-site script, as served: a classic script (no modules, no dependencies) for every current browser,
 * pasted as `<script src="<PUBLIC_URL>/tracker.js" data-program="pk_…"></script>`. It finds the API from its own
 * `src`. On every page it exposes a kept click id as `window.affiliateReferral` (a string of digits) and
 * dispatches `affiliate-referral`. On a page whose URL carries `?ref=<slug>` (and `click_id` when the visitor came
 * through a trackingUrl, which counted the click already) it reports the visit to POST /api/v1/public/clicks
 * with the publishable key in the URL (the CORS preflight then names the program), and keeps the answered click
 * id in the cookie for the program's cookieWindowDays (SameSite=Lax, Secure on https, the whole site's path):
 * under first_click a kept click stays (the new visit is still counted), under last_click the new one replaces it.
 * Values that the endpoint would refuse are trimmed or dropped here, so a long URL never costs the click.
 * `data-cookie="<name>"` names the cookie otherwise (two programs' tags on one site keep their clicks apart).
 * `data-cookie-domain="shop.com"` shares the cookie with the site's other hosts (www., checkout.): applied only on
 * that host or one under it, else (and when the browser refuses it, e.g. a public suffix) the cookie stays host-only.
 */
export const TRACKER_JS = `/* Affiliate tracker: <script src=".../tracker.js" data-program="pk_..."></script> */
(function () {
  'use strict';
  var s = document.currentScript || document.querySelector('script[data-program][src*="/tracker.js"]');
  if (!s) return;
  var key = s.getAttribute('data-program');
  var api = s.src.replace(/\\/tracker\\.js([?#].*)?$/, '');
  var c0 = s.getAttribute('data-cookie');
  var NAME = c0 && /^[A-Za-z0-9_-]{1,64}$/.test(c0) ? c0 : '${TRACKER_COOKIE}';
  // Only this page's host or a parent of it: the browser would drop a cookie for any other domain.
  var h = location.hostname;
  var d = (s.getAttribute('data-cookie-domain') || '').replace(/^\\./, '').toLowerCase();
  var DOMAIN = d && (h === d || h.slice(-d.length - 1) === '.' + d) ? d : '';

  function read() {
    var m = document.cookie.match(new RegExp('(?:^|;\\\\s*)' + NAME + '=(\\\\d{1,16})(?:;|$)'));
    return m ? m[1] : null;
  }
  function expose(id) {
    window.affiliateReferral = id;
    if (typeof CustomEvent === 'function') window.dispatchEvent(new CustomEvent('${TRACKER_EVENT}', { detail: { clickId: id } }));
  }

  var kept = read();
  if (kept) expose(kept);

  var q = new URLSearchParams(location.search);
  var ref = q.get('ref');
  if (!ref || !key || !window.fetch) return;
  var clickId = q.get('click_id');
  fetch(api + '/api/v1/public/clicks?key=' + encodeURIComponent(key), {
    method: 'POST',
    mode: 'cors',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ref: ref.slice(0, 200),
      clickId: clickId && /^\\d{1,16}$/.test(clickId) ? clickId : null,
      landingUrl: location.href.slice(0, 2000),
      referrer: document.referrer ? document.referrer.slice(0, 2000) : null
    })
  })
    .then(function (r) { return r.ok ? r.json() : null; })
    .then(function (c) {
      if (!c || c.clickId == null) return;
      var id = String(c.clickId);
      var now = read();
      if (now && c.attributionModel !== 'last_click') return;
      var attrs = '; Max-Age=' + c.cookieWindowDays * 86400 + '; Path=/; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '');
      if (DOMAIN) {
        // A host-only cookie of the same name would shadow the shared one on this host: replaced by it.
        document.cookie = NAME + '=; Max-Age=0; Path=/';
        document.cookie = NAME + '=' + id + attrs + '; Domain=' + DOMAIN;
      }
      // Host-only without a domain, or when the browser refused it (a public suffix such as co.uk, an IP address).
      if (!DOMAIN || read() !== id) document.cookie = NAME + '=' + id + attrs;
      if (id !== now) expose(id);
    })
    .catch(function () {});
})();
`;

const BODY = Buffer.from(TRACKER_JS);
const ETAG = `"${createHash('sha256').update(BODY).digest('hex').slice(0, 32)}"`;

/**
 * GET /tracker.js: public and static. Cached for an hour, then revalidated by its ETag (304 while unchanged), so
 * a new version reaches every merchant's pages within the hour without a new URL to paste. Loadable by any
 * page (Cross-Origin-Resource-Policy, and CORS for a `crossorigin` script tag), since it is meant for other sites.
 */
export function trackerRouter(): express.Router {
  const r = express.Router();
  r.get('/tracker.js', (_req: Request, res: Response) => {
    res.locals.route = 'GET /tracker.js';
    res.set({
      'Cache-Control': 'public, max-age=3600',
      ETag: ETAG,
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Allow-Origin': '*',
    });
    // res.send answers 304 to a matching If-None-Match (the request is fresh against the ETag set above).
    res.type('text/javascript; charset=utf-8').send(BODY);
  });
  return r;
}
