'use strict';

const { origin } = require('./api');

/** beforeRequest: the connection's token on every request to the API (and to nowhere else). */
const addBearerToken = (request, z, bundle) => {
  const token = bundle.authData && bundle.authData.access_token;
  if (token && request.url && request.url.startsWith(`${origin()}/`)) {
    request.headers = request.headers || {};
    if (!request.headers.Authorization && !request.headers.authorization) request.headers.Authorization = `Bearer ${token}`;
  }
  return request;
};

/** The server's error body as one sentence: `error`, the refund `reason`, and the fields at fault. */
const describe = (response) => {
  const body = response.data && typeof response.data === 'object' ? response.data : {};
  let message = typeof body.error === 'string' && body.error ? body.error : `The Affiliate Program API answered ${response.status}`;
  if (body.reason) message += ` (${body.reason})`;
  const details = Array.isArray(body.details) ? body.details.filter((d) => d && d.field && d.message) : [];
  // Only when they add something: a single-field error usually says the same in `error`.
  if (details.some((d) => !message.includes(d.message))) message += ` (${details.map((d) => `${d.field}: ${d.message}`).join('; ')})`;
  return message;
};

/**
 * afterResponse: 401 means the token was revoked (tokens never expire and there is no refresh token), so the
 * connection is marked expired and the user asked to reconnect (ExpiredAuthError); any other non-2xx becomes an
 * error carrying the server's message; 503 (the database unreachable for a moment) is retried by Zapier. 429
 * never gets here: zapier-platform-core turns it into a ThrottledError (with Retry-After) first. Requests made
 * with skipThrowForStatus (the token exchange) handle their own answers.
 */
const handleErrors = (response, z) => {
  if (response.skipThrowForStatus || response.status < 400) return response;
  if (response.status === 401) {
    throw new z.errors.ExpiredAuthError(
      `The connection to your affiliate program is no longer valid (access was revoked): reconnect your account. ${describe(response)}`,
    );
  }
  if (response.status === 503) {
    // UNAVAILABLE: the server cannot reach its database for a moment; Zapier retries the step after Retry-After.
    const delay = Number.parseInt(response.getHeader('retry-after'), 10);
    throw new z.errors.ThrottledError(describe(response), Number.isNaN(delay) ? undefined : delay);
  }
  const code = (response.data && response.data.code) || `HTTP_${response.status}`;
  throw new z.errors.Error(describe(response), code, response.status);
};

module.exports = { addBearerToken, handleErrors, describe };
