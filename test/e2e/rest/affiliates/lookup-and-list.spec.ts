/**
 * REST /api/v1/affiliates end to end (spec 4.1, 7, 8 and DESIGN.md): every statement of the endpoint section with
 * HTTP assertions on status and body, plus the side effects (links, emails, events, clicks) read back from the
 * database.
 * Here GET /affiliates: by id (UUID, slug, click id) or email, and the paged list.
 */
import { randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { createProgram } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { expectOk, expectValidation, testNoServerErrors } from '../../../helpers/assertions';
import { expectAffiliateShape } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, createAffiliate, insertClick } = api;
const affiliates = api.endpoint('/affiliates');

/** A click row of the affiliate (on its first link); its numeric id as a string. */

describe('GET /affiliates', () => {
  const p = useProgram(server);
  const ann = useAffiliate(() => createAffiliate(p, { firstName: 'Ann', lastName: 'Archer', email: 'Ann.Archer@Example.com', affiliateLink: 'Ann-Link' }));
  const bob = useAffiliate(() => createAffiliate(p, { firstName: 'Bob', lastName: 'Baker', email: 'bob.baker@example.com' }));

  test('id as an affiliate UUID returns that affiliate, the same body POST answered', async () => {
    const res = await affiliates.get(p.key, { id: ann.id });
    expect(res.status).toBe(200);
    expectAffiliateShape(res.body);
    expect(res.body).toEqual(ann);
    expect((await affiliates.get(p.key, { id: bob.id })).body.id).toBe(bob.id);
  });

  test('id as an upper-case UUID still finds the affiliate', async () => {
    const res = await affiliates.get(p.key, { id: ann.id.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body?.id).toBe(ann.id);
  });

  test("id as one of the affiliate's link slugs, matched case-insensitively", async () => {
    for (const slug of ['Ann-Link', 'ann-link', 'ANN-LINK']) {
      const res = await affiliates.get(p.key, { id: slug });
      expect(res.status).toBe(200);
      expect(res.body?.id).toBe(ann.id);
    }
    const bobSlug = bob.affiliateLinks[0];
    expect((await affiliates.get(p.key, { id: bobSlug.toUpperCase() })).body?.id).toBe(bob.id);
  });

  test('id as a second (added) slug finds the owner too', async () => {
    expect(expectOk(await affiliates.put(p.key, { affiliateId: bob.id, affiliateLink: 'bob-second' }))).toEqual({ count: 1 });
    const res = await affiliates.get(p.key, { id: 'BOB-SECOND' });
    expect(res.status).toBe(200);
    expect(res.body?.id).toBe(bob.id);
  });

  test("id as a numeric click id returns the click's affiliate", async () => {
    const clickAnn = String(await insertClick(p.programId, ann.id));
    const clickBob = String(await insertClick(p.programId, bob.id));
    expect(clickAnn).toMatch(/^\d+$/);
    const a = await affiliates.get(p.key, { id: clickAnn });
    expect(a.status).toBe(200);
    expectAffiliateShape(a.body);
    expect(a.body.id).toBe(ann.id);
    const b = await affiliates.get(p.key, { id: clickBob });
    expect(b.status).toBe(200);
    expect(b.body?.id).toBe(bob.id);
  });

  test('a numeric slug is found by id when no click has that number', async () => {
    const q = await createProgram(server);
    const n = await createAffiliate(q, { affiliateLink: '424242' });
    const res = await affiliates.get(q.key, { id: '424242' });
    expect(res.status).toBe(200);
    expect(res.body?.id).toBe(n.id);
  });

  test('an unknown numeric click id is null', async () => {
    const res = await affiliates.get(p.key, { id: '987654321' });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.text).toBe('null');
  });

  test('email returns the affiliate, matched case-insensitively', async () => {
    for (const e of ['Ann.Archer@Example.com', 'ann.archer@example.com', 'ANN.ARCHER@EXAMPLE.COM']) {
      const res = await affiliates.get(p.key, { email: e });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ann);
    }
    expect((await affiliates.get(p.key, { email: 'BOB.baker@example.COM' })).body?.id).toBe(bob.id);
  });

  test('email is ignored when id is set: an unmatched id with a matching email is null', async () => {
    const res = await affiliates.get(p.key, { id: randomUUID(), email: ann.email });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    const bySlug = await affiliates.get(p.key, { id: 'no-such-slug', email: ann.email });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toBeNull();
  });

  test("email is ignored when id is set: id wins over a different affiliate's email", async () => {
    const res = await affiliates.get(p.key, { id: ann.id, email: bob.email });
    expect(res.status).toBe(200);
    expect(res.body?.id).toBe(ann.id);
  });

  test.each([
    ['an unknown UUID', { id: '00000000-0000-4000-8000-000000000000' }],
    ['an unknown slug', { id: 'nobody-here' }],
    ['an unknown email', { email: 'nobody@example.com' }],
    ['an id that is no UUID, slug or click id', { id: 'has space_and/slash' }],
    ['a SQL-looking id', { id: "' or 1=1 --" }],
    ['a LIKE wildcard id', { id: '%' }],
    ['a unicode id', { id: 'ünïcödé' }],
    ['a zero click id', { id: '0' }],
    ['a huge numeric id', { id: '99999999999999999999999' }],
  ])('nothing matching (%s) answers 200 with body null', async (_name, query) => {
    const res = await affiliates.get(p.key, query as Record<string, string>);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.text).toBe('null');
  });

  test('with neither id nor email: an array of every affiliate of the program in creation order', async () => {
    const q = await createProgram(server);
    const empty = await affiliates.get(q.key);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    const created = [];
    for (let i = 0; i < 4; i++) created.push(await createAffiliate(q, { firstName: `N${i}` }));
    const res = await affiliates.get(q.key);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((a: any) => a.id)).toEqual(created.map((a) => a.id));
    res.body.forEach(expectAffiliateShape);
    expect(res.body).toEqual(created);
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });

  test('limit=1 pages one affiliate at a time with X-Next-Cursor, and none after the last', async () => {
    const q = await createProgram(server);
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createAffiliate(q));
    const ids: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 3; page++) {
      const res = await affiliates.get(q.key, after ? { limit: '1', after } : { limit: '1' });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body).toHaveLength(1);
      expectAffiliateShape(res.body[0]);
      ids.push(res.body[0].id);
      const next = res.headers.get('x-next-cursor');
      if (page < 2) {
        expect(next).toEqual(expect.any(String));
        after = next!;
      } else {
        expect(next).toBeNull();
      }
    }
    expect(ids).toEqual(created.map((a) => a.id));
  });

  test('limit=2 returns two and the cursor continues with the rest', async () => {
    const q = await createProgram(server);
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createAffiliate(q));
    const first = await affiliates.get(q.key, { limit: '2' });
    expect(first.body.map((a: any) => a.id)).toEqual(created.slice(0, 2).map((a) => a.id));
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toEqual(expect.any(String));
    const second = await affiliates.get(q.key, { limit: '2', after: cursor! });
    expect(second.body.map((a: any) => a.id)).toEqual([created[2].id]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });

  test.each([
    ['limit=0', { limit: '0' }],
    ['limit=501', { limit: '501' }],
    ['limit=abc', { limit: 'abc' }],
    ['limit=1.5', { limit: '1.5' }],
    ['after=garbage', { after: 'not-a-cursor' }],
  ])('invalid paging (%s) is 400 VALIDATION_FAILED', async (_n, query) => {
    expectValidation(await affiliates.get(p.key, query));
  });
});

testNoServerErrors(seen, 20);
