import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/core/db/database';
import { MIGRATIONS_DIR, migrationFiles, splitStatements } from '../src/core/db/migrate';
import { localisedTitle, parseManifest } from '../src/modules/elearnings/scormPackage';
import { DEMO_ELEARNINGS } from '../src/seed/elearnings';
import { openCourseOrigin, zipOf } from './elearning-player-helpers';
import { type Agent, createTestServer, expectError, type TestServer } from './helpers';

/**
 * Packages of several SCOs (docs/scorm.md "Several SCOs"): the manifest's items, a cmi tree, commit numbers and
 * statuses per SCO, the attempt done only when every SCO is, resume in the SCO the member was in.
 */

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

/**
 * A SCORM 2004 package in the manner of Rustici's multi-SCO "golf" samples: a folder item holding a SCO and an asset,
 * two more SCOs, xml:base on manifest, resources and one resource, item parameters and a query in an href, and a
 * second organization that is not the default.
 */
const GOLF_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="golf.multi" version="1" xml:base="content/"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="GOLF">
    <organization identifier="OTHER"><title>Not the default</title>
      <item identifier="X" identifierref="R_QUIZ"><title>X</title></item></organization>
    <organization identifier="GOLF"><title>Golf explained</title>
      <item identifier="PLAYING"><title>Playing the game</title>
        <item identifier="RULES" identifierref="R_RULES" parameters="?part=1"><title>Rules of golf</title></item>
        <item identifier="VIDEO" identifierref="R_VIDEO"><title>A round in pictures</title></item>
      </item>
      <item identifier="SCORING" identifierref="R_SCORING"><title>Scoring &amp; handicaps</title></item>
      <item identifier="QUIZ" identifierref="R_QUIZ"><title>Knowledge check</title></item>
    </organization>
  </organizations>
  <resources xml:base="sco/">
    <resource identifier="R_RULES" type="webcontent" adlcp:scormType="sco" href="rules/index.html"><file href="rules/index.html"/></resource>
    <resource identifier="R_VIDEO" type="webcontent" adlcp:scormType="asset" href="media/round.html"/>
    <resource identifier="R_SCORING" type="webcontent" adlcp:scormType="sco" xml:base="scoring/" href="index.html?lang=de"/>
    <resource identifier="R_QUIZ" type="webcontent" adlcp:scormType="sco" href="quiz/index.html"/>
    <resource identifier="R_SHARED" type="webcontent" adlcp:scormType="asset"><file href="shared/golf.js"/></resource>
  </resources>
</manifest>`;

const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body>${title}</body></html>`;

function golfZip(): Promise<Buffer> {
  return zipOf({
    'imsmanifest.xml': GOLF_MANIFEST,
    'content/sco/rules/index.html': page('Rules'),
    'content/sco/media/round.html': page('Round'),
    'content/sco/scoring/index.html': page('Scoring'),
    'content/sco/quiz/index.html': page('Quiz'),
    'content/sco/shared/golf.js': 'window.golf = true;',
  });
}

function upload(agent: Agent, elearningUuid: string, zip: Buffer) {
  return server.inject({
    method: 'POST',
    url: `/api/elearning/upload-package?uuid=${elearningUuid}`,
    cookies: Object.fromEntries(agent.cookies),
    headers: { 'content-type': 'application/zip', 'x-xsrf-token': agent.xsrfToken ?? '' },
    payload: zip,
  });
}

