import type { Request, Response } from 'express';
import type { Program } from '../../modules/programs/program.entity';
import type { PageDeps } from '../page-deps';
import type { PageUser } from '../page-user';
import { renderPage } from '../render-page';
import { programNotFoundView } from './program-page.view';

/** A handler of a program's page or one of its forms, given the signed-in user and their program. */
export type ProgramHandler = (req: Request, res: Response, u: PageUser, p: Program) => Promise<void>;

/** Runs `handler` for the signed-in user's program named by `:programId`; a program that is not theirs answers 404. */
export const withProgram =
  ({ services, requireUser }: PageDeps, handler: ProgramHandler) =>
  async (req: Request, res: Response): Promise<void> => {
    const u = await requireUser(req, res);
    if (!u) return;
    let program: Program;
    try {
      program = await services.programs.requireProgram(u.ctx, String(req.params.programId));
    } catch {
      return renderPage(req, res, 404, 'Not found', programNotFoundView(), u);
    }
    await handler(req, res, u, program);
  };
