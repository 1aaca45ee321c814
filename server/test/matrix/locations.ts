import type { Database } from '../../src/core/db/database';
import { type Ids, type MatrixEntry, tableDefaults } from './types';

/**
 * Locations of acme that only this matrix uses (filled by `prepareLocationsMatrix`), so that the valid calls
 * change nothing other entries rely on: every valid delete takes a fresh location of `deletable`.
 */
const spare = {
  deletable: [] as string[],
  update: '',
  deleteTarget: '',
  assignSample: '',
  assignTarget: '',
  removeSample: '',
  removeTarget: '',
};
let nextDeletable = 0;
let created = 0;

/** More than the delete entry's valid calls (each sample call takes the next one, refused or not). */
const DELETABLE_COUNT = 100;

/** Called by the matrix test once the ids are known: acme's spare locations, and the members they start with. */
export async function prepareLocationsMatrix(db: Database, ids: Ids): Promise<void> {
  const insert = async (names: string[]) =>
    (
      await db.query<{ uuid: string }>(
        `INSERT INTO location (client_uuid, name, city)
         SELECT (SELECT uuid FROM client WHERE identifier = 'acme'), name, 'Matrixstadt'
           FROM unnest($1::text[]) WITH ORDINALITY AS n(name, position) ORDER BY position RETURNING uuid`,
        [names],
      )
    ).map((row) => row.uuid);
  spare.deletable = await insert(Array.from({ length: DELETABLE_COUNT }, (_, index) => `Matrix deletable ${index}`));
  [spare.update, spare.deleteTarget, spare.assignSample, spare.assignTarget, spare.removeSample, spare.removeTarget] =
    (await insert([
      'Matrix update',
      'Matrix delete target',
      'Matrix assign sample',
      'Matrix assign target',
      'Matrix remove sample',
      'Matrix remove target',
    ])) as [string, string, string, string, string, string];
  // The remove target holds the member (removed by the changing call) and the admin as its responsible person.
  await db.query(
    `INSERT INTO location_member (location_uuid, member_uuid, responsible) VALUES ($1, $2, false), ($1, $3, true)`,
    [spare.removeTarget, ids.acmeMember, ids.acmeAdmin],
  );
}

const locationMembers = (location: () => string) => async (db: Database) =>
  db.query('SELECT member_uuid, responsible FROM location_member WHERE location_uuid = $1 ORDER BY member_uuid', [
    location(),
  ]);

const fields = {
  city: 'Matrixstadt',
  countryCode: 'DE',
  locationType: 'branch',
  floorSpace: 100,
  responsibleMemberUuids: [] as string[],
};

const NOT_LOCATION_ADMIN = ['acme/loc.admin', 'acme/ou.admin', 'acme/member'] as const;
const NOT_LOCATION_READER = ['acme/ou.admin', 'acme/member'] as const;

