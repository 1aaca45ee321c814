/**
 * The member limit a licensee sets in its console (client/update, maxMembers) under concurrency: the existing
 * "max members reached" holds when many creates arrive at once, and when an import lands beside them. The client's
 * member-change lock (members/licence.ts) serialises the seat count and the commit of each.
 */
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestServer, errorCode, type TestServer } from './helpers';
import { memberCreateBody } from './memberBody';

let server: TestServer;
let licenseeAdmin: Agent;
let admin: Agent;
let globexUuid: string;

beforeAll(async () => {
  server = await createTestServer();
  licenseeAdmin = await server.licenseeLogin('dashboard', 'lizenz.admin');
  admin = await server.login('globex', 'admin');
  const [globex] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'globex'");
  globexUuid = globex?.uuid ?? '';
});
afterAll(async () => {
  await server?.close();
});

const activeMembers = async () => {
  const [row] = await server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM member WHERE client_uuid = $1 AND archived_at IS NULL',
    [globexUuid],
  );
  return row?.n ?? 0;
};

/** Sets globex's member limit through the licensee console, to the members it has plus `free`. */
async function leaveFreeSeats(free: number): Promise<number> {
  const details = (await licenseeAdmin.post('/api/licensee/client/details', { uuid: globexUuid })).json() as Record<
    string,
    unknown
  > & { memberCount: number };
  const limit = (await activeMembers()) + free;
  const response = await licenseeAdmin.post('/api/licensee/client/update', {
    uuid: globexUuid,
    name: details.name,
    street: details.street,
    additional: details.additional,
    postalCode: details.postalCode,
    city: details.city,
    country: details.country,
    homepage: details.homepage,
    maxMembers: limit,
    featureFlags: details.featureFlags,
  });
  expect(response.statusCode, response.body).toBe(200);
  return limit;
}

let serial = 0;
const create = () => {
  const n = ++serial;
  return admin.post(
    '/api/member/createmember',
    memberCreateBody({ firstName: 'Sitz', lastName: `Nummer${n}`, email: null, username: `sitz.${n}` }),
  );
};

async function waitForJob(uuid: string) {
  for (let tries = 0; tries < 600; tries++) {
    const job = (await admin.post('/api/batch-job/read-status', { uuid })).json() as {
      status: string;
      errorCode: string | null;
    };
    if (['finished', 'failedInitializing', 'failedEnding'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${uuid} did not end`);
}

describe('the member limit set in the licensee console, under concurrency', () => {
  it('ten creates at once for three free seats: exactly three succeed, seven answer Client.MaxMembersReached', async () => {
    const limit = await leaveFreeSeats(3);
    const answers = await Promise.all(Array.from({ length: 10 }, create));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(errorCode(answer)).toBe('Client.MaxMembersReached');
    }
    expect(await activeMembers()).toBe(limit);
  });

  it('an import of two beside ten creates for three free seats: never more members than the limit', async () => {
    const limit = await leaveFreeSeats(3);
    const csv = iconv.encode(
      'Benutzername;Vorname;Nachname\r\nimport.eins;Import;Eins\r\nimport.zwei;Import;Zwei\r\n',
      'win1252',
    );
    const boundary = '----limit-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="neu.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      csv,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await admin.request({
      method: 'POST',
      url: '/api/memberimport/upload-csv',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const cursor = uploaded.json() as { cursorUuid: string; proposedMapping: Record<string, number | null> };
    const options = { cursorUuid: cursor.cursorUuid, mapping: cursor.proposedMapping, passwordMode: 'noPassword' };

    const [started, ...creates] = await Promise.all([
      admin.post('/api/memberimport/import-csv', options),
      ...Array.from({ length: 10 }, create),
    ]);
    if (!started) throw new Error('no answer');
    let imported = 0;
    if (started.statusCode === 200) {
      const job = await waitForJob((started.json() as { uuid: string }).uuid);
      if (job.status === 'finished') imported = 2;
      else expect(job.errorCode).toBe('MemberImport.ExceedsMaxMembers');
    } else {
      // The creates took the seats before the import's own count: refused before it starts.
      expect(`${started.statusCode} ${errorCode(started)}`).toBe('409 MemberImport.ExceedsMaxMembers');
    }
    const created = creates.filter((answer) => answer.statusCode === 200).length;
    for (const answer of creates.filter((one) => one.statusCode !== 200)) {
      expect(`${answer.statusCode} ${errorCode(answer)}`).toBe('409 Client.MaxMembersReached');
    }
    // Every seat is taken, none twice: the import counts whole or not at all.
    expect(created + imported).toBe(3);
    expect(await activeMembers()).toBe(limit);
    // An import refused at its reveal leaves none of the members it had written hidden (they would hold usernames).
    const [hidden] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM member_row
        WHERE import_job IS NOT NULL AND import_job NOT IN (SELECT job_uuid FROM member_import_landed)`,
    );
    expect(hidden?.n).toBe(0);
  });
});
