/**
 * OAuth partner flow (spec section 5, DESIGN.md "Tenancy and credentials") and the dashboard pages, over plain
 * HTTP against the real app on a real PostgreSQL: consent page refusals, sign-in round trip, CSRF, codes
 * (RFC 6749 / RFC 7636 / RFC 9700), the token endpoint, partner scope on /api/v1, revocation (pages and
 * GraphQL), API keys through the pages, cookies and framing headers, and the development partner.
 *
 * Every page request uses fetch with redirect: 'manual' so that redirects (and the absence of one) are seen.
 *
 * Here: the partners' token endpoint (codes, client credentials, PKCE, storage).
 */
import { createHash, randomBytes } from 'node:crypto';
import { useProgram, useTestServer } from '../../../helpers/harness';
import { PARTNER_SCOPES } from '../../../../src/auth/policy-resources';
import { uniq } from '../../../helpers/spec-client';
import {
  b64url,
  basic,
  CB,
  CB_WITH_QUERY,
  CONSENT,
  consentPath,
  hiddenFields,
  type Jar,
  MAKE,
  MAKE_CB,
  oauthPages,
  sha256hex,
  ZAPIER,
} from '../../../helpers/oauth-pages';

// Behind a TLS-terminating proxy on loopback, named by TRUST_PROXY (its X-Forwarded-Proto is believed).
const server = useTestServer({ oauthPartners: [ZAPIER, MAKE], trustProxy: 'loopback' });

const { send, signIn, issueCode, token, sql, affiliatesWith } = oauthPages(() => server);

