import type { Queryable } from '../../../core/db/database';
import { GENERAL_HAZARDS } from './generalHazards';
import { MENTAL_LOAD } from './mentalLoad';
import type { TypeContent } from './model';
import { VDU_WORKSTATION } from './vduWorkstation';

export * from './model';

/** The types shipped with the product (docs/risk-assessments.md). */
export const RISK_ASSESSMENT_TYPES: readonly TypeContent[] = [GENERAL_HAZARDS, VDU_WORKSTATION, MENTAL_LOAD];

/**
 * Writes the content of the given types into the database, set-based (one statement per table) and idempotent:
 * texts and measures are brought up to date; a question no longer shipped is marked retired, never deleted, so
 * that answers given to it keep their meaning.
 */
export async function installRiskAssessmentContent(
  tx: Queryable,
  types: readonly TypeContent[] = RISK_ASSESSMENT_TYPES,
): Promise<void> {
  const typeRows = types.map((type) => ({
    identifier: type.identifier,
    kind: type.kind,
    title: type.title,
    description: type.description,
    scale: type.scale,
    position: type.position,
  }));
  await tx.query(
    `INSERT INTO risk_assessment_type (identifier, kind, title, description, scale, position)
     SELECT x.identifier, x.kind, x.title, x.description, x.scale, x.position
       FROM jsonb_to_recordset($1::jsonb) AS x(identifier text, kind text, title jsonb, description jsonb, scale jsonb, position int)
     ON CONFLICT (identifier) DO UPDATE SET kind = EXCLUDED.kind, title = EXCLUDED.title,
       description = EXCLUDED.description, scale = EXCLUDED.scale, position = EXCLUDED.position`,
    [JSON.stringify(typeRows)],
  );
  const groupRows = types.flatMap((type) =>
    type.groups.map((group, position) => ({ type: type.identifier, key: group.key, position, title: group.title })),
  );
  await tx.query(
    `INSERT INTO risk_assessment_question_group (type_identifier, key, position, title)
     SELECT x.type, x.key, x.position, x.title FROM jsonb_to_recordset($1::jsonb) AS x(type text, key text, position int, title jsonb)
     ON CONFLICT (type_identifier, key) DO UPDATE SET position = EXCLUDED.position, title = EXCLUDED.title`,
    [JSON.stringify(groupRows)],
  );
  const questionRows = types.flatMap((type) =>
    type.groups.flatMap((group) =>
      group.questions.map((question, position) => ({
        type: type.identifier,
        key: question.key,
        group_key: group.key,
        position,
        text: question.text,
        load: question.load,
        hazard_factor_group: question.hazardFactorGroup,
        source: question.source,
        target: question.target,
        measures: question.measures,
      })),
    ),
  );
  await tx.query(
    `INSERT INTO risk_assessment_question (type_identifier, key, group_key, position, text, load, hazard_factor_group,
                                           source, target, measures, retired)
     SELECT x.type, x.key, x.group_key, x.position, x.text, x.load, x.hazard_factor_group, x.source, x.target, x.measures, false
       FROM jsonb_to_recordset($1::jsonb) AS x(type text, key text, group_key text, position int, text jsonb, load jsonb,
                                                hazard_factor_group text, source jsonb, target jsonb, measures jsonb)
     ON CONFLICT (type_identifier, key) DO UPDATE SET group_key = EXCLUDED.group_key, position = EXCLUDED.position,
       text = EXCLUDED.text, load = EXCLUDED.load, hazard_factor_group = EXCLUDED.hazard_factor_group,
       source = EXCLUDED.source, target = EXCLUDED.target, measures = EXCLUDED.measures, retired = false`,
    [JSON.stringify(questionRows)],
  );
  await tx.query(
    `UPDATE risk_assessment_question q SET retired = true
      WHERE q.type_identifier = ANY($1::text[]) AND NOT q.retired
        AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS x(type text, key text) WHERE x.type = q.type_identifier AND x.key = q.key)`,
    [types.map((type) => type.identifier), JSON.stringify(questionRows.map(({ type, key }) => ({ type, key })))],
  );
}
