import { randomBytes } from 'node:crypto';
import type { ApiResponse } from '../../helpers/server';
import { useProgram, useTestServer } from '../../helpers/harness';
import { createAffiliate, createProgram } from '../../helpers/factories';
import { observeStatements } from '../../../src/db/sql';
import { API_KEYS, REVOKE_API_KEY } from '../../helpers/graphql-documents';

const uniq = () => randomBytes(4).toString('hex');
const PASSWORD = 'correct horse battery';

const server = useTestServer();

type Gql = ApiResponse<{ data?: any; errors?: any[] }>;
const codeOf = (res: Gql) => res.body.errors?.[0]?.extensions?.code;
const dataOf = (res: Gql) => {
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
};

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { token user { id email name } } }`;
const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { token user { id email } } }`;
const PROGRAM_FIELDS = `id name domain logoUrl currency baseUrls defaultCommissionRate autoApproveAffiliates deductTax deductShipping
  refundWindowDays affiliateLimit monthlyReferralLimit readsPerMinute writesPerMinute createdAt updatedAt`;
const CREATE_PROGRAM = `mutation($input: ProgramInput!) { createProgram(input: $input) { ${PROGRAM_FIELDS} } }`;
const UPDATE_PROGRAM = `mutation($id: ID!, $input: ProgramInput!) { updateProgram(id: $id, input: $input) { ${PROGRAM_FIELDS} } }`;
const CREATE_KEY = `mutation($p: ID!, $name: String!) { createApiKey(programId: $p, name: $name) { key apiKey { id prefix name createdAt } } }`;

async function signUp(email = `user-${uniq()}@example.com`, password = PASSWORD) {
  const res = await server.graphql(SIGN_UP, { input: { email, password, name: 'Some One' } });
  const d = dataOf(res).signUp;
  return { token: d.token as string, userId: d.user.id as string, email };
}

describe('sign-up, sign-in, me', () => {
  test('signUp answers a session token and the user', async () => {
    const email = `grace-${uniq()}@example.com`;
    const res = await server.graphql(SIGN_UP, { input: { email, password: PASSWORD, name: 'Grace Hopper' } });
    const d = dataOf(res).signUp;
    expect(d.token).toMatch(/^ses_[A-Za-z0-9_-]{20,}$/);
    expect(d.user).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), email, name: 'Grace Hopper' });
    const me = await server.graphql('{ me { id email name } }', {}, d.token);
    expect(dataOf(me).me).toEqual(d.user);
  });

  test('a taken email is DUPLICATE, also in another case', async () => {
    const { email } = await signUp();
    const again = await server.graphql(SIGN_UP, { input: { email, password: PASSWORD, name: 'X' } });
    expect(codeOf(again)).toBe('DUPLICATE');
    expect(again.body.data ?? null).toBeNull();
    const upper = await server.graphql(SIGN_UP, { input: { email: email.toUpperCase(), password: PASSWORD, name: 'X' } });
    expect(codeOf(upper)).toBe('DUPLICATE');
  });

  test.each([
    ['a short password', { password: 'short77' }],
    ['an empty password', { password: '' }],
    ['an invalid email', { email: 'not-an-email' }],
  ])('%s is VALIDATION_FAILED', async (_what, patch) => {
    const res = await server.graphql(SIGN_UP, { input: { email: `v-${uniq()}@example.com`, password: PASSWORD, name: 'X', ...patch } });
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.data ?? null).toBeNull();
  });

  test('signIn: right password gives a working token; wrong password and unknown email give the same UNAUTHENTICATED', async () => {
    const u = await signUp();
    const ok = await server.graphql(SIGN_IN, { input: { email: u.email, password: PASSWORD } });
    const d = dataOf(ok).signIn;
    expect(d.token).toMatch(/^ses_/);
    expect(d.token).not.toBe(u.token);
    expect(d.user).toEqual({ id: u.userId, email: u.email });
    expect(dataOf(await server.graphql('{ me { id } }', {}, d.token)).me.id).toBe(u.userId);

    const caseInsensitive = await server.graphql(SIGN_IN, { input: { email: u.email.toUpperCase(), password: PASSWORD } });
    expect(dataOf(caseInsensitive).signIn.user.id).toBe(u.userId);

    const wrong = await server.graphql(SIGN_IN, { input: { email: u.email, password: 'wrong password!' } });
    const unknown = await server.graphql(SIGN_IN, { input: { email: `nobody-${uniq()}@example.com`, password: PASSWORD } });
    expect(codeOf(wrong)).toBe('UNAUTHENTICATED');
    expect(codeOf(unknown)).toBe('UNAUTHENTICATED');
    expect(wrong.body.errors![0].message).toBe(unknown.body.errors![0].message);
    expect(wrong.body.data ?? null).toBeNull();
  });

  test('signIn matches the email literally: LIKE wildcards in it match nothing', async () => {
    const local = `a_b${uniq()}`;
    await signUp(`${local}@example.com`);
    for (const email of [`${local.replace('_', 'x')}@example.com`, `${local.slice(0, 2)}%@example.com`, '%', '_%@%']) {
      const res = await server.graphql(SIGN_IN, { input: { email, password: PASSWORD } });
      expect(codeOf(res)).toBe('UNAUTHENTICATED');
    }
  });

  test('me needs a session: none is UNAUTHENTICATED, an API key is FORBIDDEN', async () => {
    expect(codeOf(await server.graphql('{ me { id } }'))).toBe('UNAUTHENTICATED');
    const p = await createProgram(server);
    expect(codeOf(await server.graphql('{ me { id } }', {}, p.key))).toBe('FORBIDDEN');
  });
});

