/**
 * The authorization matrix: every GraphQL root field and every REST route, called with each kind of caller
 * (the owner's session, another user's session, the program's API key, another program's API key, the
 * program's partner token, a revoked key, nothing), over real HTTP. A refusal must be the documented one
 * (401 UNAUTHENTICATED, 403 FORBIDDEN, or NOT_FOUND for a program that is not the caller's) and must change
 * nothing; a caller of another program must never see or touch this program's data.
 *
 * What each kind may use comes from src/auth/policy.ts, whose agreement with DESIGN.md is checked in
 * test/unit/policy.spec.ts; the literal findings of the security review are asserted in findings.spec.ts.
 *
 * Here: every REST route with every kind of caller, fields that reach another resource, every HTTP route of the
 * server, and the review's finding 1 (the fixtures and credentials: test/helpers/authorization-matrix.ts).
 */
import { HTTP_ROUTES, REST_ROUTES } from '../../../../src/auth/policy';
import { uniq } from '../../../helpers/spec-client';
import {
  A,
  api,
  codesOf,
  CREDS,
  type Cred,
  digest,
  expected,
  f,
  gql,
  newAffiliate,
  newCode,
  newCoupon,
  newLink,
  newReferral,
  newSale,
  newWebhook,
  type Outcome,
  secretsOfA,
  server,
  setUpMatrix,
  tokens,
} from '../../../helpers/authorization-matrix';

setUpMatrix();

interface RestOp {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: (x: Record<string, any>, u: string) => Record<string, unknown>;
  query?: () => Record<string, string>;
  prepare?: () => Promise<Record<string, any>>;
  /** The request path when the route's path is a template (`/payout-batches/{id}`). */
  url?: (x: Record<string, any>) => string;
}

/** A new batch of one new sale's commission (one manual payout): its id and its payout's. */
async function newBatch(): Promise<{ id: string; payoutId: string }> {
  const res = await api(A.key, 'POST', '/payout-batches', { saleIds: [await newSale()] });
  if (res.status !== 201) throw new Error(`POST /payout-batches: ${res.status} ${res.text}`);
  return { id: res.body.id, payoutId: res.body.payouts[0].id };
}

