import { ENDPOINTS, type ScormSequencingTree, type SequencingRoot } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { courseLaunchUrls } from '../courseLaunch';
import { type ExecutionRow, ownExecution, resultOfExecution } from '../lookups';
import { localisedTitle, type ManifestItem } from '../scormPackage';
import {
  cmiForLaunch,
  cmiForStorage,
  type ScormVersion,
  type ScoState,
  scoStatusOf,
  summariseAttempt,
  summariseCmi,
  summariseSequencedAttempt,
} from '../scormRules';
import { treeInLanguage } from '../scormSequencing';
import { completeElearningTask, ELEARNING_STATE_SQL } from '../taskSync';

/** `ownExecution` (locked) for a commit, with its package's items and every SCO's stored state, in one statement. */
async function executionForCommit(
  tx: Queryable,
  session: SessionContext,
  uuid: string,
): Promise<{
  execution: ExecutionRow;
  items: ManifestItem[];
  storedScos: ScoRow[];
  sequenced: boolean;
  sequencingSequence: number;
  sequencingRoot: SequencingRoot | null;
}> {
  const [row] = await tx.query<
    ExecutionRow & {
      items: ManifestItem[] | null;
      scos: ScoRow[];
      sequenced: boolean;
      sequencing_sequence: string | number;
      sequencing_root: SequencingRoot | null;
    }
  >(
    `SELECT x.uuid, x.task_uuid, x.member_uuid, x.elearning_uuid, x.package_uuid, x.scorm_version, x.current_sco,
            x.completed_at, x.reset_at, p.items, p.sequencing IS NOT NULL AS sequenced, x.sequencing_sequence,
            x.sequencing_root,
            coalesce((SELECT json_agg(json_build_object(${SCO_COLUMNS.split(', ')
              .map((column) => `'${column}', s.${column}`)
              .join(', ')}))
                        FROM elearning_execution_sco s WHERE s.execution_uuid = x.uuid), '[]') AS scos
       FROM elearning_execution x LEFT JOIN elearning_package p ON p.uuid = x.package_uuid
      WHERE x.uuid = $1 AND x.client_uuid = $2 FOR UPDATE OF x`,
    [uuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'MemberExecution.NotFound');
  if (row.member_uuid !== session.memberUuid) throw new ApiHttpError(403, 'MemberExecution.WrongAssociation');
  if (row.reset_at) throw new ApiHttpError(404, 'MemberExecution.NotFound');
  const { items, scos, sequenced, sequencing_sequence, sequencing_root, ...execution } = row;
  return {
    execution,
    items: items ?? [],
    storedScos: scos,
    sequenced,
    sequencingSequence: Number(sequencing_sequence),
    sequencingRoot: sequencing_root,
  };
}

interface ScoRow {
  sco_id: string;
  sequence: string | number;
  completion_status: string | null;
  success_status: string | null;
  score_percent: string | number | null;
  total_time_seconds: number;
  completed_at: unknown;
  cmi?: Record<string, unknown> | null;
}

const SCO_COLUMNS =
  'sco_id, sequence, completion_status, success_status, score_percent, total_time_seconds, completed_at';

function scoState(row: ScoRow): ScoState {
  return {
    completionStatus: row.completion_status,
    successStatus: row.success_status,
    scorePercent: row.score_percent === null ? null : Number(row.score_percent),
    totalTimeSeconds: row.total_time_seconds,
    done: row.completed_at !== null,
  };
}

/** Opens a new execution of the task on the e-learning's current package (the unique index allows one open). */
async function openExecution(
  tx: Queryable,
  session: SessionContext,
  task: { uuid: string; elearning_uuid: string; package_uuid: string; scorm_version: ScormVersion },
): Promise<{ uuid: string; resumed: boolean }> {
  const created = await tx.query<{ uuid: string }>(
    `INSERT INTO elearning_execution (client_uuid, task_uuid, member_uuid, elearning_uuid, package_uuid, scorm_version)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (task_uuid) WHERE reset_at IS NULL DO NOTHING RETURNING uuid`,
    [session.clientUuid, task.uuid, session.memberUuid, task.elearning_uuid, task.package_uuid, task.scorm_version],
  );
  if (created[0]) {
    // The member began: the analytics show the task as in progress.
    await tx.query('UPDATE elearning_task SET started_at = coalesce(started_at, now()) WHERE uuid = $1', [task.uuid]);
    return { uuid: created[0].uuid, resumed: false };
  }
  const [open] = await tx.query<{ uuid: string }>(
    'SELECT uuid FROM elearning_execution WHERE task_uuid = $1 AND reset_at IS NULL',
    [task.uuid],
  );
  if (!open) throw new ApiHttpError(500, 'Generic.PersistFailed');
  return { uuid: open.uuid, resumed: true };
}

/**
 * The commit of a member's execution (ordered, idempotent): registered in the scope whose text/plain body parser
 * takes navigator.sendBeacon's JSON (playerBodies.ts).
 */
export function registerExecutionCommitRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.elearningSaveExecution, async ({ body, session }) =>
    db.transaction(async (tx) => {
      // One statement reads what a commit needs (a course commits every few seconds per member): the execution,
      // locked (its row lock puts the commits of one attempt in a line: every SCO's counts for the attempt), the
      // package's items, and every SCO's state (this one's number decides, the others' make the attempt's summary).
      const { execution, items, storedScos, sequenced, sequencingSequence, sequencingRoot } = await executionForCommit(
        tx,
        session,
        body.uuid,
      );
      const scoIds = items.filter((item) => item.sco).map((item) => item.id);
      // Without a SCO named: the package's first SCO (single-SCO players and players from before several SCOs).
      const scoId = body.scoId ?? scoIds[0];
      if (!scoId || !scoIds.includes(scoId)) throw new ApiHttpError(404, 'MemberExecution.ScoNotFound');
      // The sequencer's state counts on its own number (one per execution): newer state is never overwritten by a
      // late one, and a commit whose SCO part is old can still bring newer state (the player saves the SCO it left
      // again with the state after the navigation).
      let root = sequencingRoot;
      const sequencingApplied =
        sequenced && body.sequencing !== undefined && body.sequencing.sequence > sequencingSequence;
      if (sequencingApplied && body.sequencing) {
        root = body.sequencing.root;
        await tx.query(
          `UPDATE elearning_execution SET sequencing_state = $2, sequencing_sequence = $3, sequencing_root = $4
            WHERE uuid = $1`,
          [execution.uuid, body.sequencing.state, body.sequencing.sequence, JSON.stringify(root)],
        );
      }
      const before = storedScos.find((row) => row.sco_id === scoId);
      const stored = Number(before?.sequence ?? 0);
      if (body.sequence <= stored && !sequencingApplied) {
        // A late or repeated commit of this SCO: newer data stays.
        const state = before ? scoState(before) : undefined;
        return {
          applied: false,
          sequence: stored,
          sco: { id: scoId, status: scoStatusOf(state), scorePercent: state?.scorePercent ?? null },
          completedAt: iso(execution.completed_at),
          // A result exists from the attempt's completion on.
          resultUuid: execution.completed_at ? await resultOfExecution(tx, execution.uuid) : null,
        };
      }
      const scoApplied = body.sequence > stored;
      let sco: ScoRow | undefined = before;
      if (scoApplied) {
        const summary = summariseCmi(execution.scorm_version, body.cmi);
        const cmi = cmiForStorage(execution.scorm_version, body.cmi, body.totalTimeSeconds);
        // Completion is never undone, per SCO: once done, a later commit that is not keeps the done statuses.
        [sco] = await tx.query<ScoRow>(
          `INSERT INTO elearning_execution_sco AS s (execution_uuid, sco_id, cmi, sequence, total_time_seconds,
                                                     completion_status, success_status, score_percent, completed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END)
           ON CONFLICT (execution_uuid, sco_id) DO UPDATE SET
             cmi = excluded.cmi, sequence = excluded.sequence, total_time_seconds = excluded.total_time_seconds,
             updated_at = now(),
             completion_status = CASE WHEN s.completed_at IS NOT NULL AND NOT $9 THEN s.completion_status ELSE excluded.completion_status END,
             success_status = CASE WHEN s.completed_at IS NOT NULL AND NOT $9 THEN s.success_status ELSE excluded.success_status END,
             score_percent = CASE WHEN s.completed_at IS NOT NULL AND NOT $9 THEN s.score_percent ELSE excluded.score_percent END,
             completed_at = coalesce(s.completed_at, excluded.completed_at)
           RETURNING ${SCO_COLUMNS}`,
          [
            execution.uuid,
            scoId,
            JSON.stringify(cmi),
            body.sequence,
            body.totalTimeSeconds,
            summary.completionStatus,
            summary.successStatus,
            summary.scorePercent,
            summary.done,
          ],
        );
      }
      if (!sco) throw new ApiHttpError(500, 'Generic.PersistFailed');
      const states = new Map(storedScos.map((row) => [row.sco_id, scoState(row)]));
      states.set(scoId, scoState(sco));
      // A sequenced course is done when its rolled-up status says so (the manifest's rollup rules: a pre-test passed
      // may skip the rest); until the player has sent one, by the fixed rule of several SCOs.
      const attempt =
        sequenced && root ? summariseSequencedAttempt(root, scoIds, states) : summariseAttempt(scoIds, states);
      const completesNow = attempt.done && !execution.completed_at;
      // The attempt's columns (for reports) follow its SCOs; once completed, they stay unless it is done again.
      const [updated] = await tx.query<{ completed_at: unknown }>(
        `UPDATE elearning_execution SET current_sco = $2, updated_at = now(), total_time_seconds = $3,
                completion_status = CASE WHEN completed_at IS NOT NULL AND NOT $7 THEN completion_status ELSE $4 END,
                success_status = CASE WHEN completed_at IS NOT NULL AND NOT $7 THEN success_status ELSE $5 END,
                score_percent = CASE WHEN completed_at IS NOT NULL AND NOT $7 THEN score_percent ELSE $6 END,
                completed_at = coalesce(completed_at, CASE WHEN $7 THEN now() END)
          WHERE uuid = $1 RETURNING completed_at`,
        [
          execution.uuid,
          scoId,
          attempt.totalTimeSeconds,
          attempt.completionStatus,
          attempt.successStatus,
          attempt.scorePercent,
          attempt.done,
        ],
      );
      if (completesNow) {
        // The certificate's facts are fixed now; the task is done and, with a repeat interval, the next is due.
        await tx.query(
          `INSERT INTO elearning_result (client_uuid, execution_uuid, task_uuid, member_uuid, elearning_uuid, member_name,
                                         course_title, language, completed_at, duration_seconds, score_percent, passed)
           SELECT x.client_uuid, x.uuid, x.task_uuid, x.member_uuid, x.elearning_uuid,
                  trim(m.first_name || ' ' || m.last_name),
                  coalesce((SELECT l.title FROM elearning_language l WHERE l.elearning_uuid = e.uuid AND l.language = m.language), e.title),
                  m.language, x.completed_at, x.total_time_seconds, x.score_percent, $2
             FROM elearning_execution x JOIN member m ON m.uuid = x.member_uuid JOIN elearning e ON e.uuid = x.elearning_uuid
            WHERE x.uuid = $1
           ON CONFLICT (execution_uuid) DO NOTHING`,
          [execution.uuid, attempt.passed],
        );
        await completeElearningTask(tx, execution.task_uuid, new Date());
      }
      const state = scoState(sco);
      return {
        applied: true,
        sequence: scoApplied ? body.sequence : stored,
        sco: { id: scoId, status: scoStatusOf(state), scorePercent: state.scorePercent },
        completedAt: iso(updated?.completed_at),
        resultUuid: updated?.completed_at ? await resultOfExecution(tx, execution.uuid) : null,
      };
    }),
  );
}

