import { hashPassword } from '@dash/shared-core';
import type { Database, Queryable } from '../core/db/database';
import { hashPasswordForStorage } from '../modules/auth/passwords';
import { DEMO_PASSWORD } from './demo';
import { seedBenchElearnings, seedBenchStartTasks } from './elearnings';
import { seedBenchInstructions } from './instructions';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { seedBenchRiskEvaluation } from './riskAssessments';

export interface BulkClientOptions {
  /** Company ID of the new client (what users type when they sign in). */
  identifier: string;
  /** Generated members besides the client's admin account `admin`. */
  memberCount: number;
  name?: string;
  /** Org units below the root, in a tree five levels deep (root included); default 199 (200 with the root). */
  orgUnits?: number;
  /** Locations; default 50. */
  locations?: number;
  /** Surveys with 2,000 completed analyses each, ready for finish-analysis (seedBenchRiskEvaluation); default 1. */
  riskEvaluations?: number;
}

const DEFAULT_ORG_UNITS = 199;
const DEFAULT_LOCATIONS = 50;
const BULK_CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Leipzig', 'Wien'];
/** Children per unit on the upper levels; the rest of the units go to the fifth level. */
const TREE_FAN_OUT = 4;
const TREE_LEVELS = 4;

/**
 * `count` org units below `root`: full levels of TREE_FAN_OUT children each, the remainder spread over the last
 * level's parents, one INSERT per level. Answers the uuids of every unit written.
 */
async function seedOrgUnitTree(tx: Queryable, clientUuid: string, root: string, count: number): Promise<string[]> {
  const all: string[] = [];
  let parents = [root];
  for (let level = 1; level <= TREE_LEVELS && all.length < count; level++) {
    const full = parents.length * TREE_FAN_OUT;
    const size = level === TREE_LEVELS ? count - all.length : Math.min(full, count - all.length);
    const rows = await tx.query<{ uuid: string }>(
      `INSERT INTO org_unit (client_uuid, name, parent_uuid)
       SELECT $1, 'Bereich ' || $2::int || '.' || lpad(n::text, 3, '0'), ($3::uuid[])[1 + (n - 1) % cardinality($3::uuid[])]
         FROM generate_series(1, $4::int) AS n RETURNING uuid`,
      [clientUuid, level, parents, size],
    );
    parents = rows.map((row) => row.uuid);
    all.push(...parents);
  }
  return all;
}

export interface BulkClientResult {
  clientUuid: string;
  /** Members written, the admin included. */
  members: number;
}

/**
 * A client of the default licensee with both apps, an admin `admin` (password DEMO_PASSWORD) and `memberCount`
 * generated members `member.<n>`, written with one INSERT … SELECT FROM generate_series (10,000 rows in well
 * under a second). For load tests and benchmarks; the demo data must exist already (it holds the licensee).
 */
