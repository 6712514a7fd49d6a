/**
 * The calls the payout specs (test/e2e/payouts) make over and over, on top of the spec file's REST client: payees
 * (affiliates with payout details set by PUT /affiliates), sales with a commission of a chosen amount, the REST
 * payout routes (/payout-batches, /payouts), the GraphQL fields REST has no surface for (minimumPayout through
 * updateProgram with the owner's session, amountsOwed, payout(id)), and the event log read through GET /events. A
 * payout names its affiliate (`refOf(a)`: id, names, email) and lists its commissions in full, as GraphQL shows them
 * (`pay.commissionsOf(p, saleIds)`); `expectNothingOwed(res)` is the answer of a batch with nothing to pay.
 *
 *   const server = useTestServer();
 *   const pay = payoutClient(() => server);
 *   const p = await pay.program();                        // default rate 10 %
 *   const a = await pay.payee(p, { payoutMethod: 'paypal', payoutEmail: 'ada@example.com' });
 *   await pay.sale(p, a.id, 100);                          // a commission of 10.00
 *   const batch = await pay.batch(p);                      // POST /payout-batches {} → 201
 */
import type { ProgramFixture } from './factories';
import type { components } from './openapi-types';
import { restClient } from './rest-client';
import type { ApiResponse, TestServer } from './server';
import { personEmail } from './spec-client';

