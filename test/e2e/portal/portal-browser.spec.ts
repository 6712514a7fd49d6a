/// <reference lib="dom" />
/**
 * The affiliates' portal in Debian's Chromium (playwright-core; skipped where Chromium is missing, except in CI):
 * applying, the emailed sign-in link received by a real SMTP server, the pages at 390 px without horizontal
 * scroll, keyboard use, axe-core on every page visited, copy buttons, framing by the program's site and by no
 * other, signing out. Screenshots for the docs are written when PORTAL_SCREENSHOTS names a folder.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeWithBrowser, launchChromium } from '../../helpers/browser';
import { createProgram, type ProgramFixture } from '../../helpers/factories';
import { useTestServer } from '../../helpers/harness';
import { signInLinkOf } from '../../helpers/portal-client';
import { clickIdOf, restClient } from '../../helpers/rest-client';
import { startSmtpSink } from '../../helpers/smtp-sink';
import { waitFor } from '../../helpers/wait';

const describeIfBrowser = describeWithBrowser('portal');

/** The merchant's site: a page that frames whatever URL it is given (?src=). */
async function startMerchantSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const site = http.createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.setHeader('content-type', 'text/html');
    res.end(
      `<!doctype html><title>Merchant</title><iframe id="portal" title="Affiliate portal" src="${src.replace(/"/g, '&quot;')}" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`, close: () => new Promise((resolve) => site.close(() => resolve())) };
}

/** Quoted-printable undone: soft line breaks and =XX escapes. */
const decodeQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