/** The location calls. */
export const LOCATIONS_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/location/location-list': {
    access: 'session',
    endpoint: 'locationList',
    sample: () => ({ ...tableDefaults, sortBy: 'name' }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, sortBy: 'client_uuid' },
      { ...tableDefaults, filter: { locationType: 'warehouse' } },
      { ...tableDefaults, perPage: 1000 },
    ],
    forbiddenFor: NOT_LOCATION_READER,
  },
  'POST /api/location/location-detail': {
    access: 'session',
    endpoint: 'locationDetail',
    sample: (ids) => ({ uuid: ids.acmeLocation }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, {}],
    forbiddenFor: NOT_LOCATION_READER,
    otherClientUuid: {
      foreign: (ids) => ids.globexLocation,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'Location.NotFound',
    },
  },
  'POST /api/location/create-location': {
    access: 'session',
    endpoint: 'createLocation',
    // A new name for every call: the valid calls create locations that nobody else uses.
    sample: () => ({ ...fields, name: `Matrix created ${++created}` }),
    validated: true,
    malformed: () => [
      { ...fields, name: '' },
      { ...fields, name: 'x'.repeat(256) },
      { ...fields, name: 'Country', countryCode: 'XX' },
      { ...fields, name: 'Space', floorSpace: -1 },
      { ...fields, name: 'Responsible', responsibleMemberUuids: Array.from({ length: 51 }, () => crypto.randomUUID()) },
    ],
    forbiddenFor: NOT_LOCATION_ADMIN,
    writes: {
      snapshot: (db) =>
        db.query(
          "SELECT l.name FROM location l JOIN client c ON c.uuid = l.client_uuid WHERE c.identifier = 'acme' ORDER BY l.name",
        ),
      changing: () => ({ ...fields, name: 'Matrix changing location' }),
      rejected: [
        { body: () => ({ ...fields, name: 'Werk Hamburg' }), status: 409, code: 'Location.IdExists' },
        {
          body: () => ({ ...fields, name: 'Matrix Paris', countryCode: 'FR', postalCode: '75001' }),
          status: 400,
          code: 'Address.CountryNotOffered',
        },
        {
          body: (ids) => ({
            ...fields,
            name: 'Matrix foreign responsible',
            responsibleMemberUuids: [ids.globexMember],
          }),
          status: 400,
          code: 'Location.InvalidResponsibleMembers',
        },
        {
          body: (ids) => ({
            ...fields,
            name: 'Matrix archived responsible',
            responsibleMemberUuids: [ids.acmeArchivedMember],
          }),
          status: 400,
          code: 'Location.InvalidResponsibleMembers',
        },
      ],
    },
  },
  'POST /api/location/update-location-detail': {
    access: 'session',
    endpoint: 'updateLocationDetail',
    sample: (ids) => ({
      ...fields,
      uuid: spare.update,
      name: 'Matrix update',
      responsibleMemberUuids: [ids.acmeAdmin],
    }),
    validated: true,
    malformed: () => [
      { ...fields, uuid: spare.update, name: '' },
      { ...fields, name: 'Matrix update' },
      { ...fields, uuid: spare.update, name: 'Matrix update', locationType: 'warehouse' },
    ],
    forbiddenFor: NOT_LOCATION_ADMIN,
    otherClientUuid: {
      foreign: (ids) => ids.globexLocation,
      request: (uuid) => ({ input: { ...fields, uuid, name: 'Matrix foreign' } }),
      status: 404,
      code: 'Location.NotFound',
    },
    writes: {
      snapshot: async (db) => [
        await db.query('SELECT * FROM location WHERE uuid = $1', [spare.update]),
        await locationMembers(() => spare.update)(db),
      ],
      changing: (ids) => ({
        ...fields,
        uuid: spare.update,
        name: 'Matrix update',
        floorSpace: 999,
        responsibleMemberUuids: [ids.acmeAdmin, ids.acmeMember],
      }),
      rejected: [
        {
          body: () => ({ ...fields, uuid: spare.update, name: 'Werk Hamburg' }),
          status: 409,
          code: 'Location.IdExists',
        },
        {
          body: (ids) => ({
            ...fields,
            uuid: spare.update,
            name: 'Matrix update',
            floorSpace: 999,
            responsibleMemberUuids: [ids.acmeMember, ids.globexMember],
          }),
          status: 400,
          code: 'Location.InvalidResponsibleMembers',
        },
      ],
    },
  },
  'POST /api/location/delete-locations': {
    access: 'session',
    endpoint: 'deleteLocations',
    sample: () => ({ uuids: [spare.deletable[nextDeletable++ % DELETABLE_COUNT]] }),
    validated: true,
    malformed: () => [
      { uuids: [] },
      { uuids: ['not-a-uuid'] },
      { uuids: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
      // Or the location list's filter, never both and never neither.
      {},
      { filter: { locationType: 'moon' } },
      { uuids: [crypto.randomUUID()], filter: {} },
    ],
    forbiddenFor: NOT_LOCATION_ADMIN,
    otherClientUuid: {
      foreign: (ids) => ids.globexLocation,
      request: (uuid) => ({ input: { uuids: [uuid] } }),
      status: 404,
      code: 'Location.NotFound',
    },
    writes: {
      snapshot: async (db) => [
        await db.query('SELECT * FROM location WHERE uuid = $1', [spare.deleteTarget]),
        await db.query('SELECT * FROM location WHERE name = $1', ['Globex Hafen']),
      ],
      changing: () => ({ uuids: [spare.deleteTarget] }),
      rejected: [
        // All or nothing: another client's location in the list keeps the own one too.
        {
          body: (ids) => ({ uuids: [spare.deleteTarget, ids.globexLocation] }),
          status: 404,
          code: 'Location.NotFound',
        },
      ],
    },
  },
  'POST /api/location/read-member-list': {
    access: 'session',
    endpoint: 'locationMemberList',
    sample: (ids) => ({ ...tableDefaults, sortBy: 'lastName', uuid: ids.acmeLocation }),
    validated: true,
    malformed: (ids) => [
      { ...tableDefaults, sortBy: 'password_hash', uuid: ids.acmeLocation },
      { ...tableDefaults, sortBy: 'lastName' },
    ],
    forbiddenFor: NOT_LOCATION_READER,
    otherClientUuid: {
      foreign: (ids) => ids.globexLocation,
      request: (uuid) => ({ input: { ...tableDefaults, sortBy: 'lastName', uuid } }),
      status: 404,
      code: 'Location.NotFound',
    },
  },
  'POST /api/location/assign-members': {
    access: 'session',
    endpoint: 'assignLocationMembers',
    sample: (ids) => ({ uuid: spare.assignSample, memberUuids: [ids.acmeMember] }),
    validated: true,
    malformed: (ids) => [
      { uuid: spare.assignSample, memberUuids: [] },
      { uuid: spare.assignSample, memberUuids: ['not-a-uuid'] },
      { memberUuids: [ids.acmeMember] },
    ],
    forbiddenFor: NOT_LOCATION_READER,
    otherClientUuid: {
      foreign: (ids) => ids.globexLocation,
      request: (uuid) => ({ input: { uuid, memberUuids: [crypto.randomUUID()] } }),
      status: 404,
      code: 'Location.NotFound',
    },
    writes: {
      snapshot: locationMembers(() => spare.assignTarget),
      changing: (ids) => ({ uuid: spare.assignTarget, memberUuids: [ids.acmeMember] }),
      rejected: [
        {
          body: (ids) => ({ uuid: spare.assignTarget, memberUuids: [ids.acmeMember, ids.globexMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
        {
          body: (ids) => ({ uuid: spare.assignTarget, memberUuids: [ids.acmeMember, ids.acmeArchivedMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
      ],
    },
  },
  'POST /api/location/remove-members': {
    access: 'session',
    endpoint: 'removeLocationMembers',
    sample: (ids) => ({ uuid: spare.removeSample, memberUuids: [ids.acmeMember] }),
    validated: true,
    malformed: (ids) => [
      { uuid: spare.removeSample, memberUuids: [] },
      { uuid: spare.removeSample, memberUuids: [ids.acmeMember, 42] },
    ],
    forbiddenFor: NOT_LOCATION_READER,
    otherClientUuid: {
      foreign: (ids) => ids.globexLocation,
      request: (uuid) => ({ input: { uuid, memberUuids: [crypto.randomUUID()] } }),
      status: 404,
      code: 'Location.NotFound',
    },
    writes: {
      snapshot: locationMembers(() => spare.removeTarget),
      changing: (ids) => ({ uuid: spare.removeTarget, memberUuids: [ids.acmeMember] }),
      rejected: [
        {
          body: (ids) => ({ uuid: spare.removeTarget, memberUuids: [ids.acmeMember, ids.acmeAdmin] }),
          status: 409,
          code: 'Location.InvalidResponsibleMembers',
        },
        {
          body: (ids) => ({ uuid: spare.removeTarget, memberUuids: [ids.acmeMember, ids.globexMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
      ],
    },
  },
};
