import express, { type NextFunction, type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DomainError } from '../common/errors';
import { assertNoNul } from '../common/nul';
import type { ServiceContext } from '../common/service-context';
import { ApiKey } from '../modules/api-keys/api-key.entity';
import { OAuthToken } from '../modules/oauth/oauth-token.entity';
import type { PartnerRegistry } from '../modules/oauth/partners';
import { Program } from '../modules/programs/program.entity';
import type { User } from '../modules/users/user.entity';
import type { Services } from '../services';
import { csrfToken, pageHeaders, readCookies, requireCsrf, SESSION_COOKIE, setCookie } from './cookies';
import { html, layout, raw } from './html';

interface PageUser {
  user: User;
  token: string;
  ctx: ServiceContext;
}

/** Only same-site paths are followed after sign-in (no open redirect). */
const safeNext = (v: unknown): string => (typeof v === 'string' && /^\/(?!\/)[^\s\\]*$/.test(v) ? v : '/dashboard');

const PAGE_PATHS = ['/login', '/logout', '/dashboard', '/connect'];

/** Server-rendered pages: sign-in, the user's programs, API keys, connected apps, webhook deliveries, OAuth consent. */
export function pagesRouter(orm: MikroORM, services: Services, partners: PartnerRegistry): express.Router {
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
    const em = orm.em.fork();
    const s = await services.users.authenticate(em, token);
    if (!s) return null;
    return { user: s.user, token, ctx: { em, actor: { kind: 'session', credentialId: s.session.id, userId: s.user.id }, requestId: req.id, log: req.log, programs: new Map() } };
  };
  const requireUser = async (req: Request, res: Response): Promise<PageUser | null> => {
    const u = await currentUser(req);
    if (!u) res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
    return u;
  };
  const page = (req: Request, res: Response, status: number, title: string, body: ReturnType<typeof html>, u?: PageUser | null) =>
    res.status(status).type('html').send(layout(title, body, u ? { email: u.user.email, csrf: csrfToken(req, res) } : undefined));

  // ---- sign-in ----
  const loginForm = (req: Request, res: Response, status: number, error?: string) => {
    const csrf = csrfToken(req, res);
    page(req, res, status, 'Sign in', html`
      <h1>Sign in</h1>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="/login">
        <input type="hidden" name="csrf" value="${csrf}">
        <input type="hidden" name="next" value="${safeNext(req.query.next ?? req.body?.next)}">
        <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
        <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
        <p><button type="submit">Sign in</button></p>
      </form>`);
  };
  r.get('/login', (req, res) => loginForm(req, res, 200));
  r.post('/login', requireCsrf, async (req, res) => {
    try {
      const { token, session } = await services.users.signIn(orm.em.fork(), { email: String(req.body.email ?? ''), password: String(req.body.password ?? '') }, req.ip ?? '');
      setCookie(req, res, SESSION_COOKIE, token, { maxAgeSeconds: Math.floor((session.expiresAt.getTime() - Date.now()) / 1000) });
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
    if (token) await services.users.signOut(orm.em.fork(), token);
    setCookie(req, res, SESSION_COOKIE, '', { maxAgeSeconds: 0 });
    res.redirect(303, '/login');
  });

  // ---- dashboard ----
  r.get('/dashboard', async (req, res) => {
    const u = await requireUser(req, res);
    if (!u) return;
    const programs = await services.programs.listPrograms(u.ctx);
    page(req, res, 200, 'Your programs', html`
      <h1>Your programs</h1>
      ${programs.length ? html`<ul>${programs.map((p) => html`<li><a href="/dashboard/programs/${p.id}">${p.name}</a>${p.domain ? html` — ${p.domain}` : ''}</li>`)}</ul>` : html`<p>No programs yet. Create one with the CLI or the GraphQL <code>createProgram</code> mutation.</p>`}`, u);
  });

  const programPage = async (req: Request, res: Response, u: PageUser, program: Program, notice?: ReturnType<typeof html>) => {
    const csrf = csrfToken(req, res);
    const keys = await u.ctx.em.find(ApiKey, { programId: program.id }, { orderBy: { id: 'desc' } });
    const connections = await u.ctx.em.find(OAuthToken, { programId: program.id }, { orderBy: { id: 'desc' } });
    const deliveries = await u.ctx.em.execute<Array<{ event_id: string; type: string; url: string; status: string; attempts: number; last_status: number | null; updated_at: string }>>(
      `select d.event_id, ev.type, e.url, d.status, d.attempts, d.last_status, d.updated_at from webhook_deliveries d
         join events ev on ev.id = d.event_id join webhook_endpoints e on e.id = d.endpoint_id
        where d.program_id = ? order by d.id desc limit 20`,
      [program.id],
    );
    const when = (d: Date | string | null) => (d ? new Date(d).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—');
    page(req, res, 200, program.name, html`
      <p><a href="/dashboard">← Your programs</a></p>
      <h1>${program.name}</h1>
      ${notice ?? ''}
      <section aria-labelledby="keys"><h2 id="keys">API keys</h2>
        <table><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>
        ${keys.map((k) => html`<tr><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${when(k.createdAt)}</td><td>${when(k.lastUsedAt)}</td><td>${
          k.revokedAt ? 'Revoked' : html`<form method="post" action="/dashboard/programs/${program.id}/api-keys/${k.id}/revoke"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" aria-label="Revoke API key ${k.name}">Revoke</button></form>`
        }</td></tr>`)}
        </tbody></table>
        <form method="post" action="/dashboard/programs/${program.id}/api-keys"><input type="hidden" name="csrf" value="${csrf}">
          <label for="key-name">New key name</label><input id="key-name" name="name" type="text" required maxlength="200">
          <p><button type="submit">Create API key</button></p></form>
      </section>
      <section aria-labelledby="apps"><h2 id="apps">Connected apps</h2>
        ${connections.length ? html`<table><thead><tr><th scope="col">App</th><th scope="col">Connected</th><th scope="col">Last used</th><th scope="col">Status</th></tr></thead><tbody>
        ${connections.map((c) => html`<tr><td>${c.partner}</td><td>${when(c.createdAt)}</td><td>${when(c.lastUsedAt)}</td><td>${
          c.revokedAt ? 'Revoked' : html`<form method="post" action="/dashboard/programs/${program.id}/connections/${c.id}/revoke"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" aria-label="Revoke access of ${c.partner}">Revoke access</button></form>`
        }</td></tr>`)}</tbody></table>` : html`<p>No connected apps.</p>`}
      </section>
      <section aria-labelledby="hooks"><h2 id="hooks">Recent webhook deliveries</h2>
        ${deliveries.length ? html`<table><thead><tr><th scope="col">Event</th><th scope="col">Endpoint</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Updated</th></tr></thead><tbody>
        ${deliveries.map((d) => html`<tr><td>${d.type}<br><code>${d.event_id}</code></td><td>${d.url}</td><td>${d.status}</td><td>${d.attempts}</td><td>${d.last_status ?? '—'}</td><td>${when(d.updated_at)}</td></tr>`)}</tbody></table>` : html`<p>No deliveries yet.</p>`}
      </section>`, u);
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
  r.get('/dashboard/programs/:programId', withProgram((req, res, u, p) => programPage(req, res, u, p)));
  r.post('/dashboard/programs/:programId/api-keys', requireCsrf, withProgram(async (req, res, u, p) => {
    const { key } = await services.apiKeys.createApiKey(u.ctx, p.id, String(req.body.name ?? ''));
    await programPage(req, res, u, p, html`<div class="notice" role="status"><p>Your new API key — copy it now, it is not shown again:</p><p><code id="new-key">${key}</code></p></div>`);
  }));
  r.post('/dashboard/programs/:programId/api-keys/:keyId/revoke', requireCsrf, withProgram(async (req, res, u, p) => {
    const key = await u.ctx.em.findOne(ApiKey, { programId: p.id, id: String(req.params.keyId) });
    if (key) await services.apiKeys.revokeApiKey(u.ctx, key.id);
    res.redirect(303, `/dashboard/programs/${p.id}`);
  }));
  r.post('/dashboard/programs/:programId/connections/:connectionId/revoke', requireCsrf, withProgram(async (req, res, u, p) => {
    const c = await u.ctx.em.findOne(OAuthToken, { programId: p.id, id: String(req.params.connectionId) });
    if (c) await services.oauth.revokeConnection(u.ctx, c.id);
    res.redirect(303, `/dashboard/programs/${p.id}`);
  }));

  // ---- OAuth consent (spec section 5, steps 1-3) ----
  const consentError = (req: Request, res: Response, status: number, message: string) =>
    page(req, res, status, 'Cannot connect', html`<h1>Cannot connect</h1><p class="error" role="alert">${message}</p>`);

  /** Checks the request before anything else; never redirects to a URI that is not registered for the partner. */
  const consentParams = (req: Request, res: Response) => {
    const q = { ...(req.method === 'GET' ? req.query : req.body) } as Record<string, unknown>;
    const partner = partners.get(String(req.params.partner));
    if (!partner) return void consentError(req, res, 404, 'This app is not known to the service.');
    const redirectUri = typeof q.redirect_uri === 'string' ? q.redirect_uri : '';
    if (!redirectUri || !partners.allowsRedirect(partner, redirectUri)) return void consentError(req, res, 400, 'The redirect_uri is missing or not registered for this app.');
    const state = typeof q.state === 'string' ? q.state : '';
    if (!state || state.length > 500) return void consentError(req, res, 400, 'The state parameter is missing.');
    if (q.client_id !== undefined && q.client_id !== partner.clientId) return void consentError(req, res, 400, 'The client_id does not match this app.');
    const codeChallenge = typeof q.code_challenge === 'string' && q.code_challenge ? q.code_challenge : null;
    // RFC 7636 defaults the method to `plain`, which protects nothing against an intercepted request: S256
    // only (RFC 9700 §2.1.1). The redirect URI is registered, so a bad PKCE request goes back to the partner
    // as the error response RFC 7636 §4.4.1 asks for.
    const method = typeof q.code_challenge_method === 'string' && q.code_challenge_method ? q.code_challenge_method : codeChallenge ? 'plain' : null;
    const pkceError =
      method !== null && method !== 'S256' ? 'code_challenge_method must be S256'
        : method && !codeChallenge ? 'code_challenge is required with code_challenge_method'
          : codeChallenge && !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge) ? 'code_challenge must be the base64url SHA-256 of the code_verifier'
            : undefined;
    if (pkceError) return void res.redirect(303, back(redirectUri, { error: 'invalid_request', error_description: pkceError, state }));
    return { partner, redirectUri, state, codeChallenge, method };
  };
  const back = (redirectUri: string, params: Record<string, string>) => {
    const u = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };

  r.get('/connect/:partner/choose-affiliate-program', async (req, res) => {
    const p = consentParams(req, res);
    if (!p) return;
    const u = await requireUser(req, res);
    if (!u) return;
    const programs = await u.ctx.em.find(Program, { ownerId: u.user.id }, { orderBy: { id: 'asc' } });
    const csrf = csrfToken(req, res);
    const hidden = html`<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="state" value="${p.state}"><input type="hidden" name="redirect_uri" value="${p.redirectUri}">${
      p.codeChallenge ? html`<input type="hidden" name="code_challenge" value="${p.codeChallenge}"><input type="hidden" name="code_challenge_method" value="${p.method}">` : ''
    }`;
    page(req, res, 200, `Connect ${p.partner.name}`, html`
      <h1>Connect ${p.partner.name} to an affiliate program</h1>
      <p>${p.partner.name} will be able to read and change the affiliates, links, referrals and sales of the program you choose. You can revoke this at any time from your dashboard.</p>
      ${programs.length ? html`
      <form method="post" action="/connect/${p.partner.name}/choose-affiliate-program">${hidden}
        <fieldset><legend>Choose an affiliate program</legend>
        ${programs.map((prog, i) => html`<div class="program"><input type="radio" name="programId" id="program-${prog.id}" value="${prog.id}" ${i === 0 ? raw('checked') : ''} required>
          ${prog.logoUrl ? html`<img src="${prog.logoUrl}" alt="">` : ''}
          <label for="program-${prog.id}">${prog.name}${prog.domain ? html` <span>(${prog.domain})</span>` : ''}</label></div>`)}
        </fieldset>
        <p><button type="submit" name="action" value="connect">Connect</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></p>
      </form>` : html`<p>You have no affiliate program to connect yet.</p>
      <form method="post" action="/connect/${p.partner.name}/choose-affiliate-program">${hidden}<button type="submit" name="action" value="cancel">Cancel</button></form>`}`, u);
  });

  r.post('/connect/:partner/choose-affiliate-program', requireCsrf, async (req, res) => {
    const p = consentParams(req, res);
    if (!p) return;
    const u = await requireUser(req, res);
    if (!u) return;
    if (req.body.action !== 'connect') return res.redirect(303, back(p.redirectUri, { error: 'access_denied', state: p.state }));
    const programId = String(req.body.programId ?? '');
    let code: string;
    try {
      code = await services.oauth.issueCode(u.ctx.em, { partner: p.partner.name, userId: u.user.id, programId, redirectUri: p.redirectUri, codeChallenge: p.codeChallenge, codeChallengeMethod: p.method });
    } catch {
      return consentError(req, res, 400, 'Choose one of your programs.');
    }
    res.redirect(303, back(p.redirectUri, { code, state: p.state }));
  });

  // A refused form (missing CSRF token, …) is a page, not JSON.
  r.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!(err instanceof DomainError)) return next(err);
    page(req, res, err.code === 'FORBIDDEN' ? 403 : 400, 'Request refused', html`<h1>Request refused</h1><p class="error" role="alert">${err.message}</p>`);
  });
  return r;
}
