/**
 * Spec 4.2 (referrals) over HTTP: GET, POST, PUT and DELETE /api/v1/referrals against the real app on a real
 * PostgreSQL. Referral shape, subscription statuses and derived status per DESIGN.md; attribution by affiliate
 * UUID, slug, numeric click id, affiliate email or promotional code; the counters on the affiliate and the link;
 * the monthly referral limit; promo-code redemption rules; events read from the outbox table.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { startTestServer, type ApiResponse, type RequestOptions, type TestServer } from '../../helpers/server';
import { createAffiliate, type ProgramFixture } from '../../helpers/factories';
import { specClient } from '../../helpers/spec-client';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const REFERRAL_KEYS = ['affiliateId', 'clickId', 'createdAt', 'email', 'id', 'linkId', 'name', 'promoCode', 'referredUserExternalId', 'status', 'subscriptionStatus', 'updatedAt'];
const SUBSCRIPTION_STATUSES: Array<[string, 'active' | 'inactive']> = [
  ['active', 'active'],
  ['trialing', 'active'],
  ['past_due', 'inactive'],
  ['canceled', 'inactive'],
  ['unpaid', 'inactive'],
  ['incomplete', 'inactive'],
  ['expired', 'inactive'],
];

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
const slug = (prefix = 'ref') => `${prefix}-${uniq()}`;
const personEmail = (prefix = 'person') => `${prefix}-${uniq()}@example.com`;


const referrals = (method: string, opts: RequestOptions = {}) => call(method, '/referrals', opts);
const getReferrals = (p: ProgramFixture, query: Record<string, string | string[]> = {}) => referrals('GET', { token: p.key, query });
const postReferral = (p: ProgramFixture, body: unknown) => referrals('POST', { token: p.key, body });
const putReferral = (p: ProgramFixture, body: unknown) => referrals('PUT', { token: p.key, body });
const deleteReferral = (p: ProgramFixture, body: unknown) => referrals('DELETE', { token: p.key, body });

async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.runtime.orm.em.fork().getConnection().execute(query, params)) as T[];
}

/** name, email and referredUserExternalId: the required person fields, fresh each time. */
function person(overrides: Record<string, unknown> = {}) {
  const id = uniq();
  return { name: `Person ${id}`, email: `person-${id}@example.com`, referredUserExternalId: `ext-${id}`, ...overrides };
}

/** POST /referrals that must answer 200 with a referral. */
async function createReferral(p: ProgramFixture, body: Record<string, unknown>) {
  const res = await postReferral(p, { ...person(), ...body });
  if (res.status !== 200 || !res.body) throw new Error(`POST /referrals failed: ${res.status} ${res.text}`);
  return res.body;
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

/** The referral and link counters of an affiliate and its links, as the REST API shows them. */
async function counters(p: ProgramFixture, affiliateId: string) {
  const a = await affiliateById(p, affiliateId);
  const links: Record<string, number> = {};
  for (const s of a.affiliateLinks as string[]) links[s] = (await linkBySlug(p, s)).referrals;
  return { numberOfReferredUsers: a.numberOfReferredUsers as number, links };
}

/** A click recorded the way a program's server reports one (POST /clicks). */
async function recordClick(p: ProgramFixture, link: string): Promise<number> {
  const res = await call('POST', '/clicks', { token: p.key, body: { link } });
  if (res.status !== 200) throw new Error(`POST /clicks failed: ${res.status} ${res.text}`);
  return res.body.id;
}

async function events(programId: string, type: string, referralId?: string) {
  if (referralId) {
    return sql<{ id: string; data: any }>(`select id, data from events where program_id = ? and type = ? and data->>'id' = ? order by id`, [programId, type, referralId]);
  }
  return sql<{ id: string; data: any }>(`select id, data from events where program_id = ? and type = ? order by id`, [programId, type]);
}

async function referralCount(programId: string): Promise<number> {
  const [row] = await sql<{ n: string }>('select count(*) as n from referrals where program_id = ?', [programId]);
  return Number(row.n);
}

async function eventCount(programId: string, prefix = 'referral.'): Promise<number> {
  const [row] = await sql<{ n: string }>('select count(*) as n from events where program_id = ? and type like ?', [programId, `${prefix}%`]);
  return Number(row.n);
}

function expectError(res: ApiResponse, status: number, code?: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.objectContaining({ error: expect.any(String), code: code ?? expect.any(String) }) });
  expect(res.body.error.length).toBeGreaterThan(0);
}

/** The DESIGN.md referral shape. */
function expectReferral(r: any, expected: Record<string, unknown>) {
  expect(r).not.toBeNull();
  expect(Object.keys(r).sort()).toEqual(REFERRAL_KEYS);
  expect(r.id).toMatch(UUID_RE);
  expect(r.createdAt).toMatch(ISO_RE);
  expect(r.updatedAt).toMatch(ISO_RE);
  expect(r).toEqual(expect.objectContaining(expected));
}

/** A coupon (POST /coupons) and a code on it (POST /promotional-codes). */
async function createCoupon(p: ProgramFixture, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/coupons', { token: p.key, body: { name: `Coupon ${uniq()}`, percentOff: 10, ...body } });
  if (res.status !== 200) throw new Error(`POST /coupons failed: ${res.status} ${res.text}`);
  return res.body;
}

async function createCode(p: ProgramFixture, body: Record<string, unknown>) {
  const res = await call('POST', '/promotional-codes', { token: p.key, body: { code: `CODE-${uniq()}`, ...body } });
  if (res.status !== 200) throw new Error(`POST /promotional-codes failed: ${res.status} ${res.text}`);
  return res.body;
}

/** timesRedeemed of a code (GET /promotional-codes?code=) and of its coupon (GET /coupons?id=). */
async function redemptions(p: ProgramFixture, code: string) {
  const c = await call('GET', '/promotional-codes', { token: p.key, query: { code } });
  expect(c.status).toBe(200);
  const k = await call('GET', '/coupons', { token: p.key, query: { id: c.body.couponId } });
  expect(k.status).toBe(200);
  return { code: c.body.timesRedeemed as number, coupon: k.body.timesRedeemed as number };
}

// ---------------------------------------------------------------------------------------------------------

