import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../common/errors';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf';

export function readCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      /* malformed cookie: ignored */
    }
  }
  return out;
}

/**
 * Cookies are HttpOnly and SameSite, and Secure whenever the request came over HTTPS. `None` (a cookie of a
 * cross-site frame) is only ever sent Secure, and `partitioned` keeps it apart per embedding site (CHIPS).
 */
export function setCookie(
  req: Request,
  res: Response,
  name: string,
  value: string,
  opts: { maxAgeSeconds?: number; sameSite?: 'Lax' | 'Strict' | 'None'; path?: string; partitioned?: boolean } = {},
): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${opts.path ?? '/'}`, 'HttpOnly', `SameSite=${opts.sameSite ?? 'Lax'}`];
  if (req.secure || opts.sameSite === 'None') parts.push('Secure');
  if (opts.partitioned) parts.push('Partitioned');
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`);
  res.append('Set-Cookie', parts.join('; '));
}

/** A csrf cookie handed out before sign-in lives this long; signing in gives it the session's lifetime. */
const ANONYMOUS_CSRF_SECONDS = 24 * 3600;
const CSRF_RE = /^[A-Za-z0-9_-]{32,64}$/;
const secondsUntil = (t: Date) => Math.max(0, Math.floor((t.getTime() - Date.now()) / 1000));

/**
 * CSRF by double submit: a random token in a SameSite=Strict cookie must come back in the form. Another
 * site can neither read the cookie nor make the browser send it with a cross-site POST.
 *
 * One token per response: every call while a page renders answers the token of the first, so the cookie
 * set and the forms agree (two would leave the browser with the last cookie and the forms with the other).
 * The cookie persists (Max-Age) rather than ending with the browser: for a signed-in page until
 * `sessionExpiresAt`, as the session cookie does, so a restarted browser still holds the pair; otherwise a day.
 */
export function csrfToken(req: Request, res: Response, sessionExpiresAt?: Date): string {
  const issued: unknown = res.locals.csrfToken;
  if (typeof issued === 'string') return issued;
  const existing = readCookies(req)[CSRF_COOKIE];
  let token = existing;
  if (!existing || !CSRF_RE.test(existing)) {
    token = randomBytes(24).toString('base64url');
    const maxAgeSeconds = sessionExpiresAt ? secondsUntil(sessionExpiresAt) : ANONYMOUS_CSRF_SECONDS;
    setCookie(req, res, CSRF_COOKIE, token, { sameSite: 'Strict', maxAgeSeconds });
  }
  res.locals.csrfToken = token;
  return token;
}

/**
 * A new session's cookies: the session token and a new csrf token (a token known before sign-in is not carried
 * into the session), both until the session ends, so neither outlives or is outlived by the other.
 */
export function setSessionCookies(req: Request, res: Response, sessionToken: string, expiresAt: Date): void {
  const maxAgeSeconds = secondsUntil(expiresAt);
  setCookie(req, res, SESSION_COOKIE, sessionToken, { maxAgeSeconds });
  const csrf = randomBytes(24).toString('base64url');
  setCookie(req, res, CSRF_COOKIE, csrf, { sameSite: 'Strict', maxAgeSeconds });
  res.locals.csrfToken = csrf;
}

/** Signing out ends both cookies; the next page hands out a new csrf token. */
export function clearSessionCookies(req: Request, res: Response): void {
  setCookie(req, res, SESSION_COOKIE, '', { maxAgeSeconds: 0 });
  setCookie(req, res, CSRF_COOKIE, '', { sameSite: 'Strict', maxAgeSeconds: 0 });
}

export function requireCsrf(req: Request, _res: Response, next: NextFunction): void {
  const cookie = readCookies(req)[CSRF_COOKIE];
  const field = typeof req.body?.csrf === 'string' ? req.body.csrf : '';
  const ok = !!cookie && cookie.length === field.length && timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
  if (!ok) throw new DomainError('FORBIDDEN', 'The form is missing its security token or it does not match; reload the page and try again');
  next();
}

/** Pages cannot be framed by other sites (clickjacking) and leak nothing in Referer. */
export function pageHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.set({
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy':
      "default-src 'self'; img-src 'self' https: data:; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  next();
}
