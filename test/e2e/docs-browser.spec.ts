/**
 * GET /docs in a real browser (Debian's Chromium driven by playwright-core; no browser is ever downloaded):
 * Redoc, served by this server, renders the server's OpenAPI document with every request to another origin
 * blocked and recorded, and none is made; the console shows no error and the page's CSP reports no violation,
 * its search (a blob: worker) included. The HTTP side of the page is test/e2e/docs.spec.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeWithBrowser, launchChromium } from '../helpers/browser';
import { useTestServer } from '../helpers/harness';

const describeIfBrowser = describeWithBrowser('/docs');

interface OpenApi {
  info: { title: string; version: string };
  paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
}

describeIfBrowser('/docs in Chromium', () => {
  const server = useTestServer();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let doc: OpenApi;
  /** Every URL the browser asked for, and those of another origin (blocked before they leave). */
  const requested: string[] = [];
  const blocked: string[] = [];
  /** Console errors and warnings, uncaught page errors, CSP violations. */
  const problems: string[] = [];

  beforeAll(async () => {
    doc = (await server.api<OpenApi>('GET', '/openapi.json')).body;
    browser = await launchChromium();
    context = await browser.newContext();
    // Offline as far as the page can tell: anything for another origin is recorded and refused.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === server.url) return route.continue();
      blocked.push(url);
      return route.abort('blockedbyclient');
    });
    context.on('request', (req) => requested.push(req.url()));
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    // Reported by the browser whatever the CSP: a violation is a console error too, this names the directive.
    await page.addInitScript(() => {
      (globalThis as any).document.addEventListener('securitypolicyviolation', (e: any) =>
        console.error(`CSP violation: ${String(e.violatedDirective)} ${String(e.blockedURI)}`),
      );
    });
  });

  server.beforeClose(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
  });

  test('Redoc renders the document, with no request leaving the origin and a clean console', async () => {
    const post = doc.paths['/affiliates'].post;
    const operation = post.summary ?? post.operationId!;
    const response = await page.goto(`${server.url}/docs`);
    expect(response?.status()).toBe(200);

    // rendered: the document's title (with its version) and one of its operations
    await page.getByRole('heading', { level: 1, name: `${doc.info.title} (${doc.info.version})` }).waitFor();
    const heading = page.locator(`h2:has(a[href$="operation/${post.operationId}"])`);
    await heading.waitFor();
    expect((await heading.textContent())?.trim()).toBe(operation);
    await page.waitForLoadState('networkidle');

    // search runs in Redoc's blob: worker, which the CSP allows
    await page.getByPlaceholder('Search...').fill(operation);
    await page.locator('[data-role="search:results"]').getByText(operation, { exact: true }).first().waitFor();

    // the Redocly logo (an image on its CDN) is left out rather than fetched or refused by the CSP
    await expect(page.locator('img[alt="redocly logo"]').count()).resolves.toBe(0);

    expect(blocked).toEqual([]);
    const outside = requested.filter((u) => !(new URL(u).origin === server.url || u.startsWith(`blob:${server.url}/`) || u.startsWith('data:')));
    expect(outside).toEqual([]);
    // the page, its two scripts and the document, all from this server
    const paths = requested.filter((u) => u.startsWith(server.url)).map((u) => new URL(u).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/docs', '/docs/assets/redoc.standalone.js', '/docs/assets/docs.js', '/api/v1/openapi.json']));
    expect(problems).toEqual([]);
  });
});
