/**
 * Certificates (docs/scorm.md "Certificates"): verification codes fixed at issue (migration 030), "Meine Nachweise"
 * with the validity from the course's repeat interval, the analytics' download for administrators (their members
 * only), the public verification of a code (nothing but name, course, date and validity; rate limited; the host's
 * licensee only) and the PDF with code, address, QR code and the licensee's logo.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/core/db/database';
import { MIGRATIONS_DIR, migrationFiles, splitStatements } from '../src/core/db/migrate';
import { RATE_LIMITS } from '../src/modules/auth/rateLimit';
import { DEMO_ELEARNINGS, DEMO_MEMBER_TASK } from '../src/seed/elearnings';
import { pdfText } from './elearning-player-helpers';
import { type Agent, createTestServer, expectError, memberUuid, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let member: Agent;
let ouAdmin: Agent;

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const COURSE = 'Allgemeine Sicherheitsunterweisung (§ 12 ArbSchG)';
/** The member's certificate made by the player calls in beforeAll. */
let fresh: { uuid: string; verificationCode: string; completedAt: string };

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  member = await server.login('acme', 'member');
  ouAdmin = await server.login('acme', 'ou.admin');
  // The demo member completes the safety instruction (SCORM 1.2) as the player would.
  const execution = (await member.post('/api/elearning/create-execution', { taskUuid: DEMO_MEMBER_TASK })).json();
  const saved = await member.post('/api/elearning/save-execution', {
    uuid: execution.uuid,
    sequence: 1,
    cmi: { core: { lesson_status: 'passed', score: { raw: '90' } } },
    totalTimeSeconds: 754,
  });
  expect(saved.json().resultUuid, saved.body).toEqual(expect.any(String));
  fresh = (await member.post('/api/elearning/read-result-data', { uuid: saved.json().resultUuid })).json();
});

afterAll(async () => {
  await server?.close();
});

/** A result of a member in an e-learning, completed `daysAgo` days ago (task, execution, result as the player leaves them). */
async function insertResult(options: {
  username: string;
  client?: string;
  elearning: string;
  daysAgo: number;
  code?: string;
}): Promise<{ uuid: string; code: string }> {
  const memberId = await memberUuid(server.db, options.client ?? 'acme', options.username);
  const [row] = await server.db.query<{ uuid: string; verification_code: string }>(
    `WITH t AS (
       INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, due_date, completed_at, started_at, origin)
       SELECT m.client_uuid, $2, m.uuid, current_date, now() - make_interval(days => $3), now() - make_interval(days => $3),
              'assignment' FROM member m WHERE m.uuid = $1 RETURNING *),
     x AS (
       INSERT INTO elearning_execution (client_uuid, task_uuid, member_uuid, elearning_uuid, package_uuid, scorm_version,
                                        completed_at)
       SELECT t.client_uuid, t.uuid, t.member_uuid, t.elearning_uuid, p.uuid, p.scorm_version, t.completed_at
         FROM t JOIN elearning_package p ON p.elearning_uuid = t.elearning_uuid
        ORDER BY p.created_at DESC LIMIT 1 RETURNING *)
     INSERT INTO elearning_result (client_uuid, execution_uuid, task_uuid, member_uuid, elearning_uuid, member_name,
                                   course_title, language, completed_at, duration_seconds, score_percent, passed,
                                   verification_code)
     SELECT x.client_uuid, x.uuid, x.task_uuid, x.member_uuid, x.elearning_uuid, m.first_name || ' ' || m.last_name,
            e.title, 'de_DE', x.completed_at, 65, 80, true, coalesce($4, certificate_verification_code())
       FROM x JOIN member m ON m.uuid = x.member_uuid JOIN elearning e ON e.uuid = x.elearning_uuid
     RETURNING uuid, verification_code`,
    [memberId, options.elearning, options.daysAgo, options.code ?? null],
  );
  if (!row) throw new Error('no result inserted (does the e-learning have a package?)');
  return { uuid: row.uuid, code: row.verification_code };
}

