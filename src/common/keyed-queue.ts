import { unavailable } from './errors';

/**
 * Runs the work of one key one at a time in this process, in arrival order; different keys run side by side.
 * Work that would wait on a database lock anyway (one program's Stripe events) waits here instead, without
 * holding a pooled connection, so one key's burst cannot take the pool from everyone else. With `maxWaiting`
 * calls of one key in line (the running one included), another is refused as UNAVAILABLE (the sender retries later).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, { tail: Promise<unknown>; waiting: number }>();

  constructor(private readonly maxWaiting: number) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const entry = this.tails.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
    if (entry.waiting >= this.maxWaiting) throw unavailable(5);
    entry.waiting++;
    const turn = entry.tail.then(work);
    // The next call waits for this one to end, however it ends.
    entry.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, entry);
    try {
      return await turn;
    } finally {
      entry.waiting--;
      if (entry.waiting === 0 && this.tails.get(key) === entry) this.tails.delete(key);
    }
  }
}
