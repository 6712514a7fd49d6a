import type { Response } from 'express';
import { html } from '../pages/html';

/** What a visitor sees when a tracking URL leads nowhere: a small page (404), never JSON, never cached. */
export function deadLinkPage(res: Response, message: string): void {
  res
    .status(404)
    .set({
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    })
    .type('html')
    .send(
      html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Link not found</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1d1d1f}</style></head>
<body><main><h1>Link not found</h1><p>${message}</p></main></body></html>`.html,
    );
}
