/**
 * GET /docs: the OpenAPI document rendered by Redoc, whose bundle this server serves from the `redoc` npm
 * package. Over real HTTP: the page's headers and CSP, that it names only same-origin scripts, the two assets
 * (bytes, types, versioned caching, HEAD, conditional requests), that it is public whatever Authorization says,
 * and clean 404s around it. The page in a real browser is test/e2e/docs-browser.spec.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { useProgram, useTestServer } from '../helpers/harness';

const BUNDLE_FILE = require.resolve('redoc/bundles/redoc.standalone.js');
const REDOC_VERSION = (JSON.parse(fs.readFileSync(path.join(path.dirname(BUNDLE_FILE), '..', 'package.json'), 'utf8')) as { version: string }).version;
const BUNDLE = fs.readFileSync(BUNDLE_FILE);
const YEAR = 'public, max-age=31536000, immutable';

const server = useTestServer();
const owner = useProgram(server);

/** Every tag's attributes, in order: enough for the page this server writes (no comments, no CDATA). */
function tags(html: string): Array<{ tag: string; attrs: Record<string, string>; body?: string }> {
  const out: Array<{ tag: string; attrs: Record<string, string>; body?: string }> = [];
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2].matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) attrs[a[1].toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    const tag = m[1].toLowerCase();
    const body = tag === 'script' ? html.slice(m.index + m[0].length, html.indexOf('</script>', m.index)) : undefined;
    out.push({ tag, attrs, body });
  }
  return out;
}

/** The CSP as directive → sources. */
const csp = (header: string | null) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources.sort()]),
  );

/** The script URLs the page names, in order. */
async function scriptUrls(): Promise<string[]> {
  const page = await server.request('GET', '/docs');
  return tags(page.text)
    .filter((t) => t.tag === 'script')
    .map((t) => t.attrs.src);
}

