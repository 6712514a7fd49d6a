import { rateLimited } from '../common/errors';
import { addressBucket } from '../common/client-address';
import { sha256 } from '../common/ids';
import type { SlidingWindowBackend, WindowState } from '../common/sliding-window';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../config/config';

/** One sign-in attempt's hold on the failure budgets: kept when the attempt fails, released when it succeeds. */
export interface SignInAttempt {
  release(): Promise<void>;
}

/**
 * Limits failed sign-ins per account and per address on the rate limiter's sliding-window backend (memory,
 * or Redis so the limits hold across instances). Each attempt takes a slot *before* any password is checked,
 * in the backend's atomic check-and-record: a blocked caller is refused without verifying anything, and
 * concurrent guesses cannot overshoot the limit as a count-then-record would let them. A success gives its
 * own slot back, so only failures stay counted; earlier failures are never erased by a success.
 */
export class SignInThrottle {
  constructor(
    private readonly backend: SlidingWindowBackend,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  /** Takes a slot or throws RATE_LIMITED (Retry-After: until every exhausted budget has a slot again). */
  async begin(email: string, clientIp: string): Promise<SignInAttempt> {
    const { failuresPerAccount, failuresPerAddress, windowMs } = this.limits;
    const now = Date.now();
    // Hashed: the shared store never holds emails.
    const budgets: Array<[string, number]> = [[`signin:account:${sha256(email.trim().toLowerCase())}`, failuresPerAccount]];
    if (clientIp) budgets.push([`signin:address:${addressBucket(clientIp)}`, failuresPerAddress]);
    const states = await Promise.all(budgets.map(([key, max]) => this.backend.hit(key, now, windowMs, max)));
    const release = async () => {
      await Promise.all(states.filter((s) => s.recorded).map((s) => s.undo()));
    };
    const blocked = states.filter((s) => !s.recorded);
    if (blocked.length) {
      await release();
      const resetAt = Math.max(...blocked.map((s: WindowState) => s.resetAt));
      throw rateLimited('Too many failed sign-in attempts; try again later', (resetAt - Date.now()) / 1000);
    }
    return { release };
  }
}
