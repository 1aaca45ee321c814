import { hashPassword } from '@dash/shared-core';
import type { Database } from '../../src/core/db/database';
import { memberCreateBody, memberFieldsBody } from '../memberBody';
import type { Input, MatrixEntry } from './types';
import { tableDefaults } from './types';

/**
 * Rows the member calls work on. The member `matrix.target` (written by `loadMatrixIds` with the fields of
 * TARGET_FIELDS) is the target of the update, assignment, archive and restore samples: no seeded account of another
 * entry is touched, and no entry depends on another one having run. Targets that the `writes` checks change are
 * picked by their snapshot, which the matrix reads before it sends the changing body (the bodies read them through
 * getters, at send time).
 */
const pool: { lastCreateBody?: Input; toArchive?: string; toDelete?: string } = {};

/** The fields `loadMatrixIds` gives the matrix's target member. */
export const TARGET_FIELDS = memberFieldsBody({
  firstName: 'Matrix',
  lastName: 'Ziel',
  email: 'matrix.target@example.de',
  username: 'matrix.target',
});
let counter = 0;

function createBody(overrides: Input = {}): Input {
  counter += 1;
  const body = memberCreateBody({
    firstName: 'Matrix',
    lastName: `Prüfling ${counter}`,
    email: `matrix${counter}@example.de`,
    username: `matrix.pruefling${counter}.${Date.now()}`,
    ...overrides,
  });
  pool.lastCreateBody = body;
  return body;
}

/** The update body that leaves the target member as it was made (`overrides` change it). */
function updateBody(uuid: string, overrides: Input = {}): Input {
  return { ...TARGET_FIELDS, uuid, status: 'active', ...overrides };
}

const memberRow = (db: Database, uuid: string | undefined) =>
  db.query('SELECT * FROM member WHERE uuid = $1', [uuid ?? '00000000-0000-4000-8000-000000000000']);

const NOT_ADMINS = ['acme/member', 'acme/loc.admin', 'acme/ou.admin'] as const;
const MEMBERS_AND_LOC_ADMINS = ['acme/member', 'acme/loc.admin'] as const;

