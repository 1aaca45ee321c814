import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { membershipChanged } from '../../../core/events/membershipEvents';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { lockListedArchivedMembers } from '../listFilters';
import { lockTargets } from '../lookups';
import { PERSONAL_AUDIT_KEYS } from '../memberRecord';

/** Deleting archived members for good: the person's data goes, the anonymous row stays. */
export function registerDeletionRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.archivedMemberDelete, async ({ body, session }) => {
    const count = await db.transaction(async (tx) => {
      // Only archived members can be deleted; those deleted already are left as they are. A filter takes the rows
      // the archive list shows for it (archived, not deleted).
      const found =
        'uuids' in body
          ? await lockTargets(tx, session, body.uuids, { includeDeleted: true })
          : await lockListedArchivedMembers(tx, session, body.filter);
      if (found.some((target) => !target.archived)) throw new ApiHttpError(409, 'Member.NotArchived');
      const uuids = found.filter((target) => !target.deleted).map((target) => target.uuid);
      if (uuids.length === 0) return 0;
      const params = [uuids];
      // Whatever points at the person goes: sessions, tokens, password history, memberships, open tasks, mails, SMS.
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
      await tx.query('DELETE FROM sms_outbox WHERE member_uuid = ANY($1::uuid[])', params);
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
}