/** A package for an e-learning without one (results need an execution on a package). */
async function givePackage(elearning: string): Promise<void> {
  await server.db.query(
    `INSERT INTO elearning_package (client_uuid, elearning_uuid, scorm_version, launch_path, title, file_count,
                                    unpacked_bytes, items)
     SELECT client_uuid, uuid, '1.2', 'index.html', title, 1, 1,
            '[{"id": "SCO", "title": "SCO", "launchPath": "index.html", "sco": true}]'::jsonb
       FROM elearning WHERE uuid = $1`,
    [elearning],
  );
}

const verify = (code: string, options: { host?: string; ip?: string } = {}) =>
  server.inject({
    method: 'GET',
    url: '/api/certificate/verify',
    query: { code },
    headers: options.host ? { host: options.host } : {},
    remoteAddress: options.ip ?? '127.0.0.1',
  });

const myCertificates = (agent: Agent, body: Record<string, unknown> = {}) =>
  agent.post('/api/elearning/read-my-certificates', { sortBy: 'validUntil', ...body });

/** `YYYY-MM-DD` of a day `months` after an ISO timestamp's UTC day (the database runs in UTC here). */
function monthsAfter(isoTimestamp: string, months: number): string {
  const day = new Date(`${isoTimestamp.slice(0, 10)}T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + months);
  return day.toISOString().slice(0, 10);
}

describe('verification codes', () => {
  it('every result gets a unique 12-character base32 code at issue, shown in groups of four', async () => {
    expect(fresh.verificationCode).toMatch(CODE);
    const rows = await server.db.query<{ verification_code: string }>('SELECT verification_code FROM elearning_result');
    // The demo's completions of courses with a package have their certificates (seed), each with its own code.
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(new Set(rows.map((row) => row.verification_code)).size).toBe(rows.length);
  });

  it('a code never changes once issued; the rest of the row may', async () => {
    await expect(
      server.db.query("UPDATE elearning_result SET verification_code = 'ABCDEFGHJKMN' WHERE uuid = $1", [fresh.uuid]),
    ).rejects.toThrow(/never changes/);
    await server.db.query('UPDATE elearning_result SET duration_seconds = duration_seconds WHERE uuid = $1', [
      fresh.uuid,
    ]);
    const again = (await member.post('/api/elearning/read-result-data', { uuid: fresh.uuid })).json();
    expect(again.verificationCode).toBe(fresh.verificationCode);
  });

  it('migration 030 gives the results issued before it a code each, and new results get one by default', async () => {
    const db = await openDatabase({});
    try {
      const run = async (file: string) => {
        const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        await db.transaction(async (tx) => {
          for (const statement of splitStatements(sql)) await tx.query(statement);
        });
      };
      const files = migrationFiles();
      for (const file of files.filter((name) => name < '030')) await run(file);
      const insertResults = (count: number) =>
        db.query(
          `WITH l AS (INSERT INTO licensee (identifier, name, theme, footer)
                      VALUES ('l' || gen_random_uuid(), 'L', '{}', '{}') RETURNING uuid),
                c AS (INSERT INTO client (licensee_uuid, identifier, name)
                      SELECT uuid, 'c' || substr(md5(random()::text), 1, 8), 'C' FROM l RETURNING uuid),
                m AS (INSERT INTO member (client_uuid, username, role, first_name, last_name)
                      SELECT uuid, 'm', 'member', 'M', 'N' FROM c RETURNING uuid, client_uuid),
                e AS (INSERT INTO elearning (client_uuid, title) SELECT uuid, 'E' FROM c RETURNING uuid, client_uuid),
                p AS (INSERT INTO elearning_package (client_uuid, elearning_uuid, scorm_version, launch_path, title,
                                                    file_count, unpacked_bytes, items)
                      SELECT client_uuid, uuid, '1.2', 'index.html', 'P', 1, 1, '[{"id":"SCO","title":"P","launchPath":"index.html","sco":true}]'
                        FROM e RETURNING uuid, elearning_uuid, client_uuid),
                t AS (INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, due_date, completed_at)
                      SELECT p.client_uuid, p.elearning_uuid, m.uuid, current_date, now()
                        FROM p, m, generate_series(1, $1) RETURNING *),
                x AS (INSERT INTO elearning_execution (client_uuid, task_uuid, member_uuid, elearning_uuid, package_uuid,
                                                       scorm_version, completed_at)
                      SELECT t.client_uuid, t.uuid, t.member_uuid, t.elearning_uuid, p.uuid, '1.2', now() FROM t, p
                      RETURNING *)
           INSERT INTO elearning_result (client_uuid, execution_uuid, task_uuid, member_uuid, elearning_uuid,
                                         member_name, course_title, language, completed_at, duration_seconds)
           SELECT client_uuid, uuid, task_uuid, member_uuid, elearning_uuid, 'M N', 'E', 'de_DE', now(), 60 FROM x`,
          [count],
        );
      await insertResults(3);
      await run(files.find((name) => name.startsWith('030_')) ?? '');
      await insertResults(2);
      const codes = await db.query<{ verification_code: string }>('SELECT verification_code FROM elearning_result');
      expect(codes).toHaveLength(5);
      for (const row of codes) expect(row.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(new Set(codes.map((row) => row.verification_code)).size).toBe(5);
    } finally {
      await db.close();
    }
  });
});

describe('Meine Nachweise', () => {
  it("lists the member's own certificates: course, completion, validity until the repeat is due, code", async () => {
    const response = await myCertificates(member);
    expect(response.statusCode, response.body).toBe(200);
    const { items, total } = response.json();
    // The seed's completion of 398 days ago (repeat every 12 months: expired) and today's.
    expect(total).toBe(2);
    const [expired, valid] = items;
    expect(expired).toMatchObject({ courseTitle: COURSE, validity: 'expired' });
    expect(expired.validUntil).toBe(monthsAfter(expired.completedAt, 12));
    expect(valid).toEqual({
      uuid: fresh.uuid,
      courseTitle: COURSE,
      completedAt: fresh.completedAt,
      validUntil: monthsAfter(fresh.completedAt, 12),
      validity: 'valid',
      scorePercent: 90,
      verificationCode: fresh.verificationCode,
    });
  });

  it('a course done once has no expiry and sorts last by validity; the validity follows the repeat interval', async () => {
    await givePackage(DEMO_ELEARNINGS.acmeVduWorkstation);
    const once = await insertResult({
      username: 'member',
      elearning: DEMO_ELEARNINGS.acmeVduWorkstation,
      daysAgo: 800,
    });
    const { items } = (await myCertificates(member)).json();
    expect(items.map((item: { validity: string }) => item.validity)).toEqual(['expired', 'valid', 'noExpiry']);
    expect(items[2]).toMatchObject({ uuid: once.uuid, validUntil: null, courseTitle: 'Bildschirmarbeitsplatz' });
    const descending = (await myCertificates(member, { sortDirection: 'desc' })).json().items;
    // NULLS LAST both ways: "no expiry" is never mistaken for the earliest or the latest day.
    expect(descending.map((item: { validity: string }) => item.validity)).toEqual(['valid', 'expired', 'noExpiry']);

    // Every 24 months now: the certificate of 800 days ago ran out on its 24-month day.
    await server.db.query('UPDATE elearning SET repeat_interval_months = 24 WHERE uuid = $1', [
      DEMO_ELEARNINGS.acmeVduWorkstation,
    ]);
    try {
      const changed = (await myCertificates(member, { filter: { search: 'Bildschirm' } })).json().items;
      expect(changed).toHaveLength(1);
      expect(changed[0].validity).toBe('expired');
      expect(changed[0].validUntil).toBe(monthsAfter(changed[0].completedAt, 24));
    } finally {
      await server.db.query('UPDATE elearning SET repeat_interval_months = 0 WHERE uuid = $1', [
        DEMO_ELEARNINGS.acmeVduWorkstation,
      ]);
    }
  });

  it('filters by validity and course title, sorts by course and date, pages in the database', async () => {
    const valid = (await myCertificates(member, { filter: { validity: 'valid' } })).json();
    expect(valid.total).toBe(1);
    expect(valid.items[0].uuid).toBe(fresh.uuid);
    expect((await myCertificates(member, { filter: { validity: 'noExpiry' } })).json().total).toBe(1);
    expect((await myCertificates(member, { filter: { search: 'sicherheits' } })).json().total).toBe(2);
    expect((await myCertificates(member, { filter: { search: '%' } })).json().total).toBe(0);
    const byCourse = (await myCertificates(member, { sortBy: 'courseTitle' })).json().items;
    expect(byCourse.map((item: { courseTitle: string }) => item.courseTitle)).toEqual([
      COURSE,
      COURSE,
      'Bildschirmarbeitsplatz',
    ]);
    const newestFirst = (await myCertificates(member, { sortBy: 'completedAt', sortDirection: 'desc' })).json().items;
    expect(newestFirst[0].uuid).toBe(fresh.uuid);
    const past = (await myCertificates(member, { page: 2 })).json();
    expect(past).toEqual({ items: [], total: 3 });
    const pastFiltered = (await myCertificates(member, { page: 2, filter: { validity: 'expired' } })).json();
    expect(pastFiltered).toEqual({ items: [], total: 1 });
  });

  it("shows only the member's own: never a colleague's nor another client's", async () => {
    const colleague = await insertResult({
      username: 'admin',
      elearning: DEMO_ELEARNINGS.acmeSafetyInstruction,
      daysAgo: 3,
    });
    const mine = (await myCertificates(member)).json().items.map((item: { uuid: string }) => item.uuid);
    expect(mine).not.toContain(colleague.uuid);
    const admins = (await myCertificates(admin)).json().items.map((item: { uuid: string }) => item.uuid);
    expect(admins).toContain(colleague.uuid);
    expect(admins).not.toContain(fresh.uuid);
    const globex = await server.login('globex', 'admin');
    expect((await myCertificates(globex)).json().items).toEqual([]);
  });
});

describe("the analytics' download", () => {
  it("names each member's newest certificate in the statistics rows; none where no certificate exists", async () => {
    const response = await admin.post('/api/elearning/read-statistics', {
      uuid: DEMO_ELEARNINGS.acmeSafetyInstruction,
      perPage: 100,
      sortBy: 'lastName',
      filter: { search: 'Mitarbeiter' },
    });
    const row = response.json().items.find((item: { username: string }) => item.username === 'member');
    expect(row.certificateUuid).toBe(fresh.uuid);
    const noPackage = await admin.post('/api/elearning/read-statistics', {
      uuid: DEMO_ELEARNINGS.acmeFirstAid,
      perPage: 100,
      sortBy: 'lastName',
      filter: { status: 'completed' },
    });
    const completed = noPackage.json().items;
    expect(completed.length).toBeGreaterThan(0);
    for (const item of completed) expect(item.certificateUuid).toBeNull();
  });

  it("an admin downloads a member's certificate: PDF named after course, person and day, with code and check address", async () => {
    const response = await admin.get('/api/elearning/member-certificate-pdf', { uuid: fresh.uuid });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Allgemeine-Sicherheitsunterweisung-12-ArbSchG_Mara-Mitarbeiter_${fresh.completedAt.slice(0, 10)}.pdf"`,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Mara Mitarbeiter');
    expect(text).toContain(COURSE);
    expect(text).toContain('12 Min. 34 Sek.');
    expect(text).toContain(fresh.verificationCode);
    expect(text).toContain(`http://localhost:8080/verify/${fresh.verificationCode}`);
    // The member's own download is the same certificate.
    const own = await member.get('/api/elearning/certificate-pdf', { uuid: fresh.uuid });
    expect(pdfText(own.rawPayload)).toBe(text);
  });

  it("an ou-admin downloads his units' members' certificates only; another's answers as unknown", async () => {
    const [inside, outside] = await Promise.all(
      [true, false].map(async (administered) => {
        const [row] = await server.db.query<{ username: string }>(
          `SELECT m.username FROM member m JOIN client c ON c.uuid = m.client_uuid
            WHERE c.identifier = 'acme' AND m.role = 'member' AND m.archived_at IS NULL
              AND ${administered ? '' : 'NOT'} EXISTS (
                SELECT 1 FROM org_unit_admin oa JOIN org_unit_membership om ON om.org_unit_uuid = oa.org_unit_uuid
                 JOIN member a ON a.uuid = oa.member_uuid
                WHERE a.username = 'ou.admin' AND a.client_uuid = m.client_uuid AND om.member_uuid = m.uuid)
            ORDER BY m.username LIMIT 1`,
        );
        if (!row) throw new Error('a member inside and one outside the ou-admin units');
        return insertResult({ username: row.username, elearning: DEMO_ELEARNINGS.acmeFireProtection, daysAgo: 5 });
      }),
    );
    if (!inside || !outside) throw new Error('two results');
    const allowed = await ouAdmin.get('/api/elearning/member-certificate-pdf', { uuid: inside.uuid });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const refused = await ouAdmin.get('/api/elearning/member-certificate-pdf', { uuid: outside.uuid });
    const unknown = await ouAdmin.get('/api/elearning/member-certificate-pdf', { uuid: crypto.randomUUID() });
    expectError(refused, 404, 'ElearningResult.NotFound');
    expect(refused.body).toBe(unknown.body);
    expect((await admin.get('/api/elearning/member-certificate-pdf', { uuid: outside.uuid })).statusCode).toBe(200);
  });
});

