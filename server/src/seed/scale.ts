import type { Database } from '../core/db/database';
import { seedBulkClient } from './bulk';
import { FIRST_NAMES, LAST_NAMES } from './names';

export interface ScaleOptions {
  /** The large client everyone signs in to (bulk.ts: org units, locations, e-learnings, a risk evaluation). */
  identifier: string;
  /** Its generated members (the admin comes on top). */
  largeMembers: number;
  /** Clients in all, the large one included. */
  clients: number;
  /** Members in all, over every client (the demo clients not counted). */
  members: number;
}

export interface ScaleResult {
  clients: number;
  members: number;
  ms: number;
}

const GROUP_TYPES = [
  'medical-officer',
  'first-aid',
  'fire-marshall',
  'fire-assistent',
  'health-safety-officer',
  'work-council',
];
/** Org units and locations of each small client: enough that their rows sit among the large client's. */
const SMALL_CLIENT_UNITS = 10;
const SMALL_CLIENT_LOCATIONS = 3;
const SEEDED_TABLES = [
  'client',
  'member_row',
  'org_unit',
  'org_unit_member',
  'location',
  'location_member',
  'member_group',
  'member_group_member',
  'elearning',
  'elearning_task',
];

/**
 * A database at the scale benchmark's size: one large client (bulk.ts) plus `clients - 1` small ones sharing the rest of
 * `members`, every row written set-based (INSERT … SELECT FROM generate_series), so that 1,000,000 members take
 * minutes, not hours. The small clients' rows matter for the large client's lists only through table and index
 * size: each list must still find its client's rows by index, whatever the others hold.
 */
export async function seedScaleDatabase(db: Database, options: ScaleOptions): Promise<ScaleResult> {
  const started = Date.now();
  const large = await seedBulkClient(db, { identifier: options.identifier, memberCount: options.largeMembers });
  const smallClients = options.clients - 1;
  // Rounded up: at least `members` in all.
  const perClient = Math.ceil((options.members - large.members) / Math.max(1, smallClients));
  await db.transaction(async (tx) => {
    // Groups of the large client: 10 of each type, each with 40 members picked by stride (the group list counts them).
    await tx.query(
      `INSERT INTO member_group (client_uuid, name, type)
       SELECT $1, 'Gruppe ' || t.type || ' ' || n, t.type
         FROM unnest($2::text[]) AS t(type), generate_series(1, 10) AS n`,
      [large.clientUuid, GROUP_TYPES],
    );
    await tx.query(
      `INSERT INTO member_group_member (member_group_uuid, member_uuid)
       SELECT g.uuid, m.uuid
         FROM (SELECT uuid, row_number() OVER (ORDER BY uuid) AS g FROM member_group WHERE client_uuid = $1) g
         JOIN (SELECT uuid, row_number() OVER (ORDER BY uuid) AS n FROM member WHERE client_uuid = $1) m
           ON m.n % 250 = g.g % 250 AND m.n <= 10000`,
      [large.clientUuid],
    );
    // A catalogue of realistic length for the e-learning list.
    await tx.query(
      `INSERT INTO elearning (client_uuid, title, duration_minutes)
       SELECT $1, 'Unterweisung ' || lpad(n::text, 2, '0'), 10 + n % 50 FROM generate_series(1, 30) AS n`,
      [large.clientUuid],
    );

    const [licensee] = await tx.query<{ uuid: string }>('SELECT uuid FROM licensee WHERE is_default');
    await tx.query(
      `INSERT INTO client (licensee_uuid, identifier, name, city, feature_elearnings, feature_risk_assessments)
       SELECT $1, 'scale-' || lpad(n::text, 4, '0'), 'Scale ' || n, 'Berlin', true, n % 2 = 0
         FROM generate_series(1, $2::int) AS n`,
      [licensee?.uuid, smallClients],
    );
    // Same name formulas as bulk.ts, offset per client so that clients differ.
    await tx.query(
      `INSERT INTO member (client_uuid, username, role, email, first_name, last_name, status, last_login_at)
       SELECT c.uuid, 'member.' || n, CASE WHEN n = 1 THEN 'admin' ELSE 'member' END,
              'member.' || n || '@' || c.identifier || '.example',
              ($1::text[])[1 + ((n + c.k) * 7) % cardinality($1::text[])],
              ($2::text[])[1 + ((n + c.k) * 13 + n / 97) % cardinality($2::text[])],
              CASE WHEN n % 13 = 0 THEN 'inactive' ELSE 'active' END,
              CASE WHEN n % 9 = 0 THEN NULL ELSE now() - make_interval(days => (n * 37) % 365) END
         FROM (SELECT uuid, identifier, row_number() OVER (ORDER BY identifier)::int AS k
                 FROM client WHERE identifier LIKE 'scale-%') c,
              generate_series(1, $3::int) AS n`,
      [FIRST_NAMES, LAST_NAMES, perClient],
    );
    await tx.query(
      `INSERT INTO org_unit (client_uuid, name, is_root, is_default)
       SELECT uuid, name, true, true FROM client WHERE identifier LIKE 'scale-%'`,
    );
    await tx.query(
      `INSERT INTO org_unit (client_uuid, name, parent_uuid)
       SELECT r.client_uuid, 'Bereich ' || n, r.uuid
         FROM org_unit r JOIN client c ON c.uuid = r.client_uuid AND c.identifier LIKE 'scale-%'
        CROSS JOIN generate_series(1, $1::int) AS n WHERE r.is_root`,
      [SMALL_CLIENT_UNITS],
    );
    await tx.query(
      `INSERT INTO location (client_uuid, name, city)
       SELECT uuid, 'Standort ' || n, 'Berlin' FROM client, generate_series(1, $1::int) AS n
        WHERE identifier LIKE 'scale-%'`,
      [SMALL_CLIENT_LOCATIONS],
    );
    // Every member of a small client in one unit below the root and at one location, spread by a hash of the uuid.
    await tx.query(
      `INSERT INTO org_unit_member (org_unit_uuid, member_uuid)
       SELECT u.uuid, m.uuid
         FROM member m JOIN client c ON c.uuid = m.client_uuid AND c.identifier LIKE 'scale-%'
         JOIN org_unit u ON u.client_uuid = m.client_uuid AND NOT u.is_root
              AND u.name = 'Bereich ' || (1 + abs(hashtext(m.uuid::text)) % $1::int)`,
      [SMALL_CLIENT_UNITS],
    );
    await tx.query(
      `INSERT INTO location_member (location_uuid, member_uuid)
       SELECT l.uuid, m.uuid
         FROM member m JOIN client c ON c.uuid = m.client_uuid AND c.identifier LIKE 'scale-%'
         JOIN location l ON l.client_uuid = m.client_uuid
              AND l.name = 'Standort ' || (1 + abs(hashtext(m.uuid::text)) % $1::int)`,
      [SMALL_CLIENT_LOCATIONS],
    );
  });
  // Planner statistics and visibility maps for what was just written (see bulk.ts), table by table: a bare VACUUM
  // would go through every schema of the database, other test runs' included.
  for (const table of SEEDED_TABLES) await db.exec(`VACUUM ANALYZE ${table}`);
  const [count] = await db.query<{ members: number; clients: number }>(
    'SELECT (SELECT count(*)::int FROM member) AS members, (SELECT count(*)::int FROM client) AS clients',
  );
  return { clients: count?.clients ?? 0, members: count?.members ?? 0, ms: Date.now() - started };
}
