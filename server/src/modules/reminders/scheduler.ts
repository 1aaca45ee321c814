import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToServer } from 'node:timers/promises';
import { themeWithDefaults } from '@dash/shared-core';
import type { Database } from '../../core/db/database';
import { type PeriodicJob, startPeriodicJob } from '../../core/jobs/periodic';
import { LICENSEE_HOST_NAMES } from '../../core/licensees/licensees';
import type { Mailer } from '../../core/mail/mailer';
import {
  type DigestItem,
  type MailBranding,
  type MailLanguage,
  type ReminderMailKind,
  renderDigestMail,
  renderReminderMail,
} from '../../core/mail/templates';
import { linkBase } from '../auth/passwordReset';
import { MEMBER_RECEIVES, REMINDER_KINDS, type TaskReminderKind } from './kinds';

/** A claim that was never marked sent (its instance died mid-run) is taken over after this long. */
export const STALE_CLAIM_MINUTES = 15;
/** Items per org unit listed in a digest (the count says how many there are in all). */
export const DIGEST_ITEMS_PER_UNIT = 10;

export interface ReminderRunOptions {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** The clock: tests and catch-up runs pass their own. */
  now?: Date;
  /** Defaults to every kind of REMINDER_KINDS. */
  kinds?: readonly TaskReminderKind[];
  /** Run the weekly digest too (default true). */
  digest?: boolean;
}

export interface ReminderRunResult {
  claimed: number;
  sent: number;
  failed: number;
}

interface Recipient {
  uuid: string;
  client_uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  language: MailLanguage;
  licensee_name: string;
  theme: unknown;
  logo_file_uuid: string | null;
  notification_footer_email: string | null;
  host_names: string[];
  is_default: boolean;
}

interface Delivery {
  kind: string;
  event: string;
  member_uuid: string;
  subject_uuid: string;
  occasion: string;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week of `day` (ISO weeks): the occasion of that week's digest. */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return isoDay(date);
}

async function recipients(db: Database, memberUuids: string[]): Promise<Map<string, Recipient>> {
  if (memberUuids.length === 0) return new Map();
  const rows = await db.query<Recipient>(
    `SELECT m.uuid, m.client_uuid, m.email, m.first_name, m.last_name, m.language, l.name AS licensee_name, l.theme,
            l.logo_file_uuid, l.notification_footer_email, ${LICENSEE_HOST_NAMES} AS host_names, l.is_default
       FROM member m JOIN client c ON c.uuid = m.client_uuid JOIN licensee l ON l.uuid = c.licensee_uuid
      WHERE m.uuid = ANY($1::uuid[])`,
    [memberUuids],
  );
  return new Map(rows.map((row) => [row.uuid, row]));
}

function branding(recipient: Recipient, base: string): MailBranding {
  const theme = themeWithDefaults(recipient.theme as Parameters<typeof themeWithDefaults>[0]);
  return {
    licenseeName: recipient.licensee_name,
    primaryColour: theme.light.primary,
    logoUrl: recipient.logo_file_uuid ? `${base}/api/file/licensee/logo/${recipient.logo_file_uuid}/logo` : null,
    footer: recipient.notification_footer_email,
  };
}

/** Marks what went out as sent and gives back the claims whose mail failed (the next run tries again). */
async function settle(db: Database, token: string, sent: Delivery[], failed: Delivery[], now: Date): Promise<void> {
  const keys = (rows: Delivery[]) => JSON.stringify(rows);
  const match = `FROM jsonb_to_recordset($2::jsonb) AS x(kind text, event text, member_uuid uuid, subject_uuid uuid, occasion date)
     WHERE d.kind = x.kind AND d.event = x.event AND d.member_uuid = x.member_uuid AND d.subject_uuid = x.subject_uuid
       AND d.occasion = x.occasion AND d.claim_token = $1`;
  if (sent.length) await db.query(`UPDATE reminder_delivery d SET sent_at = $3 ${match}`, [token, keys(sent), now]);
  if (failed.length) await db.query(`DELETE FROM reminder_delivery d USING ${match.slice(5)}`, [token, keys(failed)]);
}

