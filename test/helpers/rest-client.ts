/**
 * The API client of a spec file, bound to its test server: named calls for what the tests do over and over
 * (create an affiliate, record a sale, look a link up…), each taking the program whose API key it uses. Every
 * REST answer is recorded in `seen` for the file's "no 5xx" check (see testNoServerErrors). The database is
 * read with `sql` and the outbox with `events`, to check side effects the API does not show.
 *
 *   const server = useTestServer();
 *   const api = restClient(() => server);
 *
 *   const p = await api.program();
 *   const a = await api.createAffiliate(p);
 *   const sale = await api.recordSale(p, { referralId: a.id, name: 'Buyer', email: personEmail(), totalEarned: 100 });
 */
import { affiliateBody, type ProgramFixture } from './factories';
import { couponCore } from './shapes';
import {
  AUTO_COUPON_RULE_INPUT,
  CREATE_AFFILIATE_GROUP,
  CREATE_API_KEY,
  CREATE_COMMISSION_PLAN,
  CREATE_PAYOUT_BATCH,
  LINKS_WITH_CODES,
  MARK_COMMISSION_PAID,
  MARK_PAYOUT_BATCH_PAID,
  SALE_COMMISSION,
  SET_AUTO_COUPON_RULE,
} from './graphql-documents';
import { dataOf, type GraphQLResponse, type TypedDocument, type Variables, type VariablesArg } from './graphql/typed-document';
import type { ApiResponse, RequestOptions, TestServer } from './server';
import { personEmail, slug, specClient, uniq } from './spec-client';
import { testSql } from '../tenancy/tenancy-check.cjs';

/** An event of the outbox table. */
export interface EventRow {
  id: string;
  type: string;
  data: any;
}

/** name, email and referredUserExternalId: the person fields of a referral, fresh each time. */
export function person(overrides: Record<string, unknown> = {}) {
  const id = uniq();
  return { name: `Person ${id}`, email: `person-${id}@example.com`, referredUserExternalId: `ext-${id}`, ...overrides };
}

/** Request headers of one visitor of the public click path: its address (believed when the server trusts loopback) and user agent. */
export const visitor = (ip: string, ua = 'Mozilla/5.0 (Visitor)') => ({ 'x-forwarded-for': ip, 'user-agent': ua });

