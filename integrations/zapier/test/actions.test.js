'use strict';

const { beforeAll, describe, expect, test } = require('@jest/globals');
const { App, appTester, settings, connect, rest, ownerGraphql, uniq } = require('./support/context');

let authData;
let api;
beforeAll(async () => {
  ({ authData } = await connect());
  api = rest(authData.access_token);
});

const run = (action, inputData) => appTester(action.operation.perform, { authData, inputData });
/** A z.errors.Error (AppError) as the Zapier editor shows it. */
const appError = async (promise) => {
  const error = await promise.catch((e) => e);
  expect(error.name).toBe('AppError');
  return JSON.parse(error.message);
};

describe('Create Affiliate', () => {
  test('creates the affiliate with its first link; GET answers the same record', async () => {
    const u = uniq();
    const created = await run(App.creates.create_affiliate, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada-${u}@example.com`,
      affiliateLink: `ada-${u}`,
      commissionRate: '25',
      affiliateStatus: 'active',
      sendWelcomeEmail: 'false',
      commissionPlanId: '',
    });
    expect(created).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email: `ada-${u}@example.com`,
      affiliateLinks: [`ada-${u}`],
      commissionRate: 25,
      affiliateStatus: 'active',
      programId: settings().program.id,
    });
    const fetched = await api.get(`/affiliates?id=${created.id}`);
    expect(fetched.data).toEqual(created);
  });

  test('only the required fields: a slug is generated from the email, the program rate applies', async () => {
    const u = uniq();
    const created = await run(App.creates.create_affiliate, { firstName: 'Grace', lastName: 'Hopper', email: `grace-${u}@example.com` });
    expect(created.affiliateLinks).toHaveLength(1);
    expect(created.commissionRate).toBe(20);
    expect((await api.get(`/affiliates?email=grace-${u}@example.com`)).data).toEqual(created);
  });

  test('a duplicate email fails with the server’s message', async () => {
    const u = uniq();
    const input = { firstName: 'Dup', lastName: 'Licate', email: `dup-${u}@example.com` };
    await run(App.creates.create_affiliate, input);
    expect(await appError(run(App.creates.create_affiliate, input))).toEqual({
      message: 'An affiliate with this email already exists in this program',
      code: 'DUPLICATE',
      status: 400,
    });
  });

  test('a number field that is not a number is refused before any request', async () => {
    expect(
      await appError(run(App.creates.create_affiliate, { firstName: 'A', lastName: 'B', email: `n-${uniq()}@example.com`, commissionRate: 'ten' })),
    ).toEqual({
      message: 'Commission Rate must be a number, got "ten"',
      code: 'INVALID_INPUT',
      status: 400,
    });
  });
});

describe('Find Affiliate', () => {
  test('finds the affiliate by email (any case); GET answers the same record', async () => {
    const u = uniq();
    const created = await run(App.creates.create_affiliate, { firstName: 'Find', lastName: 'Me', email: `find-${u}@example.com` });
    const found = await appTester(App.searches.find_affiliate.operation.perform, { authData, inputData: { email: ` Find-${u}@Example.com ` } });
    expect(found).toEqual([created]);
    expect(found[0]).toEqual((await api.get(`/affiliates?email=find-${u}@example.com`)).data);
  });

  test('nobody with that email: no result (not an error)', async () => {
    expect(await appTester(App.searches.find_affiliate.operation.perform, { authData, inputData: { email: `nobody-${uniq()}@example.com` } })).toEqual([]);
  });
});

describe('Create Referral, Record Sale, Refund Sale', () => {
  let affiliate;
  beforeAll(async () => {
    const u = uniq();
    affiliate = await run(App.creates.create_affiliate, {
      firstName: 'Ref',
      lastName: 'Errer',
      email: `referrer-${u}@example.com`,
      affiliateLink: `referrer-${u}`,
    });
  });

  test('Create Referral by the affiliate’s email, slug or id; GET answers the same record', async () => {
    for (const by of [{ affiliateEmail: affiliate.email }, { affiliateId: affiliate.affiliateLinks[0] }, { affiliateId: affiliate.id }]) {
      const u = uniq();
      const referral = await run(App.creates.create_referral, {
        ...by,
        name: 'Grace Hopper',
        email: `customer-${u}@example.com`,
        referredUserExternalId: `cus_${u}`,
      });
      expect(referral).toMatchObject({
        affiliateId: affiliate.id,
        name: 'Grace Hopper',
        email: `customer-${u}@example.com`,
        referredUserExternalId: `cus_${u}`,
        subscriptionStatus: 'active',
        status: 'active',
      });
      expect((await api.get(`/referrals?id=${referral.id}`)).data).toEqual(referral);
    }
  });

  test('Create Referral without an affiliate fails with the server’s message', async () => {
    expect(await appError(run(App.creates.create_referral, { name: 'X', email: `x-${uniq()}@example.com`, referredUserExternalId: 'x' }))).toEqual({
      message: 'One of affiliateId, affiliateEmail or promoCode is required',
      code: 'VALIDATION_FAILED',
      status: 400,
    });
  });

  test('Record Sale credits the referral’s affiliate (by the customer’s email) with the commission; GET answers the same sale', async () => {
    const u = uniq();
    await run(App.creates.create_referral, { affiliateId: affiliate.id, name: 'Buyer', email: `buyer-${u}@example.com`, referredUserExternalId: `cus_${u}` });
    const sale = await run(App.creates.record_sale, {
      email: `buyer-${u}@example.com`,
      totalEarned: '99.90',
      tax: '9.90',
      externalId: `ch_${u}`,
      externalInvoiceId: `in_${u}`,
    });
    expect(sale).toMatchObject({
      affiliateId: affiliate.id,
      name: 'Buyer',
      email: `buyer-${u}@example.com`,
      totalEarned: 99.9,
      tax: 9.9,
      externalId: `ch_${u}`,
      externalInvoiceId: `in_${u}`,
      commissionRate: 20,
      commissionEarned: 19.98,
      commissionStatus: 'approved',
      refunded: false,
    });
    expect((await api.get(`/sales?id=${sale.id}`)).data).toEqual(sale);
    // the same externalId again (a Zap run replayed): the first sale, not a second one
    expect(await run(App.creates.record_sale, { email: `buyer-${u}@example.com`, totalEarned: 99.9, externalId: `ch_${u}` })).toEqual(sale);
  });

  test('Record Sale by link slug with its own rate', async () => {
    const sale = await run(App.creates.record_sale, {
      referralId: affiliate.affiliateLinks[0],
      name: 'Walk In',
      email: `walkin-${uniq()}@example.com`,
      totalEarned: 50,
      commissionRate: 10,
    });
    expect(sale).toMatchObject({ affiliateId: affiliate.id, totalEarned: 50, commissionRate: 10, commissionEarned: 5 });
    expect((await api.get(`/sales?id=${sale.id}`)).data).toEqual(sale);
  });

  test('Record Sale for a customer nobody referred halts the step (nothing recorded, not an error)', async () => {
    const externalId = `ch_stranger_${uniq()}`;
    const error = await run(App.creates.record_sale, { email: `stranger-${uniq()}@example.com`, name: 'Stranger', totalEarned: 10, externalId }).catch(
      (e) => e,
    );
    expect(error.name).toBe('HaltedError');
    expect(error.message).toMatch(/No affiliate could be credited/);
    expect((await api.get(`/sales?saleExternalId=${externalId}`)).data).toEqual([]);
  });

  test('Refund Sale refunds and reverses the commission; GET answers the same sale; a repeat says alreadyRefunded', async () => {
    const sale = await run(App.creates.record_sale, { referralId: affiliate.id, name: 'Refund Me', email: `refund-${uniq()}@example.com`, totalEarned: 40 });
    const refund = await run(App.creates.refund_sale, { saleId: String(sale.id) });
    expect(refund).toEqual({
      alreadyRefunded: false,
      sale: { ...sale, refunded: true, refundedAt: expect.any(String), commissionEarned: 0, commissionStatus: 'reversed', updatedAt: expect.any(String) },
    });
    expect((await api.get(`/sales?id=${sale.id}`)).data).toEqual(refund.sale);
    expect(await run(App.creates.refund_sale, { saleId: sale.id })).toEqual({ alreadyRefunded: true, sale: refund.sale });
  });

  test('a refund the program refuses (the commission is in a payout batch) fails with the server’s message and reason', async () => {
    const sale = await run(App.creates.record_sale, { referralId: affiliate.id, name: 'Paid Out', email: `paid-${uniq()}@example.com`, totalEarned: 30 });
    await ownerGraphql('mutation ($programId: ID!, $saleIds: [SafeInt!]) { createPayoutBatch(programId: $programId, saleIds: $saleIds) { id } }', {
      programId: settings().program.id,
      saleIds: [sale.id],
    });
    const error = await appError(run(App.creates.refund_sale, { saleId: sale.id }));
    expect(error).toMatchObject({ code: 'REFUND_NOT_ALLOWED', status: 400 });
    expect(error.message).toMatch(/\(in_payout_batch\)$/);
    expect((await api.get(`/sales?id=${sale.id}`)).data).toEqual(sale);
  });

  test('Refund Sale of an unknown sale fails with the server’s message', async () => {
    expect(await appError(run(App.creates.refund_sale, { saleId: 987654321 }))).toEqual({
      message: 'No such sale in this program',
      code: 'NOT_FOUND',
      status: 404,
    });
    expect(await appError(run(App.creates.refund_sale, { saleId: '1.5' }))).toEqual({
      message: 'Sale ID must be a positive whole number, got "1.5"',
      code: 'INVALID_INPUT',
      status: 400,
    });
  });
});
