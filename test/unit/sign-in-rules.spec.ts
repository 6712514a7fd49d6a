import { passwordProblem } from '../../src/identity/password-policy';
import { SignInThrottle } from '../../src/identity/sign-in-throttle';
import { addressBucket } from '../../src/common/client-address';
import { DomainError } from '../../src/common/errors';
import Redis from 'ioredis';
import { MemoryWindowBackend, RedisWindowBackend } from '../../src/common/sliding-window';
import { loadConfig } from '../../src/config/config';

describe('passwordProblem', () => {
  const email = 'grace.hopper.navy@example.com';
  test.each([
    ['empty', ''],
    ['11 characters', 'abcdefghij1'],
    ['common (in the list)', 'password1234'],
    ['common in another case', 'PassWord1234'],
    ['common although 12 characters', '1qaz2wsx3edc'],
    ['one character repeated', 'zzzzzzzzzzzzzzzz'],
    ['the email', email],
    ['the email in capitals', email.toUpperCase()],
    ['the local part of the email', 'grace.hopper.navy'],
    ['over 1024 characters', 'x1'.repeat(513)],
  ])('refuses %s', (_what, password) => {
    expect(passwordProblem(password, email)).toEqual(expect.any(String));
  });

  test.each([
    ['a passphrase', 'violet tractor umbrella'],
    ['exactly 12 characters', 'k9#mQ2!vX7&p'],
    ['12 code points that are 24 UTF-16 units', '🔑🌍🚲🎈🍋🐙🌵🎲🧲🪁🦉🧊'],
    ['1024 characters', 'ab3'.repeat(341) + 'x'],
  ])('accepts %s', (_what, password) => {
    expect(passwordProblem(password, email)).toBeNull();
  });

  test('11 emoji are too short although they are 22 UTF-16 units', () => {
    expect(passwordProblem('🔑🌍🚲🎈🍋🐙🌵🎲🧲🪁🦉', email)).toMatch(/at least 12/);
  });
});

describe('addressBucket', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    // IPv4-mapped in every notation is the IPv4 address; the rest of ::/64 is nobody's /64: each address its own.
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['0000:0000:0000:0000:0000:ffff:cb00:7107', '203.0.113.7'],
    ['::1', '0:0:0:0:0:0:0:1'],
    ['::2', '0:0:0:0:0:0:0:2'],
    ['::203.0.113.7', '0:0:0:0:0:0:cb00:7107'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s → %s', (ip, bucket) => {
    expect(addressBucket(ip)).toBe(bucket);
  });
});

describe('SignInThrottle', () => {
  const limits = { failuresPerAccount: 3, failuresPerAddress: 5, windowMs: 60_000 };
  let backend: MemoryWindowBackend;
  beforeEach(() => {
    backend = new MemoryWindowBackend();
  });
  afterEach(() => backend.close());

  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  };

  test('failures count per account, whatever the case of the email; then RATE_LIMITED with a Retry-After', async () => {
    const t = new SignInThrottle(backend, limits);
    for (const email of ['a@example.com', 'A@Example.com', ' a@example.com ']) await t.begin(email, '');
    const err = await refusal(t.begin('a@example.com', ''));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(60);
    await t.begin('b@example.com', ''); // another account is not affected
  });

  test('a released attempt (a success) does not count; earlier failures stay', async () => {
    const t = new SignInThrottle(backend, limits);
    await t.begin('a@example.com', '10.0.0.1');
    for (let i = 0; i < 5; i++) await (await t.begin('a@example.com', '10.0.0.1')).release();
    await t.begin('a@example.com', '10.0.0.1');
    await t.begin('a@example.com', '10.0.0.1');
    expect((await refusal(t.begin('a@example.com', '10.0.0.1'))).code).toBe('RATE_LIMITED');
  });

  test('failures count per address across emails; a refusal takes nothing from the other budget', async () => {
    const t = new SignInThrottle(backend, limits);
    for (let i = 0; i < 5; i++) await t.begin(`u${i}@example.com`, '10.0.0.2');
    expect((await refusal(t.begin('fresh@example.com', '10.0.0.2'))).code).toBe('RATE_LIMITED');
    // The refused attempt did not use a slot of fresh@'s account budget: three failures are still allowed elsewhere.
    for (let i = 0; i < 3; i++) await t.begin('fresh@example.com', '10.0.0.3');
    expect((await refusal(t.begin('fresh@example.com', '10.0.0.4'))).code).toBe('RATE_LIMITED');
  });

  test('concurrent attempts cannot overshoot the limit', async () => {
    const t = new SignInThrottle(backend, limits);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => t.begin('race@example.com', '')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });
});

describe('sign-in limits in the configuration', () => {
  test('defaults: 5 per account, 20 per address, 15 minutes', () => {
    expect(loadConfig({}).signIn).toEqual({ failuresPerAccount: 5, failuresPerAddress: 20, windowMs: 900_000 });
  });
  test('from the environment, validated', () => {
    expect(loadConfig({ SIGNIN_FAILURES_PER_ACCOUNT: '10', SIGNIN_FAILURES_PER_ADDRESS: '100', SIGNIN_WINDOW_SECONDS: '600' }).signIn).toEqual({
      failuresPerAccount: 10,
      failuresPerAddress: 100,
      windowMs: 600_000,
    });
    expect(() => loadConfig({ SIGNIN_FAILURES_PER_ACCOUNT: '0' })).toThrow(/at least 1/);
    expect(() => loadConfig({ SIGNIN_WINDOW_SECONDS: '7200' })).toThrow(/at most 3600/);
  });
});

const REDIS_URL = process.env.REDIS_URL;
(REDIS_URL ? describe : describe.skip)('SignInThrottle on Redis (two instances)', () => {
  test('failures recorded by one instance block the account on the other', async () => {
    const prefix = `test:signin:${process.pid}:${Date.now()}:`;
    const backends = [new RedisWindowBackend(new Redis(REDIS_URL!), prefix), new RedisWindowBackend(new Redis(REDIS_URL!), prefix)];
    try {
      const [a, b] = backends.map((be) => new SignInThrottle(be, { failuresPerAccount: 3, failuresPerAddress: 100, windowMs: 60_000 }));
      await a.begin('shared@example.com', '10.1.1.1');
      await b.begin('shared@example.com', '10.1.1.2');
      await (await a.begin('shared@example.com', '10.1.1.1')).release();
      await a.begin('shared@example.com', '10.1.1.1');
      const err = await b.begin('shared@example.com', '10.1.1.3').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((err as DomainError).code).toBe('RATE_LIMITED');
    } finally {
      await Promise.all(backends.map((be) => be.close()));
    }
  });
});