describe('the manifest of a multi-SCO package', () => {
  it('lists every launchable item of the default organization: nested depth first, assets marked, xml:base', () => {
    const info = parseManifest(GOLF_MANIFEST);
    expect(info).toMatchObject({
      scormVersion: '2004',
      title: 'Golf explained',
      launchPath: 'content/sco/rules/index.html?part=1',
    });
    expect(info.items).toEqual([
      { id: 'RULES', title: 'Rules of golf', launchPath: 'content/sco/rules/index.html?part=1', sco: true },
      { id: 'VIDEO', title: 'A round in pictures', launchPath: 'content/sco/media/round.html', sco: false },
      { id: 'SCORING', title: 'Scoring & handicaps', launchPath: 'content/sco/scoring/index.html?lang=de', sco: true },
      { id: 'QUIZ', title: 'Knowledge check', launchPath: 'content/sco/quiz/index.html', sco: true },
    ]);
  });

  it('SCORM 1.2 (adlcp:scormtype), a missing default organization, folders, unusable and repeated items', () => {
    const manifest = `<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
        xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
      <metadata><schemaversion>1.2</schemaversion></metadata>
      <organizations default="GONE">
        <organization identifier="FIRST"><title>First</title>
          <item identifier="F"><title>Folder</title>
            <item identifier="F1"><title>Inner folder</title>
              <item identifier="A" identifierref="RA"><title>Part A</title></item>
            </item>
            <item identifier="DANGLING" identifierref="NOWHERE"><title>No resource</title></item>
            <item identifier="NOHREF" identifierref="RN"><title>No href</title></item>
          </item>
          <item identifier="A" identifierref="RB"><title>Same id again</title></item>
          <item identifierref="RC"><title>No id</title></item>
          <item identifier="D" identifierref="RD"><title>Document</title></item>
        </organization>
        <organization identifier="SECOND"><title>Second</title>
          <item identifier="S" identifierref="RA"><title>S</title></item></organization>
      </organizations>
      <resources>
        <resource identifier="RA" type="webcontent" adlcp:scormtype="sco" href="a/index.html"/>
        <resource identifier="RB" type="webcontent" adlcp:scormtype="SCO" href="b/index.html"/>
        <resource identifier="RC" type="webcontent" href="c/index.html"/>
        <resource identifier="RD" type="webcontent" adlcp:scormtype="asset" href="d.pdf"/>
        <resource identifier="RN" type="webcontent" adlcp:scormtype="sco"/>
      </resources>
    </manifest>`;
    const info = parseManifest(manifest);
    expect(info.scormVersion).toBe('1.2');
    expect(info.title).toBe('First');
    expect(info.items).toEqual([
      { id: 'A', title: 'Part A', launchPath: 'a/index.html', sco: true },
      { id: 'item-2', title: 'Same id again', launchPath: 'b/index.html', sco: true },
      // No scormtype stated: a SCO (it may talk to the runtime; the player offers one).
      { id: 'item-3', title: 'No id', launchPath: 'c/index.html', sco: true },
      { id: 'D', title: 'Document', launchPath: 'd.pdf', sco: false },
    ]);
    // Nothing but assets: mislabelled, run as SCOs (the runtime is there, as it was before several SCOs).
    const assetsOnly = manifest
      .replace(/adlcp:scormtype="[^"]*"/g, 'adlcp:scormtype="asset"')
      .replace('identifier="RC" type="webcontent"', 'identifier="RC" type="webcontent" adlcp:scormtype="asset"');
    expect(assetsOnly.match(/scormtype="asset"/g)).toHaveLength(5);
    expect(parseManifest(assetsOnly).items.map((item) => item.sco)).toEqual([true, true, true, true]);
  });

  it("reads an item's titles per language from its metadata: IMS Metadata 1.2 langstrings and IEEE LOM strings", () => {
    const manifest = `<?xml version="1.0"?>
      <manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_rootv1p1p2"
                xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_rootv1p2p1" xmlns:lom="http://ltsc.ieee.org/xsd/LOM">
        <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
        <organizations default="o"><organization identifier="o"><title>Kurs</title>
          <item identifier="a" identifierref="r"><title>Brandschutz</title>
            <metadata><imsmd:lom><imsmd:general><imsmd:title>
              <imsmd:langstring xml:lang="de">Brandschutz</imsmd:langstring>
              <imsmd:langstring xml:lang="en-GB">Fire safety &amp; escape</imsmd:langstring>
            </imsmd:title></imsmd:general></imsmd:lom></metadata>
          </item>
          <item identifier="b" identifierref="r"><title>Erste Hilfe</title>
            <metadata><lom:lom><lom:general><lom:title>
              <lom:string language="en">First aid</lom:string><lom:string language="fr">Premiers secours</lom:string>
            </lom:title></lom:general></lom:lom></metadata>
          </item>
          <item identifier="c" identifierref="r"><title>Ohne Übersetzung</title></item>
        </organization></organizations>
        <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"/></resources>
      </manifest>`;
    const items = parseManifest(manifest).items;
    expect(items.map((item) => [item.id, item.title, item.titles])).toEqual([
      ['a', 'Brandschutz', { de_DE: 'Brandschutz', en_GB: 'Fire safety & escape' }],
      ['b', 'Erste Hilfe', { en_GB: 'First aid' }],
      ['c', 'Ohne Übersetzung', undefined],
    ]);
    expect(items.map((item) => localisedTitle(item, 'en_GB'))).toEqual([
      'Fire safety & escape',
      'First aid',
      'Ohne Übersetzung',
    ]);
  });

  it('refuses a package whose item has no file, or that has no launchable item at all', async () => {
    const target = DEMO_ELEARNINGS.acmeVduWorkstation;
    const missing = await zipOf({
      'imsmanifest.xml': GOLF_MANIFEST,
      'content/sco/rules/index.html': page('Rules'),
      'content/sco/media/round.html': page('Round'),
      'content/sco/scoring/index.html': page('Scoring'),
    });
    expectError(await upload(admin, target, missing), 400, 'Elearning.EmptyScormPath');
    const folders = GOLF_MANIFEST.replace(/identifierref="[^"]*"/g, '');
    expectError(
      await upload(admin, target, await zipOf({ 'imsmanifest.xml': folders, 'index.html': 'x' })),
      400,
      'Elearning.EmptyScormPath',
    );
  });
});

