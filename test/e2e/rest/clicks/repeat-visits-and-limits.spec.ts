/**
 * Click tracking over HTTP against the real app on a real PostgreSQL: the public redirect GET /r/:slug (DESIGN.md
 * surfaces) and POST /api/v1/clicks (a click reported by the program's own server). Clicks are read back from the
 * clicks table, counters through GET /links and GET /affiliates.
 * Here a visitor's repeated clicks counting once, the per-address limit
 * of the public path, and click ids resolving wherever the spec accepts them (GET /affiliates?id, POST /links,
 * POST /referrals).
 */
import { createHash, createHmac } from 'node:crypto';
import { loadConfig } from '../../../../src/config/config';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { createAffiliate as provisionAffiliate, createProgram } from '../../../helpers/factories';
import { clickIdOf, restClient, type Visit, visitor } from '../../../helpers/rest-client';
import { slug, uniq } from '../../../helpers/spec-client';
import { expectError, HASH_RE, testNoServerErrors } from '../../../helpers/assertions';
import { DEFAULT_BASE_URLS } from '../../../helpers/shapes';

// X-Forwarded-For from the test client (loopback) is believed, so tests can act as distinct visitors. The
// per-address limit is tested on a server of its own; here it must not get in the way of a whole file of GETs.
const server = useTestServer({ trustProxy: 'loopback', clicksPerMinute: 100_000 });

const api = restClient(() => server);
const { seen, call, program, sql, createAffiliate, affiliateById, createLink, linkBySlug, visit, linkClicks } = api;
const clicks = api.endpoint('/clicks');

const FIRST_BASE = DEFAULT_BASE_URLS[0];

