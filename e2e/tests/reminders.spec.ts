/**
 * Reminders end to end: a server of its own sends its reminder run at start to a real SMTP server; the
 * member's overdue task arrives as a mail in her language, and its link opens the task's page in the browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, type ServerProcess, startServerProcess } from '../../server/test/serverProcess';
import { startSmtpServer } from '../../server/test/smtp';
import { openSignedIn } from './helpers';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: ServerProcess;
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-reminders-'));

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer(0);
  const port = await freePort();
  server = await startServerProcess(
    { DATA_DIR: dataDir, SMTP_URL: smtp.url, PUBLIC_URL: `http://127.0.0.1:${port}` },
    { port, timeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('an overdue e-learning reaches the member by mail, and the mail opens the task', async ({ page }) => {
  // The run at start catches up on what is due: Mara (acme's member, German) has an overdue course.
  const mail = await (async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = smtp.mails.find(
        (each) => each.to.includes('member@acme.example') && /^Überfällig: E-Learning/.test(each.subject),
      );
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no reminder mail for Mara; mails: ${smtp.mails.map((each) => each.subject).join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  expect(mail.decoded).toContain('Hallo Mara Mitarbeiter,');
  expect(mail.decoded).toContain('ist noch nicht erledigt');
  const link = new RegExp(`${server.base.replace(/[.]/g, '\\.')}/dashboard/[^\\s"<]+`).exec(mail.decoded)?.[0];
  expect(link, mail.decoded).toBeTruthy();
  // One mail per task and occasion, also when the scheduler runs again.
  expect(
    smtp.mails.filter((each) => each.subject === mail.subject && each.to.includes('member@acme.example')),
  ).toHaveLength(1);

  await openSignedIn(page, 'acme', 'member', server.base);
  await page.goto(link ?? '');
  await expect(page).toHaveURL(/\/dashboard\/apps\/elearnings\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const title = /„(.+)“/.exec(mail.subject)?.[1] ?? '';
  await expect(page.getByText(title).first()).toBeVisible();
});
