import { setImmediate as yieldToServer } from 'node:timers/promises';
import type { BatchJob } from '@dash/shared-core/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditChange, recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { membershipChanged } from '../../core/events/membershipEvents';
import { OPEN_STATUSES } from '../../core/jobs/jobs';
import type { SessionContext } from '../../core/sessions/sessions';

/**
 * How an import's new members land without holding the database (docs/company.md, "Landing in steps"). On the
 * embedded database every call shares one connection, and one transaction of 100,000 members held every other call
 * for 30 s and more. Now:
 * 1. stage: the new members are written in short transactions as a hidden set (`member_row.import_job` = the job;
 *    the view `member`, which everything reads, leaves them out), each listed in `member_import_pending`;
 * 2. reveal: one short transaction checks the licence, applies the changes to existing members, links units and
 *    locations and marks the job landed (`member_import_landed`), which makes the whole set visible at once;
 * 3. settle: in short transactions, the new members' audit entries, welcome mails owed and tasks, each step taking
 *    the members it did off the pending list; a process that takes over after a crash finishes what is left.
 * A job that fails or is killed before step 2 leaves nothing visible; its hidden rows are removed.
 */

/** Members per short transaction. A step of this size takes tens of milliseconds on the embedded database. */
export const STAGE_ROWS = 1_000;
/**
 * Settle steps (audit, tasks of every assigned e-learning and analysis) are sized by time: each aims at
 * SETTLE_STEP_MS, so that other calls wait at most about that long for one, on a fast machine or a slow one, for a
 * client with one assignment or fifty. Fixed-size steps had to choose between a slow import (250 members: 59 s for
 * 100,000) and long waits (500: member state p95 197 ms).
 */
const SETTLE_STEP_MS = 100;
const SETTLE_ROWS = { first: 250, min: 50, max: 2_000 };
const POSTGRES_SETTLE_ROWS = 10_000;
const AUDIT_ROWS = 10_000;

/** The next step's size: this one's scaled to the time aimed at, changing by at most half or double per step. */
export function nextSettleRows(rows: number, elapsedMs: number): number {
  const scaled = elapsedMs > 0 ? rows * (SETTLE_STEP_MS / elapsedMs) : rows * 2;
  const bounded = Math.min(rows * 2, Math.max(rows / 2, scaled));
  return Math.round(Math.min(SETTLE_ROWS.max, Math.max(SETTLE_ROWS.min, bounded)));
}

type Actor = Pick<SessionContext, 'clientUuid' | 'memberUuid' | 'support'>;

/** Writes one step of hidden new members (the job's tag keeps them out of every read until the job lands). */
export async function stageMembers(db: Database, sql: string, params: unknown[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(sql, params);
  });
  await yieldToServer();
}