describe('programs', () => {
  const full = {
    name: 'Acme Partners',
    domain: 'acme.example.com',
    logoUrl: 'https://cdn.example.com/acme.png',
    currency: 'EUR',
    baseUrls: ['https://acme.example.com', 'https://acme.example.com/pricing?plan=pro'],
    defaultCommissionRate: 12.5,
    autoApproveAffiliates: false,
    deductTax: true,
    deductShipping: true,
    refundWindowDays: 14,
    affiliateLimit: 250,
    monthlyReferralLimit: 1000,
    readsPerMinute: 300,
    writesPerMinute: 60,
  };

  test('createProgram with every DESIGN field round-trips (answer, program(id), programs)', async () => {
    const u = await signUp();
    const created = dataOf(await server.graphql(CREATE_PROGRAM, { input: full }, u.token)).createProgram;
    expect(created).toMatchObject(full);
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const one = dataOf(await server.graphql(`query($id: ID!) { program(id: $id) { ${PROGRAM_FIELDS} } }`, { id: created.id }, u.token)).program;
    expect(one).toEqual(created);
    const list = dataOf(await server.graphql(`{ programs { ${PROGRAM_FIELDS} } }`, {}, u.token)).programs;
    expect(list).toEqual([created]);
  });

  test('defaults of a program created with a name only', async () => {
    const u = await signUp();
    const p = dataOf(await server.graphql(CREATE_PROGRAM, { input: { name: 'Minimal' } }, u.token)).createProgram;
    expect(p).toMatchObject({
      name: 'Minimal',
      domain: null,
      logoUrl: null,
      currency: 'USD',
      baseUrls: [],
      autoApproveAffiliates: true,
      deductTax: false,
      deductShipping: false,
      refundWindowDays: 30,
      affiliateLimit: null,
      monthlyReferralLimit: null,
      readsPerMinute: 600,
      writesPerMinute: 120,
    });
  });

  test('invalid settings are VALIDATION_FAILED and create nothing', async () => {
    const u = await signUp();
    for (const input of [
      { name: '' },
      { name: 'X', currency: 'EURO' },
      { name: 'X', baseUrls: ['ftp://x.example.com'] },
      { name: 'X', affiliateLimit: -1 },
      { name: 'X', readsPerMinute: 0 },
      { name: 'X', defaultCommissionRate: 101 },
    ]) {
      expect(codeOf(await server.graphql(CREATE_PROGRAM, { input }, u.token))).toBe('VALIDATION_FAILED');
    }
    expect(dataOf(await server.graphql('{ programs { id } }', {}, u.token)).programs).toEqual([]);
  });

  test('updateProgram changes what is sent, keeps the rest, and null clears optional limits', async () => {
    const u = await signUp();
    const created = dataOf(await server.graphql(CREATE_PROGRAM, { input: full }, u.token)).createProgram;
    const res = await server.graphql(
      UPDATE_PROGRAM,
      { id: created.id, input: { name: 'Renamed', currency: 'JPY', affiliateLimit: null, deductTax: false, writesPerMinute: 30 } },
      u.token,
    );
    const updated = dataOf(res).updateProgram;
    expect(updated).toEqual({
      ...created,
      name: 'Renamed',
      currency: 'JPY',
      affiliateLimit: null,
      deductTax: false,
      writesPerMinute: 30,
      updatedAt: expect.any(String),
    });
    const again = dataOf(await server.graphql(`query($id: ID!) { program(id: $id) { ${PROGRAM_FIELDS} } }`, { id: created.id }, u.token)).program;
    expect(again).toEqual(updated);
    expect(codeOf(await server.graphql(UPDATE_PROGRAM, { id: created.id, input: { currency: 'JP' } }, u.token))).toBe('VALIDATION_FAILED');
  });

  test('a user sees and changes only their own programs', async () => {
    const a = await signUp();
    const b = await signUp();
    const pa = dataOf(await server.graphql(CREATE_PROGRAM, { input: { name: 'A program' } }, a.token)).createProgram;
    expect(dataOf(await server.graphql('{ programs { id } }', {}, b.token)).programs).toEqual([]);
    expect(dataOf(await server.graphql('{ programs { id } }', {}, a.token)).programs).toEqual([{ id: pa.id }]);
    expect(codeOf(await server.graphql(UPDATE_PROGRAM, { id: pa.id, input: { name: 'Hijacked' } }, b.token))).toBe('NOT_FOUND');
    expect(codeOf(await server.graphql('query($id: ID!) { program(id: $id) { id } }', { id: pa.id }, b.token))).toBe('NOT_FOUND');
    expect(codeOf(await server.graphql(UPDATE_PROGRAM, { id: 'not-a-uuid', input: { name: 'x' } }, b.token))).toBe('NOT_FOUND');
    expect(dataOf(await server.graphql('query($id: ID!) { program(id: $id) { name } }', { id: pa.id }, a.token)).program.name).toBe('A program');
  });

  test('an API key sees only its own program and cannot create programs', async () => {
    const p = await createProgram(server);
    const other = await createProgram(server);
    expect(dataOf(await server.graphql('{ programs { id } }', {}, p.key)).programs).toEqual([{ id: p.programId }]);
    expect(codeOf(await server.graphql(CREATE_PROGRAM, { input: { name: 'By key' } }, p.key))).toBe('FORBIDDEN');
    expect(codeOf(await server.graphql(UPDATE_PROGRAM, { id: other.programId, input: { name: 'x' } }, p.key))).toBe('FORBIDDEN');
  });
});

