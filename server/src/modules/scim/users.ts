import { createHash } from 'node:crypto';
import { memberUsernameSchema, optionalEmailSchema } from '@dash/shared-core/contract';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { iso } from '../../core/db/rows';
import { membershipChanged } from '../../core/events/membershipEvents';
import { ApiHttpError } from '../../http/errors';
import {
  createDirectoryMembers,
  DIRECTORY_MEMBER_COLUMNS,
  type DirectoryMemberInput,
  type DirectoryMemberRow,
} from '../members/directoryMembers';
import { assertSeatsFor, LOCK_MEMBER_CHANGES } from '../members/licence';
import { assertAnotherSuperAdmin, uniqueUsername } from '../members/lookups';
import {
  auditedFields,
  changedFields,
  MEMBER_RECORD_COLUMNS,
  type MemberRecordRow,
  toMember,
} from '../members/memberRecord';
import type { EqualityFilter } from './filter';
import type { Json, JsonObject } from './patch';
import { ScimError } from './scimError';
import { auditActor, type ScimCaller } from './tokens';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

type UserRow = DirectoryMemberRow;
const USER_COLUMNS = DIRECTORY_MEMBER_COLUMNS;

/** The member fields a directory owns; everything else of a member (role, tasks switches, address) stays the admins'. */
export type ScimUserInput = DirectoryMemberInput;

/** A weak ETag of what the resource shows: it changes exactly when the resource does. */
export function versionOf(resource: JsonObject): string {
  const { meta: _meta, ...shown } = resource;
  return `W/"${createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 22)}"`;
}

/** A member as a SCIM User (RFC 7643 section 4.1), with its groups (read-only there). */
export function toScimUser(row: UserRow, groups: Array<{ uuid: string; name: string }>, baseUrl: string): JsonObject {
  const resource: JsonObject = {
    schemas: [USER_SCHEMA],
    id: row.uuid,
    ...(row.scim_external_id ? { externalId: row.scim_external_id } : {}),
    userName: row.username,
    name: { givenName: row.first_name, familyName: row.last_name, formatted: `${row.first_name} ${row.last_name}` },
    displayName: `${row.first_name} ${row.last_name}`,
    ...(row.email ? { emails: [{ value: row.email, type: 'work', primary: true }] } : {}),
    active: row.status === 'active' && !row.archived_at,
    preferredLanguage: row.language === 'en_GB' ? 'en-GB' : 'de-DE',
    groups: groups.map((group) => ({
      value: group.uuid,
      display: group.name,
      $ref: `${baseUrl}/Groups/${group.uuid}`,
    })),
  };
  resource.meta = {
    resourceType: 'User',
    created: iso(row.created_at) ?? null,
    location: `${baseUrl}/Users/${row.uuid}`,
    version: versionOf(resource),
  };
  return resource;
}

function text(value: Json | undefined): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined;
}

function invalid(detail: string): never {
  throw new ScimError(400, detail, 'invalidValue');
}

/** Entra sends booleans as "True"/"False" in PATCH values. */
function booleanOf(value: Json | undefined, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return invalid('active is true or false');
}

function object(value: Json | undefined): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

/**
 * A SCIM User checked with the rules of the member forms: the username rule, names of 1 to 255 characters, an e-mail
 * address that is one. What does not fit answers 400 invalidValue naming the attribute.
 */
export function inputOf(resource: JsonObject): ScimUserInput {
  const userName = memberUsernameSchema.safeParse(text(resource.userName) ?? '');
  if (!userName.success) invalid('userName: lowercase letters, digits, dots and hyphens, or an e-mail address');
  const name = object(resource.name);
  const display = text(resource.displayName)?.split(/\s+/) ?? [];
  const firstName = text(name.givenName) || display.slice(0, -1).join(' ') || undefined;
  const lastName = text(name.familyName) || (display.length > 1 ? display.at(-1) : undefined);
  if (!firstName || firstName.length > 255) invalid('name.givenName is required (at most 255 characters)');
  if (!lastName || lastName.length > 255) invalid('name.familyName is required (at most 255 characters)');
  const emails = Array.isArray(resource.emails) ? resource.emails.map(object) : [];
  const chosen =
    emails.find((item) => item.primary === true) ?? emails.find((item) => item.type === 'work') ?? emails[0];
  const email = optionalEmailSchema.safeParse(text(chosen?.value) ?? null);
  if (!email.success) invalid('emails: not an e-mail address');
  const language = text(resource.preferredLanguage) ?? text(resource.locale);
  const externalId = text(resource.externalId) || null;
  if (externalId && externalId.length > 255) invalid('externalId: at most 255 characters');
  return {
    username: userName.data,
    firstName,
    lastName,
    email: email.data,
    active: booleanOf(resource.active, true),
    language: language ? (language.toLowerCase().startsWith('en') ? 'en_GB' : 'de_DE') : null,
    externalId,
  };
}

