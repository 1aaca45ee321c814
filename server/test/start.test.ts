/** Start overview: the counts of each bubble match the lists' filters; the risk-action filters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, expectError, memberUuid, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const table = (status: string) => ({
  filter: { status },
  page: 1,
  perPage: 25,
  sortBy: 'dueDate',
  sortDirection: 'asc',
});

describe('start task counts', () => {
  it('counts each bubble exactly as the list of that filter shows it, for both areas', async () => {
    const member = await memberUuid(server.db, 'acme', 'member');
    // One task in each state, so that every bubble has something to count.
    const tasks = await server.db.query<{ uuid: string }>(
      // One task per e-learning that has no other open attempt: reopening it must not make a second open one.
      `SELECT DISTINCT ON (t.elearning_uuid) t.uuid FROM elearning_task t JOIN elearning c ON c.uuid = t.elearning_uuid
        WHERE t.member_uuid = $1 AND t.reset_at IS NULL AND c.active AND c.activate_on IS NULL AND c.deactivate_on IS NULL
          AND t.available_from <= current_date
          AND NOT EXISTS (SELECT 1 FROM elearning_task o WHERE o.elearning_uuid = t.elearning_uuid
                            AND o.member_uuid = t.member_uuid AND o.uuid <> t.uuid
                            AND o.completed_at IS NULL AND o.reset_at IS NULL)
        ORDER BY t.elearning_uuid, t.uuid`,
      [member],
    );
    expect(tasks.length).toBeGreaterThanOrEqual(3);
    await server.db.query(
      'UPDATE elearning_task SET due_date = current_date - 3, completed_at = NULL WHERE uuid = $1',
      [tasks[0]?.uuid],
    );
    await server.db.query(
      'UPDATE elearning_task SET due_date = current_date + 2, completed_at = NULL WHERE uuid = $1',
      [tasks[1]?.uuid],
    );
    await server.db.query(
      'UPDATE elearning_task SET due_date = current_date + 20, completed_at = NULL WHERE uuid = $1',
      [tasks[2]?.uuid],
    );
    const agent = await server.login('acme', 'member');
    const counts = (await agent.get('/api/start/read-task-counts')).json();
    expect(counts.riskActions).toBeNull();
    for (const [area, path] of [
      ['elearnings', '/api/elearning/read-member-tasks'],
      ['riskAssessments', '/api/risk-assessment/read-member-tasks'],
    ] as const) {
      expect(counts[area]).not.toBeNull();
      for (const bubble of ['overdue', 'next7Days', 'nextMonth', 'done', 'all']) {
        const list = await agent.post(path, table(bubble));
        expect(list.statusCode).toBe(200);
        expect(counts[area][bubble], `${area} ${bubble}`).toBe(list.json().total);
      }
    }
    expect(counts.elearnings.overdue).toBeGreaterThanOrEqual(1);
    expect(counts.elearnings.next7Days).toBeGreaterThanOrEqual(1);
    expect(counts.elearnings.nextMonth).toBeGreaterThanOrEqual(2);
  });

  it('leaves out an area the client has switched off', async () => {
    const agent = await server.login('globex', 'admin');
    const counts = (await agent.get('/api/start/read-task-counts')).json();
    expect(counts.elearnings).not.toBeNull();
    expect(counts.riskAssessments).toBeNull();
    expect(counts.riskActions).toBeNull();
  });
});

describe('kept answers of the start page', () => {
  it("answers a member's lists and counts anew as soon as a task, a course or an analysis changes, whoever wrote it", async () => {
    const member = await memberUuid(server.db, 'acme', 'member');
    const agent = await server.login('acme', 'member');
    const counts = async () => (await agent.get('/api/start/read-task-counts')).json();
    const elearnings = async () => (await agent.post('/api/elearning/read-member-tasks', table('all'))).json();
    const analyses = async () => (await agent.post('/api/risk-assessment/read-member-tasks', table('all'))).json();
    const before = { counts: await counts(), elearnings: await elearnings(), analyses: await analyses() };
    expect(await counts()).toEqual(before.counts);
    // Past the API: an e-learning task overdue, a course renamed, an analysis due next week.
    const [task] = await server.db.query<{ uuid: string; elearning_uuid: string; due_date: string | null }>(
      `SELECT t.uuid, t.elearning_uuid, t.due_date::text AS due_date FROM elearning_task t
         JOIN elearning e ON e.uuid = t.elearning_uuid
        WHERE t.member_uuid = $1 AND t.completed_at IS NULL AND t.reset_at IS NULL AND t.available_from <= current_date
          AND e.active AND (e.deactivate_on IS NULL OR e.deactivate_on > current_date)
          AND (e.activate_on IS NULL OR e.activate_on <= current_date) AND t.due_date >= current_date LIMIT 1`,
      [member],
    );
    expect(task).toBeDefined();
    await server.db.query('UPDATE elearning_task SET due_date = current_date - 1 WHERE uuid = $1', [task?.uuid]);
    expect((await counts()).elearnings.overdue).toBe(before.counts.elearnings.overdue + 1);
    expect((await elearnings()).items.find((item: { uuid: string }) => item.uuid === task?.uuid)?.dueStatus).toBe(
      'overdue',
    );
    await server.db.query("UPDATE elearning SET title = 'Umbenannt' WHERE uuid = $1", [task?.elearning_uuid]);
    await server.db.query("UPDATE elearning_language SET title = 'Umbenannt' WHERE elearning_uuid = $1", [
      task?.elearning_uuid,
    ]);
    expect((await elearnings()).items.find((item: { uuid: string }) => item.uuid === task?.uuid)?.title).toBe(
      'Umbenannt',
    );
    const [analysis] = await server.db.query<{ uuid: string }>(
      `SELECT uuid FROM risk_assessment_member_task WHERE member_uuid = $1 AND completed_at IS NULL LIMIT 1`,
      [member],
    );
    expect(analysis).toBeDefined();
    // Read (and kept) at the version after the changes above: only the analysis' change can move it now.
    const kept = await analyses();
    expect(await analyses()).toEqual(kept);
    await server.db.query('UPDATE risk_assessment_member_task SET due_date = current_date + 2 WHERE uuid = $1', [
      analysis?.uuid,
    ]);
    expect((await analyses()).items.find((item: { uuid: string }) => item.uuid === analysis?.uuid)?.dueStatus).toBe(
      'next7Days',
    );
    expect((await counts()).riskAssessments).toEqual((await analyses()).counts);
  });
});

describe('risk-action filters for administrators', () => {
  it('lists the evaluations waiting for actions and those with actions agreed, with counts to match', async () => {
    const admin = await server.login('acme', 'admin');
    // The analysis phase of a unit with 6 or more completed analyses ends through the product's own call: its
    // evaluation waits for actions (risksCreated). The demo has one whose actions are agreed already.
    const overview = (
      await admin.post('/api/risk-assessment/read-assignment-overview-list', {
        filter: {},
        page: 1,
        perPage: 100,
        sortBy: 'title',
        sortDirection: 'asc',
      })
    ).json() as {
      items: Array<{ assignmentUuid: string; evaluationUuid: string | null; completedMemberCount: number }>;
    };
    const ready = overview.items.find((row) => !row.evaluationUuid && row.completedMemberCount >= 6);
    expect(ready).toBeDefined();
    const finished = await admin.post('/api/risk-assessment/finish-analysis', {
      assignmentUuid: ready?.assignmentUuid,
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const evaluation = (finished.json() as { uuid: string }).uuid;

    const counts = (await admin.get('/api/start/read-task-counts')).json();
    const define = (await admin.post('/api/start/read-risk-action-tasks', table('riskActionDefine'))).json();
    const agreed = (await admin.post('/api/start/read-risk-action-tasks', table('riskActionAgreed'))).json();
    expect(counts.riskActions).toEqual({ riskActionDefine: define.total, riskActionAgreed: agreed.total });
    expect(define.items.map((item: { uuid: string }) => item.uuid)).toContain(evaluation);
    const listed = define.items.find((item: { uuid: string }) => item.uuid === evaluation);
    expect(listed).toMatchObject({ status: 'risksCreated', completedCount: ready?.completedMemberCount });
    expect(listed.place).not.toBe('');
    expect(agreed.total).toBeGreaterThanOrEqual(1);
    expect(agreed.items[0]).toMatchObject({ status: 'actionsAgreed' });
    const [agreedInDatabase] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM risk_assessment_evaluation ev JOIN client c ON c.uuid = ev.client_uuid
        WHERE c.identifier = 'acme' AND ev.status = 'actionsAgreed'`,
    );
    expect(agreed.total).toBe(agreedInDatabase?.count);

    const member = await server.login('acme', 'member');
    expectError(
      await member.post('/api/start/read-risk-action-tasks', table('riskActionDefine')),
      403,
      'Auth.Forbidden',
    );
    expectError(await admin.post('/api/start/read-risk-action-tasks', table('open')), 400, 'Schema.ValidationFailed');
    // Another client sees none of acme's.
    const globex = await server.login('globex', 'admin');
    const foreign = await globex.post('/api/start/read-risk-action-tasks', table('riskActionDefine'));
    if (foreign.statusCode === 200) expect(foreign.json().items).toEqual([]);
    else expectError(foreign, 403, 'Auth.FeatureDisabled');
  });
});
