import type { BatchStatus } from '@dash/shared-core';
import type { BatchJob } from '@dash/shared-core/contract';
import type { Database, Queryable } from '../db/database';
import { iso } from '../db/rows';
import { ApiHttpError } from '../errors/apiError';

/** Statuses of a job that has not ended yet. */
export const OPEN_STATUSES: readonly BatchStatus[] = ['created', 'initialized', 'inProgress', 'finishedTasks'];
/** On PostgreSQL (several server processes), an open job whose heartbeat is older than this was left by a dead one. */
export const HEARTBEAT_TIMEOUT_SECONDS = 60;

interface JobRow {
  uuid: string;
  kind: BatchJob['kind'];
  status: BatchStatus;
  done: number;
  total: number;
  result: BatchJob['result'];
  error_code: string | null;
  created_at: unknown;
  finished_at: unknown;
}

const JOB_COLUMNS = 'uuid, kind, status, done, total, result, error_code, created_at, finished_at';

/**
 * Progress of the jobs this process runs, newer than their row: the job's final writes run in one transaction, and
 * the count it reaches meanwhile is told from here (the row gets it when the transaction ends).
 */
const liveProgress = new Map<string, { status: BatchStatus; done: number }>();

function toJob(row: JobRow): BatchJob {
  const live = OPEN_STATUSES.includes(row.status) ? liveProgress.get(row.uuid) : undefined;
  return {
    uuid: row.uuid,
    kind: row.kind,
    status: live?.status ?? row.status,
    done: live?.done ?? row.done,
    total: row.total,
    result: row.result,
    errorCode: row.error_code,
    createdAt: iso(row.created_at) ?? '',
    finishedAt: iso(row.finished_at),
  };
}

export async function createJob(
  db: Queryable,
  owner: { clientUuid: string; memberUuid: string },
  kind: BatchJob['kind'],
  total: number,
): Promise<BatchJob> {
  const [row] = await db.query<JobRow>(
    `INSERT INTO batch_job (client_uuid, member_uuid, kind, total) VALUES ($1, $2, $3, $4) RETURNING ${JOB_COLUMNS}`,
    [owner.clientUuid, owner.memberUuid, kind, total],
  );
  if (!row) throw new Error('job not stored');
  return toJob(row);
}

/** A job of the client; another client's answers exactly as one that does not exist. */
export async function readJob(db: Queryable, clientUuid: string, uuid: string): Promise<BatchJob> {
  const [row] = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM batch_job WHERE uuid = $1 AND client_uuid = $2`, [
    uuid,
    clientUuid,
  ]);
  if (!row) throw new ApiHttpError(404, 'BatchJob.NotFound');
  return toJob(row);
}

export async function latestJob(
  db: Queryable,
  owner: { clientUuid: string; memberUuid: string },
  kind: BatchJob['kind'],
): Promise<BatchJob | null> {
  const [row] = await db.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM batch_job WHERE client_uuid = $1 AND member_uuid = $2 AND kind = $3
      ORDER BY created_at DESC LIMIT 1`,
    [owner.clientUuid, owner.memberUuid, kind],
  );
  return row ? toJob(row) : null;
}

/** Moves an open job on (status and count), in the row and for readers while a transaction holds the row back. */
export async function reportProgress(db: Queryable, uuid: string, status: BatchStatus, done: number): Promise<void> {
  liveProgress.set(uuid, { status, done });
  await db.query(
    "UPDATE batch_job SET status = $2, done = $3, heartbeat_at = now() WHERE uuid = $1 AND status NOT IN ('finished', 'failedInitializing', 'failedEnding')",
    [uuid, status, done],
  );
}

/** Ends a job (inside the caller's transaction for a job whose last writes land with it). */
export async function endJob(
  tx: Queryable,
  uuid: string,
  end: {
    status: 'finished' | 'failedInitializing' | 'failedEnding';
    done: number;
    result?: BatchJob['result'];
    errorCode?: string;
  },
): Promise<void> {
  await tx.query(
    'UPDATE batch_job SET status = $2, done = $3, result = $4::jsonb, error_code = $5, finished_at = now(), heartbeat_at = now() WHERE uuid = $1',
    [uuid, end.status, end.done, end.result ? JSON.stringify(end.result) : null, end.errorCode ?? null],
  );
}

export function forgetProgress(uuid: string): void {
  liveProgress.delete(uuid);
}

/**
 * Jobs left open by a process that died are failed, so that the page explains them and a new start is safe: with the
 * embedded database only this process runs jobs, so every open job at start is one; on PostgreSQL only those whose
 * heartbeat stopped. Jobs that had not started writing fail as `failedInitializing`, the others as `failedEnding`.
 */
export async function failAbandonedJobs(db: Queryable, everyOpenJob: boolean): Promise<number> {
  const rows = await db.query<{ uuid: string }>(
    `UPDATE batch_job
        SET status = CASE WHEN status IN ('created', 'initialized') THEN 'failedInitializing' ELSE 'failedEnding' END,
            error_code = 'BatchJob.Interrupted', finished_at = now()
      WHERE status IN ('created', 'initialized', 'inProgress', 'finishedTasks')
        AND ($1 OR heartbeat_at < now() - make_interval(secs => $2))
      RETURNING uuid`,
    [everyOpenJob, HEARTBEAT_TIMEOUT_SECONDS],
  );
  return rows.length;
}

/**
 * The sweep of abandoned jobs: at once, then every half minute on PostgreSQL (another process may die meanwhile).
 * Answers the function that stops the sweep.
 */
export async function sweepAbandonedJobs(db: Database, onError: (error: unknown) => void): Promise<() => void> {
  await failAbandonedJobs(db, db.kind === 'pglite');
  if (db.kind !== 'postgres') return () => undefined;
  const sweep = setInterval(() => {
    failAbandonedJobs(db, false).catch(onError);
  }, 30_000);
  sweep.unref();
  return () => clearInterval(sweep);
}
