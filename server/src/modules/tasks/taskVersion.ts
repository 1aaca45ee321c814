import type { Queryable } from '../../db/database';
import type { SessionContext } from '../auth/sessions';

/**
 * The version of what a member's task lists and due counts show (data_version of migration 019): the client's
 * company version (names of units and locations), its e-learning catalogue version (every attempt of its members,
 * every e-learning and title), its risk-tasks version (every analysis, risk assessment and evaluation), and the
 * database's day (due statuses move at midnight). Answers kept for it are exact; they are kept until anything of the
 * client's tasks changes, not only the member's own.
 */
export async function readTaskVersion(db: Queryable, session: SessionContext): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `SELECT coalesce((SELECT version FROM data_version WHERE scope = 'elearning-catalog' AND key = $1), 0)::text
            || '.' || coalesce((SELECT version FROM data_version WHERE scope = 'risk-tasks' AND key = $1), 0)::text
            || '.' || to_char(current_date, 'YYYYMMDD') AS version`,
    [session.clientUuid],
  );
  return `${session.companyVersion}.${row?.version ?? '0.0.0'}`;
}

/**
 * The version of the client's risk assessments as the catalogue and the evaluation list show them: the company
 * version (names of units and locations) and the risk-tasks version (assessments, assignments, analyses,
 * evaluations).
 */
export async function readRiskVersion(db: Queryable, session: SessionContext): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `SELECT coalesce(max(version), 0)::text AS version FROM data_version WHERE scope = 'risk-tasks' AND key = $1`,
    [session.clientUuid],
  );
  return `${session.companyVersion}.${row?.version ?? '0'}`;
}
