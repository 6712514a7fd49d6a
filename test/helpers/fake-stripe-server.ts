import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { useTestServer, type HarnessServer } from './harness';

/**
 * A fake Stripe for the spec file (started before its test server, reset before each test, closed after) and a
 * test server that pays through it (`STRIPE_API_KEY` = `apiKey`, `STRIPE_API_BASE` = the fake). `fake` is usable
 * in tests and hooks once the file's beforeAll ran: it forwards to the started fake.
 */
export function useFakeStripeServer(apiKey: string): { fake: FakeStripe; server: HarnessServer } {
  let started: FakeStripe | undefined;
  beforeAll(async () => {
    started = await startFakeStripe();
  });
  afterAll(() => started?.close());
  beforeEach(() => started!.reset());
  const server = useTestServer(() => ({ stripeApiKey: apiKey, stripeApiBase: started!.url }));
  const fake = new Proxy({} as FakeStripe, {
    get(_target, key) {
      if (!started) throw new Error('the fake Stripe is used before the beforeAll that starts it ran');
      const value = (started as unknown as Record<PropertyKey, unknown>)[key];
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
  return { fake, server };
}
