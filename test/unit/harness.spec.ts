/**
 * The spec-file harness (test/helpers/harness.ts): what it hands out is usable once its beforeAll ran, and says
 * so clearly when used earlier.
 */
import type { ProgramFixture } from '../helpers/factories';
import { useAffiliate, useProgram, useTestServer, type Affiliate } from '../helpers/harness';

const messageOf = (fn: () => unknown): string => {
  try {
    fn();
    return 'no error';
  } catch (err) {
    return (err as Error).message;
  }
};

const fixture: ProgramFixture = { programId: 'p-1', key: 'key-1', session: 'ses-1', ownerEmail: 'owner@example.com', publishableKey: 'pk-1' };

describe('useProgram', () => {
  const p = useProgram(async () => fixture);
  const early = messageOf(() => p.key);

  test('read before its beforeAll ran, it throws an error that says so', () => {
    expect(early).toMatch(/the program of useProgram\(\) is used before the beforeAll that creates it ran/);
  });

  test('after, it is the program that was made, field by field', () => {
    expect({ ...p }).toEqual(fixture);
  });
});

const affiliateOf = (programId: string): Affiliate => ({
  id: 'a-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  programId,
  affiliateLinks: ['ada'],
  link: null,
  commissionRate: 20,
  affiliateStatus: 'active',
  commissionPlanId: null,
  affiliateGroupId: null,
  numberOfReferredUsers: 0,
  numberOfClicks: 0,
  totalCommissionEarned: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('useAffiliate', () => {
  const p = useProgram(async () => fixture);
  // Made after the program: its beforeAll is registered after useProgram's, so it may read the program.
  const a = useAffiliate(async () => affiliateOf(p.programId));
  const early = { field: messageOf(() => a.id), spread: messageOf(() => ({ ...a })) };

  test('read before its beforeAll ran, it throws an error that says so', () => {
    expect(early.field).toMatch(/the affiliate of useAffiliate\(\) is used before the beforeAll that creates it ran/);
    expect(early.spread).toBe(early.field);
  });

  test('after, it is the affiliate that was made (of the program made before it): fields, spread, toEqual', () => {
    expect(a.id).toBe('a-1');
    expect(a.programId).toBe(fixture.programId);
    expect(a.affiliateLinks).toEqual(['ada']);
    expect({ ...a }).toEqual(affiliateOf(fixture.programId));
    expect(a).toEqual(affiliateOf(fixture.programId));
    expect('email' in a).toBe(true);
  });

  test('it cannot be changed', () => {
    expect(() => Object.assign(a, { id: 'other' })).toThrow(/read-only/);
  });
});

let earlyServerUse = { url: '', runtime: '' };
describe('useTestServer, in a block whose tests are all skipped', () => {
  // No test of this block runs, so its beforeAll (which would start a server) never runs.
  const server = useTestServer();
  earlyServerUse = { url: messageOf(() => server.url), runtime: messageOf(() => server.runtime) };

  test.skip('(never run: keeps the block from starting a server)', () => undefined);
});

test('useTestServer read before its beforeAll ran throws an error that says so', () => {
  expect(earlyServerUse.url).toMatch(/the test server of useTestServer\(\) is used before the beforeAll that creates it ran/);
  expect(earlyServerUse.runtime).toBe(earlyServerUse.url);
});
