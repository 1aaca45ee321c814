import type { Queryable } from '../db/database';
import type { SessionContext } from '../sessions/sessions';

/**
 * The version of what a member's task lists and due counts show (data_version of migration 019): the client's
 * company version (names of units and locations), its e-learning catalogue version (every attempt of its members,
 * every e-learning and title), its risk-tasks version (every analysis, risk assessment and evaluation), its
 * instruction-tasks version (every instruction recorded or signed: modules/instructions/lookups.ts), and the
 * database's day (due statuses move at midnight). Answers kept for it are exact; they are kept until anything of the
 * client's tasks changes, not only the member's own.
 */
export async function readTaskVersion(db: Queryable, session: SessionContext): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `SELECT coalesce((SELECT version FROM data_version WHERE scope = 'elearning-catalog' AND key = $1), 0)::text
            || '.' || coalesce((SELECT version FROM data_version WHERE scope = 'risk-tasks' AND key = $1), 0)::text
            || '.' || coalesce((SELECT version FROM data_version WHERE scope = 'instruction-tasks' AND key = $1), 0)::text
            || '.' || to_char(current_date, 'YYYYMMDD') AS version`,
    [session.clientUuid],
  );
  return `${session.companyVersion}.${row?.version ?? '0.0.0.0'}`;
}

/**
 * The client's company version (names of units and locations) and its version of one scope of migration 019, as one
 * dotted version: the e-learning catalogue's, or the risk assessments' as the catalogue and the evaluation list show
 * them (assessments, assignments, analyses, evaluations).
 */
export async function readClientVersion(
  db: Queryable,
  session: SessionContext,
  scope: 'elearning-catalog' | 'risk-tasks',
): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    'SELECT coalesce(max(version), 0)::text AS version FROM data_version WHERE scope = $1 AND key = $2',
    [scope, session.clientUuid],
  );
  return `${session.companyVersion}.${row?.version ?? '0'}`;
}

export const readRiskVersion = (db: Queryable, session: SessionContext) => readClientVersion(db, session, 'risk-tasks');
