/**
 * The spec-file harness (test/helpers/harness.ts): what it hands out is usable once its beforeAll ran, and says
 * so clearly when used earlier.
 */
import type { ProgramFixture } from '../helpers/factories';
import { useProgram, useTestServer } from '../helpers/harness';

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
