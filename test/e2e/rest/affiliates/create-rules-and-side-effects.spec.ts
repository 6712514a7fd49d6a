/**
 * REST /api/v1/affiliates end to end (spec 4.1, 7, 8 and DESIGN.md): every statement of the endpoint section with
 * HTTP assertions on status and body, plus the side effects (links, emails, events, clicks) read back from the
 * database.
 * Here POST /affiliates: commission plans and groups, the affiliate limit,
 * concurrency, and the side effects (emails, affiliate.created, nothing left behind by a refusal).
 */
import { randomUUID } from 'node:crypto';
import { useTestServer } from '../../../helpers/harness';
import { createProgram, type ProgramFixture } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { personEmail, uniq } from '../../../helpers/spec-client';
import { expectError, expectOk, expectValidation, tally, testNoServerErrors } from '../../../helpers/assertions';
import { expectAffiliateShape } from '../../../helpers/shapes';

const server = useTestServer();

const api = restClient(() => server);
const { seen, rowCount, emailsOf, createAffiliate, createGroup, createPlan, events: eventsOf } = api;
const affiliates = api.endpoint('/affiliates');

describe('POST /affiliates', () => {
  describe('commission plans and affiliate groups', () => {
    test.each([
      ['commissionPlanId', 'a random UUID', () => randomUUID()],
      ['commissionPlanId', 'a non-UUID string', () => 'plan-123'],
      ['affiliateGroupId', 'a random UUID', () => randomUUID()],
      ['affiliateGroupId', 'a non-UUID string', () => 'group-123'],
    ])('%s that does not exist (%s) is 400 and creates nothing', async (field, _n, value) => {
      const p = await createProgram(server);
      expectValidation(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), [field]: value() }), field);
      expect(await rowCount('affiliates', p.programId)).toBe(0);
    });

    test('a plan or group of another program does not exist in this one: 400', async () => {
      const other = await createProgram(server);
      const otherGroup = await createGroup(other);
      const otherPlan = await createPlan(other, { commissionRate: 30, affiliateGroupId: otherGroup });
      const p = await createProgram(server);
      expectValidation(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), commissionPlanId: otherPlan }), 'commissionPlanId');
      expectValidation(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), affiliateGroupId: otherGroup }), 'affiliateGroupId');
      expect(await rowCount('affiliates', p.programId)).toBe(0);
    });

    test('a plan that does not belong to the group is 400', async () => {
      const p = await createProgram(server);
      const groupA = await createGroup(p);
      const groupB = await createGroup(p);
      const planInB = await createPlan(p, { commissionRate: 30, affiliateGroupId: groupB });
      const planWithoutGroup = await createPlan(p, { commissionRate: 31 });
      expectValidation(
        await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), commissionPlanId: planInB, affiliateGroupId: groupA }),
      );
      expectValidation(
        await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), commissionPlanId: planWithoutGroup, affiliateGroupId: groupA }),
      );
      expect(await rowCount('affiliates', p.programId)).toBe(0);
    });

    test('a plan in the group with that group is 200; the plan rate applies when the affiliate has none', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 10 });
      const group = await createGroup(p);
      const plan = await createPlan(p, { commissionRate: 27.5, affiliateGroupId: group });
      const res = await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail(), commissionPlanId: plan, affiliateGroupId: group });
      expect(res.status).toBe(200);
      expectAffiliateShape(res.body);
      expect(res.body.commissionPlanId).toBe(plan);
      expect(res.body.affiliateGroupId).toBe(group);
      expect(res.body.commissionRate).toBe(27.5);
      expect((await affiliates.get(p.key, { id: res.body.id })).body.commissionRate).toBe(27.5);
    });

    test("an affiliate's own rate wins over its plan's", async () => {
      const p = await createProgram(server, { defaultCommissionRate: 10 });
      const group = await createGroup(p);
      const plan = await createPlan(p, { commissionRate: 27.5, affiliateGroupId: group });
      const a = await createAffiliate(p, { commissionPlanId: plan, affiliateGroupId: group, commissionRate: 5 });
      expect(a.commissionRate).toBe(5);
    });

    test('a plan alone, or a group alone, is accepted', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 10 });
      const group = await createGroup(p);
      const plan = await createPlan(p, { commissionRate: 12, affiliateGroupId: group });
      const a = await createAffiliate(p, { commissionPlanId: plan });
      expect(a.commissionPlanId).toBe(plan);
      expect(a.commissionRate).toBe(12);
      const b = await createAffiliate(p, { affiliateGroupId: group });
      expect(b.affiliateGroupId).toBe(group);
      expect(b.commissionRate).toBe(10);
    });
  });

  // ---------------------------------------------------------------------------------------------------------

  describe('affiliate limit', () => {
    test('with affiliateLimit 2 the third POST is 400 LIMIT_REACHED', async () => {
      const p = await createProgram(server, { affiliateLimit: 2 });
      await createAffiliate(p);
      await createAffiliate(p);
      const e = personEmail('third');
      const res = await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: e });
      expectError(res, 400, 'LIMIT_REACHED');
      expect(await rowCount('affiliates', p.programId)).toBe(2);
      expect((await affiliates.get(p.key, { email: e })).body).toBeNull();
      expect((await affiliates.get(p.key)).body).toHaveLength(2);
    });

    test('a deleted affiliate frees a place under the limit', async () => {
      const p = await createProgram(server, { affiliateLimit: 1 });
      const a = await createAffiliate(p);
      expectError(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail() }), 400, 'LIMIT_REACHED');
      expectOk(await affiliates.delete(p.key, { affiliateId: a.id }));
      expectOk(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail() }));
    });
  });

  // ---------------------------------------------------------------------------------------------------------

  describe('concurrency', () => {
    // The pool has 10 connections and acquiring one times out after 60 s: give a stalled run time to finish,
    // so a failure shows its 500s (and the next test does not start on a jammed pool).
    const SLOW = 150_000;

    test(
      '20 concurrent POSTs under affiliateLimit 5: exactly 5 succeed, the program has exactly 5 affiliates',
      async () => {
        const p = await createProgram(server, { affiliateLimit: 5 });
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => affiliates.post(p.key, { firstName: 'C', lastName: `N${i}`, email: personEmail(`conc${i}`) })),
        );
        expect(tally(results)).toEqual({ '200': 5, '400 LIMIT_REACHED': 15 });
        expect(await rowCount('affiliates', p.programId)).toBe(5);
        expect(await rowCount('affiliate_links', p.programId)).toBe(5);
        const list = expectOk(await affiliates.get(p.key));
        expect(list.map((a: any) => a.id).sort()).toEqual(
          results
            .filter((r) => r.status === 200)
            .map((r) => r.body.id)
            .sort(),
        );
        expect(await eventsOf(p.programId, 'affiliate.created')).toHaveLength(5);
      },
      SLOW,
    );

    test(
      '20 concurrent POSTs with the same email (varying case): exactly one 200, the rest 400 DUPLICATE',
      async () => {
        const p = await createProgram(server);
        const base = `same-${uniq()}@example.com`;
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => affiliates.post(p.key, { firstName: 'S', lastName: `N${i}`, email: i % 2 ? base.toUpperCase() : base })),
        );
        expect(tally(results)).toEqual({ '200': 1, '400 DUPLICATE': 19 });
        expect(await rowCount('affiliates', p.programId)).toBe(1);
        expect(await rowCount('affiliate_links', p.programId)).toBe(1);
        expect(await eventsOf(p.programId, 'affiliate.created')).toHaveLength(1);
      },
      SLOW,
    );

    test(
      '20 concurrent POSTs with the same explicit affiliateLink: exactly one 200, the rest 400 DUPLICATE',
      async () => {
        const p = await createProgram(server);
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            affiliates.post(p.key, { firstName: 'S', lastName: `N${i}`, email: personEmail(`l${i}`), affiliateLink: 'hot-slug' }),
          ),
        );
        expect(tally(results)).toEqual({ '200': 1, '400 DUPLICATE': 19 });
        expect(await rowCount('affiliates', p.programId)).toBe(1);
        expect(await rowCount('affiliate_links', p.programId)).toBe(1);
      },
      SLOW,
    );

    test(
      '40 concurrent POSTs with distinct emails all succeed (no pool starvation, no 5xx)',
      async () => {
        const p = await createProgram(server);
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) => affiliates.post(p.key, { firstName: 'P', lastName: `N${i}`, email: personEmail(`pool${i}`) })),
        );
        expect(tally(results)).toEqual({ '200': 40 });
        expect(await rowCount('affiliates', p.programId)).toBe(40);
      },
      SLOW,
    );

    test(
      '10 concurrent POSTs whose emails share a local part all succeed with distinct generated slugs',
      async () => {
        const p = await createProgram(server);
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => affiliates.post(p.key, { firstName: 'S', lastName: `N${i}`, email: `shared.local@d${i}.example.com` })),
        );
        // No affiliateLink was sent, so "link already in use" must never be the answer (spec 4.1).
        expect(tally(results)).toEqual({ '200': 10 });
        const slugs = results.map((r) => r.body.affiliateLinks[0]);
        expect(new Set(slugs).size).toBe(10);
        for (const s of slugs) expect(s).toMatch(/^shared-local(-\d+)?$/);
      },
      SLOW,
    );
  });

  // ---------------------------------------------------------------------------------------------------------

  describe('side effects', () => {
    test('an active affiliate: one admin_new_affiliate email to the owner and one affiliate_welcome to the affiliate', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: true });
      const e = personEmail('welcome');
      const a = await createAffiliate(p, { firstName: 'Wendy', lastName: 'Welcome', email: e });
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

    test('a pending affiliate (no auto-approve): the admin email, and a welcome saying the application is under review', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: false });
      const a = await createAffiliate(p);
      expect(a.affiliateStatus).toBe('pending');
      const mails = await emailsOf(p.programId);
      expect(mails.map((m) => [m.kind, m.to]).sort()).toEqual([
        ['admin_new_affiliate', p.ownerEmail],
        ['affiliate_welcome', a.email],
      ]);
      const welcome = mails.find((m) => m.kind === 'affiliate_welcome')!;
      expect(welcome.text).toContain('under review');
      expect(welcome.text).not.toContain('?ref=');
    });

    test('a pending affiliate with sendWelcomeEmail false: the admin email only', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: true });
      const a = await createAffiliate(p, { affiliateStatus: 'pending', sendWelcomeEmail: false });
      expect(a.affiliateStatus).toBe('pending');
      expect((await emailsOf(p.programId)).map((m) => m.kind)).toEqual(['admin_new_affiliate']);
    });

    test('sendWelcomeEmail false: no welcome, the admin email is still there', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: true });
      const a = await createAffiliate(p, { sendWelcomeEmail: false });
      expect(a.affiliateStatus).toBe('active');
      const mails = await emailsOf(p.programId);
      expect(mails.map((m) => [m.kind, m.to])).toEqual([['admin_new_affiliate', p.ownerEmail]]);
    });

    test('sendWelcomeEmail true on an active affiliate sends the welcome', async () => {
      const p = await createProgram(server, { autoApproveAffiliates: false });
      const e = personEmail();
      await createAffiliate(p, { email: e, affiliateStatus: 'active', sendWelcomeEmail: true });
      const mails = await emailsOf(p.programId);
      expect(mails.filter((m) => m.kind === 'affiliate_welcome').map((m) => m.to)).toEqual([e]);
      expect(mails.filter((m) => m.kind === 'admin_new_affiliate').map((m) => m.to)).toEqual([p.ownerEmail]);
    });

    test('affiliate.created is recorded once with data equal to the REST response body', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 12.5 });
      const res = await affiliates.post(p.key, { firstName: 'Eve', lastName: 'Event', email: personEmail('event'), commissionRate: 7.25 });
      expect(res.status).toBe(200);
      const events = await eventsOf(p.programId, 'affiliate.created');
      expect(events).toHaveLength(1);
      expect(events[0].id).toMatch(/^evt_/);
      expect(events[0].data).toEqual(res.body);
    });

    test('affiliate.created data equals the response for a generated slug and inherited rate too', async () => {
      const p = await createProgram(server, { defaultCommissionRate: 15, autoApproveAffiliates: false });
      const res = await affiliates.post(p.key, { firstName: 'Eve', lastName: 'Event', email: personEmail('event') });
      expect(res.status).toBe(200);
      const events = await eventsOf(p.programId, 'affiliate.created');
      expect(events).toHaveLength(1);
      expect(events[0].data).toEqual(res.body);
    });

    test.each([
      [
        'a duplicate link',
        'DUPLICATE',
        async (p: ProgramFixture) => ({
          firstName: 'F',
          lastName: 'G',
          email: personEmail(),
          affiliateLink: (await createAffiliate(p)).affiliateLinks[0],
        }),
      ],
      [
        'a duplicate email',
        'DUPLICATE',
        async (p: ProgramFixture) => ({ firstName: 'F', lastName: 'G', email: (await createAffiliate(p)).email.toUpperCase() }),
      ],
      [
        'a plan outside its group',
        'VALIDATION_FAILED',
        async (p: ProgramFixture) => {
          const g1 = await createGroup(p);
          const g2 = await createGroup(p);
          return {
            firstName: 'F',
            lastName: 'G',
            email: personEmail(),
            commissionPlanId: await createPlan(p, { commissionRate: 5, affiliateGroupId: g1 }),
            affiliateGroupId: g2,
          };
        },
      ],
    ])('a failed POST (%s) is 400 %s and leaves no affiliate, link, event or email behind', async (_n, code, makeBody) => {
      const p = await createProgram(server);
      const body = await makeBody(p);
      const before = {
        affiliates: await rowCount('affiliates', p.programId),
        links: await rowCount('affiliate_links', p.programId),
        events: (await eventsOf(p.programId)).length,
        emails: (await emailsOf(p.programId)).length,
      };
      expectError(await affiliates.post(p.key, body), 400, code);
      expect({
        affiliates: await rowCount('affiliates', p.programId),
        links: await rowCount('affiliate_links', p.programId),
        events: (await eventsOf(p.programId)).length,
        emails: (await emailsOf(p.programId)).length,
      }).toEqual(before);
    });

    test('a POST refused by the affiliate limit leaves nothing behind', async () => {
      const p = await createProgram(server, { affiliateLimit: 1 });
      await createAffiliate(p);
      const before = [
        await rowCount('affiliates', p.programId),
        await rowCount('affiliate_links', p.programId),
        (await eventsOf(p.programId)).length,
        (await emailsOf(p.programId)).length,
      ];
      expectError(await affiliates.post(p.key, { firstName: 'A', lastName: 'B', email: personEmail() }), 400, 'LIMIT_REACHED');
      const after = [
        await rowCount('affiliates', p.programId),
        await rowCount('affiliate_links', p.programId),
        (await eventsOf(p.programId)).length,
        (await emailsOf(p.programId)).length,
      ];
      expect(after).toEqual(before);
    });
  });
});

testNoServerErrors(seen, 70);