/** The click id of a redirect location (the last click_id parameter of the query). */
export function clickIdOf(location: string | null): number {
  const m = /[?&]click_id=(\d+)(?:&|#|$)/.exec(location ?? '');
  if (!m) throw new Error(`no click_id in ${location}`);
  return Number(m[1]);
}

/** An answer of the public click path. */
export interface Visit {
  status: number;
  location: string | null;
  headers: Headers;
  body: any;
  text: string;
}

/** A row of the clicks table. */
export interface ClickRow {
  id: number;
  program_id: string;
  affiliate_id: string;
  link_id: string | null;
  referrer: string | null;
  user_agent: string | null;
  ip_hash: string | null;
  landing_url: string | null;
  created_at: Date;
}

export type RestClient = ReturnType<typeof restClient>;

export function restClient(server: () => TestServer) {
  const { seen, call, program } = specClient(server);

  // -------------------------------------------------------------------------------------------------------
  // the database

  async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
    return (await server().runtime.orm.em.fork().getConnection().execute(testSql(query), params)) as T[];
  }
  /** The number a `select count(*) as n …` query answers. */
  async function count(query: string, params: unknown[] = []): Promise<number> {
    const [row] = await sql<{ n: string | number }>(query, params);
    return Number(row.n);
  }
  /** Rows of a table that belong to the program. */
  const rowCount = (table: string, programId: string) => count(`select count(*) as n from ${table} where program_id = ?`, [programId]);
  /** The program's events, oldest first: of one type, and about one resource (data.id) when given. */
  function events(programId: string, type?: string, dataId?: string | number): Promise<EventRow[]> {
    const where = ['program_id = ?'];
    const params: unknown[] = [programId];
    if (type !== undefined) {
      where.push('type = ?');
      params.push(type);
    }
    if (dataId !== undefined) {
      where.push(`data->>'id' = ?`);
      params.push(String(dataId));
    }
    return sql<EventRow>(`select id, type, data from events where ${where.join(' and ')} order by id`, params);
  }
  /** The program's outgoing emails, oldest first. */
  const emailsOf = (programId: string) =>
    sql<{ kind: string; to: string; subject: string; text: string; status: string }>(
      `select kind, "to", subject, text, status from email_outbox where program_id = ? order by created_at, id`,
      [programId],
    );
  /** affiliate.updated events of one affiliate, oldest first. */
  const affiliateUpdatedEvents = (programId: string, affiliateId: string) => events(programId, 'affiliate.updated', affiliateId);
  /** A row of the affiliate_links table. */
  const linkRow = async (id: string) => (await sql('select link, clicks, affiliate_id, program_id from affiliate_links where id = ?', [id]))[0];
  /** How many clicks a link has, counted in the clicks table. */
  const linkClicks = (linkId: string) => count('select count(*) as n from clicks where link_id = ?', [linkId]);
  /** The link and affiliate a click row names. */
  const clickOwner = async (id: number) =>
    (await sql<{ link_id: string | null; affiliate_id: string }>('select link_id, affiliate_id from clicks where id = ?', [id]))[0];
  /** How many events of the program have a type starting with `typePrefix` (every event by default). */
  const eventCount = (programId: string, typePrefix = '') =>
    count('select count(*) as n from events where program_id = ? and type like ?', [programId, `${typePrefix}%`]);

  // -------------------------------------------------------------------------------------------------------
  // REST: one endpoint's methods, with a program's API key (or any token)

  const tokenOf = (who: ProgramFixture | string) => (typeof who === 'string' ? who : who.key);

  /**
   * The methods of one endpoint: `sales.get(p, {affiliateId})`, `sales.post(p, body)`, `sales.put(p, body)`…;
   * called as a function, any request: `sales('POST', {rawBody: '{'})`. Answers are returned, never thrown.
   */
  function endpoint(path: string) {
    const send = (method: string, opts: RequestOptions = {}) => call(method, path, opts);
    return Object.assign(send, {
      get: (who: ProgramFixture | string, query: RequestOptions['query'] = {}) => send('GET', { token: tokenOf(who), query }),
      post: (who: ProgramFixture | string, body: unknown, headers?: Record<string, string>) => send('POST', { token: tokenOf(who), body, headers }),
      put: (who: ProgramFixture | string, body: unknown) => send('PUT', { token: tokenOf(who), body }),
      patch: (who: ProgramFixture | string, body: unknown) => send('PATCH', { token: tokenOf(who), body }),
      delete: (who: ProgramFixture | string, body: unknown) => send('DELETE', { token: tokenOf(who), body }),
    });
  }

  // -------------------------------------------------------------------------------------------------------
  // REST: calls that must succeed

  /** POST that must answer 200 with a body. */
  async function create(path: string, p: ProgramFixture, body: unknown) {
    const res = await call('POST', path, { token: p.key, body });
    if (res.status !== 200 || !res.body) throw new Error(`POST ${path} failed: ${res.status} ${res.text}`);
    return res.body;
  }
  /** GET that must answer 200. */
  async function read(path: string, p: ProgramFixture, query: Record<string, string>) {
    const res = await call('GET', path, { token: p.key, query });
    expect(res.status).toBe(200);
    return res.body;
  }

  const createAffiliate = (p: ProgramFixture, body: Record<string, unknown> = {}) => create('/affiliates', p, affiliateBody(body));
  /** GET /affiliates?id= (a UUID, slug or click id); null when nothing matches. */
  const affiliateById = (p: ProgramFixture, id: string | number) => read('/affiliates', p, { id: String(id) });

  const createLink = (p: ProgramFixture, body: Record<string, unknown>) => create('/links', p, body);
  /** The one link with that slug. */
  async function linkBySlug(p: ProgramFixture, slug: string) {
    const found = await read('/links', p, { link: slug });
    expect(found).toHaveLength(1);
    return found[0];
  }

  /** A click reported by the program's server (POST /clicks); its id. */
  const recordClick = async (p: ProgramFixture, link: string): Promise<number> => (await create('/clicks', p, { link })).id;

  /** POST /referrals with a fresh person. */
  const createReferral = (p: ProgramFixture, body: Record<string, unknown>) => create('/referrals', p, { ...person(), ...body });
  /** POST /referrals with a promo code and a fresh person; the answer, whatever it is. */
  const redeem = (p: ProgramFixture, promoCode: string) => call('POST', '/referrals', { token: p.key, body: { promoCode, ...person() } });

  const recordSale = (p: ProgramFixture, body: Record<string, unknown>) => create('/sales', p, body);
  /** A sale of 100 credited to an affiliate (UUID) with fresh customer data, overridden by `body`. */
  const saleFor = (p: ProgramFixture, affiliateId: string, body: Record<string, unknown> = {}) =>
    recordSale(p, { referralId: affiliateId, name: 'Buyer', email: personEmail('buyer'), totalEarned: 100, ...body });
  /** GET /sales?id=; null when there is no such sale. */
  const saleById = (p: ProgramFixture, id: number) => read('/sales', p, { id: String(id) });

  const createCoupon = (p: ProgramFixture, body: Record<string, unknown> = {}) => create('/coupons', p, { name: `Coupon ${uniq()}`, percentOff: 10, ...body });
  const couponById = (p: ProgramFixture, id: string) => read('/coupons', p, { id });
  /** The coupon as a promotional code carries it (without promotionalCodes and autoCouponRule). */
  const couponCoreOf = async (p: ProgramFixture, id: string) => couponCore(await couponById(p, id));
  const createCode = (p: ProgramFixture, body: Record<string, unknown>) => create('/promotional-codes', p, { code: `CODE-${uniq()}`, ...body });
  const codeById = (p: ProgramFixture, id: string) => read('/promotional-codes', p, { id });
  /** timesRedeemed of a code (GET /promotional-codes?code=) and of its coupon (GET /coupons?id=). */
  async function redemptions(p: ProgramFixture, code: string) {
    const c = await read('/promotional-codes', p, { code });
    const k = await couponById(p, c.couponId);
    return { code: c.timesRedeemed as number, coupon: k.timesRedeemed as number };
  }

  /**
   * An affiliate's counter and the same counter of each of its links, as the REST API shows them, e.g.
   * counters(p, id, 'numberOfClicks', 'clicks') → {numberOfClicks: 3, links: {'ada-1': 2, 'ada-2': 1}}.
   */
  async function counters<F extends string>(p: ProgramFixture, affiliateId: string, affiliateField: F, linkField: string) {
    const a = await affiliateById(p, affiliateId);
    const links: Record<string, number> = {};
    for (const s of a.affiliateLinks as string[]) links[s] = (await linkBySlug(p, s))[linkField];
    return { [affiliateField]: a[affiliateField] as number, links } as { [K in F]: number } & { links: Record<string, number> };
  }
  /** numberOfReferredUsers of the affiliate and `referrals` of each of its links. */
  const referralCounters = (p: ProgramFixture, affiliateId: string) => counters(p, affiliateId, 'numberOfReferredUsers', 'referrals');
  /** numberOfClicks of the affiliate and `clicks` of each of its links. */
  const clickCounters = (p: ProgramFixture, affiliateId: string) => counters(p, affiliateId, 'numberOfClicks', 'clicks');
  /** The link's sales and totalRevenue and the affiliate's totalCommissionEarned, as the REST API shows them. */
  async function totals(p: ProgramFixture, affiliateId: string, linkSlug: string) {
    const link = await linkBySlug(p, linkSlug);
    const a = await affiliateById(p, affiliateId);
    return { sales: link.sales as number, totalRevenue: link.totalRevenue as number, totalCommissionEarned: a.totalCommissionEarned as number };
  }

  // -------------------------------------------------------------------------------------------------------
  // fixtures several spec files start from

  /** An affiliate of the program on a fresh first link, with a second link: `{a, firstSlug, secondSlug, secondLink}`. */
  async function affiliateWithTwoLinks(p: ProgramFixture) {
    const firstSlug = slug('first');
    const a = await createAffiliate(p, { affiliateLink: firstSlug });
    const secondSlug = slug('second');
    const secondLink = await createLink(p, { link: secondSlug, affiliateId: a.id });
    return { a, firstSlug, secondSlug, secondLink };
  }

  /**
   * Two programs for isolation tests: A with an affiliate on a fresh slug, a click on that slug and a promotional
   * code of the affiliate; B with an affiliate of its own.
   */
  async function twoPrograms() {
    const A = await program();
    const B = await program();
    const aSlug = slug('iso');
    const aAff = await createAffiliate(A, { affiliateLink: aSlug });
    const bAff = await createAffiliate(B);
    const aClick = await recordClick(A, aSlug);
    const aCode = await createCode(A, { couponId: (await createCoupon(A)).id, affiliateId: aAff.id });
    return { A, B, aSlug, aAff, bAff, aClick, aCode };
  }

  // -------------------------------------------------------------------------------------------------------
  // the public click path

  /** GET /r/<slug>[?query] (a path, or a whole URL such as a trackingUrl) without following the redirect. */
  async function visit(path: string, headers: Record<string, string> = {}, on: TestServer = server()): Promise<Visit> {
    const res = await fetch(/^https?:/.test(path) ? path : on.url + path, { redirect: 'manual', headers });
    const text = await res.text();
    let body: any = text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      /* not JSON */
    }
    seen.push({ method: 'GET', path, status: res.status, text });
    return { status: res.status, location: res.headers.get('location'), headers: res.headers, body, text };
  }
  /** Inserts a click of the affiliate as a visit would, on `linkId` (by default its first link); its id. */
  async function insertClick(programId: string, affiliateId: string, linkId?: string | null): Promise<number> {
    if (linkId === undefined) {
      const [first] = await sql<{ id: string }>(`select id from affiliate_links where program_id = ? and affiliate_id = ? order by created_at limit 1`, [
        programId,
        affiliateId,
      ]);
      linkId = first?.id ?? null;
    }
    const [row] = await sql<{ id: string | number }>('insert into clicks (program_id, affiliate_id, link_id) values (?, ?, ?) returning id', [
      programId,
      affiliateId,
      linkId,
    ]);
    return Number(row.id);
  }
  async function clickRow(id: number): Promise<ClickRow | undefined> {
    const rows = await sql<ClickRow>('select * from clicks where id = ?', [id]);
    return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : undefined;
  }

  // -------------------------------------------------------------------------------------------------------
  // GraphQL, with a program's API key (or any token)

  /** A GraphQL request; a typed document (../graphql-documents.ts) types the variables and the answer. */
  function gql<R, V extends Variables>(
    who: ProgramFixture | string,
    document: TypedDocument<R, V>,
    ...args: VariablesArg<V>
  ): Promise<ApiResponse<GraphQLResponse<R>>>;
  function gql(who: ProgramFixture | string, query: string, variables?: Record<string, unknown>): Promise<ApiResponse<{ data?: any; errors?: any[] }>>;
  function gql(who: ProgramFixture | string, query: string, variables: Record<string, unknown> = {}) {
    return server().graphql(query, variables, tokenOf(who));
  }
  /** The data of a GraphQL request that must not fail. */
  async function gqlData<R, V extends Variables>(who: ProgramFixture | string, document: TypedDocument<R, V>, ...args: VariablesArg<V>): Promise<R>;
  async function gqlData(who: ProgramFixture | string, query: string, variables?: Record<string, unknown>): Promise<any>;
  async function gqlData(who: ProgramFixture | string, query: string, variables: Record<string, unknown> = {}) {
    const res = await gql(who, query, variables);
    if (!res.body.data || res.body.errors?.length) throw new Error(`GraphQL failed: ${res.text}`);
    return res.body.data;
  }

  const createGroup = async (p: ProgramFixture, name = `Group ${uniq()}`): Promise<string> =>
    (await gqlData(p, CREATE_AFFILIATE_GROUP, { name })).createAffiliateGroup.id;
  const createPlan = async (p: ProgramFixture, input: { commissionRate: number; affiliateGroupId?: string | null; name?: string }): Promise<string> =>
    (await gqlData(p, CREATE_COMMISSION_PLAN, { input: { name: `Plan ${uniq()}`, ...input } })).createCommissionPlan.id;
  /** The commission of a sale with its ledger; null when the sale has none. */
  const commissionOf = async (p: ProgramFixture, saleId: number) => (await gqlData(p, SALE_COMMISSION, { id: saleId })).sale?.commission ?? null;
  const createPayoutBatch = async (p: ProgramFixture, saleIds: number[]): Promise<string> =>
    (await gqlData(p, CREATE_PAYOUT_BATCH, { ids: saleIds })).createPayoutBatch.id;
  const markPayoutBatchPaid = (p: ProgramFixture, id: string) => gqlData(p, MARK_PAYOUT_BATCH_PAID, { id });
  const markCommissionPaid = (p: ProgramFixture, saleId: number) => gqlData(p, MARK_COMMISSION_PAID, { id: saleId });
  /** A second API key of the program, made by its owner. */
  const createApiKey = async (p: ProgramFixture): Promise<string> =>
    (await gqlData(p.session, CREATE_API_KEY, { p: p.programId, name: `second ${uniq()}` })).createApiKey.key;
  /** Configures the coupon's automatic codes for new affiliates. */
  async function setAutoCouponRule(p: ProgramFixture, couponId: string, input: Record<string, unknown> = AUTO_COUPON_RULE_INPUT) {
    const res = await gql(p, SET_AUTO_COUPON_RULE, { c: couponId, i: input });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.setAutoCouponRule.id).toBe(couponId);
  }
  /** Link slug → the promotional codes connected to it (sorted). */
  async function linkCodes(p: ProgramFixture): Promise<Record<string, string[]>> {
    const res = await gql(p, LINKS_WITH_CODES);
    expect(res.body.errors).toBeUndefined();
    return Object.fromEntries(dataOf(res).links.nodes.map((n) => [n.link, [...n.promotionalCodes].sort()]));
  }

  // -------------------------------------------------------------------------------------------------------
  // background jobs (the test server runs with workers off)

  /** The program's queued jobs, oldest first. */
  const jobsOf = (programId: string) =>
    sql<{ kind: string; payload: any; status: string }>('select kind, payload, status from jobs where program_id = ? order by id', [programId]);
  /** Runs every due job; how many ran. */
  async function runJobs() {
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const n = await server().runtime.jobs.runOnce();
      total += n;
      if (n === 0) break;
    }
    return total;
  }

  return {
    seen,
    call,
    program,
    sql,
    count,
    rowCount,
    events,
    eventCount,
    affiliateUpdatedEvents,
    linkRow,
    linkClicks,
    clickOwner,
    emailsOf,
    endpoint,
    createAffiliate,
    affiliateById,
    createLink,
    linkBySlug,
    recordClick,
    createReferral,
    redeem,
    recordSale,
    saleFor,
    saleById,
    createCoupon,
    couponById,
    couponCoreOf,
    createCode,
    codeById,
    redemptions,
    counters,
    referralCounters,
    clickCounters,
    totals,
    affiliateWithTwoLinks,
    twoPrograms,
    visit,
    insertClick,
    clickRow,
    gql,
    gqlData,
    createGroup,
    createPlan,
    commissionOf,
    createPayoutBatch,
    markPayoutBatchPaid,
    markCommissionPaid,
    createApiKey,
    setAutoCouponRule,
    linkCodes,
    jobsOf,
    runJobs,
  };
}
