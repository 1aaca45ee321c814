import type { Database } from '../../src/core/db/database';
import type { Ids, LoginName, MatrixEntry } from './types';
import { tableDefaults } from './types';

/** Demo logins without the org unit permissions (ou-admins, admins and super-admins hold them). */
const NOT_UNIT_ADMINS: readonly LoginName[] = ['acme/member', 'acme/loc.admin'];

/**
 * Rows the writing entries need that the seed does not have, made by the create entry's snapshot (it runs before
 * them; samples are synchronous): three leaf units the delete entry removes one after the other (its valid call,
 * the control of its "changes nothing" test, the sample again), and a unit the copy and remove entries fill and
 * empty, so that Produktion's members (and so ou.admin's scope, which later entries use) stay as seeded.
 */
const spareUnits: string[] = [];
const scratch = { unit: '' };
let sparesMade = false;
let removeReady = false;
let created = 0;
const uniqueName = () => `Matrix Einheit ${++created} ${Date.now()}`;
const uniqueIdentifier = () => `matrix-${++created}-${Date.now().toString(36)}`;
/** The org unit ID of the root, read by the snapshots: another unit asking for it answers OrgUnit.IdentifierExists. */
const taken = { identifier: '' };

async function rememberTakenIdentifier(db: Database, ids: Ids): Promise<void> {
  const [root] = await db.query<{ identifier: string }>('SELECT identifier FROM org_unit WHERE uuid = $1', [
    ids.acmeRootOrgUnit,
  ]);
  taken.identifier = root?.identifier ?? '';
}

const acmeUnits = (db: Database) =>
  db.query(
    `SELECT o.uuid, o.name, o.identifier, o.parent_uuid,
            ARRAY(SELECT oa.member_uuid::text FROM org_unit_admin oa WHERE oa.org_unit_uuid = o.uuid ORDER BY 1) AS admins
       FROM org_unit o JOIN client c ON c.uuid = o.client_uuid WHERE c.identifier = 'acme' ORDER BY o.uuid`,
  );
const unitMembers = (db: Database, uuid: string) =>
  db.query('SELECT member_uuid FROM org_unit_member WHERE org_unit_uuid = $1 ORDER BY member_uuid', [uuid]);

async function makeSpares(db: Database, ids: Ids): Promise<void> {
  if (sparesMade) return;
  sparesMade = true;
  const rows = await db.query<{ uuid: string; name: string }>(
    `INSERT INTO org_unit (client_uuid, name, parent_uuid)
     SELECT client_uuid, 'Matrix spare ' || n, uuid FROM org_unit, generate_series(1, 4) n WHERE uuid = $1
     RETURNING uuid, name`,
    [ids.acmeRootOrgUnit],
  );
  const ordered = rows.sort((a, b) => a.name.localeCompare(b.name)).map((row) => row.uuid);
  scratch.unit = ordered.pop() ?? '';
  spareUnits.push(...ordered);
}

