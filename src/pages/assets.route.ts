import { createHash } from 'node:crypto';
import fs from 'node:fs';
import express, { type Request, type Response } from 'express';
import { PORTAL_CSS, PORTAL_JS } from './portal/portal-assets';

/**
 * The pages' own static files, served from this origin (nothing is loaded from another host): Pico CSS, from its
 * npm package, and the portal's few additions. Each URL carries a hash of its content, so it is cached for a year
 * and a new release is a new URL.
 */
interface Asset {
  path: string;
  type: string;
  body: Buffer;
  url: string;
}

function asset(path: string, type: string, body: Buffer): Asset {
  return { path, type, body, url: `${path}?v=${createHash('sha256').update(body).digest('hex').slice(0, 12)}` };
}

const PICO = asset('/assets/pico.min.css', 'text/css', fs.readFileSync(require.resolve('@picocss/pico/css/pico.min.css')));
const CSS = asset('/assets/portal.css', 'text/css', Buffer.from(PORTAL_CSS));
const JS = asset('/assets/portal.js', 'text/javascript', Buffer.from(PORTAL_JS));

/** The versioned URLs the pages link. */
export const ASSET_URLS = { pico: PICO.url, css: CSS.url, js: JS.url } as const;

export function assetsRouter(): express.Router {
  const r = express.Router();
  for (const a of [PICO, CSS, JS]) {
    r.get(a.path, (_req: Request, res: Response) => {
      res.set({
        'Content-Type': `${a.type}; charset=utf-8`,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
      res.send(a.body);
    });
  }
  return r;
}
