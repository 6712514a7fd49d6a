/**
 * Spec 4.3 (affiliate links) over HTTP: GET, POST, PUT and DELETE /api/v1/links against the real app on a
 * real PostgreSQL. Link shape per DESIGN.md; events read from the outbox table; clicks inserted with SQL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { startTestServer, type ApiResponse, type RequestOptions, type TestServer } from '../../helpers/server';
import { createAffiliate, createProgram, type ProgramFixture } from '../../helpers/factories';
import { specClient } from '../../helpers/spec-client';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DEFAULT_BASE_URLS = ['https://shop.example.com', 'https://example.org/landing?src=aff'];
const LINK_KEYS = ['affiliate', 'affiliateId', 'clicks', 'createdAt', 'fullURLs', 'id', 'link', 'referrals', 'sales', 'totalRevenue', 'trackingUrl', 'updatedAt'];
const BAD_SLUGS: Array<[string, string]> = [
  ['a space', 'has space'],
  ['an underscore', 'under_score'],
  ['a dot', 'dot.ted'],
  ['a slash', 'sla/sh'],
  ['unicode letters', 'café-crème'],
  ['an emoji', 'rocket-🚀'],
];

let server: TestServer;
const { seen, call } = specClient(() => server);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------------------
// helpers

let counter = 0;
/** A fresh, valid slug (letters, numbers, hyphens). */
const slug = (prefix = 'lnk') => `${prefix}-${++counter}-${randomBytes(3).toString('hex')}`;

const links = (method: string, opts: RequestOptions = {}) => call(method, '/links', opts);
const getLinks = (token: string, query: Record<string, string | string[]> = {}) => links('GET', { token, query });

async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.runtime.orm.em.fork().getConnection().execute(query, params)) as T[];
}

async function createLink(p: ProgramFixture, body: Record<string, unknown>) {
  const res = await links('POST', { token: p.key, body });
  if (res.status !== 200) throw new Error(`POST /links failed: ${res.status} ${res.text}`);
  return res.body;
}

async function insertClick(programId: string, affiliateId: string, linkId: string | null): Promise<number> {
  const rows = await sql<{ id: string | number }>('insert into clicks (program_id, affiliate_id, link_id) values (?, ?, ?) returning id', [programId, affiliateId, linkId]);
  return Number(rows[0].id);
}

async function clickRow(id: number) {
  const rows = await sql<{ link_id: string | null; affiliate_id: string }>('select link_id, affiliate_id from clicks where id = ?', [id]);
  return rows[0];
}

/** affiliate.updated events of one affiliate, oldest first. */
async function updatedEvents(programId: string, affiliateId: string) {
  return sql<{ id: string; data: any }>(
    `select id, data from events where program_id = ? and type = 'affiliate.updated' and data->>'id' = ? order by id`,
    [programId, affiliateId],
  );
}

async function linkRow(id: string) {
  const rows = await sql<{ link: string; clicks: number; affiliate_id: string; program_id: string }>('select link, clicks, affiliate_id, program_id from affiliate_links where id = ?', [id]);
  return rows[0];
}

function fullUrlsFor(baseUrls: string[], s: string) {
  return baseUrls.map((baseUrl) => ({ baseUrl, fullUrl: baseUrl.includes('?') ? `${baseUrl}&ref=${s}` : `${baseUrl}?ref=${s}` }));
}

/** This server's click URL of a link: <origin>/r/<program id>/<slug> (the test server's origin is its URL). */
const trackingUrlFor = (programId: string, s: string) => `${server.url}/r/${programId}/${s}`;

/** The full DESIGN.md link shape, with all counters zero (a link nobody used). */
function expectNewLink(l: any, expected: { link: string; affiliate: any; baseUrls?: string[]; id?: string }) {
  expect(Object.keys(l).sort()).toEqual(LINK_KEYS);
  expect(l.id).toMatch(UUID_RE);
  expect(l.trackingUrl).toBe(trackingUrlFor(expected.affiliate.programId, expected.link));
  if (expected.id) expect(l.id).toBe(expected.id);
  expect(l.link).toBe(expected.link);
  expect(l.affiliateId).toBe(expected.affiliate.id);
  expect(l.clicks).toBe(0);
  expect(l.referrals).toBe(0);
  expect(l.sales).toBe(0);
  expect(l.totalRevenue).toBe(0);
  expect(l.fullURLs).toEqual(fullUrlsFor(expected.baseUrls ?? DEFAULT_BASE_URLS, expected.link));
  expect(l.affiliate).toEqual({ id: expected.affiliate.id, name: `${expected.affiliate.firstName} ${expected.affiliate.lastName}`, email: expected.affiliate.email });
  expect(l.createdAt).toMatch(ISO_RE);
  expect(l.updatedAt).toMatch(ISO_RE);
}

function expectError(res: ApiResponse, status: number, code?: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.objectContaining({ error: expect.any(String), code: code ?? expect.any(String) }) });
  expect(res.body.error.length).toBeGreaterThan(0);
}

async function affiliateById(p: ProgramFixture, id: string | number) {
  const res = await call('GET', '/affiliates', { token: p.key, query: { id: String(id) } });
  expect(res.status).toBe(200);
  return res.body;
}

// ---------------------------------------------------------------------------------------------------------

