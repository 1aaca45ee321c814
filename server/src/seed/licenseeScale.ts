import { hashPassword } from '@dash/shared-core';
import type { Database } from '../core/db/database';
import { hashPasswordForStorage } from '../modules/auth/passwords';
import { runScheduledUsageRefresh, type UsageRefreshResult } from '../modules/licensee/usage';
import { DEMO_PASSWORD } from './demo';
import { FIRST_NAMES, LAST_NAMES } from './names';

/**
 * The licensee benchmark's database (`npm run bench -- --licensee`), written set-based (INSERT … SELECT FROM
 * generate_series) so that a million members take minutes:
 *   - licensee `bench-usage` (host bench-usage.localhost): `usageClients` clients sharing about `usageMembers` members
 *     (between 500 and 1,500 each), one e-learning per client with a task per member (completed, overdue or due
 *     later, at a rate of each client's own), sign-ins spread over the last 120 days;
 *   - licensee `bench-clients` (host bench-clients.localhost): `listClients` clients with `listMembersPerClient`
 *     members each, for the client list.
 * Each licensee has an admin `bench.admin` (password as the demo accounts'). At the end the usage figures are
 * computed once, as the server's background job does, and timed.
 */
export interface LicenseeScaleOptions {
  usageClients: number;
  usageMembers: number;
  listClients: number;
  listMembersPerClient: number;
}

export interface LicenseeScaleResult {
  clients: number;
  members: number;
  elearningTasks: number;
  seedMs: number;
  refresh: UsageRefreshResult;
}

export const BENCH_LICENSEES = {
  usage: { identifier: 'bench-usage', host: 'bench-usage.localhost' },
  clients: { identifier: 'bench-clients', host: 'bench-clients.localhost' },
} as const;

const SEEDED_TABLES = [
  'licensee',
  'licensee_domain',
  'licensee_staff',
  'client',
  'member_row',
  'elearning',
  'elearning_task',
];

async function addLicensee(db: Database, identifier: string, host: string, name: string): Promise<string> {
  const [row] = await db.query<{ uuid: string }>(
    `INSERT INTO licensee (identifier, name, theme, footer)
     SELECT $1, $2, theme, footer FROM licensee WHERE is_default RETURNING uuid`,
    [identifier, name],
  );
  if (!row) throw new Error('no default licensee to copy the branding from (seed the demo data first)');
  await db.query('INSERT INTO licensee_domain (host_name, licensee_uuid) VALUES ($1, $2)', [host, row.uuid]);
  await db.query(
    `INSERT INTO licensee_staff (licensee_uuid, username, password_hash, role, email, first_name, last_name)
     VALUES ($1, 'bench.admin', $2, 'licensee-admin', 'bench.admin@bench.example', 'Bench', 'Admin')`,
    [row.uuid, await hashPasswordForStorage(hashPassword(DEMO_PASSWORD))],
  );
  return row.uuid;
}

