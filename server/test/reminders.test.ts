/**
 * Reminders: the scheduler's run with an injected clock, two instances at once, catch-up after downtime,
 * never a mail twice, the member's language and setting, the weekly digest; the profile setting's calls.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../src/core/mail/mailer';
import { createMailer } from '../src/core/mail/mailer';
import { runReminders, weekStart } from '../src/modules/reminders/scheduler';
import { createTestServer, expectError, memberUuid, type TestServer } from './helpers';
import { startSmtpServer } from './smtp';

let server: TestServer;
let member: string;
let elearningTask: string;

/** A mailer that keeps what it would send (and can be told to fail). */
function captureMailer(): Mailer & { mails: OutgoingMail[]; failing: boolean } {
  const mailer = {
    transport: 'outbox' as const,
    mails: [] as OutgoingMail[],
    failing: false,
    async send(_db: unknown, mail: OutgoingMail) {
      if (mailer.failing) throw new Error('mail server down');
      // A little time per mail, so that two runs really interleave.
      await new Promise((resolve) => setTimeout(resolve, 1));
      mailer.mails.push(mail);
    },
    close() {},
  };
  return mailer;
}

const DAY = 86_400_000;
const TODAY = new Date(`${new Date().toISOString().slice(0, 10)}T06:00:00Z`);
const day = (offset: number) => new Date(TODAY.getTime() + offset * DAY);
const isoDay = (offset: number) => day(offset).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer();
  member = await memberUuid(server.db, 'acme', 'member');
  // Only our own task counts: every other open task is moved far away, so the demo data sends nothing.
  await server.db.query('UPDATE elearning_task SET due_date = $1::date + 400 WHERE completed_at IS NULL', [isoDay(0)]);
  await server.db.query('UPDATE risk_assessment_member_task SET due_date = $1::date + 400 WHERE completed_at IS NULL', [
    isoDay(0),
  ]);
  await server.db.query('UPDATE risk_assessment_action SET due_date = $1::date + 400 WHERE done_at IS NULL', [
    isoDay(0),
  ]);
  await server.db.query('UPDATE instruction_attendance SET due_date = $1::date + 400 WHERE confirmed_at IS NULL', [
    isoDay(0),
  ]);
  const [task] = await server.db.query<{ uuid: string }>(
    `SELECT t.uuid FROM elearning_task t JOIN elearning c ON c.uuid = t.elearning_uuid
      WHERE t.member_uuid = $1 AND t.completed_at IS NULL AND t.reset_at IS NULL AND c.active
        AND t.available_from <= current_date AND c.activate_on IS NULL AND c.deactivate_on IS NULL LIMIT 1`,
    [member],
  );
  if (!task) throw new Error('the demo member has no open e-learning task');
  elearningTask = task.uuid;
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await server.db.query('DELETE FROM reminder_delivery');
  await server.db.query("UPDATE member SET reminder_mails = true, language = 'de_DE' WHERE uuid = $1", [member]);
});

const run = (mailer: Mailer, now: Date) =>
  runReminders({ db: server.db, mailer, publicUrl: 'http://localhost:8080', now });
const toMember = (mails: OutgoingMail[]) => mails.filter((mail) => mail.to === 'member@acme.example');

/** Where the reminder of the e-learning task opens: its running attempt in the player, else My e-learnings. */
async function taskLink(taskUuid: string): Promise<string> {
  const [running] = await server.db.query<{ uuid: string }>(
    'SELECT uuid FROM elearning_execution WHERE task_uuid = $1 AND reset_at IS NULL AND completed_at IS NULL',
    [taskUuid],
  );
  return running ? `/dashboard/apps/elearnings/execution/${running.uuid}` : '/dashboard/apps/elearnings/my-elearnings';
}

