import {
  riskAssessmentCatalogResponseSchema,
  riskAssessmentContentSchema,
  riskAssessmentDetailsSchema,
  riskAssessmentExecutionSchema,
  riskAssessmentMemberTasksResponseSchema,
} from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipChanged } from '../src/core/events/membershipEvents';
import { type Agent, createTestServer, expectError, memberUuid, postOk, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let member: Agent;
let globexAdmin: Agent;
let ids: { acme: string; member: string; produktion: string; logistik: string; vertrieb: string; globexUnit: string };

const API = '/api/risk-assessment';

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  member = await server.login('acme', 'member');
  globexAdmin = await server.login('globex', 'admin');
  const one = async (sql: string) => {
    const [row] = await server.db.query<{ uuid: string }>(sql);
    if (!row) throw new Error(sql);
    return row.uuid;
  };
  const acme = await one("SELECT uuid FROM client WHERE identifier = 'acme'");
  ids = {
    acme,
    member: await memberUuid(server.db, 'acme', 'member'),
    produktion: await one(`SELECT uuid FROM org_unit WHERE client_uuid = '${acme}' AND name = 'Produktion'`),
    logistik: await one(`SELECT uuid FROM org_unit WHERE client_uuid = '${acme}' AND name = 'Logistik'`),
    vertrieb: await one(`SELECT uuid FROM org_unit WHERE client_uuid = '${acme}' AND name = 'Vertrieb'`),
    globexUnit: await one(
      "SELECT o.uuid FROM org_unit o JOIN client c ON c.uuid = o.client_uuid WHERE c.identifier = 'globex'",
    ),
  };
});

afterAll(async () => {
  await server?.close();
});

const ok = <T = Record<string, unknown>>(agent: Agent, call: string, body: unknown) =>
  postOk<T>(agent, `${API}/${call}`, body);

async function createTask(type: string, title = `Test ${type} ${crypto.randomUUID().slice(0, 8)}`) {
  const { uuid } = await ok<{ uuid: string }>(admin, 'save-settings', {
    title,
    type,
    dueDate: '2030-06-30',
    active: true,
  });
  return uuid;
}

/** The member's open task of a risk assessment, started: its execution. */
async function startAnalysis(agent: Agent, taskUuid: string): Promise<string> {
  const tasks = riskAssessmentMemberTasksResponseSchema.parse(
    await ok(agent, 'read-member-tasks', { filter: { status: 'all' }, perPage: 100 }),
  );
  const task = tasks.items.find((item) => item.catalogUuid === taskUuid && !item.completedAt);
  if (!task) throw new Error('no open task');
  const { executionUuid } = await ok<{ executionUuid: string }>(agent, 'create-execution', {
    memberTaskUuid: task.uuid,
  });
  return executionUuid;
}

async function allAnswers(type: string, value: number) {
  const content = riskAssessmentContentSchema.parse(await ok(admin, 'read-content', { type }));
  return content.groups.flatMap((group) =>
    group.questions.map((question) => ({ questionKey: question.key, value, note: 'Notiz' })),
  );
}

describe('content', () => {
  it('ships three types with groups, questions, measures and a scale, in German and English', async () => {
    const { items } = await ok<{ items: Array<{ identifier: string; kind: string; questionCount: number }> }>(
      admin,
      'read-type-list',
      {},
    );
    expect(items.map((type) => [type.identifier, type.kind])).toEqual([
      ['general-hazards', 'inspection'],
      ['vdu-workstation', 'inspection'],
      ['mental-load', 'survey'],
    ]);
    for (const type of items) {
      const content = riskAssessmentContentSchema.parse(await ok(member, 'read-content', { type: type.identifier }));
      expect(content.groups.length).toBeGreaterThanOrEqual(5);
      const questions = content.groups.flatMap((group) => group.questions);
      expect(questions.length).toBe(type.questionCount);
      for (const question of questions) {
        expect(question.text.de_DE && question.text.en_GB && question.load.en_GB && question.source.de_DE).toBeTruthy();
        expect(question.measures.length).toBeGreaterThan(0);
      }
    }
    const general = riskAssessmentContentSchema.parse(await ok(admin, 'read-content', { type: 'general-hazards' }));
    expect(general.groups.map((group) => group.key)).toEqual([
      'mechanical',
      'electrical',
      'hazardous-substances',
      'fire-explosion',
      'thermal',
      'physical-agents',
      'work-environment',
      'physical-strain',
      'mental-load',
    ]);
    expectError(await admin.post(`${API}/read-content`, { type: 'no-such-type' }), 404, 'Task.InvalidType');
  });
});