describe('API keys', () => {
  test('createApiKey shows the key once; apiKeys lists the keys without it; the key works', async () => {
    const p = await createProgram(server);
    const res = await server.graphql(CREATE_KEY, { p: p.programId, name: 'zapier sync' }, p.session);
    const { key, apiKey } = dataOf(res).createApiKey;
    expect(key).toMatch(/^apk_[A-Za-z0-9_-]{30,}$/);
    expect(apiKey).toEqual({ id: expect.any(String), prefix: expect.any(String), name: 'zapier sync', createdAt: expect.any(String) });
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    expect(apiKey.prefix.length).toBeGreaterThanOrEqual(6);
    expect(apiKey.prefix.length).toBeLessThan(key.length - 16);
    expect(Number.isNaN(Date.parse(apiKey.createdAt))).toBe(false);

    const list = await server.graphql(
      `query($p: ID!) { apiKeys(programId: $p) { id prefix name createdAt revokedAt programId } }`,
      { p: p.programId },
      p.session,
    );
    const keys = dataOf(list).apiKeys;
    expect(keys.map((k: any) => k.name)).toEqual(['tests', 'zapier sync']);
    expect(keys[1]).toEqual({ ...apiKey, revokedAt: null, programId: p.programId });
    expect(list.text).not.toContain(key);
    expect(list.text).not.toContain(p.key);
    // The type has no field that could carry the key.
    expect(codeOf(await server.graphql(`query($p: ID!) { apiKeys(programId: $p) { key } }`, { p: p.programId }, p.session))).toBe('VALIDATION_FAILED');

    expect((await server.api('GET', '/affiliates', { token: key })).status).toBe(200);
  });

  test('revokeApiKey makes the key answer 401 on REST and GraphQL; the other keys keep working', async () => {
    const p = await createProgram(server);
    const { key, apiKey } = dataOf(await server.graphql(CREATE_KEY, { p: p.programId, name: 'to revoke' }, p.session)).createApiKey;
    expect((await server.api('GET', '/affiliates', { token: key })).status).toBe(200);
    const revoked = dataOf(await server.graphql('mutation($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }', { id: apiKey.id }, p.session)).revokeApiKey;
    expect(revoked.id).toBe(apiKey.id);
    expect(Number.isNaN(Date.parse(revoked.revokedAt))).toBe(false);

    const rest = await server.api('GET', '/affiliates', { token: key });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ error: expect.any(String), code: 'UNAUTHENTICATED' });
    const gql = await server.graphql('{ affiliates { nodes { id } } }', {}, key);
    expect(gql.status).toBe(401);
    expect(codeOf(gql)).toBe('UNAUTHENTICATED');
    expect((await server.api('GET', '/affiliates', { token: p.key })).status).toBe(200);

    const listed = dataOf(await server.graphql(`query($p: ID!) { apiKeys(programId: $p) { id revokedAt } }`, { p: p.programId }, p.session)).apiKeys;
    expect(listed.find((k: any) => k.id === apiKey.id).revokedAt).toBe(revoked.revokedAt);
  });

  test('an API key cannot create or revoke API keys (FORBIDDEN)', async () => {
    const p = await createProgram(server);
    const res = await server.graphql(CREATE_KEY, { p: p.programId, name: 'by key' }, p.key);
    expect(codeOf(res)).toBe('FORBIDDEN');
    const keys = dataOf(await server.graphql(`query($p: ID!) { apiKeys(programId: $p) { id name } }`, { p: p.programId }, p.session)).apiKeys;
    expect(keys.map((k: any) => k.name)).toEqual(['tests']);
    expect(codeOf(await server.graphql(REVOKE_API_KEY, { id: keys[0].id }, p.key))).toBe('FORBIDDEN');
    expect((await server.api('GET', '/affiliates', { token: p.key })).status).toBe(200);
  });

  test("another user cannot list, create or revoke a program's keys (NOT_FOUND)", async () => {
    const p = await createProgram(server);
    const intruder = await signUp();
    expect(codeOf(await server.graphql(API_KEYS, { p: p.programId }, intruder.token))).toBe('NOT_FOUND');
    expect(codeOf(await server.graphql(CREATE_KEY, { p: p.programId, name: 'mine now' }, intruder.token))).toBe('NOT_FOUND');
    const keys = dataOf(await server.graphql(API_KEYS, { p: p.programId }, p.session)).apiKeys;
    expect(codeOf(await server.graphql(REVOKE_API_KEY, { id: keys[0].id }, intruder.token))).toBe('NOT_FOUND');
    expect((await server.api('GET', '/affiliates', { token: p.key })).status).toBe(200);
  });
});

