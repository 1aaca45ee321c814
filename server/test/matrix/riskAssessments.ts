import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import { type EvaluationIds, type MatrixEntry, type RiskAssessmentIds, tableDefaults } from './types';

interface Analysis {
  task: string;
  memberTask: string;
  execution: string | null;
}

async function one(db: Database, sql: string, params: unknown[]): Promise<string> {
  const [row] = await db.query<{ uuid: string }>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row.uuid;
}

/** A task of its own assigned to one member, with the member's analysis (started, answered or completed). */
async function analysis(
  db: Database,
  client: string,
  member: string,
  title: string,
  state: 'fresh' | 'started' | 'answered' | 'completed',
): Promise<Analysis> {
  const task = await one(
    db,
    `INSERT INTO risk_assessment_task (client_uuid, title, type, due_date) VALUES ($1, $2, 'general-hazards', current_date + 30) RETURNING uuid`,
    [client, title],
  );
  const assignment = await one(
    db,
    `INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, member_uuid) VALUES ($1, $2, 'member', $3) RETURNING uuid`,
    [client, task, member],
  );
  const memberTask = await one(
    db,
    `INSERT INTO risk_assessment_member_task (client_uuid, task_uuid, assignment_uuid, member_uuid, due_date)
     VALUES ($1, $2, $3, $4, current_date + 30) RETURNING uuid`,
    [client, task, assignment, member],
  );
  if (state === 'fresh') return { task, memberTask, execution: null };
  const execution = await one(
    db,
    `INSERT INTO risk_assessment_execution (client_uuid, task_uuid, assignment_uuid, member_uuid, completed_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END) RETURNING uuid`,
    [client, task, assignment, member, state === 'completed'],
  );
  await db.query(
    `UPDATE risk_assessment_member_task SET execution_uuid = $2, completed_at = CASE WHEN $3 THEN now() END WHERE uuid = $1`,
    [memberTask, execution, state === 'completed'],
  );
  if (state === 'answered' || state === 'completed') {
    await db.query(
      `INSERT INTO risk_assessment_answer (execution_uuid, question_key, value)
       SELECT $1, key, 1 FROM risk_assessment_question WHERE type_identifier = 'general-hazards' AND NOT retired`,
      [execution],
    );
  }
  return { task, memberTask, execution };
}

export async function riskAssessmentIds(db: Database): Promise<RiskAssessmentIds> {
  const client = (identifier: string) => one(db, 'SELECT uuid FROM client WHERE identifier = $1', [identifier]);
  const memberOf = (identifier: string, username: string) =>
    one(
      db,
      'SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = $1 AND m.username = $2',
      [identifier, username],
    );
  const acme = await client('acme');
  const globex = await client('globex');
  const member = await memberOf('acme', 'member');
  const admin = await memberOf('acme', 'admin');
  const started = await analysis(db, acme, member, 'Matrix: started', 'started');
  const fresh = await analysis(db, acme, member, 'Matrix: fresh', 'fresh');
  const answered = await analysis(db, acme, member, 'Matrix: answered', 'answered');
  const completed = await analysis(db, acme, member, 'Matrix: completed', 'completed');
  const other = await analysis(db, acme, admin, 'Matrix: the admin', 'started');
  const removals = await analysis(db, acme, admin, 'Matrix: removals', 'fresh');
  const spareAssignments = await db.query<{ uuid: string }>(
    `INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, member_uuid)
     SELECT $1, $2, 'member', m.uuid FROM member m
      WHERE m.client_uuid = $1 AND m.archived_at IS NULL AND m.uuid <> $3 ORDER BY m.username LIMIT 2
     RETURNING uuid`,
    [acme, removals.task, admin],
  );
  const globexAnalysis = await analysis(db, globex, await memberOf('globex', 'fahrer1'), 'Globex', 'started');
  return {
    acmeRiskTask: started.task,
    acmeRiskMemberTask: started.memberTask,
    acmeRiskExecution: started.execution ?? '',
    acmeRiskFreshMemberTask: fresh.memberTask,
    acmeRiskAnsweredExecution: answered.execution ?? '',
    acmeRiskCompletedExecution: completed.execution ?? '',
    acmeRiskOtherMemberTask: other.memberTask,
    acmeRiskOtherExecution: other.execution ?? '',
    acmeRiskSpareTask: fresh.task,
    acmeRiskRemovalTask: removals.task,
    acmeRiskRemovals: [spareAssignments[0]?.uuid ?? '', spareAssignments[1]?.uuid ?? ''],
    acmeRiskSurveyTask: await one(
      db,
      `SELECT uuid FROM risk_assessment_task WHERE client_uuid = $1 AND type = 'mental-load'`,
      [acme],
    ),
    globexRiskTask: globexAnalysis.task,
    globexRiskMemberTask: globexAnalysis.memberTask,
    globexRiskExecution: globexAnalysis.execution ?? '',
    eval: await evaluationIds(db, acme, globex, admin, await memberOf('globex', 'fahrer1')),
    evidencePhotos: [
      await evidencePhoto(db, acme, started.execution ?? ''),
      await evidencePhoto(db, acme, started.execution ?? ''),
      await evidencePhoto(db, acme, started.execution ?? ''),
      await evidencePhoto(db, acme, started.execution ?? ''),
    ],
    globexEvidencePhoto: await evidencePhoto(db, globex, globexAnalysis.execution ?? ''),
  };
}

/**
 * A JPEG's segments (not decodable, shaped like one: SOI, APP0, APP1 with a position, SOF0 with the size, SOS, EOI),
 * as a phone's photo would bring them; the server keeps it without the APP1.
 */
export const MATRIX_JPEG = (() => {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const sof = Buffer.from([8, 0, 90, 0, 120, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.from('Exif\0\0GPSLatitude 53.55 N', 'latin1')),
    segment(0xc0, sof),
    segment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34]),
    Buffer.from([0xff, 0xd9]),
  ]);
})();

async function evidencePhoto(db: Database, client: string, execution: string): Promise<string> {
  return one(
    db,
    `INSERT INTO risk_assessment_evidence_photo (client_uuid, execution_uuid, question_key, content, width, height, byte_size)
     VALUES ($1, $2, 'mech-fall-height', $3, 120, 90, $4) RETURNING uuid`,
    [client, execution, MATRIX_JPEG, MATRIX_JPEG.length],
  );
}

