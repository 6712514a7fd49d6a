/**
 * Spec 4.3 (affiliate links) over HTTP against the real app on a real PostgreSQL: GET, POST, PUT and DELETE
 * /api/v1/links. Link shape per DESIGN.md; events read from the outbox table; clicks inserted with SQL.
 * Here PUT /links (rename, by id or by slug) and DELETE /links, with clicks kept.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { restClient } from '../../../helpers/rest-client';
import { slug } from '../../../helpers/spec-client';
import { expectError, testNoServerErrors, UUID_RE } from '../../../helpers/assertions';
import { BAD_SLUGS, DEFAULT_BASE_URLS, expectNewLink, fullUrlsFor, LINK_KEYS, trackingUrlOf } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, sql, createAffiliate, affiliateById, createLink, insertClick, affiliateUpdatedEvents, linkRow, clickOwner } = api;
const links = api.endpoint('/links');

describe('PUT /links', () => {
  const p = useProgram(server);
  const owner = useAffiliate(() => createAffiliate(p, { firstName: 'Hedy', lastName: 'Lamarr' }));

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
    expect(res.body.trackingUrl).toBe(trackingUrlOf(server.url, p.programId, newSlug));
    expect(res.body.clicks).toBe(3);
    expect(res.body.createdAt).toBe(link.createdAt);

    expect(await clickOwner(clickId)).toEqual({ link_id: link.id, affiliate_id: owner.id });
    expect((await linkRow(link.id)).clicks).toBe(3);
    expect((await linkRow(link.id)).link).toBe(newSlug);

    const byNew = await links.get(p.key, { link: newSlug });
    expect(byNew.body).toHaveLength(1);
    expect(byNew.body[0]).toMatchObject({ id: link.id, link: newSlug, clicks: 3, fullURLs: fullUrlsFor(DEFAULT_BASE_URLS, newSlug) });
    expect((await links.get(p.key, { id: link.id })).body.map((l: any) => l.link)).toEqual([newSlug]);
  });

  test('after a rename the old slug is no longer found and is free to reuse', async () => {
    const oldSlug = slug('was');
    const newSlug = slug('now');
    const link = await createLink(p, { link: oldSlug, affiliateId: owner.id });
    expect((await links('PUT', { token: p.key, body: { id: link.id, newLink: newSlug } })).status).toBe(200);

    expect((await links.get(p.key, { link: oldSlug })).body).toEqual([]);
    const aff = await affiliateById(p, owner.id);
    expect(aff.affiliateLinks).toContain(newSlug);
    expect(aff.affiliateLinks).not.toContain(oldSlug);
    expect(await affiliateById(p, oldSlug)).toBeNull();

    const other = await createAffiliate(p);
    const reused = await links('POST', { token: p.key, body: { link: oldSlug, affiliateId: other.id } });
    expect(reused.status).toBe(200);
    expect(reused.body.id).not.toBe(link.id);
    expectNewLink(server.url, reused.body, { link: oldSlug, affiliate: other });
  });

  test('renames by current link: 200 with the new slug and regenerated full URLs', async () => {
    const oldSlug = slug('cur');
    const newSlug = slug('renamed');
    const link = await createLink(p, { link: oldSlug, affiliateId: owner.id });
    const clickId = await insertClick(p.programId, owner.id, link.id);
    const res = await links('PUT', { token: p.key, body: { link: oldSlug, newLink: newSlug } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: link.id, link: newSlug, affiliateId: owner.id, fullURLs: fullUrlsFor(DEFAULT_BASE_URLS, newSlug) });
    expect((await clickOwner(clickId)).link_id).toBe(link.id);
    expect((await links.get(p.key, { link: oldSlug })).body).toEqual([]);
    expect((await links.get(p.key, { link: newSlug })).body.map((l: any) => l.id)).toEqual([link.id]);
  });

  test('fires affiliate.updated for the owner with the new slug in place of the old one', async () => {
    const oldSlug = slug('ev-old');
    const newSlug = slug('ev-new');
    const link = await createLink(p, { link: oldSlug, affiliateId: owner.id });
    const before = await affiliateUpdatedEvents(p.programId, owner.id);
    expect((await links('PUT', { token: p.key, body: { id: link.id, newLink: newSlug } })).status).toBe(200);
    const after = await affiliateUpdatedEvents(p.programId, owner.id);
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
    expect((await links.get(p.key, { link: s })).body.map((l: any) => l.id)).toEqual([link.id]);
  });

  test('400 DUPLICATE when newLink is already used by another link (also case-insensitively); both links unchanged', async () => {
    const other = await createAffiliate(p);
    const taken = await createLink(p, { link: 'Taken-Slug', affiliateId: other.id });
    const mine = await createLink(p, { link: slug('mine'), affiliateId: owner.id });
    const events = (await affiliateUpdatedEvents(p.programId, owner.id)).length;
    for (const newLink of ['Taken-Slug', 'taken-slug', 'TAKEN-SLUG', other.affiliateLinks[0]]) {
      for (const ident of [{ id: mine.id }, { link: mine.link }]) {
        const res = await links('PUT', { token: p.key, body: { ...ident, newLink } });
        expect({ newLink, ident, status: res.status }).toEqual({ newLink, ident, status: 400 });
        expectError(res, 400, 'DUPLICATE');
      }
    }
    expect((await linkRow(mine.id)).link).toBe(mine.link);
    expect((await linkRow(taken.id)).link).toBe('Taken-Slug');
    expect(await affiliateUpdatedEvents(p.programId, owner.id)).toHaveLength(events);
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
    expect((await links.get(p.key, { link: target })).body).toHaveLength(1);
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
  const p = useProgram(server);
  const owner = useAffiliate(() => createAffiliate(p, { firstName: 'Ada', lastName: 'Byron' }));

  test('by id: 200 {message, deletedLink: {id, link}}; afterwards GET finds nothing', async () => {
    const s = slug('del-id');
    const link = await createLink(p, { link: s, affiliateId: owner.id });
    const res = await links('DELETE', { token: p.key, body: { id: link.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deletedLink: { id: link.id, link: s } });
    expect(res.body.message.length).toBeGreaterThan(0);

    expect((await links.get(p.key, { id: link.id })).body).toEqual([]);
    expect((await links.get(p.key, { link: s })).body).toEqual([]);
    expect((await links.get(p.key)).body.map((l: any) => l.id)).not.toContain(link.id);
    expect(await linkRow(link.id)).toBeUndefined();
    expect((await affiliateById(p, owner.id)).affiliateLinks).not.toContain(s);
  });

  test('by link: 200 {message, deletedLink}; afterwards GET finds nothing and the slug is free again', async () => {
    const s = slug('del-slug');
    const link = await createLink(p, { link: s, affiliateId: owner.id });
    const res = await links('DELETE', { token: p.key, body: { link: s } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deletedLink: { id: link.id, link: s } });
    expect((await links.get(p.key, { link: s })).body).toEqual([]);
    expect((await links.get(p.key, { id: link.id })).body).toEqual([]);
    expect((await links('POST', { token: p.key, body: { link: s, affiliateId: owner.id } })).status).toBe(200);
  });

  test('attributed clicks are kept with their link cleared, and the click still resolves the affiliate', async () => {
    const link = await createLink(p, { link: slug('clicked'), affiliateId: owner.id });
    const clickId = await insertClick(p.programId, owner.id, link.id);
    expect((await affiliateById(p, clickId)).id).toBe(owner.id);

    expect((await links('DELETE', { token: p.key, body: { id: link.id } })).status).toBe(200);
    expect(await clickOwner(clickId)).toEqual({ link_id: null, affiliate_id: owner.id });
    const viaClick = await affiliateById(p, clickId);
    expect(viaClick).toEqual(expect.objectContaining({ id: owner.id, email: owner.email }));
  });

  test('fires affiliate.updated for the former owner, whose affiliateLinks no longer have the slug', async () => {
    const s = slug('ev-del');
    const link = await createLink(p, { link: s, affiliateId: owner.id });
    const before = await affiliateUpdatedEvents(p.programId, owner.id);
    expect(before[before.length - 1].data.affiliateLinks).toContain(s);
    expect((await links('DELETE', { token: p.key, body: { link: s } })).status).toBe(200);
    const after = await affiliateUpdatedEvents(p.programId, owner.id);
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
    const events = (await affiliateUpdatedEvents(p.programId, owner.id)).length;
    expectError(await links('DELETE', { token: p.key, body: { id: link.id } }), 404, 'NOT_FOUND');
    expectError(await links('DELETE', { token: p.key, body: { link: link.link } }), 404, 'NOT_FOUND');
    expect(await affiliateUpdatedEvents(p.programId, owner.id)).toHaveLength(events);
  });

  test('concurrent deletes of the same link (by id): exactly one 200, the others 404, one event', async () => {
    const link = await createLink(p, { link: slug('race-del'), affiliateId: owner.id });
    const events = (await affiliateUpdatedEvents(p.programId, owner.id)).length;
    const results = await Promise.all(Array.from({ length: 4 }, () => links('DELETE', { token: p.key, body: { id: link.id } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404, 404]);
    expect(await affiliateUpdatedEvents(p.programId, owner.id)).toHaveLength(events + 1);
  });

  test('concurrent deletes of the same link (by link): exactly one 200, the others 404, one event', async () => {
    const link = await createLink(p, { link: slug('race-del-slug'), affiliateId: owner.id });
    const events = (await affiliateUpdatedEvents(p.programId, owner.id)).length;
    const results = await Promise.all(Array.from({ length: 4 }, () => links('DELETE', { token: p.key, body: { link: link.link } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404, 404]);
    expect(await affiliateUpdatedEvents(p.programId, owner.id)).toHaveLength(events + 1);
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
    const a = await createAffiliate(p);
    const keep = await createLink(p, { link: slug('keep'), affiliateId: a.id });
    const drop = await createLink(p, { link: slug('drop'), affiliateId: a.id });
    expect((await links('DELETE', { token: p.key, body: { id: drop.id } })).status).toBe(200);
    expect((await links.get(p.key, { affiliateId: a.id })).body.map((l: any) => l.link)).toEqual([...a.affiliateLinks, keep.link]);
  });
});

testNoServerErrors(seen);
