import { inflateSync } from 'node:zlib';
import {
  evaluationDetailsSchema,
  evaluationListResponseSchema,
  type RiskAssessmentContent,
  riskActionDetailsSchema,
  riskActionListResponseSchema,
  riskActionStatusSchema,
  riskAssessmentDetailsSchema,
  riskDetailsSchema,
  riskListResponseSchema,
  STOP_TYPES,
  unitActionsResponseSchema,
} from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestServer, expectError, memberUuid, postOk, type TestServer } from './helpers';

const API = '/api/risk-assessment';

let server: TestServer;
let admin: Agent;
let member: Agent;
let ouAdmin: Agent;
let locAdmin: Agent;
let globexAdmin: Agent;
let acme: string;
let memberId: string;
/** The six other staff of the evaluated unit: five complete, one starts and is closed by the end of the phase. */
let staff: { uuid: string; name: string; username: string }[];
let unit: string;
let globexMember: string;
let archivedMember: string;

const ok = <T = Record<string, unknown>>(agent: Agent, call: string, body: unknown) =>
  postOk<T>(agent, `${API}/${call}`, body);

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Completes members' analyses the way complete-execution stores them (survey: nothing names the member). */
async function completeByDatabase(task: string, members: readonly string[], values: Record<string, number>) {
  for (const uuid of members) {
    await server.db.transaction(async (tx) => {
      const [row] = await tx.query<{ member_task: string; assignment: string; kind: string; type: string }>(
        `SELECT mt.uuid AS member_task, mt.assignment_uuid AS assignment, ty.kind, t.type
           FROM risk_assessment_member_task mt JOIN risk_assessment_task t ON t.uuid = mt.task_uuid
           JOIN risk_assessment_type ty ON ty.identifier = t.type
          WHERE mt.task_uuid = $1 AND mt.member_uuid = $2`,
        [task, uuid],
      );
      if (!row) throw new Error(`no analysis of ${uuid}`);
      const [execution] = await tx.query<{ uuid: string }>(
        `INSERT INTO risk_assessment_execution (client_uuid, task_uuid, assignment_uuid, member_uuid, completed_at)
         VALUES ($1, $2, $3, $4, now()) RETURNING uuid`,
        [acme, task, row.assignment, uuid],
      );
      await tx.query(
        'UPDATE risk_assessment_member_task SET execution_uuid = $2, completed_at = now() WHERE uuid = $1',
        [row.member_task, execution?.uuid],
      );
      const inspection = row.kind === 'inspection';
      const [result] = await tx.query<{ uuid: string }>(
        `INSERT INTO risk_assessment_result (client_uuid, task_uuid, assignment_uuid, org_unit_uuid, type_identifier, kind,
                                             execution_uuid, assessed_by_member_uuid, assessed_by_name, assessed_at)
         SELECT $1, $2, $3, $4, $5, $6, CASE WHEN $7 THEN $8::uuid END, CASE WHEN $7 THEN m.uuid END,
                CASE WHEN $7 THEN m.first_name || ' ' || m.last_name END, CASE WHEN $7 THEN now() END
           FROM member m WHERE m.uuid = $9 RETURNING uuid`,
        [acme, task, row.assignment, unit, row.type, row.kind, inspection, execution?.uuid, uuid],
      );
      await tx.query(
        `INSERT INTO risk_assessment_result_answer (result_uuid, question_key, group_key, value, risk_weight, load,
                                                    hazard_factor_group, source, target, measures)
         SELECT $1, q.key, q.group_key, v.value::int,
                (SELECT (s ->> 'riskWeight')::int FROM jsonb_array_elements(ty.scale) s WHERE (s ->> 'value')::int = v.value::int),
                q.load, q.hazard_factor_group, q.source, q.target, q.measures
           FROM jsonb_each_text($2::jsonb) v
           JOIN risk_assessment_question q ON q.type_identifier = $3 AND q.key = v.key
           JOIN risk_assessment_type ty ON ty.identifier = q.type_identifier`,
        [result?.uuid, JSON.stringify(values), row.type],
      );
    });
  }
}

async function createTask(type: string, title: string): Promise<string> {
  const { uuid } = await ok<{ uuid: string }>(admin, 'save-settings', {
    title,
    type,
    dueDate: inDays(30),
    active: true,
  });
  await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [unit] });
  return uuid;
}

async function assignmentOf(task: string): Promise<string> {
  const [row] = await server.db.query<{ uuid: string }>(
    'SELECT uuid FROM risk_assessment_assignment WHERE task_uuid = $1',
    [task],
  );
  return row?.uuid ?? '';
}

const evaluationState = (uuid: string) =>
  server.db.query(
    `SELECT ev.status, r.question_key, r.status AS risk_status, r.not_relevant,
            (SELECT json_agg(json_build_object('due', x.due_date, 'owner', x.responsible_member_uuid, 'note', x.note,
                                               'done', x.done_at, 'stop', x.stop) ORDER BY x.uuid)
               FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid) AS actions
       FROM risk_assessment_evaluation ev LEFT JOIN risk_assessment_risk r ON r.evaluation_uuid = ev.uuid
      WHERE ev.uuid = $1 ORDER BY r.question_key`,
    [uuid],
  );

