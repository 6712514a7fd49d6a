import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { parseWebhookUrl, resolveTarget } from './webhook.url';

export interface SendResult {
  status: number | null;
  error: string | null;
  excerpt: string | null;
  retryAfter: string | undefined;
  durationMs: number;
}

/**
 * At most this much of a target's answer is read and kept in the delivery log: enough to debug an endpoint,
 * too little to turn a webhook into a reader of the services it can reach (private targets in development).
 */
export const MAX_RESPONSE_EXCERPT_BYTES = 1024;

/**
 * One POST: the host is resolved and checked first, then the connection goes to exactly that address.
 * No redirects are followed (a 3xx is a failed attempt); at most 1 KiB of the answer is read and kept; the
 * whole attempt has a timeout.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  const started = Date.now();
  const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({ ...r, durationMs: Date.now() - started });
  let target: { address: string; family: 4 | 6 };
  let u: URL;
  try {
    u = parseWebhookUrl(url);
    target = await resolveTarget(u, opts.allowPrivate);
  } catch (err) {
    return done({ status: null, error: (err as Error).message, excerpt: null, retryAfter: undefined });
  }
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all)
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  return new Promise<SendResult>((resolve) => {
    const client = u.protocol === 'https:' ? https : http;
    const req = client.request(
      u,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() }, lookup: pinned, timeout: opts.timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_RESPONSE_EXCERPT_BYTES) chunks.push(c.subarray(0, MAX_RESPONSE_EXCERPT_BYTES - size));
          size += c.length;
          if (size >= MAX_RESPONSE_EXCERPT_BYTES) res.destroy();
        });
        const finish = () =>
          resolve(
            done({
              status: res.statusCode ?? null,
              error: null,
              excerpt: excerptOf(Buffer.concat(chunks)),
              retryAfter: res.headers['retry-after'] as string | undefined,
            }),
          );
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const overall = setTimeout(() => req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`)));
    req.on('error', (err) => resolve(done({ status: null, error: err.message.slice(0, 300), excerpt: null, retryAfter: undefined })));
    req.on('close', () => clearTimeout(overall));
    req.end(body);
  });
}

/** The kept part of an answer: whole UTF-8 characters within the byte cap (a cut character is dropped). */
function excerptOf(body: Buffer): string {
  let text = body.subarray(0, MAX_RESPONSE_EXCERPT_BYTES).toString('utf8');
  while (Buffer.byteLength(text) > MAX_RESPONSE_EXCERPT_BYTES) text = text.slice(0, -1);
  return text.replace(/\uFFFD$/, '');
}
