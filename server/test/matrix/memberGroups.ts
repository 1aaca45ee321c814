import type { Database } from '../../src/core/db/database';
import type { Ids, LoginName, MatrixEntry } from './types';
import { tableDefaults } from './types';

/** Demo logins without the member-group permissions (only admins and super-admins hold them). */
const NOT_ADMINS: readonly LoginName[] = ['acme/member', 'acme/loc.admin', 'acme/ou.admin'];

/**
 * Groups the delete entry may remove: the delete is valid three times (its valid call, the control of its "changes
 * nothing" test, the sample again afterwards), each time on a group that still exists. The create entry's snapshot,
 * which runs before, makes them (samples are synchronous and cannot).
 */
const spareGroups: string[] = [];
let created = 0;
const uniqueName = (label: string) => `Matrix ${label} ${++created} ${Date.now()}`;

const acmeGroups = (db: Database) =>
  db.query(
    `SELECT g.uuid, g.name, g.type FROM member_group g JOIN client c ON c.uuid = g.client_uuid
      WHERE c.identifier = 'acme' ORDER BY g.uuid`,
  );
const groupMembers = (db: Database, ids: Ids) =>
  db.query('SELECT member_uuid FROM member_group_member WHERE member_group_uuid = $1 ORDER BY member_uuid', [
    ids.acmeGroup,
  ]);

let sparesMade = false;
let removeReady = false;

