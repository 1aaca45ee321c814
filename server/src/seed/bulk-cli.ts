// Prepares a database for load tests: migrations, the demo data (unless present) and one large client.
//   npx tsx server/src/seed/bulk-cli.ts [--client bench10k] [--members 10000]
//   … --risk-evaluations 10: that many surveys of 2,000 completed analyses, each finished once by the bench (default 1)
//   … --scale-clients 1000 --scale-members 1000000: the large client plus small clients up to those totals (scale.ts)
//   … --licensee-usage-clients 1000 --licensee-usage-members 1000000 --licensee-list-clients 5000: the licensee bench's
//     two licensees (licenseeScale.ts) instead of the large client
// Uses DATABASE_URL or DATA_DIR like the server. Embedded PGlite on disk allows one process at a time:
// run this before the server starts, not while it runs.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../core/db/database';
import { migrate } from '../core/db/migrate';
import { seedBulkClient } from './bulk';
import { seedDemoData } from './demo';
import { seedLicenseeScale } from './licenseeScale';
import { seedScaleDatabase } from './scale';

const { values } = parseArgs({
  options: {
    client: { type: 'string', default: 'bench10k' },
    members: { type: 'string', default: '10000' },
    'risk-evaluations': { type: 'string', default: '1' },
    'scale-clients': { type: 'string' },
    'scale-members': { type: 'string' },
    'licensee-usage-clients': { type: 'string' },
    'licensee-usage-members': { type: 'string' },
    'licensee-list-clients': { type: 'string' },
    'licensee-list-members': { type: 'string' },
  },
});
const memberCount = Number(values.members);
if (!Number.isInteger(memberCount) || memberCount < 0) {
  console.error(`--members must be a whole number, got ${values.members}`);
  process.exit(2);
}
const riskEvaluations = Number(values['risk-evaluations']);
if (!Number.isInteger(riskEvaluations) || riskEvaluations < 1) {
  console.error(`--risk-evaluations must be a whole number >= 1, got ${values['risk-evaluations']}`);
  process.exit(2);
}

const config = loadConfig();
const started = Date.now();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  schema: config.databaseSchema,
  // DATABASE_STATEMENT_TIMEOUT_MS: the licensee bench's seed writes a million rows in one statement.
  timeouts: config.databaseTimeouts,
});
try {
  const applied = await migrate(db);
  const demo = await seedDemoData(db);
  const existing = await db.query('SELECT 1 FROM client WHERE identifier = $1', [values.client]);
  if (values['licensee-usage-clients']) {
    const present = await db.query("SELECT 1 FROM licensee WHERE identifier = 'bench-usage'");
    if (present.length > 0) {
      console.log('licensee bench-usage exists already; nothing seeded');
    } else {
      const result = await seedLicenseeScale(db, {
        usageClients: Number(values['licensee-usage-clients']),
        usageMembers: Number(values['licensee-usage-members'] ?? 1_000_000),
        listClients: Number(values['licensee-list-clients'] ?? 5000),
        listMembersPerClient: Number(values['licensee-list-members'] ?? 20),
      });
      console.log(
        `seeded ${result.clients} clients with ${result.members} members and ${result.elearningTasks} e-learning tasks ` +
          `in ${result.seedMs} ms; usage figures of ${result.refresh.clients} clients computed in ${result.refresh.ms} ms ` +
          `(migrations applied: ${applied.length}, demo data: ${demo ? 'seeded' : 'present'})`,
      );
    }
  } else if (existing.length > 0) {
    console.log(`client ${values.client} exists already; nothing seeded`);
  } else if (values['scale-clients']) {
    const result = await seedScaleDatabase(db, {
      identifier: values.client,
      largeMembers: memberCount,
      clients: Number(values['scale-clients']),
      members: Number(values['scale-members'] ?? 1_000_000),
    });
    console.log(
      `seeded ${result.clients} clients with ${result.members} members in all (client ${values.client}: ` +
        `${memberCount + 1}) in ${result.ms} ms (migrations applied: ${applied.length}, demo data: ${demo ? 'seeded' : 'present'})`,
    );
  } else {
    const result = await seedBulkClient(db, { identifier: values.client, memberCount, riskEvaluations });
    console.log(
      `seeded client ${values.client} with ${result.members} members in ${Date.now() - started} ms` +
        ` (migrations applied: ${applied.length}, demo data: ${demo ? 'seeded' : 'present'})`,
    );
  }
} finally {
  await db.close();
}