export async function seedBulkClient(db: Database, options: BulkClientOptions): Promise<BulkClientResult> {
  if (!/^[a-z0-9-]+$/.test(options.identifier)) throw new Error(`Invalid client identifier ${options.identifier}`);
  if (!Number.isInteger(options.memberCount) || options.memberCount < 0) throw new Error('memberCount must be >= 0');
  const adminHash = await hashPasswordForStorage(hashPassword(DEMO_PASSWORD));
  const domain = `${options.identifier}.example`;
  const result = await db.transaction(async (tx) => {
    const licensees = await tx.query<{ uuid: string }>('SELECT uuid FROM licensee WHERE is_default');
    const licensee = licensees[0]?.uuid;
    if (!licensee) throw new Error('No default licensee: seed the demo data first');
    const clients = await tx.query<{ uuid: string }>(
      `INSERT INTO client (licensee_uuid, identifier, name, street, postal_code, city, country, homepage,
                           feature_elearnings, feature_risk_assessments)
       VALUES ($1, $2, $3, 'Lastweg 1', '10115', 'Berlin', 'DE', $4, true, true) RETURNING uuid`,
      [
        licensee,
        options.identifier,
        options.name ?? `${options.identifier} (${options.memberCount} members)`,
        `https://www.${domain}`,
      ],
    );
    const clientUuid = clients[0]?.uuid;
    if (!clientUuid) throw new Error('Client insert returned no row');
    await tx.query(
      `INSERT INTO member (client_uuid, username, password_hash, role, email, first_name, last_name, last_login_at)
       VALUES ($1, 'admin', $2, 'admin', $3, 'Bea', 'Bench', now())`,
      [clientUuid, adminHash, `admin@${domain}`],
    );
    // Names cycle with different strides so that first and last names combine freely; every 13th member is
    // inactive, every 9th never signed in, the others signed in up to a year ago. No password (but see below): they
    // cannot sign in.
    await tx.query(
      `INSERT INTO member (client_uuid, username, role, email, first_name, last_name, status, last_login_at, language)
       SELECT $1, 'member.' || n, CASE WHEN n % 200 = 0 THEN 'loc-admin' ELSE 'member' END,
              'member.' || n || '@' || $4::text,
              ($2::text[])[1 + (n * 7) % cardinality($2::text[])],
              ($3::text[])[1 + (n * 13 + n / 97) % cardinality($3::text[])],
              CASE WHEN n % 13 = 0 THEN 'inactive' ELSE 'active' END,
              CASE WHEN n % 9 = 0 THEN NULL
                   ELSE now() - make_interval(days => (n * 37) % 365, mins => (n * 131) % 1440) END,
              CASE WHEN n % 4 = 0 THEN 'en_GB' ELSE 'de_DE' END
         FROM generate_series(1, $5::int) AS n`,
      [clientUuid, FIRST_NAMES, LAST_NAMES, domain, options.memberCount],
    );
    // The benchmark acts as many members at once (each saving his own analysis): the first active members of the
    // list, member.1 to member.40 but the inactive ones, have the demo password.
    await tx.query(
      `UPDATE member SET password_hash = $2
        WHERE client_uuid = $1 AND status = 'active' AND role = 'member'
          AND username = ANY (SELECT 'member.' || n FROM generate_series(1, 40) AS n)`,
      [clientUuid, adminHash],
    );
    const [root] = await tx.query<{ uuid: string }>(
      `INSERT INTO org_unit (client_uuid, name, is_root, is_default) VALUES ($1, $2, true, true) RETURNING uuid`,
      [clientUuid, options.name ?? options.identifier],
    );
    await tx.query(
      `INSERT INTO org_unit_admin (org_unit_uuid, member_uuid)
       SELECT $1, uuid FROM member WHERE client_uuid = $2 AND username = 'admin'`,
      [root?.uuid, clientUuid],
    );
    const units = await seedOrgUnitTree(tx, clientUuid, root?.uuid ?? '', options.orgUnits ?? DEFAULT_ORG_UNITS);
    const locations = await tx.query<{ uuid: string }>(
      `INSERT INTO location (client_uuid, name, city, country_code, location_type, floor_space)
       SELECT $1, 'Standort ' || lpad(n::text, 3, '0'), ($2::text[])[1 + n % cardinality($2::text[])],
              CASE WHEN n % 10 = 0 THEN 'AT' ELSE 'DE' END,
              CASE WHEN n = 1 THEN 'headquarters' ELSE 'branch' END, 200 + (n * 97) % 5000
         FROM generate_series(1, $3::int) AS n RETURNING uuid`,
      [clientUuid, BULK_CITIES, options.locations ?? DEFAULT_LOCATIONS],
    );
    // Every member in one org unit below the root and at one location; the loc-admins are responsible for theirs.
    await tx.query(
      `INSERT INTO org_unit_member (org_unit_uuid, member_uuid)
       SELECT ($2::uuid[])[1 + (row_number() OVER (ORDER BY uuid))::int % cardinality($2::uuid[])], uuid
         FROM member WHERE client_uuid = $1`,
      [clientUuid, units],
    );
    await tx.query(
      `INSERT INTO location_member (location_uuid, member_uuid, responsible)
       SELECT ($2::uuid[])[1 + (row_number() OVER (ORDER BY uuid))::int % cardinality($2::uuid[])], uuid,
              role = 'loc-admin'
         FROM member WHERE client_uuid = $1`,
      [clientUuid, locations.map((row) => row.uuid)],
    );
    // The e-learning scenarios of the bench.
    await seedBenchElearnings(tx, clientUuid);
    // The start page of a member with 200 tasks.
    await seedBenchStartTasks(tx, clientUuid);
    // The risk evaluation scenario.
    await seedBenchRiskEvaluation(tx, clientUuid, options.riskEvaluations ?? 1);
    // The instruction list scenario (scripts/bench/instructions.mjs).
    await seedBenchInstructions(tx, clientUuid);
    return { clientUuid, members: options.memberCount + 1 };
  });
  // The state autovacuum brings a PostgreSQL server to within a minute of a bulk import: planner statistics and
  // the visibility map (index-only scans). Without it, plans would change in the middle of a benchmark. Every table
  // the seed wrote: the tasks, summaries and answers of the e-learning, start and risk scenarios had no statistics
  // before, and PostgreSQL then read a member's 200 tasks by scanning every open task of the client.
  // Table by table in the current schema: a bare VACUUM would go through every schema of the database.
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  for (const table of tables) await db.exec(`VACUUM ANALYZE ${table.name}`);
  return result;
}
