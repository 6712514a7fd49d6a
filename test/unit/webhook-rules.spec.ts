/**
 * The pure rules of webhook delivery (DESIGN.md "Events and webhooks"): Standard Webhooks signatures
 * (checked against the `standardwebhooks` package), the rotation overlap header, the retry schedule with
 * jitter and Retry-After, and the URL safety checks (schemes, credentials, private addresses).
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { DomainError } from '../../src/common/errors';
import { newWebhookSecret, nextDelaySeconds, parseRetryAfter, RETRY_DELAYS_S, sign, signatureHeader } from '../../src/modules/webhooks/webhook.signing';
import { isPrivateAddress, parseWebhookUrl, resolveTarget } from '../../src/modules/webhooks/webhook.url';
import { DEFAULT_WEBHOOK_WORKER } from '../../src/modules/webhooks/webhook.worker';
import { loadConfig } from '../../src/config/config';

const now = () => Math.floor(Date.now() / 1000);
const headersFor = (id: string, ts: number, signature: string) => ({ 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signature });

describe('secrets and signatures', () => {
  test('a new secret is whsec_ + base64 of 24 random bytes, different every time', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newWebhookSecret()));
    expect(secrets.size).toBe(50);
    for (const s of secrets) {
      expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(24);
    }
  });

  test('sign() is what standardwebhooks produces and verifies', () => {
    const secret = newWebhookSecret();
    const id = 'evt_0123456789abcdef0123456789abcdef';
    const ts = now();
    const body = JSON.stringify({ id, type: 'sale.updated', data: { id: 1, name: 'Zoë 🚀' } });
    const sig = sign(secret, id, ts, body);
    expect(sig).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const wh = new Webhook(secret);
    expect(sig).toBe(wh.sign(id, new Date(ts * 1000), body));
    expect(wh.verify(body, headersFor(id, ts, sig))).toEqual(JSON.parse(body));
    // HMAC-SHA256 of "id.timestamp.body" with the decoded key.
    const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`${id}.${ts}.${body}`)
      .digest('base64');
    expect(sig).toBe(`v1,${expected}`);
    // The prefix is optional for sign().
    expect(sign(secret.slice(6), id, ts, body)).toBe(sig);
  });

  test('a signature does not verify with another secret, body, id or timestamp', () => {
    const secret = newWebhookSecret();
    const id = 'evt_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const ts = now();
    const body = '{"a":1}';
    const sig = sign(secret, id, ts, body);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headersFor(id, ts, sig))).toThrow();
    expect(() => new Webhook(secret).verify('{"a":2}', headersFor(id, ts, sig))).toThrow();
    expect(() => new Webhook(secret).verify(body, headersFor('evt_b', ts, sig))).toThrow();
    expect(() => new Webhook(secret).verify(body, headersFor(id, ts + 1, sig))).toThrow();
    expect(sign(secret, id, ts, body)).toBe(sig);
    expect(sign(secret, id, ts + 1, body)).not.toBe(sig);
  });

  test('signatureHeader with two secrets carries one signature per secret; either secret verifies, a third does not', () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    const id = 'evt_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    const ts = now();
    const body = '{"type":"coupon.created"}';
    const header = signatureHeader([current, previous], id, ts, body);
    const parts = header.split(' ');
    expect(parts).toEqual([sign(current, id, ts, body), sign(previous, id, ts, body)]);
    for (const s of [current, previous]) expect(new Webhook(s).verify(body, headersFor(id, ts, header))).toEqual({ type: 'coupon.created' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headersFor(id, ts, header))).toThrow();
    expect(signatureHeader([current], id, ts, body)).toBe(sign(current, id, ts, body));
  });
});

describe('retry schedule', () => {
  test('the schedule of DESIGN.md: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h', () => {
    expect(RETRY_DELAYS_S).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    // With the jitter at its midpoint, the delay after n failed attempts is the n-th entry.
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => nextDelaySeconds(n, null, () => 0.5))).toEqual(RETRY_DELAYS_S);
  });

  test('jitter stays within ±10 % (never past 24 h) and actually varies', () => {
    for (let n = 1; n <= 9; n++) {
      const base = RETRY_DELAYS_S[n - 1];
      const low = nextDelaySeconds(n, null, () => 0)!;
      const high = nextDelaySeconds(n, null, () => 0.999999)!;
      expect(low).toBeCloseTo(base * 0.9, 6);
      expect(high).toBeLessThanOrEqual(Math.min(base * 1.1, 86400));
      expect(high).toBeGreaterThan(n === 9 ? 86400 * 0.99 : base * 1.099);
      const samples = Array.from({ length: 200 }, () => nextDelaySeconds(n, null)!);
      for (const s of samples) {
        expect(s).toBeGreaterThanOrEqual(base * 0.9);
        expect(s).toBeLessThanOrEqual(Math.min(base * 1.1, 86400));
      }
      // (The last step is capped at 24 h, so about half of its samples are exactly 86400.)
      expect(new Set(samples).size).toBeGreaterThan(n === 9 ? 60 : 150);
    }
  });

  test('after the 10th failed attempt (9 retries) there is no next attempt', () => {
    expect(nextDelaySeconds(10, null)).toBeNull();
    expect(nextDelaySeconds(11, null)).toBeNull();
    expect(nextDelaySeconds(10, 120)).toBeNull();
    expect(nextDelaySeconds(9, null)).not.toBeNull();
  });

  test('Retry-After pushes the next attempt out, never earlier than the schedule, at most 24 h', () => {
    const mid = () => 0.5;
    expect(nextDelaySeconds(1, 120, mid)).toBe(120);
    expect(nextDelaySeconds(1, 1, mid)).toBe(5);
    expect(nextDelaySeconds(2, 120, mid)).toBe(300);
    expect(nextDelaySeconds(2, 3600, mid)).toBe(3600);
    expect(nextDelaySeconds(1, 10 * 86400, mid)).toBe(86400);
    expect(nextDelaySeconds(1, 0, mid)).toBe(5);
  });

  test('parseRetryAfter reads delay-seconds and HTTP dates', () => {
    const t0 = Date.parse('Wed, 21 Oct 2026 07:20:00 GMT');
    expect(parseRetryAfter('120', t0)).toBe(120);
    expect(parseRetryAfter(' 30 ', t0)).toBe(30);
    expect(parseRetryAfter('0', t0)).toBe(0);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', t0)).toBe(480);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:20:00 GMT', t0)).toBe(0);
    // A date in the past means "now", never a negative delay.
    expect(parseRetryAfter('Tue, 20 Oct 2026 07:20:00 GMT', t0)).toBe(0);
    expect(parseRetryAfter(undefined, t0)).toBeNull();
    expect(parseRetryAfter('', t0)).toBeNull();
    expect(parseRetryAfter('soon', t0)).toBeNull();
    expect(parseRetryAfter('120abc', t0)).toBeNull();
  });

  test('an attempt times out after 15 s by default', () => {
    expect(DEFAULT_WEBHOOK_WORKER.timeoutMs).toBe(15_000);
    expect(loadConfig({ NODE_ENV: 'production' }).webhookTimeoutMs).toBe(15_000);
  });
});

describe('URL safety', () => {
  test('private, loopback, link-local, unspecified and other special IPv4 addresses are private', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '192.168.255.255',
      '169.254.169.254',
      '169.254.0.1',
      '0.0.0.0',
      '0.1.2.3',
      '100.64.0.1',
      '100.127.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '192.0.0.8',
    ]) {
      expect({ ip, private: isPrivateAddress(ip) }).toEqual({ ip, private: true });
    }
  });

  test('public IPv4 addresses, including neighbours of private ranges, are not private', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '11.0.0.1',
      '9.255.255.255',
      '100.63.255.255',
      '100.128.0.1',
      '169.253.255.255',
      '126.255.255.255',
      '128.0.0.1',
      '223.255.255.255',
    ]) {
      expect({ ip, private: isPrivateAddress(ip) }).toEqual({ ip, private: false });
    }
  });

  test('IPv6 loopback, unspecified, unique-local, link-local, multicast, NAT64 and documentation addresses are private; global ones are not', () => {
    for (const ip of ['::1', '::', '0:0:0:0:0:0:0:1', 'fc00::1', 'fd12:3456:789a::1', 'fe80::1', 'febf::1', 'ff02::1', '64:ff9b::a00:1', '2001:db8::1']) {
      expect({ ip, private: isPrivateAddress(ip) }).toEqual({ ip, private: true });
    }
    for (const ip of ['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001::1', '2400:cb00::1']) {
      expect({ ip, private: isPrivateAddress(ip) }).toEqual({ ip, private: false });
    }
  });

  test('IPv4-mapped IPv6 addresses are refused in any form (dotted or hex)', () => {
    for (const ip of [
      '::ffff:127.0.0.1',
      '::FFFF:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:192.168.1.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect({ ip, private: isPrivateAddress(ip) }).toEqual({ ip, private: true });
    }
    // The whole of ::ffff:0:0/96 is refused (IANA: not globally reachable), a public IPv4 address carried included.
    for (const ip of ['::ffff:8.8.8.8', '::ffff:808:808']) expect({ ip, private: isPrivateAddress(ip) }).toEqual({ ip, private: true });
  });

  test('parseWebhookUrl accepts absolute http(s) URLs and refuses other schemes, relative URLs, credentials and overlong URLs', () => {
    expect(parseWebhookUrl('https://hooks.example.com/in?x=1').toString()).toBe('https://hooks.example.com/in?x=1');
    expect(parseWebhookUrl('http://127.0.0.1:8080/hooks').port).toBe('8080');
    for (const raw of [
      'ftp://example.com/hook',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/plain,hi',
      'gopher://example.com/',
      'ws://example.com/',
      'mailto:a@example.com',
      '/relative',
      'example.com/hook',
      '',
      'http://',
      'http://user:pass@example.com/',
      'https://user@example.com/',
      `https://example.com/${'a'.repeat(2000)}`,
    ]) {
      let err: unknown;
      try {
        parseWebhookUrl(raw);
      } catch (e) {
        err = e;
      }
      expect({ raw, refused: err instanceof DomainError && err.code === 'VALIDATION_FAILED' }).toEqual({ raw, refused: true });
    }
  });

  test('resolveTarget refuses private literal hosts unless allowed, and answers the address to connect to', async () => {
    for (const raw of [
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/',
      'http://0/',
    ]) {
      await expect(resolveTarget(parseWebhookUrl(raw), false)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await expect(resolveTarget(parseWebhookUrl('http://127.0.0.1:9/'), true)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(resolveTarget(parseWebhookUrl('http://[::1]:9/'), true)).resolves.toEqual({ address: '::1', family: 6 });
    await expect(resolveTarget(parseWebhookUrl('https://8.8.8.8/'), false)).resolves.toEqual({ address: '8.8.8.8', family: 4 });
    // A name is resolved first; localhost resolves to loopback and is refused.
    await expect(resolveTarget(parseWebhookUrl('http://localhost:9/'), false)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  test('private targets are allowed by default outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate).toBe(false);
    expect(DEFAULT_WEBHOOK_WORKER.allowPrivate).toBe(false);
  });
});
