/**
 * E-learnings for administrators: every call, and every rule of docs/elearning-tasks.md, each on its own
 * course, units and members made for the test (the demo data stays as seeded for the other tests).
 */
import {
  elearningCatalogResponseSchema,
  elearningDetailsSchema,
  elearningMemberStatisticsSchema,
  elearningOrgUnitAssignmentsResponseSchema,
  elearningOverviewResponseSchema,
  elearningStatisticsResponseSchema,
  memberTasksResponseSchema,
} from '@dash/shared-core/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipChanged } from '../src/core/events/membershipEvents';
import { completeElearningTask } from '../src/modules/elearnings/taskSync';
import { DEMO_ELEARNINGS } from '../src/seed/elearnings';
import { type Agent, createTestServer, expectError, memberUuid, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let ouAdmin: Agent;
let member: Agent;
let globexAdmin: Agent;
let acme: string;
let sequence = 0;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  ouAdmin = await server.login('acme', 'ou.admin');
  member = await server.login('acme', 'member');
  globexAdmin = await server.login('globex', 'admin');
  const [row] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'");
  acme = row?.uuid ?? '';
});

afterAll(async () => {
  await server?.close();
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await server.db.query<T>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

async function day(offset: number): Promise<string> {
  return (await one<{ day: string }>('SELECT (current_date + $1::int)::text AS day', [offset])).day;
}

async function createCourse(settings: { buffer?: number; repeat?: number; activateIn?: number } = {}): Promise<string> {
  sequence += 1;
  const row = await one<{ uuid: string }>(
    `INSERT INTO elearning (client_uuid, title, duration_minutes, first_execution_buffer_days, repeat_interval_months, activate_on)
     VALUES ($1, $2, 20, $3, $4, CASE WHEN $5::int IS NULL THEN NULL ELSE current_date + $5::int END) RETURNING uuid`,
    [acme, `Testkurs ${sequence}`, settings.buffer ?? 14, settings.repeat ?? 0, settings.activateIn ?? null],
  );
  return row.uuid;
}

async function createUnit(parent?: string): Promise<string> {
  sequence += 1;
  const root = await one<{ uuid: string }>('SELECT uuid FROM org_unit WHERE client_uuid = $1 AND is_root', [acme]);
  return (
    await one<{ uuid: string }>(
      'INSERT INTO org_unit (client_uuid, name, parent_uuid) VALUES ($1, $2, $3) RETURNING uuid',
      [acme, `Testeinheit ${sequence}`, parent ?? root.uuid],
    )
  ).uuid;
}

async function createMember(unit: string | null, options: { tasksOff?: boolean } = {}): Promise<string> {
  sequence += 1;
  const uuid = (
    await one<{ uuid: string }>(
      `INSERT INTO member (client_uuid, username, role, first_name, last_name, create_elearning_tasks)
       VALUES ($1, $2, 'member', 'Test', $3, $4) RETURNING uuid`,
      [acme, `elearn.test${sequence}`, `Person ${String(sequence).padStart(4, '0')}`, !options.tasksOff],
    )
  ).uuid;
  if (unit)
    await server.db.query('INSERT INTO org_unit_member (org_unit_uuid, member_uuid) VALUES ($1, $2)', [unit, uuid]);
  return uuid;
}

interface TaskRow {
  uuid: string;
  member_uuid: string;
  due_date: string | null;
  available_from: string;
  completed_at: Date | null;
  reset_at: Date | null;
  started_at: Date | null;
  origin: string;
}

function tasksOf(elearning: string, memberUuid?: string): Promise<TaskRow[]> {
  return server.db.query<TaskRow>(
    `SELECT uuid, member_uuid, due_date::text AS due_date, available_from::text AS available_from, completed_at, reset_at,
            started_at, origin
       FROM elearning_task WHERE elearning_uuid = $1 AND ($2::uuid IS NULL OR member_uuid = $2) ORDER BY created_at, uuid`,
    [elearning, memberUuid ?? null],
  );
}

async function assign(elearning: string, units: string[], agent = admin) {
  return agent.post('/api/elearning/assign-org-units', { uuid: elearning, orgUnitUuids: units });
}

async function statistics(elearning: string, body: Record<string, unknown> = {}, agent = admin) {
  const response = await agent.post('/api/elearning/read-statistics', { uuid: elearning, perPage: 100, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return elearningStatisticsResponseSchema.parse(response.json());
}

async function statusOf(elearning: string, memberUuid: string) {
  const rows = await statistics(elearning);
  return rows.items.find((row) => row.memberUuid === memberUuid)?.status ?? null;
}

async function complete(taskUuid: string, daysAgo = 0) {
  await server.db.transaction((tx) => completeElearningTask(tx, taskUuid, new Date(Date.now() - daysAgo * 86_400_000)));
}

async function changeMembership(sql: string, params: unknown[]) {
  await server.db.transaction(async (tx) => {
    await tx.query(sql, params);
    await membershipChanged(tx, acme);
  });
}

describe('assigning org units creates tasks', () => {
  it('creates one task per member of the unit and its sub-units whose switch is on, due today + buffer', async () => {
    const course = await createCourse({ buffer: 30 });
    const unit = await createUnit();
    const subUnit = await createUnit(unit);
    const direct = await createMember(unit);
    const below = await createMember(subUnit);
    const switchedOff = await createMember(unit, { tasksOff: true });
    const elsewhere = await createMember(await createUnit());

    const response = await assign(course, [unit]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changedOrgUnitCount: 1, changedTaskCount: 2 });
    const tasks = await tasksOf(course);
    expect(tasks.map((task) => task.member_uuid).sort()).toEqual([direct, below].sort());
    for (const task of tasks) {
      expect(task.due_date).toBe(await day(30));
      expect(task.available_from).toBe(await day(0));
      expect(task.origin).toBe('assignment');
    }
    expect(tasks.some((task) => task.member_uuid === switchedOff || task.member_uuid === elsewhere)).toBe(false);

    // Again: idempotent, nothing new.
    expect((await assign(course, [unit, subUnit])).json()).toEqual({ changedOrgUnitCount: 1, changedTaskCount: 0 });
    expect(await tasksOf(course)).toHaveLength(2);

    const assignments = elearningOrgUnitAssignmentsResponseSchema.parse(
      (await admin.post('/api/elearning/read-org-unit-assignments', { uuid: course })).json(),
    );
    expect(assignments.items.map((item) => item.orgUnitUuid).sort()).toEqual([unit, subUnit].sort());
    expect(assignments.items.find((item) => item.orgUnitUuid === unit)?.memberCount).toBe(3);

    const [audit] = await server.db.query<{ action: string; after: { createdTasks: number } }>(
      "SELECT action, after FROM audit_entry WHERE entity_uuid = $1 AND action = 'elearning.assign-org-units' ORDER BY id LIMIT 1",
      [course],
    );
    expect(audit?.after.createdTasks).toBe(2);
  });

  it('the default unit means everyone of the client (not archived), and nobody of another client', async () => {
    const course = await createCourse();
    const root = await one<{ uuid: string }>('SELECT uuid FROM org_unit WHERE client_uuid = $1 AND is_default', [acme]);
    expect((await assign(course, [root.uuid])).statusCode).toBe(200);
    const expected = await one<{ count: number }>(
      'SELECT count(*)::int AS count FROM member WHERE client_uuid = $1 AND archived_at IS NULL AND create_elearning_tasks',
      [acme],
    );
    const tasks = await tasksOf(course);
    expect(tasks).toHaveLength(expected.count);
    const foreign = await one<{ count: number }>(
      'SELECT count(*)::int AS count FROM elearning_task WHERE elearning_uuid = $1 AND client_uuid <> $2',
      [course, acme],
    );
    expect(foreign.count).toBe(0);
  });

  it('uses the fixed due date while it has not passed', async () => {
    const course = await createCourse({ buffer: 7 });
    const dueDate = await day(45);
    await server.db.query('UPDATE elearning SET due_date = $2 WHERE uuid = $1', [course, dueDate]);
    const unit = await createUnit();
    await createMember(unit);
    await assign(course, [unit]);
    expect((await tasksOf(course))[0]?.due_date).toBe(dueDate);
  });

  it('before its activate-on date: the task waits (not shown to the member), due activate-on + buffer', async () => {
    const course = await createCourse({ buffer: 14, activateIn: 10 });
    const mara = await memberUuid(server.db, 'acme', 'member');
    const unit = await createUnit();
    await server.db.query('INSERT INTO org_unit_member (org_unit_uuid, member_uuid) VALUES ($1, $2)', [unit, mara]);
    await assign(course, [unit]);
    const [task] = await tasksOf(course, mara);
    expect(task?.available_from).toBe(await day(10));
    expect(task?.due_date).toBe(await day(24));
    const mine = memberTasksResponseSchema.parse(
      (await member.post('/api/elearning/read-member-tasks', { filter: { status: 'all' }, perPage: 100 })).json(),
    );
    expect(mine.items.some((item) => item.catalogUuid === course)).toBe(false);
    expect(await statusOf(course, mara)).toBe('due');

    // Moving activate-on to today makes it show, with the new due date.
    const saved = await admin.post('/api/elearning/save-settings', {
      uuid: course,
      active: true,
      dueDate: null,
      firstExecutionBufferDays: 7,
      repeatIntervalMonths: 0,
      activateOn: await day(0),
      deactivateOn: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().state).toBe('live');
    const [moved] = await tasksOf(course, mara);
    expect(moved?.available_from).toBe(await day(0));
    expect(moved?.due_date).toBe(await day(7));
    const now = memberTasksResponseSchema.parse(
      (await member.post('/api/elearning/read-member-tasks', { filter: { status: 'all' }, perPage: 100 })).json(),
    );
    expect(now.items.some((item) => item.catalogUuid === course)).toBe(true);
    await server.db.query('DELETE FROM org_unit_member WHERE org_unit_uuid = $1', [unit]);
  });
});

describe('membership changes', () => {
  it('a member who joins an assigned unit later gets a task; one who leaves loses an open task', async () => {
    const course = await createCourse();
    const unit = await createUnit();
    await createMember(unit);
    await assign(course, [unit]);
    const joiner = await createMember(null);
    await changeMembership('INSERT INTO org_unit_member (org_unit_uuid, member_uuid) VALUES ($1, $2)', [unit, joiner]);
    expect(await tasksOf(course, joiner)).toHaveLength(1);

    await changeMembership('DELETE FROM org_unit_member WHERE org_unit_uuid = $1 AND member_uuid = $2', [unit, joiner]);
    expect(await tasksOf(course, joiner)).toHaveLength(0);
    expect(await statusOf(course, joiner)).toBeNull();
  });

  it('a leaver keeps a completed task in the statistics', async () => {
    const course = await createCourse();
    const unit = await createUnit();
    const leaver = await createMember(unit);
    await assign(course, [unit]);
    const [task] = await tasksOf(course, leaver);
    await complete(task?.uuid ?? '', 3);
    await changeMembership('DELETE FROM org_unit_member WHERE member_uuid = $1', [leaver]);
    const tasks = await tasksOf(course, leaver);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.completed_at).not.toBeNull();
    expect(await statusOf(course, leaver)).toBe('completed');
  });

  it("an archived member's tasks leave the statistics and come back on restore", async () => {
    const course = await createCourse();
    const unit = await createUnit();
    const person = await createMember(unit);
    await assign(course, [unit]);
    const [before] = await tasksOf(course, person);
    await changeMembership('UPDATE member SET archived_at = now() WHERE uuid = $1', [person]);
    expect(await statusOf(course, person)).toBeNull();
    expect(await tasksOf(course, person)).toEqual([before]);
    await changeMembership('UPDATE member SET archived_at = NULL WHERE uuid = $1', [person]);
    expect(await statusOf(course, person)).toBe('due');
    expect(await tasksOf(course, person)).toEqual([before]);
  });

  it('removing an org unit removes open tasks and keeps completions', async () => {
    const course = await createCourse();
    const unit = await createUnit();
    const open = await createMember(unit);
    const done = await createMember(unit);
    await assign(course, [unit]);
    await complete((await tasksOf(course, done))[0]?.uuid ?? '');
    const response = await admin.post('/api/elearning/remove-org-units', { uuid: course, orgUnitUuids: [unit] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changedOrgUnitCount: 1, changedTaskCount: 1 });
    expect(await tasksOf(course, open)).toHaveLength(0);
    expect(await tasksOf(course, done)).toHaveLength(1);
    // Removing again: nothing changes.
    expect(
      (await admin.post('/api/elearning/remove-org-units', { uuid: course, orgUnitUuids: [unit] })).json(),
    ).toEqual({ changedOrgUnitCount: 0, changedTaskCount: 0 });
  });
});

describe('repeat, deactivation and reset', () => {
  it('after a completion, a repeat of n months creates the next task due n months after the completion date', async () => {
    const course = await createCourse({ repeat: 12 });
    const unit = await createUnit();
    const person = await createMember(unit);
    await assign(course, [unit]);
    const [first] = await tasksOf(course, person);
    await complete(first?.uuid ?? '', 10);
    const tasks = await tasksOf(course, person);
    expect(tasks).toHaveLength(2);
    const expected = await one<{ day: string }>(
      "SELECT ((current_date - 10) + interval '12 months')::date::text AS day",
    );
    expect(tasks[1]?.due_date).toBe(expected.day);
    expect(tasks[1]?.origin).toBe('repeat');
    expect(await statusOf(course, person)).toBe('completed');
  });

  it('repeat 0 means once: no further task after the completion', async () => {
    const course = await createCourse({ repeat: 0 });
    const unit = await createUnit();
    const person = await createMember(unit);
    await assign(course, [unit]);
    await complete((await tasksOf(course, person))[0]?.uuid ?? '');
    await changeMembership('SELECT 1', []);
    expect(await tasksOf(course, person)).toHaveLength(1);
  });

  it('from the deactivate-on date no new tasks are created and open ones are no longer shown as due', async () => {
    const course = await createCourse();
    const mara = await memberUuid(server.db, 'acme', 'member');
    const unit = await createUnit();
    await server.db.query('INSERT INTO org_unit_member (org_unit_uuid, member_uuid) VALUES ($1, $2)', [unit, mara]);
    await assign(course, [unit]);
    const settings = {
      uuid: course,
      active: true,
      dueDate: null,
      firstExecutionBufferDays: 14,
      repeatIntervalMonths: 0,
      activateOn: await day(-30),
      deactivateOn: await day(0),
    };
    const saved = await admin.post('/api/elearning/save-settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().state).toBe('ended');
    expect(await statusOf(course, mara)).toBe('inactive');
    const mine = memberTasksResponseSchema.parse(
      (await member.post('/api/elearning/read-member-tasks', { filter: { status: 'all' }, perPage: 100 })).json(),
    );
    expect(mine.items.some((item) => item.catalogUuid === course)).toBe(false);
    const late = await createMember(null);
    await changeMembership('INSERT INTO org_unit_member (org_unit_uuid, member_uuid) VALUES ($1, $2)', [unit, late]);
    expect(await tasksOf(course, late)).toHaveLength(0);
    await server.db.query('DELETE FROM org_unit_member WHERE org_unit_uuid = $1', [unit]);
  });

  it('reset progress keeps earlier completions and attempts and starts a new attempt', async () => {
    const course = await createCourse({ buffer: 7 });
    const unit = await createUnit();
    const finished = await createMember(unit);
    const started = await createMember(unit);
    await assign(course, [unit]);
    await complete((await tasksOf(course, finished))[0]?.uuid ?? '', 2);
    const [startedTask] = await tasksOf(course, started);
    await server.db.query('UPDATE elearning_task SET started_at = now() WHERE uuid = $1', [startedTask?.uuid]);
    expect(await statusOf(course, started)).toBe('inprogress');

    const response = await admin.post('/api/elearning/reset-progress', {
      uuid: course,
      memberUuids: [finished, started],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ resetCount: 2 });

    const finishedTasks = await tasksOf(course, finished);
    expect(finishedTasks).toHaveLength(2);
    expect(finishedTasks[0]?.completed_at).not.toBeNull();
    expect(finishedTasks[1]).toMatchObject({ origin: 'reset', completed_at: null, due_date: await day(7) });
    const startedTasks = await tasksOf(course, started);
    expect(startedTasks).toHaveLength(2);
    expect(startedTasks[0]?.reset_at).not.toBeNull();
    expect(startedTasks[1]).toMatchObject({ origin: 'reset', started_at: null, due_date: startedTask?.due_date });
    expect(await statusOf(course, finished)).toBe('due');
    expect(await statusOf(course, started)).toBe('due');
    const rows = await statistics(course);
    expect(rows.items.find((row) => row.memberUuid === finished)?.lastCompletedAt).not.toBeNull();

    const audit = await server.db.query<{ member_uuid: string }>(
      "SELECT member_uuid FROM audit_entry WHERE entity_uuid = $1 AND action = 'elearning.reset-progress'",
      [course],
    );
    expect(audit.map((row) => row.member_uuid).sort()).toEqual([finished, started].sort());
  });

  it('reset progress of members without a task, of another client or out of scope changes nothing', async () => {
    const course = await createCourse();
    const globexMember = await memberUuid(server.db, 'globex', 'fahrer1');
    const response = await admin.post('/api/elearning/reset-progress', {
      uuid: course,
      memberUuids: [globexMember, crypto.randomUUID()],
    });
    expect(response.json()).toEqual({ resetCount: 0 });
    expect(await tasksOf(course)).toHaveLength(0);
  });
});

describe('settings', () => {
  const base = {
    active: true,
    dueDate: null,
    firstExecutionBufferDays: 14,
    repeatIntervalMonths: 0,
    activateOn: null,
    deactivateOn: null,
  };

  it('reads and saves the settings, with an audit entry', async () => {
    const course = await createCourse();
    const settings = {
      ...base,
      uuid: course,
      dueDate: await day(60),
      repeatIntervalMonths: 24,
      firstExecutionBufferDays: 90,
    };
    const saved = await admin.post('/api/elearning/save-settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await admin.post('/api/elearning/read-settings', { uuid: course });
    expect(read.json()).toMatchObject({
      ...base,
      dueDate: settings.dueDate,
      repeatIntervalMonths: 24,
      firstExecutionBufferDays: 90,
      state: 'live',
    });
    const audit = await one<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_entry WHERE entity_uuid = $1 AND action = 'elearning.save-settings'",
      [course],
    );
    expect(audit.count).toBe(1);
  });

  it('answers Elearning.InvalidDate to deactivation before activation and to a due date in the past', async () => {
    const course = await createCourse();
    expectError(
      await admin.post('/api/elearning/save-settings', {
        ...base,
        uuid: course,
        activateOn: await day(10),
        deactivateOn: await day(5),
      }),
      400,
      'Elearning.InvalidDate',
    );
    expectError(
      await admin.post('/api/elearning/save-settings', {
        ...base,
        uuid: course,
        activateOn: await day(5),
        deactivateOn: await day(5),
      }),
      400,
      'Elearning.InvalidDate',
    );
    expectError(
      await admin.post('/api/elearning/save-settings', { ...base, uuid: course, dueDate: await day(-1) }),
      400,
      'Elearning.InvalidDate',
    );
    // Buffer and repeat outside the spec's options.
    expectError(
      await admin.post('/api/elearning/save-settings', { ...base, uuid: course, firstExecutionBufferDays: 10 }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(
      await admin.post('/api/elearning/save-settings', { ...base, uuid: course, repeatIntervalMonths: 25 }),
      400,
      'Schema.ValidationFailed',
    );
  });

  it("another client's e-learning answers like one that does not exist", async () => {
    for (const uuid of [DEMO_ELEARNINGS.globexCargo, crypto.randomUUID()]) {
      expectError(await admin.post('/api/elearning/read-settings', { uuid }), 404, 'Elearning.NotFound');
      expectError(await admin.post('/api/elearning/save-settings', { ...base, uuid }), 404, 'Elearning.NotFound');
      expectError(await admin.post('/api/elearning/read-details', { uuid }), 404, 'Elearning.NotFound');
      expectError(await admin.post('/api/elearning/read-statistics', { uuid }), 404, 'Elearning.NotFound');
    }
    const globexUnit = await one<{ uuid: string }>(
      "SELECT o.uuid FROM org_unit o JOIN client c ON c.uuid = o.client_uuid WHERE c.identifier = 'globex'",
    );
    expectError(await assign(await createCourse(), [globexUnit.uuid]), 404, 'OrgUnit.NotFound');
  });
});

describe('catalogue, details and statistics', () => {
  it('the catalogue shows language versions, state and counts; the title follows the member language', async () => {
    const catalogue = elearningCatalogResponseSchema.parse(
      (await admin.post('/api/elearning/read-catalog', { filter: { search: 'Brandschutz' } })).json(),
    );
    const fire = catalogue.items.find((item) => item.uuid === DEMO_ELEARNINGS.acmeFireProtection);
    expect(fire?.languages).toEqual(['de_DE', 'en_GB']);
    expect(fire?.state).toBe('live');
    expect(fire?.assignedMemberCount).toBeGreaterThan(30);
    const english = await server.login('acme', 'admin');
    await server.db.query("UPDATE member SET language = 'en_GB' WHERE client_uuid = $1 AND username = 'super.admin'", [
      acme,
    ]);
    const superAdmin = await server.login('acme', 'super.admin');
    const details = elearningDetailsSchema.parse(
      (await superAdmin.post('/api/elearning/read-details', { uuid: DEMO_ELEARNINGS.acmeFireProtection })).json(),
    );
    expect(details.title).toBe('Fire protection basics');
    expect(details.versions.map((version) => version.language)).toEqual(['de_DE', 'en_GB']);
    await server.db.query("UPDATE member SET language = 'de_DE' WHERE client_uuid = $1 AND username = 'super.admin'", [
      acme,
    ]);
    void english;
  });

  it("keeps the catalogue only while nothing it shows changed, and in each reader's language", async () => {
    const read = async (agent: Agent) =>
      elearningCatalogResponseSchema
        .parse((await agent.post('/api/elearning/read-catalog', { filter: { search: 'Brandschutz' } })).json())
        .items.find((item) => item.uuid === DEMO_ELEARNINGS.acmeFireProtection);
    const before = await read(admin);
    expect(await read(admin)).toEqual(before);
    // A completion, a title and a language written past the API: each shows in the next answer.
    const [open] = await server.db.query<{ uuid: string }>(
      `SELECT t.uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE t.elearning_uuid = $1 AND t.completed_at IS NULL AND t.reset_at IS NULL AND m.archived_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM elearning_task d WHERE d.elearning_uuid = t.elearning_uuid
                            AND d.member_uuid = t.member_uuid AND d.completed_at IS NOT NULL) LIMIT 1`,
      [DEMO_ELEARNINGS.acmeFireProtection],
    );
    await server.db.query('UPDATE elearning_task SET completed_at = now() WHERE uuid = $1', [open?.uuid]);
    expect((await read(admin))?.completedMemberCount).toBe((before?.completedMemberCount ?? 0) + 1);
    await server.db.query(
      "UPDATE elearning_language SET title = 'Brandschutz kompakt' WHERE elearning_uuid = $1 AND language = 'de_DE'",
      [DEMO_ELEARNINGS.acmeFireProtection],
    );
    expect((await read(admin))?.title).toBe('Brandschutz kompakt');
    await server.db.query("UPDATE member SET language = 'en_GB' WHERE client_uuid = $1 AND username = 'admin'", [acme]);
    expect((await read(admin))?.title).toBe('Fire protection basics');
    await server.db.query("UPDATE member SET language = 'de_DE' WHERE client_uuid = $1 AND username = 'admin'", [acme]);
    await server.db.query("UPDATE elearning_language SET title = $2 WHERE elearning_uuid = $1 AND language = 'de_DE'", [
      DEMO_ELEARNINGS.acmeFireProtection,
      before?.title,
    ]);
    await server.db.query('UPDATE elearning_task SET completed_at = NULL WHERE uuid = $1', [open?.uuid]);
    expect(await read(admin)).toEqual(before);
  });

  it('the catalogue, the details, the analytics and the overview say the same completed count', async () => {
    const course = await createCourse({ repeat: 12 });
    const unit = await createUnit();
    const [done, lapsed, started, waiting] = [
      await createMember(unit),
      await createMember(unit),
      await createMember(unit),
      await createMember(unit),
    ];
    await assign(course, [unit]);
    // Completed, next round a year away: completed. Completed, but the next round is overdue or begun: not now.
    for (const person of [done, lapsed, started]) await complete((await tasksOf(course, person))[0]?.uuid ?? '', 30);
    await server.db.query(
      'UPDATE elearning_task SET due_date = current_date - 1 WHERE elearning_uuid = $1 AND member_uuid = $2 AND completed_at IS NULL',
      [course, lapsed],
    );
    await server.db.query(
      'UPDATE elearning_task SET started_at = now() WHERE elearning_uuid = $1 AND member_uuid = $2 AND completed_at IS NULL',
      [course, started],
    );
    const rows = await statistics(course);
    expect(Object.fromEntries(rows.items.map((row) => [row.memberUuid, row.status]))).toEqual({
      [done]: 'completed',
      [lapsed]: 'overdue',
      [started]: 'inprogress',
      [waiting]: 'due',
    });
    const analyticsCompleted = (await statistics(course, { filter: { status: 'completed' } })).total;
    const overview = elearningOverviewResponseSchema.parse(
      (await admin.post('/api/elearning/read-statistics-overview', { uuid: course })).json(),
    );
    const details = elearningDetailsSchema.parse(
      (await admin.post('/api/elearning/read-details', { uuid: course })).json(),
    );
    const catalogue = elearningCatalogResponseSchema.parse(
      (await admin.post('/api/elearning/read-catalog', { filter: {}, perPage: 100 })).json(),
    );
    const item = catalogue.items.find((each) => each.uuid === course);
    expect(analyticsCompleted).toBe(1);
    expect(overview.units.find((each) => each.orgUnitUuid === unit)?.completed).toBe(1);
    expect(details).toMatchObject({ completedMemberCount: 1, assignedMemberCount: rows.total });
    expect(item).toMatchObject({ completedMemberCount: 1, assignedMemberCount: rows.total });

    // Every seeded e-learning agrees too (their members completed rounds long ago, some are due again).
    for (const each of catalogue.items) {
      const completedNow = (await statistics(each.uuid, { filter: { status: 'completed' }, perPage: 25 })).total;
      const assigned = (await statistics(each.uuid, { perPage: 25 })).total;
      expect({ title: each.title, completed: each.completedMemberCount, assigned: each.assignedMemberCount }).toEqual({
        title: each.title,
        completed: completedNow,
        assigned,
      });
    }
  });

  it('analytics: filter by status and org unit, sort by status, page with the total', async () => {
    const course = await createCourse();
    const unit = await createUnit();
    const other = await createUnit();
    const people = [await createMember(unit), await createMember(unit), await createMember(other)];
    await assign(course, [unit, other]);
    const tasks = await tasksOf(course);
    const taskOf = (person: string) => tasks.find((task) => task.member_uuid === person)?.uuid;
    await server.db.query('UPDATE elearning_task SET due_date = current_date - 3 WHERE uuid = $1', [
      taskOf(people[0] ?? ''),
    ]);
    await complete(taskOf(people[1] ?? '') ?? '');

    const all = await statistics(course, { sortBy: 'status' });
    expect(all.total).toBe(3);
    expect(all.items.map((row) => row.status)).toEqual(['overdue', 'due', 'completed']);
    expect(all.items[2]?.lastCompletedAt).not.toBeNull();
    expect(all.items[2]?.nextOverdueDate).toBeNull();
    expect(all.items[0]?.orgUnitNames).toHaveLength(1);

    expect((await statistics(course, { filter: { status: 'overdue' } })).items.map((row) => row.memberUuid)).toEqual([
      people[0],
    ]);
    expect((await statistics(course, { filter: { orgUnitUuid: other } })).items.map((row) => row.memberUuid)).toEqual([
      people[2],
    ]);
    const paged = await statistics(course, { perPage: 25, page: 2 });
    expect(paged).toEqual({ items: [], total: 3 });
  });

  it('keeps analytics only while nothing they show changed, whoever wrote the change', async () => {
    const course = await createCourse();
    const unit = await createUnit();
    const people = [await createMember(unit), await createMember(unit)];
    await assign(course, [unit]);
    const overview = async () => {
      const response = await admin.post('/api/elearning/read-statistics-overview', { uuid: course });
      expect(response.statusCode, response.body).toBe(200);
      return elearningOverviewResponseSchema.parse(response.json());
    };
    const first = await statistics(course, { sortBy: 'status' });
    expect(await statistics(course, { sortBy: 'status' })).toEqual(first);
    expect(first.items.map((row) => row.status)).toEqual(['due', 'due']);
    const overviewBefore = await overview();
    // Past the API, as another server or a script would write: only the database can tell the kept answers.
    await server.db.query(
      'UPDATE elearning_task SET started_at = now() WHERE elearning_uuid = $1 AND member_uuid = $2',
      [course, people[0]],
    );
    expect((await statistics(course, { sortBy: 'status' })).items.map((row) => row.status)).toEqual([
      'inprogress',
      'due',
    ]);
    expect((await overview()).units.find((row) => row.orgUnitUuid === unit)?.inprogress).toBe(1);
    expect(overviewBefore.units.find((row) => row.orgUnitUuid === unit)?.inprogress).toBe(0);
    // The member's name (company version) and the course's settings (its own row) count too.
    await server.db.query("UPDATE member SET last_name = 'Umbenannt' WHERE uuid = $1", [people[1]]);
    const renamed = await statistics(course, { sortBy: 'status' });
    expect(renamed.items.find((row) => row.memberUuid === people[1])?.lastName).toBe('Umbenannt');
    await server.db.query('UPDATE elearning SET active = false WHERE uuid = $1', [course]);
    expect((await statistics(course, { sortBy: 'status' })).items.map((row) => row.status)).toEqual([
      'inactive',
      'inactive',
    ]);
  });

  it('the overview counts per unit and overdue tasks over 12 weeks', async () => {
    const response = await admin.post('/api/elearning/read-statistics-overview', {
      uuid: DEMO_ELEARNINGS.acmeSafetyInstruction,
    });
    expect(response.statusCode, response.body).toBe(200);
    const overview = elearningOverviewResponseSchema.parse(response.json());
    expect(overview.overdueOverTime).toHaveLength(12);
    expect(overview.overdueOverTime.at(-1)?.date).toBe(await day(0));
    const root = overview.units[0];
    expect(root?.assigned).toBeGreaterThan(0);
    expect(root && root.completed + root.due + root.inprogress + root.overdue).toBeLessThanOrEqual(root?.assigned ?? 0);
    const rows = await statistics(DEMO_ELEARNINGS.acmeSafetyInstruction, { filter: { status: 'overdue' } });
    expect(overview.overdueOverTime.at(-1)?.overdue).toBe(rows.total);
  });

  it("an ou-admin sees only his units' members", async () => {
    const all = await statistics(DEMO_ELEARNINGS.acmeSafetyInstruction);
    const his = await statistics(DEMO_ELEARNINGS.acmeSafetyInstruction, {}, ouAdmin);
    expect(his.total).toBeGreaterThan(0);
    expect(his.total).toBeLessThan(all.total);
    const visible = await server.db.query<{ member_uuid: string }>(
      `SELECT DISTINCT om.member_uuid FROM org_unit_membership om JOIN org_unit_admin oa ON oa.org_unit_uuid = om.org_unit_uuid
        JOIN member m ON m.uuid = oa.member_uuid WHERE m.username = 'ou.admin' AND m.client_uuid = $1`,
      [acme],
    );
    const allowed = new Set(visible.map((row) => row.member_uuid));
    expect(his.items.every((row) => allowed.has(row.memberUuid))).toBe(true);
    expectError(
      await ouAdmin.post('/api/elearning/reset-progress', {
        uuid: DEMO_ELEARNINGS.acmeFirstAid,
        memberUuids: [crypto.randomUUID()],
      }),
      403,
      'Auth.Forbidden',
    );
  });
});

describe('export', () => {
  it('answers a real .xlsx file whose cells match the analytics, with German dates', async () => {
    const response = await admin.post('/api/elearning/export-statistics', {
      uuid: DEMO_ELEARNINGS.acmeSafetyInstruction,
      filter: {},
      language: 'de_DE',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('attachment');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Statistik');
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Nachname',
      'Vorname',
      'Benutzername',
      'Organisationseinheiten',
      'Status',
      'Zuletzt abgeschlossen',
      'Nächste Überfälligkeit',
      'Abschlüsse',
    ]);
    const rows = await statistics(DEMO_ELEARNINGS.acmeSafetyInstruction, { perPage: 100 });
    expect(sheet.rowCount - 1).toBe(rows.total);
    // Row by row as the analytics sorted by last name (first name, then uuid as tie breakers).
    const byName = [...rows.items].sort(
      (a, b) => a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'variant' }) || 0,
    );
    const second = sheet.getRow(2);
    const match = byName.find(
      (row) => row.lastName === second.getCell(1).value && row.firstName === second.getCell(2).value,
    );
    expect(match).toBeDefined();
    const withDate = sheet.getColumn(6).values.find((value): value is Date => value instanceof Date);
    expect(withDate).toBeInstanceOf(Date);
    expect(sheet.getColumn(6).numFmt).toBe('DD.MM.YYYY');
    const statuses = new Set(sheet.getColumn(5).values.slice(2));
    for (const status of statuses)
      expect(['Abgeschlossen', 'Fällig', 'In Bearbeitung', 'Überfällig']).toContain(status);
  });

  it('exports in English on request, and only the filtered rows', async () => {
    const response = await admin.post('/api/elearning/export-statistics', {
      uuid: DEMO_ELEARNINGS.acmeSafetyInstruction,
      filter: { status: 'overdue' },
      language: 'en_GB',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Statistics');
    const overdue = await statistics(DEMO_ELEARNINGS.acmeSafetyInstruction, { filter: { status: 'overdue' } });
    expect((sheet?.rowCount ?? 0) - 1).toBe(overdue.total);
    expect(sheet?.getRow(2).getCell(5).value).toBe('Overdue');
  });
});

describe('my e-learnings', () => {
  it('bubble counts agree with the task list', async () => {
    const response = await member.get('/api/elearning/read-member-statistics');
    expect(response.statusCode, response.body).toBe(200);
    const counts = elearningMemberStatisticsSchema.parse(response.json());
    for (const status of ['overdue', 'next7Days', 'nextMonth', 'done', 'all'] as const) {
      const list = memberTasksResponseSchema.parse(
        (await member.post('/api/elearning/read-member-tasks', { filter: { status }, perPage: 100 })).json(),
      );
      expect(list.total, status).toBe(counts[status]);
    }
    expect(counts.all).toBeGreaterThan(0);
  });

  it("reads one of the member's own tasks with its course; another member's answers 404", async () => {
    const list = memberTasksResponseSchema.parse((await member.post('/api/elearning/read-member-tasks', {})).json());
    const task = list.items[0];
    expect(task).toBeDefined();
    const response = await member.post('/api/elearning/read-member-task', { uuid: task?.uuid });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().elearning.uuid).toBe(task?.catalogUuid);
    const foreign = await one<{ uuid: string }>(
      "SELECT t.uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid WHERE m.username = 'ou.admin' LIMIT 1",
    );
    expectError(
      await member.post('/api/elearning/read-member-task', { uuid: foreign.uuid }),
      404,
      'ElearningTask.NotFound',
    );
    expectError(
      await member.post('/api/elearning/read-member-task', { uuid: crypto.randomUUID() }),
      404,
      'ElearningTask.NotFound',
    );
  });

  it("titles follow the member's language where the course has that version", async () => {
    await server.db.query("UPDATE member SET language = 'en_GB' WHERE client_uuid = $1 AND username = 'member'", [
      acme,
    ]);
    const list = memberTasksResponseSchema.parse(
      (await member.post('/api/elearning/read-member-tasks', { filter: { status: 'all' }, perPage: 100 })).json(),
    );
    await server.db.query("UPDATE member SET language = 'de_DE' WHERE client_uuid = $1 AND username = 'member'", [
      acme,
    ]);
    const safety = list.items.find((item) => item.catalogUuid === DEMO_ELEARNINGS.acmeSafetyInstruction);
    expect(safety?.title).toBe('General safety instruction (§ 12 ArbSchG)');
  });

  it('globex sees its own catalogue only', async () => {
    const catalogue = elearningCatalogResponseSchema.parse(
      (await globexAdmin.post('/api/elearning/read-catalog', {})).json(),
    );
    expect(catalogue.items.map((item) => item.uuid)).toEqual([DEMO_ELEARNINGS.globexCargo]);
  });
});