/** The org unit calls. */
export const ORG_UNITS_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/org-unit/org-unit-list': {
    access: 'session',
    endpoint: 'orgUnitList',
    sample: () => ({ filter: {} }),
    validated: true,
    malformed: () => [{ filter: { search: 'x'.repeat(101) } }, { filter: { parentUuid: 'x' } }, { page: 2 }],
    forbiddenFor: NOT_UNIT_ADMINS,
  },
  'POST /api/org-unit/org-unit-detail': {
    access: 'session',
    endpoint: 'orgUnitDetail',
    sample: (ids) => ({ uuid: ids.acmeOrgUnit }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, {}],
    forbiddenFor: NOT_UNIT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexOrgUnit,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'OrgUnit.NotFound',
    },
  },
  'POST /api/org-unit/create-org-unit': {
    access: 'session',
    endpoint: 'orgUnitCreate',
    sample: (ids) => ({ orgUnitName: uniqueName(), identifier: uniqueIdentifier(), parentUuid: ids.acmeRootOrgUnit }),
    validated: true,
    malformed: (ids) => [
      { orgUnitName: '', parentUuid: ids.acmeRootOrgUnit },
      { orgUnitName: 'x'.repeat(256), parentUuid: ids.acmeRootOrgUnit },
      { orgUnitName: 'Einheit', identifier: 'Groß Einheit', parentUuid: ids.acmeRootOrgUnit },
      { orgUnitName: 'Einheit', identifier: 'a'.repeat(37), parentUuid: ids.acmeRootOrgUnit },
      { orgUnitName: 'Einheit', identifier: '', parentUuid: ids.acmeRootOrgUnit },
      { orgUnitName: 'Einheit' },
      { orgUnitName: 'Einheit', parentUuid: ids.acmeRootOrgUnit, adminUuids: ['not-a-uuid'] },
    ],
    forbiddenFor: NOT_UNIT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexOrgUnit,
      request: (uuid) => ({ input: { orgUnitName: 'Fremd', parentUuid: uuid } }),
      status: 400,
      code: 'OrgUnit.ParentMismatch',
    },
    writes: {
      snapshot: async (db, ids) => {
        await makeSpares(db, ids);
        await rememberTakenIdentifier(db, ids);
        return acmeUnits(db);
      },
      changing: (ids) => ({
        orgUnitName: uniqueName(),
        identifier: uniqueIdentifier(),
        parentUuid: ids.acmeOrgUnit,
        adminUuids: [ids.acmeAdmin],
      }),
      rejected: [
        { body: () => ({ orgUnitName: 'Zweite Wurzel', parentUuid: null }), status: 409, code: 'OrgUnit.RootExists' },
        {
          body: (ids) => ({ orgUnitName: uniqueName(), identifier: taken.identifier, parentUuid: ids.acmeRootOrgUnit }),
          status: 409,
          code: 'OrgUnit.IdentifierExists',
        },
        {
          body: (ids) => ({ orgUnitName: 'produktion', parentUuid: ids.acmeRootOrgUnit }),
          status: 409,
          code: 'OrgUnit.IdExists',
        },
        {
          body: (ids) => ({ orgUnitName: 'Falsch', parentUuid: ids.acmeRootOrgUnit, adminUuids: [ids.acmeMember] }),
          status: 400,
          code: 'OrgUnit.InvalidResponsibleMembers',
        },
      ],
    },
  },
  'POST /api/org-unit/update-org-unit': {
    access: 'session',
    endpoint: 'orgUnitUpdate',
    sample: (ids) => ({ uuid: ids.acmeOrgUnit, orgUnitName: 'Produktion', identifier: 'produktion' }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.acmeOrgUnit, orgUnitName: '' },
      { uuid: ids.acmeOrgUnit, identifier: 'Produktion' },
      { uuid: ids.acmeOrgUnit, identifier: 'p'.repeat(37) },
      { uuid: ids.acmeOrgUnit, parentUuid: null },
      { uuid: ids.acmeOrgUnit, adminUuids: Array.from({ length: 101 }, () => crypto.randomUUID()) },
    ],
    forbiddenFor: NOT_UNIT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexOrgUnit,
      request: (uuid) => ({ input: { uuid, orgUnitName: 'Fremd' } }),
      status: 404,
      code: 'OrgUnit.NotFound',
    },
    writes: {
      snapshot: async (db, ids) => {
        await rememberTakenIdentifier(db, ids);
        return acmeUnits(db);
      },
      changing: (ids) => ({ uuid: ids.acmeOrgUnit, orgUnitName: 'Produktion und Fertigung', identifier: 'pf' }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeOrgUnit, identifier: taken.identifier }),
          status: 409,
          code: 'OrgUnit.IdentifierExists',
        },
        {
          body: (ids) => ({ uuid: ids.acmeRootOrgUnit, parentUuid: ids.acmeOrgUnit }),
          status: 400,
          code: 'OrgUnit.ParentMismatch',
        },
        {
          body: (ids) => ({ uuid: ids.acmeOrgUnit, parentUuid: ids.acmeOrgUnit }),
          status: 400,
          code: 'OrgUnit.ParentMismatch',
        },
        {
          body: (ids) => ({ uuid: ids.acmeOrgUnit, orgUnitName: 'Neu', parentUuid: ids.globexOrgUnit }),
          status: 400,
          code: 'OrgUnit.ParentMismatch',
        },
        {
          body: (ids) => ({ uuid: ids.acmeOrgUnit, orgUnitName: 'Neu', adminUuids: [ids.acmeMember] }),
          status: 400,
          code: 'OrgUnit.InvalidResponsibleMembers',
        },
      ],
    },
  },
  'POST /api/org-unit/delete-org-unit': {
    access: 'session',
    endpoint: 'orgUnitDelete',
    // The head of the pool until a call has deleted it (calls refused before the handler leave it alone).
    sample: () => ({ uuid: spareUnits[0] ?? crypto.randomUUID() }),
    expectValid: () => {
      spareUnits.shift();
    },
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, { uuids: [crypto.randomUUID()] }],
    forbiddenFor: NOT_UNIT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexOrgUnit,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'OrgUnit.NotFound',
    },
    writes: {
      snapshot: acmeUnits,
      changing: () => ({ uuid: spareUnits.shift() ?? crypto.randomUUID() }),
      rejected: [
        { body: (ids) => ({ uuid: ids.acmeRootOrgUnit }), status: 409, code: 'OrgUnit.RootNotDeletable' },
        { body: (ids) => ({ uuid: ids.acmeOrgUnit }), status: 409, code: 'OrgUnit.HasChildren' },
      ],
    },
  },
  'POST /api/org-unit/member-list': {
    access: 'session',
    endpoint: 'orgUnitMemberList',
    sample: (ids) => ({ ...tableDefaults, uuid: ids.acmeOrgUnit }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.acmeOrgUnit, sortBy: 'password' }, { ...tableDefaults }],
    forbiddenFor: NOT_UNIT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexOrgUnit,
      request: (uuid) => ({ input: { ...tableDefaults, uuid } }),
      status: 404,
      code: 'OrgUnit.NotFound',
    },
  },
  'POST /api/org-unit/add-members-to-org-unit': {
    access: 'session',
    endpoint: 'orgUnitAddMembers',
    sample: (ids) => ({ uuid: scratch.unit || ids.acmeOrgUnit, memberUuids: [ids.acmeMember] }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.acmeOrgUnit, memberUuids: [] },
      { uuid: ids.acmeOrgUnit, memberUuids: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
    ],
    forbiddenFor: NOT_UNIT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexOrgUnit,
      request: (uuid) => ({ input: { uuid, memberUuids: [crypto.randomUUID()] } }),
      status: 404,
      code: 'OrgUnit.NotFound',
    },
    writes: {
      snapshot: (db) => unitMembers(db, scratch.unit),
      changing: (ids) => ({ uuid: scratch.unit, memberUuids: [ids.acmeAdmin] }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeRootOrgUnit, memberUuids: [ids.acmeAdmin] }),
          status: 409,
          code: 'OrgUnit.MembersNotChanged',
        },
        {
          body: (ids) => ({ uuid: scratch.unit, memberUuids: [ids.acmeAdmin, ids.globexMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
      ],
    },
  },
  'POST /api/org-unit/copy-member-assignments': {
    access: 'session',
    endpoint: 'orgUnitCopyMemberAssignments',
    // Copying a unit into itself changes nothing and answers 200.
    sample: (ids) => ({ uuid: scratch.unit || ids.acmeOrgUnit, sourceUuid: scratch.unit || ids.acmeOrgUnit }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.acmeOrgUnit }, { uuid: ids.acmeOrgUnit, sourceUuid: 'not-a-uuid' }],
    forbiddenFor: NOT_UNIT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexOrgUnit,
      request: (uuid) => ({ input: { uuid: scratch.unit, sourceUuid: uuid } }),
      status: 404,
      code: 'OrgUnit.NotFound',
    },
    writes: {
      snapshot: (db) => unitMembers(db, scratch.unit),
      changing: (ids) => ({ uuid: scratch.unit, sourceUuid: ids.acmeOrgUnit }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeRootOrgUnit, sourceUuid: ids.acmeOrgUnit }),
          status: 409,
          code: 'OrgUnit.MembersNotChanged',
        },
      ],
    },
  },
  'POST /api/org-unit/remove-members': {
    access: 'session',
    endpoint: 'orgUnitRemoveMembers',
    sample: (ids) => ({ uuid: scratch.unit || ids.acmeOrgUnit, memberUuids: [ids.acmeAdmin] }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.acmeOrgUnit, memberUuids: [] }, { uuid: ids.acmeOrgUnit }],
    forbiddenFor: NOT_UNIT_ADMINS,
    otherClientUuid: {
      foreign: (ids) => ids.globexOrgUnit,
      request: (uuid) => ({ input: { uuid, memberUuids: [crypto.randomUUID()] } }),
      status: 404,
      code: 'OrgUnit.NotFound',
    },
    writes: {
      snapshot: async (db, ids) => {
        // The member the control removes must be in the unit first (once, before the first snapshot is taken).
        if (!removeReady) {
          removeReady = true;
          await db.query(
            'INSERT INTO org_unit_member (org_unit_uuid, member_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING',
            [scratch.unit, ids.acmeMember],
          );
        }
        return unitMembers(db, scratch.unit);
      },
      changing: (ids) => ({ uuid: scratch.unit, memberUuids: [ids.acmeMember] }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeRootOrgUnit, memberUuids: [ids.acmeMember] }),
          status: 409,
          code: 'OrgUnit.MembersNotChanged',
        },
      ],
    },
  },
};
