import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { DomainError } from '../../common/errors';
import type { Program } from '../../modules/programs/program.entity';
import { readCookies, setCookie } from '../cookies';

/** The portal session's cookie: one per program, sent only to that program's portal pages. */
export const PORTAL_COOKIE = 'portal_session';

const cookiePath = (program: Pick<Program, 'portalSlug'>) => `/portal/${program.portalSlug}`;

export function readPortalToken(req: Request): string | undefined {
  return readCookies(req)[PORTAL_COOKIE];
}

/**
 * HttpOnly, SameSite=Lax, Secure over HTTPS. A session begun from an embedding link over HTTPS lives in the
 * merchant's page (a cross-site frame), where a Lax cookie is never sent: it is SameSite=None and Partitioned
 * (CHIPS) instead, kept apart per embedding site. Forms there stay safe: the CSRF token comes from the session.
 */
export function setPortalCookie(req: Request, res: Response, program: Program, token: string, expiresAt: Date, embedded: boolean): void {
  const maxAgeSeconds = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  const crossSite = embedded && req.secure;
  setCookie(req, res, PORTAL_COOKIE, token, { maxAgeSeconds, path: cookiePath(program), sameSite: crossSite ? 'None' : 'Lax', partitioned: crossSite });
}

/** Ends the cookie as it was set: the first-party one, and over HTTPS the partitioned one of a frame too. */
export function clearPortalCookie(req: Request, res: Response, program: Program): void {
  const path = cookiePath(program);
  setCookie(req, res, PORTAL_COOKIE, '', { maxAgeSeconds: 0, path });
  if (req.secure) setCookie(req, res, PORTAL_COOKIE, '', { maxAgeSeconds: 0, path, sameSite: 'None', partitioned: true });
}

/**
 * The forms' CSRF token of a signed-in page: derived from the session token, which only this browser holds (the
 * cookie is HttpOnly), so it needs no cookie of its own and works in a frame too.
 */
export const portalCsrf = (sessionToken: string): string => createHash('sha256').update(`portal-csrf:${sessionToken}`).digest('base64url');

export function requirePortalCsrf(req: Request, sessionToken: string): void {
  const sent = typeof req.body?.csrf === 'string' ? req.body.csrf : '';
  const expected = portalCsrf(sessionToken);
  if (sent.length !== expected.length || !timingSafeEqual(Buffer.from(sent), Buffer.from(expected)))
    throw new DomainError('FORBIDDEN', 'The form is missing its security token or it does not match; reload the page and try again');
}

/**
 * A form posted from another site is refused (login CSRF: a link of someone else's signing this browser in, an
 * application sent in a visitor's name). Browsers send Origin with every POST; it must name this host.
 */
export function requireSameOrigin(req: Request, publicOrigin: string): void {
  const origin = req.get('origin');
  if (origin === undefined) return; // not a browser's form post: nothing of a visitor's to abuse
  // This server's address as PUBLIC_URL names it, or as the request reached it (a proxy may rewrite Host).
  if (origin === publicOrigin) return;
  let host: string | null;
  try {
    host = origin === 'null' ? null : new URL(origin).host;
  } catch {
    host = null;
  }
  if (host === null || host !== req.get('host')) throw new DomainError('FORBIDDEN', 'This form can only be sent from its own page');
}
