import { ENDPOINTS, type Member, type MemberListItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { iso, likePattern } from '../../db/rows';
import { TotalsCache } from '../../db/totalsCache';
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

export function registerMemberRoutes(app: FastifyInstance, db: Database): void {
  // Member list totals: a few seconds old at most (see TotalsCache); rows are always read fresh.
  // Calls of this module that add, archive or change members clear their client's totals.
  const memberTotals = new TotalsCache(3000);

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
    const countParams = [...params];
    params.push(body.perPage, (body.page - 1) * body.perPage);
    const [rows, count] = await Promise.all([
      // The page's keys first (from the index alone, however deep the page), then just those rows.
      db.query<MemberRow>(
        `SELECT r.uuid, r.username, r.first_name, r.last_name, r.email, r.role, r.status, r.last_login_at
           FROM (SELECT m.uuid FROM member m WHERE ${condition}
                  ORDER BY ${memberOrder('m', body.sortBy, body.sortDirection)}
                  LIMIT $${params.length - 1} OFFSET $${params.length}) page
           JOIN member r ON r.uuid = page.uuid
          ORDER BY ${memberOrder('r', body.sortBy, body.sortDirection)}`,
        params,
      ),
      memberTotals.get(session.clientUuid, JSON.stringify([condition, countParams]), async () => {
        const rows = await db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM member m WHERE ${condition}`,
          countParams,
        );
        return rows[0]?.total ?? 0;
      }),
    ]);
    return { items: rows.map(toListItem), total: count };
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