/** GET (or HEAD) as bytes: the test client's text would not show a byte-for-byte difference. */
async function raw(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, { method, headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * The status of a GET with If-None-Match, as a browser revalidating its cache sends it. Through node:http:
 * fetch adds "Cache-Control: no-cache" to a request with a conditional header, which asks for a full answer.
 */
function conditionalStatus(url: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}${url}`, { headers: { 'if-none-match': etag } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

describe('GET /docs', () => {
  test('200 HTML with a CSP that admits only this origin (scripts, the document), a blob: worker, inline styles and data: images', async () => {
    const res = await server.request('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(csp(res.headers.get('content-security-policy'))).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'connect-src': ["'self'"],
      'worker-src': ['blob:'],
      'img-src': ['data:'],
      'style-src': ["'unsafe-inline'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.text).toMatch(/^<!doctype html>/);
    expect(res.text).toContain('<div id="redoc"></div>');
  });

  test('names only same-origin URLs: the two versioned assets as external scripts, nothing absolute or protocol-relative', async () => {
    const res = await server.request('GET', '/docs');
    const all = tags(res.text);
    const urls = all.flatMap((t) => [t.attrs.src, t.attrs.href].filter((u): u is string => u !== undefined));
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const u of urls) {
      // a path of this server, or a data: URL (the empty favicon, so the browser asks for no /favicon.ico)
      expect({ u, sameOrigin: (/^\/(?!\/)/.test(u) && new URL(u, server.url).origin === server.url) || u === 'data:,' }).toEqual({ u, sameOrigin: true });
    }
    expect(res.text).not.toMatch(/https?:\/\/|["'=]\s*\/\//i);

    const scripts = all.filter((t) => t.tag === 'script');
    expect(scripts.map((s) => s.attrs.src)).toEqual([
      `/docs/assets/redoc.standalone.js?v=${REDOC_VERSION}`,
      expect.stringMatching(/^\/docs\/assets\/docs\.js\?v=[0-9a-f]{12}$/),
    ]);
    // no inline script (the CSP would refuse it) and no stylesheet or font from anywhere
    expect(scripts.map((s) => s.body)).toEqual(['', '']);
    expect(all.filter((t) => t.tag === 'link').map((t) => t.attrs.rel)).toEqual(['icon']);
    // without JavaScript: a pointer to the machine-readable document
    expect(res.text).toMatch(/<noscript>[^<]*<a href="\/api\/v1\/openapi\.json">/);
  });

  test('HEAD /docs: the same headers, no body', async () => {
    const get = await raw('GET', '/docs');
    const head = await raw('HEAD', '/docs');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    for (const h of ['content-type', 'content-length', 'content-security-policy', 'x-frame-options', 'cache-control', 'etag'])
      expect({ h, v: head.headers.get(h) }).toEqual({ h, v: get.headers.get(h) });
  });
});

describe('the assets', () => {
  test('the bundle is the npm package file, byte for byte, as JavaScript cached for a year under its versioned URL', async () => {
    const [bundleUrl] = await scriptUrls();
    const res = await raw('GET', bundleUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe(YEAR);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Number(res.headers.get('content-length'))).toBe(BUNDLE.length);
    expect(res.bytes.length).toBe(BUNDLE.length);
    expect(res.bytes.equals(BUNDLE)).toBe(true);
  });

  test("docs.js starts Redoc on this server's document, as JavaScript cached for a year under its versioned URL", async () => {
    const [, initUrl] = await scriptUrls();
    const res = await server.request('GET', initUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe(YEAR);
    expect(res.text).toContain("Redoc.init('/api/v1/openapi.json'");
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  test.each([
    ['no v', ''],
    ['another v', '?v=0.0.1'],
    ['v twice', `?v=${REDOC_VERSION}&v=${REDOC_VERSION}`],
  ])('%s: the same bytes, but revalidated (no cache keeps them under a URL of another version)', async (_name, query) => {
    for (const asset of ['redoc.standalone.js', 'docs.js']) {
      const versioned = await raw(
        'GET',
        (await scriptUrls()).find((u) => u.includes(asset))!,
      );
      const other = await raw('GET', `/docs/assets/${asset}${query}`);
      expect({ asset, status: other.status, cache: other.headers.get('cache-control') }).toEqual({ asset, status: 200, cache: 'no-cache' });
      expect(other.bytes.equals(versioned.bytes)).toBe(true);
    }
  });

  test('HEAD on each asset: status and headers of GET, no body; If-None-Match with the ETag: 304', async () => {
    for (const url of await scriptUrls()) {
      const get = await raw('GET', url);
      const head = await raw('HEAD', url);
      expect({ url, status: head.status, body: head.bytes.length }).toEqual({ url, status: 200, body: 0 });
      for (const h of ['content-type', 'content-length', 'cache-control', 'etag'])
        expect({ url, h, v: head.headers.get(h) }).toEqual({ url, h, v: get.headers.get(h) });
      const etag = get.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]+"$/);
      expect({ url, revalidated: await conditionalStatus(url, etag!) }).toEqual({ url, revalidated: 304 });
    }
  });

  test.each([
    '/docs/assets/',
    '/docs/assets/other.js',
    '/docs/assets/redoc.standalone.js.map',
    '/docs/assets/redoc.standalone.js/x',
    '/docs/assets/../../package.json',
    '/docs/assets/%2e%2e/%2e%2e/package.json',
    '/docs/assets/..%2f..%2fpackage.json',
    '/docs/index.html',
  ])('%s: 404 JSON NOT_FOUND, no script and no file of the server', async (url) => {
    const res = await server.request('GET', url);
    expect({ status: res.status, type: res.headers.get('content-type'), code: res.body?.code }).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
      code: 'NOT_FOUND',
    });
    expect(res.text).not.toContain('"dependencies"');
  });

  test('only GET and HEAD: POST /docs and POST to an asset are 404', async () => {
    for (const url of ['/docs', '/docs/assets/docs.js']) expect({ url, status: (await server.request('POST', url)).status }).toEqual({ url, status: 404 });
  });
});

describe('public: no credential needed, and none changes the answer', () => {
  const authorizations = (): Array<[string, string | undefined]> => [
    ['none', undefined],
    ['garbage bearer', 'Bearer not-a-real-token'],
    ['unknown API key', 'Bearer apk_00000000000000000000000000000000'],
    ['malformed', 'Bearer'],
    ['another scheme', 'Basic Zm9vOmJhcg=='],
    ['junk', '!!! ¿? \t'],
    ["a program's API key", `Bearer ${owner.key}`],
    ['a dashboard session', `Bearer ${owner.session}`],
  ];

  test('the page and both assets: 200 with the same body whatever Authorization says, never a challenge nor a rate limit', async () => {
    for (const url of ['/docs', ...(await scriptUrls())]) {
      const reference = await raw('GET', url);
      expect(reference.status).toBe(200);
      for (const [name, authorization] of authorizations()) {
        const res = await raw('GET', url, authorization === undefined ? {} : { authorization });
        expect({
          url,
          name,
          status: res.status,
          challenge: res.headers.get('www-authenticate'),
          // static and cached like /healthz: not rate-limited, so no budget is spent or shown
          rateLimit: res.headers.get('ratelimit'),
          same: res.bytes.equals(reference.bytes),
        }).toEqual({ url, name, status: 200, challenge: null, rateLimit: null, same: true });
      }
    }
  });
});

test('metrics and logs count /docs under its route names, and an unknown asset path under no name of its own', async () => {
  await server.request('GET', '/docs');
  for (const url of await scriptUrls()) await server.request('GET', url);
  await server.request('GET', '/docs/assets/nope-metrics.js');
  const text = (await server.request('GET', '/metrics')).text;
  for (const route of ['GET /docs', 'GET /docs/assets/redoc.standalone.js', 'GET /docs/assets/docs.js'])
    expect(text).toMatch(new RegExp(`http_requests_total\\{[^}]*route="${route.replace(/[./]/g, '\\$&')}"[^}]*status="200"[^}]*\\} \\d+`));
  expect(text).not.toContain('nope-metrics');
  expect(text).not.toContain('?v=');
});
