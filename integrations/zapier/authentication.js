'use strict';

const { PARTNER, origin, apiUrl } = require('./api');

// OAuth 2.0 authorization code against the Affiliate Program API (README "Connecting an automation partner"):
// the user signs in, picks one of their programs and presses Connect; the token reaches that one program and
// never expires (no refresh token), so a 401 later means the user revoked access.

/** The connected program: `{id, name, domain, logoUrl}`. */
const getProgram = async (z) => {
  const response = await z.request({ url: apiUrl('/program') });
  return response.data;
};

/** POST <origin>/api/zapier/token: the code for a token. Its errors ({"error": "Invalid code"}, invalid_client) are shown as they are. */
const getAccessToken = async (z, bundle) => {
  const response = await z.request({
    method: 'POST',
    url: `${origin()}/api/${PARTNER}/token`,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: {
      code: bundle.inputData.code,
      redirect_uri: bundle.inputData.redirect_uri,
      client_id: process.env.CLIENT_ID,
      client_secret: process.env.CLIENT_SECRET,
      grant_type: 'authorization_code',
    },
    skipThrowForStatus: true,
  });
  const body = response.data || {};
  if (response.status !== 200 || !body.access_token) {
    throw new z.errors.Error(
      `Could not connect the affiliate program: ${body.error || `the token endpoint answered ${response.status}`}`,
      'OAUTH_TOKEN',
      response.status,
    );
  }
  return { access_token: body.access_token };
};

module.exports = {
  type: 'oauth2',
  oauth2Config: {
    // Zapier fills in state and its redirect_uri; the server keeps them for the redirect back.
    authorizeUrl: {
      url: `{{process.env.AFFILIATE_API_URL}}/connect/${PARTNER}/choose-affiliate-program`,
      params: {
        client_id: '{{process.env.CLIENT_ID}}',
        state: '{{bundle.inputData.state}}',
        redirect_uri: '{{bundle.inputData.redirect_uri}}',
        response_type: 'code',
      },
    },
    getAccessToken,
    // Tokens never expire and there is no refresh token: a 401 means revoked (see middleware.js).
    autoRefresh: false,
  },
  fields: [],
  // GET /api/v1/program: fails with 401 (ExpiredAuthError) once the connection is revoked.
  test: getProgram,
  // Zapier passes the test's answer as bundle.inputData; asked on its own, the label is fetched.
  connectionLabel: async (z, bundle) => {
    const program = bundle.inputData && bundle.inputData.name ? bundle.inputData : await getProgram(z);
    return program.name;
  },
};
