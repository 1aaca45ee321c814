import type { AnswerEvidence } from '@dash/shared-core/contract';
import type { Queryable } from '../../core/db/database';

/**
 * What the assessors of an inspection left on one question (their notes and photos), from the completed analyses of
 * an assignment, in the order they assessed. Surveys keep none (their results carry no execution and no note).
 */
export async function readAnswerEvidence(
  db: Queryable,
  assignmentUuid: string,
  questionKeys: readonly string[],
): Promise<Map<string, AnswerEvidence[]>> {
  const rows = await db.query<{ question_key: string; name: string | null; note: string | null; photos: string[] }>(
    `SELECT q.key AS question_key, res.assessed_by_name AS name, ra.note,
            coalesce((SELECT array_agg(p.uuid ORDER BY p.created_at, p.uuid) FROM risk_assessment_evidence_photo p
                       WHERE p.execution_uuid = res.execution_uuid AND p.question_key = q.key), '{}') AS photos
       FROM risk_assessment_result res
      CROSS JOIN unnest($2::text[]) AS q(key)
       LEFT JOIN risk_assessment_result_answer ra ON ra.result_uuid = res.uuid AND ra.question_key = q.key
      WHERE res.assignment_uuid = $1 AND res.kind = 'inspection'
      ORDER BY q.key, res.assessed_at, res.uuid`,
    [assignmentUuid, questionKeys],
  );
  const evidence = new Map<string, AnswerEvidence[]>();
  for (const row of rows) {
    if (row.note === null && row.photos.length === 0) continue;
    const list = evidence.get(row.question_key) ?? [];
    list.push({ assessedByName: row.name ?? '', note: row.note, photoUuids: row.photos });
    evidence.set(row.question_key, list);
  }
  return evidence;
}
