import { createHash } from 'node:crypto';
import { setImmediate as yieldToServer } from 'node:timers/promises';
import type { BatchJob, MemberImportOptions } from '@dash/shared-core/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditChange, recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { membershipChanged } from '../../core/events/membershipEvents';
import { endJob, forgetProgress, reportProgress } from '../../core/jobs/jobs';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';
import { type MailServices, sendWelcomeMail } from '../auth/passwordReset';
import { hashPasswordForStorage } from '../auth/passwords';
import { assertSeatsFor } from '../members/licence';
import {
  discardStagedMembers,
  finishInterruptedImports,
  markLanded,
  STAGE_ROWS,
  settleLandedJob,
  stageMembers,
} from './landing';
import { type ImportPlan, MEMBER_COLUMNS, type MemberValues, type PlannedMember } from './plan';

/** Rows per statement: one multi-row INSERT or UPDATE FROM per chunk (the member-list trigger fires per statement). */
export const CHUNK_SIZE = 10_000;
/** Password hashes computed at once (scrypt runs on libuv's thread pool). */
const HASH_CONCURRENCY = 4;

export interface ImportJobContext {
  db: Database;
  mail: MailServices;
  log: FastifyBaseLogger;
  session: Pick<SessionContext, 'clientUuid' | 'memberUuid' | 'support'>;
  job: BatchJob;
  filename: string;
  plan: ImportPlan;
  options: Pick<MemberImportOptions, 'passwordMode' | 'password'>;
}

function chunks<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const RECORD_COLUMNS = Object.values(MEMBER_COLUMNS);
const RECORD_TYPE = RECORD_COLUMNS.map((column) => `${column} text`).join(', ');

function record(member: PlannedMember, values: MemberValues): Record<string, string | null> {
  const row: Record<string, string | null> = { uuid: member.uuid, username: member.username };
  for (const [field, column] of Object.entries(MEMBER_COLUMNS))
    row[column] = values[field as keyof MemberValues] ?? null;
  return row;
}

/** The stored password hash of each new member: one for mode `initial`, one per row for `byColumn`, else none. */
async function passwordHashes(context: ImportJobContext, creates: PlannedMember[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const { options, job, db } = context;
  if (options.passwordMode === 'initial' && options.password) {
    // Every new member gets the same initial password: one scrypt hash (with its salt) serves them all.
    const stored = await hashPasswordForStorage(options.password);
    for (const member of creates) hashes.set(member.uuid, stored);
    return hashes;
  }
  if (options.passwordMode !== 'byColumn') return hashes;
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < creates.length) {
      const member = creates[next++] as PlannedMember;
      if (!member.plainPassword) continue;
      // The browser would send the SHA-256 of a typed password; the file's password is hashed the same way first.
      const sha = createHash('sha256').update(member.plainPassword, 'utf8').digest('hex');
      hashes.set(member.uuid, await hashPasswordForStorage(sha));
      done++;
      if (done % 100 === 0) await reportProgress(db, job.uuid, 'inProgress', done);
    }
  };
  await Promise.all(Array.from({ length: HASH_CONCURRENCY }, worker));
  return hashes;
}

/**
 * The member rows of each statement, built before anything is written: new members as one array per column (unnest
 * reads them faster than JSON records), one step of STAGE_ROWS each; changed ones as the JSON records of UPDATE … FROM.
 */
interface PreparedRows {
  creates: unknown[][];
  updates: string[];
}

const CREATE_COLUMNS = ['uuid', 'username', 'password_hash', ...RECORD_COLUMNS] as const;
/** New members, hidden by their job's tag until the job lands (landing.ts). */
const STAGE_SQL = `WITH staged AS (
  INSERT INTO member_row (client_uuid, import_job, ${CREATE_COLUMNS.join(', ')})
  SELECT $1, $2, ${CREATE_COLUMNS.map((column) => `x.${column}`).join(', ')}
    FROM unnest(${CREATE_COLUMNS.map((column, index) => `$${index + 3}::${column === 'uuid' ? 'uuid' : 'text'}[]`).join(', ')})
      AS x(${CREATE_COLUMNS.join(', ')})
  RETURNING uuid)
INSERT INTO member_import_pending (member_uuid, job_uuid) SELECT uuid, $2 FROM staged`;

