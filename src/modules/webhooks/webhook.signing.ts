import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: `whsec_` + base64 of 24 random bytes (the Standard Webhooks format). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the secret's decoded key. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The webhook-signature header: one signature per live secret, space-separated (rotation overlap). */
export const signatureHeader = (secrets: string[], id: string, timestamp: number, body: string): string =>
  secrets.map((s) => sign(s, id, timestamp, body)).join(' ');

/** The retry schedule of DESIGN.md, after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const RETRY_DELAYS_S = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];

/** Seconds until attempt n+1 after n failed attempts (with ±10 % jitter), or null when retries are exhausted. */
export function nextDelaySeconds(failedAttempts: number, retryAfterSeconds: number | null, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_S[failedAttempts - 1];
  if (base === undefined) return null;
  const jittered = base * (0.9 + 0.2 * random());
  return Math.min(86400, Math.max(jittered, retryAfterSeconds ?? 0));
}

/** Parses Retry-After (seconds or an HTTP date) into seconds, or null. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : Math.max(0, Math.ceil((t - now) / 1000));
}
