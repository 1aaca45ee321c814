import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hasAnyPermission, themeWithDefaults, XSRF_HEADER } from '@dash/shared-core';
import { ENDPOINTS, UPLOADED_FILE_MARKER, type UploadedFile } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { iso } from '../../core/db/rows';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { loadSession, type SessionContext } from '../auth/sessions';
import { buildCertificatePdf } from './certificatePdf';
import { type ManifestItem, PACKAGE_LIMITS, storeScormPackage, unpackScormPackage } from './scormPackage';
import {
  cmiForLaunch,
  cmiForStorage,
  type ScormVersion,
  type ScoState,
  scoStatusOf,
  summariseAttempt,
  summariseCmi,
} from './scormRules';
import { completeElearningTask, ELEARNING_STATE_SQL } from './taskSync';

/**
 * The e-learning player (issue 14; docs/scorm.md): package upload, the course files, executions with ordered
 * idempotent commits, results and certificates.
 */

export const SCORM_FILE_ROUTE = '/api/elearning/scorm/:packageUuid/*';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PackageRow {
  uuid: string;
  scorm_version: ScormVersion;
  title: string;
  language: 'de_DE' | 'en_GB' | null;
  launch_path: string;
  file_count: number;
  unpacked_bytes: string | number;
  created_at: unknown;
  items: ManifestItem[];
}

function packageOut(row: PackageRow) {
  return {
    uuid: row.uuid,
    scormVersion: row.scorm_version,
    title: row.title,
    language: row.language,
    launchPath: row.launch_path,
    items: row.items.map((item) => ({ id: item.id, title: item.title, launchPath: item.launchPath, sco: item.sco })),
    fileCount: row.file_count,
    unpackedBytes: Number(row.unpacked_bytes),
    createdAt: iso(row.created_at) ?? '',
  };
}

const PACKAGE_COLUMNS =
  'p.uuid, p.scorm_version, p.title, p.language, p.launch_path, p.file_count, p.unpacked_bytes, p.created_at, p.items';

