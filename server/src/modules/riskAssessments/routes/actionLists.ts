import {
  ENDPOINTS,
  type LocalizedText,
  type RiskAction,
  type RiskActionDetails,
  type RiskDetails,
} from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { iso, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { ACTION_COLUMNS, ACTION_FROM, ACTION_SELECT, type ActionListRow, toAction } from '../actions';
import { evaluableAssignments, loadEvaluation } from '../evaluation';
import { readAnswerEvidence } from '../evidence';
import { buildActionListFile, type ExportAction, type ExportEvidence, MAX_PRINTED_PHOTOS } from '../exportActionList';
import { today } from '../lookups';

const ACTION_SORT = {
  dueDate: 'x.due_date',
  riskFactor: 'r.risk_factor',
  responsibleName: "m.last_name || ' ' || m.first_name",
  stop: "array_position(ARRAY['substitution','technical','organisational','personal'], x.stop)",
};

type EvaluatedStatus = RiskDetails['evaluationStatus'];

/** The action list of an evaluation and its export, one action's details, and the actions of a member's units. */
export function registerActionListRoutes(app: FastifyInstance, db: Database): void {
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
    const [head] = await db.query<{
      title: string;
      target_name: string;
      client_name: string;
      licensee_name: string;
      approved_at: unknown;
      approved_by_name: string | null;
      approval_comment: string | null;
      round: number;
    }>(
      `SELECT t.title, COALESCE(o.name, l.name) AS target_name, c.name AS client_name, li.name AS licensee_name,
              ev.approved_at, ev.approved_by_name, ev.approval_comment, ev.round
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
      approval:
        head.approved_at === null
          ? null
          : {
              approvedAt: iso(head.approved_at) ?? '',
              approvedByName: head.approved_by_name ?? '',
              comment: head.approval_comment,
            },
      round: head.round,
      evidence: await readExportEvidence(db, evaluation.assignment_uuid, actions),
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

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentRiskActionDetails, async ({ body, session }) => {
    const params: unknown[] = [body.uuid];
    const [row] = await db.query<
      ActionListRow & {
        evaluation_uuid: string;
        evaluation_status: EvaluatedStatus;
        measure_index: number | null;
        risk_status: RiskActionDetails['riskStatus'];
        hazard_factor_group: string;
        source: LocalizedText;
        target: LocalizedText;
      }
    >(
      `SELECT ${ACTION_COLUMNS}, x.evaluation_uuid, ev.status AS evaluation_status, x.measure_index,
              r.status AS risk_status, r.hazard_factor_group, r.source, r.target
         ${ACTION_FROM}
         JOIN risk_assessment_evaluation ev ON ev.uuid = x.evaluation_uuid
         JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
        WHERE x.uuid = $1 AND ${evaluableAssignments(session, params)}`,
      params,
    );
    if (!row) throw new ApiHttpError(404, 'Action.NotFound');
    return {
      ...toAction(row),
      evaluationUuid: row.evaluation_uuid,
      evaluationStatus: row.evaluation_status,
      measureIndex: row.measure_index,
      riskStatus: row.risk_status,
      hazardFactorGroup: row.hazard_factor_group,
      source: row.source,
      target: row.target,
    };
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
        WHERE ev.client_uuid = $1 AND ev.status IN ('actionsAgreed', 'done') AND ev.superseded_at IS NULL
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

/** The notes and photos of the risks the actions are for, in the actions' order (inspections only; else none). */
async function readExportEvidence(
  db: Database,
  assignmentUuid: string,
  actions: readonly ExportAction[],
): Promise<ExportEvidence[]> {
  const risks = new Map<string, ExportAction>();
  for (const action of actions) if (!risks.has(action.riskUuid)) risks.set(action.riskUuid, action);
  if (risks.size === 0) return [];
  const keys = await db.query<{ uuid: string; question_key: string }>(
    'SELECT uuid, question_key FROM risk_assessment_risk WHERE uuid = ANY($1::uuid[])',
    [[...risks.keys()]],
  );
  const keyOf = new Map(keys.map((row) => [row.uuid, row.question_key]));
  const evidence = await readAnswerEvidence(db, assignmentUuid, [...new Set(keyOf.values())]);
  const photoUuids = [...evidence.values()]
    .flat()
    .flatMap((item) => item.photoUuids)
    .slice(0, MAX_PRINTED_PHOTOS);
  const photos = new Map(
    (
      await db.query<{ uuid: string; content: Uint8Array }>(
        'SELECT uuid, content FROM risk_assessment_evidence_photo WHERE uuid = ANY($1::uuid[])',
        [photoUuids],
      )
    ).map((row) => [row.uuid, row.content]),
  );
  return [...risks.values()].flatMap((action) => {
    const items = evidence.get(keyOf.get(action.riskUuid) ?? '') ?? [];
    if (items.length === 0) return [];
    return [
      {
        load: action.load,
        riskFactor: action.riskFactor,
        items: items.map((item) => ({
          assessedByName: item.assessedByName,
          note: item.note,
          photos: item.photoUuids.flatMap((uuid) => {
            const content = photos.get(uuid);
            return content ? [content] : [];
          }),
        })),
      },
    ];
  });
}