describe('repeated clicks by one visitor on one link within 30 minutes count once', () => {
  const p = useProgram(() => program());
  const a = useAffiliate(() => createAffiliate(p));

  const freshLink = () => createLink(p, { link: slug('rep'), affiliateId: a.id });

  test('20 sequential GETs from one client: all 302 with the same click_id; one click, counters +1', async () => {
    const l = await freshLink();
    const before = (await affiliateById(p, a.id)).numberOfClicks;
    const visits: Visit[] = [];
    for (let i = 0; i < 20; i++) visits.push(await visit(l.trackingUrl, visitor('192.0.2.10')));
    expect(visits.map((v) => v.status)).toEqual(Array(20).fill(302));
    const ids = new Set(visits.map((v) => clickIdOf(v.location)));
    expect(ids.size).toBe(1);
    for (const v of visits) expect(v.location).toBe(`${FIRST_BASE}?ref=${l.link}&click_id=${[...ids][0]}`);
    expect(await linkClicks(l.id)).toBe(1);
    expect((await linkBySlug(p, l.link)).clicks).toBe(1);
    expect((await affiliateById(p, a.id)).numberOfClicks).toBe(before + 1);
  });

  test('20 concurrent GETs from one client: all 302 with the same click_id; one click, counters +1 (five such clients at once)', async () => {
    const l = await freshLink();
    const before = (await affiliateById(p, a.id)).numberOfClicks;
    // Five visitors' bursts interleaved, so requests of one visitor overlap inside the server.
    const ips = ['192.0.2.21', '192.0.2.22', '192.0.2.23', '192.0.2.24', '192.0.2.25'];
    const visits = await Promise.all(Array.from({ length: 20 * ips.length }, (_, i) => visit(l.trackingUrl, visitor(ips[i % ips.length]))));
    expect(visits.map((v) => v.status)).toEqual(Array(visits.length).fill(302));
    for (const [k] of ips.entries()) expect(new Set(visits.filter((_, i) => i % ips.length === k).map((v) => clickIdOf(v.location))).size).toBe(1);
    expect(new Set(visits.map((v) => clickIdOf(v.location))).size).toBe(ips.length);
    expect(await linkClicks(l.id)).toBe(ips.length);
    expect((await linkBySlug(p, l.link)).clicks).toBe(ips.length);
    expect((await affiliateById(p, a.id)).numberOfClicks).toBe(before + ips.length);
  });

  test('the old /r/<slug> and the trackingUrl are one link: a visitor counts once across both', async () => {
    const l = await freshLink();
    const first = clickIdOf((await visit(l.trackingUrl, visitor('192.0.2.12'))).location);
    expect(clickIdOf((await visit(`/r/${l.link}`, visitor('192.0.2.12'))).location)).toBe(first);
    expect(await linkClicks(l.id)).toBe(1);
  });

  test('another user agent or another address is another visitor: it counts, and repeats to its own click', async () => {
    const l = await freshLink();
    const id = async (ip: string, ua: string) => clickIdOf((await visit(l.trackingUrl, visitor(ip, ua))).location);
    const one = await id('192.0.2.13', 'Browser A');
    const otherAgent = await id('192.0.2.13', 'Browser B');
    const otherAddress = await id('192.0.2.14', 'Browser A');
    expect(new Set([one, otherAgent, otherAddress]).size).toBe(3);
    expect([await id('192.0.2.13', 'Browser A'), await id('192.0.2.13', 'Browser B'), await id('192.0.2.14', 'Browser A')]).toEqual([
      one,
      otherAgent,
      otherAddress,
    ]);
    expect(await linkClicks(l.id)).toBe(3);
    expect((await linkBySlug(p, l.link)).clicks).toBe(3);
  });

  test('the same visitor on another link counts there', async () => {
    const l1 = await freshLink();
    const l2 = await freshLink();
    const c1 = clickIdOf((await visit(l1.trackingUrl, visitor('192.0.2.15'))).location);
    const c2 = clickIdOf((await visit(l2.trackingUrl, visitor('192.0.2.15'))).location);
    expect(c2).not.toBe(c1);
    expect([await linkClicks(l1.id), await linkClicks(l2.id)]).toEqual([1, 1]);
  });

  test("a repeat still honours its own `to`, with the counted click's id", async () => {
    const l = await freshLink();
    const first = clickIdOf((await visit(l.trackingUrl, visitor('192.0.2.16'))).location);
    const v = await visit(`${l.trackingUrl}?to=${encodeURIComponent('https://shop.example.com/pricing')}`, visitor('192.0.2.16'));
    expect(v.location).toBe(`https://shop.example.com/pricing?ref=${l.link}&click_id=${first}`);
  });

  test('30 minutes after the counted click the visitor counts again; later repeats answer the new click', async () => {
    const l = await freshLink();
    const first = clickIdOf((await visit(l.trackingUrl, visitor('192.0.2.17'))).location);
    await sql("update clicks set created_at = created_at - interval '29 minutes' where id = ?", [first]);
    expect(clickIdOf((await visit(l.trackingUrl, visitor('192.0.2.17'))).location)).toBe(first);
    await sql("update clicks set created_at = created_at - interval '2 minutes' where id = ?", [first]);
    const second = clickIdOf((await visit(l.trackingUrl, visitor('192.0.2.17'))).location);
    expect(second).toBeGreaterThan(first);
    expect(clickIdOf((await visit(l.trackingUrl, visitor('192.0.2.17'))).location)).toBe(second);
    expect(await linkClicks(l.id)).toBe(2);
    expect((await linkBySlug(p, l.link)).clicks).toBe(2);
  });

  test('the visitor is stored as a keyed hash only (neither address nor user agent can be matched by a plain digest)', async () => {
    const l = await freshLink();
    const v = await visit(l.trackingUrl, visitor('192.0.2.18', 'Browser Z'));
    const [row] = await sql<{ visitor_hash: string; ip_hash: string }>('select visitor_hash, ip_hash from clicks where id = ?', [clickIdOf(v.location)]);
    expect(row.visitor_hash).toMatch(HASH_RE);
    expect(row.visitor_hash).not.toBe(row.ip_hash);
    for (const guess of [
      createHash('sha256').update('192.0.2.18').digest('hex'),
      createHmac('sha256', p.programId).update('192.0.2.18').digest('hex'),
      createHmac('sha256', p.programId).update('192.0.2.18\nBrowser Z').digest('hex'),
    ]) {
      expect([row.visitor_hash, row.ip_hash]).not.toContain(guess);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('the public click path is rate limited per client address', () => {
  const limited = useTestServer({ trustProxy: 'loopback', clicksPerMinute: 5 });

  test('the production default is 120 per minute per address (CLICKS_PER_MINUTE changes it)', () => {
    expect(loadConfig({}).clicksPerMinute).toBe(120);
    expect(loadConfig({ CLICKS_PER_MINUTE: '300' }).clicksPerMinute).toBe(300);
    expect(() => loadConfig({ CLICKS_PER_MINUTE: '0' })).toThrow(/CLICKS_PER_MINUTE/);
  });

  test('over the limit: 429 RATE_LIMITED with Retry-After and the rate-limit headers, nothing recorded; another address is not affected', async () => {
    const q = await createProgram(limited);
    const qs = slug('limited');
    await provisionAffiliate(limited, q.key, { affiliateLink: qs });
    const [l] = (await limited.api('GET', '/links', { token: q.key, query: { link: qs } })).body;
    expect(l.trackingUrl).toBe(`${limited.url}/r/${q.programId}/${qs}`);
    const count = async () =>
      Number((await limited.runtime.orm.em.fork().getConnection().execute('select count(*) as n from clicks where program_id = ?', [q.programId]))[0].n);

    // Five visitors behind one address (distinct user agents): each counts, each answer shows the budget.
    for (let i = 0; i < 5; i++) {
      const v = await visit(l.trackingUrl, visitor('192.0.2.200', `Browser ${i}`), limited);
      expect(v.status).toBe(302);
      expect(v.headers.get('ratelimit-policy')).toBe('"clicks";q=5;w=60');
      expect(v.headers.get('ratelimit')).toMatch(new RegExp(`^"clicks";r=${4 - i};t=\\d+$`));
    }
    expect(await count()).toBe(5);

    for (const path of [l.trackingUrl, `/r/${qs}`, '/r/no-such-slug']) {
      const v = await visit(path, visitor('192.0.2.200', 'Browser 9'), limited);
      expect({ path, status: v.status, location: v.location }).toEqual({ path, status: 429, location: null });
      expectError(v, 429, 'RATE_LIMITED');
      const retryAfter = Number(v.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(v.headers.get('ratelimit-policy')).toBe('"clicks";q=5;w=60');
      expect(v.headers.get('ratelimit')).toMatch(/^"clicks";r=0;t=\d+$/);
    }
    expect(await count()).toBe(5);
    expect((await limited.api('GET', '/links', { token: q.key, query: { link: qs } })).body[0].clicks).toBe(5);

    const other = await visit(l.trackingUrl, visitor('192.0.2.201'), limited);
    expect(other.status).toBe(302);
    expect(await count()).toBe(6);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('click ids resolve everywhere the spec accepts them', () => {
  let link: any;
  let clickId: number;

  const p = useProgram(() => program());
  const s = slug('ids');
  const a = useAffiliate(() => createAffiliate(p, { affiliateLink: s }));
  beforeAll(async () => {
    // The click comes through a later link, so "the click's link" differs from the affiliate's first link.
    const later = slug('ids-later');
    link = await createLink(p, { link: later, affiliateId: a.id });
    clickId = clickIdOf((await visit(`/r/${later}`)).location);
  });

  test("GET /affiliates?id=<click id>: the click's affiliate", async () => {
    const res = await call('GET', '/affiliates', { token: p.key, query: { id: String(clickId) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: a.id, email: a.email }));
  });

  test('POST /links {link, affiliateId: "<click id>"}: a link for the click\'s affiliate', async () => {
    const newSlug = slug('via-click');
    const res = await call('POST', '/links', { token: p.key, body: { link: newSlug, affiliateId: String(clickId) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ link: newSlug, affiliateId: a.id }));
  });

  test('POST /referrals {affiliateId: "<click id>"}: the click\'s affiliate, link and clickId; the click\'s link counts it', async () => {
    const before = await linkBySlug(p, link.link);
    const res = await call('POST', '/referrals', {
      token: p.key,
      body: { affiliateId: String(clickId), name: 'Via Click', email: `via-${uniq()}@example.com`, referredUserExternalId: `ext-${uniq()}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ affiliateId: a.id, linkId: link.id, clickId }));
    expect((await linkBySlug(p, link.link)).referrals).toBe(before.referrals + 1);
  });

  test('a click recorded by POST /clicks resolves the same way', async () => {
    const c = await clicks.post(p, { link: s });
    expect(c.status).toBe(200);
    const aff = await call('GET', '/affiliates', { token: p.key, query: { id: String(c.body.id) } });
    expect(aff.body?.id).toBe(a.id);
    const r = await call('POST', '/referrals', {
      token: p.key,
      body: { affiliateId: String(c.body.id), name: 'Via Post', email: `post-${uniq()}@example.com`, referredUserExternalId: `ext-${uniq()}` },
    });
    expect(r.body).toEqual(expect.objectContaining({ affiliateId: a.id, clickId: c.body.id, linkId: c.body.linkId }));
  });

  test("another program's key does not resolve the click id", async () => {
    const B = await program();
    await createAffiliate(B);
    const aff = await call('GET', '/affiliates', { token: B.key, query: { id: String(clickId) } });
    expect({ status: aff.status, body: aff.body }).toEqual({ status: 200, body: null });
    const l = await call('POST', '/links', { token: B.key, body: { link: slug('steal'), affiliateId: String(clickId) } });
    expect(l.status).not.toBe(200);
    expect(l.status).toBeLessThan(500);
    const r = await call('POST', '/referrals', {
      token: B.key,
      body: { affiliateId: String(clickId), name: 'X', email: `x-${uniq()}@example.com`, referredUserExternalId: `ext-${uniq()}` },
    });
    expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: null });
  });
});

testNoServerErrors(seen);
