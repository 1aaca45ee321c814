import type { Queryable } from '../core/db/database';
import { evaluateAssignment } from '../modules/riskAssessments/evaluation';
import { syncMemberTasks } from '../modules/riskAssessments/memberTaskSync';
import { installRiskAssessmentContent } from '../modules/riskAssessments/shippedContent';
import { DEMO_EVIDENCE_PHOTO, DEMO_EVIDENCE_PHOTO_SIZE } from './demoEvidencePhoto';

export interface RiskSeedClient {
  client: string;
  /** acme's org units by name and locations by name. */
  units: Record<string, string>;
  locations: Record<string, string>;
  /** Members whose analyses the demo shows completed (never the named demo accounts). */
  staff: readonly string[];
}

async function insertTask(
  tx: Queryable,
  client: string,
  title: string,
  type: string,
  dueInDays: number,
): Promise<string> {
  const [row] = await tx.query<{ uuid: string }>(
    `INSERT INTO risk_assessment_task (client_uuid, title, type, due_date) VALUES ($1, $2, $3, current_date + $4::int) RETURNING uuid`,
    [client, title, type, dueInDays],
  );
  if (!row) throw new Error('Seed insert returned no row');
  return row.uuid;
}

async function assign(tx: Queryable, client: string, task: string, column: string, targets: string[]): Promise<void> {
  const kind = column === 'org_unit_uuid' ? 'org-unit' : column === 'location_uuid' ? 'location' : 'member';
  await tx.query(
    `INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, ${column})
     SELECT $1, $2, $3, target FROM unnest($4::uuid[]) AS target`,
    [client, task, kind, targets],
  );
}

/**
 * Completes the open analyses of the given members of a task the way complete-execution does: one execution each,
 * a result with every question answered (answers vary by member), and the member's task marked done. A survey's
 * result names nobody; an inspection's names who assessed.
 */
async function completeAnalyses(tx: Queryable, task: string, members: readonly string[]): Promise<void> {
  await tx.query(
    `WITH picked AS (
       SELECT mt.uuid AS member_task_uuid, mt.client_uuid, mt.task_uuid, mt.assignment_uuid, mt.member_uuid,
              mt.org_unit_uuid, mt.location_uuid, row_number() OVER (ORDER BY mt.member_uuid) AS n
         FROM risk_assessment_member_task mt
        WHERE mt.task_uuid = $1 AND mt.member_uuid = ANY($2::uuid[]) AND mt.completed_at IS NULL),
     executions AS (
       INSERT INTO risk_assessment_execution (client_uuid, task_uuid, assignment_uuid, member_uuid, completed_at, updated_at)
       SELECT client_uuid, task_uuid, assignment_uuid, member_uuid, now() - interval '2 days', now() - interval '2 days' FROM picked
       RETURNING uuid, assignment_uuid, member_uuid),
     linked AS (
       UPDATE risk_assessment_member_task mt SET execution_uuid = e.uuid, completed_at = now() - interval '2 days'
         FROM executions e WHERE mt.assignment_uuid = e.assignment_uuid AND mt.member_uuid = e.member_uuid
       RETURNING mt.uuid)
     SELECT count(*) FROM linked`,
    [task, members],
  );
  await tx.query(
    `WITH done AS (
       SELECT e.uuid AS execution_uuid, e.client_uuid, e.task_uuid, e.assignment_uuid, a.org_unit_uuid, a.location_uuid,
              t.type, ty.kind, m.uuid AS member_uuid, m.first_name || ' ' || m.last_name AS name,
              row_number() OVER (ORDER BY e.member_uuid) AS n
         FROM risk_assessment_execution e
         JOIN risk_assessment_assignment a ON a.uuid = e.assignment_uuid
         JOIN risk_assessment_task t ON t.uuid = e.task_uuid
         JOIN risk_assessment_type ty ON ty.identifier = t.type
         JOIN member m ON m.uuid = e.member_uuid
        WHERE e.task_uuid = $1 AND e.completed_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM risk_assessment_result r WHERE r.execution_uuid = e.uuid)),
     results AS (
       INSERT INTO risk_assessment_result (client_uuid, task_uuid, assignment_uuid, org_unit_uuid, location_uuid,
                                           type_identifier, kind, execution_uuid, assessed_by_member_uuid,
                                           assessed_by_name, assessed_at)
       SELECT client_uuid, task_uuid, assignment_uuid, org_unit_uuid, location_uuid, type, kind,
              CASE WHEN kind = 'inspection' THEN execution_uuid END, CASE WHEN kind = 'inspection' THEN member_uuid END,
              CASE WHEN kind = 'inspection' THEN name END, CASE WHEN kind = 'inspection' THEN now() - interval '2 days' END
         FROM done ORDER BY random()
       RETURNING uuid, type_identifier)
     INSERT INTO risk_assessment_result_answer (result_uuid, question_key, group_key, value, risk_weight, load,
                                                hazard_factor_group, source, target, measures)
     SELECT r.uuid, q.key, q.group_key, s.value, s.risk_weight, q.load, q.hazard_factor_group, q.source, q.target, q.measures
       FROM results r
       JOIN risk_assessment_question q ON q.type_identifier = r.type_identifier AND NOT q.retired
       JOIN risk_assessment_type ty ON ty.identifier = r.type_identifier
       CROSS JOIN LATERAL (
         SELECT (o ->> 'value')::int AS value, (o ->> 'riskWeight')::int AS risk_weight
           FROM jsonb_array_elements(ty.scale) WITH ORDINALITY AS x(o, i)
          ORDER BY (abs(hashtext(r.uuid::text || q.key)) + i) % jsonb_array_length(ty.scale) LIMIT 1) s`,
    [task],
  );
}

