import { Store, type Identity } from 'graphql-rate-limit';
import type { SlidingWindowBackend, WindowState } from '../common/sliding-window';

/**
 * A graphql-rate-limit Store for one limiter call. The library reads the timestamps, decides, then writes;
 * that read-then-write would let concurrent calls pass the limit. Here `getForIdentity` does the atomic
 * check-and-record itself and returns the calls *before* this one, so the library reaches the same verdict,
 * and `setForIdentity` has nothing left to do.
 */
export class AtomicWindowStore extends Store {
  state: WindowState | undefined;

  constructor(
    private readonly backend: SlidingWindowBackend,
    private readonly windowMs: number,
    private readonly max: number,
  ) {
    super();
  }

  async getForIdentity(identity: Identity): Promise<readonly number[]> {
    const now = Date.now();
    this.state = await this.backend.hit(`${identity.contextIdentity}|${identity.fieldIdentity}`, now, this.windowMs, this.max);
    // The library only compares the array's length (plus this call) with max: an empty array when the call
    // was recorded and `max` entries when it was refused give the same verdict as the full window would,
    // without building an array of every call in the window on each request.
    return this.state.recorded ? [] : new Array<number>(this.max).fill(now);
  }

  setForIdentity(): void {
    /* recorded atomically in getForIdentity */
  }
}
