/**
 * REST /api/v1/affiliates end to end (spec 4.1, 7, 8 and DESIGN.md): every statement of the endpoint section with
 * HTTP assertions on status and body, plus the side effects (links, emails, events, clicks) read back from the
 * database.
 * Here POST /affiliates: the created affiliate, required fields and body validation,
 * uniqueness of emails and links.
 */
import { randomUUID } from 'node:crypto';
import { useProgram, useTestServer } from '../../../helpers/harness';
import { createProgram } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { personEmail } from '../../../helpers/spec-client';
import { expectError, expectOk, expectValidation, testNoServerErrors } from '../../../helpers/assertions';
import { expectAffiliateShape } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, sql, rowCount, createAffiliate } = api;
const affiliates = api.endpoint('/affiliates');

describe('POST /affiliates', () => {
  describe('the created affiliate', () => {
    test('answers 200 with the full Affiliate including its generated affiliateLinks entry', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 15 });
      const e = personEmail('shape');
      const res = await affiliates.post(p.key, { firstName: 'Grace', lastName: 'Hopper', email: e });
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
      expect((await affiliates.get(p.key, { id: res.body.id })).body).toEqual(res.body);
      const links = await sql(`select link from affiliate_links where program_id = ? and affiliate_id = ?`, [p.programId, res.body.id]);
      expect(links.map((l) => l.link)).toEqual(res.body.affiliateLinks);
    });

    test('the generated slug comes from the email local part, lower-cased, other characters as hyphens', async () => {
      const p = await createProgram(server);
      const res = await affiliates.post(p.key, { firstName: 'Ann', lastName: 'Lee', email: 'Ann.Lee+x@Example.com' });
      expect(res.status).toBe(200);
      expect(res.body.affiliateLinks).toEqual(['ann-lee-x']);
      expect(res.body.email).toBe('Ann.Lee+x@Example.com');
    });

    test('a second affiliate with the same local part gets a different slug (…-2), then …-3', async () => {
      const p = await createProgram(server);
      const a = expectOk(await affiliates.post(p.key, { firstName: 'Ann', lastName: 'Lee', email: 'Ann.Lee+x@Example.com' }));
      const b = expectOk(await affiliates.post(p.key, { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee+x@other.example.org' }));
      const c = expectOk(await affiliates.post(p.key, { firstName: 'Ann', lastName: 'Lee', email: 'ANN_LEE.X@third.example.net' }));
      expect(a.affiliateLinks).toEqual(['ann-lee-x']);
      expect(b.affiliateLinks).toEqual(['ann-lee-x-2']);
      expect(c.affiliateLinks).toEqual(['ann-lee-x-3']);
    });

    test('a generated slug avoids a slug that an affiliate chose explicitly (case-insensitive)', async () => {
      const p = await createProgram(server);
      expectOk(await affiliates.post(p.key, { firstName: 'X', lastName: 'Y', email: personEmail(), affiliateLink: 'JOHN' }));
      const res = await affiliates.post(p.key, { firstName: 'John', lastName: 'Doe', email: 'john@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.affiliateLinks).toHaveLength(1);
      expect(res.body.affiliateLinks[0].toLowerCase()).not.toBe('john');
      expect(res.body.affiliateLinks[0]).toMatch(/^john-\d+$/);
    });

    test('a sent affiliateLink becomes the first link, as sent', async () => {
      const p = await createProgram(server);
      const res = await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), affiliateLink: 'My-Promo-2024' });
      expect(res.status).toBe(200);
      expect(res.body.affiliateLinks).toEqual(['My-Promo-2024']);
      expect((await affiliates.get(p.key, { id: 'my-promo-2024' })).body?.id).toBe(res.body.id);
    });

    test('commissionRate omitted inherits the program default', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 15 });
      const a = await createAffiliate(p);
      expect(a.commissionRate).toBe(15);
      expect((await affiliates.get(p.key, { id: a.id })).body.commissionRate).toBe(15);
    });

    test('commissionRate sent is kept', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 15 });
      const a = await createAffiliate(p, { commissionRate: 22.5 });
      expect(a.commissionRate).toBe(22.5);
      expect((await affiliates.get(p.key, { id: a.id })).body.commissionRate).toBe(22.5);
      const zero = await createAffiliate(p, { commissionRate: 0 });
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
      expectValidation(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), commissionRate: rate }), 'commissionRate');
      expect(await rowCount('affiliates', p.programId)).toBe(0);
    });

    test('affiliateStatus omitted: active when the program auto-approves', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: true });
      expect((await createAffiliate(p)).affiliateStatus).toBe('active');
    });

    test('affiliateStatus omitted: pending when the program does not auto-approve', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: false });
      const a = await createAffiliate(p);
      expect(a.affiliateStatus).toBe('pending');
      expect((await affiliates.get(p.key, { id: a.id })).body.affiliateStatus).toBe('pending');
    });

    test.each([
      [true, 'inactive'],
      [true, 'pending'],
      [true, 'rejected'],
      [false, 'active'],
      [false, 'rejected'],
    ])('affiliateStatus sent is kept (autoApprove %s, status %s)', async (autoApproveAffiliates, status) => {
      const p = await createProgram(server, { autoApproveAffiliates });
      const a = await createAffiliate(p, { affiliateStatus: status });
      expect(a.affiliateStatus).toBe(status);
      expect((await affiliates.get(p.key, { id: a.id })).body.affiliateStatus).toBe(status);
    });

    test.each(['banned', 'ACTIVE', '', 1])('an invalid affiliateStatus (%p) is 400 VALIDATION_FAILED', async (status) => {
      const p = await createProgram(server);
      expectValidation(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), affiliateStatus: status }), 'affiliateStatus');
      expect(await rowCount('affiliates', p.programId)).toBe(0);
    });
  });

  // ---------------------------------------------------------------------------------------------------------

  describe('required fields and body validation', () => {
    const p = useProgram(server);
    const full = () => ({ firstName: 'Ada', lastName: 'Lovelace', email: personEmail() });

    test.each(['firstName', 'lastName', 'email'])('%s missing is 400 {error, code: VALIDATION_FAILED, details}', async (field) => {
      const body: Record<string, unknown> = full();
      delete body[field];
      const res = await affiliates.post(p.key, body);
      expectValidation(res, field);
      expect(res.body.details.length).toBeGreaterThan(0);
    });

    test.each(['firstName', 'lastName', 'email'])('%s empty, blank or null is 400 VALIDATION_FAILED', async (field) => {
      for (const value of ['', '   ', null]) {
        const res = await affiliates.post(p.key, { ...full(), [field]: value });
        expectValidation(res, field);
      }
    });

    test('an empty body lists every missing required field', async () => {
      const res = await affiliates.post(p.key, {});
      expectValidation(res);
      const fields = res.body.details.map((d: any) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email']));
    });

    test.each(['not-an-email', 'a@', '@example.com', 'two@@example.com'])('an invalid email (%s) is 400', async (e) => {
      expectValidation(await affiliates.post(p.key, { ...full(), email: e }), 'email');
    });

    test.each([
      ['firstName', 42],
      ['lastName', ['x']],
      ['email', { a: 1 }],
      ['sendWelcomeEmail', 'yes'],
      ['affiliateLink', 123],
      ['commissionPlanId', 5],
    ])('a wrong type (%s = %p) is 400 VALIDATION_FAILED', async (field, value) => {
      expectValidation(await affiliates.post(p.key, { ...full(), [field]: value }), field);
    });

    test('an unlisted field is 400 VALIDATION_FAILED naming it', async () => {
      expectValidation(await affiliates.post(p.key, { ...full(), nickname: 'x' }), 'nickname');
      expectValidation(await affiliates.post(p.key, { ...full(), id: randomUUID() }), 'id');
    });

    test('a too long firstName is 400, not 500', async () => {
      expectValidation(await affiliates.post(p.key, { ...full(), firstName: 'x'.repeat(5000) }), 'firstName');
    });

    test('none of the rejected requests created an affiliate', async () => {
      expect(await rowCount('affiliates', p.programId)).toBe(0);
    });
  });

  // ---------------------------------------------------------------------------------------------------------

  describe('uniqueness', () => {
    test('an email already in the program (any case) is 400 DUPLICATE', async () => {
      const p = await createProgram(server);
      expectOk(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: 'Dup@Example.com' }));
      for (const e of ['Dup@Example.com', 'dup@example.com', 'DUP@EXAMPLE.COM']) {
        const res = await affiliates.post(p.key, { firstName: 'C', lastName: 'D', email: e });
        expectError(res, 400, 'DUPLICATE');
      }
      expect(await rowCount('affiliates', p.programId)).toBe(1);
    });

    test('an affiliateLink already in use (any case) is 400; no other slug is chosen', async () => {
      const p = await createProgram(server);
      expectOk(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), affiliateLink: 'taken-slug' }));
      for (const slug of ['taken-slug', 'TAKEN-SLUG', 'Taken-Slug']) {
        const e = personEmail('second');
        const res = await affiliates.post(p.key, { firstName: 'C', lastName: 'D', email: e, affiliateLink: slug });
        expectError(res, 400, 'DUPLICATE');
        expect((await affiliates.get(p.key, { email: e })).body).toBeNull();
      }
      expect(await rowCount('affiliates', p.programId)).toBe(1);
      expect(await rowCount('affiliate_links', p.programId)).toBe(1);
    });

    test('an affiliateLink equal to a generated slug is in use too', async () => {
      const p = await createProgram(server);
      expectOk(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: 'generated.one@example.com' }));
      expectError(await affiliates.post(p.key, { firstName: 'C', lastName: 'D', email: personEmail(), affiliateLink: 'generated-one' }), 400, 'DUPLICATE');
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
      const res = await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), affiliateLink: slug });
      expectValidation(res, 'affiliateLink');
      expect(await rowCount('affiliates', p.programId)).toBe(0);
      expect(await rowCount('affiliate_links', p.programId)).toBe(0);
    });
  });
});

testNoServerErrors(seen, 40);
