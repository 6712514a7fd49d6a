/**
 * Spec 4.3 (affiliate links) over HTTP against the real app on a real PostgreSQL: GET, POST, PUT and DELETE
 * /api/v1/links. Link shape per DESIGN.md; events read from the outbox table; clicks inserted with SQL.
 * Here GET /links (lookups, filters, full URLs, trackingUrl, paging) and POST /links.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer, type Affiliate } from '../../../helpers/harness';
import { createProgram } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { slug } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors } from '../../../helpers/assertions';
import { BAD_SLUGS, expectNewLink, trackingUrlOf } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, sql, createAffiliate, affiliateById, createLink, affiliateUpdatedEvents, linkRow } = api;
const links = api.endpoint('/links');

describe('GET /links', () => {
  const p = useProgram(server);
  const a1 = useAffiliate(() => createAffiliate(p, { firstName: 'Grace', lastName: 'Hopper', affiliateLink: 'zeta-first' }));
  let a2: Affiliate;
  /** Every link of the program in creation order. */
  const created: any[] = [];

  beforeAll(async () => {
    created.push({ link: 'zeta-first', affiliate: a1 });
    created.push({ ...(await createLink(p, { link: 'alpha-second', affiliateId: a1.id })), affiliate: a1 });
    a2 = await createAffiliate(p, { firstName: 'Alan', lastName: 'Turing', affiliateLink: 'middle-third' });
    created.push({ link: 'middle-third', affiliate: a2 });
    created.push({ ...(await createLink(p, { link: 'Beta-Fourth', affiliateEmail: a2.email })), affiliate: a2 });
    created.push({ ...(await createLink(p, { link: 'aaa-fifth', affiliateId: a1.id })), affiliate: a1 });
  });

  test('without parameters: an array of every link of the program, in creation order, full shape, counters zero', async () => {
    const res = await links.get(p.key);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((l: any) => l.link)).toEqual(['zeta-first', 'alpha-second', 'middle-third', 'Beta-Fourth', 'aaa-fifth']);
    for (const [i, l] of res.body.entries()) expectNewLink(server.url, l, { id: created[i].id, link: created[i].link, affiliate: created[i].affiliate });
    const times = res.body.map((l: any) => Date.parse(l.createdAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });

  test('by id (UUID): an array holding that link only', async () => {
    const target = created[3];
    const res = await links.get(p.key, { id: target.id });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expectNewLink(server.url, res.body[0], { id: target.id, link: 'Beta-Fourth', affiliate: a2 });
  });

  test('by id: [] for an unknown UUID and for a value that is not a UUID', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '12345', 'alpha-second']) {
      const res = await links.get(p.key, { id });
      expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 200, body: [] });
    }
  });

  test('by link (slug): an array holding that link only; [] for an unknown or malformed slug', async () => {
    const res = await links.get(p.key, { link: 'alpha-second' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expectNewLink(server.url, res.body[0], { id: created[1].id, link: 'alpha-second', affiliate: a1 });
    for (const link of ['no-such-slug', 'bad slug', 'bad_slug']) {
      const none = await links.get(p.key, { link });
      expect({ link, status: none.status, body: none.body }).toEqual({ link, status: 200, body: [] });
    }
  });

  test('by affiliateId: every link of that affiliate in creation order; [] for unknown or non-UUID ids', async () => {
    const res = await links.get(p.key, { affiliateId: a1.id });
    expect(res.status).toBe(200);
    expect(res.body.map((l: any) => l.link)).toEqual(['zeta-first', 'alpha-second', 'aaa-fifth']);
    for (const l of res.body) expect(l.affiliateId).toBe(a1.id);
    const other = await links.get(p.key, { affiliateId: a2.id });
    expect(other.body.map((l: any) => l.link)).toEqual(['middle-third', 'Beta-Fourth']);
    for (const affiliateId of [randomUUID(), 'not-a-uuid']) {
      const none = await links.get(p.key, { affiliateId });
      expect({ affiliateId, status: none.status, body: none.body }).toEqual({ affiliateId, status: 200, body: [] });
    }
  });

  test('by affiliateEmail: every link of that affiliate; [] for an unknown email', async () => {
    const res = await links.get(p.key, { affiliateEmail: a2.email });
    expect(res.status).toBe(200);
    expect(res.body.map((l: any) => l.link)).toEqual(['middle-third', 'Beta-Fourth']);
    for (const l of res.body) expectNewLink(server.url, l, { link: l.link, affiliate: a2 });
    for (const affiliateEmail of ['nobody@example.com', 'not-an-email']) {
      const none = await links.get(p.key, { affiliateEmail });
      expect({ affiliateEmail, status: none.status, body: none.body }).toEqual({ affiliateEmail, status: 200, body: [] });
    }
  });

  test('filters combine: every given filter must match (AND)', async () => {
    const match = await links.get(p.key, { affiliateId: a1.id, link: 'alpha-second' });
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
      const res = await links.get(p.key, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: [] });
    }
    const all4 = await links.get(p.key, { id: created[3].id, link: 'Beta-Fourth', affiliateId: a2.id, affiliateEmail: a2.email });
    expect(all4.body.map((l: any) => l.id)).toEqual([created[3].id]);
  });

  test('every link carries one full URL per program base URL, the base URL kept as configured with ref appended', async () => {
    const baseUrls = ['https://shop.example.com', 'https://example.org/landing?src=aff', 'https://www.example.net/p/offer#pricing', 'http://example.com/a/b/'];
    const q = await createProgram(server, { baseUrls });
    const a = await createAffiliate(q, { affiliateLink: 'Promo-2024' });
    const res = await links.get(q.key, { link: 'Promo-2024' });
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
    const res = await links.get(p.key);
    expect(res.status).toBe(200);
    for (const l of res.body)
      expect({ link: l.link, trackingUrl: l.trackingUrl }).toEqual({ link: l.link, trackingUrl: trackingUrlOf(server.url, p.programId, l.link) });
    const gql = await server.graphql<{ links: { nodes: Array<{ link: string; trackingUrl: string }> } }>(
      '{ links(first: 50) { nodes { link trackingUrl } } }',
      {},
      p.key,
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data!.links.nodes).toEqual(res.body.map((l: any) => ({ link: l.link, trackingUrl: l.trackingUrl })));
    // Directly fetchable (on a program of its own: this block's links must keep zero clicks).
    const q = await createProgram(server);
    const qa = await createAffiliate(q, { affiliateLink: slug('tracked') });
    const [ql] = (await links.get(q.key)).body;
    expect(ql.trackingUrl).toBe(trackingUrlOf(server.url, q.programId, qa.affiliateLinks[0]));
    const visit = await fetch(ql.trackingUrl, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toMatch(new RegExp(`^https://shop\\.example\\.com\\?ref=${ql.link}&click_id=\\d+$`));
    expect((await links.get(q.key)).body[0].clicks).toBe(1);
  });

  test('limit/after paging: pages in creation order, X-Next-Cursor while more remain, none on the last page', async () => {
    const all = (await links.get(p.key)).body.map((l: any) => l.id);
    expect(all).toHaveLength(5);

    const first = await links.get(p.key, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.map((l: any) => l.id)).toEqual(all.slice(0, 2));
    const c1 = first.headers.get('x-next-cursor');
    expect(c1).toEqual(expect.any(String));

    const second = await links.get(p.key, { limit: '2', after: c1! });
    expect(second.status).toBe(200);
    expect(second.body.map((l: any) => l.id)).toEqual(all.slice(2, 4));
    const c2 = second.headers.get('x-next-cursor');
    expect(c2).toEqual(expect.any(String));
    expect(c2).not.toBe(c1);

    const third = await links.get(p.key, { limit: '2', after: c2! });
    expect(third.status).toBe(200);
    expect(third.body.map((l: any) => l.id)).toEqual(all.slice(4));
    expect(third.headers.get('x-next-cursor')).toBeNull();

    const exact = await links.get(p.key, { limit: '5' });
    expect(exact.body.map((l: any) => l.id)).toEqual(all);
    expect(exact.headers.get('x-next-cursor')).toBeNull();

    // paging combines with filters
    const filtered = await links.get(p.key, { affiliateId: a1.id, limit: '1' });
    expect(filtered.body.map((l: any) => l.link)).toEqual(['zeta-first']);
    const filtered2 = await links.get(p.key, { affiliateId: a1.id, limit: '5', after: filtered.headers.get('x-next-cursor')! });
    expect(filtered2.body.map((l: any) => l.link)).toEqual(['alpha-second', 'aaa-fifth']);
    expect(filtered2.headers.get('x-next-cursor')).toBeNull();
  });

  test('invalid paging parameters are 400, not 5xx', async () => {
    const queries: Array<Record<string, string>> = [
      { limit: '0' },
      { limit: '-1' },
      { limit: 'ten' },
      { limit: '1.5' },
      { limit: '100000' },
      { after: 'not-a-cursor' },
    ];
    for (const query of queries) {
      const res = await links.get(p.key, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  test('a program with more links than one page still answers every link, in creation order, as one array', async () => {
    const q = await createProgram(server);
    const a = await createAffiliate(q, { affiliateLink: 'the-first' });
    // Time-ordered UUIDv7-shaped ids after the affiliate's first link, created in this order.
    const ms = (Date.now() + 1000).toString(16).padStart(12, '0');
    const ids: string[] = [];
    for (let i = 0; i < 520; i++) ids.push(`${ms.slice(0, 8)}-${ms.slice(8, 12)}-7000-8000-${i.toString(16).padStart(12, '0')}`);
    const values = ids.map((_, i) => `(?, ?, ?, 'bulk-${i}', now() + interval '${i + 1} milliseconds')`).join(', ');
    await sql(
      `insert into affiliate_links (id, program_id, affiliate_id, link, created_at) values ${values}`,
      ids.flatMap((id) => [id, q.programId, a.id]),
    );

    const res = await links.get(q.key);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(521);
    expect(res.body.map((l: any) => l.link)).toEqual(['the-first', ...ids.map((_, i) => `bulk-${i}`)]);
    expect(new Set(res.body.map((l: any) => l.id)).size).toBe(521);
    expectNewLink(server.url, res.body[520], { id: ids[519], link: 'bulk-519', affiliate: a });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('POST /links', () => {
  const p = useProgram(server);
  const owner = useAffiliate(() => createAffiliate(p, { firstName: 'Katherine', lastName: 'Johnson' }));

  test('{link, affiliateId} creates the link: 200, counters zero, full URLs generated, affiliate {id, name, email}', async () => {
    const s = slug('by-id');
    const res = await links('POST', { token: p.key, body: { link: s, affiliateId: owner.id } });
    expect(res.status).toBe(200);
    expectNewLink(server.url, res.body, { link: s, affiliate: owner });
    expect(res.body.affiliate).toEqual({ id: owner.id, name: 'Katherine Johnson', email: owner.email });

    const found = await links.get(p.key, { id: res.body.id });
    expect(found.body).toEqual([res.body]);
    const row = await linkRow(res.body.id);
    expect(row).toMatchObject({ link: s, affiliate_id: owner.id, program_id: p.programId });
  });

  test("{link, affiliateEmail} creates the link for that affiliate; the affiliate's affiliateLinks now include it", async () => {
    const before = await affiliateById(p, owner.id);
    const s = slug('by-email');
    const res = await links('POST', { token: p.key, body: { link: s, affiliateEmail: owner.email } });
    expect(res.status).toBe(200);
    expectNewLink(server.url, res.body, { link: s, affiliate: owner });

    const after = await affiliateById(p, owner.id);
    expect(after.affiliateLinks).toEqual([...before.affiliateLinks, s]);
    const viaLinks = await links.get(p.key, { affiliateEmail: owner.email });
    expect(viaLinks.body.map((l: any) => l.link)).toEqual(after.affiliateLinks);
  });

  test('letters (any case), numbers and hyphens are accepted and stored as sent', async () => {
    const s = `Mixed-Case-${randomBytes(2).toString('hex')}-123`;
    const res = await links('POST', { token: p.key, body: { link: s, affiliateId: owner.id } });
    expect(res.status).toBe(200);
    expect(res.body.link).toBe(s);
    expect((await links.get(p.key, { link: s })).body.map((l: any) => l.link)).toEqual([s]);
  });

  test('an affiliate can own any number of links', async () => {
    const a = await createAffiliate(p);
    const slugs = [slug('many'), slug('many'), slug('many'), slug('many')];
    for (const s of slugs) await createLink(p, { link: s, affiliateId: a.id });
    const res = await links.get(p.key, { affiliateId: a.id });
    expect(res.body.map((l: any) => l.link)).toEqual([...a.affiliateLinks, ...slugs]);
    expect((await affiliateById(p, a.id)).affiliateLinks).toEqual([...a.affiliateLinks, ...slugs]);
  });

  test('fires affiliate.updated for the owner, carrying the new slug', async () => {
    const before = await affiliateUpdatedEvents(p.programId, owner.id);
    const s = slug('evt');
    await createLink(p, { link: s, affiliateId: owner.id });
    const after = await affiliateUpdatedEvents(p.programId, owner.id);
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
    const events = (await affiliateUpdatedEvents(p.programId, owner.id)).length;
    const count = (await links.get(p.key)).body.length;
    for (const body of [
      { affiliateId: owner.id },
      { affiliateEmail: owner.email },
      { link: '', affiliateId: owner.id },
      { link: '   ', affiliateId: owner.id },
      { link: null, affiliateId: owner.id },
    ]) {
      const res = await links('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await links.get(p.key)).body).toHaveLength(count);
    expect(await affiliateUpdatedEvents(p.programId, owner.id)).toHaveLength(events);
  });

  test('400 when no affiliate identifier is sent', async () => {
    const s = slug('orphan');
    for (const body of [{ link: s }, { link: s, affiliateId: null }, { link: s, affiliateId: '', affiliateEmail: '' }]) {
      const res = await links('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect((await links.get(p.key, { link: s })).body).toEqual([]);
  });

  test('400 when the affiliate is not in the program (unknown UUID, unknown email, unknown value)', async () => {
    const s = slug('ghost');
    for (const body of [
      { link: s, affiliateId: randomUUID() },
      { link: s, affiliateEmail: 'nobody-here@example.com' },
      { link: s, affiliateId: 'no-such-affiliate' },
    ]) {
      const res = await links('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400);
    }
    expect((await links.get(p.key, { link: s })).body).toEqual([]);
  });

  test('400 when the affiliate belongs to another program (by id and by email); nothing is created anywhere', async () => {
    const other = await createProgram(server);
    const stranger = await createAffiliate(other);
    const s = slug('cross');
    for (const body of [
      { link: s, affiliateId: stranger.id },
      { link: s, affiliateEmail: stranger.email },
    ]) {
      const res = await links('POST', { token: p.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectError(res, 400);
    }
    expect((await links.get(p.key, { link: s })).body).toEqual([]);
    expect((await links.get(other.key, { link: s })).body).toEqual([]);
    expect((await affiliateById(other, stranger.id)).affiliateLinks).toEqual(stranger.affiliateLinks);
    expect(await affiliateUpdatedEvents(other.programId, stranger.id)).toHaveLength(0);
  });

  test.each(BAD_SLUGS)('400 when the slug has disallowed characters: %s', async (_what, bad) => {
    const count = (await links.get(p.key)).body.length;
    const res = await links('POST', { token: p.key, body: { link: bad, affiliateId: owner.id } });
    expect(res.status).toBe(400);
    expectError(res, 400, 'VALIDATION_FAILED');
    expect((await links.get(p.key)).body).toHaveLength(count);
  });

  test('400 DUPLICATE when the slug is already used, also with a different letter case; the original is untouched', async () => {
    const other = await createAffiliate(p);
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
    const found = await links.get(p.key, { link: 'promo' });
    expect(found.body).toEqual([expect.objectContaining({ id: first.id, link: 'promo', affiliateId: owner.id })]);
    expect((await links.get(p.key, { affiliateId: other.id })).body.map((l: any) => l.link)).toEqual(other.affiliateLinks);
  });

  test('uniqueness holds the other way round too: Promo first, then promo is refused', async () => {
    const q = await createProgram(server);
    const a = await createAffiliate(q);
    expect((await links('POST', { token: q.key, body: { link: 'Promo', affiliateId: a.id } })).status).toBe(200);
    const dup = await links('POST', { token: q.key, body: { link: 'promo', affiliateId: a.id } });
    expectError(dup, 400, 'DUPLICATE');
  });

  test('concurrent creation of the same slug: exactly one wins, the others are 400, never 5xx', async () => {
    const s = slug('race');
    const results = await Promise.all(Array.from({ length: 6 }, () => links('POST', { token: p.key, body: { link: s, affiliateId: owner.id } })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    expect((await links.get(p.key, { link: s })).body).toHaveLength(1);
  });
});

testNoServerErrors(seen);
