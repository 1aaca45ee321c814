import { type AuditActor, recordAudit } from '../../core/audit/auditTrail';
import type { Queryable } from '../../core/db/database';
import { membershipChanged } from '../../core/events/membershipEvents';
import { assertSeatsAfterAdding } from './licence';
import { auditedFields, MEMBER_RECORD_COLUMNS, type MemberRecordRow, toMember } from './memberRecord';

/** A member a company's directory brings (SCIM provisioning, or the first single sign-on where the company allows it). */
export interface DirectoryMemberInput {
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  active: boolean;
  language: 'de_DE' | 'en_GB' | null;
  /** The directory's own id of the member (SCIM externalId). */
  externalId: string | null;
  /** The identity provider's subject, linked at once (single sign-on). */
  ssoSubject?: string | null;
}

export interface DirectoryMemberRow extends MemberRecordRow {
  created_at: unknown;
  scim_external_id: string | null;
}

export const DIRECTORY_MEMBER_COLUMNS = `${MEMBER_RECORD_COLUMNS}, m.created_at, m.scim_external_id`;

/**
 * New members from the company's directory, in the caller's transaction, as an administrator's create makes them:
 * role member, the default unit (derived: nothing stored), the tasks of their units, an audit entry each naming the
 * directory, the licence limit checked last (`Client.MaxMembersReached`). One statement for all of them; a username
 * that is taken is left out (its input gets no row), so the caller decides what a taken name means.
 */
export async function createDirectoryMembers(
  tx: Queryable,
  actor: AuditActor,
  clientUuid: string,
  inputs: readonly DirectoryMemberInput[],
  source: 'scim' | 'sso',
): Promise<DirectoryMemberRow[]> {
  const rows = await tx.query<DirectoryMemberRow>(
    `INSERT INTO member AS m (client_uuid, username, role, email, first_name, last_name, language, status,
                              scim_external_id, sso_subject)
     SELECT $1, x.username, 'member', x.email, x.first_name, x.last_name, x.language, x.status, x.external_id,
            x.sso_subject
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         AS x(username, email, first_name, last_name, language, status, external_id, sso_subject)
     ON CONFLICT (client_uuid, username) DO NOTHING
     RETURNING ${DIRECTORY_MEMBER_COLUMNS}`,
    [
      clientUuid,
      inputs.map((input) => input.username),
      inputs.map((input) => input.email),
      inputs.map((input) => input.firstName),
      inputs.map((input) => input.lastName),
      inputs.map((input) => input.language ?? 'de_DE'),
      inputs.map((input) => (input.active ? 'active' : 'inactive')),
      inputs.map((input) => input.externalId),
      inputs.map((input) => input.ssoSubject ?? null),
    ],
  );
  if (rows.length === 0) return rows;
  await membershipChanged(tx, clientUuid, { memberUuids: rows.map((row) => row.uuid), newMembers: true });
  await recordAudit(
    tx,
    actor,
    rows.map((row) => ({
      action: 'member.create',
      entityType: 'member' as const,
      entityUuid: row.uuid,
      memberUuid: row.uuid,
      before: null,
      after: { ...auditedFields(toMember(row)), source },
    })),
  );
  await assertSeatsAfterAdding(tx, clientUuid);
  return rows;
}