/** Marks the job landed inside the reveal transaction: from its commit on, the job's members are visible. */
export async function markLanded(
  tx: Queryable,
  actor: Actor,
  job: { uuid: string; filename: string; welcomeMails: boolean; result: NonNullable<BatchJob['result']> },
): Promise<void> {
  await tx.query(
    `INSERT INTO member_import_landed (job_uuid, client_uuid, actor_member_uuid, support_adviser, welcome_mails,
                                       filename, result)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      job.uuid,
      actor.clientUuid,
      actor.memberUuid,
      actor.support?.adviser ?? null,
      job.welcomeMails,
      job.filename,
      JSON.stringify(job.result),
    ],
  );
  // The member lists and the company's kept answers follow the company version, which the triggers on `member_row`
  // moved when the hidden rows were written; the rows becoming visible is no write to them, so it moves here.
  await tx.query(
    `INSERT INTO data_change (scope, key, txid) VALUES ('company', $1, txid_current()) ON CONFLICT DO NOTHING`,
    [actor.clientUuid],
  );
}

interface LandedJob {
  job_uuid: string;
  client_uuid: string;
  actor_member_uuid: string;
  support_adviser: string | null;
  welcome_mails: boolean;
  filename: string;
  result: NonNullable<BatchJob['result']>;
}

/**
 * One settle step: the next members of a landed job get their audit entry, their welcome mail owed and their tasks,
 * and leave the pending list, all in one short transaction (the job's tag stays on their rows). Answers how many members it did (0: the job is settled).
 * `SKIP LOCKED`: two processes finishing the same job after a crash never do a member twice.
 */
async function settleStep(db: Database, landed: LandedJob, rows: number): Promise<number> {
  return db.transaction(async (tx) => {
    const members = await tx.query<{ uuid: string; email: string | null }>(
      `SELECT p.member_uuid AS uuid, m.email FROM member_import_pending p JOIN member_row m ON m.uuid = p.member_uuid
        WHERE p.job_uuid = $1 LIMIT $2 FOR UPDATE OF p SKIP LOCKED`,
      [landed.job_uuid, rows],
    );
    if (members.length === 0) return 0;
    const uuids = members.map((member) => member.uuid);
    const links = await tx.query<{ member_uuid: string; org_unit_uuid: string | null; location_uuid: string | null }>(
      `SELECT u.uuid AS member_uuid,
              (SELECT om.org_unit_uuid FROM org_unit_member om WHERE om.member_uuid = u.uuid LIMIT 1) AS org_unit_uuid,
              (SELECT lm.location_uuid FROM location_member lm WHERE lm.member_uuid = u.uuid LIMIT 1) AS location_uuid
         FROM unnest($1::uuid[]) AS u(uuid)`,
      [uuids],
    );
    // A creation records no values (the audit trail's rule: the new row holds them), only where it came from and
    // the memberships it got.
    const changes: AuditChange[] = links.map((link) => ({
      action: 'member.import-create',
      entityType: 'member',
      entityUuid: link.member_uuid,
      memberUuid: link.member_uuid,
      before: null,
      after: {
        ...(link.org_unit_uuid ? { orgUnitUuid: link.org_unit_uuid } : {}),
        ...(link.location_uuid ? { locationUuid: link.location_uuid } : {}),
        job: landed.job_uuid,
      },
    }));
    // At most AUDIT_ROWS per statement (one step on PostgreSQL holds a whole job).
    for (let start = 0; start < changes.length; start += AUDIT_ROWS)
      await recordAudit(tx, actorOf(landed), changes.slice(start, start + AUDIT_ROWS));
    if (landed.welcome_mails) {
      // Owed in the same step: they go out once the job has settled, never twice (sendOwedWelcomeMails claims them).
      await tx.query(
        `INSERT INTO member_import_welcome (member_uuid, job_uuid) SELECT u.uuid, $2 FROM unnest($1::uuid[]) AS u(uuid)
         ON CONFLICT DO NOTHING`,
        [members.filter((member) => member.email).map((member) => member.uuid), landed.job_uuid],
      );
    }
    // The apps' tasks of the units and locations the new members joined: only added (they have none to lose).
    await membershipChanged(tx, landed.client_uuid, { memberUuids: uuids, newMembers: true });
    await tx.query('DELETE FROM member_import_pending WHERE member_uuid = ANY ($1::uuid[])', [uuids]);
    return members.length;
  });
}

function actorOf(landed: LandedJob): Actor {
  return {
    clientUuid: landed.client_uuid,
    memberUuid: landed.actor_member_uuid,
    support: landed.support_adviser ? { adviser: landed.support_adviser, reason: '' } : null,
  };
}

const LANDED_COLUMNS = 'job_uuid, client_uuid, actor_member_uuid, support_adviser, welcome_mails, filename, result';

/**
 * Writes a landed job's follow-up in short steps, then ends the job: the run's audit entry and `finished`, in one
 * transaction, once (its landed mark stays: the view reads it). `onStep` hears the members done so far.
 */
export async function settleLandedJob(
  db: Database,
  jobUuid: string,
  onStep: (done: number) => Promise<void> = async () => undefined,
): Promise<NonNullable<BatchJob['result']> | null> {
  const [landed] = await db.query<LandedJob>(`SELECT ${LANDED_COLUMNS} FROM member_import_landed WHERE job_uuid = $1`, [
    jobUuid,
  ]);
  if (!landed) return null;
  let done = 0;
  // On PostgreSQL other calls have connections of their own and the rows' locks hold nobody up: large steps (steps
  // of a few hundred members made a 10,000-row import twice as slow there), still a heartbeat between them: one
  // transaction of a 100,000-row job's follow-up outlasted the 60 s after which the sweep counts a job abandoned.
  const whole = db.kind === 'postgres';
  let rows = whole ? POSTGRES_SETTLE_ROWS : SETTLE_ROWS.first;
  for (;;) {
    const started = performance.now();
    const step = await settleStep(db, landed, rows);
    if (step === 0) break;
    if (!whole) rows = nextSettleRows(rows, performance.now() - started);
    done += step;
    await onStep(done);
    await yieldToServer();
  }
  return db.transaction(async (tx) => {
    // Members another process is still settling (locked, so skipped above): that one ends the job.
    const [left] = await tx.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM member_import_pending WHERE job_uuid = $1',
      [jobUuid],
    );
    if ((left?.count ?? 0) > 0) return landed.result;
    // Ended once: a second process finishing the same job (or a second call) writes nothing more.
    const ended = await tx.query(
      `UPDATE batch_job SET status = 'finished', done = total, result = $2::jsonb, error_code = NULL, finished_at = now(),
              heartbeat_at = now() WHERE uuid = $1 AND status <> 'finished' RETURNING uuid`,
      [jobUuid, JSON.stringify(landed.result)],
    );
    if (ended.length === 0) return null;
    await recordAudit(tx, actorOf(landed), [
      {
        action: 'member-import.run',
        entityType: 'member-import',
        entityUuid: jobUuid,
        after: { filename: landed.filename, ...landed.result },
      },
    ]);
    return landed.result;
  });
}

/** Removes the hidden members of a job that did not land, in short steps (nothing of it was ever visible). */
export async function discardStagedMembers(db: Database, jobUuid: string): Promise<number> {
  let removed = 0;
  for (;;) {
    // Their pending rows go with them (foreign key, on delete cascade).
    const rows = await db.query<{ uuid: string }>(
      `DELETE FROM member_row WHERE uuid IN (
         SELECT member_uuid FROM member_import_pending WHERE job_uuid = $1 LIMIT ${STAGE_ROWS})
         AND import_job = $1 AND NOT EXISTS (SELECT 1 FROM member_import_landed WHERE job_uuid = $1)
       RETURNING uuid`,
      [jobUuid],
    );
    if (rows.length === 0) return removed;
    removed += rows.length;
    await yieldToServer();
  }
}

/**
 * Finishes what stopped processes left (at start-up, and before every import of a client): landed jobs are settled
 * and ended, the hidden members of jobs that ended without landing are removed (they would hold their usernames).
 * Only jobs that are no longer open: a job another process still runs is left to it.
 */
export async function finishInterruptedImports(
  db: Database,
  log: FastifyBaseLogger,
  clientUuid: string | null = null,
): Promise<void> {
  const landed = await db.query<{ job_uuid: string }>(
    `SELECT l.job_uuid FROM member_import_landed l LEFT JOIN batch_job b ON b.uuid = l.job_uuid
      WHERE ($1::uuid IS NULL OR l.client_uuid = $1)
        AND (b.uuid IS NULL OR NOT (b.status = ANY ($2::text[])))
        AND ((b.uuid IS NOT NULL AND b.status <> 'finished')
             OR EXISTS (SELECT 1 FROM member_import_pending p WHERE p.job_uuid = l.job_uuid))`,
    [clientUuid, OPEN_STATUSES],
  );
  for (const { job_uuid } of landed) {
    await settleLandedJob(db, job_uuid);
    log.info({ job: job_uuid }, 'member import settled after an interruption');
  }
  const staged = await db.query<{ job_uuid: string }>(
    `SELECT DISTINCT p.job_uuid FROM member_import_pending p
       JOIN member_row m ON m.uuid = p.member_uuid
       LEFT JOIN batch_job b ON b.uuid = p.job_uuid
      WHERE ($1::uuid IS NULL OR m.client_uuid = $1)
        AND (b.uuid IS NULL OR NOT (b.status = ANY ($2::text[])))
        AND NOT EXISTS (SELECT 1 FROM member_import_landed l WHERE l.job_uuid = p.job_uuid)`,
    [clientUuid, OPEN_STATUSES],
  );
  for (const { job_uuid } of staged) {
    const removed = await discardStagedMembers(db, job_uuid);
    log.info({ job: job_uuid, removed }, 'hidden members of an interrupted import removed');
  }
}
