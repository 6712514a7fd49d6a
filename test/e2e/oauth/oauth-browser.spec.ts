/**
 * The OAuth partner flow of spec section 5 in a real browser (Debian's Chromium driven by playwright-core;
 * no browser is ever downloaded), with a real OAuth client library on the partner side (simple-oauth2):
 * sign in, choose a program, Connect, the partner's callback receives code and state, the code is exchanged,
 * the token works on /api/v1, the user revokes it on the dashboard, and the token is 401 from then on.
 * Also: the consent page works by keyboard alone, and Cancel sends error=access_denied.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeWithBrowser, launchChromium } from '../../helpers/browser';
import { useProgram, useTestServer } from '../../helpers/harness';
import { createAffiliate } from '../../helpers/factories';

// simple-oauth2 ships no type declarations; only what is used here is typed.
interface OAuthAccessToken {
  token: { access_token: string; token_type?: string; [k: string]: unknown };
}
interface AuthorizationCodeClient {
  authorizeURL(params: { redirect_uri: string; state: string; [k: string]: unknown }): string;
  getToken(params: { code: string; redirect_uri: string; [k: string]: unknown }): Promise<OAuthAccessToken>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { AuthorizationCode } = require('simple-oauth2') as { AuthorizationCode: new (config: Record<string, unknown>) => AuthorizationCodeClient };

const describeIfBrowser = describeWithBrowser('OAuth');

const PASSWORD = 'correct horse battery';
const AUTHORIZE_PATH = '/connect/zapier/choose-affiliate-program';
/** A 1×1 PNG served for the programs' logo URLs, so the page loads without the network. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Callback {
  url: string;
  hits: URL[];
  /** Resolves with the next request the callback receives. */
  next(): Promise<URL>;
  close(): Promise<void>;
}

