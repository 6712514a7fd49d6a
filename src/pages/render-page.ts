import type { Request, Response } from 'express';
import { csrfToken } from './cookies';
import { layout, type Raw } from './html';
import type { PageUser } from './page-user';

/** Sends a page in the layout; for a signed-in user `u`, with their email and the sign-out form (which needs the csrf token). */
export function renderPage(req: Request, res: Response, status: number, title: string, body: Raw, u?: PageUser | null): void {
  res
    .status(status)
    .type('html')
    .send(layout(title, body, u ? { email: u.user.email, csrf: csrfToken(req, res, u.sessionExpiresAt) } : undefined));
}
