import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseManifest } from '../src/modules/elearnings/scormPackage';
import { buildDemoCourseZip } from '../src/modules/elearnings/shippedContent/demoCourses';
import { DEMO_ELEARNINGS, DEMO_MEMBER_TASK } from '../src/seed/elearnings';
import { MANIFEST_12, pdfText, zipOf } from './elearning-player-helpers';
import { type Agent, createTestServer, expectError, memberUuid, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let member: Agent;
let globexAdmin: Agent;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  member = await server.login('acme', 'member');
  globexAdmin = await server.login('globex', 'admin');
});

afterAll(async () => {
  await server.close();
});

/** The upload as the browser sends it: the zip as the body, the e-learning in the query. */
function upload(agent: Agent, elearningUuid: string, zip: Buffer) {
  return server.inject({
    method: 'POST',
    url: `/api/elearning/upload-package?uuid=${elearningUuid}`,
    cookies: Object.fromEntries(agent.cookies),
    headers: { 'content-type': 'application/zip', 'x-xsrf-token': agent.xsrfToken ?? '' },
    payload: zip,
  });
}

async function packageCount(elearningUuid: string): Promise<number> {
  const [row] = await server.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM elearning_package WHERE elearning_uuid = $1',
    [elearningUuid],
  );
  return row?.count ?? 0;
}

