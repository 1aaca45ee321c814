import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoData } from './seed/demo';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(db);
const seeded = config.seedDemo ? await seedDemoData(db) : false;
// Embedded PGlite has no autovacuum: fresh statistics and visibility maps keep the table queries on their indexes.
if (db.kind === 'pglite') await db.exec('VACUUM ANALYZE');
const app = await buildApp(config, db);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Serving on http://localhost:${config.port} with ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}` +
    `${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}${seeded ? '; demo data seeded' : ''}`,
);
