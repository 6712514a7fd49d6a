import type { Logger } from './logger';

/**
 * The loop every background worker shares: run a batch, run again at once when the batch was full or a
 * wake-up arrived meanwhile, otherwise poll after `intervalMs`. Timers are unref'd; stop() waits for the
 * batch in progress.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;
  private again = false;

  protected constructor(
    protected readonly log: Logger,
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly batch: number,
  ) {}

  /** Processes one batch; returns how many items it handled. */
  abstract runOnce(): Promise<number>;

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  /** Something new is due: run now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    this.running = true;
    let n = 0;
    try {
      n = await this.runOnce();
    } catch (err) {
      this.log.error({ err }, `${this.name} tick failed`);
    } finally {
      this.running = false;
    }
    const more = n >= this.batch || this.again;
    this.again = false;
    this.schedule(more ? 0 : this.intervalMs);
  }
}
