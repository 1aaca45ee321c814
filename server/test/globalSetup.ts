import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/core/db/database';
import { migrate } from '../src/core/db/migrate';
import { analyzeAllTables } from '../src/core/db/statistics';
import { seedDemoData } from '../src/seed/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded and analysed embedded database as a tar; '' on PostgreSQL. */
    seededPgliteTemplate: string;
  }
}

/**
 * On embedded PGlite, every test server starts from one copy of the seeded database made here once per run: migrating
 * and seeding took 10-20 s per test server on the 2-core CI machine, about 40 of them, and were most of the API run.
 * On PostgreSQL each test server still migrates and seeds a schema of its own (createTestServer).
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('seededPgliteTemplate', '');
    return undefined;
  }
  const db = await openDatabase({});
  try {
    await migrate(db);
    await seedDemoData(db);
    await analyzeAllTables(db);
    const snapshot = db.snapshot ? await db.snapshot() : undefined;
    if (!snapshot) throw new Error('the embedded database takes no snapshot');
    const folder = path.resolve('.tmp');
    mkdirSync(folder, { recursive: true });
    // Unpacked once here rather than by every test server.
    const file = path.join(folder, `api-test-seeded-${process.pid}.tar`);
    writeFileSync(file, gunzipSync(Buffer.from(await snapshot.arrayBuffer())));
    project.provide('seededPgliteTemplate', file);
    // For the server processes the fault tests start (serverProcess.ts); the test workers inherit it.
    process.env.SEEDED_PGLITE_TEMPLATE = file;
    return () => rmSync(file, { force: true });
  } finally {
    await db.close();
  }
}
