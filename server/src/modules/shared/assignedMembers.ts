import type { AssignedMember, AssignedMemberListRequest, ErrorCode } from '@dash/shared-core';
import { visibleMembers } from '../../core/access/scope';
import { type AuditChange, recordAudit } from '../../core/audit/auditTrail';
import type { Queryable } from '../../core/db/database';
import { isUniqueViolation } from '../../core/db/errorCodes';
import { likePattern, orderBy } from '../../core/db/rows';
import { readTablePage } from '../../core/db/tablePage';
import { membershipChanged } from '../../core/events/membershipEvents';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';

/*
 * What the member tabs of groups, org units and locations share: the page of assigned members (groups and units),
 * the check of members to add, one audit entry per member who joined or left, and names that must be unique.
 */

/** Sort keys of the assigned-member tables -> columns of `member m` (the member_list_* indexes lead with them). */
const ASSIGNED_MEMBER_COLUMNS: Record<string, string> = {
  lastName: 'm.last_name',
  firstName: 'm.first_name',
  username: 'm.username',
  email: 'm.email',
  role: 'm.role',
  status: 'm.status',
};

interface AssignedMemberRow {
  uuid: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role: AssignedMember['role'];
  status: AssignedMember['status'];
}

/**
 * One page of the members of a group or org unit (`membership`: a relation with `member_uuid`, already limited to
 * the one group or unit through its own parameters in `params`). Archived members never show; sorting, search and
 * paging happen in the database.
 */
export async function readAssignedMembers(
  db: Queryable,
  request: Required<Pick<AssignedMemberListRequest, 'page' | 'perPage' | 'sortBy' | 'sortDirection'>> & {
    filter: { search?: string };
  },
  membership: string,
  params: unknown[],
): Promise<{ items: AssignedMember[]; total: number }> {
  const where = ['m.archived_at IS NULL'];
  const own = [...params];
  if (request.filter.search) {
    own.push(likePattern(request.filter.search));
    // search_text is lower('first last' \n username \n email) (migration 004).
    where.push(`m.search_text LIKE lower($${own.length})`);
  }
  const from = `FROM (${membership}) ms JOIN member m ON m.uuid = ms.member_uuid WHERE ${where.join(' AND ')}`;
  const { rows, total } = await readTablePage<AssignedMemberRow>(db, {
    select: `SELECT m.uuid, m.username, m.first_name, m.last_name, m.email, m.role, m.status ${from}`,
    count: `SELECT count(*)::int AS total ${from}`,
    params: own,
    order: orderBy(ASSIGNED_MEMBER_COLUMNS, request.sortBy, request.sortDirection, 'm.uuid'),
    page: request.page,
    perPage: request.perPage,
  });
  return {
    items: rows.map((row) => ({
      uuid: row.uuid,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      role: row.role,
      status: row.status,
    })),
    total,
  };
}

/** The members to add, each one not archived and visible to the session; any other uuid answers 404 Member.NotFound. */
export async function checkVisibleMembers(
  tx: Queryable,
  session: SessionContext,
  memberUuids: readonly string[],
): Promise<void> {
  const params: unknown[] = [memberUuids];
  const visible = visibleMembers(session, params);
  const [found] = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM member m
      WHERE m.uuid = ANY($1::uuid[]) AND m.archived_at IS NULL AND ${visible}`,
    params,
  );
  if (found?.count !== memberUuids.length) throw new ApiHttpError(404, 'Member.NotFound');
}

/** The same audit entry once for each member: each member's history shows that he joined or left. */
export function auditPerMember(memberUuids: readonly string[], entry: Omit<AuditChange, 'memberUuid'>): AuditChange[] {
  return memberUuids.map((memberUuid) => ({ ...entry, memberUuid }));
}

/**
 * Members joined or left a unit or location: the apps' tasks follow (membershipChanged) and each member gets an audit
 * entry, in the caller's transaction.
 */
export async function recordMembershipChange(
  tx: Queryable,
  session: SessionContext,
  memberUuids: readonly string[],
  entry: Omit<AuditChange, 'memberUuid'>,
): Promise<void> {
  await membershipChanged(tx, session.clientUuid, { memberUuids: [...memberUuids] });
  await recordAudit(tx, session, auditPerMember(memberUuids, entry));
}

/** Runs `work`; a name a unique index refused (two groups, sibling units or locations of one name) answers 409 `code`. */
export async function withUniqueName<T>(code: ErrorCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiHttpError(409, code);
    throw error;
  }
}

/** Distinct uuids in request order: a repeated uuid is one member. */
export function distinct(uuids: readonly string[]): string[] {
  return [...new Set(uuids.map((uuid) => uuid.toLowerCase()))];
}
