// @vitest-environment jsdom
import type { ScormSequencingTree } from '@dash/shared-core';
import { describe, expect, it } from 'vitest';
import { createSequencer, type SharedDataView, withSharedData } from './scormRuntime';
import { createLoopGuard, LOOP_LIMIT, rootOf, stateOf, viewOf } from './sequencer';

/**
 * The player's use of scorm-again's sequencing engine (docs/scorm.md "Sequencing"), with the activity tree the server
 * makes of the sequenced test package: a pre-test, a lesson skipped when the global objective is satisfied, a final
 * test that sends a failed learner back (remediation), rollup of satisfied/completed to the course.
 */
const skipIfMastered = {
  preConditionRules: [
    { action: 'skip', conditionCombination: 'all' as const, conditions: [{ condition: 'satisfied' }] },
  ],
};
const map = (read: boolean, write: boolean) => [
  {
    targetObjectiveID: 'g-mastery',
    readSatisfiedStatus: read,
    readNormalizedMeasure: read,
    writeSatisfiedStatus: write,
    writeNormalizedMeasure: false,
  },
];
const TREE: ScormSequencingTree = {
  activityTree: {
    id: 'ORG',
    title: 'Course',
    launchable: false,
    sequencingControls: { choice: true, flow: true },
    rollupRules: {
      rules: [
        {
          action: 'satisfied',
          consideration: 'any',
          conditionCombination: 'any',
          conditions: [{ condition: 'satisfied' }],
        },
        {
          action: 'completed',
          consideration: 'any',
          conditionCombination: 'any',
          conditions: [{ condition: 'satisfied' }],
        },
      ],
    },
    children: [
      {
        id: 'PRETEST',
        title: 'Pre-test',
        launchable: true,
        primaryObjective: { objectiveID: 'pre', isPrimary: true, mapInfo: map(false, true) },
      },
      {
        id: 'LESSON',
        title: 'Lesson',
        launchable: true,
        sequencingRules: skipIfMastered,
        primaryObjective: { objectiveID: 'lesson', isPrimary: true, mapInfo: map(true, false) },
      },
      {
        id: 'POSTTEST',
        title: 'Test',
        launchable: true,
        hideLmsUi: ['previous'],
        sequencingRules: {
          ...skipIfMastered,
          postConditionRules: [
            {
              action: 'previous',
              conditionCombination: 'all',
              conditions: [{ condition: 'satisfied', operator: 'not' }],
            },
          ],
        },
        primaryObjective: { objectiveID: 'post', isPrimary: true, mapInfo: map(true, true) },
      },
    ],
  },
};

type Api = {
  Initialize(p: string): string;
  SetValue(element: string, value: string): string;
  Terminate(p: string): string;
};

/** One launch: a new engine from the last state, the SCO ends with a result and `continue`. */
async function play(state: string | null, result: 'passed' | 'failed' | 'completed') {
  let delivered: string | null = null;
  let ended = false;
  const engine = await createSequencer(TREE, state, {
    onActivityDelivery: (id) => {
      delivered = id;
    },
    onSessionEnd: () => {
      ended = true;
    },
  });
  const api = engine.api as unknown as Api;
  const current = engine.api.getSequencingState().currentActivity?.id ?? null;
  api.Initialize('');
  api.SetValue('cmi.completion_status', 'completed');
  if (result !== 'completed') api.SetValue('cmi.success_status', result);
  api.SetValue('adl.nav.request', 'continue');
  api.Terminate('');
  return { current, delivered: delivered as string | null, ended, state: stateOf(engine.api), engine };
}

async function start() {
  let delivered: string | null = null;
  const engine = await createSequencer(TREE, null, {
    onActivityDelivery: (id) => {
      delivered = id;
    },
    onSessionEnd: () => undefined,
  });
  expect(engine.api.processNavigationRequest('start')).toBe(true);
  return { delivered: delivered as string | null, state: stateOf(engine.api), engine };
}

describe('the sequencing engine across launches', () => {
  it('failed pre-test: lesson, test; failed test: back to the lesson (remediation); passed: the course rolls up', async () => {
    const first = await start();
    expect(first.delivered).toBe('PRETEST');
    // The suspend-all copy of every activity is left out of the kept state.
    expect(JSON.parse(first.state)).not.toHaveProperty('suspensionState');
    const view = viewOf(first.engine.api, TREE, null, false);
    expect(view.currentId).toBe('PRETEST');
    expect(view.root.children.map((child) => [child.id, child.status])).toEqual([
      ['PRETEST', 'incomplete'],
      ['LESSON', 'notAttempted'],
      ['POSTTEST', 'notAttempted'],
    ]);

    const pre = await play(first.state, 'failed');
    expect([pre.current, pre.delivered]).toEqual(['PRETEST', 'LESSON']);
    const lesson = await play(pre.state, 'completed');
    expect([lesson.current, lesson.delivered]).toEqual(['LESSON', 'POSTTEST']);
    expect(viewOf(lesson.engine.api, TREE, null, false).hidden).toEqual(['previous']);
    const failed = await play(lesson.state, 'failed');
    expect([failed.current, failed.delivered]).toEqual(['POSTTEST', 'LESSON']);
    expect(rootOf(failed.engine.api)).toMatchObject({ successStatus: expect.not.stringMatching('passed') });
    const again = await play(failed.state, 'completed');
    expect(again.delivered).toBe('POSTTEST');
    const passed = await play(again.state, 'passed');
    expect(passed.delivered).toBeNull();
    expect(passed.ended).toBe(true);
    expect(rootOf(passed.engine.api)).toMatchObject({ completionStatus: 'completed', successStatus: 'passed' });
  });

  it('a passed pre-test skips the lesson and the test: the course is done', async () => {
    const first = await start();
    const pre = await play(first.state, 'passed');
    expect(pre.delivered).toBeNull();
    expect(rootOf(pre.engine.api)).toMatchObject({ completionStatus: 'completed', successStatus: 'passed' });
  });
});