async function requireElearning(db: Queryable, session: SessionContext, uuid: string, forUpdate = false) {
  const [row] = await db.query<{ uuid: string; package_uuid: string | null }>(
    `SELECT uuid, package_uuid FROM elearning WHERE uuid = $1 AND client_uuid = $2 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [uuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'Elearning.NotFound');
  return row;
}

/** URL of a package file as the browser loads it (same origin, under the API). */
export function packageFileUrl(packageUuid: string, filePath: string): string {
  const [file = '', query] = filePath.split(/\?(.*)/s, 2);
  const encoded = file.split('/').map(encodeURIComponent).join('/');
  return `/api/elearning/scorm/${packageUuid}/${encoded}${query ? `?${query}` : ''}`;
}

interface ExecutionRow {
  uuid: string;
  task_uuid: string;
  member_uuid: string;
  elearning_uuid: string;
  package_uuid: string;
  scorm_version: ScormVersion;
  current_sco: string | null;
  completed_at: unknown;
  reset_at: unknown;
}

/**
 * The signed-in member's execution: another client's (or an unknown) uuid answers 404, a colleague's 403 (the
 * spec's "wrong association"); a closed (reset) execution answers 404.
 */
async function ownExecution(db: Queryable, session: SessionContext, uuid: string, forUpdate = false) {
  const [row] = await db.query<ExecutionRow>(
    `SELECT uuid, task_uuid, member_uuid, elearning_uuid, package_uuid, scorm_version, current_sco, completed_at, reset_at
       FROM elearning_execution WHERE uuid = $1 AND client_uuid = $2 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [uuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'MemberExecution.NotFound');
  if (row.member_uuid !== session.memberUuid) throw new ApiHttpError(403, 'MemberExecution.WrongAssociation');
  if (row.reset_at) throw new ApiHttpError(404, 'MemberExecution.NotFound');
  return row;
}

/** `ownExecution` (locked) for a commit, with its package's items and every SCO's stored state, in one statement. */
async function executionForCommit(
  tx: Queryable,
  session: SessionContext,
  uuid: string,
): Promise<{ execution: ExecutionRow; items: ManifestItem[]; storedScos: ScoRow[] }> {
  const [row] = await tx.query<ExecutionRow & { items: ManifestItem[] | null; scos: ScoRow[] }>(
    `SELECT x.uuid, x.task_uuid, x.member_uuid, x.elearning_uuid, x.package_uuid, x.scorm_version, x.current_sco,
            x.completed_at, x.reset_at, p.items,
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
  const { items, scos, ...execution } = row;
  return { execution, items: items ?? [], storedScos: scos };
}

async function resultOfExecution(db: Queryable, executionUuid: string): Promise<string | null> {
  const [row] = await db.query<{ uuid: string }>('SELECT uuid FROM elearning_result WHERE execution_uuid = $1', [
    executionUuid,
  ]);
  return row?.uuid ?? null;
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

/** The raw zip body of the upload, streamed to a temporary file with the size limit (never held in memory). */
async function receiveZip(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<UploadedFile> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > PACKAGE_LIMITS.maxUploadBytes) throw new ApiHttpError(413, 'Request.TooLarge');
  const directory = await mkdtemp(path.join(tmpdir(), 'scorm-upload-'));
  const tempPath = path.join(directory, 'package.zip');
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > PACKAGE_LIMITS.maxUploadBytes) callback(new ApiHttpError(413, 'Request.TooLarge'));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(payload, limit, createWriteStream(tempPath));
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error instanceof ApiHttpError ? error : new ApiHttpError(400, 'ElearningPackage.InvalidZip');
  }
  return { [UPLOADED_FILE_MARKER]: true, tempPath, sizeBytes: size };
}

/** Parses a Range header for one range of a file of `size` bytes; null: none or not satisfiable as one range. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export function registerElearningPlayerRoutes(app: FastifyInstance, db: Database): void {
  // Uploads and commits get their own body parsers, in a scope of their own (Fastify encapsulation): the rest of the
  // API keeps JSON only, and another module's multipart parser cannot clash with them.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/zip', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      // Only a signed-in member allowed to upload gets his body written to disk; everyone else is answered by the
      // endpoint's own checks (401/403) without a byte stored.
      const session = await loadSession(db, request);
      // The fields come as the query (the body is the file); any other field fails the strict schema.
      const fields = { ...((request.query ?? {}) as Record<string, unknown>) };
      if (!session || !hasAnyPermission(session.permissions, ENDPOINTS.elearningUploadPackage.permissions)) {
        return fields;
      }
      return { ...fields, file: await receiveZip(request, payload) };
    });
    // navigator.sendBeacon sends a string body as text/plain and cannot set headers: the commit's JSON comes as text
    // and the XSRF token as the `xsrf` query parameter (still compared with the cookie: a double submit).
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new ApiHttpError(400, 'Schema.ValidationFailed'), undefined);
      }
    });
    scope.addHook('onRequest', async (request) => {
      const header = XSRF_HEADER.toLowerCase();
      const query = request.query as Record<string, unknown> | undefined;
      if (
        request.routeOptions.url === ENDPOINTS.elearningSaveExecution.path &&
        request.headers[header] === undefined &&
        typeof query?.xsrf === 'string'
      ) {
        request.headers[header] = query.xsrf;
      }
    });
    scope.addHook('onResponse', async (request) => {
      const file = (request.body as { file?: UploadedFile } | undefined)?.file;
      if (file && UPLOADED_FILE_MARKER in file) await rm(path.dirname(file.tempPath), { recursive: true, force: true });
    });

    registerEndpoint(scope, db, ENDPOINTS.elearningUploadPackage, async ({ body, session }) => {
      await requireElearning(db, session, body.uuid);
      // Unpacked and checked before the transaction: a refused package writes nothing.
      const unpacked = await unpackScormPackage(body.file.tempPath);
      return db.transaction(async (tx) => {
        await requireElearning(tx, session, body.uuid, true);
        const packageUuid = await storeScormPackage(
          tx,
          { clientUuid: session.clientUuid, elearningUuid: body.uuid, uploadedBy: session.memberUuid },
          unpacked,
        );
        await recordAudit(tx, session, [
          {
            action: 'elearning.upload-package',
            entityType: 'elearning',
            entityUuid: body.uuid,
            after: {
              packageUuid,
              scormVersion: unpacked.scormVersion,
              title: unpacked.title,
              launchPath: unpacked.launchPath,
              fileCount: unpacked.files.length,
            },
          },
        ]);
        const [row] = await tx.query<PackageRow>(
          `SELECT ${PACKAGE_COLUMNS} FROM elearning_package p WHERE p.uuid = $1`,
          [packageUuid],
        );
        if (!row) throw new ApiHttpError(500, 'Generic.PersistFailed');
        return packageOut(row);
      });
    });

    registerEndpoint(scope, db, ENDPOINTS.elearningSaveExecution, async ({ body, session }) =>
      db.transaction(async (tx) => {
        // One statement reads what a commit needs (a course commits every few seconds per member): the execution,
        // locked (its row lock puts the commits of one attempt in a line: every SCO's counts for the attempt), the
        // package's items, and every SCO's state (this one's number decides, the others' make the attempt's summary).
        const { execution, items, storedScos } = await executionForCommit(tx, session, body.uuid);
        const scoIds = items.filter((item) => item.sco).map((item) => item.id);
        // Without a SCO named: the package's first SCO (single-SCO players and players from before several SCOs).
        const scoId = body.scoId ?? scoIds[0];
        if (!scoId || !scoIds.includes(scoId)) throw new ApiHttpError(404, 'MemberExecution.ScoNotFound');
        const before = storedScos.find((row) => row.sco_id === scoId);
        const stored = Number(before?.sequence ?? 0);
        if (body.sequence <= stored) {
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
        const summary = summariseCmi(execution.scorm_version, body.cmi);
        const cmi = cmiForStorage(execution.scorm_version, body.cmi, body.totalTimeSeconds);
        // Completion is never undone, per SCO: once done, a later commit that is not keeps the done statuses.
        const [sco] = await tx.query<ScoRow>(
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
        if (!sco) throw new ApiHttpError(500, 'Generic.PersistFailed');
        const states = new Map(storedScos.map((row) => [row.sco_id, scoState(row)]));
        states.set(scoId, scoState(sco));
        const attempt = summariseAttempt(scoIds, states);
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
          sequence: body.sequence,
          sco: { id: scoId, status: scoStatusOf(state), scorePercent: state.scorePercent },
          completedAt: iso(updated?.completed_at),
          resultUuid: updated?.completed_at ? await resultOfExecution(tx, execution.uuid) : null,
        };
      }),
    );
  });

  registerEndpoint(app, db, ENDPOINTS.elearningPackage, async ({ body, session }) => {
    const elearning = await requireElearning(db, session, body.uuid);
    if (!elearning.package_uuid) return { package: null };
    const [row] = await db.query<PackageRow>(`SELECT ${PACKAGE_COLUMNS} FROM elearning_package p WHERE p.uuid = $1`, [
      elearning.package_uuid,
    ]);
    return { package: row ? packageOut(row) : null };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningSavePackage, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const elearning = await requireElearning(tx, session, body.uuid, true);
      if (!elearning.package_uuid) throw new ApiHttpError(400, 'Elearning.EmptyScormPath');
      const [before] = await tx.query<PackageRow>(
        `SELECT ${PACKAGE_COLUMNS} FROM elearning_package p WHERE p.uuid = $1`,
        [elearning.package_uuid],
      );
      const [row] = await tx.query<PackageRow>(
        `UPDATE elearning_package p SET title = $2, language = $3 WHERE p.uuid = $1 RETURNING ${PACKAGE_COLUMNS}`,
        [elearning.package_uuid, body.title, body.language],
      );
      if (!row || !before) throw new ApiHttpError(500, 'Generic.PersistFailed');
      await recordAudit(tx, session, [
        {
          action: 'elearning.save-package',
          entityType: 'elearning',
          entityUuid: body.uuid,
          before: { title: before.title, language: before.language },
          after: { title: row.title, language: row.language },
        },
      ]);
      return packageOut(row);
    }),
  );

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

  registerEndpoint(app, db, ENDPOINTS.elearningReadExecution, async ({ body, session }) => {
    const execution = await ownExecution(db, session, body.uuid);
    const [details] = await db.query<{
      items: ManifestItem[];
      title: string;
      first_name: string;
      last_name: string;
      language: 'de_DE' | 'en_GB';
    }>(
      `SELECT p.items, coalesce(l.title, e.title) AS title, m.first_name, m.last_name, m.language
         FROM elearning_package p JOIN elearning e ON e.uuid = $2 JOIN member m ON m.uuid = $3
         LEFT JOIN elearning_language l ON l.elearning_uuid = e.uuid AND l.language = m.language
        WHERE p.uuid = $1`,
      [execution.package_uuid, execution.elearning_uuid, session.memberUuid],
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
      launchUrl: packageFileUrl(execution.package_uuid, opened.launchPath),
      title: details.title,
      cmi: cmiForLaunch(execution.scorm_version, openedRow?.cmi ?? {}, {
        id: session.memberUuid,
        name: `${details.last_name}, ${details.first_name}`,
        language: details.language,
      }),
      sequence: Number(openedRow?.sequence ?? 0),
      items: items.map((item) => {
        const row = byId.get(item.id);
        const state = row ? scoState(row) : undefined;
        return {
          id: item.id,
          title: item.title,
          launchUrl: packageFileUrl(execution.package_uuid, item.launchPath),
          sco: item.sco,
          status: item.sco ? scoStatusOf(state) : null,
          scorePercent: state?.scorePercent ?? null,
        };
      }),
      completedAt: iso(execution.completed_at),
      resultUuid: await resultOfExecution(db, execution.uuid),
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

  registerEndpoint(app, db, ENDPOINTS.elearningExecutionResult, async ({ body, session }) => {
    const execution = await ownExecution(db, session, body.uuid);
    const resultUuid = await resultOfExecution(db, execution.uuid);
    return { result: resultUuid ? await readResult(db, session, resultUuid) : null };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningResultData, async ({ body, session }) =>
    readResult(db, session, body.uuid),
  );

  registerEndpoint(app, db, ENDPOINTS.elearningCertificatePdf, async ({ body, session, reply }) => {
    const result = await readResult(db, session, body.uuid);
    const [licensee] = await db.query<{ name: string; theme: Parameters<typeof themeWithDefaults>[0] }>(
      'SELECT l.name, l.theme FROM client c JOIN licensee l ON l.uuid = c.licensee_uuid WHERE c.uuid = $1',
      [session.clientUuid],
    );
    const file = await buildCertificatePdf({
      licenseeName: licensee?.name || 'Dashboard',
      primaryColour: themeWithDefaults(licensee?.theme ?? null).light.primary,
      clientName: result.clientName,
      memberName: result.memberName,
      courseTitle: result.courseTitle,
      completedAt: new Date(result.completedAt),
      durationSeconds: result.durationSeconds,
      scorePercent: result.scorePercent,
      language: result.language,
    });
    const filename = `${result.language === 'de_DE' ? 'Teilnahmebescheinigung' : 'Certificate'}.pdf`;
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store');
    return file;
  });

  // The course files: same origin as the dashboard (the runtime API is found on the parent window), the session's
  // client only, long-lived caching (a package never changes: a new upload is a new package) and range requests.
  app.get(SCORM_FILE_ROUTE, async (request, reply) => {
    const params = request.params as { packageUuid?: string; '*'?: string };
    const packageUuid = params.packageUuid ?? '';
    const filePath = params['*'] ?? '';
    const session = await loadSession(db, request);
    if (!session) throw new ApiHttpError(401, 'Auth.Unauthorized');
    if (!session.featureFlags.elearnings) throw new ApiHttpError(403, 'Auth.FeatureDisabled');
    if (!UUID.test(packageUuid) || filePath.length === 0 || filePath.length > PACKAGE_LIMITS.maxPathLength) {
      throw new ApiHttpError(404, 'File.NotFound');
    }
    const etag = `"${packageUuid}:${filePath}"`;
    const [file] = await db.query<{ content_type: string; size_bytes: string | number }>(
      `SELECT f.content_type, f.size_bytes FROM elearning_package_file f JOIN elearning_package p ON p.uuid = f.package_uuid
        WHERE f.package_uuid = $1 AND f.path = $2 AND p.client_uuid = $3`,
      [packageUuid, filePath, session.clientUuid],
    );
    if (!file) throw new ApiHttpError(404, 'File.NotFound');
    const size = Number(file.size_bytes);
    const origin = `${request.protocol}://${request.host}`;
    const own = `${origin}/api/elearning/scorm/${packageUuid}/`;
    reply
      .header('Content-Type', file.content_type)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      // The course may load its own files only: no API calls, no other site, no form posts (docs/scorm.md).
      .header(
        'Content-Security-Policy',
        [
          `default-src ${own}`,
          `script-src ${own} 'unsafe-inline' 'unsafe-eval'`,
          `style-src ${own} 'unsafe-inline'`,
          `img-src ${own} data: blob:`,
          `media-src ${own} data: blob:`,
          `font-src ${own} data:`,
          `connect-src ${own}`,
          `frame-src ${own}`,
          "form-action 'none'",
          "object-src 'none'",
          `base-uri ${own}`,
          "frame-ancestors 'self'",
        ].join('; '),
      );
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const range = parseRange(request.headers.range, size);
    if (range === 'invalid') {
      return reply.status(416).header('Content-Range', `bytes */${size}`).send();
    }
    const start = range ? range.start : 0;
    const length = range ? range.end - range.start + 1 : size;
    const [slice] = await db.query<{ chunk: Uint8Array }>(
      'SELECT substring(content FROM $3 FOR $4) AS chunk FROM elearning_package_file WHERE package_uuid = $1 AND path = $2',
      [packageUuid, filePath, start + 1, length],
    );
    const body = Buffer.from(slice?.chunk ?? new Uint8Array());
    if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    return reply.send(body);
  });
}