describe('POST /referrals', () => {
  let p: ProgramFixture;
  let a: any;
  let firstSlug: string;
  let secondSlug: string;
  let secondLink: any;

  beforeAll(async () => {
    p = await program();
    firstSlug = slug('first');
    a = await createAffiliate(server, p.key, { affiliateLink: firstSlug });
    secondSlug = slug('second');
    secondLink = await createLink(p, { link: secondSlug, affiliateId: a.id });
  });

  describe('attribution', () => {
    test('by affiliate UUID: 200 with the full referral, recorded active, counted on the first link', async () => {
      const before = await counters(p, a.id);
      const body = person();
      const res = await postReferral(p, { affiliateId: a.id, ...body });
      expect(res.status).toBe(200);
      const firstLink = await linkBySlug(p, firstSlug);
      expectReferral(res.body, {
        ...body,
        affiliateId: a.id,
        linkId: firstLink.id,
        clickId: null,
        promoCode: null,
        subscriptionStatus: 'active',
        status: 'active',
      });
      const after = await counters(p, a.id);
      expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
      expect(after.links[firstSlug]).toBe(before.links[firstSlug] + 1);
      expect(after.links[secondSlug]).toBe(before.links[secondSlug]);
    });

    test('the answer is the referral as GET then returns it (by id and by email)', async () => {
      const created = await createReferral(p, { affiliateId: a.id });
      const byId = await getReferrals(p, { id: created.id });
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual(created);
      const byEmail = await getReferrals(p, { id: created.email });
      expect(byEmail.body).toEqual(created);
    });

    test('by affiliate UUID in upper case: still that affiliate', async () => {
      const r = await createReferral(p, { affiliateId: a.id.toUpperCase() });
      expect(r.affiliateId).toBe(a.id);
    });

    test('by link slug: counted on that link (not the first one)', async () => {
      const before = await counters(p, a.id);
      const r = await createReferral(p, { affiliateId: secondSlug });
      expect(r.affiliateId).toBe(a.id);
      expect(r.linkId).toBe(secondLink.id);
      expect(r.clickId).toBeNull();
      const after = await counters(p, a.id);
      expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
      expect(after.links[secondSlug]).toBe(before.links[secondSlug] + 1);
      expect(after.links[firstSlug]).toBe(before.links[firstSlug]);
    });

    test('by link slug in another case: the same link', async () => {
      const r = await createReferral(p, { affiliateId: secondSlug.toUpperCase() });
      expect(r.linkId).toBe(secondLink.id);
      expect(r.affiliateId).toBe(a.id);
    });

    test('by numeric click id: the click\'s affiliate and link, clickId set', async () => {
      const clickId = await recordClick(p, secondSlug);
      const before = await counters(p, a.id);
      const r = await createReferral(p, { affiliateId: String(clickId) });
      expect(r.affiliateId).toBe(a.id);
      expect(r.linkId).toBe(secondLink.id);
      expect(r.clickId).toBe(clickId);
      const after = await counters(p, a.id);
      expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
      expect(after.links[secondSlug]).toBe(before.links[secondSlug] + 1);
      expect(after.links[firstSlug]).toBe(before.links[firstSlug]);
    });

    test('by affiliateEmail (any case): that affiliate, counted on its first link', async () => {
      const before = await counters(p, a.id);
      const r = await createReferral(p, { affiliateEmail: a.email.toUpperCase() });
      const firstLink = await linkBySlug(p, firstSlug);
      expect(r.affiliateId).toBe(a.id);
      expect(r.linkId).toBe(firstLink.id);
      expect(r.clickId).toBeNull();
      const after = await counters(p, a.id);
      expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
      expect(after.links[firstSlug]).toBe(before.links[firstSlug] + 1);
    });

    test('a second affiliate\'s referrals go to that affiliate only', async () => {
      const b = await createAffiliate(server, p.key);
      const beforeA = await counters(p, a.id);
      const r = await createReferral(p, { affiliateId: b.id });
      expect(r.affiliateId).toBe(b.id);
      expect((await counters(p, b.id)).numberOfReferredUsers).toBe(1);
      expect(await counters(p, a.id)).toEqual(beforeA);
    });

    test('an identifier that matches no affiliate: 200 with null, nothing recorded, no counter, no event', async () => {
      const before = await referralCount(p.programId);
      const beforeEvents = await eventCount(p.programId);
      const beforeCounters = await counters(p, a.id);
      const unknownClick = 9_000_000_000 + Math.floor(Math.random() * 1000);
      for (const body of [
        { affiliateId: randomUUID() },
        { affiliateId: 'no-such-slug-anywhere' },
        { affiliateId: String(unknownClick) },
        { affiliateEmail: 'nobody-here@example.com' },
      ]) {
        const res = await postReferral(p, { ...body, ...person() });
        expect({ body, status: res.status, response: res.body }).toEqual({ body, status: 200, response: null });
        expect(res.text).toBe('null');
      }
      expect(await referralCount(p.programId)).toBe(before);
      expect(await eventCount(p.programId)).toBe(beforeEvents);
      expect(await counters(p, a.id)).toEqual(beforeCounters);
    });

    test('a numeric slug that is no click id of the program is taken as the slug', async () => {
      const numeric = String(900_000_000 + Math.floor(Math.random() * 1_000_000));
      const link = await createLink(p, { link: numeric, affiliateId: a.id });
      const r = await createReferral(p, { affiliateId: numeric });
      expect(r.affiliateId).toBe(a.id);
      expect(r.linkId).toBe(link.id);
      expect(r.clickId).toBeNull();
    });

    test('without a token: 401, nothing recorded', async () => {
      const before = await referralCount(p.programId);
      expectError(await referrals('POST', { body: { affiliateId: a.id, ...person() } }), 401, 'UNAUTHENTICATED');
      expectError(await referrals('PUT', { body: { referralId: randomUUID(), subscriptionStatus: 'canceled' } }), 401, 'UNAUTHENTICATED');
      expectError(await referrals('DELETE', { body: { referralId: randomUUID() } }), 401, 'UNAUTHENTICATED');
      expect(await referralCount(p.programId)).toBe(before);
    });

    test('the same person may be referred twice: two referrals', async () => {
      const body = person();
      const r1 = await createReferral(p, { affiliateId: a.id, ...body });
      const r2 = await createReferral(p, { affiliateId: a.id, ...body });
      expect(r1.id).not.toBe(r2.id);
      const list = await getReferrals(p, { externalId: body.referredUserExternalId });
      expect(list.body.map((r: any) => r.id)).toEqual([r1.id, r2.id]);
    });
  });

  describe('validation (400, nothing recorded)', () => {
    let before: number;
    let beforeEvents: number;
    beforeAll(async () => {
      before = await referralCount(p.programId);
      beforeEvents = await eventCount(p.programId);
    });

    test('none of affiliateId, affiliateEmail, promoCode: 400 VALIDATION_FAILED', async () => {
      expectError(await postReferral(p, person()), 400, 'VALIDATION_FAILED');
      expectError(await postReferral(p, { ...person(), affiliateId: '' }), 400, 'VALIDATION_FAILED');
      expectError(await postReferral(p, { ...person(), affiliateId: null, affiliateEmail: null, promoCode: null }), 400, 'VALIDATION_FAILED');
    });

    test('more than one identifier: 400 VALIDATION_FAILED', async () => {
      const code = await createCode(p, { couponId: (await createCoupon(p)).id, affiliateId: a.id });
      const combos = [
        { affiliateId: a.id, affiliateEmail: a.email },
        { affiliateId: a.id, promoCode: code.code },
        { affiliateEmail: a.email, promoCode: code.code },
        { affiliateId: a.id, affiliateEmail: a.email, promoCode: code.code },
      ];
      for (const ids of combos) {
        const res = await postReferral(p, { ...person(), ...ids });
        expect({ ids, status: res.status, code: res.body?.code }).toEqual({ ids, status: 400, code: 'VALIDATION_FAILED' });
      }
      // The code was not redeemed by any of the refused requests.
      expect((await redemptions(p, code.code)).code).toBe(0);
    });

    test.each(['name', 'email', 'referredUserExternalId'])('%s missing, null or blank: 400 VALIDATION_FAILED naming it', async (field) => {
      for (const value of [undefined, null, '', '   ']) {
        const body: Record<string, unknown> = { affiliateId: a.id, ...person() };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const res = await postReferral(p, body);
        expect({ field, value, status: res.status, code: res.body?.code }).toEqual({ field, value, status: 400, code: 'VALIDATION_FAILED' });
        expect(res.body.error).toContain(field);
      }
    });

    test('an empty body lists every missing field', async () => {
      const res = await postReferral(p, {});
      expectError(res, 400, 'VALIDATION_FAILED');
      const fields = (res.body.details ?? []).map((d: any) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'referredUserExternalId']));
    });

    test('an invalid email: 400 VALIDATION_FAILED', async () => {
      for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com']) {
        const res = await postReferral(p, { affiliateId: a.id, ...person({ email }) });
        expect({ email, status: res.status, code: res.body?.code }).toEqual({ email, status: 400, code: 'VALIDATION_FAILED' });
      }
    });

    test('an unlisted field: 400 VALIDATION_FAILED naming it', async () => {
      for (const extra of [{ subscriptionStatus: 'trialing' }, { status: 'active' }, { linkId: randomUUID() }, { id: randomUUID() }, { clickId: 1 }, { referralId: randomUUID() }, { foo: 'bar' }]) {
        const res = await postReferral(p, { affiliateId: a.id, ...person(), ...extra });
        const field = Object.keys(extra)[0];
        expect({ field, status: res.status, code: res.body?.code }).toEqual({ field, status: 400, code: 'VALIDATION_FAILED' });
        expect(res.body.error).toContain(field);
      }
    });

    test('wrong types: 400 VALIDATION_FAILED', async () => {
      const cases: Array<Record<string, unknown>> = [
        { affiliateId: 123 },
        { affiliateId: [a.id] },
        { affiliateId: { id: a.id } },
        { affiliateId: true },
        { affiliateEmail: 42 },
        { promoCode: 7 },
        { affiliateId: a.id, name: 5 },
        { affiliateId: a.id, email: ['x@example.com'] },
        { affiliateId: a.id, referredUserExternalId: 12345 },
      ];
      for (const c of cases) {
        const res = await postReferral(p, { ...person(), ...c });
        expect({ c, status: res.status, code: res.body?.code }).toEqual({ c, status: 400, code: 'VALIDATION_FAILED' });
      }
    });

    test('too long values: 400, not 500', async () => {
      for (const c of [{ name: 'n'.repeat(201) }, { referredUserExternalId: 'x'.repeat(201) }, { affiliateId: 'a'.repeat(5000) }]) {
        const res = await postReferral(p, { affiliateId: a.id, ...person(), ...c });
        expect({ field: Object.keys(c)[0], status: res.status }).toEqual({ field: Object.keys(c)[0], status: 400 });
      }
    });

    test('malformed JSON, a JSON array, a JSON string: 400 VALIDATION_FAILED', async () => {
      for (const rawBody of ['{"affiliateId": ', '{name: "x"}', '[]', JSON.stringify([{ affiliateId: a.id, ...person() }]), '"text"', 'null-ish']) {
        const res = await referrals('POST', { token: p.key, rawBody });
        expect({ rawBody, status: res.status, code: res.body?.code }).toEqual({ rawBody, status: 400, code: 'VALIDATION_FAILED' });
      }
    });

    test('none of the refused requests recorded a referral or an event', async () => {
      expect(await referralCount(p.programId)).toBe(before);
      expect(await eventCount(p.programId)).toBe(beforeEvents);
    });
  });

  describe('events', () => {
    test('referral.created is recorded once with data equal to the REST response body', async () => {
      const r = await createReferral(p, { affiliateId: secondSlug });
      const rows = await events(p.programId, 'referral.created', r.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].data).toEqual(r);
    });

    test('referral.created for a click-attributed referral carries the clickId', async () => {
      const clickId = await recordClick(p, firstSlug);
      const r = await createReferral(p, { affiliateId: String(clickId) });
      const rows = await events(p.programId, 'referral.created', r.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].data).toEqual(r);
      expect(rows[0].data.clickId).toBe(clickId);
    });

    test('one referral.created per referral created', async () => {
      const created = await events(p.programId, 'referral.created');
      expect(created.length).toBe(await referralCount(p.programId));
    });
  });

  describe('promotional codes', () => {
    let q: ProgramFixture;
    let owner: any;
    let ownerSlug: string;
    let coupon: any;

    beforeAll(async () => {
      q = await program();
      ownerSlug = slug('owner');
      owner = await createAffiliate(server, q.key, { affiliateLink: ownerSlug });
      await createLink(q, { link: slug('owner-second'), affiliateId: owner.id });
      coupon = await createCoupon(q);
    });

    test('credits the code\'s affiliate on its first link, sets promoCode, increments the code and coupon counters', async () => {
      const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id });
      const before = await redemptions(q, code.code);
      const beforeCounters = await counters(q, owner.id);
      const body = person();
      const res = await postReferral(q, { promoCode: code.code, ...body });
      expect(res.status).toBe(200);
      const firstLink = await linkBySlug(q, ownerSlug);
      expectReferral(res.body, { ...body, affiliateId: owner.id, linkId: firstLink.id, clickId: null, promoCode: code.code, subscriptionStatus: 'active', status: 'active' });
      expect(await redemptions(q, code.code)).toEqual({ code: before.code + 1, coupon: before.coupon + 1 });
      const after = await counters(q, owner.id);
      expect(after.numberOfReferredUsers).toBe(beforeCounters.numberOfReferredUsers + 1);
      expect(after.links[ownerSlug]).toBe(beforeCounters.links[ownerSlug] + 1);
      const rows = await events(q.programId, 'referral.created', res.body.id);
      expect(rows.map((e) => e.data)).toEqual([res.body]);
    });

    test('each use counts: three referrals with the code make timesRedeemed 3', async () => {
      const k = await createCoupon(q);
      const code = await createCode(q, { couponId: k.id, affiliateId: owner.id });
      for (let i = 0; i < 3; i++) await createReferral(q, { promoCode: code.code });
      expect(await redemptions(q, code.code)).toEqual({ code: 3, coupon: 3 });
    });

    describe('refused redemptions: 400, nothing recorded, no counter moves', () => {
      /** Sends POST /referrals with the code and checks the 400 and that nothing at all changed. */
      async function expectRefused(code: string, body: Record<string, unknown> = {}, others: string[] = []) {
        const beforeReferrals = await referralCount(q.programId);
        const beforeEvents = await eventCount(q.programId);
        const beforeCounters = await counters(q, owner.id);
        const known = await call('GET', '/promotional-codes', { token: q.key, query: { code } });
        const beforeRedemptions = known.body ? await redemptions(q, code) : null;
        const beforeOthers = await Promise.all(others.map((c) => redemptions(q, c)));
        const res = await postReferral(q, { promoCode: code, ...person(), ...body });
        expectError(res, 400, 'VALIDATION_FAILED');
        expect(await referralCount(q.programId)).toBe(beforeReferrals);
        expect(await eventCount(q.programId)).toBe(beforeEvents);
        expect(await counters(q, owner.id)).toEqual(beforeCounters);
        if (beforeRedemptions) expect(await redemptions(q, code)).toEqual(beforeRedemptions);
        expect(await Promise.all(others.map((c) => redemptions(q, c)))).toEqual(beforeOthers);
        return res;
      }

      test('unknown code', async () => {
        await expectRefused(`NOPE-${uniq()}`);
      });

      test('inactive code (PUT /promotional-codes active false)', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id });
        const put = await call('PUT', '/promotional-codes', { token: q.key, body: { promotionalCodeId: code.id, active: false } });
        expect(put.status).toBe(200);
        expect(put.body.active).toBe(false);
        await expectRefused(code.code);
      });

      test('expired code (expiresAt in the past)', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, expiresAt: new Date(Date.now() - 60_000).toISOString() });
        await expectRefused(code.code);
      });

      test('a code expiring in the future is accepted', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
        const r = await createReferral(q, { promoCode: code.code });
        expect(r.promoCode).toBe(code.code);
      });

      test('code at its maxRedemptions', async () => {
        const k = await createCoupon(q);
        const code = await createCode(q, { couponId: k.id, affiliateId: owner.id, maxRedemptions: 2 });
        await createReferral(q, { promoCode: code.code });
        await createReferral(q, { promoCode: code.code });
        expect(await redemptions(q, code.code)).toEqual({ code: 2, coupon: 2 });
        await expectRefused(code.code);
        expect(await redemptions(q, code.code)).toEqual({ code: 2, coupon: 2 });
      });

      test('coupon at its maxRedemptions (reached through another code of the coupon)', async () => {
        const k = await createCoupon(q, { maxRedemptions: 1 });
        const first = await createCode(q, { couponId: k.id, affiliateId: owner.id });
        const second = await createCode(q, { couponId: k.id, affiliateId: owner.id });
        await createReferral(q, { promoCode: first.code });
        expect(await redemptions(q, first.code)).toEqual({ code: 1, coupon: 1 });
        await expectRefused(second.code, {}, [first.code]);
        expect(await redemptions(q, second.code)).toEqual({ code: 0, coupon: 1 });
      });

      test('coupon no longer valid (PUT /coupons valid false)', async () => {
        const k = await createCoupon(q);
        const code = await createCode(q, { couponId: k.id, affiliateId: owner.id });
        const put = await call('PUT', '/coupons', { token: q.key, body: { couponId: k.id, valid: false } });
        expect(put.status).toBe(200);
        expect(put.body.valid).toBe(false);
        await expectRefused(code.code);
      });

      test('code without an affiliate', async () => {
        const code = await createCode(q, { couponId: coupon.id });
        expect(code.affiliateId).toBeNull();
        await expectRefused(code.code);
      });

      test('limitToCustomers with another customerId (compared with referredUserExternalId); the customer itself is accepted', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, limitToCustomers: true, customerId: `cust-${uniq()}` });
        await expectRefused(code.code, { referredUserExternalId: `someone-else-${uniq()}` });
        const ok = await createReferral(q, { promoCode: code.code, referredUserExternalId: code.customerId });
        expect(ok.promoCode).toBe(code.code);
        expect(ok.referredUserExternalId).toBe(code.customerId);
      });

      test('firstTimeOrder with a returning referral email; a new person is accepted', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, firstTimeOrder: true });
        const returning = person();
        await createReferral(q, { affiliateId: owner.id, ...returning });
        await expectRefused(code.code, { email: returning.email });
        const fresh = await createReferral(q, { promoCode: code.code });
        expect(fresh.promoCode).toBe(code.code);
      });

      test('firstTimeOrder: the returning email is recognised in any letter case (emails match case-insensitively everywhere else)', async () => {
        const code = await createCode(q, { couponId: coupon.id, affiliateId: owner.id, firstTimeOrder: true });
        const returning = person();
        await createReferral(q, { affiliateId: owner.id, ...returning });
        await expectRefused(code.code, { email: returning.email.toUpperCase() });
      });

      test('a code of another program is unknown here', async () => {
        const other = await program();
        const otherOwner = await createAffiliate(server, other.key);
        const otherCode = await createCode(other, { couponId: (await createCoupon(other)).id, affiliateId: otherOwner.id });
        await expectRefused(otherCode.code);
        expect(await redemptions(other, otherCode.code)).toEqual({ code: 0, coupon: 0 });
      });
    });

    test('the monthly limit refuses before the code is redeemed: its counters do not move', async () => {
      const lp = await program({ monthlyReferralLimit: 1 });
      const la = await createAffiliate(server, lp.key);
      const code = await createCode(lp, { couponId: (await createCoupon(lp)).id, affiliateId: la.id });
      await createReferral(lp, { promoCode: code.code });
      const res = await postReferral(lp, { promoCode: code.code, ...person() });
      expectError(res, 400, 'LIMIT_REACHED');
      expect(await redemptions(lp, code.code)).toEqual({ code: 1, coupon: 1 });
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('monthly referral limit', () => {
  test('with monthlyReferralLimit 2 the third POST is 400 LIMIT_REACHED; nothing recorded, no counter, no event', async () => {
    const p = await program({ monthlyReferralLimit: 2 });
    const a = await createAffiliate(server, p.key);
    await createReferral(p, { affiliateId: a.id });
    await createReferral(p, { affiliateId: a.id });
    const before = await counters(p, a.id);
    const beforeEvents = await eventCount(p.programId);
    const res = await postReferral(p, { affiliateId: a.id, ...person() });
    expectError(res, 400, 'LIMIT_REACHED');
    expect(await referralCount(p.programId)).toBe(2);
    expect(await counters(p, a.id)).toEqual(before);
    expect(await eventCount(p.programId)).toBe(beforeEvents);
    // Every way of naming the affiliate is limited the same way.
    expectError(await postReferral(p, { affiliateEmail: a.email, ...person() }), 400, 'LIMIT_REACHED');
    expectError(await postReferral(p, { affiliateId: a.affiliateLinks[0], ...person() }), 400, 'LIMIT_REACHED');
  });

  test('the limit is per program: another program is not affected', async () => {
    const limited = await program({ monthlyReferralLimit: 1 });
    const free = await program();
    const la = await createAffiliate(server, limited.key);
    const fa = await createAffiliate(server, free.key);
    await createReferral(limited, { affiliateId: la.id });
    expectError(await postReferral(limited, { affiliateId: la.id, ...person() }), 400, 'LIMIT_REACHED');
    for (let i = 0; i < 3; i++) await createReferral(free, { affiliateId: fa.id });
    expect(await referralCount(free.programId)).toBe(3);
  });

  test('referrals of earlier months do not count against this month', async () => {
    const p = await program({ monthlyReferralLimit: 1 });
    const a = await createAffiliate(server, p.key);
    const old = await createReferral(p, { affiliateId: a.id });
    await sql(`update referrals set created_at = date_trunc('month', now()) - interval '1 day' where id = ?`, [old.id]);
    const r = await createReferral(p, { affiliateId: a.id });
    expect(r.id).not.toBe(old.id);
    expectError(await postReferral(p, { affiliateId: a.id, ...person() }), 400, 'LIMIT_REACHED');
  });

  test('20 concurrent POSTs under monthlyReferralLimit 5: exactly 5 created, the rest 400 LIMIT_REACHED, counters 5', async () => {
    const p = await program({ monthlyReferralLimit: 5 });
    const a = await createAffiliate(server, p.key);
    const results = await Promise.all(Array.from({ length: 20 }, () => postReferral(p, { affiliateId: a.id, ...person() })));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(5);
    for (const r of ok) expect(r.body).toEqual(expect.objectContaining({ affiliateId: a.id }));
    for (const r of refused) expect({ status: r.status, code: r.body?.code }).toEqual({ status: 400, code: 'LIMIT_REACHED' });
    expect(await referralCount(p.programId)).toBe(5);
    const c = await counters(p, a.id);
    expect(c.numberOfReferredUsers).toBe(5);
    expect(c.links[a.affiliateLinks[0]]).toBe(5);
    expect(await events(p.programId, 'referral.created')).toHaveLength(5);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('promo code redemption under concurrency', () => {
  test('a code with maxRedemptions 3 and 25 concurrent POSTs: exactly 3 succeed; timesRedeemed 3 on the code and the coupon', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const coupon = await createCoupon(p);
    const code = await createCode(p, { couponId: coupon.id, affiliateId: a.id, maxRedemptions: 3 });
    const results = await Promise.all(Array.from({ length: 25 }, () => postReferral(p, { promoCode: code.code, ...person() })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    for (const r of ok) expect(r.body).toEqual(expect.objectContaining({ affiliateId: a.id, promoCode: code.code }));
    for (const r of results.filter((x) => x.status !== 200)) expect({ status: r.status, code: r.body?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await redemptions(p, code.code)).toEqual({ code: 3, coupon: 3 });
    expect(await referralCount(p.programId)).toBe(3);
    expect((await counters(p, a.id)).numberOfReferredUsers).toBe(3);
  });

  test('a coupon with maxRedemptions 2 shared by 4 codes, 20 concurrent POSTs: exactly 2 succeed; the codes\' counters add up to 2', async () => {
    const p = await program();
    const a = await createAffiliate(server, p.key);
    const coupon = await createCoupon(p, { maxRedemptions: 2 });
    const codes: any[] = [];
    for (let i = 0; i < 4; i++) codes.push(await createCode(p, { couponId: coupon.id, affiliateId: a.id }));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => postReferral(p, { promoCode: codes[i % 4].code, ...person() })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(400);
    const counts = await Promise.all(codes.map((c) => redemptions(p, c.code)));
    expect(counts.reduce((s, c) => s + c.code, 0)).toBe(2);
    for (const c of counts) expect(c.coupon).toBe(2);
    expect(await referralCount(p.programId)).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('GET /referrals', () => {
  let p: ProgramFixture;
  let a1: any;
  let a2: any;
  /** Every referral of the program in creation order. */
  const all: any[] = [];
  const shared = person();

  beforeAll(async () => {
    p = await program();
    a1 = await createAffiliate(server, p.key);
    a2 = await createAffiliate(server, p.key);
    all.push(await createReferral(p, { affiliateId: a1.id, referredUserExternalId: 'ext-shared' }));
    all.push(await createReferral(p, { affiliateId: a2.id, referredUserExternalId: 'ext-shared' }));
    all.push(await createReferral(p, { affiliateId: a1.id }));
    all.push(await createReferral(p, { affiliateId: a2.id, ...shared }));
    all.push(await createReferral(p, { affiliateId: a1.id, name: shared.name, email: shared.email.toUpperCase(), referredUserExternalId: 'ext-other' }));
  });

  test('without parameters: an array of every referral of the program, in creation order, as POST answered them', async () => {
    const res = await getReferrals(p);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(all);
  });

  test('an empty program: []', async () => {
    const q = await program();
    const res = await getReferrals(q);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [] });
  });

  test('by id (UUID): that referral (upper-case UUID too)', async () => {
    for (const id of [all[2].id, all[2].id.toUpperCase()]) {
      const res = await getReferrals(p, { id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(all[2]);
    }
  });

  test('by id that is an email: retried as the referral email (any case); the newest of that email', async () => {
    const byEmail = await getReferrals(p, { id: all[2].email.toUpperCase() });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual(all[2]);
    const sharedEmail = await getReferrals(p, { id: shared.email });
    expect(sharedEmail.body).toEqual(all[4]);
  });

  test('by id: null (status 200) when nothing matches', async () => {
    for (const id of [randomUUID(), 'nobody@example.com', 'not-a-uuid', '12345', a1.id]) {
      const res = await getReferrals(p, { id });
      expect({ id, status: res.status, body: res.body, text: res.text }).toEqual({ id, status: 200, body: null, text: 'null' });
    }
  });

  test('by affiliateId: an array of that affiliate\'s referrals; [] for an unknown or non-UUID id', async () => {
    const res = await getReferrals(p, { affiliateId: a1.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([all[0], all[2], all[4]]);
    const res2 = await getReferrals(p, { affiliateId: a2.id });
    expect(res2.body).toEqual([all[1], all[3]]);
    for (const affiliateId of [randomUUID(), 'not-a-uuid', a1.affiliateLinks[0]]) {
      const none = await getReferrals(p, { affiliateId });
      expect({ affiliateId, status: none.status, body: none.body }).toEqual({ affiliateId, status: 200, body: [] });
    }
  });

  test('by affiliateEmail (any case): an array of that affiliate\'s referrals; [] for an unknown email', async () => {
    const res = await getReferrals(p, { affiliateEmail: a2.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([all[1], all[3]]);
    const none = await getReferrals(p, { affiliateEmail: 'nobody@example.com' });
    expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: [] });
  });

  test('by externalId (matched against referredUserExternalId): an array; [] when none', async () => {
    const res = await getReferrals(p, { externalId: 'ext-shared' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([all[0], all[1]]);
    const one = await getReferrals(p, { externalId: all[2].referredUserExternalId });
    expect(one.body).toEqual([all[2]]);
    const none = await getReferrals(p, { externalId: 'no-such-external-id' });
    expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: [] });
  });

  test('an affiliate without referrals: []', async () => {
    const lonely = await createAffiliate(server, p.key);
    expect((await getReferrals(p, { affiliateId: lonely.id })).body).toEqual([]);
    expect((await getReferrals(p, { affiliateEmail: lonely.email })).body).toEqual([]);
  });

  test('filters combine: every given filter must match (AND)', async () => {
    expect((await getReferrals(p, { affiliateId: a1.id, externalId: 'ext-shared' })).body).toEqual([all[0]]);
    expect((await getReferrals(p, { affiliateEmail: a2.email, externalId: 'ext-shared' })).body).toEqual([all[1]]);
    expect((await getReferrals(p, { affiliateId: a2.id, affiliateEmail: a2.email })).body).toEqual([all[1], all[3]]);
    expect((await getReferrals(p, { affiliateId: a1.id, affiliateEmail: a1.email, externalId: 'ext-other' })).body).toEqual([all[4]]);
    const none: Array<Record<string, string>> = [
      { affiliateId: a1.id, affiliateEmail: a2.email },
      { affiliateId: a2.id, externalId: 'ext-other' },
      { affiliateEmail: a1.email, externalId: shared.referredUserExternalId },
    ];
    for (const q of none) {
      const res = await getReferrals(p, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: [] });
    }
  });

  test('limit/after paging: pages in creation order, X-Next-Cursor while more remain', async () => {
    const first = await getReferrals(p, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(all.slice(0, 2));
    const c1 = first.headers.get('x-next-cursor');
    expect(c1).toEqual(expect.any(String));
    const second = await getReferrals(p, { limit: '2', after: c1! });
    expect(second.body).toEqual(all.slice(2, 4));
    const third = await getReferrals(p, { limit: '2', after: second.headers.get('x-next-cursor')! });
    expect(third.body).toEqual(all.slice(4));
    expect(third.headers.get('x-next-cursor')).toBeNull();
  });

  test('an unknown query parameter, or a repeated one: 400 VALIDATION_FAILED', async () => {
    expectError(await getReferrals(p, { email: shared.email }), 400, 'VALIDATION_FAILED');
    expectError(await getReferrals(p, { referralId: all[0].id }), 400, 'VALIDATION_FAILED');
    expectError(await getReferrals(p, { id: [all[0].id, all[1].id] }), 400, 'VALIDATION_FAILED');
    expectError(await getReferrals(p, { affiliateId: [a1.id, a2.id] }), 400, 'VALIDATION_FAILED');
    expectError(await getReferrals(p, { limit: 'ten' }), 400, 'VALIDATION_FAILED');
  });

  test('without a token: 401', async () => {
    expectError(await referrals('GET'), 401, 'UNAUTHENTICATED');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('PUT /referrals', () => {
  let p: ProgramFixture;
  let a: any;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
  });

  test.each(SUBSCRIPTION_STATUSES)('subscriptionStatus %s: 200 with the updated referral, status %s; GET sees it', async (subscriptionStatus, status) => {
    const r = await createReferral(p, { affiliateId: a.id });
    const res = await putReferral(p, { referralId: r.id, subscriptionStatus });
    expect(res.status).toBe(200);
    expectReferral(res.body, { ...r, subscriptionStatus, status, updatedAt: expect.any(String) });
    expect((await getReferrals(p, { id: r.id })).body).toEqual(res.body);
  });

  test('status moves back and forth with subscriptionStatus', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const seq: Array<[string, string]> = [['canceled', 'inactive'], ['trialing', 'active'], ['past_due', 'inactive'], ['active', 'active']];
    for (const [subscriptionStatus, status] of seq) {
      const res = await putReferral(p, { referralId: r.id, subscriptionStatus });
      expect({ subscriptionStatus, status: res.status, body: { s: res.body.subscriptionStatus, st: res.body.status } }).toEqual({ subscriptionStatus, status: 200, body: { s: subscriptionStatus, st: status } });
    }
  });

  test('name, email and referredUserExternalId are applied; createdAt kept, updatedAt not earlier; other fields untouched', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const change = { name: 'New Name', email: personEmail('changed'), referredUserExternalId: `ext-new-${uniq()}` };
    const res = await putReferral(p, { referralId: r.id, ...change });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...r, ...change, updatedAt: expect.stringMatching(ISO_RE) });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(r.updatedAt));
    expect((await getReferrals(p, { id: change.email })).body).toEqual(res.body);
    expect((await getReferrals(p, { externalId: change.referredUserExternalId })).body).toEqual([res.body]);
  });

  test('referral.updated is recorded with data equal to the REST response body, once per PUT', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const first = await putReferral(p, { referralId: r.id, subscriptionStatus: 'canceled' });
    const second = await putReferral(p, { referralId: r.id, name: 'Renamed' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const rows = await events(p.programId, 'referral.updated', r.id);
    expect(rows.map((e) => e.data)).toEqual([first.body, second.body]);
  });

  test('referralId missing or null: 400 VALIDATION_FAILED', async () => {
    expectError(await putReferral(p, { subscriptionStatus: 'canceled' }), 400, 'VALIDATION_FAILED');
    expectError(await putReferral(p, { referralId: null, subscriptionStatus: 'canceled' }), 400, 'VALIDATION_FAILED');
    expectError(await putReferral(p, { referralId: '', subscriptionStatus: 'canceled' }), 400, 'VALIDATION_FAILED');
    expectError(await putReferral(p, {}), 400, 'VALIDATION_FAILED');
  });

  test('no referral in the program with that referralId: 400 (not 404); an email is not a referralId', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    for (const referralId of [randomUUID(), 'not-a-uuid', r.email]) {
      const res = await putReferral(p, { referralId, subscriptionStatus: 'canceled' });
      expect({ referralId, status: res.status, code: res.body?.code }).toEqual({ referralId, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await getReferrals(p, { id: r.id })).body).toEqual(r);
    expect(await events(p.programId, 'referral.updated', r.id)).toHaveLength(0);
  });

  test('an unlisted field fails the request and changes nothing', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const unlisted: Array<Record<string, unknown>> = [
      { status: 'inactive' },
      { affiliateId: a.id },
      { affiliateEmail: a.email },
      { linkId: randomUUID() },
      { clickId: 5 },
      { promoCode: 'X' },
      { id: randomUUID() },
      { createdAt: new Date().toISOString() },
      { updatedAt: new Date().toISOString() },
      { foo: 1 },
    ];
    for (const extra of unlisted) {
      const field = Object.keys(extra)[0];
      const res = await putReferral(p, { referralId: r.id, subscriptionStatus: 'canceled', name: 'Should Not Apply', ...extra });
      expect({ field, status: res.status, code: res.body?.code }).toEqual({ field, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.error).toContain(field);
    }
    expect((await getReferrals(p, { id: r.id })).body).toEqual(r);
    expect(await events(p.programId, 'referral.updated', r.id)).toHaveLength(0);
  });

  test('invalid values: 400 VALIDATION_FAILED and nothing changes', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const bad: Array<Record<string, unknown>> = [
      { subscriptionStatus: 'paused' },
      { subscriptionStatus: 'ACTIVE' },
      { subscriptionStatus: null },
      { subscriptionStatus: 1 },
      { email: 'not-an-email' },
      { email: null },
      { name: '' },
      { name: '   ' },
      { name: null },
      { name: 42 },
      { referredUserExternalId: '' },
      { referredUserExternalId: null },
      { referredUserExternalId: 7 },
      { referralId: 12345 },
    ];
    for (const b of bad) {
      const res = await putReferral(p, { referralId: r.id, ...b });
      expect({ b, status: res.status, code: res.body?.code }).toEqual({ b, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await getReferrals(p, { id: r.id })).body).toEqual(r);
    expect(await events(p.programId, 'referral.updated', r.id)).toHaveLength(0);
  });

  test('malformed JSON or a non-object body: 400 VALIDATION_FAILED', async () => {
    for (const rawBody of ['{"referralId": ', '[1,2]', '"x"', '{referralId: 1}']) {
      const res = await referrals('PUT', { token: p.key, rawBody });
      expect({ rawBody, status: res.status, code: res.body?.code }).toEqual({ rawBody, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('the counters are not changed by an update', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const before = await counters(p, a.id);
    await putReferral(p, { referralId: r.id, subscriptionStatus: 'canceled', name: 'Another' });
    expect(await counters(p, a.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('DELETE /referrals', () => {
  let p: ProgramFixture;
  let a: any;
  let secondSlug: string;

  beforeAll(async () => {
    p = await program();
    a = await createAffiliate(server, p.key);
    secondSlug = slug('del');
    await createLink(p, { link: secondSlug, affiliateId: a.id });
  });

  test('by UUID: 200 {message, deletedReferrals:[{id,email}]}; the referral is gone; counters go back down', async () => {
    const before = await counters(p, a.id);
    const r = await createReferral(p, { affiliateId: secondSlug });
    const mid = await counters(p, a.id);
    expect(mid.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
    expect(mid.links[secondSlug]).toBe(before.links[secondSlug] + 1);
    const res = await deleteReferral(p, { referralId: r.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deletedReferrals: [{ id: r.id, email: r.email }] });
    expect(res.body.message.length).toBeGreaterThan(0);
    expect((await getReferrals(p, { id: r.id })).body).toBeNull();
    expect(await counters(p, a.id)).toEqual(before);
  });

  test('by email (any case): every referral with that email is deleted, the others are kept', async () => {
    const email = personEmail('twice');
    const keep = await createReferral(p, { affiliateId: a.id });
    const r1 = await createReferral(p, { affiliateId: a.id, email });
    const r2 = await createReferral(p, { affiliateId: secondSlug, email: email.toUpperCase() });
    const before = await counters(p, a.id);
    const res = await deleteReferral(p, { referralId: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect([...res.body.deletedReferrals].sort((x: any, y: any) => x.id.localeCompare(y.id))).toEqual(
      [{ id: r1.id, email: r1.email }, { id: r2.id, email: r2.email }].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect((await getReferrals(p, { id: r1.id })).body).toBeNull();
    expect((await getReferrals(p, { id: r2.id })).body).toBeNull();
    expect((await getReferrals(p, { id: keep.id })).body).toEqual(keep);
    const after = await counters(p, a.id);
    expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers - 2);
    expect(after.links[a.affiliateLinks[0]]).toBe(before.links[a.affiliateLinks[0]] - 1);
    expect(after.links[secondSlug]).toBe(before.links[secondSlug] - 1);
  });

  test('referral.deleted is recorded per deleted referral with data equal to the referral as the REST API returned it', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const updated = (await putReferral(p, { referralId: r.id, subscriptionStatus: 'trialing' })).body;
    const res = await deleteReferral(p, { referralId: r.id });
    expect(res.status).toBe(200);
    const rows = await events(p.programId, 'referral.deleted', r.id);
    expect(rows.map((e) => e.data)).toEqual([updated]);

    const email = personEmail('evt');
    const x = await createReferral(p, { affiliateId: a.id, email });
    const y = await createReferral(p, { affiliateId: a.id, email });
    await deleteReferral(p, { referralId: email });
    expect((await events(p.programId, 'referral.deleted', x.id)).map((e) => e.data)).toEqual([x]);
    expect((await events(p.programId, 'referral.deleted', y.id)).map((e) => e.data)).toEqual([y]);
  });

  test('nothing matched: 200 with a message and no deletedReferrals, nothing deleted, no event', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const beforeCount = await referralCount(p.programId);
    const beforeEvents = await eventCount(p.programId, 'referral.deleted');
    const before = await counters(p, a.id);
    for (const referralId of [randomUUID(), 'nobody@example.com', 'not-a-uuid-nor-email', r.referredUserExternalId]) {
      const res = await deleteReferral(p, { referralId });
      expect({ referralId, status: res.status, body: res.body }).toEqual({ referralId, status: 200, body: { message: expect.any(String), deletedReferrals: [] } });
    }
    expect(await referralCount(p.programId)).toBe(beforeCount);
    expect(await eventCount(p.programId, 'referral.deleted')).toBe(beforeEvents);
    expect(await counters(p, a.id)).toEqual(before);
  });

  test('deleting twice: the second answers 200 with nothing deleted, and the counters do not go down twice', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    expect((await deleteReferral(p, { referralId: r.id })).body.deletedReferrals).toHaveLength(1);
    const before = await counters(p, a.id);
    const again = await deleteReferral(p, { referralId: r.id });
    expect(again.status).toBe(200);
    expect(again.body.deletedReferrals).toEqual([]);
    expect(await counters(p, a.id)).toEqual(before);
  });

  test('referralId missing, null, blank or not a string: 400 VALIDATION_FAILED', async () => {
    for (const body of [{}, { referralId: null }, { referralId: '' }, { referralId: '  ' }, { referralId: 5 }, { referralId: [randomUUID()] }]) {
      const res = await deleteReferral(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('an unlisted field or malformed JSON: 400 and nothing deleted', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    expectError(await deleteReferral(p, { referralId: r.id, email: r.email }), 400, 'VALIDATION_FAILED');
    expectError(await deleteReferral(p, { id: r.id }), 400, 'VALIDATION_FAILED');
    expectError(await referrals('DELETE', { token: p.key, rawBody: `{"referralId": "${r.id}"` }), 400, 'VALIDATION_FAILED');
    expect((await getReferrals(p, { id: r.id })).body).toEqual(r);
  });

  test('a deleted referral frees a place under the monthly limit', async () => {
    const q = await program({ monthlyReferralLimit: 1 });
    const qa = await createAffiliate(server, q.key);
    const r = await createReferral(q, { affiliateId: qa.id });
    expectError(await postReferral(q, { affiliateId: qa.id, ...person() }), 400, 'LIMIT_REACHED');
    await deleteReferral(q, { referralId: r.id });
    await createReferral(q, { affiliateId: qa.id });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('two programs: B\'s key never touches A\'s referrals', () => {
  let A: ProgramFixture;
  let B: ProgramFixture;
  let aAff: any;
  let aSlug: string;
  let aClick: number;
  let aCode: any;
  let aRef: any;
  let bAff: any;

  beforeAll(async () => {
    A = await program();
    B = await program();
    aSlug = slug('iso');
    aAff = await createAffiliate(server, A.key, { affiliateLink: aSlug });
    bAff = await createAffiliate(server, B.key);
    aClick = await recordClick(A, aSlug);
    aCode = await createCode(A, { couponId: (await createCoupon(A)).id, affiliateId: aAff.id });
    aRef = await createReferral(A, { affiliateId: aAff.id, referredUserExternalId: `ext-iso-${uniq()}` });
    await createReferral(B, { affiliateId: bAff.id });
  });

  test('GET: B never reads A\'s referral by id, email, affiliateId, affiliateEmail, externalId or in its list', async () => {
    expect((await getReferrals(B, { id: aRef.id })).body).toBeNull();
    expect((await getReferrals(B, { id: aRef.email })).body).toBeNull();
    expect((await getReferrals(B, { affiliateId: aAff.id })).body).toEqual([]);
    expect((await getReferrals(B, { affiliateEmail: aAff.email })).body).toEqual([]);
    expect((await getReferrals(B, { externalId: aRef.referredUserExternalId })).body).toEqual([]);
    const list = await getReferrals(B);
    expect(list.status).toBe(200);
    expect(list.body.map((r: any) => r.id)).not.toContain(aRef.id);
    expect(list.body).toHaveLength(1);
    // A still sees it.
    expect((await getReferrals(A, { id: aRef.id })).body).toEqual(aRef);
  });

  test('PUT: B cannot update A\'s referral (400) and nothing changes', async () => {
    const res = await putReferral(B, { referralId: aRef.id, subscriptionStatus: 'canceled', name: 'Hijacked' });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect((await getReferrals(A, { id: aRef.id })).body).toEqual(aRef);
    expect(await events(A.programId, 'referral.updated', aRef.id)).toHaveLength(0);
    expect(await events(B.programId, 'referral.updated')).toHaveLength(0);
  });

  test('DELETE: B cannot delete A\'s referral by id or by email; 200 with nothing deleted', async () => {
    for (const referralId of [aRef.id, aRef.email]) {
      const res = await deleteReferral(B, { referralId });
      expect({ referralId, status: res.status, deleted: res.body?.deletedReferrals }).toEqual({ referralId, status: 200, deleted: [] });
    }
    expect((await getReferrals(A, { id: aRef.id })).body).toEqual(aRef);
    expect((await counters(A, aAff.id)).numberOfReferredUsers).toBe(1);
    expect(await events(A.programId, 'referral.deleted')).toHaveLength(0);
    expect(await events(B.programId, 'referral.deleted')).toHaveLength(0);
  });

  test('POST: B cannot credit A\'s affiliate by UUID, slug, click id or affiliate email (200 null), nor by A\'s code (400)', async () => {
    const beforeA = await referralCount(A.programId);
    const beforeB = await referralCount(B.programId);
    const beforeCounters = await counters(A, aAff.id);
    for (const ids of [{ affiliateId: aAff.id }, { affiliateId: aSlug }, { affiliateId: String(aClick) }, { affiliateEmail: aAff.email }]) {
      const res = await postReferral(B, { ...ids, ...person() });
      expect({ ids, status: res.status, body: res.body }).toEqual({ ids, status: 200, body: null });
    }
    expectError(await postReferral(B, { promoCode: aCode.code, ...person() }), 400, 'VALIDATION_FAILED');
    expect(await referralCount(A.programId)).toBe(beforeA);
    expect(await referralCount(B.programId)).toBe(beforeB);
    expect(await counters(A, aAff.id)).toEqual(beforeCounters);
    expect(await redemptions(A, aCode.code)).toEqual({ code: 0, coupon: 0 });
    expect((await events(B.programId, 'referral.created')).every((e) => e.data.affiliateId !== aAff.id)).toBe(true);
  });

  test('B\'s events never include A\'s referrals', async () => {
    const rows = await sql<{ data: any }>(`select data from events where program_id = ? and type like 'referral.%'`, [B.programId]);
    expect(rows.length).toBeGreaterThan(0);
    for (const e of rows) expect(e.data.affiliateId).toBe(bAff.id);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('no request of this file was answered with a 5xx', () => {
  test('all answers below 500', () => {
    const failures = seen.filter((s) => s.status >= 500);
    expect(failures).toEqual([]);
  });
});
