/**
 * Membership drives the apps' tasks: the real member, org-unit and location calls change who
 * belongs where, and the e-learning tasks and risk-assessment analyses follow in the same transaction
 * (server/src/core/events/membershipEvents.ts). Every case ends with a full-client sync that must find nothing
 * left to do: the narrow sync the call ran (only the members concerned) reached the same state as a full one.
 */

import { elearningStatisticsResponseSchema, riskAssessmentMemberTasksResponseSchema } from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeElearningTask, syncElearningTasks } from '../src/modules/elearnings/taskSync';
import { syncMemberTasks } from '../src/modules/riskAssessments/memberTaskSync';
import { type Agent, createTestServer, memberUuid, postOk, type TestServer } from './helpers';
import { memberCreateBody } from './memberBody';

let server: TestServer;
let admin: Agent;
let member: Agent;
let acme: string;
let root: string;
let sequence = 0;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  member = await server.login('acme', 'member');
  acme = await one<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'").then((row) => row.uuid);
  root = await one<{ uuid: string }>('SELECT uuid FROM org_unit WHERE client_uuid = $1 AND is_root', [acme]).then(
    (row) => row.uuid,
  );
});

afterAll(async () => {
  await server?.close();
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await server.db.query<T>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

const ok = <T = Record<string, unknown>>(path: string, body: unknown, agent = admin) => postOk<T>(agent, path, body);

function unique(prefix: string): string {
  sequence += 1;
  return `${prefix} ${sequence} ${crypto.randomUUID().slice(0, 6)}`;
}

async function createUnit(parentUuid = root): Promise<string> {
  const { uuid } = await ok<{ uuid: string }>('/api/org-unit/create-org-unit', {
    orgUnitName: unique('Einheit'),
    parentUuid,
    adminUuids: [],
  });
  return uuid;
}

async function createLocation(): Promise<string> {
  const { uuid } = await ok<{ uuid: string }>('/api/location/create-location', {
    name: unique('Standort'),
    city: 'Köln',
    countryCode: 'DE',
    locationType: 'branch',
    floorSpace: 120,
    responsibleMemberUuids: [],
  });
  return uuid;
}

function memberBody(orgUnitUuids: string[], locationUuids: string[] = []) {
  sequence += 1;
  return memberCreateBody({
    firstName: 'Jörg',
    lastName: `Aufgabe ${sequence}`,
    email: null,
    username: `membership.tasks${sequence}.${crypto.randomUUID().slice(0, 6)}`,
    orgUnitUuids,
    locationUuids,
  });
}

async function createMember(orgUnitUuids: string[] = [], locationUuids: string[] = []): Promise<string> {
  const { uuid } = await ok<{ uuid: string }>('/api/member/createmember', memberBody(orgUnitUuids, locationUuids));
  return uuid;
}

/** An e-learning (inserted: its catalogue call is not the subject here) assigned to units through the real call. */
async function courseFor(orgUnitUuids: string[]): Promise<string> {
  const { uuid } = await one<{ uuid: string }>(
    `INSERT INTO elearning (client_uuid, title, duration_minutes, first_execution_buffer_days, repeat_interval_months)
     VALUES ($1, $2, 15, 14, 0) RETURNING uuid`,
    [acme, unique('Unterweisung')],
  );
  await ok('/api/elearning/assign-org-units', { uuid, orgUnitUuids });
  return uuid;
}

/** A risk assessment of `type` with its assignments made through the real calls. */
async function analysisFor(type: string, assign: { orgUnitUuids?: string[]; locationUuid?: string }) {
  const { uuid } = await ok<{ uuid: string }>('/api/risk-assessment/save-settings', {
    title: unique('Gefährdungsbeurteilung'),
    type,
    dueDate: '2030-06-30',
    active: true,
  });
  if (assign.orgUnitUuids) {
    await ok('/api/risk-assessment/assign-org-units', { uuid, orgUnitUuids: assign.orgUnitUuids });
  }
  if (assign.locationUuid) {
    await ok('/api/risk-assessment/assign-location', { uuid, locationUuid: assign.locationUuid });
  }
  return uuid;
}

interface Tasks {
  open: number;
  completed: number;
}

async function elearningTasks(course: string, memberUuid: string): Promise<Tasks> {
  return one<Tasks>(
    `SELECT (count(*) FILTER (WHERE completed_at IS NULL AND reset_at IS NULL))::int AS open,
            (count(*) FILTER (WHERE completed_at IS NOT NULL))::int AS completed
       FROM elearning_task WHERE elearning_uuid = $1 AND member_uuid = $2`,
    [course, memberUuid],
  );
}

async function analyses(task: string, memberUuid: string): Promise<number> {
  return (
    await one<{ count: number }>(
      'SELECT count(*)::int AS count FROM risk_assessment_member_task WHERE task_uuid = $1 AND member_uuid = $2',
      [task, memberUuid],
    )
  ).count;
}

/** The members in the e-learning's analytics (the administrator's statistics). */
async function inStatistics(course: string): Promise<string[]> {
  const answer = elearningStatisticsResponseSchema.parse(
    await ok('/api/elearning/read-statistics', { uuid: course, perPage: 100 }),
  );
  return answer.items.map((row) => row.memberUuid);
}

async function assignment(task: string) {
  const answer = await ok<{ items: Array<{ assignedMemberCount: number; completedMemberCount: number }> }>(
    '/api/risk-assessment/read-assignment-list',
    { uuid: task },
  );
  return answer.items[0];
}

/** A full sync of the client finds nothing to do: the narrow sync of the call left nothing behind. */
async function expectNothingLeftToSync() {
  const outcome = await server.db.transaction(async (tx) => {
    const elearnings = await syncElearningTasks(tx, acme);
    const createdAnalyses = await syncMemberTasks(tx, acme, null);
    return { ...elearnings, createdAnalyses };
  });
  expect(outcome).toEqual({ created: 0, removed: 0, createdAnalyses: 0 });
}

describe('members created, changed, archived, restored and deleted', () => {
  it('a member created with an assigned unit gets the task and the analysis at once', async () => {
    const unit = await createUnit();
    const course = await courseFor([unit]);
    const survey = await analysisFor('mental-load', { orgUnitUuids: [unit] });
    const created = await createMember([unit]);
    expect(await elearningTasks(course, created)).toEqual({ open: 1, completed: 0 });
    expect(await analyses(survey, created)).toBe(1);
    const elsewhere = await createMember([]);
    expect(await elearningTasks(course, elsewhere)).toEqual({ open: 0, completed: 0 });
    expect(await analyses(survey, elsewhere)).toBe(0);
    await expectNothingLeftToSync();
  });

  it("the member's task switches and assignments (details tabs) decide his tasks", async () => {
    const unit = await createUnit();
    const course = await courseFor([unit]);
    const survey = await analysisFor('mental-load', { orgUnitUuids: [unit] });
    const { orgUnitUuids, locationUuids, passwordMode, password, ...fields } = memberBody([]);
    const { uuid } = await ok<{ uuid: string }>('/api/member/createmember', {
      ...fields,
      orgUnitUuids,
      locationUuids,
      passwordMode,
      password,
    });
    await ok('/api/member-details/update-assignments', { uuid, orgUnitUuids: [unit], locationUuids: [] });
    expect(await elearningTasks(course, uuid)).toEqual({ open: 1, completed: 0 });
    expect(await analyses(survey, uuid)).toBe(1);

    const update = (switches: { createElearningTasks: boolean; createRiskAssessmentTasks: boolean }) =>
      ok('/api/memberlist/updatememberdetails', { ...fields, ...switches, uuid, status: 'active' });
    await update({ createElearningTasks: false, createRiskAssessmentTasks: false });
    expect(await elearningTasks(course, uuid)).toEqual({ open: 0, completed: 0 });
    expect(await analyses(survey, uuid)).toBe(0);
    await update({ createElearningTasks: true, createRiskAssessmentTasks: true });
    expect(await elearningTasks(course, uuid)).toEqual({ open: 1, completed: 0 });
    expect(await analyses(survey, uuid)).toBe(1);

    await ok('/api/member-details/update-assignments', { uuid, orgUnitUuids: [], locationUuids: [] });
    expect(await elearningTasks(course, uuid)).toEqual({ open: 0, completed: 0 });
    expect(await analyses(survey, uuid)).toBe(0);
    await expectNothingLeftToSync();
  });

  it('archive takes a member out of the statistics and the open analyses; restore brings both back', async () => {
    const unit = await createUnit();
    const course = await courseFor([unit]);
    const survey = await analysisFor('mental-load', { orgUnitUuids: [unit] });
    const stays = await createMember([unit]);
    const leaves = await createMember([unit]);
    expect((await inStatistics(course)).sort()).toEqual([stays, leaves].sort());
    expect((await assignment(survey))?.assignedMemberCount).toBe(2);

    await ok('/api/memberlist/archivemember', { uuids: [leaves] });
    expect(await inStatistics(course)).toEqual([stays]);
    // The task itself stays (rule 8), so that a restore brings it back unchanged.
    expect(await elearningTasks(course, leaves)).toEqual({ open: 1, completed: 0 });
    expect(await analyses(survey, leaves)).toBe(0);
    expect((await assignment(survey))?.assignedMemberCount).toBe(1);
    await expectNothingLeftToSync();

    await ok('/api/archivedmember/unarchivemember', { uuids: [leaves] });
    expect((await inStatistics(course)).sort()).toEqual([stays, leaves].sort());
    expect(await analyses(survey, leaves)).toBe(1);
    expect((await assignment(survey))?.assignedMemberCount).toBe(2);
    await expectNothingLeftToSync();
  });

  it('deleting an archived member for good removes his open tasks and keeps completed ones', async () => {
    const unit = await createUnit();
    const course = await courseFor([unit]);
    const uuid = await createMember([unit]);
    const [task] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM elearning_task WHERE elearning_uuid = $1 AND member_uuid = $2',
      [course, uuid],
    );
    await server.db.transaction((tx) => completeElearningTask(tx, task?.uuid ?? ''));
    await ok('/api/memberlist/archivemember', { uuids: [uuid] });
    await ok('/api/archivedmember/deletemember', { uuids: [uuid] });
    expect(await elearningTasks(course, uuid)).toEqual({ open: 0, completed: 1 });
    await expectNothingLeftToSync();
  });
});

describe('org unit member changes', () => {
  it('joining a unit creates the task and the analysis; leaving removes the open ones and keeps completed', async () => {
    const unit = await createUnit();
    const course = await courseFor([unit]);
    const survey = await analysisFor('mental-load', { orgUnitUuids: [unit] });
    const joiner = await createMember([]);
    const me = await memberUuid(server.db, 'acme', 'member');

    await ok('/api/org-unit/add-members-to-org-unit', { uuid: unit, memberUuids: [joiner, me] });
    expect(await elearningTasks(course, joiner)).toEqual({ open: 1, completed: 0 });
    expect(await analyses(survey, joiner)).toBe(1);
    expect(await analyses(survey, me)).toBe(1);
    await expectNothingLeftToSync();

    // The demo member completes his course and starts his analysis: both survive leaving the unit.
    const [task] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM elearning_task WHERE elearning_uuid = $1 AND member_uuid = $2',
      [course, me],
    );
    await server.db.transaction((tx) => completeElearningTask(tx, task?.uuid ?? ''));
    const mine = riskAssessmentMemberTasksResponseSchema.parse(
      await ok('/api/risk-assessment/read-member-tasks', { filter: { status: 'all' }, perPage: 100 }, member),
    );
    const analysis = mine.items.find((item) => item.catalogUuid === survey);
    expect(analysis).toBeDefined();
    await ok('/api/risk-assessment/create-execution', { memberTaskUuid: analysis?.uuid }, member);

    await ok('/api/org-unit/remove-members', { uuid: unit, memberUuids: [joiner, me] });
    expect(await elearningTasks(course, joiner)).toEqual({ open: 0, completed: 0 });
    expect(await analyses(survey, joiner)).toBe(0);
    expect(await elearningTasks(course, me)).toEqual({ open: 0, completed: 1 });
    expect(await analyses(survey, me)).toBe(1);
    expect(await inStatistics(course)).toEqual([me]);
    await expectNothingLeftToSync();
  });

  it('copying the member assignments of another unit gives the copied members their tasks', async () => {
    const source = await createUnit();
    const target = await createUnit();
    const course = await courseFor([target]);
    const copied = [await createMember([source]), await createMember([source])];
    await ok('/api/org-unit/copy-member-assignments', { uuid: target, sourceUuid: source });
    for (const uuid of copied) expect(await elearningTasks(course, uuid)).toEqual({ open: 1, completed: 0 });
    await expectNothingLeftToSync();
  });

  it('moving a unit below an assigned unit brings its members (and those of its sub-units) in; moving out again takes them out', async () => {
    const assigned = await createUnit();
    const outside = await createUnit();
    const below = await createUnit(outside);
    const course = await courseFor([assigned]);
    const inOutside = await createMember([outside]);
    const inBelow = await createMember([below]);
    expect(await elearningTasks(course, inOutside)).toEqual({ open: 0, completed: 0 });

    await ok('/api/org-unit/update-org-unit', { uuid: outside, parentUuid: assigned });
    expect(await elearningTasks(course, inOutside)).toEqual({ open: 1, completed: 0 });
    expect(await elearningTasks(course, inBelow)).toEqual({ open: 1, completed: 0 });
    await expectNothingLeftToSync();

    await ok('/api/org-unit/update-org-unit', { uuid: outside, parentUuid: root });
    expect(await elearningTasks(course, inOutside)).toEqual({ open: 0, completed: 0 });
    expect(await elearningTasks(course, inBelow)).toEqual({ open: 0, completed: 0 });
    await expectNothingLeftToSync();
  });

  it("deleting a sub-unit of an assigned unit takes its members' open tasks away", async () => {
    const assigned = await createUnit();
    const sub = await createUnit(assigned);
    const course = await courseFor([assigned]);
    const uuid = await createMember([sub]);
    expect(await elearningTasks(course, uuid)).toEqual({ open: 1, completed: 0 });
    await ok('/api/org-unit/delete-org-unit', { uuid: sub });
    expect(await elearningTasks(course, uuid)).toEqual({ open: 0, completed: 0 });
    await expectNothingLeftToSync();
  });
});

