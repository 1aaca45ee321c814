// Risk-assessment scenarios: assigning the org unit of every member of the large client (its default
// unit, 10,000 members) to a new task, then read-member-tasks and the save of one page of answers under load.
// Targets: assignment <= 2 s, read-member-tasks p95 <= 20 ms, save of one page p95 <= 20 ms.
// Then finish-analysis of FINISH_EVALUATIONS seeded surveys of 2,000 analyses each, one call per survey (so no call
// repeats another's input), p95 <= 50 ms, and the risk list and action-list PDF of the first.
import { percentile, runScenario } from './load.mjs';
import { runPaced } from './paced.mjs';
import { signIn } from './session.mjs';

export const RISK_TARGETS = {
  assignMs: 2000,
  memberTasksP95Ms: 20,
  savePageP95Ms: 20,
  // The evaluation of a unit with 2,000 completed analyses of 60 questions (p95 over FINISH_EVALUATIONS calls,
  // each on a survey of its own; was one call <= 100 ms), and the PDF of 200 actions.
  finishP95Ms: 50,
  riskListP95Ms: 100,
  pdfMs: 3000,
};

/**
 * Surveys of 2,000 completed analyses that the seed writes (`--risk-evaluations`, server/src/seed/bulk-cli.ts) and
 * the bench finishes, one call each: BENCH_FINISH_EVALUATIONS, default 10 (each adds 120,000 answers, ~75 MB).
 */
export const FINISH_EVALUATIONS = Number(process.env.BENCH_FINISH_EVALUATIONS ?? 10);

/** Page saves a second per member in the save latency scenario. */
const SAVES_PER_SECOND = 10;

