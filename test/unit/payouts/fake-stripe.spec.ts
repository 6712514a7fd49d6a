/**
 * The fake Stripe of test/helpers/fake-stripe.ts, driven by the real `stripe` package: if the package reads its
 * answers as it reads Stripe's (objects, error classes, retries, idempotent replays), payout tests that point
 * the server at the fake test what production would do.
 */
import Stripe from 'stripe';
import { parseStripeForm, startFakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import { waitFor } from '../../helpers/wait';

const KEY = 'sk_test_fakeStripeSpec';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A client built as src/modules/billing/stripe-lookup.ts builds it from STRIPE_API_BASE. */
function stripeAt(url: string, maxNetworkRetries = 0, key = KEY): Stripe {
  const base = new URL(url);
  return new Stripe(key, {
    timeout: 10_000,
    maxNetworkRetries,
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
  });
}
const client = (maxNetworkRetries = 0, key = KEY) => stripeAt(fake.url, maxNetworkRetries, key);

/** What the payout sender sends for one payout (DESIGN.md "Payouts"). */
const payout = (over: Partial<Stripe.TransferCreateParams> = {}): Stripe.TransferCreateParams => ({
  amount: 1234,
  currency: 'usd',
  destination: 'acct_1AffiliateA',
  transfer_group: 'batch-1',
  metadata: { payout_id: 'p-1' },
  ...over,
});

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('POST /v1/transfers', () => {
  it('makes a transfer, answered as a Stripe Transfer, and records the request as the package sent it', async () => {
    const t = await client().transfers.create(payout(), { idempotencyKey: 'payout-p-1' });

    expect(t).toEqual({
      id: expect.stringMatching(/^tr_[A-Za-z0-9]{24}$/),
      object: 'transfer',
      amount: 1234,
      amount_reversed: 0,
      balance_transaction: expect.stringMatching(/^txn_/),
      created: expect.any(Number),
      currency: 'usd',
      description: null,
      destination: 'acct_1AffiliateA',
      destination_payment: expect.stringMatching(/^py_/),
      livemode: false,
      metadata: { payout_id: 'p-1' },
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${t.id}/reversals` },
      reversed: false,
      source_transaction: null,
      source_type: 'card',
      transfer_group: 'batch-1',
    });
    expect(Math.abs(t.created - Date.now() / 1000)).toBeLessThan(5);
    expect(t.lastResponse.statusCode).toBe(200);
    expect(t.lastResponse.requestId).toMatch(/^req_/);
    expect(fake.transfers).toEqual([expect.objectContaining({ id: t.id })]);

    const [req] = fake.requests;
    expect(req).toMatchObject({
      method: 'POST',
      path: '/v1/transfers',
      idempotencyKey: 'payout-p-1',
      body: { amount: '1234', currency: 'usd', destination: 'acct_1AffiliateA', transfer_group: 'batch-1', metadata: { payout_id: 'p-1' } },
      status: 200,
      replayed: false,
    });
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('replays the first result for the same key and parameters, and makes no second transfer', async () => {
    const first = await client().transfers.create(payout(), { idempotencyKey: 'payout-p-1' });
    // Another client, as a server restarted after a crash would have: the key, not the client, is what counts.
    const again = await client().transfers.create(payout(), { idempotencyKey: 'payout-p-1' });

    expect(again).toEqual(first);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(again.lastResponse.headers['original-request']).toBe(first.lastResponse.requestId);
    expect(fake.transfers).toHaveLength(1);
    expect(fake.requests.map((r) => r.replayed)).toEqual([false, true]);
  });

  it('compares the parameters, not their order, and gives different keys different transfers', async () => {
    const send = (body: string, key: string) =>
      fetch(`${fake.url}/v1/transfers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
        body,
      });
    const a = await send('amount=5&currency=eur&destination=acct_1X&metadata[payout_id]=p-9&metadata[note]=hi', 'k-1');
    const b = await send('metadata%5Bnote%5D=hi&destination=acct_1X&metadata%5Bpayout_id%5D=p-9&currency=eur&amount=5', 'k-1');
    const c = await send('amount=5&currency=eur&destination=acct_1X&metadata[payout_id]=p-9&metadata[note]=hi', 'k-2');

    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    const [ta, tb, tc] = await Promise.all([a.json(), b.json(), c.json()]);
    expect(tb).toEqual(ta);
    expect(tc.id).not.toBe(ta.id);
    expect(ta.metadata).toEqual({ payout_id: 'p-9', note: 'hi' });
    expect(fake.transfers).toHaveLength(2);
  });

  it('answers the same key with other parameters 400 idempotency_error (StripeIdempotencyError)', async () => {
    await client().transfers.create(payout(), { idempotencyKey: 'payout-p-1' });
    const err = await rejection(client().transfers.create(payout({ amount: 999 }), { idempotencyKey: 'payout-p-1' }));

    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
    expect(err.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters they were first used with/);
    expect(fake.transfers).toHaveLength(1);
  });

  it("surfaces a refused destination as StripeInvalidRequestError with Stripe's message, code and param; no transfer", async () => {
    fake.refuseDestination('acct_1Closed');
    fake.refuseDestination('acct_1NoCaps', {
      code: 'insufficient_capabilities_for_transfer',
      message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
    });

    const closed = await rejection(client().transfers.create(payout({ destination: 'acct_1Closed' }), { idempotencyKey: 'payout-c' }));
    expect(closed).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(closed).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      rawType: 'invalid_request_error',
      code: 'account_invalid',
      param: 'destination',
      message: "No such destination: 'acct_1Closed'",
      request_log_url: expect.stringMatching(/^https:\/\/dashboard\.stripe\.com\/test\/logs\/req_/),
    });
    const noCaps = await rejection(client().transfers.create(payout({ destination: 'acct_1NoCaps' }), { idempotencyKey: 'payout-n' }));
    expect(noCaps).toMatchObject({ code: 'insufficient_capabilities_for_transfer', message: expect.stringMatching(/^Your destination account needs/) });
    expect(fake.transfers).toEqual([]);

    // The refusal ran the endpoint, so it is kept under its key: the same key answers it again even once accepted.
    fake.acceptDestination('acct_1Closed');
    const replayed = await rejection(client().transfers.create(payout({ destination: 'acct_1Closed' }), { idempotencyKey: 'payout-c' }));
    expect(replayed).toMatchObject({ code: 'account_invalid', message: closed.message });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const fresh = await client().transfers.create(payout({ destination: 'acct_1Closed' }), { idempotencyKey: 'payout-c2' });
    expect(fresh.destination).toBe('acct_1Closed');
  });

  it('answers balance_insufficient when told to, and when the balance given runs out', async () => {
    fake.failNext('balance_insufficient');
    const err = await rejection(client().transfers.create(payout(), { idempotencyKey: 'payout-p-1' }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 400, code: 'balance_insufficient', message: expect.stringMatching(/^You have insufficient available funds/) });
    expect(fake.transfers).toEqual([]);

    const poor = await startFakeStripe({ balance: { usd: 2000 } });
    try {
      const s = stripeAt(poor.url);
      await s.transfers.create(payout({ amount: 1500 }), { idempotencyKey: 'a' });
      await expect(s.transfers.create(payout({ amount: 600 }), { idempotencyKey: 'b' })).rejects.toMatchObject({ code: 'balance_insufficient' });
      await s.transfers.create(payout({ amount: 500 }), { idempotencyKey: 'c' });
      await expect(s.transfers.create(payout({ amount: 1, currency: 'eur' }), { idempotencyKey: 'd' })).rejects.toMatchObject({
        code: 'balance_insufficient',
      });
      expect(poor.transfers.map((t) => t.amount)).toEqual([1500, 500]);
    } finally {
      await poor.close();
    }
  });

  it('answers a 500 api_error (StripeAPIError) and replays it under the same key, as Stripe does, retries included', async () => {
    fake.failNext('api_error');
    // One retry: the package retries a 500 with the same key, and Stripe answers the kept 500 again.
    const err = await rejection(client(1).transfers.create(payout(), { idempotencyKey: 'payout-p-1' }));

    expect(err).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(err).toMatchObject({ statusCode: 500, rawType: 'api_error' });
    expect(fake.transferRequests().map((r) => [r.idempotencyKey, r.status, r.replayed])).toEqual([
      ['payout-p-1', 500, false],
      ['payout-p-1', 500, true],
    ]);
    expect(fake.transfers).toEqual([]);
    // A new key is a new request.
    await client().transfers.create(payout(), { idempotencyKey: 'payout-p-1-b' });
    expect(fake.transfers).toHaveLength(1);
  });

  it('validates amount, currency and destination, and keeps no result for an invalid request', async () => {
    const cases: Array<[Partial<Stripe.TransferCreateParams>, string, string]> = [
      [{ amount: 0 }, 'amount', 'This value must be greater than or equal to 1.'],
      [{ amount: -5 }, 'amount', 'This value must be greater than or equal to 1.'],
      [{ amount: 12.5 }, 'amount', 'Invalid integer: 12.5'],
      [{ currency: 'USD' }, 'currency', 'Invalid currency: USD.'],
      [{ currency: 'dollars' }, 'currency', 'Invalid currency: dollars.'],
      [{ destination: 'ba_1Bank' }, 'destination', "No such destination: 'ba_1Bank'"],
    ];
    for (const [over, param, message] of cases) {
      const err = await rejection(client().transfers.create(payout(over), { idempotencyKey: 'payout-v' }));
      expect({ cls: err.constructor.name, status: err.statusCode, param: err.param, message: err.message }).toEqual({
        cls: 'StripeInvalidRequestError',
        status: 400,
        param,
        message,
      });
    }
    const missing = await rejection(client().transfers.create({ currency: 'usd', destination: 'acct_1A' }, { idempotencyKey: 'payout-v' }));
    expect(missing).toMatchObject({ code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' });

    // None of them kept the key: the corrected request under it makes the transfer.
    const t = await client().transfers.create(payout(), { idempotencyKey: 'payout-v' });
    expect(t.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(fake.transfers).toHaveLength(1);
  });

  it('keys a POST sent without a key itself (stripe-node-retry-…), so its own retries are safe', async () => {
    await client().transfers.create(payout());
    expect(fake.requests[0].idempotencyKey).toMatch(/^stripe-node-retry-[0-9a-f-]{36}$/);
  });
});

describe('GET /v1/transfers', () => {
  it("lists one transfer_group's transfers newest first, in Stripe's list shape, paging with limit and starting_after", async () => {
    const s = client();
    const a = await s.transfers.create(payout({ metadata: { payout_id: 'a' } }), { idempotencyKey: 'payout-a' });
    await s.transfers.create(payout({ transfer_group: 'batch-2', metadata: { payout_id: 'x' } }), { idempotencyKey: 'payout-x' });
    const b = await s.transfers.create(payout({ metadata: { payout_id: 'b' } }), { idempotencyKey: 'payout-b' });
    const c = await s.transfers.create(payout({ metadata: { payout_id: 'c' } }), { idempotencyKey: 'payout-c' });

    const page = await s.transfers.list({ transfer_group: 'batch-1', limit: 100 });
    expect(page).toEqual({ object: 'list', data: [c, b, a].map((t) => ({ ...t })), has_more: false, url: '/v1/transfers' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/transfers', query: { transfer_group: 'batch-1', limit: '100' } });

    const first = await s.transfers.list({ transfer_group: 'batch-1', limit: 2 });
    expect([first.data.map((t) => t.id), first.has_more]).toEqual([[c.id, b.id], true]);
    // The package's auto-pagination follows starting_after to the end.
    const all = await s.transfers.list({ transfer_group: 'batch-1', limit: 2 }).autoPagingToArray({ limit: 10 });
    expect(all.map((t) => t.metadata.payout_id)).toEqual(['c', 'b', 'a']);
    expect((await s.transfers.list({ transfer_group: 'nothing' })).data).toEqual([]);
  });

  it('retrieves one transfer; an unknown one is 404 resource_missing', async () => {
    const s = client();
    const t = await s.transfers.create(payout(), { idempotencyKey: 'payout-p-1' });
    expect(await s.transfers.retrieve(t.id)).toEqual(t);
    await expect(s.transfers.retrieve('tr_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such transfer: 'tr_missing'",
    });
  });
});

describe('authentication and unknown URLs', () => {
  it('answers 401 without a key, and StripeAuthenticationError for a key that is no secret key', async () => {
    const res = await fetch(`${fake.url}/v1/transfers`, { method: 'POST', body: 'amount=1&currency=usd&destination=acct_1A' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringMatching(/^You did not provide an API key\./) },
    });

    const err = await rejection(client(0, 'pk_test_publishable1234').transfers.create(payout()));
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(err).toMatchObject({ statusCode: 401, message: expect.stringMatching(/^Invalid API Key provided: pk_test_\*+1234$/) });
    expect(fake.transfers).toEqual([]);
  });

  it('accepts only the key it was given, when given one', async () => {
    const strict = await startFakeStripe({ apiKey: 'sk_test_right' });
    try {
      await expect(stripeAt(strict.url, 0, 'sk_test_wrong').transfers.create(payout())).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      await expect(stripeAt(strict.url, 0, 'sk_test_right').transfers.create(payout())).resolves.toMatchObject({ object: 'transfer' });
    } finally {
      await strict.close();
    }
  });

  it("answers any other URL 404 in Stripe's error shape", async () => {
    const err = await rejection(client().charges.create({ amount: 100, currency: 'usd' }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 404, message: expect.stringMatching(/^Unrecognized request URL \(POST: \/v1\/charges\)/) });
  });
});

describe('dropped connections', () => {
  it('drop_before once: the package retries a reset connection once even with maxNetworkRetries 0, under the same key', async () => {
    fake.failNext('drop_before');
    const t = await client(0).transfers.create(payout(), { idempotencyKey: 'payout-p-1' });

    expect(fake.transferRequests().map((r) => [r.idempotencyKey, r.status])).toEqual([
      ['payout-p-1', 'dropped'],
      ['payout-p-1', 200],
    ]);
    expect(fake.transfers.map((x) => x.id)).toEqual([t.id]);
  });

  it('drop_before on every try: StripeConnectionError, and no transfer', async () => {
    fake.failNext('drop_before', { times: 2 });
    const err = await rejection(client(0).transfers.create(payout(), { idempotencyKey: 'payout-p-1' }));

    expect(err).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(err.message).toMatch(/^An error occurred with our connection to Stripe/);
    expect(fake.transferRequests()).toHaveLength(2);
    expect(fake.transfers).toEqual([]);
  });

  it('drop_after on every try: the transfer is made but the caller sees StripeConnectionError; the key later replays it', async () => {
    // The crash between the transfer and its record: Stripe paid, the server never heard.
    fake.failNext('drop_after', { times: 2 });
    const err = await rejection(client(0).transfers.create(payout(), { idempotencyKey: 'payout-p-1' }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(fake.transfers).toHaveLength(1);
    // The retry within the package was a replay, dropped too: still one transfer.
    expect(fake.transferRequests().map((r) => [r.status, r.replayed])).toEqual([
      ['dropped', false],
      ['dropped', true],
    ]);

    const again = await client(0).transfers.create(payout(), { idempotencyKey: 'payout-p-1' });
    expect(again.id).toBe(fake.transfers[0].id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.transfers).toHaveLength(1);
  });

  it('drops only the requests the failure names (destination, key)', async () => {
    fake.failNext('drop_before', { times: Infinity, destination: 'acct_1B' });
    const s = client(0);
    await s.transfers.create(payout(), { idempotencyKey: 'payout-a' });
    await expect(s.transfers.create(payout({ destination: 'acct_1B' }), { idempotencyKey: 'payout-b' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
    expect(fake.transfers.map((t) => t.destination)).toEqual(['acct_1AffiliateA']);
  });
});

describe('a request in flight under the same key', () => {
  it('answers the second 409 idempotency_error (a StripeAPIError in the package: it maps 409 so)', async () => {
    fake.hold();
    const first = client(0).transfers.create(payout(), { idempotencyKey: 'payout-p-1' });
    await fake.whenHeld(1);

    const err = await rejection(client(0).transfers.create(payout(), { idempotencyKey: 'payout-p-1' }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(err).toMatchObject({
      statusCode: 409,
      rawType: 'idempotency_error',
      message: expect.stringMatching(/^There is currently another in-progress request/),
    });

    fake.release();
    const t = await first;
    expect(fake.transfers.map((x) => x.id)).toEqual([t.id]);
  });

  it('a package with retries retries the 409 under the same key and gets the first request’s transfer, replayed', async () => {
    fake.hold();
    const first = client(0).transfers.create(payout(), { idempotencyKey: 'payout-p-1' });
    await fake.whenHeld(1);
    const second = client(2).transfers.create(payout(), { idempotencyKey: 'payout-p-1' });
    await waitFor(async () => fake.transferRequests()[1]?.status === 409, 'the 409');
    fake.release();

    const [a, b] = await Promise.all([first, second]);
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.transferRequests().map((r) => r.status)).toEqual([200, 409, 200]);
    expect(fake.transfers).toHaveLength(1);
  });

  it('delayMs keeps every creation in flight that long, so a retry on timeout meets a 409', async () => {
    const slow = await startFakeStripe({ delayMs: 300 });
    try {
      const s = stripeAt(slow.url, 0);
      const first = s.transfers.create(payout(), { idempotencyKey: 'k' });
      await waitFor(async () => slow.requests.length === 1, 'the first request');
      await expect(s.transfers.create(payout(), { idempotencyKey: 'k' })).rejects.toMatchObject({ statusCode: 409 });
      await first;
      expect(slow.transfers).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe('the rest of failNext and expiry', () => {
  it('rate_limit answers 429 and keeps nothing under the key', async () => {
    fake.failNext('rate_limit');
    await expect(client(0).transfers.create(payout(), { idempotencyKey: 'k' })).rejects.toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    await expect(client(0).transfers.create(payout(), { idempotencyKey: 'k' })).resolves.toMatchObject({ object: 'transfer' });
  });

  it('expireIdempotencyKeys forgets keys, as 24 hours would: the same key makes a second transfer', async () => {
    await client().transfers.create(payout(), { idempotencyKey: 'k' });
    fake.expireIdempotencyKeys();
    await client().transfers.create(payout(), { idempotencyKey: 'k' });
    expect(fake.transfers).toHaveLength(2);
  });
});

describe('parseStripeForm', () => {
  it('nests bracketed keys and makes indexed ones arrays, as the stripe package encodes them', () => {
    expect(
      parseStripeForm('amount=1&metadata[payout_id]=p&metadata[a%20b]=x%26y&expand[0]=destination&expand[1]=balance_transaction&a[b][c]=d&e[]=1&e[]=2'),
    ).toEqual({
      amount: '1',
      metadata: { payout_id: 'p', 'a b': 'x&y' },
      expand: ['destination', 'balance_transaction'],
      a: { b: { c: 'd' } },
      e: ['1', '2'],
    });
    expect(parseStripeForm('')).toEqual({});
  });
});
