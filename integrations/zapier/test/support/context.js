'use strict';

// What the global set-up made (test/global-setup.js), and the app's own OAuth flow for a connection of one's own.

const crypto = require('node:crypto');
const zapier = require('zapier-platform-core');
const App = require('../..');
const { send, signIn, consent, graphql } = require('./http');

const settings = () => {
  if (!process.env.ZAPIER_TEST) throw new Error('run the tests through jest: test/global-setup.js starts the server');
  return JSON.parse(process.env.ZAPIER_TEST);
};

const appTester = zapier.createAppTester(App);

/**
 * A connection made the way Zapier makes one: the app's authorizeUrl rendered with Zapier's state and
 * redirect_uri, the owner signed in at that URL pressing Connect, and the app's getAccessToken on the code.
 * Answers the bundle's authData ({access_token}) and the redirect's query.
 */
async function connect() {
  const { baseUrl, redirectUri, owner, program } = settings();
  const state = crypto.randomBytes(12).toString('hex');
  const authorizeUrl = await appTester(App.authentication.oauth2Config.authorizeUrl, { inputData: { state, redirect_uri: redirectUri } });
  const jar = await signIn(baseUrl, owner.email, owner.password);
  const back = await consent(baseUrl, jar, authorizeUrl, program.id);
  if (back.searchParams.get('state') !== state) throw new Error(`state not returned: ${back}`);
  const authData = await appTester(App.authentication.oauth2Config.getAccessToken, {
    inputData: { code: back.searchParams.get('code'), state, redirect_uri: redirectUri },
  });
  return { authData, authorizeUrl, redirect: back };
}

/** The REST API with a token, as any client calls it: `{status, data}`. */
const rest = (token) => ({
  get: (path) => send(settings().baseUrl, 'GET', `/api/v1${path}`, { token }),
  post: (path, json) => send(settings().baseUrl, 'POST', `/api/v1${path}`, { token, json }),
});

/** GraphQL with the owner's dashboard session. */
const ownerGraphql = (query, variables) => graphql(settings().baseUrl, query, variables, settings().owner.sessionToken);

/** A short unique suffix for emails and slugs. */
const uniq = () => crypto.randomBytes(4).toString('hex');

module.exports = { App, appTester, settings, connect, rest, ownerGraphql, uniq };