/** The partner's redirect target: a tiny HTTP server on loopback that records what it receives. */
async function startCallback(): Promise<Callback> {
  const hits: URL[] = [];
  let waiters: Array<(u: URL) => void> = [];
  const srv = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (u.pathname === '/callback') {
      hits.push(u);
      const w = waiters;
      waiters = [];
      for (const f of w) f(u);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Partner</title><h1>Connected</h1>');
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    hits,
    next: () => new Promise<URL>((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
}

/** Rejects after ms, naming what it waited for. */
const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<T>((_r, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms).unref())]);

describeIfBrowser('OAuth partner flow in Chromium', () => {
  let callback: Callback;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let secondProgramId: string;
  let oauth: AuthorizationCodeClient;
  const firstName = `Rocket Shop ${randomBytes(2).toString('hex')}`;
  const secondName = `Boat Shop ${randomBytes(2).toString('hex')}`;

  beforeAll(async () => {
    callback = await startCallback();
  });
  const server = useTestServer(() => ({
    oauthPartners: [{ name: 'zapier', clientId: 'zap-client', clientSecret: 'zap-secret', redirectUris: [callback.url] }],
  }));
  server.beforeClose(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
  });
  afterAll(() => callback?.close());

  const owner = useProgram(server, { name: firstName, domain: 'rockets.example', logoUrl: 'https://cdn.example/rockets.png' });
  beforeAll(async () => {
    const { services, orm, log } = server.runtime;
    const em = orm.em.fork();
    const [{ owner_id: ownerId }] = (await em.getConnection().execute('select owner_id from programs where id = ?', [owner.programId])) as Array<{
      owner_id: string;
    }>;
    const ctx = { em, actor: { kind: 'session' as const, credentialId: 'fixture', userId: ownerId }, requestId: 'fixture', log, programs: new Map() };
    const second = await services.programs.createProgram(ctx, {
      name: secondName,
      domain: 'boats.example',
      logoUrl: 'https://cdn.example/boats.png',
      baseUrls: ['https://boats.example'],
    });
    secondProgramId = second.id;
    const { key: secondKey } = await services.apiKeys.createApiKey(ctx, second.id, 'tests');
    await createAffiliate(server, owner.key, { firstName: 'First', lastName: 'Program' });
    await createAffiliate(server, secondKey, { firstName: 'Second', lastName: 'Program' });

    oauth = new AuthorizationCode({
      client: { id: 'zap-client', secret: 'zap-secret' },
      auth: { tokenHost: server.url, tokenPath: '/api/zapier/token', authorizeHost: server.url, authorizePath: AUTHORIZE_PATH },
    });

    browser = await launchChromium();
    context = await browser.newContext();
    // the programs' logos: answered locally, nothing leaves the machine
    await context.route('https://cdn.example/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });

  const apiWith = (accessToken: string) => fetch(`${server.url}/api/v1/affiliates`, { headers: { authorization: `Bearer ${accessToken}` } });

  test('sign in, choose a program, Connect, exchange the code with simple-oauth2, call the API, revoke in the dashboard → 401', async () => {
    const state = randomBytes(16).toString('base64url');
    const authorizeUrl = oauth.authorizeURL({ redirect_uri: callback.url, state });
    expect(new URL(authorizeUrl).pathname).toBe(AUTHORIZE_PATH);

    // not signed in: the consent URL leads to the sign-in page
    await page.goto(authorizeUrl);
    await page.waitForURL((u) => u.pathname === '/login');
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('Email').fill(owner.ownerEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // back on the consent page, with the original query
    await page.waitForURL((u) => u.pathname === AUTHORIZE_PATH);
    expect(new URL(page.url()).searchParams.get('state')).toBe(state);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Connect zapier/);
    // both programs, each with name, domain and a loaded logo
    const radios = page.getByRole('radio');
    await expect(radios.count()).resolves.toBe(2);
    const first = page.getByLabel(`${firstName} (rockets.example)`);
    const second = page.getByLabel(`${secondName} (boats.example)`);
    await expect(first.isVisible()).resolves.toBe(true);
    await expect(second.isVisible()).resolves.toBe(true);
    const logos = await page.locator('img').evaluateAll((imgs) => imgs.map((i: any) => ({ src: i.src as string, loaded: i.naturalWidth > 0 })));
    expect(logos).toEqual(
      expect.arrayContaining([
        { src: 'https://cdn.example/rockets.png', loaded: true },
        { src: 'https://cdn.example/boats.png', loaded: true },
      ]),
    );

    await first.check();
    const arrived = callback.next();
    await page.getByRole('button', { name: 'Connect' }).click();
    const hit = await within(arrived, 15_000, 'the callback');
    await page.waitForURL((u) => u.href.startsWith(callback.url));
    expect(hit.searchParams.get('state')).toBe(state);
    const code = hit.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(hit.searchParams.get('error')).toBeNull();

    // the partner exchanges the code with a real OAuth client library (default: HTTP Basic client auth)
    const accessToken = await oauth.getToken({ code: code!, redirect_uri: callback.url });
    expect(accessToken.token.access_token).toEqual(expect.any(String));
    expect(accessToken.token.token_type).toBe('Bearer');
    const tokenValue = accessToken.token.access_token;

    const ok = await apiWith(tokenValue);
    expect(ok.status).toBe(200);
    const affiliates = (await ok.json()) as Array<{ firstName: string; programId: string }>;
    expect(affiliates.map((a) => a.programId)).toEqual([owner.programId]);

    // the same code cannot be used twice
    await expect(oauth.getToken({ code: code!, redirect_uri: callback.url })).rejects.toThrow();

    // a second use revoked the first token (RFC 6749 §4.1.2); connect again for the revoke-in-the-page part
    expect((await apiWith(tokenValue)).status).toBe(401);
    const state2 = randomBytes(16).toString('base64url');
    await page.goto(oauth.authorizeURL({ redirect_uri: callback.url, state: state2 }));
    await page.waitForURL((u) => u.pathname === AUTHORIZE_PATH);
    await page.getByLabel(`${firstName} (rockets.example)`).check();
    const arrived2 = callback.next();
    await page.getByRole('button', { name: 'Connect' }).click();
    const hit2 = await within(arrived2, 15_000, 'the callback');
    await page.waitForURL((u) => u.href.startsWith(callback.url));
    expect(hit2.searchParams.get('state')).toBe(state2);
    const token2 = (await oauth.getToken({ code: hit2.searchParams.get('code')!, redirect_uri: callback.url })).token.access_token;
    expect((await apiWith(token2)).status).toBe(200);

    // the user revokes the connection on the dashboard, in the same browser
    await page.goto(`${server.url}/dashboard/programs/${owner.programId}`);
    await expect(page.getByRole('heading', { name: 'Connected apps' }).isVisible()).resolves.toBe(true);
    const revokeButtons = page.getByRole('button', { name: /Revoke access/ });
    await expect(revokeButtons.count()).resolves.toBe(1);
    await revokeButtons.first().click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('button', { name: /Revoke access/ }).count()).resolves.toBe(0);

    const after = await apiWith(token2);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
  });

  test('keyboard only: Tab to the program radios, arrows to choose, Tab to Connect, Enter submits', async () => {
    const state = randomBytes(12).toString('base64url');
    await page.goto(oauth.authorizeURL({ redirect_uri: callback.url, state }));
    await page.waitForURL((u) => u.pathname === AUTHORIZE_PATH);

    const focused = () =>
      page.evaluate(() => {
        const el = (globalThis as any).document.activeElement;
        return el
          ? {
              tag: el.tagName as string,
              type: el.getAttribute('type') as string | null,
              name: el.getAttribute('name') as string | null,
              value: el.value as string,
              text: (el.textContent?.trim() ?? '') as string,
            }
          : null;
      });
    const tabUntil = async (pred: (f: Awaited<ReturnType<typeof focused>>) => boolean, what: string) => {
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        if (pred(await focused())) return;
      }
      throw new Error(`Tab never reached ${what}`);
    };

    await tabUntil((f) => f?.type === 'radio' && f.name === 'programId', 'a program radio');
    // the checked radio of the group takes the focus; arrow keys move the choice to the other program
    const before = await focused();
    await page.keyboard.press('ArrowDown');
    const after = await focused();
    expect(after?.type).toBe('radio');
    expect(after?.value).not.toBe(before?.value);
    expect(after?.value).toBe(secondProgramId);
    await expect(page.getByLabel(`${secondName} (boats.example)`).isChecked()).resolves.toBe(true);

    await tabUntil((f) => f?.tag === 'BUTTON' && f.text === 'Connect', 'the Connect button');
    const arrived = callback.next();
    await page.keyboard.press('Enter');
    const hit = await within(arrived, 15_000, 'the callback after Enter');
    await page.waitForURL((u) => u.href.startsWith(callback.url));
    expect(hit.searchParams.get('state')).toBe(state);
    const token = (await oauth.getToken({ code: hit.searchParams.get('code')!, redirect_uri: callback.url })).token.access_token;
    const res = await apiWith(token);
    expect(res.status).toBe(200);
    // the token belongs to the program chosen with the keyboard
    const body = (await res.json()) as Array<{ programId: string; firstName: string }>;
    expect(body.map((a) => [a.programId, a.firstName])).toEqual([[secondProgramId, 'Second']]);
  });

  test('keyboard only: Space on Cancel sends error=access_denied with the state, and no code', async () => {
    const state = randomBytes(12).toString('base64url');
    await page.goto(oauth.authorizeURL({ redirect_uri: callback.url, state }));
    await page.waitForURL((u) => u.pathname === AUTHORIZE_PATH);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const text = await page.evaluate(() =>
        (globalThis as any).document.activeElement?.tagName === 'BUTTON' ? ((globalThis as any).document.activeElement.textContent?.trim() as string) : null,
      );
      if (text === 'Cancel') break;
      if (i === 24) throw new Error('Tab never reached the Cancel button');
    }
    const arrived = callback.next();
    await page.keyboard.press('Space');
    const hit = await within(arrived, 15_000, 'the callback after Cancel');
    await page.waitForURL((u) => u.href.startsWith(callback.url));
    expect(Object.fromEntries(hit.searchParams)).toEqual({ error: 'access_denied', state, iss: `${server.url}/zapier` });
  });

  test('the consent page refuses an unregistered redirect_uri in the browser too: an error page, no navigation away', async () => {
    const hitsBefore = callback.hits.length;
    const evil = `${callback.url}/../evil`;
    const url = `${server.url}${AUTHORIZE_PATH}?${new URLSearchParams({ response_type: 'code', client_id: 'zap-client', redirect_uri: evil, state: 'x' })}`;
    const response = await page.goto(url);
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(server.url);
    await expect(page.getByRole('alert').isVisible()).resolves.toBe(true);
    expect(callback.hits.length).toBe(hitsBefore);
  });

  test('the consent page cannot be framed by another site', async () => {
    const target = `${server.url}${AUTHORIZE_PATH}?${new URLSearchParams({ redirect_uri: callback.url, state: 'frame-test' })}`;
    /** Another origin (the callback's port) embeds the consent page; answers how many program radios the frame shows. */
    const framedRadios = async (stripFramingHeaders: boolean) => {
      const framer = await context.newPage();
      try {
        if (stripFramingHeaders) {
          // control: the same page without its anti-framing headers IS shown in the frame, so the check below can see it
          await framer.route(`${server.url}/connect/**`, async (route) => {
            const res = await route.fetch();
            const headers = { ...res.headers() };
            delete headers['x-frame-options'];
            delete headers['content-security-policy'];
            await route.fulfill({ response: res, headers });
          });
        }
        await framer.goto(callback.url.replace('/callback', '/other-site'));
        await framer.evaluate(
          (src) =>
            new Promise<void>((resolve) => {
              const doc = (globalThis as any).document;
              const f = doc.createElement('iframe');
              f.src = src;
              f.addEventListener('load', () => resolve());
              doc.body.appendChild(f);
              setTimeout(resolve, 5000);
            }),
          target,
        );
        const frame = framer.frames().find((f) => f !== framer.mainFrame());
        return frame
          ? await frame
              .locator('input[name="programId"]')
              .count()
              .catch(() => 0)
          : 0;
      } finally {
        await framer.close();
      }
    };
    expect(await framedRadios(true)).toBe(2);
    expect(await framedRadios(false)).toBe(0);
  });
});
