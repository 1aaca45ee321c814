import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { visibleMembers } from '../../core/access/scope';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { isUniqueViolation } from '../../core/db/errorCodes';
import { membershipChanged } from '../../core/events/membershipEvents';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { sendWelcomeMail } from '../auth/passwordReset';
import { hashPasswordForStorage } from '../auth/passwords';
import type { SessionContext } from '../auth/sessions';
import { readAssignmentNames, setAssignments } from './assignments';
import { assertSeatsAfterAdding, LOCK_MEMBER_CHANGES } from './licence';
import {
  assertValidFields,
  auditedFields,
  changedFields,
  MEMBER_RECORD_COLUMNS,
  type MemberRecordRow,
  readMember,
  toMember,
} from './memberRecord';

/** Only a super-admin gives or takes the super-admin role (a customer adviser acts as an admin). */
function isSuperAdmin(session: SessionContext): boolean {
  return session.role === 'super-admin';
}

async function usernameTaken(db: Queryable, clientUuid: string, username: string, except: string | null) {
  const rows = await db.query(
    'SELECT 1 FROM member WHERE client_uuid = $1 AND username = $2 AND ($3::uuid IS NULL OR uuid <> $3::uuid)',
    [clientUuid, username, except],
  );
  return rows.length > 0;
}

/** A unique-index violation on the username (two admins taking the same name at once): 409, not 500. */
function uniqueUsername(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiHttpError(409, 'Username.AlreadyExists');
  throw error;
}

