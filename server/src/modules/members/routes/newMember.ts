import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { membershipChanged } from '../../../core/events/membershipEvents';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { sendWelcomeMail } from '../../auth/passwordReset';
import { hashPasswordForStorage } from '../../auth/passwords';
import { sendWelcomeSms, WelcomeSmsError } from '../../auth/welcomeSms';
import { assertOfferedCountry } from '../../shared/offeredCountries';
import { setAssignments } from '../assignments';
import { assertSeatsAfterAdding } from '../licence';
import { isSuperAdmin, uniqueUsername, usernameTaken } from '../lookups';
import {
  assertValidFields,
  auditedFields,
  MEMBER_RECORD_COLUMNS,
  type MemberRecordRow,
  toMember,
} from '../memberRecord';

/**
 * A created member whose welcome SMS did not go out is taken back: in one transaction, the create's audit entry and
 * the member row go (memberships first, so that their triggers still see the member; tasks, task summaries, the
 * token and the SMS record follow by cascade). The member existed for the seconds the provider took, with no
 * password and nothing done in his name.
 */
async function undoMemberCreate(db: Database, clientUuid: string, memberUuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const params = [memberUuid];
    await tx.query('DELETE FROM org_unit_member WHERE member_uuid = $1', params);
    await tx.query('DELETE FROM org_unit_admin WHERE member_uuid = $1', params);
    await tx.query('DELETE FROM location_member WHERE member_uuid = $1', params);
    await tx.query('DELETE FROM member_group_member WHERE member_uuid = $1', params);
    await tx.query(
      `DELETE FROM audit_entry
        WHERE client_uuid = $1 AND entity_type = 'member' AND entity_uuid = $2 AND action = 'member.create'`,
      [clientUuid, memberUuid],
    );
    await tx.query('DELETE FROM member WHERE uuid = $1 AND client_uuid = $2', [memberUuid, clientUuid]);
  });
}

/** A new member: whether the username is free, and the member created (with a welcome mail or SMS when asked for). */
export function registerNewMemberRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.memberCheckUsername, async ({ body, session }) => ({
    usernameExists: await usernameTaken(db, session.clientUuid, body.username, body.memberUuid ?? null),
  }));

  registerEndpoint(app, db, ENDPOINTS.memberCreate, async ({ body, session, request }) => {
    if (body.role === 'super-admin' && !isSuperAdmin(session)) throw new ApiHttpError(403, 'SuperAdmin.CreationFailed');
    assertValidFields(body);
    assertOfferedCountry(session.client.offeredCountries, body.country);
    if (body.passwordMode === 'byEmail' && !body.email) throw new ApiHttpError(400, 'Member.Invalid');
    if (body.passwordMode === 'bySms') {
      if (!body.mobileNumber) throw new ApiHttpError(400, 'Member.MobileNumberRequired');
      if (app.sms.transport === 'disabled') throw new ApiHttpError(409, 'Sms.NotConfigured');
    }
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
    // bySms: the member must not stay behind without the SMS (no password, no link: an account nobody can open, and
    // an admin told "added" who will add him again). The SMS needs the committed member and its token, and holding
    // the transaction open for a provider's answer (up to its timeout) would stall the client's other creates, so
    // the create is undone instead when the SMS does not go out.
    let welcomeSmsSent = false;
    if (body.passwordMode === 'bySms') {
      try {
        await sendWelcomeSms({ db, sms: app.sms, publicUrl: config.publicUrl }, uuid);
        welcomeSmsSent = true;
      } catch (error) {
        const detail = error instanceof WelcomeSmsError ? error.detail : (error as Error).name;
        request.log.warn({ member: uuid, detail }, 'welcome SMS not sent; the new member is removed again');
        try {
          await undoMemberCreate(db, session.clientUuid, uuid);
        } catch (undoError) {
          request.log.error({ err: undoError, member: uuid }, 'welcome SMS not sent and the new member not removed');
          throw new ApiHttpError(500, 'Generic.InternalError');
        }
        throw error instanceof ApiHttpError ? error : new ApiHttpError(500, 'Sms.SendingFailed');
      }
    }
    return { uuid, welcomeMailSent, welcomeSmsSent };
  });
}