/** The groups of members, in the dashboard's kind the client chose (org units below the root, or member groups). */
export async function groupsOf(
  db: Queryable,
  caller: ScimCaller,
  memberUuids: readonly string[],
): Promise<Map<string, Array<{ uuid: string; name: string }>>> {
  const rows =
    caller.groupTarget === 'org-units'
      ? await db.query<{ member_uuid: string; uuid: string; name: string }>(
          `SELECT om.member_uuid, o.uuid, o.name FROM org_unit_member om JOIN org_unit o ON o.uuid = om.org_unit_uuid
            WHERE om.member_uuid = ANY($1::uuid[]) AND o.client_uuid = $2 ORDER BY o.name, o.uuid`,
          [memberUuids, caller.clientUuid],
        )
      : await db.query<{ member_uuid: string; uuid: string; name: string }>(
          `SELECT gm.member_uuid, g.uuid, g.name FROM member_group_member gm
             JOIN member_group g ON g.uuid = gm.member_group_uuid
            WHERE gm.member_uuid = ANY($1::uuid[]) AND g.client_uuid = $2 ORDER BY g.name, g.uuid`,
          [memberUuids, caller.clientUuid],
        );
  const groups = new Map<string, Array<{ uuid: string; name: string }>>();
  for (const row of rows) groups.set(row.member_uuid, [...(groups.get(row.member_uuid) ?? []), row]);
  return groups;
}

/** A member of the caller's client that SCIM sees: not archived (a deleted user is gone for SCIM), not deleted. */
export async function readUserRow(db: Queryable, caller: ScimCaller, uuid: string, lock = false): Promise<UserRow> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw new ScimError(404, 'User not found');
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM member m
      WHERE m.uuid = $1 AND m.client_uuid = $2 AND m.archived_at IS NULL AND m.deleted_at IS NULL
      ${lock ? 'FOR UPDATE' : ''}`,
    [uuid, caller.clientUuid],
  );
  if (!row) throw new ScimError(404, 'User not found');
  return row;
}

export async function readUser(db: Queryable, caller: ScimCaller, uuid: string, baseUrl: string): Promise<JsonObject> {
  const row = await readUserRow(db, caller, uuid);
  return toScimUser(row, (await groupsOf(db, caller, [row.uuid])).get(row.uuid) ?? [], baseUrl);
}

const FILTER_COLUMNS: Record<string, string> = {
  username: 'm.username = lower($3)',
  externalid: 'm.scim_external_id = $3',
  'emails.value': 'lower(m.email) = lower($3)',
  id: 'm.uuid::text = lower($3)',
};
export const USER_FILTER_ATTRIBUTES = Object.keys(FILTER_COLUMNS);

/** A page of the client's users, in the order they were created (stable across pages). */
export async function listUsers(
  db: Queryable,
  caller: ScimCaller,
  filter: EqualityFilter | null,
  page: { startIndex: number; count: number },
  baseUrl: string,
) {
  const condition = filter ? `AND ${FILTER_COLUMNS[filter.attribute]}` : 'AND $3::text IS NULL';
  const where = `m.client_uuid = $1 AND m.archived_at IS NULL AND m.deleted_at IS NULL AND $2::int >= 0 ${condition}`;
  const params = [caller.clientUuid, page.startIndex, filter?.value ?? null];
  const [total] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM member m WHERE ${where}`,
    params,
  );
  const rows =
    page.count === 0
      ? []
      : await db.query<UserRow>(
          `SELECT ${USER_COLUMNS} FROM member m WHERE ${where} ORDER BY m.created_at, m.uuid OFFSET $2 - 1 LIMIT $4`,
          [...params, page.count],
        );
  const groups = await groupsOf(
    db,
    caller,
    rows.map((row) => row.uuid),
  );
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total?.count ?? 0,
    startIndex: page.startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((row) => toScimUser(row, groups.get(row.uuid) ?? [], baseUrl)),
  };
}