/** The text a PDF shows: its content streams inflated, the hex strings of the text operators decoded. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      parts.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return parts.join(' ');
}

let content: RiskAssessmentContent;
let surveyTask: string;
let evaluation: string;

/** An evaluation of a fresh task assigned to `orgUnit`, made in the database (the flow above makes the real one). */
async function evaluationByDatabase(client: string, orgUnit: string, title: string): Promise<string> {
  const [row] = await server.db.query<{ uuid: string }>(
    `WITH t AS (INSERT INTO risk_assessment_task (client_uuid, title, type, due_date)
                VALUES ($1, $3, 'mental-load', current_date + 30) RETURNING uuid),
          a AS (INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, org_unit_uuid)
                SELECT $1, t.uuid, 'org-unit', $2 FROM t RETURNING uuid, task_uuid)
     INSERT INTO risk_assessment_evaluation (client_uuid, task_uuid, assignment_uuid, analysis_count, matrix_version)
     SELECT $1, a.task_uuid, a.uuid, 6, 'nohl-additive-5x5-v1' FROM a RETURNING uuid`,
    [client, orgUnit, title],
  );
  if (!row) throw new Error('no evaluation');
  return row.uuid;
}

/** A risk of the first survey question (factor 5: probability 2, severity 3) with one action due in `dueInDays`. */
async function riskWithAction(client: string, evaluationUuid: string, owner: string, dueInDays: number) {
  const [risk] = await server.db.query<{ uuid: string }>(
    `INSERT INTO risk_assessment_risk (client_uuid, evaluation_uuid, question_key, group_key, hazard_factor_group, load,
                                       source, target, measures, probability, severity, risk_factor, matrix_version, status)
     SELECT $1, $2, q.key, q.group_key, q.hazard_factor_group, q.load, q.source, q.target, q.measures, 2, 3, 5,
            'nohl-additive-5x5-v1', 'riskActionDefined'
       FROM risk_assessment_question q WHERE q.type_identifier = 'mental-load' AND q.key = $3 RETURNING uuid`,
    [client, evaluationUuid, content.groups[0]?.questions[0]?.key],
  );
  const [action] = await server.db.query<{ uuid: string }>(
    `INSERT INTO risk_assessment_action (client_uuid, evaluation_uuid, risk_uuid, origin, stop, description,
                                         responsible_member_uuid, due_date)
     VALUES ($1, $2, $3, 'custom', 'technical', '{"de_DE":"Lüftung","en_GB":"Ventilation"}', $4, current_date + $5::int)
     RETURNING uuid`,
    [client, evaluationUuid, risk?.uuid, owner, dueInDays],
  );
  if (!risk || !action) throw new Error('no risk or action');
  return { risk: risk.uuid, action: action.uuid };
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  member = await server.login('acme', 'member');
  ouAdmin = await server.login('acme', 'ou.admin');
  locAdmin = await server.login('acme', 'loc.admin');
  globexAdmin = await server.login('globex', 'admin');
  const [client] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'");
  acme = client?.uuid ?? '';
  memberId = await memberUuid(server.db, 'acme', 'member');
  staff = await server.db.query(
    `SELECT uuid, first_name || ' ' || last_name AS name, username FROM member
      WHERE client_uuid = $1 AND role = 'member' AND username <> 'member' AND archived_at IS NULL
        AND create_risk_assessment_tasks ORDER BY username LIMIT 6`,
    [acme],
  );
  const [root] = await server.db.query<{ uuid: string }>(
    'SELECT uuid FROM org_unit WHERE client_uuid = $1 AND parent_uuid IS NULL',
    [acme],
  );
  const created = await admin.post('/api/org-unit/create-org-unit', {
    orgUnitName: 'Evaluation unit',
    parentUuid: root?.uuid,
    adminUuids: [],
  });
  expect(created.statusCode, created.body).toBe(200);
  unit = (created.json() as { uuid: string }).uuid;
  const added = await admin.post('/api/org-unit/add-members-to-org-unit', {
    uuid: unit,
    memberUuids: [memberId, ...staff.map((each) => each.uuid)],
  });
  expect(added.statusCode, added.body).toBe(200);
  globexMember = await memberUuid(server.db, 'globex', 'fahrer1');
  const [archived] = await server.db.query<{ uuid: string }>(
    'SELECT uuid FROM member WHERE client_uuid = $1 AND archived_at IS NOT NULL LIMIT 1',
    [acme],
  );
  archivedMember = archived?.uuid ?? '';
  content = await ok<RiskAssessmentContent>(admin, 'read-content', { type: 'mental-load' });
  surveyTask = await createTask('mental-load', 'Evaluation survey');
});

afterAll(async () => {
  await server?.close();
});

/** Survey answers: the first question "does not apply" for everybody (high load), the second partly, the rest fine. */
function surveyValues(): Record<string, number> {
  const keys = content.groups.flatMap((group) => group.questions.map((question) => question.key));
  return Object.fromEntries(keys.map((key, index) => [key, index === 0 ? 4 : index === 1 ? 3 : index === 2 ? 2 : 1]));
}