/**
 * The demo's risk assessments: one of each shipped type, assigned to org units, a location and single
 * members, with completed analyses (7 anonymous survey answers in Produktion, so that the next issue's evaluation
 * has a unit above the threshold of 6).
 */
export async function seedRiskAssessments(tx: Queryable, seed: RiskSeedClient): Promise<void> {
  await installRiskAssessmentContent(tx);
  const { client, units, locations, staff } = seed;
  const unit = (name: string) => units[name] as string;

  const survey = await insertTask(tx, client, 'Psychische Belastung 2026', 'mental-load', 21);
  await assign(tx, client, survey, 'org_unit_uuid', [unit('Produktion'), unit('Logistik')]);
  const vdu = await insertTask(tx, client, 'Bildschirmarbeitsplätze', 'vdu-workstation', -3);
  await assign(tx, client, vdu, 'org_unit_uuid', [unit('Produktion'), unit('Verwaltung')]);
  const general = await insertTask(tx, client, 'Gefährdungsbeurteilung Büro Wien', 'general-hazards', 45);
  await assign(tx, client, general, 'location_uuid', [locations['Büro Wien'] as string]);
  await syncMemberTasks(tx, client, null);

  // Staff of Produktion (every 4th member is in it) complete the survey; some complete the VDU check.
  const production = await tx.query<{ member_uuid: string }>(
    `SELECT om.member_uuid FROM org_unit_membership om WHERE om.org_unit_uuid = $1 AND om.member_uuid = ANY($2::uuid[])
      ORDER BY om.member_uuid`,
    [unit('Produktion'), staff],
  );
  const producers = production.map((row) => row.member_uuid);
  await completeAnalyses(tx, survey, producers.slice(0, 7));
  await completeAnalyses(tx, vdu, producers.slice(2, 5));
  await seedEvaluation(tx, client, vdu, unit('Verwaltung'), staff);
}

/**
 * Verwaltung's VDU inspection is evaluated the way finish-analysis does it, its three highest risks have
 * proposed measures with owners and due dates, the other risks above "very low" are marked not relevant, the
 * actions are agreed and the first is done (a month ago: its effectiveness check is due). The Produktion survey (7 completed) stays in its analysis phase, so that
 * an administrator can finish one on first start.
 */
