import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { visibleMembers } from '../../../core/access/scope';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { membershipChanged } from '../../../core/events/membershipEvents';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { assertOfferedCountry } from '../../shared/offeredCountries';
import { readAssignmentNames, setAssignments } from '../assignments';
import { LOCK_MEMBER_CHANGES } from '../licence';
import { assertAnotherSuperAdmin, isSuperAdmin, uniqueUsername, usernameTaken } from '../lookups';
import { assertValidFields, auditedFields, changedFields, readMember } from '../memberRecord';

/** One member's details page: the member read and updated, his org units and locations, and his org-unit list. */
export function registerDetailRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.memberDetails, async ({ body, session }) => {
    const member = await readMember(db, session, body.uuid);
    // The details page shows active and inactive members; archived ones live in the archive.
    if (member.archivedAt) throw new ApiHttpError(404, 'Member.NotFound');
    return member;
  });

  registerEndpoint(app, db, ENDPOINTS.memberUpdate, async ({ body, session }) => {
    assertValidFields(body);
    return db.transaction(async (tx) => {
      // Serialises role changes of the client: two admins demoting the last two super-admins at once cannot both win.
      await tx.query(LOCK_MEMBER_CHANGES, [session.clientUuid]);
      const current = await readMember(tx, session, body.uuid);
      if (current.archivedAt) throw new ApiHttpError(409, 'Member.Archived');
      assertOfferedCountry(session.client.offeredCountries, body.country, current.country);
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