describe('an execution of a multi-SCO package', () => {
  let execution: string;
  let task: string;
  const elearning = DEMO_ELEARNINGS.acmeHazardousSubstances;
  const save = (body: Record<string, unknown>, agent: Agent = member) =>
    agent.post('/api/elearning/save-execution', { uuid: execution, totalTimeSeconds: 60, ...body });
  const read = (scoId?: string) =>
    member.post('/api/elearning/read-execution', scoId ? { uuid: execution, scoId } : { uuid: execution });

  it('uploads the package with its items and opens a new execution at the first item', async () => {
    const uploaded = await upload(admin, elearning, await golfZip());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ launchPath: 'content/sco/rules/index.html?part=1' });
    expect((uploaded.json().items as Array<{ id: string; sco: boolean }>).map((item) => [item.id, item.sco])).toEqual([
      ['RULES', true],
      ['VIDEO', false],
      ['SCORING', true],
      ['QUIZ', true],
    ]);
    const [row] = await server.db.query<{ uuid: string }>(
      `SELECT t.uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE t.elearning_uuid = $1 AND m.username = 'member' AND t.completed_at IS NULL AND t.reset_at IS NULL`,
      [elearning],
    );
    if (!row) throw new Error('the demo member has a hazardous substances task');
    task = row.uuid;
    const created = await member.post('/api/elearning/create-execution', { taskUuid: task });
    expect(created.statusCode, created.body).toBe(200);
    execution = created.json().uuid;

    const opened = (await read()).json();
    expect(opened).toMatchObject({ scormVersion: '2004', scoId: 'RULES', sequence: 0, completedAt: null });
    expect(opened.launchUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:8081\/launch\/[^/]+\/content\/sco\/rules\/index\.html\?part=1$/,
    );
    expect(opened.cmi).toMatchObject({ entry: 'ab-initio' });
    expect(
      (opened.items as Array<Record<string, unknown>>).map(({ id, title, sco, status }) => ({
        id,
        title,
        sco,
        status,
      })),
    ).toEqual([
      { id: 'RULES', title: 'Rules of golf', sco: true, status: 'notAttempted' },
      { id: 'VIDEO', title: 'A round in pictures', sco: false, status: null },
      { id: 'SCORING', title: 'Scoring & handicaps', sco: true, status: 'notAttempted' },
      { id: 'QUIZ', title: 'Knowledge check', sco: true, status: 'notAttempted' },
    ]);
    // The launch URLs are served by the course origin, frame page and file (the asset's too).
    const course = await openCourseOrigin(server);
    try {
      for (const item of opened.items as Array<{ launchUrl: string }>) {
        expect((await course.get(item.launchUrl)).statusCode, item.launchUrl).toBe(200);
        const file = item.launchUrl.replace('/launch/', '/files/');
        expect((await course.get(file)).statusCode, file).toBe(200);
      }
    } finally {
      await course.close();
    }
    expectError(await read('NOPE'), 404, 'MemberExecution.ScoNotFound');
  });

  it('keeps a cmi tree and commit numbers per SCO: a late or repeated commit of one SCO changes nothing', async () => {
    const rules = (sequence: number, location: string) =>
      save({ scoId: 'RULES', sequence, cmi: { completion_status: 'incomplete', location, exit: 'suspend' } });
    expect((await rules(1, 'r1')).json()).toMatchObject({
      applied: true,
      sequence: 1,
      sco: { id: 'RULES', status: 'incomplete' },
      completedAt: null,
    });
    // SCORING numbers its own commits from 1.
    const scoring = await save({
      scoId: 'SCORING',
      sequence: 1,
      cmi: { completion_status: 'incomplete', location: 's1', suspend_data: 'holes=3' },
      totalTimeSeconds: 30,
    });
    expect(scoring.json()).toMatchObject({ applied: true, sequence: 1, sco: { id: 'SCORING' } });
    expect((await rules(1, 'repeated')).json()).toMatchObject({ applied: false, sequence: 1 });
    expect((await rules(3, 'r3')).json()).toMatchObject({ applied: true, sequence: 3 });
    expect((await rules(2, 'late')).json()).toMatchObject({ applied: false, sequence: 3 });

    const opened = (await read('RULES')).json();
    expect(opened).toMatchObject({ scoId: 'RULES', sequence: 3, cmi: { location: 'r3', entry: 'resume' } });
    const other = (await read('SCORING')).json();
    expect(other).toMatchObject({ scoId: 'SCORING', sequence: 1, cmi: { location: 's1', suspend_data: 'holes=3' } });
    expect(other.cmi.total_time).toBe('PT0H0M30S');
    // An asset or an unknown item takes no commit.
    expectError(await save({ scoId: 'VIDEO', sequence: 1, cmi: {} }), 404, 'MemberExecution.ScoNotFound');
    expectError(await save({ scoId: 'NOPE', sequence: 1, cmi: {} }), 404, 'MemberExecution.ScoNotFound');
    const [row] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM elearning_execution_sco WHERE execution_uuid = $1',
      [execution],
    );
    expect(row?.count).toBe(2);
  });

  it('resumes in the SCO of the last commit; a commit by sendBeacon names its SCO in the body', async () => {
    // Without a SCO named: the SCO of the last applied commit (RULES; its late commit was not applied).
    expect((await read()).json().scoId).toBe('RULES');
    const beacon = await server.inject({
      method: 'POST',
      url: `/api/elearning/save-execution?xsrf=${encodeURIComponent(member.xsrfToken ?? '')}`,
      cookies: Object.fromEntries(member.cookies),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({
        uuid: execution,
        scoId: 'SCORING',
        sequence: 2,
        cmi: { completion_status: 'incomplete', location: 'beacon' },
        totalTimeSeconds: 45,
      }),
    });
    expect(beacon.statusCode, beacon.body).toBe(200);
    expect(beacon.json()).toMatchObject({ applied: true, sequence: 2, sco: { id: 'SCORING' } });
    const resumed = (await read()).json();
    expect(resumed).toMatchObject({ scoId: 'SCORING', sequence: 2, cmi: { location: 'beacon', entry: 'resume' } });
    // A commit without a SCO named is the first SCO's (players from before several SCOs).
    expect(
      (await save({ sequence: 4, cmi: { completion_status: 'incomplete', location: 'r4' } })).json(),
    ).toMatchObject({ applied: true, sequence: 4, sco: { id: 'RULES' } });
    expect((await read()).json()).toMatchObject({ scoId: 'RULES', cmi: { location: 'r4' } });
  });

  it('completes the attempt only when every SCO is done: score the average of the scored SCOs, time the sum', async () => {
    const rulesDone = await save({
      scoId: 'RULES',
      sequence: 5,
      cmi: { completion_status: 'completed', success_status: 'unknown', score: { raw: '8', min: '0', max: '10' } },
      totalTimeSeconds: 100,
    });
    expect(rulesDone.json()).toMatchObject({ sco: { status: 'completed', scorePercent: 80 }, completedAt: null });
    // A failed SCO is not done (another try).
    const scoringFailed = await save({
      scoId: 'SCORING',
      sequence: 3,
      cmi: { completion_status: 'completed', success_status: 'failed', score: { scaled: '0.2' } },
      totalTimeSeconds: 150,
    });
    expect(scoringFailed.json()).toMatchObject({ sco: { status: 'failed' }, completedAt: null });
    const scoringPassed = await save({
      scoId: 'SCORING',
      sequence: 4,
      cmi: { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.6' } },
      totalTimeSeconds: 200,
    });
    expect(scoringPassed.json()).toMatchObject({ sco: { status: 'passed', scorePercent: 60 }, completedAt: null });
    // Done once, done for good: a later incomplete commit of RULES keeps its completion.
    await save({ scoId: 'RULES', sequence: 6, cmi: { completion_status: 'incomplete' }, totalTimeSeconds: 110 });
    const midway = (await read()).json();
    expect(midway.completedAt).toBeNull();
    expect((midway.items as Array<{ id: string; status: string | null }>).map((item) => item.status)).toEqual([
      'completed',
      null,
      'passed',
      'notAttempted',
    ]);
    const [open] = await server.db.query<{ completed_at: unknown }>(
      'SELECT completed_at FROM elearning_task WHERE uuid = $1',
      [task],
    );
    expect(open?.completed_at).toBeNull();

    // The quiz reports no score: the attempt's score is the average of RULES and SCORING.
    const last = await save({
      scoId: 'QUIZ',
      sequence: 1,
      cmi: { completion_status: 'completed', success_status: 'passed' },
      totalTimeSeconds: 90,
    });
    expect(last.json()).toMatchObject({
      applied: true,
      sco: { id: 'QUIZ', status: 'passed', scorePercent: null },
      completedAt: expect.any(String),
      resultUuid: expect.any(String),
    });
    const result = await member.post('/api/elearning/read-result-data', { uuid: last.json().resultUuid });
    expect(result.json()).toMatchObject({ scorePercent: 70, passed: true, durationSeconds: 110 + 200 + 90 });
    const [done] = await server.db.query<{ completed_at: unknown; completion_status: string }>(
      `SELECT t.completed_at, x.completion_status FROM elearning_task t
         JOIN elearning_execution x ON x.task_uuid = t.uuid AND x.reset_at IS NULL WHERE t.uuid = $1`,
      [task],
    );
    expect(done?.completed_at).not.toBeNull();
    expect(done?.completion_status).toBe('completed');
  });

  it("another member's execution answers 403 with any SCO, another client's 404; a reset starts every SCO over", async () => {
    expectError(
      await admin.post('/api/elearning/read-execution', { uuid: execution, scoId: 'QUIZ' }),
      403,
      'MemberExecution.WrongAssociation',
    );
    expectError(await save({ scoId: 'QUIZ', sequence: 99, cmi: {} }, admin), 403, 'MemberExecution.WrongAssociation');
    const foreign = await globexAdmin.post('/api/elearning/read-execution', { uuid: execution, scoId: 'QUIZ' });
    expectError(foreign, 404, 'MemberExecution.NotFound');
    expectError(await save({ scoId: 'QUIZ', sequence: 99, cmi: {} }, globexAdmin), 404, 'MemberExecution.NotFound');

    const reset = await member.post('/api/elearning/reset-execution', { uuid: execution });
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = (await member.post('/api/elearning/read-execution', { uuid: reset.json().uuid })).json();
    expect(fresh).toMatchObject({ scoId: 'RULES', sequence: 0, completedAt: null, resultUuid: null });
    expect(new Set((fresh.items as Array<{ status: string | null }>).map((item) => item.status))).toEqual(
      new Set(['notAttempted', null]),
    );
  });

  it("takes a commit as large as SCORM 2004 allows: 64,000 characters of suspend_data beside the course's answers", async () => {
    // Authoring tools (Storyline, Captivate) keep every slide's state in suspend_data; with the interactions of a
    // quiz beside it, a commit passes the API's general 64 KiB limit. (The attempt after the reset above.)
    execution = (await member.post('/api/elearning/create-execution', { taskUuid: task })).json().uuid;
    const suspendData = 'a1b2'.repeat(16_000);
    const interactions = Array.from({ length: 40 }, (_, index) => ({
      id: `frage_${index + 1}`,
      type: 'choice',
      learner_response: 'b',
      result: 'correct',
      description: 'Welche Maßnahme hat Vorrang? (STOP-Prinzip: Substitution vor Technik vor Organisation)',
    }));
    const body = {
      scoId: 'SCORING',
      sequence: 1,
      cmi: { completion_status: 'incomplete', location: 'slide-57', suspend_data: suspendData, interactions },
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    const saved = await save(body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ applied: true, sequence: 1 });
    const opened = (await read('SCORING')).json();
    expect(opened.cmi.suspend_data).toBe(suspendData);
    expect(opened.cmi.location).toBe('slide-57');
    // Above the commit's own limit: refused whole, nothing stored.
    const huge = await save({ ...body, sequence: 2, cmi: { ...body.cmi, comments: 'x'.repeat(600 * 1024) } });
    expectError(huge, 413, 'Request.TooLarge');
    expect((await read('SCORING')).json().sequence).toBe(1);
  });
});

