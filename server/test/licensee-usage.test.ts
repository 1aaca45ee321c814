/**
 * Usage across clients (licensee console): what the refresh job computes for each client, that the list answers the
 * precomputed figures with their time (and only the licensee's own clients), sorting and paging in the database on
 * the indexes of migration 031, the permission, the .xlsx export's content, and the job's claim between instances.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageOrder } from '../src/modules/licensee/routes/usage';
import { refreshClientUsage, runScheduledUsageRefresh } from '../src/modules/licensee/usage';
import { type Agent, createTestServer, expectError, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let usageClient: string;

interface UsageItem {
  clientUuid: string;
  clientIdentifier: string;
  name: string;
  active: boolean;
  members: number;
  activeMembers: number;
  maxMembers: number | null;
  signedIn30Days: number;
  elearningTasks: number;
  elearningCompleted: number;
  completionRate: number | null;
  overdueTasks: number;
  openRiskActions: number;
  lastActivityAt: string | null;
  refreshedAt: string;
}
interface UsageAnswer {
  items: UsageItem[];
  total: number;
  refreshedAt: string | null;
}

async function usage(agent: Agent, body: Record<string, unknown>): Promise<UsageAnswer> {
  const response = await agent.post('/api/licensee/usage/list', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as UsageAnswer;
}

const SORT_KEYS = [
  'name',
  'clientIdentifier',
  'activeMembers',
  'signedIn30Days',
  'completionRate',
  'overdueTasks',
  'openRiskActions',
  'lastActivityAt',
] as const;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.licenseeLogin('dashboard', 'lizenz.admin');
  // A client of the default licensee with figures known by construction:
  //   members: anna (active, signed in 3 days ago), bert (active, signed in 40 days ago), carl (inactive, never),
  //   dora (archived, signed in yesterday: not counted anywhere);
  //   e-learning tasks: anna completed 2 days ago, bert open and overdue, carl open and due in 10 days,
  //   bert's reset attempt (history, not counted), dora's open overdue task (archived member, not counted).
  const [client] = await server.db.query<{ uuid: string }>(
    `INSERT INTO client (licensee_uuid, identifier, name, city, max_members)
     SELECT uuid, 'usage-werk', 'Usage Werk GmbH', 'Bonn', 10 FROM licensee WHERE is_default RETURNING uuid`,
  );
  usageClient = client?.uuid ?? '';
  await server.db.query(
    `INSERT INTO member (client_uuid, username, role, first_name, last_name, status, last_login_at, archived_at)
     VALUES ($1, 'anna', 'member', 'Anna', 'A', 'active', now() - interval '3 days', NULL),
            ($1, 'bert', 'member', 'Bert', 'B', 'active', now() - interval '40 days', NULL),
            ($1, 'carl', 'member', 'Carl', 'C', 'inactive', NULL, NULL),
            ($1, 'dora', 'member', 'Dora', 'D', 'active', now() - interval '1 day', now())`,
    [usageClient],
  );
  await server.db.query(
    `INSERT INTO elearning (client_uuid, title, duration_minutes) VALUES ($1, 'Usage-Unterweisung', 10)`,
    [usageClient],
  );
  await server.db.query(
    `INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, due_date, completed_at, reset_at)
     SELECT $1, e.uuid, m.uuid, t.due, t.completed, t.reset
       FROM elearning e, member m,
            (VALUES ('anna', current_date + 5, now() - interval '2 days', NULL::timestamptz),
                    ('bert', current_date - 3, NULL, NULL),
                    ('bert', current_date - 30, NULL, now() - interval '20 days'),
                    ('carl', current_date + 10, NULL, NULL),
                    ('dora', current_date - 3, NULL, NULL)) AS t(username, due, completed, reset)
      WHERE e.client_uuid = $1 AND m.client_uuid = $1 AND m.username = t.username`,
    [usageClient],
  );
  await refreshClientUsage(server.db);
});

afterAll(async () => {
  await server?.close();
});

describe('the refresh job', () => {
  it("computes each figure of a client's members that are not archived", async () => {
    const { items } = await usage(admin, { filter: { search: 'usage-werk' } });
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({
      clientIdentifier: 'usage-werk',
      name: 'Usage Werk GmbH',
      active: true,
      members: 3,
      activeMembers: 2,
      maxMembers: 10,
      signedIn30Days: 1,
      elearningTasks: 3,
      elearningCompleted: 1,
      completionRate: 33.3,
      overdueTasks: 1,
      openRiskActions: 0,
    });
    // The latest of anna's sign-in (3 days ago) and her completion (2 days ago); dora's is archived.
    const lastActivity = Date.parse(item?.lastActivityAt ?? '');
    expect(Date.now() - lastActivity).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(Date.now() - lastActivity).toBeLessThan(2 * 86_400_000 + 60_000);
  });

  it("matches acme's figures counted straight from its rows, risk actions and analyses included", async () => {
    const [expected] = await server.db.query<Record<string, number>>(
      `SELECT
         (SELECT count(*)::int FROM member m WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL) AS members,
         (SELECT count(*)::int FROM member m WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL
             AND m.status = 'active') AS active,
         (SELECT count(*)::int FROM member m WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL
             AND m.last_login_at >= now() - interval '30 days') AS signed_in,
         (SELECT count(*)::int FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
           WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL AND t.reset_at IS NULL) AS tasks,
         (SELECT count(*)::int FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
           WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL AND t.reset_at IS NULL
             AND t.completed_at IS NOT NULL) AS completed,
         (SELECT count(*)::int FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
           WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL AND t.reset_at IS NULL
             AND t.completed_at IS NULL AND t.due_date < current_date)
       + (SELECT count(*)::int FROM risk_assessment_member_task t JOIN member m ON m.uuid = t.member_uuid
           WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL AND t.completed_at IS NULL
             AND t.closed_at IS NULL AND t.due_date < current_date) AS overdue,
         (SELECT count(*)::int FROM risk_assessment_action a
           WHERE a.client_uuid = c.uuid AND a.done_at IS NULL) AS actions
       FROM client c WHERE c.identifier = 'acme'`,
    );
    const acme = (await usage(admin, { filter: { search: 'acme' } })).items[0];
    expect(acme).toMatchObject({
      members: expected?.members,
      activeMembers: expected?.active,
      signedIn30Days: expected?.signed_in,
      elearningTasks: expected?.tasks,
      elearningCompleted: expected?.completed,
      overdueTasks: expected?.overdue,
      openRiskActions: expected?.actions,
    });
    // The demo data has work in every column (so that the page and the bench show real figures).
    expect(expected?.tasks).toBeGreaterThan(0);
    expect(expected?.overdue).toBeGreaterThan(0);
  });

  it('answers the precomputed figures and their time: a change shows with the next refresh', async () => {
    const before = await usage(admin, { filter: { search: 'usage-werk' } });
    await server.db.query(
      "UPDATE member SET last_login_at = now() WHERE client_uuid = $1 AND username IN ('bert', 'carl')",
      [usageClient],
    );
    const unchanged = await usage(admin, { filter: { search: 'usage-werk' } });
    expect(unchanged.items[0]?.signedIn30Days).toBe(1);
    expect(unchanged.items[0]?.refreshedAt).toBe(before.items[0]?.refreshedAt);
    await refreshClientUsage(server.db, { clientUuids: [usageClient] });
    const after = await usage(admin, { filter: { search: 'usage-werk' } });
    expect(after.items[0]?.signedIn30Days).toBe(3);
    expect(Date.parse(after.items[0]?.refreshedAt ?? '')).toBeGreaterThan(
      Date.parse(before.items[0]?.refreshedAt ?? ''),
    );
    // "Stand" is the oldest figure of the licensee's clients: the other clients were not refreshed again.
    expect(after.refreshedAt).toBe(before.refreshedAt);
  });

  it('runs once per interval however many instances ask; a run left by a dead instance is taken over', async () => {
    await server.db.query('UPDATE client_usage_refresh SET started_at = NULL, finished_at = NULL');
    const hour = 3_600_000;
    const first = await runScheduledUsageRefresh(server.db, hour);
    expect(first.ran).toBe(true);
    const [{ count } = { count: 0 }] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM client',
    );
    expect(first.clients).toBe(count);
    // A second instance within the interval: nothing to do.
    expect((await runScheduledUsageRefresh(server.db, hour)).ran).toBe(false);
    // The last run began long ago and finished: due again.
    await server.db.query(
      "UPDATE client_usage_refresh SET started_at = now() - interval '2 hours', finished_at = now()",
    );
    expect((await runScheduledUsageRefresh(server.db, hour)).ran).toBe(true);
    // A run still under way (not finished) is left alone, until it is older than twice the interval.
    await server.db.query(
      "UPDATE client_usage_refresh SET started_at = now() - interval '90 minutes', finished_at = NULL",
    );
    expect((await runScheduledUsageRefresh(server.db, hour)).ran).toBe(false);
    await server.db.query(
      "UPDATE client_usage_refresh SET started_at = now() - interval '3 hours', finished_at = NULL",
    );
    expect((await runScheduledUsageRefresh(server.db, hour)).ran).toBe(true);
    const [state] = await server.db.query<{ finished: boolean; clients: number }>(
      'SELECT finished_at >= started_at AS finished, clients FROM client_usage_refresh',
    );
    expect(state).toEqual({ finished: true, clients: count });
  });
});

describe('the usage list', () => {
  beforeAll(async () => {
    // 40 more clients of the default licensee with varied figures, written straight into client_usage.
    await server.db.query(
      `INSERT INTO client (licensee_uuid, identifier, name, city)
       SELECT l.uuid, 'nutzung-' || lpad(n::text, 2, '0'), 'Nutzung ' || lpad(n::text, 2, '0') || ' KG', 'Köln'
         FROM licensee l, generate_series(1, 40) AS n WHERE l.identifier = 'dashboard'`,
    );
    await refreshClientUsage(server.db);
    await server.db.query(
      `UPDATE client_usage u SET active_members = n % 7, signed_in_30_days = n % 5,
              completion_rate = CASE WHEN n % 4 = 0 THEN NULL ELSE (n * 13) % 100 END,
              overdue_tasks = n % 6, open_risk_actions = n % 3,
              last_activity_at = CASE WHEN n % 5 = 0 THEN NULL ELSE now() - make_interval(hours => n) END
         FROM (SELECT uuid, substr(identifier, 9)::int AS n FROM client WHERE identifier LIKE 'nutzung-%') c
        WHERE u.client_uuid = c.uuid`,
    );
  });

  it('sorts by every key in both directions in the database, empty figures last, and pages without gaps', async () => {
    const all = await usage(admin, { perPage: 100 });
    expect(all.total).toBeGreaterThan(40);
    expect(all.items).toHaveLength(all.total);
    const value = (item: UsageItem, key: (typeof SORT_KEYS)[number]): string | number | null => {
      if (key === 'name') return item.name.toLowerCase();
      if (key === 'lastActivityAt') return item.lastActivityAt ? Date.parse(item.lastActivityAt) : null;
      return item[key];
    };
    for (const sortBy of SORT_KEYS) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        const first = await usage(admin, { sortBy, sortDirection, perPage: 25, page: 1 });
        const second = await usage(admin, { sortBy, sortDirection, perPage: 25, page: 2 });
        const rows = [...first.items, ...second.items];
        expect(new Set(rows.map((row) => row.clientUuid)).size, `${sortBy} ${sortDirection}`).toBe(all.total);
        const values = rows.map((row) => value(row, sortBy));
        const present = values.filter((entry) => entry !== null);
        // NULL last in both directions.
        expect(values.slice(0, present.length), `${sortBy} ${sortDirection}`).toEqual(present);
        const sorted = [...present].sort((a, b) => {
          const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1;
          return sortDirection === 'asc' ? order : -order;
        });
        if (sortBy !== 'name') expect(present, `${sortBy} ${sortDirection}`).toEqual(sorted);
      }
    }
    const byName = (await usage(admin, { sortBy: 'name', perPage: 100 })).items.map((item) => item.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));
  });

  it('searches name and company ID, taking % and _ literally', async () => {
    expect((await usage(admin, { filter: { search: 'NUTZUNG 1' } })).total).toBe(10);
    expect((await usage(admin, { filter: { search: 'globex' } })).items.map((item) => item.name)).toEqual([
      'Globex Logistik AG',
    ]);
    expect((await usage(admin, { filter: { search: '%' } })).total).toBe(0);
  });

  it('uses an index of migration 031 for each figure and of migration 024 for name and company ID', async () => {
    const SORT_ORDERS = [
      ['activeMembers', 'client_usage_active'],
      ['signedIn30Days', 'client_usage_signed_in'],
      ['completionRate', 'client_usage_completion'],
      ['overdueTasks', 'client_usage_overdue'],
      ['openRiskActions', 'client_usage_open_actions'],
      ['lastActivityAt', 'client_usage_last_activity'],
      ['name', 'client_licensee_name'],
      ['clientIdentifier', 'client_licensee_identifier'],
    ] as const;
    // Neither a full scan nor a sort: the plan must read the rows in an index's order.
    await server.db.query('SET enable_seqscan = off');
    await server.db.query('SET enable_sort = off');
    try {
      for (const [column, index] of SORT_ORDERS) {
        for (const direction of ['asc', 'desc'] as const) {
          const plan = await server.db.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN SELECT u.client_uuid FROM client_usage u
               JOIN client c ON c.uuid = u.client_uuid AND c.licensee_uuid = u.licensee_uuid
              WHERE u.licensee_uuid = (SELECT uuid FROM licensee WHERE is_default)
              ${usageOrder(column, direction)} LIMIT 25`,
          );
          const text = plan.map((row) => row['QUERY PLAN']).join('\n');
          expect(text, `${column} ${direction}`).toContain(index);
          expect(text, `${column} ${direction}`).not.toMatch(/Sort Key/);
        }
      }
    } finally {
      await server.db.query('RESET enable_seqscan');
      await server.db.query('RESET enable_sort');
    }
  });

  it("shows only the licensee's own clients: the partner sees initech, the default licensee never does", async () => {
    const own = await usage(admin, { perPage: 100 });
    expect(own.items.map((item) => item.clientIdentifier)).not.toContain('initech');
    const [{ count } = { count: 0 }] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM client WHERE licensee_uuid = (SELECT uuid FROM licensee WHERE is_default)',
    );
    expect(own.total).toBe(count);
    const partner = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
    const theirs = await usage(partner, { perPage: 100 });
    expect(theirs.items.map((item) => item.clientIdentifier)).toEqual(['initech']);
    const search = await usage(partner, { filter: { search: 'acme' } });
    expect(search.total).toBe(0);
    const exported = await partner.post('/api/licensee/usage/export', { language: 'en_GB' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Usage')?.rowCount).toBe(2);
    expect(workbook.getWorksheet('Usage')?.getRow(2).getCell(2).value).toBe('initech');
  });

  it('is refused to a support adviser (403) and to client members (401)', async () => {
    const adviser = await server.licenseeLogin('dashboard', 'berater');
    expectError(await adviser.post('/api/licensee/usage/list', {}), 403, 'Auth.Forbidden');
    expectError(await adviser.post('/api/licensee/usage/export', {}), 403, 'Auth.Forbidden');
    const member = await server.login('acme', 'admin');
    expectError(await member.post('/api/licensee/usage/list', {}), 401, 'Auth.Unauthorized');
  });
});

describe('the export', () => {
  it('answers an .xlsx file with the searched clients in the order of the list, figures as numbers', async () => {
    const body = { filter: { search: 'nutzung' }, sortBy: 'overdueTasks', sortDirection: 'desc' } as const;
    const response = await admin.post('/api/licensee/usage/export', { ...body, language: 'de_DE' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('attachment');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Nutzung');
    if (!sheet) throw new Error('no sheet Nutzung');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Kunde',
      'Firmen-ID',
      'Aktiv',
      'Mitglieder',
      'Aktive Mitglieder',
      'Mitgliederlimit',
      'Angemeldet (30 Tage)',
      'E-Learning-Aufgaben',
      'Davon abgeschlossen',
      'Abschlussquote (%)',
      'Überfällige Aufgaben',
      'Offene Maßnahmen',
      'Letzte Aktivität (UTC)',
      'Stand (UTC)',
    ]);
    const list = await usage(admin, { ...body, perPage: 100 });
    expect(sheet.rowCount).toBe(list.total + 1);
    list.items.forEach((item, index) => {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(2).value).toBe(item.clientIdentifier);
      expect(row.getCell(1).value).toBe(item.name);
      expect(row.getCell(3).value).toBe('ja');
      expect(row.getCell(5).value).toBe(item.activeMembers);
      expect(row.getCell(7).value).toBe(item.signedIn30Days);
      expect(row.getCell(10).value ?? null).toBe(item.completionRate);
      expect(row.getCell(11).value).toBe(item.overdueTasks);
      expect(row.getCell(12).value).toBe(item.openRiskActions);
      const activity = row.getCell(13).value;
      expect(activity instanceof Date ? activity.toISOString() : (activity ?? null)).toBe(item.lastActivityAt);
    });
  });

  it('keeps a name that looks like a formula as text', async () => {
    await server.db.query("UPDATE client SET name = '=HYPERLINK(\"http://evil\")' WHERE identifier = 'nutzung-01'");
    const response = await admin.post('/api/licensee/usage/export', { filter: { search: 'nutzung-01' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cell = workbook.getWorksheet('Nutzung')?.getRow(2).getCell(1);
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.value).toBe('=HYPERLINK("http://evil")');
  });
});