async function prepareRows(context: ImportJobContext, hashes: Map<string, string>): Promise<PreparedRows> {
  const { plan } = context;
  const prepared: PreparedRows = { creates: [], updates: [] };
  const creates = plan.members.filter((member) => member.action === 'create');
  for (const step of chunks(creates, STAGE_ROWS)) {
    const records = step.map(
      (member): Record<string, string | null> => ({
        ...record(member, member.values),
        password_hash: hashes.get(member.uuid) ?? null,
      }),
    );
    prepared.creates.push(CREATE_COLUMNS.map((column) => records.map((row) => row[column] ?? null)));
    await yieldToServer();
  }
  const updates = plan.members.filter((member) => member.action === 'update');
  for (const chunk of chunks(updates))
    prepared.updates.push(JSON.stringify(chunk.map((member) => record(member, member.values))));
  return prepared;
}

function resultOf(plan: ImportPlan, welcomeMails: number): NonNullable<BatchJob['result']> {
  return {
    created: plan.created,
    updated: plan.updated,
    unchanged: plan.unchanged,
    skipped: plan.skipped,
    welcomeMails,
  };
}

/**
 * The reveal: one transaction that checks the licence, applies the changes to existing members (with their audit
 * entries and tasks), links every member to its unit and location and marks the job landed, which makes the hidden
 * new members visible at once. Their own follow-up is written afterwards, in steps (landing.ts).
 */
async function reveal(tx: Queryable, context: ImportJobContext, prepared: PreparedRows): Promise<void> {
  const { plan, session, job } = context;
  const clientUuid = session.clientUuid;
  // The licence counts the whole job, under the client's member-change lock (concurrent imports and creations wait).
  await assertSeatsFor(tx, clientUuid, plan.created, 'MemberImport.ExceedsMaxMembers');
  const welcomeMails =
    context.options.passwordMode === 'byEmail'
      ? plan.members.filter((member) => member.action === 'create' && member.values.email).length
      : 0;
  await markLanded(tx, session, {
    uuid: job.uuid,
    filename: context.filename,
    welcomeMails: context.options.passwordMode === 'byEmail',
    result: resultOf(plan, welcomeMails),
  });
  for (const rows of prepared.updates) {
    // Only the values that change are set (null in the record: keep the member's own).
    await tx.query(
      `UPDATE member m SET ${RECORD_COLUMNS.map((column) => `${column} = coalesce(x.${column}, m.${column})`).join(', ')}
         FROM jsonb_to_recordset($1::jsonb) AS x(uuid uuid, username text, ${RECORD_TYPE})
        WHERE m.uuid = x.uuid AND m.client_uuid = $2`,
      [rows, clientUuid],
    );
  }
  const orgUnitRows = plan.members.filter((member) => member.orgUnitUuid);
  for (const chunk of chunks(orgUnitRows)) {
    await tx.query(
      `INSERT INTO org_unit_member (org_unit_uuid, member_uuid)
       SELECT x.org_unit_uuid, x.member_uuid FROM jsonb_to_recordset($1::jsonb) AS x(org_unit_uuid uuid, member_uuid uuid)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(chunk.map((member) => ({ org_unit_uuid: member.orgUnitUuid, member_uuid: member.uuid })))],
    );
  }
  const locationRows = plan.members.filter((member) => member.locationUuid);
  for (const chunk of chunks(locationRows)) {
    await tx.query(
      `INSERT INTO location_member (location_uuid, member_uuid)
       SELECT x.location_uuid, x.member_uuid FROM jsonb_to_recordset($1::jsonb) AS x(location_uuid uuid, member_uuid uuid)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(chunk.map((member) => ({ location_uuid: member.locationUuid, member_uuid: member.uuid })))],
    );
  }
  const updated = plan.members.filter((member) => member.action === 'update');
  for (const chunk of chunks(updated)) {
    // A change records the fields it changed, and the memberships it got.
    const changes: AuditChange[] = chunk.map((member) => ({
      action: 'member.import-update',
      entityType: 'member',
      entityUuid: member.uuid,
      memberUuid: member.uuid,
      before: { ...member.before },
      after: {
        ...member.values,
        ...(member.orgUnitUuid ? { orgUnitUuid: member.orgUnitUuid } : {}),
        ...(member.locationUuid ? { locationUuid: member.locationUuid } : {}),
        job: job.uuid,
      },
    }));
    await recordAudit(tx, session, changes);
  }
  // The updated members' tasks are brought in line with the units and locations they joined, with the change; the
  // rest of the client is untouched (a sync of the whole client re-checked every member's every task).
  if (updated.length > 0)
    await membershipChanged(tx, clientUuid, { memberUuids: updated.map((member) => member.uuid) });
}

