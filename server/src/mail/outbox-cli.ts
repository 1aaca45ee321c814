/**
 * The developers' outbox: prints the latest mails the server kept (`npm run outbox [-- --limit 5]`).
 * Opens the database as the server does (DATABASE_URL or the embedded one in DATA_DIR). With the embedded
 * database, stop the server first: PGlite serves one process at a time.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

const limitIndex = process.argv.indexOf('--limit');
const limit = limitIndex > 0 ? Math.min(100, Math.max(1, Number(process.argv[limitIndex + 1]) || 5)) : 5;
const config = loadConfig();
if (config.production) {
  console.error('The outbox is a developer tool and is not available with NODE_ENV=production.');
  process.exit(1);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const rows = await db.query<{
    id: string;
    created_at: string;
    recipient: string;
    subject: string;
    text_body: string;
    transport: string;
  }>(
    `SELECT id, created_at::text AS created_at, recipient, subject, text_body, transport
       FROM mail_outbox ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  if (rows.length === 0) console.log('The outbox is empty.');
  for (const row of rows.reverse()) {
    console.log(`#${row.id} ${row.created_at} (${row.transport})\nTo: ${row.recipient}\nSubject: ${row.subject}\n`);
    console.log(`${row.text_body}\n${'='.repeat(72)}`);
  }
} finally {
  await db.close();
}
