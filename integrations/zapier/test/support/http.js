'use strict';

/* global fetch */
const { URL, URLSearchParams } = require('node:url');

// Plain HTTP against the test server, as a person and the API's own clients would use it (never the app under
// test): the sign-in page with its CSRF field, the consent page, GraphQL and the REST API. Used by the global
// set-up (no jest globals here) and by the tests, to check what the app did against what the server holds.

/** Cookies of one browser session. */
class Jar {
  constructor() {
    this.cookies = new Map();
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  absorb(setCookies) {
    for (const cookie of setCookies) {
      const [pair, ...attributes] = cookie.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=(0|-)/i.test(a));
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

const unescapeHtml = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden inputs of the form posting to `action`, as name → value. */
function hiddenFields(html, action) {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action} in:\n${html.slice(0, 2000)}`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const fields = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]] = unescapeHtml(m[2]);
  return fields;
}

/** One request without following redirects; a form body is url-encoded, a json body JSON. */
async function send(baseUrl, method, path, { jar, form, json, token, headers = {} } = {}) {
  const h = { ...headers };
  if (jar && jar.cookies.size > 0) h.cookie = jar.header();
  if (token) h.authorization = `Bearer ${token}`;
  let body;
  if (form) {
    body = new URLSearchParams(Object.entries(form).filter(([, v]) => v !== undefined)).toString();
    h['content-type'] = 'application/x-www-form-urlencoded';
  } else if (json !== undefined) {
    body = JSON.stringify(json);
    h['content-type'] = 'application/json';
  }
  const url = /^https?:/.test(path) ? path : baseUrl + path;
  const res = await fetch(url, { method, headers: h, body, redirect: 'manual' });
  const text = await res.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (jar) jar.absorb(res.headers.getSetCookie());
  return { status: res.status, headers: res.headers, text, data, location: res.headers.get('location') };
}

/** Signs in through /login (its CSRF field and cookie): a jar holding the session. */
async function signIn(baseUrl, email, password) {
  const jar = new Jar();
  const page = await send(baseUrl, 'GET', '/login', { jar });
  if (page.status !== 200) throw new Error(`GET /login answered ${page.status}`);
  const res = await send(baseUrl, 'POST', '/login', { jar, form: { ...hiddenFields(page.text, '/login'), email, password } });
  if (res.status !== 303 || !jar.cookies.has('sid')) throw new Error(`sign-in failed: ${res.status} ${res.text.slice(0, 500)}`);
  return jar;
}

/**
 * The user at an authorization URL: the consent page, the program chosen, Connect. Answers the redirect back to
 * the partner (`code`, `state`, `iss` in its query).
 */
async function consent(baseUrl, jar, authorizeUrl, programId) {
  const url = new URL(authorizeUrl);
  const page = await send(baseUrl, 'GET', url.pathname + url.search, { jar });
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${page.location || page.text.slice(0, 500)}`);
  const res = await send(baseUrl, 'POST', url.pathname, { jar, form: { ...hiddenFields(page.text, url.pathname), programId, action: 'connect' } });
  if (res.status !== 303 || !res.location) throw new Error(`Connect answered ${res.status}: ${res.text.slice(0, 500)}`);
  return new URL(res.location);
}

/** POST /graphql; throws on GraphQL errors. */
async function graphql(baseUrl, query, variables, token) {
  const res = await send(baseUrl, 'POST', '/graphql', { json: { query, variables }, token });
  if (res.status !== 200 || !res.data || res.data.errors) throw new Error(`GraphQL failed: ${res.status} ${res.text.slice(0, 1000)}`);
  return res.data.data;
}

module.exports = { Jar, send, signIn, consent, graphql, hiddenFields };
