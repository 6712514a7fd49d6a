import type { EntityManager } from '@mikro-orm/postgresql';
import { Job } from './job.entity';
import { execute } from '../../db/sql';

/**
 * The SQL of the job queue (shared by every program: claimed across programs, one job at a time). Only the claim
 * spans programs; every later statement names the claimed job's program (null for a job of no program).
 */

export interface JobRow {
  id: string;
  program_id: string | null;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Queues a job in the caller's unit of work (written with its other changes as it commits). */
export function queueJob(em: EntityManager, programId: string | null, kind: string, payload: Record<string, unknown>): Job {
  const job = em.create(Job, { programId, kind, payload });
  em.persist(job);
  return job;
}

/** The next due job, locked until commit; jobs locked by other workers are skipped. */
export async function claimDueJob(em: EntityManager): Promise<JobRow | null> {
  const [job] = await execute<JobRow[]>(
    em,
    `select /* all programs: the worker claim on the shared job queue */ id, program_id, kind, payload, attempts from jobs
      where status = 'pending' and run_at <= now() order by run_at, id limit 1 for update skip locked`,
  );
  return job ?? null;
}

/** A savepoint the job's own statements can be undone to, keeping the claim. */
export async function jobSavepoint(em: EntityManager): Promise<void> {
  await execute(em, 'savepoint job_run');
}

export async function undoToJobSavepoint(em: EntityManager): Promise<void> {
  await execute(em, 'rollback to savepoint job_run');
}

export async function markJobDone(em: EntityManager, job: JobRow): Promise<void> {
  await execute(
    em,
    `update jobs set status = 'done', attempts = attempts + 1, finished_at = now(), last_error = null where program_id is not distinct from ? and id = ?`,
    [job.program_id, job.id],
  );
}

/** Records a failed run: pending again in `delaySeconds`, or failed for good. */
export async function markJobFailed(
  em: EntityManager,
  job: JobRow,
  f: { attempts: number; error: string; status: 'pending' | 'failed'; delaySeconds: number },
): Promise<void> {
  await execute(
    em,
    `update jobs set attempts = ?, last_error = ?, status = ?, run_at = now() + make_interval(secs => ?) where program_id is not distinct from ? and id = ?`,
    [f.attempts, f.error, f.status, f.delaySeconds, job.program_id, job.id],
  );
}
