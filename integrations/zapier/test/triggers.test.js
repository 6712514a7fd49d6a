'use strict';

// Each REST-hook trigger end to end: performSubscribe makes a real subscription for a local receiver (the
// targetUrl Zapier would give), the event is caused through the app's own actions, the server's signed
// delivery arrives, perform turns the delivery into the resource, performList answers real records, and
// performUnsubscribe removes the subscription.

const { afterAll, beforeAll, describe, expect, test } = require('@jest/globals');
const { URL } = require('node:url');
const { App, appTester, connect, rest, uniq } = require('./support/context');
const { startReceiver, signatureValid } = require('./support/receiver');

let authData;
let api;
let receiver;
let affiliate;
beforeAll(async () => {
  ({ authData } = await connect());
  api = rest(authData.access_token);
  receiver = await startReceiver();
  const u = uniq();
  affiliate = await create('create_affiliate', { firstName: 'Hook', lastName: 'Owner', email: `hook-owner-${u}@example.com`, affiliateLink: `hook-${u}` });
});
afterAll(() => receiver && receiver.close());

function create(key, inputData) {
  return appTester(App.creates[key].operation.perform, { authData, inputData });
}

const newSale = () => create('record_sale', { referralId: affiliate.id, name: 'Hook Buyer', email: `buyer-${uniq()}@example.com`, totalEarned: 80, tax: 0 });

/** The commission of a sale, read through GraphQL with the same token (REST has no commission route for partners). */
async function commissionOf(saleId) {
  const res = await appTester(
    async (z) =>
      (
        await z.request({
          method: 'POST',
          url: `${process.env.AFFILIATE_API_URL}/graphql`,
          body: {
            query: `query ($id: SafeInt!) { sale(id: $id) { commission { id saleId affiliateId rate currency status amount base holdUntil approvedAt payoutBatchId paidAt paidManually reversedAt createdAt } } }`,
            variables: { id: saleId },
          },
        })
      ).data,
    { authData },
  );
  return res.data.sale.commission;
}

const CASES = [
  {
    key: 'new_affiliate',
    event: 'affiliate.created',
    cause: () => create('create_affiliate', { firstName: 'New', lastName: 'Affiliate', email: `new-${uniq()}@example.com` }),
    current: async (record) => (await api.get(`/affiliates?id=${record.id}`)).data,
  },
  {
    key: 'new_referral',
    event: 'referral.created',
    cause: () =>
      create('create_referral', {
        affiliateId: affiliate.id,
        name: 'New Referral',
        email: `referred-${uniq()}@example.com`,
        referredUserExternalId: `cus_${uniq()}`,
      }),
    current: async (record) => (await api.get(`/referrals?id=${record.id}`)).data,
  },
  {
    key: 'new_sale',
    event: 'sale.created',
    cause: newSale,
    current: async (record) => (await api.get(`/sales?id=${record.id}`)).data,
  },
  {
    key: 'sale_refunded',
    event: 'sale.refunded',
    cause: async () => (await create('refund_sale', { saleId: (await newSale()).id })).sale,
    current: async (record) => (await api.get(`/sales?id=${record.id}`)).data,
  },
  {
    key: 'commission_approved',
    event: 'commission.approved',
    // the program has no holding period: the commission is approved with the sale
    cause: async () => commissionOf((await newSale()).id),
    current: async (record) => commissionOf(record.saleId),
  },
];

