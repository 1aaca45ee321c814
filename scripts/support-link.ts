/**
 * Issues a support link for a customer adviser: signed (HMAC-SHA256), single-use, valid for 15 minutes.
 *
 *   npm run support-link -- --client acme --adviser "Erika Muster" --reason "Ticket 4711: import fails"
 *
 * The key: SUPPORT_LINK_SECRET when set; otherwise the key the server generated and stored in its database
 * (with the embedded database while the server runs: the copy it leaves in DATA_DIR/support-link.key, because
 * PGlite serves one process at a time). The link starts with PUBLIC_URL.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/core/db/database';
import { migrate } from '../server/src/core/db/migrate';
import {
  createSupportToken,
  readSupportLinkKeyFile,
  resolveSupportLinkSecret,
  SUPPORT_LINK_MINUTES,
  supportLinkUrl,
} from '../server/src/modules/auth/supportLink';

const { values } = parseArgs({
  options: {
    client: { type: 'string' },
    adviser: { type: 'string' },
    reason: { type: 'string' },
  },
});
const client = values.client?.trim().toLowerCase();
const adviser = values.adviser?.trim();
const reason = values.reason?.trim();
if (!client || !adviser || !reason || adviser.length > 100 || reason.length > 500) {
  console.error(
    'Usage: npm run support-link -- --client <company ID> --adviser "<name, max 100>" --reason "<why, max 500>"',
  );
  process.exit(2);
}

const config = loadConfig();
let secret = config.supportLinkSecret;
if (!secret && config.supportLinkKeyFile && existsSync(config.supportLinkKeyFile)) {
  secret = readSupportLinkKeyFile(config.supportLinkKeyFile);
}
if (!secret || config.databaseUrl) {
  // The database: the key (when not configured) and a check that the client exists and allows support.
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  try {
    await migrate(db);
    const [row] = await db.query<{ support_login_allowed: boolean }>(
      'SELECT support_login_allowed FROM client WHERE identifier = $1',
      [client],
    );
    if (!row) {
      console.error(`No client with the company ID "${client}".`);
      process.exit(1);
    }
    if (!row.support_login_allowed) {
      console.error(`The client "${client}" does not allow support login.`);
      process.exit(1);
    }
    secret = await resolveSupportLinkSecret(db, secret);
  } finally {
    await db.close();
  }
}

const token = createSupportToken(secret, { client, adviser, reason });
console.log(supportLinkUrl(config.publicUrl, token));
console.error(`Valid for ${SUPPORT_LINK_MINUTES} minutes, once. Every action is logged with adviser and reason.`);
