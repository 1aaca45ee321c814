import { SEQUENCING_STATE_MAX } from '@dash/shared-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEQUENCED_MANIFEST, sequencedCoursePackage } from '../../e2e/tests/scorm-test-packages';
import { parseManifest } from '../src/modules/elearnings/scormPackage';
import { DEMO_ELEARNINGS } from '../src/seed/elearnings';
import { MANIFEST_12 } from './elearning-player-helpers';
import { type Agent, createTestServer, expectError, type TestServer } from './helpers';

/**
 * SCORM 2004 sequencing (docs/scorm.md "Sequencing"): the manifest's imsss:sequencing becomes scorm-again's activity
 * tree at upload; the sequencer's state is saved with the commits on its own number and read back on another
 * device; a sequenced course is done when its rolled-up status says so.
 */

describe('the sequencing of a manifest', () => {
  it('reads control modes, pre/post condition rules, limit conditions, objectives with mapInfo, rollup rules, hideLMSUI', () => {
    const info = parseManifest(SEQUENCED_MANIFEST('Erste Hilfe'));
    expect(info.items.map((item) => item.id)).toEqual(['PRETEST', 'LESSON', 'POSTTEST']);
    const root = info.sequencing?.activityTree;
    expect(root).toMatchObject({
      id: 'ORG',
      title: 'Erste Hilfe',
      launchable: false,
      sequencingControls: { choice: true, flow: true },
      rollupRules: {
        rules: [
          { action: 'satisfied', consideration: 'any', conditions: [{ condition: 'satisfied' }] },
          { action: 'completed', consideration: 'any', conditions: [{ condition: 'satisfied' }] },
        ],
      },
    });
    const [pretest, lesson, posttest] = root?.children ?? [];
    expect(pretest).toEqual({
      id: 'PRETEST',
      title: 'Einstufungstest',
      launchable: true,
      sharedDataMaps: [{ targetID: 'notes', readSharedData: true, writeSharedData: true }],
      primaryObjective: {
        objectiveID: 'pretest',
        isPrimary: true,
        satisfiedByMeasure: false,
        mapInfo: [
          {
            targetObjectiveID: 'g-mastery',
            readSatisfiedStatus: false,
            readNormalizedMeasure: true,
            writeSatisfiedStatus: true,
            writeNormalizedMeasure: false,
          },
        ],
      },
    });
    expect(lesson?.sequencingRules).toEqual({
      preConditionRules: [{ action: 'skip', conditionCombination: 'all', conditions: [{ condition: 'satisfied' }] }],
    });
    expect(posttest).toMatchObject({
      attemptLimit: 3,
      hideLmsUi: ['previous'],
      sequencingRules: {
        postConditionRules: [{ action: 'previous', conditions: [{ condition: 'satisfied', operator: 'not' }] }],
      },
    });
  });

  it('clusters, invisible items, collections by IDRef, thresholds; unknown rules and conditions are left out', () => {
    const info = parseManifest(`<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <organizations default="O"><organization identifier="O"><title>T</title>
    <item identifier="MOD"><title>Module</title>
      <item identifier="A" identifierref="R" isvisible="false"><title>A</title>
        <imsss:sequencing IDRef="common">
          <imsss:sequencingRules>
            <imsss:exitConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="completed"/></imsss:ruleConditions><imsss:ruleAction action="exit"/></imsss:exitConditionRule>
            <imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="bogus"/></imsss:ruleConditions><imsss:ruleAction action="skip"/></imsss:preConditionRule>
            <imsss:preConditionRule><imsss:ruleConditions conditionCombination="any"><imsss:ruleCondition condition="objectiveMeasureGreaterThan" measureThreshold="0.5" referencedObjective="o1"/></imsss:ruleConditions><imsss:ruleAction action="explode"/></imsss:preConditionRule>
            <imsss:preConditionRule><imsss:ruleConditions conditionCombination="any"><imsss:ruleCondition condition="objectiveMeasureGreaterThan" measureThreshold="0.5" referencedObjective="o1"/></imsss:ruleConditions><imsss:ruleAction action="disabled"/></imsss:preConditionRule>
          </imsss:sequencingRules>
        </imsss:sequencing>
      </item>
      <item identifier="B" identifierref="R"><title>B</title></item>
    </item>
  </organization></organizations>
  <imsss:sequencingCollection>
    <imsss:sequencing ID="common"><imsss:controlMode choice="false" flow="true" forwardOnly="true"/><imsss:limitConditions attemptLimit="2"/></imsss:sequencing>
  </imsss:sequencingCollection>
  <resources><resource identifier="R" type="webcontent" adlcp:scormType="sco" href="a.html"/></resources>
</manifest>`);
    const module = info.sequencing?.activityTree.children?.[0];
    expect(module).toMatchObject({ id: 'MOD', title: 'Module', launchable: false });
    expect(module?.children?.[0]).toEqual({
      id: 'A',
      title: 'A',
      launchable: true,
      isVisible: false,
      sequencingControls: { choice: false, flow: true, forwardOnly: true },
      attemptLimit: 2,
      sequencingRules: {
        preConditionRules: [
          {
            action: 'disabled',
            conditionCombination: 'any',
            conditions: [
              { condition: 'objectiveMeasureGreaterThan', referencedObjective: 'o1', parameters: { threshold: 0.5 } },
            ],
          },
        ],
        exitConditionRules: [{ action: 'exit', conditionCombination: 'all', conditions: [{ condition: 'completed' }] }],
      },
    });
  });

  it('reads randomisation, time limits, adlseq objectives (extended maps) and adlcp:data shared data maps', () => {
    const info = parseManifest(`<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss" xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3">
  <organizations default="O"><organization identifier="O"><title>T</title>
    <item identifier="QUIZ"><title>Fragenpool</title>
      <item identifier="Q1" identifierref="R"><title>Frage 1</title>
        <adlcp:data>
          <adlcp:map targetID="notes" writeSharedData="true"/>
          <adlcp:map targetID="glossary" readSharedData="false"/>
          <adlcp:map writeSharedData="true"/>
        </adlcp:data>
        <imsss:sequencing>
          <imsss:limitConditions attemptLimit="2" attemptAbsoluteDurationLimit="PT30M" activityAbsoluteDurationLimit="soon"/>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="q1" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>
              <imsss:mapInfo targetObjectiveID="g-q"/>
            </imsss:primaryObjective>
          </imsss:objectives>
          <adlseq:objectives>
            <adlseq:objective objectiveID="q1">
              <adlseq:mapInfo targetObjectiveID="g-q" writeRawScore="true" readCompletionStatus="false"/>
            </adlseq:objective>
          </adlseq:objectives>
        </imsss:sequencing>
      </item>
      <item identifier="Q2" identifierref="R"><title>Frage 2</title></item>
      <item identifier="Q3" identifierref="R"><title>Frage 3</title></item>
      <imsss:sequencing>
        <imsss:randomizationControls selectCount="2" selectionTiming="once" reorderChildren="true" randomizationTiming="onEachNewAttempt"/>
      </imsss:sequencing>
    </item>
    <item identifier="BAD"><title>Bad</title>
      <item identifier="B1" identifierref="R"><title>B1</title></item>
      <imsss:sequencing><imsss:randomizationControls selectCount="-1" selectionTiming="sometimes"/></imsss:sequencing>
    </item>
  </organization></organizations>
  <resources><resource identifier="R" type="webcontent" adlcp:scormType="sco" href="a.html"/></resources>
</manifest>`);
    const [quiz, bad] = info.sequencing?.activityTree.children ?? [];
    expect(quiz?.sequencingControls).toEqual({
      selectionTiming: 'once',
      randomizationTiming: 'onEachNewAttempt',
      selectCount: 2,
      randomizeChildren: true,
    });
    expect(bad?.sequencingControls).toEqual({});
    const q1 = quiz?.children?.[0];
    expect(q1).toMatchObject({ attemptLimit: 2, attemptAbsoluteDurationLimit: 'PT30M' });
    expect(q1).not.toHaveProperty('activityAbsoluteDurationLimit');
    expect(q1?.sharedDataMaps).toEqual([
      { targetID: 'notes', readSharedData: true, writeSharedData: true },
      { targetID: 'glossary', readSharedData: false, writeSharedData: false },
    ]);
    expect(q1?.primaryObjective?.mapInfo).toEqual([
      {
        targetObjectiveID: 'g-q',
        readSatisfiedStatus: true,
        readNormalizedMeasure: true,
        writeSatisfiedStatus: false,
        writeNormalizedMeasure: false,
      },
      {
        targetObjectiveID: 'g-q',
        readSatisfiedStatus: false,
        readNormalizedMeasure: false,
        writeSatisfiedStatus: false,
        writeNormalizedMeasure: false,
        readRawScore: true,
        writeRawScore: true,
        readMinScore: true,
        writeMinScore: false,
        readMaxScore: true,
        writeMaxScore: false,
        readCompletionStatus: false,
        writeCompletionStatus: false,
        readProgressMeasure: true,
        writeProgressMeasure: false,
      },
    ]);
    expect(q1?.objectives).toBeUndefined();
    // What the SCO reads from the runtime: cmi.max_time_allowed and cmi.scaled_passing_score (scormRules' cmiForLaunch).
    expect(info.items.find((item) => item.id === 'Q1')?.data).toEqual({
      maxTimeAllowed: 'PT30M',
      scaledPassingScore: 0.8,
    });
    expect(info.items.find((item) => item.id === 'Q2')?.data).toBeUndefined();
  });

  it('no sequencing for SCORM 1.2 or a 2004 manifest without any; a tree deeper than 20 levels is refused', () => {
    expect(parseManifest(MANIFEST_12).sequencing).toBeNull();
    const plain = SEQUENCED_MANIFEST('T')
      .replace(/<imsss:sequencing>[\s\S]*?<\/imsss:sequencing>/g, '')
      .replace(/<adlnav:presentation>[\s\S]*?<\/adlnav:presentation>/g, '');
    expect(parseManifest(plain).sequencing).toBeNull();
    const deep = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="O"><organization identifier="O"><title>T</title>
  ${'<item identifier="F"><title>F</title>'.repeat(25).replace(/F/g, (_m, offset: number) => `F${offset}`)}
  <item identifier="X" identifierref="R"><title>X</title><imsss:sequencing><imsss:controlMode flow="true"/></imsss:sequencing></item>
  ${'</item>'.repeat(25)}
  </organization></organizations>
  <resources><resource identifier="R" type="webcontent" href="a.html"/></resources>
</manifest>`;
    expect(() => parseManifest(deep)).toThrow(expect.objectContaining({ code: 'ElearningPackage.InvalidManifest' }));
  });
});

describe('the sequencing state of an execution', () => {
  let server: TestServer;
  let admin: Agent;
  let member: Agent;
  let execution: string;
  const elearning = DEMO_ELEARNINGS.acmeHazardousSubstances;
  const root = (completionStatus: string, successStatus: string, scorePercent: number | null = null) => ({
    completionStatus,
    successStatus,
    scorePercent,
  });
  const save = (body: Record<string, unknown>, agent: Agent = member) =>
    agent.post('/api/elearning/save-execution', { uuid: execution, totalTimeSeconds: 30, ...body });
  const read = (agent: Agent = member) => agent.post('/api/elearning/read-execution', { uuid: execution });

  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('acme', 'admin');
    member = await server.login('acme', 'member');
    const uploaded = await server.inject({
      method: 'POST',
      url: `/api/elearning/upload-package?uuid=${elearning}`,
      cookies: Object.fromEntries(admin.cookies),
      headers: { 'content-type': 'application/zip', 'x-xsrf-token': admin.xsrfToken ?? '' },
      payload: sequencedCoursePackage(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [task] = await server.db.query<{ uuid: string }>(
      `SELECT t.uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE t.elearning_uuid = $1 AND m.username = 'member' AND t.completed_at IS NULL AND t.reset_at IS NULL`,
      [elearning],
    );
    if (!task) throw new Error('the demo member has a hazardous substances task');
    execution = (await member.post('/api/elearning/create-execution', { taskUuid: task.uuid })).json().uuid;
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers the activity tree with the execution; no state before the first save', async () => {
    const opened = (await read()).json();
    expect(opened.sequencing).toMatchObject({ state: null, sequence: 0, tree: { activityTree: { id: 'ORG' } } });
    expect(opened.sequencing.tree.activityTree.children.map((child: { id: string }) => child.id)).toEqual([
      'PRETEST',
      'LESSON',
      'POSTTEST',
    ]);
  });

  it('stores the state on its own number: a late or repeated one never overwrites a newer state', async () => {
    const first = await save({
      scoId: 'PRETEST',
      sequence: 1,
      cmi: { completion_status: 'completed', success_status: 'failed' },
      sequencing: { sequence: 1, state: '{"step":1}', root: root('incomplete', 'failed') },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ applied: true, completedAt: null });
    // The pre-test's last commit again, after the navigation: an old SCO number, a newer state.
    const moved = await save({
      scoId: 'PRETEST',
      sequence: 1,
      cmi: { completion_status: 'completed', success_status: 'failed' },
      sequencing: { sequence: 2, state: '{"step":2}', root: root('incomplete', 'failed') },
    });
    expect(moved.json()).toMatchObject({ applied: true, sequence: 1 });
    // A late save with an older state number changes nothing.
    const late = await save({
      scoId: 'PRETEST',
      sequence: 1,
      cmi: {},
      sequencing: { sequence: 1, state: '{"step":"late"}', root: root('completed', 'passed') },
    });
    expect(late.json()).toMatchObject({ applied: false, completedAt: null });
    // The same number again (a repeated save) changes nothing either.
    const repeated = await save({
      scoId: 'PRETEST',
      sequence: 1,
      cmi: {},
      sequencing: { sequence: 2, state: '{"step":"repeated"}', root: root('completed', 'passed') },
    });
    expect(repeated.json()).toMatchObject({ applied: false, completedAt: null });
    // Another device reads the newest state.
    const other = await server.login('acme', 'member');
    expect((await read(other)).json().sequencing).toMatchObject({ state: '{"step":2}', sequence: 2 });
  });

  it('bad sequencing bodies answer 400', async () => {
    for (const sequencing of [
      { sequence: 0, state: '{}', root: root('completed', 'passed') },
      { sequence: 3, state: 'x'.repeat(SEQUENCING_STATE_MAX + 1), root: root('completed', 'passed') },
      { sequence: 3, state: '{}', root: { completionStatus: 'done', successStatus: 'passed', scorePercent: null } },
      { sequence: 3, state: '{}', root: root('completed', 'passed', 101) },
      { sequence: 3, state: '{}' },
    ]) {
      expectError(await save({ scoId: 'LESSON', sequence: 1, cmi: {}, sequencing }), 400, 'Schema.ValidationFailed');
    }
  });

  it('completes when the rolled-up status says so, though the lesson was skipped (never committed)', async () => {
    const done = await save({
      scoId: 'POSTTEST',
      sequence: 1,
      cmi: { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.9' } },
      sequencing: { sequence: 3, state: '{"step":3}', root: root('completed', 'passed', 90) },
    });
    expect(done.json()).toMatchObject({ applied: true });
    expect(done.json().completedAt).not.toBeNull();
    const [row] = await server.db.query<{ score_percent: string; passed: boolean }>(
      'SELECT score_percent, passed FROM elearning_result WHERE execution_uuid = $1',
      [execution],
    );
    expect(row).toMatchObject({ passed: true });
    expect(Number(row?.score_percent)).toBe(90);
  });

  it("another member's execution answers 403 with sequencing too", async () => {
    const colleague = await server.login('acme', 'ou.admin');
    expectError(
      await save(
        {
          scoId: 'LESSON',
          sequence: 9,
          cmi: {},
          sequencing: { sequence: 9, state: '{}', root: root('completed', 'passed') },
        },
        colleague,
      ),
      403,
      'MemberExecution.WrongAssociation',
    );
    expect((await read()).json().sequencing).toMatchObject({ state: '{"step":3}', sequence: 3 });
  });
});
