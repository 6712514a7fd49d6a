/**
 * tracker.js in a real browser (Debian's Chromium driven by playwright-core; skipped with a message where it is
 * not installed, an error in CI). A merchant's site is served on one origin (a base URL of each program), a
 * third site on another; both load the script as a merchant would. Checked: the first-party cookie and its
 * expiry for the default and a changed window, window.affiliateReferral and the event on a later page, first
 * and last click, the trackingUrl's click counted once and credited by POST /referrals, the CORS refusal
 * from the third origin (nothing recorded, no cookie), and data-cookie-domain: shared by the site's hosts under
 * *.localhost names (Chromium resolves them to loopback), ignored for a domain the page is not under.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page, Response as PwResponse } from 'playwright-core';
import fs from 'node:fs';
import { CHROMIUM, describeWithBrowser, launchChromium } from '../../helpers/browser';
import { useTestServer } from '../../helpers/harness';
import { createAffiliate, createProgram, type ProgramFixture } from '../../helpers/factories';
import { personEmail, slug } from '../../helpers/spec-client';

const describeIfBrowser = describeWithBrowser('tracker.js');
// Says why in the test report, where a skipped describe alone would not.
if (!fs.existsSync(CHROMIUM)) test.skip(`tracker.js browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`, () => undefined);

/** A site on its own origin serving, under /s<n>/, a page that loads tracker.js with site n's publishable key. */
interface Site {
  origin: string;
  close(): Promise<void>;
}

/** Path prefix → publishable key: the merchant's pages of each program (shared by both sites). */
const keys = new Map<string, string>();
/** Path prefix → the tag's data-cookie, where a test names the cookie. */
const cookieNames = new Map<string, string>();
/** Path prefix → the tag's data-cookie-domain, where a test sets one. */
const cookieDomains = new Map<string, string>();