describeIfBrowser('the portal in Chromium', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let merchant: Awaited<ReturnType<typeof startMerchantSite>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    merchant = await startMerchantSite();
  });
  const server = useTestServer(() => ({ smtpUrl: sink.url, workers: true, emailFrom: 'Rocket Shop <affiliates@example.com>', trustProxy: 'loopback' }));
  const api = restClient(() => server);
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let p: ProgramFixture;
  let slug: string;
  beforeAll(async () => {
    browser = await launchChromium();
    p = await createProgram(server, {
      name: 'Rocket Shop',
      baseUrls: [merchant.origin, 'https://shop.example.com'],
      portalTerms: 'Promote honestly.\nNo paid search on our brand.',
    });
    slug = (await api.sql<{ portal_slug: string }>('select portal_slug from programs where id = ?', [p.programId]))[0].portal_slug;
  });
  server.beforeClose(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
  });
  afterAll(async () => {
    await sink?.close();
    await merchant?.close();
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** No serious or critical axe-core finding on the page as it is now. */
  async function expectAccessible(page: Page): Promise<void> {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect({ url: page.url(), bad }).toEqual({ url: page.url(), bad: [] });
  }

  async function expectNoHorizontalScroll(page: Page): Promise<void> {
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  }

  async function shoot(page: Page, name: string): Promise<void> {
    const dir = process.env.PORTAL_SCREENSHOTS;
    if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  }

  /** The newest email to `to`, as received by the SMTP server. */
  async function mailTo(to: string, count: number): Promise<string> {
    await waitFor(async () => sink.mails.filter((m) => m.to.includes(`<${to}>`)).length >= count, `${count} email(s) to ${to}`);
    return decodeQp(sink.mails.filter((m) => m.to.includes(`<${to}>`))[count - 1].data);
  }

  test('applying with the keyboard, the emailed link signing in once, and every page at 390 px, accessible', async () => {
    const email = `grace-${Date.now()}@example.com`;
    const page = await newPage(390);
    await page.goto(`${server.url}/portal/${slug}`);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await shoot(page, 'portal-join-phone');
    // Keyboard only: the first field, then Tab through the form; the honeypot is never reached.
    await page.getByLabel('First name').focus();
    await page.keyboard.type('Grace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('region'); // the terms, scrollable by keyboard
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('I accept the program terms').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/portal/${slug}/check-email`);
    await expectAccessible(page);

    const mail = await mailTo(email, 1);
    expect(mail).toContain('Subject: Welcome');
    const link = signInLinkOf(mail);
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === `/portal/${slug}/home`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hello, Grace');
    for (const [name, label] of [
      ['home', 'Overview'],
      ['referrals', 'Referrals'],
      ['commissions', 'Commissions'],
      ['payouts', 'Payouts'],
      ['settings', 'Settings'],
    ]) {
      await page.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/portal/${slug}/${name}`);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      if (name === 'home' || name === 'settings') await shoot(page, `portal-${name}-phone`);
    }
    // The link was used: a second browser gets the expired page.
    const other = await newPage();
    const res = await other.goto(link);
    expect(res?.status()).toBe(410);

    // Signing out ends it: the portal's first page again, and home sends back there.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === `/portal/${slug}`);
    await page.goto(`${server.url}/portal/${slug}/home`);
    await page.waitForURL((u) => u.pathname === `/portal/${slug}`);
  });

  test('desktop: the overview with figures and links, a copy button that copies, a new link, payout details saved', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false, affiliateLink: 'grace-blog' });
    const click = await api.visit(`/r/${p.programId}/grace-blog`, { 'x-forwarded-for': '192.0.2.44' });
    await api.createReferral(p, {
      affiliateId: String(clickIdOf(click.location)),
      email: 'buyer-one@customers.example',
      referredUserExternalId: 'cus_browser_1',
    });
    await api.recordSale(p, { email: 'buyer-one@customers.example', totalEarned: 120, name: 'Buyer One' });
    const made = await server.api('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId: a.id } });
    const page = await newPage(1280);
    await page.goto(made.body.url);
    await page.waitForURL((u) => u.pathname === `/portal/${slug}/home`);
    await expectAccessible(page);
    await shoot(page, 'portal-home-desktop');
    const copy = page.locator('button[data-copy="link-0-0"]');
    await copy.click();
    await waitFor(async () => (await copy.textContent()) === 'Copied', 'the copy button to say so');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${merchant.origin}?ref=grace-blog`);

    await page.getByLabel('A new link of your own').fill('grace-video');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.waitForURL((u) => u.search === '?notice=link-added');
    expect(await page.getByRole('status').first().textContent()).toContain('Your new link is ready.');

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Payout method').selectOption('wise');
    await page.getByLabel('PayPal or Wise email').fill('grace-wise@example.com');
    await page.getByRole('button', { name: 'Save payout details' }).click();
    await page.waitForURL((u) => u.search === '?notice=payout-saved');
    await expectAccessible(page);
    await shoot(page, 'portal-settings-desktop');
    const row = (await api.sql('select payout_method, payout_email from affiliates where program_id = ? and id = ?', [p.programId, a.id]))[0];
    expect(row).toEqual({ payout_method: 'wise', payout_email: 'grace-wise@example.com' });
  });

  test('phone: the payouts page with a paid and a waiting payout, no horizontal scroll, accessible', async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    expect(
      (await server.api('PUT', '/affiliates', { token: p.key, body: { affiliateId: a.id, payoutMethod: 'paypal', payoutEmail: 'grace.pays@example.com' } }))
        .status,
    ).toBe(200);
    const batchOf = async (totalEarned: number) => {
      const sale = await server.api('POST', '/sales', {
        token: p.key,
        body: { referralId: a.id, name: 'Buyer', email: `b-${totalEarned}@customers.example`, totalEarned },
      });
      const made = await server.api('POST', '/payout-batches', { token: p.key, body: { saleIds: [sale.body.id] } });
      expect(made.status).toBe(201);
      return made.body.id as string;
    };
    const paid = await batchOf(250);
    expect((await server.api('POST', `/payout-batches/${paid}/mark-paid`, { token: p.key, body: { reference: 'PP-1' } })).status).toBe(200);
    await batchOf(1234.56);
    const link = await server.api('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId: a.id } });
    const page = await newPage(390);
    await page.goto(link.body.url);
    await page.waitForURL((u) => u.pathname === `/portal/${slug}/home`);
    await page.getByRole('link', { name: 'Payouts', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/portal/${slug}/payouts`);
    const rows = await page.locator('table tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/246\.91.*PayPal.*Processing/s);
    expect(rows[1]).toMatch(/50\.00.*PayPal.*Paid/s);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  });

  test("framed by the program's own site it works; framed by another site the browser refuses it", async () => {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false });
    const made = await server.api('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId: a.id } });
    const page = await newPage();
    await page.goto(`${merchant.origin}/?src=${encodeURIComponent(made.body.url)}`);
    const frame = page.frameLocator('#portal');
    await frame.getByRole('heading', { name: /^Hello, / }).waitFor();

    // The same portal on a site that is not the program's: localhost is another site than 127.0.0.1.
    const stranger = merchant.origin.replace('127.0.0.1', 'localhost');
    const blocked = await newPage();
    const refused = blocked.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    await blocked.goto(`${stranger}/?src=${encodeURIComponent(`${server.url}/portal/${slug}`)}`);
    await refused;
    expect(await blocked.frameLocator('#portal').getByText('Join the Rocket Shop').count()).toBe(0);
  });

  test('desktop: the first page, for the docs', async () => {
    const page = await newPage(1280);
    await page.goto(`${server.url}/portal/${slug}`);
    await shoot(page, 'portal-join-desktop');
    await expectAccessible(page);
  });
});