const REST_OPS: RestOp[] = [
  { method: 'GET', path: '/affiliates', query: () => ({ id: f.affiliateId }) },
  { method: 'POST', path: '/affiliates', body: (_x, u) => ({ firstName: 'A', lastName: 'B', email: `ra-${u}@example.com` }) },
  { method: 'PUT', path: '/affiliates', body: () => ({ affiliateId: f.affiliateId, firstName: 'Put' }) },
  { method: 'DELETE', path: '/affiliates', prepare: async () => ({ id: await newAffiliate() }), body: (x) => ({ affiliateId: x.id }) },
  { method: 'GET', path: '/referrals', query: () => ({ id: f.referralId }) },
  {
    method: 'POST',
    path: '/referrals',
    body: (_x, u) => ({ affiliateId: f.affiliateId, name: 'N', email: `rr-${u}@example.com`, referredUserExternalId: `e-${u}` }),
  },
  { method: 'PUT', path: '/referrals', body: () => ({ referralId: f.referralId, subscriptionStatus: 'active' }) },
  { method: 'DELETE', path: '/referrals', prepare: async () => ({ id: await newReferral() }), body: (x) => ({ referralId: x.id }) },
  { method: 'GET', path: '/links', query: () => ({ affiliateId: f.affiliateId }) },
  { method: 'POST', path: '/links', body: (_x, u) => ({ link: `rl-${u}`, affiliateId: f.affiliateId }) },
  { method: 'PUT', path: '/links', prepare: async () => ({ id: await newLink() }), body: (x, u) => ({ id: x.id, newLink: `rn-${u}` }) },
  { method: 'DELETE', path: '/links', prepare: async () => ({ id: await newLink() }), body: (x) => ({ id: x.id }) },
  { method: 'POST', path: '/clicks', body: () => ({ link: f.slug }) },
  { method: 'POST', path: '/public/clicks', body: () => ({ ref: f.slug }) },
  { method: 'GET', path: '/coupons', query: () => ({ id: f.couponId }) },
  { method: 'POST', path: '/coupons', body: (_x, u) => ({ name: `rc-${u}` }) },
  { method: 'PUT', path: '/coupons', body: () => ({ couponId: f.couponId, name: 'Put coupon' }) },
  { method: 'DELETE', path: '/coupons', prepare: async () => ({ id: await newCoupon() }), body: (x) => ({ couponId: x.id }) },
  { method: 'GET', path: '/promotional-codes', query: () => ({ id: f.codeId }) },
  { method: 'POST', path: '/promotional-codes', body: (_x, u) => ({ couponId: f.couponId, code: `RP${u.replace(/-/g, '')}` }) },
  { method: 'PUT', path: '/promotional-codes', body: () => ({ promotionalCodeId: f.codeId, active: true }) },
  { method: 'DELETE', path: '/promotional-codes', prepare: async () => ({ id: await newCode() }), body: (x) => ({ promotionalCodeId: x.id }) },
  { method: 'GET', path: '/sales', query: () => ({ id: String(f.saleId) }) },
  { method: 'POST', path: '/sales', body: (_x, u) => ({ referralId: f.referralId, totalEarned: 30, name: 'S', email: `rs-${u}@example.com` }) },
  { method: 'PUT', path: '/sales', body: () => ({ saleId: f.saleId, externalInvoiceId: 'inv-put' }) },
  { method: 'PATCH', path: '/sales', prepare: async () => ({ id: await newSale() }), body: (x) => ({ saleId: x.id }) },
  { method: 'GET', path: '/webhooks' },
  { method: 'POST', path: '/webhooks', body: () => ({ url: 'http://127.0.0.1:9/rest' }) },
  { method: 'PUT', path: '/webhooks', body: () => ({ id: f.webhookId, description: 'put' }) },
  { method: 'DELETE', path: '/webhooks', prepare: async () => ({ id: await newWebhook() }), body: (x) => ({ id: x.id }) },
  { method: 'POST', path: '/webhooks/rotate-secret', body: () => ({ id: f.webhookId }) },
  { method: 'GET', path: '/events' },
  { method: 'GET', path: '/stats' },
  { method: 'GET', path: '/program' },
  { method: 'GET', path: '/stats/top-affiliates' },
  { method: 'POST', path: '/events/replay', body: () => ({ eventId: f.eventId }) },
  { method: 'POST', path: '/affiliate-portal-links', body: () => ({ affiliateId: f.affiliateId }) },
  { method: 'GET', path: '/payout-batches' },
  { method: 'POST', path: '/payout-batches', prepare: async () => ({ s: await newSale() }), body: (x) => ({ saleIds: [x.s] }) },
  { method: 'GET', path: '/payout-batches/{id}', prepare: newBatch, url: (x) => `/payout-batches/${x.id}` },
  {
    method: 'GET',
    path: '/payout-batches/{id}/export',
    prepare: newBatch,
    url: (x) => `/payout-batches/${x.id}/export`,
    query: () => ({ format: 'paypal' }),
  },
  { method: 'POST', path: '/payout-batches/{id}/send', prepare: newBatch, url: (x) => `/payout-batches/${x.id}/send`, body: () => ({}) },
  { method: 'POST', path: '/payout-batches/{id}/mark-paid', prepare: newBatch, url: (x) => `/payout-batches/${x.id}/mark-paid`, body: () => ({}) },
  { method: 'GET', path: '/payouts' },
  { method: 'POST', path: '/payouts/{id}/mark-paid', prepare: newBatch, url: (x) => `/payouts/${x.payoutId}/mark-paid`, body: () => ({ reference: 'R-1' }) },
  {
    method: 'POST',
    path: '/payouts/{id}/mark-failed',
    prepare: newBatch,
    url: (x) => `/payouts/${x.payoutId}/mark-failed`,
    body: () => ({ reason: 'Unclaimed' }),
  },
];

describe('REST: every route with every kind of caller', () => {
  test('the matrix names every route of the policy', () => {
    expect(REST_OPS.map((o) => `${o.method} ${o.path}`).sort()).toEqual(Object.keys(REST_ROUTES).sort());
  });

  test.each(REST_OPS.map((o) => [`${o.method} ${o.path}`, o] as const))('%s', async (key, op) => {
    const resource = REST_ROUTES[key];
    const prepared = op.prepare ? await op.prepare() : {};
    const restExpected = (cred: Cred): Outcome =>
      cred === 'none' || cred === 'revoked'
        ? 'UNAUTHENTICATED'
        : cred === 'ownerSession' || cred === 'otherSession'
          ? 'FORBIDDEN'
          : expected(cred, resource, false);
    const order = [...CREDS.filter((c) => restExpected(c) !== 'allow'), ...CREDS.filter((c) => restExpected(c) === 'allow')];
    const before = await digest();
    let checked = false;
    for (const cred of order) {
      const want = restExpected(cred);
      if (want === 'allow' && !checked) {
        expect({ key, digest: await digest() }).toEqual({ key, digest: before });
        checked = true;
      }
      const programA = await digest(A.programId);
      const res = await api(tokens[cred], op.method, op.url?.(prepared) ?? op.path, op.body?.(prepared, uniq()), op.query?.());
      const label = `${key} as ${cred}`;
      if (want === 'allow') {
        expect({ label, refused: [401, 403].includes(res.status) || res.status >= 500 ? res.status : null }).toEqual({ label, refused: null });
      } else {
        const status = want === 'UNAUTHENTICATED' ? 401 : 403;
        expect({ label, status: res.status, code: res.body?.code }).toEqual({ label, status, code: want });
      }
      if (cred === 'otherApiKey') {
        expect({ label, digest: await digest(A.programId) }).toEqual({ label, digest: programA });
        for (const s of secretsOfA()) expect({ label, leaked: res.text.includes(s) ? s : null }).toEqual({ label, leaked: null });
      }
    }
    if (!checked) expect(await digest()).toEqual(before);
  });
});

