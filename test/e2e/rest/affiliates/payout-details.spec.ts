/**
 * REST PUT /affiliates with payout details (DESIGN.md "Payouts"): payoutMethod (paypal, wise, stripe_connect,
 * manual), payoutEmail (PayPal and Wise) and stripeAccountId (acct_…, Stripe Connect), set by an API key, read back
 * through GraphQL; never in a REST body or an event payload. A partner token sending any of them is 403 and
 * nothing changes; values the rules refuse are 400 naming the field; a refusal of any part of the update changes
 * nothing. The GraphQL mutation and reads: test/e2e/graphql/affiliate-payout-details.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import { useProgram, useTestServer } from '../../../helpers/harness';
import { createPartnerToken, type ProgramFixture } from '../../../helpers/factories';
import { restClient } from '../../../helpers/rest-client';
import { personEmail } from '../../../helpers/spec-client';
import { expectError, expectOk, expectValidation, testNoServerErrors } from '../../../helpers/assertions';
import { dataOf, gqlDocument } from '../../../helpers/graphql/typed-document';

const server = useTestServer();
const api = restClient(() => server);
const { seen, events: eventsOf, emailsOf } = api;
const affiliates = api.endpoint('/affiliates');

interface PayoutDetails {
  payoutMethod: string | null;
  payoutEmail: string | null;
  stripeAccountId: string | null;
}
const DETAILS = gqlDocument<{ affiliate: (PayoutDetails & { firstName: string }) | null }, { id: string }>(
  'query($id: String) { affiliate(id: $id) { firstName payoutMethod payoutEmail stripeAccountId } }',
);
const NONE: PayoutDetails = { payoutMethod: null, payoutEmail: null, stripeAccountId: null };
const PAYOUT_KEYS = ['payoutMethod', 'payoutEmail', 'stripeAccountId'];

/** The affiliate's name and payout details, read with the program's API key through GraphQL. */
const detailsOf = async (p: ProgramFixture, id: string) => dataOf(await server.graphql(DETAILS, { id }, p.key)).affiliate!;
const changedEmails = async (p: ProgramFixture) => (await emailsOf(p.programId)).filter((e) => e.kind === 'affiliate_payout_details_changed');

describe('an API key sets them', () => {
  const p = useProgram(() => api.program());

  test('PayPal: 200 {count: 1}; read back through GraphQL; the affiliate is emailed about the change', async () => {
    const a = await api.createAffiliate(p);
    const payoutEmail = personEmail('paypal');
    expect(expectOk(await affiliates.put(p, { affiliateId: a.id, payoutMethod: 'paypal', payoutEmail }))).toEqual({ count: 1 });
    expect(await detailsOf(p, a.id)).toEqual({ firstName: a.firstName, payoutMethod: 'paypal', payoutEmail, stripeAccountId: null });
    const sent = (await changedEmails(p)).filter((e) => e.to === a.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).not.toContain(payoutEmail);
  });

  test('by emailAddress, with other changes in the same request: all applied', async () => {
    const a = await api.createAffiliate(p);
    const res = await affiliates.put(p, { emailAddress: a.email, firstName: 'Wisely', payoutMethod: 'wise', payoutEmail: 'wise@example.com' });
    expect(expectOk(res)).toEqual({ count: 1 });
    expect(await detailsOf(p, a.id)).toEqual({ firstName: 'Wisely', payoutMethod: 'wise', payoutEmail: 'wise@example.com', stripeAccountId: null });
  });

  test('Stripe Connect keeps the email for a later switch back; manual needs nothing; null clears', async () => {
    const a = await api.createAffiliate(p);
    await affiliates.put(p, { affiliateId: a.id, payoutMethod: 'paypal', payoutEmail: 'pp@example.com' });
    expectOk(await affiliates.put(p, { affiliateId: a.id, payoutMethod: 'stripe_connect', stripeAccountId: 'acct_1A2b3C4d' }));
    expect(await detailsOf(p, a.id)).toMatchObject({ payoutMethod: 'stripe_connect', payoutEmail: 'pp@example.com', stripeAccountId: 'acct_1A2b3C4d' });
    expectOk(await affiliates.put(p, { affiliateId: a.id, payoutMethod: 'paypal' }));
    expect(await detailsOf(p, a.id)).toMatchObject({ payoutMethod: 'paypal', payoutEmail: 'pp@example.com' });
    expectOk(await affiliates.put(p, { affiliateId: a.affiliateLinks[0], payoutMethod: 'manual', payoutEmail: null, stripeAccountId: '' }));
    expect(await detailsOf(p, a.id)).toMatchObject({ ...NONE, payoutMethod: 'manual' });
    expectOk(await affiliates.put(p, { affiliateId: a.id, payoutMethod: null }));
    expect(await detailsOf(p, a.id)).toMatchObject(NONE);
  });

  test('the same details again change nothing and send no second email', async () => {
    const a = await api.createAffiliate(p);
    const body = { affiliateId: a.id, payoutMethod: 'paypal', payoutEmail: 'same@example.com' };
    expectOk(await affiliates.put(p, body));
    expectOk(await affiliates.put(p, body));
    expect((await changedEmails(p)).filter((e) => e.to === a.email)).toHaveLength(1);
  });

  test('no affiliate matched: 200 {count: 0}, nothing sent', async () => {
    const before = (await changedEmails(p)).length;
    for (const ident of [{ affiliateId: randomUUID() }, { emailAddress: 'nobody@example.com' }]) {
      expect(expectOk(await affiliates.put(p, { ...ident, payoutMethod: 'manual' }))).toEqual({ count: 0 });
    }
    expect(await changedEmails(p)).toHaveLength(before);
  });
});

