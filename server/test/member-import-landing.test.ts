/**
 * The member import's landing in steps (modules/memberImport/landing.ts): hidden rows are seen by nobody until the
 * job lands, a job that does not land leaves nothing, and a landed job is settled by whoever takes over.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '../src/core/jobs/jobs';
import {
  discardStagedMembers,
  finishInterruptedImports,
  markLanded,
  settleLandedJob,
} from '../src/modules/memberImport/landing';
import { type Agent, createTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let clientUuid: string;
let adminUuid: string;
let produktionUuid: string;

const silentLog = { info: () => undefined } as unknown as Parameters<typeof finishInterruptedImports>[1];

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  const [row] = await server.db.query<{ client_uuid: string; uuid: string }>(
    "SELECT m.client_uuid, m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'acme' AND m.username = 'admin'",
  );
  if (!row) throw new Error('no acme admin');
  clientUuid = row.client_uuid;
  adminUuid = row.uuid;
  const [unit] = await server.db.query<{ uuid: string }>(
    "SELECT uuid FROM org_unit WHERE client_uuid = $1 AND name = 'Produktion'",
    [clientUuid],
  );
  if (!unit) throw new Error('no unit Produktion');
  produktionUuid = unit.uuid;
});
afterAll(async () => {
  await server?.close();
});

/** A job and `count` hidden members of it (the import's stage step), linked to Produktion once it lands. */
async function stagedJob(prefix: string, count: number) {
  const job = await createJob(server.db, { clientUuid, memberUuid: adminUuid }, 'member-import', count);
  const uuids = Array.from({ length: count }, () => randomUUID());
  await server.db.query(
    `WITH staged AS (
       INSERT INTO member_row (client_uuid, import_job, uuid, username, first_name, last_name, role)
       SELECT $1, $2, u.uuid, $3 || u.n, 'Staged', 'Member ' || u.n, 'member'
         FROM unnest($4::uuid[]) WITH ORDINALITY AS u(uuid, n)
       RETURNING uuid)
     INSERT INTO member_import_pending (member_uuid, job_uuid) SELECT uuid, $2 FROM staged`,
    [clientUuid, job.uuid, prefix, uuids],
  );
  return { job, uuids };
}

async function listed(search: string): Promise<number> {
  const response = await admin.post('/api/memberlist/getlist', { filter: { search }, perPage: 25 });
  expect(response.statusCode).toBe(200);
  return (response.json() as { total: number }).total;
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(sql, params);
  return row?.n ?? -1;
}

describe('landing an import in steps', () => {
  it('hides staged members from every read, and shows the whole set at the reveal', async () => {
    const { job, uuids } = await stagedJob('hidden.', 30);
    expect(await listed('hidden.')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM member WHERE uuid = ANY ($1::uuid[])', [uuids])).toBe(0);
    // With the admin's password: refused while hidden, accepted once revealed.
    await server.db.query(
      "UPDATE member_row SET password_hash = (SELECT password_hash FROM member WHERE uuid = $1) WHERE username = 'hidden.1' AND import_job = $2",
      [adminUuid, job.uuid],
    );
    expect((await (await server.anonymous()).login('acme', 'hidden.1')).statusCode).toBe(401);

    await server.db.transaction((tx) =>
      markLanded(
        tx,
        { clientUuid, memberUuid: adminUuid, support: null },
        {
          uuid: job.uuid,
          filename: 'staged.csv',
          welcomeMails: false,
          result: { created: 30, updated: 0, unchanged: 0, skipped: 0, welcomeMails: 0 },
        },
      ),
    );
    // Visible at once (the company version moved: the member list does not answer from before).
    expect(await listed('hidden.')).toBe(30);
    expect((await (await server.anonymous()).login('acme', 'hidden.1')).statusCode).toBe(200);
    // The import links its members in the same transaction; here after it, so that only the mark moved the version.
    await server.db.query(
      'INSERT INTO org_unit_member (org_unit_uuid, member_uuid) SELECT $1, u FROM unnest($2::uuid[]) AS u',
      [produktionUuid, uuids],
    );

    const result = await settleLandedJob(server.db, job.uuid);
    expect(result).toMatchObject({ created: 30 });
    expect(await count('SELECT count(*)::int AS n FROM member_import_pending WHERE job_uuid = $1', [job.uuid])).toBe(0);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM audit_entry WHERE action = 'member.import-create' AND after ->> 'job' = $1 AND after ->> 'orgUnitUuid' = $2",
        [job.uuid, produktionUuid],
      ),
    ).toBe(30);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM audit_entry WHERE action = 'member-import.run' AND entity_uuid = $1",
        [job.uuid],
      ),
    ).toBe(1);
    // Each new member has the e-learning tasks a member of Produktion has.
    const perMember = await count(
      `SELECT count(*)::int AS n FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE m.client_uuid = $1 AND m.username = 'hidden.1'`,
      [clientUuid],
    );
    expect(perMember).toBeGreaterThan(0);
    expect(
      await count('SELECT count(*)::int AS n FROM elearning_task WHERE member_uuid = ANY ($1::uuid[])', [uuids]),
    ).toBe(perMember * 30);
    expect(await server.db.query('SELECT status, done FROM batch_job WHERE uuid = $1', [job.uuid])).toEqual([
      { status: 'finished', done: 30 },
    ]);
    // Nothing left to do: a second settle changes nothing.
    expect(await settleLandedJob(server.db, job.uuid)).toBeNull();
    expect(await listed('hidden.')).toBe(30);
  });

  it('removes the hidden members of a job that did not land, and frees their usernames', async () => {
    const { job } = await stagedJob('dropped.', 1_200);
    expect(await discardStagedMembers(server.db, job.uuid)).toBe(1_200);
    expect(await count('SELECT count(*)::int AS n FROM member_row WHERE import_job = $1', [job.uuid])).toBe(0);
    const again = await stagedJob('dropped.', 2);
    expect(await count('SELECT count(*)::int AS n FROM member_row WHERE import_job = $1', [again.job.uuid])).toBe(2);
    await discardStagedMembers(server.db, again.job.uuid);
  });

  it('finishes what a stopped process left: ended jobs only, never one still running', async () => {
    const running = await stagedJob('running.', 5);
    const abandoned = await stagedJob('abandoned.', 5);
    const landed = await stagedJob('landed.', 5);
    await server.db.query(
      "UPDATE batch_job SET status = 'failedEnding', error_code = 'BatchJob.Interrupted' WHERE uuid = ANY ($1::uuid[])",
      [[abandoned.job.uuid, landed.job.uuid]],
    );
    await server.db.transaction((tx) =>
      markLanded(
        tx,
        { clientUuid, memberUuid: adminUuid, support: null },
        {
          uuid: landed.job.uuid,
          filename: 'landed.csv',
          welcomeMails: false,
          result: { created: 5, updated: 0, unchanged: 0, skipped: 0, welcomeMails: 0 },
        },
      ),
    );

    await finishInterruptedImports(server.db, silentLog, clientUuid);
    expect(await count('SELECT count(*)::int AS n FROM member_row WHERE import_job = $1', [running.job.uuid])).toBe(5);
    expect(await count('SELECT count(*)::int AS n FROM member_row WHERE import_job = $1', [abandoned.job.uuid])).toBe(
      0,
    );
    expect(await listed('abandoned.')).toBe(0);
    expect(await listed('landed.')).toBe(5);
    expect(
      await server.db.query('SELECT status, error_code FROM batch_job WHERE uuid = $1', [landed.job.uuid]),
    ).toEqual([{ status: 'finished', error_code: null }]);
    await discardStagedMembers(server.db, running.job.uuid);
  });
});
