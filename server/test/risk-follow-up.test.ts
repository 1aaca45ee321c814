import {
  EFFECTIVENESS_CHECK_AFTER_DAYS,
  evaluationDetailsSchema,
  evaluationListResponseSchema,
  myRiskActionsResponseSchema,
  riskActionListResponseSchema,
  startTaskCountsSchema,
} from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../src/core/mail/mailer';
import { RISK_ACTION_CHECK_REMINDERS } from '../src/modules/reminders/kinds';
import { runReminders } from '../src/modules/reminders/scheduler';
import { pdfText as pdfLines } from './elearning-player-helpers';
import { type Agent, createTestServer, expectError, memberUuid, postOk, type TestServer } from './helpers';

/**
 * After "actions agreed" (docs/risk-assessment-follow-up.md): the responsible member carries out and checks his
 * action, "not effective" reopens the risk, an admin signs the evaluation off (read-only from then on) and starts a
 * new round from it, the old round kept as history.
 */
const API = '/api/risk-assessment';

let server: TestServer;
let admin: Agent;
let member: Agent;
let colleague: Agent;
let globexAdmin: Agent;
let acme: string;
let memberId: string;
let unit: string;
let questionKeys: string[];

const ok = <T = Record<string, unknown>>(agent: Agent, call: string, body: unknown) =>
  postOk<T>(agent, `${API}/${call}`, body);

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An evaluation in risksCreated made in the database (the analysis flow is risk-evaluation.test.ts's), with two risks
 * of the survey's first questions (factor 5) and one action each, both owned by `owner`.
 */
async function evaluationWithActions(title: string, owner: string) {
  const [evaluation] = await server.db.query<{ uuid: string }>(
    `WITH t AS (INSERT INTO risk_assessment_task (client_uuid, title, type, due_date)
                VALUES ($1, $3, 'mental-load', current_date + 30) RETURNING uuid),
          a AS (INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, org_unit_uuid)
                SELECT $1, t.uuid, 'org-unit', $2 FROM t RETURNING uuid, task_uuid)
     INSERT INTO risk_assessment_evaluation (client_uuid, task_uuid, assignment_uuid, analysis_count, matrix_version)
     SELECT $1, a.task_uuid, a.uuid, 6, 'nohl-additive-5x5-v1' FROM a RETURNING uuid`,
    [acme, unit, title],
  );
  const risks = await server.db.query<{ uuid: string }>(
    `INSERT INTO risk_assessment_risk (client_uuid, evaluation_uuid, question_key, group_key, hazard_factor_group, load,
                                       source, target, measures, probability, severity, risk_factor, matrix_version, status)
     SELECT $1, $2, q.key, q.group_key, q.hazard_factor_group, q.load, q.source, q.target, q.measures, 2, 3, 5,
            'nohl-additive-5x5-v1', 'riskActionDefine'
       FROM risk_assessment_question q WHERE q.type_identifier = 'mental-load' AND q.key = ANY($3::text[])
      ORDER BY q.key RETURNING uuid`,
    [acme, evaluation?.uuid, questionKeys],
  );
  const actions: string[] = [];
  for (const [index, risk] of risks.entries()) {
    const { uuid } = await ok<{ uuid: string }>(admin, 'create-risk-action', {
      riskUuid: risk.uuid,
      origin: 'custom',
      description: `${index === 0 ? 'Pausenregelung für Schichtarbeit einführen' : 'Lärmschutzwand an der Presse'} (${title})`,
      stop: index === 0 ? 'organisational' : 'technical',
      responsibleMemberUuid: owner,
      dueDate: inDays(14),
      note: null,
    });
    actions.push(uuid);
  }
  if (!evaluation || risks.length !== 2) throw new Error('no evaluation');
  return { evaluation: evaluation.uuid, risks: risks.map((risk) => risk.uuid), actions };
}

/** The PDF's text on one line: a cell wrapped over several lines reads as it was written. */
const pdfText = (bytes: Buffer) => pdfLines(bytes).replace(/\n/g, ' ');

const details = async (agent: Agent, uuid: string) =>
  evaluationDetailsSchema.parse(await ok(agent, 'read-execution-result-details', { uuid }));

const myActions = async (agent: Agent, state?: 'open' | 'checkDue' | 'checked') =>
  myRiskActionsResponseSchema.parse(
    await ok(agent, 'read-my-risk-actions', { filter: state ? { state } : {}, perPage: 100 }),
  );

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  member = await server.login('acme', 'member');
  // Globex has risk assessments off in the demo: on here, so that its admin reaches the calls and meets the client scope.
  await server.db.query("UPDATE client SET feature_risk_assessments = true WHERE identifier = 'globex'");
  globexAdmin = await server.login('globex', 'admin');
  const [client] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'");
  acme = client?.uuid ?? '';
  memberId = await memberUuid(server.db, 'acme', 'member');
  const [other] = await server.db.query<{ username: string }>(
    `SELECT username FROM member WHERE client_uuid = $1 AND role = 'member' AND username <> 'member'
        AND archived_at IS NULL AND status = 'active' ORDER BY username LIMIT 1`,
    [acme],
  );
  colleague = await server.login('acme', other?.username ?? '');
  const [root] = await server.db.query<{ uuid: string }>(
    'SELECT uuid FROM org_unit WHERE client_uuid = $1 AND parent_uuid IS NULL',
    [acme],
  );
  unit = root?.uuid ?? '';
  const keys = await server.db.query<{ key: string }>(
    "SELECT key FROM risk_assessment_question WHERE type_identifier = 'mental-load' ORDER BY key LIMIT 2",
  );
  questionKeys = keys.map((row) => row.key);
});

