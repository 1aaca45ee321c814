import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './serverProcess';

/**
 * Request garbage stays young (server/src/v8Flags.ts): after a start that seeds a new database, a load of cheap
 * calls must not fill the old generation. With allocation-site pretenuring on, the seed teaches V8 to allocate the
 * request path's objects in the old generation: 2,000 calls then promote about 9 MB; with it off next to nothing.
 */
const CHUNKS = 10;
const CALLS_PER_CHUNK = 2_000;
const CONCURRENCY = 20;

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'runtime-gc-'));
  // PGLITE_TEMPLATE empty: no seeded copy, so this start migrates and seeds the demo data itself.
  server = await startServerProcess(
    {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PGLITE_TEMPLATE: '',
      METRICS_ENABLED: 'true',
      REMINDER_INTERVAL_MINUTES: '0',
    },
    { timeoutMs: 120_000 },
  );
}, 150_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The old generation's bytes in use and the count of major collections, from GET /metrics (prom-client). */
async function heapFigures(): Promise<{ oldSpaceBytes: number; majorCollections: number }> {
  const text = await (await fetch(`${server.base}/metrics`)).text();
  const value = (pattern: RegExp) => text.match(pattern)?.[1];
  return {
    oldSpaceBytes: Number(value(/^nodejs_heap_space_size_used_bytes\{space="old"\} (\d+)/m) ?? Number.NaN),
    // The series appears with the first major collection after the metrics were set up.
    majorCollections: Number(value(/^nodejs_gc_duration_seconds_count\{kind="major"\} (\d+)/m) ?? 0),
  };
}

async function callMany(count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const response = await fetch(`${server.base}/api/csrf`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

it('promotes next to nothing of cheap calls after a seeding start (no pretenured request objects)', async () => {
  await callMany(2_000);
  // The old generation's growth over each chunk of calls that no major collection interrupted (one resets it).
  const growths: number[] = [];
  let before = await heapFigures();
  expect(before.oldSpaceBytes).toBeGreaterThan(0);
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    await callMany(CALLS_PER_CHUNK);
    const after = await heapFigures();
    if (after.majorCollections === before.majorCollections) growths.push(after.oldSpaceBytes - before.oldSpaceBytes);
    before = after;
  }
  expect(growths.length).toBeGreaterThanOrEqual(CHUNKS / 2);
  const median = growths.sort((a, b) => a - b)[Math.floor(growths.length / 2)] ?? Number.NaN;
  // Pretenured, 2,000 calls promote about 9 MB; young, well under 1 MB.
  expect(median, `old generation growth per ${CALLS_PER_CHUNK} calls: ${growths.join(', ')} bytes`).toBeLessThan(
    2 * 1024 * 1024,
  );
}, 120_000);
