/**
 * REST /api/v1/affiliates end to end (spec 4.1, 7, 8 and DESIGN.md): every statement of the endpoint section with
 * HTTP assertions on status and body, plus the side effects (links, emails, events, clicks) read back from the
 * database.
 * Here PUT /affiliates (by UUID or email, listed fields, added links) and DELETE
 * /affiliates (cascades, freed slugs and emails).
 */
import { randomUUID } from 'node:crypto';
import { useTestServer } from '../../../helpers/harness';
import { createProgram } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { personEmail } from '../../../helpers/spec-client';
import { expectError, expectOk, expectValidation, ISO_RE, testNoServerErrors } from '../../../helpers/assertions';
import { expectAffiliateShape } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, call, sql, rowCount, createAffiliate, createGroup, createPlan, events: eventsOf, insertClick } = api;
const affiliates = api.endpoint('/affiliates');

/** A click row of the affiliate (on its first link); its numeric id as a string. */

describe('PUT /affiliates', () => {
  test('by affiliateId (UUID): 200 {count: 1}', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    const res = await affiliates.put(p.key, { affiliateId: a.id, firstName: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });
    expect((await affiliates.get(p.key, { id: a.id })).body.firstName).toBe('Renamed');
  });

  test('by emailAddress (any case): 200 {count: 1}', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p, { email: 'Mixed.Case@Example.com' });
    const res = await affiliates.put(p.key, { emailAddress: 'mixed.case@EXAMPLE.com', lastName: 'Changed' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });
    expect((await affiliates.get(p.key, { id: a.id })).body.lastName).toBe('Changed');
  });

  test.each([
    ['an unknown UUID', { affiliateId: randomUUID() }],
    ['an unknown email', { emailAddress: 'nobody-here@example.com' }],
    ['an unknown slug', { affiliateId: 'no-such-slug' }],
  ])('no match (%s): 200 {count: 0} and nothing changes', async (_n, ident) => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    const res = await affiliates.put(p.key, { ...ident, firstName: 'Ghost' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0 });
    expect((await affiliates.get(p.key, { id: a.id })).body).toEqual(a);
    expect(await eventsOf(p.programId, 'affiliate.updated')).toHaveLength(0);
  });

  test.each([
    ['only other fields', { firstName: 'X' }],
    ['an empty body', {}],
    ['empty identifiers', { affiliateId: '', emailAddress: '' }],
    ['null identifiers', { affiliateId: null, emailAddress: null, firstName: 'X' }],
  ])('neither identifier (%s) is 400 VALIDATION_FAILED', async (_n, body) => {
    const p = await createProgram(server);
    expectValidation(await affiliates.put(p.key, body));
  });

  test('affiliateLink adds a link; the old one is kept and both find the affiliate', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p, { affiliateLink: 'first-link' });
    const res = await affiliates.put(p.key, { affiliateId: a.id, affiliateLink: 'Second-Link' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });
    const after = expectOk(await affiliates.get(p.key, { id: a.id }));
    expect(after.affiliateLinks).toHaveLength(2);
    expect(after.affiliateLinks).toEqual(expect.arrayContaining(['first-link', 'Second-Link']));
    expect((await affiliates.get(p.key, { id: 'first-link' })).body?.id).toBe(a.id);
    expect((await affiliates.get(p.key, { id: 'second-link' })).body?.id).toBe(a.id);
    expect(await rowCount('affiliate_links', p.programId)).toBe(2);
  });

  test('affiliateLink by emailAddress adds a link too', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    expect(expectOk(await affiliates.put(p.key, { emailAddress: a.email, affiliateLink: 'via-email' }))).toEqual({ count: 1 });
    expect((await affiliates.get(p.key, { id: a.id })).body.affiliateLinks).toEqual(expect.arrayContaining([a.affiliateLinks[0], 'via-email']));
  });

  test("an affiliateLink in use (any case, own or another's) is 400 and nothing changes", async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p, { firstName: 'Orig', affiliateLink: 'a-link' });
    await createAffiliate(p, { affiliateLink: 'b-link' });
    for (const slug of ['B-LINK', 'b-link', 'A-Link']) {
      expectError(await affiliates.put(p.key, { affiliateId: a.id, affiliateLink: slug, firstName: 'Changed', commissionRate: 44 }), 400, 'DUPLICATE');
    }
    expect((await affiliates.get(p.key, { id: a.id })).body).toEqual(a);
    expect(await rowCount('affiliate_links', p.programId)).toBe(2);
    expect(await eventsOf(p.programId, 'affiliate.updated')).toHaveLength(0);
  });

  test.each([
    ['a space', 'bad slug'],
    ['an underscore', 'bad_slug'],
    ['a slash', 'bad/slug'],
    ['unicode', 'slüg'],
  ])('an affiliateLink with %s is 400 VALIDATION_FAILED and nothing changes', async (_n, slug) => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    expectValidation(await affiliates.put(p.key, { affiliateId: a.id, affiliateLink: slug, firstName: 'Changed' }), 'affiliateLink');
    expect((await affiliates.get(p.key, { id: a.id })).body).toEqual(a);
  });

  test('firstName, lastName, commissionRate and affiliateStatus are applied (seen by GET)', async () => {
    const p = await createProgram(server, { defaultCommissionRate: 10, autoApproveAffiliates: false });
    const a = await createAffiliate(p, { firstName: 'Old', lastName: 'Name' });
    expect(a.affiliateStatus).toBe('pending');
    expect(a.commissionRate).toBe(10);
    await new Promise((r) => setTimeout(r, 5));
    const res = await affiliates.put(p.key, { affiliateId: a.id, firstName: 'New', lastName: 'Person', commissionRate: 33.3, affiliateStatus: 'active' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });
    const after = expectOk(await affiliates.get(p.key, { id: a.id }));
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
    const a = await createAffiliate(p, { commissionRate: 40 });
    expect(expectOk(await affiliates.put(p.key, { affiliateId: a.id, commissionRate: null }))).toEqual({ count: 1 });
    expect((await affiliates.get(p.key, { id: a.id })).body.commissionRate).toBe(10);
  });

  test("email can be changed; to another affiliate's email (any case) is 400 DUPLICATE", async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    const b = await createAffiliate(p);
    const newEmail = personEmail('moved');
    expect(expectOk(await affiliates.put(p.key, { affiliateId: a.id, email: newEmail }))).toEqual({ count: 1 });
    expect((await affiliates.get(p.key, { email: newEmail })).body?.id).toBe(a.id);
    expectError(await affiliates.put(p.key, { affiliateId: a.id, email: b.email.toUpperCase() }), 400, 'DUPLICATE');
    expect((await affiliates.get(p.key, { id: a.id })).body.email).toBe(newEmail);
  });

  test('commissionPlanId / affiliateGroupId are checked like on POST', async () => {
    const p = await createProgram(server, { defaultCommissionRate: 10 });
    const a = await createAffiliate(p);
    const g1 = await createGroup(p);
    const g2 = await createGroup(p);
    const plan = await createPlan(p, { commissionRate: 21, affiliateGroupId: g1 });
    expectValidation(await affiliates.put(p.key, { affiliateId: a.id, commissionPlanId: randomUUID() }));
    expectValidation(await affiliates.put(p.key, { affiliateId: a.id, affiliateGroupId: 'nope' }));
    expectValidation(await affiliates.put(p.key, { affiliateId: a.id, commissionPlanId: plan, affiliateGroupId: g2 }));
    expect(expectOk(await affiliates.put(p.key, { affiliateId: a.id, commissionPlanId: plan, affiliateGroupId: g1 }))).toEqual({ count: 1 });
    const after = expectOk(await affiliates.get(p.key, { id: a.id }));
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
    const a = await createAffiliate(p);
    const res = await affiliates.put(p.key, { affiliateId: a.id, firstName: 'Changed', [field]: value });
    expectValidation(res, field);
    expect((await affiliates.get(p.key, { id: a.id })).body).toEqual(a);
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
    const a = await createAffiliate(p);
    const body: Record<string, unknown> = { affiliateId: a.id, [field]: value };
    if (field === 'affiliateId') body.emailAddress = a.email;
    expectValidation(await affiliates.put(p.key, body), field);
    expect((await affiliates.get(p.key, { id: a.id })).body).toEqual(a);
  });

  test('affiliate.updated is recorded with the updated affiliate as the REST API returns it', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    expect(await eventsOf(p.programId, 'affiliate.updated')).toHaveLength(0);
    expect(expectOk(await affiliates.put(p.key, { affiliateId: a.id, firstName: 'Evented', affiliateLink: 'evented-link' }))).toEqual({ count: 1 });
    const events = await eventsOf(p.programId, 'affiliate.updated');
    expect(events).toHaveLength(1);
    const now = expectOk(await affiliates.get(p.key, { id: a.id }));
    expect(events[0].data).toEqual(now);
    expect(events[0].data.firstName).toBe('Evented');
    expect(events[0].data.affiliateLinks).toEqual(expect.arrayContaining([a.affiliateLinks[0], 'evented-link']));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('DELETE /affiliates', () => {
  test('by UUID: 200 with a message; the affiliate is gone', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    const keep = await createAffiliate(p);
    const res = await affiliates.delete(p.key, { affiliateId: a.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
    expect(res.body.message.length).toBeGreaterThan(0);
    expect((await affiliates.get(p.key, { id: a.id })).body).toBeNull();
    expect((await affiliates.get(p.key, { email: a.email })).body).toBeNull();
    expect((await affiliates.get(p.key)).body.map((x: any) => x.id)).toEqual([keep.id]);
  });

  test('by email address (any case): 200 with a message; the affiliate is gone', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p, { email: 'Delete.Me@Example.com' });
    const res = await affiliates.delete(p.key, { affiliateId: 'delete.me@EXAMPLE.com' });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await affiliates.get(p.key, { id: a.id })).body).toBeNull();
    expect(await rowCount('affiliates', p.programId)).toBe(0);
  });

  test.each([
    ['an unknown UUID', () => randomUUID()],
    ['an unknown email', () => 'nobody@example.com'],
    ['neither a UUID nor an email', () => 'just-text'],
  ])('nothing matched (%s): 200 with a message, nothing deleted', async (_n, value) => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    const res = await affiliates.delete(p.key, { affiliateId: value() });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await affiliates.get(p.key, { id: a.id })).body).toEqual(a);
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
    await createAffiliate(p);
    expectValidation(await affiliates.delete(p.key, body), 'affiliateId');
    expect(await rowCount('affiliates', p.programId)).toBe(1);
  });

  test('an unlisted field is 400 VALIDATION_FAILED and nothing is deleted', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    expectValidation(await affiliates.delete(p.key, { affiliateId: a.id, force: true }), 'force');
    expect((await affiliates.get(p.key, { id: a.id })).body?.id).toBe(a.id);
  });

  test("cascades: the affiliate's links and clicks are gone, other affiliates' are kept", async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p, { affiliateLink: 'doomed-one' });
    expectOk(await affiliates.put(p.key, { affiliateId: a.id, affiliateLink: 'doomed-two' }));
    const other = await createAffiliate(p, { affiliateLink: 'survivor' });
    await insertClick(p.programId, a.id);
    await insertClick(p.programId, a.id);
    const otherClick = String(await insertClick(p.programId, other.id));

    const linksBefore = await call('GET', '/links', { token: p.key, query: { affiliateId: a.id } });
    expect(linksBefore.status).toBe(200);
    expect(linksBefore.body).toHaveLength(2);

    expectOk(await affiliates.delete(p.key, { affiliateId: a.id }));

    const linksAfter = await call('GET', '/links', { token: p.key, query: { affiliateId: a.id } });
    expect(linksAfter.status).toBe(200);
    expect(linksAfter.body).toEqual([]);
    for (const slug of ['doomed-one', 'doomed-two']) {
      const byLink = await call('GET', '/links', { token: p.key, query: { link: slug } });
      expect(byLink.status).toBe(200);
      expect(byLink.body).toEqual([]);
      expect((await affiliates.get(p.key, { id: slug })).body).toBeNull();
    }
    expect(await sql(`select id from affiliate_links where program_id = ? and affiliate_id = ?`, [p.programId, a.id])).toEqual([]);
    expect(await sql(`select id from clicks where program_id = ? and affiliate_id = ?`, [p.programId, a.id])).toEqual([]);
    // The other affiliate keeps its link and click.
    expect((await affiliates.get(p.key, { id: 'survivor' })).body?.id).toBe(other.id);
    expect((await affiliates.get(p.key, { id: otherClick })).body?.id).toBe(other.id);
  });

  test("the deleted affiliate's slugs and email are free for reuse", async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p, { affiliateLink: 'reuse-me' });
    expectOk(await affiliates.delete(p.key, { affiliateId: a.id }));
    const again = await affiliates.post(p.key, { firstName: 'New', lastName: 'Owner', email: a.email, affiliateLink: 'REUSE-ME' });
    expect(again.status).toBe(200);
    expect(again.body.affiliateLinks).toEqual(['REUSE-ME']);
    expect(again.body.id).not.toBe(a.id);
    expect((await affiliates.get(p.key, { id: 'reuse-me' })).body?.id).toBe(again.body.id);
  });

  test('a slug freed by deletion can be added by PUT to another affiliate', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p, { affiliateLink: 'handed-over' });
    const b = await createAffiliate(p);
    expectError(await affiliates.put(p.key, { affiliateId: b.id, affiliateLink: 'handed-over' }), 400, 'DUPLICATE');
    expectOk(await affiliates.delete(p.key, { affiliateId: a.id }));
    expect(expectOk(await affiliates.put(p.key, { affiliateId: b.id, affiliateLink: 'handed-over' }))).toEqual({ count: 1 });
    expect((await affiliates.get(p.key, { id: 'handed-over' })).body?.id).toBe(b.id);
  });

  test('affiliate.deleted is recorded with the deleted affiliate', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(p);
    expectOk(await affiliates.delete(p.key, { affiliateId: a.id }));
    const events = await eventsOf(p.programId, 'affiliate.deleted');
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual(expect.objectContaining({ id: a.id, email: a.email, affiliateLinks: a.affiliateLinks }));
    // A second delete matches nothing and records nothing.
    const again = await affiliates.delete(p.key, { affiliateId: a.id });
    expect(again.status).toBe(200);
    expect(again.body.message).toEqual(expect.any(String));
    expect(await eventsOf(p.programId, 'affiliate.deleted')).toHaveLength(1);
  });
});

testNoServerErrors(seen, 80);