describe('tenancy of affiliates', () => {
  const p = useProgram(server);
  const other = useProgram(server);
  beforeAll(async () => {
    await createAffiliate(server, p.key, { email: `mine-${uniq()}@example.com` });
    await createAffiliate(server, other.key, { email: `theirs-${uniq()}@example.com` });
  });

  test("an API key naming another program's id is FORBIDDEN; its own id or none is fine", async () => {
    const q = 'query($p: ID) { affiliates(programId: $p) { nodes { id programId } } }';
    const res = await server.graphql(q, { p: other.programId }, p.key);
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect(res.text).not.toContain('theirs-');
    const own = dataOf(await server.graphql(q, { p: p.programId }, p.key)).affiliates.nodes;
    const none = dataOf(await server.graphql(q, {}, p.key)).affiliates.nodes;
    expect(own).toHaveLength(1);
    expect(own[0].programId).toBe(p.programId);
    expect(none).toEqual(own);
  });

  test('a session must pass programId, and only one of its own programs', async () => {
    const q = 'query($p: ID) { affiliates(programId: $p) { nodes { id email programId } } }';
    const missing = await server.graphql(q, {}, p.session);
    expect(codeOf(missing)).toBe('VALIDATION_FAILED');
    const foreign = await server.graphql(q, { p: other.programId }, p.session);
    expect(codeOf(foreign)).toBe('NOT_FOUND');
    expect(foreign.text).not.toContain('theirs-');
    const own = dataOf(await server.graphql(q, { p: p.programId }, p.session)).affiliates.nodes;
    expect(own).toHaveLength(1);
    expect(own[0].email).toMatch(/^mine-/);
  });

  test('no bearer is UNAUTHENTICATED; an invalid or malformed bearer is HTTP 401', async () => {
    const anon = await server.graphql('{ affiliates { nodes { id } } }');
    expect(codeOf(anon)).toBe('UNAUTHENTICATED');
    expect(anon.body.data ?? null).toBeNull();
    for (const authorization of [
      'Bearer apk_doesnotexist0000000000000',
      'Bearer ses_doesnotexist0000000000000',
      'Bearer xyz_unknownkind00000',
      'Basic dXNlcjpwYXNz',
      'Bearer',
    ]) {
      const res = await server.request('POST', '/graphql', { headers: { authorization }, body: { query: '{ affiliates { nodes { id } } }' } });
      expect(res.status).toBe(401);
      expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect(res.body.data ?? null).toBeNull();
    }
  });
});

