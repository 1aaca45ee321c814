import type { Database } from '../../src/core/db/database';
import { signaturePng } from '../signaturePng';
import type { MatrixEntry } from './types';
import { tableDefaults } from './types';

/** Roles without the instruction records' permissions (ou-admins and loc-admins hold them for their own part). */
const NOT_ADMINS = ['acme/member'] as const;

/** Unsigned attendance rows the signing entries take one by one (each valid signature needs a row of its own). */
const memberRows: string[] = [];
const adminRows: string[] = [];
const rows = { acmeInstruction: '', globexInstruction: '', globexAttendance: '', signedInstruction: '' };
/** Unsigned acme instructions the delete entries take one by one (each valid delete needs one of its own). */
const deletable: string[] = [];
/** acme instructions for an org unit with members, none of them attending yet: each add-joiners call takes one. */
const joinable: string[] = [];
const POOL_SIZE = 1500;
const next = (pool: string[]) => pool.shift() ?? crypto.randomUUID();

/** Instructions of acme (acme/member and acme/admin attend each) and one of globex, made for these entries. */
export async function prepareInstructionsMatrix(db: Database): Promise<void> {
  const make = async (client: 'acme' | 'globex', title: string, members: readonly string[]) => {
    const [instruction] = await db.query<{ uuid: string }>(
      `INSERT INTO instruction (client_uuid, title, held_on, instructor_name, target_type, target_uuid, target_name,
                                confirm_by, attendee_count)
       SELECT c.uuid, $2, current_date, 'Matrix', 'org-unit', o.uuid, o.name, current_date + 14, $3
         FROM client c JOIN org_unit o ON o.client_uuid = c.uuid AND o.is_root WHERE c.identifier = $1
       RETURNING uuid`,
      [client, title, members.length],
    );
    if (!instruction) throw new Error(`no instruction for ${client}`);
    const attendance = await db.query<{ uuid: string; username: string }>(
      `INSERT INTO instruction_attendance (instruction_uuid, client_uuid, member_uuid, member_name, due_date)
       SELECT $1, m.client_uuid, m.uuid, m.first_name || ' ' || m.last_name, current_date + 14
         FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = $2 AND m.username = ANY($3::text[])
       RETURNING uuid, (SELECT username FROM member WHERE uuid = member_uuid) AS username`,
      [instruction.uuid, client, members],
    );
    return { uuid: instruction.uuid, attendance };
  };
  rows.acmeInstruction = (await make('acme', 'Matrix', ['member', 'admin'])).uuid;
  // The hostile-input test calls a sample once per hostile value: enough unsigned rows for every one of them, made in
  // one statement (one instruction per pair, a member attends an instruction once).
  const pool = await db.query<{ uuid: string; username: string }>(
    `WITH made AS (
       INSERT INTO instruction (client_uuid, title, held_on, instructor_name, target_type, target_uuid, target_name,
                                confirm_by, attendee_count)
       SELECT c.uuid, 'Matrix pool ' || n, current_date, 'Matrix', 'org-unit', o.uuid, o.name, current_date + 14, 2
         FROM generate_series(1, $1::int) AS n, client c JOIN org_unit o ON o.client_uuid = c.uuid AND o.is_root
        WHERE c.identifier = 'acme' RETURNING uuid, client_uuid)
     INSERT INTO instruction_attendance (instruction_uuid, client_uuid, member_uuid, member_name, due_date)
     SELECT made.uuid, made.client_uuid, m.uuid, m.first_name || ' ' || m.last_name, current_date + 14
       FROM made JOIN member m ON m.client_uuid = made.client_uuid AND m.username IN ('member', 'admin')
     RETURNING uuid, (SELECT username FROM member WHERE uuid = member_uuid) AS username`,
    [POOL_SIZE],
  );
  for (const row of pool) (row.username === 'member' ? memberRows : adminRows).push(row.uuid);
  for (let index = 0; index < 40; index += 1) deletable.push((await make('acme', `Matrix delete ${index}`, [])).uuid);
  const signed = await make('acme', 'Matrix signed', ['member']);
  await db.query(
    `UPDATE instruction_attendance SET confirmed_at = now(), signed_on = 'instructor-device', signature_png = $2
      WHERE instruction_uuid = $1`,
    [signed.uuid, Buffer.from(signaturePng().split(',')[1] ?? '', 'base64')],
  );
  rows.signedInstruction = signed.uuid;
  const joiners = await db.query<{ uuid: string }>(
    `INSERT INTO instruction (client_uuid, title, held_on, instructor_name, target_type, target_uuid, target_name,
                              confirm_by, attendee_count)
     SELECT c.uuid, 'Matrix joiners ' || n, current_date, 'Matrix', 'org-unit', o.uuid, o.name, current_date + 14, 0
       FROM generate_series(1, 40) AS n, client c
       JOIN LATERAL (SELECT o.uuid, o.name FROM org_unit o
                      WHERE o.client_uuid = c.uuid
                        AND EXISTS (SELECT 1 FROM org_unit_membership om WHERE om.org_unit_uuid = o.uuid)
                      ORDER BY o.name LIMIT 1) o ON true
      WHERE c.identifier = 'acme'
     RETURNING uuid`,
  );
  joinable.push(...joiners.map((row) => row.uuid));
  const globex = await make('globex', 'Globex matrix', ['admin']);
  rows.globexInstruction = globex.uuid;
  rows.globexAttendance = globex.attendance[0]?.uuid ?? '';
}