describe('the public verification of a code', () => {
  it('answers name, course, date and validity of a real code, and nothing more, without a session', async () => {
    const response = await verify(fresh.verificationCode);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      memberName: 'Mara Mitarbeiter',
      courseTitle: COURSE,
      completedAt: fresh.completedAt,
      validUntil: monthsAfter(fresh.completedAt, 12),
      valid: true,
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('reads a code as people type it: lower case, without or with other separators, O for 0, I and L for 1', async () => {
    const typed = await insertResult({
      username: 'member',
      elearning: DEMO_ELEARNINGS.acmeFireProtection,
      daysAgo: 30,
      code: '0123456789AB',
    });
    expect(typed.code).toBe('0123456789AB');
    for (const variant of ['0123-4567-89AB', '0123456789ab', '0123 4567 89ab', 'O123-4567-89AB', 'oI23-4567-89ab']) {
      const response = await verify(variant);
      expect(`${variant} -> ${response.statusCode}`).toBe(`${variant} -> 200`);
      expect(response.json().courseTitle).toBe('Brandschutz Grundlagen');
    }
    const l = await verify('0L23-4567-89AB');
    expect(l.statusCode).toBe(200);
  });

  it('an expired certificate verifies as genuine but no longer valid', async () => {
    const [row] = await server.db.query<{ verification_code: string }>(
      `SELECT r.verification_code FROM elearning_result r JOIN member m ON m.uuid = r.member_uuid
        WHERE m.username = 'member' AND r.elearning_uuid = $1 AND r.uuid <> $2`,
      [DEMO_ELEARNINGS.acmeSafetyInstruction, fresh.uuid],
    );
    const response = await verify(row?.verification_code ?? '');
    expect(response.json()).toMatchObject({ courseTitle: COURSE, valid: false });
    expect(response.json().validUntil < new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('an unknown code answers 404 Certificate.NotFound; a malformed or hostile one 400, never 500', async () => {
    expectError(await verify('ZZZZ-ZZZZ-ZZZZ'), 404, 'Certificate.NotFound');
    for (const code of ['ABC', '0123-4567-89AU', '0123-4567-89AB-C', '0123--4567-89AB', '0123_4567_89AB', '']) {
      expectError(await verify(code), 400, 'Schema.ValidationFailed');
    }
    for (const url of [
      '/api/certificate/verify?code=0123%00456789AB',
      '/api/certificate/verify?__proto__=1&code=0123456789AB',
      `/api/certificate/verify?code=${'A'.repeat(100_000)}`,
      '/api/certificate/verify?code=0123456789AB&code=0123456789AB',
      '/api/certificate/verify',
      `/api/certificate/verify?code=0123456789AB&memberUuid=${crypto.randomUUID()}`,
    ]) {
      const response = await server.inject({ method: 'GET', url });
      expect(`${url.slice(0, 80)} -> ${response.statusCode}`).toBe(`${url.slice(0, 80)} -> 400`);
    }
  });

  it("verifies only on the host of the certificate's licensee: another licensee's answers as unknown", async () => {
    const initech = await insertInitechResult();
    const onPartner = await verify(initech, { host: 'partner.localhost' });
    expect(onPartner.statusCode, onPartner.body).toBe(200);
    const elsewhere = await verify(initech);
    expectError(elsewhere, 404, 'Certificate.NotFound');
    expect(elsewhere.body).toBe((await verify('ZZZZ-ZZZZ-ZZZ0')).body);
    expectError(await verify(fresh.verificationCode, { host: 'partner.localhost' }), 404, 'Certificate.NotFound');
  });

  it('is rate limited per address: 429 Request.TooManyRequests once the window is used up', async () => {
    const ip = '203.0.113.9';
    for (let call = 0; call < RATE_LIMITS.certificateVerifyPerIp; call++) {
      expect((await verify(fresh.verificationCode, { ip })).statusCode).toBe(200);
    }
    expectError(await verify(fresh.verificationCode, { ip }), 429, 'Request.TooManyRequests');
    // Unknown codes count too (guessing is what the limit stops); another address is not held up.
    expectError(await verify('ZZZZ-ZZZZ-ZZZZ', { ip }), 429, 'Request.TooManyRequests');
    expect((await verify(fresh.verificationCode, { ip: '203.0.113.10' })).statusCode).toBe(200);
  });
});

/** A certificate of initech (the white-label partner's client), by SQL: initech has no course of its own. */
async function insertInitechResult(): Promise<string> {
  const [client] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'initech'");
  const [elearning] = await server.db.query<{ uuid: string }>(
    `INSERT INTO elearning (client_uuid, title, repeat_interval_months) VALUES ($1, 'Initech Safety', 12) RETURNING uuid`,
    [client?.uuid],
  );
  if (!elearning) throw new Error('initech e-learning');
  await givePackage(elearning.uuid);
  const result = await insertResult({ username: 'admin', client: 'initech', elearning: elearning.uuid, daysAgo: 1 });
  return result.code;
}

describe('the certificate PDF', () => {
  it("a white-label licensee's certificate points at its own host; its logo is drawn in (SVG rasterised)", async () => {
    const code = await insertInitechResult();
    const [row] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM elearning_result WHERE verification_code = $1',
      [code],
    );
    const initechAdmin = await server.login('initech', 'admin', { host: 'partner.localhost' });
    const response = await initechAdmin.get('/api/elearning/member-certificate-pdf', { uuid: row?.uuid ?? '' });
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`http://partner.localhost:8080/verify/${code.replace(/(.{4})(?=.)/g, '$1-')}`);
    // The partner's demo logo is an SVG: rasterised and embedded as an image, so its name is not printed as text.
    expect(response.rawPayload.includes('/Subtype /Image')).toBe(true);
    expect(text).not.toContain('SafeGuard Partners');
  });

  it('embeds a PNG logo as it is; a logo it cannot draw (WebP) leaves the licensee name in its place', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]);
    const [before] = await server.db.query<{ logo_file_uuid: string }>(
      "SELECT logo_file_uuid FROM licensee WHERE identifier = 'dashboard'",
    );
    try {
      for (const [content, type, image] of [
        [png, 'image/png', true],
        [webp, 'image/webp', false],
      ] as const) {
        await server.db.query(
          `WITH f AS (INSERT INTO file (context, type, filename, content_type, content)
                      VALUES ('licensee', 'logo', 'logo', $1, $2) RETURNING uuid)
           UPDATE licensee SET logo_file_uuid = (SELECT uuid FROM f) WHERE identifier = 'dashboard'`,
          [type, content],
        );
        const response = await member.get('/api/elearning/certificate-pdf', { uuid: fresh.uuid });
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.includes('/Subtype /Image'), type).toBe(image);
        expect(pdfText(response.rawPayload).includes('Dashboard'), type).toBe(!image);
      }
    } finally {
      await server.db.query("UPDATE licensee SET logo_file_uuid = $1 WHERE identifier = 'dashboard'", [
        before?.logo_file_uuid,
      ]);
    }
  });
});