describe('location member changes', () => {
  it("a location's survey follows its members; an inspection follows its responsible members", async () => {
    const place = await createLocation();
    const survey = await analysisFor('mental-load', { locationUuid: place });
    const inspection = await analysisFor('vdu-workstation', { locationUuid: place });
    const uuid = await createMember([]);
    await ok('/api/location/assign-members', { uuid: place, memberUuids: [uuid] });
    expect(await analyses(survey, uuid)).toBe(1);
    expect(await analyses(inspection, uuid)).toBe(0);
    await expectNothingLeftToSync();

    const responsible = await memberUuid(server.db, 'acme', 'admin');
    const detail = await ok<Record<string, unknown>>('/api/location/location-detail', { uuid: place });
    const details = { name: detail.name, city: detail.city, countryCode: detail.countryCode };
    await ok('/api/location/update-location-detail', {
      uuid: place,
      ...details,
      locationType: 'branch',
      floorSpace: 120,
      responsibleMemberUuids: [responsible],
    });
    expect(await analyses(inspection, responsible)).toBe(1);
    await ok('/api/location/update-location-detail', {
      uuid: place,
      ...details,
      locationType: 'branch',
      floorSpace: 120,
      responsibleMemberUuids: [],
    });
    expect(await analyses(inspection, responsible)).toBe(0);
    await expectNothingLeftToSync();

    await ok('/api/location/remove-members', { uuid: place, memberUuids: [uuid] });
    expect(await analyses(survey, uuid)).toBe(0);
    await expectNothingLeftToSync();
  });
});

