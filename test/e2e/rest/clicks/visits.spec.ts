/**
 * Click tracking over HTTP against the real app on a real PostgreSQL: the public redirect GET /r/:slug (DESIGN.md
 * surfaces) and POST /api/v1/clicks (a click reported by the program's own server). Clicks are read back from the
 * clicks table, counters through GET /links and GET /affiliates.
 * Here the visit: the redirect with ref and click_id, the click it records (the address only as a
 * hash), the `to` parameter, slugs shared by programs, and the per-link trackingUrl <origin>/r/<program id>/<slug>.
 */
import { randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { clickIdOf, restClient, visitor } from '../../../helpers/rest-client';
import { slug } from '../../../helpers/spec-client';
import { HASH_RE, testNoServerErrors } from '../../../helpers/assertions';
import { DEFAULT_BASE_URLS } from '../../../helpers/shapes';

// X-Forwarded-For from the test client (loopback) is believed, so tests can act as distinct visitors. The
// per-address limit is tested on a server of its own; here it must not get in the way of a whole file of GETs.
const server = useTestServer({ trustProxy: 'loopback', clicksPerMinute: 100_000 });

const api = restClient(() => server);
const { seen, call, program, sql, rowCount, createAffiliate, createLink, linkBySlug, clickCounters, visit, clickRow } = api;

const FIRST_BASE = DEFAULT_BASE_URLS[0];

/** A tracking URL that leads nowhere: a small HTML page (404) for the visitor, never JSON (DESIGN.md). */
function expectDeadLinkPage(v: { status: number; location: string | null; headers: Headers; body: unknown }) {
  expect({ status: v.status, location: v.location }).toEqual({ status: 404, location: null });
  expect(v.headers.get('content-type')).toMatch(/^text\/html/);
  expect(typeof v.body).toBe('string');
}

describe('GET /r/:slug', () => {
  let link: any;

  const p = useProgram(() => program());
  const s = slug('visit');
  const a = useAffiliate(() => createAffiliate(p, { affiliateLink: s }));
  beforeAll(async () => {
    link = await linkBySlug(p, s);
  });

  test('302 to the first base URL with ref=<slug>&click_id=<id>; not cached', async () => {
    const v = await visit(`/r/${s}`);
    expect(v.status).toBe(302);
    expect(v.location).toMatch(new RegExp(`^${FIRST_BASE.replace(/\./g, '\\.')}\\?ref=${s}&click_id=\\d+$`));
    const id = clickIdOf(v.location);
    expect(v.location).toBe(`${FIRST_BASE}?ref=${s}&click_id=${id}`);
    expect(v.headers.get('cache-control')).toContain('no-store');
  });

  test('records the click: numeric id, program, affiliate, link, time, referrer and user agent; the IP only as a hash', async () => {
    const t0 = Date.now();
    const v = await visit(`/r/${s}`, {
      referer: 'https://blog.example.net/post/42',
      'user-agent': 'Mozilla/5.0 (TestBrowser 1.0)',
      'x-forwarded-for': '203.0.113.77',
    });
    expect(v.status).toBe(302);
    const id = clickIdOf(v.location);
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(id).toBeGreaterThan(0);
    const row = await clickRow(id);
    expect(row).toEqual(
      expect.objectContaining({
        id,
        program_id: p.programId,
        affiliate_id: a.id,
        link_id: link.id,
        referrer: 'https://blog.example.net/post/42',
        user_agent: 'Mozilla/5.0 (TestBrowser 1.0)',
        ip_hash: expect.stringMatching(HASH_RE),
      }),
    );
    expect(new Date(row!.created_at).getTime()).toBeGreaterThanOrEqual(t0 - 5_000);
    expect(new Date(row!.created_at).getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    // The address itself is stored nowhere in the row.
    expect(JSON.stringify(row)).not.toContain('203.0.113.77');
    // (A hex digest may contain "203" by chance: the HASH_RE shape above is the check that it is a digest.)
  });

  test('without a forwarded address the connection address is hashed too (never stored as is)', async () => {
    const v = await visit(`/r/${s}`);
    const row = await clickRow(clickIdOf(v.location));
    expect(row!.ip_hash).toMatch(HASH_RE);
    expect(JSON.stringify(row)).not.toContain('127.0.0.1');
    expect(row!.referrer).toBeNull();
  });

  test('the same address hashes the same (uniques can be counted), another address differently', async () => {
    // Another user agent makes another visitor (a counted click) behind the same address.
    const h = async (ip: string, ua: string) => {
      const v = await visit(`/r/${s}`, { 'x-forwarded-for': ip, 'user-agent': ua });
      return (await clickRow(clickIdOf(v.location)))!;
    };
    const one = await h('198.51.100.1', 'Browser A');
    const two = await h('198.51.100.1', 'Browser B');
    expect(two.id).not.toBe(one.id);
    expect(two.ip_hash).toBe(one.ip_hash);
    expect((await h('198.51.100.2', 'Browser A')).ip_hash).not.toBe(one.ip_hash);
  });

  test("each visitor's visit is a new click with a greater id; the link's clicks and the affiliate's numberOfClicks count them", async () => {
    const before = await clickCounters(p, a.id);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(clickIdOf((await visit(`/r/${s}`, { 'x-forwarded-for': `198.51.100.${10 + i}` })).location));
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    const after = await clickCounters(p, a.id);
    expect(after.numberOfClicks).toBe(before.numberOfClicks + 3);
    expect(after.links[s]).toBe(before.links[s] + 3);
  });

  test('a second link of the affiliate: that link counts, the first does not', async () => {
    const s2 = slug('second');
    const l2 = await createLink(p, { link: s2, affiliateId: a.id });
    const before = await clickCounters(p, a.id);
    const v = await visit(`/r/${s2}`);
    expect(v.location).toBe(`${FIRST_BASE}?ref=${s2}&click_id=${clickIdOf(v.location)}`);
    expect((await clickRow(clickIdOf(v.location)))!.link_id).toBe(l2.id);
    const after = await clickCounters(p, a.id);
    expect(after.numberOfClicks).toBe(before.numberOfClicks + 1);
    expect(after.links[s2]).toBe(before.links[s2] + 1);
    expect(after.links[s]).toBe(before.links[s]);
  });

  test('the slug matches in any letter case; ref carries the slug as stored', async () => {
    const v = await visit(`/r/${s.toUpperCase()}`);
    expect(v.status).toBe(302);
    expect(v.location).toBe(`${FIRST_BASE}?ref=${s}&click_id=${clickIdOf(v.location)}`);
  });

  test('an unknown or malformed slug: 404 HTML page (no JSON to a visitor), no redirect, no click', async () => {
    const before = await sql<{ n: string }>('select count(*) as n from clicks');
    for (const path of ['/r/no-such-slug-here', '/r/bad_slug', '/r/bad.slug', `/r/${encodeURIComponent('has space')}`, `/r/${'a'.repeat(101)}`]) {
      const v = await visit(path);
      expect({ path, status: v.status, location: v.location }).toEqual({ path, status: 404, location: null });
      expectDeadLinkPage(v);
    }
    const after = await sql<{ n: string }>('select count(*) as n from clicks');
    expect(after[0].n).toBe(before[0].n);
  });

  test('a program without base URLs: 404 HTML page, no click, no counter', async () => {
    const q = await program({ baseUrls: [] });
    const qs = slug('nobase');
    const qa = await createAffiliate(q, { affiliateLink: qs });
    const v = await visit(`/r/${qs}`);
    expectDeadLinkPage(v);
    expect(await rowCount('clicks', q.programId)).toBe(0);
    expect((await clickCounters(q, qa.id)).numberOfClicks).toBe(0);
  });

  test('a base URL with a query keeps it: ...?src=aff&ref=<slug>&click_id=<id>', async () => {
    const q = await program({ baseUrls: ['https://example.org/landing?src=aff', FIRST_BASE] });
    const qs = slug('query');
    await createAffiliate(q, { affiliateLink: qs });
    const v = await visit(`/r/${qs}`);
    expect(v.status).toBe(302);
    expect(v.location).toBe(`https://example.org/landing?src=aff&ref=${qs}&click_id=${clickIdOf(v.location)}`);
  });

  test('a base URL with a fragment: ref and click_id both go in the query, before the fragment', async () => {
    const q = await program({ baseUrls: ['https://www.example.net/p/offer#pricing'] });
    const qs = slug('frag');
    await createAffiliate(q, { affiliateLink: qs });
    const v = await visit(`/r/${qs}`);
    expect(v.status).toBe(302);
    const u = new URL(v.location!);
    expect(u.origin + u.pathname).toBe('https://www.example.net/p/offer');
    expect(u.hash).toBe('#pricing');
    expect(u.searchParams.get('ref')).toBe(qs);
    expect(u.searchParams.get('click_id')).toMatch(/^\d+$/);
    expect(v.location).toBe(`https://www.example.net/p/offer?ref=${qs}&click_id=${u.searchParams.get('click_id')}#pricing`);
  });

  describe('the `to` parameter', () => {
    const go = (to: string) => visit(`/r/${s}?to=${encodeURIComponent(to)}`);

    test('under the first base URL (same origin): honoured, with ref and click_id added to its query', async () => {
      const v = await go('https://shop.example.com/products/42?color=red');
      expect(v.status).toBe(302);
      expect(v.location).toBe(`https://shop.example.com/products/42?color=red&ref=${s}&click_id=${clickIdOf(v.location)}`);
    });

    test('under another configured base URL (same origin, path prefix): honoured', async () => {
      const v = await go('https://example.org/landing/spring-offer');
      expect(v.status).toBe(302);
      const u = new URL(v.location!);
      expect(u.origin + u.pathname).toBe('https://example.org/landing/spring-offer');
      expect(u.searchParams.get('ref')).toBe(s);
      expect(u.searchParams.get('click_id')).toBe(String(clickIdOf(v.location)));
    });

    test('a `to` with a fragment keeps ref and click_id in the query', async () => {
      const v = await go('https://shop.example.com/page#section');
      expect(v.status).toBe(302);
      const u = new URL(v.location!);
      expect(u.origin + u.pathname).toBe('https://shop.example.com/page');
      expect(u.searchParams.get('ref')).toBe(s);
      expect(u.searchParams.get('click_id')).toMatch(/^\d+$/);
      expect(u.hash).toBe('#section');
    });

    test.each([
      ['another origin', 'https://evil.example.com/phish'],
      ['a look-alike host', 'https://shop.example.com.evil.example.com/'],
      ['userinfo pointing elsewhere', 'https://shop.example.com@evil.example.com/'],
      ['another scheme on the same host', 'http://shop.example.com/products'],
      ['another port', 'https://shop.example.com:8443/products'],
      ['a configured origin outside the base path', 'https://example.org/other-page'],
      ['a path that only starts with the base path as a string', 'https://example.org/landing-evil'],
      ['a protocol-relative URL', '//evil.example.com/'],
      ['a relative path', '/products'],
      ['a javascript: URL', 'javascript:alert(1)'],
      ['a data: URL', 'data:text/html,hi'],
      ['not a URL', 'nonsense'],
    ])('%s: ignored, the first base URL is used', async (_what, to) => {
      const v = await go(to);
      expect(v.status).toBe(302);
      expect(v.location).toBe(`${FIRST_BASE}?ref=${s}&click_id=${clickIdOf(v.location)}`);
    });

    test('a program without base URLs ignores `to` too: 404, never a redirect', async () => {
      const q = await program({ baseUrls: [] });
      const qs = slug('nobase-to');
      await createAffiliate(q, { affiliateLink: qs });
      const v = await visit(`/r/${qs}?to=${encodeURIComponent('https://evil.example.com/')}`);
      expect(v.status).toBe(404);
      expect(v.location).toBeNull();
      expect(await rowCount('clicks', q.programId)).toBe(0);
    });
  });

  describe('a slug in two programs', () => {
    const A = useProgram(() => program());
    const B = useProgram(() => program({ baseUrls: ['https://b-shop.example.com'] }));
    const shared = slug('shared');
    const aAff = useAffiliate(() => createAffiliate(A, { affiliateLink: shared }));
    const bAff = useAffiliate(() => createAffiliate(B, { affiliateLink: shared }));

    test('without ?program: 404 HTML page, no click in either program', async () => {
      const v = await visit(`/r/${shared}`);
      expectDeadLinkPage(v);
      expect(await rowCount('clicks', A.programId)).toBe(0);
      expect(await rowCount('clicks', B.programId)).toBe(0);
    });

    test("with ?program=<A>: A's click, A's base URL, A's counters only", async () => {
      const v = await visit(`/r/${shared}?program=${A.programId}`);
      expect(v.status).toBe(302);
      const id = clickIdOf(v.location);
      expect(v.location).toBe(`${FIRST_BASE}?ref=${shared}&click_id=${id}`);
      expect(await clickRow(id)).toEqual(expect.objectContaining({ program_id: A.programId, affiliate_id: aAff.id }));
      expect((await clickCounters(A, aAff.id)).numberOfClicks).toBe(1);
      expect((await clickCounters(B, bAff.id)).numberOfClicks).toBe(0);
    });

    test("with ?program=<B>: B's click and B's base URL", async () => {
      const v = await visit(`/r/${shared}?program=${B.programId}`);
      expect(v.status).toBe(302);
      const id = clickIdOf(v.location);
      expect(v.location).toBe(`https://b-shop.example.com?ref=${shared}&click_id=${id}`);
      expect(await clickRow(id)).toEqual(expect.objectContaining({ program_id: B.programId, affiliate_id: bAff.id }));
      expect((await clickCounters(B, bAff.id)).numberOfClicks).toBe(1);
      expect((await clickCounters(A, aAff.id)).numberOfClicks).toBe(1);
    });

    test('with an unknown or malformed program: 404, no click', async () => {
      const before = [await rowCount('clicks', A.programId), await rowCount('clicks', B.programId)];
      for (const prog of [randomUUID(), 'not-a-uuid']) {
        const v = await visit(`/r/${shared}?program=${prog}`);
        expect({ prog, status: v.status, location: v.location }).toEqual({ prog, status: 404, location: null });
      }
      expect([await rowCount('clicks', A.programId), await rowCount('clicks', B.programId)]).toEqual(before);
    });

    test("?program of a program that does not have the slug: on to that program's first base URL, nothing added, no click", async () => {
      const C = await program();
      const v = await visit(`/r/${shared}?program=${C.programId}`);
      expect({ status: v.status, location: v.location }).toEqual({ status: 302, location: FIRST_BASE });
      expect(await rowCount('clicks', C.programId)).toBe(0);
    });

    test('a slug in one program only works with or without ?program', async () => {
      const only = slug('only');
      const oa = await createAffiliate(A, { affiliateLink: only });
      const v1 = await visit(`/r/${only}`, { 'x-forwarded-for': '198.51.100.31' });
      const v2 = await visit(`/r/${only}?program=${A.programId}`, { 'x-forwarded-for': '198.51.100.32' });
      expect(v1.status).toBe(302);
      expect(v2.status).toBe(302);
      expect((await clickCounters(A, oa.id)).numberOfClicks).toBe(2);
      // B does not have it: B's site, nothing added, no click.
      const none = await visit(`/r/${only}?program=${B.programId}`);
      expect({ status: none.status, location: none.location }).toEqual({ status: 302, location: 'https://b-shop.example.com' });
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('trackingUrl: <origin>/r/<program id>/<slug>, one per link across programs', () => {
  let aLink: any;

  const A = useProgram(() => program());
  const B = useProgram(() => program({ baseUrls: ['https://b-shop.example.com'] }));
  const shared = slug('tenant');
  const aAff = useAffiliate(() => createAffiliate(A, { affiliateLink: shared }));
  beforeAll(async () => {
    aLink = await linkBySlug(A, shared);
  });

  test("the link carries it; fetched as is, it records a click on that link and lands on the program's first base URL", async () => {
    expect(aLink.trackingUrl).toBe(`${server.url}/r/${A.programId}/${shared}`);
    const v = await visit(aLink.trackingUrl, visitor('203.0.113.1'));
    expect(v.status).toBe(302);
    const id = clickIdOf(v.location);
    expect(v.location).toBe(`${FIRST_BASE}?ref=${shared}&click_id=${id}`);
    expect(v.headers.get('cache-control')).toContain('no-store');
    expect(await clickRow(id)).toEqual(expect.objectContaining({ program_id: A.programId, affiliate_id: aAff.id, link_id: aLink.id }));
    expect((await linkBySlug(A, shared)).clicks).toBe(1);
  });

  test('while only one program has the slug, the old /r/<slug> keeps working (same link)', async () => {
    const v = await visit(`/r/${shared}`, visitor('203.0.113.2'));
    expect(v.status).toBe(302);
    expect(v.location).toBe(`${FIRST_BASE}?ref=${shared}&click_id=${clickIdOf(v.location)}`);
    expect((await clickRow(clickIdOf(v.location)))!.link_id).toBe(aLink.id);
    expect((await linkBySlug(A, shared)).clicks).toBe(2);
  });

  test('another program creates the slug: each trackingUrl still lands on its own program and counts on its own link; /r/<slug> is ambiguous (404 as before)', async () => {
    const bAff = await createAffiliate(B, { affiliateLink: shared });
    const bLink = await linkBySlug(B, shared);
    expect(bLink.trackingUrl).toBe(`${server.url}/r/${B.programId}/${shared}`);
    expect((await linkBySlug(A, shared)).trackingUrl).toBe(aLink.trackingUrl);

    const va = await visit(aLink.trackingUrl, visitor('203.0.113.3'));
    expect(va.status).toBe(302);
    expect(va.location).toBe(`${FIRST_BASE}?ref=${shared}&click_id=${clickIdOf(va.location)}`);
    expect(await clickRow(clickIdOf(va.location))).toEqual(expect.objectContaining({ program_id: A.programId, link_id: aLink.id }));

    const vb = await visit(bLink.trackingUrl, visitor('203.0.113.3'));
    expect(vb.status).toBe(302);
    expect(vb.location).toBe(`https://b-shop.example.com?ref=${shared}&click_id=${clickIdOf(vb.location)}`);
    expect(await clickRow(clickIdOf(vb.location))).toEqual(expect.objectContaining({ program_id: B.programId, affiliate_id: bAff.id, link_id: bLink.id }));

    expect((await linkBySlug(A, shared)).clicks).toBe(3);
    expect((await linkBySlug(B, shared)).clicks).toBe(1);
    expect((await clickCounters(A, aAff.id)).numberOfClicks).toBe(3);
    expect((await clickCounters(B, bAff.id)).numberOfClicks).toBe(1);

    const before = [await rowCount('clicks', A.programId), await rowCount('clicks', B.programId)];
    const legacy = await visit(`/r/${shared}`, visitor('203.0.113.4'));
    expectDeadLinkPage(legacy);
    expect([await rowCount('clicks', A.programId), await rowCount('clicks', B.programId)]).toEqual(before);
    // ?program= still chooses.
    const chosen = await visit(`/r/${shared}?program=${B.programId}`, visitor('203.0.113.5'));
    expect(chosen.location).toBe(`https://b-shop.example.com?ref=${shared}&click_id=${clickIdOf(chosen.location)}`);
  });

  test("program and slug must both match: another program's slug or an unknown or malformed slug leads to that program's site (nothing added); an unknown or malformed program id is a 404 page; no click", async () => {
    const C = await program();
    const before = await sql<{ n: string }>('select count(*) as n from clicks');
    for (const path of [
      `/r/${C.programId}/${shared}`,
      `/r/${A.programId}/no-such-slug`,
      `/r/${A.programId}/bad_slug`,
      `/r/${A.programId}/${'a'.repeat(101)}`,
    ]) {
      const v = await visit(path, visitor('203.0.113.6'));
      expect({ path, status: v.status, location: v.location }).toEqual({ path, status: 302, location: FIRST_BASE });
    }
    for (const path of [`/r/${randomUUID()}/${shared}`, `/r/not-a-uuid/${shared}`]) {
      const v = await visit(path, visitor('203.0.113.6'));
      expect({ path, status: v.status, location: v.location }).toEqual({ path, status: 404, location: null });
      expectDeadLinkPage(v);
    }
    expect((await sql<{ n: string }>('select count(*) as n from clicks'))[0].n).toBe(before[0].n);
  });

  test('the slug matches in any letter case and `to` is honoured as on /r/<slug>', async () => {
    const v = await visit(`/r/${A.programId}/${shared.toUpperCase()}?to=${encodeURIComponent('https://shop.example.com/products/1')}`, visitor('203.0.113.7'));
    expect(v.status).toBe(302);
    expect(v.location).toBe(`https://shop.example.com/products/1?ref=${shared}&click_id=${clickIdOf(v.location)}`);
  });

  test("a renamed link: the old trackingUrl leads to the program's first base URL (nothing added) and records nothing; the new one (in the PUT answer) tracks on the same link", async () => {
    const from = slug('before');
    const to = slug('after');
    await createAffiliate(A, { affiliateLink: from });
    const l = await linkBySlug(A, from);
    const put = await call('PUT', '/links', { token: A.key, body: { id: l.id, newLink: to } });
    expect(put.status).toBe(200);
    expect(put.body.trackingUrl).toBe(`${server.url}/r/${A.programId}/${to}`);
    const before = await rowCount('clicks', A.programId);
    const old = await visit(l.trackingUrl, visitor('203.0.113.8'));
    expect({ status: old.status, location: old.location }).toEqual({ status: 302, location: FIRST_BASE });
    expect(await rowCount('clicks', A.programId)).toBe(before);
    const now = await visit(put.body.trackingUrl, visitor('203.0.113.8'));
    expect(now.status).toBe(302);
    expect(now.location).toBe(`${FIRST_BASE}?ref=${to}&click_id=${clickIdOf(now.location)}`);
    expect((await clickRow(clickIdOf(now.location)))!.link_id).toBe(l.id);
  });
});

testNoServerErrors(seen);