describe('task reminders', () => {
  it('sends "due in 7 days" once, then "overdue" once, whatever the number of runs', async () => {
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(7)]);
    const mailer = captureMailer();
    // 8 days before: nothing yet.
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(8)]);
    await run(mailer, day(0));
    expect(toMember(mailer.mails)).toHaveLength(0);
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(7)]);
    await run(mailer, day(0));
    await run(mailer, day(0));
    await run(mailer, day(3));
    const soon = toMember(mailer.mails);
    expect(soon).toHaveLength(1);
    expect(soon[0]?.subject).toMatch(/^Fällig in Kürze: E-Learning/);
    expect(soon[0]?.text).toContain(`http://localhost:8080${await taskLink(elearningTask)}`);
    // A task is no attempt: its uuid never stands where the player expects an execution's.
    expect(soon[0]?.text).not.toContain(`/execution/${elearningTask}`);
    expect(soon[0]?.text).toContain('/dashboard/profile/settings');
    // The day it falls overdue and after.
    await run(mailer, day(8));
    await run(mailer, day(9));
    const all = toMember(mailer.mails);
    expect(all).toHaveLength(2);
    expect(all[1]?.subject).toMatch(/^Überfällig: E-Learning/);
  });

  it('catches up after downtime: a server down the whole week still sends the overdue mail', async () => {
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(2)]);
    const mailer = captureMailer();
    // No run from day -10 to day 12: the first run after sends the overdue mail (not the missed due-soon one).
    await run(mailer, day(12));
    const mails = toMember(mailer.mails);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Überfällig/);
    // Beyond the catch-up window (30 days) nothing is sent for an old item.
    await server.db.query('DELETE FROM reminder_delivery');
    const late = captureMailer();
    await run(late, day(40));
    expect(toMember(late.mails)).toHaveLength(0);
  });

  it('two instances at once send every mail exactly once', async () => {
    // Many members due at once: all acme open tasks due in 3 days.
    await server.db.query(
      `UPDATE elearning_task SET due_date = $1 WHERE completed_at IS NULL AND reset_at IS NULL
         AND client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme')`,
      [isoDay(3)],
    );
    const first = captureMailer();
    const second = captureMailer();
    const [a, b] = await Promise.all([run(first, day(0)), run(second, day(0))]);
    const all = [...first.mails, ...second.mails];
    expect(all.length).toBeGreaterThan(10);
    expect(a.sent + b.sent).toBe(all.length);
    const keys = all.map((mail) => `${mail.to} ${mail.subject}`);
    expect(new Set(keys).size).toBe(keys.length);
    const [rows] = await server.db.query<{ sent: number }>(
      'SELECT count(*)::int AS sent FROM reminder_delivery WHERE sent_at IS NOT NULL',
    );
    expect(rows?.sent).toBe(all.length);
    // And again at once: nothing more.
    const again = await Promise.all([run(first, day(0)), run(second, day(0))]);
    expect(again[0].sent + again[1].sent).toBe(0);
    await server.db.query('UPDATE elearning_task SET due_date = $1::date + 400 WHERE completed_at IS NULL', [
      isoDay(0),
    ]);
  });

  it("writes in the member's language and respects the setting", async () => {
    await server.db.query("UPDATE member SET language = 'en_GB' WHERE uuid = $1", [member]);
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(1)]);
    const mailer = captureMailer();
    await server.db.query('UPDATE member SET reminder_mails = false WHERE uuid = $1', [member]);
    await run(mailer, day(0));
    expect(toMember(mailer.mails)).toHaveLength(0);
    await server.db.query('UPDATE member SET reminder_mails = true WHERE uuid = $1', [member]);
    await run(mailer, day(0));
    const [mail] = toMember(mailer.mails);
    expect(mail?.subject).toMatch(/^Due soon: e-learning "/);
    expect(mail?.html).toContain('lang="en"');
    expect(mail?.text).toContain('Your Dashboard team');
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(400)]);
  });

  it('a failed mail is not marked sent: the next run sends it', async () => {
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(4)]);
    const mailer = captureMailer();
    mailer.failing = true;
    const failed = await run(mailer, day(0));
    expect(failed.failed).toBeGreaterThan(0);
    mailer.failing = false;
    await run(mailer, day(0));
    expect(toMember(mailer.mails)).toHaveLength(1);
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(400)]);
  });

  it('an analysis falling due reminds its member with a link to my analyses', async () => {
    const [task] = await server.db.query<{ uuid: string }>(
      `UPDATE risk_assessment_member_task SET due_date = $2 WHERE uuid = (
         SELECT t.uuid FROM risk_assessment_member_task t JOIN risk_assessment_task c ON c.uuid = t.task_uuid
          WHERE t.member_uuid = $1 AND t.completed_at IS NULL AND c.active LIMIT 1) RETURNING uuid`,
      [member, isoDay(-1)],
    );
    expect(task).toBeDefined();
    const mailer = captureMailer();
    await run(mailer, day(0));
    const [mail] = toMember(mailer.mails);
    expect(mail?.subject).toMatch(/^Überfällig: Gefährdungsbeurteilung/);
    expect(mail?.text).toMatch(/\/dashboard\/apps\/risk-assessments\/(my-analyses|execution\/)/);
    await server.db.query('UPDATE risk_assessment_member_task SET due_date = $2 WHERE uuid = $1', [
      task?.uuid,
      isoDay(400),
    ]);
  });
});

