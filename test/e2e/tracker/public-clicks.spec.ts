/**
 * Attribution on the merchant's site over HTTP (DESIGN.md): GET /tracker.js, the publishable key and what it may
 * not do, POST /api/v1/public/clicks (the visit, repeats, the trackingUrl's click_id, robots, the program's
 * cookie rules in the answer), CORS for the base URLs' origins, the per-address limit, and crediting a referral
 * with the click id. The same in a real browser: tracker-browser.spec.ts.
 */
import http from 'node:http';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { createAffiliate as createAffiliateOn, createProgram, type ProgramFixture } from '../../helpers/factories';
import { clickIdOf, restClient, visitor } from '../../helpers/rest-client';
import { useAffiliate, useProgram, useTestServer } from '../../helpers/harness';
import { personEmail, slug } from '../../helpers/spec-client';
import { expectError, expectValidation, HASH_RE, testNoServerErrors } from '../../helpers/assertions';
import { ROTATE_PUBLISHABLE_KEY } from '../../helpers/graphql-documents';

// X-Forwarded-For from the test client (loopback) is believed, so tests act as distinct visitors; the
// per-address limit is tested on a server of its own below.
const server = useTestServer({ trustProxy: 'loopback', clicksPerMinute: 100_000 });

const api = restClient(() => server);
const { seen, call, program, sql, createAffiliate, createLink, linkBySlug, clickCounters, visit, clickRow, gql, gqlData } = api;

const SHOP = 'https://shop.example.com';
const UPDATE_PROGRAM = 'mutation($id: ID!, $i: ProgramInput!) { updateProgram(id: $id, input: $i) { cookieWindowDays attributionModel } }';
const PROGRAM_TRACKING = 'query($id: ID!) { program(id: $id) { publishableKey cookieWindowDays attributionModel } }';

/** POST /api/v1/public/clicks with the key in the query string (as tracker.js sends it). */
const publicClick = (key: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  call('POST', '/public/clicks', { query: key === undefined ? {} : { key }, body, headers });

/** The program's clicks in the clicks table. */
const clickCount = async (p: ProgramFixture) => Number((await sql('select count(*) as n from clicks where program_id = ?', [p.programId]))[0].n);

/** GET /tracker.js with If-None-Match, over node:http. */
function revalidate(etag: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}/tracker.js`, { headers: { 'if-none-match': etag } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('GET /tracker.js', () => {
  test('a classic script under 3 KB gzipped, JavaScript, cacheable, revalidated by its ETag (304)', async () => {
    const res = await fetch(`${server.url}/tracker.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/\bpublic\b.*\bmax-age=\d+/);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get('cache-control')!)![1])).toBeGreaterThan(0);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const body = await res.text();
    expect(gzipSync(body).length).toBeLessThan(3 * 1024);
    // A classic script: it compiles as one (an import or export statement would not), and names what it uses.
    expect(() => new vm.Script(body)).not.toThrow();
    expect(body).not.toMatch(/^\s*(import|export)\s/m);
    for (const s of ['/api/v1/public/clicks', 'data-program', 'aff_ref', 'affiliateReferral', 'affiliate-referral', 'SameSite=Lax', 'Secure'])
      expect(body).toContain(s);

    // Revalidation as a browser cache sends it (fetch would add Cache-Control: no-cache to a conditional request).
    const again = await revalidate(etag!);
    expect(again).toEqual({ status: 304, body: '' });
    expect((await revalidate('"something-else"')).status).toBe(200);
  });
});