/** The member calls (create, update, archive, archive list, passwords, history). */
export const MEMBERS_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/member/createmember': {
    access: 'session',
    endpoint: 'memberCreate',
    sample: () => createBody(),
    validated: true,
    malformed: () => [
      createBody({ firstName: '' }),
      createBody({ firstName: 'x'.repeat(256) }),
      createBody({ email: 'not-an-email' }),
      createBody({ username: 'Ab' }),
      createBody({ role: 'user' }),
      createBody({ passwordMode: 'initial', password: null }),
      createBody({ passwordMode: 'noPassword', password: hashPassword('Secret#2026') }),
      createBody({ passwordMode: 'bySms', mobileNumber: '+49 171 2345678', password: hashPassword('Secret#2026') }),
      createBody({ passwordMode: 'bySMS', mobileNumber: '+49 171 2345678' }),
      createBody({ orgUnitUuids: Array.from({ length: 1001 }, () => crypto.randomUUID()) }),
      createBody({ specialAttributes: ['tall'] }),
      createBody({ birthDate: '31.12.1990' }),
    ],
    forbiddenFor: NOT_ADMINS,
    writes: {
      snapshot: (db) => db.query("SELECT uuid FROM member WHERE first_name = 'Matrix' ORDER BY uuid"),
      changing: () => createBody(),
      rejected: [
        { body: () => createBody({ username: 'member' }), status: 409, code: 'Username.AlreadyExists' },
        { body: () => createBody({ phoneNumber: '12' }), status: 400, code: 'Member.InvalidPhone' },
        {
          body: () => createBody({ passwordMode: 'bySms', mobileNumber: null }),
          status: 400,
          code: 'Member.MobileNumberRequired',
        },
        {
          body: () => createBody({ passwordMode: 'bySms', mobileNumber: '0171' }),
          status: 400,
          code: 'Member.InvalidMobile',
        },
        { body: () => createBody({ postalCode: '123', country: 'DE' }), status: 400, code: 'Member.InvalidPostalCode' },
        // A country the postal module knows but acme does not offer (AT and DE).
        {
          body: () => createBody({ postalCode: '75001', country: 'FR' }),
          status: 400,
          code: 'Address.CountryNotOffered',
        },
        { body: () => createBody({ role: 'super-admin' }), status: 403, code: 'SuperAdmin.CreationFailed' },
        {
          body: (ids) => createBody({ orgUnitUuids: [ids.globexOrgUnit] }),
          status: 404,
          code: 'OrgUnit.NotFound',
        },
        {
          body: (ids) => createBody({ locationUuids: [ids.globexLocation] }),
          status: 404,
          code: 'Location.NotFound',
        },
      ],
    },
  },
  'POST /api/member/checkusername': {
    access: 'session',
    endpoint: 'memberCheckUsername',
    sample: () => ({ username: 'member' }),
    validated: true,
    malformed: () => [{ username: '' }, { username: 42 }, { username: 'member', memberUuid: 'x' }],
    forbiddenFor: NOT_ADMINS,
  },
  'POST /api/memberlist/updatememberdetails': {
    access: 'session',
    endpoint: 'memberUpdate',
    sample: (ids) => updateBody(ids.acmeMatrixMember),
    validated: true,
    malformed: (ids) => [
      updateBody(ids.acmeMatrixMember, { status: 'archived' }),
      updateBody(ids.acmeMatrixMember, { lastName: '' }),
      updateBody('x'),
    ],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexMember,
      request: (uuid) => ({ input: updateBody(uuid) }),
      status: 404,
      code: 'Member.NotFound',
    },
    writes: {
      snapshot: (db, ids) => memberRow(db, ids.acmeMatrixMember),
      changing: (ids) => updateBody(ids.acmeMatrixMember, { city: 'Köln', postalCode: '50667', country: 'DE' }),
      rejected: [
        {
          body: (ids) => updateBody(ids.acmeMatrixMember, { mobileNumber: 'abc' }),
          status: 400,
          code: 'Member.InvalidMobile',
        },
        {
          body: (ids) => updateBody(ids.acmeMatrixMember, { role: 'super-admin' }),
          status: 403,
          code: 'Role.NotAllowed',
        },
        {
          body: (ids) => updateBody(ids.acmeMatrixMember, { username: 'member' }),
          status: 409,
          code: 'Username.AlreadyExists',
        },
        {
          body: (ids) => updateBody(ids.acmeMatrixMember, { birthDate: '2999-01-01' }),
          status: 400,
          code: 'Member.InvalidBirthDate',
        },
      ],
    },
  },
  'POST /api/member-details/update-assignments': {
    access: 'session',
    endpoint: 'memberUpdateAssignments',
    sample: (ids) => ({ uuid: ids.acmeMatrixMember, orgUnitUuids: [], locationUuids: [] }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.acmeMatrixMember, orgUnitUuids: ['x'], locationUuids: [] },
      { uuid: ids.acmeMatrixMember },
    ],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexMember,
      request: (uuid) => ({ input: { uuid, orgUnitUuids: [], locationUuids: [] } }),
      status: 404,
      code: 'Member.NotFound',
    },
    writes: {
      snapshot: (db, ids) =>
        db.query(
          `SELECT 'unit' AS kind, org_unit_uuid AS uuid FROM org_unit_member WHERE member_uuid = $1
           UNION ALL SELECT 'location', location_uuid FROM location_member WHERE member_uuid = $1 ORDER BY 1, 2`,
          [ids.acmeMatrixMember],
        ),
      changing: (ids) => ({
        uuid: ids.acmeMatrixMember,
        orgUnitUuids: [ids.acmeOrgUnit],
        locationUuids: [ids.acmeLocation],
      }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeMatrixMember, orgUnitUuids: [ids.globexOrgUnit], locationUuids: [] }),
          status: 404,
          code: 'OrgUnit.NotFound',
        },
        {
          body: (ids) => ({
            uuid: ids.acmeMatrixMember,
            orgUnitUuids: [ids.acmeOrgUnit],
            locationUuids: [ids.globexLocation],
          }),
          status: 404,
          code: 'Location.NotFound',
        },
      ],
    },
  },
  'POST /api/member-details/read-org-unit-list': {
    access: 'session',
    endpoint: 'memberOrgUnitList',
    sample: (ids) => ({ uuid: ids.acmeMember }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}],
    forbiddenFor: MEMBERS_AND_LOC_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexMember,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'Member.NotFound',
    },
  },
  'POST /api/memberlist/read-history': {
    access: 'session',
    endpoint: 'memberHistory',
    sample: (ids) => ({ uuid: ids.acmeMember }),
    validated: true,
    malformed: (ids) => [{ uuid: 'x' }, { uuid: ids.acmeMember, perPage: 1000 }, { uuid: ids.acmeMember, page: 0 }],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexMember,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'Member.NotFound',
    },
  },
  'POST /api/memberlist/archivemember': {
    access: 'session',
    endpoint: 'memberArchive',
    // Archiving the target again is no error (a repeated bulk action).
    sample: (ids) => ({ uuids: [ids.acmeMatrixMember] }),
    validated: true,
    malformed: (ids) => [
      { uuids: [] },
      { uuids: ['x'] },
      { uuids: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
      // Or the member list's filter ("all N matching"), never both and never neither.
      {},
      { filter: null },
      { uuids: [ids.acmeMatrixMember], filter: {} },
      { filter: { status: 'archived' } },
      { filter: { orgUnitUuid: 'x' } },
      { filter: { search: 'x'.repeat(101) } },
      { filter: { sortBy: 'lastName' } },
    ],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexMember,
      request: (uuid) => ({ input: { uuids: [uuid] } }),
      status: 404,
      code: 'Member.NotFound',
    },
    writes: {
      snapshot: async (db) => {
        if (!pool.toArchive) {
          // A seeded staff member without responsibilities (not one of the demo accounts).
          const [row] = await db.query<{ uuid: string }>(
            `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
              WHERE c.identifier = 'acme' AND m.role = 'member' AND m.archived_at IS NULL AND m.status = 'active'
                AND m.username NOT IN ('member') AND m.first_name <> 'Matrix'
                AND NOT EXISTS (SELECT 1 FROM location_member lm WHERE lm.member_uuid = m.uuid AND lm.responsible)
                AND NOT EXISTS (SELECT 1 FROM org_unit_admin oa WHERE oa.member_uuid = m.uuid)
              ORDER BY m.username LIMIT 1`,
          );
          pool.toArchive = row?.uuid;
        }
        return memberRow(db, pool.toArchive);
      },
      changing: () => ({
        get uuids() {
          return [pool.toArchive];
        },
      }),
      rejected: [
        { body: (ids) => ({ uuids: [pool.toArchive, ids.acmeAdmin] }), status: 400, code: 'Member.CannotChangeSelf' },
        {
          body: (ids) => ({ uuids: [pool.toArchive, ids.globexMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
        // Every active member by the list's filter: the caller and the target among them; all or nothing.
        { body: () => ({ filter: { status: 'active' } }), status: 400, code: 'Member.CannotChangeSelf' },
      ],
    },
  },
  'POST /api/archivedmember/list': {
    access: 'session',
    endpoint: 'archivedMemberList',
    sample: () => ({ ...tableDefaults, sortBy: 'archivedAt' }),
    expectValid: (response) => {
      if (response.json().total < 1) throw new Error('acme has archived members');
    },
    validated: true,
    malformed: () => [
      { ...tableDefaults, sortBy: 'password' },
      { ...tableDefaults, filter: { search: 'x'.repeat(101) } },
      { ...tableDefaults, perPage: 1000 },
    ],
    forbiddenFor: NOT_ADMINS,
  },
  'POST /api/archivedmember/unarchivemember': {
    access: 'session',
    endpoint: 'archivedMemberUnarchive',
    // The target, archived by the archive entry's valid call: restored (restoring it again is no error).
    sample: (ids) => ({ uuids: [ids.acmeMatrixMember] }),
    validated: true,
    malformed: () => [
      { uuids: [] },
      { uuids: [42] },
      // Or the archive list's filter, never both and never neither.
      {},
      { filter: { status: 'all' } },
      { uuids: [crypto.randomUUID()], filter: {} },
    ],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexArchivedMember,
      request: (uuid) => ({ input: { uuids: [uuid] } }),
      status: 404,
      code: 'Member.NotFound',
    },
    writes: {
      // The member the archive entry's check archived.
      snapshot: (db) => memberRow(db, pool.toArchive),
      changing: () => ({
        get uuids() {
          return [pool.toArchive];
        },
      }),
      rejected: [
        {
          body: (ids) => ({ uuids: [pool.toArchive, ids.globexArchivedMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
      ],
    },
  },
  'POST /api/archivedmember/deletemember': {
    access: 'session',
    endpoint: 'archivedMemberDelete',
    // The seeded archived member (deleting it again is no error).
    sample: (ids) => ({ uuids: [ids.acmeArchivedMember] }),
    validated: true,
    malformed: () => [
      { uuids: [] },
      { uuids: 'all' },
      // Or the archive list's filter, never both and never neither.
      {},
      { filter: 'all' },
      { filter: { search: ['a'] } },
      { uuids: [crypto.randomUUID()], filter: {} },
    ],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexArchivedMember,
      request: (uuid) => ({ input: { uuids: [uuid] } }),
      status: 404,
      code: 'Member.NotFound',
    },
    writes: {
      snapshot: async (db) => {
        if (!pool.toDelete) {
          const [row] = await db.query<{ uuid: string }>(
            `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
              WHERE c.identifier = 'acme' AND m.archived_at IS NOT NULL AND m.deleted_at IS NULL
              ORDER BY m.username DESC LIMIT 1`,
          );
          pool.toDelete = row?.uuid;
        }
        return memberRow(db, pool.toDelete);
      },
      changing: () => ({
        get uuids() {
          return [pool.toDelete];
        },
      }),
      rejected: [
        { body: (ids) => ({ uuids: [pool.toDelete, ids.acmeMember] }), status: 409, code: 'Member.NotArchived' },
        {
          body: (ids) => ({ uuids: [pool.toDelete, ids.globexArchivedMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
      ],
    },
  },
  'POST /api/memberlist/reset-password': {
    access: 'session',
    endpoint: 'memberResetPasswords',
    // globex: the acme accounts' reset tokens of the platform entries stay untouched.
    as: 'globex/admin',
    sample: () => ({ mode: 'all' }),
    validated: true,
    malformed: () => [{ mode: 'everyone' }, {}],
    forbiddenFor: NOT_ADMINS,
    writes: {
      // The 10-minute rule would refuse the control call after the valid one: the snapshot moves the client's last
      // reset back before reading (the rule itself is proven in members-admin.test.ts).
      snapshot: async (db) => {
        await db.query(
          `UPDATE client SET last_bulk_password_reset_at = now() - interval '11 minutes'
            WHERE identifier = 'globex' AND last_bulk_password_reset_at IS NOT NULL`,
        );
        return db.query(
          "SELECT count(*)::int AS mails FROM mail_outbox o JOIN client c ON c.uuid = o.client_uuid WHERE c.identifier = 'globex'",
        );
      },
      changing: () => ({ mode: 'all' }),
    },
  },
};
