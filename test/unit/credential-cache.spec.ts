import { CredentialCache, type ProgramActor } from '../../src/identity/credential-cache';
import type { Program } from '../../src/modules/programs/program.entity';

const actor = (programId: string, id = 'k1'): ProgramActor<Program> => ({
  kind: 'apiKey',
  credentialId: id,
  programId,
  program: { id: programId, baseUrls: ['https://a.example'] } as unknown as Program,
});

describe('CredentialCache', () => {
  const T = 1_000_000;
  const live = () => {
    const c = new CredentialCache<Program>(60_000, 3, 750);
    c.setLive(true, T);
    return c;
  };

  test('keeps nothing until it is live, and drops everything when it stops being live', () => {
    const c = new CredentialCache<Program>();
    c.store('h', actor('p'), c.ticket(), T);
    expect(c.lookup('h', T)).toBeUndefined();
    const l = live();
    l.store('h', actor('p'), l.ticket(), T);
    expect(l.lookup('h', T)?.credentialId).toBe('k1');
    l.setLive(false, T);
    expect(l.lookup('h', T)).toBeUndefined();
    expect(l.size).toBe(0);
  });

  test('a read that raced with an invalidation is not kept', () => {
    const c = live();
    const ticket = c.ticket();
    c.invalidateProgram('other');
    c.store('h', actor('p'), ticket, T);
    expect(c.lookup('h', T)).toBeUndefined();
  });

  test('invalidating a program drops its credentials only', () => {
    const c = live();
    c.store('a', actor('p1', 'a'), c.ticket(), T);
    c.store('b', actor('p2', 'b'), c.ticket(), T);
    c.invalidateProgram('p1');
    expect(c.lookup('a', T)).toBeUndefined();
    expect(c.lookup('b', T)?.credentialId).toBe('b');
  });

  test('serves nothing once its pings stop coming back, and again when they do', () => {
    const c = live();
    c.store('h', actor('p'), c.ticket(), T);
    expect(c.lookup('h', T + 750)?.credentialId).toBe('k1');
    expect(c.lookup('h', T + 751)).toBeUndefined();
    c.heard(T + 900);
    expect(c.lookup('h', T + 1000)?.credentialId).toBe('k1');
  });

  test('an entry lives a minute at most; the oldest leaves when full', () => {
    const c = live();
    c.store('h', actor('p'), c.ticket(), T);
    c.heard(T + 60_001);
    expect(c.lookup('h', T + 60_001)).toBeUndefined();
    for (const h of ['1', '2', '3', '4']) c.store(h, actor('p', h), c.ticket(), T + 60_001);
    expect(c.size).toBe(3);
    expect(c.lookup('1', T + 60_001)).toBeUndefined();
    expect(c.lookup('4', T + 60_001)?.credentialId).toBe('4');
  });

  test('a cached actor and its program are frozen: one request cannot change what the next one sees', () => {
    const c = live();
    const a = actor('p');
    c.store('h', a, c.ticket(), T);
    const got = c.lookup('h', T)!;
    expect(Object.isFrozen(got)).toBe(true);
    expect(Object.isFrozen(got.program)).toBe(true);
    expect(() => (got.program.baseUrls as string[]).push('x')).toThrow(TypeError);
  });
});