describe('packages', () => {
  it('the demo seed ships a SCORM 1.2 and a SCORM 2004 course built from source', async () => {
    const safety = await admin.post('/api/elearning/read-package', { uuid: DEMO_ELEARNINGS.acmeSafetyInstruction });
    expect(safety.json().package).toMatchObject({ scormVersion: '1.2', launchPath: 'index.html', language: 'de_DE' });
    const fire = await admin.post('/api/elearning/read-package', { uuid: DEMO_ELEARNINGS.acmeFireProtection });
    // xml:base of the resources: the launch file lives under course/.
    expect(fire.json().package).toMatchObject({ scormVersion: '2004', launchPath: 'course/index.html' });
    const none = await admin.post('/api/elearning/read-package', { uuid: DEMO_ELEARNINGS.acmeLadders });
    expect(none.json()).toEqual({ package: null });
  });

  it('uploads a package: title and language from the manifest, editable, launch file found', async () => {
    const response = await upload(admin, DEMO_ELEARNINGS.acmeLadders, await buildDemoCourseZip('fireSafety'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      scormVersion: '2004',
      title: 'Brandschutz im Betrieb',
      launchPath: 'course/index.html',
      fileCount: 5,
    });
    const saved = await admin.post('/api/elearning/save-package', {
      uuid: DEMO_ELEARNINGS.acmeLadders,
      title: 'Leitern (Kurs)',
      language: 'en_GB',
    });
    expect(saved.json()).toMatchObject({ title: 'Leitern (Kurs)', language: 'en_GB' });
    const [audit] = await server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_entry WHERE entity_uuid = $1 AND action LIKE 'elearning.%-package'",
      [DEMO_ELEARNINGS.acmeLadders],
    );
    expect(audit?.count).toBe(2);
  });

  it('refuses unsafe packages and stores nothing: ../ entries, absolute paths, a zip bomb, no manifest, no zip', async () => {
    const target = DEMO_ELEARNINGS.acmeVduWorkstation;
    const before = await packageCount(target);
    const traversal = await zipOf(
      { 'imsmanifest.xml': MANIFEST_12, 'index.html': '<p>x</p>', 'xx/evil.txt': 'owned' },
      { rename: ['xx/evil.txt', '../evil.txt'] },
    );
    expectError(await upload(admin, target, traversal), 400, 'ElearningPackage.UnsafePath');
    const absolute = await zipOf(
      { 'imsmanifest.xml': MANIFEST_12, 'index.html': '<p>x</p>', 'etc/passwd': 'x' },
      { rename: ['etc/passwd', '/tc/passwd'] },
    );
    expectError(await upload(admin, target, absolute), 400, 'ElearningPackage.UnsafePath');
    // 64 MiB of zeros deflate to about 64 KiB: far beyond any real course file's ratio.
    const bomb = await zipOf({ 'imsmanifest.xml': MANIFEST_12, 'index.html': Buffer.alloc(64 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expectError(await upload(admin, target, bomb), 400, 'ElearningPackage.TooLarge');
    expectError(
      await upload(admin, target, await zipOf({ 'index.html': '<p>no manifest</p>' })),
      400,
      'ElearningPackage.MissingManifest',
    );
    expectError(
      await upload(admin, target, await zipOf({ 'imsmanifest.xml': MANIFEST_12, 'other.html': 'x' })),
      400,
      'Elearning.EmptyScormPath',
    );
    expectError(await upload(admin, target, Buffer.from('not a zip at all')), 400, 'ElearningPackage.InvalidZip');
    expect(await packageCount(target)).toBe(before);
  });

  it('only an administrator uploads, to his own client', async () => {
    const zip = await buildDemoCourseZip('safetyBasics');
    expectError(await upload(member, DEMO_ELEARNINGS.acmeVduWorkstation, zip), 403, 'Auth.Forbidden');
    expectError(await upload(globexAdmin, DEMO_ELEARNINGS.acmeVduWorkstation, zip), 404, 'Elearning.NotFound');
  });

  it("reads each item's data for its SCO, in either version's spelling, and leaves out what is not valid", () => {
    const manifest12 = `<manifest xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
      <metadata><schemaversion>1.2</schemaversion></metadata>
      <organizations default="O"><organization identifier="O"><title>T</title>
        <item identifier="a" identifierref="R"><title>a</title><adlcp:masteryscore>66</adlcp:masteryscore>
          <adlcp:datafromlms>007 &amp; more</adlcp:datafromlms><adlcp:maxtimeallowed>00:45:00</adlcp:maxtimeallowed>
          <adlcp:timelimitaction>Continue, No Message</adlcp:timelimitaction></item>
        <item identifier="b" identifierref="R"><title>b</title><adlcp:masteryscore>166</adlcp:masteryscore>
          <adlcp:maxtimeallowed>45 minutes</adlcp:maxtimeallowed><adlcp:timelimitaction>stop</adlcp:timelimitaction></item>
      </organization></organizations>
      <resources><resource identifier="R" adlcp:scormtype="sco" href="index.html"/></resources>
    </manifest>`;
    const [a, b] = parseManifest(manifest12).items;
    expect(a?.data).toEqual({
      launchData: '007 & more',
      masteryScore: 66,
      maxTimeAllowed: '00:45:00',
      timeLimitAction: 'continue,no message',
    });
    expect(b?.data).toBeUndefined();
    const manifest2004 = (
      threshold: string,
    ) => `<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
      <metadata><schemaversion>2004 4th Edition</schemaversion></metadata>
      <organizations default="O"><organization identifier="O"><title>T</title>
        <item identifier="a" identifierref="R"><title>a</title><adlcp:dataFromLMS>mode=exam</adlcp:dataFromLMS>
          <adlcp:timeLimitAction>exit,message</adlcp:timeLimitAction>${threshold}</item>
      </organization></organizations>
      <resources><resource identifier="R" adlcp:scormType="sco" href="index.html"/></resources>
    </manifest>`;
    expect(
      parseManifest(manifest2004('<adlcp:completionThreshold>0.8</adlcp:completionThreshold>')).items[0]?.data,
    ).toEqual({ launchData: 'mode=exam', timeLimitAction: 'exit,message', completionThreshold: 0.8 });
    expect(
      parseManifest(manifest2004('<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.6"/>'))
        .items[0]?.data?.completionThreshold,
    ).toBe(0.6);
    expect(
      parseManifest(manifest2004('<adlcp:completionThreshold>2</adlcp:completionThreshold>')).items[0]?.data,
    ).toEqual({ launchData: 'mode=exam', timeLimitAction: 'exit,message' });
  });

  it('reads the launch file from the default organization, or the first when the default names none', () => {
    const manifest = (defaultId: string) => `<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xml:base="root/">
      <metadata><schemaversion>2004 3rd Edition</schemaversion></metadata>
      <organizations default="${defaultId}">
        <organization identifier="A"><title>A</title><item identifier="a"><title>folder</title>
          <item identifier="a1" identifierref="RA" parameters="?content=playing"><title>a1</title></item></item></organization>
        <organization identifier="B"><title>B</title><item identifier="b1" identifierref="RB"><title>b1</title></item></organization>
      </organizations>
      <resources><resource identifier="RA" href="a/launch.html"/><resource identifier="RB" xml:base="b/" href="start.html"/></resources>
    </manifest>`;
    expect(parseManifest(manifest('B'))).toMatchObject({
      scormVersion: '2004',
      title: 'B',
      launchPath: 'root/b/start.html',
    });
    expect(parseManifest(manifest('MISSING'))).toMatchObject({
      title: 'A',
      launchPath: 'root/a/launch.html?content=playing',
    });
  });
});

describe('executions', () => {
  let execution: string;
  const long = 'S'.repeat(10_000);
  const cmi12 = (status: string, location: string, extra: Record<string, unknown> = {}) => ({
    core: { lesson_status: status, lesson_location: location, exit: 'suspend', session_time: '00:01:00', ...extra },
    suspend_data: long,
  });

  it('starts an execution of the member own task, and resumes it on the next start', async () => {
    const first = await member.post('/api/elearning/create-execution', { taskUuid: DEMO_MEMBER_TASK });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().resumed).toBe(false);
    execution = first.json().uuid;
    const again = await member.post('/api/elearning/create-execution', { taskUuid: DEMO_MEMBER_TASK });
    expect(again.json()).toEqual({ uuid: execution, resumed: true });
    const read = await member.post('/api/elearning/read-execution', { uuid: execution });
    expect(read.json()).toMatchObject({ scormVersion: '1.2', sequence: 0, completedAt: null });
    expect(read.json().launchUrl).toMatch(/^http:\/\/127\.0\.0\.1:8081\/launch\/[^/]+\/index\.html$/);
    expect(read.json().cmi.core).toMatchObject({ entry: 'ab-initio', student_name: expect.stringContaining(', ') });
    // The demo course's manifest states a mastery score (adlcp:masteryscore 66): the SCO reads it from the runtime.
    expect(read.json().cmi.student_data).toMatchObject({ mastery_score: '66' });
    const [task] = await server.db.query<{ started_at: unknown }>(
      'SELECT started_at FROM elearning_task WHERE uuid = $1',
      [DEMO_MEMBER_TASK],
    );
    expect(task?.started_at).not.toBeNull();
  });

  it('stores suspend_data beyond 4,096 characters whole and resumes from the bookmark', async () => {
    const saved = await member.post('/api/elearning/save-execution', {
      uuid: execution,
      sequence: 1,
      cmi: cmi12('incomplete', '2'),
      totalTimeSeconds: 60,
    });
    expect(saved.json()).toMatchObject({ applied: true, sequence: 1, completedAt: null });
    const read = (await member.post('/api/elearning/read-execution', { uuid: execution })).json();
    expect(read.cmi.suspend_data).toHaveLength(10_000);
    expect(read.cmi.core).toMatchObject({ entry: 'resume', lesson_location: '2', total_time: '0000:01:00' });
    expect(read.cmi.core.session_time).toBeUndefined();
  });

  it('applies commits in sequence order: a repeated or late commit never overwrites newer data', async () => {
    const save = (sequence: number, location: string) =>
      member.post('/api/elearning/save-execution', {
        uuid: execution,
        sequence,
        cmi: cmi12('incomplete', location),
        totalTimeSeconds: 60 + sequence,
      });
    expect((await save(1, 'repeated')).json()).toMatchObject({ applied: false, sequence: 1 });
    expect((await save(3, 'three')).json()).toMatchObject({ applied: true, sequence: 3 });
    expect((await save(2, 'late')).json()).toMatchObject({ applied: false, sequence: 3 });
    const read = (await member.post('/api/elearning/read-execution', { uuid: execution })).json();
    expect(read.cmi.core.lesson_location).toBe('three');
    expect(read.sequence).toBe(3);
  });

  it('a commit sent by sendBeacon (text/plain, XSRF token in the query) lands; without the token it is refused', async () => {
    const body = JSON.stringify({
      uuid: execution,
      sequence: 4,
      cmi: cmi12('incomplete', 'beacon'),
      totalTimeSeconds: 70,
    });
    const beacon = (query: string) =>
      server.inject({
        method: 'POST',
        url: `/api/elearning/save-execution${query}`,
        cookies: Object.fromEntries(member.cookies),
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: body,
      });
    expectError(await beacon(''), 403, 'Csrf.Invalid');
    expectError(await beacon('?xsrf=forged'), 403, 'Csrf.Invalid');
    const landed = await beacon(`?xsrf=${encodeURIComponent(member.xsrfToken ?? '')}`);
    expect(landed.statusCode, landed.body).toBe(200);
    expect(landed.json()).toMatchObject({ applied: true, sequence: 4 });
  });

  it('completes on "passed": result, task done, next round due, analytics completed; never undone', async () => {
    const done = await member.post('/api/elearning/save-execution', {
      uuid: execution,
      sequence: 5,
      cmi: cmi12('passed', '5', { score: { raw: '80', min: '0', max: '100' } }),
      totalTimeSeconds: 754,
    });
    expect(done.json()).toMatchObject({
      applied: true,
      completedAt: expect.any(String),
      resultUuid: expect.any(String),
    });
    const resultUuid = done.json().resultUuid as string;
    const later = await member.post('/api/elearning/save-execution', {
      uuid: execution,
      sequence: 6,
      cmi: cmi12('incomplete', '1'),
      totalTimeSeconds: 800,
    });
    expect(later.json()).toMatchObject({ applied: true, completedAt: done.json().completedAt, resultUuid });

    const tasks = await server.db.query<{ completed_at: unknown; origin: string }>(
      `SELECT completed_at, origin FROM elearning_task WHERE elearning_uuid = $1 AND member_uuid = $2 AND reset_at IS NULL
        ORDER BY created_at`,
      [DEMO_ELEARNINGS.acmeSafetyInstruction, await memberUuid(server.db, 'acme', 'member')],
    );
    expect(tasks.find((task) => task.completed_at !== null)).toBeDefined();
    // Repeat interval 12 months: the next round exists at once.
    expect(tasks.filter((task) => task.completed_at === null && task.origin === 'repeat')).toHaveLength(1);

    const statistics = await admin.post('/api/elearning/read-statistics', {
      uuid: DEMO_ELEARNINGS.acmeSafetyInstruction,
      filter: { search: 'member' },
      page: 1,
      perPage: 100,
      sortBy: 'lastName',
      sortDirection: 'asc',
    });
    const memberRow = (statistics.json().items as Array<{ username: string; status: string }>).find(
      (row) => row.username === 'member',
    );
    expect(memberRow?.status).toBe('completed');

    const result = await member.post('/api/elearning/read-execution-result', { uuid: execution });
    expect(result.json().result).toMatchObject({
      uuid: resultUuid,
      scorePercent: 80,
      passed: true,
      durationSeconds: 754,
    });
    const data = await member.post('/api/elearning/read-result-data', { uuid: resultUuid });
    expect(data.json()).toMatchObject({
      courseTitle: 'Allgemeine Sicherheitsunterweisung (§ 12 ArbSchG)',
      clientName: expect.any(String),
      language: 'de_DE',
    });
    const pdf = await member.get('/api/elearning/certificate-pdf', { uuid: resultUuid });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Named after course, person and day, in safe characters only.
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="Allgemeine-Sicherheitsunterweisung-12-ArbSchG_[A-Za-z-]+_\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Teilnahmebescheinigung');
    expect(text).toContain(data.json().memberName);
    expect(text).toContain('Allgemeine Sicherheitsunterweisung (§ 12 ArbSchG)');
    expect(text).toContain('12 Min. 34 Sek.');
    expect(text).toContain('80 %');
  });

  it('a reset starts over and keeps the earlier result', async () => {
    const before = (await member.post('/api/elearning/read-execution', { uuid: execution })).json();
    const reset = await member.post('/api/elearning/reset-execution', { uuid: execution });
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = reset.json().uuid as string;
    expect(fresh).not.toBe(execution);
    const read = (await member.post('/api/elearning/read-execution', { uuid: fresh })).json();
    expect(read).toMatchObject({ sequence: 0, completedAt: null, resultUuid: null });
    expect(read.cmi.core.entry).toBe('ab-initio');
    expectError(
      await member.post('/api/elearning/read-execution', { uuid: execution }),
      404,
      'MemberExecution.NotFound',
    );
    const kept = await member.post('/api/elearning/read-result-data', { uuid: before.resultUuid });
    expect(kept.statusCode).toBe(200);
    execution = fresh;
  });

  it("another member's execution answers 403 wrong association, another client's 404 like an unknown one", async () => {
    expectError(
      await admin.post('/api/elearning/read-execution', { uuid: execution }),
      403,
      'MemberExecution.WrongAssociation',
    );
    expectError(
      await admin.post('/api/elearning/save-execution', {
        uuid: execution,
        sequence: 99,
        cmi: {},
        totalTimeSeconds: 0,
      }),
      403,
      'MemberExecution.WrongAssociation',
    );
    const foreign = await globexAdmin.post('/api/elearning/read-execution', { uuid: execution });
    const unknown = await globexAdmin.post('/api/elearning/read-execution', { uuid: crypto.randomUUID() });
    expectError(foreign, 404, 'MemberExecution.NotFound');
    expect(foreign.body).toBe(unknown.body);
    expectError(
      await admin.post('/api/elearning/create-execution', { taskUuid: DEMO_MEMBER_TASK }),
      403,
      'ElearningTask.WrongAssociation',
    );
    expectError(
      await globexAdmin.post('/api/elearning/create-execution', { taskUuid: DEMO_MEMBER_TASK }),
      404,
      'ElearningTask.NotFound',
    );
  });

  it('a course without a package cannot be started', async () => {
    const [task] = await server.db.query<{ uuid: string }>(
      `SELECT t.uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE t.elearning_uuid = $1 AND m.username = 'member' AND t.completed_at IS NULL AND t.reset_at IS NULL`,
      [DEMO_ELEARNINGS.acmeHazardousSubstances],
    );
    if (!task) throw new Error('the demo member has a hazardous substances task');
    expectError(
      await member.post('/api/elearning/create-execution', { taskUuid: task.uuid }),
      400,
      'Elearning.EmptyScormPath',
    );
  });

  it('SCORM 2004: completed + passed is done with the scaled score', async () => {
    const [task] = await server.db.query<{ uuid: string }>(
      `SELECT t.uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE t.elearning_uuid = $1 AND m.username = 'member' AND t.completed_at IS NULL AND t.reset_at IS NULL`,
      [DEMO_ELEARNINGS.acmeFireProtection],
    );
    if (!task) throw new Error('the demo member has a fire protection task');
    const created = await member.post('/api/elearning/create-execution', { taskUuid: task.uuid });
    const uuid = created.json().uuid as string;
    const read = (await member.post('/api/elearning/read-execution', { uuid })).json();
    expect(read).toMatchObject({ scormVersion: '2004' });
    expect(read.launchUrl).toMatch(/\/course\/index\.html$/);
    expect(read.cmi).toMatchObject({ entry: 'ab-initio', learner_preference: { language: 'de' } });
    const failed = await member.post('/api/elearning/save-execution', {
      uuid,
      sequence: 1,
      cmi: { completion_status: 'completed', success_status: 'failed', score: { scaled: '0.33' } },
      totalTimeSeconds: 100,
    });
    expect(failed.json().completedAt).toBeNull();
    const passed = await member.post('/api/elearning/save-execution', {
      uuid,
      sequence: 2,
      cmi: { completion_status: 'completed', success_status: 'passed', score: { scaled: '1' } },
      totalTimeSeconds: 200,
    });
    expect(passed.json().completedAt).not.toBeNull();
    const result = await member.post('/api/elearning/read-result-data', { uuid: passed.json().resultUuid });
    expect(result.json()).toMatchObject({ scorePercent: 100, passed: true, durationSeconds: 200 });
  });
});
