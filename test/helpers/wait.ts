/** Waiting in tests: a pause, and polling until something holds. */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it answers true; fails naming `what` after `ms`. */
export async function waitFor(check: () => Promise<boolean>, what: string, ms = 10_000, everyMs = 20): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}
