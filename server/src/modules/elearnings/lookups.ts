import type { Queryable } from '../../core/db/database';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';
import type { ScormVersion } from './scormRules';

/** The lookups and row types the e-learning area's route files (routes/*.ts) share. */

export type ElearningLanguage = 'de_DE' | 'en_GB';
export type ElearningState = 'live' | 'scheduled' | 'ended' | 'inactive';

/**
 * The e-learning of the session's client (its title and current package), locked for a change when `forUpdate`;
 * 404 Elearning.NotFound otherwise.
 */
export async function requireElearning(db: Queryable, session: SessionContext, uuid: string, forUpdate = false) {
  const [row] = await db.query<{ uuid: string; title: string; package_uuid: string | null }>(
    `SELECT uuid, title, package_uuid FROM elearning WHERE uuid = $1 AND client_uuid = $2 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [uuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'Elearning.NotFound');
  return row;
}

/**
 * An e-learning of the session's client with the version of what its analytics show: the client's company version
 * (members, names, units), the e-learning's statistics version (its members' attempts and its settings, migration
 * 019) and the database's day (statuses turn overdue at midnight). Answers kept for this version are exact.
 */
export async function requireElearningStatistics(
  db: Queryable,
  session: SessionContext,
  uuid: string,
): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `SELECT coalesce(v.version, 0)::text || '.' || to_char(current_date, 'YYYYMMDD') AS version
       FROM elearning e LEFT JOIN data_version v ON v.scope = 'elearning-statistics' AND v.key = e.uuid
      WHERE e.uuid = $1 AND e.client_uuid = $2`,
    [uuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'Elearning.NotFound');
  return `${session.companyVersion}.${row.version}`;
}

export interface ExecutionRow {
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
export async function ownExecution(db: Queryable, session: SessionContext, uuid: string, forUpdate = false) {
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

/** The result of an execution: there is one from the attempt's completion on. */
export async function resultOfExecution(db: Queryable, executionUuid: string): Promise<string | null> {
  const [row] = await db.query<{ uuid: string }>('SELECT uuid FROM elearning_result WHERE execution_uuid = $1', [
    executionUuid,
  ]);
  return row?.uuid ?? null;
}
