import type { Request, Response } from 'express';
import type { ServiceContext } from '../modules/service-context';
import type { User } from '../modules/users/user.entity';
import type { html } from './html';

/** The signed-in dashboard user of a page request, with the context its service calls take. */
export interface PageUser {
  user: User;
  token: string;
  /** When the session ends: the csrf cookie a page sets lives as long (cookies.ts csrfToken). */
  sessionExpiresAt: Date;
  ctx: ServiceContext;
}

/** Renders a page in the layout (the signed-in user's email and sign-out form when `u` is given). */
export type PageFn = (req: Request, res: Response, status: number, title: string, body: ReturnType<typeof html>, u?: PageUser | null) => void;
