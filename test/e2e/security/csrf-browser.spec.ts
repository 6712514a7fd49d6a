/**
 * The dashboard's CSRF token in a real browser (Debian's Chromium driven by playwright-core; skipped where it is
 * missing, as the other browser tests): a fresh browser signs in and its first dashboard form is accepted; after a
 * browser restart (a new context holding only the persistent cookies, as a browser keeps them) the first form
 * submitted is accepted too, not refused for a csrf cookie the browser dropped.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeWithBrowser, launchChromium } from '../../helpers/browser';
import { PASSWORD } from '../../helpers/oauth-pages';
import { useProgram, useTestServer } from '../../helpers/harness';

const describeIfBrowser = describeWithBrowser('CSRF');

describeIfBrowser('dashboard forms in Chromium, across a browser restart', () => {
  const server = useTestServer();
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const p = useProgram(server);
  beforeAll(async () => {
    browser = await launchChromium();
  });
  server.beforeClose(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
  });

  async function freshPage(context?: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
    const c = context ?? (await browser.newContext());
    contexts.push(c);
    const page = await c.newPage();
    page.setDefaultTimeout(15_000);
    return { context: c, page };
  }

  /** Creates an API key with the program page's form; answers the page's status and whether the new key shows. */
  async function createKey(page: Page, name: string) {
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api-keys'));
    await page.getByLabel('New key name').fill(name);
    await page.getByRole('button', { name: 'Create API key' }).click();
    const res = await answer;
    await page.waitForLoadState('load');
    return { status: res.status(), shown: await page.locator('#new-key').isVisible() };
  }

  test('a fresh browser signs in and submits a dashboard form; after a restart the first form submitted is accepted', async () => {
    const { context, page } = await freshPage();
    expect(await context.cookies()).toEqual([]);
    await page.goto(`${server.url}/dashboard/programs/${p.programId}`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByLabel('Email').fill(p.ownerEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/programs/${p.programId}`);
    expect(await createKey(page, 'first form')).toEqual({ status: 200, shown: true });

    // The session and csrf cookies both persist, for as long as each other.
    const cookies = await context.cookies();
    const sid = cookies.find((c) => c.name === 'sid')!;
    const csrf = cookies.find((c) => c.name === 'csrf')!;
    expect(sid.expires).toBeGreaterThan(0);
    expect(csrf.expires).toBeGreaterThan(0);
    expect(Math.abs(csrf.expires - sid.expires)).toBeLessThanOrEqual(2);

    // A browser restart: what survives is what has an expiry.
    const kept = cookies.filter((c) => c.expires > 0);
    await context.close();
    const restarted = await browser.newContext();
    await restarted.addCookies(kept);
    const { page: again } = await freshPage(restarted);
    await again.goto(`${server.url}/dashboard/programs/${p.programId}`);
    expect(new URL(again.url()).pathname).toBe(`/dashboard/programs/${p.programId}`);
    expect(await createKey(again, 'after a restart')).toEqual({ status: 200, shown: true });
  });

  test('a signed-in browser that lost only its csrf cookie: the page it loads gives it one that its forms carry', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(p.ownerEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const sid = (await context.cookies()).find((c) => c.name === 'sid')!;
    await context.clearCookies();
    await context.addCookies([sid]);
    await page.goto(`${server.url}/dashboard/programs/${p.programId}`);
    expect(await createKey(page, 'with a new csrf cookie')).toEqual({ status: 200, shown: true });
  });
});
