import { ENDPOINTS, type Member, type MemberListItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { type KeyOrder, KeyOrderCache } from '../../db/keyOrderCache';
import { iso, likePattern } from '../../db/rows';
import { VersionedRowCache } from '../../db/versionedRowCache';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';

/**
 * ORDER BY columns per sort key: the key, then tie-breakers that make the order total. They follow the
 * member_list_* indexes (migration 001), so that a page is read from an index instead of sorting every member.
 */
const SORT_ORDERS: Record<string, { columns: readonly string[]; nullable: boolean }> = {
  lastName: { columns: ['last_name', 'first_name', 'uuid'], nullable: false },
  firstName: { columns: ['first_name', 'last_name', 'uuid'], nullable: false },
  username: { columns: ['username', 'uuid'], nullable: false },
  email: { columns: ['email', 'uuid'], nullable: true },
  role: { columns: ['role', 'last_name', 'first_name', 'uuid'], nullable: false },
  status: { columns: ['status', 'last_name', 'first_name', 'uuid'], nullable: false },
  lastLoginAt: { columns: ['last_login_at', 'uuid'], nullable: true },
};

/** `ORDER BY` list for table alias `alias`; a sort key never reaches SQL unless it is in SORT_ORDERS. */
function memberOrder(alias: string, sortBy: string, direction: 'asc' | 'desc'): string {
  const order = SORT_ORDERS[sortBy];
  if (!order) throw new Error(`Unknown sort key ${sortBy}`);
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  // NULLS LAST only where NULLs can occur: on a NOT NULL column it would keep PostgreSQL from reading an index
  // backwards for a descending sort.
  return order.columns
    .map((column, index) => `${alias}.${column} ${dir}${index === 0 && order.nullable ? ' NULLS LAST' : ''}`)
    .join(', ');
}

interface MemberRow {
  uuid: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role: MemberListItem['role'];
  status: MemberListItem['status'];
  last_login_at: unknown;
}

/**
 * Which members the signed-in member may see: an ou-admin only those in org units he administers,
 * everybody else with the permission the whole client. Appends to `params` and answers an SQL condition on `m`.
 */
function visibleMembers(session: SessionContext, params: unknown[]): string {
  params.push(session.clientUuid);
  let condition = `m.client_uuid = $${params.length}`;
  if (session.role === 'ou-admin') {
    params.push(session.memberUuid);
    condition += ` AND EXISTS (SELECT 1 FROM org_unit_member om JOIN org_unit_admin oa ON oa.org_unit_uuid = om.org_unit_uuid
                               WHERE om.member_uuid = m.uuid AND oa.member_uuid = $${params.length})`;
  }
  return condition;
}

function toListItem(row: MemberRow): MemberListItem {
  return {
    uuid: row.uuid,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    status: row.status,
    lastLoginAt: iso(row.last_login_at),
  };
}

/**
 * Every matching member's key in list order, as one string: PGlite hands over one row of 10,000 keys several
 * times faster than 10,000 rows. Lists longer than `maxKeys` answer only their total.
 */
async function readMemberOrder(
  db: Database,
  condition: string,
  params: unknown[],
  order: string,
  maxKeys: number,
): Promise<KeyOrder> {
  const [row] = await db.query<{ total: number; keys: string | null }>(
    `SELECT count(*)::int AS total,
            CASE WHEN count(*) <= ${maxKeys} THEN string_agg(m.uuid::text, ',' ORDER BY ${order}) END AS keys
       FROM member m WHERE ${condition}`,
    params,
  );
  const total = row?.total ?? 0;
  if (total > maxKeys) return { total, keys: null };
  return { total, keys: row?.keys ? row.keys.split(',') : [] };
}

const MEMBER_COLUMNS = 'r.uuid, r.username, r.first_name, r.last_name, r.email, r.role, r.status, r.last_login_at';

export function registerMemberRoutes(app: FastifyInstance, db: Database): void {
  // The order of each filter and sort of a client's list, exact for the client's member list version (see
  // KeyOrderCache): paging, re-sorting back and searching again read only the page's rows.
  const memberOrders = new KeyOrderCache();
  // And the rows of the pages read, for the same version: every change of a member moves the version.
  const memberRows = new VersionedRowCache<MemberListItem>();

  registerEndpoint(app, db, ENDPOINTS.memberList, async ({ body, session }) => {
    const params: unknown[] = [];
    const where = [visibleMembers(session, params), 'm.archived_at IS NULL'];
    if (body.filter.status !== 'all') {
      params.push(body.filter.status);
      where.push(`m.status = $${params.length}`);
    }
    if (body.filter.role) {
      params.push(body.filter.role);
      where.push(`m.role = $${params.length}`);
    }
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      const p = `$${params.length}`;
      // search_text is lower('first last' \n username \n email), kept by PostgreSQL (migration 004): one LIKE
      // instead of lower-casing five columns of every member per call (ILIKE does lower(text) LIKE lower(pattern)).
      where.push(`m.search_text LIKE lower(${p})`);
    }
    const condition = where.join(' AND ');
    const order = memberOrder('m', body.sortBy, body.sortDirection);
    const offset = (body.page - 1) * body.perPage;

    // An ou-admin's list also depends on org unit memberships, which the member list version does not follow.
    const keyOrder =
      session.role === 'ou-admin'
        ? null
        : await memberOrders.get(
            `${session.clientUuid}|${JSON.stringify([condition, params, order])}`,
            session.memberListVersion,
            () => readMemberOrder(db, condition, params, order, memberOrders.maxKeysPerList),
          );
    if (keyOrder?.keys) {
      const keys = keyOrder.keys.slice(offset, offset + body.perPage);
      const rows = await memberRows.get(session.clientUuid, session.memberListVersion, keys, async (missing) =>
        (
          await db.query<MemberRow>(
            `SELECT ${MEMBER_COLUMNS} FROM member r WHERE r.uuid = ANY($1::uuid[]) AND r.client_uuid = $2`,
            [missing, session.clientUuid],
          )
        ).map((row): [string, MemberListItem] => [row.uuid, toListItem(row)]),
      );
      const items = keys.flatMap((uuid) => rows.get(uuid) ?? []);
      return { items, total: keyOrder.total };
    }

    const pageParams = [...params, body.perPage, offset];
    const [rows, total] = await Promise.all([
      // The page's keys first (from the index alone, however deep the page), then just those rows.
      db.query<MemberRow>(
        `SELECT ${MEMBER_COLUMNS}
           FROM (SELECT m.uuid FROM member m WHERE ${condition} ORDER BY ${order}
                  LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}) page
           JOIN member r ON r.uuid = page.uuid
          ORDER BY ${memberOrder('r', body.sortBy, body.sortDirection)}`,
        pageParams,
      ),
      keyOrder
        ? keyOrder.total
        : db
            .query<{ total: number }>(`SELECT count(*)::int AS total FROM member m WHERE ${condition}`, params)
            .then((count) => count[0]?.total ?? 0),
    ]);
    return { items: rows.map(toListItem), total };
  });

  registerEndpoint(app, db, ENDPOINTS.memberDetails, async ({ body, session }): Promise<Member> => {
    const params: unknown[] = [];
    const condition = visibleMembers(session, params);
    params.push(body.uuid);
    const rows = await db.query<
      MemberRow & {
        phone_number: string | null;
        mobile_number: string | null;
        language: Member['language'];
        special_attributes: string[];
        external_company: string | null;
        archived_at: unknown;
        create_elearning_tasks: boolean;
        create_risk_assessment_tasks: boolean;
      }
    >(`SELECT m.* FROM member m WHERE ${condition} AND m.uuid = $${params.length}`, params);
    const row = rows[0];
    // Another client's member answers exactly like one that does not exist.
    if (!row) throw new ApiHttpError(404, 'Member.NotFound');
    const [orgUnits, locations] = await Promise.all([
      db.query<{ uuid: string; name: string }>(
        `SELECT o.uuid, o.name FROM org_unit o JOIN org_unit_member om ON om.org_unit_uuid = o.uuid
          WHERE om.member_uuid = $1 AND o.client_uuid = $2 ORDER BY o.name`,
        [row.uuid, session.clientUuid],
      ),
      db.query<{ uuid: string; name: string }>(
        `SELECT l.uuid, l.name FROM location l JOIN location_member lm ON lm.location_uuid = l.uuid
          WHERE lm.member_uuid = $1 AND l.client_uuid = $2 ORDER BY l.name`,
        [row.uuid, session.clientUuid],
      ),
    ]);
    return {
      ...toListItem(row),
      phoneNumber: row.phone_number,
      mobileNumber: row.mobile_number,
      language: row.language,
      specialAttributes: row.special_attributes,
      externalCompany: row.external_company,
      archivedAt: iso(row.archived_at),
      createElearningTasks: row.create_elearning_tasks,
      createRiskAssessmentTasks: row.create_risk_assessment_tasks,
      orgUnits: orgUnits.map((unit) => ({ uuid: unit.uuid, orgUnitName: unit.name })),
      locations,
    };
  });
}
