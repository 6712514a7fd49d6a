/**
 * REST /api/v1/affiliates end to end (spec 4.1, 7, 8 and DESIGN.md): every statement of the endpoint section
 * with HTTP assertions on status and body, plus the side effects (links, emails, events, clicks) read back
 * from the database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { startTestServer, type ApiResponse, type RequestOptions, type TestServer } from '../../helpers/server';
import { createAffiliate, createProgram, type ProgramFixture } from '../../helpers/factories';

let server: TestServer;
/** Every REST response of this file, so the last test can check that none was a 5xx. */
const seen: { method: string; path: string; status: number }[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------------------
// helpers

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const uniq = () => randomBytes(4).toString('hex');
const email = (prefix = 'aff') => `${prefix}-${uniq()}@example.com`;

async function api(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
  const res = await server.api(method, path, opts);
  seen.push({ method, path, status: res.status });
  return res;
}

const get = (token: string, query: Record<string, string | string[]> = {}) => api('GET', '/affiliates', { token, query });
const post = (token: string, body: unknown) => api('POST', '/affiliates', { token, body });
const put = (token: string, body: unknown) => api('PUT', '/affiliates', { token, body });
const del = (token: string, body: unknown) => api('DELETE', '/affiliates', { token, body });

async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.runtime.orm.em.fork().getConnection().execute(query, params)) as T[];
}

const countAffiliates = async (programId: string) =>
  Number((await sql(`select count(*)::int as n from affiliates where program_id = ?`, [programId]))[0].n);
const countLinks = async (programId: string) =>
  Number((await sql(`select count(*)::int as n from affiliate_links where program_id = ?`, [programId]))[0].n);
const eventsOf = (programId: string, type?: string) =>
  sql<{ id: string; type: string; data: any }>(
    `select id, type, data from events where program_id = ? ${type ? 'and type = ?' : ''} order by id`,
    type ? [programId, type] : [programId],
  );
const emailsOf = (programId: string) =>
  sql<{ kind: string; to: string; subject: string; text: string; status: string }>(
    `select kind, "to", subject, text, status from email_outbox where program_id = ? order by created_at, id`,
    [programId],
  );

/** Inserts a click row for the affiliate (click tracking is not built yet) and answers its numeric id. */
async function insertClick(programId: string, affiliateId: string): Promise<string> {
  const [link] = await sql<{ id: string }>(`select id from affiliate_links where program_id = ? and affiliate_id = ? order by created_at limit 1`, [programId, affiliateId]);
  const [row] = await sql<{ id: string | number }>(
    `insert into clicks (program_id, affiliate_id, link_id) values (?, ?, ?) returning id`,
    [programId, affiliateId, link?.id ?? null],
  );
  return String(row.id);
}

async function gql<T = any>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await server.graphql<T>(query, variables, token);
  if (!res.body.data || res.body.errors?.length) throw new Error(`GraphQL failed: ${res.text}`);
  return res.body.data;
}

async function createGroup(key: string, name = `Group ${uniq()}`): Promise<string> {
  const d = await gql<{ createAffiliateGroup: { id: string } }>(`mutation($n: String!) { createAffiliateGroup(name: $n) { id } }`, { n: name }, key);
  return d.createAffiliateGroup.id;
}

async function createPlan(key: string, input: { commissionRate: number; affiliateGroupId?: string | null; name?: string }): Promise<string> {
  const d = await gql<{ createCommissionPlan: { id: string } }>(
    `mutation($i: CreateCommissionPlanInput!) { createCommissionPlan(input: $i) { id } }`,
    { i: { name: `Plan ${uniq()}`, ...input } },
    key,
  );
  return d.createCommissionPlan.id;
}

/** The shared error body of DESIGN.md: {error: sentence, code, details?: [{field, message}]}. */
function expectError(res: ApiResponse, status: number, code: string): void {
  if (res.status !== status) throw new Error(`expected ${status} ${code}, got ${res.status}: ${res.text}`);
  expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code }));
  expect(res.body.error.length).toBeGreaterThan(0);
  if (res.body.details !== undefined) {
    expect(Array.isArray(res.body.details)).toBe(true);
    for (const d of res.body.details) expect(d).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
}

function expectValidation(res: ApiResponse, field?: string): void {
  expectError(res, 400, 'VALIDATION_FAILED');
  if (field) {
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  }
}

/** Outcome counts of concurrent requests, e.g. {"200": 5, "400 LIMIT_REACHED": 15}; compact in failure output. */
function tally(results: ApiResponse[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const r of results) {
    const k = r.status === 200 ? '200' : `${r.status} ${r.body?.code ?? ''}`.trim();
    t[k] = (t[k] ?? 0) + 1;
  }
  return t;
}

