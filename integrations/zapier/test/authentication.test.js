'use strict';

const { describe, expect, test } = require('@jest/globals');
const { URL } = require('node:url');
const { App, appTester, settings, connect, rest, ownerGraphql } = require('./support/context');

const { authentication } = App;

describe('OAuth 2.0 against the real server', () => {
  let authData;

  test('getAccessToken turns the code of the consent page into a working token', async () => {
    const { code, redirectUri, program } = settings();
    authData = await appTester(authentication.oauth2Config.getAccessToken, { inputData: { code, redirect_uri: redirectUri, state: 'from-zapier' } });
    expect(authData).toEqual({ access_token: expect.stringMatching(/^oat_/) });
    const res = await rest(authData.access_token).get('/program');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: program.id, name: program.name });
  });

  test('authorizeUrl is the consent page of the zapier partner with client_id, state and redirect_uri', async () => {
    const { baseUrl, redirectUri } = settings();
    const url = new URL(await appTester(authentication.oauth2Config.authorizeUrl, { inputData: { state: 's-1', redirect_uri: redirectUri } }));
    expect(url.origin + url.pathname).toBe(`${baseUrl}/connect/zapier/choose-affiliate-program`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: process.env.CLIENT_ID, state: 's-1', redirect_uri: redirectUri, response_type: 'code' });
  });

  test('the whole flow from the app’s authorizeUrl: consent, the code back with state and iss, a token', async () => {
    const { authData: own, redirect } = await connect();
    expect(redirect.searchParams.get('iss')).toBe(`${settings().baseUrl}/zapier`);
    expect((await rest(own.access_token).get('/affiliates')).status).toBe(200);
  });

  test('test answers the connected program; connectionLabel names it', async () => {
    const { program } = settings();
    const result = await appTester(authentication.test, { authData });
    expect(result).toEqual({ id: program.id, name: 'Zapier Test Program', domain: null, logoUrl: null });
    // Zapier hands the test's answer to connectionLabel as inputData; without it the label is fetched.
    expect(await appTester(authentication.connectionLabel, { authData, inputData: result })).toBe('Zapier Test Program');
    expect(await appTester(authentication.connectionLabel, { authData })).toBe('Zapier Test Program');
  });

  test('a wrong or missing code: the server’s error is shown', async () => {
    const { redirectUri } = settings();
    await expect(appTester(authentication.oauth2Config.getAccessToken, { inputData: { code: 'not-a-code', redirect_uri: redirectUri } })).rejects.toThrow(
      'Could not connect the affiliate program: Invalid code',
    );
    await expect(appTester(authentication.oauth2Config.getAccessToken, { inputData: { redirect_uri: redirectUri } })).rejects.toThrow(
      'Could not connect the affiliate program: Code is required',
    );
  });

  test('a code exchanged twice is refused, and the token it gave is revoked (RFC 6749 §4.1.2)', async () => {
    const { authData: own, redirect } = await connect();
    const replay = appTester(authentication.oauth2Config.getAccessToken, {
      inputData: { code: redirect.searchParams.get('code'), redirect_uri: settings().redirectUri },
    });
    await expect(replay).rejects.toThrow('Could not connect the affiliate program: Invalid code');
    expect((await appTester(authentication.test, { authData: own }).catch((e) => e)).name).toBe('ExpiredAuthError');
  });

  test('wrong client credentials are refused at the token endpoint (invalid_client), not taken for a revoked connection', async () => {
    const secret = process.env.CLIENT_SECRET;
    process.env.CLIENT_SECRET = 'not-the-secret';
    try {
      const error = await appTester(authentication.oauth2Config.getAccessToken, { inputData: { code: 'x', redirect_uri: settings().redirectUri } }).catch(
        (e) => e,
      );
      expect(error.name).toBe('AppError');
      expect(JSON.parse(error.message)).toEqual({ message: 'Could not connect the affiliate program: invalid_client', code: 'OAUTH_TOKEN', status: 401 });
    } finally {
      process.env.CLIENT_SECRET = secret;
    }
  });

  test('a garbage token fails the connection test with ExpiredAuthError (reconnect)', async () => {
    for (const access_token of ['oat_garbage', 'garbage']) {
      const error = await appTester(authentication.test, { authData: { access_token } }).catch((e) => e);
      expect(error.name).toBe('ExpiredAuthError');
      expect(error.message).toMatch(/no longer valid .*reconnect your account/);
    }
  });

  test('a revoked connection fails the test with ExpiredAuthError at once', async () => {
    const { authData: own } = await connect();
    expect((await appTester(authentication.test, { authData: own })).name).toBe('Zapier Test Program');
    const { connections } = await ownerGraphql('query ($programId: ID!) { connections(programId: $programId) { id prefix revokedAt } }', {
      programId: settings().program.id,
    });
    const connection = connections.find((c) => own.access_token.startsWith(c.prefix) && c.revokedAt === null);
    expect(connection).toBeDefined();
    await ownerGraphql('mutation ($id: ID!) { revokeConnection(id: $id) { revokedAt } }', { id: connection.id });
    const error = await appTester(authentication.test, { authData: own }).catch((e) => e);
    expect(error.name).toBe('ExpiredAuthError');
    // the first connection is untouched
    expect((await appTester(authentication.test, { authData })).name).toBe('Zapier Test Program');
  });
});
