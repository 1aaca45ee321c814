import type { Member, MemberFields } from '@dash/shared-core/contract';
import { phoneNumber } from '@dash/shared-core/phone';
import { validatePostalCode } from '@dash/shared-core/postal';
import { visibleMembers } from '../../core/access/scope';
import type { Queryable } from '../../core/db/database';
import { iso } from '../../core/db/rows';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';

/** The columns of one member as stored. */
export interface MemberRecordRow {
  uuid: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role: Member['role'];
  status: Member['status'];
  last_login_at: unknown;
  phone_number: string | null;
  mobile_number: string | null;
  language: Member['language'];
  special_attributes: string[];
  external_company: string | null;
  gender: Member['gender'];
  birth_date: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  archived_at: unknown;
  create_elearning_tasks: boolean;
  create_risk_assessment_tasks: boolean;
}

/** birth_date as text: a `date` column would come back as a local-midnight Date and shift by the time zone. */
export const MEMBER_RECORD_COLUMNS = `m.uuid, m.username, m.first_name, m.last_name, m.email, m.role, m.status,
  m.last_login_at, m.phone_number, m.mobile_number, m.language, m.special_attributes, m.external_company, m.gender,
  to_char(m.birth_date, 'YYYY-MM-DD') AS birth_date, m.street, m.postal_code, m.city, m.country, m.archived_at,
  m.create_elearning_tasks, m.create_risk_assessment_tasks`;

/**
 * One member the session may see (archived ones included, deleted ones never), with org units and locations.
 * Another client's member answers 404 exactly like one that does not exist.
 */
export async function readMember(db: Queryable, session: SessionContext, uuid: string): Promise<Member> {
  const params: unknown[] = [];
  const condition = visibleMembers(session, params);
  params.push(uuid);
  const [row] = await db.query<MemberRecordRow>(
    `SELECT ${MEMBER_RECORD_COLUMNS} FROM member m
      WHERE ${condition} AND m.uuid = $${params.length} AND m.deleted_at IS NULL`,
    params,
  );
  if (!row) throw new ApiHttpError(404, 'Member.NotFound');
  const [orgUnits, locations] = await Promise.all([
    // Stored memberships, also of an archived member (they come back with a restore), plus the default unit.
    db.query<{ uuid: string; name: string }>(
      `SELECT o.uuid, o.name FROM org_unit o
        WHERE o.client_uuid = $2
          AND (o.is_default OR EXISTS (SELECT 1 FROM org_unit_member om WHERE om.org_unit_uuid = o.uuid AND om.member_uuid = $1))
        ORDER BY o.is_default DESC, o.name, o.uuid`,
      [row.uuid, session.clientUuid],
    ),
    db.query<{ uuid: string; name: string; responsible: boolean }>(
      `SELECT l.uuid, l.name, lm.responsible FROM location l JOIN location_member lm ON lm.location_uuid = l.uuid
        WHERE lm.member_uuid = $1 AND l.client_uuid = $2 ORDER BY l.name, l.uuid`,
      [row.uuid, session.clientUuid],
    ),
  ]);
  return {
    ...toMember(row),
    orgUnits: orgUnits.map((unit) => ({ uuid: unit.uuid, orgUnitName: unit.name })),
    locations,
  };
}

export function toMember(row: MemberRecordRow): Omit<Member, 'orgUnits' | 'locations'> {
  return {
    uuid: row.uuid,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    status: row.status,
    lastLoginAt: iso(row.last_login_at),
    phoneNumber: row.phone_number,
    mobileNumber: row.mobile_number,
    language: row.language,
    specialAttributes: row.special_attributes,
    externalCompany: row.external_company,
    gender: row.gender,
    birthDate: row.birth_date,
    street: row.street,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country,
    archivedAt: iso(row.archived_at),
    createElearningTasks: row.create_elearning_tasks,
    createRiskAssessmentTasks: row.create_risk_assessment_tasks,
  };
}

/** The validated body's fields, as the audit trail and the comparison of an update see them. */
export type MemberFieldValues = {
  [Key in keyof MemberFields]-?: Exclude<MemberFields[Key], undefined>;
};

/** Rules the schema cannot check alone: phone numbers, postal code against the country, a plausible birth date. */
export function assertValidFields(fields: {
  phoneNumber: string | null;
  mobileNumber: string | null;
  postalCode: string | null;
  country: string | null;
  birthDate: string | null;
}): void {
  if (fields.phoneNumber && phoneNumber(fields.phoneNumber)) throw new ApiHttpError(400, 'Member.InvalidPhone');
  if (fields.mobileNumber && phoneNumber(fields.mobileNumber)) throw new ApiHttpError(400, 'Member.InvalidMobile');
  if (fields.postalCode && !validatePostalCode(fields.country ?? 'DE', fields.postalCode).valid) {
    throw new ApiHttpError(400, 'Member.InvalidPostalCode');
  }
  if (fields.birthDate) {
    const today = new Date().toISOString().slice(0, 10);
    if (fields.birthDate > today || fields.birthDate < '1900-01-01') {
      throw new ApiHttpError(400, 'Member.InvalidBirthDate');
    }
  }
}

/** The audited view of a member's fields (no password, no internal columns). */
export function auditedFields(member: Omit<Member, 'orgUnits' | 'locations'>): Record<string, unknown> {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    username: member.username,
    role: member.role,
    status: member.status,
    language: member.language,
    phoneNumber: member.phoneNumber,
    mobileNumber: member.mobileNumber,
    specialAttributes: member.specialAttributes,
    externalCompany: member.externalCompany,
    gender: member.gender,
    birthDate: member.birthDate,
    street: member.street,
    postalCode: member.postalCode,
    city: member.city,
    country: member.country,
    createElearningTasks: member.createElearningTasks,
    createRiskAssessmentTasks: member.createRiskAssessmentTasks,
  };
}

/** Keys of the audited fields that hold personal data: scrubbed from the trail when a member is deleted for good. */
export const PERSONAL_AUDIT_KEYS = [
  'firstName',
  'lastName',
  'email',
  'username',
  'phoneNumber',
  'mobileNumber',
  'specialAttributes',
  'externalCompany',
  'gender',
  'birthDate',
  'street',
  'postalCode',
  'city',
  'country',
] as const;

/** Only what changed: `{before, after}` with the keys whose values differ. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}
