/**
 * Affiliates' payout details over GraphQL (DESIGN.md "Payouts"): Affiliate.payoutMethod (enum PayoutMethod),
 * payoutEmail and stripeAccountId, read and written (updateAffiliate) by a dashboard session or an API key. A
 * partner token may read and update affiliates, but neither read these fields (FORBIDDEN, at any depth) nor send
 * them (FORBIDDEN before anything runs, null included). The REST side: test/e2e/rest/affiliates/payout-details.spec.ts.
 */
import { useTestServer } from '../../helpers/harness';
import { createAffiliate, createPartnerToken, createProgram, type ProgramFixture } from '../../helpers/factories';
import { dataOf, errorCodeOf, gqlDocument, type GraphQLErrorBody } from '../../helpers/graphql/typed-document';

const server = useTestServer();

interface PayoutDetails {
  payoutMethod: string | null;
  payoutEmail: string | null;
  stripeAccountId: string | null;
}
interface UpdateInput {
  affiliateId: string;
  lastName?: string;
  payoutMethod?: string | null;
  payoutEmail?: string | null;
  stripeAccountId?: string | null;
}

const UPDATE = gqlDocument<{ updateAffiliate: { count: number } }, { programId?: string | null; input: UpdateInput }>(
  'mutation($programId: ID, $input: UpdateAffiliateInput!) { updateAffiliate(programId: $programId, input: $input) { count } }',
);
const DETAILS = gqlDocument<{ affiliate: (PayoutDetails & { lastName: string }) | null }, { programId?: string | null; id: string }>(
  'query($programId: ID, $id: String) { affiliate(programId: $programId, id: $id) { lastName payoutMethod payoutEmail stripeAccountId } }',
);
const NONE: PayoutDetails = { payoutMethod: null, payoutEmail: null, stripeAccountId: null };

const update = (token: string, input: UpdateInput, programId?: string) => server.graphql(UPDATE, { programId, input }, token);
const detailsAs = (token: string, id: string, programId?: string) => server.graphql(DETAILS, { programId, id }, token);
const detailsOf = async (p: ProgramFixture, id: string) => dataOf(await detailsAs(p.key, id)).affiliate!;
const refusal = (res: { body: { data?: unknown; errors?: GraphQLErrorBody[] } }) => ({
  code: errorCodeOf(res),
  fields: ((res.body.errors?.[0]?.extensions?.details ?? []) as Array<{ field: string }>).map((d) => d.field),
  data: res.body.data ?? null,
});