/** The member group calls. */
export const MEMBER_GROUPS_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/member-group/read-list': {
    access: 'session',
    endpoint: 'memberGroupList',
    sample: () => ({ ...tableDefaults, sortBy: 'name' }),
    validated: true,
    malformed: () => [{ filter: { type: 'fire-brigade' } }, { sortBy: 'uuid' }, { perPage: 1_000_000 }],
    forbiddenFor: NOT_ADMINS,
  },
  'POST /api/member-group/create-member-group': {
    access: 'session',
    endpoint: 'memberGroupCreate',
    sample: () => ({ name: uniqueName('Gruppe'), type: 'first-aid' }),
    validated: true,
    malformed: () => [
      { name: '', type: 'first-aid' },
      { name: 'x'.repeat(256), type: 'first-aid' },
      { name: 'Gruppe', type: 'fire-brigade' },
      { name: 'Gruppe' },
    ],
    forbiddenFor: NOT_ADMINS,
    writes: {
      snapshot: async (db) => {
        if (!sparesMade) {
          sparesMade = true;
          const rows = await db.query<{ uuid: string }>(
            `INSERT INTO member_group (client_uuid, name, type)
             SELECT c.uuid, 'Matrix spare ' || n, 'first-aid' FROM client c, generate_series(1, 3) n
              WHERE c.identifier = 'acme' RETURNING uuid`,
          );
          spareGroups.push(...rows.map((row) => row.uuid));
        }
        return acmeGroups(db);
      },
      changing: () => ({ name: uniqueName('Gruppe'), type: 'work-council' }),
      rejected: [
        { body: () => ({ name: 'betriebsrat', type: 'work-council' }), status: 409, code: 'MemberGroup.IdExists' },
      ],
    },
  },
  'POST /api/member-group/delete-member-group': {
    access: 'session',
    endpoint: 'memberGroupDelete',
    // The head of the pool until a call has deleted it (calls refused before the handler leave it alone).
    sample: () => ({ uuids: [spareGroups[0] ?? crypto.randomUUID()] }),
    expectValid: () => {
      spareGroups.shift();
    },
    validated: true,
    malformed: () => [
      { uuids: [] },
      { uuids: ['not-a-uuid'] },
      { uuids: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
      // Or the group list's filter, never both and never neither.
      {},
      { filter: { type: 'pirates' } },
      { uuids: [crypto.randomUUID()], filter: {} },
    ],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexGroup,
      request: (uuid) => ({ input: { uuids: [uuid] } }),
      status: 404,
      code: 'MemberGroup.NotFound',
    },
    writes: {
      snapshot: acmeGroups,
      changing: () => ({ uuids: [spareGroups.shift() ?? crypto.randomUUID()] }),
      rejected: [
        // All or nothing: the acme group stays when another client's group is named with it.
        { body: (ids) => ({ uuids: [ids.acmeGroup, ids.globexGroup] }), status: 404, code: 'MemberGroup.NotFound' },
      ],
    },
  },
  'POST /api/member-group/read-details': {
    access: 'session',
    endpoint: 'memberGroupDetails',
    sample: (ids) => ({ uuid: ids.acmeGroup }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, {}],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexGroup,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'MemberGroup.NotFound',
    },
  },
  'POST /api/member-group/update-details': {
    access: 'session',
    endpoint: 'memberGroupUpdate',
    sample: (ids) => ({ uuid: ids.acmeGroup, name: 'Ersthelfer', type: 'first-aid' }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.acmeGroup, name: '', type: 'first-aid' },
      { uuid: ids.acmeGroup, name: 'Ersthelfer', type: 'nurse' },
      { uuid: ids.acmeGroup, name: 'x'.repeat(256), type: 'first-aid' },
    ],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexGroup,
      request: (uuid) => ({ input: { uuid, name: 'Fremd', type: 'first-aid' } }),
      status: 404,
      code: 'MemberGroup.NotFound',
    },
    writes: {
      snapshot: (db, ids) => db.query('SELECT name, type FROM member_group WHERE uuid = $1', [ids.acmeGroup]),
      changing: (ids) => ({ uuid: ids.acmeGroup, name: 'Ersthelfer Werk 1', type: 'first-aid' }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeGroup, name: 'Betriebsrat', type: 'first-aid' }),
          status: 409,
          code: 'MemberGroup.IdExists',
        },
      ],
    },
  },
  'POST /api/member-group/read-member-list': {
    access: 'session',
    endpoint: 'memberGroupMemberList',
    sample: (ids) => ({ ...tableDefaults, uuid: ids.acmeGroup }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.acmeGroup, sortBy: 'password' }, { ...tableDefaults }],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexGroup,
      request: (uuid) => ({ input: { ...tableDefaults, uuid } }),
      status: 404,
      code: 'MemberGroup.NotFound',
    },
  },
  'POST /api/member-group/assign-members': {
    access: 'session',
    endpoint: 'memberGroupAssignMembers',
    sample: (ids) => ({ uuid: ids.acmeGroup, memberUuids: [ids.acmeMember] }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.acmeGroup, memberUuids: [] },
      { uuid: ids.acmeGroup, memberUuids: ['not-a-uuid'] },
      { uuid: ids.acmeGroup, memberUuids: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
    ],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexGroup,
      request: (uuid) => ({ input: { uuid, memberUuids: [crypto.randomUUID()] } }),
      status: 404,
      code: 'MemberGroup.NotFound',
    },
    writes: {
      snapshot: groupMembers,
      changing: (ids) => ({ uuid: ids.acmeGroup, memberUuids: [ids.acmeAdmin] }),
      rejected: [
        // One member of another client refuses the whole call.
        {
          body: (ids) => ({ uuid: ids.acmeGroup, memberUuids: [ids.acmeAdmin, ids.globexMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
        {
          body: (ids) => ({ uuid: ids.acmeGroup, memberUuids: [ids.acmeAdmin, ids.acmeArchivedMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
      ],
    },
  },
  'POST /api/member-group/remove-members': {
    access: 'session',
    endpoint: 'memberGroupRemoveMembers',
    sample: (ids) => ({ uuid: ids.acmeGroup, memberUuids: [ids.acmeMember] }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.acmeGroup, memberUuids: [] }, { uuid: ids.acmeGroup }],
    forbiddenFor: NOT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexGroup,
      request: (uuid) => ({ input: { uuid, memberUuids: [crypto.randomUUID()] } }),
      status: 404,
      code: 'MemberGroup.NotFound',
    },
    writes: {
      snapshot: async (db, ids) => {
        // The member the control removes must be in the group first (once, before the first snapshot is taken).
        if (!removeReady) {
          removeReady = true;
          await db.query(
            'INSERT INTO member_group_member (member_group_uuid, member_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING',
            [ids.acmeGroup, ids.acmeAdmin],
          );
        }
        return groupMembers(db, ids);
      },
      changing: (ids) => ({ uuid: ids.acmeGroup, memberUuids: [ids.acmeAdmin] }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.globexGroup, memberUuids: [ids.acmeAdmin] }),
          status: 404,
          code: 'MemberGroup.NotFound',
        },
      ],
    },
  },
};
