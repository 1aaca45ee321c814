import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import { DEMO_ELEARNINGS, DEMO_MEMBER_TASK } from '../../src/seed/elearnings';
import { type Ids, type MatrixEntry, tableDefaults } from './types';

/** Roles without the e-learning administration (only their own tasks). */
const STAFF = ['acme/member', 'acme/loc.admin'] as const;
const ADMINS_ONLY = ['acme/member', 'acme/loc.admin', 'acme/ou.admin'] as const;
const notFound = (code: string) => ({ status: 404, code });

function byUuid(endpoint: MatrixEntry['endpoint'], sample: string, forbiddenFor: readonly MatrixEntry['as'][]) {
  return {
    access: 'session',
    endpoint,
    sample: () => ({ uuid: sample }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, {}],
    forbiddenFor: forbiddenFor as MatrixEntry['forbiddenFor'],
    otherClientUuid: {
      foreign: () => DEMO_ELEARNINGS.globexCargo,
      request: (uuid: string) => ({ input: { uuid } }),
      ...notFound('Elearning.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
  } satisfies MatrixEntry;
}

const settings = (uuid: string, changes: Record<string, unknown> = {}) => ({
  uuid,
  active: true,
  dueDate: null,
  firstExecutionBufferDays: 14,
  repeatIntervalMonths: 0,
  activateOn: null,
  deactivateOn: null,
  ...changes,
});

const assignmentsOf = (db: Database, elearning: string) =>
  db.query(
    `SELECT (SELECT array_agg(org_unit_uuid ORDER BY org_unit_uuid) FROM elearning_org_unit WHERE elearning_uuid = $1) AS units,
            (SELECT count(*)::int FROM elearning_task WHERE elearning_uuid = $1) AS tasks`,
    [elearning],
  );

/**
 * Rows of the player's entries (filled by `prepareElearningPlayerMatrix`): executions of the demo `member` and one of
 * globex, so that the valid calls change nothing other entries or tests rely on.
 */
const player = {
  /** The member's running execution of his demo task (reads, saves; it has a result for the result calls). */
  execution: '',
  result: '',
  /** Two more running executions (on completed tasks of the member): the reset's sample and its control call. */
  resetSample: '',
  resetTarget: '',
  /** The reset entry's restoring call (its sample is reset by the valid call already). */
  resetRestore: '',
  /** A completed task of the member without an execution: create-execution's control call starts one. */
  freshTask: '',
  globexTask: '',
  globexExecution: '',
  globexResult: '',
};

export async function prepareElearningPlayerMatrix(db: Database): Promise<void> {
  const [member] = await db.query<{ uuid: string; client_uuid: string }>(
    "SELECT m.uuid, m.client_uuid FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'acme' AND m.username = 'member'",
  );
  const [globex] = await db.query<{ uuid: string; client_uuid: string; task: string }>(
    `SELECT t.member_uuid AS uuid, t.client_uuid, t.uuid AS task FROM elearning_task t
      WHERE t.elearning_uuid = $1 AND t.completed_at IS NULL AND t.reset_at IS NULL ORDER BY t.uuid LIMIT 1`,
    [DEMO_ELEARNINGS.globexCargo],
  );
  if (!member || !globex) throw new Error('the player matrix needs the demo member and a globex task');
  const tasks = await db.query<{ uuid: string }>(
    `INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, due_date, completed_at, started_at, origin)
     SELECT $1, $2, $3, current_date - 400, now() - interval '1 year', now() - interval '1 year', 'assignment'
       FROM generate_series(1, 4) RETURNING uuid`,
    [member.client_uuid, DEMO_ELEARNINGS.acmeSafetyInstruction, member.uuid],
  );
  const execution = async (clientUuid: string, taskUuid: string, memberUuid: string, elearningUuid: string) => {
    const [row] = await db.query<{ uuid: string; package_uuid: string }>(
      `INSERT INTO elearning_execution (client_uuid, task_uuid, member_uuid, elearning_uuid, package_uuid, scorm_version)
       SELECT $1, $2, $3, e.uuid, e.package_uuid, p.scorm_version FROM elearning e JOIN elearning_package p ON p.uuid = e.package_uuid
        WHERE e.uuid = $4 RETURNING uuid, package_uuid`,
      [clientUuid, taskUuid, memberUuid, elearningUuid],
    );
    if (!row) throw new Error('no package for the matrix execution');
    return row;
  };
  const result = async (executionUuid: string) => {
    const [row] = await db.query<{ uuid: string }>(
      `INSERT INTO elearning_result (client_uuid, execution_uuid, task_uuid, member_uuid, elearning_uuid, member_name,
                                     course_title, language, completed_at, duration_seconds, score_percent, passed)
       SELECT client_uuid, uuid, task_uuid, member_uuid, elearning_uuid, 'Matrix Mitarbeiter', 'Matrix-Kurs', 'de_DE',
              now(), 600, 90, true FROM elearning_execution WHERE uuid = $1 RETURNING uuid`,
      [executionUuid],
    );
    return row?.uuid ?? '';
  };
  const running = await execution(
    member.client_uuid,
    DEMO_MEMBER_TASK,
    member.uuid,
    DEMO_ELEARNINGS.acmeSafetyInstruction,
  );
  player.execution = running.uuid;
  player.result = await result(running.uuid);
  const [first, second, third, fourth] = tasks;
  if (!first || !second || !third || !fourth) throw new Error('four tasks');
  player.resetSample = (
    await execution(member.client_uuid, first.uuid, member.uuid, DEMO_ELEARNINGS.acmeSafetyInstruction)
  ).uuid;
  player.resetTarget = (
    await execution(member.client_uuid, second.uuid, member.uuid, DEMO_ELEARNINGS.acmeSafetyInstruction)
  ).uuid;
  player.freshTask = third.uuid;
  player.resetRestore = (
    await execution(member.client_uuid, fourth.uuid, member.uuid, DEMO_ELEARNINGS.acmeSafetyInstruction)
  ).uuid;
  const foreign = await execution(globex.client_uuid, globex.task, globex.uuid, DEMO_ELEARNINGS.globexCargo);
  player.globexTask = globex.task;
  player.globexExecution = foreign.uuid;
  player.globexResult = await result(foreign.uuid);
}

/** A SCORM 1.2 package as a stored (uncompressed) zip, built synchronously for the matrix's many upload calls. */
function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MATRIX_PACKAGE = storedZip({
  'imsmanifest.xml': `<manifest identifier="matrix" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2">
  <metadata><schemaversion>1.2</schemaversion></metadata>
  <organizations default="O"><organization identifier="O"><title>Matrix</title>
  <item identifier="I" identifierref="R"><title>Matrix</title></item></organization></organizations>
  <resources><resource identifier="R" type="webcontent" href="index.html"/></resources></manifest>`,
  'index.html': '<!doctype html><title>Matrix</title>',
});

const byExecution = (
  endpoint: MatrixEntry['endpoint'],
  uuid: () => string,
  foreign: () => string,
  code: string,
): MatrixEntry => ({
  access: 'session',
  endpoint,
  as: 'acme/member',
  sample: () => ({ uuid: uuid() }),
  validated: true,
  malformed: () => [{ uuid: 'not-a-uuid' }, {}],
  forbiddenFor: null,
  otherClientUuid: { foreign, request: (value) => ({ input: { uuid: value } }), ...notFound(code) },
  featureFlagOffFor: 'initech/admin',
});

const executionRow = (db: Database, uuid: string) =>
  db.query(
    `SELECT x.current_sco, x.completed_at, x.reset_at,
            (SELECT jsonb_agg(jsonb_build_array(s.sco_id, s.sequence, s.cmi) ORDER BY s.sco_id)
               FROM elearning_execution_sco s WHERE s.execution_uuid = x.uuid) AS scos
       FROM elearning_execution x WHERE x.uuid = $1`,
    [uuid],
  );

/** The player's calls. */
const PLAYER_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/elearning/upload-package': {
    access: 'session',
    endpoint: 'elearningUploadPackage',
    rawBody: { contentType: 'application/zip', payload: () => MATRIX_PACKAGE },
    sample: () => ({ uuid: DEMO_ELEARNINGS.acmeVduWorkstation }),
    expectValid: (response) => expect(response.json()).toMatchObject({ scormVersion: '1.2', title: 'Matrix' }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, {}],
    forbiddenFor: ADMINS_ONLY,
    otherClientUuid: {
      foreign: () => DEMO_ELEARNINGS.globexCargo,
      request: (uuid) => ({ input: { uuid } }),
      ...notFound('Elearning.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
    writes: {
      snapshot: (db) =>
        db.query('SELECT uuid FROM elearning_package WHERE elearning_uuid = $1 ORDER BY uuid', [
          DEMO_ELEARNINGS.acmeVduWorkstation,
        ]),
      changing: () => ({ uuid: DEMO_ELEARNINGS.acmeVduWorkstation }),
      rejected: [{ body: () => ({ uuid: DEMO_ELEARNINGS.globexCargo }), ...notFound('Elearning.NotFound') }],
    },
  },
  'POST /api/elearning/read-package': byUuid('elearningPackage', DEMO_ELEARNINGS.acmeSafetyInstruction, ADMINS_ONLY),
  'POST /api/elearning/save-package': {
    access: 'session',
    endpoint: 'elearningSavePackage',
    sample: () => ({ uuid: DEMO_ELEARNINGS.acmeFireProtection, title: 'Brandschutz im Betrieb', language: 'de_DE' }),
    validated: true,
    malformed: () => [
      { uuid: DEMO_ELEARNINGS.acmeFireProtection, title: '', language: 'de_DE' },
      { uuid: DEMO_ELEARNINGS.acmeFireProtection, title: 'x'.repeat(201), language: 'de_DE' },
      { uuid: DEMO_ELEARNINGS.acmeFireProtection, title: 'Brandschutz', language: 'fr_FR' },
      { uuid: DEMO_ELEARNINGS.acmeFireProtection },
    ],
    forbiddenFor: ADMINS_ONLY,
    otherClientUuid: {
      foreign: () => DEMO_ELEARNINGS.globexCargo,
      request: (uuid) => ({ input: { uuid, title: 'Fremd', language: null } }),
      ...notFound('Elearning.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
    writes: {
      snapshot: (db) =>
        db.query(
          'SELECT p.title, p.language FROM elearning_package p JOIN elearning e ON e.package_uuid = p.uuid WHERE e.uuid = $1',
          [DEMO_ELEARNINGS.acmeFireProtection],
        ),
      changing: () => ({ uuid: DEMO_ELEARNINGS.acmeFireProtection, title: 'Brandschutz (Matrix)', language: 'en_GB' }),
      rejected: [
        {
          body: () => ({ uuid: DEMO_ELEARNINGS.acmeHazardousSubstances, title: 'Ohne Paket', language: null }),
          status: 400,
          code: 'Elearning.EmptyScormPath',
        },
      ],
    },
  },
  'POST /api/elearning/create-execution': {
    access: 'session',
    endpoint: 'elearningCreateExecution',
    as: 'acme/member',
    sample: () => ({ taskUuid: DEMO_MEMBER_TASK }),
    expectValid: (response) => expect(response.json()).toEqual({ uuid: player.execution, resumed: true }),
    validated: true,
    malformed: () => [{ taskUuid: 'not-a-uuid' }, { uuid: DEMO_MEMBER_TASK }],
    forbiddenFor: null,
    otherClientUuid: {
      foreign: () => player.globexTask,
      request: (uuid) => ({ input: { taskUuid: uuid } }),
      ...notFound('ElearningTask.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
    writes: {
      snapshot: (db) => db.query('SELECT uuid FROM elearning_execution WHERE task_uuid = $1', [player.freshTask]),
      changing: () => ({ taskUuid: player.freshTask }),
      rejected: [{ body: () => ({ taskUuid: player.globexTask }), ...notFound('ElearningTask.NotFound') }],
    },
  },
  'POST /api/elearning/read-execution': byExecution(
    'elearningReadExecution',
    () => player.execution,
    () => player.globexExecution,
    'MemberExecution.NotFound',
  ),
  'POST /api/elearning/save-execution': {
    access: 'session',
    endpoint: 'elearningSaveExecution',
    as: 'acme/member',
    sample: () => ({
      uuid: player.execution,
      sequence: 1,
      cmi: { core: { lesson_status: 'incomplete', lesson_location: '1' }, suspend_data: 'S'.repeat(5_000) },
      totalTimeSeconds: 30,
    }),
    validated: true,
    malformed: () => [
      { uuid: player.execution, sequence: 0, cmi: {}, totalTimeSeconds: 0 },
      { uuid: player.execution, sequence: 2, cmi: 'text', totalTimeSeconds: 0 },
      { uuid: player.execution, sequence: 2, cmi: {}, totalTimeSeconds: -1 },
      { uuid: player.execution, sequence: 2, cmi: {} },
      { uuid: player.execution, scoId: '', sequence: 2, cmi: {}, totalTimeSeconds: 0 },
      { uuid: player.execution, scoId: 'S'.repeat(201), sequence: 2, cmi: {}, totalTimeSeconds: 0 },
    ],
    forbiddenFor: null,
    otherClientUuid: {
      foreign: () => player.globexExecution,
      request: (uuid) => ({ input: { uuid, sequence: 99, cmi: {}, totalTimeSeconds: 0 } }),
      ...notFound('MemberExecution.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
    writes: {
      snapshot: (db) => executionRow(db, player.execution),
      changing: () => ({
        uuid: player.execution,
        sequence: 1_000,
        cmi: { core: { lesson_status: 'incomplete', lesson_location: 'matrix' } },
        totalTimeSeconds: 60,
      }),
      rejected: [
        {
          body: () => ({ uuid: player.globexExecution, sequence: 2_000, cmi: {}, totalTimeSeconds: 0 }),
          ...notFound('MemberExecution.NotFound'),
        },
      ],
    },
  },
  'POST /api/elearning/reset-execution': {
    ...byExecution(
      'elearningResetExecution',
      () => player.resetSample,
      () => player.globexExecution,
      'MemberExecution.NotFound',
    ),
    writes: {
      snapshot: (db) => executionRow(db, player.resetTarget),
      changing: () => ({ uuid: player.resetTarget }),
      rejected: [{ body: () => ({ uuid: player.globexExecution }), ...notFound('MemberExecution.NotFound') }],
      restore: () => ({ uuid: player.resetRestore }),
    },
  },
  'POST /api/elearning/read-execution-result': byExecution(
    'elearningExecutionResult',
    () => player.execution,
    () => player.globexExecution,
    'MemberExecution.NotFound',
  ),
  'POST /api/elearning/read-result-data': byExecution(
    'elearningResultData',
    () => player.result,
    () => player.globexResult,
    'ElearningResult.NotFound',
  ),
  'GET /api/elearning/certificate-pdf': {
    ...byExecution(
      'elearningCertificatePdf',
      () => player.result,
      () => player.globexResult,
      'ElearningResult.NotFound',
    ),
    expectValid: (response) => expect(response.headers['content-type']).toBe('application/pdf'),
  },
};

export const ELEARNINGS_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/elearning/read-catalog': {
    access: 'session',
    endpoint: 'elearningCatalog',
    sample: () => ({ ...tableDefaults, sortBy: 'title' }),
    validated: true,
    malformed: () => [{ sortBy: 'lastName' }, { perPage: 10 }, { filter: { search: 5 } }],
    forbiddenFor: STAFF,
    featureFlagOffFor: 'initech/admin',
  },
  'POST /api/elearning/read-details': byUuid('elearningDetails', DEMO_ELEARNINGS.acmeFireProtection, STAFF),
  'POST /api/elearning/read-settings': byUuid('elearningSettings', DEMO_ELEARNINGS.acmeFireProtection, ADMINS_ONLY),
  'POST /api/elearning/read-org-unit-assignments': byUuid(
    'elearningOrgUnitAssignments',
    DEMO_ELEARNINGS.acmeFirstAid,
    STAFF,
  ),
  'POST /api/elearning/read-statistics-overview': byUuid(
    'elearningStatisticsOverview',
    DEMO_ELEARNINGS.acmeSafetyInstruction,
    STAFF,
  ),
  'POST /api/elearning/save-settings': {
    access: 'session',
    endpoint: 'elearningSaveSettings',
    sample: () => settings(DEMO_ELEARNINGS.acmeLadders, { activateOn: null }),
    validated: true,
    malformed: () => [
      settings(DEMO_ELEARNINGS.acmeLadders, { firstExecutionBufferDays: 10 }),
      settings(DEMO_ELEARNINGS.acmeLadders, { repeatIntervalMonths: 25 }),
      settings(DEMO_ELEARNINGS.acmeLadders, { dueDate: '31.12.2030' }),
      { uuid: DEMO_ELEARNINGS.acmeLadders },
    ],
    forbiddenFor: ADMINS_ONLY,
    otherClientUuid: {
      foreign: () => DEMO_ELEARNINGS.globexCargo,
      request: (uuid) => ({ input: settings(uuid) }),
      ...notFound('Elearning.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
    writes: {
      snapshot: (db) =>
        db.query(
          `SELECT active, due_date, first_execution_buffer_days, repeat_interval_months, activate_on, deactivate_on,
                  (SELECT count(*)::int FROM elearning_task WHERE elearning_uuid = e.uuid) AS tasks
             FROM elearning e WHERE uuid = $1`,
          [DEMO_ELEARNINGS.acmeLadders],
        ),
      changing: () => settings(DEMO_ELEARNINGS.acmeLadders, { firstExecutionBufferDays: 30, repeatIntervalMonths: 6 }),
      rejected: [
        {
          body: () => settings(DEMO_ELEARNINGS.acmeLadders, { activateOn: '2030-06-01', deactivateOn: '2030-05-01' }),
          status: 400,
          code: 'Elearning.InvalidDate',
        },
        {
          body: () => settings(DEMO_ELEARNINGS.acmeLadders, { dueDate: '2020-01-01' }),
          status: 400,
          code: 'Elearning.InvalidDate',
        },
        { body: () => settings(DEMO_ELEARNINGS.globexCargo), ...notFound('Elearning.NotFound') },
      ],
    },
  },
  'POST /api/elearning/assign-org-units': {
    access: 'session',
    endpoint: 'elearningAssignOrgUnits',
    sample: (ids) => ({ uuid: DEMO_ELEARNINGS.acmeLadders, orgUnitUuids: [ids.acmeOrgUnit] }),
    validated: true,
    malformed: (ids) => [
      { uuid: DEMO_ELEARNINGS.acmeLadders, orgUnitUuids: [] },
      { uuid: DEMO_ELEARNINGS.acmeLadders, orgUnitUuids: Array.from({ length: 1001 }, () => ids.acmeOrgUnit) },
      { uuid: DEMO_ELEARNINGS.acmeLadders, orgUnitUuids: ['x'] },
    ],
    forbiddenFor: ADMINS_ONLY,
    otherClientUuid: {
      foreign: () => DEMO_ELEARNINGS.globexCargo,
      request: (uuid) => ({ input: { uuid, orgUnitUuids: [crypto.randomUUID()] } }),
      ...notFound('Elearning.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
    writes: {
      snapshot: (db) => assignmentsOf(db, DEMO_ELEARNINGS.acmeLadders),
      changing: (ids) => ({ uuid: DEMO_ELEARNINGS.acmeLadders, orgUnitUuids: [ids.acmeRootOrgUnit] }),
      rejected: [
        {
          body: (ids: Ids) => ({
            uuid: DEMO_ELEARNINGS.acmeLadders,
            orgUnitUuids: [ids.acmeRootOrgUnit, ids.globexOrgUnit],
          }),
          ...notFound('OrgUnit.NotFound'),
        },
      ],
    },
  },
  'POST /api/elearning/remove-org-units': {
    access: 'session',
    endpoint: 'elearningRemoveOrgUnits',
    // Hazardous substances is assigned to Produktion (acmeOrgUnit) only: the sample removes nothing.
    sample: (ids) => ({ uuid: DEMO_ELEARNINGS.acmeHazardousSubstances, orgUnitUuids: [ids.acmeRootOrgUnit] }),
    validated: true,
    malformed: () => [{ uuid: DEMO_ELEARNINGS.acmeHazardousSubstances, orgUnitUuids: [] }],
    forbiddenFor: ADMINS_ONLY,
    otherClientUuid: {
      foreign: () => DEMO_ELEARNINGS.globexCargo,
      request: (uuid) => ({ input: { uuid, orgUnitUuids: [crypto.randomUUID()] } }),
      ...notFound('Elearning.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
    writes: {
      snapshot: (db) => assignmentsOf(db, DEMO_ELEARNINGS.acmeHazardousSubstances),
      changing: (ids) => ({ uuid: DEMO_ELEARNINGS.acmeHazardousSubstances, orgUnitUuids: [ids.acmeOrgUnit] }),
      rejected: [
        {
          body: (ids: Ids) => ({
            uuid: DEMO_ELEARNINGS.acmeHazardousSubstances,
            orgUnitUuids: [ids.acmeOrgUnit, ids.globexOrgUnit],
          }),
          ...notFound('OrgUnit.NotFound'),
        },
      ],
    },
  },
  'POST /api/elearning/read-statistics': {
    access: 'session',
    endpoint: 'elearningStatistics',
    sample: () => ({ ...tableDefaults, uuid: DEMO_ELEARNINGS.acmeSafetyInstruction, sortBy: 'status' }),
    validated: true,
    malformed: () => [
      { uuid: DEMO_ELEARNINGS.acmeSafetyInstruction, sortBy: 'uuid' },
      { uuid: DEMO_ELEARNINGS.acmeSafetyInstruction, filter: { status: 'late' } },
      { uuid: DEMO_ELEARNINGS.acmeSafetyInstruction, filter: { orgUnitUuid: 'x' } },
      tableDefaults,
    ],
    forbiddenFor: STAFF,
    otherClientUuid: {
      foreign: () => DEMO_ELEARNINGS.globexCargo,
      request: (uuid) => ({ input: { uuid } }),
      ...notFound('Elearning.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
  },
  'POST /api/elearning/export-statistics': {
    access: 'session',
    endpoint: 'elearningExportStatistics',
    sample: () => ({ uuid: DEMO_ELEARNINGS.acmeFirstAid, filter: {}, language: 'de_DE' }),
    expectValid: (response) => expect(response.headers['content-type']).toContain('spreadsheetml'),
    validated: true,
    malformed: () => [
      { uuid: DEMO_ELEARNINGS.acmeFirstAid, language: 'fr_FR' },
      { uuid: DEMO_ELEARNINGS.acmeFirstAid, filter: { status: 'late' } },
    ],
    forbiddenFor: STAFF,
    otherClientUuid: {
      foreign: () => DEMO_ELEARNINGS.globexCargo,
      request: (uuid) => ({ input: { uuid } }),
      ...notFound('Elearning.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
  },
  'POST /api/elearning/reset-progress': {
    access: 'session',
    endpoint: 'elearningResetProgress',
    // The admin has no task of the VDU course (not in its units): the sample resets nothing.
    sample: (ids) => ({ uuid: DEMO_ELEARNINGS.acmeVduWorkstation, memberUuids: [ids.acmeAdmin] }),
    validated: true,
    malformed: (ids) => [
      { uuid: DEMO_ELEARNINGS.acmeFirstAid, memberUuids: [] },
      { uuid: DEMO_ELEARNINGS.acmeFirstAid, memberUuids: Array.from({ length: 1001 }, () => ids.acmeMember) },
    ],
    forbiddenFor: ADMINS_ONLY,
    otherClientUuid: {
      foreign: () => DEMO_ELEARNINGS.globexCargo,
      request: (uuid) => ({ input: { uuid, memberUuids: [crypto.randomUUID()] } }),
      ...notFound('Elearning.NotFound'),
    },
    featureFlagOffFor: 'initech/admin',
    writes: {
      snapshot: (db, ids) =>
        db.query(
          `SELECT uuid, completed_at, reset_at, due_date FROM elearning_task
            WHERE elearning_uuid = $1 AND member_uuid = $2 ORDER BY created_at, uuid`,
          [DEMO_ELEARNINGS.acmeFirstAid, ids.acmeMember],
        ),
      changing: (ids) => ({ uuid: DEMO_ELEARNINGS.acmeFirstAid, memberUuids: [ids.acmeMember] }),
      rejected: [
        {
          body: (ids: Ids) => ({ uuid: DEMO_ELEARNINGS.globexCargo, memberUuids: [ids.acmeMember] }),
          ...notFound('Elearning.NotFound'),
        },
      ],
    },
  },
  'POST /api/elearning/read-member-tasks': {
    access: 'session',
    endpoint: 'elearningMemberTasks',
    as: 'acme/member',
    sample: () => ({ ...tableDefaults, filter: { status: 'all' }, sortBy: 'dueDate' }),
    validated: true,
    malformed: () => [{ filter: { status: 'closed' } }, { sortBy: 'uuid' }, { perPage: -1 }],
    forbiddenFor: null,
    featureFlagOffFor: 'initech/admin',
  },
  'GET /api/elearning/read-member-statistics': {
    access: 'session',
    endpoint: 'elearningMemberStatistics',
    as: 'acme/member',
    sample: () => ({}),
    expectValid: (response) => expect(response.json().all).toBeGreaterThan(0),
    validated: true,
    forbiddenFor: null,
    featureFlagOffFor: 'initech/admin',
  },
  'POST /api/elearning/read-member-task': {
    access: 'session',
    endpoint: 'elearningMemberTask',
    as: 'acme/member',
    sample: () => ({ uuid: DEMO_MEMBER_TASK }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}],
    forbiddenFor: null,
    // Another member's or client's task: server/test/elearnings.test.ts (404 ElearningTask.NotFound).
    featureFlagOffFor: 'initech/admin',
  },
  ...PLAYER_MATRIX,
};