describe('GET /links', () => {
  let p: ProgramFixture;
  let a1: any;
  let a2: any;
  /** Every link of the program in creation order. */
  const created: any[] = [];

  beforeAll(async () => {
    p = await createProgram(server);
    a1 = await createAffiliate(server, p.key, { firstName: 'Grace', lastName: 'Hopper', affiliateLink: 'zeta-first' });
    created.push({ link: 'zeta-first', affiliate: a1 });
    created.push({ ...(await createLink(p, { link: 'alpha-second', affiliateId: a1.id })), affiliate: a1 });
    a2 = await createAffiliate(server, p.key, { firstName: 'Alan', lastName: 'Turing', affiliateLink: 'middle-third' });
    created.push({ link: 'middle-third', affiliate: a2 });
    created.push({ ...(await createLink(p, { link: 'Beta-Fourth', affiliateEmail: a2.email })), affiliate: a2 });
    created.push({ ...(await createLink(p, { link: 'aaa-fifth', affiliateId: a1.id })), affiliate: a1 });
  });

  test('without parameters: an array of every link of the program, in creation order, full shape, counters zero', async () => {
    const res = await getLinks(p.key);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((l: any) => l.link)).toEqual(['zeta-first', 'alpha-second', 'middle-third', 'Beta-Fourth', 'aaa-fifth']);
    for (const [i, l] of res.body.entries()) expectNewLink(l, { id: created[i].id, link: created[i].link, affiliate: created[i].affiliate });
    const times = res.body.map((l: any) => Date.parse(l.createdAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });

  test('by id (UUID): an array holding that link only', async () => {
    const target = created[3];
    const res = await getLinks(p.key, { id: target.id });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expectNewLink(res.body[0], { id: target.id, link: 'Beta-Fourth', affiliate: a2 });
  });

  test('by id: [] for an unknown UUID and for a value that is not a UUID', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '12345', 'alpha-second']) {
      const res = await getLinks(p.key, { id });
      expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 200, body: [] });
    }
  });

  test('by link (slug): an array holding that link only; [] for an unknown or malformed slug', async () => {
    const res = await getLinks(p.key, { link: 'alpha-second' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expectNewLink(res.body[0], { id: created[1].id, link: 'alpha-second', affiliate: a1 });
    for (const link of ['no-such-slug', 'bad slug', 'bad_slug']) {
      const none = await getLinks(p.key, { link });
      expect({ link, status: none.status, body: none.body }).toEqual({ link, status: 200, body: [] });
    }
  });

  test('by affiliateId: every link of that affiliate in creation order; [] for unknown or non-UUID ids', async () => {
    const res = await getLinks(p.key, { affiliateId: a1.id });
    expect(res.status).toBe(200);
    expect(res.body.map((l: any) => l.link)).toEqual(['zeta-first', 'alpha-second', 'aaa-fifth']);
    for (const l of res.body) expect(l.affiliateId).toBe(a1.id);
    const other = await getLinks(p.key, { affiliateId: a2.id });
    expect(other.body.map((l: any) => l.link)).toEqual(['middle-third', 'Beta-Fourth']);
    for (const affiliateId of [randomUUID(), 'not-a-uuid']) {
      const none = await getLinks(p.key, { affiliateId });
      expect({ affiliateId, status: none.status, body: none.body }).toEqual({ affiliateId, status: 200, body: [] });
    }
  });

  test('by affiliateEmail: every link of that affiliate; [] for an unknown email', async () => {
    const res = await getLinks(p.key, { affiliateEmail: a2.email });
    expect(res.status).toBe(200);
    expect(res.body.map((l: any) => l.link)).toEqual(['middle-third', 'Beta-Fourth']);
    for (const l of res.body) expectNewLink(l, { link: l.link, affiliate: a2 });
    for (const affiliateEmail of ['nobody@example.com', 'not-an-email']) {
      const none = await getLinks(p.key, { affiliateEmail });
      expect({ affiliateEmail, status: none.status, body: none.body }).toEqual({ affiliateEmail, status: 200, body: [] });
    }
  });

  test('filters combine: every given filter must match (AND)', async () => {
    const match = await getLinks(p.key, { affiliateId: a1.id, link: 'alpha-second' });
    expect(match.status).toBe(200);
    expect(match.body.map((l: any) => l.id)).toEqual([created[1].id]);

    const cases: Array<Record<string, string>> = [
      { affiliateId: a1.id, link: 'middle-third' },
      { affiliateEmail: a1.email, link: 'Beta-Fourth' },
      { id: created[3].id, link: 'alpha-second' },
      { id: created[1].id, affiliateId: a2.id },
      { id: created[1].id, affiliateEmail: a2.email },
      { affiliateId: a1.id, affiliateEmail: a2.email },
    ];
    for (const q of cases) {
      const res = await getLinks(p.key, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: [] });
    }
    const all4 = await getLinks(p.key, { id: created[3].id, link: 'Beta-Fourth', affiliateId: a2.id, affiliateEmail: a2.email });
    expect(all4.body.map((l: any) => l.id)).toEqual([created[3].id]);
  });

  test('every link carries one full URL per program base URL, the base URL kept as configured with ref appended', async () => {
    const baseUrls = ['https://shop.example.com', 'https://example.org/landing?src=aff', 'https://www.example.net/p/offer#pricing', 'http://example.com/a/b/'];
    const q = await createProgram(server, { baseUrls });
    const a = await createAffiliate(server, q.key, { affiliateLink: 'Promo-2024' });
    const res = await getLinks(q.key, { link: 'Promo-2024' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].fullURLs).toEqual([
      { baseUrl: 'https://shop.example.com', fullUrl: 'https://shop.example.com?ref=Promo-2024' },
      { baseUrl: 'https://example.org/landing?src=aff', fullUrl: 'https://example.org/landing?src=aff&ref=Promo-2024' },
      { baseUrl: 'https://www.example.net/p/offer#pricing', fullUrl: 'https://www.example.net/p/offer?ref=Promo-2024#pricing' },
      { baseUrl: 'http://example.com/a/b/', fullUrl: 'http://example.com/a/b/?ref=Promo-2024' },
    ]);
    expect(res.body[0].affiliateId).toBe(a.id);
  });

  test('every link carries its trackingUrl <origin>/r/<program id>/<slug>, the same through GraphQL, and it redirects', async () => {
    const res = await getLinks(p.key);
    expect(res.status).toBe(200);
    for (const l of res.body) expect({ link: l.link, trackingUrl: l.trackingUrl }).toEqual({ link: l.link, trackingUrl: trackingUrlFor(p.programId, l.link) });
    const gql = await server.graphql<{ links: { nodes: Array<{ link: string; trackingUrl: string }> } }>('{ links(first: 50) { nodes { link trackingUrl } } }', {}, p.key);
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data!.links.nodes).toEqual(res.body.map((l: any) => ({ link: l.link, trackingUrl: l.trackingUrl })));
    // Directly fetchable (on a program of its own: this block's links must keep zero clicks).
    const q = await createProgram(server);
    const qa = await createAffiliate(server, q.key, { affiliateLink: slug('tracked') });
    const [ql] = (await getLinks(q.key)).body;
    expect(ql.trackingUrl).toBe(trackingUrlFor(q.programId, qa.affiliateLinks[0]));
    const visit = await fetch(ql.trackingUrl, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toMatch(new RegExp(`^https://shop\\.example\\.com\\?ref=${ql.link}&click_id=\\d+$`));
    expect((await getLinks(q.key)).body[0].clicks).toBe(1);
  });

  test('limit/after paging: pages in creation order, X-Next-Cursor while more remain, none on the last page', async () => {
    const all = (await getLinks(p.key)).body.map((l: any) => l.id);
    expect(all).toHaveLength(5);

    const first = await getLinks(p.key, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.map((l: any) => l.id)).toEqual(all.slice(0, 2));
    const c1 = first.headers.get('x-next-cursor');
    expect(c1).toEqual(expect.any(String));

    const second = await getLinks(p.key, { limit: '2', after: c1! });
    expect(second.status).toBe(200);
    expect(second.body.map((l: any) => l.id)).toEqual(all.slice(2, 4));
    const c2 = second.headers.get('x-next-cursor');
    expect(c2).toEqual(expect.any(String));
    expect(c2).not.toBe(c1);

    const third = await getLinks(p.key, { limit: '2', after: c2! });
    expect(third.status).toBe(200);
    expect(third.body.map((l: any) => l.id)).toEqual(all.slice(4));
    expect(third.headers.get('x-next-cursor')).toBeNull();

    const exact = await getLinks(p.key, { limit: '5' });
    expect(exact.body.map((l: any) => l.id)).toEqual(all);
    expect(exact.headers.get('x-next-cursor')).toBeNull();

    // paging combines with filters
    const filtered = await getLinks(p.key, { affiliateId: a1.id, limit: '1' });
    expect(filtered.body.map((l: any) => l.link)).toEqual(['zeta-first']);
    const filtered2 = await getLinks(p.key, { affiliateId: a1.id, limit: '5', after: filtered.headers.get('x-next-cursor')! });
    expect(filtered2.body.map((l: any) => l.link)).toEqual(['alpha-second', 'aaa-fifth']);
    expect(filtered2.headers.get('x-next-cursor')).toBeNull();
  });

  test('invalid paging parameters are 400, not 5xx', async () => {
    const queries: Array<Record<string, string>> = [{ limit: '0' }, { limit: '-1' }, { limit: 'ten' }, { limit: '1.5' }, { limit: '100000' }, { after: 'not-a-cursor' }];
    for (const query of queries) {
      const res = await getLinks(p.key, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  test('a program with more links than one page still answers every link, in creation order, as one array', async () => {
    const q = await createProgram(server);
    const a = await createAffiliate(server, q.key, { affiliateLink: 'the-first' });
    // Time-ordered UUIDv7-shaped ids after the affiliate's first link, created in this order.
    const ms = (Date.now() + 1000).toString(16).padStart(12, '0');
    const ids: string[] = [];
    for (let i = 0; i < 520; i++) ids.push(`${ms.slice(0, 8)}-${ms.slice(8, 12)}-7000-8000-${i.toString(16).padStart(12, '0')}`);
    const values = ids.map((_, i) => `(?, ?, ?, 'bulk-${i}', now() + interval '${i + 1} milliseconds')`).join(', ');
    await sql(`insert into affiliate_links (id, program_id, affiliate_id, link, created_at) values ${values}`, ids.flatMap((id) => [id, q.programId, a.id]));

    const res = await getLinks(q.key);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(521);
    expect(res.body.map((l: any) => l.link)).toEqual(['the-first', ...ids.map((_, i) => `bulk-${i}`)]);
    expect(new Set(res.body.map((l: any) => l.id)).size).toBe(521);
    expectNewLink(res.body[520], { id: ids[519], link: 'bulk-519', affiliate: a });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('POST /links', () => {
  let p: ProgramFixture;
  let owner: any;

  beforeAll(async () => {
    p = await createProgram(server);
    owner = await createAffiliate(server, p.key, { firstName: 'Katherine', lastName: 'Johnson' });
  });

  test('{link, affiliateId} creates the link: 200, counters zero, full URLs generated, affiliate {id, name, email}', async () => {
    const s = slug('by-id');
    const res = await links('POST', { token: p.key, body: { link: s, affiliateId: owner.id } });
    expect(res.status).toBe(200);
    expectNewLink(res.body, { link: s, affiliate: owner });
    expect(res.body.affiliate).toEqual({ id: owner.id, name: 'Katherine Johnson', email: owner.email });

    const found = await getLinks(p.key, { id: res.body.id });
    expect(found.body).toEqual([res.body]);
    const row = await linkRow(res.body.id);
    expect(row).toMatchObject({ link: s, affiliate_id: owner.id, program_id: p.programId });
  });

  test("{link, affiliateEmail} creates the link for that affiliate; the affiliate's affiliateLinks now include it", async () => {
    const before = await affiliateById(p, owner.id);
    const s = slug('by-email');
    const res = await links('POST', { token: p.key, body: { link: s, affiliateEmail: owner.email } });
    expect(res.status).toBe(200);
    expectNewLink(res.body, { link: s, affiliate: owner });

    const after = await affiliateById(p, owner.id);
    expect(after.affiliateLinks).toEqual([...before.affiliateLinks, s]);
    const viaLinks = await getLinks(p.key, { affiliateEmail: owner.email });
    expect(viaLinks.body.map((l: any) => l.link)).toEqual(after.affiliateLinks);
  });

  test('letters (any case), numbers and hyphens are accepted and stored as sent', async () => {
    const s = `Mixed-Case-${randomBytes(2).toString('hex')}-123`;
    const res = await links('POST', { token: p.key, body: { link: s, affiliateId: owner.id } });
    expect(res.status).toBe(200);
    expect(res.body.link).toBe(s);
    expect((await getLinks(p.key, { link: s })).body.map((l: any) => l.link)).toEqual([s]);
  });

  test('an affiliate can own any number of links', async () => {
    const a = await createAffiliate(server, p.key);
    const slugs = [slug('many'), slug('many'), slug('many'), slug('many')];
    for (const s of slugs) await createLink(p, { link: s, affiliateId: a.id });
    const res = await getLinks(p.key, { affiliateId: a.id });
    expect(res.body.map((l: any) => l.link)).toEqual([...a.affiliateLinks, ...slugs]);
    expect((await affiliateById(p, a.id)).affiliateLinks).toEqual([...a.affiliateLinks, ...slugs]);
  });

  test('fires affiliate.updated for the owner, carrying the new slug', async () => {
    const before = await updatedEvents(p.programId, owner.id);
    const s = slug('evt');
    await createLink(p, { link: s, affiliateId: owner.id });
    const after = await updatedEvents(p.programId, owner.id);
    expect(after).toHaveLength(before.length + 1);
    const ev = after[after.length - 1];
    expect(ev.data.id).toBe(owner.id);
    expect(ev.data.affiliateLinks).toContain(s);
    expect(ev.data.email).toBe(owner.email);
    expect(ev.id).toMatch(/^evt_/);
    // DESIGN: the event data is the resource as the REST API returns it
    expect(ev.data).toEqual(await affiliateById(p, owner.id));
  });

  test('400 when link is missing or empty; nothing is created, no event', async () => {
    const events = (await updatedEvents(p.programId, owner.id)).length;
    const count = (await getLinks(p.key)).body.length;
    for (const body of [{ affiliateId: owner.id }, { affiliateEmail: owner.email }, { link: '', affiliateId: owner.id }, { link: '   ', affiliateId: owner.id }, { link: null, affiliateId: owner.id }]) {
      const res = await links('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await getLinks(p.key)).body).toHaveLength(count);
    expect(await updatedEvents(p.programId, owner.id)).toHaveLength(events);
  });

  test('400 when no affiliate identifier is sent', async () => {
    const s = slug('orphan');
    for (const body of [{ link: s }, { link: s, affiliateId: null }, { link: s, affiliateId: '', affiliateEmail: '' }]) {
      const res = await links('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await getLinks(p.key, { link: s })).body).toEqual([]);
  });

  test('400 when the affiliate is not in the program (unknown UUID, unknown email, unknown value)', async () => {
    const s = slug('ghost');
    for (const body of [{ link: s, affiliateId: randomUUID() }, { link: s, affiliateEmail: 'nobody-here@example.com' }, { link: s, affiliateId: 'no-such-affiliate' }]) {
      const res = await links('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400);
    }
    expect((await getLinks(p.key, { link: s })).body).toEqual([]);
  });

  test('400 when the affiliate belongs to another program (by id and by email); nothing is created anywhere', async () => {
    const other = await createProgram(server);
    const stranger = await createAffiliate(server, other.key);
    const s = slug('cross');
    for (const body of [{ link: s, affiliateId: stranger.id }, { link: s, affiliateEmail: stranger.email }]) {
      const res = await links('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400);
    }
    expect((await getLinks(p.key, { link: s })).body).toEqual([]);
    expect((await getLinks(other.key, { link: s })).body).toEqual([]);
    expect((await affiliateById(other, stranger.id)).affiliateLinks).toEqual(stranger.affiliateLinks);
    expect(await updatedEvents(other.programId, stranger.id)).toHaveLength(0);
  });

  test.each(BAD_SLUGS)('400 when the slug has disallowed characters: %s', async (_what, bad) => {
    const count = (await getLinks(p.key)).body.length;
    const res = await links('POST', { token: p.key, body: { link: bad, affiliateId: owner.id } });
    expect(res.status).toBe(400);
    expectError(res, 400, 'VALIDATION_FAILED');
    expect((await getLinks(p.key)).body).toHaveLength(count);
  });

  test('400 DUPLICATE when the slug is already used, also with a different letter case; the original is untouched', async () => {
    const other = await createAffiliate(server, p.key);
    const first = await createLink(p, { link: 'promo', affiliateId: owner.id });
    for (const [link, body] of [
      ['promo', { link: 'promo', affiliateId: owner.id }],
      ['promo (other affiliate)', { link: 'promo', affiliateId: other.id }],
      ['Promo', { link: 'Promo', affiliateId: other.id }],
      ['PROMO', { link: 'PROMO', affiliateEmail: other.email }],
      // an affiliate's generated first link counts too
      [owner.affiliateLinks[0], { link: owner.affiliateLinks[0].toUpperCase(), affiliateId: other.id }],
    ] as Array<[string, Record<string, unknown>]>) {
      const res = await links('POST', { token: p.key, body });
      expect({ link, status: res.status }).toEqual({ link, status: 400 });
      expectError(res, 400, 'DUPLICATE');
    }
    const found = await getLinks(p.key, { link: 'promo' });
    expect(found.body).toEqual([expect.objectContaining({ id: first.id, link: 'promo', affiliateId: owner.id })]);
    expect((await getLinks(p.key, { affiliateId: other.id })).body.map((l: any) => l.link)).toEqual(other.affiliateLinks);
  });

  test('uniqueness holds the other way round too: Promo first, then promo is refused', async () => {
    const q = await createProgram(server);
    const a = await createAffiliate(server, q.key);
    expect((await links('POST', { token: q.key, body: { link: 'Promo', affiliateId: a.id } })).status).toBe(200);
    const dup = await links('POST', { token: q.key, body: { link: 'promo', affiliateId: a.id } });
    expectError(dup, 400, 'DUPLICATE');
  });

  test('concurrent creation of the same slug: exactly one wins, the others are 400, never 5xx', async () => {
    const s = slug('race');
    const results = await Promise.all(Array.from({ length: 6 }, () => links('POST', { token: p.key, body: { link: s, affiliateId: owner.id } })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    expect((await getLinks(p.key, { link: s })).body).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('PUT /links', () => {
  let p: ProgramFixture;
  let owner: any;

  beforeAll(async () => {
    p = await createProgram(server);
    owner = await createAffiliate(server, p.key, { firstName: 'Hedy', lastName: 'Lamarr' });
  });

  test('renames by id: 200 with the new slug and regenerated full URLs; clicks stay attached; counters preserved', async () => {
    const oldSlug = slug('old');
    const newSlug = slug('new');
    const link = await createLink(p, { link: oldSlug, affiliateId: owner.id });
    const clickId = await insertClick(p.programId, owner.id, link.id);
    await sql('update affiliate_links set clicks = 3 where id = ?', [link.id]);

    const res = await links('PUT', { token: p.key, body: { id: link.id, newLink: newSlug } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(LINK_KEYS);
    expect(res.body.id).toBe(link.id);
    expect(res.body.link).toBe(newSlug);
    expect(res.body.affiliateId).toBe(owner.id);
    expect(res.body.affiliate).toEqual({ id: owner.id, name: 'Hedy Lamarr', email: owner.email });
    expect(res.body.fullURLs).toEqual(fullUrlsFor(DEFAULT_BASE_URLS, newSlug));
    expect(res.body.trackingUrl).toBe(trackingUrlFor(p.programId, newSlug));
    expect(res.body.clicks).toBe(3);
    expect(res.body.createdAt).toBe(link.createdAt);

    expect(await clickRow(clickId)).toEqual({ link_id: link.id, affiliate_id: owner.id });
    expect((await linkRow(link.id)).clicks).toBe(3);
    expect((await linkRow(link.id)).link).toBe(newSlug);

    const byNew = await getLinks(p.key, { link: newSlug });
    expect(byNew.body).toHaveLength(1);
    expect(byNew.body[0]).toMatchObject({ id: link.id, link: newSlug, clicks: 3, fullURLs: fullUrlsFor(DEFAULT_BASE_URLS, newSlug) });
    expect((await getLinks(p.key, { id: link.id })).body.map((l: any) => l.link)).toEqual([newSlug]);
  });

  test('after a rename the old slug is no longer found and is free to reuse', async () => {
    const oldSlug = slug('was');
    const newSlug = slug('now');
    const link = await createLink(p, { link: oldSlug, affiliateId: owner.id });
    expect((await links('PUT', { token: p.key, body: { id: link.id, newLink: newSlug } })).status).toBe(200);

    expect((await getLinks(p.key, { link: oldSlug })).body).toEqual([]);
    const aff = await affiliateById(p, owner.id);
    expect(aff.affiliateLinks).toContain(newSlug);
    expect(aff.affiliateLinks).not.toContain(oldSlug);
    expect(await affiliateById(p, oldSlug)).toBeNull();

    const other = await createAffiliate(server, p.key);
    const reused = await links('POST', { token: p.key, body: { link: oldSlug, affiliateId: other.id } });
    expect(reused.status).toBe(200);
    expect(reused.body.id).not.toBe(link.id);
    expectNewLink(reused.body, { link: oldSlug, affiliate: other });
  });

  test('renames by current link: 200 with the new slug and regenerated full URLs', async () => {
    const oldSlug = slug('cur');
    const newSlug = slug('renamed');
    const link = await createLink(p, { link: oldSlug, affiliateId: owner.id });
    const clickId = await insertClick(p.programId, owner.id, link.id);
    const res = await links('PUT', { token: p.key, body: { link: oldSlug, newLink: newSlug } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: link.id, link: newSlug, affiliateId: owner.id, fullURLs: fullUrlsFor(DEFAULT_BASE_URLS, newSlug) });
    expect((await clickRow(clickId)).link_id).toBe(link.id);
    expect((await getLinks(p.key, { link: oldSlug })).body).toEqual([]);
    expect((await getLinks(p.key, { link: newSlug })).body.map((l: any) => l.id)).toEqual([link.id]);
  });

  test('fires affiliate.updated for the owner with the new slug in place of the old one', async () => {
    const oldSlug = slug('ev-old');
    const newSlug = slug('ev-new');
    const link = await createLink(p, { link: oldSlug, affiliateId: owner.id });
    const before = await updatedEvents(p.programId, owner.id);
    expect((await links('PUT', { token: p.key, body: { id: link.id, newLink: newSlug } })).status).toBe(200);
    const after = await updatedEvents(p.programId, owner.id);
    expect(after).toHaveLength(before.length + 1);
    const ev = after[after.length - 1].data;
    expect(ev.id).toBe(owner.id);
    expect(ev.affiliateLinks).toContain(newSlug);
    expect(ev.affiliateLinks).not.toContain(oldSlug);
  });

  test('400 when newLink is missing or empty; the link is unchanged', async () => {
    const s = slug('keep');
    const link = await createLink(p, { link: s, affiliateId: owner.id });
    for (const body of [{ id: link.id }, { link: s }, { id: link.id, newLink: '' }, { id: link.id, newLink: '  ' }, { id: link.id, newLink: null }]) {
      const res = await links('PUT', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await linkRow(link.id)).link).toBe(s);
  });

  test('400 when neither id nor link is supplied', async () => {
    for (const body of [{ newLink: slug('x') }, { id: null, link: null, newLink: slug('x') }, { id: '', link: '', newLink: slug('x') }]) {
      const res = await links('PUT', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  test.each(BAD_SLUGS)('400 when newLink has disallowed characters: %s', async (_what, bad) => {
    const s = slug('fine');
    const link = await createLink(p, { link: s, affiliateId: owner.id });
    const res = await links('PUT', { token: p.key, body: { id: link.id, newLink: bad } });
    expect(res.status).toBe(400);
    expectError(res, 400, 'VALIDATION_FAILED');
    expect((await linkRow(link.id)).link).toBe(s);
    expect((await getLinks(p.key, { link: s })).body.map((l: any) => l.id)).toEqual([link.id]);
  });

  test('400 DUPLICATE when newLink is already used by another link (also case-insensitively); both links unchanged', async () => {
    const other = await createAffiliate(server, p.key);
    const taken = await createLink(p, { link: 'Taken-Slug', affiliateId: other.id });
    const mine = await createLink(p, { link: slug('mine'), affiliateId: owner.id });
    const events = (await updatedEvents(p.programId, owner.id)).length;
    for (const newLink of ['Taken-Slug', 'taken-slug', 'TAKEN-SLUG', other.affiliateLinks[0]]) {
      for (const ident of [{ id: mine.id }, { link: mine.link }]) {
        const res = await links('PUT', { token: p.key, body: { ...ident, newLink } });
        expect({ newLink, ident, status: res.status }).toEqual({ newLink, ident, status: 400 });
        expectError(res, 400, 'DUPLICATE');
      }
    }
    expect((await linkRow(mine.id)).link).toBe(mine.link);
    expect((await linkRow(taken.id)).link).toBe('Taken-Slug');
    expect(await updatedEvents(p.programId, owner.id)).toHaveLength(events);
  });

  test('404 {error, code: NOT_FOUND} when no link matches (unknown UUID, non-UUID id, unknown slug)', async () => {
    for (const ident of [{ id: randomUUID() }, { id: 'not-a-uuid' }, { link: 'no-such-link-here' }, { link: 'bad slug' }]) {
      const res = await links('PUT', { token: p.key, body: { ...ident, newLink: slug('nf') } });
      expect({ ident, status: res.status }).toEqual({ ident, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
  });

  test('renaming to the current slug in another letter case is allowed (not a duplicate of itself)', async () => {
    const s = `case-${randomBytes(3).toString('hex')}`;
    const link = await createLink(p, { link: s, affiliateId: owner.id });
    const res = await links('PUT', { token: p.key, body: { id: link.id, newLink: s.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: link.id, link: s.toUpperCase(), fullURLs: fullUrlsFor(DEFAULT_BASE_URLS, s.toUpperCase()) });
  });

  test('two links renamed concurrently to the same new slug: one 200, the other 400 DUPLICATE, never 5xx', async () => {
    const l1 = await createLink(p, { link: slug('c1'), affiliateId: owner.id });
    const l2 = await createLink(p, { link: slug('c2'), affiliateId: owner.id });
    const target = slug('contended');
    const [r1, r2] = await Promise.all([
      links('PUT', { token: p.key, body: { id: l1.id, newLink: target } }),
      links('PUT', { token: p.key, body: { id: l2.id, newLink: target } }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 400]);
    expectError(r1.status === 400 ? r1 : r2, 400, 'DUPLICATE');
    expect((await getLinks(p.key, { link: target })).body).toHaveLength(1);
  });

  test('a deleted link cannot be renamed (404)', async () => {
    const link = await createLink(p, { link: slug('gone'), affiliateId: owner.id });
    expect((await links('DELETE', { token: p.key, body: { id: link.id } })).status).toBe(200);
    const res = await links('PUT', { token: p.key, body: { id: link.id, newLink: slug('ghost') } });
    expectError(res, 404, 'NOT_FOUND');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('DELETE /links', () => {
  let p: ProgramFixture;
  let owner: any;

  beforeAll(async () => {
    p = await createProgram(server);
    owner = await createAffiliate(server, p.key, { firstName: 'Ada', lastName: 'Byron' });
  });

  test('by id: 200 {message, deletedLink: {id, link}}; afterwards GET finds nothing', async () => {
    const s = slug('del-id');
    const link = await createLink(p, { link: s, affiliateId: owner.id });
    const res = await links('DELETE', { token: p.key, body: { id: link.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deletedLink: { id: link.id, link: s } });
    expect(res.body.message.length).toBeGreaterThan(0);

    expect((await getLinks(p.key, { id: link.id })).body).toEqual([]);
    expect((await getLinks(p.key, { link: s })).body).toEqual([]);
    expect((await getLinks(p.key)).body.map((l: any) => l.id)).not.toContain(link.id);
    expect(await linkRow(link.id)).toBeUndefined();
    expect((await affiliateById(p, owner.id)).affiliateLinks).not.toContain(s);
  });

  test('by link: 200 {message, deletedLink}; afterwards GET finds nothing and the slug is free again', async () => {
    const s = slug('del-slug');
    const link = await createLink(p, { link: s, affiliateId: owner.id });
    const res = await links('DELETE', { token: p.key, body: { link: s } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deletedLink: { id: link.id, link: s } });
    expect((await getLinks(p.key, { link: s })).body).toEqual([]);
    expect((await getLinks(p.key, { id: link.id })).body).toEqual([]);
    expect((await links('POST', { token: p.key, body: { link: s, affiliateId: owner.id } })).status).toBe(200);
  });

  test('attributed clicks are kept with their link cleared, and the click still resolves the affiliate', async () => {
    const link = await createLink(p, { link: slug('clicked'), affiliateId: owner.id });
    const clickId = await insertClick(p.programId, owner.id, link.id);
    expect((await affiliateById(p, clickId)).id).toBe(owner.id);

    expect((await links('DELETE', { token: p.key, body: { id: link.id } })).status).toBe(200);
    expect(await clickRow(clickId)).toEqual({ link_id: null, affiliate_id: owner.id });
    const viaClick = await affiliateById(p, clickId);
    expect(viaClick).toEqual(expect.objectContaining({ id: owner.id, email: owner.email }));
  });

  test('fires affiliate.updated for the former owner, whose affiliateLinks no longer have the slug', async () => {
    const s = slug('ev-del');
    const link = await createLink(p, { link: s, affiliateId: owner.id });
    const before = await updatedEvents(p.programId, owner.id);
    expect(before[before.length - 1].data.affiliateLinks).toContain(s);
    expect((await links('DELETE', { token: p.key, body: { link: s } })).status).toBe(200);
    const after = await updatedEvents(p.programId, owner.id);
    expect(after).toHaveLength(before.length + 1);
    const ev = after[after.length - 1].data;
    expect(ev.id).toBe(owner.id);
    expect(Array.isArray(ev.affiliateLinks)).toBe(true);
    expect(ev.affiliateLinks).not.toContain(s);
    expect(ev.affiliateLinks).toEqual((await affiliateById(p, owner.id)).affiliateLinks);
    expect(link.id).toMatch(UUID_RE);
  });

  test('400 when neither id nor link is supplied', async () => {
    for (const body of [{}, { id: null }, { link: null }, { id: '', link: '' }]) {
      const res = await links('DELETE', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    const noBody = await links('DELETE', { token: p.key });
    expectError(noBody, 400, 'VALIDATION_FAILED');
  });

  test('404 {error, code: NOT_FOUND} when no link matches; deleting twice is 404 the second time', async () => {
    for (const body of [{ id: randomUUID() }, { id: 'not-a-uuid' }, { link: 'never-existed' }, { link: 'bad slug' }]) {
      const res = await links('DELETE', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
    const link = await createLink(p, { link: slug('twice'), affiliateId: owner.id });
    expect((await links('DELETE', { token: p.key, body: { id: link.id } })).status).toBe(200);
    const events = (await updatedEvents(p.programId, owner.id)).length;
    expectError(await links('DELETE', { token: p.key, body: { id: link.id } }), 404, 'NOT_FOUND');
    expectError(await links('DELETE', { token: p.key, body: { link: link.link } }), 404, 'NOT_FOUND');
    expect(await updatedEvents(p.programId, owner.id)).toHaveLength(events);
  });

  test('concurrent deletes of the same link (by id): exactly one 200, the others 404, one event', async () => {
    const link = await createLink(p, { link: slug('race-del'), affiliateId: owner.id });
    const events = (await updatedEvents(p.programId, owner.id)).length;
    const results = await Promise.all(Array.from({ length: 4 }, () => links('DELETE', { token: p.key, body: { id: link.id } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404, 404]);
    expect(await updatedEvents(p.programId, owner.id)).toHaveLength(events + 1);
  });

  test('concurrent deletes of the same link (by link): exactly one 200, the others 404, one event', async () => {
    const link = await createLink(p, { link: slug('race-del-slug'), affiliateId: owner.id });
    const events = (await updatedEvents(p.programId, owner.id)).length;
    const results = await Promise.all(Array.from({ length: 4 }, () => links('DELETE', { token: p.key, body: { link: link.link } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404, 404]);
    expect(await updatedEvents(p.programId, owner.id)).toHaveLength(events + 1);
  });

  test('a rename racing a delete (both by id) never reports a rename of a link that no longer exists', async () => {
    for (let i = 0; i < 5; i++) {
      const link = await createLink(p, { link: slug('race-mix'), affiliateId: owner.id });
      const newSlug = slug('race-mix-new');
      const [del, put] = await Promise.all([
        links('DELETE', { token: p.key, body: { id: link.id } }),
        links('PUT', { token: p.key, body: { id: link.id, newLink: newSlug } }),
      ]);
      expect(del.status).toBe(200);
      // Either the rename ran first (and the delete removed the renamed link) or it found nothing (404).
      if (put.status === 200) expect(del.body.deletedLink).toEqual({ id: link.id, link: newSlug });
      else expectError(put, 404, 'NOT_FOUND');
      expect(await linkRow(link.id)).toBeUndefined();
    }
  });

  test("deleting one link leaves the affiliate's other links alone", async () => {
    const a = await createAffiliate(server, p.key);
    const keep = await createLink(p, { link: slug('keep'), affiliateId: a.id });
    const drop = await createLink(p, { link: slug('drop'), affiliateId: a.id });
    expect((await links('DELETE', { token: p.key, body: { id: drop.id } })).status).toBe(200);
    expect((await getLinks(p.key, { affiliateId: a.id })).body.map((l: any) => l.link)).toEqual([...a.affiliateLinks, keep.link]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('two programs are isolated', () => {
  let A: ProgramFixture;
  let B: ProgramFixture;
  let aAff: any;
  let bAff: any;
  let aLink: any;
  let aClick: number;

  beforeAll(async () => {
    A = await createProgram(server);
    B = await createProgram(server);
    aAff = await createAffiliate(server, A.key, { firstName: 'Alice', lastName: 'Aye' });
    bAff = await createAffiliate(server, B.key, { firstName: 'Bob', lastName: 'Bee' });
    aLink = await createLink(A, { link: 'a-secret-link', affiliateId: aAff.id });
    aClick = await insertClick(A.programId, aAff.id, aLink.id);
  });

  const aUnchanged = async () => {
    const res = await getLinks(A.key, { id: aLink.id });
    expect(res.body).toEqual([aLink]);
    expect(await clickRow(aClick)).toEqual({ link_id: aLink.id, affiliate_id: aAff.id });
  };

  test("B cannot see A's links by id, link, affiliateId, affiliateEmail or in the full list", async () => {
    const queries: Array<Record<string, string>> = [{ id: aLink.id }, { link: 'a-secret-link' }, { affiliateId: aAff.id }, { affiliateEmail: aAff.email }, { link: aAff.affiliateLinks[0] }];
    for (const query of queries) {
      const res = await getLinks(B.key, query);
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 200, body: [] });
    }
    const all = await getLinks(B.key);
    expect(all.status).toBe(200);
    expect(all.body.map((l: any) => l.link)).toEqual(bAff.affiliateLinks);
    for (const l of all.body) expect(l.affiliateId).toBe(bAff.id);
    // and A's own view is complete
    expect((await getLinks(A.key)).body.map((l: any) => l.link)).toEqual([...aAff.affiliateLinks, 'a-secret-link']);
  });

  test("B cannot create a link for A's affiliate (400) by id, email, slug or click id", async () => {
    const s = slug('intrude');
    for (const body of [{ link: s, affiliateId: aAff.id }, { link: s, affiliateEmail: aAff.email }, { link: s, affiliateId: 'a-secret-link' }, { link: s, affiliateId: String(aClick) }]) {
      const res = await links('POST', { token: B.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400);
    }
    expect((await getLinks(A.key, { link: s })).body).toEqual([]);
    expect((await getLinks(B.key, { link: s })).body).toEqual([]);
    expect((await getLinks(A.key, { affiliateId: aAff.id })).body.map((l: any) => l.link)).toEqual([...aAff.affiliateLinks, 'a-secret-link']);
    await aUnchanged();
  });

  test("B cannot rename A's link (404 by id and by link); A's link is unchanged", async () => {
    for (const ident of [{ id: aLink.id }, { link: 'a-secret-link' }, { link: 'A-SECRET-LINK' }]) {
      const res = await links('PUT', { token: B.key, body: { ...ident, newLink: slug('hijack') } });
      expect({ ident, status: res.status }).toEqual({ ident, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
    await aUnchanged();
  });

  test("B cannot delete A's link (404 by id and by link); A's link and its clicks are unchanged", async () => {
    for (const body of [{ id: aLink.id }, { link: 'a-secret-link' }]) {
      const res = await links('DELETE', { token: B.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 404 });
      expectError(res, 404, 'NOT_FOUND');
    }
    await aUnchanged();
    expect(await updatedEvents(B.programId, aAff.id)).toHaveLength(0);
  });

  test('the same slug can exist in both programs, each resolving to its own link', async () => {
    const inB = await links('POST', { token: B.key, body: { link: 'a-secret-link', affiliateId: bAff.id } });
    expect(inB.status).toBe(200);
    expectNewLink(inB.body, { link: 'a-secret-link', affiliate: bAff });
    expect(inB.body.id).not.toBe(aLink.id);
    // One slug, two tracking URLs: each names its program.
    expect(aLink.trackingUrl).toBe(trackingUrlFor(A.programId, 'a-secret-link'));
    expect(inB.body.trackingUrl).toBe(trackingUrlFor(B.programId, 'a-secret-link'));

    expect((await getLinks(A.key, { link: 'a-secret-link' })).body).toEqual([aLink]);
    expect((await getLinks(B.key, { link: 'a-secret-link' })).body.map((l: any) => [l.id, l.affiliateId])).toEqual([[inB.body.id, bAff.id]]);

    // Renaming and deleting in B touch only B's link of that name.
    const renamed = await links('PUT', { token: B.key, body: { link: 'a-secret-link', newLink: 'b-renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.id).toBe(inB.body.id);
    await aUnchanged();
    const deleted = await links('DELETE', { token: B.key, body: { link: 'b-renamed' } });
    expect(deleted.body).toEqual({ message: expect.any(String), deletedLink: { id: inB.body.id, link: 'b-renamed' } });
    await aUnchanged();
  });

  test("A can take a slug that only exists in B, and renaming into B's slug is allowed in A", async () => {
    const bOnly = await createLink(B, { link: 'only-in-b', affiliateId: bAff.id });
    const aOwn = await createLink(A, { link: slug('a-own'), affiliateId: aAff.id });
    const res = await links('PUT', { token: A.key, body: { id: aOwn.id, newLink: 'only-in-b' } });
    expect(res.status).toBe(200);
    expect(res.body.link).toBe('only-in-b');
    expect((await getLinks(B.key, { link: 'only-in-b' })).body.map((l: any) => l.id)).toEqual([bOnly.id]);
    expect((await getLinks(A.key, { link: 'only-in-b' })).body.map((l: any) => l.id)).toEqual([aOwn.id]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('authentication', () => {
  let p: ProgramFixture;
  let aff: any;
  beforeAll(async () => {
    p = await createProgram(server);
    aff = await createAffiliate(server, p.key);
  });

  const requests = (): Array<[string, RequestOptions]> => [
    ['GET', {}],
    ['POST', { body: { link: slug('noauth'), affiliateId: aff.id } }],
    ['PUT', { body: { link: aff.affiliateLinks[0], newLink: slug('noauth') } }],
    ['DELETE', { body: { link: aff.affiliateLinks[0] } }],
  ];

  test('401 {error, code: UNAUTHENTICATED} without a token, for every method; nothing changes', async () => {
    for (const [method, opts] of requests()) {
      const res = await links(method, opts);
      expect({ method, status: res.status }).toEqual({ method, status: 401 });
      expectError(res, 401, 'UNAUTHENTICATED');
    }
    expect((await getLinks(p.key)).body.map((l: any) => l.link)).toEqual(aff.affiliateLinks);
  });

  test('401 with a bad, malformed or non-bearer token, for every method', async () => {
    const headerSets = [{ authorization: 'Bearer not-a-real-key' }, { authorization: `Bearer ${p.key}x` }, { authorization: 'Bearer' }, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, { authorization: p.key }];
    for (const headers of headerSets) {
      for (const [method, opts] of requests()) {
        const res = await links(method, { ...opts, headers });
        expect({ method, headers, status: res.status }).toEqual({ method, headers, status: 401 });
        expectError(res, 401, 'UNAUTHENTICATED');
      }
    }
    expect((await getLinks(p.key)).body.map((l: any) => l.link)).toEqual(aff.affiliateLinks);
  });

  test('a revoked API key is 401', async () => {
    const created = await server.graphql(`mutation($p: ID!) { createApiKey(programId: $p, name: "to-revoke") { key apiKey { id } } }`, { p: p.programId }, p.session);
    const { key, apiKey } = created.body.data.createApiKey;
    expect((await getLinks(key)).status).toBe(200);
    const revoked = await server.graphql(`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id: apiKey.id }, p.session);
    expect(revoked.body.errors).toBeUndefined();
    expectError(await getLinks(key), 401, 'UNAUTHENTICATED');
  });

  test('a dashboard session token is not an API credential for REST (403 FORBIDDEN)', async () => {
    const res = await getLinks(p.session);
    expectError(res, 403, 'FORBIDDEN');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('bad input is 400, never 5xx', () => {
  let p: ProgramFixture;
  let aff: any;
  let link: any;
  beforeAll(async () => {
    p = await createProgram(server);
    aff = await createAffiliate(server, p.key);
    link = await createLink(p, { link: slug('target'), affiliateId: aff.id });
  });

  test('an unknown body field is 400 on POST, PUT and DELETE, and nothing is written', async () => {
    const s = slug('extra');
    const cases: Array<[string, Record<string, unknown>]> = [
      ['POST', { link: s, affiliateId: aff.id, clicks: 5 }],
      ['POST', { link: s, affiliateId: aff.id, programId: randomUUID() }],
      ['PUT', { id: link.id, newLink: s, affiliateId: aff.id }],
      ['DELETE', { id: link.id, force: true }],
    ];
    for (const [method, body] of cases) {
      const res = await links(method, { token: p.key, body });
      expect({ method, body, status: res.status }).toEqual({ method, body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await getLinks(p.key, { link: s })).body).toEqual([]);
    expect((await getLinks(p.key, { id: link.id })).body).toEqual([link]);
  });

  test('wrong types are 400', async () => {
    const cases: Array<[string, unknown]> = [
      ['POST', { link: 123, affiliateId: aff.id }],
      ['POST', { link: ['a'], affiliateId: aff.id }],
      ['POST', { link: slug('t'), affiliateId: 42 }],
      ['POST', { link: slug('t'), affiliateEmail: { email: aff.email } }],
      ['PUT', { id: link.id, newLink: 123 }],
      ['PUT', { id: 7, newLink: slug('t') }],
      ['PUT', { link: true, newLink: slug('t') }],
      ['DELETE', { id: 123 }],
      ['DELETE', { link: false }],
      ['POST', [{ link: slug('t'), affiliateId: aff.id }]],
      ['POST', 'a string'],
      ['DELETE', 42],
    ];
    for (const [method, body] of cases) {
      const res = await links(method, { token: p.key, body });
      expect({ method, body, status: res.status }).toEqual({ method, body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await getLinks(p.key, { id: link.id })).body).toEqual([link]);
  });

  test('malformed JSON is 400 VALIDATION_FAILED on POST, PUT and DELETE', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      for (const rawBody of ['{"link": "abc",', '{link: abc}', "{'link':'x'}", '{"link":"x"}}']) {
        const res = await links(method, { token: p.key, rawBody });
        expect({ method, rawBody, status: res.status }).toEqual({ method, rawBody, status: 400 });
        expectError(res, 400, 'VALIDATION_FAILED');
      }
    }
    expect((await getLinks(p.key, { id: link.id })).body).toEqual([link]);
  });

  test('an overlong slug is 400', async () => {
    const res = await links('POST', { token: p.key, body: { link: 'a'.repeat(101), affiliateId: aff.id } });
    expectError(res, 400, 'VALIDATION_FAILED');
    const huge = await links('POST', { token: p.key, body: { link: 'a'.repeat(5000), affiliateId: aff.id } });
    expectError(huge, 400, 'VALIDATION_FAILED');
  });

  test('an unknown or repeated query parameter on GET is 400', async () => {
    const queries: Array<Record<string, string | string[]>> = [{ foo: 'bar' }, { affiliate_id: aff.id }, { email: aff.email }, { link: link.link, extra: '1' }, { id: [link.id, link.id] }];
    for (const query of queries) {
      const res = await getLinks(p.key, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  test('unsupported methods on /links are answered with an error body, not 5xx', async () => {
    const res = await links('PATCH', { token: p.key, body: { id: link.id } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('rate limit headers', () => {
  let p: ProgramFixture;
  let aff: any;
  beforeAll(async () => {
    p = await createProgram(server);
    aff = await createAffiliate(server, p.key);
  });

  function expectPolicy(res: ApiResponse, policy: 'reads' | 'writes', label: string) {
    const headers = { label, policy: res.headers.get('ratelimit-policy'), limit: res.headers.get('ratelimit') };
    expect(headers).toEqual({ label, policy: expect.stringMatching(new RegExp(`^"${policy}";q=\\d+;w=\\d+$`)), limit: expect.stringMatching(new RegExp(`^"${policy}";r=\\d+;t=\\d+$`)) });
  }

  test('successful answers: GET is "reads", POST/PUT/DELETE are "writes", with the default quotas', async () => {
    const get = await getLinks(p.key);
    expectPolicy(get, 'reads', 'GET');
    expect(get.headers.get('ratelimit-policy')).toBe('"reads";q=600;w=60');
    const s = slug('rl');
    const post = await links('POST', { token: p.key, body: { link: s, affiliateId: aff.id } });
    expect(post.status).toBe(200);
    expectPolicy(post, 'writes', 'POST');
    expect(post.headers.get('ratelimit-policy')).toBe('"writes";q=120;w=60');
    const put = await links('PUT', { token: p.key, body: { link: s, newLink: `${s}-b` } });
    expect(put.status).toBe(200);
    expectPolicy(put, 'writes', 'PUT');
    const del = await links('DELETE', { token: p.key, body: { link: `${s}-b` } });
    expect(del.status).toBe(200);
    expectPolicy(del, 'writes', 'DELETE');
  });

  test('the remaining count goes down with each call of the same endpoint and method', async () => {
    const remaining = (r: ApiResponse) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]);
    const r1 = remaining(await getLinks(p.key));
    const r2 = remaining(await getLinks(p.key));
    expect(r2).toBe(r1 - 1);
  });

  test('validation errors (400) and not-found answers (404) carry the headers too', async () => {
    expectPolicy(await getLinks(p.key, { foo: 'bar' }), 'reads', 'GET 400');
    expectPolicy(await links('POST', { token: p.key, body: { affiliateId: aff.id } }), 'writes', 'POST 400');
    expectPolicy(await links('POST', { token: p.key, body: { link: 'a b', affiliateId: aff.id } }), 'writes', 'POST 400 slug');
    expectPolicy(await links('PUT', { token: p.key, body: { id: randomUUID(), newLink: slug('x') } }), 'writes', 'PUT 404');
    expectPolicy(await links('DELETE', { token: p.key, body: { link: 'never-existed' } }), 'writes', 'DELETE 404');
    expectPolicy(await links('DELETE', { token: p.key, body: {} }), 'writes', 'DELETE 400');
  });

  test('401 answers carry the headers too', async () => {
    expectPolicy(await links('GET', {}), 'reads', 'GET 401');
    expectPolicy(await links('POST', { token: 'bogus', body: { link: slug('x'), affiliateId: aff.id } }), 'writes', 'POST 401');
    expectPolicy(await links('PUT', { body: { link: 'x', newLink: 'y' } }), 'writes', 'PUT 401');
    expectPolicy(await links('DELETE', { token: 'bogus', body: { link: 'x' } }), 'writes', 'DELETE 401');
  });

  test('malformed-JSON answers (400) carry the headers too', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await links(method, { token: p.key, rawBody: '{"link":' });
      expect(res.status).toBe(400);
      expectPolicy(res, 'writes', `${method} malformed JSON`);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

test('no 5xx anywhere in this file', () => {
  expect(seen.length).toBeGreaterThan(100);
  expect(seen.filter((r) => r.status >= 500)).toEqual([]);
});