function page(apiUrl: string, key: string, cookie?: string, domain?: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Shop</title>
<script>
  window.__events = [];
  window.addEventListener('affiliate-referral', function (e) { window.__events.push(e.detail.clickId); });
</script>
<script src="${apiUrl}/tracker.js" data-program="${key}"${cookie ? ` data-cookie="${cookie}"` : ''}${domain ? ` data-cookie-domain="${domain}"` : ''} async></script>
</head><body><h1>Shop</h1></body></html>`;
}

async function startSite(apiUrl: () => string): Promise<Site> {
  const srv = http.createServer((req, res) => {
    const prefix = /^\/(s\d+)\//.exec(req.url ?? '')?.[1];
    const key = prefix ? keys.get(prefix) : undefined;
    if (!key) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(page(apiUrl(), key, cookieNames.get(prefix!), cookieDomains.get(prefix!)));
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
}

describeIfBrowser('tracker.js on a merchant site, in Chromium', () => {
  const server = useTestServer();
  let merchant: Site;
  let third: Site;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let sites = 0;

  beforeAll(async () => {
    merchant = await startSite(() => server.url);
    third = await startSite(() => server.url);
    browser = await launchChromium();
  }, 60_000);

  server.beforeClose(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await merchant?.close();
    await third?.close();
  });

  /** The merchant's site under another host name (a *.localhost name: loopback, the same server). */
  const onHost = (host: string) => merchant.origin.replace('127.0.0.1', host);

  /** A program whose base URL is a fresh path on the merchant's origin (and on `hosts`), with two affiliates (ada, bob). */
  async function shop(settings: Record<string, unknown> = {}, hosts: string[] = []) {
    const prefix = `s${++sites}`;
    const base = `${merchant.origin}/${prefix}/`;
    const p = await createProgram(server, { baseUrls: [base, ...hosts.map((h) => `${onHost(h)}/${prefix}/`)], ...settings });
    keys.set(prefix, p.publishableKey);
    const adaSlug = slug('ada');
    const bobSlug = slug('bob');
    const ada = await createAffiliate(server, p.key, { affiliateLink: adaSlug });
    const bob = await createAffiliate(server, p.key, { affiliateLink: bobSlug });
    return { p, prefix, base, ada, bob, adaSlug, bobSlug };
  }

  /** A browser of its own (its own cookie jar): one visitor. */
  async function visitorBrowser(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    return context.newPage();
  }

  const isClickCall = (r: { url(): string; request?: () => { method(): string } }) =>
    r.url().startsWith(`${server.url}/api/v1/public/clicks`) && (!r.request || r.request().method() === 'POST');

  /** Opens `url` and waits for the script's call of the click endpoint; its answer. */
  async function land(page: Page, url: string): Promise<{ status: number; body: any }> {
    const answered = page.waitForResponse((r: PwResponse) => isClickCall(r), { timeout: 15_000 });
    await page.goto(url);
    const res = await answered;
    const body = await res.json();
    // The script's own handling of the answer (the cookie) runs right after it: let it.
    await page.waitForFunction((id) => id == null || typeof (globalThis as any).affiliateReferral === 'string', body.clickId, { timeout: 5_000 });
    await page.waitForTimeout(100);
    return { status: res.status(), body };
  }

  async function referralCookie(page: Page) {
    const cookies = await page.context().cookies(merchant.origin);
    return cookies.find((c) => c.name === 'aff_ref');
  }

  const referralOf = (page: Page) => page.evaluate(() => (globalThis as any).affiliateReferral as string | undefined);
  const eventsOf = (page: Page) => page.evaluate(() => (globalThis as any).__events as string[]);

  const linkOf = async (p: ProgramFixture, s: string) => (await server.api('GET', '/links', { token: p.key, query: { link: s } })).body[0];
  const clickRows = async (programId: string) =>
    Number((await server.runtime.orm.em.fork().getConnection().execute('/* test */ select count(*) as n from clicks where program_id = ?', [programId]))[0].n);

  const expectExpiry = (expires: number, days: number) => {
    // Playwright gives seconds since the epoch; the cookie was set a moment ago for `days` days.
    expect(Math.abs(expires - (Date.now() / 1000 + days * 86_400))).toBeLessThan(120);
  };

  test('?ref= records the click, keeps it 60 days in a first-party cookie and exposes it on later pages (with the event)', async () => {
    const { p, base, adaSlug } = await shop();
    const page = await visitorBrowser();
    const { status, body } = await land(page, `${base}?ref=${adaSlug}`);
    expect(status).toBe(200);
    expect(body).toEqual({ clickId: expect.any(Number), counted: true, cookieWindowDays: 60, attributionModel: 'first_click' });
    const id = String(body.clickId);
    const cookie = await referralCookie(page);
    expect(cookie).toMatchObject({ name: 'aff_ref', value: id, domain: '127.0.0.1', path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    expectExpiry(cookie!.expires, 60);
    expect(await referralOf(page)).toBe(id);
    expect(await eventsOf(page)).toEqual([id]);
    expect((await linkOf(p, adaSlug)).clicks).toBe(1);

    // A later page without ref: the click is known at once, and announced; nothing more is recorded.
    await page.goto(`${base}pricing`);
    await page.waitForFunction(() => typeof (globalThis as any).affiliateReferral === 'string');
    expect(await referralOf(page)).toBe(id);
    expect(await eventsOf(page)).toEqual([id]);
    expect(await clickRows(p.programId)).toBe(1);
  });

  test('a changed cookieWindowDays sets the expiry', async () => {
    const { p, base, adaSlug } = await shop();
    const changed = await server.graphql(
      'mutation($id: ID!) { updateProgram(id: $id, input: { cookieWindowDays: 7 }) { cookieWindowDays } }',
      { id: p.programId },
      p.session,
    );
    expect(changed.body.data.updateProgram.cookieWindowDays).toBe(7);
    const page = await visitorBrowser();
    const { body } = await land(page, `${base}?ref=${adaSlug}`);
    expect(body.cookieWindowDays).toBe(7);
    const cookie = await referralCookie(page);
    expect(cookie!.value).toBe(String(body.clickId));
    expectExpiry(cookie!.expires, 7);
  });

  test("first_click: a later visit through another affiliate's ref is counted but keeps the first click", async () => {
    const { p, base, adaSlug, bobSlug } = await shop();
    const page = await visitorBrowser();
    const first = String((await land(page, `${base}?ref=${adaSlug}`)).body.clickId);
    const second = await land(page, `${base}landing?ref=${bobSlug}`);
    expect(second.body).toMatchObject({ counted: true, attributionModel: 'first_click' });
    expect(String(second.body.clickId)).not.toBe(first);
    expect((await referralCookie(page))!.value).toBe(first);
    expect(await referralOf(page)).toBe(first);
    expect((await linkOf(p, bobSlug)).clicks).toBe(1);
    await page.goto(`${base}checkout`);
    await page.waitForFunction(() => typeof (globalThis as any).affiliateReferral === 'string');
    expect(await referralOf(page)).toBe(first);
  });

  test("last_click: a later visit through another affiliate's ref replaces the click (and announces it)", async () => {
    const { p, base, adaSlug, bobSlug } = await shop({ attributionModel: 'last_click' });
    const page = await visitorBrowser();
    const first = String((await land(page, `${base}?ref=${adaSlug}`)).body.clickId);
    const second = String((await land(page, `${base}landing?ref=${bobSlug}`)).body.clickId);
    expect(second).not.toBe(first);
    const cookie = await referralCookie(page);
    expect(cookie!.value).toBe(second);
    expectExpiry(cookie!.expires, 60);
    expect(await referralOf(page)).toBe(second);
    // On that page the kept click was announced first, then its replacement.
    expect(await eventsOf(page)).toEqual([first, second]);
    await page.goto(`${base}checkout`);
    await page.waitForFunction(() => typeof (globalThis as any).affiliateReferral === 'string');
    expect(await referralOf(page)).toBe(second);
    expect(await clickRows(p.programId)).toBe(2);
  });

  test("through the link's trackingUrl: the click is counted once, kept, and POST /referrals with it credits the affiliate once", async () => {
    const { p, ada, adaSlug } = await shop();
    const link = await linkOf(p, adaSlug);
    const page = await visitorBrowser();
    // The redirect adds ref and click_id; the script keeps that click instead of counting another.
    const { body } = await land(page, link.trackingUrl);
    expect(page.url()).toMatch(new RegExp(`[?&]click_id=${body.clickId}(&|$)`));
    expect(body.counted).toBe(false);
    const id = await referralOf(page);
    expect(id).toBe(String(body.clickId));
    expect((await referralCookie(page))!.value).toBe(id);

    // Checkout: the merchant's server sends the click id it read from window.affiliateReferral.
    const referral = await server.api('POST', '/referrals', {
      token: p.key,
      body: { affiliateId: id, name: 'Grace Hopper', email: personEmail('grace'), referredUserExternalId: `cus_${id}` },
    });
    expect(referral.status).toBe(200);
    expect(referral.body).toMatchObject({ affiliateId: ada.id, linkId: link.id, clickId: Number(id), selfReferral: false });
    const after = await linkOf(p, adaSlug);
    expect({ clicks: after.clicks, referrals: after.referrals }).toEqual({ clicks: 1, referrals: 1 });
    expect(await clickRows(p.programId)).toBe(1);
  });

  test('two programs on one site keep their clicks apart when one tag names its cookie (data-cookie)', async () => {
    const a = await shop();
    const b = await shop();
    cookieNames.set(b.prefix, 'aff_ref_b');
    const page = await visitorBrowser();
    const inA = String((await land(page, `${a.base}?ref=${a.adaSlug}`)).body.clickId);
    const inB = String((await land(page, `${b.base}?ref=${b.bobSlug}`)).body.clickId);
    expect(inB).not.toBe(inA);
    const cookies = await page.context().cookies(merchant.origin);
    expect(Object.fromEntries(cookies.map((c) => [c.name, c.value]))).toMatchObject({ aff_ref: inA, aff_ref_b: inB });
    expect(await referralOf(page)).toBe(inB);
    await page.goto(`${a.base}checkout`);
    await page.waitForFunction(() => typeof (globalThis as any).affiliateReferral === 'string');
    expect(await referralOf(page)).toBe(inA);
  });

  test("data-cookie-domain shares the cookie with the site's other hosts (www. and checkout. under it)", async () => {
    const { prefix, adaSlug } = await shop({}, ['www.shop.localhost', 'checkout.shop.localhost']);
    cookieDomains.set(prefix, 'shop.localhost');
    const page = await visitorBrowser();
    const { body } = await land(page, `${onHost('www.shop.localhost')}/${prefix}/?ref=${adaSlug}`);
    const id = String(body.clickId);
    const cookies = (await page.context().cookies(onHost('www.shop.localhost'))).filter((c) => c.name === 'aff_ref');
    expect(cookies).toEqual([expect.objectContaining({ value: id, domain: '.shop.localhost', path: '/' })]);
    expectExpiry(cookies[0].expires, 60);
    // Another host of the site knows the click at once, without a ref.
    await page.goto(`${onHost('checkout.shop.localhost')}/${prefix}/checkout`);
    await page.waitForFunction(() => typeof (globalThis as any).affiliateReferral === 'string');
    expect(await referralOf(page)).toBe(id);
  });

  test.each([
    ['a domain the page is not under', 'www.shop.localhost', 'other.localhost'],
    ['a bare suffix of the host name', 'www.shop.localhost', 'hop.localhost'],
    ['part of an IP address (the browser refuses it)', '127.0.0.1', '0.0.1'],
  ])('data-cookie-domain: %s is not applied, the cookie stays host-only', async (_label, host, domain) => {
    const { prefix, adaSlug } = await shop({}, host === '127.0.0.1' ? [] : [host]);
    cookieDomains.set(prefix, domain);
    const page = await visitorBrowser();
    const { body } = await land(page, `${onHost(host)}/${prefix}/?ref=${adaSlug}`);
    const cookies = await page.context().cookies(onHost(host));
    expect(cookies.filter((c) => c.name === 'aff_ref')).toEqual([expect.objectContaining({ value: String(body.clickId), domain: host })]);
  });

  test('from a third origin (not a base URL) the browser blocks the call: nothing recorded, no cookie, nothing exposed', async () => {
    const { p, prefix, adaSlug } = await shop();
    const page = await visitorBrowser();
    const failed = page.waitForEvent('requestfailed', { predicate: (r) => isClickCall(r), timeout: 15_000 });
    await page.goto(`${third.origin}/${prefix}/?ref=${adaSlug}`);
    const request = await failed;
    expect(request.failure()?.errorText).toMatch(/net::/);
    expect(await clickRows(p.programId)).toBe(0);
    expect((await linkOf(p, adaSlug)).clicks).toBe(0);
    expect((await page.context().cookies(third.origin)).find((c) => c.name === 'aff_ref')).toBeUndefined();
    expect(await referralOf(page)).toBeUndefined();
    expect(await eventsOf(page)).toEqual([]);

    // The same page on the merchant's origin, in the same browser, works.
    const ok = await land(page, `${merchant.origin}/${prefix}/?ref=${adaSlug}`);
    expect(ok.status).toBe(200);
    expect(await clickRows(p.programId)).toBe(1);
  });
});
