import { ENDPOINTS, type Member, type MemberListItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { iso, likePattern, orderBy } from '../../db/rows';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';

const SORT_COLUMNS: Record<string, string> = {
  lastName: 'm.last_name',
  firstName: 'm.first_name',
  username: 'm.username',
  email: 'm.email',
  role: 'm.role',
  status: 'm.status',
  lastLoginAt: 'm.last_login_at',
};

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
      where.push(
        `(m.last_name ILIKE ${p} OR m.first_name ILIKE ${p} OR m.username ILIKE ${p} OR m.email ILIKE ${p}
          OR (m.first_name || ' ' || m.last_name) ILIKE ${p})`,
      );
    }
    const condition = where.join(' AND ');
    const countParams = [...params];
    params.push(body.perPage, (body.page - 1) * body.perPage);
    const [rows, count] = await Promise.all([
      db.query<MemberRow>(
        `SELECT m.uuid, m.username, m.first_name, m.last_name, m.email, m.role, m.status, m.last_login_at
           FROM member m WHERE ${condition}
           ${orderBy(SORT_COLUMNS, body.sortBy, body.sortDirection, 'm.uuid')}
           LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM member m WHERE ${condition}`, countParams),
    ]);
    return { items: rows.map(toListItem), total: count[0]?.total ?? 0 };
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