/** A payout and a payout batch as REST answers them (the OpenAPI document's schemas). */
export type RestPayout = components['schemas']['Payout'];
export type RestBatch = components['schemas']['PayoutBatch'];
/** A commission as a payout lists it: GraphQL `Commission` without its ledger, as the commission.* events carry it. */
export type PayoutCommission = RestPayout['commissions'][number];
/** The affiliate a payout names (`affiliate`): its id, names and email. */
export interface AffiliateRef {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
/** The affiliate as a payout names it, from the POST /affiliates answer (or anything with those fields). */
export const refOf = (a: AffiliateRef): AffiliateRef => ({ id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email });

/** Every field of a commission a payout's `commissions` carries, as a GraphQL selection. */
export const COMMISSION_FIELDS =
  'id saleId affiliateId rate currency status amount base holdUntil approvedAt payoutBatchId paidAt paidManually reversedAt createdAt';
/** Every field of a payout REST answers, as a GraphQL selection. */
export const PAYOUT_FIELDS = `id batchId affiliateId amount currency method destination status reference failureReason lastError commissionCount createdAt paidAt
  failedAt affiliate { id firstName lastName email } commissions { ${COMMISSION_FIELDS} }`;

/** Payout details as PUT /affiliates takes them. */
export type PayoutDetails =
  { payoutMethod: 'paypal' | 'wise'; payoutEmail: string } | { payoutMethod: 'stripe_connect'; stripeAccountId: string } | { payoutMethod: 'manual' };

export const PAYPAL = (email = personEmail('paypal')): PayoutDetails => ({ payoutMethod: 'paypal', payoutEmail: email });
export const WISE = (email = personEmail('wise')): PayoutDetails => ({ payoutMethod: 'wise', payoutEmail: email });
export const MANUAL: PayoutDetails = { payoutMethod: 'manual' };
export const STRIPE = (account = `acct_${Math.random().toString(36).slice(2, 12)}`): PayoutDetails => ({
  payoutMethod: 'stripe_connect',
  stripeAccountId: account,
});

/** A commission's state as GraphQL shows it. */
export interface CommissionState {
  id: string;
  saleId: number;
  affiliateId: string;
  amount: number;
  status: 'pending' | 'approved' | 'paid' | 'reversed';
  payoutBatchId: string | null;
  paidManually: boolean;
  paidAt: string | null;
}

const SALE_COMMISSION = `query($id: SafeInt!) { sale(id: $id) { commission { id saleId affiliateId amount status payoutBatchId paidManually paidAt } } }`;
const SALE_COMMISSION_IN_FULL = `query($id: SafeInt!) { sale(id: $id) { commission { ${COMMISSION_FIELDS} } } }`;
const AMOUNT_OWED = `query($first: Int, $after: ID) { amountsOwed(first: $first, after: $after) { affiliateId amount currency commissionCount payable } }`;
const UPDATE_PROGRAM = `mutation($id: ID!, $input: ProgramInput!) { updateProgram(id: $id, input: $input) { id minimumPayout currency } }`;

export type PayoutClient = ReturnType<typeof payoutClient>;

export function payoutClient(server: () => TestServer) {
  const api = restClient(server);
  const batches = api.endpoint('/payout-batches');
  const payouts = api.endpoint('/payouts');

  /** A program with roomy limits and a 10 % default rate (a sale of 100 earns 10.00), overridden by `settings`. */
  const program = (settings: Record<string, unknown> = {}) => api.program({ defaultCommissionRate: 10, ...settings });

  /** An affiliate with these payout details (none when null), set through PUT /affiliates with the API key. */
  async function payee(p: ProgramFixture, details: PayoutDetails | null = MANUAL, body: Record<string, unknown> = {}) {
    const a = await api.createAffiliate(p, { sendWelcomeEmail: false, ...body });
    if (details) await setDetails(p, a.id, details);
    return a as { id: string; email: string; firstName: string; lastName: string; affiliateLinks: string[] };
  }
  async function setDetails(p: ProgramFixture, affiliateId: string, details: Record<string, unknown>) {
    const res = await api.call('PUT', '/affiliates', { token: p.key, body: { affiliateId, ...details } });
    if (res.status !== 200 || res.body.count !== 1) throw new Error(`PUT /affiliates failed: ${res.status} ${res.text}`);
  }

  /** POST /sales of `total` crediting the affiliate; with `commission`, the commission is then set to it (PUT /sales commissionEarned). */
  async function sale(p: ProgramFixture, affiliateId: string, total: number, commission?: number): Promise<{ id: number; commissionEarned: number }> {
    const s = await api.saleFor(p, affiliateId, { totalEarned: total });
    if (commission === undefined) return s;
    const res = await api.call('PUT', '/sales', { token: p.key, body: { saleId: s.id, commissionEarned: commission } });
    if (res.status !== 200) throw new Error(`PUT /sales failed: ${res.status} ${res.text}`);
    return res.body;
  }
  /** PATCH /sales {saleId}: the answer, whatever it is. */
  const refund = (p: ProgramFixture, saleId: number) => api.call('PATCH', '/sales', { token: p.key, body: { saleId } });
  /** GET /sales?id= → commissionStatus. */
  const commissionStatusOf = async (p: ProgramFixture, saleId: number): Promise<string | null> =>
    (await api.call('GET', '/sales', { token: p.key, query: { id: String(saleId) } })).body.commissionStatus;

  /** POST /payout-batches: the answer, whatever it is. */
  const createBatch = (p: ProgramFixture | string, body: Record<string, unknown> = {}, headers?: Record<string, string>) => batches.post(p, body, headers);
  /** POST /payout-batches that must answer 201: the batch. */
  async function batch(p: ProgramFixture, body: Record<string, unknown> = {}): Promise<RestBatch> {
    const res = await createBatch(p, body);
    if (res.status !== 201) throw new Error(`POST /payout-batches failed: ${res.status} ${res.text}`);
    return res.body;
  }
  /** GET /payout-batches/{id}: the answer. */
  const getBatch = (p: ProgramFixture | string, id: string) => api.call('GET', `/payout-batches/${id}`, { token: typeof p === 'string' ? p : p.key });
  /** GET /payout-batches/{id} that must answer 200. */
  async function readBatch(p: ProgramFixture, id: string): Promise<RestBatch> {
    const res = await getBatch(p, id);
    if (res.status !== 200) throw new Error(`GET /payout-batches/${id} failed: ${res.status} ${res.text}`);
    return res.body;
  }
  /** GET /payouts with filters, the whole list (200 or throws). */
  async function listPayouts(p: ProgramFixture, query: Record<string, string> = {}): Promise<RestPayout[]> {
    const res = await payouts.get(p, query);
    if (res.status !== 200) throw new Error(`GET /payouts failed: ${res.status} ${res.text}`);
    return res.body;
  }
  const tokenOf = (p: ProgramFixture | string) => (typeof p === 'string' ? p : p.key);
  /** POST /payout-batches/{id}/mark-paid: the answer. */
  const markBatchPaid = (p: ProgramFixture | string, id: string, body: Record<string, unknown> = {}) =>
    api.call('POST', `/payout-batches/${id}/mark-paid`, { token: tokenOf(p), body });
  /** POST /payouts/{id}/mark-paid: the answer. */
  const markPaid = (p: ProgramFixture | string, id: string, body: Record<string, unknown> = {}) =>
    api.call('POST', `/payouts/${id}/mark-paid`, { token: tokenOf(p), body });
  /** POST /payouts/{id}/mark-failed: the answer. */
  const markFailed = (p: ProgramFixture | string, id: string, reason: unknown) =>
    api.call('POST', `/payouts/${id}/mark-failed`, { token: tokenOf(p), body: { reason } });
  /** POST /payout-batches/{id}/send: the answer. */
  const send = (p: ProgramFixture | string, id: string) => api.call('POST', `/payout-batches/${id}/send`, { token: tokenOf(p), body: {} });
  /** GET /payout-batches/{id}/export?format=: the answer (its text is the file). */
  const exportFile = (p: ProgramFixture | string, id: string, format?: string) =>
    api.call('GET', `/payout-batches/${id}/export`, { token: tokenOf(p), query: format === undefined ? {} : { format } });

  /** The batch's payout for the affiliate (throws when there is none). */
  function payoutOf(b: RestBatch, affiliateId: string): RestPayout {
    const found = b.payouts.find((x) => x.affiliateId === affiliateId);
    if (!found) throw new Error(`batch ${b.id} has no payout for ${affiliateId}`);
    return found;
  }

  /** GraphQL updateProgram with the owner's session: the answer. */
  const updateProgram = (p: ProgramFixture, input: Record<string, unknown>) => api.gql(p.session, UPDATE_PROGRAM, { id: p.programId, input });
  /** Sets the program's minimumPayout (must succeed). */
  async function setMinimumPayout(p: ProgramFixture, minimumPayout: number) {
    const res = await updateProgram(p, { minimumPayout });
    if (res.body.errors || res.body.data?.updateProgram.minimumPayout !== minimumPayout) throw new Error(`updateProgram failed: ${res.text}`);
  }
  /** GraphQL amountsOwed with the API key, by affiliate id. */
  async function amountsOwed(p: ProgramFixture): Promise<Record<string, { amount: number; currency: string; commissionCount: number; payable: boolean }>> {
    const rows = (await api.gqlData(p, AMOUNT_OWED, { first: 500 })).amountsOwed as Array<{ affiliateId: string; [k: string]: any }>;
    return Object.fromEntries(rows.map(({ affiliateId, ...rest }) => [affiliateId, rest])) as any;
  }

  /** The program's events of one type, oldest first, read through GET /events?type= with the API key. */
  async function eventsOf(p: ProgramFixture, type: string): Promise<Array<{ id: string; type: string; createdAt: string; programId: string; data: any }>> {
    const res = await api.call('GET', '/events', { token: p.key, query: { type, limit: '500' } });
    if (res.status !== 200) throw new Error(`GET /events failed: ${res.status} ${res.text}`);
    return res.body;
  }

  /** The commission of a sale: its status, batch and when it was paid (GraphQL, with the API key). */
  async function commissionOf(p: ProgramFixture, saleId: number): Promise<CommissionState> {
    const c = (await api.gqlData(p, SALE_COMMISSION, { id: saleId })).sale?.commission;
    if (!c) throw new Error(`sale ${saleId} has no commission`);
    return c;
  }

  /** The commissions of these sales in full as GraphQL shows them now (as a payout lists them), in that order. */
  async function commissionsOf(p: ProgramFixture, saleIds: number[]): Promise<PayoutCommission[]> {
    const found: PayoutCommission[] = [];
    for (const id of saleIds) {
      const c = (await api.gqlData(p, SALE_COMMISSION_IN_FULL, { id })).sale?.commission;
      if (!c) throw new Error(`sale ${id} has no commission`);
      found.push(c);
    }
    return found;
  }
  /** DELETE /affiliates {affiliateId} (a UUID or an email): the answer. */
  const deleteAffiliate = (p: ProgramFixture, affiliateId: string) => api.call('DELETE', '/affiliates', { token: p.key, body: { affiliateId } });

  return {
    ...api,
    batches,
    payouts,
    program,
    payee,
    setDetails,
    sale,
    refund,
    commissionStatusOf,
    createBatch,
    batch,
    getBatch,
    readBatch,
    listPayouts,
    markBatchPaid,
    markPaid,
    markFailed,
    send,
    exportFile,
    payoutOf,
    updateProgram,
    setMinimumPayout,
    amountsOwed,
    eventsOf,
    commissionOf,
    commissionsOf,
    deleteAffiliate,
  };
}

/**
 * The answer of POST /payout-batches {} (no ids) when nobody is owed enough: 400 VALIDATION_FAILED naming no field
 * (the body has no details: no field of the request is wrong).
 */
export function expectNothingOwed(res: ApiResponse): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 400,
    body: { code: 'VALIDATION_FAILED', error: expect.stringMatching(/^No affiliate is owed at least the minimum payout with payout details set/) },
  });
}

/** The status and error code of an answer, compact in a failure message. */
export const outcome = (res: ApiResponse) => ({ status: res.status, code: res.body?.code as string | undefined });
