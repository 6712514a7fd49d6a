/**
 * Click tracking over HTTP against the real app on a real PostgreSQL: the public redirect GET /r/:slug (DESIGN.md
 * surfaces) and POST /api/v1/clicks (a click reported by the program's own server). Clicks are read back from the
 * clicks table, counters through GET /links and GET /affiliates.
 * Here POST /api/v1/clicks: the answer and the stored row, counters, known robots (answered, not recorded),
 * validation, de-duplication of reports that carry the visitor's address, and isolation between programs.
 */
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { clickIdOf, restClient, visitor } from '../../../helpers/rest-client';
import { slug } from '../../../helpers/spec-client';
import { expectError, HASH_RE, ISO_RE, testNoServerErrors, UUID_RE } from '../../../helpers/assertions';
import { CLICK_KEYS } from '../../../helpers/shapes';

// X-Forwarded-For from the test client (loopback) is believed, so tests can act as distinct visitors. The
// per-address limit is tested on a server of its own; here it must not get in the way of a whole file of GETs.
const server = useTestServer({ trustProxy: 'loopback', clicksPerMinute: 100_000 });

const api = restClient(() => server);
const { seen, call, program, rowCount, createAffiliate, createLink, linkBySlug, clickCounters, visit, clickRow, linkClicks } = api;
const clicks = api.endpoint('/clicks');

