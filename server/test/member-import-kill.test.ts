/**
 * A server killed in the middle of an import: the real server process, stopped with SIGKILL while the job writes.
 * Killed while the new members are written (hidden), none of them is ever seen and the job reads as failed; killed
 * after they became visible, the restarted server writes the rest of their follow-up and the job finishes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/core/db/database';
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
type Post = Awaited<ReturnType<typeof signIn>>['post'];
type JobStatus = { status: string; done: number; total: number; errorCode: string | null };

async function readStatus(post: Post, uuid: string): Promise<JobStatus> {
  return (await (await post('/api/batch-job/read-status', { uuid })).json()) as JobStatus;
}

/** Polls the job until `until` holds; the server answers meanwhile (the import writes in short steps). */
async function waitFor(post: Post, uuid: string, until: (status: JobStatus) => boolean): Promise<JobStatus> {
  for (let attempt = 0; attempt < 6000; attempt++) {
    const status = await readStatus(post, uuid);
    if (until(status) || ['finished', 'failedInitializing', 'failedEnding'].includes(status.status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the job did not reach the state in time');
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('a server killed during an import', () => {
  it('hides what it staged, removes it after a kill, and finishes a landed job after a kill', {
    timeout: 360_000,
  }, async () => {
    let client = await signIn(await startServer());
    const content = bigFile();
    const options = { cursorUuid: await client.upload(content), mapping: MAPPING, passwordMode: 'noPassword' };
    const started = await client.post('/api/memberimport/import-csv', options);
    expect(started.status).toBe(200);
    const job = (await started.json()) as { uuid: string };

    // Killed while the new members are written (hidden): the server answers meanwhile and shows none of them.
    const staging = await waitFor(client.post, job.uuid, (status) => status.status === 'inProgress' && status.done > 0);
    expect(staging.status, 'the job was still staging when the server was killed').toBe('inProgress');
    expect(await importedCount(client.post)).toBe(0);
    await stopServer('SIGKILL');

    // Restarted: nothing of the job is visible, and the job explains itself as failed.
    client = await signIn(await startServer());
    expect(await importedCount(client.post)).toBe(0);
    // PGlite serves one process, so every open job at start is abandoned; on PostgreSQL (several instances) a job
    // counts as abandoned once its heartbeat is older than HEARTBEAT_TIMEOUT_SECONDS, found by the half-minute sweep.
    const deadline = Date.now() + (HEARTBEAT_TIMEOUT_SECONDS + 40) * 1000;
    let status: JobStatus;
    for (;;) {
      status = await readStatus(client.post, job.uuid);
      if (!(OPEN_STATUSES as readonly string[]).includes(status.status) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    expect(status).toMatchObject({ status: 'failedEnding', errorCode: 'BatchJob.Interrupted' });

    // Starting again is safe (the hidden rows that held the usernames are gone); killed again once the members are
    // visible and their follow-up (audit entries, tasks) is being written: the restarted server finishes the job.
    const again = await client.post('/api/memberimport/import-csv', {
      ...options,
      cursorUuid: await client.upload(content),
    });
    const second = (await again.json()) as { uuid: string };
    const settling = await waitFor(
      client.post,
      second.uuid,
      (current) => current.status === 'finishedTasks' && current.done < current.total,
    );
    expect(settling.status, 'the job was still settling when the server was killed').toBe('finishedTasks');
    expect(await importedCount(client.post)).toBe(ROWS);
    await stopServer('SIGKILL');

    client = await signIn(await startServer());
    expect(await importedCount(client.post)).toBe(ROWS);
    // The start-up sweep first marks the open job interrupted; the settling that follows in the background ends it.
    let final = await readStatus(client.post, second.uuid);
    for (let attempt = 0; attempt < 600 && final.status !== 'finished'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      final = await readStatus(client.post, second.uuid);
    }
    expect(final).toMatchObject({ status: 'finished', errorCode: null, done: ROWS });
    await stopServer('SIGTERM');

    // Every member of the file once, each with one audit entry and the task of his unit's e-learnings; no hidden
    // row is left of either job.
    const db = await openPglite(path.join(DATA_DIR));
    try {
      const [counts] = await db.query<{ members: number; hidden: number; audited: number; tasks: number }>(
        `SELECT (SELECT count(*)::int FROM member WHERE username LIKE 'kill.%') AS members,
                (SELECT count(*)::int FROM member_row WHERE import_job IS NOT NULL
                    AND import_job NOT IN (SELECT job_uuid FROM member_import_landed))
                + (SELECT count(*)::int FROM member_import_pending) AS hidden,
                (SELECT count(*)::int FROM audit_entry WHERE action = 'member.import-create' AND after ->> 'job' = $1) AS audited,
                (SELECT count(DISTINCT t.member_uuid)::int FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
                  WHERE m.username LIKE 'kill.%') AS tasks`,
        [second.uuid],
      );
      expect(counts).toEqual({ members: ROWS, hidden: 0, audited: ROWS, tasks: counts?.tasks });
      expect(counts?.tasks).toBe(ROWS);
    } finally {
      await db.close();
    }
  });
});