describe('analytics read from the per-member summary', () => {
  it('the summary page (sorted by status) and the general query (sorted by name) agree, filters and paging included', async () => {
    const unit = await createUnit();
    const other = await createUnit();
    const course = await courseFor([unit, other]);
    const [due, overdue, begun, done, archived] = [
      await createMember([unit]),
      await createMember([unit]),
      await createMember([unit]),
      await createMember([other]),
      await createMember([unit]),
    ];
    // Changes made straight in the table reach the summary through its triggers, whoever makes them.
    await server.db.query(
      'UPDATE elearning_task SET due_date = current_date - 3 WHERE elearning_uuid = $1 AND member_uuid = $2',
      [course, overdue],
    );
    await server.db.query(
      'UPDATE elearning_task SET started_at = now() WHERE elearning_uuid = $1 AND member_uuid = $2',
      [course, begun],
    );
    const [task] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM elearning_task WHERE elearning_uuid = $1 AND member_uuid = $2',
      [course, done],
    );
    await server.db.transaction((tx) => completeElearningTask(tx, task?.uuid ?? ''));
    await ok('/api/memberlist/archivemember', { uuids: [archived] });

    const read = async (body: Record<string, unknown>) =>
      elearningStatisticsResponseSchema.parse(
        await ok('/api/elearning/read-statistics', { uuid: course, perPage: 100, ...body }),
      );
    const byName = await read({ sortBy: 'lastName' });
    const byStatus = await read({ sortBy: 'status' });
    const statuses = (rows: typeof byName) => Object.fromEntries(rows.items.map((row) => [row.memberUuid, row.status]));
    expect(statuses(byName)).toEqual({
      [due]: 'due',
      [overdue]: 'overdue',
      [begun]: 'inprogress',
      [done]: 'completed',
    });
    expect(statuses(byStatus)).toEqual(statuses(byName));
    expect(byStatus.total).toBe(4);
    expect(byStatus.items.map((row) => row.memberUuid)).toEqual([overdue, begun, due, done]);
    expect(byStatus.items.find((row) => row.memberUuid === done)?.lastCompletedAt).not.toBeNull();
    expect(byStatus.items.find((row) => row.memberUuid === due)?.lastName).toMatch(/^Aufgabe /);
    const descending = await read({ sortBy: 'status', sortDirection: 'desc' });
    expect(descending.items.map((row) => row.memberUuid)).toEqual([done, due, begun, overdue]);

    const onlyOverdue = await read({ sortBy: 'status', filter: { status: 'overdue' } });
    expect([onlyOverdue.total, onlyOverdue.items.map((row) => row.memberUuid)]).toEqual([1, [overdue]]);
    const inOther = await read({ sortBy: 'nextOverdueDate', filter: { orgUnitUuid: other } });
    expect([inOther.total, inOther.items.map((row) => row.memberUuid)]).toEqual([1, [done]]);
    const pastTheEnd = await read({ sortBy: 'status', page: 2 });
    expect([pastTheEnd.total, pastTheEnd.items]).toEqual([4, []]);

    await ok('/api/archivedmember/unarchivemember', { uuids: [archived] });
    expect((await read({ sortBy: 'status' })).total).toBe(5);
    expect((await read({ sortBy: 'lastName' })).total).toBe(5);
  });
});
