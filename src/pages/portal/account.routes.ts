import type { Request, Response, Router } from 'express';
import { fieldErrors } from './field-errors';
import { homeView } from './home.view';
import { commissionsView, payoutsView, referralsView } from './lists.view';
import { portalBase, sendPortalPage, type SignedInFrame } from './portal-layout';
import { requireVisit, type PortalDeps, type SignedIn } from './portal-context';
import { clearPortalCookie } from './portal-session';
import { settingsView, type PayoutFormValues } from './settings.view';

const PAGE_SIZE = 25;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
/** A cursor from the page's own "Older" link; anything else starts from the top (the list refuses a foreign one). */
const after = (req: Request): string | null => (typeof req.query.after === 'string' && req.query.after.length <= 200 ? req.query.after : null);

/** Notices after a redirect, by key: the URL never carries text of its own to show. */
const NOTICES: Record<string, string> = {
  'link-added': 'Your new link is ready.',
  'payout-saved': 'Your payout details are saved. We emailed you about the change.',
  'emails-saved': 'Your email preferences are saved.',
};
const notice = (req: Request): string | undefined => (typeof req.query.notice === 'string' ? NOTICES[req.query.notice] : undefined);

/** The signed-in page's frame: its nav item, the sign-out form's token, the name the session read with it. */
const frame = (v: SignedIn, current: SignedInFrame['current']): SignedInFrame => ({ csrf: v.csrf, current, name: v.affiliateName });

async function showHome(deps: PortalDeps, res: Response, v: SignedIn, status: number, opts: { notice?: string; linkError?: string }): Promise<void> {
  const overview = await deps.services.portal.overview(v.ctx);
  sendPortalPage(res, v.program, status, 'Overview', homeView(v.program, overview, v.csrf, opts), frame(v, 'home'));
}

async function showSettings(deps: PortalDeps, res: Response, v: SignedIn, status: number, opts: Parameters<typeof settingsView>[3]): Promise<void> {
  const a = await deps.services.portal.affiliate(v.ctx);
  sendPortalPage(res, v.program, status, 'Settings', settingsView(v.program, a, v.csrf, opts), frame(v, 'settings'));
}

type SignedInHandler = (req: Request, res: Response, v: SignedIn) => Promise<void>;

/** A handler for signed-in affiliates only; anyone else goes to the portal's first page. */
const signedInOnly = (deps: PortalDeps) => (handler: SignedInHandler) => async (req: Request, res: Response) => {
  const v = await requireVisit(deps, req, res);
  if (v) await handler(req, res, v);
};

/** The signed-in affiliate's pages: every one reads and writes only its own rows (PortalService). */
export function accountRoutes(r: Router, deps: PortalDeps): void {
  const { services } = deps;
  const signedIn = signedInOnly(deps);

  r.get(
    '/home',
    signedIn((req, res, v) => showHome(deps, res, v, 200, { notice: notice(req) })),
  );
  r.post(
    '/links',
    signedIn(async (req, res, v) => {
      try {
        await services.portal.createLink(v.ctx, text(req.body.link).trim());
        res.redirect(303, `${portalBase(v.program)}/home?notice=link-added`);
      } catch (err) {
        const errors = fieldErrors(err);
        if (!errors) throw err;
        await showHome(deps, res, v, 400, { linkError: errors.link ?? errors._form ?? Object.values(errors)[0] });
      }
    }),
  );
  r.get(
    '/referrals',
    signedIn(async (req, res, v) => {
      const page = await services.portal.referralsPage(v.ctx, { first: PAGE_SIZE, after: after(req) });
      sendPortalPage(res, v.program, 200, 'Referrals', referralsView(v.program, page), frame(v, 'referrals'));
    }),
  );
  r.get(
    '/commissions',
    signedIn(async (req, res, v) => {
      const page = await services.portal.commissionsPage(v.ctx, { first: PAGE_SIZE, after: after(req) });
      sendPortalPage(res, v.program, 200, 'Commissions', commissionsView(v.program, page), frame(v, 'commissions'));
    }),
  );
  r.get(
    '/payouts',
    signedIn(async (_req, res, v) => {
      sendPortalPage(res, v.program, 200, 'Payouts', payoutsView(await services.portal.payoutsOf(v.ctx)), frame(v, 'payouts'));
    }),
  );
  r.post(
    '/sign-out',
    signedIn(async (_req, res, v) => {
      await services.portalAccess.signOut(v.ctx, v.program, v.token);
      clearPortalCookie(_req, res, v.program);
      res.redirect(303, portalBase(v.program));
    }),
  );
}

/** Its payout details and email preferences. */
export function settingsRoutes(r: Router, deps: PortalDeps): void {
  const { services } = deps;
  const signedIn = signedInOnly(deps);
  r.get(
    '/settings',
    signedIn((req, res, v) => showSettings(deps, res, v, 200, { notice: notice(req) })),
  );
  r.post(
    '/settings/payout',
    signedIn(async (req, res, v) => {
      const values: PayoutFormValues = {
        payoutMethod: text(req.body.payoutMethod),
        payoutEmail: text(req.body.payoutEmail).trim(),
        stripeAccountId: text(req.body.stripeAccountId).trim(),
      };
      try {
        await services.portal.updatePayoutDetails(v.ctx, {
          payoutMethod: values.payoutMethod || null,
          payoutEmail: values.payoutEmail || null,
          stripeAccountId: values.stripeAccountId || null,
        });
        res.redirect(303, `${portalBase(v.program)}/settings?notice=payout-saved`);
      } catch (err) {
        const errors = fieldErrors(err);
        if (!errors) throw err;
        await showSettings(deps, res, v, 400, { values, errors });
      }
    }),
  );
  r.post(
    '/settings/emails',
    signedIn(async (req, res, v) => {
      await services.emailPreferences.setPreferences(v.ctx, { newCommission: req.body.newCommission === 'yes', payoutSent: req.body.payoutSent === 'yes' });
      res.redirect(303, `${portalBase(v.program)}/settings?notice=emails-saved`);
    }),
  );
}