describe('fields that reach another resource follow that resource', () => {
  test('a partner token reads links but not the promotional codes connected to them', async () => {
    const ok = await gql(tokens.partner, '{ links { nodes { id link affiliate { id } } } }');
    expect(ok.body.errors).toBeUndefined();
    const codes = await gql(tokens.partner, '{ links { nodes { id promotionalCodes } } }');
    expect(codesOf(codes)).toContain('FORBIDDEN');
    expect(codes.text).not.toContain(f.code);
    const withKey = await gql(A.key, '{ links { nodes { id promotionalCodes } } }');
    expect(withKey.body.errors).toBeUndefined();
    expect(withKey.text).toContain(f.code);
  });

  test("a partner token reads the program's id, name, domain and logoUrl, and no other setting", async () => {
    const ok = await gql(tokens.partner, '{ programs { id name domain logoUrl } }');
    expect(ok.body).toEqual({ data: { programs: [{ id: A.programId, name: expect.any(String), domain: null, logoUrl: null }] } });
    for (const field of ['baseUrls', 'currency', 'readsPerMinute', 'defaultCommissionRate']) {
      const res = await gql(tokens.partner, `{ programs { id ${field} } }`);
      expect({ field, codes: codesOf(res) }).toEqual({ field, codes: ['FORBIDDEN'] });
      expect(res.text).not.toContain('shop.example.com');
    }
    const key = await gql(A.key, '{ programs { id baseUrls currency } }');
    expect(key.body.errors).toBeUndefined();
  });

  test("a partner token reads a sale's commission (part of the sale), not commissions as payables", async () => {
    const ok = await gql(tokens.partner, `{ sales { nodes { id commission { id amount status } affiliate { id } } } }`);
    expect(ok.body.errors).toBeUndefined();
    expect(codesOf(await gql(tokens.partner, '{ commissions { nodes { id } } }'))).toEqual(['FORBIDDEN']);
  });

  test('a partner token reads and updates affiliates, never their payout details', async () => {
    const ok = await gql(tokens.partner, '{ affiliates { nodes { id email } } }');
    expect(ok.body.errors).toBeUndefined();
    for (const field of ['payoutMethod', 'payoutEmail', 'stripeAccountId']) {
      const res = await gql(tokens.partner, `{ affiliates { nodes { id ${field} } } }`);
      expect({ field, codes: [...new Set(codesOf(res))] }).toEqual({ field, codes: ['FORBIDDEN'] });
      const nested = await gql(tokens.partner, `{ links { nodes { id affiliate { ${field} } } } }`);
      expect({ field, codes: [...new Set(codesOf(nested))] }).toEqual({ field, codes: ['FORBIDDEN'] });
    }
    const before = await digest();
    const body = { affiliateId: f.affiliateId, firstName: 'Partner', payoutMethod: 'paypal', payoutEmail: 'attacker@example.com' };
    const put = await api(tokens.partner, 'PUT', '/affiliates', body);
    expect({ status: put.status, code: put.body.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    const update = await gql(tokens.partner, 'mutation($i: UpdateAffiliateInput!) { updateAffiliate(input: $i) { count } }', {
      i: { affiliateId: f.affiliateId, stripeAccountId: null },
    });
    expect(codesOf(update)).toEqual(['FORBIDDEN']);
    expect(await digest()).toBe(before);
    const withKey = await gql(A.key, '{ affiliates { nodes { id payoutMethod payoutEmail stripeAccountId } } }');
    expect(withKey.body.errors).toBeUndefined();
  });

  test("a coupon's codes and a code's coupon follow the codes' and the coupon's rules", async () => {
    const res = await gql(A.key, `{ coupons { nodes { id promotionalCodes { id coupon { id } affiliate { id } } } } }`);
    expect(res.body.errors).toBeUndefined();
    expect(res.text).toContain(f.codeId);
  });
});

describe('every HTTP route of the server is in the policy', () => {
  test('walking the Express app finds no route without an entry', async () => {
    const found = new Set<string>();
    const walk = (stack: any[], prefix: string) => {
      for (const layer of stack) {
        const raw = typeof layer.rawPath === 'string' ? layer.rawPath : '';
        if (layer.route) {
          for (const m of Object.keys(layer.route.methods))
            if (m !== '_all') found.add(`${m.toUpperCase()} ${prefix}${layer.route.path}`.replace(/(\S)\/$/, '$1'));
        } else if (layer.handle?.stack) {
          walk(layer.handle.stack, prefix + (raw === '/' ? '' : raw));
        } else if (raw && raw !== '/') {
          // Middleware mounted on a path of its own answers requests there (Apollo on /graphql): any method.
          found.add(`* ${prefix}${raw}`);
        }
      }
    };
    walk((server.runtime.app as any).router.stack, '');
    const apiRoutes = new Set(Object.keys(REST_ROUTES).map((k) => k.replace(' ', ' /api/v1')));
    const unlisted = [...found].filter((r) => !(r in HTTP_ROUTES) && !apiRoutes.has(r));
    expect(unlisted).toEqual([]);
    const stale = Object.keys(HTTP_ROUTES).filter((r) => !found.has(r));
    expect(stale).toEqual([]);
  });
});

describe("the review's finding 1, literally", () => {
  test("a partner token cannot change where the program's clicks redirect, nor mint or list API keys, nor read connections", async () => {
    const baseUrls = async () =>
      (await gql(A.session, 'query($p: ID!) { program(id: $p) { baseUrls } }', { p: A.programId })).body.data.program.baseUrls as string[];
    await gql(A.session, 'mutation($p: ID!) { updateProgram(id: $p, input: { baseUrls: ["https://shop.example.com/"] }) { id } }', { p: A.programId });
    const update = await gql(tokens.partner, 'mutation($p: ID!) { updateProgram(id: $p, input: { baseUrls: ["https://attacker.example/"] }) { id } }', {
      p: A.programId,
    });
    expect(codesOf(update)).toEqual(['FORBIDDEN']);
    expect(await baseUrls()).toEqual(['https://shop.example.com/']);
    const click = await fetch(`${server.url}/r/${A.programId}/${f.slug}`, { redirect: 'manual', headers: { 'user-agent': `finding-1-${uniq()}` } });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toMatch(/^https:\/\/shop\.example\.com\//);
    const before = await digest();
    for (const q of [
      'query($p: ID!) { apiKeys(programId: $p) { id } }',
      'mutation($p: ID!) { createApiKey(programId: $p, name: "x") { key } }',
      'query($p: ID!) { connections(programId: $p) { id } }',
    ]) {
      expect({ q, codes: codesOf(await gql(tokens.partner, q, { p: A.programId })) }).toEqual({ q, codes: ['FORBIDDEN'] });
    }
    expect(await digest()).toBe(before);
  });

  test('an API key cannot change program settings nor create or revoke API keys', async () => {
    const before = await digest();
    expect(
      codesOf(await gql(A.key, 'mutation($p: ID!) { updateProgram(id: $p, input: { baseUrls: ["https://attacker.example/"] }) { id } }', { p: A.programId })),
    ).toEqual(['FORBIDDEN']);
    expect(codesOf(await gql(A.key, 'mutation($p: ID!) { createApiKey(programId: $p, name: "x") { key } }', { p: A.programId }))).toEqual(['FORBIDDEN']);
    expect(codesOf(await gql(A.key, 'mutation($id: ID!) { revokeApiKey(id: $id) { id } }', { id: f.apiKeyId }))).toEqual(['FORBIDDEN']);
    expect(await digest()).toBe(before);
    expect((await api(A.key, 'GET', '/affiliates', undefined, { id: f.affiliateId })).status).toBe(200);
  });

  test.each(['/coupons', '/promotional-codes', '/events'])('REST %s with a partner token: 403 FORBIDDEN', async (path) => {
    const res = await api(tokens.partner, 'GET', path);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  test("REST /webhooks with a partner token lists its own subscriptions only, never the program's endpoints", async () => {
    const programs = await api(A.key, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/program-only', events: ['sale.created'] });
    expect(programs.status).toBe(200);
    const own = await api(tokens.partner, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/partner-own', events: ['sale.created'] });
    expect(own.status).toBe(200);
    const res = await api(tokens.partner, 'GET', '/webhooks');
    expect(res.status).toBe(200);
    expect(res.body.map((e: any) => e.id)).toContain(own.body.id);
    expect(res.body.map((e: any) => e.id)).not.toContain(programs.body.id);
    expect(res.body.every((e: any) => e.connectionId === own.body.connectionId && e.connectionId !== null)).toBe(true);
    expect((await api(tokens.partner, 'DELETE', '/webhooks', { id: own.body.id })).status).toBe(200);
    expect((await api(tokens.partner, 'POST', '/webhooks/rotate-secret', { id: programs.body.id })).status).toBe(403);
    expect((await api(A.key, 'DELETE', '/webhooks', { id: programs.body.id })).status).toBe(200);
  });
});