describe('token endpoint', () => {
  let jar: Jar;
  const owner = useProgram(server);
  beforeAll(async () => {
    jar = (await signIn(owner.ownerEmail)).jar;
  });
  const code = async (query: Record<string, string | undefined> = {}, partner = 'zapier') => (await issueCode(jar, owner.programId, query, partner)).code;

  test('a valid code gives {"access_token", "token_type": "Bearer", "scope"}, not cached, with no expiry and no refresh token', async () => {
    const res = await token({ code: await code() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    // scope: what a partner token may use (RFC 6749 §5.1), space-separated
    expect(res.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', scope: PARTNER_SCOPES.join(' ') });
    expect(res.json.scope.split(' ')).toEqual(expect.arrayContaining(['affiliates', 'links', 'referrals', 'sales']));
    expect(res.json.access_token.length).toBeGreaterThanOrEqual(32);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect((await affiliatesWith(res.json.access_token)).status).toBe(200);
  });

  test('without code: 400 {"error": "Code is required"}', async () => {
    for (const form of [{}, { code: '' }, { grant_type: 'authorization_code', redirect_uri: CB }]) {
      const res = await token(form);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: 'Code is required' });
    }
    const noBody = await fetch(`${server.url}/api/zapier/token`, { method: 'POST', redirect: 'manual' });
    expect(noBody.status).toBe(400);
    expect(await noBody.json()).toEqual({ error: 'Code is required' });
  });

  test('an unknown code: 400 {"error": "Invalid code"}', async () => {
    for (const c of ['nope', b64url(randomBytes(32)), 'x'.repeat(5000)]) {
      const res = await token({ code: c });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: 'Invalid code' });
    }
  });

  test('a code at an unknown partner’s token endpoint is refused', async () => {
    const c = await code();
    const res = await token({ code: c }, { partner: 'hubspot' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Invalid code' });
  });

  test('a code is single use; a second use is refused and revokes the token issued from it', async () => {
    const c = await code();
    const first = await token({ code: c });
    expect(first.status).toBe(200);
    const accessToken = first.json.access_token;
    expect((await affiliatesWith(accessToken)).status).toBe(200);
    const second = await token({ code: c });
    expect(second.status).toBe(400);
    expect(second.json).toEqual({ error: 'Invalid code' });
    const after = await affiliatesWith(accessToken);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
    const third = await token({ code: c });
    expect(third.json).toEqual({ error: 'Invalid code' });
    const rows = await sql<{ revoked_at: Date | null }>('select revoked_at from oauth_tokens where token_hash = ?', [sha256hex(accessToken)]);
    expect(rows).toHaveLength(1);
    expect(rows[0].revoked_at).not.toBeNull();
  });

  test('concurrent redemptions of one code yield at most one token', async () => {
    const c = await code();
    const results = await Promise.all(Array.from({ length: 5 }, () => token({ code: c })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.json).toEqual({ error: 'Invalid code' });
  });

  test('a code is bound to its partner: another configured partner cannot redeem it', async () => {
    const c = await code();
    const asMake = await token({ code: c, client_id: MAKE.clientId, client_secret: MAKE.clientSecret, redirect_uri: CB }, { partner: 'make' });
    expect(asMake.status).toBe(400);
    expect(asMake.json).toEqual({ error: 'Invalid code' });
    const asMakeBasic = await token({ code: c, redirect_uri: CB }, { partner: 'make', headers: basic(MAKE.clientId, MAKE.clientSecret) });
    expect(asMakeBasic.status).toBe(400);
    expect(asMakeBasic.json).toEqual({ error: 'Invalid code' });
    // and a make code is not redeemable at zapier
    const makeCode = await code({ redirect_uri: CB }, 'make');
    const atZapier = await token({ code: makeCode, redirect_uri: CB });
    expect(atZapier.json).toEqual({ error: 'Invalid code' });
  });

  test('redirect_uri at the token endpoint must be the one the code was issued for', async () => {
    for (const wrong of [`${CB}/`, CB_WITH_QUERY, 'https://evil.example/oauth/callback', '']) {
      const c = await code();
      const res = await token({ code: c, redirect_uri: wrong });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: 'Invalid code' });
    }
    const c = await code({ redirect_uri: CB_WITH_QUERY });
    expect((await token({ code: c, redirect_uri: CB })).json).toEqual({ error: 'Invalid code' });
    const ok = await code({ redirect_uri: CB_WITH_QUERY });
    expect((await token({ code: ok, redirect_uri: CB_WITH_QUERY })).status).toBe(200);
  });

  test('client_id / client_secret in the form must match the partner: 401 {"error": "invalid_client"} (RFC 6749 §5.2)', async () => {
    const cases: Array<Record<string, string>> = [
      { client_id: 'someone-else', client_secret: ZAPIER.clientSecret },
      { client_id: ZAPIER.clientId, client_secret: 'wrong-secret' },
      { client_id: ZAPIER.clientId, client_secret: '' },
      { client_secret: 'zap-secreT' },
      { client_id: MAKE.clientId, client_secret: MAKE.clientSecret },
    ];
    for (const creds of cases) {
      const res = await token({ code: await code(), ...creds });
      expect({ creds, status: res.status, body: res.json }).toEqual({ creds, status: 401, body: { error: 'invalid_client' } });
      expect(res.headers.get('www-authenticate')).toBeNull();
    }
    const ok = await token({
      code: await code(),
      client_id: ZAPIER.clientId,
      client_secret: ZAPIER.clientSecret,
      redirect_uri: CB,
      grant_type: 'authorization_code',
    });
    expect(ok.status).toBe(200);
  });

  test('HTTP Basic client credentials must match the partner: 401 invalid_client with a Basic challenge', async () => {
    for (const [id, secret] of [
      ['zap-client', 'wrong'],
      ['other', 'zap-secret'],
      ['zap-client', ''],
    ]) {
      const res = await token({ code: await code() }, { headers: basic(id, secret) });
      expect({ id, secret, status: res.status, body: res.json }).toEqual({ id, secret, status: 401, body: { error: 'invalid_client' } });
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    }
    // a header that is no Basic credential at all (no colon, not base64, empty) is refused alike
    for (const authorization of [`Basic ${Buffer.from('zap-client').toString('base64')}`, 'Basic !!!', 'Basic']) {
      const res = await token({ code: await code() }, { headers: { authorization } });
      expect({ authorization, status: res.status, body: res.json }).toEqual({ authorization, status: 401, body: { error: 'invalid_client' } });
    }
    const ok = await token({ code: await code() }, { headers: basic(ZAPIER.clientId, ZAPIER.clientSecret) });
    expect(ok.status).toBe(200);
  });

  test('one client authentication method per request (RFC 6749 §2.3): Basic with a client_secret or another client_id in the form is 400 invalid_request', async () => {
    for (const form of [{ client_secret: 'wrong' }, { client_secret: ZAPIER.clientSecret }, { client_id: 'someone-else' }]) {
      const res = await token({ code: await code(), ...form }, { headers: basic(ZAPIER.clientId, ZAPIER.clientSecret) });
      expect({ form, status: res.status, body: res.json }).toEqual({ form, status: 400, body: { error: 'invalid_request' } });
    }
    // the same client_id in the form beside Basic is no second method
    const same = await token({ code: await code(), client_id: ZAPIER.clientId }, { headers: basic(ZAPIER.clientId, ZAPIER.clientSecret) });
    expect(same.status).toBe(200);
  });

  test('HTTP Basic credentials are form-urlencoded before base64 (RFC 6749 §2.3.1): a secret with a space, +, :, % works', async () => {
    const c = await code({ redirect_uri: MAKE_CB }, 'make');
    const res = await token({ code: c, redirect_uri: MAKE_CB }, { partner: 'make', headers: basic(MAKE.clientId, MAKE.clientSecret) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', scope: PARTNER_SCOPES.join(' ') });
  });

  test('a grant_type other than authorization_code issues nothing', async () => {
    for (const grant_type of ['client_credentials', 'refresh_token', 'password']) {
      const res = await token({ code: await code(), grant_type });
      expect(res.status).toBe(400);
      expect(res.json?.access_token).toBeUndefined();
    }
  });

  test('an expired code is 400 {"error": "Invalid code"}; one still inside its 10 minutes works', async () => {
    const expired = await code();
    const upd = await sql(`update oauth_codes set expires_at = now() - interval '1 second' where code_hash = ? returning code_hash`, [sha256hex(expired)]);
    expect(upd).toHaveLength(1);
    const res = await token({ code: expired });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Invalid code' });

    const nearlyExpired = await code();
    const upd2 = await sql(
      `update oauth_codes set expires_at = now() + interval '20 seconds', created_at = now() - interval '9 minutes' where code_hash = ? returning code_hash`,
      [sha256hex(nearlyExpired)],
    );
    expect(upd2).toHaveLength(1);
    expect((await token({ code: nearlyExpired })).status).toBe(200);
  });

  describe('PKCE (RFC 7636)', () => {
    const verifier = () => b64url(randomBytes(48));
    const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');

    test('the consent form carries the challenge through to the code', async () => {
      const v = verifier();
      const page = await send('GET', consentPath({ state: 'p', redirect_uri: CB, code_challenge: s256(v), code_challenge_method: 'S256' }), { jar });
      expect(hiddenFields(page.text, CONSENT)).toMatchObject({ code_challenge: s256(v), code_challenge_method: 'S256' });
    });

    test('S256: the right verifier works; a wrong or missing verifier is Invalid code', async () => {
      const v = verifier();
      const q = { code_challenge: s256(v), code_challenge_method: 'S256' };
      const missing = await token({ code: await code(q) });
      expect(missing.status).toBe(400);
      expect(missing.json).toEqual({ error: 'Invalid code' });
      const wrong = await token({ code: await code(q), code_verifier: verifier() });
      expect(wrong.json).toEqual({ error: 'Invalid code' });
      // the challenge itself is not a valid verifier under S256
      const challengeAsVerifier = await token({ code: await code(q), code_verifier: s256(v) });
      expect(challengeAsVerifier.json).toEqual({ error: 'Invalid code' });
      const right = await token({ code: await code(q), code_verifier: v });
      expect(right.status).toBe(200);
      expect((await affiliatesWith(right.json.access_token)).status).toBe(200);
    });

    // RFC 9700 §2.1.1: S256 only. With a registered redirect_uri, a refused PKCE request is the error
    // response of RFC 7636 §4.4.1 (invalid_request, with the state), and no code is issued.
    test.each([
      ['plain, explicitly', (v: string) => ({ code_challenge: v, code_challenge_method: 'plain' })],
      ['plain, by default (a challenge without a method)', (v: string) => ({ code_challenge: v })],
      ['an unsupported method', (v: string) => ({ code_challenge: s256(v), code_challenge_method: 'S512' })],
      ['a malformed challenge', () => ({ code_challenge: 'short', code_challenge_method: 'S256' })],
      ['a method without a challenge', () => ({ code_challenge_method: 'S256' })],
    ])('%s: redirected back with error=invalid_request and the state, no code', async (_what, pkce) => {
      const state = `st-${uniq()}`;
      for (const signedIn of [false, true]) {
        const res = await send('GET', consentPath({ state, redirect_uri: CB, ...pkce(verifier()) }), signedIn ? { jar } : {});
        expect(res.status).toBe(303);
        const back = new URL(res.location!);
        expect(`${back.origin}${back.pathname}`).toBe(CB);
        expect(back.searchParams.get('error')).toBe('invalid_request');
        expect(back.searchParams.get('state')).toBe(state);
        expect(back.searchParams.get('code')).toBeNull();
      }
    });

    test('PKCE downgrade (RFC 9700 §2.1.1): a code_verifier for a code issued without code_challenge is refused', async () => {
      const res = await token({ code: await code(), code_verifier: verifier() });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: 'Invalid code' });
    });
  });

  test('codes and tokens are stored hashed: neither raw string appears in oauth_codes or oauth_tokens', async () => {
    const c = await code();
    const res = await token({ code: c });
    const accessToken: string = res.json.access_token;
    const dump =
      JSON.stringify(await sql('select to_jsonb(c) as r from oauth_codes c')) + JSON.stringify(await sql('select to_jsonb(t) as r from oauth_tokens t'));
    expect(dump).not.toContain(c);
    expect(dump).not.toContain(accessToken);
    // at most a short, recognisable prefix of the token is kept
    const [row] = await sql<{ prefix: string }>('select prefix from oauth_tokens where token_hash = ?', [sha256hex(accessToken)]);
    expect(accessToken.startsWith(row.prefix)).toBe(true);
    expect(accessToken.length - row.prefix.length).toBeGreaterThanOrEqual(22);
    // nor anywhere else in the database's text columns that the app writes on this path
    const other = await sql<{ n: number }>(`select count(*)::int as n from events where data::text like ?`, [`%${accessToken}%`]);
    expect(other[0].n).toBe(0);
  });
});
