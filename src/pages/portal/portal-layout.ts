import type { Request, Response } from 'express';
import type { Program } from '../../modules/programs/program.entity';
import { ASSET_URLS } from '../assets.route';
import { esc, html, type Raw } from '../html';
import { portalHeaders } from './portal-headers';

/** What a signed-in page's frame needs: the nav's current item and the sign-out form's token. */
export interface SignedInFrame {
  csrf: string;
  current: 'home' | 'referrals' | 'commissions' | 'payouts' | 'settings';
  name: string;
}

const NAV: Array<[SignedInFrame['current'], string, string]> = [
  ['home', '', 'Overview'],
  ['referrals', '/referrals', 'Referrals'],
  ['commissions', '/commissions', 'Commissions'],
  ['payouts', '/payouts', 'Payouts'],
  ['settings', '/settings', 'Settings'],
];

export const portalBase = (program: Pick<Program, 'portalSlug'>) => `/portal/${program.portalSlug}`;

function brand(program: Program): Raw {
  const logo = program.logoUrl ? html`<img src="${program.logoUrl}" alt="">` : html``;
  return html`<p class="brand">${logo}<strong>${program.name}</strong> <span>Affiliate portal</span></p>`;
}

function nav(program: Program, frame: SignedInFrame): Raw {
  const base = portalBase(program);
  return html`<nav aria-label="Portal"><ul>${NAV.map(
    ([key, path, label]) => html`<li><a href="${base}${path}"${key === frame.current ? html` aria-current="page"` : html``}>${label}</a></li>`,
  )}</ul><ul><li><form method="post" action="${base}/sign-out" class="sign-out"><input type="hidden" name="csrf" value="${frame.csrf}"><button type="submit" class="secondary outline">Sign out</button></form></li></ul></nav>`;
}

/** The portal's page: the program's name and logo on top, our own Pico CSS, the nav once signed in. */
export function portalPage(program: Program, title: string, body: Raw, frame?: SignedInFrame): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · ${esc(program.name)} affiliates</title>
<link rel="stylesheet" href="${ASSET_URLS.pico}"><link rel="stylesheet" href="${ASSET_URLS.css}">
<script src="${ASSET_URLS.js}" defer></script></head>
<body><header class="container">${brand(program).html}${frame ? nav(program, frame).html : ''}</header>
<main class="container">${body.html}</main>
<footer class="container"><small>${frame ? `Signed in as ${esc(frame.name)}. ` : ''}Questions about the program? Contact ${esc(program.name)}.</small></footer></body></html>`;
}

/** Sends a portal page with its headers (framing by the program's own sites only). */
export function sendPortalPage(res: Response, program: Program, status: number, title: string, body: Raw, frame?: SignedInFrame): void {
  portalHeaders(res, program);
  res
    .status(status)
    .type('html')
    .send(portalPage(program, title, body, frame));
}

/** A page for a portal that does not exist or is turned off: no program to name, and framed by no one. */
export function sendNoPortal(_req: Request, res: Response): void {
  portalHeaders(res, null);
  res
    .status(404)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>No such portal</title><link rel="stylesheet" href="${ASSET_URLS.pico}"></head><body><main class="container"><h1>No such portal</h1><p>There is no affiliate portal at this address, or the program has turned it off.</p></main></body></html>`,
    );
}