async function seedEvaluation(
  tx: Queryable,
  client: string,
  task: string,
  unitUuid: string,
  staff: readonly string[],
): Promise<void> {
  const members = await tx.query<{ member_uuid: string }>(
    `SELECT om.member_uuid FROM org_unit_membership om WHERE om.org_unit_uuid = $1 AND om.member_uuid = ANY($2::uuid[])
      ORDER BY om.member_uuid`,
    [unitUuid, staff],
  );
  const assessed = members.map((row) => row.member_uuid).slice(0, 8);
  if (assessed.length < 6) return;
  await completeAnalyses(tx, task, assessed);
  const [assignment] = await tx.query<{ uuid: string; completed: number }>(
    `SELECT a.uuid, (SELECT count(*)::int FROM risk_assessment_member_task mt
                      WHERE mt.assignment_uuid = a.uuid AND mt.completed_at IS NOT NULL) AS completed
       FROM risk_assessment_assignment a WHERE a.task_uuid = $1 AND a.org_unit_uuid = $2`,
    [task, unitUuid],
  );
  if (!assignment) return;
  const { evaluationUuid } = await evaluateAssignment(tx, {
    clientUuid: client,
    taskUuid: task,
    assignmentUuid: assignment.uuid,
    analysisCount: assignment.completed,
    finishedBy: null,
  });
  await tx.query(
    `WITH top AS (
       SELECT r.uuid, r.evaluation_uuid, r.measures, row_number() OVER (ORDER BY r.risk_factor DESC, r.question_key) AS n
         FROM risk_assessment_risk r WHERE r.evaluation_uuid = $1 AND r.risk_factor > 2 AND jsonb_array_length(r.measures) > 0)
     INSERT INTO risk_assessment_action (client_uuid, evaluation_uuid, risk_uuid, origin, measure_index, stop, description,
                                         responsible_member_uuid, due_date, note, done_at, done_by_name, check_due_date)
     SELECT $2, top.evaluation_uuid, top.uuid, 'proposed', 0, top.measures -> 0 ->> 'stop', top.measures -> 0 -> 'text',
            ($3::uuid[])[top.n], current_date + (top.n * 14)::int,
            CASE WHEN top.n = 1 THEN 'Mit der Fachkraft für Arbeitssicherheit abgestimmt' END,
            CASE WHEN top.n = 1 THEN current_date - 30 END,
            CASE WHEN top.n = 1 THEN (SELECT first_name || ' ' || last_name FROM member WHERE uuid = ($3::uuid[])[1]) END,
            -- Done four weeks ago: its effectiveness check is due now (docs/risk-assessment-follow-up.md).
            CASE WHEN top.n = 1 THEN current_date - 2 END
       FROM top WHERE top.n <= 3`,
    [evaluationUuid, client, assessed],
  );
  await tx.query(
    `UPDATE risk_assessment_risk r SET
            not_relevant = NOT EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid) AND r.risk_factor > 2,
            not_relevant_reason = CASE WHEN NOT EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid)
                                        AND r.risk_factor > 2 THEN 'Bereits durch bestehende Regelungen abgedeckt' END,
            status = CASE WHEN EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid AND x.done_at IS NULL)
                          THEN 'riskActionAgreed' ELSE 'done' END
      WHERE r.evaluation_uuid = $1`,
    [evaluationUuid],
  );
  await tx.query(`UPDATE risk_assessment_evaluation SET status = 'actionsAgreed', agreed_at = now() WHERE uuid = $1`, [
    evaluationUuid,
  ]);
  // Evidence: the first assessor's note and photo on the question of the highest risk.
  await tx.query(
    `WITH top AS (SELECT r.question_key FROM risk_assessment_risk r WHERE r.evaluation_uuid = $1
                   ORDER BY r.risk_factor DESC, r.question_key LIMIT 1),
          first AS (SELECT res.uuid, res.execution_uuid, res.client_uuid, res.assessed_by_member_uuid
                      FROM risk_assessment_result res WHERE res.assignment_uuid = $2 AND res.kind = 'inspection'
                     ORDER BY res.assessed_at, res.uuid LIMIT 1),
          noted AS (UPDATE risk_assessment_result_answer ra
                       SET note = 'Arbeitsplatz am Fenster: Bildschirm blendet am Nachmittag, Tastatur ohne Handballenauflage, zwei Beschäftigte klagen über Schmerzen im Handgelenk; Kabelkanal am Boden ohne Markierung.'
                      FROM top, first WHERE ra.result_uuid = first.uuid AND ra.question_key = top.question_key)
     INSERT INTO risk_assessment_evidence_photo (client_uuid, execution_uuid, question_key, content, width, height,
                                                 byte_size, created_by_member_uuid)
     SELECT first.client_uuid, first.execution_uuid, top.question_key, $3, $4, $5, $6, first.assessed_by_member_uuid
       FROM top, first`,
    [
      evaluationUuid,
      assignment.uuid,
      DEMO_EVIDENCE_PHOTO,
      DEMO_EVIDENCE_PHOTO_SIZE.width,
      DEMO_EVIDENCE_PHOTO_SIZE.height,
      DEMO_EVIDENCE_PHOTO.length,
    ],
  );
}