describe('never in a REST body or an event', () => {
  const p = useProgram(() => api.program());

  test('GET /affiliates (lookup and list) and affiliate.updated carry no payout field, nor the values', async () => {
    const a = await api.createAffiliate(p);
    const payoutEmail = personEmail('hidden');
    expectOk(await affiliates.put(p, { affiliateId: a.id, firstName: 'Shown', payoutMethod: 'paypal', payoutEmail }));
    const one = expectOk(await affiliates.get(p, { id: a.id }));
    expect(one).toEqual({ ...a, firstName: 'Shown', name: `Shown ${a.lastName}`, updatedAt: expect.any(String) });
    const list = await affiliates.get(p);
    expect(list.status).toBe(200);
    for (const body of [one, ...list.body]) for (const key of PAYOUT_KEYS) expect(body).not.toHaveProperty(key);
    expect(list.text).not.toContain(payoutEmail);
    const updated = await eventsOf(p.programId, 'affiliate.updated', a.id);
    expect(updated).toHaveLength(1);
    for (const key of PAYOUT_KEYS) expect(updated[0].data).not.toHaveProperty(key);
    expect(JSON.stringify(updated[0].data)).not.toContain(payoutEmail);
  });
});

describe('refused: 400 naming the field, and nothing changes', () => {
  const p = useProgram(() => api.program());

  test.each([
    ['paypal without an email', { payoutMethod: 'paypal' }, 'payoutEmail'],
    ['wise without an email', { payoutMethod: 'wise' }, 'payoutEmail'],
    ['stripe_connect without an account', { payoutMethod: 'stripe_connect' }, 'stripeAccountId'],
    ['an account id that is not acct_…', { payoutMethod: 'stripe_connect', stripeAccountId: 'cus_123' }, 'stripeAccountId'],
    ['an account id with a hyphen', { stripeAccountId: 'acct_12-34' }, 'stripeAccountId'],
    ['an email that is not one', { payoutMethod: 'paypal', payoutEmail: 'not-an-email' }, 'payoutEmail'],
    ['an unknown method', { payoutMethod: 'bitcoin' }, 'payoutMethod'],
    ['a method that is not a string', { payoutMethod: 1 }, 'payoutMethod'],
    ['an overlong email', { payoutEmail: `${'x'.repeat(250)}@example.com` }, 'payoutEmail'],
  ])('%s', async (_what, payout, field) => {
    const a = await api.createAffiliate(p);
    const res = await affiliates.put(p, { affiliateId: a.id, firstName: 'Changed', ...payout });
    expectValidation(res, field);
    expect(await detailsOf(p, a.id)).toEqual({ firstName: a.firstName, ...NONE });
    expect(await eventsOf(p.programId, 'affiliate.updated', a.id)).toHaveLength(0);
  });

  test('clearing the email PayPal pays: 400 naming payoutEmail; the details stay', async () => {
    const a = await api.createAffiliate(p);
    expectOk(await affiliates.put(p, { affiliateId: a.id, payoutMethod: 'paypal', payoutEmail: 'keep@example.com' }));
    expectValidation(await affiliates.put(p, { affiliateId: a.id, payoutEmail: null }), 'payoutEmail');
    expect(await detailsOf(p, a.id)).toMatchObject({ payoutMethod: 'paypal', payoutEmail: 'keep@example.com' });
  });

  test('the other part of the update refused (a taken email): the valid payout details are not applied either, and no email is sent', async () => {
    const taken = await api.createAffiliate(p);
    const a = await api.createAffiliate(p);
    const before = (await changedEmails(p)).length;
    expectError(await affiliates.put(p, { affiliateId: a.id, email: taken.email, payoutMethod: 'manual' }), 400, 'DUPLICATE');
    expect(await detailsOf(p, a.id)).toEqual({ firstName: a.firstName, ...NONE });
    expect(await changedEmails(p)).toHaveLength(before);
    expect(await eventsOf(p.programId, 'affiliate.updated', a.id)).toHaveLength(0);
  });

  test('payout details without affiliateId or emailAddress: 400 naming affiliateId', async () => {
    expectValidation(await affiliates.put(p, { payoutMethod: 'manual' }), 'affiliateId');
  });
});

describe('a partner token', () => {
  const p = useProgram(() => api.program());

  test.each([
    ['payoutMethod', { payoutMethod: 'manual' }],
    ['payoutEmail', { payoutEmail: 'attacker@example.com' }],
    ['stripeAccountId', { stripeAccountId: 'acct_attacker1' }],
    ['a null payout field', { payoutEmail: null }],
  ])('sending %s: 403 FORBIDDEN, and nothing of the update is applied', async (_what, payout) => {
    const partner = await createPartnerToken(server, p);
    const a = await api.createAffiliate(p);
    await affiliates.put(p, { affiliateId: a.id, payoutMethod: 'paypal', payoutEmail: 'owner-set@example.com' });
    const res = await affiliates.put(partner, { affiliateId: a.id, firstName: 'Partnered', ...payout });
    expectError(res, 403, 'FORBIDDEN');
    expect(await detailsOf(p, a.id)).toEqual({ firstName: a.firstName, payoutMethod: 'paypal', payoutEmail: 'owner-set@example.com', stripeAccountId: null });
  });

  test('without them it still updates affiliates (its scope), and reads them without payout fields', async () => {
    const partner = await createPartnerToken(server, p);
    const a = await api.createAffiliate(p);
    expect(expectOk(await affiliates.put(partner, { affiliateId: a.id, firstName: 'Partnered' }))).toEqual({ count: 1 });
    const seenByPartner = expectOk(await affiliates.get(partner, { id: a.id }));
    expect(seenByPartner.firstName).toBe('Partnered');
    for (const key of PAYOUT_KEYS) expect(seenByPartner).not.toHaveProperty(key);
  });
});

testNoServerErrors(seen);
