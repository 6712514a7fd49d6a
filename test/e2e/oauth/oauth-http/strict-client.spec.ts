/**
 * OAuth partner flow (spec section 5, DESIGN.md "Tenancy and credentials") and the dashboard pages, over plain
 * HTTP against the real app on a real PostgreSQL.
 *
 * Here: the flow with a strict RFC 6749 / RFC 7636 / RFC 9700 client, oauth4webapi 3.x itself, used as a
 * partner would: discovery from the issuer (RFC 8414), PKCE S256, state and `iss` (RFC 9207) checked on the
 * redirect, client_secret_basic and client_secret_post at the token endpoint, the token on /api/v1; then every
 * refusal the library must see (wrong secret, wrong verifier, replayed code, another redirect_uri, state, iss).
 * The consent page is driven over HTTP as a signed-in user would.
 */
import type * as OAuth from 'oauth4webapi' with { 'resolution-mode': 'import' };
import { useProgram, useTestServer, withTestServer } from '../../../helpers/harness';
import { createAffiliate, type ProgramFixture } from '../../../helpers/factories';
import { CB, CB_WITH_QUERY, hiddenFields, type Jar, MAKE, MAKE_CB, oauthPages, ZAPIER } from '../../../helpers/oauth-pages';
import { PARTNER_SCOPES } from '../../../../src/auth/policy-resources';

// ES modules only: jest.config.js compiles it to CommonJS; its types come from the import above.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const oauth = require('oauth4webapi') as typeof OAuth;

/** The library refuses http:// endpoints (its option is marked deprecated only to stand out); the test server is plain HTTP on loopback. */
const insecure = { [oauth.allowInsecureRequests]: true };

const server = useTestServer({ oauthPartners: [ZAPIER, MAKE] });

const { send, signIn, affiliatesWith } = oauthPages(() => server);

const PARTNERS = {
  zapier: { client: { client_id: ZAPIER.clientId }, secret: ZAPIER.clientSecret, redirectUri: CB },
  // a client id with a space and a secret with `@ +/:%&=`: form-urlencoded before base64 by the library
  make: { client: { client_id: MAKE.clientId }, secret: MAKE.clientSecret, redirectUri: MAKE_CB },
};
type Partner = keyof typeof PARTNERS;

/** Discovery from the partner's issuer, `<origin>/<name>` (RFC 8414 §3: the metadata URL is derived from it). */
async function discover(partner: string): Promise<OAuth.AuthorizationServer> {
  const issuer = new URL(`${server.url}/${partner}`);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
}

