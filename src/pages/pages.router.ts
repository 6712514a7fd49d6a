import { createLoaders } from '../modules/loaders';
import { activityChart } from './activity-chart';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DomainError } from '../common/errors';
import { assertNoNul } from '../common/nul';
import type { PartnerRegistry } from '../modules/oauth/partners';
import type { Program } from '../modules/programs/program.entity';
import { anonymousContext } from '../modules/service-context';
import type { Services } from '../services';
import { clearSessionCookies, csrfToken, pageHeaders, readCookies, requireCsrf, SESSION_COOKIE, setSessionCookies } from './cookies';
import { consentRoutes } from './consent.routes';
import { html, layout } from './html';
import type { PageFn, PageUser } from './page-user';

/** Only same-site paths are followed after sign-in (no open redirect). */
const safeNext = (v: unknown): string => (typeof v === 'string' && /^\/(?!\/)[^\s\\]*$/.test(v) ? v : '/dashboard');

const PAGE_PATHS = ['/login', '/logout', '/dashboard', '/connect'];

/** Server-rendered pages: sign-in, the user's programs, API keys, connected apps, webhook deliveries, OAuth consent. */
export function pagesRouter(orm: MikroORM, services: Services, partners: PartnerRegistry, origin: string): express.Router {
  const r = express.Router();
  // Only the pages' own paths: the API behind them has its own headers and body parsing.
  r.use(PAGE_PATHS, pageHeaders, express.urlencoded({ extended: false, limit: '32kb' }), (req: Request, _res: Response, next: NextFunction) => {
    // U+0000 in a form field or parameter: refused like on the APIs (an error page, below), before any lookup.
    assertNoNul(req.query, req.body, req.params);
    next();
  });

  const currentUser = async (req: Request): Promise<PageUser | null> => {
    const token = readCookies(req)[SESSION_COOKIE];
    if (!token) return null;
    const visitor = anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? '');
    const s = await services.users.authenticate(visitor, token);
    if (!s) return null;
    return {
      user: s.user,
      token,
      sessionExpiresAt: s.session.expiresAt,
      ctx: { ...visitor, actor: { kind: 'session', credentialId: s.session.id, userId: s.user.id } },
    };
  };
  const requireUser = async (req: Request, res: Response): Promise<PageUser | null> => {
    const u = await currentUser(req);
    if (!u) res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
    return u;
  };
  const page: PageFn = (req, res, status, title, body, u) =>
    void res
      .status(status)
      .type('html')
      .send(layout(title, body, u ? { email: u.user.email, csrf: csrfToken(req, res, u.sessionExpiresAt) } : undefined));

  // ---- sign-in ----
  const loginForm = (req: Request, res: Response, status: number, error?: string) => {
    const csrf = csrfToken(req, res);
    page(
      req,
      res,
      status,
      'Sign in',
      html`
      <h1>Sign in</h1>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="/login">
        <input type="hidden" name="csrf" value="${csrf}">
        <input type="hidden" name="next" value="${safeNext(req.query.next ?? req.body?.next)}">
        <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
        <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
        <p><button type="submit">Sign in</button></p>
      </form>`,
    );
  };
  r.get('/login', (req, res) => loginForm(req, res, 200));
  r.post('/login', requireCsrf, async (req, res) => {
    try {
      const { token, session } = await services.users.signIn(anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? ''), {
        email: String(req.body.email ?? ''),
        password: String(req.body.password ?? ''),
      });
      setSessionCookies(req, res, token, session.expiresAt);
      res.redirect(303, safeNext(req.body.next));
    } catch (err) {
      if (err instanceof DomainError && err.code === 'RATE_LIMITED') {
        const seconds = err.retryAfterSeconds ?? 60;
        const minutes = Math.ceil(seconds / 60);
        res.set('Retry-After', String(seconds));
        return loginForm(req, res, 429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      if (err instanceof DomainError) return loginForm(req, res, 401, err.message);
      throw err;
    }
  });
  r.post('/logout', requireCsrf, async (req, res) => {
    const token = readCookies(req)[SESSION_COOKIE];
    if (token) await services.users.signOut(anonymousContext(orm.em.fork(), req.log, req.id, req.ip ?? ''), token);
    clearSessionCookies(req, res);
    res.redirect(303, '/login');
  });

  // ---- dashboard ----
  r.get('/dashboard', async (req, res) => {
    const u = await requireUser(req, res);
    if (!u) return;
    const programs = await services.programs.listPrograms(u.ctx);
    page(
      req,
      res,
      200,
      'Your programs',
      html`
      <h1>Your programs</h1>
      ${programs.length ? html`<ul>${programs.map((p) => html`<li><a href="/dashboard/programs/${p.id}">${p.name}</a>${p.domain ? html` — ${p.domain}` : ''}</li>`)}</ul>` : html`<p>No programs yet. Create one with the CLI or the GraphQL <code>createProgram</code> mutation.</p>`}`,
      u,
    );
  });

  const programPage = async (req: Request, res: Response, u: PageUser, program: Program, notice?: ReturnType<typeof html>) => {
    const csrf = csrfToken(req, res, u.sessionExpiresAt);
    // Newest first.
    const keys = (await services.apiKeys.listApiKeys(u.ctx, program.id)).reverse();
    const connections = await services.oauth.listConnections(u.ctx, program.id);
    const deliveries = await services.eventLog.recentDeliveries(u.ctx, program.id);
    const integrations = await services.billing.listIntegrations(u.ctx, program.id);
    const billingEvents = (await services.billing.listEvents(u.ctx, program.id, {}, { first: 20 })).nodes;
    // The last 30 days (UTC), from the queries GraphQL `stats` and `topAffiliates` answer with.
    const activity = await services.stats.stats(u.ctx, program.id, { interval: 'day' });
    const leaders = await services.stats.topAffiliates(u.ctx, program.id, { by: 'revenue', first: 10 });
    // The leaders' names in one statement, through the loader GraphQL uses for the same relation.
    const owners = await createLoaders(u.ctx.em, program.id).affiliateById.loadMany(leaders.map((l) => l.affiliateId));
    const names = new Map(
      leaders.map((l, i) => {
        const a = owners[i];
        return [l.affiliateId, a && !(a instanceof Error) ? `${a.firstName} ${a.lastName} <${a.email}>` : l.affiliateId];
      }),
    );
    const amount = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${activity.currency}`;
    const t = activity.totals;
    const when = (d: Date | string | null) => (d ? new Date(d).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—');
    page(
      req,
      res,
      200,
      program.name,
      html`
      <p><a href="/dashboard">← Your programs</a></p>
      <h1>${program.name}</h1>
      ${notice ?? ''}
      <section aria-labelledby="activity"><h2 id="activity">Activity, last 30 days</h2>
        <p>${t.clicks} clicks · ${t.referrals} referrals · ${t.sales} sales · ${amount(t.revenue)} revenue · ${amount(t.commission)} commission · ${t.refunds} refunds</p>
        ${activityChart(activity.series, activity.currency)}
        <h3>Top affiliates by revenue</h3>
        ${
          leaders.length
            ? html`<table><thead><tr><th scope="col">Affiliate</th><th scope="col">Revenue</th><th scope="col">Commission</th><th scope="col">Sales</th><th scope="col">Referrals</th><th scope="col">Clicks</th></tr></thead><tbody>
        ${leaders.map((l) => html`<tr><td>${names.get(l.affiliateId)}</td><td>${amount(l.revenue)}</td><td>${amount(l.commission)}</td><td>${l.sales}</td><td>${l.referrals}</td><td>${l.clicks}</td></tr>`)}</tbody></table>`
            : html`<p>No affiliate activity in the last 30 days.</p>`
        }
      </section>
      <section aria-labelledby="keys"><h2 id="keys">API keys</h2>
        <table><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>
        ${keys.map(
          (k) =>
            html`<tr><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${when(k.createdAt)}</td><td>${when(k.lastUsedAt)}</td><td>${
              k.revokedAt
                ? 'Revoked'
                : html`<form method="post" action="/dashboard/programs/${program.id}/api-keys/${k.id}/revoke"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" aria-label="Revoke API key ${k.name}">Revoke</button></form>`
            }</td></tr>`,
        )}
        </tbody></table>
        <form method="post" action="/dashboard/programs/${program.id}/api-keys"><input type="hidden" name="csrf" value="${csrf}">
          <label for="key-name">New key name</label><input id="key-name" name="name" type="text" required maxlength="200">
          <p><button type="submit">Create API key</button></p></form>
      </section>
      <section aria-labelledby="tracking"><h2 id="tracking">Tracking on your site</h2>
        <p>Paste this tag into every page of your site (before <code>&lt;/head&gt;</code>). Visitors who arrive with <code>?ref=…</code> are recorded as clicks and remembered for ${program.cookieWindowDays} days in the first-party cookie <code>aff_ref</code>; your checkout reads the click from <code>window.affiliateReferral</code> (Stripe Checkout: <code>client_reference_id</code>).</p>
        <pre><code id="tracker-tag">${`<script src="${origin}/tracker.js" data-program="${program.publishableKey}" async></script>`}</code></pre>
        <table><tbody>
          <tr><th scope="row">Publishable key</th><td><code id="publishable-key">${program.publishableKey}</code> (public: it only records clicks)</td></tr>
          <tr><th scope="row">Cookie window</th><td id="cookie-window">${program.cookieWindowDays} days</td></tr>
          <tr><th scope="row">Attribution</th><td id="attribution-model">${program.attributionModel === 'last_click' ? 'Last click: a later visit through another affiliate takes over' : 'First click: the first affiliate keeps the visitor for the whole window'} (<code>${program.attributionModel}</code>)</td></tr>
          <tr><th scope="row">Pages allowed to record clicks</th><td>${program.baseUrls.length ? html`${program.baseUrls.map((b, i) => html`${i ? ', ' : ''}<code>${b}</code>`)}` : 'none yet: add your base URLs'}</td></tr>
        </tbody></table>
        <p>Change the window (1 to 365 days), the attribution model and the base URLs with GraphQL <code>updateProgram</code> (<code>cookieWindowDays</code>, <code>attributionModel</code>, <code>baseUrls</code>).</p>
        <form method="post" action="/dashboard/programs/${program.id}/publishable-key/rotate"><input type="hidden" name="csrf" value="${csrf}">
          <p><button type="submit">Rotate publishable key</button> The current key stops recording clicks at once: paste the new tag.</p></form>
      </section>
      <section aria-labelledby="apps"><h2 id="apps">Connected apps</h2>
        ${
          connections.length
            ? html`<table><thead><tr><th scope="col">App</th><th scope="col">Connected</th><th scope="col">Last used</th><th scope="col">Status</th></tr></thead><tbody>
        ${connections.map(
          (c) =>
            html`<tr><td>${c.partner}</td><td>${when(c.createdAt)}</td><td>${when(c.lastUsedAt)}</td><td>${
              c.revokedAt
                ? 'Revoked'
                : html`<form method="post" action="/dashboard/programs/${program.id}/connections/${c.id}/revoke"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" aria-label="Revoke access of ${c.partner}">Revoke access</button></form>`
            }</td></tr>`,
        )}</tbody></table>`
            : html`<p>No connected apps.</p>`
        }
      </section>
      <section aria-labelledby="billing"><h2 id="billing">Sales from Stripe</h2>
        ${
          integrations.length
            ? html`<p>Paste the endpoint URL into Stripe's dashboard (Developers → Webhooks) with the events <code>checkout.session.completed</code>, <code>customer.created</code>, <code>customer.updated</code>, <code>customer.discount.*</code>, <code>customer.subscription.*</code>, <code>invoice.paid</code>, <code>invoice_payment.paid</code>, <code>charge.refunded</code> and <code>refund.created</code>.</p>
        <table><thead><tr><th scope="col">Provider</th><th scope="col">Endpoint URL</th><th scope="col">Connected</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>
        ${integrations.map(
          (i) =>
            html`<tr><td>${i.provider}</td><td><code>${services.billing.webhookUrl(i)}</code></td><td>${when(i.createdAt)}</td><td><form method="post" action="/dashboard/programs/${program.id}/billing/${i.id}/delete"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" aria-label="Disconnect ${i.provider} integration">Disconnect</button></form></td></tr>`,
        )}</tbody></table>`
            : html`<p>Not connected. Create an endpoint in Stripe's dashboard, then give its signing secret here.</p>`
        }
        <form method="post" action="/dashboard/programs/${program.id}/billing"><input type="hidden" name="csrf" value="${csrf}">
          <label for="stripe-secret">Stripe endpoint signing secret (whsec_…)</label><input id="stripe-secret" name="signingSecret" type="password" required maxlength="300" autocomplete="off">
          <p><button type="submit">Connect Stripe</button></p></form>
        <h3>Recent Stripe events</h3>
        ${
          billingEvents.length
            ? html`<table><thead><tr><th scope="col">Event</th><th scope="col">Received</th><th scope="col">Outcome</th><th scope="col">Detail</th></tr></thead><tbody>
        ${billingEvents.map((e) => html`<tr><td>${e.type}<br><code>${e.eventId}</code></td><td>${when(e.receivedAt)}</td><td>${e.outcome}</td><td>${e.detail}</td></tr>`)}</tbody></table>`
            : html`<p>No events received yet.</p>`
        }
      </section>
      <section aria-labelledby="hooks"><h2 id="hooks">Recent webhook deliveries</h2>
        ${
          deliveries.length
            ? html`<table><thead><tr><th scope="col">Event</th><th scope="col">Endpoint</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Updated</th></tr></thead><tbody>
        ${deliveries.map((d) => html`<tr><td>${d.type}<br><code>${d.event_id}</code></td><td>${d.url}</td><td>${d.status}</td><td>${d.attempts}</td><td>${d.last_status ?? '—'}</td><td>${when(d.updated_at)}</td></tr>`)}</tbody></table>`
            : html`<p>No deliveries yet.</p>`
        }
      </section>`,
      u,
    );
  };
  const withProgram = (handler: (req: Request, res: Response, u: PageUser, p: Program) => Promise<void>) => async (req: Request, res: Response) => {
    const u = await requireUser(req, res);
    if (!u) return;
    let program: Program;
    try {
      program = await services.programs.requireProgram(u.ctx, String(req.params.programId));
    } catch {
      return page(req, res, 404, 'Not found', html`<h1>Not found</h1><p>No such program.</p>`, u);
    }
    await handler(req, res, u, program);
  };
  r.get(
    '/dashboard/programs/:programId',
    withProgram((req, res, u, p) => programPage(req, res, u, p)),
  );
  r.post(
    '/dashboard/programs/:programId/api-keys',
    requireCsrf,
    withProgram(async (req, res, u, p) => {
      const { key } = await services.apiKeys.createApiKey(u.ctx, p.id, String(req.body.name ?? ''));
      await programPage(
        req,
        res,
        u,
        p,
        html`<div class="notice" role="status"><p>Your new API key — copy it now, it is not shown again:</p><p><code id="new-key">${key}</code></p></div>`,
      );
    }),
  );
  r.post(
    '/dashboard/programs/:programId/api-keys/:keyId/revoke',
    requireCsrf,
    withProgram(async (req, res, u, p) => {
      const key = await services.apiKeys.findApiKey(u.ctx, p.id, String(req.params.keyId));
      if (key) await services.apiKeys.revokeApiKey(u.ctx, key.id);
      res.redirect(303, `/dashboard/programs/${p.id}`);
    }),
  );
  r.post(
    '/dashboard/programs/:programId/publishable-key/rotate',
    requireCsrf,
    withProgram(async (req, res, u, p) => {
      const rotated = await services.programs.rotatePublishableKey(u.ctx, p.id);
      await programPage(
        req,
        res,
        u,
        rotated,
        html`<div class="notice" role="status"><p>A new publishable key is in place; the old one records no more clicks. Paste the new script tag on your site.</p></div>`,
      );
    }),
  );
  r.post(
    '/dashboard/programs/:programId/billing',
    requireCsrf,
    withProgram(async (req, res, u, p) => {
      const secret = typeof req.body.signingSecret === 'string' ? req.body.signingSecret : '';
      try {
        const i = await services.billing.createIntegration(u.ctx, p.id, { provider: 'stripe', signingSecret: secret });
        await programPage(
          req,
          res,
          u,
          p,
          html`<div class="notice" role="status"><p>Stripe is connected. Paste this endpoint URL into Stripe's dashboard:</p><p><code id="billing-url">${services.billing.webhookUrl(i)}</code></p></div>`,
        );
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'VALIDATION_FAILED') throw err;
        await programPage(req, res, u, p, html`<div class="notice error" role="alert"><p>${err.message}</p></div>`);
      }
    }),
  );
  r.post(
    '/dashboard/programs/:programId/billing/:integrationId/delete',
    requireCsrf,
    withProgram(async (req, res, u, p) => {
      try {
        await services.billing.deleteIntegration(u.ctx, p.id, String(req.params.integrationId));
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'NOT_FOUND') throw err;
      }
      res.redirect(303, `/dashboard/programs/${p.id}`);
    }),
  );
  r.post(
    '/dashboard/programs/:programId/connections/:connectionId/revoke',
    requireCsrf,
    withProgram(async (req, res, u, p) => {
      const c = await services.oauth.findConnection(u.ctx, p.id, String(req.params.connectionId));
      if (c) await services.oauth.revokeConnection(u.ctx, c.id);
      res.redirect(303, `/dashboard/programs/${p.id}`);
    }),
  );

  // ---- OAuth consent (spec section 5, steps 1-3) ----
  consentRoutes(r, { services, partners, origin, requireUser, page });

  // A refused form (missing CSRF token, …) is a page, not JSON.
  r.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!(err instanceof DomainError)) return next(err);
    page(req, res, err.code === 'FORBIDDEN' ? 403 : 400, 'Request refused', html`<h1>Request refused</h1><p class="error" role="alert">${err.message}</p>`);
  });
  return r;
}
