import { setImmediate as yieldToServer } from 'node:timers/promises';
import type { BatchJob } from '@dash/shared-core/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditChange, recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { membershipChanged } from '../../core/events/membershipEvents';
import { OPEN_STATUSES } from '../../core/jobs/jobs';
import type { SessionContext } from '../../core/sessions/sessions';

/**
 * How an import's new members land without holding the database (docs/member-import.md, "Landing in steps"). On the
 * embedded database every call shares one connection, and one transaction of 100,000 members held every other call
 * for 30 s and more. Now:
 * 1. stage: the new members are written in short transactions as a hidden set (`member_row.import_job` = the job;
 *    the view `member`, which everything reads, leaves them out);
 * 2. reveal: one short transaction checks the licence, applies the changes to existing members, links units and
 *    locations and marks the job landed (`member_import_landed`), which makes the whole set visible at once;
 * 3. settle: in short transactions, the new members' audit entries, welcome mails owed and tasks, each step clearing
 *    the tag of the members it did; a process that takes over after a crash finishes what is left.
 * A job that fails or is killed before step 2 leaves nothing visible; its hidden rows are removed.
 */

/** Members per short transaction. A step of this size takes tens of milliseconds on the embedded database. */
export const STAGE_ROWS = 1_000;
/** Members per settle step (audit, tasks of every assigned e-learning and analysis): a few more statements each. */
export const SETTLE_ROWS = 250;

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
 * and lose the job's tag, all in one short transaction. Answers how many members it did (0: the job is settled).
 * `SKIP LOCKED`: two processes finishing the same job after a crash never do a member twice.
 */
async function settleStep(db: Database, landed: LandedJob): Promise<number> {
  return db.transaction(async (tx) => {
    const members = await tx.query<{ uuid: string; email: string | null }>(
      `SELECT uuid, email FROM member_row WHERE import_job = $1 LIMIT ${SETTLE_ROWS} FOR UPDATE SKIP LOCKED`,
      [landed.job_uuid],
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
    await recordAudit(tx, actorOf(landed), changes);
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
    await tx.query('UPDATE member_row SET import_job = NULL WHERE uuid = ANY ($1::uuid[])', [uuids]);
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
 * transaction with the end of its landed mark. `onStep` hears the members done so far.
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
  for (;;) {
    const step = await settleStep(db, landed);
    if (step === 0) break;
    done += step;
    await onStep(done);
    await yieldToServer();
  }
  return db.transaction(async (tx) => {
    // Another process may have ended it meanwhile (both took over after a crash): the first one ends it.
    // Members another process is still settling (locked, so skipped above) keep the mark until that one ends it.
    const [left] = await tx.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM member_row WHERE import_job = $1',
      [jobUuid],
    );
    if ((left?.count ?? 0) > 0) return landed.result;
    const still = await tx.query('DELETE FROM member_import_landed WHERE job_uuid = $1 RETURNING job_uuid', [jobUuid]);
    const result = landed.result;
    if (still.length === 0) return result;
    await recordAudit(tx, actorOf(landed), [
      {
        action: 'member-import.run',
        entityType: 'member-import',
        entityUuid: jobUuid,
        after: { filename: landed.filename, ...result },
      },
    ]);
    const total = await tx.query<{ total: number }>('SELECT total FROM batch_job WHERE uuid = $1', [jobUuid]);
    await tx.query(
      `UPDATE batch_job SET status = 'finished', done = $2, result = $3::jsonb, error_code = NULL, finished_at = now(),
              heartbeat_at = now() WHERE uuid = $1`,
      [jobUuid, total[0]?.total ?? 0, JSON.stringify(result)],
    );
    return result;
  });
}

/** Removes the hidden members of a job that did not land, in short steps (nothing of it was ever visible). */
export async function discardStagedMembers(db: Database, jobUuid: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await db.query<{ uuid: string }>(
      `DELETE FROM member_row WHERE uuid IN (
         SELECT uuid FROM member_row WHERE import_job = $1 LIMIT ${STAGE_ROWS})
         AND NOT EXISTS (SELECT 1 FROM member_import_landed WHERE job_uuid = $1)
       RETURNING uuid`,
      [jobUuid],
    );
    if (rows.length === 0) return removed;
    removed += rows.length;
    await yieldToServer();
  }
}

/**
 * Finishes what stopped processes left (at start-up, and before every import of a client): landed jobs are settled,
 * the hidden members of jobs that ended without landing are removed (they would hold their usernames). Only jobs that
 * are no longer open: a job another process still runs is left to it.
 */
export async function finishInterruptedImports(
  db: Database,
  log: FastifyBaseLogger,
  clientUuid: string | null = null,
): Promise<void> {
  const landed = await db.query<{ job_uuid: string }>(
    `SELECT l.job_uuid FROM member_import_landed l JOIN batch_job b ON b.uuid = l.job_uuid
      WHERE ($1::uuid IS NULL OR l.client_uuid = $1) AND NOT (b.status = ANY ($2::text[]))`,
    [clientUuid, OPEN_STATUSES],
  );
  for (const { job_uuid } of landed) {
    await settleLandedJob(db, job_uuid);
    log.info({ job: job_uuid }, 'member import settled after an interruption');
  }
  const staged = await db.query<{ import_job: string }>(
    `SELECT DISTINCT m.import_job FROM member_row m JOIN batch_job b ON b.uuid = m.import_job
      WHERE m.import_job IS NOT NULL AND ($1::uuid IS NULL OR m.client_uuid = $1)
        AND NOT (b.status = ANY ($2::text[]))
        AND NOT EXISTS (SELECT 1 FROM member_import_landed l WHERE l.job_uuid = m.import_job)`,
    [clientUuid, OPEN_STATUSES],
  );
  for (const { import_job } of staged) {
    const removed = await discardStagedMembers(db, import_job);
    log.info({ job: import_job, removed }, 'hidden members of an interrupted import removed');
  }
}