/**
 * The bench client's evaluation scenario (scripts/bench/riskAssessments.mjs): `count` surveys ('Bench evaluation',
 * then 'Bench evaluation 2' and on), each assigned to the root unit with 2,000 completed analyses of 60 questions
 * (120,000 answers each, written set-based), ready for finish-analysis. The bench finishes each once, so that no call
 * repeats another's input. The members of consecutive surveys are shifted by 1,000 in username order, and the
 * weights hash each result's uuid, so that every survey's answers differ. The 60 question keys reuse the survey's
 * content cyclically.
 */
export async function seedBenchRiskEvaluation(tx: Queryable, clientUuid: string, count = 1): Promise<void> {
  await installRiskAssessmentContent(tx);
  const [members] = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM member WHERE client_uuid = $1 AND role = 'member'`,
    [clientUuid],
  );
  const shiftable = Math.max(0, (members?.count ?? 0) - 2000);
  for (let index = 0; index < count; index++) {
    const [task] = await tx.query<{ uuid: string }>(
      `INSERT INTO risk_assessment_task (client_uuid, title, type, due_date)
       VALUES ($1, $2, 'mental-load', current_date + 30) RETURNING uuid`,
      [clientUuid, index === 0 ? 'Bench evaluation' : `Bench evaluation ${index + 1}`],
    );
    const [assignment] = await tx.query<{ uuid: string }>(
      `INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, org_unit_uuid)
       SELECT $1, $2, 'org-unit', uuid FROM org_unit WHERE client_uuid = $1 AND is_root RETURNING uuid`,
      [clientUuid, task?.uuid],
    );
    await tx.query(
      `INSERT INTO risk_assessment_member_task (client_uuid, task_uuid, assignment_uuid, member_uuid, due_date, completed_at)
       SELECT $1, $2, $3, uuid, current_date + 30, now() FROM member
        WHERE client_uuid = $1 AND role = 'member' ORDER BY username LIMIT 2000 OFFSET $4`,
      [clientUuid, task?.uuid, assignment?.uuid, shiftable === 0 ? 0 : (index * 1000) % (shiftable + 1)],
    );
    await tx.query(
      `WITH results AS (
         INSERT INTO risk_assessment_result (client_uuid, task_uuid, assignment_uuid, org_unit_uuid, type_identifier, kind)
         SELECT $1, $2, $3, a.org_unit_uuid, 'mental-load', 'survey'
           FROM risk_assessment_assignment a, generate_series(1, 2000) WHERE a.uuid = $3
         RETURNING uuid),
       questions AS (
         SELECT q.*, row_number() OVER (ORDER BY q.group_key, q.position) AS n, count(*) OVER () AS total
           FROM risk_assessment_question q WHERE q.type_identifier = 'mental-load' AND NOT q.retired)
       INSERT INTO risk_assessment_result_answer (result_uuid, question_key, group_key, value, risk_weight, load,
                                                  hazard_factor_group, source, target, measures)
       SELECT r.uuid, 'bench-' || k, q.group_key, 1 + w.weight, w.weight, q.load, q.hazard_factor_group, q.source,
              q.target, q.measures
         FROM results r
         CROSS JOIN generate_series(1, 60) AS k
         JOIN questions q ON q.n = 1 + (k - 1) % q.total
         CROSS JOIN LATERAL (SELECT (abs(hashtext(r.uuid::text || k)) % 4)::int AS weight) w`,
      [clientUuid, task?.uuid, assignment?.uuid],
    );
  }
}