describe.each(CASES)('$key ($event)', ({ key, event, cause, current }) => {
  const operation = () => App.triggers[key].operation;

  test('subscribe, a real signed delivery, perform, performList, unsubscribe', async () => {
    const targetUrl = receiver.url(key);

    // Turning the Zap on: a subscription of this connection to exactly this event.
    const subscribeData = await appTester(operation().performSubscribe, { authData, targetUrl });
    expect(subscribeData).toMatchObject({ id: expect.any(String), url: targetUrl, events: [event], enabled: true, secret: expect.stringMatching(/^whsec_/) });
    const listed = (await api.get('/webhooks')).data.find((w) => w.id === subscribeData.id);
    expect(listed).toMatchObject({ url: targetUrl, events: [event], enabled: true, connectionId: expect.any(String) });

    // The event happens; the server delivers it to the subscribed URL, signed with the subscription's secret.
    const expected = await cause();
    const delivery = await receiver.waitFor((d) => d.path === new URL(targetUrl).pathname && d.json && d.json.type === event && d.json.data.id === expected.id);
    expect(signatureValid(subscribeData.secret, delivery)).toBe(true);
    expect(delivery.json).toEqual({
      id: delivery.headers['webhook-id'],
      type: event,
      createdAt: expect.any(String),
      programId: affiliate.programId,
      data: expect.any(Object),
    });

    // Zapier hands the parsed body to perform: the resource, as GET answers it.
    const records = await appTester(operation().perform, { authData, targetUrl, subscribeData, cleanedRequest: delivery.json });
    expect(records).toEqual([delivery.json.data]);
    expect(records[0]).toEqual(await current(expected));
    expect(Object.keys(records[0]).sort()).toEqual(Object.keys(App.triggers[key].operation.sample).sort());
    // another event type sent to this URL is not this trigger's
    expect(await appTester(operation().perform, { authData, cleanedRequest: { ...delivery.json, type: 'coupon.created' } })).toEqual([]);

    // performList: real records for the Zap editor, newest first (the new one leads), in the sample's shape.
    // (Other test files create records meanwhile: the new one is among the newest, not necessarily first.)
    const list = await appTester(operation().performList, { authData, meta: { isLoadingSample: true, limit: 10 } });
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(10);
    expect(list).toContainEqual(await current(expected));
    if (key !== 'commission_approved') expect(list.map((r) => r.createdAt)).toEqual([...list.map((r) => r.createdAt)].sort().reverse());
    for (const record of list) expect(Object.keys(record).sort()).toEqual(Object.keys(App.triggers[key].operation.sample).sort());

    // Turning the Zap off removes the subscription.
    await appTester(operation().performUnsubscribe, { authData, subscribeData });
    expect((await api.get('/webhooks')).data.map((w) => w.id)).not.toContain(subscribeData.id);
  });
});

test('performList of Sale Refunded lists refunded sales only, newest first', async () => {
  const list = await appTester(App.triggers.sale_refunded.operation.performList, { authData });
  expect(list.length).toBeGreaterThan(0);
  expect(list.every((s) => s.refunded)).toBe(true);
  expect(list.map((s) => s.createdAt)).toEqual([...list.map((s) => s.createdAt)].sort().reverse());
});

test('performList of Commission Approved lists approved commissions, latest approval first', async () => {
  const list = await appTester(App.triggers.commission_approved.operation.performList, { authData });
  expect(list.length).toBeGreaterThan(0);
  expect(list.every((c) => c.approvedAt !== null)).toBe(true);
  expect(list.map((c) => c.approvedAt)).toEqual([...list.map((c) => c.approvedAt)].sort().reverse());
});

test('after unsubscribing, nothing more is delivered to the URL', async () => {
  const targetUrl = receiver.url('gone');
  const subscribeData = await appTester(App.triggers.new_sale.operation.performSubscribe, { authData, targetUrl });
  await appTester(App.triggers.new_sale.operation.performUnsubscribe, { authData, subscribeData });
  // a subscription that is still on, created after: its delivery proves the event went out
  const control = receiver.url('control');
  const controlData = await appTester(App.triggers.new_sale.operation.performSubscribe, { authData, targetUrl: control });
  const sale = await newSale();
  await receiver.waitFor((d) => d.path === new URL(control).pathname && d.json.data.id === sale.id);
  expect(receiver.deliveries.filter((d) => d.path === new URL(targetUrl).pathname)).toEqual([]);
  await appTester(App.triggers.new_sale.operation.performUnsubscribe, { authData, subscribeData: controlData });
});
