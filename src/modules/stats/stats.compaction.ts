import { IsolationLevel, type MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../common/logger';
import { PollingWorker } from '../../common/polling-worker';
import { inTransaction } from '../../db/unit-of-work';
import { claimFolding, foldDeltas, rebuildBuckets } from './stats.queries';

const BATCH = 5_000;

/**
 * Folds the statistics deltas the triggers append (Migration20261125010000_activity_stats) into buckets, so a
 * query sums a few hundred buckets instead of every row. The figures are exact without it (a query also sums
 * the deltas not folded yet); it keeps them fast. One process folds at a time, the others skip the round.
 */
export class StatsCompactor extends PollingWorker {
  constructor(
    private readonly orm: MikroORM,
    log: Logger,
    intervalMs = 1000,
  ) {
    super(log, 'stats compactor', intervalMs, BATCH);
  }

  async runOnce(): Promise<number> {
    return inTransaction({ em: this.orm.em.fork() }, async ({ em }) => ((await claimFolding(em)) ? foldDeltas(em, BATCH) : 0));
  }

  /** Folds until nothing is left (tests, and a benchmark's set-up). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.runOnce();
      total += n;
      if (n < BATCH) return total;
    }
  }

  /**
   * Recomputes one program's buckets from its rows (stats.queries.ts rebuildBuckets), in one snapshot. The
   * snapshot is taken when the transaction's first statement starts, before the fold lock is granted: a fold that
   * commits meanwhile makes the deletes fail to serialize, and the rebuild starts again.
   */
  async rebuild(programId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.orm.em.fork().transactional(
          async (em) => {
            await claimFolding(em, true);
            await rebuildBuckets(em, programId);
          },
          { isolationLevel: IsolationLevel.REPEATABLE_READ },
        );
        return;
      } catch (err) {
        const code = (err as { code?: string; previous?: { code?: string } }).code ?? (err as { previous?: { code?: string } }).previous?.code;
        if (code !== '40001' || attempt >= 10) throw err;
      }
    }
  }
}