/** A member's executions of his e-learning task: started (or resumed), read for the player, and reset. */
export function registerExecutionRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.elearningCreateExecution, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const [task] = await tx.query<{
        uuid: string;
        member_uuid: string;
        elearning_uuid: string;
        package_uuid: string | null;
        scorm_version: ScormVersion | null;
        completed_at: unknown;
        reset_at: unknown;
        state: string;
      }>(
        `SELECT t.uuid, t.member_uuid, t.elearning_uuid, e.package_uuid, p.scorm_version, t.completed_at, t.reset_at,
                ${ELEARNING_STATE_SQL} AS state
           FROM elearning_task t JOIN elearning e ON e.uuid = t.elearning_uuid
           LEFT JOIN elearning_package p ON p.uuid = e.package_uuid
          WHERE t.uuid = $1 AND t.client_uuid = $2 FOR UPDATE OF t`,
        [body.taskUuid, session.clientUuid],
      );
      if (!task || task.reset_at) throw new ApiHttpError(404, 'ElearningTask.NotFound');
      if (task.member_uuid !== session.memberUuid) throw new ApiHttpError(403, 'ElearningTask.WrongAssociation');
      const [open] = await tx.query<{ uuid: string }>(
        'SELECT uuid FROM elearning_execution WHERE task_uuid = $1 AND reset_at IS NULL',
        [task.uuid],
      );
      if (open) return { uuid: open.uuid, resumed: true };
      if (!task.completed_at && task.state !== 'live') throw new ApiHttpError(400, 'Elearning.Inactive');
      if (!task.package_uuid || !task.scorm_version) throw new ApiHttpError(400, 'Elearning.EmptyScormPath');
      return openExecution(tx, session, {
        uuid: task.uuid,
        elearning_uuid: task.elearning_uuid,
        package_uuid: task.package_uuid,
        scorm_version: task.scorm_version,
      });
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.elearningReadExecution, async ({ body, session, request }) => {
    const execution = await ownExecution(db, session, body.uuid);
    const launchUrl = await courseLaunchUrls(db, request, {
      member: session.memberUuid,
      execution: execution.uuid,
      package: execution.package_uuid,
    });
    const [details] = await db.query<{
      items: ManifestItem[];
      title: string;
      first_name: string;
      last_name: string;
      language: 'de_DE' | 'en_GB';
      sequencing: ScormSequencingTree | null;
      sequencing_state: string | null;
      sequencing_sequence: string | number;
    }>(
      `SELECT p.items, coalesce(l.title, e.title) AS title, m.first_name, m.last_name, m.language, p.sequencing,
              x.sequencing_state, x.sequencing_sequence
         FROM elearning_package p JOIN elearning e ON e.uuid = $2 JOIN member m ON m.uuid = $3
         JOIN elearning_execution x ON x.uuid = $4
         LEFT JOIN elearning_language l ON l.elearning_uuid = e.uuid AND l.language = m.language
        WHERE p.uuid = $1`,
      [execution.package_uuid, execution.elearning_uuid, session.memberUuid, execution.uuid],
    );
    if (!details) throw new ApiHttpError(404, 'MemberExecution.NotFound');
    const items = details.items;
    // The item asked for; else where the member was (the SCO of the last commit); else the first.
    const opened = body.scoId
      ? items.find((item) => item.id === body.scoId)
      : (items.find((item) => item.id === execution.current_sco) ?? items[0]);
    if (!opened) throw new ApiHttpError(404, 'MemberExecution.ScoNotFound');
    const rows = await db.query<ScoRow>(
      `SELECT ${SCO_COLUMNS}, CASE WHEN sco_id = $2 THEN cmi END AS cmi
         FROM elearning_execution_sco WHERE execution_uuid = $1`,
      [execution.uuid, opened.id],
    );
    const byId = new Map(rows.map((row) => [row.sco_id, row]));
    const openedRow = byId.get(opened.id);
    return {
      uuid: execution.uuid,
      taskUuid: execution.task_uuid,
      scormVersion: execution.scorm_version,
      scoId: opened.id,
      launchUrl: launchUrl(opened.launchPath),
      title: details.title,
      cmi: cmiForLaunch(
        execution.scorm_version,
        openedRow?.cmi ?? {},
        {
          id: session.memberUuid,
          name: `${details.last_name}, ${details.first_name}`,
          language: details.language,
        },
        opened.data,
      ),
      sequence: Number(openedRow?.sequence ?? 0),
      items: items.map((item) => {
        const row = byId.get(item.id);
        const state = row ? scoState(row) : undefined;
        return {
          id: item.id,
          title: localisedTitle(item, details.language),
          launchUrl: launchUrl(item.launchPath),
          sco: item.sco,
          status: item.sco ? scoStatusOf(state) : null,
          scorePercent: state?.scorePercent ?? null,
        };
      }),
      completedAt: iso(execution.completed_at),
      resultUuid: await resultOfExecution(db, execution.uuid),
      sequencing: details.sequencing
        ? {
            tree: treeInLanguage(details.sequencing, details.language),
            state: details.sequencing_state,
            sequence: Number(details.sequencing_sequence),
          }
        : null,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningResetExecution, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const execution = await ownExecution(tx, session, body.uuid, true);
      const [task] = await tx.query<{ package_uuid: string | null; scorm_version: ScormVersion | null }>(
        `SELECT e.package_uuid, p.scorm_version FROM elearning_task t JOIN elearning e ON e.uuid = t.elearning_uuid
           LEFT JOIN elearning_package p ON p.uuid = e.package_uuid
          WHERE t.uuid = $1 AND t.reset_at IS NULL`,
        [execution.task_uuid],
      );
      if (!task) throw new ApiHttpError(404, 'ElearningTask.NotFound');
      if (!task.package_uuid || !task.scorm_version) throw new ApiHttpError(400, 'Elearning.EmptyScormPath');
      // The old run stays as history with its result; the new one starts empty on the current package.
      await tx.query('UPDATE elearning_execution SET reset_at = now() WHERE uuid = $1', [execution.uuid]);
      const next = await openExecution(tx, session, {
        uuid: execution.task_uuid,
        elearning_uuid: execution.elearning_uuid,
        package_uuid: task.package_uuid,
        scorm_version: task.scorm_version,
      });
      return { uuid: next.uuid, resumed: false };
    }),
  );
}
