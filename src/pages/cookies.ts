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

/** Cookies are HttpOnly and SameSite, and Secure whenever the request came over HTTPS. */
export function setCookie(req: Request, res: Response, name: string, value: string, opts: { maxAgeSeconds?: number; sameSite?: 'Lax' | 'Strict' } = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', `SameSite=${opts.sameSite ?? 'Lax'}`];
  if (req.secure) parts.push('Secure');
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`);
  res.append('Set-Cookie', parts.join('; '));
}

/**
 * CSRF by double submit: a random token in a SameSite=Strict cookie must come back in the form. Another
 * site can neither read the cookie nor make the browser send it with a cross-site POST.
 */
export function csrfToken(req: Request, res: Response): string {
  const existing = readCookies(req)[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  setCookie(req, res, CSRF_COOKIE, token, { sameSite: 'Strict' });
  return token;
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
