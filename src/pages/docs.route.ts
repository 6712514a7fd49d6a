import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response } from 'express';

/**
 * GET /docs: the OpenAPI document (/api/v1/openapi.json) rendered for people by Redoc. The renderer's
 * self-contained bundle comes from the `redoc` npm package and is served by this server, so the page works
 * offline and loads nothing from another host. Its CSP allows exactly what Redoc uses: scripts and the
 * document from 'self', a blob: worker (its search index), inline styles (styled-components injects them) and
 * data: images (its inline SVG icons, and the page's empty favicon). Redoc 2 loads no fonts.
 * The bundle's one outside resource, the Redocly logo in the menu (an image on its CDN), is never requested:
 * docs.js gives images no other source than data: (see INIT_JS), the image fails and Redoc leaves it out.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  'worker-src blob:',
  'img-src data:',
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const BUNDLE_FILE = require.resolve('redoc/bundles/redoc.standalone.js');
const REDOC_VERSION = (JSON.parse(fs.readFileSync(path.join(path.dirname(BUNDLE_FILE), '..', 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Starts Redoc on the served document; in a file of its own so no inline script is needed. Before that, an
 * image source other than data: (which the CSP would refuse, with a violation report) becomes an empty data:
 * URL, whether set as an attribute or as the property (React does both): Redoc's logo then fails quietly and
 * is left out, and nothing is requested from its CDN.
 */
const INIT_JS = `"use strict";
(function () {
  var dataOnly = function (value) { return /^data:/i.test(String(value)) ? value : 'data:,'; };
  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    return setAttribute.call(this, name, this instanceof HTMLImageElement && String(name).toLowerCase() === 'src' ? dataOnly(value) : value);
  };
  var src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    configurable: true, enumerable: src.enumerable, get: src.get, set: function (value) { src.set.call(this, dataOnly(value)); },
  });
})();
Redoc.init('/api/v1/openapi.json', { expandResponses: '200,201', jsonSampleExpandLevel: 3 }, document.getElementById('redoc'));
`;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** The version in the URL: a new renderer or init script is a new URL, so both can be cached for a year. */
const BUNDLE_VERSION = REDOC_VERSION;
const INIT_VERSION = sha256(INIT_JS).slice(0, 12);
const DOCS_ASSETS = {
  bundle: `/docs/assets/redoc.standalone.js?v=${BUNDLE_VERSION}`,
  init: `/docs/assets/docs.js?v=${INIT_VERSION}`,
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Affiliate program API reference</title>
<link rel="icon" href="data:,">
<style>body{margin:0}</style>
</head>
<body>
<noscript>This reference needs JavaScript; the machine-readable document is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</noscript>
<div id="redoc"></div>
<script src="${DOCS_ASSETS.bundle}"></script>
<script src="${DOCS_ASSETS.init}"></script>
</body>
</html>
`;

const pageSecurity = {
  'Content-Security-Policy': DOCS_CSP,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * One script asset. Only the URL the page names (`?v=` of the current version) is cached for a year: another
 * `v` (a page of an older or newer release, e.g. while instances are replaced one by one) gets these bytes
 * revalidated every time, so no cache keeps the wrong script under a version's URL. ETag computed once.
 */
function sendScript(req: Request, res: Response, body: Buffer, version: string, etag: string): void {
  const current = req.query.v === version;
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
  });
  res.type('text/javascript; charset=utf-8').send(body);
}

/**
 * GET /docs and its two assets; public like the document itself. Static and read once at start, so not
 * rate-limited (like /healthz and /api/v1/openapi.json); any other /docs/assets/ path is the server's 404.
 */
export function docsRouter(): express.Router {
  const r = express.Router();
  const bundle = fs.readFileSync(BUNDLE_FILE);
  const bundleEtag = `"${sha256(bundle).slice(0, 32)}"`;
  const init = Buffer.from(INIT_JS);
  const initEtag = `"${sha256(init).slice(0, 32)}"`;

  r.get('/docs', (_req: Request, res: Response) => {
    res.locals.route = 'GET /docs';
    res
      .set({ ...pageSecurity, 'Cache-Control': 'no-cache' })
      .type('html')
      .send(PAGE);
  });
  r.get('/docs/assets/redoc.standalone.js', (req: Request, res: Response) => {
    res.locals.route = 'GET /docs/assets/redoc.standalone.js';
    sendScript(req, res, bundle, BUNDLE_VERSION, bundleEtag);
  });
  r.get('/docs/assets/docs.js', (req: Request, res: Response) => {
    res.locals.route = 'GET /docs/assets/docs.js';
    sendScript(req, res, init, INIT_VERSION, initEtag);
  });
  return r;
}
