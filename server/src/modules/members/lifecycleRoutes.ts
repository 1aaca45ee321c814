import { type ArchivedMember, type AuditEntry, ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { visibleMembers } from '../../core/access/scope';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { iso, likePattern, orderBy } from '../../core/db/rows';
import { readTablePage } from '../../core/db/tablePage';
import { membershipChanged } from '../../core/events/membershipEvents';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { RESET_REQUEST_MINUTES, sendPasswordResetMail, sendWelcomeMail } from '../auth/passwordReset';
import type { SessionContext } from '../auth/sessions';
import { assertSeatsFor, LOCK_MEMBER_CHANGES } from './licence';
import { PERSONAL_AUDIT_KEYS } from './memberRecord';
import { assertAnotherSuperAdmin } from './writeRoutes';

interface TargetRow {
  uuid: string;
  role: string;
  archived: boolean;
  deleted: boolean;
}

/**
 * The members of `uuids` the session may change, locked for the transaction. Any uuid that is unknown, of another
 * client, outside the session's scope or deleted answers 404 for the whole call: nothing changes.
 */
async function lockTargets(
  tx: Queryable,
  session: SessionContext,
  uuids: readonly string[],
  { includeDeleted = false } = {},
): Promise<TargetRow[]> {
  const unique = [...new Set(uuids)];
  const params: unknown[] = [];
  const condition = visibleMembers(session, params);
  params.push(unique, includeDeleted);
  const rows = await tx.query<TargetRow>(
    `SELECT m.uuid, m.role, m.archived_at IS NOT NULL AS archived, m.deleted_at IS NOT NULL AS deleted FROM member m
      WHERE ${condition} AND m.uuid = ANY($${params.length - 1}::uuid[]) AND (m.deleted_at IS NULL OR $${params.length}::boolean)
      ORDER BY m.uuid FOR UPDATE`,
    params,
  );
  if (rows.length !== unique.length) throw new ApiHttpError(404, 'Member.NotFound');
  return rows;
}

const ARCHIVED_SORT: Record<string, string> = {
  lastName: 'm.last_name',
  firstName: 'm.first_name',
  username: 'm.username',
  email: 'm.email',
  archivedAt: 'm.archived_at',
};

export function registerMemberLifecycleRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.memberArchive, async ({ body, session }) => {
    const count = await db.transaction(async (tx) => {
      await tx.query(LOCK_MEMBER_CHANGES, [session.clientUuid]);
      // Members archived already are left as they are: a repeated bulk action (a second click) is no error.
      const targets = (await lockTargets(tx, session, body.uuids)).filter((target) => !target.archived);
      if (targets.length === 0) return 0;
      if (targets.some((target) => target.uuid === session.memberUuid)) {
        throw new ApiHttpError(400, 'Member.CannotChangeSelf');
      }
      const uuids = targets.map((target) => target.uuid);
      const superAdmins = targets.filter((target) => target.role === 'super-admin').map((target) => target.uuid);
      if (superAdmins.length > 0) {
        if (session.role !== 'super-admin') throw new ApiHttpError(403, 'Role.NotAllowed');
        await assertAnotherSuperAdmin(tx, session.clientUuid, superAdmins);
      }
      const [responsible] = await tx.query<{ location: boolean; org_unit: boolean; risk_action: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM location_member WHERE member_uuid = ANY($1::uuid[]) AND responsible) AS location,
                EXISTS (SELECT 1 FROM org_unit_admin WHERE member_uuid = ANY($1::uuid[])) AS org_unit,
                EXISTS (SELECT 1 FROM risk_assessment_action WHERE responsible_member_uuid = ANY($1::uuid[])
                          AND done_at IS NULL) AS risk_action`,
        [uuids],
      );
      if (responsible?.location) throw new ApiHttpError(409, 'Member.HasResponsibleLocation');
      if (responsible?.org_unit) throw new ApiHttpError(409, 'Member.HasResponsibleOrgUnit');
      // An open follow-up action needs an owner who can act: name another responsible member first.
      if (responsible?.risk_action) throw new ApiHttpError(409, 'Member.HasResponsibleRiskAction');
      // One statement for all of them; the stored memberships stay, so that a restore brings them back.
      const archived = await tx.query<{ uuid: string; archived_at: unknown }>(
        'UPDATE member SET archived_at = now() WHERE uuid = ANY($1::uuid[]) RETURNING uuid, archived_at',
        [uuids],
      );
      await tx.query('DELETE FROM session WHERE member_uuid = ANY($1::uuid[])', [uuids]);
      await membershipChanged(tx, session.clientUuid, { memberUuids: uuids });
      await recordAudit(
        tx,
        session,
        archived.map((row) => ({
          action: 'member.archive',
          entityType: 'member' as const,
          entityUuid: row.uuid,
          memberUuid: row.uuid,
          before: { archivedAt: null },
          after: { archivedAt: iso(row.archived_at) },
        })),
      );
      return archived.length;
    });
    return { count };
  });

  registerEndpoint(app, db, ENDPOINTS.archivedMemberList, async ({ body, session }) => {
    const params: unknown[] = [session.clientUuid];
    let condition = 'm.client_uuid = $1 AND m.archived_at IS NOT NULL AND m.deleted_at IS NULL';
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      condition += ` AND m.search_text LIKE lower($${params.length})`;
    }
    const { rows, total } = await readTablePage<{
      uuid: string;
      first_name: string;
      last_name: string;
      email: string | null;
      username: string;
      role: ArchivedMember['roleIdentifier'];
      archived_at: unknown;
    }>(db, {
      select: `SELECT m.uuid, m.first_name, m.last_name, m.email, m.username, m.role, m.archived_at FROM member m
                WHERE ${condition}`,
      count: `SELECT count(*)::int AS total FROM member m WHERE ${condition}`,
      params,
      order: orderBy(ARCHIVED_SORT, body.sortBy, body.sortDirection, 'm.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map(
        (row): ArchivedMember => ({
          uuid: row.uuid,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          username: row.username,
          roleIdentifier: row.role,
          archivedAt: iso(row.archived_at) ?? '',
        }),
      ),
      total,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.archivedMemberUnarchive, async ({ body, session }) => {
    const count = await db.transaction(async (tx) => {
      // Members that are not archived (restored already) are left as they are.
      const targets = (await lockTargets(tx, session, body.uuids)).filter((target) => target.archived);
      if (targets.length === 0) return 0;
      // Takes the client's member-change lock as well: concurrent restores and creates cannot both take the last seats.
      await assertSeatsFor(tx, session.clientUuid, targets.length, 'Unarchive.ExceedsMaxMembers');
      const uuids = targets.map((target) => target.uuid);
      const restored = await tx.query<{ uuid: string; archived_at: unknown }>(
        `UPDATE member m SET archived_at = NULL FROM member old
          WHERE m.uuid = ANY($1::uuid[]) AND old.uuid = m.uuid RETURNING m.uuid, old.archived_at`,
        [uuids],
      );
      await membershipChanged(tx, session.clientUuid, { memberUuids: uuids });
      await recordAudit(
        tx,
        session,
        restored.map((row) => ({
          action: 'member.unarchive',
          entityType: 'member' as const,
          entityUuid: row.uuid,
          memberUuid: row.uuid,
          before: { archivedAt: iso(row.archived_at) },
          after: { archivedAt: null },
        })),
      );
      return restored.length;
    });
    return { count };
  });

  registerEndpoint(app, db, ENDPOINTS.archivedMemberDelete, async ({ body, session }) => {
    const count = await db.transaction(async (tx) => {
      // Only archived members can be deleted; those deleted already are left as they are.
      const found = await lockTargets(tx, session, body.uuids, { includeDeleted: true });
      if (found.some((target) => !target.archived)) throw new ApiHttpError(409, 'Member.NotArchived');
      const uuids = found.filter((target) => !target.deleted).map((target) => target.uuid);
      if (uuids.length === 0) return 0;
      const params = [uuids];
      // Whatever points at the person goes: sessions, tokens, password history, memberships, open tasks, mails.
      await tx.query('DELETE FROM session WHERE member_uuid = ANY($1::uuid[])', params);
      await tx.query('DELETE FROM password_reset_token WHERE member_uuid = ANY($1::uuid[])', params);
      await tx.query('DELETE FROM password_history WHERE member_uuid = ANY($1::uuid[])', params);
      await tx.query('DELETE FROM org_unit_member WHERE member_uuid = ANY($1::uuid[])', params);
      await tx.query('DELETE FROM org_unit_admin WHERE member_uuid = ANY($1::uuid[])', params);
      await tx.query('DELETE FROM location_member WHERE member_uuid = ANY($1::uuid[])', params);
      await tx.query('DELETE FROM member_group_member WHERE member_uuid = ANY($1::uuid[])', params);
      await tx.query('DELETE FROM elearning_task WHERE member_uuid = ANY($1::uuid[]) AND completed_at IS NULL', params);
      await tx.query(
        'DELETE FROM risk_assessment_member_task WHERE member_uuid = ANY($1::uuid[]) AND completed_at IS NULL',
        params,
      );
      await tx.query(
        `DELETE FROM mail_outbox o USING member m
          WHERE m.uuid = ANY($1::uuid[]) AND o.client_uuid = m.client_uuid AND o.recipient = m.email`,
        params,
      );
      // The row stays, anonymous, so that completed trainings and analyses keep pointing somewhere.
      await tx.query(
        `UPDATE member SET first_name = '', last_name = '', email = NULL, username = 'deleted-' || uuid::text,
                password_hash = NULL, phone_number = NULL, mobile_number = NULL, special_attributes = '{}',
                external_company = NULL, birth_date = NULL, street = NULL, postal_code = NULL, city = NULL,
                country = NULL, status = 'inactive', deleted_at = now()
          WHERE uuid = ANY($1::uuid[])`,
        params,
      );
      await membershipChanged(tx, session.clientUuid, { memberUuids: uuids });
      // The audit trail keeps the facts (who did what, when) but not the person's data.
      await tx.query(
        `UPDATE audit_entry SET before = before - $2::text[], after = after - $2::text[]
          WHERE client_uuid = $3 AND (member_uuid = ANY($1::uuid[]) OR entity_uuid = ANY($1::uuid[]))`,
        [uuids, [...PERSONAL_AUDIT_KEYS], session.clientUuid],
      );
      await tx.query(
        `UPDATE audit_entry SET actor_name = '' WHERE client_uuid = $2 AND actor_member_uuid = ANY($1::uuid[])`,
        [uuids, session.clientUuid],
      );
      await recordAudit(
        tx,
        session,
        uuids.map((uuid) => ({
          action: 'member.delete',
          entityType: 'member' as const,
          entityUuid: uuid,
          memberUuid: uuid,
        })),
      );
      return uuids.length;
    });
    return { count };
  });

  registerEndpoint(app, db, ENDPOINTS.memberResetPasswords, async ({ body, session }) => {
    const recipients = await db.transaction(async (tx) => {
      // Once per 10 minutes per client, decided by one statement: two admins at once cannot both pass.
      const allowed = await tx.query(
        `UPDATE client SET last_bulk_password_reset_at = now()
          WHERE uuid = $1 AND (last_bulk_password_reset_at IS NULL
                               OR last_bulk_password_reset_at <= now() - make_interval(mins => $2))
          RETURNING uuid`,
        [session.clientUuid, RESET_REQUEST_MINUTES],
      );
      if (allowed.length === 0) throw new ApiHttpError(409, 'Client.InvalidLastResetDate');
      const params: unknown[] = [];
      const condition = visibleMembers(session, params);
      params.push(session.memberUuid, body.mode);
      const rows = await tx.query<{ uuid: string; has_password: boolean }>(
        `SELECT m.uuid, m.password_hash IS NOT NULL AS has_password FROM member m
          WHERE ${condition} AND m.archived_at IS NULL AND m.status = 'active' AND m.email IS NOT NULL
            AND m.uuid <> $${params.length - 1}
            AND ($${params.length} = 'all'
                 OR ($${params.length} = 'neverLoggedIn' AND m.last_login_at IS NULL)
                 OR ($${params.length} = 'noPassword' AND m.password_hash IS NULL))`,
        params,
      );
      await recordAudit(
        tx,
        session,
        rows.map((row) => ({
          action: 'member.reset-password',
          entityType: 'member' as const,
          entityUuid: row.uuid,
          memberUuid: row.uuid,
          after: { mode: body.mode },
        })),
      );
      return rows;
    });
    // After the commit, through the mail outbox (or SMTP): a set-password link for those without a password.
    const services = { db, mailer: app.mailer, publicUrl: config.publicUrl };
    let sent = 0;
    for (const recipient of recipients) {
      try {
        if (recipient.has_password) await sendPasswordResetMail(services, recipient.uuid);
        else await sendWelcomeMail(services, recipient.uuid);
        sent += 1;
      } catch (error) {
        app.log.warn({ err: error, member: recipient.uuid }, 'password mail not sent');
      }
    }
    return { count: sent };
  });

  registerEndpoint(app, db, ENDPOINTS.memberHistory, async ({ body, session }) => {
    const params: unknown[] = [];
    const condition = visibleMembers(session, params);
    params.push(body.uuid);
    const [member] = await db.query<{ uuid: string }>(
      `SELECT m.uuid FROM member m WHERE ${condition} AND m.uuid = $${params.length} AND m.deleted_at IS NULL`,
      params,
    );
    if (!member) throw new ApiHttpError(404, 'Member.NotFound');
    const { rows, total } = await readTablePage<{
      id: string;
      created_at: unknown;
      actor_name: string;
      support_adviser: string | null;
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(db, {
      select: `SELECT a.id::text AS id, a.created_at, a.actor_name, a.support_adviser, a.action, a.before, a.after
                 FROM audit_entry a WHERE a.client_uuid = $1 AND a.member_uuid = $2`,
      count: 'SELECT count(*)::int AS total FROM audit_entry a WHERE a.client_uuid = $1 AND a.member_uuid = $2',
      params: [session.clientUuid, member.uuid],
      order: 'ORDER BY a.id DESC',
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map(
        (row): AuditEntry => ({
          id: row.id,
          createdAt: iso(row.created_at) ?? '',
          actorName: row.actor_name,
          supportAdviser: row.support_adviser,
          action: row.action,
          before: row.before,
          after: row.after,
        }),
      ),
      total,
    };
  });
}