export async function seedLicenseeScale(db: Database, options: LicenseeScaleOptions): Promise<LicenseeScaleResult> {
  const started = Date.now();
  const usage = await addLicensee(db, BENCH_LICENSEES.usage.identifier, BENCH_LICENSEES.usage.host, 'Bench Usage');
  const list = await addLicensee(db, BENCH_LICENSEES.clients.identifier, BENCH_LICENSEES.clients.host, 'Bench Clients');
  // Members per client of the usage licensee: 500 + (k * 37) % 1001, about 1,000 on average; scaled to the total.
  const scale = options.usageMembers / (options.usageClients * 1000);
  await db.transaction(async (tx) => {
    // A million rows in one statement outlast the server's statement timeout on a busy machine (PostgreSQL).
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query(
      `INSERT INTO client (licensee_uuid, identifier, name, city, max_members, feature_elearnings,
                           feature_risk_assessments, created_at)
       SELECT $1, 'usage-' || lpad(n::text, 5, '0'), 'Nutzung ' || n || ' GmbH', 'Berlin',
              CASE WHEN n % 4 = 0 THEN NULL ELSE 2000 END, true, n % 2 = 0, now() - make_interval(days => n % 700)
         FROM generate_series(1, $2::int) AS n`,
      [usage, options.usageClients],
    );
    await tx.query(
      `INSERT INTO member (client_uuid, username, role, first_name, last_name, status, last_login_at)
       SELECT c.uuid, 'member.' || n, CASE WHEN n = 1 THEN 'admin' ELSE 'member' END,
              ($1::text[])[1 + ((n + c.k) * 7) % cardinality($1::text[])],
              ($2::text[])[1 + ((n + c.k) * 13 + n / 97) % cardinality($2::text[])],
              CASE WHEN (n + c.k) % 13 = 0 THEN 'inactive' ELSE 'active' END,
              CASE WHEN (n * 7 + c.k) % 9 = 0 THEN NULL
                   ELSE now() - make_interval(days => (n * 37 + c.k * 11) % 120, hours => n % 24) END
         FROM (SELECT uuid, row_number() OVER (ORDER BY identifier)::int AS k FROM client WHERE licensee_uuid = $3) c,
              generate_series(1, greatest(1, round((500 + (c.k * 37) % 1001) * $4::float8))::int) AS n`,
      [FIRST_NAMES, LAST_NAMES, usage, scale],
    );
    await tx.query(
      `INSERT INTO elearning (client_uuid, title, duration_minutes)
       SELECT uuid, 'Jährliche Unterweisung', 20 FROM client WHERE licensee_uuid = $1`,
      [usage],
    );
    // One task per member: completed at the client's own rate (k * 13 % 100 per cent), else overdue or due later.
    await tx.query(
      `INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, due_date, completed_at, available_from)
       SELECT m.client_uuid, e.uuid, m.uuid, current_date - 30 + (abs(hashtext(m.uuid::text)) % 90),
              CASE WHEN abs(hashtext(m.username || c.k)) % 100 < (c.k * 13) % 100
                   THEN now() - make_interval(days => abs(hashtext(m.uuid::text)) % 200) END,
              current_date - 60
         FROM (SELECT uuid, row_number() OVER (ORDER BY identifier)::int AS k FROM client WHERE licensee_uuid = $1) c
         JOIN member m ON m.client_uuid = c.uuid
         JOIN elearning e ON e.client_uuid = c.uuid`,
      [usage],
    );
    await tx.query(
      `INSERT INTO client (licensee_uuid, identifier, name, city, max_members, created_at)
       SELECT $1, 'kunde-' || lpad(n::text, 5, '0'),
              ($3::text[])[1 + (n * 13) % cardinality($3::text[])] || ' ' || n || ' KG', 'Hamburg',
              CASE WHEN n % 3 = 0 THEN NULL ELSE 100 END, now() - make_interval(days => n % 900)
         FROM generate_series(1, $2::int) AS n`,
      [list, options.listClients, LAST_NAMES],
    );
    await tx.query(
      `INSERT INTO member (client_uuid, username, role, first_name, last_name)
       SELECT c.uuid, 'member.' || n, 'member', 'Bench', 'Member ' || n
         FROM client c, generate_series(1, $2::int) AS n WHERE c.licensee_uuid = $1`,
      [list, options.listMembersPerClient],
    );
  });
  // Planner statistics and visibility maps for what was just written, table by table (see scale.ts).
  for (const table of SEEDED_TABLES) await db.exec(`VACUUM ANALYZE ${table}`);
  const seedMs = Date.now() - started;
  // The figures, as the background job computes them (and claimed as its run: the server's first run skips).
  const refresh = await runScheduledUsageRefresh(db, 15 * 60_000);
  await db.exec('VACUUM ANALYZE client_usage');
  const [count] = await db.query<{ clients: number; members: number; tasks: number }>(
    `SELECT (SELECT count(*)::int FROM client WHERE licensee_uuid IN ($1, $2)) AS clients,
            (SELECT count(*)::int FROM member m JOIN client c ON c.uuid = m.client_uuid
              WHERE c.licensee_uuid IN ($1, $2)) AS members,
            (SELECT count(*)::int FROM elearning_task t JOIN client c ON c.uuid = t.client_uuid
              WHERE c.licensee_uuid = $1) AS tasks`,
    [usage, list],
  );
  return {
    clients: count?.clients ?? 0,
    members: count?.members ?? 0,
    elearningTasks: count?.tasks ?? 0,
    seedMs,
    refresh,
  };
}
