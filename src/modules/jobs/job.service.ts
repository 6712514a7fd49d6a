import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../common/logger';
import { PollingWorker } from '../../common/polling-worker';
import { Job } from './job.entity';

export type JobHandler = (em: EntityManager, payload: Record<string, unknown>) => Promise<void>;

/** Queue side: call inside the transaction of the change, so the job exists exactly when the change does. */
export class JobService {
  private wake: (() => void) | undefined;
  onEnqueued(wake: () => void): void {
    this.wake = wake;
  }
  enqueue(em: EntityManager, programId: string | null, kind: string, payload: Record<string, unknown>): void {
    em.persist(em.create(Job, { programId, kind, payload }));
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

  constructor(private readonly orm: MikroORM, private readonly handlers: Record<string, JobHandler>, log: Logger, intervalMs = 2000) {
    super(log, 'job worker', intervalMs, BATCH);
  }




  /** Runs the due jobs one by one; returns how many were processed. */
  async runOnce(): Promise<number> {
    let processed = 0;
    for (; processed < BATCH; processed++) {
      const did = await this.orm.em.fork().transactional(async (em) => {
        const [job] = await em.execute<Array<{ id: string; kind: string; payload: Record<string, unknown>; attempts: number }>>(
          `select id, kind, payload, attempts from jobs where status = 'pending' and run_at <= now() order by run_at, id limit 1 for update skip locked`,
        );
        if (!job) return false;
        const handler = this.handlers[job.kind];
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await em.execute('savepoint job_run');
          await handler(em, job.payload);
          await em.execute(`update jobs set status = 'done', attempts = attempts + 1, finished_at = now(), last_error = null where id = ?`, [job.id]);
        } catch (err) {
          await em.execute('rollback to savepoint job_run').catch(() => undefined);
          const attempts = job.attempts + 1;
          this.log.warn({ err, jobId: job.id, kind: job.kind, attempts }, 'job failed');
          await em.execute(
            `update jobs set attempts = ?, last_error = ?, status = ?, run_at = now() + make_interval(secs => ?) where id = ?`,
            [attempts, String((err as Error).message ?? err).slice(0, 500), attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', Math.min(3600, 5 * 2 ** job.attempts), job.id],
          );
        }
        return true;
      });
      if (!did) break;
    }
    return processed;
  }


}
