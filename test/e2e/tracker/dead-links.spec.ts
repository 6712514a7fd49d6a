/**
 * A visitor on a tracking URL that no longer matches a live link (DESIGN.md "Names the spec leaves open"): a
 * deleted or renamed link's trackingUrl, or a mistyped /r/... of a known program, redirects (302) to the program's
 * first base URL as it is: no click recorded, no ref or click_id added. A path that names no program (unknown,
 * malformed, a legacy slug of no program or of several) and a program without base URLs answer a small HTML page
 * (404, text/html, a sentence for people), never JSON. Over HTTP against real PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { restClient, visitor } from '../../helpers/rest-client';
import { useProgram, useTestServer } from '../../helpers/harness';
import { uniq } from '../../helpers/spec-client';

const server = useTestServer();

const { program, createAffiliate, linkBySlug, visit, sql, clickCounters } = restClient(() => server);

const FIRST_BASE = 'https://shop.example.com';
const slug = (what: string) =>
  `${what}-${uniq()}`
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 60);
const clicks = async () => Number((await sql<{ n: string }>('select count(*) as n from clicks'))[0].n);

type V = Awaited<ReturnType<typeof visit>>;

/** Straight to the program's first base URL, as it is: nothing added. */
function expectToSite(v: V, path: string, base = FIRST_BASE) {
  expect({ path, status: v.status, location: v.location }).toEqual({ path, status: 302, location: base });
  expect(v.headers.get('cache-control')).toContain('no-store');
}

/** A small HTML page, 404, with a sentence for people; no JSON anywhere. */
function expectPage(v: V, path: string, sentence: RegExp) {
  expect({ path, status: v.status, location: v.location }).toEqual({ path, status: 404, location: null });
  expect(v.headers.get('content-type')).toMatch(/^text\/html/);
  expect(typeof v.body).toBe('string');
  expect(v.text).toMatch(/^<!doctype html>/i);
  expect(v.text).toMatch(sentence);
  expect(v.text).not.toMatch(/"error"|"code"|NOT_FOUND/);
  expect(v.text.length).toBeLessThan(2000);
  expect(v.headers.get('cache-control')).toContain('no-store');
}

const NO_LINK = /<p>This link does not lead anywhere\.[^<]*<\/p>/;
const INACTIVE = /<p>This link is no longer active\.<\/p>/;

const p = useProgram(() => program());

test("a renamed link's trackingUrl (and its old legacy /r/<slug> with ?program) leads to the program's site: no click, no ref", async () => {
  const old = slug('renamed');
  const a = await createAffiliate(p, { affiliateLink: old });
  const link = await linkBySlug(p, old);
  expect((await server.api('PUT', '/links', { token: p.key, body: { link: old, newLink: slug('new-name') } })).status).toBe(200);
  const before = await clicks();
  for (const path of [link.trackingUrl, `/r/${p.programId}/${old}`, `/r/${old}?program=${p.programId}`])
    expectToSite(await visit(path, visitor('203.0.113.20')), path);
  expect(await clicks()).toBe(before);
  expect((await clickCounters(p, a.id)).numberOfClicks).toBe(0);
});

test("a deleted link's trackingUrl leads to the program's site: no click", async () => {
  const gone = slug('deleted');
  await createAffiliate(p, { affiliateLink: gone });
  const link = await linkBySlug(p, gone);
  expect((await server.api('DELETE', '/links', { token: p.key, body: { link: gone } })).status).toBe(200);
  const before = await clicks();
  expectToSite(await visit(link.trackingUrl, visitor('203.0.113.21')), link.trackingUrl);
  // A known robot too.
  expectToSite(await visit(link.trackingUrl, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }), link.trackingUrl);
  expect(await clicks()).toBe(before);
});

test("a mistyped or malformed slug of a known program leads to the program's site, `to` or not", async () => {
  const before = await clicks();
  for (const path of [
    `/r/${p.programId}/no-such-slug`,
    `/r/${p.programId}/bad_slug`,
    `/r/${p.programId}/${'a'.repeat(101)}`,
    `/r/${p.programId}/${encodeURIComponent('has space')}`,
    `/r/${p.programId}/no-such-slug?to=${encodeURIComponent('https://shop.example.com/products/1')}`,
    `/r/no-such-slug?program=${p.programId}`,
  ])
    expectToSite(await visit(path), path);
  expect(await clicks()).toBe(before);
});

test('a live link still counts its click and carries ref and click_id (unchanged)', async () => {
  const live = slug('live');
  await createAffiliate(p, { affiliateLink: live });
  const v = await visit((await linkBySlug(p, live)).trackingUrl, visitor('203.0.113.22'));
  expect(v.status).toBe(302);
  expect(v.location).toMatch(new RegExp(`^${FIRST_BASE}\\?ref=${live}&click_id=\\d+$`));
});

test('a path that names no program answers a small HTML page, 404, not JSON; nothing is recorded', async () => {
  const B = await program({ baseUrls: ['https://b-shop.example.com'] });
  const shared = slug('shared');
  await createAffiliate(p, { affiliateLink: shared });
  await createAffiliate(B, { affiliateLink: shared });
  const before = await clicks();
  for (const path of [
    `/r/${randomUUID()}/${shared}`,
    `/r/not-a-uuid/${shared}`,
    `/r/${randomUUID()}/no-such-slug`,
    '/r/no-such-slug-anywhere',
    '/r/bad_slug',
    `/r/${'a'.repeat(101)}`,
    `/r/no-such-slug-anywhere?program=${randomUUID()}`,
    '/r/no-such-slug-anywhere?program=not-a-uuid',
    // the legacy /r/<slug> of a slug two programs have: which site is not for us to guess
    `/r/${shared}`,
    // no shape a tracking URL has
    '/r/a/b/c',
    '/r/',
    '/r',
  ])
    expectPage(await visit(path, visitor('203.0.113.23')), path, NO_LINK);
  expect(await clicks()).toBe(before);
});

test('a program without base URLs: the page says the link is no longer active, live link or not; no click', async () => {
  const q = await program({ baseUrls: [] });
  const s = slug('nobase');
  const a = await createAffiliate(q, { affiliateLink: s });
  const link = await linkBySlug(q, s);
  const before = await clicks();
  for (const path of [link.trackingUrl, `/r/${s}`, `/r/${q.programId}/no-such-slug`]) expectPage(await visit(path, visitor('203.0.113.24')), path, INACTIVE);
  expect(await clicks()).toBe(before);
  expect((await clickCounters(q, a.id)).numberOfClicks).toBe(0);
});

test('the page echoes nothing of the path, and HEAD gets it too', async () => {
  const res = await fetch(`${server.url}/r/%3Cscript%3E/x`, { redirect: 'manual' });
  expect(res.status).toBe(404);
  const text = await res.text();
  expect(text).not.toContain('<script>');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  const head = await fetch(`${server.url}/r/a/b/c`, { method: 'HEAD', redirect: 'manual' });
  expect(head.status).toBe(404);
  expect(head.headers.get('content-type')).toMatch(/^text\/html/);
});
