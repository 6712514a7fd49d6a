/**
 * Click tracking over HTTP: the public redirect GET /r/:slug (DESIGN.md surfaces) and POST /api/v1/clicks
 * (a click reported by the program's own server), against the real app on a real PostgreSQL. Clicks are read
 * back from the clicks table; counters through GET /links and GET /affiliates; click ids are then used where
 * the spec accepts them (GET /affiliates?id, POST /links affiliateId, POST /referrals affiliateId).
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { loadConfig } from '../../../src/config/config';
import { startTestServer, type TestServer } from '../../helpers/server';
import { createAffiliate, createProgram, type ProgramFixture } from '../../helpers/factories';
import { specClient } from '../../helpers/spec-client';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const HASH_RE = /^[0-9a-f]{64}$/;
const FIRST_BASE = 'https://shop.example.com';
const CLICK_KEYS = ['affiliateId', 'createdAt', 'id', 'landingUrl', 'link', 'linkId', 'referrer', 'userAgent'];

let server: TestServer;
const { seen, call, program } = specClient(() => server);

beforeAll(async () => {
  // X-Forwarded-For from the test client (loopback) is believed, so tests can act as distinct visitors. The
  // per-address limit is tested on a server of its own; here it must not get in the way of a whole file of GETs.
  server = await startTestServer({ trustProxy: 'loopback', clicksPerMinute: 100_000 });
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------------------
// helpers

let counter = 0;
const uniq = () => `${++counter}-${randomBytes(3).toString('hex')}`;
const slug = (prefix = 'clk') => `${prefix}-${uniq()}`;

const postClick = (p: ProgramFixture, body: unknown) => call('POST', '/clicks', { token: p.key, body });

interface Visit {
  status: number;
  location: string | null;
  headers: Headers;
  body: any;
  text: string;
}

/** GET /r/<slug>[?query] (a path, or a whole URL such as a trackingUrl) without following the redirect. */
async function visit(path: string, headers: Record<string, string> = {}, on: TestServer = server): Promise<Visit> {
  const res = await fetch(/^https?:/.test(path) ? path : on.url + path, { redirect: 'manual', headers });
  const text = await res.text();
  let body: any = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* not JSON */
  }
  seen.push({ method: 'GET', path, status: res.status, text });
  return { status: res.status, location: res.headers.get('location'), headers: res.headers, body, text };
}

/** The click id of a redirect location (the last click_id parameter of the query). */
function clickIdOf(location: string | null): number {
  const m = /[?&]click_id=(\d+)(?:&|#|$)/.exec(location ?? '');
  if (!m) throw new Error(`no click_id in ${location}`);
  return Number(m[1]);
}

async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.runtime.orm.em.fork().getConnection().execute(query, params)) as T[];
}

interface ClickRow {
  id: number;
  program_id: string;
  affiliate_id: string;
  link_id: string | null;
  referrer: string | null;
  user_agent: string | null;
  ip_hash: string | null;
  landing_url: string | null;
  created_at: Date;
}

async function clickRow(id: number): Promise<ClickRow | undefined> {
  const rows = await sql<ClickRow>('select * from clicks where id = ?', [id]);
  return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : undefined;
}

async function clickCount(programId: string): Promise<number> {
  const [row] = await sql<{ n: string }>('select count(*) as n from clicks where program_id = ?', [programId]);
  return Number(row.n);
}

async function createLink(p: ProgramFixture, body: Record<string, unknown>) {
  const res = await call('POST', '/links', { token: p.key, body });
  if (res.status !== 200) throw new Error(`POST /links failed: ${res.status} ${res.text}`);
  return res.body;
}

async function linkBySlug(p: ProgramFixture, s: string) {
  const res = await call('GET', '/links', { token: p.key, query: { link: s } });
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(1);
  return res.body[0];
}

async function affiliateById(p: ProgramFixture, id: string) {
  const res = await call('GET', '/affiliates', { token: p.key, query: { id } });
  expect(res.status).toBe(200);
  return res.body;
}

/** Click counters: the affiliate's numberOfClicks and each of its links' clicks. */
async function clickCounters(p: ProgramFixture, affiliateId: string) {
  const a = await affiliateById(p, affiliateId);
  const links: Record<string, number> = {};
  for (const s of a.affiliateLinks as string[]) links[s] = (await linkBySlug(p, s)).clicks;
  return { numberOfClicks: a.numberOfClicks as number, links };
}

function expectError(res: { status: number; body: any }, status: number, code?: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.objectContaining({ error: expect.any(String), code: code ?? expect.any(String) }) });
  expect(res.body.error.length).toBeGreaterThan(0);
}

// ---------------------------------------------------------------------------------------------------------

