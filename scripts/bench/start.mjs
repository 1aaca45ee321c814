// Start page scenarios:
//   - the overview's calls for a member with 200 tasks (the bench client's admin: 200 courses of its own unit,
//     server/src/seed/elearnings.ts seedBenchStartTasks), under load; target p95 <= 20 ms each;
//   - a reminder run over 10,000 members with 50,000 tasks, on a database of its own
//     (server/src/seed/bench-reminders-cli.ts); target <= 10 s.
import { runScenario } from './load.mjs';
import { runTsxScript } from './server.mjs';
import { signIn } from './session.mjs';

export const START_TARGETS = { overviewP95Ms: 20, reminderRunMs: 10_000 };

export async function runStartScenarios(baseUrl, { account, connections, durationSeconds, log }) {
  const auth = await signIn(baseUrl, account);
  const tasksBody = { page: 1, perPage: 25, sortBy: 'dueDate', sortDirection: 'asc', filter: { status: 'open' } };
  const counts = await (await fetch(`${baseUrl}/api/start/read-task-counts`, { headers: auth })).json();
  const taskCount = counts.elearnings?.all ?? 0;
  const scenarios = [
    {
      label: `task counts (due bubbles) of a member with ${taskCount} e-learning tasks`,
      url: '/api/start/read-task-counts',
    },
    {
      label: 'open e-learning tasks, first page',
      url: '/api/elearning/read-member-tasks',
      method: 'POST',
      body: JSON.stringify(tasksBody),
    },
    {
      label: 'open risk-assessment tasks, first page',
      url: '/api/risk-assessment/read-member-tasks',
      method: 'POST',
      body: JSON.stringify(tasksBody),
    },
  ];
  const results = [];
  for (const scenario of scenarios) {
    log(`  ${scenario.label} …`);
    const result = await runScenario({
      name: scenario.label,
      url: `${baseUrl}${scenario.url}`,
      method: scenario.method ?? 'GET',
      headers: { ...auth, 'content-type': 'application/json' },
      body: scenario.body,
      connections,
      durationSeconds,
    });
    results.push({ label: scenario.label, ...result, targetP95Ms: START_TARGETS.overviewP95Ms });
  }
  return { taskCount, scenarios: results };
}

/** The reminder run in a process of its own, on a fresh in-memory PGlite database (or a PostgreSQL schema). */
export async function runReminderScenario({ databaseUrl, schema, log }) {
  log('  reminder run over 10,000 members with 50,000 tasks (seeding first) …');
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema ?? '' };
  const output = await runTsxScript(['server/src/seed/bench-reminders-cli.ts'], env);
  const line = output.split('\n').findLast((text) => text.startsWith('{'));
  if (!line) throw new Error(`the reminder run printed no result:\n${output}`);
  return { ...JSON.parse(line), targetMs: START_TARGETS.reminderRunMs };
}

export function startTargets(results, database) {
  const targets = [];
  for (const scenario of results.overview?.scenarios ?? []) {
    targets.push({
      name: `start (${database}): ${scenario.label} p95 <= ${scenario.targetP95Ms} ms`,
      value: `${scenario.latencyMs.p95} ms`,
      pass: scenario.latencyMs.p95 <= scenario.targetP95Ms,
    });
  }
  const run = results.reminders;
  if (run) {
    const ms = Math.round(run.taskReminders.seconds * 1000);
    targets.push({
      name: `start (${database}): reminder run over ${run.members} members with ${run.tasks} tasks <= ${run.targetMs / 1000} s`,
      value: `${ms} ms, ${run.taskReminders.sent} mails (weekly digest: ${run.weeklyDigest.seconds} s, ${run.weeklyDigest.sent} mails)`,
      pass: ms <= run.targetMs,
    });
  }
  return targets;
}