async function post(baseUrl, headers, path, body) {
  const response = await fetch(`${baseUrl}/api/risk-assessment/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function postTo(baseUrl, headers, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
  return response.json();
}

export async function runRiskAssessmentScenarios(baseUrl, { account, connections, durationSeconds, log }) {
  const auth = await signIn(baseUrl, account);
  // The default unit holds every member of the client (the org unit list is the company area's call).
  const units = await postTo(baseUrl, auth, '/api/org-unit/org-unit-list', { filter: {} }).catch(() => null);
  const root = units?.items.find((unit) => unit.isDefault);
  if (!root) return { skipped: 'the org unit list (company area) is not served: nothing to assign' };
  const { uuid } = await post(baseUrl, auth, 'save-settings', {
    title: `Bench ${new Date().toISOString()}`,
    type: 'general-hazards',
    dueDate: null,
    active: true,
  });
  const begin = performance.now();
  const assigned = await post(baseUrl, auth, 'assign-org-units', { uuid, orgUnitUuids: [root.uuid] });
  const assignMs = Math.round(performance.now() - begin);
  log(`  assign an org unit of ${assigned.memberTaskCount} members: ${assignMs} ms`);

  const tasksBody = { page: 1, perPage: 25, sortBy: 'dueDate', sortDirection: 'asc', filter: { status: 'open' } };
  const tasks = await post(baseUrl, auth, 'read-member-tasks', tasksBody);
  const task = tasks.items.find((item) => item.catalogUuid === uuid);
  if (!task) throw new Error('the assigned task is missing from read-member-tasks');
  const { executionUuid } = await post(baseUrl, auth, 'create-execution', { memberTaskUuid: task.uuid });
  await post(baseUrl, auth, 'read-execution', { uuid: executionUuid });
  const content = await post(baseUrl, auth, 'read-content', { type: 'general-hazards' });
  const firstPage = content.groups[0].questions.map((question) => ({ questionKey: question.key, value: 1 }));

  const common = {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    connections,
    durationSeconds,
  };
  log('  read-member-tasks …');
  const memberTasks = await runScenario({
    ...common,
    name: 'risk-assessment read-member-tasks',
    url: `${baseUrl}/api/risk-assessment/read-member-tasks`,
    body: JSON.stringify(tasksBody),
  });
  // Members saving a page each of their own analysis at once (the seed gives member.1 to member.40 the demo
  // password); the admin's own analysis as well. One member saving on 20 connections at once would measure 20 saves
  // of one analysis queuing for its row lock, which a browser, saving page after page, never does.
  const savers = [{ headers: auth, executionUuid }];
  for (let number = 1; savers.length < connections && number <= 40; number++) {
    const member = await signIn(baseUrl, { ...account, username: `member.${number}` }).catch(() => null);
    if (!member) continue;
    const own = await post(baseUrl, member, 'read-member-tasks', tasksBody);
    const analysis = own.items.find((item) => item.catalogUuid === uuid);
    if (!analysis) continue;
    const opened = await post(baseUrl, member, 'create-execution', { memberTaskUuid: analysis.uuid });
    savers.push({ headers: member, executionUuid: opened.executionUuid });
  }
  // The target's load: every member saves ten pages a second on average, at random moments (a person answers a page
  // in a minute or more); then what the same members get through flat out, each on a connection of his own.
  log(`  save-execution (one page) of ${savers.length} members, each ${SAVES_PER_SECOND} a second …`);
  const save = (saver) => ({
    method: 'POST',
    path: '/api/risk-assessment/save-execution',
    headers: { ...saver.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ uuid: saver.executionUuid, currentPage: 0, answers: firstPage }),
  });
  const pacedRun = await runPaced(
    baseUrl,
    savers.map((saver, index) => ({ id: `member ${index + 1}`, rate: SAVES_PER_SECOND, request: () => save(saver) })),
    { durationSeconds },
  );
  if (pacedRun.failures > 0) throw new Error(`save-execution at a pace: ${pacedRun.failures} failed`);
  const savePage = {
    name: `risk-assessment save-execution (one page), ${savers.length} members at once, each ${SAVES_PER_SECOND} a second`,
    requests: pacedRun.requests,
    requestsPerSecond: pacedRun.requestsPerSecond,
    latencyMs: pacedRun.latencyMs,
    members: savers.length,
  };
  log(`  save-execution (one page) of ${savers.length} members, as fast as answered …`);
  savePage.saturated = await runScenario({
    ...common,
    name: `risk-assessment save-execution (one page), ${savers.length} members at once, each as fast as answered`,
    url: `${baseUrl}/api/risk-assessment/save-execution`,
    users: savers.map((saver) => ({ headers: saver.headers, body: save(saver).body })),
  });
  const evaluation = await runEvaluationScenarios(baseUrl, auth, common, log);
  return {
    assign: { members: assigned.memberTaskCount, ms: assignMs, targetMs: RISK_TARGETS.assignMs },
    memberTasks,
    savePage,
    evaluation,
    targets: {
      ...evaluation.targets,
      assign: assignMs <= RISK_TARGETS.assignMs,
      memberTasksP95: memberTasks.latencyMs?.p95 <= RISK_TARGETS.memberTasksP95Ms,
      savePageP95: savePage.latencyMs?.p95 <= RISK_TARGETS.savePageP95Ms,
    },
  };
}

/**
 * On the bench client's seeded surveys (server/src/seed/riskAssessments.ts, seedBenchRiskEvaluation): finish-analysis
 * computes the risks of 2,000 analyses x 60 questions, once for each survey not evaluated yet, one call after the
 * other, each timed from the request to the answer (p95 <= 50 ms; the first call, on statements no connection has
 * run yet, is printed beside it); the risk list of the first survey's evaluation under load (p95 <= 100 ms); 200
 * actions, then the PDF of the action list (<= 3 s).
 */
async function runEvaluationScenarios(baseUrl, auth, common, log) {
  const list = await post(baseUrl, auth, 'read-assignment-overview-list', {
    filter: { search: 'Bench evaluation' },
    page: 1,
    perPage: 100,
    sortBy: 'title',
    sortDirection: 'asc',
  });
  const rows = list.items.filter((item) => /^Bench evaluation( \d+)?$/.test(item.title));
  const first = rows.find((item) => item.title === 'Bench evaluation');
  if (!first) return { skipped: 'the bench client has no seeded evaluation scenario', targets: {} };
  // The seed's order: 'Bench evaluation', then 2, 3, … (the list sorts 10 before 2).
  const number = (item) => Number(item.title.slice('Bench evaluation'.length).trim() || 1);
  const open = rows.filter((item) => !item.evaluationUuid).sort((a, b) => number(a) - number(b));
  let uuid = first.evaluationUuid;
  const calls = [];
  for (const row of open) {
    const begin = performance.now();
    const finished = await post(baseUrl, auth, 'finish-analysis', { assignmentUuid: row.assignmentUuid });
    const ms = Math.round((performance.now() - begin) * 10) / 10;
    calls.push({ ms, analyses: row.completedMemberCount, risks: finished.riskCount });
    if (row === first) uuid = finished.uuid;
  }
  const sorted = calls.map((call) => call.ms).sort((a, b) => a - b);
  const finish =
    calls.length === 0
      ? null
      : {
          method:
            `finish-analysis of ${calls.length} distinct surveys (2,000 analyses x 60 questions each), ` +
            'one call each, one after another',
          calls: calls.length,
          analyses: calls.map((call) => call.analyses),
          firstMs: calls[0].ms,
          latencyMs: {
            p50: percentile(sorted, 50),
            p95: percentile(sorted, 95),
            max: sorted.at(-1),
          },
          eachMs: calls.map((call) => call.ms),
        };
  if (finish) {
    log(
      `  ${finish.method}: p50 ${finish.latencyMs.p50} ms, p95 ${finish.latencyMs.p95} ms, max ${finish.latencyMs.max} ms ` +
        `(first ${finish.firstMs} ms; ${calls[0].risks} risks from ${calls[0].analyses} analyses in the first)`,
    );
  }
  log('  read-risk-list …');
  const riskList = await runScenario({
    ...common,
    name: 'risk-assessment read-risk-list',
    url: `${baseUrl}/api/risk-assessment/read-risk-list`,
    body: JSON.stringify({ uuid, filter: {}, page: 1, perPage: 25, sortBy: 'riskFactor', sortDirection: 'desc' }),
  });
  const risks = await post(baseUrl, auth, 'read-risk-list', {
    uuid,
    filter: {},
    page: 1,
    perPage: 100,
    sortBy: 'riskFactor',
    sortDirection: 'desc',
  });
  const me = await fetch(`${baseUrl}/api/member/state`, { headers: auth }).then((response) => response.json());
  const actions = await post(baseUrl, auth, 'read-risk-action-list', {
    uuid,
    filter: {},
    page: 1,
    perPage: 25,
    sortBy: 'dueDate',
    sortDirection: 'asc',
  });
  const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (let index = actions.total; index < 200 && risks.items.length > 0; index++) {
    const risk = risks.items[index % risks.items.length];
    if (risk.notRelevant) continue;
    await post(baseUrl, auth, 'create-risk-action', {
      riskUuid: risk.uuid,
      origin: 'custom',
      description: `Bench action ${index + 1}: Unterweisung und Gefährdungsbeurteilung der Arbeitsplätze prüfen`,
      stop: 'organisational',
      responsibleMemberUuid: me.member.uuid,
      dueDate,
      note: index % 3 === 0 ? 'Mit der Fachkraft für Arbeitssicherheit abstimmen' : null,
    }).catch(() => undefined);
  }
  const begin = performance.now();
  const pdf = await fetch(`${baseUrl}/api/risk-assessment/export-risk-action-list`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ uuid, format: 'pdf', language: 'de_DE' }),
  });
  const bytes = (await pdf.arrayBuffer()).byteLength;
  const pdfMs = Math.round(performance.now() - begin);
  log(`  action list PDF (${bytes} bytes): ${pdfMs} ms`);
  return {
    finish,
    riskList,
    pdf: { ms: pdfMs, bytes, status: pdf.status },
    targets: {
      finish: finish === null ? null : finish.latencyMs.p95 <= RISK_TARGETS.finishP95Ms,
      riskListP95: riskList.latencyMs?.p95 <= RISK_TARGETS.riskListP95Ms,
      pdf: pdf.ok && pdfMs <= RISK_TARGETS.pdfMs,
    },
  };
}

/** One line per risk-assessment target, for the report's target list. */
export function riskTargets(results, database) {
  if (!results || results.skipped) return [];
  const p95 = (scenario) => scenario?.latencyMs?.p95;
  const evaluation = results.evaluation ?? {};
  const lines = [
    [
      'risk: assign an org unit of',
      `${results.assign.members} members <= ${RISK_TARGETS.assignMs} ms`,
      `${results.assign.ms} ms`,
      results.targets.assign,
    ],
    [
      'risk: read-member-tasks',
      `p95 <= ${RISK_TARGETS.memberTasksP95Ms} ms`,
      `${p95(results.memberTasks)} ms`,
      results.targets.memberTasksP95,
    ],
    [
      'risk: save of one page of answers',
      `p95 <= ${RISK_TARGETS.savePageP95Ms} ms (${results.savePage.members} members, each ${SAVES_PER_SECOND} a second)`,
      `${p95(results.savePage)} ms (${results.savePage.requestsPerSecond} req/s; as fast as answered: ` +
        `${results.savePage.saturated?.requestsPerSecond} req/s, p95 ${p95(results.savePage.saturated)} ms)`,
      results.targets.savePageP95,
    ],
  ];
  if (evaluation.riskList) {
    const finish = evaluation.finish;
    lines.push(
      [
        'risk: finish-analysis of 2,000 analyses x 60 questions',
        `p95 <= ${RISK_TARGETS.finishP95Ms} ms (${finish ? finish.method : 'no survey left to finish'})`,
        finish
          ? `${finish.latencyMs.p95} ms (p50 ${finish.latencyMs.p50} ms, max ${finish.latencyMs.max} ms, ` +
            `first call ${finish.firstMs} ms)`
          : 'not measured',
        results.targets.finish,
      ],
      [
        'risk: read-risk-list of that evaluation',
        `p95 <= ${RISK_TARGETS.riskListP95Ms} ms`,
        `${p95(evaluation.riskList)} ms`,
        results.targets.riskListP95,
      ],
      [
        'risk: action list PDF of 200 actions',
        `<= ${RISK_TARGETS.pdfMs} ms`,
        `${evaluation.pdf?.ms} ms`,
        results.targets.pdf,
      ],
    );
  }
  return lines.map(([name, goal, value, pass]) => ({
    name: `${name.replace(/^risk:/, `risk (${database}):`)} ${goal}`,
    value,
    pass: Boolean(pass),
  }));
}