describe('GET /r/:slug', () => {
  let p: ProgramFixture;
  let a: any;
  let s: string;
  let link: any;

  beforeAll(async () => {
    p = await program();
    s = slug('visit');
    a = await createAffiliate(server, p.key, { affiliateLink: s });
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
    const v = await visit(`/r/${s}`, { referer: 'https://blog.example.net/post/42', 'user-agent': 'Mozilla/5.0 (TestBrowser 1.0)', 'x-forwarded-for': '203.0.113.77' });
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

  test('each visitor\'s visit is a new click with a greater id; the link\'s clicks and the affiliate\'s numberOfClicks count them', async () => {
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

  test('an unknown or malformed slug: 404 JSON NOT_FOUND, no redirect, no click', async () => {
    const before = await sql<{ n: string }>('select count(*) as n from clicks');
    for (const path of ['/r/no-such-slug-here', '/r/bad_slug', '/r/bad.slug', `/r/${encodeURIComponent('has space')}`, `/r/${'a'.repeat(101)}`]) {
      const v = await visit(path);
      expect({ path, status: v.status, location: v.location }).toEqual({ path, status: 404, location: null });
      expectError(v, 404, 'NOT_FOUND');
      expect(v.headers.get('content-type')).toContain('application/json');
    }
    const after = await sql<{ n: string }>('select count(*) as n from clicks');
    expect(after[0].n).toBe(before[0].n);
  });

  test('a program without base URLs: 404, no click, no counter', async () => {
    const q = await program({ baseUrls: [] });
    const qs = slug('nobase');
    const qa = await createAffiliate(server, q.key, { affiliateLink: qs });
    const v = await visit(`/r/${qs}`);
    expect(v.status).toBe(404);
    expect(v.location).toBeNull();
    expectError(v, 404, 'NOT_FOUND');
    expect(await clickCount(q.programId)).toBe(0);
    expect((await clickCounters(q, qa.id)).numberOfClicks).toBe(0);
  });

  test('a base URL with a query keeps it: ...?src=aff&ref=<slug>&click_id=<id>', async () => {
    const q = await program({ baseUrls: ['https://example.org/landing?src=aff', FIRST_BASE] });
    const qs = slug('query');
    await createAffiliate(server, q.key, { affiliateLink: qs });
    const v = await visit(`/r/${qs}`);
    expect(v.status).toBe(302);
    expect(v.location).toBe(`https://example.org/landing?src=aff&ref=${qs}&click_id=${clickIdOf(v.location)}`);
  });

  test('a base URL with a fragment: ref and click_id both go in the query, before the fragment', async () => {
    const q = await program({ baseUrls: ['https://www.example.net/p/offer#pricing'] });
    const qs = slug('frag');
    await createAffiliate(server, q.key, { affiliateLink: qs });
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
      await createAffiliate(server, q.key, { affiliateLink: qs });
      const v = await visit(`/r/${qs}?to=${encodeURIComponent('https://evil.example.com/')}`);
      expect(v.status).toBe(404);
      expect(v.location).toBeNull();
      expect(await clickCount(q.programId)).toBe(0);
    });
  });

  describe('a slug in two programs', () => {
    let A: ProgramFixture;
    let B: ProgramFixture;
    let shared: string;
    let aAff: any;
    let bAff: any;

    beforeAll(async () => {
      A = await program();
      B = await program({ baseUrls: ['https://b-shop.example.com'] });
      shared = slug('shared');
      aAff = await createAffiliate(server, A.key, { affiliateLink: shared });
      bAff = await createAffiliate(server, B.key, { affiliateLink: shared });
    });

    test('without ?program: 404, no click in either program', async () => {
      const v = await visit(`/r/${shared}`);
      expect(v.status).toBe(404);
      expect(v.location).toBeNull();
      expectError(v, 404, 'NOT_FOUND');
      expect(await clickCount(A.programId)).toBe(0);
      expect(await clickCount(B.programId)).toBe(0);
    });

    test('with ?program=<A>: A\'s click, A\'s base URL, A\'s counters only', async () => {
      const v = await visit(`/r/${shared}?program=${A.programId}`);
      expect(v.status).toBe(302);
      const id = clickIdOf(v.location);
      expect(v.location).toBe(`${FIRST_BASE}?ref=${shared}&click_id=${id}`);
      expect(await clickRow(id)).toEqual(expect.objectContaining({ program_id: A.programId, affiliate_id: aAff.id }));
      expect((await clickCounters(A, aAff.id)).numberOfClicks).toBe(1);
      expect((await clickCounters(B, bAff.id)).numberOfClicks).toBe(0);
    });

    test('with ?program=<B>: B\'s click and B\'s base URL', async () => {
      const v = await visit(`/r/${shared}?program=${B.programId}`);
      expect(v.status).toBe(302);
      const id = clickIdOf(v.location);
      expect(v.location).toBe(`https://b-shop.example.com?ref=${shared}&click_id=${id}`);
      expect(await clickRow(id)).toEqual(expect.objectContaining({ program_id: B.programId, affiliate_id: bAff.id }));
      expect((await clickCounters(B, bAff.id)).numberOfClicks).toBe(1);
      expect((await clickCounters(A, aAff.id)).numberOfClicks).toBe(1);
    });

    test('with an unknown or malformed program: 404, no click', async () => {
      const before = [await clickCount(A.programId), await clickCount(B.programId)];
      for (const prog of [randomUUID(), 'not-a-uuid']) {
        const v = await visit(`/r/${shared}?program=${prog}`);
        expect({ prog, status: v.status, location: v.location }).toEqual({ prog, status: 404, location: null });
      }
      expect([await clickCount(A.programId), await clickCount(B.programId)]).toEqual(before);
    });

    test('?program of a program that does not have the slug: 404', async () => {
      const C = await program();
      const v = await visit(`/r/${shared}?program=${C.programId}`);
      expect(v.status).toBe(404);
      expect(v.location).toBeNull();
    });

    test('a slug in one program only works with or without ?program', async () => {
      const only = slug('only');
      const oa = await createAffiliate(server, A.key, { affiliateLink: only });
      const v1 = await visit(`/r/${only}`, { 'x-forwarded-for': '198.51.100.31' });
      const v2 = await visit(`/r/${only}?program=${A.programId}`, { 'x-forwarded-for': '198.51.100.32' });
      expect(v1.status).toBe(302);
      expect(v2.status).toBe(302);
      expect((await clickCounters(A, oa.id)).numberOfClicks).toBe(2);
      // B does not have it.
      expect((await visit(`/r/${only}?program=${B.programId}`)).status).toBe(404);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

/** Request headers of one visitor: its address (believed: the test server trusts loopback) and user agent. */
const as = (ip: string, ua = 'Mozilla/5.0 (Visitor)') => ({ 'x-forwarded-for': ip, 'user-agent': ua });

async function linkClicks(linkId: string): Promise<number> {
  const [row] = await sql<{ n: string }>('select count(*) as n from clicks where link_id = ?', [linkId]);
  return Number(row.n);
}

describe('trackingUrl: <origin>/r/<program id>/<slug>, one per link across programs', () => {
  let A: ProgramFixture;
  let B: ProgramFixture;
  let shared: string;
  let aAff: any;
  let aLink: any;

  beforeAll(async () => {
    A = await program();
    B = await program({ baseUrls: ['https://b-shop.example.com'] });
    shared = slug('tenant');
    aAff = await createAffiliate(server, A.key, { affiliateLink: shared });
    aLink = await linkBySlug(A, shared);
  });

  test('the link carries it; fetched as is, it records a click on that link and lands on the program\'s first base URL', async () => {
    expect(aLink.trackingUrl).toBe(`${server.url}/r/${A.programId}/${shared}`);
    const v = await visit(aLink.trackingUrl, as('203.0.113.1'));
    expect(v.status).toBe(302);
    const id = clickIdOf(v.location);
    expect(v.location).toBe(`${FIRST_BASE}?ref=${shared}&click_id=${id}`);
    expect(v.headers.get('cache-control')).toContain('no-store');
    expect(await clickRow(id)).toEqual(expect.objectContaining({ program_id: A.programId, affiliate_id: aAff.id, link_id: aLink.id }));
    expect((await linkBySlug(A, shared)).clicks).toBe(1);
  });

  test('while only one program has the slug, the old /r/<slug> keeps working (same link)', async () => {
    const v = await visit(`/r/${shared}`, as('203.0.113.2'));
    expect(v.status).toBe(302);
    expect(v.location).toBe(`${FIRST_BASE}?ref=${shared}&click_id=${clickIdOf(v.location)}`);
    expect((await clickRow(clickIdOf(v.location)))!.link_id).toBe(aLink.id);
    expect((await linkBySlug(A, shared)).clicks).toBe(2);
  });

  test('another program creates the slug: each trackingUrl still lands on its own program and counts on its own link; /r/<slug> is ambiguous (404 as before)', async () => {
    const bAff = await createAffiliate(server, B.key, { affiliateLink: shared });
    const bLink = await linkBySlug(B, shared);
    expect(bLink.trackingUrl).toBe(`${server.url}/r/${B.programId}/${shared}`);
    expect((await linkBySlug(A, shared)).trackingUrl).toBe(aLink.trackingUrl);

    const va = await visit(aLink.trackingUrl, as('203.0.113.3'));
    expect(va.status).toBe(302);
    expect(va.location).toBe(`${FIRST_BASE}?ref=${shared}&click_id=${clickIdOf(va.location)}`);
    expect(await clickRow(clickIdOf(va.location))).toEqual(expect.objectContaining({ program_id: A.programId, link_id: aLink.id }));

    const vb = await visit(bLink.trackingUrl, as('203.0.113.3'));
    expect(vb.status).toBe(302);
    expect(vb.location).toBe(`https://b-shop.example.com?ref=${shared}&click_id=${clickIdOf(vb.location)}`);
    expect(await clickRow(clickIdOf(vb.location))).toEqual(expect.objectContaining({ program_id: B.programId, affiliate_id: bAff.id, link_id: bLink.id }));

    expect((await linkBySlug(A, shared)).clicks).toBe(3);
    expect((await linkBySlug(B, shared)).clicks).toBe(1);
    expect((await clickCounters(A, aAff.id)).numberOfClicks).toBe(3);
    expect((await clickCounters(B, bAff.id)).numberOfClicks).toBe(1);

    const before = [await clickCount(A.programId), await clickCount(B.programId)];
    const legacy = await visit(`/r/${shared}`, as('203.0.113.4'));
    expect(legacy.location).toBeNull();
    expectError(legacy, 404, 'NOT_FOUND');
    expect([await clickCount(A.programId), await clickCount(B.programId)]).toEqual(before);
    // ?program= still chooses.
    const chosen = await visit(`/r/${shared}?program=${B.programId}`, as('203.0.113.5'));
    expect(chosen.location).toBe(`https://b-shop.example.com?ref=${shared}&click_id=${clickIdOf(chosen.location)}`);
  });

  test('program and slug must both match: another program\'s id, an unknown or malformed id or slug is 404, no click', async () => {
    const C = await program();
    const before = await sql<{ n: string }>('select count(*) as n from clicks');
    for (const path of [`/r/${C.programId}/${shared}`, `/r/${randomUUID()}/${shared}`, `/r/not-a-uuid/${shared}`, `/r/${A.programId}/no-such-slug`, `/r/${A.programId}/bad_slug`, `/r/${A.programId}/${'a'.repeat(101)}`]) {
      const v = await visit(path, as('203.0.113.6'));
      expect({ path, status: v.status, location: v.location }).toEqual({ path, status: 404, location: null });
      expectError(v, 404, 'NOT_FOUND');
    }
    expect((await sql<{ n: string }>('select count(*) as n from clicks'))[0].n).toBe(before[0].n);
  });

  test('the slug matches in any letter case and `to` is honoured as on /r/<slug>', async () => {
    const v = await visit(`/r/${A.programId}/${shared.toUpperCase()}?to=${encodeURIComponent('https://shop.example.com/products/1')}`, as('203.0.113.7'));
    expect(v.status).toBe(302);
    expect(v.location).toBe(`https://shop.example.com/products/1?ref=${shared}&click_id=${clickIdOf(v.location)}`);
  });

  test('a renamed link: the old trackingUrl is 404 and records nothing; the new one (in the PUT answer) tracks on the same link', async () => {
    const from = slug('before');
    const to = slug('after');
    await createAffiliate(server, A.key, { affiliateLink: from });
    const l = await linkBySlug(A, from);
    const put = await call('PUT', '/links', { token: A.key, body: { id: l.id, newLink: to } });
    expect(put.status).toBe(200);
    expect(put.body.trackingUrl).toBe(`${server.url}/r/${A.programId}/${to}`);
    const before = await clickCount(A.programId);
    const old = await visit(l.trackingUrl, as('203.0.113.8'));
    expect(old.location).toBeNull();
    expectError(old, 404, 'NOT_FOUND');
    expect(await clickCount(A.programId)).toBe(before);
    const now = await visit(put.body.trackingUrl, as('203.0.113.8'));
    expect(now.status).toBe(302);
    expect(now.location).toBe(`${FIRST_BASE}?ref=${to}&click_id=${clickIdOf(now.location)}`);
    expect((await clickRow(clickIdOf(now.location)))!.link_id).toBe(l.id);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('repeated clicks by one visitor on one link within 30 minutes count once', () => {
  let p: ProgramFixture;
  let a: any;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
  });

  const freshLink = () => createLink(p, { link: slug('rep'), affiliateId: a.id });

  test('20 sequential GETs from one client: all 302 with the same click_id; one click, counters +1', async () => {
    const l = await freshLink();
    const before = (await affiliateById(p, a.id)).numberOfClicks;
    const visits: Visit[] = [];
    for (let i = 0; i < 20; i++) visits.push(await visit(l.trackingUrl, as('192.0.2.10')));
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
    const visits = await Promise.all(Array.from({ length: 20 * ips.length }, (_, i) => visit(l.trackingUrl, as(ips[i % ips.length]))));
    expect(visits.map((v) => v.status)).toEqual(Array(visits.length).fill(302));
    for (const [k] of ips.entries()) expect(new Set(visits.filter((_, i) => i % ips.length === k).map((v) => clickIdOf(v.location))).size).toBe(1);
    expect(new Set(visits.map((v) => clickIdOf(v.location))).size).toBe(ips.length);
    expect(await linkClicks(l.id)).toBe(ips.length);
    expect((await linkBySlug(p, l.link)).clicks).toBe(ips.length);
    expect((await affiliateById(p, a.id)).numberOfClicks).toBe(before + ips.length);
  });

  test('the old /r/<slug> and the trackingUrl are one link: a visitor counts once across both', async () => {
    const l = await freshLink();
    const first = clickIdOf((await visit(l.trackingUrl, as('192.0.2.12'))).location);
    expect(clickIdOf((await visit(`/r/${l.link}`, as('192.0.2.12'))).location)).toBe(first);
    expect(await linkClicks(l.id)).toBe(1);
  });

  test('another user agent or another address is another visitor: it counts, and repeats to its own click', async () => {
    const l = await freshLink();
    const id = async (ip: string, ua: string) => clickIdOf((await visit(l.trackingUrl, as(ip, ua))).location);
    const one = await id('192.0.2.13', 'Browser A');
    const otherAgent = await id('192.0.2.13', 'Browser B');
    const otherAddress = await id('192.0.2.14', 'Browser A');
    expect(new Set([one, otherAgent, otherAddress]).size).toBe(3);
    expect([await id('192.0.2.13', 'Browser A'), await id('192.0.2.13', 'Browser B'), await id('192.0.2.14', 'Browser A')]).toEqual([one, otherAgent, otherAddress]);
    expect(await linkClicks(l.id)).toBe(3);
    expect((await linkBySlug(p, l.link)).clicks).toBe(3);
  });

  test('the same visitor on another link counts there', async () => {
    const l1 = await freshLink();
    const l2 = await freshLink();
    const c1 = clickIdOf((await visit(l1.trackingUrl, as('192.0.2.15'))).location);
    const c2 = clickIdOf((await visit(l2.trackingUrl, as('192.0.2.15'))).location);
    expect(c2).not.toBe(c1);
    expect([await linkClicks(l1.id), await linkClicks(l2.id)]).toEqual([1, 1]);
  });

  test('a repeat still honours its own `to`, with the counted click\'s id', async () => {
    const l = await freshLink();
    const first = clickIdOf((await visit(l.trackingUrl, as('192.0.2.16'))).location);
    const v = await visit(`${l.trackingUrl}?to=${encodeURIComponent('https://shop.example.com/pricing')}`, as('192.0.2.16'));
    expect(v.location).toBe(`https://shop.example.com/pricing?ref=${l.link}&click_id=${first}`);
  });

  test('30 minutes after the counted click the visitor counts again; later repeats answer the new click', async () => {
    const l = await freshLink();
    const first = clickIdOf((await visit(l.trackingUrl, as('192.0.2.17'))).location);
    await sql("update clicks set created_at = created_at - interval '29 minutes' where id = ?", [first]);
    expect(clickIdOf((await visit(l.trackingUrl, as('192.0.2.17'))).location)).toBe(first);
    await sql("update clicks set created_at = created_at - interval '2 minutes' where id = ?", [first]);
    const second = clickIdOf((await visit(l.trackingUrl, as('192.0.2.17'))).location);
    expect(second).toBeGreaterThan(first);
    expect(clickIdOf((await visit(l.trackingUrl, as('192.0.2.17'))).location)).toBe(second);
    expect(await linkClicks(l.id)).toBe(2);
    expect((await linkBySlug(p, l.link)).clicks).toBe(2);
  });

  test('the visitor is stored as a keyed hash only (neither address nor user agent can be matched by a plain digest)', async () => {
    const l = await freshLink();
    const v = await visit(l.trackingUrl, as('192.0.2.18', 'Browser Z'));
    const [row] = await sql<{ visitor_hash: string; ip_hash: string }>('select visitor_hash, ip_hash from clicks where id = ?', [clickIdOf(v.location)]);
    expect(row.visitor_hash).toMatch(HASH_RE);
    expect(row.visitor_hash).not.toBe(row.ip_hash);
    for (const guess of [createHash('sha256').update('192.0.2.18').digest('hex'), createHmac('sha256', p.programId).update('192.0.2.18').digest('hex'), createHmac('sha256', p.programId).update('192.0.2.18\nBrowser Z').digest('hex')]) {
      expect([row.visitor_hash, row.ip_hash]).not.toContain(guess);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('the public click path is rate limited per client address', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer({ trustProxy: 'loopback', clicksPerMinute: 5 });
  });
  afterAll(() => limited?.close());

  test('the production default is 120 per minute per address (CLICKS_PER_MINUTE changes it)', () => {
    expect(loadConfig({}).clicksPerMinute).toBe(120);
    expect(loadConfig({ CLICKS_PER_MINUTE: '300' }).clicksPerMinute).toBe(300);
    expect(() => loadConfig({ CLICKS_PER_MINUTE: '0' })).toThrow(/CLICKS_PER_MINUTE/);
  });

  test('over the limit: 429 RATE_LIMITED with Retry-After and the rate-limit headers, nothing recorded; another address is not affected', async () => {
    const q = await createProgram(limited);
    const qs = slug('limited');
    await createAffiliate(limited, q.key, { affiliateLink: qs });
    const [l] = (await limited.api('GET', '/links', { token: q.key, query: { link: qs } })).body;
    expect(l.trackingUrl).toBe(`${limited.url}/r/${q.programId}/${qs}`);
    const count = async () => Number((await limited.runtime.orm.em.fork().getConnection().execute('select count(*) as n from clicks where program_id = ?', [q.programId]))[0].n);

    // Five visitors behind one address (distinct user agents): each counts, each answer shows the budget.
    for (let i = 0; i < 5; i++) {
      const v = await visit(l.trackingUrl, as('192.0.2.200', `Browser ${i}`), limited);
      expect(v.status).toBe(302);
      expect(v.headers.get('ratelimit-policy')).toBe('"clicks";q=5;w=60');
      expect(v.headers.get('ratelimit')).toMatch(new RegExp(`^"clicks";r=${4 - i};t=\\d+$`));
    }
    expect(await count()).toBe(5);

    for (const path of [l.trackingUrl, `/r/${qs}`, '/r/no-such-slug']) {
      const v = await visit(path, as('192.0.2.200', 'Browser 9'), limited);
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

    const other = await visit(l.trackingUrl, as('192.0.2.201'), limited);
    expect(other.status).toBe(302);
    expect(await count()).toBe(6);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('click ids resolve everywhere the spec accepts them', () => {
  let p: ProgramFixture;
  let a: any;
  let s: string;
  let link: any;
  let clickId: number;

  beforeAll(async () => {
    p = await program();
    s = slug('ids');
    a = await createAffiliate(server, p.key, { affiliateLink: s });
    // The click comes through a later link, so "the click's link" differs from the affiliate's first link.
    const later = slug('ids-later');
    link = await createLink(p, { link: later, affiliateId: a.id });
    clickId = clickIdOf((await visit(`/r/${later}`)).location);
  });

  test('GET /affiliates?id=<click id>: the click\'s affiliate', async () => {
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
    const res = await call('POST', '/referrals', { token: p.key, body: { affiliateId: String(clickId), name: 'Via Click', email: `via-${uniq()}@example.com`, referredUserExternalId: `ext-${uniq()}` } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ affiliateId: a.id, linkId: link.id, clickId }));
    expect((await linkBySlug(p, link.link)).referrals).toBe(before.referrals + 1);
  });

  test('a click recorded by POST /clicks resolves the same way', async () => {
    const c = await postClick(p, { link: s });
    expect(c.status).toBe(200);
    const aff = await call('GET', '/affiliates', { token: p.key, query: { id: String(c.body.id) } });
    expect(aff.body?.id).toBe(a.id);
    const r = await call('POST', '/referrals', { token: p.key, body: { affiliateId: String(c.body.id), name: 'Via Post', email: `post-${uniq()}@example.com`, referredUserExternalId: `ext-${uniq()}` } });
    expect(r.body).toEqual(expect.objectContaining({ affiliateId: a.id, clickId: c.body.id, linkId: c.body.linkId }));
  });

  test('another program\'s key does not resolve the click id', async () => {
    const B = await program();
    await createAffiliate(server, B.key);
    const aff = await call('GET', '/affiliates', { token: B.key, query: { id: String(clickId) } });
    expect({ status: aff.status, body: aff.body }).toEqual({ status: 200, body: null });
    const l = await call('POST', '/links', { token: B.key, body: { link: slug('steal'), affiliateId: String(clickId) } });
    expect(l.status).not.toBe(200);
    expect(l.status).toBeLessThan(500);
    const r = await call('POST', '/referrals', { token: B.key, body: { affiliateId: String(clickId), name: 'X', email: `x-${uniq()}@example.com`, referredUserExternalId: `ext-${uniq()}` } });
    expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: null });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('POST /api/v1/clicks', () => {
  let p: ProgramFixture;
  let a: any;
  let s: string;
  let link: any;

  beforeAll(async () => {
    p = await program();
    s = slug('server');
    a = await createAffiliate(server, p.key, { affiliateLink: s });
    link = await linkBySlug(p, s);
  });

  test('200 with the click {id, link, linkId, affiliateId, referrer, userAgent, landingUrl, createdAt}; the row keeps the IP as a hash', async () => {
    const body = { link: s, referrer: 'https://news.example.com/', userAgent: 'Mozilla/5.0 (Server-side)', ip: '192.0.2.55', landingUrl: 'https://shop.example.com/pricing' };
    const t0 = Date.now();
    const res = await postClick(p, body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(CLICK_KEYS);
    expect(res.body).toEqual({
      id: expect.any(Number),
      link: s,
      linkId: link.id,
      affiliateId: a.id,
      referrer: body.referrer,
      userAgent: body.userAgent,
      landingUrl: body.landingUrl,
      createdAt: expect.stringMatching(ISO_RE),
    });
    expect(Number.isSafeInteger(res.body.id)).toBe(true);
    expect(res.body.linkId).toMatch(UUID_RE);
    expect(Date.parse(res.body.createdAt)).toBeGreaterThanOrEqual(t0 - 5_000);
    expect(res.text).not.toContain('192.0.2.55');
    const row = await clickRow(res.body.id);
    expect(row).toEqual(
      expect.objectContaining({
        program_id: p.programId,
        affiliate_id: a.id,
        link_id: link.id,
        referrer: body.referrer,
        user_agent: body.userAgent,
        landing_url: body.landingUrl,
        ip_hash: expect.stringMatching(HASH_RE),
      }),
    );
    expect(JSON.stringify(row)).not.toContain('192.0.2.55');
  });

  test('only link: 200 with nulls for the rest; no IP, no hash', async () => {
    const res = await postClick(p, { link: s });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), link: s, linkId: link.id, affiliateId: a.id, referrer: null, userAgent: null, landingUrl: null, createdAt: expect.stringMatching(ISO_RE) });
    expect((await clickRow(res.body.id))!.ip_hash).toBeNull();
  });

  test('the link matches in any case; the answer carries the slug as stored', async () => {
    const res = await postClick(p, { link: s.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.link).toBe(s);
    expect(res.body.linkId).toBe(link.id);
  });

  test('the link\'s clicks and the affiliate\'s numberOfClicks count each click; ids increase', async () => {
    const before = await clickCounters(p, a.id);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postClick(p, { link: s })).body.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    const after = await clickCounters(p, a.id);
    expect(after.numberOfClicks).toBe(before.numberOfClicks + 3);
    expect(after.links[s]).toBe(before.links[s] + 3);
  });

  test('10 concurrent clicks: all recorded, counters exact', async () => {
    const before = await clickCounters(p, a.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => postClick(p, { link: s })));
    for (const r of results) expect(r.status).toBe(200);
    const after = await clickCounters(p, a.id);
    expect(after.numberOfClicks).toBe(before.numberOfClicks + 10);
    expect(after.links[s]).toBe(before.links[s] + 10);
  });

  test('an unknown or malformed link: 404 NOT_FOUND, no click', async () => {
    const before = await clickCount(p.programId);
    for (const l of ['no-such-link', 'bad_slug', 'has space']) {
      const res = await postClick(p, { link: l });
      expect({ l, status: res.status, code: res.body?.code }).toEqual({ l, status: 404, code: 'NOT_FOUND' });
    }
    expect(await clickCount(p.programId)).toBe(before);
  });

  test('link missing, null or blank: 400 VALIDATION_FAILED', async () => {
    const before = await clickCount(p.programId);
    for (const body of [{}, { link: null }, { link: '' }, { link: '   ' }, { referrer: 'https://x.example.com/' }]) {
      const res = await postClick(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await clickCount(p.programId)).toBe(before);
  });

  test('wrong types, unknown fields, malformed JSON: 400 VALIDATION_FAILED, no click', async () => {
    const before = await clickCount(p.programId);
    const bodies: unknown[] = [
      { link: 5 },
      { link: [s] },
      { link: s, referrer: 5 },
      { link: s, userAgent: {} },
      { link: s, ip: 127001 },
      { link: s, landingUrl: true },
      { link: s, affiliateId: a.id },
      { link: s, programId: p.programId },
      { link: s, ipHash: 'x' },
      { link: s, referrer: 'r'.repeat(2001) },
    ];
    for (const body of bodies) {
      const res = await postClick(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    for (const rawBody of ['{"link": ', '[]', `["${s}"]`, '"text"']) {
      const res = await call('POST', '/clicks', { token: p.key, rawBody });
      expect({ rawBody, status: res.status, code: res.body?.code }).toEqual({ rawBody, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await clickCount(p.programId)).toBe(before);
  });

  describe('with `ip` (the visitor\'s address) a report is de-duplicated like a visit; without, each counts', () => {
    const fresh = async () => {
      const l = await createLink(p, { link: slug('srv-rep'), affiliateId: a.id });
      return l;
    };

    test('a repeat by the same ip and userAgent within 30 minutes answers the counted click and counts nothing; another userAgent counts', async () => {
      const l = await fresh();
      const body = { link: l.link, ip: '192.0.2.90', userAgent: 'Mozilla/5.0 (Reported)', referrer: 'https://first.example.com/' };
      const first = await postClick(p, body);
      expect(first.status).toBe(200);
      const again = await postClick(p, { ...body, referrer: 'https://second.example.com/' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await postClick(p, { link: l.link, ip: '192.0.2.90', userAgent: 'Other Agent' })).body.id).not.toBe(first.body.id);
      expect((await postClick(p, { link: l.link, ip: '192.0.2.91', userAgent: body.userAgent })).body.id).not.toBe(first.body.id);
      expect(await linkClicks(l.id)).toBe(3);
      expect((await linkBySlug(p, l.link)).clicks).toBe(3);
    });

    test('10 concurrent reports of one visitor: one click', async () => {
      const l = await fresh();
      const results = await Promise.all(Array.from({ length: 10 }, () => postClick(p, { link: l.link, ip: '192.0.2.92' })));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect(await linkClicks(l.id)).toBe(1);
      expect((await linkBySlug(p, l.link)).clicks).toBe(1);
    });

    test('without ip every report counts, even with the same userAgent', async () => {
      const l = await fresh();
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await postClick(p, { link: l.link, userAgent: 'Same Agent' })).body.id);
      expect(new Set(ids).size).toBe(3);
      expect(await linkClicks(l.id)).toBe(3);
    });

    test('a reported click and a public visit by the same visitor are one click', async () => {
      const l = await fresh();
      const reported = await postClick(p, { link: l.link, ip: '192.0.2.93', userAgent: 'Mozilla/5.0 (Both)' });
      const v = await visit(l.trackingUrl, as('192.0.2.93', 'Mozilla/5.0 (Both)'));
      expect(clickIdOf(v.location)).toBe(reported.body.id);
      expect(await linkClicks(l.id)).toBe(1);
    });
  });

  test('without a token: 401, no click', async () => {
    const before = await clickCount(p.programId);
    expectError(await call('POST', '/clicks', { body: { link: s } }), 401, 'UNAUTHENTICATED');
    expect(await clickCount(p.programId)).toBe(before);
  });

  describe('two programs', () => {
    let A: ProgramFixture;
    let B: ProgramFixture;
    let aAff: any;
    let aSlug: string;

    beforeAll(async () => {
      A = await program();
      B = await program();
      aSlug = slug('a-only');
      aAff = await createAffiliate(server, A.key, { affiliateLink: aSlug });
      await createAffiliate(server, B.key);
    });

    test('B\'s key with A\'s slug: 404, no click anywhere, A\'s counters unchanged', async () => {
      const before = await clickCounters(A, aAff.id);
      const res = await postClick(B, { link: aSlug });
      expectError(res, 404, 'NOT_FOUND');
      expect(await clickCount(A.programId)).toBe(0);
      expect(await clickCount(B.programId)).toBe(0);
      expect(await clickCounters(A, aAff.id)).toEqual(before);
    });

    test('a slug in both programs: each key records on its own program\'s link only', async () => {
      const both = slug('both');
      const aa = await createAffiliate(server, A.key, { affiliateLink: both });
      const ba = await createAffiliate(server, B.key, { affiliateLink: both });
      const aLink = await linkBySlug(A, both);
      const bLink = await linkBySlug(B, both);
      const rb = await postClick(B, { link: both });
      expect(rb.status).toBe(200);
      expect(rb.body).toEqual(expect.objectContaining({ affiliateId: ba.id, linkId: bLink.id, link: both }));
      expect(await clickRow(rb.body.id)).toEqual(expect.objectContaining({ program_id: B.programId, affiliate_id: ba.id, link_id: bLink.id }));
      expect((await clickCounters(B, ba.id)).numberOfClicks).toBe(1);
      expect((await clickCounters(A, aa.id)).numberOfClicks).toBe(0);
      expect((await linkBySlug(A, both)).clicks).toBe(0);

      const ra = await postClick(A, { link: both });
      expect(ra.body).toEqual(expect.objectContaining({ affiliateId: aa.id, linkId: aLink.id }));
      expect((await clickCounters(A, aa.id)).numberOfClicks).toBe(1);
      expect((await clickCounters(B, ba.id)).numberOfClicks).toBe(1);
    });

    test('a click recorded by B is not resolvable with A\'s key, and the reverse', async () => {
      const both = slug('both2');
      await createAffiliate(server, A.key, { affiliateLink: both });
      await createAffiliate(server, B.key, { affiliateLink: both });
      const rb = await postClick(B, { link: both });
      const ra = await postClick(A, { link: both });
      expect((await call('GET', '/affiliates', { token: A.key, query: { id: String(rb.body.id) } })).body).toBeNull();
      expect((await call('GET', '/affiliates', { token: B.key, query: { id: String(ra.body.id) } })).body).toBeNull();
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('no request of this file was answered with a 5xx', () => {
  test('all answers below 500', () => {
    expect(seen.filter((x) => x.status >= 500)).toEqual([]);
  });
});