afterAll(async () => {
  await server?.close();
});

describe('effectiveness checks', () => {
  it('the responsible member carries out and checks his action; "not effective" reopens the risk', async () => {
    const { evaluation, risks, actions } = await evaluationWithActions('Follow-up: effectiveness', memberId);
    const [first = '', second = ''] = actions;
    // Proposals are no tasks yet: nothing in "my actions" until the actions are agreed.
    expect((await myActions(member)).items.filter((item) => item.evaluationUuid === evaluation)).toEqual([]);
    await ok(admin, 'confirm-risk-actions', { uuid: evaluation });

    const open = await myActions(member, 'open');
    const mine = open.items.filter((item) => item.evaluationUuid === evaluation);
    expect(mine.map((item) => item.uuid).sort()).toEqual([...actions].sort());
    expect(mine.every((item) => item.canComplete && item.title === 'Follow-up: effectiveness')).toBe(true);
    const counts = startTaskCountsSchema.parse((await member.get('/api/start/read-task-counts')).json());
    expect(counts.myRiskActions?.open).toBe(open.counts.open);

    // Somebody else's action is unknown to a member; checking an action not done yet is refused.
    expectError(
      await colleague.post(`${API}/complete-risk-action`, { uuid: first, doneAt: today() }),
      404,
      'Action.NotFound',
    );
    expectError(
      await member.post(`${API}/check-risk-action`, { uuid: first, result: 'effective', note: null }),
      409,
      'Action.NotDone',
    );

    // Done today: the check falls due EFFECTIVENESS_CHECK_AFTER_DAYS later.
    expect((await ok(member, 'complete-risk-action', { uuid: first, doneAt: today() })).status).toBe('actionsAgreed');
    const due = (await myActions(member, 'checkDue')).items.find((item) => item.uuid === first);
    expect(due?.checkDueDate).toBe(inDays(EFFECTIVENESS_CHECK_AFTER_DAYS));
    expect(due?.canComplete).toBe(false);
    // The start page counts a check once it has fallen due, not before.
    const dueChecks = async () =>
      startTaskCountsSchema.parse((await member.get('/api/start/read-task-counts')).json()).myRiskActions?.checkDue;
    const dueBefore = await dueChecks();
    await server.db.query('UPDATE risk_assessment_action SET check_due_date = current_date WHERE uuid = $1', [first]);
    expect(await dueChecks()).toBe((dueBefore ?? 0) + 1);

    // "Not (fully) effective" needs a reason; nothing is written without it.
    expectError(
      await member.post(`${API}/check-risk-action`, { uuid: first, result: 'notEffective', note: '  ' }),
      400,
      'Action.CheckNoteRequired',
    );
    expect((await myActions(member, 'checkDue')).items.some((item) => item.uuid === first)).toBe(true);
    const checked = await ok(member, 'check-risk-action', {
      uuid: first,
      result: 'notEffective',
      note: 'Die Pausen werden in der Spätschicht nicht eingehalten.',
    });
    expect(checked).toEqual({ reopened: true, needsNewRound: false });
    expectError(
      await member.post(`${API}/check-risk-action`, { uuid: first, result: 'effective', note: null }),
      409,
      'Action.AlreadyChecked',
    );

    let head = await details(admin, evaluation);
    expect(head.checks).toEqual({ due: 0, effective: 0, partly: 0, notEffective: 1 });
    expect(head.reopenedRiskCount).toBe(1);
    const listed = riskActionListResponseSchema.parse(
      await ok(admin, 'read-risk-action-list', { uuid: evaluation, filter: {}, perPage: 100 }),
    );
    const firstListed = listed.items.find((item) => item.uuid === first);
    expect(firstListed?.effectiveness).toBe('notEffective');
    expect(firstListed?.checkedByName).toBeTruthy();
    const [reopened] = await server.db.query<{ status: string }>(
      'SELECT status FROM risk_assessment_risk WHERE uuid = $1',
      [risks[0]],
    );
    expect(reopened?.status).toBe('riskActionDefine');

    // The other action done and effective: the evaluation is still not done (the reopened risk waits).
    await ok(admin, 'complete-risk-action', { uuid: second, doneAt: today() });
    await ok(admin, 'check-risk-action', { uuid: second, result: 'effective', note: null });
    head = await details(admin, evaluation);
    expect(head.status).toBe('actionsAgreed');

    // A new action for the reopened risk is agreed at once; done, the evaluation is.
    const { uuid: replacement } = await ok<{ uuid: string }>(admin, 'create-risk-action', {
      riskUuid: risks[0],
      origin: 'custom',
      description: 'Pausen im Schichtplan fest einplanen und vom Schichtleiter bestätigen lassen',
      stop: 'organisational',
      responsibleMemberUuid: memberId,
      dueDate: inDays(7),
      note: null,
    });
    // A risk that was not reopened takes no action after the agreement.
    expectError(
      await admin.post(`${API}/create-risk-action`, {
        riskUuid: risks[1],
        origin: 'custom',
        description: 'Noch eine',
        stop: 'technical',
        responsibleMemberUuid: memberId,
        dueDate: inDays(7),
        note: null,
      }),
      409,
      'Risk.InvalidStatus',
    );
    head = await details(admin, evaluation);
    expect(head.reopenedRiskCount).toBe(0);
    expect((await ok(member, 'complete-risk-action', { uuid: replacement, doneAt: today() })).status).toBe('done');
    await ok(member, 'check-risk-action', {
      uuid: replacement,
      result: 'partly',
      note: 'Greift, aber nicht am Wochenende.',
    });
    head = await details(admin, evaluation);
    expect(head.checks).toEqual({ due: 0, effective: 1, partly: 1, notEffective: 1 });
    expect(head.status).toBe('done');
  });

  it("answers another client's admin and another member like an unknown action", async () => {
    const { evaluation, actions } = await evaluationWithActions('Follow-up: isolation', memberId);
    await ok(admin, 'confirm-risk-actions', { uuid: evaluation });
    await ok(admin, 'complete-risk-action', { uuid: actions[0], doneAt: today() });
    const check = { uuid: actions[0], result: 'effective', note: null };
    expectError(await globexAdmin.post(`${API}/check-risk-action`, check), 404, 'Action.NotFound');
    expectError(await colleague.post(`${API}/check-risk-action`, check), 404, 'Action.NotFound');
    expect((await myActions(globexAdmin)).items.some((item) => item.evaluationUuid === evaluation)).toBe(false);
    expectError(
      await globexAdmin.post(`${API}/approve-evaluation`, { uuid: evaluation, comment: null }),
      404,
      'Risk.NotFound',
    );
    expectError(await globexAdmin.post(`${API}/start-evaluation-round`, { uuid: evaluation }), 404, 'Risk.NotFound');
    // A member may check his own action but never sign off.
    expect((await member.post(`${API}/approve-evaluation`, { uuid: evaluation, comment: null })).statusCode).toBe(403);
  });

  it('reminds the responsible member of a due check once, with a link to his actions', async () => {
    const { evaluation, actions } = await evaluationWithActions('Follow-up: reminder', memberId);
    await ok(admin, 'confirm-risk-actions', { uuid: evaluation });
    await ok(admin, 'complete-risk-action', { uuid: actions[0], doneAt: today() });
    const mails: OutgoingMail[] = [];
    const mailer: Mailer = {
      transport: 'outbox',
      async send(_db, mail) {
        mails.push(mail);
      },
    } as Mailer;
    const checkDay = new Date(Date.now() + EFFECTIVENESS_CHECK_AFTER_DAYS * 86_400_000);
    const run = () =>
      runReminders({
        db: server.db,
        mailer,
        publicUrl: 'http://localhost:8080',
        now: checkDay,
        kinds: [RISK_ACTION_CHECK_REMINDERS],
        digest: false,
      });
    await run();
    await run();
    const toMember = mails.filter((mail) =>
      mail.text.includes('Pausenregelung für Schichtarbeit einführen (Follow-up: reminder)'),
    );
    expect(toMember).toHaveLength(1);
    expect(toMember[0]?.text).toContain('/dashboard/apps/risk-assessments/my-actions');
    expect(toMember[0]?.subject).toMatch(/Wirksamkeitsprüfung|effectiveness check/);
    // Checked, it is no longer due.
    await ok(member, 'check-risk-action', { uuid: actions[0], result: 'effective', note: null });
    const [left] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM (${RISK_ACTION_CHECK_REMINDERS.openItems}) i WHERE i.subject_uuid = $2`,
      [checkDay.toISOString().slice(0, 10), actions[0]],
    );
    expect(left?.count).toBe(0);
  });
});

describe('sign-off and rounds', () => {
  it('signs off an agreed evaluation, which is read-only from then on and prints the sign-off', async () => {
    const { evaluation, actions } = await evaluationWithActions('Follow-up: sign-off', memberId);
    expectError(
      await admin.post(`${API}/approve-evaluation`, { uuid: evaluation, comment: null }),
      409,
      'Risk.InvalidStatus',
    );
    await ok(admin, 'confirm-risk-actions', { uuid: evaluation });
    expect((await details(admin, evaluation)).canApprove).toBe(true);
    const approved = await ok<{ approvedAt: string; approvedByName: string }>(admin, 'approve-evaluation', {
      uuid: evaluation,
      comment: 'Mit dem Betriebsrat abgestimmt.',
    });
    expect(approved.approvedByName).toBeTruthy();
    const head = await details(admin, evaluation);
    expect(head.approval).toEqual({
      approvedAt: approved.approvedAt,
      approvedByName: approved.approvedByName,
      comment: 'Mit dem Betriebsrat abgestimmt.',
    });
    expect(head.canApprove).toBe(false);
    expect(head.canStartRound).toBe(true);
    expectError(
      await admin.post(`${API}/approve-evaluation`, { uuid: evaluation, comment: null }),
      409,
      'Evaluation.Approved',
    );
    expectError(
      await admin.post(`${API}/update-risk-action`, {
        uuid: actions[0],
        stop: 'technical',
        responsibleMemberUuid: memberId,
        dueDate: inDays(20),
        note: null,
      }),
      409,
      'Evaluation.Approved',
    );
    // Carrying out and checking go on after the sign-off; a risk reopened now needs a new round.
    await ok(member, 'complete-risk-action', { uuid: actions[0], doneAt: today() });
    expect(
      await ok(member, 'check-risk-action', { uuid: actions[0], result: 'notEffective', note: 'Keine Wirkung.' }),
    ).toEqual({
      reopened: true,
      needsNewRound: true,
    });
    const [reopenedRisk] = await server.db.query<{ risk_uuid: string }>(
      'SELECT risk_uuid FROM risk_assessment_action WHERE uuid = $1',
      [actions[0]],
    );
    expectError(
      await admin.post(`${API}/create-risk-action`, {
        riskUuid: reopenedRisk?.risk_uuid,
        origin: 'custom',
        description: 'Neu',
        stop: 'technical',
        responsibleMemberUuid: memberId,
        dueDate: inDays(7),
        note: null,
      }),
      409,
      'Evaluation.Approved',
    );

    const pdf = await admin.post(`${API}/export-risk-action-list`, {
      uuid: evaluation,
      format: 'pdf',
      language: 'de_DE',
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Freigegeben von ${approved.approvedByName}`);
    expect(text).toContain('Kommentar: Mit dem Betriebsrat abgestimmt.');
    expect(text).toContain('Nicht wirksam');
    const english = await admin.post(`${API}/export-risk-action-list`, {
      uuid: evaluation,
      format: 'pdf',
      language: 'en_GB',
    });
    expect(pdfText(english.rawPayload)).toContain(`Signed off by ${approved.approvedByName}`);
  });

  it('starts a new round as a copy of a signed-off one; the old round stays as read-only history', async () => {
    const { evaluation, actions } = await evaluationWithActions('Follow-up: rounds', memberId);
    await ok(admin, 'confirm-risk-actions', { uuid: evaluation });
    expectError(await admin.post(`${API}/start-evaluation-round`, { uuid: evaluation }), 409, 'Evaluation.NotApproved');
    await ok(member, 'complete-risk-action', { uuid: actions[0], doneAt: today() });
    await ok(member, 'check-risk-action', { uuid: actions[0], result: 'notEffective', note: 'Keine Wirkung.' });
    await ok(admin, 'approve-evaluation', { uuid: evaluation, comment: null });

    const next = await ok<{ uuid: string; round: number }>(admin, 'start-evaluation-round', { uuid: evaluation });
    expect(next.round).toBe(2);
    expectError(await admin.post(`${API}/start-evaluation-round`, { uuid: evaluation }), 409, 'Evaluation.Superseded');
    const old = await details(admin, evaluation);
    expect(old.nextEvaluationUuid).toBe(next.uuid);
    expect(old.canStartRound).toBe(false);
    const round2 = await details(admin, next.uuid);
    expect(round2).toMatchObject({
      round: 2,
      previousEvaluationUuid: evaluation,
      status: 'risksCreated',
      approval: null,
      actionCount: 2,
      doneActionCount: 1,
      reopenedRiskCount: 1,
      undecidedRiskCount: 1,
    });
    expect(round2.checks.notEffective).toBe(1);

    // The evaluation list shows the assignment once, with its current round.
    const list = evaluationListResponseSchema.parse(
      await ok(admin, 'read-assignment-overview-list', { filter: { search: 'Follow-up: rounds' }, perPage: 100 }),
    );
    expect(list.items.map((item) => item.evaluationUuid)).toEqual([next.uuid]);
    // The old round's open action is carried on by the copy: the old one is history.
    expectError(
      await member.post(`${API}/complete-risk-action`, { uuid: actions[1], doneAt: today() }),
      409,
      'Evaluation.Superseded',
    );

    // The reopened risk needs its new action before the new round is agreed.
    expectError(await admin.post(`${API}/confirm-risk-actions`, { uuid: next.uuid }), 409, 'Risk.InvalidStatus');
    const [risk] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM risk_assessment_risk WHERE evaluation_uuid = $1 AND reopened_at IS NOT NULL',
      [next.uuid],
    );
    await ok(admin, 'create-risk-action', {
      riskUuid: risk?.uuid,
      origin: 'custom',
      description: 'Ergonomische Hebehilfe beschaffen',
      stop: 'technical',
      responsibleMemberUuid: memberId,
      dueDate: inDays(7),
      note: null,
    });
    expect((await ok(admin, 'confirm-risk-actions', { uuid: next.uuid })).status).toBe('actionsAgreed');
    const mine = await myActions(member, 'open');
    expect(mine.items.filter((item) => item.evaluationUuid === next.uuid)).toHaveLength(2);
    expect(mine.items.some((item) => item.evaluationUuid === evaluation)).toBe(false);
  });
});