/**
 * A new member from the directory, as an administrator's create makes one (role member, the default unit, the
 * tasks of his units, the audit entry, the licence limit last). A user of that name who was deleted (archived) is
 * brought back instead: the directory adds again whom it removed. A user of that name who exists answers 409
 * uniqueness, so that a replayed create changes nothing.
 */
export async function createUser(
  db: Database,
  caller: ScimCaller,
  input: ScimUserInput,
  baseUrl: string,
): Promise<JsonObject> {
  const [created] = await createUsers(db, caller, [input], baseUrl);
  if (created) return created;
  return db.transaction((tx) => restoreUser(tx, caller, input, baseUrl));
}

/**
 * Several new members in one transaction (the create batcher's, createBatcher.ts): one insert, one task sync for all
 * of them, one audit statement, the licence limit once. Answers each input's user, or null where its userName is
 * taken (the caller goes on with createUser for it: a restore, or 409). A failure fails all of them, nothing kept.
 */
export async function createUsers(
  db: Database,
  caller: ScimCaller,
  inputs: readonly ScimUserInput[],
  baseUrl: string,
): Promise<Array<JsonObject | null>> {
  return db.transaction(async (tx) => {
    // The unique index answers whether a userName is taken: no read before the insert (a directory's first run
    // creates thousands, one request each).
    const rows = await createDirectoryMembers(tx, auditActor(caller), caller.clientUuid, inputs, 'scim');
    // What was inserted is what the answer shows (a new member is in no group yet).
    const byName = new Map(rows.map((row) => [row.username, row]));
    const answered = new Set<string>();
    return inputs.map((input) => {
      const row = byName.get(input.username);
      // The same userName twice in one batch: the first one is created, the second is taken.
      if (!row || answered.has(input.username)) return null;
      answered.add(input.username);
      return toScimUser(row, [], baseUrl);
    });
  });
}

/** The userName is taken: an archived member of it is brought back (updated); anyone else answers 409 uniqueness. */
async function restoreUser(
  tx: Queryable,
  caller: ScimCaller,
  input: ScimUserInput,
  baseUrl: string,
): Promise<JsonObject> {
  const [existing] = await tx.query<{ uuid: string; archived: boolean; deleted: boolean }>(
    `SELECT uuid, archived_at IS NOT NULL AS archived, deleted_at IS NOT NULL AS deleted
       FROM member WHERE client_uuid = $1 AND username = $2 FOR UPDATE`,
    [caller.clientUuid, input.username],
  );
  if (!existing?.archived || existing.deleted) {
    throw new ScimError(409, `A user with userName ${input.username} exists`, 'uniqueness');
  }
  await assertSeatsFor(tx, caller.clientUuid, 1);
  await tx.query('UPDATE member SET archived_at = NULL WHERE uuid = $1', [existing.uuid]);
  await recordAudit(tx, auditActor(caller), [
    {
      action: 'member.unarchive',
      entityType: 'member',
      entityUuid: existing.uuid,
      memberUuid: existing.uuid,
      before: { archivedAt: 'archived' },
      after: { archivedAt: null },
    },
  ]);
  await updateMember(tx, caller, existing.uuid, input);
  // Back in his units: the tasks of the member's units come back as after an admin's restore.
  await membershipChanged(tx, caller.clientUuid, { memberUuids: [existing.uuid] });
  return readUser(tx, caller, existing.uuid, baseUrl);
}