describe('the publishable key', () => {
  // Not useProgram: the last test rotates the key and writes the new one into the program.
  let p: ProgramFixture;
  let s: string;
  beforeAll(async () => {
    p = await program();
    s = slug('pk');
    await createAffiliate(p, { affiliateLink: s });
  });

  test('every program has one (pk_…), readable by its owner and its API key, never by a partner token', async () => {
    expect(p.publishableKey).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    const other = await program();
    expect(other.publishableKey).not.toBe(p.publishableKey);
    const owner = await gqlData(p.session, PROGRAM_TRACKING, { id: p.programId });
    expect(owner.program).toEqual({ publishableKey: p.publishableKey, cookieWindowDays: 60, attributionModel: 'first_click' });
    const key = await gqlData(p, '{ program { publishableKey } }');
    expect(key.program.publishableKey).toBe(p.publishableKey);
  });

  test('as a bearer anywhere else it is 401: REST, GraphQL, the server-side click endpoint', async () => {
    expectError(await call('GET', '/affiliates', { token: p.publishableKey }), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', '/program', { token: p.publishableKey }), 401, 'UNAUTHENTICATED');
    expectError(await call('POST', '/clicks', { token: p.publishableKey, body: { link: s } }), 401, 'UNAUTHENTICATED');
    expectError(
      await call('POST', '/referrals', { token: p.publishableKey, body: { affiliateId: s, name: 'N', email: personEmail(), referredUserExternalId: 'x' } }),
      401,
      'UNAUTHENTICATED',
    );
    const graphql = await gql(p.publishableKey, '{ programs { id publishableKey } }');
    expect(graphql.status).toBe(401);
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Not even the mutation behind the click endpoint: on /graphql the key is nobody.
    const direct = await gql(p.publishableKey, 'mutation($r: String!) { recordPublicClick(input: { ref: $r }) { clickId } }', { r: s });
    expect(direct.status).toBe(401);
    expect(await clickCount(p)).toBe(0);
  });

  test('POST /public/clicks without a valid publishable key is 4xx and records nothing', async () => {
    const body = { ref: s };
    expectError(await publicClick(undefined, body), 401, 'UNAUTHENTICATED');
    expectError(await publicClick('pk_unknownunknownunknownunknown00', body), 401, 'UNAUTHENTICATED');
    expectError(await publicClick('pk_x', body), 401, 'UNAUTHENTICATED');
    expectError(await publicClick('apk_not-a-publishable-key-at-all', body), 401, 'UNAUTHENTICATED');
    // Other credentials as the bearer: refused by the policy (the key is the only caller of this route).
    expectError(await call('POST', '/public/clicks', { token: p.key, body }), 403, 'FORBIDDEN');
    expectError(await call('POST', '/public/clicks', { token: p.session, body }), 403, 'FORBIDDEN');
    expectError(await call('POST', '/public/clicks', { token: 'apk_revokedorunknownkey0000000000', body }), 401, 'UNAUTHENTICATED');
    // Another program's key does not reach this program's links.
    const other = await program();
    expectError(await publicClick(other.publishableKey, body), 404, 'NOT_FOUND');
    expect(await clickCount(p)).toBe(0);
    expect(await clickCount(other)).toBe(0);
  });

  test('as the bearer of the click endpoint it works like ?key=', async () => {
    const res = await call('POST', '/public/clicks', { token: p.publishableKey, body: { ref: s }, headers: visitor('198.51.100.200') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ clickId: expect.any(Number), counted: true, cookieWindowDays: 60, attributionModel: 'first_click' });
  });

  test('the owner rotates it: the old key records nothing from then on, the new one does; only the owner may', async () => {
    const old = p.publishableKey;
    const byKey = await gql(p, ROTATE_PUBLISHABLE_KEY, { id: p.programId });
    expect(byKey.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const rotated = await gqlData(p.session, ROTATE_PUBLISHABLE_KEY, { id: p.programId });
    const fresh = rotated.rotatePublishableKey.publishableKey as string;
    expect(fresh).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    expect(fresh).not.toBe(old);
    const before = await clickCount(p);
    expectError(await publicClick(old, { ref: s }, visitor('198.51.100.201')), 401, 'UNAUTHENTICATED');
    expect(await clickCount(p)).toBe(before);
    expect((await publicClick(fresh, { ref: s }, visitor('198.51.100.201'))).status).toBe(200);
    expect(await clickCount(p)).toBe(before + 1);
    // The API key's cached program shows the new key too.
    expect((await gqlData(p, '{ program { publishableKey } }')).program.publishableKey).toBe(fresh);
    p.publishableKey = fresh;
  });
});

describe('POST /api/v1/public/clicks', () => {
  let link: any;
  const p = useProgram(() => program());
  const s = slug('site');
  const a = useAffiliate(() => createAffiliate(p, { affiliateLink: s }));
  beforeAll(async () => {
    link = await linkBySlug(p, s);
  });

  test("records the visit: the link's click with the landing page, referrer, the browser's User-Agent and the address as a hash", async () => {
    const res = await publicClick(
      p.publishableKey,
      { ref: s, landingUrl: `${SHOP}/pricing?ref=${s}`, referrer: 'https://blog.example.net/post' },
      visitor('203.0.113.10', 'Mozilla/5.0 (Visitor One)'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"clicks";q=100000;w=60');
    expect(res.body).toEqual({ clickId: expect.any(Number), counted: true, cookieWindowDays: 60, attributionModel: 'first_click' });
    const row = await clickRow(res.body.clickId);
    expect(row).toEqual(
      expect.objectContaining({
        program_id: p.programId,
        affiliate_id: a.id,
        link_id: link.id,
        landing_url: `${SHOP}/pricing?ref=${s}`,
        referrer: 'https://blog.example.net/post',
        user_agent: 'Mozilla/5.0 (Visitor One)',
        ip_hash: expect.stringMatching(HASH_RE),
      }),
    );
    expect(await clickCounters(p, a.id)).toEqual({ numberOfClicks: 1, links: { [s]: 1 } });
  });

  test('the same visitor again within 30 minutes: the same click, counted once', async () => {
    const v = visitor('203.0.113.11', 'Mozilla/5.0 (Visitor Two)');
    const first = await publicClick(p.publishableKey, { ref: s }, v);
    const before = await clickCounters(p, a.id);
    const again = await publicClick(p.publishableKey, { ref: s }, v);
    expect(first.body.counted).toBe(true);
    expect(again.body).toEqual({ ...first.body, counted: false });
    expect(await clickCounters(p, a.id)).toEqual(before);
  });

  test("with the trackingUrl's click_id: that click is kept and not counted again", async () => {
    const q = await program();
    const qs = slug('via-r');
    const qa = await createAffiliate(q, { affiliateLink: qs });
    const v = await visit(`/r/${q.programId}/${qs}`, visitor('203.0.113.12', 'Mozilla/5.0 (Redirected)'));
    expect(v.status).toBe(302);
    const clickId = clickIdOf(v.location);
    // The landing page's call comes from the browser, which the API may see under another address.
    const res = await publicClick(q.publishableKey, { ref: qs, clickId: String(clickId) }, visitor('203.0.113.99', 'Mozilla/5.0 (Redirected)'));
    expect(res.body).toEqual({ clickId, counted: false, cookieWindowDays: 60, attributionModel: 'first_click' });
    expect(await clickCounters(q, qa.id)).toEqual({ numberOfClicks: 1, links: { [qs]: 1 } });
  });

  test('a click_id of another link, an old one or an unknown one is ignored: the visit counts as one without', async () => {
    const otherSlug = slug('other');
    await createLink(p, { link: otherSlug, affiliateId: a.id });
    const onOther = (await publicClick(p.publishableKey, { ref: otherSlug }, visitor('203.0.113.13'))).body.clickId as number;
    const before = await clickCounters(p, a.id);
    const res = await publicClick(p.publishableKey, { ref: s, clickId: String(onOther) }, visitor('203.0.113.14'));
    expect(res.body.counted).toBe(true);
    expect(res.body.clickId).not.toBe(onOther);
    expect((await clickRow(res.body.clickId))!.link_id).toBe(link.id);

    // Older than 30 minutes (a landing URL shared on): another visitor's visit is a new one.
    const old = (await publicClick(p.publishableKey, { ref: s }, visitor('203.0.113.15'))).body.clickId as number;
    await sql(`update clicks set created_at = now() - interval '31 minutes' where id = ?`, [old]);
    const later = await publicClick(p.publishableKey, { ref: s, clickId: String(old) }, visitor('203.0.113.16'));
    expect(later.body.counted).toBe(true);
    expect(later.body.clickId).not.toBe(old);
    // The same visitor reopening it within the cookie window (a reload, a restored tab) keeps its click.
    const reopened = await publicClick(p.publishableKey, { ref: s, clickId: String(old) }, visitor('203.0.113.15'));
    expect(reopened.body).toMatchObject({ clickId: old, counted: false });
    // Past the cookie window even the same visitor's is a new visit.
    await sql(`update clicks set created_at = now() - interval '61 days' where id = ?`, [old]);
    const expired = await publicClick(p.publishableKey, { ref: s, clickId: String(old) }, visitor('203.0.113.15'));
    expect(expired.body.counted).toBe(true);

    const unknown = await publicClick(p.publishableKey, { ref: s, clickId: '999999999' }, visitor('203.0.113.17'));
    expect(unknown.body.counted).toBe(true);
    const notANumber = await publicClick(p.publishableKey, { ref: s, clickId: 'abc' }, visitor('203.0.113.18'));
    expect(notANumber.body.counted).toBe(true);
    expect((await clickCounters(p, a.id)).numberOfClicks).toBe(before.numberOfClicks + 6);
  });

  test('an unknown ref is 404, a missing or oversized field 400; nothing is recorded', async () => {
    const before = await clickCount(p);
    expectError(await publicClick(p.publishableKey, { ref: 'no-such-slug' }), 404, 'NOT_FOUND');
    expectError(await publicClick(p.publishableKey, { ref: 'not a slug!' }), 404, 'NOT_FOUND');
    expectValidation(await publicClick(p.publishableKey, {}), 'ref');
    expectValidation(await publicClick(p.publishableKey, { ref: '   ' }), 'ref');
    expectValidation(await publicClick(p.publishableKey, { ref: s, clickId: '1'.repeat(33) }), 'clickId');
    expectValidation(await publicClick(p.publishableKey, { ref: s, landingUrl: 'x'.repeat(2001) }), 'landingUrl');
    expectValidation(await publicClick(p.publishableKey, { ref: s, unknownField: 1 }), 'unknownField');
    expectValidation(await call('POST', '/public/clicks', { query: { key: p.publishableKey }, rawBody: '{"ref":' }));
    expect(await clickCount(p)).toBe(before);
  });

  test.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Twitterbot/1.0',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'WhatsApp/2.23.20.0 A',
    'TelegramBot (like TwitterBot)',
  ])('a known robot (%s) is answered without a click, here and at /r/', async (ua) => {
    const before = await clickCounters(p, a.id);
    const rows = await clickCount(p);
    const res = await publicClick(p.publishableKey, { ref: s }, visitor('203.0.113.20', ua));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ clickId: null, counted: false, cookieWindowDays: 60, attributionModel: 'first_click' });
    const v = await visit(`/r/${p.programId}/${s}`, visitor('203.0.113.20', ua));
    expect(v.status).toBe(302);
    expect(v.location).toBe(`${SHOP}?ref=${s}`);
    expect(await clickCounters(p, a.id)).toEqual(before);
    expect(await clickCount(p)).toBe(rows);
  });

  test("the answer carries the program's cookie window and attribution model, set with updateProgram (within bounds)", async () => {
    const q = await program();
    const qs = slug('rules');
    await createAffiliate(q, { affiliateLink: qs });
    const changed = await gqlData(q.session, UPDATE_PROGRAM, { id: q.programId, i: { cookieWindowDays: 7, attributionModel: 'last_click' } });
    expect(changed.updateProgram).toEqual({ cookieWindowDays: 7, attributionModel: 'last_click' });
    const res = await publicClick(q.publishableKey, { ref: qs }, visitor('203.0.113.30'));
    expect(res.body).toEqual({ clickId: expect.any(Number), counted: true, cookieWindowDays: 7, attributionModel: 'last_click' });
    for (const [i, field] of [
      [{ cookieWindowDays: 0 }, 'cookieWindowDays'],
      [{ cookieWindowDays: 366 }, 'cookieWindowDays'],
      [{ cookieWindowDays: 1.5 }, 'cookieWindowDays'],
    ] as const) {
      const bad = await gql(q.session, UPDATE_PROGRAM, { id: q.programId, i });
      expect({ i, code: bad.body.errors?.[0]?.extensions?.code }).toEqual({ i, code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(bad.body.errors)).toContain(field);
    }
    const badModel = await gql(q.session, UPDATE_PROGRAM, { id: q.programId, i: { attributionModel: 'middle_click' } });
    expect(badModel.status).toBe(400);
    expect((await gqlData(q.session, PROGRAM_TRACKING, { id: q.programId })).program).toMatchObject({ cookieWindowDays: 7, attributionModel: 'last_click' });
    // Bounds are inclusive; an API key may read the settings but not change them.
    expect((await gqlData(q.session, UPDATE_PROGRAM, { id: q.programId, i: { cookieWindowDays: 365 } })).updateProgram.cookieWindowDays).toBe(365);
    expect((await gqlData(q.session, UPDATE_PROGRAM, { id: q.programId, i: { cookieWindowDays: 1 } })).updateProgram.cookieWindowDays).toBe(1);
    expect((await gql(q, UPDATE_PROGRAM, { id: q.programId, i: { cookieWindowDays: 30 } })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  test('credit: POST /referrals with the click id credits the clicked affiliate; the link counts that click once and the referral once', async () => {
    const q = await program();
    const qs = slug('credit');
    const qa = await createAffiliate(q, { affiliateLink: qs });
    const other = await createAffiliate(q);
    const v = await visit(`/r/${q.programId}/${qs}`, visitor('203.0.113.40'));
    const clickId = clickIdOf(v.location);
    const kept = (await publicClick(q.publishableKey, { ref: qs, clickId: String(clickId) }, visitor('203.0.113.40'))).body.clickId;
    expect(kept).toBe(clickId);
    const referral = await call('POST', '/referrals', {
      token: q.key,
      body: { affiliateId: String(kept), name: 'Grace Hopper', email: personEmail('grace'), referredUserExternalId: `cus_${kept}` },
    });
    expect(referral.status).toBe(200);
    expect(referral.body).toMatchObject({ affiliateId: qa.id, clickId, selfReferral: false });
    const l = await linkBySlug(q, qs);
    expect({ clicks: l.clicks, referrals: l.referrals }).toEqual({ clicks: 1, referrals: 1 });
    expect((await api.affiliateById(q, qa.id)).numberOfReferredUsers).toBe(1);
    expect((await api.affiliateById(q, other.id)).numberOfReferredUsers).toBe(0);
  });
});

describe('CORS: the origins of the program base URLs only', () => {
  const p = useProgram(() => program());
  const s = slug('cors');
  beforeAll(async () => {
    await createAffiliate(p, { affiliateLink: s });
  });

  const preflight = (key: string | undefined, origin: string | undefined) =>
    fetch(`${server.url}/api/v1/public/clicks${key ? `?key=${encodeURIComponent(key)}` : ''}`, {
      method: 'OPTIONS',
      headers: {
        ...(origin ? { origin } : {}),
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
        'x-forwarded-for': '192.0.2.1',
      },
    });

  test('the preflight from a base URL origin is answered: the origin echoed, POST and Content-Type allowed, cached', async () => {
    for (const origin of [SHOP, 'https://example.org']) {
      const res = await preflight(p.publishableKey, origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toBe('POST');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(res.headers.get('vary')).toContain('Origin');
    }
  });

  test('the preflight from any other origin, without a key or with an unknown one carries no allow header', async () => {
    for (const [key, origin, status] of [
      [p.publishableKey, 'https://evil.example', 403],
      [p.publishableKey, 'http://shop.example.com', 403], // another scheme is another origin
      [p.publishableKey, 'https://shop.example.com:8443', 403],
      [p.publishableKey, 'null', 403],
      [undefined, SHOP, 401],
      ['pk_unknownunknownunknownunknown00', SHOP, 401],
    ] as const) {
      const res = await preflight(key, origin);
      expect({ origin, status: res.status, allow: res.headers.get('access-control-allow-origin') }).toEqual({ origin, status, allow: null });
    }
  });

  test('a call from a base URL origin gets the origin echoed; from another origin 403 without it, and nothing is recorded', async () => {
    const ok = await publicClick(p.publishableKey, { ref: s }, { origin: SHOP, ...visitor('192.0.2.2') });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(ok.headers.get('vary')).toContain('Origin');
    const before = await clickCount(p);
    for (const origin of ['https://evil.example', 'null', 'https://shop.example.com.evil.example']) {
      const res = await publicClick(p.publishableKey, { ref: s }, { origin, ...visitor('192.0.2.3') });
      expectError(res, 403, 'FORBIDDEN');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(await clickCount(p)).toBe(before);
    // An error of an allowed origin's call is readable by the page (the origin is echoed on it too).
    const missing = await publicClick(p.publishableKey, { ref: 'no-such-ref' }, { origin: SHOP });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(SHOP);
  });

  test('a new base URL is allowed at once; a removed one no longer', async () => {
    const origin = 'https://new-shop.example.net';
    expect((await preflight(p.publishableKey, origin)).status).toBe(403);
    await gqlData(p.session, 'mutation($id: ID!, $u: [String!]) { updateProgram(id: $id, input: { baseUrls: $u }) { id } }', {
      id: p.programId,
      u: [`${origin}/shop`],
    });
    const res = await preflight(p.publishableKey, origin);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect((await preflight(p.publishableKey, SHOP)).status).toBe(403);
    expect((await publicClick(p.publishableKey, { ref: s }, { origin: SHOP })).status).toBe(403);
  });
});

describe('the per-address limit', () => {
  const limited = useTestServer({ trustProxy: 'loopback', clicksPerMinute: 3 });

  test('beyond CLICKS_PER_MINUTE calls from one address: 429 with Retry-After, nothing recorded; other addresses go on', async () => {
    const q = await createProgram(limited);
    const qs = slug('limit');
    await createAffiliateOn(limited, q.key, { affiliateLink: qs });
    const send = (ip: string, ua: string) =>
      limited.api('POST', '/public/clicks', { query: { key: q.publishableKey }, body: { ref: qs }, headers: visitor(ip, ua) });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await send('198.51.100.50', `Mozilla/5.0 (Tab ${i})`));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3].body.code).toBe('RATE_LIMITED');
    expect(Number(answers[3].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers[3].headers.get('ratelimit-policy')).toBe('"clicks";q=3;w=60');
    const counted = await limited.runtime.orm.em
      .fork()
      .getConnection()
      .execute('/* test */ select count(*)::int as n from clicks where program_id = ?', [q.programId]);
    expect(counted[0].n).toBe(3);
    expect((await send('198.51.100.51', 'Mozilla/5.0 (Elsewhere)')).status).toBe(200);
  });
});

testNoServerErrors(seen, 40);
