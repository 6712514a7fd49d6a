/**
 * Click tracking over HTTP: the public redirect GET /r/:slug (DESIGN.md surfaces) and POST /api/v1/clicks
 * (a click reported by the program's own server), against the real app on a real PostgreSQL. Clicks are read
 * back from the clicks table; counters through GET /links and GET /affiliates; click ids are then used where
 * the spec accepts them (GET /affiliates?id, POST /links affiliateId, POST /referrals affiliateId).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../helpers/server';
import { createAffiliate, type ProgramFixture } from '../../helpers/factories';
import { specClient } from '../../helpers/spec-client';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const HASH_RE = /^[0-9a-f]{64}$/;
const FIRST_BASE = 'https://shop.example.com';
const CLICK_KEYS = ['affiliateId', 'createdAt', 'id', 'landingUrl', 'link', 'linkId', 'referrer', 'userAgent'];

let server: TestServer;
const { seen, call, program } = specClient(() => server);

beforeAll(async () => {
  server = await startTestServer();
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

/** GET /r/<slug>[?query] without following the redirect. */
async function visit(path: string, headers: Record<string, string> = {}): Promise<Visit> {
  const res = await fetch(server.url + path, { redirect: 'manual', headers });
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
    const h = async (ip: string) => (await clickRow(clickIdOf((await visit(`/r/${s}`, { 'x-forwarded-for': ip })).location)))!.ip_hash;
    const one = await h('198.51.100.1');
    expect(await h('198.51.100.1')).toBe(one);
    expect(await h('198.51.100.2')).not.toBe(one);
  });

  test('each visit is a new click with a greater id; the link\'s clicks and the affiliate\'s numberOfClicks count them', async () => {
    const before = await clickCounters(p, a.id);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(clickIdOf((await visit(`/r/${s}`)).location));
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
      const v1 = await visit(`/r/${only}`);
      const v2 = await visit(`/r/${only}?program=${A.programId}`);
      expect(v1.status).toBe(302);
      expect(v2.status).toBe(302);
      expect((await clickCounters(A, oa.id)).numberOfClicks).toBe(2);
      // B does not have it.
      expect((await visit(`/r/${only}?program=${B.programId}`)).status).toBe(404);
    });
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