/** A task assigned to the client's root unit, with `completed` completed analyses of its first members. */
async function evaluableAssignment(db: Database, client: string, title: string, completed: number): Promise<string> {
  const task = await one(
    db,
    `INSERT INTO risk_assessment_task (client_uuid, title, type, due_date) VALUES ($1, $2, 'mental-load', current_date + 30) RETURNING uuid`,
    [client, title],
  );
  const assignment = await one(
    db,
    `INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, org_unit_uuid)
     SELECT $1, $2, 'org-unit', uuid FROM org_unit WHERE client_uuid = $1 AND parent_uuid IS NULL RETURNING uuid`,
    [client, task],
  );
  await db.query(
    `INSERT INTO risk_assessment_member_task (client_uuid, task_uuid, assignment_uuid, member_uuid, due_date, completed_at)
     SELECT $1, $2, $3, m.uuid, current_date + 30, now() FROM member m
      WHERE m.client_uuid = $1 AND m.archived_at IS NULL ORDER BY m.username LIMIT $4`,
    [client, task, assignment, completed],
  );
  return assignment;
}

/** An evaluation of a fresh assignment in the given status. */
async function evaluationRow(db: Database, client: string, title: string, status: string): Promise<string> {
  const assignment = await evaluableAssignment(db, client, title, 6);
  return one(
    db,
    `INSERT INTO risk_assessment_evaluation (client_uuid, task_uuid, assignment_uuid, status, analysis_count, matrix_version)
     SELECT client_uuid, task_uuid, uuid, $2, 6, 'nohl-additive-5x5-v1' FROM risk_assessment_assignment WHERE uuid = $1
     RETURNING uuid`,
    [assignment, status],
  );
}

async function riskRow(db: Database, client: string, evaluation: string, key: string, factor: number, status: string) {
  return one(
    db,
    `INSERT INTO risk_assessment_risk (client_uuid, evaluation_uuid, question_key, group_key, hazard_factor_group, load,
                                       source, target, measures, probability, severity, risk_factor, matrix_version, status)
     SELECT $1, $2, q.key, q.group_key, q.hazard_factor_group, q.load, q.source, q.target, q.measures, $3 - 3, 3, $3,
            'nohl-additive-5x5-v1', $5
       FROM risk_assessment_question q WHERE q.type_identifier = 'mental-load' AND q.key = $4 RETURNING uuid`,
    [client, evaluation, factor, key, status],
  );
}

async function actionRow(db: Database, client: string, risk: string, owner: string): Promise<string> {
  return one(
    db,
    `INSERT INTO risk_assessment_action (client_uuid, evaluation_uuid, risk_uuid, origin, stop, description,
                                         responsible_member_uuid, due_date)
     SELECT $1, evaluation_uuid, uuid, 'custom', 'organisational', '{"de_DE":"Matrix","en_GB":"Matrix"}', $3, current_date + 10
       FROM risk_assessment_risk WHERE uuid = $2 RETURNING uuid`,
    [client, risk, owner],
  );
}

async function evaluationIds(
  db: Database,
  acme: string,
  globex: string,
  admin: string,
  globexOwner: string,
): Promise<EvaluationIds> {
  const ready = [
    await evaluableAssignment(db, acme, 'Matrix: ready 1', 6),
    await evaluableAssignment(db, acme, 'Matrix: ready 2', 6),
    await evaluableAssignment(db, acme, 'Matrix: ready 3', 6),
  ] as [string, string, string];
  const evaluation = await evaluationRow(db, acme, 'Matrix: evaluation', 'risksCreated');
  const risk = await riskRow(db, acme, evaluation, 'content-completeness', 8, 'riskActionDefined');
  const spareRisk = await riskRow(db, acme, evaluation, 'content-latitude', 5, 'riskActionDefine');
  const action = await actionRow(db, acme, risk, admin);
  const undecided = await evaluationRow(db, acme, 'Matrix: undecided', 'risksCreated');
  await riskRow(db, acme, undecided, 'content-completeness', 7, 'riskActionDefine');
  const confirmable: string[] = [];
  for (const n of [1, 2, 3])
    confirmable.push(await evaluationRow(db, acme, `Matrix: confirmable ${n}`, 'risksCreated'));
  const agreed = await evaluationRow(db, acme, 'Matrix: agreed', 'actionsAgreed');
  const agreedRisk = await riskRow(db, acme, agreed, 'content-completeness', 8, 'riskActionAgreed');
  const agreedActions: string[] = [];
  for (let n = 0; n < 3; n += 1) agreedActions.push(await actionRow(db, acme, agreedRisk, admin));
  const doneActions: string[] = [];
  for (let n = 0; n < 3; n += 1) doneActions.push(await actionRow(db, acme, agreedRisk, admin));
  await db.query(
    `UPDATE risk_assessment_action SET done_at = current_date, done_by_name = 'Matrix', check_due_date = current_date + 28
      WHERE uuid = ANY($1::uuid[])`,
    [doneActions],
  );
  const approvable: string[] = [];
  const approved: string[] = [];
  for (const n of [1, 2, 3]) {
    approvable.push(await evaluationRow(db, acme, `Matrix: approvable ${n}`, 'actionsAgreed'));
    approved.push(await evaluationRow(db, acme, `Matrix: approved ${n}`, 'done'));
  }
  await db.query(
    `UPDATE risk_assessment_evaluation SET approved_at = now(), approved_by_name = 'Matrix' WHERE uuid = ANY($1::uuid[])`,
    [approved],
  );
  const globexEvaluation = await evaluationRow(db, globex, 'Globex evaluation', 'risksCreated');
  const globexRisk = await riskRow(db, globex, globexEvaluation, 'content-completeness', 8, 'riskActionDefined');
  return {
    ready,
    notReady: await evaluableAssignment(db, acme, 'Matrix: not ready', 5),
    evaluation,
    risk,
    spareRisk,
    action,
    undecided,
    confirmable: confirmable as [string, string, string],
    agreedActions: agreedActions as [string, string, string],
    doneActions: doneActions as [string, string, string],
    approvable: approvable as [string, string, string],
    approved: approved as [string, string, string],
    globexEvaluation,
    globexRisk,
    globexAction: await actionRow(db, globex, globexRisk, globexOwner),
  };
}