describe('finishing the analysis phase', () => {
  it('is refused below 6 completed analyses and changes nothing', async () => {
    await completeByDatabase(
      surveyTask,
      staff.slice(0, 5).map((each) => each.uuid),
      surveyValues(),
    );
    const assignment = await assignmentOf(surveyTask);
    const list = evaluationListResponseSchema.parse(
      await ok(admin, 'read-assignment-overview-list', {
        filter: { search: 'Evaluation survey' },
        page: 1,
        perPage: 25,
        sortBy: 'title',
        sortDirection: 'asc',
      }),
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ status: 'analysing', completedMemberCount: 5, evaluationUuid: null });
    expectError(
      await admin.post(`${API}/finish-analysis`, { assignmentUuid: assignment }),
      400,
      'Task.NotEnoughCompletedMemberTasks',
    );
    const rows = await server.db.query('SELECT 1 FROM risk_assessment_evaluation WHERE assignment_uuid = $1', [
      assignment,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('read-details answers counts only below 6: the catalogue row, no evaluation, nobody who answered named', async () => {
    const response = await admin.post(`${API}/read-details`, { uuid: surveyTask });
    expect(response.statusCode, response.body).toBe(200);
    const details = riskAssessmentDetailsSchema.parse(response.json());
    const catalogue = await ok<{ items: unknown[] }>(admin, 'read-catalog-list', {
      filter: { search: 'Evaluation survey' },
    });
    expect(catalogue.items).toHaveLength(1);
    expect(details).toMatchObject(catalogue.items[0] as object);
    const [assigned] = await server.db.query<{ n: number }>(
      'SELECT count(DISTINCT member_uuid)::int AS n FROM risk_assessment_member_task WHERE task_uuid = $1',
      [surveyTask],
    );
    expect(details).toMatchObject({
      uuid: surveyTask,
      kind: 'survey',
      active: true,
      assignedMemberCount: assigned?.n,
      completedMemberCount: 5,
      assignmentCounts: { orgUnit: 1, location: 0, member: 0 },
      evaluatedAssignmentCount: 0,
    });
    for (const each of staff) {
      expect(response.body).not.toContain(each.uuid);
      expect(response.body).not.toContain(each.name);
    }
  });

  it('ends the phase for everybody at exactly 6, closing the analyses still open', async () => {
    // The sixth completes through the API, as a member does.
    const tasks = await ok<{ items: { uuid: string; title: string }[] }>(member, 'read-member-tasks', {
      filter: { status: 'open' },
      page: 1,
      perPage: 100,
      sortBy: 'dueDate',
      sortDirection: 'asc',
    });
    const task = tasks.items.find((each) => each.title === 'Evaluation survey');
    const { executionUuid } = await ok<{ executionUuid: string }>(member, 'create-execution', {
      memberTaskUuid: task?.uuid,
    });
    await ok(member, 'read-execution', { uuid: executionUuid });
    const answers = Object.entries(surveyValues()).map(([questionKey, value]) => ({ questionKey, value }));
    await ok(member, 'save-execution', { uuid: executionUuid, currentPage: 0, answers });
    await ok(member, 'complete-execution', { uuid: executionUuid });
    // The seventh started and never finished; his browser still holds the analysis' lock.
    const [open] = await server.db.query<{ uuid: string; execution: string }>(
      `WITH e AS (INSERT INTO risk_assessment_execution (client_uuid, task_uuid, assignment_uuid, member_uuid,
                                                        lock_token, locked_by_member_uuid, locked_until)
                  SELECT client_uuid, task_uuid, assignment_uuid, member_uuid, 'open-lock', member_uuid,
                         now() + interval '10 minutes' FROM risk_assessment_member_task
                   WHERE task_uuid = $1 AND member_uuid = $2 RETURNING uuid, member_uuid)
       UPDATE risk_assessment_member_task mt SET execution_uuid = e.uuid FROM e
        WHERE mt.task_uuid = $1 AND mt.member_uuid = e.member_uuid RETURNING mt.uuid, e.uuid AS execution`,
      [surveyTask, staff[5]?.uuid],
    );

    const assignment = await assignmentOf(surveyTask);
    const finished = await ok<{ uuid: string; riskCount: number; closedCount: number }>(admin, 'finish-analysis', {
      assignmentUuid: assignment,
    });
    evaluation = finished.uuid;
    expect(finished.riskCount).toBeGreaterThanOrEqual(3);
    expect(finished.closedCount).toBe(1);
    const [closed] = await server.db.query<{ closed_at: unknown }>(
      'SELECT closed_at FROM risk_assessment_member_task WHERE uuid = $1',
      [open?.uuid],
    );
    expect(closed?.closed_at).not.toBeNull();
    const [unlocked] = await server.db.query<{ lock_token: string | null; locked_until: unknown }>(
      'SELECT lock_token, locked_until FROM risk_assessment_execution WHERE uuid = $1',
      [open?.execution],
    );
    expect(unlocked).toEqual({ lock_token: null, locked_until: null });
    // Finishing twice is an invalid move.
    expectError(await admin.post(`${API}/finish-analysis`, { assignmentUuid: assignment }), 409, 'Risk.InvalidStatus');
    const details = riskAssessmentDetailsSchema.parse(await ok(admin, 'read-details', { uuid: surveyTask }));
    // Its one unit evaluated: the assessment's status follows the evaluation (catalogue and settings alike).
    expect(details).toMatchObject({ completedMemberCount: 6, evaluatedAssignmentCount: 1, status: 'risksCreated' });
    expect(await ok(admin, 'read-settings', { uuid: surveyTask })).toMatchObject({ status: 'risksCreated' });
  });

  it('keeps members out of a closed phase: no new answers, and their list says closed', async () => {
    const other = await server.login('acme', staff[5]?.username ?? '');
    const [row] = await server.db.query<{ execution_uuid: string }>(
      'SELECT execution_uuid FROM risk_assessment_member_task WHERE task_uuid = $1 AND member_uuid = $2',
      [surveyTask, staff[5]?.uuid],
    );
    const read = await ok<{ phaseEnded: boolean; lock: unknown }>(other, 'read-execution', {
      uuid: row?.execution_uuid,
    });
    expect(read).toMatchObject({ phaseEnded: true, lock: null });
    expectError(
      await other.post(`${API}/save-execution`, { uuid: row?.execution_uuid, currentPage: 0, answers: [] }),
      409,
      'Task.Inactive',
    );
    const tasks = await ok<{ items: { title: string; closedAt: string | null }[] }>(other, 'read-member-tasks', {
      filter: { status: 'all' },
      page: 1,
      perPage: 100,
      sortBy: 'dueDate',
      sortDirection: 'asc',
    });
    expect(tasks.items.find((each) => each.title === 'Evaluation survey')?.closedAt).not.toBeNull();
  });
});

describe('the evaluation of a survey', () => {
  it('shows the risks with factor, load, source, target and status, sorted and filtered in the database', async () => {
    const list = riskListResponseSchema.parse(
      await ok(admin, 'read-risk-list', {
        uuid: evaluation,
        filter: {},
        page: 1,
        perPage: 100,
        sortBy: 'riskFactor',
        sortDirection: 'desc',
      }),
    );
    const first = list.items[0];
    // Everybody said "does not apply" (weight 3) to the first question: probability 5.
    expect(first?.questionKey).toBe(content.groups[0]?.questions[0]?.key);
    expect(first).toMatchObject({ probability: 5, status: 'riskActionDefine' });
    expect(first?.load.de_DE.length).toBeGreaterThan(0);
    expect(first?.source.en_GB.length).toBeGreaterThan(0);
    const factors = list.items.map((risk) => risk.riskFactor);
    expect(factors).toEqual([...factors].sort((a, b) => b - a));
    const cell = await ok<{ items: { probability: number; severity: number }[] }>(admin, 'read-risk-list', {
      uuid: evaluation,
      filter: { probability: first?.probability, severity: first?.severity },
      page: 1,
      perPage: 25,
      sortBy: 'riskFactor',
      sortDirection: 'desc',
    });
    expect(cell.items.length).toBeGreaterThan(0);
    expect(
      cell.items.every((risk) => risk.probability === first?.probability && risk.severity === first?.severity),
    ).toBe(true);
    const details = evaluationDetailsSchema.parse(
      await ok(admin, 'read-execution-result-details', { uuid: evaluation }),
    );
    expect(details).toMatchObject({ status: 'risksCreated', analysisCount: 6, kind: 'survey', assessors: [] });
    expect(details.matrix.reduce((sum, entry) => sum + entry.count, 0)).toBe(details.riskCount);
  });

  it('read-risk-details answers one risk as the list shows it, with its STOP measures and its actions (none yet)', async () => {
    const list = riskListResponseSchema.parse(
      await ok(admin, 'read-risk-list', {
        uuid: evaluation,
        filter: {},
        page: 1,
        perPage: 100,
        sortBy: 'riskFactor',
        sortDirection: 'desc',
      }),
    );
    expect(list.items.length).toBeGreaterThan(0);
    for (const risk of list.items) {
      const details = riskDetailsSchema.parse(await ok(admin, 'read-risk-details', { uuid: risk.uuid }));
      expect(details).toMatchObject(risk);
      expect(details).toMatchObject({
        evaluationUuid: evaluation,
        evaluationStatus: 'risksCreated',
        matrixVersion: 'nohl-additive-5x5-v1',
        actions: [],
      });
      expect(details.level).toBe(risk.level);
    }
    const first = riskDetailsSchema.parse(await ok(admin, 'read-risk-details', { uuid: list.items[0]?.uuid }));
    const question = content.groups.flatMap((group) => group.questions).find((each) => each.key === first.questionKey);
    expect(first.measures).toEqual(question?.measures);
    expect(first.measures.length).toBeGreaterThan(0);
    for (const measure of first.measures) expect(STOP_TYPES).toContain(measure.stop);
  });

  it('names nobody with a unit of exactly 6: no name, username or uuid of a member who answered', async () => {
    const risks = await ok<{ items: { uuid: string }[] }>(admin, 'read-risk-list', {
      uuid: evaluation,
      filter: {},
      page: 1,
      perPage: 100,
      sortBy: 'riskFactor',
      sortDirection: 'desc',
    });
    const riskDetails = await Promise.all(
      risks.items.map(async (risk) => (await admin.post(`${API}/read-risk-details`, { uuid: risk.uuid })).body),
    );
    // A risk's details carry nothing beyond the contract: no answer counts, no analyses, no respondent.
    for (const body of riskDetails) {
      expect(Object.keys(JSON.parse(body)).sort()).toEqual(Object.keys(riskDetailsSchema.shape).sort());
    }
    const bodies = [
      ...riskDetails,
      (await admin.post(`${API}/read-risk-action-status`, { uuid: evaluation })).body,
      (await admin.post(`${API}/read-details`, { uuid: surveyTask })).body,
      (await admin.post(`${API}/read-execution-result-details`, { uuid: evaluation })).body,
      (
        await admin.post(`${API}/read-risk-list`, {
          uuid: evaluation,
          filter: {},
          page: 1,
          perPage: 100,
          sortBy: 'riskFactor',
          sortDirection: 'desc',
        })
      ).body,
      (
        await admin.post(`${API}/read-assignment-overview-list`, {
          filter: { search: 'Evaluation survey' },
          page: 1,
          perPage: 25,
          sortBy: 'title',
          sortDirection: 'asc',
        })
      ).body,
    ];
    const [row] = await server.db.query<{ name: string }>(
      "SELECT first_name || ' ' || last_name AS name FROM member WHERE uuid = $1",
      [memberId],
    );
    const respondents = [...staff.slice(0, 5), { uuid: memberId, name: row?.name ?? '', username: 'member' }];
    for (const body of bodies) {
      for (const each of respondents) {
        expect(body).not.toContain(each.uuid);
        expect(body).not.toContain(each.name);
      }
    }
    // The stored results hold nothing that leads back either.
    const results = await server.db.query(
      `SELECT execution_uuid, assessed_by_member_uuid, assessed_by_name FROM risk_assessment_result r
        JOIN risk_assessment_evaluation ev ON ev.assignment_uuid = r.assignment_uuid WHERE ev.uuid = $1`,
      [evaluation],
    );
    expect(results).toHaveLength(6);
    expect(results.every((each) => Object.values(each as object).every((value) => value === null))).toBe(true);
  });

  it('answers another client and a role outside the unit as if the evaluation did not exist', async () => {
    expectError(
      await globexAdmin.post(`${API}/read-execution-result-details`, { uuid: evaluation }),
      403,
      'Auth.FeatureDisabled',
    );
    // ou.admin administers other units only.
    expectError(await ouAdmin.post(`${API}/read-execution-result-details`, { uuid: evaluation }), 404, 'Risk.NotFound');
  });
});

describe('the details calls: scope and roles', () => {
  it("answers another client's risk, action and evaluation exactly as uuids that do not exist", async () => {
    const [globex] = await server.db.query<{ client: string; root: string }>(
      `SELECT c.uuid AS client, o.uuid AS root FROM client c JOIN org_unit o ON o.client_uuid = c.uuid
        WHERE c.identifier = 'globex' AND o.parent_uuid IS NULL`,
    );
    const foreignEvaluation = await evaluationByDatabase(globex?.client ?? '', globex?.root ?? '', 'Globex evaluation');
    const foreign = await riskWithAction(globex?.client ?? '', foreignEvaluation, globexMember, 10);
    const [globexTask] = await server.db.query<{ task_uuid: string }>(
      'SELECT task_uuid FROM risk_assessment_evaluation WHERE uuid = $1',
      [foreignEvaluation],
    );
    for (const [call, uuid, code] of [
      ['read-details', globexTask?.task_uuid, 'RiskAssessmentTask.NotFound'],
      ['read-risk-details', foreign.risk, 'Risk.NotFound'],
      ['read-risk-action-status', foreignEvaluation, 'Risk.NotFound'],
      ['read-risk-action-details', foreign.action, 'Action.NotFound'],
    ] as const) {
      const theirs = await admin.post(`${API}/${call}`, { uuid });
      const unknown = await admin.post(`${API}/${call}`, { uuid: crypto.randomUUID() });
      expectError(theirs, 404, code);
      expectError(unknown, 404, code);
      expect(theirs.body, call).toBe(unknown.body);
    }
  });

  it('refuses members and loc-admins; an ou-admin reads his own units only and may not confirm', async () => {
    const [risk] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM risk_assessment_risk WHERE evaluation_uuid = $1 LIMIT 1',
      [evaluation],
    );
    for (const agent of [member, locAdmin]) {
      for (const [call, uuid] of [
        ['read-details', surveyTask],
        ['read-risk-details', risk?.uuid],
        ['read-risk-action-status', evaluation],
        ['read-risk-action-details', crypto.randomUUID()],
      ] as const) {
        expectError(await agent.post(`${API}/${call}`, { uuid }), 403, 'Auth.Forbidden');
      }
    }
    // The catalogue is the admins' alone.
    expectError(await ouAdmin.post(`${API}/read-details`, { uuid: surveyTask }), 403, 'Auth.Forbidden');
    // ou.admin administers Produktion and Logistik, not the evaluated unit.
    expectError(await ouAdmin.post(`${API}/read-risk-details`, { uuid: risk?.uuid }), 404, 'Risk.NotFound');
    expectError(await ouAdmin.post(`${API}/read-risk-action-status`, { uuid: evaluation }), 404, 'Risk.NotFound');

    // An evaluation of Produktion: one risk decided by an overdue action, so confirming is possible, for an admin.
    const [produktion] = await server.db.query<{ uuid: string }>(
      "SELECT uuid FROM org_unit WHERE client_uuid = $1 AND name = 'Produktion'",
      [acme],
    );
    const own = await evaluationByDatabase(acme, produktion?.uuid ?? '', 'Details: Produktion');
    const { risk: ownRisk, action: ownAction } = await riskWithAction(acme, own, staff[0]?.uuid ?? '', -1);
    const expected = {
      uuid: own,
      status: 'risksCreated',
      riskCount: 1,
      riskCounts: { open: 0, riskActionDefine: 0, riskActionDefined: 1, riskActionAgreed: 0, done: 0 },
      undecidedRiskCount: 0,
      notRelevantRiskCount: 0,
      actionCounts: { total: 1, open: 1, overdue: 1, done: 0 },
    };
    const theirs = riskActionStatusSchema.parse(await ok(ouAdmin, 'read-risk-action-status', { uuid: own }));
    expect(theirs).toEqual({ ...expected, canConfirm: false });
    expectError(await ouAdmin.post(`${API}/confirm-risk-actions`, { uuid: own }), 403, 'Auth.Forbidden');
    const admins = riskActionStatusSchema.parse(await ok(admin, 'read-risk-action-status', { uuid: own }));
    expect(admins).toEqual({ ...expected, canConfirm: true });
    const risk0 = riskDetailsSchema.parse(await ok(ouAdmin, 'read-risk-details', { uuid: ownRisk }));
    expect(risk0).toMatchObject({ uuid: ownRisk, evaluationUuid: own, riskFactor: 5, level: 'medium' });
    expect(risk0.actions.map((each) => each.uuid)).toEqual([ownAction]);
    const action0 = riskActionDetailsSchema.parse(await ok(ouAdmin, 'read-risk-action-details', { uuid: ownAction }));
    const [yesterday] = await server.db.query<{ day: string }>('SELECT (current_date - 1)::text AS day');
    expect(action0).toMatchObject({
      uuid: ownAction,
      riskUuid: ownRisk,
      evaluationUuid: own,
      origin: 'custom',
      measureIndex: null,
      description: { de_DE: 'Lüftung', en_GB: 'Ventilation' },
      responsibleMemberUuid: staff[0]?.uuid,
      responsibleName: staff[0]?.name,
      dueDate: yesterday?.day,
      doneAt: null,
      doneByName: null,
    });
    // The confirm call agrees with canConfirm.
    expect(await ok(admin, 'confirm-risk-actions', { uuid: own })).toEqual({ status: 'actionsAgreed' });
    expect(riskActionStatusSchema.parse(await ok(admin, 'read-risk-action-status', { uuid: own }))).toMatchObject({
      status: 'actionsAgreed',
      riskCounts: { riskActionDefined: 0, riskActionAgreed: 1 },
      canConfirm: false,
    });
  });
});

describe('actions and the status machines', () => {
  let risks: { uuid: string; riskFactor: number; measures: unknown[] }[];
  let firstAction: string;

  it('refuses to confirm while a risk above very low is undecided, changing nothing', async () => {
    risks = (
      await ok<{ items: typeof risks }>(admin, 'read-risk-list', {
        uuid: evaluation,
        filter: {},
        page: 1,
        perPage: 100,
        sortBy: 'riskFactor',
        sortDirection: 'desc',
      })
    ).items;
    const before = await evaluationState(evaluation);
    // The action status says so beforehand: the confirm button stays disabled.
    const status = riskActionStatusSchema.parse(await ok(admin, 'read-risk-action-status', { uuid: evaluation }));
    const details = evaluationDetailsSchema.parse(
      await ok(admin, 'read-execution-result-details', { uuid: evaluation }),
    );
    expect(status).toMatchObject({
      uuid: evaluation,
      status: 'risksCreated',
      riskCount: risks.length,
      undecidedRiskCount: details.undecidedRiskCount,
      notRelevantRiskCount: 0,
      actionCounts: { total: 0, open: 0, overdue: 0, done: 0 },
      canConfirm: false,
    });
    expect(status.undecidedRiskCount).toBe(risks.filter((risk) => risk.riskFactor > 2).length);
    expect(status.riskCounts).toEqual({
      open: risks.filter((risk) => risk.riskFactor <= 2).length,
      riskActionDefine: status.undecidedRiskCount,
      riskActionDefined: 0,
      riskActionAgreed: 0,
      done: 0,
    });
    expectError(await admin.post(`${API}/confirm-risk-actions`, { uuid: evaluation }), 409, 'Risk.InvalidStatus');
    expect(await evaluationState(evaluation)).toEqual(before);
  });

  it('defines a proposed action with owner, STOP type, due date and note; refuses bad owners and past dates', async () => {
    const risk = risks[0];
    const action = {
      riskUuid: risk?.uuid,
      origin: 'proposed',
      measureIndex: 0,
      stop: 'organisational',
      responsibleMemberUuid: staff[0]?.uuid,
      dueDate: inDays(14),
      note: 'Mit dem Betriebsrat abstimmen',
    };
    const before = await evaluationState(evaluation);
    expectError(
      await admin.post(`${API}/create-risk-action`, { ...action, dueDate: '2020-01-01' }),
      400,
      'Action.InvalidDueDate',
    );
    expectError(
      await admin.post(`${API}/create-risk-action`, { ...action, responsibleMemberUuid: globexMember }),
      404,
      'Member.NotFound',
    );
    expectError(
      await admin.post(`${API}/create-risk-action`, { ...action, responsibleMemberUuid: archivedMember }),
      404,
      'Member.NotFound',
    );
    expectError(
      await admin.post(`${API}/create-risk-action`, { ...action, measureIndex: 40 }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(
      await admin.post(`${API}/complete-risk-action`, { uuid: crypto.randomUUID(), doneAt: today() }),
      404,
      'Action.NotFound',
    );
    expect(await evaluationState(evaluation)).toEqual(before);

    firstAction = (await ok<{ uuid: string }>(admin, 'create-risk-action', action)).uuid;
    expectError(await admin.post(`${API}/create-risk-action`, action), 409, 'Action.Exists');
    // A risk with an action cannot be marked not relevant.
    expectError(
      await admin.post(`${API}/set-risk-not-relevant`, { uuid: risk?.uuid, notRelevant: true, reason: null }),
      409,
      'Risk.InvalidStatus',
    );
    // Not agreed yet: nothing can be marked done.
    expectError(
      await admin.post(`${API}/complete-risk-action`, { uuid: firstAction, doneAt: today() }),
      409,
      'Risk.InvalidStatus',
    );
    await ok(admin, 'update-risk-action', {
      uuid: firstAction,
      stop: 'technical',
      responsibleMemberUuid: staff[1]?.uuid,
      dueDate: inDays(21),
      note: 'Neuer Termin',
    });
    const list = riskActionListResponseSchema.parse(
      await ok(admin, 'read-risk-action-list', {
        uuid: evaluation,
        filter: {},
        page: 1,
        perPage: 25,
        sortBy: 'dueDate',
        sortDirection: 'asc',
      }),
    );
    expect(list.items[0]).toMatchObject({
      stop: 'technical',
      responsibleName: staff[1]?.name,
      dueDate: inDays(21),
      note: 'Neuer Termin',
      origin: 'proposed',
    });
    const [risk0] = await server.db.query<{ status: string }>(
      'SELECT status FROM risk_assessment_risk WHERE uuid = $1',
      [risk?.uuid],
    );
    expect(risk0?.status).toBe('riskActionDefined');

    // The risk's details list the action; the action's details answer what was saved.
    const riskDetails = riskDetailsSchema.parse(await ok(admin, 'read-risk-details', { uuid: risk?.uuid }));
    expect(riskDetails).toMatchObject({ status: 'riskActionDefined', actionCount: 1, takenMeasures: [0] });
    expect(riskDetails.actions).toEqual([list.items[0]]);
    const details = riskActionDetailsSchema.parse(await ok(admin, 'read-risk-action-details', { uuid: firstAction }));
    expect(details).toEqual({
      ...list.items[0],
      evaluationUuid: evaluation,
      evaluationStatus: 'risksCreated',
      measureIndex: 0,
      riskStatus: 'riskActionDefined',
      hazardFactorGroup: riskDetails.hazardFactorGroup,
      source: riskDetails.source,
      target: riskDetails.target,
    });
    expect(details).toMatchObject({
      uuid: firstAction,
      riskUuid: risk?.uuid,
      description: riskDetails.measures[0]?.text,
      stop: 'technical',
      responsibleMemberUuid: staff[1]?.uuid,
      responsibleName: staff[1]?.name,
      dueDate: inDays(21),
      note: 'Neuer Termin',
      doneAt: null,
      doneByName: null,
    });
    const status = riskActionStatusSchema.parse(await ok(admin, 'read-risk-action-status', { uuid: evaluation }));
    expect(status).toMatchObject({
      actionCounts: { total: 1, open: 1, overdue: 0, done: 0 },
      undecidedRiskCount: risks.filter((each) => each.riskFactor > 2).length - 1,
      canConfirm: false,
    });
  });

  it('confirms once every risk is decided, then agreed actions are done one by one until the assessment is', async () => {
    // A custom action for the second risk, the rest not relevant.
    await ok(admin, 'create-risk-action', {
      riskUuid: risks[1]?.uuid,
      origin: 'custom',
      description: '=HYPERLINK("http://evil.example","klick")',
      stop: 'personal',
      responsibleMemberUuid: staff[2]?.uuid,
      dueDate: inDays(30),
      note: null,
    });
    for (const risk of risks.slice(2).filter((each) => each.riskFactor > 2)) {
      await ok(admin, 'set-risk-not-relevant', { uuid: risk.uuid, notRelevant: true, reason: 'Bereits geregelt' });
    }
    const decided = riskActionStatusSchema.parse(await ok(admin, 'read-risk-action-status', { uuid: evaluation }));
    expect(decided).toMatchObject({
      status: 'risksCreated',
      undecidedRiskCount: 0,
      notRelevantRiskCount: risks.slice(2).filter((each) => each.riskFactor > 2).length,
      actionCounts: { total: 2, open: 2, done: 0 },
      canConfirm: true,
    });
    expect(await ok(admin, 'confirm-risk-actions', { uuid: evaluation })).toEqual({ status: 'actionsAgreed' });
    expectError(await admin.post(`${API}/confirm-risk-actions`, { uuid: evaluation }), 409, 'Risk.InvalidStatus');
    expect(await ok(admin, 'read-details', { uuid: surveyTask })).toMatchObject({ status: 'actionsAgreed' });
    const agreed = riskActionStatusSchema.parse(await ok(admin, 'read-risk-action-status', { uuid: evaluation }));
    expect(agreed).toMatchObject({ status: 'actionsAgreed', canConfirm: false });
    expect(agreed.riskCounts).toEqual({
      open: 0,
      riskActionDefine: 0,
      riskActionDefined: 0,
      riskActionAgreed: 2,
      done: risks.length - 2,
    });
    const before = await evaluationState(evaluation);
    expectError(
      await admin.post(`${API}/create-risk-action`, {
        riskUuid: risks[0]?.uuid,
        origin: 'custom',
        description: 'Zu spät',
        stop: 'personal',
        responsibleMemberUuid: staff[2]?.uuid,
        dueDate: inDays(30),
        note: null,
      }),
      409,
      'Risk.InvalidStatus',
    );
    expectError(
      await admin.post(`${API}/set-risk-not-relevant`, { uuid: risks[0]?.uuid, notRelevant: false, reason: null }),
      409,
      'Risk.InvalidStatus',
    );
    expect(await evaluationState(evaluation)).toEqual(before);

    // Members of the unit see what was agreed.
    const mine = unitActionsResponseSchema.parse(await ok(member, 'read-unit-actions', {}));
    expect(mine.items.map((each) => each.description.de_DE)).toContain('=HYPERLINK("http://evil.example","klick")');

    // The owner of an open action cannot be archived.
    expectError(
      await admin.post('/api/memberlist/archivemember', { uuids: [staff[1]?.uuid] }),
      409,
      'Member.HasResponsibleRiskAction',
    );

    const actions = riskActionListResponseSchema.parse(
      await ok(admin, 'read-risk-action-list', {
        uuid: evaluation,
        filter: {},
        page: 1,
        perPage: 25,
        sortBy: 'dueDate',
        sortDirection: 'asc',
      }),
    ).items;
    expectError(
      await admin.post(`${API}/complete-risk-action`, { uuid: actions[0]?.uuid, doneAt: inDays(3) }),
      400,
      'Action.InvalidDueDate',
    );
    expect(await ok(admin, 'complete-risk-action', { uuid: actions[0]?.uuid, doneAt: today() })).toEqual({
      status: 'actionsAgreed',
    });
    expectError(
      await admin.post(`${API}/complete-risk-action`, { uuid: actions[0]?.uuid, doneAt: today() }),
      409,
      'Risk.InvalidStatus',
    );
    expect(await ok(admin, 'complete-risk-action', { uuid: actions[1]?.uuid, doneAt: today() })).toEqual({
      status: 'done',
    });
    const details = evaluationDetailsSchema.parse(
      await ok(admin, 'read-execution-result-details', { uuid: evaluation }),
    );
    expect(details).toMatchObject({ status: 'done', actionCount: 2, doneActionCount: 2 });
    expect(details.doneAt).not.toBeNull();
    const catalogue = await ok<{ items: Array<{ uuid: string; status: string }> }>(admin, 'read-catalog-list', {
      filter: { search: 'Evaluation survey' },
      sortBy: 'status',
    });
    expect(catalogue.items.find((item) => item.uuid === surveyTask)?.status).toBe('done');
    const done = await ok<{ items: { doneByName: string | null }[] }>(admin, 'read-risk-action-list', {
      uuid: evaluation,
      filter: { done: true },
      page: 1,
      perPage: 25,
      sortBy: 'dueDate',
      sortDirection: 'asc',
    });
    expect(done.items).toHaveLength(2);
    expect(done.items[0]?.doneByName).toBeTruthy();
    const [adminRow] = await server.db.query<{ name: string }>(
      `SELECT first_name || ' ' || last_name AS name FROM member WHERE client_uuid = $1 AND username = 'admin'`,
      [acme],
    );
    const doneAction = riskActionDetailsSchema.parse(
      await ok(admin, 'read-risk-action-details', { uuid: actions[0]?.uuid }),
    );
    expect(doneAction).toMatchObject({
      evaluationStatus: 'done',
      riskStatus: 'done',
      doneAt: today(),
      doneByName: adminRow?.name,
    });
    expect(
      riskActionStatusSchema.parse(await ok(admin, 'read-risk-action-status', { uuid: evaluation })),
    ).toMatchObject({ status: 'done', actionCounts: { total: 2, open: 0, overdue: 0, done: 2 }, canConfirm: false });
    // A done action is history.
    expectError(
      await admin.post(`${API}/update-risk-action`, {
        uuid: firstAction,
        stop: 'technical',
        responsibleMemberUuid: staff[1]?.uuid,
        dueDate: inDays(21),
        note: null,
      }),
      409,
      'Risk.InvalidStatus',
    );
  });

  it("an action's details name its owner and who marked it done, nobody else who answered", async () => {
    const [row] = await server.db.query<{ name: string }>(
      "SELECT first_name || ' ' || last_name AS name FROM member WHERE uuid = $1",
      [memberId],
    );
    const respondents = [...staff.slice(0, 5), { uuid: memberId, name: row?.name ?? '', username: 'member' }];
    const actions = riskActionListResponseSchema.parse(
      await ok(admin, 'read-risk-action-list', {
        uuid: evaluation,
        filter: {},
        page: 1,
        perPage: 25,
        sortBy: 'dueDate',
        sortDirection: 'asc',
      }),
    ).items;
    expect(actions).toHaveLength(2);
    for (const action of actions) {
      const response = await admin.post(`${API}/read-risk-action-details`, { uuid: action.uuid });
      expect(response.statusCode, response.body).toBe(200);
      expect(Object.keys(response.json() as object).sort()).toEqual(Object.keys(riskActionDetailsSchema.shape).sort());
      for (const each of respondents.filter((person) => person.uuid !== action.responsibleMemberUuid)) {
        expect(response.body).not.toContain(each.uuid);
        expect(response.body).not.toContain(each.name);
      }
    }
  });

  it('exports the action list as PDF (licensee, date, item x of y) and xlsx without formulas', async () => {
    const pdf = await admin.post(`${API}/export-risk-action-list`, {
      uuid: evaluation,
      format: 'pdf',
      language: 'de_DE',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Dashboard');
    expect(text).toContain('Maßnahmenliste: Evaluation survey (Evaluation unit)');
    expect(text).toContain('1 von 2');
    expect(text).toContain('2 von 2');
    expect(text).toContain('Seite 1 von 1');
    const [day] = today().split('-').reverse().join('.').split(' ');
    expect(text).toContain(day);

    const xlsx = await admin.post(`${API}/export-risk-action-list`, {
      uuid: evaluation,
      format: 'xlsx',
      language: 'en_GB',
    });
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values: unknown[] = [];
    sheet?.eachRow((row) => {
      row.eachCell((cell) => {
        values.push(cell.value);
        expect(cell.formula).toBeFalsy();
      });
    });
    expect(values).toContain('Dashboard');
    expect(values.some((value) => String(value).startsWith("'=HYPERLINK"))).toBe(true);
    expect(values).toContain('1 of 2');
  });
});

describe('an inspection', () => {
  it('names who assessed', async () => {
    const task = await createTask('vdu-workstation', 'Evaluation inspection');
    const inspection = await ok<RiskAssessmentContent>(admin, 'read-content', { type: 'vdu-workstation' });
    const values = Object.fromEntries(
      inspection.groups.flatMap((group) => group.questions).map((question, index) => [question.key, index < 3 ? 3 : 1]),
    );
    await completeByDatabase(
      task,
      staff.map((each) => each.uuid),
      values,
    );
    const finished = await ok<{ uuid: string }>(admin, 'finish-analysis', { assignmentUuid: await assignmentOf(task) });
    const details = evaluationDetailsSchema.parse(
      await ok(admin, 'read-execution-result-details', { uuid: finished.uuid }),
    );
    expect(details.kind).toBe('inspection');
    expect(details.assessors.map((each) => each.name).sort()).toEqual(staff.map((each) => each.name).sort());
  });
});

describe('the demo seed', () => {
  it('shows an evaluated unit with agreed actions (one done) and a survey unit ready to finish', async () => {
    const list = evaluationListResponseSchema.parse(
      await ok(admin, 'read-assignment-overview-list', {
        filter: {},
        page: 1,
        perPage: 100,
        sortBy: 'title',
        sortDirection: 'asc',
      }),
    );
    const agreed = list.items.find((item) => item.status === 'actionsAgreed' && item.targetName === 'Verwaltung');
    expect(agreed?.evaluationUuid).toBeTruthy();
    const details = evaluationDetailsSchema.parse(
      await ok(admin, 'read-execution-result-details', { uuid: agreed?.evaluationUuid }),
    );
    expect(details).toMatchObject({ kind: 'inspection', actionCount: 3, doneActionCount: 1, undecidedRiskCount: 0 });
    expect(details.assessors.length).toBeGreaterThanOrEqual(6);
    const survey = list.items.find(
      (item) => item.title === 'Psychische Belastung 2026' && item.targetName === 'Produktion',
    );
    expect(survey).toMatchObject({ status: 'analysing', completedMemberCount: 7 });
  });
});
