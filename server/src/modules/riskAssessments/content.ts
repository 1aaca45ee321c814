import type { RiskAssessmentContent } from '@dash/shared-core/contract';
import type { Queryable } from '../../core/db/database';

interface ContentRow {
  identifier: string;
  kind: RiskAssessmentContent['kind'];
  title: RiskAssessmentContent['title'];
  description: RiskAssessmentContent['description'];
  scale: RiskAssessmentContent['scale'];
  groups: RiskAssessmentContent['groups'] | null;
}

/** A type's content with what a save checks against: its question keys and its scale's values. */
export interface LoadedContent {
  content: RiskAssessmentContent;
  questionKeys: Set<string>;
  scaleValues: Set<number>;
}

/**
 * Content changes only when a server starts (installRiskAssessmentContent), so each type is kept for a minute:
 * opening an analysis and saving answers need no content query. Kept for a minute, not for the life of the process:
 * with several instances on one database, a newly started instance (a new release) may install changed content, and
 * the instances already running pick it up within CONTENT_CACHE_MS instead of never.
 */
export const CONTENT_CACHE_MS = 60_000;
const cache = new Map<string, { loaded: Promise<LoadedContent | null>; at: number }>();

export function forgetContent(): void {
  cache.clear();
}

export function loadContent(db: Queryable, type: string): Promise<LoadedContent | null> {
  const now = Date.now();
  let entry = cache.get(type);
  if (!entry || now - entry.at >= CONTENT_CACHE_MS) {
    const loaded = readContent(db, type);
    const fresh = { loaded, at: now };
    entry = fresh;
    cache.set(type, fresh);
    loaded.catch(() => {
      if (cache.get(type) === fresh) cache.delete(type);
    });
  }
  return entry.loaded;
}

async function readContent(db: Queryable, type: string): Promise<LoadedContent | null> {
  const [row] = await db.query<ContentRow>(
    `SELECT ty.identifier, ty.kind, ty.title, ty.description, ty.scale,
            (SELECT jsonb_agg(jsonb_build_object('key', g.key, 'title', g.title, 'questions',
                    (SELECT COALESCE(jsonb_agg(jsonb_build_object('key', q.key, 'text', q.text, 'load', q.load,
                              'hazardFactorGroup', q.hazard_factor_group, 'source', q.source, 'target', q.target,
                              'measures', q.measures) ORDER BY q.position), '[]'::jsonb)
                       FROM risk_assessment_question q
                      WHERE q.type_identifier = g.type_identifier AND q.group_key = g.key AND NOT q.retired))
                    ORDER BY g.position)
               FROM risk_assessment_question_group g WHERE g.type_identifier = ty.identifier) AS groups
       FROM risk_assessment_type ty WHERE ty.identifier = $1`,
    [type],
  );
  if (!row) return null;
  const groups = (row.groups ?? []).filter((group) => group.questions.length > 0);
  const content: RiskAssessmentContent = { ...row, groups };
  return {
    content,
    questionKeys: new Set(groups.flatMap((group) => group.questions.map((question) => question.key))),
    scaleValues: new Set(row.scale.map((option) => option.value)),
  };
}