/** The directory's fields of a member set to `input` (PUT, and PATCH after it is applied), in the caller's transaction. */
async function updateMember(tx: Queryable, caller: ScimCaller, uuid: string, input: ScimUserInput): Promise<void> {
  await tx.query(LOCK_MEMBER_CHANGES, [caller.clientUuid]);
  const current = await readUserRow(tx, caller, uuid, true);
  const status = input.active ? 'active' : 'inactive';
  if (current.role === 'super-admin' && status === 'inactive' && current.status === 'active') {
    await assertAnotherSuperAdmin(tx, caller.clientUuid, [uuid]);
  }
  if (input.username !== current.username) {
    const [taken] = await tx.query('SELECT 1 FROM member WHERE client_uuid = $1 AND username = $2 AND uuid <> $3', [
      caller.clientUuid,
      input.username,
      uuid,
    ]);
    if (taken) throw new ScimError(409, `A user with userName ${input.username} exists`, 'uniqueness');
  }
  const [updated] = await tx
    .query<MemberRecordRow>(
      `UPDATE member AS m SET username = $3, first_name = $4, last_name = $5, email = $6, status = $7,
              language = coalesce($8, m.language), scim_external_id = $9
        WHERE m.uuid = $1 AND m.client_uuid = $2 RETURNING ${MEMBER_RECORD_COLUMNS}`,
      [
        uuid,
        caller.clientUuid,
        input.username,
        input.firstName,
        input.lastName,
        input.email,
        status,
        input.language,
        input.externalId,
      ],
    )
    .catch(uniqueUsername);
  if (!updated) throw new ScimError(404, 'User not found');
  if (status === 'inactive' && current.status === 'active') {
    // As when an admin deactivates: the member's open sessions end now.
    await tx.query('DELETE FROM session WHERE member_uuid = $1', [uuid]);
  }
  if (status !== current.status) await membershipChanged(tx, caller.clientUuid, { memberUuids: [uuid] });
  const change = changedFields(auditedFields(toMember(current)), auditedFields(toMember(updated)));
  if (change || current.scim_external_id !== input.externalId) {
    await recordAudit(tx, auditActor(caller), [
      {
        action: 'member.update',
        entityType: 'member',
        entityUuid: uuid,
        memberUuid: uuid,
        before: change?.before ?? {},
        after: { ...(change?.after ?? {}), source: 'scim' },
      },
    ]);
  }
}

export async function replaceUser(db: Database, caller: ScimCaller, uuid: string, input: ScimUserInput): Promise<void> {
  await db.transaction((tx) => updateMember(tx, caller, uuid, input));
}

/**
 * DELETE: the member is archived, as the member list's archive does (the history and certificates stay; a restore
 * or a new create of the same userName brings him back). Responsibilities block it as they do for an admin.
 */
export async function archiveUser(db: Database, caller: ScimCaller, uuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(LOCK_MEMBER_CHANGES, [caller.clientUuid]);
    const current = await readUserRow(tx, caller, uuid, true);
    if (current.role === 'super-admin') await assertAnotherSuperAdmin(tx, caller.clientUuid, [uuid]);
    const [responsible] = await tx.query<{ location: boolean; org_unit: boolean; risk_action: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM location_member WHERE member_uuid = $1 AND responsible) AS location,
              EXISTS (SELECT 1 FROM org_unit_admin WHERE member_uuid = $1) AS org_unit,
              EXISTS (SELECT 1 FROM risk_assessment_action WHERE responsible_member_uuid = $1 AND done_at IS NULL)
                AS risk_action`,
      [uuid],
    );
    if (responsible?.location) throw new ApiHttpError(409, 'Member.HasResponsibleLocation');
    if (responsible?.org_unit) throw new ApiHttpError(409, 'Member.HasResponsibleOrgUnit');
    if (responsible?.risk_action) throw new ApiHttpError(409, 'Member.HasResponsibleRiskAction');
    const [archived] = await tx.query<{ archived_at: unknown }>(
      'UPDATE member SET archived_at = now() WHERE uuid = $1 RETURNING archived_at',
      [uuid],
    );
    await tx.query('DELETE FROM session WHERE member_uuid = $1', [uuid]);
    await membershipChanged(tx, caller.clientUuid, { memberUuids: [uuid] });
    await recordAudit(tx, auditActor(caller), [
      {
        action: 'member.archive',
        entityType: 'member',
        entityUuid: uuid,
        memberUuid: uuid,
        before: { archivedAt: null },
        after: { archivedAt: iso(archived?.archived_at), source: 'scim' },
      },
    ]);
  });
}
