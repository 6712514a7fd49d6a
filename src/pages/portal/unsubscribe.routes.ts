import type { Request, Response, Router } from 'express';
import type { Program } from '../../modules/programs/program.entity';
import { html } from '../html';
import { portalBase, sendPortalPage } from './portal-layout';
import { programOf, requestContext, type PortalDeps } from './portal-context';

const KIND_NAMES: Record<string, string> = { new_commission: 'new commission', payout_sent: 'payout sent' };

const badLink = (res: Response, program: Program) =>
  sendPortalPage(res, program, 400, 'Unsubscribe', html`<h1>This unsubscribe link does not work</h1><p>Sign in to change your email preferences.</p>`);

const linkOf = (req: Request) => ({
  a: typeof req.query.a === 'string' ? req.query.a : '',
  k: typeof req.query.k === 'string' ? req.query.k : '',
  t: typeof req.query.t === 'string' ? req.query.t : '',
});

/**
 * Unsubscribing from a notification kind by the link in its email, without signing in. GET asks first (mail
 * scanners open links); POST acts, from that page or as RFC 8058's one-click POST a mail client sends by itself
 * (`List-Unsubscribe=One-Click`, from no page of ours: the link's token is what authorizes it).
 */
export function unsubscribeRoutes(r: Router, deps: PortalDeps): void {
  r.get('/unsubscribe', (req: Request, res: Response) => {
    const program = programOf(res);
    const link = linkOf(req);
    const kind = KIND_NAMES[link.k];
    if (!kind) return badLink(res, program);
    const action = `${req.baseUrl}/unsubscribe?${new URLSearchParams(link).toString()}`;
    sendPortalPage(
      res,
      program,
      200,
      'Unsubscribe',
      html`<h1>Stop ${kind} emails?</h1><p>You will no longer get an email from ${program.name} for each ${kind}. You can turn them on again in your portal's settings.</p>
<form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  r.post('/unsubscribe', async (req: Request, res: Response) => {
    const program = programOf(res);
    const link = linkOf(req);
    const done = await deps.services.emailPreferences.unsubscribe(requestContext(deps, req), program, link);
    if (!done) return badLink(res, program);
    sendPortalPage(
      res,
      program,
      200,
      'Unsubscribed',
      html`<h1>You are unsubscribed</h1><p>No more ${KIND_NAMES[link.k]} emails from ${program.name}. <a href="${portalBase(program)}">Sign in</a> to change your email preferences.</p>`,
    );
  });
}