const ADMIN_ONLY = ['acme/member', 'acme/loc.admin', 'acme/ou.admin'] as const;
/** The evaluation's reading permissions are an ou-admin's too (for the units he administers). */
const EVALUATION_READERS_NOT = ['acme/member', 'acme/loc.admin'] as const;
const riskNotFound = () => ({
  status: 404,
  code: 'Risk.NotFound',
  request: (uuid: string) => ({ input: { uuid } as Record<string, unknown> }),
});
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const today = () => inDays(0);
const customAction = (riskUuid: string, owner: string) => ({
  riskUuid,
  origin: 'custom',
  description: 'Matrix: custom action',
  stop: 'technical',
  responsibleMemberUuid: owner,
  dueDate: inDays(30),
  note: null,
});
const actionUpdate = (uuid: string, owner: string, dueInDays: number) => ({
  uuid,
  stop: 'organisational',
  responsibleMemberUuid: owner,
  dueDate: inDays(dueInDays),
  note: null,
});
const FLAG_OFF = 'globex/admin' as const;
const taskNotFound = (field = 'uuid', extra: Record<string, unknown> = {}) => ({
  status: 404,
  code: 'RiskAssessmentTask.NotFound',
  request: (uuid: string) => ({ input: { ...extra, [field]: uuid } }),
});
const assignments = (db: Database, task: string) =>
  db.query(
    `SELECT kind, org_unit_uuid, location_uuid, member_uuid FROM risk_assessment_assignment WHERE task_uuid = $1
      ORDER BY kind, org_unit_uuid, location_uuid, member_uuid`,
    [task],
  );
const settings = (uuid: string) => ({
  uuid,
  title: 'Matrix: started',
  type: 'general-hazards',
  dueDate: null,
  active: true,
});
const answer = (value: number) => [{ questionKey: 'mech-moving-parts', value }];