describe('connections', () => {
  let created: any[];
  const p = useProgram(server);
  beforeAll(async () => {
    created = [];
    for (let i = 0; i < 5; i++) created.push(await createAffiliate(server, p.key, { email: `page${i}-${uniq()}@example.com` }));
  });

  const PAGE = `query($first: Int, $after: String) { affiliates(first: $first, after: $after) {
    edges { cursor node { id } } nodes { id email } pageInfo { hasNextPage endCursor } } }`;

  test('first/after walk every affiliate once, in creation order', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    const pages: number[] = [];
    for (let i = 0; i < 5; i++) {
      const conn: any = dataOf(await server.graphql(PAGE, { first: 2, after }, p.key)).affiliates;
      expect(conn.edges.map((e: any) => e.node.id)).toEqual(conn.nodes.map((n: any) => n.id));
      expect(conn.pageInfo.endCursor).toBe(conn.edges[conn.edges.length - 1].cursor);
      pages.push(conn.nodes.length);
      seen.push(...conn.nodes.map((n: any) => n.id));
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(created.map((a) => a.id));

    const exact = dataOf(await server.graphql(PAGE, { first: 5 }, p.key)).affiliates;
    expect(exact.nodes).toHaveLength(5);
    expect(exact.pageInfo.hasNextPage).toBe(false);
    const afterLast = dataOf(await server.graphql(PAGE, { first: 5, after: exact.pageInfo.endCursor }, p.key)).affiliates;
    expect(afterLast).toEqual({ edges: [], nodes: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  test('a cursor from the middle continues after that edge', async () => {
    const all = dataOf(await server.graphql(PAGE, { first: 5 }, p.key)).affiliates;
    const rest = dataOf(await server.graphql(PAGE, { first: 10, after: all.edges[2].cursor }, p.key)).affiliates;
    expect(rest.nodes.map((n: any) => n.id)).toEqual(created.slice(3).map((a) => a.id));
  });

  test.each([[{ first: 0 }], [{ first: 501 }], [{ first: -1 }], [{ first: 2, after: 'not-a-cursor' }], [{ first: 'two' }]])(
    'bad paging arguments %j are VALIDATION_FAILED',
    async (vars) => {
      expect(codeOf(await server.graphql(PAGE, vars, p.key))).toBe('VALIDATION_FAILED');
    },
  );

  test('affiliate → links with full URLs; link → affiliate', async () => {
    const slug = `grace-${uniq()}`;
    const a = await createAffiliate(server, p.key, { email: `${slug}@example.com`, affiliateLink: slug });
    const extra = await server.api('POST', '/links', { token: p.key, body: { link: `${slug}-2`, affiliateId: a.id } });
    expect(extra.status).toBe(200);
    const q = `query($id: String) { affiliate(id: $id) { id name email affiliateLinks
      links { nodes { id link affiliateId fullURLs { baseUrl fullUrl } affiliate { id email name } } pageInfo { hasNextPage } } } }`;
    const aff = dataOf(await server.graphql(q, { id: a.id }, p.key)).affiliate;
    expect(aff.affiliateLinks).toEqual([slug, `${slug}-2`]);
    expect(aff.links.pageInfo.hasNextPage).toBe(false);
    expect(aff.links.nodes.map((l: any) => l.link)).toEqual([slug, `${slug}-2`]);
    expect(aff.links.nodes[0].fullURLs).toEqual([
      { baseUrl: 'https://shop.example.com', fullUrl: `https://shop.example.com?ref=${slug}` },
      { baseUrl: 'https://example.org/landing?src=aff', fullUrl: `https://example.org/landing?src=aff&ref=${slug}` },
    ]);
    for (const l of aff.links.nodes) {
      expect(l.affiliateId).toBe(a.id);
      expect(l.affiliate).toEqual({ id: a.id, email: `${slug}@example.com`, name: 'Ada Lovelace' });
    }
    const paged = dataOf(
      await server.graphql(
        `query($id: String) { affiliate(id: $id) { links(first: 1) { nodes { link } pageInfo { hasNextPage endCursor } } } }`,
        { id: a.id },
        p.key,
      ),
    ).affiliate.links;
    expect(paged.nodes).toEqual([{ link: slug }]);
    expect(paged.pageInfo.hasNextPage).toBe(true);
    const next = dataOf(
      await server.graphql(
        `query($id: String, $after: String) { affiliate(id: $id) { links(first: 1, after: $after) { nodes { link } pageInfo { hasNextPage } } } }`,
        { id: a.id, after: paged.pageInfo.endCursor },
        p.key,
      ),
    ).affiliate.links;
    expect(next).toEqual({ nodes: [{ link: `${slug}-2` }], pageInfo: { hasNextPage: false } });

    const byLink = dataOf(
      await server.graphql(`query($f: LinkFilterInput) { links(filter: $f) { nodes { link affiliate { id email } } } }`, { f: { link: `${slug}-2` } }, p.key),
    ).links.nodes;
    expect(byLink).toEqual([{ link: `${slug}-2`, affiliate: { id: a.id, email: `${slug}@example.com` } }]);
  });
});

describe('query limits', () => {
  const p = useProgram(server);

  test('a query nested more than 10 levels deep is refused before it runs', async () => {
    const deep = '{ affiliates { nodes { links { nodes { affiliate { links { nodes { affiliate { links { nodes { id } } } } } } } } } } }';
    const res = await server.graphql(deep, {}, p.key);
    expect(res.body.data ?? null).toBeNull();
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].message).toMatch(/depth/i);
    // Exactly 10 levels is allowed.
    const ten = '{ affiliates(first: 5) { nodes { links(first: 5) { nodes { affiliate { links(first: 5) { nodes { affiliate { id } } } } } } } } }';
    expect(dataOf(await server.graphql(ten, {}, p.key)).affiliates.nodes).toEqual([]);
  });

  test('an expensive query (large first on nested lists) is refused with VALIDATION_FAILED', async () => {
    const costly = '{ affiliates(first: 500) { nodes { links(first: 500) { nodes { affiliate { links(first: 500) { nodes { id } } } } } } } }';
    const res = await server.graphql(costly, {}, p.key);
    expect(res.body.data ?? null).toBeNull();
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].message).toMatch(/cost/i);
    // The same shape with small pages is fine.
    const cheap = '{ affiliates(first: 5) { nodes { links(first: 5) { nodes { affiliate { links(first: 5) { nodes { id } } } } } } } }';
    expect(dataOf(await server.graphql(cheap, {}, p.key)).affiliates.nodes).toEqual([]);
  });

  test('omitting first costs the default page size, like writing first: 50', async () => {
    const explicit = '{ affiliates(first: 50) { nodes { links(first: 50) { nodes { affiliate { links(first: 50) { nodes { id } } } } } } } }';
    const implicit = '{ affiliates { nodes { links { nodes { affiliate { links { nodes { id } } } } } } } }';
    expect(codeOf(await server.graphql(explicit, {}, p.key))).toBe('VALIDATION_FAILED');
    // The server pages 50 at a time when first is absent, so the implicit query fetches just as much.
    expect(codeOf(await server.graphql(implicit, {}, p.key))).toBe('VALIDATION_FAILED');
  });

  test('last counts like first, on every connection, nested ones included', async () => {
    const backward = '{ affiliates(last: 500) { nodes { links(last: 500) { nodes { affiliate { links(last: 500) { nodes { id } } } } } } } }';
    const res = await server.graphql(backward, {}, p.key);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.body.errors![0].message).toMatch(/cost/i);
    const mixed =
      '{ sales(last: 500, orderBy: {field: revenue}) { nodes { id } } payoutBatches(last: 500) { nodes { id } } events(last: 500) { nodes { id } } }';
    expect(codeOf(await server.graphql(mixed, {}, p.key))).toBeUndefined();
    const cheap = '{ affiliates(last: 5) { nodes { links(last: 5) { nodes { affiliate { links(last: 5) { nodes { id } } } } } } } }';
    expect(dataOf(await server.graphql(cheap, {}, p.key)).affiliates.nodes).toEqual([]);
  });

  test('the limits also hold through fragments', async () => {
    const q = `query { affiliates(first: 500) { ...A } }
      fragment A on AffiliateConnection { nodes { links(first: 500) { nodes { affiliate { links(first: 500) { nodes { id } } } } } } }`;
    expect(codeOf(await server.graphql(q, {}, p.key))).toBe('VALIDATION_FAILED');
  });
});