describe('POST /api/v1/clicks', () => {
  let link: any;

  const p = useProgram(() => program());
  const s = slug('server');
  const a = useAffiliate(() => createAffiliate(p, { affiliateLink: s }));
  beforeAll(async () => {
    link = await linkBySlug(p, s);
  });

  test('200 with the click {id, link, linkId, affiliateId, referrer, userAgent, landingUrl, createdAt}; the row keeps the IP as a hash', async () => {
    const body = {
      link: s,
      referrer: 'https://news.example.com/',
      userAgent: 'Mozilla/5.0 (Server-side)',
      ip: '192.0.2.55',
      landingUrl: 'https://shop.example.com/pricing',
    };
    const t0 = Date.now();
    const res = await clicks.post(p, body);
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
    const res = await clicks.post(p, { link: s });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      link: s,
      linkId: link.id,
      affiliateId: a.id,
      referrer: null,
      userAgent: null,
      landingUrl: null,
      createdAt: expect.stringMatching(ISO_RE),
    });
    expect((await clickRow(res.body.id))!.ip_hash).toBeNull();
  });

  test.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '192.0.2.60'],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', '192.0.2.61'],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', null],
  ])("a known robot's userAgent (%s): 200 with id null, as reported; nothing recorded or counted", async (userAgent, ip) => {
    const before = await clickCounters(p, a.id);
    const rows = await rowCount('clicks', p.programId);
    const body = { link: s, userAgent, ip, referrer: 'https://chat.example.com/', landingUrl: 'https://shop.example.com/' };
    const res = await clicks.post(p, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: null,
      link: s,
      linkId: link.id,
      affiliateId: a.id,
      referrer: body.referrer,
      userAgent,
      landingUrl: body.landingUrl,
      createdAt: expect.stringMatching(ISO_RE),
    });
    expect(await rowCount('clicks', p.programId)).toBe(rows);
    expect(await clickCounters(p, a.id)).toEqual(before);
    // An unknown link is still 404 for a robot.
    expectError(await clicks.post(p, { ...body, link: 'no-such-link' }), 404, 'NOT_FOUND');
  });

  test('the link matches in any case; the answer carries the slug as stored', async () => {
    const res = await clicks.post(p, { link: s.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.link).toBe(s);
    expect(res.body.linkId).toBe(link.id);
  });

  test("the link's clicks and the affiliate's numberOfClicks count each click; ids increase", async () => {
    const before = await clickCounters(p, a.id);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await clicks.post(p, { link: s })).body.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    const after = await clickCounters(p, a.id);
    expect(after.numberOfClicks).toBe(before.numberOfClicks + 3);
    expect(after.links[s]).toBe(before.links[s] + 3);
  });

  test('10 concurrent clicks: all recorded, counters exact', async () => {
    const before = await clickCounters(p, a.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => clicks.post(p, { link: s })));
    for (const r of results) expect(r.status).toBe(200);
    const after = await clickCounters(p, a.id);
    expect(after.numberOfClicks).toBe(before.numberOfClicks + 10);
    expect(after.links[s]).toBe(before.links[s] + 10);
  });

  test('an unknown or malformed link: 404 NOT_FOUND, no click', async () => {
    const before = await rowCount('clicks', p.programId);
    for (const l of ['no-such-link', 'bad_slug', 'has space']) {
      const res = await clicks.post(p, { link: l });
      expect({ l, status: res.status, code: res.body?.code }).toEqual({ l, status: 404, code: 'NOT_FOUND' });
    }
    expect(await rowCount('clicks', p.programId)).toBe(before);
  });

  test('link missing, null or blank: 400 VALIDATION_FAILED', async () => {
    const before = await rowCount('clicks', p.programId);
    for (const body of [{}, { link: null }, { link: '' }, { link: '   ' }, { referrer: 'https://x.example.com/' }]) {
      const res = await clicks.post(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await rowCount('clicks', p.programId)).toBe(before);
  });

  test('wrong types, unknown fields, malformed JSON: 400 VALIDATION_FAILED, no click', async () => {
    const before = await rowCount('clicks', p.programId);
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
      const res = await clicks.post(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    for (const rawBody of ['{"link": ', '[]', `["${s}"]`, '"text"']) {
      const res = await call('POST', '/clicks', { token: p.key, rawBody });
      expect({ rawBody, status: res.status, code: res.body?.code }).toEqual({ rawBody, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await rowCount('clicks', p.programId)).toBe(before);
  });

  describe("with `ip` (the visitor's address) a report is de-duplicated like a visit; without, each counts", () => {
    const fresh = async () => {
      const l = await createLink(p, { link: slug('srv-rep'), affiliateId: a.id });
      return l;
    };

    test('a repeat by the same ip and userAgent within 30 minutes answers the counted click and counts nothing; another userAgent counts', async () => {
      const l = await fresh();
      const body = { link: l.link, ip: '192.0.2.90', userAgent: 'Mozilla/5.0 (Reported)', referrer: 'https://first.example.com/' };
      const first = await clicks.post(p, body);
      expect(first.status).toBe(200);
      const again = await clicks.post(p, { ...body, referrer: 'https://second.example.com/' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await clicks.post(p, { link: l.link, ip: '192.0.2.90', userAgent: 'Other Agent' })).body.id).not.toBe(first.body.id);
      expect((await clicks.post(p, { link: l.link, ip: '192.0.2.91', userAgent: body.userAgent })).body.id).not.toBe(first.body.id);
      expect(await linkClicks(l.id)).toBe(3);
      expect((await linkBySlug(p, l.link)).clicks).toBe(3);
    });

    test('10 concurrent reports of one visitor: one click', async () => {
      const l = await fresh();
      const results = await Promise.all(Array.from({ length: 10 }, () => clicks.post(p, { link: l.link, ip: '192.0.2.92' })));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect(await linkClicks(l.id)).toBe(1);
      expect((await linkBySlug(p, l.link)).clicks).toBe(1);
    });

    test('without ip every report counts, even with the same userAgent', async () => {
      const l = await fresh();
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await clicks.post(p, { link: l.link, userAgent: 'Same Agent' })).body.id);
      expect(new Set(ids).size).toBe(3);
      expect(await linkClicks(l.id)).toBe(3);
    });

    test('a reported click and a public visit by the same visitor are one click', async () => {
      const l = await fresh();
      const reported = await clicks.post(p, { link: l.link, ip: '192.0.2.93', userAgent: 'Mozilla/5.0 (Both)' });
      const v = await visit(l.trackingUrl, visitor('192.0.2.93', 'Mozilla/5.0 (Both)'));
      expect(clickIdOf(v.location)).toBe(reported.body.id);
      expect(await linkClicks(l.id)).toBe(1);
    });
  });

  test('without a token: 401, no click', async () => {
    const before = await rowCount('clicks', p.programId);
    expectError(await call('POST', '/clicks', { body: { link: s } }), 401, 'UNAUTHENTICATED');
    expect(await rowCount('clicks', p.programId)).toBe(before);
  });

  describe('two programs', () => {
    const A = useProgram(() => program());
    const B = useProgram(() => program());
    const aSlug = slug('a-only');
    const aAff = useAffiliate(() => createAffiliate(A, { affiliateLink: aSlug }));
    beforeAll(async () => {
      await createAffiliate(B);
    });

    test("B's key with A's slug: 404, no click anywhere, A's counters unchanged", async () => {
      const before = await clickCounters(A, aAff.id);
      const res = await clicks.post(B, { link: aSlug });
      expectError(res, 404, 'NOT_FOUND');
      expect(await rowCount('clicks', A.programId)).toBe(0);
      expect(await rowCount('clicks', B.programId)).toBe(0);
      expect(await clickCounters(A, aAff.id)).toEqual(before);
    });

    test("a slug in both programs: each key records on its own program's link only", async () => {
      const both = slug('both');
      const aa = await createAffiliate(A, { affiliateLink: both });
      const ba = await createAffiliate(B, { affiliateLink: both });
      const aLink = await linkBySlug(A, both);
      const bLink = await linkBySlug(B, both);
      const rb = await clicks.post(B, { link: both });
      expect(rb.status).toBe(200);
      expect(rb.body).toEqual(expect.objectContaining({ affiliateId: ba.id, linkId: bLink.id, link: both }));
      expect(await clickRow(rb.body.id)).toEqual(expect.objectContaining({ program_id: B.programId, affiliate_id: ba.id, link_id: bLink.id }));
      expect((await clickCounters(B, ba.id)).numberOfClicks).toBe(1);
      expect((await clickCounters(A, aa.id)).numberOfClicks).toBe(0);
      expect((await linkBySlug(A, both)).clicks).toBe(0);

      const ra = await clicks.post(A, { link: both });
      expect(ra.body).toEqual(expect.objectContaining({ affiliateId: aa.id, linkId: aLink.id }));
      expect((await clickCounters(A, aa.id)).numberOfClicks).toBe(1);
      expect((await clickCounters(B, ba.id)).numberOfClicks).toBe(1);
    });

    test("a click recorded by B is not resolvable with A's key, and the reverse", async () => {
      const both = slug('both2');
      await createAffiliate(A, { affiliateLink: both });
      await createAffiliate(B, { affiliateLink: both });
      const rb = await clicks.post(B, { link: both });
      const ra = await clicks.post(A, { link: both });
      expect((await call('GET', '/affiliates', { token: A.key, query: { id: String(rb.body.id) } })).body).toBeNull();
      expect((await call('GET', '/affiliates', { token: B.key, query: { id: String(ra.body.id) } })).body).toBeNull();
    });
  });
});

testNoServerErrors(seen);
