import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../common/logger';
import { PollingWorker } from '../../common/polling-worker';
import { inTransaction } from '../../db/unit-of-work';
import { anonymousContext, type ServiceContext } from '../service-context';
import { claimDueJob, jobSavepoint, markJobDone, markJobFailed, queueJob, undoToJobSavepoint } from './job.queries';

/** Runs one job in the worker's transaction (`tx`: its context, with no caller behind it). */
export type JobHandler = (tx: ServiceContext, payload: Record<string, unknown>) => Promise<void>;

/** Queue side: call with the transaction's context (`tx`), so the job exists exactly when the change does. */
export class JobService {
  private wake: (() => void) | undefined;
  onEnqueued(wake: () => void): void {
    this.wake = wake;
  }
  enqueue(tx: ServiceContext, programId: string | null, kind: string, payload: Record<string, unknown>): void {
    queueJob(tx.em, programId, kind, payload);
  }
  /** After commit: let an in-process worker pick the job up now rather than at its next poll. */
  afterCommit(): void {
    this.wake?.();
  }
}

const BATCH = 20;
const MAX_ATTEMPTS = 10;

/**
 * Runs due jobs. Each job is claimed with FOR UPDATE SKIP LOCKED and run inside that transaction, so any
 * number of instances share the queue and a job's effects commit together with its "done" mark.
 */
export class JobWorker extends PollingWorker {
  constructor(
    private readonly orm: MikroORM,
    private readonly handlers: Record<string, JobHandler>,
    log: Logger,
    intervalMs = 2000,
  ) {
    super(log, 'job worker', intervalMs, BATCH);
  }

  /** Runs the due jobs one by one; returns how many were processed. */
  async runOnce(): Promise<number> {
    let processed = 0;
    for (; processed < BATCH; processed++) {
      const did = await inTransaction({ em: this.orm.em.fork() }, async ({ em }) => {
        const job = await claimDueJob(em);
        if (!job) return false;
        const handler = this.handlers[job.kind];
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await jobSavepoint(em);
          await handler(anonymousContext(em, this.log, `job:${job.id}`), job.payload);
          await markJobDone(em, job);
        } catch (err) {
          // The handler's failure, whatever it is: undone, recorded, retried later.
          await undoToJobSavepoint(em).catch(() => undefined);
          const attempts = job.attempts + 1;
          this.log.warn({ err, jobId: job.id, kind: job.kind, attempts }, 'job failed');
          await markJobFailed(em, job, {
            attempts,
            error: String((err as Error).message ?? err).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            delaySeconds: Math.min(3600, 5 * 2 ** job.attempts),
          });
        }
        return true;
      });
      if (!did) break;
    }
    return processed;
  }
}