/** The authorization URL as the client builds it from the metadata: PKCE S256, state, the scopes it was told of. */
async function authorizationUrl(as: OAuth.AuthorizationServer, partner: Partner, q: { state: string; verifier: string }) {
  const url = new URL(as.authorization_endpoint!);
  const params = {
    response_type: 'code',
    client_id: PARTNERS[partner].client.client_id,
    redirect_uri: PARTNERS[partner].redirectUri,
    scope: as.scopes_supported!.join(' '),
    state: q.state,
    code_challenge: await oauth.calculatePKCECodeChallenge(q.verifier),
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

/** The user at the authorization URL: the consent page, a program chosen, Connect (or Cancel). Answers the redirect. */
async function userAt(url: URL, jar: Jar, programId: string, action = 'connect'): Promise<URL> {
  expect(url.origin).toBe(server.url);
  const page = await send('GET', url.pathname + url.search, { jar });
  expect(page.status).toBe(200);
  const res = await send('POST', url.pathname, { jar, form: { ...hiddenFields(page.text, url.pathname), programId, action } });
  expect(res.status).toBe(303);
  return new URL(res.location!);
}

interface Authorized {
  as: OAuth.AuthorizationServer;
  client: OAuth.Client;
  params: URLSearchParams;
  redirectUri: string;
  verifier: string;
  state: string;
  location: URL;
}

/** Discovery, the authorization request and the validated redirect (state and iss checked by the library). */
async function authorize(owner: { jar: Jar; programId: string }, partner: Partner = 'zapier', state = oauth.generateRandomState()): Promise<Authorized> {
  const as = await discover(partner);
  const { client } = PARTNERS[partner];
  const verifier = oauth.generateRandomCodeVerifier();
  const location = await userAt(await authorizationUrl(as, partner, { state, verifier }), owner.jar, owner.programId);
  const params = oauth.validateAuthResponse(as, client, location, state);
  return { as, client, params, redirectUri: PARTNERS[partner].redirectUri, verifier, state, location };
}

/** The token request: the code, redirect_uri and verifier (unless changed), with the given client authentication. */
function grant(a: Authorized, auth: OAuth.ClientAuth, change: { redirectUri?: string; verifier?: string | typeof oauth.nopkce } = {}) {
  return oauth.authorizationCodeGrantRequest(a.as, a.client, auth, a.params, change.redirectUri ?? a.redirectUri, change.verifier ?? a.verifier, insecure);
}

const redeem = async (a: Authorized, auth: OAuth.ClientAuth, change?: Parameters<typeof grant>[2]) =>
  oauth.processAuthorizationCodeResponse(a.as, a.client, await grant(a, auth, change));

const METHODS: Array<[string, (secret: string) => OAuth.ClientAuth]> = [
  ['client_secret_basic', oauth.ClientSecretBasic],
  ['client_secret_post', oauth.ClientSecretPost],
];

let owner: ProgramFixture & { jar: Jar };
const p = useProgram(server);
beforeAll(async () => {
  await createAffiliate(server, p.key, { firstName: 'Strict', lastName: 'Client' });
  owner = { ...p, jar: (await signIn(p.ownerEmail)).jar };
});

describe('authorization-server metadata (RFC 8414)', () => {
  test('each partner has its own document at /.well-known/oauth-authorization-server/<name>, with the issuer it is derived from', async () => {
    for (const name of ['zapier', 'make']) {
      expect(await discover(name)).toEqual({
        issuer: `${server.url}/${name}`,
        authorization_endpoint: `${server.url}/connect/${name}/choose-affiliate-program`,
        token_endpoint: `${server.url}/api/${name}/token`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: [...PARTNER_SCOPES],
        authorization_response_iss_parameter_supported: true,
      });
    }
    expect(PARTNER_SCOPES).toEqual(expect.arrayContaining(['affiliates', 'links', 'referrals', 'sales']));
  });

  test("a document is refused for another issuer than the one asked for: the partners' issuers differ", async () => {
    const res = await oauth.discoveryRequest(new URL(`${server.url}/zapier`), { algorithm: 'oauth2', ...insecure });
    await expect(oauth.processDiscoveryResponse(new URL(`${server.url}/make`), res)).rejects.toMatchObject({ code: 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' });
  });

  test('an unknown partner, and the bare URL (no issuer fits it, RFC 8414 §3.3): 404', async () => {
    for (const path of ['/.well-known/oauth-authorization-server/hubspot', '/.well-known/oauth-authorization-server']) {
      const res = await fetch(server.url + path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  test('with exactly one partner, the bare URL still answers 404: its issuer would not be the one discovered', async () => {
    await withTestServer({ oauthPartners: [ZAPIER] }, async (one) => {
      expect((await fetch(`${one.url}/.well-known/oauth-authorization-server`)).status).toBe(404);
      expect((await fetch(`${one.url}/.well-known/oauth-authorization-server/zapier`)).status).toBe(200);
    });
  });
});

describe.each(METHODS)('the whole flow with %s', (_method, auth) => {
  test.each(['zapier', 'make'] as const)('%s: discovery, PKCE, consent, state and iss, token, /api/v1', async (partner) => {
    const a = await authorize(owner, partner);
    expect(a.location.origin + a.location.pathname).toBe(PARTNERS[partner].redirectUri);
    expect(a.location.searchParams.get('iss')).toBe(a.as.issuer);
    const response = await grant(a, auth(PARTNERS[partner].secret));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    const tokens = await oauth.processAuthorizationCodeResponse(a.as, a.client, response);
    expect(tokens).toEqual({ access_token: expect.stringMatching(/^oat_/), token_type: 'bearer', scope: PARTNER_SCOPES.join(' ') });
    const affiliates = await affiliatesWith(tokens.access_token);
    expect(affiliates.status).toBe(200);
    expect(affiliates.body.map((x: { programId: string }) => x.programId)).toEqual([owner.programId]);
  });
});

describe('refusals the client sees', () => {
  test('a wrong secret with client_secret_basic: 401 invalid_client with a Basic challenge; the code is not spent', async () => {
    const a = await authorize(owner);
    const response = await grant(a, oauth.ClientSecretBasic('wrong-secret'));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
    expect(await response.clone().json()).toEqual({ error: 'invalid_client' });
    await expect(oauth.processAuthorizationCodeResponse(a.as, a.client, response)).rejects.toMatchObject({
      code: 'OAUTH_WWW_AUTHENTICATE_CHALLENGE',
      status: 401,
      cause: [expect.objectContaining({ scheme: 'basic' })],
    });
    // someone without the secret cannot burn the partner's code
    expect((await redeem(a, oauth.ClientSecretBasic(ZAPIER.clientSecret))).access_token).toMatch(/^oat_/);
  });

  test('a wrong secret with client_secret_post: 401 invalid_client', async () => {
    const a = await authorize(owner);
    await expect(redeem(a, oauth.ClientSecretPost('wrong-secret'))).rejects.toMatchObject({
      code: 'OAUTH_RESPONSE_BODY_ERROR',
      status: 401,
      error: 'invalid_client',
    });
    expect((await redeem(a, oauth.ClientSecretPost(ZAPIER.clientSecret))).access_token).toMatch(/^oat_/);
  });

  test('another partner’s right credentials are wrong ones here', async () => {
    for (const [, auth] of METHODS) {
      const a = await authorize(owner);
      await expect(redeem(a, auth(MAKE.clientSecret))).rejects.toMatchObject({ status: 401 });
    }
  });

  test.each(METHODS)('a wrong or missing code_verifier (%s): the spec’s 400 {"error": "Invalid code"} (invalid_grant)', async (_m, auth) => {
    for (const verifier of [oauth.generateRandomCodeVerifier(), oauth.nopkce] as const) {
      const a = await authorize(owner);
      await expect(redeem(a, auth(ZAPIER.clientSecret), { verifier })).rejects.toMatchObject({
        code: 'OAUTH_RESPONSE_BODY_ERROR',
        status: 400,
        error: 'Invalid code',
      });
    }
  });

  test('a replayed code is refused and revokes the token it gave (RFC 6749 §4.1.2)', async () => {
    const a = await authorize(owner);
    const auth = oauth.ClientSecretBasic(ZAPIER.clientSecret);
    const first = await redeem(a, auth);
    expect((await affiliatesWith(first.access_token)).status).toBe(200);
    await expect(redeem(a, auth)).rejects.toMatchObject({ code: 'OAUTH_RESPONSE_BODY_ERROR', status: 400, error: 'Invalid code' });
    expect((await affiliatesWith(first.access_token)).status).toBe(401);
  });

  test('a redirect_uri at the token endpoint other than the authorization request’s is refused (RFC 6749 §4.1.3)', async () => {
    for (const redirectUri of [CB_WITH_QUERY, `${CB}/`]) {
      const a = await authorize(owner);
      await expect(redeem(a, oauth.ClientSecretPost(ZAPIER.clientSecret), { redirectUri })).rejects.toMatchObject({ status: 400, error: 'Invalid code' });
    }
  });

  test('one client authentication method per request, one client id (RFC 6749 §2.3): 400 invalid_request', async () => {
    const basic = oauth.ClientSecretBasic(ZAPIER.clientSecret);
    const both: OAuth.ClientAuth = async (as, client, body, headers) => {
      await basic(as, client, body, headers);
      body.set('client_id', ZAPIER.clientId);
      body.set('client_secret', ZAPIER.clientSecret);
    };
    const twoIds: OAuth.ClientAuth = async (as, client, body, headers) => {
      await basic(as, client, body, headers);
      body.set('client_id', MAKE.clientId);
    };
    for (const auth of [both, twoIds]) {
      const a = await authorize(owner);
      await expect(redeem(a, auth)).rejects.toMatchObject({ code: 'OAUTH_RESPONSE_BODY_ERROR', status: 400, error: 'invalid_request' });
    }
  });

  test('state comes back byte for byte; the library refuses another state, a missing iss or another issuer’s', async () => {
    const state = `"><é &x=1+2%20 ${oauth.generateRandomState()}`;
    const a = await authorize(owner, 'zapier', state);
    expect(a.location.searchParams.get('state')).toBe(state);
    const invalid = { code: 'OAUTH_INVALID_RESPONSE' };
    expect(() => oauth.validateAuthResponse(a.as, a.client, a.location, oauth.generateRandomState())).toThrow(expect.objectContaining(invalid));
    const withoutIss = new URL(a.location);
    withoutIss.searchParams.delete('iss');
    expect(() => oauth.validateAuthResponse(a.as, a.client, withoutIss, state)).toThrow(expect.objectContaining(invalid));
    // a mix-up (RFC 9700 §4.4): the answer of zapier's server checked against make's metadata
    const make = await discover('make');
    expect(() => oauth.validateAuthResponse(make, PARTNERS.make.client, a.location, state)).toThrow(expect.objectContaining(invalid));
  });

  test('Cancel is an error response the library recognises: access_denied, with state and iss', async () => {
    const as = await discover('zapier');
    const state = oauth.generateRandomState();
    const url = await authorizationUrl(as, 'zapier', { state, verifier: oauth.generateRandomCodeVerifier() });
    const location = await userAt(url, owner.jar, owner.programId, 'cancel');
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'access_denied', state, iss: as.issuer });
    expect(() => oauth.validateAuthResponse(as, PARTNERS.zapier.client, location, state)).toThrow(
      expect.objectContaining({ code: 'OAUTH_AUTHORIZATION_RESPONSE_ERROR', error: 'access_denied' }),
    );
  });

  test('a response_type other than code is sent back as unsupported_response_type, with state and iss (RFC 6749 §4.1.2.1)', async () => {
    const as = await discover('zapier');
    const state = oauth.generateRandomState();
    const url = await authorizationUrl(as, 'zapier', { state, verifier: oauth.generateRandomCodeVerifier() });
    url.searchParams.set('response_type', 'token');
    const res = await send('GET', url.pathname + url.search, { jar: owner.jar });
    expect(res.status).toBe(303);
    const location = new URL(res.location!);
    expect(location.origin + location.pathname).toBe(CB);
    expect(() => oauth.validateAuthResponse(as, PARTNERS.zapier.client, location, state)).toThrow(
      expect.objectContaining({ code: 'OAUTH_AUTHORIZATION_RESPONSE_ERROR', error: 'unsupported_response_type' }),
    );
    expect(location.searchParams.get('code')).toBeNull();
  });
});