describe('DataLoader batching', () => {
  const p = useProgram(server);
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) {
      const a = await createAffiliate(server, p.key, { email: `dl${i}-${uniq()}@example.com`, affiliateLink: `dl${i}-a` });
      const l = await server.api('POST', '/links', { token: p.key, body: { link: `dl${i}-b`, affiliateId: a.id } });
      if (l.status !== 200) throw new Error(l.text);
    }
  });

  const Q = `query($n: Int) { affiliates(first: $n) { nodes { email affiliateLinks commissionRate links { nodes { link affiliate { email } } } } } }`;

  async function countQueries(n: number) {
    // Statements the ORM builds are knex 'query' events; hand-written ones go through src/db/sql.ts.
    const knex = server.runtime.orm.em.getConnection().getKnex();
    const sql: string[] = [];
    const onQuery = (q: { sql: string }) => sql.push(q.sql);
    knex.on('query', onQuery);
    const stop = observeStatements((text) => sql.push(text));
    try {
      const res = await server.graphql(Q, { n }, p.key);
      return { res, sql };
    } finally {
      knex.off('query', onQuery);
      stop();
    }
  }

  test('listing affiliates with their links and each link’s affiliate costs a fixed, small number of SQL statements', async () => {
    await countQueries(1); // warm-up: the rate limiter caches the program's limits for 5 s
    const ten = await countQueries(10);
    const thirty = await countQueries(30);
    const nodes = dataOf(thirty.res).affiliates.nodes;
    expect(nodes).toHaveLength(30);
    nodes.forEach((a: any, i: number) => {
      expect(a.affiliateLinks).toEqual([`dl${i}-a`, `dl${i}-b`]);
      expect(a.links.nodes).toEqual([
        { link: `dl${i}-a`, affiliate: { email: a.email } },
        { link: `dl${i}-b`, affiliate: { email: a.email } },
      ]);
      expect(typeof a.commissionRate).toBe('number');
    });
    expect(dataOf(ten.res).affiliates.nodes).toHaveLength(10);
    // Sanity: the listener sees the statements (at least the affiliates and links selects).
    expect(thirty.sql.length).toBeGreaterThanOrEqual(2);
    expect(thirty.sql.length).toBeLessThanOrEqual(8);
    // Per-request bookkeeping that does not depend on the page (API key last-use stamp once a minute, the
    // limits cache refresh every 5 s) may land in either run; everything else must not grow with the page.
    const paged = (sql: string[]) => sql.filter((s) => !/^update "api_keys"|reads_per_minute/.test(s)).length;
    expect(paged(thirty.sql)).toBeLessThanOrEqual(paged(ten.sql));
  });
});