/** A rendered reminder, with the claim it settles. */
interface OutgoingMail {
  delivery: Delivery;
  clientUuid: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Mails rendered between two yields to the event loop. */
const RENDER_SLICE = 250;

/**
 * Each claimed mail rendered for its recipient (none for a member no longer found), in slices: a run of thousands of
 * mails must not hold the event loop other users' calls need.
 */
async function renderMails<Row extends Delivery & { client_uuid: string }>(
  claimed: readonly Row[],
  people: Map<string, Recipient>,
  render: (row: Row, recipient: Recipient) => { subject: string; text: string; html: string },
): Promise<OutgoingMail[]> {
  const mails: OutgoingMail[] = [];
  for (const [index, row] of claimed.entries()) {
    if (index > 0 && index % RENDER_SLICE === 0) await yieldToServer();
    const recipient = people.get(row.member_uuid);
    if (!recipient) continue;
    mails.push({ delivery: row, clientUuid: row.client_uuid, to: recipient.email, ...render(row, recipient) });
  }
  return mails;
}

async function sendAll(
  db: Database,
  mailer: Mailer,
  mails: OutgoingMail[],
): Promise<{ sent: Delivery[]; failed: Delivery[] }> {
  const sent: Delivery[] = [];
  const failed: Delivery[] = [];
  for (const mail of mails) {
    try {
      await mailer.send(db, {
        clientUuid: mail.clientUuid,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      sent.push(mail.delivery);
    } catch {
      failed.push(mail.delivery);
    }
  }
  return { sent, failed };
}

/** Claims and sends the due-soon and overdue mails of one kind. */
async function runKind(
  options: Required<Pick<ReminderRunOptions, 'db' | 'mailer' | 'publicUrl'>>,
  kind: TaskReminderKind,
  today: string,
  now: Date,
  token: string,
): Promise<ReminderRunResult> {
  const { db } = options;
  // The open items in the window, then one statement that claims all their mails: the primary key makes a second
  // instance's insert of the same mail a no-op, and RETURNING tells which claims are this run's.
  const items = await db.query<{
    member_uuid: string;
    subject_uuid: string;
    client_uuid: string;
    due_date: string;
    title: string;
    link_path: string;
  }>(
    `SELECT i.member_uuid, i.subject_uuid, i.client_uuid, i.due_date::text AS due_date, i.title, i.link_path
       FROM (${kind.openItems}) i`,
    [today],
  );
  if (items.length === 0) return { claimed: 0, sent: 0, failed: 0 };
  const claims = await db.query<Delivery & { client_uuid: string }>(
    `INSERT INTO reminder_delivery (kind, event, member_uuid, subject_uuid, occasion, client_uuid, claim_token, claimed_at)
     SELECT $2, CASE WHEN x.due_date < $1::date THEN 'overdue' ELSE 'due-soon' END, x.member_uuid, x.subject_uuid,
            x.due_date, x.client_uuid, $3, $4
       FROM jsonb_to_recordset($5::jsonb) AS x(member_uuid uuid, subject_uuid uuid, client_uuid uuid, due_date date)
     ON CONFLICT DO NOTHING
     RETURNING kind, event, member_uuid, subject_uuid, occasion::text AS occasion, client_uuid`,
    [
      today,
      kind.kind,
      token,
      now,
      JSON.stringify(
        items.map(({ member_uuid, subject_uuid, client_uuid, due_date }) => ({
          member_uuid,
          subject_uuid,
          client_uuid,
          due_date,
        })),
      ),
    ],
  );
  const byKey = new Map(items.map((item) => [`${item.member_uuid} ${item.subject_uuid}`, item]));
  const claimed = claims.flatMap((claim) => {
    const item = byKey.get(`${claim.member_uuid} ${claim.subject_uuid}`);
    return item ? [{ ...claim, title: item.title, link_path: item.link_path, due_date: item.due_date }] : [];
  });
  const people = await recipients(db, [...new Set(claimed.map((row) => row.member_uuid))]);
  const mails = await renderMails(claimed, people, (row, recipient) => {
    const base = linkBase(options.publicUrl, recipient.host_names, recipient.is_default);
    return renderReminderMail({
      ...branding(recipient, base),
      language: recipient.language,
      firstName: recipient.first_name,
      lastName: recipient.last_name,
      kind: kind.kind as ReminderMailKind,
      event: row.event as 'due-soon' | 'overdue',
      title: row.title,
      dueDate: row.due_date,
      link: `${base}${row.link_path}`,
      settingsLink: `${base}/dashboard/profile/settings`,
    });
  });
  const { sent, failed } = await sendAll(db, options.mailer, mails);
  await settle(db, token, sent, failed, now);
  return { claimed: claimed.length, sent: sent.length, failed: failed.length };
}

/** Overdue open items of every member, for the digest: e-learnings and analyses ($1 today). */
const OVERDUE_ITEMS = `
  SELECT t.member_uuid, 'elearning' AS kind, coalesce(el.title, c.title) AS title_de, coalesce(en.title, c.title) AS title_en, t.due_date
    FROM elearning_task t JOIN elearning c ON c.uuid = t.elearning_uuid
    JOIN client cl ON cl.uuid = t.client_uuid AND cl.feature_elearnings
    LEFT JOIN elearning_language el ON el.elearning_uuid = c.uuid AND el.language = 'de_DE'
    LEFT JOIN elearning_language en ON en.elearning_uuid = c.uuid AND en.language = 'en_GB'
   WHERE t.completed_at IS NULL AND t.reset_at IS NULL AND t.due_date < $1::date AND c.active
     AND t.available_from <= $1::date AND (c.activate_on IS NULL OR c.activate_on <= $1::date)
     AND (c.deactivate_on IS NULL OR c.deactivate_on > $1::date)
  UNION ALL
  SELECT t.member_uuid, 'risk-assessment', c.title, c.title, t.due_date
    FROM risk_assessment_member_task t JOIN risk_assessment_task c ON c.uuid = t.task_uuid
    JOIN client cl ON cl.uuid = t.client_uuid AND cl.feature_risk_assessments
   WHERE t.completed_at IS NULL AND t.due_date < $1::date AND c.active`;

/** The weekly digest: each org unit's responsible persons get their units' overdue items once a week. */
async function runDigest(
  options: Required<Pick<ReminderRunOptions, 'db' | 'mailer' | 'publicUrl'>>,
  today: string,
  now: Date,
  token: string,
): Promise<ReminderRunResult> {
  const { db } = options;
  const week = weekStart(today);
  const claimed = await db.query<Delivery & { client_uuid: string }>(
    `WITH overdue_members AS MATERIALIZED (SELECT DISTINCT o.member_uuid FROM (${OVERDUE_ITEMS}) o),
     units AS MATERIALIZED (SELECT DISTINCT om.org_unit_uuid FROM org_unit_membership om
                             JOIN overdue_members o ON o.member_uuid = om.member_uuid),
     responsible AS (
       SELECT DISTINCT oa.member_uuid, m.client_uuid
         FROM org_unit_admin oa
         JOIN units u ON u.org_unit_uuid = oa.org_unit_uuid
         JOIN member m ON m.uuid = oa.member_uuid
        WHERE ${MEMBER_RECEIVES})
     INSERT INTO reminder_delivery (kind, event, member_uuid, subject_uuid, occasion, client_uuid, claim_token, claimed_at)
     SELECT 'digest', 'weekly', r.member_uuid, r.member_uuid, $2::date, r.client_uuid, $3, $4 FROM responsible r
     ON CONFLICT DO NOTHING
     RETURNING kind, event, member_uuid, subject_uuid, occasion::text AS occasion, client_uuid`,
    [today, week, token, now],
  );
  if (claimed.length === 0) return { claimed: 0, sent: 0, failed: 0 };
  const admins = claimed.map((row) => row.member_uuid);
  const items = await db.query<{
    admin_uuid: string;
    unit_name: string;
    unit_uuid: string;
    overdue_count: number;
    kind: ReminderMailKind;
    member_name: string;
    title_de: string;
    title_en: string;
    due_date: string;
  }>(
    `WITH overdue AS (${OVERDUE_ITEMS}),
     listed AS (
       SELECT oa.member_uuid AS admin_uuid, u.uuid AS unit_uuid, u.name AS unit_name, o.kind, o.title_de, o.title_en,
              o.due_date, m.first_name || ' ' || m.last_name AS member_name,
              count(*) OVER (PARTITION BY oa.member_uuid, u.uuid) AS overdue_count,
              row_number() OVER (PARTITION BY oa.member_uuid, u.uuid ORDER BY o.due_date, m.last_name, m.uuid) AS position
         FROM org_unit_admin oa
         JOIN org_unit u ON u.uuid = oa.org_unit_uuid
         JOIN org_unit_membership om ON om.org_unit_uuid = u.uuid
         JOIN overdue o ON o.member_uuid = om.member_uuid
         JOIN member m ON m.uuid = om.member_uuid AND m.status = 'active'
        WHERE oa.member_uuid = ANY($2::uuid[]))
     SELECT admin_uuid, unit_uuid, unit_name, overdue_count::int AS overdue_count, kind, member_name, title_de, title_en,
            due_date::text AS due_date
       FROM listed WHERE position <= ${DIGEST_ITEMS_PER_UNIT}
      ORDER BY admin_uuid, lower(unit_name), unit_uuid, position`,
    [today, admins],
  );
  const people = await recipients(db, admins);
  const mails = await renderMails(claimed, people, (row, recipient) => {
    const units = new Map<string, { name: string; overdueCount: number; items: DigestItem[] }>();
    for (const item of items) {
      if (item.admin_uuid !== row.member_uuid) continue;
      const unit = units.get(item.unit_uuid) ?? { name: item.unit_name, overdueCount: item.overdue_count, items: [] };
      unit.items.push({
        kind: item.kind,
        memberName: item.member_name,
        title: recipient.language === 'de_DE' ? item.title_de : item.title_en,
        dueDate: item.due_date,
      });
      units.set(item.unit_uuid, unit);
    }
    const base = linkBase(options.publicUrl, recipient.host_names, recipient.is_default);
    return renderDigestMail({
      ...branding(recipient, base),
      language: recipient.language,
      firstName: recipient.first_name,
      lastName: recipient.last_name,
      units: [...units.values()],
      link: `${base}/dashboard/start/overview`,
      settingsLink: `${base}/dashboard/profile/settings`,
    });
  });
  const { sent, failed } = await sendAll(db, options.mailer, mails);
  await settle(db, token, sent, failed, now);
  return { claimed: claimed.length, sent: sent.length, failed: failed.length };
}

/**
 * One reminder run ("run now"): safe to start on several instances at once, and after any downtime. Each mail is
 * claimed in the database before it is sent (reminder_delivery's primary key: one mail per member, item, event and
 * due date), so two runs never send the same mail; a run that finds a claim older than STALE_CLAIM_MINUTES without
 * a sent mark (its instance died) frees it for this run. Overdue mails cover items due up to CATCH_UP_DAYS ago, due-soon
 * mails every item due within the next 7 days, and the digest the whole week: a day missed is caught up.
 */
export async function runReminders(options: ReminderRunOptions): Promise<ReminderRunResult> {
  const now = options.now ?? new Date();
  const today = isoDay(now);
  const token = randomUUID();
  await options.db.query(
    `DELETE FROM reminder_delivery WHERE sent_at IS NULL AND claimed_at < $1::timestamptz - interval '${STALE_CLAIM_MINUTES} minutes'`,
    [now],
  );
  const total: ReminderRunResult = { claimed: 0, sent: 0, failed: 0 };
  const add = (result: ReminderRunResult) => {
    total.claimed += result.claimed;
    total.sent += result.sent;
    total.failed += result.failed;
  };
  for (const kind of options.kinds ?? REMINDER_KINDS) add(await runKind(options, kind, today, now, token));
  if (options.digest !== false) add(await runDigest(options, today, now, token));
  return total;
}

export type ReminderScheduler = PeriodicJob<ReminderRunResult>;

/**
 * The scheduler inside the server: a run at start (catch-up after downtime) and then every `intervalMs`. Runs of
 * one instance never overlap; those of several instances are kept apart by the claims (see runReminders).
 */
export function startReminderScheduler(
  options: Omit<ReminderRunOptions, 'now'> & { intervalMs: number; onError: (error: unknown) => void },
): ReminderScheduler {
  return startPeriodicJob({
    run: () => runReminders(options),
    intervalMs: options.intervalMs,
    onError: options.onError,
  });
}