export function registerMemberWriteRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.memberCheckUsername, async ({ body, session }) => ({
    usernameExists: await usernameTaken(db, session.clientUuid, body.username, body.memberUuid ?? null),
  }));

  registerEndpoint(app, db, ENDPOINTS.memberCreate, async ({ body, session }) => {
    if (body.role === 'super-admin' && !isSuperAdmin(session)) throw new ApiHttpError(403, 'SuperAdmin.CreationFailed');
    assertValidFields(body);
    if (body.passwordMode === 'byEmail' && !body.email) throw new ApiHttpError(400, 'Member.Invalid');
    // Slow on purpose (scrypt): before the transaction, so that no lock is held meanwhile.
    const passwordHash = body.password ? await hashPasswordForStorage(body.password) : null;
    // Each statement of the transaction is a round trip that concurrent creates of the client queue behind at the
    // end (the seat check), so it is kept short: the unique index answers a taken username (no check before), the
    // insert answers the audited columns (no read after), and the new member has nothing to take away.
    const uuid = await db.transaction(async (tx) => {
      const [row] = await tx
        .query<MemberRecordRow>(
          `INSERT INTO member AS m (client_uuid, username, password_hash, role, email, first_name, last_name, phone_number,
                               mobile_number, language, special_attributes, external_company, gender, birth_date,
                               street, postal_code, city, country, create_elearning_tasks, create_risk_assessment_tasks)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
           RETURNING ${MEMBER_RECORD_COLUMNS}`,
          [
            session.clientUuid,
            body.username,
            passwordHash,
            body.role,
            body.email,
            body.firstName,
            body.lastName,
            body.phoneNumber,
            body.mobileNumber,
            body.language,
            body.specialAttributes,
            body.externalCompany,
            body.gender,
            body.birthDate,
            body.street,
            body.postalCode,
            body.city,
            body.country,
            body.createElearningTasks,
            body.createRiskAssessmentTasks,
          ],
        )
        .catch(uniqueUsername);
      if (!row) throw new ApiHttpError(500, 'Generic.PersistFailed');
      const assigned = await setAssignments(tx, session.clientUuid, row.uuid, body.orgUnitUuids, body.locationUuids, {
        isNew: true,
      });
      await membershipChanged(tx, session.clientUuid, { memberUuids: [row.uuid], newMembers: true });
      await recordAudit(tx, session, [
        {
          action: 'member.create',
          entityType: 'member',
          entityUuid: row.uuid,
          memberUuid: row.uuid,
          before: null,
          after: { ...auditedFields(toMember(row)), ...assigned, passwordMode: body.passwordMode },
        },
      ]);
      // Last: two admins taking the last seat at once are served one after the other, and only here.
      await assertSeatsAfterAdding(tx, session.clientUuid);
      return row.uuid;
    });
    // After the commit: the welcome link must point at a member that exists. A mail server that refuses does not
    // undo the member; the answer says so and the admin can send a reset later.
    let welcomeMailSent = false;
    if (body.passwordMode === 'byEmail') {
      try {
        await sendWelcomeMail({ db, mailer: app.mailer, publicUrl: config.publicUrl }, uuid);
        welcomeMailSent = true;
      } catch (error) {
        app.log.warn({ err: error, member: uuid }, 'welcome mail not sent');
      }
    }
    return { uuid, welcomeMailSent };
  });

  registerEndpoint(app, db, ENDPOINTS.memberUpdate, async ({ body, session }) => {
    assertValidFields(body);
    return db.transaction(async (tx) => {
      // Serialises role changes of the client: two admins demoting the last two super-admins at once cannot both win.
      await tx.query(LOCK_MEMBER_CHANGES, [session.clientUuid]);
      const current = await readMember(tx, session, body.uuid);
      if (current.archivedAt) throw new ApiHttpError(409, 'Member.Archived');
      const self = current.uuid === session.memberUuid;
      if (self && (body.role !== current.role || body.status !== current.status)) {
        throw new ApiHttpError(400, 'Member.CannotChangeSelf');
      }
      if (!isSuperAdmin(session) && (current.role === 'super-admin' || body.role === 'super-admin')) {
        throw new ApiHttpError(403, 'Role.NotAllowed');
      }
      if (current.role === 'super-admin' && (body.role !== 'super-admin' || body.status !== 'active')) {
        await assertAnotherSuperAdmin(tx, session.clientUuid, [current.uuid]);
      }
      if (
        body.username !== current.username &&
        (await usernameTaken(tx, session.clientUuid, body.username, body.uuid))
      ) {
        throw new ApiHttpError(409, 'Username.AlreadyExists');
      }
      await tx
        .query(
          `UPDATE member SET first_name = $3, last_name = $4, email = $5, username = $6, role = $7, language = $8,
                  phone_number = $9, mobile_number = $10, special_attributes = $11, external_company = $12, gender = $13,
                  birth_date = $14, street = $15, postal_code = $16, city = $17, country = $18,
                  create_elearning_tasks = $19, create_risk_assessment_tasks = $20, status = $21
            WHERE uuid = $1 AND client_uuid = $2`,
          [
            body.uuid,
            session.clientUuid,
            body.firstName,
            body.lastName,
            body.email,
            body.username,
            body.role,
            body.language,
            body.phoneNumber,
            body.mobileNumber,
            body.specialAttributes,
            body.externalCompany,
            body.gender,
            body.birthDate,
            body.street,
            body.postalCode,
            body.city,
            body.country,
            body.createElearningTasks,
            body.createRiskAssessmentTasks,
            body.status,
          ],
        )
        .catch(uniqueUsername);
      if (body.status === 'inactive' && current.status === 'active') {
        // A deactivated member cannot sign in; his open sessions end now, not at their next expiry.
        await tx.query('DELETE FROM session WHERE member_uuid = $1', [body.uuid]);
      }
      // The task switches (and status) decide which tasks the member gets.
      await membershipChanged(tx, session.clientUuid, { memberUuids: [body.uuid] });
      const updated = await readMember(tx, session, body.uuid);
      const change = changedFields(auditedFields(current), auditedFields(updated));
      if (change) {
        await recordAudit(tx, session, [
          { action: 'member.update', entityType: 'member', entityUuid: body.uuid, memberUuid: body.uuid, ...change },
        ]);
      }
      return updated;
    });
  });

  registerEndpoint(app, db, ENDPOINTS.memberUpdateAssignments, async ({ body, session }) => {
    await db.transaction(async (tx) => {
      const current = await readMember(tx, session, body.uuid);
      if (current.archivedAt) throw new ApiHttpError(409, 'Member.Archived');
      const before = await readAssignmentNames(tx, body.uuid);
      const after = await setAssignments(tx, session.clientUuid, body.uuid, body.orgUnitUuids, body.locationUuids);
      await membershipChanged(tx, session.clientUuid, { memberUuids: [body.uuid] });
      const change = changedFields({ ...before }, { ...after });
      if (change) {
        await recordAudit(tx, session, [
          {
            action: 'member.update-assignments',
            entityType: 'member',
            entityUuid: body.uuid,
            memberUuid: body.uuid,
            ...change,
          },
        ]);
      }
    });
    return { ok: true as const };
  });

  registerEndpoint(app, db, ENDPOINTS.memberOrgUnitList, async ({ body, session }) => {
    const params: unknown[] = [];
    const condition = visibleMembers(session, params);
    params.push(body.uuid);
    const [member] = await db.query<{ uuid: string; archived: boolean }>(
      `SELECT m.uuid, m.archived_at IS NOT NULL AS archived FROM member m
        WHERE ${condition} AND m.uuid = $${params.length} AND m.deleted_at IS NULL`,
      params,
    );
    if (!member) throw new ApiHttpError(404, 'Member.NotFound');
    const rows = await db.query<{
      uuid: string;
      name: string;
      parent_name: string | null;
      is_root: boolean;
      is_default: boolean;
      is_admin: boolean;
    }>(
      `SELECT o.uuid, o.name, p.name AS parent_name, o.is_root, o.is_default,
              EXISTS (SELECT 1 FROM org_unit_admin a WHERE a.org_unit_uuid = o.uuid AND a.member_uuid = $1) AS is_admin
         FROM org_unit o LEFT JOIN org_unit p ON p.uuid = o.parent_uuid
        WHERE o.client_uuid = $2
          AND (o.is_default
               OR EXISTS (SELECT 1 FROM org_unit_member om WHERE om.org_unit_uuid = o.uuid AND om.member_uuid = $1)
               OR EXISTS (SELECT 1 FROM org_unit_admin a WHERE a.org_unit_uuid = o.uuid AND a.member_uuid = $1))
        ORDER BY o.is_root DESC, o.is_default DESC, o.name, o.uuid`,
      [member.uuid, session.clientUuid],
    );
    const items = rows.map((row) => ({
      uuid: row.uuid,
      orgUnitName: row.name,
      parentName: row.parent_name,
      isRoot: row.is_root,
      isDefault: row.is_default,
      isAdmin: row.is_admin,
    }));
    return { items, total: items.length };
  });
}

/** 409 Member.LastSuperAdmin unless a super-admin other than `leaving` stays active in the client. */
export async function assertAnotherSuperAdmin(tx: Queryable, clientUuid: string, leaving: readonly string[]) {
  const [row] = await tx.query<{ remaining: number }>(
    `SELECT count(*)::int AS remaining FROM member
      WHERE client_uuid = $1 AND role = 'super-admin' AND archived_at IS NULL AND status = 'active'
        AND uuid <> ALL($2::uuid[])`,
    [clientUuid, leaving],
  );
  if ((row?.remaining ?? 0) === 0) throw new ApiHttpError(409, 'Member.LastSuperAdmin');
}
