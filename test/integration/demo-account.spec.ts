/**
 * The first run's demo account (src/demo.ts): on a database without users, a user, a program and its API key
 * that work at once, and the program's publishable key for the tracker tag; never a second time.
 */
import { createLogger } from '../../src/common/logger';
import { provisionDemo } from '../../src/demo';
import { useTestServer } from '../helpers/harness';

const server = useTestServer();

test('a fresh database gets a working demo key and the publishable key of its program; a second run makes nothing', async () => {
  const log = createLogger('silent');
  const demo = await provisionDemo(server.runtime.orm, server.runtime.services, log, server.url);
  expect(demo).toMatchObject({ email: 'demo@example.com', apiKey: expect.stringMatching(/^apk_/), publishableKey: expect.stringMatching(/^pk_/) });
  expect((await server.api('GET', '/affiliates', { token: demo!.apiKey })).status).toBe(200);
  const program = await server.graphql('{ program { id publishableKey } }', {}, demo!.apiKey);
  expect(program.body.data.program).toEqual({ id: demo!.programId, publishableKey: demo!.publishableKey });
  expect(await provisionDemo(server.runtime.orm, server.runtime.services, log, server.url)).toBeNull();
});
