import { BULK_MAX } from '@dash/shared-core';
import type { archivedMemberFilterSchema, memberListFilterSchema } from '@dash/shared-core/contract';
import type { z } from 'zod';
import { visibleMembers } from '../../core/access/scope';
import { lockMatchingRows } from '../../core/db/bulkSelection';
import type { Queryable } from '../../core/db/database';
import { likePattern } from '../../core/db/rows';
import type { SessionContext } from '../../core/sessions/sessions';
import type { TargetRow } from './lookups';

/**
 * The member list's and the archive list's filters as SQL, in one place: the lists read their pages with these
 * conditions, and the bulk calls that take a list's filter instead of uuids act on exactly the rows the list shows
 * (client, ou-admin and loc-admin scope included).
 */

export type MemberListFilter = z.output<typeof memberListFilterSchema>;
export type ArchivedMemberFilter = z.output<typeof archivedMemberFilterSchema>;

/** The member list's rows (members not archived) for `filter`, on alias `m`; appends its parameters to `params`. */
export function memberListCondition(session: SessionContext, filter: MemberListFilter, params: unknown[]): string {
  const where = [visibleMembers(session, params), 'm.archived_at IS NULL'];
  if (filter.status !== 'all') {
    params.push(filter.status);
    where.push(`m.status = $${params.length}`);
  }
  if (filter.role) {
    params.push(filter.role);
    where.push(`m.role = $${params.length}`);
  }
  if (filter.search) {
    params.push(likePattern(filter.search));
    // search_text is lower('first last' \n username \n email), kept by PostgreSQL (migration 004): one LIKE
    // instead of lower-casing five columns of every member per call (ILIKE does lower(text) LIKE lower(pattern)).
    where.push(`m.search_text LIKE lower($${params.length})`);
  }
  if (filter.orgUnitUuid) {
    params.push(filter.orgUnitUuid);
    // The view holds the default unit's derived members as well (migration 006).
    where.push(
      `EXISTS (SELECT 1 FROM org_unit_membership om WHERE om.org_unit_uuid = $${params.length} AND om.member_uuid = m.uuid)`,
    );
  }
  if (filter.locationUuid) {
    params.push(filter.locationUuid);
    where.push(
      `EXISTS (SELECT 1 FROM location_member lm WHERE lm.location_uuid = $${params.length} AND lm.member_uuid = m.uuid)`,
    );
  }
  return where.join(' AND ');
}

/** The archive list's rows (archived, not deleted) for `filter`, on alias `m`. */
export function archivedMemberCondition(
  session: SessionContext,
  filter: ArchivedMemberFilter,
  params: unknown[],
): string {
  let condition = `${visibleMembers(session, params)} AND m.archived_at IS NOT NULL AND m.deleted_at IS NULL`;
  if (filter.search) {
    params.push(likePattern(filter.search));
    condition += ` AND m.search_text LIKE lower($${params.length})`;
  }
  return condition;
}

const TARGET_SELECT =
  'SELECT m.uuid, m.role, m.archived_at IS NOT NULL AS archived, m.deleted_at IS NOT NULL AS deleted FROM member m';

/**
 * Every member the member list shows for `filter`, locked for the transaction like `lockTargets` locks picked ones
 * (409 Bulk.TooManyRows past BULK_MAX).
 */
export function lockListedMembers(tx: Queryable, session: SessionContext, filter: MemberListFilter) {
  const params: unknown[] = [];
  const condition = memberListCondition(session, filter, params);
  return lockMatchingRows<TargetRow>(tx, `${TARGET_SELECT} WHERE ${condition} ORDER BY m.uuid`, params, BULK_MAX);
}

/** Every member the archive list shows for `filter`, locked for the transaction. */
export function lockListedArchivedMembers(tx: Queryable, session: SessionContext, filter: ArchivedMemberFilter) {
  const params: unknown[] = [];
  const condition = archivedMemberCondition(session, filter, params);
  return lockMatchingRows<TargetRow>(tx, `${TARGET_SELECT} WHERE ${condition} ORDER BY m.uuid`, params, BULK_MAX);
}
