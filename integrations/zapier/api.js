'use strict';

// Where the Affiliate Program API lives and how the app talks to it: every request of the app goes through
// these helpers, so the middlewares of index.js (bearer token, errors) apply to all of them.

/** The partner name the server knows this app by (OAUTH_PARTNERS `name`): part of the OAuth URLs. */
const PARTNER = 'zapier';

/** The server's origin, from the app environment (`zapier env:set <version> AFFILIATE_API_URL=https://…`). */
const origin = () => {
  const url = process.env.AFFILIATE_API_URL;
  if (!url) throw new Error('AFFILIATE_API_URL is not set: the origin of the Affiliate Program API, e.g. https://affiliates.example.com');
  return url.replace(/\/+$/, '');
};

/** A REST URL under /api/v1, e.g. apiUrl('/affiliates'). */
const apiUrl = (path) => `${origin()}/api/v1${path}`;

/** Drops empty inputs (Zapier sends '' or nothing for a field left blank): the API refuses unknown or blank values. */
const compact = (values) => {
  const out = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  return out;
};

/** A number input (Zapier may hand it over as a string); undefined when blank. A user's mistake, shown as such. */
const toNumber = (z, value, label) => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) throw new z.errors.Error(`${label} must be a number, got "${value}"`, 'INVALID_INPUT', 400);
  return n;
};

/** A boolean input ('true'/'false', 'yes'/'no' or a boolean); undefined when blank. */
const toBoolean = (value) => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  return ['true', 'yes', '1', 'on'].includes(String(value).trim().toLowerCase());
};

/** POST /graphql with the connection's token: answers `data`, or throws the first GraphQL error. */
const graphql = async (z, query, variables = {}) => {
  const response = await z.request({ method: 'POST', url: `${origin()}/graphql`, body: { query, variables } });
  const { data, errors } = response.data || {};
  if (errors && errors.length > 0)
    throw new z.errors.Error(errors[0].message, (errors[0].extensions && errors[0].extensions.code) || 'GRAPHQL_ERROR', response.status);
  return data;
};

module.exports = { PARTNER, origin, apiUrl, compact, toNumber, toBoolean, graphql };
