/**
 * The browser of the browser tests: Debian's Chromium driven by playwright-core (no browser is ever
 * downloaded). Where it is missing the tests are skipped, except in CI (`CI=true`), where .ci/run installs it
 * and a missing one is an error rather than a silent skip.
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** `describe`, or `describe.skip` without Chromium; throws in CI without it. `what` names the tests. */
export function describeWithBrowser(what: string): jest.Describe {
  if (fs.existsSync(CHROMIUM)) return describe;
  if (process.env.CI === 'true')
    throw new Error(`The ${what} browser tests need Chromium at ${CHROMIUM} (Debian package "chromium"); it is missing on this CI machine.`);
  return describe.skip;
}

/** A headless Chromium with nothing of its own on the network (no sync, updates, QUIC or proxy lookups). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-proxy-server',
    ],
  });
}