const acmeInstructions = (db: Database) =>
  db.query(
    `SELECT i.uuid, i.title, i.confirmed_count FROM instruction i JOIN client c ON c.uuid = i.client_uuid
      WHERE c.identifier = 'acme' ORDER BY i.uuid`,
  );
const acmeAttendance = (db: Database) =>
  db.query(
    `SELECT a.uuid, a.confirmed_at FROM instruction_attendance a JOIN client c ON c.uuid = a.client_uuid
      WHERE c.identifier = 'acme' ORDER BY a.uuid`,
  );
const createBody = (ids: { acmeGroup: string }) => ({
  title: 'Matrix-Unterweisung',
  heldOn: '2026-11-02',
  instructorName: 'Matrix',
  targetType: 'member-group',
  targetUuid: ids.acmeGroup,
});
const malformedSignatures = [
  { signaturePng: 'not base64!' },
  { signaturePng: 42 },
  { signaturePng: 'x'.repeat(274_000) },
  { attendanceUuid: 'row' },
];

/** Instruction records: the administrators' calls and the members' own. */
export const INSTRUCTIONS_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/instruction/read-list': {
    access: 'session',
    endpoint: 'instructionList',
    sample: () => ({ ...tableDefaults, sortBy: 'title', filter: { search: 'matrix', completion: 'open' } }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, filter: { targetType: 'team' } },
      { ...tableDefaults, filter: { search: 'x'.repeat(101) } },
      { ...tableDefaults, sortBy: 'signature_png' },
    ],
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
  },
  'POST /api/instruction/create': {
    access: 'session',
    endpoint: 'instructionCreate',
    sample: createBody,
    validated: true,
    malformed: (ids) => [
      { ...createBody(ids), title: '' },
      { ...createBody(ids), heldOn: '2026-13-40' },
      { ...createBody(ids), targetType: 'team' },
      { ...createBody(ids), repeatIntervalMonths: 0 },
      { ...createBody(ids), templateUuids: Array.from({ length: 11 }, () => crypto.randomUUID()) },
    ],
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: (ids) => ids.globexGroup,
      request: (uuid) => ({ input: { ...createBody({ acmeGroup: uuid }) } }),
      status: 404,
      code: 'Instruction.TargetNotFound',
    },
    writes: {
      snapshot: acmeInstructions,
      changing: (ids) => ({ ...createBody(ids), title: 'Matrix-Unterweisung 2' }),
      rejected: [
        {
          body: (ids) => ({ ...createBody(ids), templateUuids: [crypto.randomUUID()] }),
          status: 404,
          code: 'Instruction.DocumentNotFound',
        },
      ],
    },
  },
  'POST /api/instruction/read-details': {
    access: 'session',
    endpoint: 'instructionDetails',
    sample: () => ({ uuid: rows.acmeInstruction }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}],
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: () => rows.globexInstruction,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'Instruction.NotFound',
    },
  },
  'POST /api/instruction/delete': {
    access: 'session',
    endpoint: 'instructionDelete',
    sample: () => ({ uuid: next(deletable) }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}, { uuid: [next(deletable)] }],
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: () => rows.globexInstruction,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'Instruction.NotFound',
    },
    writes: {
      snapshot: acmeInstructions,
      changing: () => ({ uuid: next(deletable) }),
      rejected: [
        { body: () => ({ uuid: crypto.randomUUID() }), status: 404, code: 'Instruction.NotFound' },
        // A signed record is kept.
        { body: () => ({ uuid: rows.signedInstruction }), status: 409, code: 'Instruction.Signed' },
      ],
    },
  },
  'POST /api/instruction/add-joiners': {
    access: 'session',
    endpoint: 'instructionAddJoiners',
    sample: () => ({ uuid: next(joinable) }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}, { uuid: [next(joinable)] }],
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: () => rows.globexInstruction,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'Instruction.NotFound',
    },
    writes: {
      snapshot: acmeAttendance,
      // An instruction none of its unit's members attend yet: the call takes them in.
      changing: () => ({ uuid: next(joinable) }),
      rejected: [{ body: () => ({ uuid: crypto.randomUUID() }), status: 404, code: 'Instruction.NotFound' }],
    },
  },
  'POST /api/instruction/read-attendance-list': {
    access: 'session',
    endpoint: 'instructionAttendanceList',
    sample: () => ({ ...tableDefaults, sortBy: 'memberName', uuid: rows.acmeInstruction }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, sortBy: 'memberName' },
      { ...tableDefaults, uuid: rows.acmeInstruction, sortBy: 'x' },
    ],
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: () => rows.globexInstruction,
      request: (uuid) => ({ input: { ...tableDefaults, sortBy: 'memberName', uuid } }),
      status: 404,
      code: 'Instruction.NotFound',
    },
  },
  'POST /api/instruction/sign-for-member': {
    access: 'session',
    endpoint: 'instructionSignForMember',
    sample: () => ({ attendanceUuid: next(adminRows), signaturePng: signaturePng() }),
    validated: true,
    malformed: () =>
      malformedSignatures.map((part) => ({ attendanceUuid: next(adminRows), signaturePng: signaturePng(), ...part })),
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: () => rows.globexAttendance,
      request: (uuid) => ({ input: { attendanceUuid: uuid, signaturePng: signaturePng() } }),
      status: 404,
      code: 'Instruction.NotFound',
    },
    writes: {
      snapshot: acmeAttendance,
      changing: () => ({ attendanceUuid: next(adminRows), signaturePng: signaturePng() }),
      rejected: [
        {
          body: () => ({
            attendanceUuid: next(adminRows),
            signaturePng: Buffer.from('GIF89a-no-png-here').toString('base64'),
          }),
          status: 400,
          code: 'Instruction.InvalidSignature',
        },
      ],
    },
  },
  'POST /api/instruction/export-pdf': {
    access: 'session',
    endpoint: 'instructionExportPdf',
    sample: () => ({ uuid: rows.acmeInstruction, language: 'de_DE' }),
    validated: true,
    malformed: () => [
      { uuid: rows.acmeInstruction, language: 'fr_FR' },
      { uuid: 'x', language: 'de_DE' },
    ],
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: () => rows.globexInstruction,
      request: (uuid) => ({ input: { uuid, language: 'en_GB' } }),
      status: 404,
      code: 'Instruction.NotFound',
    },
  },
  'POST /api/instruction/read-member-tasks': {
    access: 'session',
    endpoint: 'instructionMyList',
    as: 'acme/member',
    sample: () => ({ ...tableDefaults, sortBy: 'dueDate', filter: { state: 'toSign' } }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, filter: { state: 'all' } },
      { ...tableDefaults, sortBy: 'member_uuid' },
    ],
    forbiddenFor: null,
    featureFlagOffFor: 'initech/admin',
  },
  'POST /api/instruction/sign-own': {
    access: 'session',
    endpoint: 'instructionSignOwn',
    as: 'acme/member',
    sample: () => ({ attendanceUuid: next(memberRows), signaturePng: signaturePng() }),
    validated: true,
    malformed: () =>
      malformedSignatures.map((part) => ({ attendanceUuid: next(memberRows), signaturePng: signaturePng(), ...part })),
    forbiddenFor: null,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: () => rows.globexAttendance,
      request: (uuid) => ({ input: { attendanceUuid: uuid, signaturePng: signaturePng() } }),
      status: 404,
      code: 'Instruction.NotFound',
    },
    writes: {
      snapshot: acmeAttendance,
      changing: () => ({ attendanceUuid: next(memberRows), signaturePng: signaturePng() }),
      rejected: [
        {
          // Another member's row answers as unknown: a member signs only his own.
          body: () => ({ attendanceUuid: next(adminRows), signaturePng: signaturePng() }),
          status: 404,
          code: 'Instruction.NotFound',
        },
      ],
    },
  },
};
