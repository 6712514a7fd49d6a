import type { Request, Response } from 'express';
import type { ServiceContext } from '../modules/service-context';
import type { User } from '../modules/users/user.entity';

/** The signed-in dashboard user of a page request, with the context its service calls take. */
export interface PageUser {
  user: User;
  token: string;
  /** When the session ends: the csrf cookie a page sets lives as long (cookies.ts csrfToken). */
  sessionExpiresAt: Date;
  ctx: ServiceContext;
}

/** The signed-in user of a page request; without one, it has already redirected to the sign-in page and answers null. */
export type RequireUser = (req: Request, res: Response) => Promise<PageUser | null>;