describe('migration 020', () => {
  it("moves a running execution's tree to its package's one SCO, where it resumes", async () => {
    const db = await openDatabase({});
    try {
      const run = async (file: string) => {
        const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        await db.transaction(async (tx) => {
          for (const statement of splitStatements(sql)) await tx.query(statement);
        });
      };
      const files = migrationFiles();
      for (const file of files.filter((name) => name < '020')) await run(file);
      const [ids] = await db.query<{ client: string; elearning: string; member: string }>(
        `WITH l AS (INSERT INTO licensee (identifier, name, theme, footer) VALUES ('l', 'L', '{}', '{}') RETURNING uuid),
              c AS (INSERT INTO client (licensee_uuid, identifier, name) SELECT uuid, 'c', 'C' FROM l RETURNING uuid),
              m AS (INSERT INTO member (client_uuid, username, role, first_name, last_name)
                    SELECT uuid, 'm', 'member', 'M', 'N' FROM c RETURNING uuid, client_uuid),
              e AS (INSERT INTO elearning (client_uuid, title) SELECT uuid, 'E' FROM c RETURNING uuid)
         SELECT m.client_uuid AS client, e.uuid AS elearning, m.uuid AS member FROM m, e`,
      );
      if (!ids) throw new Error('rows');
      const [row] = await db.query<{ execution: string; fresh: string }>(
        `WITH p AS (INSERT INTO elearning_package (client_uuid, elearning_uuid, scorm_version, launch_path, title,
                                                  file_count, unpacked_bytes)
                    VALUES ($1, $2, '1.2', 'index.html?a=1', 'Course', 2, 10) RETURNING uuid),
              t AS (INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, due_date, completed_at)
                    SELECT $1, $2, $3, current_date, CASE WHEN g = 2 THEN now() END FROM generate_series(1, 2) g
                    RETURNING uuid),
              x AS (INSERT INTO elearning_execution (client_uuid, task_uuid, member_uuid, elearning_uuid, package_uuid,
                                                     scorm_version, cmi, sequence, completion_status, total_time_seconds)
                    SELECT $1, t.uuid, $3, $2, p.uuid, '1.2',
                           CASE WHEN n = 1 THEN '{"core": {"lesson_location": "4"}}'::jsonb ELSE '{}'::jsonb END,
                           CASE WHEN n = 1 THEN 7 ELSE 0 END, CASE WHEN n = 1 THEN 'incomplete' END, 300
                      FROM p, (SELECT uuid, row_number() OVER (ORDER BY uuid) AS n FROM t) t RETURNING uuid, sequence)
         SELECT (SELECT uuid FROM x WHERE sequence = 7) AS execution, (SELECT uuid FROM x WHERE sequence = 0) AS fresh`,
        [ids.client, ids.elearning, ids.member],
      );
      if (!row) throw new Error('rows');
      for (const file of files.filter((name) => name >= '020')) await run(file);

      const [pack] = await db.query<{ items: unknown }>('SELECT items FROM elearning_package');
      expect(pack?.items).toEqual([{ id: 'SCO', title: 'Course', launchPath: 'index.html?a=1', sco: true }]);
      const scos = await db.query(
        'SELECT execution_uuid, sco_id, cmi, sequence::int, completion_status FROM elearning_execution_sco',
      );
      expect(scos).toEqual([
        {
          execution_uuid: row.execution,
          sco_id: 'SCO',
          cmi: { core: { lesson_location: '4' } },
          sequence: 7,
          completion_status: 'incomplete',
        },
      ]);
      const executions = await db.query<{ uuid: string; current_sco: string | null }>(
        'SELECT uuid, current_sco FROM elearning_execution ORDER BY current_sco NULLS LAST',
      );
      expect(executions).toEqual([
        { uuid: row.execution, current_sco: 'SCO' },
        { uuid: row.fresh, current_sco: null },
      ]);
    } finally {
      await db.close();
    }
  });
});