describe('risk action reminders', () => {
  it("reminds an agreed action's responsible member when it falls due, in his language, with a link to the actions", async () => {
    const [action] = await server.db.query<{ uuid: string; evaluation_uuid: string }>(
      `UPDATE risk_assessment_action SET responsible_member_uuid = $1, due_date = $2 WHERE uuid = (
         SELECT a.uuid FROM risk_assessment_action a JOIN risk_assessment_evaluation e ON e.uuid = a.evaluation_uuid
          WHERE a.done_at IS NULL AND e.status = 'actionsAgreed' ORDER BY a.uuid LIMIT 1)
       RETURNING uuid, evaluation_uuid`,
      [member, isoDay(3)],
    );
    if (!action) throw new Error('the demo data has no agreed open risk action');
    try {
      const mailer = captureMailer();
      await run(mailer, day(0));
      await run(mailer, day(0));
      const mails = toMember(mailer.mails);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toMatch(/Maßnahme/);
      expect(mails[0]?.text).toContain(
        `/dashboard/apps/risk-assessments/evaluation/details/${action.evaluation_uuid}/risk-actions`,
      );
      // Done: no more reminders.
      await server.db.query('DELETE FROM reminder_delivery');
      await server.db.query('UPDATE risk_assessment_action SET done_at = current_date WHERE uuid = $1', [action.uuid]);
      const after = captureMailer();
      await run(after, day(0));
      expect(toMember(after.mails)).toHaveLength(0);
    } finally {
      await server.db.query('UPDATE risk_assessment_action SET due_date = $2, done_at = NULL WHERE uuid = $1', [
        action.uuid,
        isoDay(400),
      ]);
    }
  });
});

describe('weekly digest', () => {
  it("sends each org unit's responsible persons their units' overdue items once a week", async () => {
    const ouAdmin = await memberUuid(server.db, 'acme', 'ou.admin');
    const [produktionMember] = await server.db.query<{ uuid: string; task: string }>(
      `SELECT om.member_uuid AS uuid, t.uuid AS task FROM org_unit_membership om
         JOIN org_unit u ON u.uuid = om.org_unit_uuid AND u.name = 'Produktion'
         JOIN elearning_task t ON t.member_uuid = om.member_uuid AND t.completed_at IS NULL AND t.reset_at IS NULL
         JOIN elearning c ON c.uuid = t.elearning_uuid AND c.active AND c.activate_on IS NULL AND c.deactivate_on IS NULL
        WHERE t.available_from <= current_date LIMIT 1`,
    );
    expect(produktionMember).toBeDefined();
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [
      produktionMember?.task,
      isoDay(-40),
    ]);
    const mailer = captureMailer();
    await run(mailer, day(0));
    const digest = mailer.mails.filter((mail) => mail.subject.startsWith('Wochenübersicht'));
    const [ouAdminRow] = await server.db.query<{ email: string }>('SELECT email FROM member WHERE uuid = $1', [
      ouAdmin,
    ]);
    const toOuAdmin = digest.filter((mail) => mail.to === ouAdminRow?.email);
    expect(toOuAdmin).toHaveLength(1);
    expect(toOuAdmin[0]?.text).toContain('Produktion: 1 überfällig');
    // Later the same week: no second digest; the next week: the next one.
    const sameWeek = weekStart(isoDay(0)) === weekStart(isoDay(1)) ? 1 : 0;
    await run(mailer, day(sameWeek));
    expect(mailer.mails.filter((mail) => mail.to === ouAdminRow?.email)).toHaveLength(1);
    await run(mailer, day(7));
    expect(
      mailer.mails.filter((mail) => mail.to === ouAdminRow?.email && mail.subject.startsWith('Wochen')),
    ).toHaveLength(2);
    await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [
      produktionMember?.task,
      isoDay(400),
    ]);
  });
});

describe('a reminder through a real SMTP server', () => {
  it('arrives with the branding and the footer', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Dashboard <no-reply@dashboard.localhost>' });
    try {
      await server.db.query(
        "UPDATE licensee SET notification_footer_email = 'Dashboard GmbH, Musterstraße 1' WHERE is_default",
      );
      await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(5)]);
      await run(mailer, day(0));
      const mail = await smtp.waitForMail('member@acme.example');
      expect(mail.subject).toMatch(/^Fällig in Kürze/);
      expect(mail.decoded).toContain('Dashboard GmbH, Musterstraße 1');
      expect(mail.decoded).toContain(await taskLink(elearningTask));
    } finally {
      mailer.close();
      await smtp.close();
      await server.db.query('UPDATE elearning_task SET due_date = $2 WHERE uuid = $1', [elearningTask, isoDay(400)]);
    }
  });
});

describe('the reminder setting', () => {
  it('reads and switches the own setting', async () => {
    const agent = await server.login('acme', 'member');
    expect((await agent.get('/api/reminders/read-setting')).json()).toEqual({ reminderMails: true });
    const off = await agent.post('/api/reminders/update-setting', { reminderMails: false });
    expect(off.json()).toEqual({ reminderMails: false });
    const [row] = await server.db.query<{ reminder_mails: boolean }>(
      'SELECT reminder_mails FROM member WHERE uuid = $1',
      [member],
    );
    expect(row?.reminder_mails).toBe(false);
    expectError(
      await agent.post('/api/reminders/update-setting', { reminderMails: 'no' }),
      400,
      'Schema.ValidationFailed',
    );
  });
});
