import type { LicenseeAuditAction } from '@dash/shared-core/calls';
import type { LicenseeClientDetails } from '@dash/shared-core/contract';
import type { Queryable } from '../../core/db/database';
import type { LicenseeSessionContext } from '../../core/sessions/sessions';

type Values = Record<string, unknown>;

/** What the audit keeps of a client: what the console sets (not the member count, which members change). */
export function auditedFields(client: LicenseeClientDetails): Values {
  const {
    uuid: _uuid,
    memberCount: _memberCount,
    createdAt: _createdAt,
    deactivatedAt: _deactivatedAt,
    ...fields
  } = client;
  return fields;
}

/**
 * The fields in which two records differ, as `{before, after}` holding only those fields (nested objects such as the
 * feature flags are compared field by field): an update's audit entry shows what changed, not the whole record.
 */
export function changedValues(before: Values, after: Values): { before: Values; after: Values } {
  const changedBefore: Values = {};
  const changedAfter: Values = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key];
    const is = after[key];
    if (isPlainObject(was) && isPlainObject(is)) {
      const nested = changedValues(was, is);
      if (Object.keys(nested.after).length > 0 || Object.keys(nested.before).length > 0) {
        changedBefore[key] = nested.before;
        changedAfter[key] = nested.after;
      }
    } else if (JSON.stringify(was) !== JSON.stringify(is)) {
      changedBefore[key] = was ?? null;
      changedAfter[key] = is ?? null;
    }
  }
  return { before: changedBefore, after: changedAfter };
}

function isPlainObject(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Writes one entry of the licensee's audit, in the caller's transaction: a change that fails leaves no entry, and an
 * entry that cannot be written undoes the change.
 */
export async function writeLicenseeAudit(
  tx: Queryable,
  session: Pick<LicenseeSessionContext, 'licenseeUuid' | 'staffUuid' | 'staff'>,
  entry: {
    action: LicenseeAuditAction;
    client: { uuid: string; clientIdentifier: string } | null;
    before: Values | null;
    after: Values | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO licensee_audit_log (licensee_uuid, staff_uuid, staff_name, action, client_uuid, client_identifier,
                                     before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      session.licenseeUuid,
      session.staffUuid,
      staffNameOf(session),
      entry.action,
      entry.client?.uuid ?? null,
      entry.client?.clientIdentifier ?? null,
      entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === null ? null : JSON.stringify(entry.after),
    ],
  );
}

/** The staff member's full name, as the header, the audit and the client's support audit show it. */
export function staffNameOf(session: Pick<LicenseeSessionContext, 'staff'>): string {
  return `${session.staff.firstName} ${session.staff.lastName}`.trim() || session.staff.username;
}
