/**
 * Spec 4.2 (referrals) over HTTP against the real app on a real PostgreSQL.
 * GET (lookups, filters, paging), PUT (subscription status and the
 * derived status, listed fields) and DELETE (by UUID or email) /referrals, with their events and counters.
 */
import { randomUUID } from 'node:crypto';
import { useAffiliate, useProgram, useTestServer } from '../../../helpers/harness';
import { person, restClient } from '../../../helpers/rest-client';
import { personEmail, slug, uniq } from '../../../helpers/spec-client';
import { expectError, ISO_RE, testNoServerErrors } from '../../../helpers/assertions';
import { expectReferral, SUBSCRIPTION_STATUSES } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, program, rowCount, events, eventCount, createAffiliate, createLink, createReferral, referralCounters } = api;
const referrals = api.endpoint('/referrals');

describe('GET /referrals', () => {
  /** Every referral of the program in creation order. */
  const all: any[] = [];
  const shared = person();

  const p = useProgram(() => program());
  const a1 = useAffiliate(() => createAffiliate(p));
  const a2 = useAffiliate(() => createAffiliate(p));
  beforeAll(async () => {
    all.push(await createReferral(p, { affiliateId: a1.id, referredUserExternalId: 'ext-shared' }));
    // Another customer: one customer has one referrer (test/e2e/rest/referrals/one-referrer-per-customer.spec.ts).
    all.push(await createReferral(p, { affiliateId: a2.id, referredUserExternalId: 'ext-second' }));
    all.push(await createReferral(p, { affiliateId: a1.id }));
    all.push(await createReferral(p, { affiliateId: a2.id, ...shared }));
    all.push(await createReferral(p, { affiliateId: a1.id, name: shared.name, email: shared.email.toUpperCase(), referredUserExternalId: 'ext-other' }));
  });

  test('without parameters: an array of every referral of the program, in creation order, as POST answered them', async () => {
    const res = await referrals.get(p);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(all);
  });

  test('an empty program: []', async () => {
    const q = await program();
    const res = await referrals.get(q);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [] });
  });

  test('by id (UUID): that referral (upper-case UUID too)', async () => {
    for (const id of [all[2].id, all[2].id.toUpperCase()]) {
      const res = await referrals.get(p, { id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(all[2]);
    }
  });

  test('by id that is an email: retried as the referral email (any case); the newest of that email', async () => {
    const byEmail = await referrals.get(p, { id: all[2].email.toUpperCase() });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual(all[2]);
    const sharedEmail = await referrals.get(p, { id: shared.email });
    expect(sharedEmail.body).toEqual(all[4]);
  });

  test('by id: null (status 200) when nothing matches', async () => {
    for (const id of [randomUUID(), 'nobody@example.com', 'not-a-uuid', '12345', a1.id]) {
      const res = await referrals.get(p, { id });
      expect({ id, status: res.status, body: res.body, text: res.text }).toEqual({ id, status: 200, body: null, text: 'null' });
    }
  });

  test("by affiliateId: an array of that affiliate's referrals; [] for an unknown or non-UUID id", async () => {
    const res = await referrals.get(p, { affiliateId: a1.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([all[0], all[2], all[4]]);
    const res2 = await referrals.get(p, { affiliateId: a2.id });
    expect(res2.body).toEqual([all[1], all[3]]);
    for (const affiliateId of [randomUUID(), 'not-a-uuid', a1.affiliateLinks[0]]) {
      const none = await referrals.get(p, { affiliateId });
      expect({ affiliateId, status: none.status, body: none.body }).toEqual({ affiliateId, status: 200, body: [] });
    }
  });

  test("by affiliateEmail (any case): an array of that affiliate's referrals; [] for an unknown email", async () => {
    const res = await referrals.get(p, { affiliateEmail: a2.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([all[1], all[3]]);
    const none = await referrals.get(p, { affiliateEmail: 'nobody@example.com' });
    expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: [] });
  });

  test('by externalId (matched against referredUserExternalId): an array; [] when none', async () => {
    const res = await referrals.get(p, { externalId: 'ext-shared' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([all[0]]);
    const one = await referrals.get(p, { externalId: all[2].referredUserExternalId });
    expect(one.body).toEqual([all[2]]);
    const none = await referrals.get(p, { externalId: 'no-such-external-id' });
    expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: [] });
  });

  test('an affiliate without referrals: []', async () => {
    const lonely = await createAffiliate(p);
    expect((await referrals.get(p, { affiliateId: lonely.id })).body).toEqual([]);
    expect((await referrals.get(p, { affiliateEmail: lonely.email })).body).toEqual([]);
  });

  test('filters combine: every given filter must match (AND)', async () => {
    expect((await referrals.get(p, { affiliateId: a1.id, externalId: 'ext-shared' })).body).toEqual([all[0]]);
    expect((await referrals.get(p, { affiliateEmail: a2.email, externalId: 'ext-second' })).body).toEqual([all[1]]);
    expect((await referrals.get(p, { affiliateId: a2.id, affiliateEmail: a2.email })).body).toEqual([all[1], all[3]]);
    expect((await referrals.get(p, { affiliateId: a1.id, affiliateEmail: a1.email, externalId: 'ext-other' })).body).toEqual([all[4]]);
    const none: Array<Record<string, string>> = [
      { affiliateId: a1.id, affiliateEmail: a2.email },
      { affiliateId: a2.id, externalId: 'ext-other' },
      { affiliateId: a2.id, externalId: 'ext-shared' },
      { affiliateEmail: a1.email, externalId: shared.referredUserExternalId },
    ];
    for (const q of none) {
      const res = await referrals.get(p, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: [] });
    }
  });

  test('limit/after paging: pages in creation order, X-Next-Cursor while more remain', async () => {
    const first = await referrals.get(p, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(all.slice(0, 2));
    const c1 = first.headers.get('x-next-cursor');
    expect(c1).toEqual(expect.any(String));
    const second = await referrals.get(p, { limit: '2', after: c1! });
    expect(second.body).toEqual(all.slice(2, 4));
    const third = await referrals.get(p, { limit: '2', after: second.headers.get('x-next-cursor')! });
    expect(third.body).toEqual(all.slice(4));
    expect(third.headers.get('x-next-cursor')).toBeNull();
  });

  test('an unknown query parameter, or a repeated one: 400 VALIDATION_FAILED', async () => {
    expectError(await referrals.get(p, { email: shared.email }), 400, 'VALIDATION_FAILED');
    expectError(await referrals.get(p, { referralId: all[0].id }), 400, 'VALIDATION_FAILED');
    expectError(await referrals.get(p, { id: [all[0].id, all[1].id] }), 400, 'VALIDATION_FAILED');
    expectError(await referrals.get(p, { affiliateId: [a1.id, a2.id] }), 400, 'VALIDATION_FAILED');
    expectError(await referrals.get(p, { limit: 'ten' }), 400, 'VALIDATION_FAILED');
  });

  test('without a token: 401', async () => {
    expectError(await referrals('GET'), 401, 'UNAUTHENTICATED');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('PUT /referrals', () => {
  const p = useProgram(() => program());
  const a = useAffiliate(() => createAffiliate(p));

  test.each(SUBSCRIPTION_STATUSES)('subscriptionStatus %s: 200 with the updated referral, status %s; GET sees it', async (subscriptionStatus, status) => {
    const r = await createReferral(p, { affiliateId: a.id });
    const res = await referrals.put(p, { referralId: r.id, subscriptionStatus });
    expect(res.status).toBe(200);
    expectReferral(res.body, { ...r, subscriptionStatus, status, updatedAt: expect.any(String) });
    expect((await referrals.get(p, { id: r.id })).body).toEqual(res.body);
  });

  test('status moves back and forth with subscriptionStatus', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const seq: Array<[string, string]> = [
      ['canceled', 'inactive'],
      ['trialing', 'active'],
      ['past_due', 'inactive'],
      ['active', 'active'],
    ];
    for (const [subscriptionStatus, status] of seq) {
      const res = await referrals.put(p, { referralId: r.id, subscriptionStatus });
      expect({ subscriptionStatus, status: res.status, body: { s: res.body.subscriptionStatus, st: res.body.status } }).toEqual({
        subscriptionStatus,
        status: 200,
        body: { s: subscriptionStatus, st: status },
      });
    }
  });

  test('name, email and referredUserExternalId are applied; createdAt kept, updatedAt not earlier; other fields untouched', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const change = { name: 'New Name', email: personEmail('changed'), referredUserExternalId: `ext-new-${uniq()}` };
    const res = await referrals.put(p, { referralId: r.id, ...change });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...r, ...change, updatedAt: expect.stringMatching(ISO_RE) });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(r.updatedAt));
    expect((await referrals.get(p, { id: change.email })).body).toEqual(res.body);
    expect((await referrals.get(p, { externalId: change.referredUserExternalId })).body).toEqual([res.body]);
  });

  test('referral.updated is recorded with data equal to the REST response body, once per PUT', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const first = await referrals.put(p, { referralId: r.id, subscriptionStatus: 'canceled' });
    const second = await referrals.put(p, { referralId: r.id, name: 'Renamed' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const rows = await events(p.programId, 'referral.updated', r.id);
    expect(rows.map((e) => e.data)).toEqual([first.body, second.body]);
  });

  test('referralId missing or null: 400 VALIDATION_FAILED', async () => {
    expectError(await referrals.put(p, { subscriptionStatus: 'canceled' }), 400, 'VALIDATION_FAILED');
    expectError(await referrals.put(p, { referralId: null, subscriptionStatus: 'canceled' }), 400, 'VALIDATION_FAILED');
    expectError(await referrals.put(p, { referralId: '', subscriptionStatus: 'canceled' }), 400, 'VALIDATION_FAILED');
    expectError(await referrals.put(p, {}), 400, 'VALIDATION_FAILED');
  });

  test('no referral in the program with that referralId: 400 (not 404); an email is not a referralId', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    for (const referralId of [randomUUID(), 'not-a-uuid', r.email]) {
      const res = await referrals.put(p, { referralId, subscriptionStatus: 'canceled' });
      expect({ referralId, status: res.status, code: res.body?.code }).toEqual({ referralId, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await referrals.get(p, { id: r.id })).body).toEqual(r);
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
      const res = await referrals.put(p, { referralId: r.id, subscriptionStatus: 'canceled', name: 'Should Not Apply', ...extra });
      expect({ field, status: res.status, code: res.body?.code }).toEqual({ field, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.error).toContain(field);
    }
    expect((await referrals.get(p, { id: r.id })).body).toEqual(r);
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
      const res = await referrals.put(p, { referralId: r.id, ...b });
      expect({ b, status: res.status, code: res.body?.code }).toEqual({ b, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await referrals.get(p, { id: r.id })).body).toEqual(r);
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
    const before = await referralCounters(p, a.id);
    await referrals.put(p, { referralId: r.id, subscriptionStatus: 'canceled', name: 'Another' });
    expect(await referralCounters(p, a.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('DELETE /referrals', () => {
  const p = useProgram(() => program());
  const a = useAffiliate(() => createAffiliate(p));
  const secondSlug = slug('del');
  beforeAll(async () => {
    await createLink(p, { link: secondSlug, affiliateId: a.id });
  });

  test('by UUID: 200 {message, deletedReferrals:[{id,email}]}; the referral is gone; counters go back down', async () => {
    const before = await referralCounters(p, a.id);
    const r = await createReferral(p, { affiliateId: secondSlug });
    const mid = await referralCounters(p, a.id);
    expect(mid.numberOfReferredUsers).toBe(before.numberOfReferredUsers + 1);
    expect(mid.links[secondSlug]).toBe(before.links[secondSlug] + 1);
    const res = await referrals.delete(p, { referralId: r.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deletedReferrals: [{ id: r.id, email: r.email }] });
    expect(res.body.message.length).toBeGreaterThan(0);
    expect((await referrals.get(p, { id: r.id })).body).toBeNull();
    expect(await referralCounters(p, a.id)).toEqual(before);
  });

  test('by email (any case): every referral with that email is deleted, the others are kept', async () => {
    const email = personEmail('twice');
    const keep = await createReferral(p, { affiliateId: a.id });
    const r1 = await createReferral(p, { affiliateId: a.id, email });
    const r2 = await createReferral(p, { affiliateId: secondSlug, email: email.toUpperCase() });
    const before = await referralCounters(p, a.id);
    const res = await referrals.delete(p, { referralId: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect([...res.body.deletedReferrals].sort((x: any, y: any) => x.id.localeCompare(y.id))).toEqual(
      [
        { id: r1.id, email: r1.email },
        { id: r2.id, email: r2.email },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect((await referrals.get(p, { id: r1.id })).body).toBeNull();
    expect((await referrals.get(p, { id: r2.id })).body).toBeNull();
    expect((await referrals.get(p, { id: keep.id })).body).toEqual(keep);
    const after = await referralCounters(p, a.id);
    expect(after.numberOfReferredUsers).toBe(before.numberOfReferredUsers - 2);
    expect(after.links[a.affiliateLinks[0]]).toBe(before.links[a.affiliateLinks[0]] - 1);
    expect(after.links[secondSlug]).toBe(before.links[secondSlug] - 1);
  });

  test('referral.deleted is recorded per deleted referral with data equal to the referral as the REST API returned it', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const updated = (await referrals.put(p, { referralId: r.id, subscriptionStatus: 'trialing' })).body;
    const res = await referrals.delete(p, { referralId: r.id });
    expect(res.status).toBe(200);
    const rows = await events(p.programId, 'referral.deleted', r.id);
    expect(rows.map((e) => e.data)).toEqual([updated]);

    const email = personEmail('evt');
    const x = await createReferral(p, { affiliateId: a.id, email });
    const y = await createReferral(p, { affiliateId: a.id, email });
    await referrals.delete(p, { referralId: email });
    expect((await events(p.programId, 'referral.deleted', x.id)).map((e) => e.data)).toEqual([x]);
    expect((await events(p.programId, 'referral.deleted', y.id)).map((e) => e.data)).toEqual([y]);
  });

  test('nothing matched: 200 with a message and no deletedReferrals, nothing deleted, no event', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    const beforeCount = await rowCount('referrals', p.programId);
    const beforeEvents = await eventCount(p.programId, 'referral.deleted');
    const before = await referralCounters(p, a.id);
    for (const referralId of [randomUUID(), 'nobody@example.com', 'not-a-uuid-nor-email', r.referredUserExternalId]) {
      const res = await referrals.delete(p, { referralId });
      expect({ referralId, status: res.status, body: res.body }).toEqual({
        referralId,
        status: 200,
        body: { message: expect.any(String), deletedReferrals: [] },
      });
    }
    expect(await rowCount('referrals', p.programId)).toBe(beforeCount);
    expect(await eventCount(p.programId, 'referral.deleted')).toBe(beforeEvents);
    expect(await referralCounters(p, a.id)).toEqual(before);
  });

  test('deleting twice: the second answers 200 with nothing deleted, and the counters do not go down twice', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    expect((await referrals.delete(p, { referralId: r.id })).body.deletedReferrals).toHaveLength(1);
    const before = await referralCounters(p, a.id);
    const again = await referrals.delete(p, { referralId: r.id });
    expect(again.status).toBe(200);
    expect(again.body.deletedReferrals).toEqual([]);
    expect(await referralCounters(p, a.id)).toEqual(before);
  });

  test('referralId missing, null, blank or not a string: 400 VALIDATION_FAILED', async () => {
    for (const body of [{}, { referralId: null }, { referralId: '' }, { referralId: '  ' }, { referralId: 5 }, { referralId: [randomUUID()] }]) {
      const res = await referrals.delete(p, body);
      expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  test('an unlisted field or malformed JSON: 400 and nothing deleted', async () => {
    const r = await createReferral(p, { affiliateId: a.id });
    expectError(await referrals.delete(p, { referralId: r.id, email: r.email }), 400, 'VALIDATION_FAILED');
    expectError(await referrals.delete(p, { id: r.id }), 400, 'VALIDATION_FAILED');
    expectError(await referrals('DELETE', { token: p.key, rawBody: `{"referralId": "${r.id}"` }), 400, 'VALIDATION_FAILED');
    expect((await referrals.get(p, { id: r.id })).body).toEqual(r);
  });

  test('a deleted referral frees a place under the monthly limit', async () => {
    const q = await program({ monthlyReferralLimit: 1 });
    const qa = await createAffiliate(q);
    const r = await createReferral(q, { affiliateId: qa.id });
    expectError(await referrals.post(q, { affiliateId: qa.id, ...person() }), 400, 'LIMIT_REACHED');
    await referrals.delete(q, { referralId: r.id });
    await createReferral(q, { affiliateId: qa.id });
  });
});

testNoServerErrors(seen);
