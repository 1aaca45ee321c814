import type { Queryable } from '../db/database';
import type { SessionContext } from '../sessions/sessions';

/** What an audit entry is about (the check constraint of migration 006 lists the same). */
export type AuditEntityType =
  | 'member'
  | 'member-group'
  | 'org-unit'
  | 'location'
  | 'client'
  | 'member-import'
  | 'elearning'
  | 'risk-assessment'
  | 'instruction';

export interface AuditChange {
  /** What was done, `<area>.<verb>`, e.g. `member.archive`, `org-unit.add-members`. */
  action: string;
  entityType: AuditEntityType;
  entityUuid: string | null;
  /** The member the change concerns: it appears in that member's history. */
  memberUuid?: string | null;
  /** The values before and after the change (only the fields that matter; null for create and delete). */
  before?: unknown;
  after?: unknown;
}

/**
 * Writes audit entries in the caller's transaction: an administrator's change and its audit entry land together or
 * not at all. The actor's name is stored as it was, so that the history still reads right after a rename or a
 * deletion; a customer adviser's session names the real adviser.
 */
/**
 * Who acts: a member's session, or a system of the client's that is no member (`memberUuid` null), named by
 * `actorName`: a directory provisioning through SCIM ("SCIM: Entra ID").
 */
export type AuditActor =
  | Pick<SessionContext, 'clientUuid' | 'memberUuid' | 'support'>
  | { clientUuid: string; memberUuid: null; support: null; actorName: string };

export async function recordAudit(tx: Queryable, session: AuditActor, changes: readonly AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((change) => ({
    action: change.action,
    entity_type: change.entityType,
    entity_uuid: change.entityUuid,
    member_uuid: change.memberUuid ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  }));
  await tx.query(
    `INSERT INTO audit_entry (client_uuid, actor_member_uuid, actor_name, support_adviser, action, entity_type,
                              entity_uuid, member_uuid, before, after)
     SELECT $1, $2, coalesce($5, (SELECT m.first_name || ' ' || m.last_name FROM member m WHERE m.uuid = $2)), $3,
            x.action, x.entity_type, x.entity_uuid, x.member_uuid, x.before, x.after
       FROM jsonb_to_recordset($4::jsonb)
         AS x(action text, entity_type text, entity_uuid uuid, member_uuid uuid, before jsonb, after jsonb)`,
    [
      session.clientUuid,
      session.memberUuid,
      session.support?.adviser ?? null,
      JSON.stringify(rows),
      'actorName' in session ? session.actorName : null,
    ],
  );
}