function expectOk(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.text}`);
  return res.body;
}

/** Every field of the public Affiliate (spec 2 + DESIGN "Affiliate adds"). */
function expectAffiliateShape(a: any): void {
  expect(a).toEqual({
    id: expect.stringMatching(UUID_RE),
    firstName: expect.any(String),
    lastName: expect.any(String),
    name: `${a.firstName} ${a.lastName}`,
    email: expect.any(String),
    programId: expect.stringMatching(UUID_RE),
    affiliateLinks: expect.any(Array),
    link: null,
    commissionRate: expect.any(Number),
    affiliateStatus: expect.stringMatching(/^(active|pending|inactive|rejected)$/),
    commissionPlanId: a.commissionPlanId === null ? null : expect.stringMatching(UUID_RE),
    affiliateGroupId: a.affiliateGroupId === null ? null : expect.stringMatching(UUID_RE),
    numberOfReferredUsers: expect.any(Number),
    numberOfClicks: expect.any(Number),
    totalCommissionEarned: expect.any(Number),
    createdAt: expect.stringMatching(ISO_RE),
    updatedAt: expect.stringMatching(ISO_RE),
  });
  for (const s of a.affiliateLinks) expect(s).toMatch(/^[A-Za-z0-9-]+$/);
}

// ---------------------------------------------------------------------------------------------------------

describe('GET /affiliates', () => {
  let p: ProgramFixture;
  let ann: any;
  let bob: any;
  beforeAll(async () => {
    p = await createProgram(server);
    ann = await createAffiliate(server, p.key, { firstName: 'Ann', lastName: 'Archer', email: 'Ann.Archer@Example.com', affiliateLink: 'Ann-Link' });
    bob = await createAffiliate(server, p.key, { firstName: 'Bob', lastName: 'Baker', email: 'bob.baker@example.com' });
  });

  test('id as an affiliate UUID returns that affiliate, the same body POST answered', async () => {
    const res = await get(p.key, { id: ann.id });
    expect(res.status).toBe(200);
    expectAffiliateShape(res.body);
    expect(res.body).toEqual(ann);
    expect((await get(p.key, { id: bob.id })).body.id).toBe(bob.id);
  });

  test('id as an upper-case UUID still finds the affiliate', async () => {
    const res = await get(p.key, { id: ann.id.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body?.id).toBe(ann.id);
  });

  test('id as one of the affiliate\'s link slugs, matched case-insensitively', async () => {
    for (const slug of ['Ann-Link', 'ann-link', 'ANN-LINK']) {
      const res = await get(p.key, { id: slug });
      expect(res.status).toBe(200);
      expect(res.body?.id).toBe(ann.id);
    }
    const bobSlug = bob.affiliateLinks[0];
    expect((await get(p.key, { id: bobSlug.toUpperCase() })).body?.id).toBe(bob.id);
  });

  test('id as a second (added) slug finds the owner too', async () => {
    expect(expectOk(await put(p.key, { affiliateId: bob.id, affiliateLink: 'bob-second' }))).toEqual({ count: 1 });
    const res = await get(p.key, { id: 'BOB-SECOND' });
    expect(res.status).toBe(200);
    expect(res.body?.id).toBe(bob.id);
  });

  test('id as a numeric click id returns the click\'s affiliate', async () => {
    const clickAnn = await insertClick(p.programId, ann.id);
    const clickBob = await insertClick(p.programId, bob.id);
    expect(clickAnn).toMatch(/^\d+$/);
    const a = await get(p.key, { id: clickAnn });
    expect(a.status).toBe(200);
    expectAffiliateShape(a.body);
    expect(a.body.id).toBe(ann.id);
    const b = await get(p.key, { id: clickBob });
    expect(b.status).toBe(200);
    expect(b.body?.id).toBe(bob.id);
  });

  test('a numeric slug is found by id when no click has that number', async () => {
    const q = await createProgram(server);
    const n = await createAffiliate(server, q.key, { affiliateLink: '424242' });
    const res = await get(q.key, { id: '424242' });
    expect(res.status).toBe(200);
    expect(res.body?.id).toBe(n.id);
  });

  test('an unknown numeric click id is null', async () => {
    const res = await get(p.key, { id: '987654321' });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.text).toBe('null');
  });

  test('email returns the affiliate, matched case-insensitively', async () => {
    for (const e of ['Ann.Archer@Example.com', 'ann.archer@example.com', 'ANN.ARCHER@EXAMPLE.COM']) {
      const res = await get(p.key, { email: e });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ann);
    }
    expect((await get(p.key, { email: 'BOB.baker@example.COM' })).body?.id).toBe(bob.id);
  });

  test('email is ignored when id is set: an unmatched id with a matching email is null', async () => {
    const res = await get(p.key, { id: randomUUID(), email: ann.email });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    const bySlug = await get(p.key, { id: 'no-such-slug', email: ann.email });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toBeNull();
  });

  test('email is ignored when id is set: id wins over a different affiliate\'s email', async () => {
    const res = await get(p.key, { id: ann.id, email: bob.email });
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
    const res = await get(p.key, query as Record<string, string>);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.text).toBe('null');
  });

  test('with neither id nor email: an array of every affiliate of the program in creation order', async () => {
    const q = await createProgram(server);
    const empty = await get(q.key);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    const created = [];
    for (let i = 0; i < 4; i++) created.push(await createAffiliate(server, q.key, { firstName: `N${i}` }));
    const res = await get(q.key);
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
    for (let i = 0; i < 3; i++) created.push(await createAffiliate(server, q.key));
    const ids: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 3; page++) {
      const res = await get(q.key, after ? { limit: '1', after } : { limit: '1' });
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
    for (let i = 0; i < 3; i++) created.push(await createAffiliate(server, q.key));
    const first = await get(q.key, { limit: '2' });
    expect(first.body.map((a: any) => a.id)).toEqual(created.slice(0, 2).map((a) => a.id));
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toEqual(expect.any(String));
    const second = await get(q.key, { limit: '2', after: cursor! });
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
    expectValidation(await get(p.key, query));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('POST /affiliates', () => {
  describe('the created affiliate', () => {
    test('answers 200 with the full Affiliate including its generated affiliateLinks entry', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 15 });
      const e = email('shape');
      const res = await post(p.key, { firstName: 'Grace', lastName: 'Hopper', email: e });
      expect(res.status).toBe(200);
      expectAffiliateShape(res.body);
      expect(res.body).toEqual(
        expect.objectContaining({
          firstName: 'Grace',
          lastName: 'Hopper',
          name: 'Grace Hopper',
          email: e,
          programId: p.programId,
          affiliateLinks: [e.split('@')[0]],
          link: null,
          commissionRate: 15,
          affiliateStatus: 'active',
          commissionPlanId: null,
          affiliateGroupId: null,
          numberOfReferredUsers: 0,
          numberOfClicks: 0,
          totalCommissionEarned: 0,
        }),
      );
      expect(Date.parse(res.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(res.body.createdAt));
      // It really exists, with exactly one link (the first one).
      expect((await get(p.key, { id: res.body.id })).body).toEqual(res.body);
      const links = await sql(`select link from affiliate_links where program_id = ? and affiliate_id = ?`, [p.programId, res.body.id]);
      expect(links.map((l) => l.link)).toEqual(res.body.affiliateLinks);
    });

    test('the generated slug comes from the email local part, lower-cased, other characters as hyphens', async () => {
      const p = await createProgram(server);
      const res = await post(p.key, { firstName: 'Ann', lastName: 'Lee', email: 'Ann.Lee+x@Example.com' });
      expect(res.status).toBe(200);
      expect(res.body.affiliateLinks).toEqual(['ann-lee-x']);
      expect(res.body.email).toBe('Ann.Lee+x@Example.com');
    });

    test('a second affiliate with the same local part gets a different slug (…-2), then …-3', async () => {
      const p = await createProgram(server);
      const a = expectOk(await post(p.key, { firstName: 'Ann', lastName: 'Lee', email: 'Ann.Lee+x@Example.com' }));
      const b = expectOk(await post(p.key, { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee+x@other.example.org' }));
      const c = expectOk(await post(p.key, { firstName: 'Ann', lastName: 'Lee', email: 'ANN_LEE.X@third.example.net' }));
      expect(a.affiliateLinks).toEqual(['ann-lee-x']);
      expect(b.affiliateLinks).toEqual(['ann-lee-x-2']);
      expect(c.affiliateLinks).toEqual(['ann-lee-x-3']);
    });

    test('a generated slug avoids a slug that an affiliate chose explicitly (case-insensitive)', async () => {
      const p = await createProgram(server);
      expectOk(await post(p.key, { firstName: 'X', lastName: 'Y', email: email(), affiliateLink: 'JOHN' }));
      const res = await post(p.key, { firstName: 'John', lastName: 'Doe', email: 'john@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.affiliateLinks).toHaveLength(1);
      expect(res.body.affiliateLinks[0].toLowerCase()).not.toBe('john');
      expect(res.body.affiliateLinks[0]).toMatch(/^john-\d+$/);
    });

    test('a sent affiliateLink becomes the first link, as sent', async () => {
      const p = await createProgram(server);
      const res = await post(p.key, { firstName: 'A', lastName: 'B', email: email(), affiliateLink: 'My-Promo-2024' });
      expect(res.status).toBe(200);
      expect(res.body.affiliateLinks).toEqual(['My-Promo-2024']);
      expect((await get(p.key, { id: 'my-promo-2024' })).body?.id).toBe(res.body.id);
    });

    test('commissionRate omitted inherits the program default', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 15 });
      const a = await createAffiliate(server, p.key);
      expect(a.commissionRate).toBe(15);
      expect((await get(p.key, { id: a.id })).body.commissionRate).toBe(15);
    });

    test('commissionRate sent is kept', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 15 });
      const a = await createAffiliate(server, p.key, { commissionRate: 22.5 });
      expect(a.commissionRate).toBe(22.5);
      expect((await get(p.key, { id: a.id })).body.commissionRate).toBe(22.5);
      const zero = await createAffiliate(server, p.key, { commissionRate: 0 });
      expect(zero.commissionRate).toBe(0);
    });

    test.each([
      ['above 100', 101],
      ['negative', -1],
      ['a string', 'abc'],
      ['a numeric string', '10'],
      ['a boolean', true],
    ])('commissionRate %s is 400 VALIDATION_FAILED', async (_n, rate) => {
      const p = await createProgram(server);
      expectValidation(await post(p.key, { firstName: 'A', lastName: 'B', email: email(), commissionRate: rate }), 'commissionRate');
      expect(await countAffiliates(p.programId)).toBe(0);
    });

    test('affiliateStatus omitted: active when the program auto-approves', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: true });
      expect((await createAffiliate(server, p.key)).affiliateStatus).toBe('active');
    });

    test('affiliateStatus omitted: pending when the program does not auto-approve', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: false });
      const a = await createAffiliate(server, p.key);
      expect(a.affiliateStatus).toBe('pending');
      expect((await get(p.key, { id: a.id })).body.affiliateStatus).toBe('pending');
    });

    test.each([
      [true, 'inactive'],
      [true, 'pending'],
      [true, 'rejected'],
      [false, 'active'],
      [false, 'rejected'],
    ])('affiliateStatus sent is kept (autoApprove %s, status %s)', async (autoApproveAffiliates, status) => {
      const p = await createProgram(server, { autoApproveAffiliates });
      const a = await createAffiliate(server, p.key, { affiliateStatus: status });
      expect(a.affiliateStatus).toBe(status);
      expect((await get(p.key, { id: a.id })).body.affiliateStatus).toBe(status);
    });

    test.each(['banned', 'ACTIVE', '', 1])('an invalid affiliateStatus (%p) is 400 VALIDATION_FAILED', async (status) => {
      const p = await createProgram(server);
      expectValidation(await post(p.key, { firstName: 'A', lastName: 'B', email: email(), affiliateStatus: status }), 'affiliateStatus');
      expect(await countAffiliates(p.programId)).toBe(0);
    });
  });

  describe('required fields and body validation', () => {
    let p: ProgramFixture;
    beforeAll(async () => {
      p = await createProgram(server);
    });
    const full = () => ({ firstName: 'Ada', lastName: 'Lovelace', email: email() });

    test.each(['firstName', 'lastName', 'email'])('%s missing is 400 {error, code: VALIDATION_FAILED, details}', async (field) => {
      const body: Record<string, unknown> = full();
      delete body[field];
      const res = await post(p.key, body);
      expectValidation(res, field);
      expect(res.body.details.length).toBeGreaterThan(0);
    });

    test.each(['firstName', 'lastName', 'email'])('%s empty, blank or null is 400 VALIDATION_FAILED', async (field) => {
      for (const value of ['', '   ', null]) {
        const res = await post(p.key, { ...full(), [field]: value });
        expectValidation(res, field);
      }
    });

    test('an empty body lists every missing required field', async () => {
      const res = await post(p.key, {});
      expectValidation(res);
      const fields = res.body.details.map((d: any) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email']));
    });

    test.each(['not-an-email', 'a@', '@example.com', 'two@@example.com'])('an invalid email (%s) is 400', async (e) => {
      expectValidation(await post(p.key, { ...full(), email: e }), 'email');
    });

    test.each([
      ['firstName', 42],
      ['lastName', ['x']],
      ['email', { a: 1 }],
      ['sendWelcomeEmail', 'yes'],
      ['affiliateLink', 123],
      ['commissionPlanId', 5],
    ])('a wrong type (%s = %p) is 400 VALIDATION_FAILED', async (field, value) => {
      expectValidation(await post(p.key, { ...full(), [field]: value }), field);
    });

    test('an unlisted field is 400 VALIDATION_FAILED naming it', async () => {
      expectValidation(await post(p.key, { ...full(), nickname: 'x' }), 'nickname');
      expectValidation(await post(p.key, { ...full(), id: randomUUID() }), 'id');
    });

    test('a too long firstName is 400, not 500', async () => {
      expectValidation(await post(p.key, { ...full(), firstName: 'x'.repeat(5000) }), 'firstName');
    });

    test('none of the rejected requests created an affiliate', async () => {
      expect(await countAffiliates(p.programId)).toBe(0);
    });
  });

  describe('uniqueness', () => {
    test('an email already in the program (any case) is 400 DUPLICATE', async () => {
      const p = await createProgram(server);
      expectOk(await post(p.key, { firstName: 'A', lastName: 'B', email: 'Dup@Example.com' }));
      for (const e of ['Dup@Example.com', 'dup@example.com', 'DUP@EXAMPLE.COM']) {
        const res = await post(p.key, { firstName: 'C', lastName: 'D', email: e });
        expectError(res, 400, 'DUPLICATE');
      }
      expect(await countAffiliates(p.programId)).toBe(1);
    });

    test('an affiliateLink already in use (any case) is 400; no other slug is chosen', async () => {
      const p = await createProgram(server);
      expectOk(await post(p.key, { firstName: 'A', lastName: 'B', email: email(), affiliateLink: 'taken-slug' }));
      for (const slug of ['taken-slug', 'TAKEN-SLUG', 'Taken-Slug']) {
        const e = email('second');
        const res = await post(p.key, { firstName: 'C', lastName: 'D', email: e, affiliateLink: slug });
        expectError(res, 400, 'DUPLICATE');
        expect((await get(p.key, { email: e })).body).toBeNull();
      }
      expect(await countAffiliates(p.programId)).toBe(1);
      expect(await countLinks(p.programId)).toBe(1);
    });

    test('an affiliateLink equal to a generated slug is in use too', async () => {
      const p = await createProgram(server);
      expectOk(await post(p.key, { firstName: 'A', lastName: 'B', email: 'generated.one@example.com' }));
      expectError(await post(p.key, { firstName: 'C', lastName: 'D', email: email(), affiliateLink: 'generated-one' }), 400, 'DUPLICATE');
    });

    test.each([
      ['a space', 'has space'],
      ['an underscore', 'under_score'],
      ['a slash', 'sl/ash'],
      ['a dot', 'dot.ted'],
      ['unicode letters', 'ünïcode'],
      ['an emoji', 'smile😀'],
      ['a question mark', 'what?'],
      ['only whitespace', '   '],
      ['101 characters', 'a'.repeat(101)],
    ])('an affiliateLink with %s is 400 VALIDATION_FAILED and creates nothing', async (_n, slug) => {
      const p = await createProgram(server);
      const res = await post(p.key, { firstName: 'A', lastName: 'B', email: email(), affiliateLink: slug });
      expectValidation(res, 'affiliateLink');
      expect(await countAffiliates(p.programId)).toBe(0);
      expect(await countLinks(p.programId)).toBe(0);
    });
  });

  describe('commission plans and affiliate groups', () => {
    test.each([
      ['commissionPlanId', 'a random UUID', () => randomUUID()],
      ['commissionPlanId', 'a non-UUID string', () => 'plan-123'],
      ['affiliateGroupId', 'a random UUID', () => randomUUID()],
      ['affiliateGroupId', 'a non-UUID string', () => 'group-123'],
    ])('%s that does not exist (%s) is 400 and creates nothing', async (field, _n, value) => {
      const p = await createProgram(server);
      expectValidation(await post(p.key, { firstName: 'A', lastName: 'B', email: email(), [field]: value() }), field);
      expect(await countAffiliates(p.programId)).toBe(0);
    });

    test('a plan or group of another program does not exist in this one: 400', async () => {
      const other = await createProgram(server);
      const otherGroup = await createGroup(other.key);
      const otherPlan = await createPlan(other.key, { commissionRate: 30, affiliateGroupId: otherGroup });
      const p = await createProgram(server);
      expectValidation(await post(p.key, { firstName: 'A', lastName: 'B', email: email(), commissionPlanId: otherPlan }), 'commissionPlanId');
      expectValidation(await post(p.key, { firstName: 'A', lastName: 'B', email: email(), affiliateGroupId: otherGroup }), 'affiliateGroupId');
      expect(await countAffiliates(p.programId)).toBe(0);
    });

    test('a plan that does not belong to the group is 400', async () => {
      const p = await createProgram(server);
      const groupA = await createGroup(p.key);
      const groupB = await createGroup(p.key);
      const planInB = await createPlan(p.key, { commissionRate: 30, affiliateGroupId: groupB });
      const planWithoutGroup = await createPlan(p.key, { commissionRate: 31 });
      expectValidation(await post(p.key, { firstName: 'A', lastName: 'B', email: email(), commissionPlanId: planInB, affiliateGroupId: groupA }));
      expectValidation(await post(p.key, { firstName: 'A', lastName: 'B', email: email(), commissionPlanId: planWithoutGroup, affiliateGroupId: groupA }));
      expect(await countAffiliates(p.programId)).toBe(0);
    });

    test('a plan in the group with that group is 200; the plan rate applies when the affiliate has none', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 10 });
      const group = await createGroup(p.key);
      const plan = await createPlan(p.key, { commissionRate: 27.5, affiliateGroupId: group });
      const res = await post(p.key, { firstName: 'A', lastName: 'B', email: email(), commissionPlanId: plan, affiliateGroupId: group });
      expect(res.status).toBe(200);
      expectAffiliateShape(res.body);
      expect(res.body.commissionPlanId).toBe(plan);
      expect(res.body.affiliateGroupId).toBe(group);
      expect(res.body.commissionRate).toBe(27.5);
      expect((await get(p.key, { id: res.body.id })).body.commissionRate).toBe(27.5);
    });

    test('an affiliate\'s own rate wins over its plan\'s', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 10 });
      const group = await createGroup(p.key);
      const plan = await createPlan(p.key, { commissionRate: 27.5, affiliateGroupId: group });
      const a = await createAffiliate(server, p.key, { commissionPlanId: plan, affiliateGroupId: group, commissionRate: 5 });
      expect(a.commissionRate).toBe(5);
    });

    test('a plan alone, or a group alone, is accepted', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 10 });
      const group = await createGroup(p.key);
      const plan = await createPlan(p.key, { commissionRate: 12, affiliateGroupId: group });
      const a = await createAffiliate(server, p.key, { commissionPlanId: plan });
      expect(a.commissionPlanId).toBe(plan);
      expect(a.commissionRate).toBe(12);
      const b = await createAffiliate(server, p.key, { affiliateGroupId: group });
      expect(b.affiliateGroupId).toBe(group);
      expect(b.commissionRate).toBe(10);
    });
  });

  describe('affiliate limit', () => {
    test('with affiliateLimit 2 the third POST is 400 LIMIT_REACHED', async () => {
      const p = await createProgram(server, { affiliateLimit: 2 });
      await createAffiliate(server, p.key);
      await createAffiliate(server, p.key);
      const e = email('third');
      const res = await post(p.key, { firstName: 'A', lastName: 'B', email: e });
      expectError(res, 400, 'LIMIT_REACHED');
      expect(await countAffiliates(p.programId)).toBe(2);
      expect((await get(p.key, { email: e })).body).toBeNull();
      expect((await get(p.key)).body).toHaveLength(2);
    });

    test('a deleted affiliate frees a place under the limit', async () => {
      const p = await createProgram(server, { affiliateLimit: 1 });
      const a = await createAffiliate(server, p.key);
      expectError(await post(p.key, { firstName: 'A', lastName: 'B', email: email() }), 400, 'LIMIT_REACHED');
      expectOk(await del(p.key, { affiliateId: a.id }));
      expectOk(await post(p.key, { firstName: 'A', lastName: 'B', email: email() }));
    });

  });

  describe('concurrency', () => {
    // The pool has 10 connections and acquiring one times out after 60 s: give a stalled run time to finish,
    // so a failure shows its 500s (and the next test does not start on a jammed pool).
    const SLOW = 150_000;

    test('20 concurrent POSTs under affiliateLimit 5: exactly 5 succeed, the program has exactly 5 affiliates', async () => {
      const p = await createProgram(server, { affiliateLimit: 5 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(p.key, { firstName: 'C', lastName: `N${i}`, email: email(`conc${i}`) })),
      );
      expect(tally(results)).toEqual({ '200': 5, '400 LIMIT_REACHED': 15 });
      expect(await countAffiliates(p.programId)).toBe(5);
      expect(await countLinks(p.programId)).toBe(5);
      const list = expectOk(await get(p.key));
      expect(list.map((a: any) => a.id).sort()).toEqual(results.filter((r) => r.status === 200).map((r) => r.body.id).sort());
      expect(await eventsOf(p.programId, 'affiliate.created')).toHaveLength(5);
    }, SLOW);

    test('20 concurrent POSTs with the same email (varying case): exactly one 200, the rest 400 DUPLICATE', async () => {
      const p = await createProgram(server);
      const base = `same-${uniq()}@example.com`;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(p.key, { firstName: 'S', lastName: `N${i}`, email: i % 2 ? base.toUpperCase() : base })),
      );
      expect(tally(results)).toEqual({ '200': 1, '400 DUPLICATE': 19 });
      expect(await countAffiliates(p.programId)).toBe(1);
      expect(await countLinks(p.programId)).toBe(1);
      expect(await eventsOf(p.programId, 'affiliate.created')).toHaveLength(1);
    }, SLOW);

    test('20 concurrent POSTs with the same explicit affiliateLink: exactly one 200, the rest 400 DUPLICATE', async () => {
      const p = await createProgram(server);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(p.key, { firstName: 'S', lastName: `N${i}`, email: email(`l${i}`), affiliateLink: 'hot-slug' })),
      );
      expect(tally(results)).toEqual({ '200': 1, '400 DUPLICATE': 19 });
      expect(await countAffiliates(p.programId)).toBe(1);
      expect(await countLinks(p.programId)).toBe(1);
    }, SLOW);

    test('40 concurrent POSTs with distinct emails all succeed (no pool starvation, no 5xx)', async () => {
      const p = await createProgram(server);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => post(p.key, { firstName: 'P', lastName: `N${i}`, email: email(`pool${i}`) })),
      );
      expect(tally(results)).toEqual({ '200': 40 });
      expect(await countAffiliates(p.programId)).toBe(40);
    }, SLOW);

    test('10 concurrent POSTs whose emails share a local part all succeed with distinct generated slugs', async () => {
      const p = await createProgram(server);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(p.key, { firstName: 'S', lastName: `N${i}`, email: `shared.local@d${i}.example.com` })),
      );
      // No affiliateLink was sent, so "link already in use" must never be the answer (spec 4.1).
      expect(tally(results)).toEqual({ '200': 10 });
      const slugs = results.map((r) => r.body.affiliateLinks[0]);
      expect(new Set(slugs).size).toBe(10);
      for (const s of slugs) expect(s).toMatch(/^shared-local(-\d+)?$/);
    }, SLOW);
  });

  describe('side effects', () => {
    test('an active affiliate: one admin_new_affiliate email to the owner and one affiliate_welcome to the affiliate', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: true });
      const e = email('welcome');
      const a = await createAffiliate(server, p.key, { firstName: 'Wendy', lastName: 'Welcome', email: e });
      expect(a.affiliateStatus).toBe('active');
      const mails = await emailsOf(p.programId);
      expect(mails.map((m) => m.kind).sort()).toEqual(['admin_new_affiliate', 'affiliate_welcome']);
      const admin = mails.find((m) => m.kind === 'admin_new_affiliate')!;
      const welcome = mails.find((m) => m.kind === 'affiliate_welcome')!;
      expect(admin.to).toBe(p.ownerEmail);
      expect(welcome.to).toBe(e);
      expect(admin.subject.length).toBeGreaterThan(0);
      expect(welcome.subject.length).toBeGreaterThan(0);
      expect(welcome.text).toContain(a.affiliateLinks[0]);
    });

    test('a pending affiliate (no auto-approve): the admin email only, no welcome', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: false });
      const a = await createAffiliate(server, p.key);
      expect(a.affiliateStatus).toBe('pending');
      const mails = await emailsOf(p.programId);
      expect(mails.map((m) => [m.kind, m.to])).toEqual([['admin_new_affiliate', p.ownerEmail]]);
    });

    test('a pending affiliate gets no welcome even with sendWelcomeEmail true (active affiliates only)', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: true });
      const a = await createAffiliate(server, p.key, { affiliateStatus: 'pending', sendWelcomeEmail: true });
      expect(a.affiliateStatus).toBe('pending');
      expect((await emailsOf(p.programId)).map((m) => m.kind)).toEqual(['admin_new_affiliate']);
    });

    test('sendWelcomeEmail false: no welcome, the admin email is still there', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: true });
      const a = await createAffiliate(server, p.key, { sendWelcomeEmail: false });
      expect(a.affiliateStatus).toBe('active');
      const mails = await emailsOf(p.programId);
      expect(mails.map((m) => [m.kind, m.to])).toEqual([['admin_new_affiliate', p.ownerEmail]]);
    });

    test('sendWelcomeEmail true on an active affiliate sends the welcome', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: false });
      const e = email();
      await createAffiliate(server, p.key, { email: e, affiliateStatus: 'active', sendWelcomeEmail: true });
      const mails = await emailsOf(p.programId);
      expect(mails.filter((m) => m.kind === 'affiliate_welcome').map((m) => m.to)).toEqual([e]);
      expect(mails.filter((m) => m.kind === 'admin_new_affiliate').map((m) => m.to)).toEqual([p.ownerEmail]);
    });

    test('affiliate.created is recorded once with data equal to the REST response body', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 12.5 });
      const res = await post(p.key, { firstName: 'Eve', lastName: 'Event', email: email('event'), commissionRate: 7.25 });
      expect(res.status).toBe(200);
      const events = await eventsOf(p.programId, 'affiliate.created');
      expect(events).toHaveLength(1);
      expect(events[0].id).toMatch(/^evt_/);
      expect(events[0].data).toEqual(res.body);
    });

    test('affiliate.created data equals the response for a generated slug and inherited rate too', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 15, autoApproveAffiliates: false });
      const res = await post(p.key, { firstName: 'Eve', lastName: 'Event', email: email('event') });
      expect(res.status).toBe(200);
      const events = await eventsOf(p.programId, 'affiliate.created');
      expect(events).toHaveLength(1);
      expect(events[0].data).toEqual(res.body);
    });

    test.each([
      ['a duplicate link', 'DUPLICATE', async (p: ProgramFixture) => ({ firstName: 'F', lastName: 'G', email: email(), affiliateLink: (await createAffiliate(server, p.key)).affiliateLinks[0] })],
      ['a duplicate email', 'DUPLICATE', async (p: ProgramFixture) => ({ firstName: 'F', lastName: 'G', email: (await createAffiliate(server, p.key)).email.toUpperCase() })],
      ['a plan outside its group', 'VALIDATION_FAILED', async (p: ProgramFixture) => {
        const g1 = await createGroup(p.key);
        const g2 = await createGroup(p.key);
        return { firstName: 'F', lastName: 'G', email: email(), commissionPlanId: await createPlan(p.key, { commissionRate: 5, affiliateGroupId: g1 }), affiliateGroupId: g2 };
      }],
    ])('a failed POST (%s) is 400 %s and leaves no affiliate, link, event or email behind', async (_n, code, makeBody) => {
      const p = await createProgram(server);
      const body = await makeBody(p);
      const before = {
        affiliates: await countAffiliates(p.programId),
        links: await countLinks(p.programId),
        events: (await eventsOf(p.programId)).length,
        emails: (await emailsOf(p.programId)).length,
      };
      expectError(await post(p.key, body), 400, code);
      expect({
        affiliates: await countAffiliates(p.programId),
        links: await countLinks(p.programId),
        events: (await eventsOf(p.programId)).length,
        emails: (await emailsOf(p.programId)).length,
      }).toEqual(before);
    });

    test('a POST refused by the affiliate limit leaves nothing behind', async () => {
      const p = await createProgram(server, { affiliateLimit: 1 });
      await createAffiliate(server, p.key);
      const before = [await countAffiliates(p.programId), await countLinks(p.programId), (await eventsOf(p.programId)).length, (await emailsOf(p.programId)).length];
      expectError(await post(p.key, { firstName: 'A', lastName: 'B', email: email() }), 400, 'LIMIT_REACHED');
      const after = [await countAffiliates(p.programId), await countLinks(p.programId), (await eventsOf(p.programId)).length, (await emailsOf(p.programId)).length];
      expect(after).toEqual(before);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('PUT /affiliates', () => {
  test('by affiliateId (UUID): 200 {count: 1}', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const res = await put(p.key, { affiliateId: a.id, firstName: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });
    expect((await get(p.key, { id: a.id })).body.firstName).toBe('Renamed');
  });

  test('by emailAddress (any case): 200 {count: 1}', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key, { email: 'Mixed.Case@Example.com' });
    const res = await put(p.key, { emailAddress: 'mixed.case@EXAMPLE.com', lastName: 'Changed' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });
    expect((await get(p.key, { id: a.id })).body.lastName).toBe('Changed');
  });

  test.each([
    ['an unknown UUID', { affiliateId: randomUUID() }],
    ['an unknown email', { emailAddress: 'nobody-here@example.com' }],
    ['an unknown slug', { affiliateId: 'no-such-slug' }],
  ])('no match (%s): 200 {count: 0} and nothing changes', async (_n, ident) => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const res = await put(p.key, { ...ident, firstName: 'Ghost' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0 });
    expect((await get(p.key, { id: a.id })).body).toEqual(a);
    expect(await eventsOf(p.programId, 'affiliate.updated')).toHaveLength(0);
  });

  test.each([
    ['only other fields', { firstName: 'X' }],
    ['an empty body', {}],
    ['empty identifiers', { affiliateId: '', emailAddress: '' }],
    ['null identifiers', { affiliateId: null, emailAddress: null, firstName: 'X' }],
  ])('neither identifier (%s) is 400 VALIDATION_FAILED', async (_n, body) => {
    const p = await createProgram(server);
    expectValidation(await put(p.key, body));
  });

  test('affiliateLink adds a link; the old one is kept and both find the affiliate', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key, { affiliateLink: 'first-link' });
    const res = await put(p.key, { affiliateId: a.id, affiliateLink: 'Second-Link' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });
    const after = expectOk(await get(p.key, { id: a.id }));
    expect(after.affiliateLinks).toHaveLength(2);
    expect(after.affiliateLinks).toEqual(expect.arrayContaining(['first-link', 'Second-Link']));
    expect((await get(p.key, { id: 'first-link' })).body?.id).toBe(a.id);
    expect((await get(p.key, { id: 'second-link' })).body?.id).toBe(a.id);
    expect(await countLinks(p.programId)).toBe(2);
  });

  test('affiliateLink by emailAddress adds a link too', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    expect(expectOk(await put(p.key, { emailAddress: a.email, affiliateLink: 'via-email' }))).toEqual({ count: 1 });
    expect((await get(p.key, { id: a.id })).body.affiliateLinks).toEqual(expect.arrayContaining([a.affiliateLinks[0], 'via-email']));
  });

  test('an affiliateLink in use (any case, own or another\'s) is 400 and nothing changes', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key, { firstName: 'Orig', affiliateLink: 'a-link' });
    await createAffiliate(server, p.key, { affiliateLink: 'b-link' });
    for (const slug of ['B-LINK', 'b-link', 'A-Link']) {
      expectError(await put(p.key, { affiliateId: a.id, affiliateLink: slug, firstName: 'Changed', commissionRate: 44 }), 400, 'DUPLICATE');
    }
    expect((await get(p.key, { id: a.id })).body).toEqual(a);
    expect(await countLinks(p.programId)).toBe(2);
    expect(await eventsOf(p.programId, 'affiliate.updated')).toHaveLength(0);
  });

  test.each([
    ['a space', 'bad slug'],
    ['an underscore', 'bad_slug'],
    ['a slash', 'bad/slug'],
    ['unicode', 'slüg'],
  ])('an affiliateLink with %s is 400 VALIDATION_FAILED and nothing changes', async (_n, slug) => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    expectValidation(await put(p.key, { affiliateId: a.id, affiliateLink: slug, firstName: 'Changed' }), 'affiliateLink');
    expect((await get(p.key, { id: a.id })).body).toEqual(a);
  });

  test('firstName, lastName, commissionRate and affiliateStatus are applied (seen by GET)', async () => {
    const p = await createProgram(server, { defaultCommissionRate: 10, autoApproveAffiliates: false });
    const a = await createAffiliate(server, p.key, { firstName: 'Old', lastName: 'Name' });
    expect(a.affiliateStatus).toBe('pending');
    expect(a.commissionRate).toBe(10);
    await new Promise((r) => setTimeout(r, 5));
    const res = await put(p.key, { affiliateId: a.id, firstName: 'New', lastName: 'Person', commissionRate: 33.3, affiliateStatus: 'active' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });
    const after = expectOk(await get(p.key, { id: a.id }));
    expectAffiliateShape(after);
    expect(after).toEqual({
      ...a,
      firstName: 'New',
      lastName: 'Person',
      name: 'New Person',
      commissionRate: 33.3,
      affiliateStatus: 'active',
      updatedAt: expect.stringMatching(ISO_RE),
    });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(a.updatedAt));
  });

  test('commissionRate null returns the affiliate to the inherited rate', async () => {
    const p = await createProgram(server, { defaultCommissionRate: 10 });
    const a = await createAffiliate(server, p.key, { commissionRate: 40 });
    expect(expectOk(await put(p.key, { affiliateId: a.id, commissionRate: null }))).toEqual({ count: 1 });
    expect((await get(p.key, { id: a.id })).body.commissionRate).toBe(10);
  });

  test('email can be changed; to another affiliate\'s email (any case) is 400 DUPLICATE', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const b = await createAffiliate(server, p.key);
    const newEmail = email('moved');
    expect(expectOk(await put(p.key, { affiliateId: a.id, email: newEmail }))).toEqual({ count: 1 });
    expect((await get(p.key, { email: newEmail })).body?.id).toBe(a.id);
    expectError(await put(p.key, { affiliateId: a.id, email: b.email.toUpperCase() }), 400, 'DUPLICATE');
    expect((await get(p.key, { id: a.id })).body.email).toBe(newEmail);
  });

  test('commissionPlanId / affiliateGroupId are checked like on POST', async () => {
    const p = await createProgram(server, { defaultCommissionRate: 10 });
    const a = await createAffiliate(server, p.key);
    const g1 = await createGroup(p.key);
    const g2 = await createGroup(p.key);
    const plan = await createPlan(p.key, { commissionRate: 21, affiliateGroupId: g1 });
    expectValidation(await put(p.key, { affiliateId: a.id, commissionPlanId: randomUUID() }));
    expectValidation(await put(p.key, { affiliateId: a.id, affiliateGroupId: 'nope' }));
    expectValidation(await put(p.key, { affiliateId: a.id, commissionPlanId: plan, affiliateGroupId: g2 }));
    expect(expectOk(await put(p.key, { affiliateId: a.id, commissionPlanId: plan, affiliateGroupId: g1 }))).toEqual({ count: 1 });
    const after = expectOk(await get(p.key, { id: a.id }));
    expect(after).toEqual(expect.objectContaining({ commissionPlanId: plan, affiliateGroupId: g1, commissionRate: 21 }));
  });

  test.each([
    ['nickname', 'x'],
    ['id', '00000000-0000-4000-8000-000000000000'],
    ['programId', '00000000-0000-4000-8000-000000000000'],
    ['affiliateLinks', ['x']],
    ['numberOfClicks', 5],
    ['sendWelcomeEmail', true],
  ])('an unlisted field (%s) is 400 VALIDATION_FAILED and nothing changes', async (field, value) => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const res = await put(p.key, { affiliateId: a.id, firstName: 'Changed', [field]: value });
    expectValidation(res, field);
    expect((await get(p.key, { id: a.id })).body).toEqual(a);
  });

  test.each([
    ['commissionRate', 'abc'],
    ['commissionRate', '12'],
    ['commissionRate', 150],
    ['affiliateStatus', 'bogus'],
    ['firstName', 7],
    ['firstName', ''],
    ['email', 'not-an-email'],
    ['affiliateId', 12],
  ])('a wrong type or value (%s = %p) is 400 VALIDATION_FAILED and nothing changes', async (field, value) => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const body: Record<string, unknown> = { affiliateId: a.id, [field]: value };
    if (field === 'affiliateId') body.emailAddress = a.email;
    expectValidation(await put(p.key, body), field);
    expect((await get(p.key, { id: a.id })).body).toEqual(a);
  });

  test('affiliate.updated is recorded with the updated affiliate as the REST API returns it', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    expect(await eventsOf(p.programId, 'affiliate.updated')).toHaveLength(0);
    expect(expectOk(await put(p.key, { affiliateId: a.id, firstName: 'Evented', affiliateLink: 'evented-link' }))).toEqual({ count: 1 });
    const events = await eventsOf(p.programId, 'affiliate.updated');
    expect(events).toHaveLength(1);
    const now = expectOk(await get(p.key, { id: a.id }));
    expect(events[0].data).toEqual(now);
    expect(events[0].data.firstName).toBe('Evented');
    expect(events[0].data.affiliateLinks).toEqual(expect.arrayContaining([a.affiliateLinks[0], 'evented-link']));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('DELETE /affiliates', () => {
  test('by UUID: 200 with a message; the affiliate is gone', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const keep = await createAffiliate(server, p.key);
    const res = await del(p.key, { affiliateId: a.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
    expect(res.body.message.length).toBeGreaterThan(0);
    expect((await get(p.key, { id: a.id })).body).toBeNull();
    expect((await get(p.key, { email: a.email })).body).toBeNull();
    expect((await get(p.key)).body.map((x: any) => x.id)).toEqual([keep.id]);
  });

  test('by email address (any case): 200 with a message; the affiliate is gone', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key, { email: 'Delete.Me@Example.com' });
    const res = await del(p.key, { affiliateId: 'delete.me@EXAMPLE.com' });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await get(p.key, { id: a.id })).body).toBeNull();
    expect(await countAffiliates(p.programId)).toBe(0);
  });

  test.each([
    ['an unknown UUID', () => randomUUID()],
    ['an unknown email', () => 'nobody@example.com'],
    ['neither a UUID nor an email', () => 'just-text'],
  ])('nothing matched (%s): 200 with a message, nothing deleted', async (_n, value) => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const res = await del(p.key, { affiliateId: value() });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await get(p.key, { id: a.id })).body).toEqual(a);
    expect(await eventsOf(p.programId, 'affiliate.deleted')).toHaveLength(0);
  });

  test.each([
    ['no body', undefined],
    ['an empty body', {}],
    ['an empty affiliateId', { affiliateId: '' }],
    ['a blank affiliateId', { affiliateId: '   ' }],
    ['a null affiliateId', { affiliateId: null }],
    ['a numeric affiliateId', { affiliateId: 5 }],
  ])('affiliateId missing or invalid (%s) is 400 VALIDATION_FAILED', async (_n, body) => {
    const p = await createProgram(server);
    await createAffiliate(server, p.key);
    expectValidation(await del(p.key, body), 'affiliateId');
    expect(await countAffiliates(p.programId)).toBe(1);
  });

  test('an unlisted field is 400 VALIDATION_FAILED and nothing is deleted', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    expectValidation(await del(p.key, { affiliateId: a.id, force: true }), 'force');
    expect((await get(p.key, { id: a.id })).body?.id).toBe(a.id);
  });

  test('cascades: the affiliate\'s links and clicks are gone, other affiliates\' are kept', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key, { affiliateLink: 'doomed-one' });
    expectOk(await put(p.key, { affiliateId: a.id, affiliateLink: 'doomed-two' }));
    const other = await createAffiliate(server, p.key, { affiliateLink: 'survivor' });
    await insertClick(p.programId, a.id);
    await insertClick(p.programId, a.id);
    const otherClick = await insertClick(p.programId, other.id);

    const linksBefore = await api('GET', '/links', { token: p.key, query: { affiliateId: a.id } });
    expect(linksBefore.status).toBe(200);
    expect(linksBefore.body).toHaveLength(2);

    expectOk(await del(p.key, { affiliateId: a.id }));

    const linksAfter = await api('GET', '/links', { token: p.key, query: { affiliateId: a.id } });
    expect(linksAfter.status).toBe(200);
    expect(linksAfter.body).toEqual([]);
    for (const slug of ['doomed-one', 'doomed-two']) {
      const byLink = await api('GET', '/links', { token: p.key, query: { link: slug } });
      expect(byLink.status).toBe(200);
      expect(byLink.body).toEqual([]);
      expect((await get(p.key, { id: slug })).body).toBeNull();
    }
    expect(await sql(`select id from affiliate_links where program_id = ? and affiliate_id = ?`, [p.programId, a.id])).toEqual([]);
    expect(await sql(`select id from clicks where program_id = ? and affiliate_id = ?`, [p.programId, a.id])).toEqual([]);
    // The other affiliate keeps its link and click.
    expect((await get(p.key, { id: 'survivor' })).body?.id).toBe(other.id);
    expect((await get(p.key, { id: otherClick })).body?.id).toBe(other.id);
  });

  test('the deleted affiliate\'s slugs and email are free for reuse', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key, { affiliateLink: 'reuse-me' });
    expectOk(await del(p.key, { affiliateId: a.id }));
    const again = await post(p.key, { firstName: 'New', lastName: 'Owner', email: a.email, affiliateLink: 'REUSE-ME' });
    expect(again.status).toBe(200);
    expect(again.body.affiliateLinks).toEqual(['REUSE-ME']);
    expect(again.body.id).not.toBe(a.id);
    expect((await get(p.key, { id: 'reuse-me' })).body?.id).toBe(again.body.id);
  });

  test('a slug freed by deletion can be added by PUT to another affiliate', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key, { affiliateLink: 'handed-over' });
    const b = await createAffiliate(server, p.key);
    expectError(await put(p.key, { affiliateId: b.id, affiliateLink: 'handed-over' }), 400, 'DUPLICATE');
    expectOk(await del(p.key, { affiliateId: a.id }));
    expect(expectOk(await put(p.key, { affiliateId: b.id, affiliateLink: 'handed-over' }))).toEqual({ count: 1 });
    expect((await get(p.key, { id: 'handed-over' })).body?.id).toBe(b.id);
  });

  test('affiliate.deleted is recorded with the deleted affiliate', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    expectOk(await del(p.key, { affiliateId: a.id }));
    const events = await eventsOf(p.programId, 'affiliate.deleted');
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual(expect.objectContaining({ id: a.id, email: a.email, affiliateLinks: a.affiliateLinks }));
    // A second delete matches nothing and records nothing.
    const again = await del(p.key, { affiliateId: a.id });
    expect(again.status).toBe(200);
    expect(again.body.message).toEqual(expect.any(String));
    expect(await eventsOf(p.programId, 'affiliate.deleted')).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('authentication', () => {
  let p: ProgramFixture;
  let a: any;
  beforeAll(async () => {
    p = await createProgram(server);
    a = await createAffiliate(server, p.key);
  });

  const requests: [string, RequestOptions['body'], RequestOptions['query']][] = [
    ['GET', undefined, {}],
    ['POST', { firstName: 'A', lastName: 'B', email: 'unauth@example.com' }, undefined],
    ['PUT', { emailAddress: 'unauth@example.com', firstName: 'X' }, undefined],
    ['DELETE', { affiliateId: 'unauth@example.com' }, undefined],
  ];

  test.each(requests)('%s without Authorization is 401 {error, code: UNAUTHENTICATED}', async (method, body, query) => {
    const res = await api(method, '/affiliates', { body, query });
    expectError(res, 401, 'UNAUTHENTICATED');
  });

  test.each([
    ['Token x'],
    ['Bearer'],
    ['Bearer '],
    ['Basic dXNlcjpwYXNz'],
    ['bearer'],
    ['Bearer a b'],
  ])('a malformed Authorization header (%p) is 401 UNAUTHENTICATED', async (header) => {
    const res = await api('GET', '/affiliates', { headers: { authorization: header } });
    expectError(res, 401, 'UNAUTHENTICATED');
  });

  test('the key in a malformed header is not accepted ("Token <valid key>")', async () => {
    expectError(await api('GET', '/affiliates', { headers: { authorization: `Token ${p.key}` } }), 401, 'UNAUTHENTICATED');
  });

  test.each([
    ['an unknown API key', () => `apk_${randomBytes(24).toString('hex')}`],
    ['the valid key with a character changed', () => p.key.slice(0, -1) + (p.key.endsWith('A') ? 'B' : 'A')],
    ['a token of no known kind', () => `zzz_${randomBytes(24).toString('hex')}`],
    ['an unknown session token', () => `ses_${randomBytes(24).toString('hex')}`],
  ])('%s is 401 UNAUTHENTICATED', async (_n, token) => {
    expectError(await get(token()), 401, 'UNAUTHENTICATED');
  });

  test('a revoked key is 401 on every method, and writes nothing', async () => {
    const q = await createProgram(server);
    const aff = await createAffiliate(server, q.key);
    expect((await get(q.key)).status).toBe(200);
    const keys = await gql<{ apiKeys: { id: string }[] }>(`query($p: ID!) { apiKeys(programId: $p) { id } }`, { p: q.programId }, q.session);
    expect(keys.apiKeys).toHaveLength(1);
    await gql(`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id: keys.apiKeys[0].id }, q.session);

    expectError(await get(q.key), 401, 'UNAUTHENTICATED');
    expectError(await get(q.key, { id: aff.id }), 401, 'UNAUTHENTICATED');
    expectError(await post(q.key, { firstName: 'A', lastName: 'B', email: email() }), 401, 'UNAUTHENTICATED');
    expectError(await put(q.key, { affiliateId: aff.id, firstName: 'Revoked' }), 401, 'UNAUTHENTICATED');
    expectError(await del(q.key, { affiliateId: aff.id }), 401, 'UNAUTHENTICATED');
    expect(await countAffiliates(q.programId)).toBe(1);
    const [row] = await sql(`select first_name from affiliates where id = ?`, [aff.id]);
    expect(row.first_name).toBe(aff.firstName);
  });

  test('a dashboard session token on REST is 403 FORBIDDEN', async () => {
    expectError(await get(p.session), 403, 'FORBIDDEN');
    expectError(await get(p.session, { id: a.id }), 403, 'FORBIDDEN');
    expectError(await post(p.session, { firstName: 'A', lastName: 'B', email: email() }), 403, 'FORBIDDEN');
    expectError(await put(p.session, { affiliateId: a.id, firstName: 'Session' }), 403, 'FORBIDDEN');
    expectError(await del(p.session, { affiliateId: a.id }), 403, 'FORBIDDEN');
    expect((await get(p.key, { id: a.id })).body).toEqual(a);
  });

  test('an unauthenticated request with a bad body is still 401 (auth comes first)', async () => {
    expectError(await api('POST', '/affiliates', { body: { bogus: true } }), 401, 'UNAUTHENTICATED');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('two programs are isolated', () => {
  let A: ProgramFixture;
  let B: ProgramFixture;
  let a: any;
  let clickA: string;
  beforeAll(async () => {
    A = await createProgram(server);
    B = await createProgram(server);
    a = await createAffiliate(server, A.key, { email: 'Isolated@Example.com', affiliateLink: 'iso-slug' });
    clickA = await insertClick(A.programId, a.id);
  });

  test('B never reads A\'s affiliate by id, slug, email, click id or in its list', async () => {
    for (const query of <Record<string, string>[]>[{ id: a.id }, { id: 'iso-slug' }, { id: 'ISO-SLUG' }, { email: 'isolated@example.com' }, { id: clickA }]) {
      const res = await get(B.key, query);
      expect(res.status).toBe(200);
      expect(res.body).toBeNull();
    }
    const list = await get(B.key);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await get(B.key, { limit: '1' })).body).toEqual([]);
    // A's own key still sees it.
    expect((await get(A.key, { id: clickA })).body?.id).toBe(a.id);
  });

  test('B\'s PUT on A\'s affiliate (by id, slug or email) counts 0 and changes nothing', async () => {
    for (const ident of [{ affiliateId: a.id }, { affiliateId: 'iso-slug' }, { emailAddress: a.email }, { affiliateId: clickA }]) {
      const res = await put(B.key, { ...ident, firstName: 'Hijacked', affiliateLink: `hijack-${uniq()}` });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 0 });
    }
    expect((await get(A.key, { id: a.id })).body).toEqual(a);
    expect(await countLinks(B.programId)).toBe(0);
    expect(await eventsOf(A.programId, 'affiliate.updated')).toHaveLength(0);
  });

  test('B\'s DELETE of A\'s affiliate (by id or email) deletes nothing', async () => {
    for (const affiliateId of [a.id, a.email, a.email.toLowerCase()]) {
      const res = await del(B.key, { affiliateId });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await get(A.key, { id: a.id })).body).toEqual(a);
    expect(await sql(`select id from clicks where id = ?`, [clickA])).toHaveLength(1);
    expect(await eventsOf(A.programId, 'affiliate.deleted')).toHaveLength(0);
    expect(await eventsOf(B.programId, 'affiliate.deleted')).toHaveLength(0);
  });

  test('the same email and the same slug can exist in both programs', async () => {
    const res = await post(B.key, { firstName: 'Other', lastName: 'Program', email: 'isolated@example.com', affiliateLink: 'ISO-SLUG' });
    expect(res.status).toBe(200);
    expect(res.body.programId).toBe(B.programId);
    expect(res.body.id).not.toBe(a.id);
    expect((await get(B.key, { id: 'iso-slug' })).body?.id).toBe(res.body.id);
    expect((await get(A.key, { id: 'iso-slug' })).body?.id).toBe(a.id);
    expect((await get(B.key, { email: 'Isolated@Example.com' })).body?.id).toBe(res.body.id);
    expect((await get(A.key, { email: 'Isolated@Example.com' })).body?.id).toBe(a.id);
    // A generated slug in B does not avoid A's slugs either.
    const gen = await post(B.key, { firstName: 'G', lastName: 'H', email: 'iso-gen@example.com' });
    const genA = await post(A.key, { firstName: 'G', lastName: 'H', email: 'iso-gen@example.org' });
    expect(gen.body.affiliateLinks).toEqual(['iso-gen']);
    expect(genA.body.affiliateLinks).toEqual(['iso-gen']);
  });

  test('B\'s events, emails and list never include A\'s affiliate', async () => {
    for (const e of await eventsOf(B.programId)) expect(e.data.id).not.toBe(a.id);
    for (const m of await emailsOf(B.programId)) expect(m.to.toLowerCase()).not.toBe(A.ownerEmail);
    for (const x of (await get(B.key)).body) expect(x.programId).toBe(B.programId);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('bad input never gets past 400', () => {
  let p: ProgramFixture;
  beforeAll(async () => {
    p = await createProgram(server);
  });

  test.each(['POST', 'PUT', 'DELETE'])('malformed JSON on %s is 400 VALIDATION_FAILED', async (method) => {
    for (const raw of ['{"firstName": "A",', '{firstName: A}', "{'a': 1}", 'not json at all', '{"a":1}}']) {
      const res = await api(method, '/affiliates', { token: p.key, rawBody: raw });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  test.each(['POST', 'PUT', 'DELETE'])('a JSON array, string or number body on %s is 400 VALIDATION_FAILED', async (method) => {
    for (const raw of ['[]', '[{"firstName":"A","lastName":"B","email":"arr@example.com"}]', '"text"', '42', 'true']) {
      const res = await api(method, '/affiliates', { token: p.key, rawBody: raw });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await countAffiliates(p.programId)).toBe(0);
  });

  test('a body over 1 MiB is 400 VALIDATION_FAILED (not 413, not 500)', async () => {
    const big = JSON.stringify({ firstName: 'A', lastName: 'B', email: email(), affiliateLink: 'x'.repeat(1024 * 1024 + 10) });
    for (const method of ['POST', 'PUT']) {
      const res = await api(method, '/affiliates', { token: p.key, rawBody: big });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
    expect(await countAffiliates(p.programId)).toBe(0);
  });

  test('a body just under 1 MiB with a too long field is 400 VALIDATION_FAILED too', async () => {
    const res = await post(p.key, { firstName: 'x'.repeat(1000 * 1000), lastName: 'B', email: email() });
    expectValidation(res, 'firstName');
  });

  test('a repeated query parameter (?id=a&id=b) is 400 VALIDATION_FAILED', async () => {
    expectValidation(await get(p.key, { id: ['a', 'b'] }), 'id');
    expectValidation(await get(p.key, { email: ['a@example.com', 'b@example.com'] }), 'email');
    expectValidation(await get(p.key, { limit: ['1', '2'] }), 'limit');
  });

  test('a bracketed query parameter (?id[]=a, ?id[x]=a) is 400 VALIDATION_FAILED', async () => {
    expectValidation(await get(p.key, { 'id[]': 'a' }));
    expectValidation(await get(p.key, { 'id[x]': 'a' }));
  });

  test('an unknown query parameter is 400 VALIDATION_FAILED naming it', async () => {
    expectValidation(await get(p.key, { foo: 'bar' }), 'foo');
    expectValidation(await get(p.key, { id: randomUUID(), affiliateId: 'x' }), 'affiliateId');
  });

  test('fields named after Object.prototype members are unlisted fields: 400, not 500', async () => {
    const base = `"firstName":"A","lastName":"B","email":"${email('proto')}"`;
    for (const [field, raw] of [
      ['__proto__', `{${base},"__proto__":{"affiliateStatus":"active"}}`],
      ['constructor', `{${base},"constructor":"x"}`],
      ['toString', `{${base},"toString":"x"}`],
      ['hasOwnProperty', `{${base},"hasOwnProperty":1}`],
    ]) {
      expectValidation(await api('POST', '/affiliates', { token: p.key, rawBody: raw }), field);
    }
    expectValidation(await api('PUT', '/affiliates', { token: p.key, rawBody: '{"emailAddress":"x@example.com","__proto__":{"firstName":"Y"}}' }), '__proto__');
    expectValidation(await get(p.key, { constructor: 'x' }), 'constructor');
    expectValidation(await get(p.key, { ['__proto__']: 'x' }), '__proto__');
    expect(await countAffiliates(p.programId)).toBe(0);
  });

  test('a very long id (5000 characters) is 400 VALIDATION_FAILED', async () => {
    expectValidation(await get(p.key, { id: 'a'.repeat(5000) }), 'id');
    expectValidation(await get(p.key, { id: '1'.repeat(5000) }), 'id');
  });

  test('a very long email query (5000 characters) is 400 VALIDATION_FAILED', async () => {
    expectValidation(await get(p.key, { email: 'a'.repeat(4980) + '@example.com' }), 'email');
  });

  test('very long identifiers in PUT and DELETE are 400 VALIDATION_FAILED', async () => {
    expectValidation(await put(p.key, { affiliateId: 'a'.repeat(5000), firstName: 'X' }), 'affiliateId');
    expectValidation(await put(p.key, { emailAddress: 'a'.repeat(5000) + '@example.com', firstName: 'X' }), 'emailAddress');
    expectValidation(await del(p.key, { affiliateId: 'a'.repeat(5000) }), 'affiliateId');
  });

  test('odd but well-formed identifiers in PUT and DELETE match nothing and answer 200', async () => {
    for (const v of ["' or 1=1 --", '%', '_', 'ünï', '0', '99999999999999999999']) {
      expect(expectOk(await put(p.key, { affiliateId: v, firstName: 'X' }))).toEqual({ count: 0 });
      expect(expectOk(await put(p.key, { emailAddress: `${v}@example.com`, firstName: 'X' }))).toEqual({ count: 0 });
      expect(expectOk(await del(p.key, { affiliateId: v })).message).toEqual(expect.any(String));
    }
  });

  test('a JSON body with a non-JSON Content-Type is still read as JSON', async () => {
    const e = email('ctype');
    const res = await api('POST', '/affiliates', {
      token: p.key,
      rawBody: JSON.stringify({ firstName: 'C', lastName: 'T', email: e }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(e);
  });

  test('an unsupported method on /affiliates is not a 5xx', async () => {
    const res = await api('PATCH', '/affiliates', { token: p.key, body: {} });
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('rate-limit headers', () => {
  let p: ProgramFixture;
  let a: any;
  beforeAll(async () => {
    p = await createProgram(server);
    a = await createAffiliate(server, p.key);
  });

  function expectRateLimitHeaders(res: ApiResponse, policy?: 'reads' | 'writes'): void {
    const name = policy ?? '(reads|writes)';
    expect(res.headers.get('ratelimit-policy')).toMatch(new RegExp(`^"${name}";q=\\d+;w=\\d+$`));
    expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"${name}";r=\\d+;t=\\d+$`));
  }

  test('successful GET, POST, PUT and DELETE carry RateLimit-Policy and RateLimit', async () => {
    const g = await get(p.key);
    expect(g.status).toBe(200);
    expectRateLimitHeaders(g, 'reads');
    expect(g.headers.get('ratelimit-policy')).toBe('"reads";q=600;w=60');
    const byId = await get(p.key, { id: a.id });
    expectRateLimitHeaders(byId, 'reads');
    const none = await get(p.key, { id: randomUUID() });
    expect(none.body).toBeNull();
    expectRateLimitHeaders(none, 'reads');
    const created = await post(p.key, { firstName: 'R', lastName: 'L', email: email() });
    expect(created.status).toBe(200);
    expectRateLimitHeaders(created, 'writes');
    expect(created.headers.get('ratelimit-policy')).toBe('"writes";q=120;w=60');
    const updated = await put(p.key, { affiliateId: created.body.id, firstName: 'Q' });
    expect(updated.status).toBe(200);
    expectRateLimitHeaders(updated, 'writes');
    const deleted = await del(p.key, { affiliateId: created.body.id });
    expect(deleted.status).toBe(200);
    expectRateLimitHeaders(deleted, 'writes');
  });

  test('over the per-program limit: 429 RATE_LIMITED with Retry-After; counted per endpoint and method', async () => {
    const q = await createProgram(server, { readsPerMinute: 3, writesPerMinute: 2 });
    for (let i = 0; i < 3; i++) expect((await get(q.key)).status).toBe(200);
    const limited = await get(q.key);
    expectError(limited, 429, 'RATE_LIMITED');
    expectRateLimitHeaders(limited, 'reads');
    expect(limited.headers.get('ratelimit')).toMatch(/^"reads";r=0;t=\d+$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Writes have their own budget.
    expect((await post(q.key, { firstName: 'A', lastName: 'B', email: email() })).status).toBe(200);
    expect((await put(q.key, { emailAddress: 'nobody@example.com', firstName: 'X' })).status).toBe(200);
    expect((await post(q.key, { firstName: 'A', lastName: 'B', email: email() })).status).toBe(200);
    expectError(await post(q.key, { firstName: 'A', lastName: 'B', email: email() }), 429, 'RATE_LIMITED');
    expect(await countAffiliates(q.programId)).toBe(2);
  });

  test('the remaining count goes down with each call', async () => {
    const q = await createProgram(server);
    const r1 = await get(q.key);
    const r2 = await get(q.key);
    const remaining = (res: ApiResponse) => Number(/r=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]);
    expect(remaining(r2)).toBe(remaining(r1) - 1);
  });

  test('400 validation and business-rule errors carry them', async () => {
    expectRateLimitHeaders(await post(p.key, {}), 'writes');
    expectRateLimitHeaders(await post(p.key, { firstName: 'A', lastName: 'B', email: a.email }), 'writes');
    expectRateLimitHeaders(await get(p.key, { foo: 'bar' }), 'reads');
    expectRateLimitHeaders(await put(p.key, { firstName: 'x' }), 'writes');
    expectRateLimitHeaders(await del(p.key, {}), 'writes');
  });

  test('400 for malformed JSON carries them', async () => {
    const res = await api('POST', '/affiliates', { token: p.key, rawBody: '{"broken":' });
    expect(res.status).toBe(400);
    expectRateLimitHeaders(res);
  });

  test('400 for an oversize body carries them', async () => {
    const res = await api('POST', '/affiliates', { token: p.key, rawBody: JSON.stringify({ x: 'y'.repeat(1024 * 1024 + 1) }) });
    expect(res.status).toBe(400);
    expectRateLimitHeaders(res);
  });

  test('401 (no credential, unknown credential) carries them', async () => {
    const none = await api('GET', '/affiliates');
    expect(none.status).toBe(401);
    expectRateLimitHeaders(none);
    const unknown = await get(`apk_${randomBytes(24).toString('hex')}`);
    expect(unknown.status).toBe(401);
    expectRateLimitHeaders(unknown);
  });

  test('403 (session token) carries them', async () => {
    const res = await get(p.session);
    expect(res.status).toBe(403);
    expectRateLimitHeaders(res);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('the whole file', () => {
  test('no response had a status of 500 or more', () => {
    expect(seen.length).toBeGreaterThan(100);
    const fives: Record<string, number> = {};
    for (const r of seen.filter((x) => x.status >= 500)) fives[`${r.method} ${r.path} ${r.status}`] = (fives[`${r.method} ${r.path} ${r.status}`] ?? 0) + 1;
    expect(fives).toEqual({});
  });
});
