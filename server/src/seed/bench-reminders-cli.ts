// The reminder run on a large client, for `npm run bench` (not a test: it measures time).
//   npx tsx server/src/seed/bench-reminders-cli.ts [--members 10000] [--tasks-per-member 5]
// Runs on a fresh in-memory PGlite database, or on DATABASE_URL in a throw-away schema (DATABASE_SCHEMA). Prints one
// line of JSON: the number of tasks, mails sent and seconds for the task reminders and for the weekly digest.
import { parseArgs } from 'node:util';
import { openDatabase } from '../core/db/database';
import { migrate } from '../core/db/migrate';
import type { Mailer } from '../core/mail/mailer';
import { runReminders } from '../modules/reminders/scheduler';
import { seedDemoData } from './demo';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    'tasks-per-member': { type: 'string', default: '5' },
  },
});
const members = Number(values.members);
const tasksPerMember = Number(values['tasks-per-member']);

const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  schema: process.env.DATABASE_SCHEMA || undefined,
});
try {
  await migrate(db);
  await seedDemoData(db);
  const [client] = await db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'");
  await db.query(
    `INSERT INTO member (client_uuid, username, role, email, first_name, last_name, language, gender)
     SELECT $1, 'remind' || n, 'member', 'remind' || n || '@acme.example', 'Reminder', 'Member ' || n,
            CASE WHEN n % 2 = 0 THEN 'de_DE' ELSE 'en_GB' END, 'd' FROM generate_series(1, $2::int) n`,
    [client?.uuid, members],
  );
  // Tasks over the active courses, due dates spread over a year: about a tenth fall in the reminder window.
  await db.query(
    `INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, due_date, available_from, origin)
     SELECT $1, e.uuid, m.uuid, current_date - 30 + ((hashtext(m.uuid::text || e.uuid::text) & 1023) % 365),
            current_date - 60, 'assignment'
       FROM member m
       CROSS JOIN LATERAL (SELECT uuid FROM elearning WHERE client_uuid = $1 AND active ORDER BY uuid LIMIT $2) e
      WHERE m.username LIKE 'remind%'`,
    [client?.uuid, tasksPerMember],
  );
  await db.exec('ANALYZE');
  const [count] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid WHERE m.username LIKE 'remind%'",
  );
  // Mails go nowhere: the run's own work (finding, claiming, rendering, marking sent) is what is measured.
  const mailer: Mailer = { transport: 'outbox', send: async () => {}, close() {} };
  const publicUrl = 'http://localhost:8080';
  let started = performance.now();
  const tasks = await runReminders({ db, mailer, publicUrl, digest: false });
  const taskSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const digest = await runReminders({ db, mailer, publicUrl, kinds: [] });
  const digestSeconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      members,
      tasks: count?.n ?? 0,
      taskReminders: { sent: tasks.sent, seconds: Math.round(taskSeconds * 100) / 100 },
      weeklyDigest: { sent: digest.sent, seconds: Math.round(digestSeconds * 100) / 100 },
    }),
  );
} finally {
  await db.close();
}