/**
 * Sends the welcome mails an import owes (of one job, or of every job after a restart). Each mail is claimed
 * before it is sent: a member never gets two, even with two processes or a crash between claim and send.
 */
export async function sendOwedWelcomeMails(
  db: Database,
  mail: MailServices,
  log: FastifyBaseLogger,
  jobUuid: string | null,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await db.query<{ member_uuid: string }>(
      `UPDATE member_import_welcome SET sent_at = now()
        WHERE member_uuid IN (SELECT member_uuid FROM member_import_welcome
                               WHERE sent_at IS NULL AND ($1::uuid IS NULL OR job_uuid = $1) LIMIT 50)
          AND sent_at IS NULL
        RETURNING member_uuid`,
      [jobUuid],
    );
    if (claimed.length === 0) return sent;
    for (const { member_uuid } of claimed) {
      try {
        await sendWelcomeMail({ ...mail, db }, member_uuid);
        sent++;
      } catch (error) {
        log.error({ err: error, member: member_uuid }, 'welcome mail of an imported member failed');
      }
    }
  }
}

/**
 * The job: created -> initialized -> inProgress (rows prepared: password hashes, records; then the new members
 * written hidden, in steps) -> finishedTasks (revealed in one short transaction; then their audit entries, mails owed
 * and tasks in steps) -> finished; failedInitializing or failedEnding with the reason otherwise. Nothing of a job
 * that does not land is visible, and its hidden rows are removed.
 */
export async function runImportJob(context: ImportJobContext): Promise<void> {
  const { db, job, plan, log } = context;
  let landing = false;
  let landed = false;
  try {
    await reportProgress(db, job.uuid, 'initialized', 0);
    // A stopped process may have left this client's hidden rows (they hold their usernames) or a job to settle.
    await finishInterruptedImports(db, log, context.session.clientUuid);
    const creates = plan.members.filter((member) => member.action === 'create');
    await reportProgress(db, job.uuid, 'inProgress', 0);
    const startedAt = performance.now();
    const hashes = await passwordHashes(context, creates);
    const prepared = await prepareRows(context, hashes);
    const preparedAt = performance.now();
    landing = true;
    let staged = 0;
    for (const columns of prepared.creates) {
      await stageMembers(db, STAGE_SQL, [context.session.clientUuid, job.uuid, ...columns]);
      staged += (columns[0] as unknown[]).length;
      // Half of the bar: the other half is the settling of the same members.
      await reportProgress(db, job.uuid, 'inProgress', Math.floor(staged / 2));
    }
    const stagedAt = performance.now();
    await db.transaction((tx) => reveal(tx, context, prepared));
    landed = true;
    const revealedAt = performance.now();
    await reportProgress(db, job.uuid, 'finishedTasks', Math.floor(plan.created / 2));
    await settleLandedJob(db, job.uuid, (done) =>
      reportProgress(db, job.uuid, 'finishedTasks', Math.floor((plan.created + done) / 2)),
    );
    // How long each part took; only the reveal holds the database for more than one short step.
    log.info(
      {
        job: job.uuid,
        rows: plan.members.length,
        prepareMs: Math.round(preparedAt - startedAt),
        stageMs: Math.round(stagedAt - preparedAt),
        revealMs: Math.round(revealedAt - stagedAt),
        settleMs: Math.round(performance.now() - revealedAt),
      },
      'member import landed',
    );
    forgetProgress(job.uuid);
    if (context.options.passwordMode === 'byEmail') await sendOwedWelcomeMails(db, context.mail, log, job.uuid);
  } catch (error) {
    forgetProgress(job.uuid);
    const code = error instanceof ApiHttpError ? error.code : 'Generic.PersistFailed';
    if (!(error instanceof ApiHttpError)) log.error({ err: error, job: job.uuid }, 'member import failed');
    if (landed) {
      // The members are visible: what is left of their follow-up is finished by the next import or start-up.
      await endJob(db, job.uuid, { status: 'failedEnding', done: 0, errorCode: code }).catch((endError) =>
        log.error({ err: endError, job: job.uuid }, 'could not record the failed job'),
      );
      return;
    }
    await discardStagedMembers(db, job.uuid).catch((discardError) =>
      log.error({ err: discardError, job: job.uuid }, 'hidden members of a failed import not removed'),
    );
    await endJob(db, job.uuid, {
      status: landing ? 'failedEnding' : 'failedInitializing',
      done: 0,
      errorCode: code,
    }).catch((endError) => log.error({ err: endError, job: job.uuid }, 'could not record the failed job'));
  }
}
