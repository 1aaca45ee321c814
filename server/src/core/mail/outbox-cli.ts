/**
 * The developers' outbox: prints the latest mails the server kept (`npm run outbox [-- --limit 5]`), or with `--sms`
 * the latest SMS (kept with their text when SMS_URL is unset).
 * Opens the database as the server does (DATABASE_URL or the embedded one in DATA_DIR). With the embedded
 * database, stop the server first: PGlite serves one process at a time.
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { readSmsOutbox } from '../sms/outbox';
import { OutboxNotAvailableError, readOutbox } from './outbox';

const limitIndex = process.argv.indexOf('--limit');
const limit = limitIndex > 0 ? Number(process.argv[limitIndex + 1]) : 5;
const config = loadConfig();
if (config.production) {
  console.error(new OutboxNotAvailableError().message);
  process.exit(1);
}
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  schema: config.databaseSchema,
});
try {
  await migrate(db);
  if (process.argv.includes('--sms')) {
    const messages = await readSmsOutbox(db, { production: config.production, limit });
    if (messages.length === 0) console.log('No SMS were kept.');
    for (const sms of messages) {
      console.log(`#${sms.id} ${sms.createdAt} (${sms.transport})\nTo: ${sms.recipient}\n`);
      console.log(`${sms.text ?? '(sent through the provider; the text is not kept)'}\n${'='.repeat(72)}`);
    }
  } else {
    const mails = await readOutbox(db, { production: config.production, limit });
    if (mails.length === 0) console.log('The outbox is empty.');
    for (const mail of mails) {
      console.log(
        `#${mail.id} ${mail.createdAt} (${mail.transport})\nTo: ${mail.recipient}\nSubject: ${mail.subject}\n`,
      );
      console.log(`${mail.text}\n${'='.repeat(72)}`);
    }
  }
} finally {
  await db.close();
}