describe('a dashboard session or an API key', () => {
  test('a session (programId) sets them with updateAffiliate and reads them on the affiliate', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const input = { affiliateId: a.id, lastName: 'Paid', payoutMethod: 'stripe_connect', stripeAccountId: 'acct_1Session' };
    expect(dataOf(await update(p.session, input, p.programId)).updateAffiliate).toEqual({ count: 1 });
    const read = dataOf(await detailsAs(p.session, a.id, p.programId)).affiliate;
    expect(read).toEqual({ lastName: 'Paid', payoutMethod: 'stripe_connect', payoutEmail: null, stripeAccountId: 'acct_1Session' });
  });

  test('an API key sets them; the list, and affiliates reached through links, show them too', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const other = await createAffiliate(server, p.key);
    const input = { affiliateId: a.id, payoutMethod: 'wise', payoutEmail: 'wise-payee@example.com' };
    expect(dataOf(await update(p.key, input)).updateAffiliate).toEqual({ count: 1 });
    const list = await server.graphql('{ affiliates { nodes { id payoutMethod payoutEmail stripeAccountId } } }', {}, p.key);
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.affiliates.nodes).toEqual(
      expect.arrayContaining([
        { id: a.id, payoutMethod: 'wise', payoutEmail: 'wise-payee@example.com', stripeAccountId: null },
        { id: other.id, ...NONE },
      ]),
    );
    const viaLinks = await server.graphql('{ links { nodes { affiliate { id payoutMethod } } } }', {}, p.key);
    expect(viaLinks.body.errors).toBeUndefined();
    expect(viaLinks.body.data.links.nodes).toEqual(expect.arrayContaining([{ affiliate: { id: a.id, payoutMethod: 'wise' } }]));
  });

  test.each([
    ['paypal without an email', { payoutMethod: 'paypal' }, 'payoutEmail'],
    ['a Stripe id that is not acct_…', { payoutMethod: 'stripe_connect', stripeAccountId: 'ba_123' }, 'stripeAccountId'],
    ['an email that is not one', { payoutEmail: 'nope' }, 'payoutEmail'],
    ['an email over 254 characters', { payoutEmail: `${'x'.repeat(250)}@example.com` }, 'payoutEmail'],
  ])('%s: VALIDATION_FAILED naming the field; nothing changes', async (_what, payout, field) => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const res = await update(p.key, { affiliateId: a.id, lastName: 'Changed', ...payout });
    expect(refusal(res)).toEqual({ code: 'VALIDATION_FAILED', fields: [field], data: null });
    expect(await detailsOf(p, a.id)).toEqual({ lastName: a.lastName, ...NONE });
  });

  test('a method outside the enum is VALIDATION_FAILED before anything runs', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    const res = await update(p.key, { affiliateId: a.id, payoutMethod: 'bitcoin' });
    expect(errorCodeOf(res)).toBe('VALIDATION_FAILED');
    expect(await detailsOf(p, a.id)).toEqual({ lastName: a.lastName, ...NONE });
  });
});

describe('a partner token', () => {
  test('reads affiliates but none of the payout fields: FORBIDDEN, directly or through another resource, and no value leaks', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    await update(p.key, { affiliateId: a.id, payoutMethod: 'paypal', payoutEmail: 'secret-payee@example.com' });
    const partner = await createPartnerToken(server, p);
    expect((await server.graphql('{ affiliates { nodes { id email } } }', {}, partner)).body.errors).toBeUndefined();
    for (const field of ['payoutMethod', 'payoutEmail', 'stripeAccountId']) {
      for (const query of [`{ affiliate(id: "${a.id}") { id ${field} } }`, `{ links { nodes { affiliate { id ${field} } } } }`]) {
        const res = await server.graphql(query, {}, partner);
        expect({ query, codes: [...new Set(res.body.errors?.map((e) => e.extensions?.code))] }).toEqual({ query, codes: ['FORBIDDEN'] });
        expect(res.text).not.toContain('secret-payee@example.com');
        expect(res.text).not.toContain('"paypal"');
      }
    }
  });

  test.each([
    ['payoutMethod', { payoutMethod: 'manual' }],
    ['payoutEmail', { payoutEmail: 'attacker@example.com' }],
    ['stripeAccountId', { stripeAccountId: 'acct_attacker' }],
    ['a null one (clearing)', { payoutMethod: null }],
    ['an invalid one (refused before it is checked)', { stripeAccountId: 'not-an-account' }],
  ])('sending %s with updateAffiliate: FORBIDDEN, nothing of the update is applied', async (_what, payout) => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key);
    await update(p.key, { affiliateId: a.id, payoutMethod: 'paypal', payoutEmail: 'owner@example.com' });
    const partner = await createPartnerToken(server, p);
    const res = await update(partner, { affiliateId: a.id, lastName: 'Partnered', ...payout });
    expect(refusal(res)).toEqual({ code: 'FORBIDDEN', fields: [], data: null });
    expect(await detailsOf(p, a.id)).toEqual({ lastName: a.lastName, payoutMethod: 'paypal', payoutEmail: 'owner@example.com', stripeAccountId: null });
    // Without them, the same update is the partner's to make.
    expect(dataOf(await update(partner, { affiliateId: a.id, lastName: 'Partnered' })).updateAffiliate).toEqual({ count: 1 });
  });
});
