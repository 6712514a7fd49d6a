import type Redis from 'ioredis';

/** The outcome of one atomic check-and-record in a sliding window log. */
export interface WindowState {
  /** Calls already in the window before this one. */
  before: number;
  /** Whether this call was recorded (it fits under max). */
  recorded: boolean;
  /** Epoch ms when the oldest call in the window leaves it (a slot frees), or now + window when empty. */
  resetAt: number;
  /** Takes the recorded call back (when the request it belonged to was refused for another endpoint). */
  undo: () => Promise<void>;
}

/** Backend of the sliding window: check and record in one atomic step, so concurrent calls cannot overshoot. */
export interface SlidingWindowBackend {
  hit(key: string, now: number, windowMs: number, max: number): Promise<WindowState>;
  close?(): Promise<void>;
}

/** One key's calls in the window: ascending timestamps from `head` on (a queue without per-call copying). */
interface WindowLog {
  times: number[];
  head: number;
}

export class MemoryWindowBackend implements SlidingWindowBackend {
  private readonly logs = new Map<string, WindowLog>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    sweepMs = 60_000,
    private readonly maxWindowMs = 3_600_000,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepMs);
    this.sweeper.unref();
  }

  // Synchronous body: nothing can interleave between the read and the write. Amortised O(1) per call.
  async hit(key: string, now: number, windowMs: number, max: number): Promise<WindowState> {
    let log = this.logs.get(key);
    if (!log) this.logs.set(key, (log = { times: [], head: 0 }));
    while (log.head < log.times.length && log.times[log.head] <= now - windowMs) log.head++;
    if (log.head > 1024 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    const before = log.times.length - log.head;
    const recorded = before < max;
    if (recorded) log.times.push(now);
    const oldest = log.head < log.times.length ? log.times[log.head] : now;
    const undo = async () => {
      const i = log!.times.lastIndexOf(now);
      if (i >= log!.head) log!.times.splice(i, 1);
    };
    return { before, recorded, resetAt: oldest + windowMs, undo };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, log] of this.logs) {
      const last = log.times[log.times.length - 1];
      if (last === undefined || last <= now - this.maxWindowMs) this.logs.delete(k);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}

// Trim, count, conditionally add and expire in one script: atomic on the Redis server across instances.
const HIT_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local recorded = 0
if count < max then
  redis.call('ZADD', key, now, ARGV[4])
  recorded = 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local resetAt = now + window
if oldest[2] then resetAt = tonumber(oldest[2]) + window end
return {count, recorded, resetAt}
`;

export class RedisWindowBackend implements SlidingWindowBackend {
  private seq = 0;
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ratelimit:',
  ) {
    redis.defineCommand('slidingWindowHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, now: number, windowMs: number, max: number): Promise<WindowState> {
    const member = `${now}-${process.pid}-${(this.seq = (this.seq + 1) % 1e9)}-${Math.random().toString(36).slice(2, 8)}`;
    const [before, recorded, resetAt] = (await (this.redis as unknown as { slidingWindowHit(...a: unknown[]): Promise<number[]> }).slidingWindowHit(
      this.prefix + key,
      now,
      windowMs,
      max,
      member,
    )) as number[];
    const undo = async () => {
      await this.redis.zrem(this.prefix + key, member);
    };
    return { before: Number(before), recorded: Number(recorded) === 1, resetAt: Number(resetAt), undo };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
