import { riskFactor as riskLevelOf } from '@dash/shared-core';
import { ENDPOINTS, type LocalizedText, type RiskAction } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { orderBy } from '../../core/db/rows';
import { readTablePage } from '../../core/db/tablePage';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';
import { evaluableAssignments, loadEvaluation } from './evaluation';
import { buildActionListFile, type ExportAction } from './exportActionList';

const ACTION_SORT = {
  dueDate: 'x.due_date',
  riskFactor: 'r.risk_factor',
  responsibleName: "m.last_name || ' ' || m.first_name",
  stop: "array_position(ARRAY['substitution','technical','organisational','personal'], x.stop)",
};

/** Today in the database's calendar: due dates and done dates are calendar days. */
async function today(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ day: string }>('SELECT current_date::text AS day');
  return row?.day ?? '';
}

/** The responsible member must be an active member of the client (an archived or another client's is unknown). */
async function assertResponsible(tx: Queryable, session: SessionContext, memberUuid: string): Promise<void> {
  const [row] = await tx.query<{ uuid: string }>(
    `SELECT uuid FROM member WHERE uuid = $1 AND client_uuid = $2 AND archived_at IS NULL AND deleted_at IS NULL`,
    [memberUuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'Member.NotFound');
}

interface LockedRisk {
  uuid: string;
  evaluation_uuid: string;
  task_uuid: string;
  evaluation_status: string;
  risk_factor: number;
  not_relevant: boolean;
  measures: { stop: string; text: LocalizedText }[];
  action_count: number;
}

async function lockRisk(tx: Queryable, session: SessionContext, uuid: string): Promise<LockedRisk> {
  const params: unknown[] = [uuid];
  const [risk] = await tx.query<LockedRisk>(
    `SELECT r.uuid, r.evaluation_uuid, ev.task_uuid, ev.status AS evaluation_status, r.risk_factor, r.not_relevant,
            r.measures, (SELECT count(*)::int FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid) AS action_count
       FROM risk_assessment_risk r
       JOIN risk_assessment_evaluation ev ON ev.uuid = r.evaluation_uuid
       JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
      WHERE r.uuid = $1 AND ${evaluableAssignments(session, params)} FOR UPDATE OF ev, r`,
    params,
  );
  if (!risk) throw new ApiHttpError(404, 'Risk.NotFound');
  return risk;
}

/** A risk's status from what was decided for it, while the actions are being defined. */
const UNDECIDED_STATUS = `CASE WHEN r.not_relevant OR EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid)
  THEN 'riskActionDefined' WHEN r.risk_factor <= 2 THEN 'open' ELSE 'riskActionDefine' END`;

async function refreshRiskStatus(tx: Queryable, riskUuid: string): Promise<void> {
  await tx.query(`UPDATE risk_assessment_risk r SET status = ${UNDECIDED_STATUS} WHERE r.uuid = $1`, [riskUuid]);
}

export interface ActionListRow {
  uuid: string;
  risk_uuid: string;
  load: LocalizedText;
  risk_factor: number;
  origin: RiskAction['origin'];
  stop: RiskAction['stop'];
  description: LocalizedText;
  responsible_member_uuid: string;
  responsible_name: string;
  due_date: string;
  note: string | null;
  done_at: string | null;
  done_by_name: string | null;
}

/** An action's columns (alias `x`, its risk `r`, its owner `m`) as the action list and an action's details answer them. */
export const ACTION_COLUMNS = `x.uuid, x.risk_uuid, r.load, r.risk_factor, x.origin, x.stop, x.description,
       x.responsible_member_uuid, m.first_name || ' ' || m.last_name AS responsible_name, x.due_date::text AS due_date,
       x.note, x.done_at::text AS done_at, x.done_by_name`;
export const ACTION_FROM = `FROM risk_assessment_action x
  JOIN risk_assessment_risk r ON r.uuid = x.risk_uuid
  JOIN member m ON m.uuid = x.responsible_member_uuid`;
const ACTION_SELECT = `SELECT ${ACTION_COLUMNS} ${ACTION_FROM}`;

export function toAction(row: ActionListRow): RiskAction {
  return {
    uuid: row.uuid,
    riskUuid: row.risk_uuid,
    load: row.load,
    riskFactor: row.risk_factor,
    level: riskLevelOf(row.risk_factor)?.level ?? 'veryLow',
    origin: row.origin,
    stop: row.stop,
    description: row.description,
    responsibleMemberUuid: row.responsible_member_uuid,
    responsibleName: row.responsible_name,
    dueDate: row.due_date,
    note: row.note,
    doneAt: row.done_at,
    doneByName: row.done_by_name,
  };
}

/**
 * Follow-up actions and the status machines (docs/risk-matrix.md): while risksCreated, actions are defined and risks
 * marked not relevant; confirming needs every risk above "very low" decided and moves to actionsAgreed; marking
 * every agreed action done ends in done. Any other move answers 409 Risk.InvalidStatus and changes nothing.
 */
export function registerActionRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentCreateRiskAction, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const risk = await lockRisk(tx, session, body.riskUuid);
      if (risk.evaluation_status !== 'risksCreated' || risk.not_relevant) {
        throw new ApiHttpError(409, 'Risk.InvalidStatus');
      }
      if (body.dueDate < (await today(tx))) throw new ApiHttpError(400, 'Action.InvalidDueDate');
      await assertResponsible(tx, session, body.responsibleMemberUuid);
      let description: LocalizedText;
      let measureIndex: number | null = null;
      if (body.origin === 'proposed') {
        const measure = risk.measures[body.measureIndex];
        if (!measure) throw new ApiHttpError(400, 'Schema.ValidationFailed');
        description = measure.text;
        measureIndex = body.measureIndex;
      } else {
        description = { de_DE: body.description, en_GB: body.description };
      }
      const [created] = await tx.query<{ uuid: string }>(
        `INSERT INTO risk_assessment_action (client_uuid, evaluation_uuid, risk_uuid, origin, measure_index, stop,
                                             description, responsible_member_uuid, due_date, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULLIF($10, ''))
         ON CONFLICT DO NOTHING RETURNING uuid`,
        [
          session.clientUuid,
          risk.evaluation_uuid,
          risk.uuid,
          body.origin,
          measureIndex,
          body.stop,
          JSON.stringify(description),
          body.responsibleMemberUuid,
          body.dueDate,
          body.note ?? null,
        ],
      );
      // The same proposed measure twice for one risk.
      if (!created) throw new ApiHttpError(409, 'Action.Exists');
      await refreshRiskStatus(tx, risk.uuid);
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.create-risk-action',
          entityType: 'risk-assessment',
          entityUuid: risk.task_uuid,
          memberUuid: body.responsibleMemberUuid,
          after: {
            actionUuid: created.uuid,
            riskUuid: risk.uuid,
            origin: body.origin,
            stop: body.stop,
            dueDate: body.dueDate,
          },
        },
      ]);
      return { uuid: created.uuid };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentUpdateRiskAction, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const params: unknown[] = [body.uuid];
      const [action] = await tx.query<{
        uuid: string;
        risk_uuid: string;
        task_uuid: string;
        evaluation_status: string;
        origin: string;
        stop: string;
        responsible_member_uuid: string;
        due_date: string;
        note: string | null;
        done_at: string | null;
      }>(
        `SELECT x.uuid, x.risk_uuid, ev.task_uuid, ev.status AS evaluation_status, x.origin, x.stop,
                x.responsible_member_uuid, x.due_date::text AS due_date, x.note, x.done_at::text AS done_at
           FROM risk_assessment_action x
           JOIN risk_assessment_evaluation ev ON ev.uuid = x.evaluation_uuid
           JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
          WHERE x.uuid = $1 AND ${evaluableAssignments(session, params)} FOR UPDATE OF ev, x`,
        params,
      );
      if (!action) throw new ApiHttpError(404, 'Action.NotFound');
      // Defined and agreed actions can be edited (a new owner, a later date); a done one is history.
      if (action.evaluation_status === 'done' || action.done_at !== null) {
        throw new ApiHttpError(409, 'Risk.InvalidStatus');
      }
      if (body.description !== undefined && action.origin !== 'custom') {
        throw new ApiHttpError(400, 'Schema.ValidationFailed');
      }
      if (body.dueDate !== action.due_date && body.dueDate < (await today(tx))) {
        throw new ApiHttpError(400, 'Action.InvalidDueDate');
      }
      await assertResponsible(tx, session, body.responsibleMemberUuid);
      await tx.query(
        `UPDATE risk_assessment_action SET stop = $2, responsible_member_uuid = $3, due_date = $4, note = NULLIF($5, ''),
                description = COALESCE($6::jsonb, description), updated_at = now()
          WHERE uuid = $1`,
        [
          action.uuid,
          body.stop,
          body.responsibleMemberUuid,
          body.dueDate,
          body.note ?? null,
          body.description === undefined ? null : JSON.stringify({ de_DE: body.description, en_GB: body.description }),
        ],
      );
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.update-risk-action',
          entityType: 'risk-assessment',
          entityUuid: action.task_uuid,
          memberUuid: body.responsibleMemberUuid,
          before: {
            actionUuid: action.uuid,
            stop: action.stop,
            responsibleMemberUuid: action.responsible_member_uuid,
            dueDate: action.due_date,
            note: action.note,
          },
          after: {
            actionUuid: action.uuid,
            stop: body.stop,
            responsibleMemberUuid: body.responsibleMemberUuid,
            dueDate: body.dueDate,
            note: body.note ?? null,
          },
        },
      ]);
      return { ok: true as const };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentSetRiskNotRelevant, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const risk = await lockRisk(tx, session, body.uuid);
      if (risk.evaluation_status !== 'risksCreated') throw new ApiHttpError(409, 'Risk.InvalidStatus');
      // A risk with actions is relevant by definition: the actions would have to go first.
      if (body.notRelevant && risk.action_count > 0) throw new ApiHttpError(409, 'Risk.InvalidStatus');
      await tx.query(
        `UPDATE risk_assessment_risk SET not_relevant = $2, not_relevant_reason = CASE WHEN $2 THEN NULLIF($3, '') END
          WHERE uuid = $1`,
        [risk.uuid, body.notRelevant, body.reason ?? null],
      );
      await refreshRiskStatus(tx, risk.uuid);
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.set-risk-not-relevant',
          entityType: 'risk-assessment',
          entityUuid: risk.task_uuid,
          before: { riskUuid: risk.uuid, notRelevant: risk.not_relevant },
          after: { riskUuid: risk.uuid, notRelevant: body.notRelevant, reason: body.reason ?? null },
        },
      ]);
      return { ok: true as const };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentConfirmRiskActions, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const evaluation = await loadEvaluation(tx, session, body.uuid, true);
      if (evaluation.status !== 'risksCreated') throw new ApiHttpError(409, 'Risk.InvalidStatus');
      const [open] = await tx.query<{ undecided: number; actions: number }>(
        `SELECT (SELECT count(*)::int FROM risk_assessment_risk r WHERE r.evaluation_uuid = $1 AND r.risk_factor > 2
                   AND NOT r.not_relevant AND NOT EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid)) AS undecided,
                (SELECT count(*)::int FROM risk_assessment_action x WHERE x.evaluation_uuid = $1) AS actions`,
        [evaluation.uuid],
      );
      if ((open?.undecided ?? 0) > 0) throw new ApiHttpError(409, 'Risk.InvalidStatus');
      // Risks with actions are agreed; the rest (not relevant, very low without action) need nothing more.
      await tx.query(
        `UPDATE risk_assessment_risk r SET status = CASE WHEN EXISTS (SELECT 1 FROM risk_assessment_action x
                  WHERE x.risk_uuid = r.uuid) THEN 'riskActionAgreed' ELSE 'done' END
          WHERE r.evaluation_uuid = $1`,
        [evaluation.uuid],
      );
      const status = (open?.actions ?? 0) === 0 ? 'done' : 'actionsAgreed';
      await tx.query(
        `UPDATE risk_assessment_evaluation SET status = $2, agreed_at = now(), agreed_by_member_uuid = $3,
                done_at = CASE WHEN $2 = 'done' THEN now() END WHERE uuid = $1`,
        [evaluation.uuid, status, session.memberUuid],
      );
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.confirm-risk-actions',
          entityType: 'risk-assessment',
          entityUuid: evaluation.task_uuid,
          before: { evaluationUuid: evaluation.uuid, status: evaluation.status },
          after: { evaluationUuid: evaluation.uuid, status },
        },
      ]);
      return { status };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentCompleteRiskAction, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const params: unknown[] = [body.uuid];
      const [action] = await tx.query<{
        uuid: string;
        risk_uuid: string;
        evaluation_uuid: string;
        task_uuid: string;
        evaluation_status: string;
        done_at: string | null;
        responsible_member_uuid: string;
      }>(
        `SELECT x.uuid, x.risk_uuid, x.evaluation_uuid, ev.task_uuid, ev.status AS evaluation_status,
                x.done_at::text AS done_at, x.responsible_member_uuid
           FROM risk_assessment_action x
           JOIN risk_assessment_evaluation ev ON ev.uuid = x.evaluation_uuid
           JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
          WHERE x.uuid = $1 AND ${evaluableAssignments(session, params)} FOR UPDATE OF ev, x`,
        params,
      );
      if (!action) throw new ApiHttpError(404, 'Action.NotFound');
      // Only agreed actions are carried out; a done one stays as it was recorded.
      if (action.evaluation_status !== 'actionsAgreed' || action.done_at !== null) {
        throw new ApiHttpError(409, 'Risk.InvalidStatus');
      }
      if (body.doneAt > (await today(tx))) throw new ApiHttpError(400, 'Action.InvalidDueDate');
      await tx.query(
        `UPDATE risk_assessment_action SET done_at = $2, done_by_member_uuid = $3, updated_at = now(),
                done_by_name = (SELECT first_name || ' ' || last_name FROM member WHERE uuid = $3)
          WHERE uuid = $1`,
        [action.uuid, body.doneAt, session.memberUuid],
      );
      await tx.query(
        `UPDATE risk_assessment_risk r SET status = 'done' WHERE r.uuid = $1
            AND NOT EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid AND x.done_at IS NULL)`,
        [action.risk_uuid],
      );
      const [evaluation] = await tx.query<{ status: 'actionsAgreed' | 'done' }>(
        `UPDATE risk_assessment_evaluation ev
            SET status = CASE WHEN EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.evaluation_uuid = ev.uuid
                                            AND x.done_at IS NULL) THEN 'actionsAgreed' ELSE 'done' END,
                done_at = CASE WHEN EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.evaluation_uuid = ev.uuid
                                            AND x.done_at IS NULL) THEN NULL ELSE now() END
          WHERE ev.uuid = $1 RETURNING ev.status`,
        [action.evaluation_uuid],
      );
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.complete-risk-action',
          entityType: 'risk-assessment',
          entityUuid: action.task_uuid,
          memberUuid: action.responsible_member_uuid,
          after: { actionUuid: action.uuid, doneAt: body.doneAt, evaluationStatus: evaluation?.status },
        },
      ]);
      return { status: evaluation?.status ?? 'actionsAgreed' };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentRiskActionList, async ({ body, session }) => {
    const evaluation = await loadEvaluation(db, session, body.uuid);
    const params: unknown[] = [evaluation.uuid];
    let where = 'x.evaluation_uuid = $1';
    if (body.filter.done !== undefined)
      where += body.filter.done ? ' AND x.done_at IS NOT NULL' : ' AND x.done_at IS NULL';
    const { rows, total } = await readTablePage<ActionListRow>(db, {
      select: `${ACTION_SELECT} WHERE ${where}`,
      count: `SELECT count(*)::int AS total FROM risk_assessment_action x WHERE ${where}`,
      params,
      order: orderBy(ACTION_SORT, body.sortBy, body.sortDirection, 'x.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return { items: rows.map(toAction), total };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentExportRiskActionList, async ({ body, session, reply }) => {
    const evaluation = await loadEvaluation(db, session, body.uuid);
    const [head] = await db.query<{ title: string; target_name: string; client_name: string; licensee_name: string }>(
      `SELECT t.title, COALESCE(o.name, l.name) AS target_name, c.name AS client_name, li.name AS licensee_name
         FROM risk_assessment_evaluation ev
         JOIN risk_assessment_task t ON t.uuid = ev.task_uuid
         JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
         LEFT JOIN org_unit o ON o.uuid = a.org_unit_uuid
         LEFT JOIN location l ON l.uuid = a.location_uuid
         JOIN client c ON c.uuid = ev.client_uuid
         JOIN licensee li ON li.uuid = c.licensee_uuid
        WHERE ev.uuid = $1`,
      [evaluation.uuid],
    );
    if (!head) throw new ApiHttpError(404, 'Risk.NotFound');
    const rows = await db.query<ActionListRow>(
      `${ACTION_SELECT} WHERE x.evaluation_uuid = $1 ORDER BY x.due_date, r.risk_factor DESC, x.uuid`,
      [evaluation.uuid],
    );
    const actions: ExportAction[] = rows.map((row) => toAction(row));
    const file = await buildActionListFile(body.format, body.language, {
      licenseeName: head.licensee_name,
      clientName: head.client_name,
      title: head.title,
      targetName: head.target_name,
      date: await today(db),
      actions,
    });
    const safeName = `${head.title} ${head.target_name}`.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'actions';
    reply
      .header(
        'content-type',
        body.format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header(
        'content-disposition',
        `attachment; filename="risk-actions.${body.format}"; filename*=UTF-8''${encodeURIComponent(`${safeName}.${body.format}`)}`,
      )
      .header('cache-control', 'no-store');
    return file;
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentUnitActions, async ({ session }) => {
    // Staff see what their taking part changed: the agreed actions of the units they had an analysis in.
    const rows = await db.query<{
      uuid: string;
      title: string;
      target_name: string;
      load: LocalizedText;
      stop: RiskAction['stop'];
      description: LocalizedText;
      due_date: string;
      done_at: string | null;
      total: number;
    }>(
      `SELECT x.uuid, t.title, COALESCE(o.name, l.name) AS target_name, r.load, x.stop, x.description,
              x.due_date::text AS due_date, x.done_at::text AS done_at, count(*) OVER ()::int AS total
         FROM risk_assessment_evaluation ev
         JOIN risk_assessment_task t ON t.uuid = ev.task_uuid
         JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
         LEFT JOIN org_unit o ON o.uuid = a.org_unit_uuid
         LEFT JOIN location l ON l.uuid = a.location_uuid
         JOIN risk_assessment_action x ON x.evaluation_uuid = ev.uuid
         JOIN risk_assessment_risk r ON r.uuid = x.risk_uuid
        WHERE ev.client_uuid = $1 AND ev.status IN ('actionsAgreed', 'done')
          AND EXISTS (SELECT 1 FROM risk_assessment_member_task mt WHERE mt.assignment_uuid = ev.assignment_uuid
                        AND mt.member_uuid = $2)
        ORDER BY (x.done_at IS NOT NULL), x.due_date, x.uuid LIMIT 100`,
      [session.clientUuid, session.memberUuid],
    );
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        title: row.title,
        targetName: row.target_name,
        load: row.load,
        stop: row.stop,
        description: row.description,
        dueDate: row.due_date,
        doneAt: row.done_at,
      })),
      total: rows[0]?.total ?? 0,
    };
  });
}