describe('errors', () => {
  test('an internal error says only that it failed, with the request id; no stack, no SQL', async () => {
    const p = await createProgram(server);
    const spy = jest
      .spyOn(server.runtime.services.affiliates, 'listAffiliates')
      .mockImplementation(async (ctx) => (await ctx.em.getConnection().execute('select secret_column from no_such_table_xyz')) as never);
    try {
      const res = await server.graphql('{ affiliates { nodes { id } } }', {}, p.key);
      expect(spy).toHaveBeenCalled();
      const err = res.body.errors![0];
      expect(err.extensions.code).toBe('INTERNAL');
      const requestId = res.headers.get('x-request-id');
      expect(requestId).toBeTruthy();
      expect(err.message).toContain(requestId);
      expect(err.extensions.requestId).toBe(requestId);
      expect(err.extensions).not.toHaveProperty('stacktrace');
      expect(err.extensions).not.toHaveProperty('exception');
      for (const leak of ['no_such_table_xyz', 'secret_column', 'select', 'relation', 'at ', '.ts:', 'node_modules']) expect(res.text).not.toContain(leak);
    } finally {
      spy.mockRestore();
    }
  });

  test('a syntax error and an unknown field are VALIDATION_FAILED without internals', async () => {
    const p = await createProgram(server);
    const syntax = await server.graphql('{ affiliates { nodes { id }', {}, p.key);
    expect(codeOf(syntax)).toBe('VALIDATION_FAILED');
    const unknown = await server.graphql('{ affiliates { nodes { password } } }', {}, p.key);
    expect(codeOf(unknown)).toBe('VALIDATION_FAILED');
    for (const r of [syntax, unknown]) expect(r.text).not.toMatch(/stacktrace|node_modules|\.ts:\d+/);
  });
});