async function readResult(db: Queryable, session: SessionContext, uuid: string) {
  const [row] = await db.query<{
    uuid: string;
    execution_uuid: string;
    member_uuid: string;
    member_name: string;
    course_title: string;
    language: 'de_DE' | 'en_GB';
    completed_at: unknown;
    duration_seconds: number;
    score_percent: string | number | null;
    passed: boolean | null;
    client_name: string;
  }>(
    `SELECT r.uuid, r.execution_uuid, r.member_uuid, r.member_name, r.course_title, r.language, r.completed_at,
            r.duration_seconds, r.score_percent, r.passed, c.name AS client_name
       FROM elearning_result r JOIN client c ON c.uuid = r.client_uuid
      WHERE r.uuid = $1 AND r.client_uuid = $2`,
    [uuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'ElearningResult.NotFound');
  if (row.member_uuid !== session.memberUuid) throw new ApiHttpError(403, 'MemberExecution.WrongAssociation');
  return {
    uuid: row.uuid,
    executionUuid: row.execution_uuid,
    memberName: row.member_name,
    courseTitle: row.course_title,
    language: row.language,
    completedAt: iso(row.completed_at) ?? '',
    durationSeconds: row.duration_seconds,
    scorePercent: row.score_percent === null ? null : Number(row.score_percent),
    passed: row.passed,
    clientName: row.client_name,
  };
}