/** The risk-assessment calls. */
export const RISK_ASSESSMENTS_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/risk-assessment/read-catalog-list': {
    access: 'session',
    endpoint: 'riskAssessmentCatalog',
    sample: () => ({ ...tableDefaults, sortBy: 'title' }),
    validated: true,
    malformed: () => [{ sortBy: 'durationMinutes' }, { page: null }, { filter: [] }, { filter: { type: 'A B' } }],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
  },
  'POST /api/risk-assessment/read-type-list': {
    access: 'session',
    endpoint: 'riskAssessmentTypeList',
    sample: () => ({}),
    validated: true,
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
  },
  'POST /api/risk-assessment/read-settings': {
    access: 'session',
    endpoint: 'riskAssessmentSettings',
    sample: (ids) => ({ uuid: ids.acmeRiskTask }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, {}],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: { foreign: (ids) => ids.globexRiskTask, ...taskNotFound() },
  },
  'POST /api/risk-assessment/read-details': {
    access: 'session',
    endpoint: 'riskAssessmentDetails',
    sample: (ids) => ({ uuid: ids.acmeRiskTask }),
    // The task has its member assignment (the assignment calls may add more).
    expectValid: (response) =>
      expect((response.json() as { assignmentCounts: { member: number } }).assignmentCounts.member).toBeGreaterThan(0),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, {}, { uuid: null }],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: { foreign: (ids) => ids.globexRiskTask, ...taskNotFound() },
  },
  'POST /api/risk-assessment/save-settings': {
    access: 'session',
    endpoint: 'riskAssessmentSaveSettings',
    sample: (ids) => settings(ids.acmeRiskTask),
    validated: true,
    malformed: (ids) => [
      { ...settings(ids.acmeRiskTask), title: '' },
      { ...settings(ids.acmeRiskTask), title: 'x'.repeat(201) },
      { ...settings(ids.acmeRiskTask), dueDate: '31.12.2030' },
      { ...settings(ids.acmeRiskTask), active: 'yes' },
      { ...settings(ids.acmeRiskTask), type: 'Not A Type' },
    ],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexRiskTask,
      status: 404,
      code: 'RiskAssessmentTask.NotFound',
      request: (uuid) => ({ input: settings(uuid) }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query('SELECT title, type, due_date, active FROM risk_assessment_task WHERE uuid = $1', [ids.acmeRiskTask]),
      changing: (ids) => ({ ...settings(ids.acmeRiskTask), title: 'Matrix: renamed', dueDate: '2031-03-31' }),
      rejected: [
        // The task has an assignment: its type is fixed.
        {
          body: (ids) => ({ ...settings(ids.acmeRiskTask), type: 'mental-load' }),
          status: 409,
          code: 'Task.TypeMismatch',
        },
        {
          body: (ids) => ({ ...settings(ids.acmeRiskTask), type: 'no-such-type' }),
          status: 400,
          code: 'Task.InvalidType',
        },
        { body: () => settings(crypto.randomUUID()), status: 404, code: 'RiskAssessmentTask.NotFound' },
      ],
    },
  },
  'POST /api/risk-assessment/read-assignment-list': {
    access: 'session',
    endpoint: 'riskAssessmentAssignmentList',
    sample: (ids) => ({ ...tableDefaults, uuid: ids.acmeRiskTask, sortBy: 'name' }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.acmeRiskTask, sortBy: 'title' },
      { uuid: ids.acmeRiskTask, filter: { kind: 'x' } },
    ],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: { foreign: (ids) => ids.globexRiskTask, ...taskNotFound() },
  },
  'POST /api/risk-assessment/assign-org-units': {
    access: 'session',
    endpoint: 'riskAssessmentAssignOrgUnits',
    sample: (ids) => ({ uuid: ids.acmeRiskTask, orgUnitUuids: [ids.acmeOrgUnit] }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.acmeRiskTask, orgUnitUuids: [] },
      { uuid: ids.acmeRiskTask, orgUnitUuids: Array.from({ length: 1001 }, () => ids.acmeOrgUnit) },
      { uuid: ids.acmeRiskTask, orgUnitUuids: ['x'] },
    ],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexOrgUnit,
      status: 404,
      code: 'OrgUnit.NotFound',
      request: (uuid) => ({ input: { uuid: '00000000-0000-4000-8000-000000000000', orgUnitUuids: [uuid] } }),
    },
    writes: {
      snapshot: async (db, ids) => [
        await assignments(db, ids.acmeRiskTask),
        await db.query('SELECT count(*)::int AS n FROM risk_assessment_member_task WHERE task_uuid = $1', [
          ids.acmeRiskTask,
        ]),
      ],
      changing: (ids) => ({ uuid: ids.acmeRiskTask, orgUnitUuids: [ids.acmeRootOrgUnit] }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeRiskTask, orgUnitUuids: [ids.acmeRootOrgUnit, ids.globexOrgUnit] }),
          status: 404,
          code: 'OrgUnit.NotFound',
        },
        {
          body: (ids) => ({ uuid: ids.globexRiskTask, orgUnitUuids: [ids.acmeRootOrgUnit] }),
          status: 404,
          code: 'RiskAssessmentTask.NotFound',
        },
      ],
    },
  },
  'POST /api/risk-assessment/assign-location': {
    access: 'session',
    endpoint: 'riskAssessmentAssignLocation',
    sample: (ids) => ({ uuid: ids.acmeRiskTask, locationUuid: ids.acmeLocation }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.acmeRiskTask, locationUuid: [ids.acmeLocation] }, { uuid: ids.acmeRiskTask }],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexLocation,
      status: 404,
      code: 'Location.NotFound',
      request: (uuid) => ({ input: { uuid: '00000000-0000-4000-8000-000000000000', locationUuid: uuid } }),
    },
    writes: {
      snapshot: (db, ids) => assignments(db, ids.acmeRiskSpareTask),
      changing: (ids) => ({ uuid: ids.acmeRiskSpareTask, locationUuid: ids.acmeLocation }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeRiskSpareTask, locationUuid: ids.globexLocation }),
          status: 404,
          code: 'Location.NotFound',
        },
        {
          body: (ids) => ({ uuid: ids.globexRiskTask, locationUuid: ids.acmeLocation }),
          status: 404,
          code: 'RiskAssessmentTask.NotFound',
        },
      ],
    },
  },
  'POST /api/risk-assessment/assign-member': {
    access: 'session',
    endpoint: 'riskAssessmentAssignMember',
    sample: (ids) => ({ uuid: ids.acmeRiskTask, memberUuids: [ids.acmeMember] }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.acmeRiskTask, memberUuids: [] },
      { uuid: ids.acmeRiskTask, memberUuids: ids.acmeMember },
    ],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexMember,
      status: 404,
      code: 'Member.NotFound',
      request: (uuid) => ({ input: { uuid: '00000000-0000-4000-8000-000000000000', memberUuids: [uuid] } }),
    },
    writes: {
      snapshot: (db, ids) => assignments(db, ids.acmeRiskTask),
      changing: (ids) => ({ uuid: ids.acmeRiskTask, memberUuids: [ids.acmeAdmin] }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeRiskTask, memberUuids: [ids.acmeAdmin, ids.globexMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
        {
          body: (ids) => ({ uuid: ids.acmeRiskTask, memberUuids: [ids.acmeAdmin, ids.acmeArchivedMember] }),
          status: 404,
          code: 'Member.NotFound',
        },
        {
          body: (ids) => ({ uuid: ids.acmeRiskSurveyTask, memberUuids: [ids.acmeAdmin] }),
          status: 400,
          code: 'Task.InvalidType',
        },
      ],
    },
  },
  'POST /api/risk-assessment/delete-task-assignments': {
    access: 'session',
    endpoint: 'riskAssessmentDeleteAssignments',
    sample: (ids) => ({ uuid: ids.acmeRiskRemovalTask, assignmentUuids: [ids.acmeRiskRemovals[0]] }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.acmeRiskRemovalTask, assignmentUuids: [] }, { uuid: ids.acmeRiskRemovalTask }],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexRiskTask,
      ...taskNotFound('uuid', { assignmentUuids: ['00000000-0000-4000-8000-000000000000'] }),
    },
    writes: {
      snapshot: async (db, ids) =>
        db.query('SELECT uuid FROM risk_assessment_assignment WHERE uuid = ANY($1::uuid[]) ORDER BY uuid', [
          ids.acmeRiskRemovals,
        ]),
      changing: (ids) => ({ uuid: ids.acmeRiskRemovalTask, assignmentUuids: [ids.acmeRiskRemovals[1]] }),
      rejected: [
        // Another task's assignment is not removed through this task.
        {
          body: (ids) => ({ uuid: ids.globexRiskTask, assignmentUuids: [ids.acmeRiskRemovals[1]] }),
          status: 404,
          code: 'RiskAssessmentTask.NotFound',
        },
      ],
    },
  },
  'POST /api/risk-assessment/read-member-tasks': {
    access: 'session',
    endpoint: 'riskAssessmentMemberTasks',
    as: 'acme/member',
    sample: () => ({ ...tableDefaults, filter: { status: 'open' }, sortBy: 'title' }),
    validated: true,
    malformed: () => [{ filter: { status: 'open', search: 'x' } }, { sortDirection: 'DESC' }],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
  },
  'POST /api/risk-assessment/read-content': {
    access: 'session',
    endpoint: 'riskAssessmentContent',
    as: 'acme/member',
    sample: () => ({ type: 'general-hazards' }),
    validated: true,
    malformed: () => [{ type: '' }, { type: 'x'.repeat(65) }, {}],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
  },
  'POST /api/risk-assessment/create-execution': {
    access: 'session',
    endpoint: 'riskAssessmentCreateExecution',
    as: 'acme/member',
    sample: (ids) => ({ memberTaskUuid: ids.acmeRiskMemberTask }),
    validated: true,
    malformed: () => [{ memberTaskUuid: null }, {}],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexRiskMemberTask,
      ...taskNotFound('memberTaskUuid'),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query(
          `SELECT mt.execution_uuid, (SELECT count(*)::int FROM risk_assessment_execution e WHERE e.task_uuid = mt.task_uuid) AS n
             FROM risk_assessment_member_task mt WHERE mt.uuid = $1`,
          [ids.acmeRiskFreshMemberTask],
        ),
      changing: (ids) => ({ memberTaskUuid: ids.acmeRiskFreshMemberTask }),
      rejected: [
        {
          body: (ids) => ({ memberTaskUuid: ids.acmeRiskOtherMemberTask }),
          status: 403,
          code: 'RiskAssessmentExecution.NotMembers',
        },
      ],
    },
  },
  'POST /api/risk-assessment/read-execution': {
    access: 'session',
    endpoint: 'riskAssessmentExecution',
    as: 'acme/member',
    sample: (ids) => ({ uuid: ids.acmeRiskExecution }),
    validated: true,
    malformed: (ids) => [
      { uuid: 'x' },
      {},
      { uuid: ids.acmeRiskExecution, windowId: 'tab-1' },
      { uuid: ids.acmeRiskExecution, takeOver: 'yes' },
    ],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexRiskExecution,
      status: 404,
      code: 'RiskAssessmentExecution.NotFound',
      request: (uuid) => ({ input: { uuid } }),
    },
    // Opening takes (or renews) the lock.
    writes: {
      snapshot: (db, ids) =>
        db.query('SELECT lock_token, locked_until FROM risk_assessment_execution WHERE uuid = $1', [
          ids.acmeRiskAnsweredExecution,
        ]),
      changing: (ids) => ({ uuid: ids.acmeRiskAnsweredExecution }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeRiskOtherExecution }),
          status: 403,
          code: 'RiskAssessmentExecution.NotMembers',
        },
      ],
    },
  },
  'POST /api/risk-assessment/save-execution': {
    access: 'session',
    endpoint: 'riskAssessmentSaveExecution',
    as: 'acme/member',
    sample: (ids) => ({ uuid: ids.acmeRiskExecution, currentPage: 0, answers: answer(1) }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.acmeRiskExecution, currentPage: -1, answers: [] },
      { uuid: ids.acmeRiskExecution, currentPage: 0, answers: [{ questionKey: 'mech-moving-parts', value: 11 }] },
      { uuid: ids.acmeRiskExecution, currentPage: 0, answers: [{ questionKey: 'a', value: 1, extra: 1 }] },
      { uuid: ids.acmeRiskExecution, currentPage: 0, answers: Array.from({ length: 201 }, () => answer(1)[0]) },
      {
        uuid: ids.acmeRiskExecution,
        currentPage: 0,
        answers: [{ questionKey: 'a', value: 1, note: 'x'.repeat(2001) }],
      },
    ],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexRiskExecution,
      status: 404,
      code: 'RiskAssessmentExecution.NotFound',
      request: (uuid) => ({ input: { uuid, currentPage: 0, answers: [] } }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query('SELECT question_key, value FROM risk_assessment_answer WHERE execution_uuid = $1 ORDER BY 1', [
          ids.acmeRiskExecution,
        ]),
      changing: (ids) => ({ uuid: ids.acmeRiskExecution, currentPage: 0, answers: answer(2) }),
      rejected: [
        {
          body: (ids) => ({
            uuid: ids.acmeRiskExecution,
            currentPage: 0,
            answers: [{ questionKey: 'nope', value: 1 }],
          }),
          status: 400,
          code: 'Schema.ValidationFailed',
        },
        {
          body: (ids) => ({ uuid: ids.acmeRiskOtherExecution, currentPage: 0, answers: answer(2) }),
          status: 403,
          code: 'RiskAssessmentExecution.NotMembers',
        },
        {
          body: (ids) => ({ uuid: ids.acmeRiskCompletedExecution, currentPage: 0, answers: answer(2) }),
          status: 409,
          code: 'RiskAssessmentExecution.AlreadyCompleted',
        },
      ],
    },
  },
  'POST /api/risk-assessment/complete-execution': {
    access: 'session',
    endpoint: 'riskAssessmentCompleteExecution',
    as: 'acme/member',
    // Completed already: completing again answers as the first time.
    sample: (ids) => ({ uuid: ids.acmeRiskCompletedExecution }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexRiskExecution,
      status: 404,
      code: 'RiskAssessmentExecution.NotFound',
      request: (uuid) => ({ input: { uuid } }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query(
          `SELECT e.completed_at, (SELECT count(*)::int FROM risk_assessment_result r WHERE r.execution_uuid = e.uuid) AS results
             FROM risk_assessment_execution e WHERE e.uuid = $1`,
          [ids.acmeRiskAnsweredExecution],
        ),
      changing: (ids) => ({ uuid: ids.acmeRiskAnsweredExecution }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.acmeRiskOtherExecution }),
          status: 403,
          code: 'RiskAssessmentExecution.NotMembers',
        },
        {
          body: (ids) => ({ uuid: ids.acmeRiskExecution }),
          status: 400,
          code: 'RiskAssessmentExecution.Incomplete',
        },
      ],
    },
  },
  // --- evaluation, risks and actions ---------------------------------------------------------------
  'POST /api/risk-assessment/read-assignment-overview-list': {
    access: 'session',
    endpoint: 'riskAssessmentEvaluationList',
    sample: () => ({ ...tableDefaults, sortBy: 'title' }),
    validated: true,
    malformed: () => [{ sortBy: 'name' }, { filter: { status: 'closed' } }, { filter: { search: 'x'.repeat(101) } }],
    forbiddenFor: [...EVALUATION_READERS_NOT],
    featureFlagOffFor: FLAG_OFF,
  },
  'POST /api/risk-assessment/finish-analysis': {
    access: 'session',
    endpoint: 'riskAssessmentFinishAnalysis',
    sample: (ids) => ({ assignmentUuid: ids.eval.ready[0] }),
    validated: true,
    malformed: () => [{ assignmentUuid: 'x' }, {}],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexRiskMemberTask,
      status: 404,
      code: 'RiskAssessmentTask.NotFound',
      request: (uuid) => ({ input: { assignmentUuid: uuid } }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query(
          `SELECT a.uuid, ev.status, (SELECT count(*)::int FROM risk_assessment_member_task mt
                                        WHERE mt.assignment_uuid = a.uuid AND mt.closed_at IS NOT NULL) AS closed
             FROM risk_assessment_assignment a LEFT JOIN risk_assessment_evaluation ev ON ev.assignment_uuid = a.uuid
            WHERE a.uuid = ANY($1::uuid[]) ORDER BY a.uuid`,
          [[ids.eval.ready[1], ids.eval.notReady]],
        ),
      changing: (ids) => ({ assignmentUuid: ids.eval.ready[1] }),
      rejected: [
        {
          body: (ids) => ({ assignmentUuid: ids.eval.notReady }),
          status: 400,
          code: 'Task.NotEnoughCompletedMemberTasks',
        },
        // A single member's assignment is never evaluated.
        {
          body: (ids) => ({ assignmentUuid: ids.acmeRiskRemovals[0] }),
          status: 404,
          code: 'RiskAssessmentTask.NotFound',
        },
      ],
      restore: (ids) => ({ assignmentUuid: ids.eval.ready[2] }),
    },
  },
  'POST /api/risk-assessment/read-execution-result-details': {
    access: 'session',
    endpoint: 'riskAssessmentEvaluationDetails',
    sample: (ids) => ({ uuid: ids.eval.evaluation }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}],
    forbiddenFor: [...EVALUATION_READERS_NOT],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: { foreign: (ids) => ids.eval.globexEvaluation, ...riskNotFound() },
  },
  'POST /api/risk-assessment/read-risk-list': {
    access: 'session',
    endpoint: 'riskAssessmentRiskList',
    sample: (ids) => ({ ...tableDefaults, uuid: ids.eval.evaluation, sortBy: 'riskFactor' }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.eval.evaluation, filter: { probability: 6 } },
      { uuid: ids.eval.evaluation, filter: { severity: 0 } },
      { uuid: ids.eval.evaluation, sortBy: 'title' },
    ],
    forbiddenFor: [...EVALUATION_READERS_NOT],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexEvaluation,
      status: 404,
      code: 'Risk.NotFound',
      request: (uuid) => ({ input: { ...tableDefaults, uuid, sortBy: 'riskFactor' } }),
    },
  },
  'POST /api/risk-assessment/read-risk-details': {
    access: 'session',
    endpoint: 'riskAssessmentRiskDetails',
    sample: (ids) => ({ uuid: ids.eval.risk }),
    expectValid: (response) => expect(response.json()).toMatchObject({ evaluationStatus: 'risksCreated' }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}, { uuid: 42 }],
    forbiddenFor: [...EVALUATION_READERS_NOT],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: { foreign: (ids) => ids.eval.globexRisk, ...riskNotFound() },
  },
  'POST /api/risk-assessment/create-risk-action': {
    access: 'session',
    endpoint: 'riskAssessmentCreateRiskAction',
    sample: (ids) => customAction(ids.eval.risk, ids.acmeAdmin),
    validated: true,
    malformed: (ids) => [
      { ...customAction(ids.eval.risk, ids.acmeAdmin), description: '' },
      { ...customAction(ids.eval.risk, ids.acmeAdmin), description: 'x'.repeat(1001) },
      { ...customAction(ids.eval.risk, ids.acmeAdmin), stop: 'avoidance' },
      { ...customAction(ids.eval.risk, ids.acmeAdmin), dueDate: '31.12.2030' },
      { ...customAction(ids.eval.risk, ids.acmeAdmin), origin: 'proposed' },
    ],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexRisk,
      ...riskNotFound(),
      request: (uuid) => ({ input: customAction(uuid, '00000000-0000-4000-8000-000000000000') }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query('SELECT count(*)::int AS n FROM risk_assessment_action WHERE risk_uuid = ANY($1::uuid[])', [
          [ids.eval.risk, ids.eval.spareRisk],
        ]),
      changing: (ids) => customAction(ids.eval.risk, ids.acmeAdmin),
      rejected: [
        {
          body: (ids) => ({ ...customAction(ids.eval.risk, ids.acmeAdmin), dueDate: '2020-01-01' }),
          status: 400,
          code: 'Action.InvalidDueDate',
        },
        {
          body: (ids) => customAction(ids.eval.risk, ids.globexMember),
          status: 404,
          code: 'Member.NotFound',
        },
        {
          body: (ids) => customAction(ids.eval.spareRisk, ids.acmeArchivedMember),
          status: 404,
          code: 'Member.NotFound',
        },
      ],
    },
  },
  'POST /api/risk-assessment/update-risk-action': {
    access: 'session',
    endpoint: 'riskAssessmentUpdateRiskAction',
    sample: (ids) => actionUpdate(ids.eval.action, ids.acmeAdmin, 10),
    validated: true,
    malformed: (ids) => [
      { ...actionUpdate(ids.eval.action, ids.acmeAdmin, 10), note: 'x'.repeat(2001) },
      { ...actionUpdate(ids.eval.action, ids.acmeAdmin, 10), responsibleMemberUuid: null },
    ],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexAction,
      status: 404,
      code: 'Action.NotFound',
      request: (uuid) => ({ input: actionUpdate(uuid, '00000000-0000-4000-8000-000000000000', 10) }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query('SELECT stop, responsible_member_uuid, due_date, note FROM risk_assessment_action WHERE uuid = $1', [
          ids.eval.action,
        ]),
      changing: (ids) => ({ ...actionUpdate(ids.eval.action, ids.acmeAdmin, 20), note: 'Matrix: changed' }),
      rejected: [
        {
          body: (ids) => ({ ...actionUpdate(ids.eval.action, ids.acmeAdmin, 20), dueDate: '2020-01-01' }),
          status: 400,
          code: 'Action.InvalidDueDate',
        },
        {
          body: (ids) => actionUpdate(ids.eval.action, ids.globexMember, 20),
          status: 404,
          code: 'Member.NotFound',
        },
      ],
    },
  },
  'POST /api/risk-assessment/set-risk-not-relevant': {
    access: 'session',
    endpoint: 'riskAssessmentSetRiskNotRelevant',
    sample: (ids) => ({ uuid: ids.eval.spareRisk, notRelevant: true, reason: 'Matrix' }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.eval.spareRisk, notRelevant: 'yes', reason: null },
      { uuid: ids.eval.spareRisk, notRelevant: true, reason: 'x'.repeat(1001) },
    ],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexRisk,
      ...riskNotFound(),
      request: (uuid) => ({ input: { uuid, notRelevant: true, reason: null } }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query('SELECT not_relevant, status FROM risk_assessment_risk WHERE uuid = ANY($1::uuid[]) ORDER BY uuid', [
          [ids.eval.spareRisk, ids.eval.risk],
        ]),
      changing: (ids) => ({ uuid: ids.eval.spareRisk, notRelevant: false, reason: null }),
      rejected: [
        // A risk with an action is relevant.
        {
          body: (ids) => ({ uuid: ids.eval.risk, notRelevant: true, reason: null }),
          status: 409,
          code: 'Risk.InvalidStatus',
        },
      ],
    },
  },
  'POST /api/risk-assessment/confirm-risk-actions': {
    access: 'session',
    endpoint: 'riskAssessmentConfirmRiskActions',
    sample: (ids) => ({ uuid: ids.eval.confirmable[0] }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: { foreign: (ids) => ids.eval.globexEvaluation, ...riskNotFound() },
    writes: {
      snapshot: (db, ids) =>
        db.query('SELECT uuid, status FROM risk_assessment_evaluation WHERE uuid = ANY($1::uuid[]) ORDER BY uuid', [
          [ids.eval.confirmable[1], ids.eval.undecided],
        ]),
      changing: (ids) => ({ uuid: ids.eval.confirmable[1] }),
      rejected: [
        { body: (ids) => ({ uuid: ids.eval.undecided }), status: 409, code: 'Risk.InvalidStatus' },
        { body: (ids) => ({ uuid: ids.acmeRiskTask }), status: 404, code: 'Risk.NotFound' },
      ],
      restore: (ids) => ({ uuid: ids.eval.confirmable[2] }),
    },
  },
  'POST /api/risk-assessment/complete-risk-action': {
    access: 'session',
    endpoint: 'riskAssessmentCompleteRiskAction',
    sample: (ids) => ({ uuid: ids.eval.agreedActions[0], doneAt: today() }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.eval.agreedActions[0], doneAt: 'yesterday' }, { uuid: ids.eval.agreedActions[0] }],
    // Every role may mark its own actions done (risk-follow-up.test.ts); anybody else's answer 404 Action.NotFound.
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexAction,
      status: 404,
      code: 'Action.NotFound',
      request: (uuid) => ({ input: { uuid, doneAt: today() } }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query(
          'SELECT uuid, done_at, done_by_name FROM risk_assessment_action WHERE uuid = ANY($1::uuid[]) ORDER BY uuid',
          [[ids.eval.agreedActions[1], ids.eval.action]],
        ),
      changing: (ids) => ({ uuid: ids.eval.agreedActions[1], doneAt: today() }),
      rejected: [
        // Not agreed yet.
        { body: (ids) => ({ uuid: ids.eval.action, doneAt: today() }), status: 409, code: 'Risk.InvalidStatus' },
        {
          body: (ids) => ({ uuid: ids.eval.agreedActions[1], doneAt: '2999-01-01' }),
          status: 400,
          code: 'Action.InvalidDueDate',
        },
      ],
      restore: (ids) => ({ uuid: ids.eval.agreedActions[2], doneAt: today() }),
    },
  },
  'POST /api/risk-assessment/upload-evidence-photo': {
    access: 'session',
    endpoint: 'riskAssessmentUploadEvidencePhoto',
    as: 'acme/member',
    rawBody: { contentType: 'application/octet-stream', payload: () => MATRIX_JPEG },
    sample: (ids) => ({ executionUuid: ids.acmeRiskExecution, questionKey: 'mech-moving-parts' }),
    expectValid: (response) => expect(response.json()).toMatchObject({ width: 120, height: 90 }),
    validated: true,
    malformed: (ids) => [
      { executionUuid: 'x', questionKey: 'mech-moving-parts' },
      { executionUuid: ids.acmeRiskExecution },
      { executionUuid: ids.acmeRiskExecution, questionKey: 'x'.repeat(101) },
    ],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexRiskExecution,
      status: 404,
      code: 'RiskAssessmentExecution.NotFound',
      request: (uuid) => ({ input: { executionUuid: uuid, questionKey: 'mech-moving-parts' } }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query('SELECT uuid FROM risk_assessment_evidence_photo WHERE execution_uuid = $1 ORDER BY uuid', [
          ids.acmeRiskExecution,
        ]),
      changing: (ids) => ({ executionUuid: ids.acmeRiskExecution, questionKey: 'elec-rcd' }),
      rejected: [
        {
          body: (ids) => ({ executionUuid: ids.acmeRiskExecution, questionKey: 'no-such-question' }),
          status: 400,
          code: 'Schema.ValidationFailed',
        },
        // The admin's own analysis.
        {
          body: (ids) => ({ executionUuid: ids.acmeRiskOtherExecution, questionKey: 'mech-moving-parts' }),
          status: 403,
          code: 'RiskAssessmentExecution.NotMembers',
        },
      ],
    },
  },
  'POST /api/risk-assessment/read-evidence-photo-list': {
    access: 'session',
    endpoint: 'riskAssessmentEvidencePhotoList',
    as: 'acme/member',
    sample: (ids) => ({ executionUuid: ids.acmeRiskExecution }),
    validated: true,
    malformed: () => [{ executionUuid: 'x' }, {}],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexRiskExecution,
      status: 404,
      code: 'RiskAssessmentExecution.NotFound',
      request: (uuid) => ({ input: { executionUuid: uuid } }),
    },
  },
  'POST /api/risk-assessment/delete-evidence-photo': {
    access: 'session',
    endpoint: 'riskAssessmentDeleteEvidencePhoto',
    as: 'acme/member',
    sample: (ids) => ({ uuid: ids.evidencePhotos[0] }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexEvidencePhoto,
      status: 404,
      code: 'Evidence.NotFound',
      request: (uuid) => ({ input: { uuid } }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query('SELECT uuid FROM risk_assessment_evidence_photo WHERE uuid = ANY($1::uuid[]) ORDER BY uuid', [
          ids.evidencePhotos,
        ]),
      changing: (ids) => ({ uuid: ids.evidencePhotos[1] }),
      rejected: [
        { body: () => ({ uuid: '00000000-0000-4000-8000-00000000e71d' }), status: 404, code: 'Evidence.NotFound' },
      ],
      restore: (ids) => ({ uuid: ids.evidencePhotos[2] }),
    },
  },
  'POST /api/risk-assessment/read-evidence-photo': {
    access: 'session',
    endpoint: 'riskAssessmentEvidencePhoto',
    as: 'acme/member',
    sample: (ids) => ({ uuid: ids.evidencePhotos[3] }),
    expectValid: (response) => expect(response.headers['content-type']).toBe('image/jpeg'),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.globexEvidencePhoto,
      status: 404,
      code: 'Evidence.NotFound',
      request: (uuid) => ({ input: { uuid } }),
    },
  },
  'POST /api/risk-assessment/check-risk-action': {
    access: 'session',
    endpoint: 'riskAssessmentCheckRiskAction',
    sample: (ids) => ({ uuid: ids.eval.doneActions[0], result: 'effective', note: null }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.eval.doneActions[0], result: 'works', note: null },
      { uuid: ids.eval.doneActions[0], result: 'effective' },
      { uuid: ids.eval.doneActions[0], result: 'partly', note: 'x'.repeat(2001) },
    ],
    // The responsible member checks his own (risk-follow-up.test.ts); anybody else's answer 404 Action.NotFound.
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexAction,
      status: 404,
      code: 'Action.NotFound',
      request: (uuid) => ({ input: { uuid, result: 'effective', note: null } }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query(
          `SELECT uuid, effectiveness, checked_at IS NOT NULL AS checked FROM risk_assessment_action
            WHERE uuid = ANY($1::uuid[]) ORDER BY uuid`,
          [[ids.eval.doneActions[1], ids.eval.action]],
        ),
      changing: (ids) => ({ uuid: ids.eval.doneActions[1], result: 'partly', note: 'Matrix' }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.eval.doneActions[1], result: 'notEffective', note: null }),
          status: 400,
          code: 'Action.CheckNoteRequired',
        },
        // Not done yet.
        {
          body: (ids) => ({ uuid: ids.eval.action, result: 'effective', note: null }),
          status: 409,
          code: 'Action.NotDone',
        },
      ],
      restore: (ids) => ({ uuid: ids.eval.doneActions[2], result: 'effective', note: null }),
    },
  },
  'POST /api/risk-assessment/read-my-risk-actions': {
    access: 'session',
    endpoint: 'riskAssessmentMyRiskActions',
    as: 'acme/member',
    sample: () => ({ ...tableDefaults, sortBy: 'dueDate' }),
    validated: true,
    malformed: () => [{ sortBy: 'responsibleName' }, { filter: { state: 'late' } }],
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
  },
  'POST /api/risk-assessment/approve-evaluation': {
    access: 'session',
    endpoint: 'riskAssessmentApproveEvaluation',
    sample: (ids) => ({ uuid: ids.eval.approvable[0], comment: 'Matrix' }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.eval.approvable[0] }, { uuid: ids.eval.approvable[0], comment: 'x'.repeat(2001) }],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexEvaluation,
      status: 404,
      code: 'Risk.NotFound',
      request: (uuid) => ({ input: { uuid, comment: null } }),
    },
    writes: {
      snapshot: (db, ids) =>
        db.query(
          `SELECT uuid, approved_at IS NOT NULL AS approved, approval_comment FROM risk_assessment_evaluation
            WHERE uuid = ANY($1::uuid[]) ORDER BY uuid`,
          [[ids.eval.approvable[1], ids.eval.undecided, ids.eval.approved[0]]],
        ),
      changing: (ids) => ({ uuid: ids.eval.approvable[1], comment: null }),
      rejected: [
        { body: (ids) => ({ uuid: ids.eval.undecided, comment: null }), status: 409, code: 'Risk.InvalidStatus' },
        { body: (ids) => ({ uuid: ids.eval.approved[0], comment: null }), status: 409, code: 'Evaluation.Approved' },
      ],
      restore: (ids) => ({ uuid: ids.eval.approvable[2], comment: null }),
    },
  },
  'POST /api/risk-assessment/start-evaluation-round': {
    access: 'session',
    endpoint: 'riskAssessmentStartEvaluationRound',
    sample: (ids) => ({ uuid: ids.eval.approved[0] }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}],
    forbiddenFor: [...ADMIN_ONLY],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: { foreign: (ids) => ids.eval.globexEvaluation, ...riskNotFound() },
    writes: {
      snapshot: (db, ids) =>
        db.query(
          `SELECT uuid, superseded_at IS NOT NULL AS superseded FROM risk_assessment_evaluation
            WHERE uuid = ANY($1::uuid[]) ORDER BY uuid`,
          [[ids.eval.approved[1], ids.eval.approvable[0]]],
        ),
      changing: (ids) => ({ uuid: ids.eval.approved[1] }),
      rejected: [{ body: (ids) => ({ uuid: ids.eval.confirmable[0] }), status: 409, code: 'Evaluation.NotApproved' }],
      restore: (ids) => ({ uuid: ids.eval.approved[2] }),
    },
  },
  'POST /api/risk-assessment/read-risk-action-list': {
    access: 'session',
    endpoint: 'riskAssessmentRiskActionList',
    sample: (ids) => ({ ...tableDefaults, uuid: ids.eval.evaluation, sortBy: 'dueDate' }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.eval.evaluation, sortBy: 'title' },
      { uuid: ids.eval.evaluation, filter: { done: 'yes' } },
    ],
    forbiddenFor: [...EVALUATION_READERS_NOT],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexEvaluation,
      status: 404,
      code: 'Risk.NotFound',
      request: (uuid) => ({ input: { ...tableDefaults, uuid, sortBy: 'dueDate' } }),
    },
  },
  'POST /api/risk-assessment/read-risk-action-status': {
    access: 'session',
    endpoint: 'riskAssessmentRiskActionStatus',
    sample: (ids) => ({ uuid: ids.eval.undecided }),
    // One risk above very low without an action: confirming is refused, and the status says so.
    expectValid: (response) =>
      expect(response.json()).toMatchObject({ status: 'risksCreated', undecidedRiskCount: 1, canConfirm: false }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}, { uuid: [] }],
    forbiddenFor: [...EVALUATION_READERS_NOT],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: { foreign: (ids) => ids.eval.globexEvaluation, ...riskNotFound() },
  },
  'POST /api/risk-assessment/read-risk-action-details': {
    access: 'session',
    endpoint: 'riskAssessmentRiskActionDetails',
    sample: (ids) => ({ uuid: ids.eval.action }),
    expectValid: (response) => expect(response.json()).toMatchObject({ origin: 'custom', measureIndex: null }),
    validated: true,
    malformed: () => [{ uuid: 'x' }, {}, { uuid: true }],
    forbiddenFor: [...EVALUATION_READERS_NOT],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexAction,
      status: 404,
      code: 'Action.NotFound',
      request: (uuid) => ({ input: { uuid } }),
    },
  },
  'POST /api/risk-assessment/export-risk-action-list': {
    access: 'session',
    endpoint: 'riskAssessmentExportRiskActionList',
    sample: (ids) => ({ uuid: ids.eval.evaluation, format: 'pdf', language: 'de_DE' }),
    expectValid: (response) => expect(response.headers['content-type']).toContain('application/pdf'),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.eval.evaluation, format: 'csv', language: 'de_DE' },
      { uuid: ids.eval.evaluation, format: 'pdf', language: 'fr_FR' },
    ],
    forbiddenFor: [...EVALUATION_READERS_NOT],
    featureFlagOffFor: FLAG_OFF,
    otherClientUuid: {
      foreign: (ids) => ids.eval.globexEvaluation,
      status: 404,
      code: 'Risk.NotFound',
      request: (uuid) => ({ input: { uuid, format: 'xlsx', language: 'en_GB' } }),
    },
  },
  'POST /api/risk-assessment/read-unit-actions': {
    access: 'session',
    endpoint: 'riskAssessmentUnitActions',
    as: 'acme/member',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
    featureFlagOffFor: FLAG_OFF,
  },
};