describe('the loop guard', () => {
  it(`stops after ${LOOP_LIMIT} automatic deliveries within the window; the learner's action starts again`, () => {
    let now = 0;
    const guard = createLoopGuard(() => now);
    for (let n = 0; n < LOOP_LIMIT; n += 1) expect(guard.automatic()).toBe(true);
    expect(guard.automatic()).toBe(false);
    guard.learner();
    expect(guard.automatic()).toBe(true);
    now += 31_000;
    for (let n = 0; n < LOOP_LIMIT - 1; n += 1) expect(guard.automatic()).toBe(true);
  });
});

/** A tree of two SCOs sharing a data store, and a pool of three questions of which one is picked once. */
const SHARED: ScormSequencingTree = {
  activityTree: {
    id: 'ORG',
    title: 'Course',
    launchable: false,
    sequencingControls: { choice: true, flow: true },
    children: [
      {
        id: 'NOTES',
        title: 'Notes',
        launchable: true,
        sharedDataMaps: [{ targetID: 'notebook', readSharedData: true, writeSharedData: true }],
      },
      {
        id: 'POOL',
        title: 'Question pool',
        launchable: false,
        sequencingControls: { flow: true, choice: true, selectionTiming: 'once', selectCount: 1 },
        children: ['Q1', 'Q2', 'Q3'].map((id) => ({
          id,
          title: id,
          launchable: true,
          sharedDataMaps: [{ targetID: 'notebook', readSharedData: true, writeSharedData: false }],
        })),
      },
    ],
  },
};

describe('shared data and selection across launches', () => {
  type DataApi = Api & { GetValue(element: string): string; GetLastError(): string };

  async function launch(state: string | null) {
    let delivered: string | null = null;
    const engine = await createSequencer(SHARED, state, {
      onActivityDelivery: (id) => {
        delivered = id;
      },
      onSessionEnd: () => undefined,
    });
    return { engine, api: engine.api as unknown as DataApi, delivered: () => delivered as string | null };
  }

  it("one SCO's adl.data store is read by the next SCO, which may not write it; the pool keeps its one pick", async () => {
    const first = await launch(null);
    expect(first.engine.api.processNavigationRequest('start')).toBe(true);
    expect(first.delivered()).toBe('NOTES');
    first.api.Initialize('');
    expect(first.api.GetValue('adl.data.0.id')).toBe('notebook');
    expect(first.api.SetValue('adl.data.0.store', 'Fluchtweg: Treppenhaus Nord')).toBe('true');
    first.api.SetValue('cmi.completion_status', 'completed');
    first.api.SetValue('adl.nav.request', 'continue');
    first.api.Terminate('');
    const picked = first.delivered();
    expect(['Q1', 'Q2', 'Q3']).toContain(picked);
    const afterNotes = stateOf(first.engine.api);

    // The next launch (another page load, another device: the state from the server) sees the store.
    const second = await launch(afterNotes);
    expect(second.engine.api.getSequencingState().currentActivity?.id).toBe(picked);
    // The course frame's copy, taken before the course starts, holds the store (a course reads it at once).
    withSharedData(second.engine.api as SharedDataView);
    expect((second.engine.api as SharedDataView).getFlattenedCMI?.()).toMatchObject({
      'adl.data._count': '1',
      'adl.data.0.id': 'notebook',
      'adl.data.0.store': 'Fluchtweg: Treppenhaus Nord',
    });
    second.api.Initialize('');
    expect(second.api.GetValue('adl.data.0.store')).toBe('Fluchtweg: Treppenhaus Nord');
    expect(second.api.SetValue('adl.data.0.store', 'overwritten')).toBe('false');
    second.api.Terminate('');
    // However often it is loaded again, the pool keeps its one pick (selection timing "once"): the others stay hidden.
    const hiddenOf = (engine: typeof second.engine) =>
      engine.api
        .getSequencingState()
        .rootActivity?.children[1]?.children.map((question) => [question.id, question.isHiddenFromChoice]);
    const expected = ['Q1', 'Q2', 'Q3'].map((id) => [id, id !== picked]);
    expect(hiddenOf(second.engine)).toEqual(expected);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(hiddenOf((await launch(stateOf(second.engine.api))).engine)).toEqual(expected);
    }
  });
});