describe('catalogue and settings', () => {
  it('lists the seeded risk assessments with their types and counts', async () => {
    const catalogue = riskAssessmentCatalogResponseSchema.parse(
      await ok(admin, 'read-catalog-list', { sortBy: 'title' }),
    );
    expect(catalogue.items.map((item) => item.type).sort()).toEqual(
      ['general-hazards', 'mental-load', 'vdu-workstation'].sort(),
    );
    const survey = catalogue.items.find((item) => item.type === 'mental-load');
    expect(survey?.completedMemberCount).toBe(7);
    expect(survey?.kind).toBe('survey');
    const filtered = await ok<{ total: number }>(admin, 'read-catalog-list', { filter: { type: 'mental-load' } });
    expect(filtered.total).toBe(1);
  });

  it('keeps the catalogue and the evaluation list only while nothing they show changed, whoever wrote it', async () => {
    const survey = async () =>
      riskAssessmentCatalogResponseSchema
        .parse(await ok(admin, 'read-catalog-list', { filter: { type: 'mental-load' } }))
        .items.at(0);
    const listed = async () =>
      (
        await ok<{ items: Array<{ assignmentUuid: string; completedMemberCount: number; targetName: string }> }>(
          admin,
          'read-assignment-overview-list',
          { filter: {}, page: 1, perPage: 100, sortBy: 'title', sortDirection: 'asc' },
        )
      ).items;
    const before = await survey();
    expect(await survey()).toEqual(before);
    const rows = await listed();
    // Past the API: an analysis completed, then a unit renamed.
    const [open] = await server.db.query<{ uuid: string; assignment_uuid: string }>(
      `SELECT mt.uuid, mt.assignment_uuid FROM risk_assessment_member_task mt WHERE mt.task_uuid = $1
          AND mt.completed_at IS NULL AND mt.assignment_uuid IS NOT NULL LIMIT 1`,
      [before?.uuid],
    );
    expect(open).toBeDefined();
    await server.db.query('UPDATE risk_assessment_member_task SET completed_at = now() WHERE uuid = $1', [open?.uuid]);
    try {
      expect((await survey())?.completedMemberCount).toBe((before?.completedMemberCount ?? 0) + 1);
      const row = (await listed()).find((item) => item.assignmentUuid === open?.assignment_uuid);
      const was = rows.find((item) => item.assignmentUuid === open?.assignment_uuid);
      expect(row?.completedMemberCount).toBe((was?.completedMemberCount ?? 0) + 1);
      await server.db.query(
        `UPDATE org_unit SET name = name || ' (neu)' WHERE uuid = (SELECT org_unit_uuid FROM risk_assessment_assignment
          WHERE uuid = $1)`,
        [open?.assignment_uuid],
      );
      const renamed = (await listed()).find((item) => item.assignmentUuid === open?.assignment_uuid);
      expect(renamed?.targetName).toBe(`${was?.targetName} (neu)`);
    } finally {
      await server.db.query('UPDATE risk_assessment_member_task SET completed_at = NULL WHERE uuid = $1', [open?.uuid]);
      await server.db.query(
        `UPDATE org_unit SET name = replace(name, ' (neu)', '') WHERE uuid = (SELECT org_unit_uuid
          FROM risk_assessment_assignment WHERE uuid = $1)`,
        [open?.assignment_uuid],
      );
    }
    expect(await survey()).toEqual(before);
  });

  it('creates and changes a task; its type is fixed once it has assignments (Task.TypeMismatch)', async () => {
    expectError(
      await admin.post(`${API}/save-settings`, { title: 'X', type: 'unknown', dueDate: null, active: true }),
      400,
      'Task.InvalidType',
    );
    const uuid = await createTask('general-hazards');
    const update = { uuid, title: 'Renamed', type: 'vdu-workstation', dueDate: '2031-01-31', active: true };
    await ok(admin, 'save-settings', update);
    expect(await ok(admin, 'read-settings', { uuid })).toMatchObject({ ...update, typeLocked: false });
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.vertrieb] });
    expectError(await admin.post(`${API}/save-settings`, { ...update, type: 'mental-load' }), 409, 'Task.TypeMismatch');
    // Other settings still change, and open analyses follow the due date.
    await ok(admin, 'save-settings', { ...update, dueDate: '2032-02-29' });
    const dates = await server.db.query<{ due: string }>(
      'SELECT DISTINCT due_date::text AS due FROM risk_assessment_member_task WHERE task_uuid = $1',
      [uuid],
    );
    expect(dates).toEqual([{ due: '2032-02-29' }]);
    const [audit] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM audit_entry WHERE entity_type = 'risk-assessment' AND entity_uuid = $1`,
      [uuid],
    );
    expect(audit?.count).toBeGreaterThanOrEqual(3);
  });

  it("answers another client's task exactly as a task that does not exist", async () => {
    const uuid = await createTask('general-hazards');
    const foreign = await globexAdmin.post(`${API}/read-settings`, { uuid });
    expectError(foreign, 403, 'Auth.FeatureDisabled');
    await server.db.query("UPDATE client SET feature_risk_assessments = true WHERE identifier = 'globex'");
    try {
      expectError(await globexAdmin.post(`${API}/read-settings`, { uuid }), 404, 'RiskAssessmentTask.NotFound');
      expectError(
        await globexAdmin.post(`${API}/assign-org-units`, { uuid, orgUnitUuids: [ids.globexUnit] }),
        404,
        'RiskAssessmentTask.NotFound',
      );
    } finally {
      await server.db.query("UPDATE client SET feature_risk_assessments = false WHERE identifier = 'globex'");
    }
  });
});

describe('the details of one risk assessment (read-details)', () => {
  it('answers its catalogue row with its assignments per kind and completion counts', async () => {
    const title = `Details ${crypto.randomUUID().slice(0, 8)}`;
    const uuid = await createTask('general-hazards', title);
    const fresh = riskAssessmentDetailsSchema.parse(await ok(admin, 'read-details', { uuid }));
    expect(fresh).toMatchObject({
      uuid,
      title,
      type: 'general-hazards',
      kind: 'inspection',
      status: 'analysing',
      active: true,
      dueDate: '2030-06-30',
      assignedMemberCount: 0,
      completedMemberCount: 0,
      assignmentCounts: { orgUnit: 0, location: 0, member: 0 },
      evaluatedAssignmentCount: 0,
    });
    expect(Date.parse(fresh.createdAt)).not.toBeNaN();

    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.vertrieb] });
    await ok(admin, 'assign-member', { uuid, memberUuids: [ids.member] });
    await ok(admin, 'save-settings', { uuid, title, type: 'general-hazards', dueDate: '2031-01-31', active: false });
    const details = riskAssessmentDetailsSchema.parse(await ok(admin, 'read-details', { uuid }));
    const [counts] = await server.db.query<{ assigned: number }>(
      'SELECT count(DISTINCT member_uuid)::int AS assigned FROM risk_assessment_member_task WHERE task_uuid = $1',
      [uuid],
    );
    expect(counts?.assigned).toBeGreaterThan(1);
    expect(details).toMatchObject({
      active: false,
      dueDate: '2031-01-31',
      assignedMemberCount: counts?.assigned,
      completedMemberCount: 0,
      assignmentCounts: { orgUnit: 1, location: 0, member: 1 },
      evaluatedAssignmentCount: 0,
    });
    // The same numbers as its row in the catalogue.
    const catalogue = riskAssessmentCatalogResponseSchema.parse(
      await ok(admin, 'read-catalog-list', { filter: { search: title } }),
    );
    expect(catalogue.items).toHaveLength(1);
    expect(details).toMatchObject(catalogue.items[0] ?? {});
  });

  it("answers another client's task exactly as one that does not exist; only admins may read it", async () => {
    const [foreign] = await server.db.query<{ uuid: string }>(
      `INSERT INTO risk_assessment_task (client_uuid, title, type)
       SELECT uuid, 'Globex details', 'general-hazards' FROM client WHERE identifier = 'globex' RETURNING uuid`,
    );
    const theirs = await admin.post(`${API}/read-details`, { uuid: foreign?.uuid });
    const unknown = await admin.post(`${API}/read-details`, { uuid: crypto.randomUUID() });
    expectError(theirs, 404, 'RiskAssessmentTask.NotFound');
    expectError(unknown, 404, 'RiskAssessmentTask.NotFound');
    expect(theirs.body).toBe(unknown.body);
    const own = await createTask('general-hazards');
    for (const username of ['member', 'ou.admin', 'loc.admin']) {
      const agent = username === 'member' ? member : await server.login('acme', username);
      expectError(await agent.post(`${API}/read-details`, { uuid: own }), 403, 'Auth.Forbidden');
    }
  });

  it('counts who completed the seeded survey, never who answered what', async () => {
    const [survey] = await server.db.query<{ uuid: string }>(
      "SELECT uuid FROM risk_assessment_task WHERE client_uuid = $1 AND type = 'mental-load'",
      [ids.acme],
    );
    const completed = await server.db.query<{ uuid: string; name: string }>(
      `SELECT DISTINCT m.uuid, m.first_name || ' ' || m.last_name AS name FROM risk_assessment_member_task t
         JOIN member m ON m.uuid = t.member_uuid WHERE t.task_uuid = $1 AND t.completed_at IS NOT NULL`,
      [survey?.uuid],
    );
    expect(completed.length).toBeGreaterThanOrEqual(6);
    const response = await admin.post(`${API}/read-details`, { uuid: survey?.uuid });
    expect(response.statusCode, response.body).toBe(200);
    const details = riskAssessmentDetailsSchema.parse(response.json());
    expect(details).toMatchObject({ kind: 'survey', completedMemberCount: completed.length });
    // Nothing beyond the contract (no answers, no results), and nobody who took part is named.
    expect(Object.keys(response.json() as object).sort()).toEqual(
      Object.keys(riskAssessmentDetailsSchema.shape).sort(),
    );
    for (const each of completed) {
      expect(response.body).not.toContain(each.uuid);
      expect(response.body).not.toContain(each.name);
    }
  });
});

describe('assignments', () => {
  it('assigning an org unit creates one analysis per member in one go, respecting create_risk_assessment_tasks', async () => {
    const uuid = await createTask('mental-load');
    const [optedOut] = await server.db.query<{ uuid: string }>(
      `UPDATE member SET create_risk_assessment_tasks = false
        WHERE uuid = (SELECT member_uuid FROM org_unit_membership WHERE org_unit_uuid = $1 AND member_uuid <> $2 LIMIT 1)
        RETURNING uuid`,
      [ids.produktion, ids.member],
    );
    const expected = await server.db.query<{ member_uuid: string }>(
      `SELECT om.member_uuid FROM org_unit_membership om JOIN member m ON m.uuid = om.member_uuid
        WHERE om.org_unit_uuid = $1 AND m.create_risk_assessment_tasks ORDER BY 1`,
      [ids.produktion],
    );
    const first = await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.produktion, ids.produktion] });
    expect(first).toEqual({ assignmentCount: 1, memberTaskCount: expected.length });
    const rows = await server.db.query<{ member_uuid: string }>(
      'SELECT member_uuid FROM risk_assessment_member_task WHERE task_uuid = $1 ORDER BY 1',
      [uuid],
    );
    expect(rows).toEqual(expected);
    expect(rows.map((row) => row.member_uuid)).not.toContain(optedOut?.uuid);
    // Again: nothing twice.
    expect(await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.produktion] })).toEqual({
      assignmentCount: 0,
      memberTaskCount: 0,
    });
    // A second unit: the member of both units gets one analysis per unit.
    await server.db.query('INSERT INTO org_unit_member (org_unit_uuid, member_uuid) VALUES ($1, $2)', [
      ids.logistik,
      ids.member,
    ]);
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.logistik] });
    const mine = riskAssessmentMemberTasksResponseSchema.parse(
      await ok(member, 'read-member-tasks', { filter: { status: 'open' }, perPage: 100 }),
    );
    const units = mine.items.filter((item) => item.catalogUuid === uuid).map((item) => item.orgUnitName);
    expect(units.sort()).toEqual(['Logistik', 'Produktion']);
    await server.db.query('DELETE FROM org_unit_member WHERE org_unit_uuid = $1 AND member_uuid = $2', [
      ids.logistik,
      ids.member,
    ]);
    await server.db.query('UPDATE member SET create_risk_assessment_tasks = true WHERE uuid = $1', [optedOut?.uuid]);
    expectError(
      await admin.post(`${API}/assign-org-units`, { uuid, orgUnitUuids: [ids.globexUnit] }),
      404,
      'OrgUnit.NotFound',
    );
  });

  it('lists assignments with assigned and completed counts, and removes them with their open analyses', async () => {
    const uuid = await createTask('vdu-workstation');
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.vertrieb] });
    await ok(admin, 'assign-member', { uuid, memberUuids: [ids.member] });
    const list = await ok<{ items: Array<{ uuid: string; kind: string; assignedMemberCount: number }>; total: number }>(
      admin,
      'read-assignment-list',
      { uuid, sortBy: 'kind' },
    );
    expect(list.items.map((item) => [item.kind, item.assignedMemberCount])).toEqual([
      ['member', 1],
      ['org-unit', expect.any(Number)],
    ]);
    await ok(admin, 'delete-task-assignments', { uuid, assignmentUuids: [list.items[0]?.uuid] });
    const [left] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM risk_assessment_member_task WHERE task_uuid = $1 AND member_uuid = $2',
      [uuid, ids.member],
    );
    expect(left?.count).toBe(0);
    // Repeated (or unknown): nothing more to remove, and no error.
    await ok(admin, 'delete-task-assignments', { uuid, assignmentUuids: [list.items[0]?.uuid, crypto.randomUUID()] });
  });

  it('a survey takes no single members (never anonymous); a task takes one location only', async () => {
    const survey = await createTask('mental-load');
    expectError(
      await admin.post(`${API}/assign-member`, { uuid: survey, memberUuids: [ids.member] }),
      400,
      'Task.InvalidType',
    );
    const inspection = await createTask('general-hazards');
    const locations = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM location WHERE client_uuid = $1 ORDER BY name LIMIT 2',
      [ids.acme],
    );
    await ok(admin, 'assign-location', { uuid: inspection, locationUuid: locations[0]?.uuid });
    await ok(admin, 'assign-location', { uuid: inspection, locationUuid: locations[0]?.uuid });
    expectError(
      await admin.post(`${API}/assign-location`, { uuid: inspection, locationUuid: locations[1]?.uuid }),
      409,
      'Task.Exists',
    );
  });

  it('members who join an assigned unit get their analysis (membership sync); unstarted ones of leavers go', async () => {
    const uuid = await createTask('general-hazards');
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.vertrieb] });
    const count = async () =>
      (
        await server.db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM risk_assessment_member_task WHERE task_uuid = $1 AND member_uuid = $2',
          [uuid, ids.member],
        )
      )[0]?.count;
    expect(await count()).toBe(0);
    await server.db.transaction(async (tx) => {
      await tx.query('INSERT INTO org_unit_member (org_unit_uuid, member_uuid) VALUES ($1, $2)', [
        ids.vertrieb,
        ids.member,
      ]);
      await membershipChanged(tx, ids.acme);
    });
    expect(await count()).toBe(1);
    await server.db.transaction(async (tx) => {
      await tx.query('DELETE FROM org_unit_member WHERE org_unit_uuid = $1 AND member_uuid = $2', [
        ids.vertrieb,
        ids.member,
      ]);
      await membershipChanged(tx, ids.acme);
    });
    expect(await count()).toBe(0);
  });
});

describe("members' analyses", () => {
  it('shows one open analysis per assigned org unit with due-status counts', async () => {
    const mine = riskAssessmentMemberTasksResponseSchema.parse(
      await ok(member, 'read-member-tasks', { filter: { status: 'all' }, perPage: 100 }),
    );
    const [row] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM risk_assessment_member_task t JOIN risk_assessment_task c ON c.uuid = t.task_uuid
        WHERE t.member_uuid = $1 AND (c.active OR t.completed_at IS NOT NULL)`,
      [ids.member],
    );
    expect(mine.total).toBe(row?.count);
    expect(mine.counts.all).toBe(row?.count);
    expect(mine.items.find((item) => item.title === 'Bildschirmarbeitsplätze')?.dueStatus).toBe('overdue');
    expect(mine.counts.overdue).toBeGreaterThanOrEqual(1);
    const overdue = await ok<{ total: number }>(member, 'read-member-tasks', { filter: { status: 'overdue' } });
    expect(overdue.total).toBe(mine.counts.overdue);
  });

  it("another member's analysis answers NotMembers; another client's or an unknown one NotFound", async () => {
    const uuid = await createTask('vdu-workstation');
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.produktion] });
    const execution = await startAnalysis(member, uuid);
    const other = await server.login('acme', 'admin');
    await ok(admin, 'assign-member', { uuid, memberUuids: [await memberUuid(server.db, 'acme', 'admin')] });
    expectError(
      await other.post(`${API}/read-execution`, { uuid: execution }),
      403,
      'RiskAssessmentExecution.NotMembers',
    );
    expectError(
      await other.post(`${API}/save-execution`, { uuid: execution, currentPage: 0, answers: [] }),
      403,
      'RiskAssessmentExecution.NotMembers',
    );
    const [memberTask] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM risk_assessment_member_task WHERE execution_uuid = $1',
      [execution],
    );
    expectError(
      await other.post(`${API}/create-execution`, { memberTaskUuid: memberTask?.uuid }),
      403,
      'RiskAssessmentExecution.NotMembers',
    );
    expectError(
      await member.post(`${API}/read-execution`, { uuid: crypto.randomUUID() }),
      404,
      'RiskAssessmentExecution.NotFound',
    );
    // The same execution of another client: moved there, it answers as unknown.
    await server.db.query(
      "UPDATE risk_assessment_execution SET client_uuid = (SELECT uuid FROM client WHERE identifier = 'initech') WHERE uuid = $1",
      [execution],
    );
    expectError(
      await member.post(`${API}/read-execution`, { uuid: execution }),
      404,
      'RiskAssessmentExecution.NotFound',
    );
    await server.db.query('UPDATE risk_assessment_execution SET client_uuid = $2 WHERE uuid = $1', [
      execution,
      ids.acme,
    ]);
  });

  it('an open execution is locked for other browsers until its holder goes away; saves renew the lock', async () => {
    const uuid = await createTask('general-hazards');
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.produktion] });
    const execution = await startAnalysis(member, uuid);
    const opened = riskAssessmentExecutionSchema.parse(await ok(member, 'read-execution', { uuid: execution }));
    expect(opened.lock).toMatchObject({ mine: true, lockedByName: 'Mara Mitarbeiter' });
    const secondBrowser = await server.login('acme', 'member');
    const seen = riskAssessmentExecutionSchema.parse(await ok(secondBrowser, 'read-execution', { uuid: execution }));
    expect(seen.lock).toMatchObject({ mine: false, mineElsewhere: true, lockedByName: 'Mara Mitarbeiter' });
    expect(Date.parse(seen.lock?.lockedUntil ?? '')).toBeGreaterThan(Date.now());
    const [answer] = await allAnswers('general-hazards', 1);
    // Her other browser holds it: this one writes nothing until she takes over.
    expectError(
      await secondBrowser.post(`${API}/save-execution`, { uuid: execution, currentPage: 0, answers: [answer] }),
      409,
      'RiskAssessmentExecution.TakenOver',
    );
    expectError(
      await secondBrowser.post(`${API}/complete-execution`, { uuid: execution }),
      409,
      'RiskAssessmentExecution.TakenOver',
    );
    // The holder's save renews the lock.
    await server.db.query(
      "UPDATE risk_assessment_execution SET locked_until = now() + interval '5 seconds' WHERE uuid = $1",
      [execution],
    );
    const saved = await ok<{ lockedUntil: string }>(member, 'save-execution', {
      uuid: execution,
      currentPage: 1,
      answers: [answer],
    });
    expect(Date.parse(saved.lockedUntil)).toBeGreaterThan(Date.now() + 60_000);
    // The holder goes away: once expired, the other browser takes the lock.
    await server.db.query(
      "UPDATE risk_assessment_execution SET locked_until = now() - interval '1 second' WHERE uuid = $1",
      [execution],
    );
    const taken = riskAssessmentExecutionSchema.parse(await ok(secondBrowser, 'read-execution', { uuid: execution }));
    expect(taken.lock?.mine).toBe(true);
    expect(taken.currentPage).toBe(1);
    expect(taken.answers).toEqual([{ ...answer }]);
    // Leaving with release frees it at once.
    await ok(secondBrowser, 'save-execution', { uuid: execution, currentPage: 1, answers: [], release: true });
    expect(
      riskAssessmentExecutionSchema.parse(await ok(member, 'read-execution', { uuid: execution })).lock?.mine,
    ).toBe(true);
  });

  it('the owner takes her analysis over from her other window at once; the old window is told; others stay out', async () => {
    const uuid = await createTask('general-hazards');
    const [location] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM location WHERE client_uuid = $1 ORDER BY name LIMIT 1',
      [ids.acme],
    );
    // A shared location inspection: two responsible members work on one execution.
    const adminUuid = await memberUuid(server.db, 'acme', 'admin');
    for (const who of [ids.member, adminUuid]) {
      await server.db.query(
        `INSERT INTO location_member (location_uuid, member_uuid, responsible) VALUES ($1, $2, true)
         ON CONFLICT (location_uuid, member_uuid) DO UPDATE SET responsible = true`,
        [location?.uuid, who],
      );
    }
    await ok(admin, 'assign-location', { uuid, locationUuid: location?.uuid });
    const execution = await startAnalysis(member, uuid);
    expect(await startAnalysis(admin, uuid)).toBe(execution);
    const [first, second] = await allAnswers('general-hazards', 1);
    const tabA = crypto.randomUUID();
    const tabB = crypto.randomUUID();
    const read = async (agent: Agent, body: Record<string, unknown>) =>
      riskAssessmentExecutionSchema.parse(await ok(agent, 'read-execution', { uuid: execution, ...body }));

    expect((await read(member, { windowId: tabA })).lock).toMatchObject({ mine: true, mineElsewhere: false });
    // Her second tab (same session) is told that she herself holds it, and may take over.
    expect((await read(member, { windowId: tabB })).lock).toMatchObject({ mine: false, mineElsewhere: true });
    expect((await read(member, { windowId: tabB, takeOver: true })).lock).toMatchObject({ mine: true });
    await ok(member, 'save-execution', { uuid: execution, windowId: tabB, currentPage: 0, answers: [first] });
    // The old tab's next save (or heartbeat) is refused with its own code, and writes nothing.
    expectError(
      await member.post(`${API}/save-execution`, {
        uuid: execution,
        windowId: tabA,
        currentPage: 0,
        answers: [second],
      }),
      409,
      'RiskAssessmentExecution.TakenOver',
    );
    expectError(
      await member.post(`${API}/complete-execution`, { uuid: execution, windowId: tabA }),
      409,
      'RiskAssessmentExecution.TakenOver',
    );
    expect((await read(member, { windowId: tabB })).answers.map((answer) => answer.questionKey)).toEqual([
      first?.questionKey,
    ]);

    // Another member sees who holds it and cannot take it over, nor save.
    const seen = await read(admin, { windowId: crypto.randomUUID() });
    expect(seen.lock).toMatchObject({ mine: false, mineElsewhere: false, lockedByName: 'Mara Mitarbeiter' });
    expectError(
      await admin.post(`${API}/read-execution`, { uuid: execution, windowId: crypto.randomUUID(), takeOver: true }),
      409,
      'RiskAssessmentExecution.Locked',
    );
    expectError(
      await admin.post(`${API}/save-execution`, { uuid: execution, currentPage: 0, answers: [second] }),
      409,
      'RiskAssessmentExecution.Locked',
    );
    // Her other device (a new session) takes over the same way.
    const otherDevice = await server.login('acme', 'member');
    expect((await read(otherDevice, { windowId: tabA, takeOver: true })).lock).toMatchObject({ mine: true });
    expectError(
      await member.post(`${API}/save-execution`, { uuid: execution, windowId: tabB, currentPage: 0, answers: [] }),
      409,
      'RiskAssessmentExecution.TakenOver',
    );
  });

  it('saves are idempotent, resume where the member left, and refuse unknown questions or values', async () => {
    const uuid = await createTask('vdu-workstation');
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.produktion] });
    const execution = await startAnalysis(member, uuid);
    // Started twice (a double click): the same execution.
    expect(await startAnalysis(member, uuid)).toBe(execution);
    await ok(member, 'read-execution', { uuid: execution });
    const answers = (await allAnswers('vdu-workstation', 2)).slice(0, 3);
    const body = { uuid: execution, currentPage: 1, answers };
    await ok(member, 'save-execution', body);
    await ok(member, 'save-execution', body);
    const rows = await server.db.query('SELECT * FROM risk_assessment_answer WHERE execution_uuid = $1', [execution]);
    expect(rows).toHaveLength(3);
    for (const bad of [
      { ...body, answers: [{ questionKey: 'no-such-question', value: 1 }] },
      { ...body, answers: [{ questionKey: answers[0]?.questionKey, value: 9 }] },
      { ...body, currentPage: 99 },
    ]) {
      expectError(await member.post(`${API}/save-execution`, bad), 400, 'Schema.ValidationFailed');
    }
    const resumed = riskAssessmentExecutionSchema.parse(await ok(member, 'read-execution', { uuid: execution }));
    expect(resumed.currentPage).toBe(1);
    expect(resumed.answers).toHaveLength(3);
  });

  it('completes once: all questions first, repeated completion answers the first, no change afterwards', async () => {
    const uuid = await createTask('general-hazards');
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.produktion] });
    const execution = await startAnalysis(member, uuid);
    await ok(member, 'read-execution', { uuid: execution });
    const answers = await allAnswers('general-hazards', 3);
    await ok(member, 'save-execution', { uuid: execution, currentPage: 0, answers: answers.slice(1) });
    expectError(
      await member.post(`${API}/complete-execution`, { uuid: execution }),
      400,
      'RiskAssessmentExecution.Incomplete',
    );
    await ok(member, 'save-execution', { uuid: execution, currentPage: 8, answers });
    const [first, second] = await Promise.all([
      member.post(`${API}/complete-execution`, { uuid: execution }),
      member.post(`${API}/complete-execution`, { uuid: execution }),
    ]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    expect(first?.json()).toEqual(second?.json());
    const results = await server.db.query<{ assessed_by_name: string; assessed_at: unknown }>(
      'SELECT assessed_by_name, assessed_at FROM risk_assessment_result WHERE execution_uuid = $1',
      [execution],
    );
    // An inspection names who assessed and when.
    expect(results).toHaveLength(1);
    expect(results[0]?.assessed_by_name).toBe('Mara Mitarbeiter');
    expect(results[0]?.assessed_at).toBeTruthy();
    expectError(
      await member.post(`${API}/save-execution`, { uuid: execution, currentPage: 0, answers: [answers[0]] }),
      409,
      'RiskAssessmentExecution.AlreadyCompleted',
    );
    const read = riskAssessmentExecutionSchema.parse(await ok(member, 'read-execution', { uuid: execution }));
    expect(read.completedAt).toBeTruthy();
    expect(read.completedByName).toBe('Mara Mitarbeiter');
    expect(read.lock).toBeNull();
    expect(read.answers).toHaveLength(answers.length);
    const [task] = await server.db.query<{ completed: boolean }>(
      'SELECT completed_at IS NOT NULL AS completed FROM risk_assessment_member_task WHERE execution_uuid = $1',
      [execution],
    );
    expect(task?.completed).toBe(true);
  });

  it('a survey, once complete, keeps nothing that links its answers to the member', async () => {
    const uuid = await createTask('mental-load');
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.produktion] });
    const execution = await startAnalysis(member, uuid);
    await ok(member, 'read-execution', { uuid: execution });
    const answers = await allAnswers('mental-load', 4);
    await ok(member, 'save-execution', { uuid: execution, currentPage: 0, answers });
    await ok(member, 'complete-execution', { uuid: execution });

    // Who has completed stays (for the counts) ...
    const [task] = await server.db.query<{ completed: boolean }>(
      'SELECT completed_at IS NOT NULL AS completed FROM risk_assessment_member_task WHERE task_uuid = $1 AND member_uuid = $2',
      [uuid, ids.member],
    );
    expect(task?.completed).toBe(true);
    // ... apart from what was answered: no draft answers left, and the result names nobody.
    expect(
      await server.db.query('SELECT 1 FROM risk_assessment_answer WHERE execution_uuid = $1', [execution]),
    ).toEqual([]);
    const results = await server.db.query<Record<string, unknown>>(
      'SELECT * FROM risk_assessment_result WHERE task_uuid = $1',
      [uuid],
    );
    expect(results).toHaveLength(1);
    const result = results[0] ?? {};
    expect(result).toMatchObject({
      execution_uuid: null,
      assessed_by_member_uuid: null,
      assessed_by_name: null,
      assessed_at: null,
    });
    const stored = await server.db.query<Record<string, unknown>>(
      'SELECT * FROM risk_assessment_result_answer WHERE result_uuid = $1',
      [result.uuid],
    );
    expect(stored).toHaveLength(answers.length);
    expect(stored.every((row) => row.note === null && row.value === 4 && row.risk_weight === 3)).toBe(true);
    // Nothing in the stored result mentions the member, the execution or the member task in any column.
    const [memberTask] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM risk_assessment_member_task WHERE execution_uuid = $1',
      [execution],
    );
    const text = JSON.stringify([results, stored]);
    for (const secret of [ids.member, execution, memberTask?.uuid, 'Mara', 'Mitarbeiter']) {
      expect(text).not.toContain(secret);
    }
    // The result tables have no column that could hold a time or a person for a survey.
    const columns = await server.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'risk_assessment_result_answer'`,
    );
    expect(columns.map((column) => column.column_name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/member|_at$|created|execution/)]),
    );
    // Reading the completed survey shows no answers.
    const read = riskAssessmentExecutionSchema.parse(await ok(member, 'read-execution', { uuid: execution }));
    expect(read.answers).toEqual([]);
    expect(read.completedByName).toBeNull();
  });

  it('deactivated tasks refuse new executions (Task.Inactive); a started one opens again', async () => {
    const uuid = await createTask('vdu-workstation');
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [ids.produktion] });
    const [colleague] = await server.db.query<{ username: string }>(
      `SELECT m.username FROM risk_assessment_member_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE t.task_uuid = $1 AND m.role = 'member' AND m.status = 'active' AND m.uuid <> $2 ORDER BY m.username LIMIT 1`,
      [uuid, ids.member],
    );
    const other = await server.login('acme', colleague?.username ?? '');
    const started = await startAnalysis(other, uuid);
    await ok(admin, 'save-settings', {
      uuid,
      title: 'Inactive',
      type: 'vdu-workstation',
      dueDate: null,
      active: false,
    });
    const tasks = await server.db.query<{ uuid: string; execution_uuid: string | null }>(
      'SELECT uuid, execution_uuid FROM risk_assessment_member_task WHERE task_uuid = $1 AND member_uuid = ANY($2::uuid[])',
      [uuid, [ids.member, await memberUuid(server.db, 'acme', colleague?.username ?? '')]],
    );
    const mine = tasks.find((task) => task.execution_uuid === null);
    const theirs = tasks.find((task) => task.execution_uuid === started);
    expectError(await member.post(`${API}/create-execution`, { memberTaskUuid: mine?.uuid }), 409, 'Task.Inactive');
    expect(await ok(other, 'create-execution', { memberTaskUuid: theirs?.uuid })).toEqual({ executionUuid: started });
    // Deactivated tasks leave the member's list.
    const list = riskAssessmentMemberTasksResponseSchema.parse(
      await ok(member, 'read-member-tasks', { filter: { status: 'all' }, perPage: 100 }),
    );
    expect(list.items.some((item) => item.catalogUuid === uuid)).toBe(false);
  });
});
