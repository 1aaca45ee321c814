/**
 * A server killed in the middle of an import: the real server process, stopped with SIGKILL while the job writes.
 * Afterwards no imported member exists, the job reads as failed (the page explains it), and starting again works.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_TIMEOUT_SECONDS, OPEN_STATUSES } from '../src/core/jobs/jobs';
import { HttpClient, type ServerProcess, startServerProcess } from './serverProcess';

const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'import-kill-'));
const ROWS = 20_000;

let server: ServerProcess | null = null;

/** The upload's body, as a browser's FormData sends it. */
function multipartBody(filename: string, content: Buffer) {
  const boundary = '----import-kill-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function startServer(): Promise<ServerProcess> {
  server = await startServerProcess({ DATA_DIR, DATABASE_URL: '' });
  return server;
}

async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const running = server;
  server = null;
  await running?.stop(signal);
}

/** A signed-in admin of acme on the running server, with the CSV upload of the import. */
async function signIn(running: ServerProcess) {
  const client = await HttpClient.signIn(running.base);
  const post = (url: string, body: unknown, timeoutMs?: number) => client.post(url, body, timeoutMs);
  const upload = async (content: Buffer) => {
    const body = multipartBody('gross.csv', content);
    const response = await client.send('/api/memberimport/upload-csv', new Uint8Array(body.payload), body.contentType);
    expect(response.status).toBe(200);
    return ((await response.json()) as { cursorUuid: string }).cursorUuid;
  };
  return { post, upload };
}

function bigFile(): Buffer {
  const lines = ['Benutzername;Vorname;Nachname;E-Mail;Org-Einheit'];
  for (let index = 0; index < ROWS; index++) {
    lines.push(`kill.${index};Jörg;Größe${index};kill.${index}@example.com;Produktion`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

const MAPPING = { username: 0, firstName: 1, lastName: 2, email: 3, orgUnit: 4 };

async function importedCount(post: Awaited<ReturnType<typeof signIn>>['post']): Promise<number> {
  const response = await post('/api/memberlist/getlist', { filter: { search: 'kill.' }, perPage: 25 });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

afterAll(async () => {
  await stopServer('SIGTERM');
  rmSync(DATA_DIR, { recursive: true, force: true });
});

// PGlite only for now: on PostgreSQL the restart and the abandoned job's failure work (the heartbeat sweep found it
// within a minute), but the second, complete import of 20,000 rows did not finish within two minutes on the shared
// two-core CI machine (see docs/company.md on the member import); the PostgreSQL run of the API suite leaves this file out.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a server killed during an import', () => {
  it('leaves no half-imported members, a failed job, and a new start that lands', { timeout: 360_000 }, async () => {
    let client = await signIn(await startServer());
    const content = bigFile();
    const cursorUuid = await client.upload(content);
    const options = { cursorUuid, mapping: MAPPING, passwordMode: 'noPassword' };
    const started = await client.post('/api/memberimport/import-csv', options);
    expect(started.status).toBe(200);
    const job = (await started.json()) as { uuid: string };

    // Kill while the job writes: once it reports its last phase, or when the server stops answering at once
    // (the embedded database holds every other call while the import's transaction runs).
    let seen = 'created';
    for (;;) {
      try {
        const status = await client.post('/api/batch-job/read-status', { uuid: job.uuid }, 150);
        seen = ((await status.json()) as { status: string }).status;
      } catch {
        seen = 'busy';
      }
      if (seen === 'finishedTasks' || seen === 'busy' || seen === 'finished') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await stopServer('SIGKILL');
    expect(seen, 'the job was still writing when the server was killed').not.toBe('finished');

    // Restarted: nothing of the job landed, and the job explains itself as failed.
    client = await signIn(await startServer());
    expect(await importedCount(client.post)).toBe(0);
    // PGlite serves one process, so every open job at start is abandoned; on PostgreSQL (several instances) a job
    // counts as abandoned once its heartbeat is older than HEARTBEAT_TIMEOUT_SECONDS, found by the half-minute sweep.
    const deadline = Date.now() + (HEARTBEAT_TIMEOUT_SECONDS + 40) * 1000;
    let status: { status: string; errorCode: string | null };
    for (;;) {
      status = (await (await client.post('/api/batch-job/read-status', { uuid: job.uuid })).json()) as typeof status;
      if (!(OPEN_STATUSES as readonly string[]).includes(status.status) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    expect(status).toMatchObject({ status: 'failedEnding', errorCode: 'BatchJob.Interrupted' });

    // Starting again is safe: the whole file lands once.
    const again = await client.upload(content);
    const restarted = await client.post('/api/memberimport/import-csv', { ...options, cursorUuid: again });
    const second = (await restarted.json()) as { uuid: string };
    let final = { status: 'created', result: null as Record<string, number> | null };
    for (let attempt = 0; attempt < 600; attempt++) {
      const response = await client.post('/api/batch-job/read-status', { uuid: second.uuid });
      final = (await response.json()) as typeof final;
      if (['finished', 'failedInitializing', 'failedEnding'].includes(final.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(final).toMatchObject({ status: 'finished', result: { created: ROWS, skipped: 0 } });
    expect(await importedCount(client.post)).toBe(ROWS);
  });
});
